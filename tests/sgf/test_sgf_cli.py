"""SGF through the command line: collections game by game, --game-index, SGF to SGF without
loss, repairs written on request and listed, pedantic findings on request, and inputs that
must never crash a command."""
from __future__ import annotations

import subprocess
import sys

import pytest
from click.testing import CliRunner

from kifu.commands.cli import main
from kifu.sgf import syntax as sgf

COLLECTION = ("(;GM[1]FF[4]SZ[9]PB[Ann]RE[B+R];B[ee];W[cc])\n"
              "(;GM[1]FF[4]SZ[9]PB[Bob];B[ee];W[ee])\n"
              "(;GM[1]FF[4]SZ[9]PB[Cid]C[third];B[aa])\n")


@pytest.fixture
def games(tmp_path):
    path = tmp_path / "games.sgf"
    path.write_text(COLLECTION, encoding="utf-8")
    return path


def test_validate_names_each_game_of_a_collection(kifu_cli, games):
    result = kifu_cli("validate", games, exit_code=1)
    assert result.stdout.splitlines()[0] == (
        f"{games}#2:2:31: error[illegal-move]: move 2: E5 is already occupied by black "
        "[rule: occupied]")
    assert "freego        3        2          1" in result.stderr


def test_show_render_and_convert_pick_a_game(kifu_cli, games):
    shown = kifu_cli("show", games, "--game-index", "3")
    assert "Cid" in shown.stdout and "third" in shown.stdout and "Ann" not in shown.stdout
    first = kifu_cli("show", games)
    assert "Ann" in first.stdout and "Cid" not in first.stdout
    assert "holds 3 games; this is the first (--game-index N picks another)" in first.stderr
    drawn = kifu_cli("render", games, "--game-index", "2", "--format", "text", "--move", "1")
    assert "white to play" in drawn.stdout
    native = kifu_cli("convert", games, "--game-index", "3")
    assert "Black: Cid" in native.stdout and native.stdout.rstrip().endswith("A9")


def test_a_collection_whose_first_game_is_not_go_is_still_checked(kifu_cli, tmp_path):
    # An Othello game (GM[2]) first, then two Go games: each Go game is checked, the other is
    # named as a game kifu does not check (exit 2), and convert picks a Go game by its index.
    path = tmp_path / "mixed.sgf"
    path.write_text("(;GM[2]FF[4]SZ[8];B[dc])\n(;GM[1]FF[4]SZ[9];B[ee];W[cc])\n"
                    "(;GM[1]FF[4]SZ[9];B[ee];W[ee])\n", encoding="utf-8")
    result = kifu_cli("validate", path, exit_code=2)
    assert f"{path}#1:1:5: error[unknown-game]: GM[2] is not Go (GM[1])" in result.stdout
    assert f"{path}#3:3:24: error[illegal-move]: move 2: E5 is already occupied" in result.stdout
    assert f"{path}#2" not in result.stdout
    converted = kifu_cli("convert", path, "--to", "sgf", "--game-index", "2")
    assert converted.stdout == "(;GM[1]FF[4]SZ[9]\n;B[ee];W[cc])\n"
    kifu_cli("convert", path, "--to", "sgf", "--game-index", "1", exit_code=2)


def test_a_game_index_out_of_range_is_a_usage_error(kifu_cli, games):
    result = kifu_cli("show", games, "--game-index", "4", exit_code=2)
    assert "games.sgf holds 3 games; there is no game 4" in result.stderr
    result = kifu_cli("convert", games, exit_code=2)  # native: one game at a time
    assert ("holds 3 games, and a native file holds one; convert one with --game-index N, or "
            "all of them --to sgf") in result.stderr


def test_sgf_to_sgf_keeps_the_collection_and_what_kifu_does_not_model(kifu_cli, tmp_path):
    source = tmp_path / "in.sgf"
    source.write_bytes(
        "(;GM[1]FF[4]CA[ISO-8859-1]SZ[19]KM[650]AP[CGoban:3]TM[1800]OT[5x30 byo-yomi]"
        "PB[Jörg]RU[Japanese]\n;B[pd]BL[1795.3]C[first];W[dp]WL[1790]LB[dd:A][pp:B]TR[qq]\n"
        ";AB[aa][bb]C[a set-up node with its comment]\n;;B[qq]MULTIGOGM[1]"
        "(;W[cc]N[main])(;W[dd]SQ[ee]))(;GM[1]SZ[9]C[game two])\n".encode("latin-1"))
    out = tmp_path / "out.sgf"
    kifu_cli("convert", source, "--to", "sgf", "-o", out)
    before = sgf.read(source.read_bytes().decode("latin-1"))
    after = sgf.read(out.read_text(encoding="utf-8"))
    shape = lambda c: [dict(n.properties) for g in c.games for n in g.root.walk()]  # noqa: E731
    expected = shape(before)
    expected[0]["CA"] = ["UTF-8"]  # the one normalisation: the file is written in UTF-8
    assert shape(after) == expected
    assert len(after.games) == 2 and after.games[0].root.get("KM") == "650"


def test_sgf_to_sgf_keeps_a_game_of_another_kind_in_the_collection(kifu_cli, tmp_path):
    # SGFC's test collections hold a GM[12] game among Go games: not judged, written back
    source = tmp_path / "in.sgf"
    source.write_text("(;GM[1]SZ[9];B[ee])\n(;FF[4]GM[12]AP[SGFC:2.0])\n(;GM[1]SZ[9];B[aa])\n")
    out = tmp_path / "out.sgf"
    result = kifu_cli("convert", source, "--to", "sgf", "-o", out)
    assert f"{source}:2:10: warning[unknown-game]: GM[12] is not Go (GM[1])" in result.stderr
    shape = lambda c: [dict(n.properties) for g in c.games for n in g.root.walk()]  # noqa: E731
    assert shape(sgf.read(out.read_text())) == [
        {"GM": ["1"], "SZ": ["9"]}, {"B": ["ee"]},
        {"FF": ["4"], "GM": ["12"], "AP": ["SGFC:2.0"]},
        {"GM": ["1"], "SZ": ["9"]}, {"B": ["aa"]}]


