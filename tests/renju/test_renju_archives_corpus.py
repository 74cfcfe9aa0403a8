"""kifu on the real archives of Renju and Gomoku players (``$KIFU_CORPUS/renju``): every file
read; Gomocup's .psq written back byte for byte, every game of its Renju league legal and its
winner named as the tournament's own tables say; every PlayOK game legal and won by the side
its result names; every Renju SGF read, legal, and through ``kifu convert --to sgf`` with every
node, property and value; every RenLib library read, written back byte for byte, and through
SGF (and JSON) and back with every node, comment and board text.  Skipped, with the reason,
where ``KIFU_CORPUS`` is not set: the records in ``tests/renju/data`` reproduce each quirk
these files showed."""
from __future__ import annotations

import ast
import re
from functools import cache
from pathlib import Path

import pytest

from kifu.builtin.renju import GAME
from kifu.builtin.renju import sgf as renju_sgf
from kifu.builtin.renju.archives import psq, renlib
from kifu.plugin import driver, jsonform
from kifu.run.load import parse_all, read_file
from kifu.sgf import syntax as sgf
from tests import realfiles

pytestmark = realfiles.needs("renju")
CORPUS = realfiles.folder("renju") or Path("/nonexistent")
GOMOCUP = CORPUS / "psq" / "gomocup2021"
PSQ = sorted((CORPUS / "psq").rglob("*.psq"))
RENJU_LEAGUE = sorted((GOMOCUP / "Renju").glob("*.psq"))
SGF = sorted((CORPUS / "sgf").glob("*.sgf"))
LIB = sorted((CORPUS / "lib").glob("*.lib"))
#: The Renju SGF files kifu tells from Go's without --game renju (a Renju writer, GM[5]).
TOLD = {"lfz084_gowrite_15x15.sgf", "lfz084_test_two_games.sgf",
        "suginami_gomokuquest_0001.sgf"}


def _id(path: Path) -> str:
    return str(path.relative_to(CORPUS))


def read_psq(path: Path):
    return psq.read(read_file(str(path)).text, str(path))


def test_the_corpus_holds_what_the_tests_expect():
    assert len(PSQ) >= 600 and len(RENJU_LEAGUE) == 400


@pytest.mark.parametrize("path", PSQ, ids=[_id(p) for p in PSQ])
def test_every_psq_is_read_and_written_back_byte_for_byte(path):
    record = read_psq(path)
    assert psq.write(record).encode() == path.read_bytes()
    assert psq.write(GAME.parse(GAME.write(record))).encode() == path.read_bytes()


@pytest.mark.parametrize("path", PSQ, ids=[_id(p) for p in PSQ])
def test_every_gomocup_game_is_legal(path):
    record = read_psq(path)
    if record.header("League") is None:
        pytest.skip("no league line: the file does not say its rule (Piskvork plays gomoku "
                    "by default, kifu judges Renju by default)")
    problems, moves = driver.check(GAME, record)
    assert problems == [] and moves == len(record.moves)


@cache
def tournament() -> tuple[dict[tuple[int, int, int], int], dict[int, str], list[int]]:
    """Gomocup 2021's Renju tables: each game's result by seat (``_state.txt``: 1 the first
    engine won, 2 the second, 0 a draw), the engines' names (``_ratings.txt``), the length of
    each round's opening (``openings_renju.txt``)."""
    results = {}
    for line in (GOMOCUP / "Renju" / "_state.txt").read_text().splitlines():
        key, result, *_ = line.split("\t")
        results[ast.literal_eval(key)] = int(result)
    names = {int(number): name for number, name in re.findall(
        r"^\s*\d+\s+(\d+)#(\S+)", (GOMOCUP / "Renju" / "_ratings.txt").read_text(), re.M)}
    openings = [len(line.split(",")) // 2
                for line in (GOMOCUP / "openings_renju.txt").read_text().splitlines() if line]
    return results, names, openings


def _engine(name: str | None) -> str | None:
    return None if name is None else re.sub(r"\.zip$", "", name, flags=re.IGNORECASE)


