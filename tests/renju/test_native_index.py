"""One truth for the index: a record Renju's compiled core traces (``kifu/builtin/renju/native``,
:attr:`kifu.plugin.Format.trace`, kifu's notation and Piskvork's psq; and a collection's
records Python read, written in kifu's notation for it: ``trace_record``) is indexed exactly as
pure Python indexes it, every field of what the index keeps of it (its positions' hashes under
the board's symmetries, their images, the log of changes point by point, the stones that
stood, the swaps that take no number, the headers, columns, the rule and the opening named,
the winner and how the game ended), and a whole index written either way holds the same rows:
the examples, the psq quirks, random and mutated games of every rule set and, with
``KIFU_CORPUS``, every Renju file of the corpus.  (The sanitizer build of ``test_native.py``
traces its fuzzed inputs too.)"""
from __future__ import annotations

import random
from pathlib import Path

import pytest

from kifu.base import native as cores
from kifu.builtin.renju import GAME, native
from kifu.corpus import indexing
from kifu.plugin import KifuError, Record, registry
from kifu.run.load import parse_each_as
from kifu.run.validate import read_record_file
from tests import realfiles
from tests.cores import index_process, indexed, pure_python
from tests.renju import native_inputs

ROOT = Path(__file__).resolve().parents[2]

pytestmark = pytest.mark.skipif(
    cores.compiled(native.MODULE) is None,
    reason="no compiled core runs: not built (no C compiler), or KIFU_PURE_PYTHON is set")

TRACERS = {".renju": native.trace_notation, ".psq": native.trace_psq}


def agree(text: str, folder: Path, name: str = "game.renju") -> bool:
    """Index ``text`` (as a file in ``folder``) both ways: the same records, field by field.
    Whether the compiled core traced it."""
    path = folder / name
    path.write_text(text, encoding="utf-8")
    trace = TRACERS[path.suffix]
    traced = trace(text, str(path)) is not None
    compiled = indexed(path)
    with pure_python():
        assert trace(text, str(path)) is None
        python = indexed(path)
    assert compiled == python, text[:300]
    return traced


#: Records of every way a game goes on and ends that the core traces: black's five and each
#: of its forbidden shapes under Renju's rules, white's five, an overline that wins in
#: free-style and not in standard gomoku, Caro's closed five, both players passing, a full
#: board, swaps (which take no move number), set-ups given in order and not, the openings the
#: first three stones name (and none where the rules are gomoku's), stated results.
TRACED = [
    "Game: renju\nResult: black\n\n1. h8 2. h9 3. i8 4. i9 5. j8 6. j9 7. k8 8. k9 9. l8\n",
    "Game: renju\n\nf8 a1 g8 a3 h10 a5 h9 a7 h8\n",
    "Game: renju\nResult: white\n\ne8 a1 f8 a3 g8 a5 h11 a7 h10 a9 h9 a11 h8\n",
    "Game: renju\n\nd8 a1 e8 a3 f8 a5 i8 a7 g8 a9 h8\n",
    "Game: renju\n\nh8 i9 h9 i10 h10 i11 h11 i12 a1 i13\n",
    "Game: renju\nRule: freestyle\n\nc8 a1 d8 a3 e8 a5 g8 a7 h8 a9 f8\n",
    "Game: renju\nRule: standard\n\nc8 a1 d8 a3 e8 a5 g8 a7 h8 a9 f8 a11\n",
    "Game: renju\nRule: caro\n\ng8 h8 m8 i8 a1 j8 a3 k8 a5 l8 a7\n",
    "Game: renju\nRule: caro\n\nh8 a1 i8 a3 j8 a5 k8 a7 l8\n",
    "Game: renju\nBlack: Ann\nWhite: Ben\n\nh8 i9 pass pass\n",
    "Game: renju\nRule: renju, rif\n\nh8 i9 j10 swap h10\n",
    "Game: renju\n\nh8 swap i9 swap\n",
    "Game: renju\nOpening-stones: h8 i9 j10 h9\n\ng7 a1\n",
    "Game: renju\nOpening-stones: h8\n\ni9 j10 a1\n",
    "Game: renju\nSetup-Black: h8 j10\nSetup-White: i9\n\na1 b2\n",
    "Game: renju\nRule: freestyle\n\nh8 i9 j10\n",
    "Game: renju\nSize: 19\nEvent: club night\nDate: 2024-01-02\nResult: 1-0\n\n"
    "1. j10 2. k11 3. j11 4. k12 5. j12 6. k13 7. j13 8. k14 9. j14\n",
    # headers the head alone does not hold: after a comment, after a blank line (the rule
    # among them), and values that end in blanks outside ASCII or begin with U+3000
    "Game: renju\nBlack: Ann\n{before the rule}\nWhite: Bo\nRule: freestyle\n\n"
    "c8 a1 d8 a3 e8 a5 g8 a7 h8 a9 f8\n",
    "Game: renju\n\nRule: gomoku\nBlack: Ann\n\nh8 h9 i8 i9 j8 j9 k8 k9 l8\n",
    "Game: renju\nBlack: \u5c71\u7530\u3000\u3000\nWhite:\u3000Bo \x1c\nEvent: \u3000x\n\n"
    "h8 i9 pass pass\n",
    # a 5x5 board filled without a five: a draw
    "Game: renju\nRule: freestyle\nSize: 5\n\nb4 b2 c4 d4 e4 b5 c1 c5 c2 e1 d2 d1 e2 d3 d5 a3 "
    "a4 e3 e5 a5 b1 c3 a2 a1 b3\n",
]


