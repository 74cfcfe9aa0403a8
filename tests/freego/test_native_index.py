"""One truth for the index: a record Go's compiled core traces (``kifu/builtin/freego/native``,
:attr:`kifu.plugin.Format.trace`) is indexed exactly as pure Python indexes it, every field of
what the index keeps of it (its positions' hashes under the grid's symmetries, their images,
the log of changes point by point, the stones that stood, the headers, columns, sides and
result), and a whole index written either way holds the same rows: the examples, the SGF
quirks' records, random games of every rule set and, with ``KIFU_CORPUS``, every SGF file of
the corpus.  (The sanitizer build of ``test_native.py`` traces its fuzzed inputs too.)"""
from __future__ import annotations

import random
from pathlib import Path

import pytest

from kifu.base import native as cores
from kifu.builtin.freego import native
from kifu.builtin.freego.setup.parameters import MAX_KOMI
from tests import realfiles
from tests.cores import index_process, indexed, pure_python
from tests.freego import native_inputs

ROOT = Path(__file__).resolve().parents[2]

pytestmark = pytest.mark.skipif(
    cores.compiled(native.MODULE) is None,
    reason="no compiled core runs: not built (no C compiler), or KIFU_PURE_PYTHON is set")


def agree(text: str, folder: Path, name: str = "game.sgf") -> bool:
    """Index ``text`` (as a file in ``folder``) both ways: the same records, field by field.
    Whether the compiled core traced it."""
    path = folder / name
    path.write_text(text, encoding="utf-8")
    traced = native.trace(text, str(path)) is not None
    compiled = indexed(path)
    with pure_python():
        assert native.trace(text, str(path)) is None
        python = indexed(path)
    assert compiled == python, text[:300]
    return traced


#: Records with a server's komi (Fox's, x100: hundredths of a point, or of a stone where they
#: leave a quarter; past the largest komi kifu reads, none), which validation leaves to
#: Python for its warning and the index, which keeps no warning, has the core trace.
SERVER_KOMI = [
    "(;GM[1]FF[4]SZ[19]KM[375]RU[Chinese]RE[W+R];B[pd];W[dp];B[pp];W[dd])",
    "(;SZ[9]KM[650]RE[B+R];B[ee];W[cc])",
    "(;SZ[9]KM[-650]RE[W+R];B[ee];W[cc])",
    "(;SZ[9]KM[100.5];B[ee];W[cc])",
    "(;SZ[9]KM[0375.00]RE[B+T];B[ee];W[cc])",
    "(;SZ[9]KM[1000001];B[ee];W[cc])",
    "(;SZ[9]KM[999999999999.5];B[ee];W[cc])",
]
#: ... and games of a server's komi the count ended: Python's, whose referee counts them.
SERVER_KOMI_COUNTED = [
    "(;SZ[5]RU[Tromp-Taylor]KM[150]RE[W+1.5];B[];W[])",
    "(;SZ[5]RU[Tromp-Taylor]KM[375]RE[W+7.5];B[];W[])",
    "(;SZ[5]RU[Tromp-Taylor]KM[650]RE[W+7.5];B[];W[])",
]
#: Results of other forms than SGF's (Chinese, Korean and English prose, servers' words), which
#: Python reads (with a warning where it reads none) and which no end of play contradicts as an
#: error: traced for an index, the players agreeing on dead stones at the passes too.
OTHER_RESULTS = [
    "(;SZ[9]RE[黑中盘胜];B[ee];W[cc])",
    "(;SZ[9]RE[흑불계승]KM[6.5];B[ee];W[cc])",
    "(;SZ[9]RE[W resigned];B[ee];W[cc])",
    "(;SZ[9]RE[W+Illegal];B[ee];W[cc])",
    "(;SZ[9]RE[B+1.5 ? W+timeout];B[ee];W[cc])",
    "(;SZ[9]RE[has adjourned.];B[ee];W[cc])",
    "(;SZ[9]RE[B+R\\]];B[ee];W[cc])",
    "(;SZ[9]RE[W+\nR];B[ee];W[cc])",
    "(;SZ[9]RE[B+-3];B[ee];W[cc])",
    "(;SZ[9]RE[W+3.25.5]RU[Japanese];B[ee];W[cc];B[];W[])",
    "(;SZ[9]RE[白胜2目半]RU[Chinese];B[ee];W[cc];B[];W[])",
]
#: Territory marks (TB, TW), which Python reads from the main line's last node into headers
#: (ignored, with a warning, where a value is no point of the board; elsewhere ignored): the
#: core hands them over for an index, leaving to Python those of the root and values with an
#: escape or a control character.
MARKS = [
    "(;SZ[5]RU[Japanese]RE[B+3];B[cc];W[dd];B[];W[]TB[aa][ab:bb]TW[ee][de])",
    "(;SZ[5]KM[0.5]RE[W+R];B[cc];W[dd]TW[ee]TB[ aa ])",
    "(;SZ[5];B[cc]TB[aa];W[dd]TW[])",
    "(;SZ[5];B[cc];W[dd]TB[zz][aa])",
    "(;SZ[5];B[cc];W[dd]TB[]TW[])",
    "(;SZ[5]RU[Chinese];B[cc];W[dd];B[];W[]TB[aa:ee])",
    "(;SZ[19];B[pd];W[dp]TB[]TW[ss][rr:ss][甲])",
]
MARKS_PYTHONS = [
    "(;SZ[5]TB[aa];B[cc];W[dd])",
    "(;SZ[5];B[cc];W[dd]TB[a\\a])",
    "(;SZ[5];B[cc];W[dd]TW[ee\n])",
    "(;SZ[5];B[cc];W[dd]TW[ee]TW[dd])",
]


