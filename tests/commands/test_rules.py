"""Findings users can steer (issue 36): ``--select`` and ``--ignore`` as ruff takes them,
``--statistics``, the ``[tool.kifu]`` table of a ``pyproject.toml`` found from the working
folder, notes that only ``--pedantic`` shows, and a summary that counts files and records apart.

The command line runs as a real process in a folder of its own, as a user runs it in a
repository of records."""
from __future__ import annotations

import json
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from kifu.base.cards import BUILT_IN
from kifu.base.rules import Choice, Rules, unknown
from kifu.commands import settings
from kifu.commands.cli import EXIT_INVALID, EXIT_OK, EXIT_USAGE
from kifu.plugin import registry
from tests.summary import summary_rows

ROOT = Path(__file__).parents[2]
EXAMPLES = ROOT / "examples"
OCCUPIED = EXAMPLES / "invalid" / "renju" / "occupied-point.renju"
SHIFT_JIS = EXAMPLES / "renju" / "shift-jis-record.renju"
#: A Go record whose root sets up its stones with AB and AW each given twice (merged).
AB_TWICE = ROOT / "tests" / "sgf" / "quirks" / "ab-twice-in-one-node.sgf"
#: A Renju SGF whose node writes its 22 labels one LB a point, as Renju programs do.
LABELS = ROOT / "tests" / "sgf" / "quirks" / "renju-labels-one-property-per-point.sgf"
#: Three games in one file, the second with a move on an occupied point.
COLLECTION = ("(;GM[1]FF[4]SZ[9]PB[Ann];B[ee];W[cc])\n"
              "(;GM[1]FF[4]SZ[9]PB[Bo];B[ee];W[ee])\n"
              "(;GM[1]FF[4]SZ[9]PB[Cid];B[aa])\n")


def kifu(*args: object, cwd: Path, exit_code: int = EXIT_OK) -> subprocess.CompletedProcess[str]:
    """``kifu ARGS...`` as a process started in ``cwd``; its exit status checked."""
    done = subprocess.run([sys.executable, "-m", "kifu", *map(str, args)], cwd=cwd,
                          capture_output=True, text=True, timeout=300)
    assert done.returncode == exit_code, done.stdout + done.stderr
    assert "Traceback" not in done.stderr
    return done


@pytest.fixture
def repo(tmp_path: Path) -> Path:
    """A repository of records: a legal one, one on an occupied point, one in Shift_JIS, and
    the Go record with AB twice in a node."""
    records = tmp_path / "repo" / "records"
    records.mkdir(parents=True)
    for path in (EXAMPLES / "renju" / "four-three-win.renju", OCCUPIED, SHIFT_JIS, AB_TWICE):
        shutil.copy(path, records / path.name)
    return tmp_path / "repo"


def table(root: Path, text: str) -> None:
    (root / "pyproject.toml").write_text(text, encoding="utf-8")


# -- the rules chosen ----------------------------------------------------------------------

def test_the_more_specific_name_wins_and_of_two_alike_ignore():
    def reported(*choices: Choice, code: str = "illegal-move", rule: str = "occupied") -> bool:
        return Rules(choices).reports(code, rule, "error")

    assert reported()
    assert not reported(Choice(ignore=("occupied",)))
    assert not reported(Choice(ignore=("illegal-move",)))  # its code
    assert reported(Choice(select=("ALL", "occupied"), ignore=("illegal-move",)))
    assert not reported(Choice(select=("illegal-move",), ignore=("occupied",)))
    assert not reported(Choice(select=("occupied",), ignore=("occupied",)))
    assert not reported(Choice(select=("result",)))
    # a rule without a name of its own is named by its code
    assert not reported(Choice(ignore=("syntax",)), code="syntax", rule=None)


def test_the_command_line_comes_after_the_table_and_its_select_starts_afresh():
    table_choice = Choice(select=("illegal-move",), ignore=("occupied",))
    assert not Rules((table_choice,)).reports("illegal-move", "occupied", "error")
    assert Rules((table_choice, Choice(select=("occupied",)))).reports(
        "illegal-move", "occupied", "error")
    # an --ignore adds to the table's choice
    assert not Rules((Choice(select=("illegal-move",)), Choice(ignore=("occupied",)))).reports(
        "illegal-move", "occupied", "error")
    assert Rules((Choice(select=("illegal-move",)), Choice(ignore=("occupied",)))).reports(
        "illegal-move", "suicide", "error")