def test_the_core_traces_records_of_every_kind_of_end_as_python_indexes_them(tmp_path):
    traced = [agree(text, tmp_path, f"g{number}.renju") for number, text in enumerate(TRACED)]
    assert all(traced), traced


def test_a_record_with_an_offer_is_pythons(tmp_path):
    text = "Game: renju\nRule: renju, yamaguchi\n\nh8 i9 j10 h9 offer[a1 b2]\n"
    assert native.trace_notation(text, "game.renju") is None
    assert not agree(text, tmp_path)


def test_the_examples_the_quirks_and_random_games_are_indexed_alike(tmp_path):
    rng = random.Random(3939)
    seeds = native_inputs.seeds()
    traced = sum(agree(text, tmp_path) for text in seeds[:-len(_psq_quirks())])
    traced += sum(agree(text, tmp_path, "game.psq") for text in _psq_quirks())
    traced += sum(agree(native_inputs.random_record(rng), tmp_path) for _ in range(400))
    traced += sum(agree(native_inputs.random_psq(rng), tmp_path, "game.psq")
                  for _ in range(200))
    assert traced > 200, traced


def _psq_quirks() -> list[str]:
    folder = ROOT / "tests" / "renju" / "data" / "psq"
    return [path.read_text(encoding="utf-8") for path in sorted(folder.rglob("*.psq"))]


def test_mutated_inputs_are_indexed_alike(tmp_path):
    rng = random.Random(39)
    for _ in range(150):
        agree(native_inputs.mutated(rng, native_inputs.random_record(rng)), tmp_path)
        agree(native_inputs.mutated(rng, native_inputs.random_psq(rng)), tmp_path, "game.psq")


def _random_rif(rng: random.Random, games: int) -> str:
    """A renju.net database of our own: ``games`` random games under the RIF opening rule (each
    played by Python's referee, its passes and swaps left out), with random results."""
    elements = []
    for number in range(games):
        moves = [move for move in native_inputs.random_moves(rng, "renju, rif", 15)
                 if move not in ("pass", "swap")]
        elements.append(f'<game id="{number + 1}" publisher="102" tournament="20" round="1" '
                        f'rule="1" black="100" white="101" '
                        f'bresult="{rng.choice(("1", "0", "0.5"))}" btime="0" wtime="0" '
                        f'opening="0" alt="" swap=""><move>{" ".join(moves)}</move></game>')
    return ('<?xml version="1.0" encoding="UTF-8"?>\n<database><rules><rule id="1" name="RIF"/>'
            '</rules><players><player id="100" name="Ana" surname="Tamm"/><player id="101" '
            'name="Ken" surname="Sato"/><player id="102" name="Pub" surname="One"/></players>'
            '<tournaments><tournament id="20" name="Club cup" year="2009" rule="1"/></tournaments>'
            f'<games>{"".join(elements)}</games></database>\n')