#: A colour moving twice (read as the other side passing in between, a move of its own, with
#: a warning) and play after both players passed where they agree on dead stones (resumed,
#: with a warning): traced for an index, the passes read in ending and resuming it again.
OUT_OF_TURN = [
    "(;SZ[9];B[ee];B[cc];W[dd])",
    "(;SZ[9];B[ee];W[cc];W[dd];B[gg];B[hh])",
    "(;SZ[9]RU[Japanese];B[ee];W[];B[];W[cc];B[dd])",
    "(;SZ[9]RU[Japanese];B[ee];W[];B[];W[];B[dd];W[];B[])",
    "(;SZ[9]RU[Japanese];B[ee];W[];W[cc])",
    "(;SZ[9]RU[Japanese];B[ee];W[];B[];B[cc])",
    "(;SZ[9]RU[Japanese];B[ee];B[];W[cc];W[gg])",
    # a ko taken, a pass left out, the ko taken back (and again, the other way)
    "(;SZ[5]AB[ba][ab][bc]AW[ca][db][cc][bb];B[cb];B[ee];W[bb];W[dd];B[cb])",
]
#: ... and those the count ends or where play goes on after it ended it: Python's.
OUT_OF_TURN_PYTHONS = [
    "(;SZ[9]RU[Tromp-Taylor];B[ee];W[];B[];W[cc])",
    "(;SZ[9]RU[Tromp-Taylor];B[ee];W[];W[cc])",
    "(;SZ[9]RU[Tromp-Taylor];B[];B[ee])",
]


#: ... and such results of games the count ended: Python's.
OTHER_RESULTS_COUNTED = [
    "(;SZ[5]RU[Tromp-Taylor]RE[黑中盘胜];B[];W[])",
    "(;SZ[5]RU[Tromp-Taylor]RE[W wins];B[];W[])",
]