def test_notes_need_pedantic_or_their_rule_by_name_and_what_was_not_judged_is_always_told():
    rules = Rules()
    assert not rules.reports("syntax", "duplicate-property", "note")
    assert rules.reports("syntax", "duplicate-property", "note", pedantic=True)
    assert Rules.of(select=["duplicate-property"]).reports("syntax", "duplicate-property", "note")
    assert not Rules.of(select=["syntax"]).reports("syntax", "duplicate-property", "note")
    for code in ("io", "unknown-game", "internal", "output"):
        assert Rules.of(select=["occupied"], ignore=["ALL", code]).reports(code, None, "error")
    # a warning of such a code is chosen as any (what a conversion leaves out)
    assert not Rules.of(ignore=["left-out"]).reports("conversion", "left-out", "warning")


def test_unknown_names_are_said_with_the_closest():
    known = registry.rule_names()
    assert unknown(["occupied", "syntax", "ALL", "duplicate-property"], known) == []
    assert unknown(["ocupied"], known) == ["no rule or code is named 'ocupied' (did you mean "
                                           "'occupied'?)"]
    assert unknown(["zzzzzz"], known) == ["no rule or code is named 'zzzzzz'"]


def test_every_game_s_rules_are_on_its_card_and_known_without_loading_it():
    names = registry.rule_names()
    for card in BUILT_IN:
        assert card.rules and set(card.rules) <= names
    assert {"occupied", "play-after-passes", "ni-hyou", "duplicate-property", "syntax",
            "reference", "board"} <= names


def test_the_library_takes_the_same_names():
    import kifu
    from kifu.base.errors import OptionError

    broken = kifu.read(OCCUPIED)
    assert [d.rule for d in broken.check()] == ["occupied"]
    assert broken.check(ignore=["occupied"]) == broken.check(ignore="illegal-move") == []
    assert broken.check(select="result") == []
    with pytest.raises(OptionError, match="did you mean 'occupied'") as raised:
        broken.check(ignore=["ocupied"])
    assert raised.value.option == "ignore"


# -- the command line ----------------------------------------------------------------------

def test_ignored_findings_are_neither_printed_nor_counted_nor_an_exit_status(repo):
    kept = kifu("validate", "records", cwd=repo, exit_code=EXIT_INVALID)
    assert "[rule: occupied]" in kept.stdout and "[rule: encoding-guessed]" in kept.stdout
    ignored = kifu("validate", "--ignore", "occupied", "--ignore", "encoding-guessed", "records",
                   cwd=repo)
    assert ignored.stdout == ""
    row = summary_rows(ignored.stderr)["renju"]
    assert (row["legal"], row["illegal"], row["errors"], row["warnings"]) == (3, 0, 0, 0)
    # a code ignores every rule of it; names may be comma-separated
    assert kifu("validate", "--ignore", "illegal-move,encoding", "records", cwd=repo).stdout == ""


def test_select_reports_only_what_it_names(repo):
    done = kifu("validate", "-q", "--select", "encoding-guessed", "records", cwd=repo)
    assert [line.split(": ")[1] for line in done.stdout.splitlines() if "[rule:" in line] == [
        "warning[encoding]"]


def test_a_name_no_rule_has_is_a_usage_error_naming_the_closest(repo):
    done = kifu("validate", "--ignore", "ocupied", "records", cwd=repo, exit_code=EXIT_USAGE)
    assert "no rule or code is named 'ocupied' (did you mean 'occupied'?)" in done.stderr


def test_what_leaves_nothing_to_check_is_reported_whatever_is_ignored(tmp_path):
    broken = tmp_path / "broken.renju"
    broken.write_text("Game: renju\n\n1. h8 2. zz9\n", encoding="utf-8")
    done = kifu("validate", "-q", "--ignore", "syntax", broken, cwd=tmp_path,
                exit_code=EXIT_INVALID)
    assert "error[syntax]" in done.stdout
    unknown_game = tmp_path / "what.sgf"
    unknown_game.write_text("(;GM[6];B[aa])", encoding="utf-8")  # backgammon
    done = kifu("validate", "-q", "--ignore", "unknown-game", unknown_game, cwd=tmp_path,
                exit_code=EXIT_USAGE)
    assert "error[unknown-game]" in done.stdout


