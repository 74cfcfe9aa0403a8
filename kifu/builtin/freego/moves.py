"""Free-form Go's moves as values: a stone on a cell (named as written), a pass, and stones set
up in the middle of a game; what a cell's name may be; the text of each move and its JSON form.

A move is a cell's id or label exactly as written (``長野``, ``nagano`` and ``長野県`` are three
spellings of one cell): the referee resolves it against the board, so a record reads without
its board at hand.  ``@N`` after a move names the seat (1-based) that made it, for records that
break the seat order.
"""
from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any, ClassVar

from kifu.plugin import whole

PASS_WORDS = ("pass", "パス")
#: Characters a cell's name cannot contain: they separate moves or open comments and variations
#: in the notation (``grammars/freego.lark``), mark the seat (``@``) or end a header key (``:``).
RESERVED = frozenset(" \t\n\u3000(){}[];,、→@:：")


@dataclass(frozen=True, slots=True)
class Place:
    """A stone on the cell named ``cell`` (as written), by the seat to move or by ``seat``."""

    cell: str
    seat: int | None = None  # 0-based; None: whoever's turn it is

    def __str__(self) -> str:
        return self.cell if self.seat is None else f"{self.cell}@{self.seat + 1}"


@dataclass(frozen=True, slots=True)
class Pass:
    """The seat to move (or ``seat``) passes.  ``elsewhere``: it played somewhere the record
    does not show (an SGF variation where the other colour moves again, "tenuki"), which is no
    pass towards the end of the game."""

    seat: int | None = None
    elsewhere: bool = field(default=False, compare=False)

    def __str__(self) -> str:
        return "pass" if self.seat is None else f"pass@{self.seat + 1}"


@dataclass(frozen=True, slots=True)
class Edit:
    """Stones set up in the middle of a game: ``add[s]`` are seat ``s``'s new stones (replacing
    whatever stood there), ``clear`` the cells emptied, ``to_move`` the seat to move next."""

    add: tuple[tuple[str, ...], ...] = ()
    clear: tuple[str, ...] = ()
    to_move: int | None = None
    is_event: ClassVar[bool] = True
    seat: ClassVar[None] = None

    def __str__(self) -> str:
        parts = [f"add-{s + 1}: {' '.join(cells)}" for s, cells in enumerate(self.add) if cells]
        if self.clear:
            parts.append("clear: " + " ".join(self.clear))
        if self.to_move is not None:
            parts.append(f"to-move: {self.to_move + 1}")
        return "[" + "; ".join(parts) + "]"


Move = Place | Pass | Edit

def valid_name(name: str) -> bool:
    """Whether ``name`` can stand for a cell in a record (board files are checked with it)."""
    return (bool(name) and not any(c in RESERVED or c.isspace() for c in name)
            and name.casefold() not in PASS_WORDS and not _numbered(name))


_MOVE_NUMBER = re.compile(r"[0-9０-９]+[.．]")


def _numbered(name: str) -> bool:
    """``12.`` (and so ``12.5``) reads as a move number, never as a cell."""
    return _MOVE_NUMBER.match(name) is not None


# -- JSON -----------------------------------------------------------------------------------

def move_to_json(move: Move) -> dict[str, Any]:
    if isinstance(move, Edit):
        return {"type": "setup", "add": [list(cells) for cells in move.add],
                "clear": list(move.clear),
                "to_move": None if move.to_move is None else move.to_move + 1}
    data: dict[str, Any] = ({"type": "place", "cell": move.cell} if isinstance(move, Place)
                            else {"type": "pass"})
    if move.seat is not None:
        data["seat"] = move.seat + 1
    return data


def move_from_json(data: dict[str, Any]) -> Move:
    kind = data["type"]
    if kind == "setup":
        return _edit_from_json(data)
    seat = data.get("seat")
    if seat is not None:
        seat = whole(seat, "a seat", 1, 4) - 1
    if kind == "place":
        cell = data["cell"]
        if not isinstance(cell, str) or not valid_name(cell):
            raise ValueError(f"{cell!r} cannot name a cell")
        return Place(cell, seat)
    if kind == "pass":
        return Pass(seat)
    raise ValueError(f"unknown Free-form Go move type {kind!r}")


def _edit_from_json(data: dict[str, Any]) -> Edit:
    add, clear, to_move = data.get("add", []), data.get("clear", []), data.get("to_move")
    if not isinstance(add, list) or len(add) > 4 or not all(
            isinstance(cells, list) and all(isinstance(c, str) and valid_name(c) for c in cells)
            for cells in add):
        raise ValueError("a set-up's 'add' is up to 4 lists of cell names")
    if not isinstance(clear, list) or not all(isinstance(c, str) and valid_name(c) for c in clear):
        raise ValueError("a set-up's 'clear' is a list of cell names")
    if to_move is not None and (not isinstance(to_move, int) or not 1 <= to_move <= 4):
        raise ValueError("a set-up's 'to_move' is a seat number from 1 to 4")
    return Edit(tuple(tuple(cells) for cells in add), tuple(clear),
                None if to_move is None else to_move - 1)
