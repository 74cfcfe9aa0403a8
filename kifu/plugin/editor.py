"""How a position of a game is set up by clicks (``kifu serve``'s board search): the game's
:class:`EditorLayout`, its position key described as data, which the page reads and writes
without knowing the game.

A game gives one as ``EDITOR`` in its ``position`` module (:meth:`GamePlugin.editor_layout`);
a game that gives none is set up by editing its key as text.  The layout says which of the
key's fields (separated by single spaces, counted from 0) hold boards, written as every game's
key writes them (rows from the top separated by ``/``, a number a run of empty points, a stack
between its two brackets, bottom to top), which holds the side to move and the letter of each
side there, which holds the hands, and the pieces a click puts.  The fields it does not name
stay as they are.  :meth:`EditorLayout.read` and :meth:`EditorLayout.write` are what the page
does, in Python: the suite holds every game's layout to the keys the game writes with them.
"""
from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

#: A board of the editor: its rows from the top, each point's pieces bottom to top (as the
#: key writes them, a piece's note kept).
Board = list[list[list[str]]]
#: The longest run of empty points a board's row writes (a key is never this wide).
MAX_RUN = 10_000
_COLOUR = re.compile(r"#[0-9a-f]{6}")
_DIGITS = re.compile(r"[0-9]+")


@dataclass(frozen=True)
class EditorPiece:
    """What a click puts on a point: ``code``, the piece as the key writes it (``x``, ``v帥``,
    ``B1``); ``side``, the side it is of (one of the game's sides; ``None`` for a piece of no
    side, Rengi's colours); ``label``, what is written on it and said of it after its side's
    name (a face, ``帥``; ``""`` for a plain stone, said by its side's name alone);
    ``colour``, the colour it is drawn in (``#rrggbb``; ``""``: its side's, by seat, dark for
    the first and light for the second); ``turned``, drawn upside down (the second side's
    pieces, as shogi's diagrams draw them)."""

    code: str
    side: str | None = None
    label: str = ""
    colour: str = ""
    turned: bool = False

    def __post_init__(self) -> None:
        if not self.code or self.code[0].isdigit() or any(
                char.isspace() or char == "/" for char in self.code):
            raise ValueError(f"a piece's code is written in a key's row: {self.code!r} "
                             "starts with a digit (a run of empty points) or holds a space "
                             "or '/'")
        if self.colour and not _COLOUR.fullmatch(self.colour):
            raise ValueError(f"a piece's colour is #rrggbb (lower case), not {self.colour!r}")

    def to_json(self) -> dict[str, Any]:
        return {"code": self.code, "side": self.side, "label": self.label,
                "colour": self.colour, "turned": self.turned}


@dataclass
class Setup:
    """A position key as the editor holds it: its fields, its boards (those of
    :attr:`EditorLayout.boards`, in that order) and its hands (one a side, in the order of
    :attr:`EditorLayout.side_codes`; ``None`` for a game without hands)."""

    fields: list[str]
    boards: list[Board]
    hands: list[list[str]] | None = None