def test_statistics_count_per_rule(repo, tmp_path):
    (repo / "records" / "labels.sgf").write_bytes(LABELS.read_bytes())
    done = kifu("validate", "--statistics", "--pedantic", "records", cwd=repo,
                exit_code=EXIT_INVALID)
    lines = done.stdout.splitlines()
    assert lines[0].split() == ["count", "rule", "severity", "example"]
    rows = {line.split()[1]: line.split()[:3] for line in lines[2:]}
    # 20 of the 22 LB listed, then one that counts the rest; AB and AW
    assert rows["duplicate-property"] == ["23", "duplicate-property", "note"]
    assert rows["occupied"] == ["1", "occupied", "error"]
    assert "[rule:" not in done.stdout  # no finding listed, only the counts
    as_json = kifu("validate", "-q", "--statistics", "-f", "json", "records", cwd=repo,
                   exit_code=EXIT_INVALID)
    found = {f["rule"]: f for f in map(json.loads, as_json.stdout.splitlines())}
    assert {(f["rule"], f["code"], f["severity"], f["count"]) for f in found.values()} == {
        ("occupied", "illegal-move", "error", 1), ("encoding-guessed", "encoding", "warning", 1)}
    assert found["occupied"]["example"] == "move 6: h8 is already occupied by a black stone"
    kifu("validate", "--statistics", "-f", "junit", "records", cwd=repo, exit_code=EXIT_USAGE)


def test_a_property_twice_in_a_node_is_a_note_shown_on_request(tmp_path):
    shutil.copy(AB_TWICE, tmp_path / "go.sgf")
    shutil.copy(LABELS, tmp_path / "renju.sgf")
    quiet = kifu("validate", "go.sgf", "renju.sgf", cwd=tmp_path)
    assert quiet.stdout == "" and "notes" not in quiet.stderr
    assert summary_rows(quiet.stderr)["total"]["warnings"] == 0
    shown = kifu("validate", "--pedantic", "go.sgf", "renju.sgf", cwd=tmp_path)
    assert shown.stdout.count("note[syntax, pedantic]: property LB appears twice") == 20
    assert "note[syntax, pedantic]: 1 more findings like this one are not listed" in shown.stdout
    assert "note[syntax, pedantic]: property AB appears twice in one node" in shown.stdout
    rows = summary_rows(shown.stderr)
    assert (rows["renju"]["notes"], rows["freego"]["notes"], rows["total"]["warnings"]) == (
        21, 2, 0)
    named = kifu("validate", "-q", "--select", "duplicate-property", "go.sgf", cwd=tmp_path)
    assert named.stdout.count("note[") == 2
    github = kifu("validate", "-q", "--pedantic", "-f", "github", "go.sgf", cwd=tmp_path)
    assert github.stdout.startswith("::notice file=go.sgf,line=2,col=7")


# -- pyproject.toml ------------------------------------------------------------------------

def test_the_table_is_found_from_the_working_folder_up(repo):
    table(repo, '[tool.kifu]\nignore = ["occupied", "encoding-guessed"]\n')
    assert kifu("validate", "records", cwd=repo).stdout == ""
    # from a folder below, past a pyproject.toml without a [tool.kifu] table (a Python
    # project's own)
    (repo / "records" / "pyproject.toml").write_text('[project]\nname = "kifu-records"\n')
    assert kifu("validate", ".", cwd=repo / "records").stdout == ""
    # the command line after the table: --select starts afresh, --isolated reads none
    again = kifu("validate", "-q", "--select", "occupied", "records", cwd=repo,
                 exit_code=EXIT_INVALID)
    assert "[rule: occupied]" in again.stdout and "encoding-guessed" not in again.stdout
    isolated = kifu("validate", "-q", "--isolated", "records", cwd=repo, exit_code=EXIT_INVALID)
    assert "[rule: encoding-guessed]" in isolated.stdout


@pytest.mark.parametrize("text", [
    '[ tool . "kifu" ]\nignore = ["occupied"]\n',
    "tool.kifu.ignore = ['occupied']\n",
    '[tool]\nkifu.ignore = ["occupied"]\n',
    'tool = {kifu = {ignore = ["occupied"]}}\n',
    '["tool".\'kifu\']\nignore = ["occupied"]\n',
    '[project]\nname = "records"\n["t\\u006Fol".kifu]\nignore = ["occupied"]\n',
])
def test_every_spelling_of_the_table_is_read(tmp_path, text):
    table(tmp_path, text)
    found = settings.find(str(tmp_path))
    assert found is not None and settings.read(found, ["occupied"]).ignore == ("occupied",)


def test_a_project_file_that_names_kifu_but_holds_no_table_is_not_parsed(tmp_path):
    # a Python project that depends on kifu: its file is not kifu's business, broken or not
    table(tmp_path, '[project]\nname = "kifu-records"\ndependencies = ["kifu"]\n'
                    '[project.scripts]\nkifu-check = "records:main"\n[tool.ruff]\nline = [\n')
    assert settings.find(str(tmp_path)) is None


def test_the_table_may_ask_for_notes_and_the_command_line_may_not(repo):
    table(repo, "[tool.kifu]\npedantic = true\nignore = ['occupied']\n")
    assert "note[syntax, pedantic]" in kifu("validate", "-q", "records", cwd=repo).stdout
    assert "note[" not in kifu("validate", "-q", "--no-pedantic", "records", cwd=repo).stdout


