"""Rengoma's moves as values: squares, actions and turns, with the text of each and their JSON
form.

A *move* of the record is a whole turn: its normal action, then the extra actions paid with
chips, each written after a ``*``.  So a turn number counts turns, never actions, and a
variation in ``( ... )`` replaces a whole turn.  Actions: ``A c3`` places the mover's field
piece, ``B d4`` the enemy's, ``C c3-c6`` moves a piece like a rook.  A placement may state the
strength it expects (``A c3=2``); the referee checks it against the field piece.
Whole records are read and written by :mod:`kifu.builtin.rengoma.notation`.
"""
from __future__ import annotations

import unicodedata
from dataclasses import dataclass, field
from typing import Any, NamedTuple

from kifu.plugin import MAX_DIGITS, Span, read_int, shorten, whole

LETTERS = "abcdefghijklmnopqrstuvwxyz"


class Square(NamedTuple):
    """A square, 0-based: column (file) from the left, row (rank) from the bottom."""

    column: int
    row: int

    def __str__(self) -> str:
        return f"{LETTERS[self.column]}{self.row + 1}"

    @classmethod
    def parse(cls, text: str) -> Square:
        """``c3`` -> Square(2, 2); full-width and upper-case forms too.  Squares off the board
        parse (the board's size is the record's); the referee rejects them."""
        text = unicodedata.normalize("NFKC", text).strip().lower()
        row = read_int(text[1:])
        if not text or text[0] not in LETTERS or not row:
            raise ValueError(f"{shorten(text)!r} is not a square such as c3")
        return cls(LETTERS.index(text[0]), row - 1)


@dataclass(frozen=True)
class Place:
    """Action A (``enemy`` false: the mover's own field piece) or B (the enemy's) on a square."""

    enemy: bool
    square: Square
    #: The strength the record states for the piece (``A c3=2``), if it states one.
    strength: int | None = None
    span: Span | None = field(default=None, compare=False, repr=False)

    @property
    def kind(self) -> str:
        return "B" if self.enemy else "A"

    def __str__(self) -> str:
        stated = "" if self.strength is None else f"={self.strength}"
        return f"{self.kind} {self.square}{stated}"


@dataclass(frozen=True)
class Shift:
    """Action C: the mover's top piece on ``origin`` goes like a rook to ``target``."""

    origin: Square
    target: Square
    span: Span | None = field(default=None, compare=False, repr=False)

    kind = "C"

    def __str__(self) -> str:
        return f"C {self.origin}-{self.target}"


Action = Place | Shift


@dataclass(frozen=True)
class Turn:
    """One turn: the normal action, then the extra actions (one chip each), in order."""

    actions: tuple[Action, ...]

    def __post_init__(self) -> None:
        if not self.actions:
            raise ValueError("a turn has at least one action")

    @property
    def extras(self) -> tuple[Action, ...]:
        return self.actions[1:]

    def __str__(self) -> str:
        return " *".join(map(str, self.actions))


# -- JSON -----------------------------------------------------------------------------------

def action_to_json(action: Action) -> dict[str, Any]:
    if isinstance(action, Shift):
        return {"action": "C", "from": str(action.origin), "to": str(action.target)}
    data: dict[str, Any] = {"action": action.kind, "square": str(action.square)}
    if action.strength is not None:
        data["strength"] = action.strength
    return data


def action_from_json(data: dict[str, Any]) -> Action:
    kind = data["action"]
    if kind == "C":
        return Shift(Square.parse(data["from"]), Square.parse(data["to"]))
    if kind not in ("A", "B"):
        raise ValueError(f"unknown Rengoma action {kind!r} (A, B or C)")
    strength = data.get("strength")
    if strength is not None:
        whole(strength, "a stated strength", 0, 10 ** MAX_DIGITS - 1)
    return Place(kind == "B", Square.parse(data["square"]), strength)


def move_to_json(turn: Turn) -> dict[str, Any]:
    """A turn: its actions in order, the first the normal one, the others paid with chips."""
    return {"type": "turn", "actions": [action_to_json(a) for a in turn.actions]}


def move_from_json(data: dict[str, Any]) -> Turn:
    if data.get("type") != "turn":
        raise ValueError(f"unknown Rengoma move type {data.get('type')!r} (a move is a 'turn')")
    return Turn(tuple(action_from_json(item) for item in data["actions"]))
