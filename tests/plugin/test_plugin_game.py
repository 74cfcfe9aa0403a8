"""A sixth game plugs in through the documented mechanism: a distribution of its own, found by
its entry point in the group ``kifu.games``, written against the game contract only.

The toy game is Nim with one pile (``Pile: 7``; each move takes 1, 2 or 3 stones; whoever takes
the last stone wins).  Its distribution (a package and its ``.dist-info`` with
``entry_points.txt``, as pip installs one) is written into a folder that the ``kifu`` processes
find on their path, so that ``importlib.metadata`` reads a real entry point and kifu loads the
game as it would any installed plug-in.  No core module names the game: the core learns it
from the entry point alone.
"""
from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]

CARD = '''\
"""kifu-toynim: the card kifu reads from the entry point; the game itself is in .game."""
from kifu.plugin import Card

CARD = Card("toynim", "Toy Nim (one pile)", "kifu_toynim.game", suffixes=(".nim",))
'''

GAME = '''\
"""Nim with one pile, written against kifu's game contract only."""
from __future__ import annotations

import re
from dataclasses import dataclass

from kifu.base.errors import HeaderError, IllegalMoveError, NotationError
from kifu.plugin import GamePlugin
from kifu.plugin import Outcome, Played, RenderOptions
from kifu.reading.movetext import RecordBuilder
from kifu.base.record import Record, Span

PLAYERS = ("first", "second")


@dataclass
class Pile:
    stones: int
    to_move: int = 0
    winner: int | None = None


class ToyNim(GamePlugin):
    name = "toynim"
    title = "Toy Nim (one pile)"
    suffixes = (".nim",)
    notation = "header lines, then the stones each move takes (1, 2 or 3)"
    player_headers = ("First", "Second")

    def parse(self, text: str, source: str = "<string>") -> Record:
        builder = RecordBuilder(self.name, source)
        for number, line in enumerate(text.splitlines(), start=1):
            header = re.fullmatch(r"([A-Za-z-]+):\\s*(.*)", line)
            if header and not builder.seen_move:
                builder.header(header[1], header[2].strip(),
                               Span(number, 1, number, len(line) + 1))
                continue
            for word in re.finditer(r"\\S+", line):
                span = Span(number, word.start() + 1, number, word.end() + 1)
                if not word[0].isdigit() or len(word[0]) > 2:
                    raise NotationError(f"{word[0]!r} is not a number of stones", span=span)
                builder.move(int(word[0]), span)
        return builder.finish()

    def write(self, record: Record, dialect: str | None = None) -> str:
        heads = [f"{key}: {value}" for key, value in record.headers.items()]
        return "\\n".join([*heads, "", " ".join(str(n.move) for n in record.moves)]) + "\\n"

    def move_to_json(self, move: int) -> dict:
        return {"type": "take", "stones": move}

    def move_from_json(self, data: dict) -> int:
        return int(data["stones"])

    def start(self, record: Record) -> Pile:
        said = record.header("Pile") or "7"
        if not said.isdigit() or not 1 <= int(said) <= 99:
            raise HeaderError(f"a pile holds 1 to 99 stones, not {said!r}",
                              span=record.header_span("Pile"))
        return Pile(int(said))

    def play(self, position: Pile, move: int, *, lenient: bool = False) -> Played:
        if not 1 <= move <= 3:
            raise IllegalMoveError(f"a move takes 1, 2 or 3 stones, not {move}", rule="take")
        if move > position.stones:
            raise IllegalMoveError(f"only {position.stones} stones are left", rule="pile")
        position.stones -= move
        mover = position.to_move
        position.to_move = 1 - mover
        if position.stones == 0:
            position.winner = mover
        return Played([{"type": "take", "player": PLAYERS[mover], "stones": move}])

    def legal_moves(self, position: Pile) -> list[int]:
        if position.winner is not None:
            return []
        return list(range(1, min(3, position.stones) + 1))

    def copy(self, position: Pile) -> Pile:
        return Pile(position.stones, position.to_move, position.winner)

    def outcome(self, position: Pile) -> Outcome | None:
        if position.winner is None:
            return None
        return Outcome(PLAYERS[position.winner], "took the last stone")

    def render_svg(self, position: Pile, options: RenderOptions, record: Record | None = None
                   ) -> str:
        from kifu.draw.svg import document, element, to_string

        root = document(20 * max(position.stones, 1), 20, title=self.title)
        for index in range(position.stones):
            element(root, "circle", cx=20 * index + 10, cy=10, r=8)
        return to_string(root)

    def render_text(self, position: Pile, options: RenderOptions) -> str:
        return "o" * position.stones + "\\n"

    def position_to_json(self, position: Pile) -> dict:
        return {"stones": position.stones, "to_move": PLAYERS[position.to_move]}


GAME = ToyNim()
'''


