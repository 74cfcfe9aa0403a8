"""Rengi moves as small immutable values, and their written forms in each alphabet.

A move says what a player did on their turn: place a pair by colours (``+23ab``), place the
pair dealt from the tsumo list by its axis column and the direction of the child stone
(``+2U``), place the first player's single first stone (``+3a`` / ``+3``), pass (``+P``) or
resign (``+R``).  The sign is the side (``+`` first player, ``-`` second); it may be left out,
and then the move is by whoever is free to act.  A placement may carry the columns of the single
garbage stones it made fall (``{j:3r+25}``), for unit-1 games whose drops are random.

The alphabet a move was written in (letters, upper case, kanji, symbols) is not part of the
value: ``23ab``, ``23AB``, ``23青赤`` and ``23●○`` are the same move, and ``kifu convert
--dialect`` writes any of them.  Colours are 0..3 = A B C D = 青 赤 緑 黄 = ● ○ ◎ ×.

``2d`` / ``2D`` / ``2下`` / ``2↓`` is the open form "child below".  Where a single stone is due
(the first player's first move) the same text means a single stone of colour D, since a single
stone has no direction; so a value :class:`Single` never holds colour D.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from kifu.plugin import MAX_DIGITS, whole

FIRST, SECOND = 0, 1
SIDE_NAMES = ("first", "second")
SIGNS = ("+", "-")

LETTERS = "abcd"
ALPHABETS = {
    "letters": "abcd",
    "upper": "ABCD",
    "kanji": "青赤緑黄",
    "symbols": "●○◎×",
}
#: Every character read as a colour, full-width letters included.
COLOUR_OF = {char: index for alphabet in (*ALPHABETS.values(), "ａｂｃｄ", "ＡＢＣＤ")
             for index, char in enumerate(alphabet)}
COLOUR_NAMES = ("blue", "red", "green", "yellow")

DIRECTIONS = "UDRL"
DIRECTION_ALPHABETS = {"letters": "UDRL", "lower": "udrl", "kanji": "上下右左", "arrows": "↑↓→←"}
DIRECTION_OF = {char: DIRECTIONS[index] for alphabet in (*DIRECTION_ALPHABETS.values(),
                                                          "ＵＤＲＬ", "ｕｄｒｌ")
                for index, char in enumerate(alphabet)}
#: Where the child stone lies from the axis: (column step, row step).
OFFSET = {"U": (0, 1), "D": (0, -1), "R": (1, 0), "L": (-1, 0)}


@dataclass(frozen=True)
class DropNote:
    """Where the garbage a placement made fall went: ``rows`` full rows (when written) and the
    columns (1..6) of the single stones on top, as the record carries them for unit-1 games."""

    rows: int | None
    columns: tuple[int, ...]

    @classmethod
    def checked(cls, rows: int | None, columns: tuple[int, ...]) -> DropNote:
        """A note as the notation allows one: rows or columns (1 to 6, at most six of them, a
        row's width: the referee checks the count); ``ValueError`` otherwise."""
        if rows is None and not columns:
            raise ValueError("a garbage note names rows or columns, e.g. {j:25}")
        if any(not 1 <= c <= 6 for c in columns):
            raise ValueError("garbage columns are 1 to 6")
        if len(columns) > 6:
            raise ValueError("a garbage note names at most six columns of single stones")
        return cls(rows, columns)

    def __str__(self) -> str:
        rows = "" if self.rows is None else f"{self.rows}r"
        join = "+" if rows and self.columns else ""
        return "{j:" + rows + join + "".join(map(str, self.columns)) + "}"


@dataclass(frozen=True)
class Place:
    """A pair placed by colours: ``colours[i]`` lands in ``columns[i]`` (1..6).  Equal columns
    make a vertical pair whose first-listed stone is the lower one."""

    side: int | None
    columns: tuple[int, int]
    colours: tuple[int, int]
    drop: DropNote | None = None

    @property
    def vertical(self) -> bool:
        return self.columns[0] == self.columns[1]


@dataclass(frozen=True)
class Turn:
    """The dealt pair placed by its axis column and where the child stone goes (U D R L)."""

    side: int | None
    column: int
    direction: str
    drop: DropNote | None = None


@dataclass(frozen=True)
class Single:
    """The first player's 1-stone first move: ``colour`` (0..2; see the module docstring for D)
    or ``None`` in the open form, where the list decides the colour."""

    side: int | None
    column: int
    colour: int | None = None
    drop: DropNote | None = None

    def __post_init__(self) -> None:
        if self.colour == 3:
            raise ValueError("a single stone of colour D is the move Turn(column, 'D')")


@dataclass(frozen=True)
class Pass:
    """Allowed only while the opponent's chain is running."""

    side: int | None


@dataclass(frozen=True)
class Resign:
    side: int | None


Move = Place | Turn | Single | Pass | Resign
Placement = Place | Turn | Single


def sign(side: int | None) -> str:
    return "" if side is None else SIGNS[side]


def text(move: Move, dialect: str = "letters") -> str:
    """``move`` in a dialect: ``letters`` (canonical), ``upper``, ``lower``, ``kanji``,
    ``symbols``."""
    colours = ALPHABETS.get(dialect, ALPHABETS["letters"])
    directions = {"lower": "lower", "kanji": "kanji", "symbols": "arrows"}.get(dialect, "letters")
    arrows = DIRECTION_ALPHABETS[directions]
    head = sign(move.side)
    if isinstance(move, Place):
        body = (f"{move.columns[0]}{move.columns[1]}"
                f"{colours[move.colours[0]]}{colours[move.colours[1]]}")
    elif isinstance(move, Turn):
        body = f"{move.column}{arrows[DIRECTIONS.index(move.direction)]}"
    elif isinstance(move, Single):
        body = f"{move.column}{'' if move.colour is None else colours[move.colour]}"
    elif isinstance(move, Pass):
        return head + ("パス" if dialect == "kanji" else "P")
    else:
        return head + ("投了" if dialect == "kanji" else "R")
    return head + body + ("" if move.drop is None else " " + str(move.drop))


def _str(self: Move) -> str:
    return text(self)


for _cls in (Place, Turn, Single, Pass, Resign):
    _cls.__str__ = _str  # type: ignore[method-assign, assignment]


# -- JSON -----------------------------------------------------------------------------------

def _drop_json(drop: DropNote | None) -> dict[str, Any] | None:
    return None if drop is None else {"rows": drop.rows, "columns": list(drop.columns)}


def move_to_json(move: Move) -> dict[str, Any]:
    data: dict[str, Any] = {"side": None if move.side is None else SIDE_NAMES[move.side]}
    if isinstance(move, Place):
        data.update(type="place", columns=list(move.columns),
                    colours=[LETTERS[c] for c in move.colours])
    elif isinstance(move, Turn):
        data.update(type="turn", column=move.column, direction=move.direction)
    elif isinstance(move, Single):
        data.update(type="single", column=move.column,
                    colour=None if move.colour is None else LETTERS[move.colour])
    else:
        data["type"] = "pass" if isinstance(move, Pass) else "resign"
    if isinstance(move, (Place, Turn, Single)) and move.drop is not None:
        data["drop"] = _drop_json(move.drop)
    return data


def _side_from(value: Any) -> int | None:
    if value is None:
        return None
    return SIDE_NAMES.index(value)


def _column(value: Any) -> int:
    if not isinstance(value, int) or isinstance(value, bool) or not 1 <= value <= 6:
        raise ValueError(f"a column is a number from 1 to 6, not {value!r}")
    return value


def _colour(value: Any, single: bool = False) -> int:
    letters = LETTERS[:3] if single else LETTERS  # a single d stone is a Turn (see Turn)
    if not isinstance(value, str) or len(value) != 1 or value not in letters:
        raise ValueError(f"a colour is one of {', '.join(letters)}, not {value!r}")
    return LETTERS.index(value)


def move_from_json(data: dict[str, Any]) -> Move:
    kind = data["type"]
    side = _side_from(data.get("side"))
    raw_drop = data.get("drop")
    drop = None if raw_drop is None else DropNote.checked(
        None if raw_drop.get("rows") is None else whole(raw_drop["rows"], "a drop's rows", 0,
                                                        10 ** MAX_DIGITS - 1),
        tuple(_column(c) for c in raw_drop.get("columns", [])))
    if kind == "place":
        first, second = (_column(c) for c in data["columns"])
        if abs(first - second) > 1:
            raise ValueError(f"a pair stands in one column or two neighbouring ones, not "
                             f"{first} and {second}")
        colour_a, colour_b = (_colour(c) for c in data["colours"])
        return Place(side, (first, second), (colour_a, colour_b), drop)
    if kind == "turn":
        if data["direction"] not in DIRECTIONS:
            raise ValueError(f"unknown direction {data['direction']!r}")
        return Turn(side, _column(data["column"]), data["direction"], drop)
    if kind == "single":
        colour = data.get("colour")
        if colour == "d":
            return Turn(side, _column(data["column"]), "D", drop)
        return Single(side, _column(data["column"]),
                      None if colour is None else _colour(colour, single=True), drop)
    if kind == "pass":
        return Pass(side)
    if kind == "resign":
        return Resign(side)
    raise ValueError(f"unknown Rengi move type {kind!r}")