def test_a_collections_records_are_traced_from_their_main_lines_in_kifus_notation(tmp_path):
    # a record Python read from a collection (a RIF database's game, PGN's, SGF's) whose main
    # line the core decides, written in kifu's notation, is indexed from what the core found,
    # its own headers kept: exactly as Python indexes it
    (tmp_path / "games.rif").write_text(_random_rif(random.Random(3903), 300), encoding="utf-8")
    folder = ROOT / "tests" / "renju" / "data"
    paths = [tmp_path / "games.rif", *(path for kind in ("rif", "pgn", "sgf")
                                       for path in sorted((folder / kind).rglob("*"))
                                       if path.is_file())]
    traced = 0
    for path in paths:
        compiled = indexed(path)
        with pure_python():
            assert native.trace_record(Record(game="renju"), str(path)) is None
            python = indexed(path)
        assert compiled == python, path
        traced += _traced_records(path)
    assert traced > 100, traced


def test_a_result_the_players_names_do_not_change_is_read_by_the_core():
    # a collection's record names its players and states a result such as "draw" (a RIF
    # database's drawn games), which a player's name could stand for: the core reads it
    # where neither name does, else leaves it to Python
    five = "Rule: renju\n\nh8 h9 i8 i9 j8 j9 k8 k9 l8\n"
    full = ("Rule: freestyle\nSize: 5\n\nb4 b2 c4 d4 e4 b5 c1 c5 c2 e1 d2 d1 e2 d3 d5 a3 a4 e3 "
            "e5 a5 b1 c3 a2 a1 b3\n")
    for text, traced in (("Black: Ann\nWhite: Ben\nResult: black\n" + five, True),
                         ("Black: Ann\nWhite: black\nResult: black\n" + five, True),
                         ("Black: Ann\nWhite: Ben\nResult: draw\n" + full, True),
                         ("Black: draw\nWhite: Ben\nResult: draw\n" + full, False),
                         ("Black: Ann\nWhite: draw\nResult: draw\n" + full, False)):
        record = GAME.parse("Game: renju\n" + text)
        found = native.trace_record(record, "game.renju")
        assert (found is not None) == traced, text
        python = indexing.index_record(GAME, record, 1, "game.renju")
        if found is not None:
            assert indexing.traced_record(GAME, found, 1, "game.renju") == python, text


def _traced_records(path: Path) -> int:
    """How many of the records read from the file at ``path`` the core traces."""
    try:
        source = read_record_file(str(path))
        game, fmt = registry.detect(source.text, str(path), None)
        return sum(native.trace_record(one.record, str(path)) is not None
                   for one in parse_each_as(game, fmt, source.text, str(path))
                   if one.record is not None and not one.findings)
    except KifuError:  # (a file whose reading fails)
        return 0


def test_kifu_index_writes_the_same_rows_either_way(tmp_path):
    folder = tmp_path / "games"
    folder.mkdir()
    rng = random.Random(39039)
    for number in range(150):
        (folder / f"g{number:03}.renju").write_text(native_inputs.random_record(rng),
                                                    encoding="utf-8")
        (folder / f"p{number:03}.psq").write_text(native_inputs.random_psq(rng),
                                                  encoding="utf-8")
    for number, text in enumerate(TRACED):
        (folder / f"t{number:02}.renju").write_text(text, encoding="utf-8")
    paths = [str(folder), str(ROOT / "examples" / "renju"),
             str(ROOT / "tests" / "renju" / "data")]
    real = realfiles.folder("renju")
    if real is not None:
        paths.append(str(real))
    compiled = index_process(paths, tmp_path / "compiled.db", pure=False)
    python = index_process(paths, tmp_path / "python.db", pure=True)
    assert len(compiled) > 1000
    assert compiled == python
