"""Renju's moves as values: points, stones, passes, and the opening events, with the text of
each move and its JSON form.

A point is a column letter ``a``..``o`` and a row ``1``..``15`` from the bottom (any case on
input, lower case on output).  ``pass`` passes; ``swap`` (the players exchange colours) and
``offer[j7 k10]`` (black's proposed fifth moves) are opening events that take no move number.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any, NamedTuple

from kifu.plugin import read_int, shorten

LETTERS = "abcdefghijklmnopqrstuvwxyz"


class Point(NamedTuple):
    """A point, 0-based: column from the left, row from the bottom."""

    column: int
    row: int

    def __str__(self) -> str:
        return f"{LETTERS[self.column]}{self.row + 1}"

    @classmethod
    def parse(cls, text: str) -> Point:
        """``h8`` -> Point(7, 7).  Points off the 15x15 board parse; the referee rejects them.
        Text that is no point at all (``h0``, ``h``, ``7h``) is a ``ValueError``."""
        column = LETTERS.find(text[:1].lower()) if text[:1].isascii() else -1
        row = read_int(text[1:])
        if not text or column < 0 or not row:
            raise ValueError(f"{shorten(text)!r} is not a point")
        return cls(column, row - 1)


@dataclass(frozen=True)
class Place:
    """A stone on ``point``, by the side to move."""

    point: Point

    def __str__(self) -> str:
        return str(self.point)


@dataclass(frozen=True)
class Pass:
    def __str__(self) -> str:
        return "pass"


@dataclass(frozen=True)
class Swap:
    """The players exchange colours (opening rules); the board does not change."""

    is_event = True

    def __str__(self) -> str:
        return "swap"


@dataclass(frozen=True)
class Offer:
    """Black offers these fifth moves; white picks one, which is the next move played."""

    points: tuple[Point, ...]
    is_event = True

    def __str__(self) -> str:
        return "offer[" + " ".join(map(str, self.points)) + "]"


Move = Place | Pass | Swap | Offer


# -- JSON -----------------------------------------------------------------------------------

def move_to_json(move: Move) -> dict[str, Any]:
    if isinstance(move, Place):
        return {"type": "place", "point": str(move.point)}
    if isinstance(move, Offer):
        return {"type": "offer", "points": [str(p) for p in move.points]}
    return {"type": str(move)}


def move_from_json(data: dict[str, Any]) -> Move:
    kind = data["type"]
    if kind == "place":
        return Place(Point.parse(data["point"]))
    if kind == "offer":
        points = data["points"]
        if not isinstance(points, list) or not points:
            raise ValueError("an offer names at least one point")
        return Offer(tuple(Point.parse(p) for p in points))
    if kind == "pass":
        return Pass()
    if kind == "swap":
        return Swap()
    raise ValueError(f"unknown Renju move type {kind!r}")
