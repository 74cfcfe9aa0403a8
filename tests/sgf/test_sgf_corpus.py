"""kifu on real SGF files (``$KIFU_CORPUS/sgf``, a varied sample of what Go programs and servers
write, with its sources in ``MANIFEST.tsv``; skipped without it): against sgfmill game by game,
and SGF to SGF without loss.

- Every game sgfmill reads and replays (its parser, ``get_setup_and_moves`` and ``Board.play``)
  kifu validates without error, but for the games listed in ``KIFU_IS_RIGHT``, each with the
  reason the record really is wrong (or not a Go record kifu can check).
- Where both replay a game, the final positions are the same stone for stone.
- ``kifu convert --to sgf`` of every file keeps every node, property and value, up to the one
  normalisation (``CA[UTF-8]``: the output is UTF-8) and the repairs reading reports.
"""
from __future__ import annotations

import csv
import sys
from functools import cache
from pathlib import Path

import pytest
from sgfmill import boards, sgf_grammar, sgf_moves
from sgfmill import sgf as sgfmill_sgf

from kifu.builtin.freego import GAME
from kifu.plugin import driver
from kifu.reading.source import read_source
from kifu.run.load import load_source
from kifu.run.validate import Options, check_file
from kifu.sgf import syntax as sgf
from tests import realfiles

DATA = realfiles.folder("sgf") or Path("/nonexistent")
FILES = sorted(p for p in DATA.rglob("*") if p.suffix.lower() == ".sgf")
NAMES = [str(p.relative_to(DATA)) for p in FILES]
pytestmark = realfiles.needs("sgf")

#: Games sgfmill accepts that kifu rejects, and why kifu is right to.
KIFU_IS_RIGHT = {
    "herzbube+littlego/sgf/Illegal games/suicide.sgf":
        "a suicide; without RU the rules are taken as Japanese, which forbid it",
    "herzbube+littlego/sgf/sgfc/ff4_ex.sgf#1":
        "a variation plays an 11-stone suicide; the file names no rules (Japanese-style)",
    "herzbube+littlego/sgf/sgfc/ff4_ex-rewritten-by-sgfc.sgf#1": "the same game",
    "missdeer+sgfc/test-files/test-result.sgf#3": "GM[12]: not Go, so kifu checks nothing",
    "missdeer+sgfc/test-files/test-roun-result.sgf#3": "GM[12]: not Go, so kifu checks nothing",
    "missdeer+sgfc/test-files/mixed-encoding.sgf":
        "games in UTF-16 and other encodings in one file: kifu decodes a file as one text",
    "featurecat+go-dataset/Pro_7z/Pro/3p/1443067234019999068.sgf":
        "HA[2] without its handicap stones (white moves first): the moves as written reach a "
        "suicide, which RU[Japanese] forbids (sgfmill allows suicide)",
}


def test_the_sample_is_varied_and_attributed():
    with (DATA / "MANIFEST.tsv").open(encoding="utf-8") as handle:
        manifest = list(csv.DictReader(handle, delimiter="\t"))
    assert sorted(row["file"] for row in manifest) == sorted(NAMES)
    assert all(row["repository"] and len(row["commit"]) == 40 and row["licence"]
               for row in manifest)
    assert len({row["repository"] for row in manifest}) >= 15
    writers = {row["writer (AP)"].split(":")[0] for row in manifest}
    assert {"CGoban", "GNU Go", "Many Faces of Go", "Jago", "GoGui", "NNGS", "YuanYu",
            "Sabaki", "Kombilo", "MultiGo", "SGFC", "q5go"} <= writers
    charsets = {row["CA"].casefold() for row in manifest}
    assert {"gb2312", "euc-kr", "shift_jis", "big5", "utf-8", "iso-8859-1"} <= charsets
    assert len(FILES) >= 300


@cache
def sgfmill_verdicts(path: Path) -> list[tuple[bool, set[tuple[str, tuple[int, int]]]]]:
    """Per game: whether sgfmill reads and replays it, and its final stones."""
    try:
        games = sgf_grammar.parse_sgf_collection(path.read_bytes())
    except ValueError:
        return [(False, set())]
    verdicts = []
    for coarse in games:
        try:
            game = sgfmill_sgf.Sgf_game.from_coarse_game_tree(coarse)
            board, plays = sgf_moves.get_setup_and_moves(game, boards.Board(game.get_size()))
            for colour, move in plays:
                if move is not None:
                    board.play(move[0], move[1], colour)
        except (ValueError, KeyError, IndexError):
            verdicts.append((False, set()))
            continue
        verdicts.append((True, {(colour, point) for colour, point in board.list_occupied_points()}))
    return verdicts