#: Records of every kind of move the core traces: captures (several groups at once), a
#: suicide of one stone and of a group (where the rules allow it), a ko taken and taken back
#: after a move elsewhere, passes and the end of the game, handicap stones written as moves,
#: set-ups in the root and in the nodes before the first move, white or the player PL names
#: moving first, boards square and not, the smallest and the largest.
TRACED = [
    "(;SZ[5];B[ca];W[ba];B[bb];W[ab];B[ac];W[ee];B[aa];W[cc])",
    "(;SZ[4]RU[NZ]AB[ab][ba];W[aa];B[dd])",
    "(;SZ[4]RU[koSITUATIONALscoreAREAsui1]AB[ac][bb][ca]AW[ab][ba];W[aa];B[dd])",
    "(;SZ[4]AB[ba][ab][cb][bc]AW[ca][da][db][cc][dc];W[bb];B[ad];W[dd];B[cb];W[];B[])",
    "(;SZ[9]HA[3]RU[Chinese]RE[W+R];B[cc];B[gg];B[cg];W[ee];B[ge];W[])",
    "(;SZ[9]HA[2]RU[Japanese];AB[cc][gg];W[ee];B[ce];W[];B[])",
    "(;SZ[5];AB[aa];AB[bb]AW[aa]C[white to play];W[cc];B[dd])",
    "(;SZ[7]PL[W]AB[dd];W[cc];B[ee];W[tt])",
    "(;SZ[7];W[cc];B[dd])",
    "(;SZ[7:3]KM[0.5]RE[B+0.5];B[ab];W[fb];B[bb];W[eb];B[];W[])",
    "(;SZ[3:8];B[bd];W[be];B[ad];W[ae];B[cd];W[ce])",
    "(;SZ[1];B[];W[])",
    "(;SZ[52];B[aa];W[ZZ];B[Za];W[aZ];B[];W[])",
    "(;GM[1]FF[4]SZ[19]PB[Honinbo]PW[李昌镐]EV[an event]DT[2020-01-02]RE[B+3.5]KM[6.5]"
    "RU[AGA];B[pd];W[dp];B[pp];W[dd];B[tt];W[tt])",
    "(;GM[1]SZ[9]HA[3]AB[cc]AB[gc]AB[cg];W[ff];B[ee]LB[aa:x]LB[bb:y])",
    "(;SZ[9]C[a]C[b]PB[x]PW[y];B[ee];W[dd])",
    *SERVER_KOMI,
    *OTHER_RESULTS,
    *MARKS,
    *OUT_OF_TURN,
]


def test_the_core_traces_records_of_every_kind_of_move_as_python_indexes_them(tmp_path):
    for number, text in enumerate(TRACED):
        assert agree(text, tmp_path, f"g{number}.sgf"), text


#: Roots whose headers Python makes from the values the core read (each one value, read as
#: written: blanks Python strips, other languages' text, results and rules Python words), and
#: roots whose text Python reads again (an escape, a line end, a tab, two values for one
#: header, a control character).
PAIRED_HEADS = [
    "GM[1]FF[4]SZ[9]PB[ Honinbo ]PW[\u3000李昌镐\u3000]BR[9p]WR[1d]EV[Meijin]RO[3]DT[2020-01-02]"
    "RE[W+R]KM[6.5]RU[Japanese]GN[g]PC[Tokyo]TM[3600]OT[5x30 byo-yomi]SO[s]AN[a]US[u]CP[c]ON[o]"
    "GC[a comment]AP[kifu:1]CA[UTF-8]ST[2]",
    "SZ[9]RE[0]", "SZ[9]RE[Draw]RU[Free-form Go]", "SZ[9]RE[B+R]HA[2]AB[cc][gg]",
    "SZ[9]ZZ[unknown]DT[in the spring]", "SZ[9]PB[]RE[B+3.5]KM[0]",
]
TEXT_HEADS = ["SZ[9]PB[Honinbo\\] Shusaku]", "SZ[9]PB[Honinbo\nShusaku]",
              "SZ[9]EV[a\tb]", "SZ[9]PB[x][y]", "SZ[9]GC[\x01]", "SZ[9]PB[a\\\nb]"]


def test_a_roots_headers_are_made_from_the_values_the_core_read_as_python_reads_them(tmp_path):
    core = native._core()
    assert core is not None
    for number, head in enumerate(PAIRED_HEADS + TEXT_HEADS):
        text = f"(;{head};B[cd];W[ef];B[dc])"
        found = core.trace(text, native._tables, MAX_KOMI)
        assert not isinstance(found, str), (head, found)
        assert isinstance(found[2], tuple if number < len(PAIRED_HEADS) else str), head
        assert agree(text, tmp_path, f"h{number}.sgf"), head


