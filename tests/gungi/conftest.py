"""Helpers for Gungi tests: positions drawn as small diagrams, replayed through the library.

A diagram is nine rows (一段 at the top) of nine cells, files 9..1 from left to right, as black
sees the board.  A cell is ``.`` or a stack bottom to top, each piece its face with ``v`` before
a white one: ``砲弓`` is black's 弓 on black's 砲, ``兵v忍`` a white 忍 on a black 兵.  The
helpers turn it into the set-up diagram notation, so the tests read it through the same code
users do.
"""
from __future__ import annotations

import textwrap
from dataclasses import dataclass

import pytest

from kifu.base.record import Record
from kifu.builtin.gungi import GAME
from kifu.plugin import driver

RANKS = "一二三四五六七八九"


def bod(diagram: str, black: str = "", white: str = "", to_move: str = "先手") -> str:
    rows = [line.split() for line in textwrap.dedent(diagram).strip().splitlines()]
    assert len(rows) == 9 and all(len(r) == 9 for r in rows), rows
    lines = [f"後手の持駒：{white or 'なし'}", "  ９ ８ ７ ６ ５ ４ ３ ２ １", "+" + "-" * 27 + "+"]
    for rank, row in enumerate(rows):
        cells = []
        for cell in row:
            if cell == ".":
                cells.append(" ・")
                continue
            text, i = "", 0
            while i < len(cell):
                if cell[i] == "v":
                    text += "v" + cell[i + 1]
                    i += 2
                else:
                    text += " " + cell[i]
                    i += 1
                if i < len(cell) and cell[i] == "(":
                    end = cell.index(")", i)
                    text += cell[i:end + 1]
                    i = end + 1
            cells.append(text)
        lines.append("|" + "|".join(cells) + "|" + RANKS[rank])
    lines += ["+" + "-" * 27 + "+", f"先手の持駒：{black or 'なし'}", f"手番：{to_move}"]
    return "\n".join(lines) + "\n"


@dataclass
class Replay:
    record: Record
    problems: list
    position: object
    events: list

    @property
    def errors(self) -> list:
        return [p for p in self.problems if p.severity == "error"]

    @property
    def warnings(self) -> list:
        return [p for p in self.problems if p.severity == "warning"]

    def rules(self) -> list[str | None]:
        return [p.rule for p in self.problems]


def replay(diagram: str, moves: str = "", *, black: str = "", white: str = "",
           to_move: str = "先手", lenient: bool = False) -> Replay:
    """Replay ``moves`` from the drawn position; problems as ``kifu validate`` finds them."""
    record = GAME.parse(bod(diagram, black, white, to_move) + moves)
    problems, _ = driver.check(GAME, record, lenient=lenient)
    position = GAME.start(record)
    events = []
    try:
        for step in driver.replay(GAME, record, lenient=lenient):
            position = step.position
            events.append(step.events)
    except Exception:  # noqa: BLE001 - the problems list already holds it
        pass
    return Replay(record, problems, position, events)


def legal_moves(diagram: str, *, black: str = "", white: str = "",
                to_move: str = "先手") -> set[str]:
    """Every legal action as text such as ``move 5―5―1 兵 from 5―6―1``."""
    from kifu.builtin.gungi.rules.legal import legal_actions
    from kifu.builtin.gungi.rules.resolve import describe

    position = GAME.start(GAME.parse(bod(diagram, black, white, to_move)))
    return {describe(a, position.to_move) for a in legal_actions(position, position.to_move)}


@pytest.fixture
def gungi():
    class Helpers:
        pass

    helpers = Helpers()
    helpers.replay = replay
    helpers.legal = legal_moves
    helpers.bod = bod
    return helpers