@pytest.mark.parametrize("path", RENJU_LEAGUE, ids=[p.name for p in RENJU_LEAGUE])
def test_every_renju_league_winner_is_named_as_the_tables_say(path):
    results, names, openings = tournament()
    round_, first, second, _ = map(int, path.stem.split("_"))
    result = results[(first, second, round_)]
    record = read_psq(path)
    stones = len(record.setup.black) + len(record.setup.white)
    assert stones == openings[round_]
    black, white = (second, first) if stones % 2 else (first, second)
    assert (_engine(record.header("Black")), _engine(record.header("White"))) == (
        names[black], names[white])
    if result == 0:
        assert record.header("Result") == "draw" and record.header("Winner-engine") is None
        return
    winner = first if result == 1 else second
    assert _engine(record.header("Winner-engine")) == names[winner]
    assert record.header("Result") == ("black" if winner == black else "white")


def test_every_playok_game_is_read_legal_and_won_as_its_result_says():
    path = CORPUS / "other" / "playok_runglathap.pgn"
    source = read_file(str(path))
    game, fmt, parsed = parse_all(source.text, source.path)
    assert (game.name, fmt, len(parsed)) == ("renju", "pgn", 18)
    ended = 0
    for one in parsed:
        assert one.record is not None and one.findings == []
        problems, _ = driver.check(GAME, one.record)
        assert problems == [], one.name
        position = None
        for step in driver.replay(GAME, one.record):
            position = step.position
        done = GAME.outcome(position)
        if done is not None:  # the games that end in a five (the others: resigned, on time)
            ended += 1
            assert done.winner == one.record.header("Result")
    assert ended == 15


@pytest.mark.parametrize("path", SGF, ids=[p.name for p in SGF])
def test_every_renju_sgf_is_read_and_legal(path):
    source = read_file(str(path))
    game, fmt, parsed = parse_all(source.text, source.path,
                                  None if path.name in TOLD else "renju")
    assert (game.name, fmt) == ("renju", "sgf")
    for one in parsed:
        assert one.record is not None
        assert [f for f in one.findings if f.severity == "error"] == []
        assert driver.check(GAME, one.record)[0] == [], one.name


def _shape(roots: list[sgf.SgfNode]) -> list[list[tuple[str, tuple[str, ...]]]]:
    """Every node in file order, with its properties and raw values (CA set aside)."""
    return [[(ident, tuple(values)) for ident, values in node.properties.items() if ident != "CA"]
            for root in roots for node in root.walk()]


@pytest.mark.parametrize("path", SGF, ids=[p.name for p in SGF])
def test_every_renju_sgf_keeps_every_property_through_sgf(path, kifu_cli):
    before = sgf.read(read_file(str(path)).text)
    written = kifu_cli("convert", "--game", "renju", path, "--to", "sgf").stdout
    after = sgf.read(written)
    assert _shape([g.root for g in after.games]) == _shape([g.root for g in before.games])


def _tree_facts(root: renlib.LibNode) -> tuple[int, int, int]:
    """A library's nodes, comments and board texts, counted on its own tree."""
    nodes = comments = texts = 0
    stack = [root]
    while stack:
        node = stack.pop()
        nodes += 1
        comments += node.comment is not None
        texts += node.board_text is not None
        stack.extend(node.children)
    return nodes, comments, texts


@pytest.mark.parametrize("path", LIB, ids=[p.name for p in LIB])
def test_every_renlib_library_survives_kifu_sgf_and_json(path, kifu_cli, tmp_path):
    data = path.read_bytes()
    record = renlib.read(read_file(str(path)).text, str(path))
    assert driver.check(GAME, record)[0] == []
    assert renlib.write(record).encode("latin-1") == data
    facts = _tree_facts(renlib.read_tree(data)[0])
    assert facts[0] > 700 and facts[1] >= 32
    through_sgf = renju_sgf.read(renju_sgf.write(record))
    assert renlib.write(through_sgf).encode("latin-1") == data
    assert renlib.write(jsonform.loads(jsonform.dumps(record))).encode("latin-1") == data
    kifu_cli("convert", path, "--to", "sgf", "-o", tmp_path / "lib.sgf")
    kifu_cli("convert", tmp_path / "lib.sgf", "--to", "renlib", "-o", tmp_path / "back.lib")
    back = (tmp_path / "back.lib").read_bytes()
    assert _tree_facts(renlib.read_tree(back)[0]) == facts and back == data
