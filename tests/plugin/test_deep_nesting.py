"""Variations nested as deep as a record's moves allow (issue 26): read, checked, written in
every format and read back, shown and drawn by every command, with no recursion on the way.

Python stops a recursion at 1,000 frames, so any walk that recursed per level fails here. The
records are made from each game's own examples (a move of its main line replaced by itself,
the alternative again replaced by itself, and so on), so that a game added later is covered.
"""
from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from kifu.base.errors import KifuError
from kifu.base.record import Node, Record, VariationPath
from kifu.plugin import GamePlugin, driver, jsonform, registry
from kifu.reading.source import read_source
from kifu.run.load import parse_text

EXAMPLES = Path(__file__).resolve().parents[2] / "examples"
DEPTH = 2_000  # twice Python's recursion limit; 50,000 below, for one game


def _games() -> list[str]:
    return sorted(card.name for card in registry.cards())


def _writable(game: GamePlugin, record: Record) -> int:
    """How many formats of the game can hold the record (SGF holds no map board, say; a
    format kifu only reads holds none)."""
    count = 0
    for fmt in game.formats().values():
        try:
            "".join(fmt.write(record))
        except KifuError:
            continue
        count += 1
    return count


def deep_record(game_name: str, depth: int) -> Record:
    """The first legal example of the game with two moves that every format of the game can
    hold, its second move replaced by itself ``depth`` times, each replacement inside the one
    before."""
    game = registry.get(game_name)
    found: list[tuple[int, str, Record]] = []
    for path in sorted((EXAMPLES / game_name).iterdir()):
        if path.suffix not in game.suffixes:
            continue
        record = game.parse(read_source(str(path)).text, str(path))
        problems, _ = driver.check(game, record)
        if len(record.moves) >= 2 and not [p for p in problems if p.severity == "error"]:
            found.append((-_writable(game, record), str(path), record))
    assert found, f"no legal example of {game_name} with two moves"
    record = min(found, key=lambda item: item[:2])[2]
    if record.header("Game") is None:  # as kifu writes it, converted back from JSON
        record.headers = {"Game": game_name, **record.headers}
    del record.moves[2:]
    node = record.moves[1]
    node.variations = []
    for _ in range(depth):
        inner = Node(node.move)
        node.variations.append([inner])
        node = inner
    return record


@pytest.fixture(scope="module", params=_games())
def deep_file(request, tmp_path_factory) -> tuple[str, Path, Record]:
    name = request.param
    record = deep_record(name, DEPTH)
    game = registry.get(name)
    path = tmp_path_factory.mktemp(name) / f"deep.{game.suffixes[0].lstrip('.')}"
    path.write_text(game.write(record), encoding="utf-8")
    return name, path, record


def test_a_deep_record_reads_back_from_every_format_it_is_written_in(deep_file):
    name, path, record = deep_file
    game = registry.get(name)
    _, read = parse_text(path.read_text(encoding="utf-8"), str(path))
    assert read == record
    for dialect in game.dialects:
        try:
            text = game.write(read, dialect)
        except KifuError:  # a dialect that cannot say a move says so
            continue
        assert len(list(game.parse(text).walk())) == DEPTH + 1
    assert jsonform.loads(jsonform.dumps(read)) == read
    for format_name, fmt in game.formats().items():
        try:
            text = "".join(fmt.write(read))
        except KifuError:  # a format kifu only reads, or one that cannot hold the record
            continue
        again = fmt.read(text, f"<{format_name}>")
        # SGF has no variation of a variation's first move: it is another alternative to the
        # same move, a sibling, so the tree comes back flatter, with every move (where the
        # format holds variations at all)
        if fmt.leaves_out is None or not fmt.leaves_out(read):
            assert sum(len(nodes) for _, _, nodes in again.walk()) == DEPTH + 2, format_name


def test_every_command_takes_a_deep_record(deep_file, kifu_cli, tmp_path):
    name, path, _ = deep_file
    kifu_cli("validate", "-q", path)
    converted = tmp_path / "deep.json"
    kifu_cli("convert", path, "--to", "json", "-o", converted)
    kifu_cli("validate", "-q", converted)
    again = kifu_cli("convert", converted, "--to", "native").stdout
    assert again == path.read_text(encoding="utf-8")
    shown = json.loads(kifu_cli("show", path, "--format", "json").stdout)
    assert len(shown["lines"][0]["moves"]) == 2
    kifu_cli("show", path)
    for fmt in ("svg", "text", "html"):
        kifu_cli("render", path, "--format", fmt, "-o", tmp_path / f"deep.{fmt}")


def test_the_replay_document_refuses_the_square_of_a_deep_record(deep_file, kifu_cli):
    """Every line of ``--variations`` gives its path whole: 5,000 levels would give 25
    million numbers."""
    _, path, _ = deep_file
    result = kifu_cli("show", path, "--format", "json", "--variations", exit_code=1)
    assert "[rule: replay-positions]" in result.stderr


def test_a_record_nested_50_000_deep_is_read_checked_and_converted_by_kifu_itself(tmp_path):
    """In a process of its own, as users run it: no recursion limit or stack to lean on."""
    record = deep_record("renju", 50_000)
    path = tmp_path / "deep.renju"
    path.write_text(registry.get("renju").write(record), encoding="utf-8")
    for args in (["validate", "-q", str(path)],
                 ["convert", str(path), "--to", "json", "-o", str(tmp_path / "deep.json")],
                 ["convert", str(tmp_path / "deep.json"), "--to", "sgf", "-o",
                  str(tmp_path / "deep.sgf")],
                 ["validate", "-q", str(tmp_path / "deep.sgf")]):
        done = subprocess.run([sys.executable, "-m", "kifu", *args], capture_output=True,
                              text=True, timeout=120)
        assert done.returncode == 0, (args, done.stdout[-2000:], done.stderr[-2000:])


def test_a_deep_path_is_its_tuple():
    path = VariationPath()
    numbers: tuple[int, ...] = ()
    for level in range(1, 3_000):
        path, numbers = path + (level, 2), numbers + (level, 2)
    assert path == numbers and numbers == path and hash(path) == hash(numbers)
    assert path.stem == numbers[:-2] and path[-1] == 2 and list(path) == list(numbers)
    assert {numbers: "found"}[path] == "found"


_POINTS = [f"{column}{row}" for column in "abcdefgh" for row in range(1, 9)]


@st.composite
def trees(draw) -> Record:
    """Random Renju trees, some nested deeply: any move will do, as reading does not judge.
    Each variation starts with a move (an empty one cannot be written)."""
    game = registry.get("renju")

    def node() -> Node:
        move = game.parse_move(draw(st.sampled_from(_POINTS)), None)
        return Node(move, ["a note"] if draw(st.booleans()) else [])

    record = Record("renju", moves=[node()])
    lines = [record.moves]
    for _ in range(draw(st.integers(0, 80))):
        action = draw(st.sampled_from(["move", "open", "open", "close"]))
        if action == "open":
            variation = [node()]
            lines[-1][-1].variations.append(variation)
            lines.append(variation)
        elif action == "close" and len(lines) > 1:
            lines.pop()
        else:
            lines[-1].append(node())
    return record


@settings(max_examples=60, deadline=None)
@given(trees())
def test_writing_and_reading_a_random_tree_gives_it_back(record):
    game = registry.get("renju")
    assert game.parse(game.write(record)) == record
    assert jsonform.loads(jsonform.dumps(record)) == record