@pytest.fixture(scope="module", autouse=True)
def deep_enough_for_sgfmill():
    limit = sys.getrecursionlimit()
    sys.setrecursionlimit(10_000)  # sgfmill's parser recurses on nested variations
    yield
    sys.setrecursionlimit(limit)


@pytest.mark.parametrize("path", FILES, ids=NAMES)
def test_kifu_accepts_every_game_sgfmill_replays(path):
    reports = check_file(str(path), Options())
    verdicts = sgfmill_verdicts(path)
    for index, report in enumerate(reports):
        accepted, _ = verdicts[min(index, len(verdicts) - 1)]
        errors = [d for d in report.diagnostics if d.severity == "error"]
        name = str(Path(report.path).relative_to(DATA))
        if accepted and name not in KIFU_IS_RIGHT:
            assert errors == [], name


def kifu_final_stones(path: Path) -> set[tuple[str, tuple[int, int]]] | None:
    """The stones at the end of the main line of a one-game Go file, as sgfmill names them
    (``None`` where kifu does not read or replay it to the end)."""
    try:
        loaded = load_source(read_source(str(path)), lenient=True)
        if loaded.game is not GAME or loaded.games > 1 or loaded.error() is not None:
            return None
        position = GAME.start(loaded.record)
        for step in driver.replay(GAME, loaded.record):
            position = step.position
    except Exception:  # noqa: BLE001 - an unreadable file or an illegal move: covered above
        return None
    columns = position.board.grid[0]
    return {("bw"[colour - 1], divmod(index, columns))  # row 0 at the bottom, as in sgfmill
            for index, colour in enumerate(position.cells) if colour > 0}


def test_final_positions_agree_with_sgfmill_stone_for_stone():
    compared = 0
    for path in FILES:
        verdicts = sgfmill_verdicts(path)
        stones = kifu_final_stones(path)
        if stones is None or len(verdicts) != 1 or not verdicts[0][0]:
            continue
        assert stones == verdicts[0][1], path
        compared += 1
    assert compared >= 300


def tree_shape(roots: list[sgf.SgfNode]) -> list[list[tuple[str, tuple[str, ...]]]]:
    """Every node, in file order, as its properties and raw values (CA set aside)."""
    return [[(ident, tuple(values)) for ident, values in node.properties.items() if ident != "CA"]
            for root in roots for node in root.walk()]


@pytest.mark.parametrize("path", FILES, ids=NAMES)
def test_sgf_to_sgf_keeps_every_node_property_and_value(path):
    try:
        text = read_source(str(path)).text
        before = sgf.read(text, lenient=True)
    except Exception:  # noqa: BLE001 - unreadable files are covered above
        return
    written = sgf.rewrite([game.root for game in sgf.read(text, lenient=True).games])
    after = sgf.read(written)
    assert [f.message for g in after.games for f in g.findings
            if f.grade in ("repaired", "critical")] == []
    assert tree_shape([g.root for g in after.games]) == tree_shape([g.root for g in before.games])
    assert all(g.root.get("CA") in (None, "UTF-8") for g in after.games)


@pytest.mark.parametrize("path", [p for p in FILES if p.read_bytes().isascii()][:120],
                         ids=lambda p: str(p.relative_to(DATA)))
def test_sgfmill_reads_the_written_file_alike(path):
    """Through sgfmill too: the same nodes with the same properties (ASCII files, whose values
    sgfmill and kifu hold alike)."""
    try:
        original = sgf_grammar.parse_sgf_collection(path.read_bytes())
    except ValueError:
        return
    written = sgf.rewrite([g.root for g in sgf.read(read_source(str(path)).text).games])
    again = sgf_grammar.parse_sgf_collection(written.encode())

    def shape(games: list) -> list:
        def nodes(tree) -> list:
            out = [sorted(k for k in props if k != "CA") for props in tree.sequence]
            for child in tree.children:
                out.extend(nodes(child))
            return out
        return [nodes(g) for g in games]

    if shape(original) != shape(again):
        # only where kifu repaired the structure (two moves in a node split, say)
        findings = [f for g in sgf.read(read_source(str(path)).text).games for f in g.findings]
        assert any(f.grade in ("repaired", "critical") for f in findings)