@dataclass(frozen=True)
class EditorLayout:
    """A game's position key as the board search's editor reads and writes it.

    ``boards``: the fields that hold a board; ``side_field``: the field of the side to move,
    and ``side_codes`` the letter each side is written with there (``{"b": "black", "w":
    "white"}``, first seat first); ``pieces``: what a click puts, in the palette's order;
    ``points``: stones on the points where lines cross (Go, Renju: a click on the same stone
    takes it off), else pieces in squares; ``tiers``: the most pieces one point holds, a stack;
    ``stack``: the two brackets a stack of several pieces is written between (``"()"``), and
    ``every_stack``: every occupied point written so, one piece too; ``note``: the two
    brackets of a note a piece may carry after its code (``"<>"``: Gungi's other face), kept
    as written; ``hands``: the field of the pieces in hand, each side's in the order of
    ``side_codes``, separated by ``/`` (``-`` for none), a piece in hand written by its label;
    ``board_sides``: the side each board is (Rengi's fields); ``patterns``: whether drawn
    patterns are searched (the game's index keeps grids: Go, Renju); ``key_prefix``: the keys
    the layout is for start with it (Free-form Go's grids, ``grid:``; ``""``: every key)."""

    boards: tuple[int, ...]
    side_field: int
    side_codes: Mapping[str, str]
    pieces: tuple[EditorPiece, ...]
    points: bool = False
    tiers: int = 1
    stack: str = ""
    every_stack: bool = False
    note: str = ""
    hands: int | None = None
    board_sides: tuple[str, ...] = ()
    patterns: bool = False
    key_prefix: str = ""
    _codes: tuple[str, ...] = field(default=(), init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        named = [*self.boards, self.side_field, *(() if self.hands is None else (self.hands,))]
        if not self.boards or len(set(named)) != len(named) or min(named) < 0:
            raise ValueError(f"a layout names one or more boards and other fields, each once, "
                             f"from 0: {named}")
        sides = set(self.side_codes.values())
        if not self.side_codes or any(not code or " " in code for code in self.side_codes):
            raise ValueError("a layout names each side's letter in the side's field")
        brackets = self.stack + self.note
        if len(self.stack) not in (0, 2) or len(self.note) not in (0, 2):
            raise ValueError("a stack's brackets and a note's are two characters, or none")
        if (self.tiers > 1 or self.every_stack) and not self.stack or self.tiers < 1:
            raise ValueError("a layout of stacks names the brackets they are written in")
        codes = [piece.code for piece in self.pieces]
        if len(set(codes)) != len(codes):
            raise ValueError("each piece of a layout has a code of its own")
        for piece in self.pieces:
            if piece.side is not None and piece.side not in sides:
                raise ValueError(f"piece {piece.code!r} is of side {piece.side!r}, which the "
                                 f"side's field does not name ({', '.join(sorted(sides))})")
            if any(char in brackets for char in piece.code):
                raise ValueError(f"piece {piece.code!r} holds a bracket of a stack or a note")
        if self.board_sides and (len(self.board_sides) != len(self.boards)
                                 or not set(self.board_sides) <= sides):
            raise ValueError("board_sides names a side of the side's field for each board")
        # the longest code first: a piece is read as the longest code its text starts with
        object.__setattr__(self, "_codes", tuple(sorted(codes, key=len, reverse=True)))

    def fits(self, key: str) -> bool:
        """Whether the layout is for ``key`` (it starts with :attr:`key_prefix`)."""
        return key.startswith(self.key_prefix)

    def read(self, key: str) -> Setup | None:
        """``key`` as the editor holds it; ``None`` where the layout is not for it or its
        boards or hands are not written as the layout says (the page then edits its text)."""
        fields = key.split(" ")
        if not self.fits(key) or max(*self.boards, self.side_field,
                                     -1 if self.hands is None else self.hands) >= len(fields):
            return None
        try:
            boards = [[self._points(row) for row in fields[index].split("/")]
                      for index in self.boards]
            hands = None if self.hands is None else [
                [] if hand == "-" else [piece for point in self._points(hand) for piece in point]
                for hand in fields[self.hands].split("/")]
        except ValueError:
            return None
        return Setup(fields, boards, hands)

    def write(self, setup: Setup) -> str:
        """The key ``setup`` holds: its boards and hands written in their fields."""
        fields = list(setup.fields)
        for index, board in zip(self.boards, setup.boards):
            fields[index] = "/".join(self._row(row) for row in board)
        if self.hands is not None and setup.hands is not None:
            fields[self.hands] = "/".join("".join(hand) or "-" for hand in setup.hands)
        return " ".join(fields)

    def to_json(self) -> dict[str, Any]:
        """The layout as ``/api/games`` gives it to the page."""
        return {"boards": list(self.boards), "side_field": self.side_field,
                "side_codes": dict(self.side_codes),
                "pieces": [piece.to_json() for piece in self.pieces], "points": self.points,
                "tiers": self.tiers, "stack": self.stack, "every_stack": self.every_stack,
                "note": self.note, "hands": self.hands, "board_sides": list(self.board_sides),
                "patterns": self.patterns, "key_prefix": self.key_prefix}

    # -- a board's rows -----------------------------------------------------------------------

    def _points(self, text: str) -> list[list[str]]:
        """A row's points, each its pieces bottom to top (``[]`` an empty point)."""
        points: list[list[str]] = []
        at = 0
        while at < len(text):
            digits = _DIGITS.match(text, at)
            if digits:
                if len(digits.group()) > 5 or int(digits.group()) > MAX_RUN:
                    raise ValueError("a run too long for a board")
                points.extend([] for _ in range(int(digits.group())))
                at = digits.end()
            elif self.stack and text[at] == self.stack[0]:
                end = text.find(self.stack[1], at)
                if end < 0:
                    raise ValueError("a stack never closed")
                inside, pieces, at = text[at + 1:end], [], end + 1
                place = 0
                while place < len(inside):
                    piece, place = self._piece(inside, place)
                    pieces.append(piece)
                points.append(pieces)
            else:
                piece, at = self._piece(text, at)
                points.append([piece])
        return points

    def _piece(self, text: str, at: int) -> tuple[str, int]:
        """The piece written at ``at``: the longest code it starts with (else one character,
        a piece the palette does not put, kept as written), with its note; and where the text
        goes on."""
        code = next((code for code in self._codes if text.startswith(code, at)), None)
        if code is None:
            if text[at].isdigit() or text[at] in "/" + self.stack + self.note:
                raise ValueError(f"no piece at {text[at:at + 10]!r}")
            code = text[at]
        end = at + len(code)
        if self.note and text.startswith(self.note[0], end):
            closed = text.find(self.note[1], end)
            if closed < 0:
                raise ValueError("a note never closed")
            end = closed + 1
        return text[at:end], end

    def _row(self, points: list[list[str]]) -> str:
        written, run = "", 0
        for pieces in points:
            if not pieces:
                run += 1
                continue
            if run:
                written, run = written + str(run), 0
            stacked = len(pieces) > 1 or self.every_stack
            joined = "".join(pieces)
            written += self.stack[0] + joined + self.stack[1] if stacked else joined
        return written + (str(run) if run else "")