@pytest.fixture(scope="module")
def plugin_path(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A folder holding the toy game's distribution as pip installs one: the package and its
    ``.dist-info`` with the entry point."""
    site = tmp_path_factory.mktemp("site")
    package = site / "kifu_toynim"
    package.mkdir()
    (package / "__init__.py").write_text(CARD, encoding="utf-8")
    (package / "game.py").write_text(GAME, encoding="utf-8")
    info = site / "kifu_toynim-0.1.dist-info"
    info.mkdir()
    (info / "METADATA").write_text("Metadata-Version: 2.1\nName: kifu-toynim\nVersion: 0.1\n",
                                   encoding="utf-8")
    (info / "entry_points.txt").write_text("[kifu.games]\ntoynim = kifu_toynim:CARD\n",
                                           encoding="utf-8")
    (info / "RECORD").write_text("", encoding="utf-8")
    return site


def kifu(plugin_path: Path, *args: str | Path, cwd: Path = ROOT) -> subprocess.CompletedProcess[str]:
    """``kifu ARGS`` as a process of its own, with the toy distribution on its path."""
    env = {**os.environ, "PYTHONPATH": os.pathsep.join(
        [str(plugin_path), *filter(None, [os.environ.get("PYTHONPATH")])])}
    return subprocess.run([sys.executable, "-m", "kifu", *map(str, args)], cwd=cwd, env=env,
                          capture_output=True, text=True, timeout=120, check=False)


def test_the_plugged_game_is_listed_with_the_built_in_ones(plugin_path):
    done = kifu(plugin_path, "games")
    assert done.returncode == 0, done.stderr
    rows = {block.split()[0]: block for block in done.stdout.split("\n\n")}
    assert {"freego", "gungi", "rengi", "rengoma", "renju", "toynim"} <= rows.keys()
    assert "Toy Nim (one pile)" in rows["toynim"] and ".nim" in rows["toynim"]
    assert "failed to load" not in done.stderr


def test_a_record_of_the_plugged_game_is_validated_by_its_suffix(plugin_path, tmp_path):
    legal = tmp_path / "game.nim"
    legal.write_text("First: Ann\nSecond: Bob\nPile: 7\nResult: second\n\n3 1 2 1\n",
                     encoding="utf-8")
    done = kifu(plugin_path, "validate", legal)
    assert done.returncode == 0, done.stdout + done.stderr
    assert "toynim" in done.stderr  # the summary's row


def test_the_plugged_games_rules_and_result_are_checked(plugin_path, tmp_path):
    illegal = tmp_path / "bad.nim"
    illegal.write_text("Pile: 5\n\n3 3\n", encoding="utf-8")
    wrong_result = tmp_path / "result.nim"
    wrong_result.write_text("Pile: 4\nResult: first\n\n2 2\n", encoding="utf-8")
    done = kifu(plugin_path, "validate", illegal, wrong_result)
    assert done.returncode == 1
    assert f"{illegal}:3:3: error[illegal-move]: move 2: only 2 stones are left [rule: pile]" \
        in done.stdout
    assert (f"{wrong_result}:2:1: error[result]: the record says the result is 'first', but "
            "the moves say: the second player wins (took the last stone) [rule: result]") \
        in done.stdout


def test_the_plugged_game_is_drawn(plugin_path, tmp_path):
    record = tmp_path / "game.nim"
    record.write_text("Pile: 5\n\n1\n", encoding="utf-8")
    done = kifu(plugin_path, "render", record, "--format", "text")
    assert (done.returncode, done.stdout) == (0, "oooo\n")
    svg = kifu(plugin_path, "render", record)
    assert svg.returncode == 0 and svg.stdout.count("<circle") == 4


def test_the_plugged_game_converts_to_json_and_back(plugin_path, tmp_path):
    record = tmp_path / "game.nim"
    record.write_text("Pile: 3\n\n1 2\n", encoding="utf-8")
    as_json = kifu(plugin_path, "convert", record, "--to", "json", "-o", tmp_path / "game.json")
    assert as_json.returncode == 0, as_json.stderr
    back = kifu(plugin_path, "convert", tmp_path / "game.json", "--to", "native")
    assert back.returncode == 0, back.stderr
    assert back.stdout == "Game: toynim\nPile: 3\n\n1 2\n"  # kifu's text names its game


def test_the_library_plays_the_plugged_game(plugin_path):
    script = ("import kifu; nim = kifu.game('toynim'); record = kifu.parse('Pile: 5\\n\\n2\\n', "
              "game='toynim'); position = record.position(); "
              "print(nim.legal_moves(position), nim.legal_moves(nim.play(position, 3)))")
    env = {**os.environ, "PYTHONPATH": str(plugin_path)}
    done = subprocess.run([sys.executable, "-c", script], cwd=ROOT, env=env,
                          capture_output=True, text=True, timeout=120, check=False)
    assert done.returncode == 0, done.stderr
    assert done.stdout.split("\n")[0] == "[1, 2, 3] []"


def test_without_the_distribution_kifu_knows_no_such_game(tmp_path):
    record = tmp_path / "game.nim"
    record.write_text("Pile: 3\n\n1 2\n", encoding="utf-8")
    done = subprocess.run([sys.executable, "-m", "kifu", "validate", str(record)], cwd=ROOT,
                          capture_output=True, text=True, timeout=120, check=False)
    assert done.returncode == 2
    assert "cannot tell which game this record is" in done.stdout + done.stderr