def test_config_names_another_file(repo, tmp_path):
    settings = tmp_path / "kifu-settings.toml"
    settings.write_text('[tool.kifu]\nselect = ["encoding-guessed"]\n', encoding="utf-8")
    done = kifu("validate", "-q", "--config", settings, "records", cwd=repo)
    assert "[rule: encoding-guessed]" in done.stdout and "occupied" not in done.stdout
    kifu("validate", "--config", settings, "--isolated", "records", cwd=repo,
         exit_code=EXIT_USAGE)


@pytest.mark.parametrize("text, said", [
    ("[tool.kifu]\nignore = [\"occupied\"\n", "pyproject.toml: not valid TOML: "),
    ("[tool.kifu]\nignroe = [\"occupied\"]\n",
     "pyproject.toml: [tool.kifu] has no key 'ignroe'; kifu reads select, ignore, pedantic"),
    ("[tool.kifu]\nignore = \"occupied\"\n",
     "pyproject.toml: [tool.kifu] ignore: must be a list of rule names"),
    ("[tool.kifu]\npedantic = \"yes\"\n",
     "pyproject.toml: [tool.kifu] pedantic: must be true or false"),
    ("[tool.kifu]\nselect = [\"ocupied\"]\n",
     "pyproject.toml: [tool.kifu] select: no rule or code is named 'ocupied' (did you mean "
     "'occupied'?)"),
    ("[tool]\nkifu = 3\n", "pyproject.toml: tool.kifu must be a table ([tool.kifu])"),
])
def test_a_table_kifu_cannot_use_is_a_usage_error_naming_the_file_and_the_key(repo, text, said):
    table(repo, text)
    done = kifu("validate", "records", cwd=repo / "records", exit_code=EXIT_USAGE)
    assert f"Error: ../{said}" in done.stderr
    # the same from the folder of the file, named as it is there
    assert f"Error: {said}" in kifu("validate", "records", cwd=repo, exit_code=EXIT_USAGE).stderr


def test_the_other_commands_that_report_findings_honour_it(repo, tmp_path):
    table(repo, '[tool.kifu]\nignore = ["encoding-guessed", "occupied"]\n')
    jis = Path("records") / SHIFT_JIS.name
    shown = kifu("show", jis, cwd=repo)
    assert "encoding-guessed" not in shown.stderr
    assert "encoding-guessed" in kifu("show", "--isolated", jis, cwd=repo).stderr
    assert "encoding-guessed" not in kifu("convert", "--to", "json", jis, cwd=repo).stderr
    assert "encoding-guessed" not in kifu("render", "-f", "text", jis, cwd=repo).stderr
    # a viewer page is written whatever its record holds; what is reported and the exit status
    # follow the choice
    page = kifu("render", "-f", "html", "-o", tmp_path / "p.html",
                Path("records") / OCCUPIED.name, cwd=repo)
    assert page.stderr == ""
    kifu("render", "-f", "html", "--isolated", "-o", tmp_path / "p.html",
         Path("records") / OCCUPIED.name, cwd=repo, exit_code=EXIT_INVALID)
    # a batch: what converting to psq leaves out (comments, headers) is a warning, which a
    # choice ignores too
    (repo / "psq").mkdir()
    shutil.copy(EXAMPLES / "renju" / "four-three-win.renju", repo / "psq")
    batch = kifu("convert", "--to", "psq", "--output-dir", tmp_path / "out", "psq", cwd=repo)
    assert batch.stderr.count("[rule: left-out]") == 3
    quiet = kifu("convert", "--to", "psq", "--output-dir", tmp_path / "out2", "--ignore",
                 "left-out", "psq", cwd=repo)
    assert "[rule:" not in quiet.stderr
    assert summary_rows(quiet.stderr)["renju"]["warnings"] == 0


# -- the summary ---------------------------------------------------------------------------

def test_the_summary_counts_files_and_records_apart(tmp_path):
    (tmp_path / "games.sgf").write_text(COLLECTION, encoding="utf-8")
    shutil.copy(AB_TWICE, tmp_path / "one.sgf")
    (tmp_path / "package.json").write_text('{"name": "a web site"}')
    done = kifu("validate", ".", cwd=tmp_path, exit_code=EXIT_INVALID)
    row = summary_rows(done.stderr)["freego"]
    assert (row["files"], row["records"], row["legal"], row["illegal"]) == (2, 4, 3, 1)
    assert done.stderr.splitlines()[-1] == "(1 more file of other programs left alone: " \
                                           "./package.json)"