def test_a_server_komi_is_read_for_the_index_as_python_reads_it(tmp_path):
    # validation leaves it to Python, which warns of it; the index keeps no warning
    for number, text in enumerate(SERVER_KOMI + SERVER_KOMI_COUNTED):
        assert native.judge(text) == "KM in hundredths", text
        assert agree(text, tmp_path, f"k{number}.sgf") == (text in SERVER_KOMI), text
    assert native.trace(SERVER_KOMI[0], "fox.sgf").record.headers["Komi"] == "7.5"
    assert native.trace(SERVER_KOMI[1], "fox.sgf").record.headers["Komi"] == "6.5"
    assert "Komi" not in native.trace(SERVER_KOMI[5], "fox.sgf").record.headers
    core = native._core()
    for wrong in (-1.0, float("nan"), 1e13):
        with pytest.raises(ValueError, match="largest komi"):
            core.trace(SERVER_KOMI[0], native._tables, wrong)


def test_a_result_of_another_form_is_read_for_the_index_as_python_reads_it(tmp_path):
    for number, text in enumerate(OTHER_RESULTS + OTHER_RESULTS_COUNTED):
        assert native.judge(text) in ("RE of another form", "RE not plain"), text
        assert agree(text, tmp_path, f"r{number}.sgf") == (text in OTHER_RESULTS), text


def test_territory_marks_are_handed_to_python_for_the_index(tmp_path):
    for number, text in enumerate(MARKS + MARKS_PYTHONS):
        assert isinstance(native.judge(text), str), text
        assert agree(text, tmp_path, f"m{number}.sgf") == (text in MARKS), text
    headers = native.trace(MARKS[0], "marks.sgf").record.headers
    assert (headers["Territory-1"], headers["Territory-2"]) == ("A5 A4 B4", "E1 D1")
    assert "Territory-1" not in native.trace(MARKS[2], "marks.sgf").record.headers


def test_a_pass_left_out_and_play_resumed_are_read_for_the_index_as_python_reads_them(
        tmp_path):
    for number, text in enumerate(OUT_OF_TURN + OUT_OF_TURN_PYTHONS):
        assert native.judge(text) in ("one colour moves twice", "play after both passed",
                                      "a move after the game ended"), text
        assert agree(text, tmp_path, f"t{number}.sgf") == (text in OUT_OF_TURN), text
    # the pass left out is a move, and a position, of its own
    assert native.trace(OUT_OF_TURN[0], "turns.sgf").moves == 4


def test_a_game_the_count_ended_is_pythons():
    # the outcome of a count is the referee's (scoring), made in Python
    text = "(;SZ[5]RU[Tromp-Taylor]KM[0.5]RE[W+0.5];B[];W[])"
    assert native.decide(text) == (2, False)
    assert native.trace(text, "game.sgf") is None


def test_the_examples_the_quirks_and_random_games_are_indexed_alike(tmp_path):
    rng = random.Random(3939)
    texts = native_inputs.seeds() + [native_inputs.random_game(rng) for _ in range(500)]
    traced = sum(agree(text, tmp_path) for text in texts)
    assert traced > 100, traced


def test_mutated_inputs_are_indexed_alike(tmp_path):
    rng = random.Random(39)
    for _ in range(200):
        agree(native_inputs.mutated(rng, native_inputs.random_game(rng)), tmp_path)


def test_kifu_index_writes_the_same_rows_either_way(tmp_path):
    folder = tmp_path / "games"
    folder.mkdir()
    rng = random.Random(39039)
    for number in range(200):
        (folder / f"g{number:03}.sgf").write_text(native_inputs.random_game(rng),
                                                  encoding="utf-8")
    for number, text in enumerate(TRACED):
        (folder / f"t{number:02}.sgf").write_text(text, encoding="utf-8")
    paths = [str(folder), str(ROOT / "examples"), str(ROOT / "tests" / "sgf" / "quirks")]
    paths += [str(found) for kind in ("sgf", "sgf-real")
              if (found := realfiles.folder(kind)) is not None]
    compiled = index_process(paths, tmp_path / "compiled.db", pure=False)
    python = index_process(paths, tmp_path / "python.db", pure=True)
    assert len(compiled) > 1000
    assert compiled == python