def test_repairs_are_written_and_listed(kifu_cli, tmp_path):
    source = tmp_path / "broken.sgf"
    source.write_text("header text\n(;GM[1]SZ[9]AB[aa]AB[bb];B[ee]W[cc];W[dd];B[gg]C[cut off")
    refused = kifu_cli("convert", source, "--to", "sgf", exit_code=1)
    assert "error[syntax, critical]" in refused.stderr and "truncated" in refused.stderr
    result = kifu_cli("convert", source, "--to", "sgf", "--lenient", "-o", tmp_path / "f.sgf")
    listed = [line for line in result.stderr.splitlines() if "warning[syntax" in line]
    assert [line.split("warning[")[1].split("]")[0] for line in listed] == [
        "syntax, repaired", "syntax, repaired", "syntax, critical", "syntax, critical"]
    fixed = (tmp_path / "f.sgf").read_text()
    assert "AB[aa][bb]" in fixed and ";B[ee];W[cc]" in fixed and fixed.rstrip().endswith(")")
    kifu_cli("validate", "-q", tmp_path / "f.sgf")  # the repaired file reads cleanly


def test_pedantic_findings_only_on_request_and_never_errors(kifu_cli, tmp_path):
    path = tmp_path / "fox.sgf"
    path.write_text("(;GM[1]FF[4]AP[YuanYu]DT[2017.06.21 19:43]SZ[19]MULTIGOGM[1];B[pd])")
    assert kifu_cli("validate", "-q", path).stdout == ""
    result = kifu_cli("validate", "-q", "--pedantic", path)
    rules = [line.split("[rule: ")[1].rstrip("]") for line in result.stdout.splitlines()
             if "[rule: " in line]
    assert sorted(rules) == ["unknown-property", "value-format", "value-format"]
    assert "warning[syntax, pedantic]" in result.stdout


def test_findings_carry_their_grade_in_json(kifu_cli, tmp_path):
    path = tmp_path / "dup.sgf"
    path.write_text("(;GM[1]C[a]C[b];B[pd])")
    import json

    [line] = kifu_cli("validate", "-q", "-f", "json", path).stdout.splitlines()
    found = json.loads(line)
    assert (found["severity"], found["grade"], found["rule"]) == (
        "warning", "repaired", "duplicate-property")


def test_a_non_text_encoding_is_a_usage_error(kifu_cli, games):
    result = kifu_cli("validate", "--encoding", "base64", games, exit_code=2)
    assert "'base64' is not a text encoding" in result.stderr


@pytest.mark.parametrize("text", [
    "(;GM[1]SZ[19]KM[" + "1" * 400 + "];B[pd];W[dp])",  # a komi beyond any float
    "(;GM[1]SZ[19]KM[1e400];B[pd])",
    "(;GM[1]SZ[" + "9" * 5000 + "];B[aa])",
])
def test_absurd_numbers_never_crash_a_command(tmp_path, text):
    path = tmp_path / "absurd.sgf"
    path.write_text(text)
    for command in (["validate", "-q"], ["show"], ["render", "--format", "text"], ["render"]):
        result = CliRunner().invoke(main, [*command, str(path)], catch_exceptions=False)
        assert result.exit_code in (0, 1), result.output[-500:]


@pytest.mark.parametrize("depth", [300, 500, 1000, 5000])
def test_deep_nesting_is_read_cleanly(kifu_cli, tmp_path, depth):
    # variations within variations: "(;B[aa](;W[ab])(;B[ba](;W[bb])(;B[ca]...)))", once refused
    # past 100 levels (issue 26)
    letters = "abcdefghijklmnopqrs"
    nested = "(;GM[1]SZ[19]" + "".join(
        f"(;B[{letters[i % 19]}{letters[i // 19 % 19]}](;W[ss])" for i in range(depth)) \
        + ")" * depth + ")"
    path = tmp_path / "deep.sgf"
    path.write_text(nested)
    result = kifu_cli("validate", "-q", path)
    assert "error[limit]" not in result.stdout
    # past 361 moves the board is full: a variation's illegal move, which SGF plays as written
    assert ("warning[illegal-move]" in result.stdout) == (depth >= 19 * 19)
    kifu_cli("convert", path, "--to", "json", "-o", tmp_path / "deep.json")
    kifu_cli("convert", tmp_path / "deep.json", "--to", "sgf", "-o", tmp_path / "again.sgf")
    # the same depth of parentheses around a single line is just a long game
    line = "(;GM[1]SZ[19]" + "".join(f"(;B[{c}a];W[{c}b]" for c in "abcdefghijklmnopqrs") + ")" * 20
    path.write_text(line)
    kifu_cli("validate", "-q", path)


def test_the_command_reads_real_bytes_as_a_user_runs_it(tmp_path):
    path = tmp_path / "sjis.sgf"
    path.write_bytes("(;GM[1]CA[Shift_JIS]EV[第1期十段戦]SZ[19];B[pd];W[dp])".encode("cp932"))
    done = subprocess.run([sys.executable, "-m", "kifu", "show", str(path)], capture_output=True,
                          text=True, encoding="utf-8")
    assert done.returncode == 0 and "第1期十段戦" in done.stdout
