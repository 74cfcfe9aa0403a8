"""What a record's headers fix before play: board size, piece set, stock orders, players.

The source cuts these parts of the rules, so kifu gives defaults and a
record may override each in its header.  The stock orders have no default: they are the
shuffle of one game, and without them a replay could not know which piece a placement uses.
"""
from __future__ import annotations

import re
import unicodedata
from collections import Counter
from dataclasses import dataclass

from kifu.plugin import HeaderError, Record, Span, read_int, shorten

DEFAULT_BOARD = (6, 6)
DEFAULT_PIECES = (1, 1, 1, 2, 2, 2, 3, 3, 3, 4, 4, 4)
#: Squares are named a1..z99; a board must hold a row of four both ways.
MIN_SIDE, MAX_COLUMNS, MAX_ROWS = 4, 26, 99
MAX_STRENGTH = 99
MAX_PIECES = 200
COLOURS = ("black", "red")
#: Words that mean "nothing" in a header value (an exhausted stock, say).
NOTHING = ("", "-", "none", "—", "なし")


@dataclass(frozen=True)
class Spec:
    """The fixed parameters of one game."""

    columns: int
    rows: int
    pieces: tuple[int, ...]
    #: Each colour's face-down pieces in the order they are drawn (black's, then red's).
    stocks: tuple[tuple[int, ...], tuple[int, ...]]
    players: int
    #: Player names by seat, clockwise: black 1, red 1 (, black 2, red 2).
    names: tuple[str, ...]

    @property
    def board(self) -> str:
        return f"{self.columns}x{self.rows}"


def spec_of(record: Record, *, whole_stocks: bool = True) -> Spec:
    """Read and check the parameters of ``record``.

    ``whole_stocks``: each stock header must list the whole piece set (the start of a game);
    a set-up lists only what is left, which the set-up check counts instead.
    """
    columns, rows = _board(record)
    pieces = _pieces(record)
    stocks = (_stock(record, "Stock-black", pieces, whole_stocks),
              _stock(record, "Stock-red", pieces, whole_stocks))
    players = _players(record)
    return Spec(columns, rows, pieces, stocks, players, _names(record, players))


def _span(record: Record, key: str) -> Span | None:
    return record.header_span(key)


def _top(record: Record) -> Span:
    """Where a missing header is reported: the first header line, else the first line."""
    return next(iter(record.header_spans.values()), Span.point(1, 1))


def _normal(text: str) -> str:
    return unicodedata.normalize("NFKC", text).strip()


def _board(record: Record) -> tuple[int, int]:
    value = record.header("Board")
    if value is None:
        return DEFAULT_BOARD
    match = re.fullmatch(r"([0-9]+)\s*[x×*]\s*([0-9]+)", _normal(value).lower())
    if not match:
        raise HeaderError(f"Board: {shorten(value)!r} is not a size such as 6x6 (columns x "
                          "rows)", span=_span(record, "Board"), rule="board")
    columns, rows = read_int(match.group(1)), read_int(match.group(2))
    if not (columns is not None and rows is not None and MIN_SIDE <= columns <= MAX_COLUMNS
            and MIN_SIDE <= rows <= MAX_ROWS):
        raise HeaderError(f"Board: {shorten(value)} is outside {MIN_SIDE}x{MIN_SIDE} to "
                          f"{MAX_COLUMNS}x{MAX_ROWS}", span=_span(record, "Board"), rule="board")
    return columns, rows


def _numbers(record: Record, key: str, value: str) -> tuple[int, ...]:
    text = _normal(value)
    if text.lower() in NOTHING:
        return ()
    words = text.replace(",", " ").split()
    if len(words) > MAX_PIECES:
        raise HeaderError(f"{key}: more than {MAX_PIECES} pieces", span=_span(record, key),
                          rule=_rule(key))
    numbers = [read_int(word) for word in words]
    if not all(n is not None and 1 <= n <= MAX_STRENGTH for n in numbers):
        raise HeaderError(f"{key}: {shorten(value, 60)!r} is not a list of strengths "
                          f"1..{MAX_STRENGTH} such as '3 1 4 2'", span=_span(record, key),
                          rule=_rule(key))
    return tuple(n for n in numbers if n is not None)


def _rule(key: str) -> str:
    return "stock-order" if key.startswith("Stock") else "piece-set"


def _pieces(record: Record) -> tuple[int, ...]:
    value = record.header("Pieces")
    if value is None:
        return DEFAULT_PIECES
    pieces = _numbers(record, "Pieces", value)
    if not pieces:
        raise HeaderError("Pieces: a colour needs at least one piece", span=_span(record, "Pieces"),
                          rule="piece-set")
    return tuple(sorted(pieces))


def _stock(record: Record, key: str, pieces: tuple[int, ...], whole: bool) -> tuple[int, ...]:
    value = record.header(key)
    colour = key.split("-")[1]
    if value is None:
        raise HeaderError(f"the record has no {key}: header; it lists the order {colour}'s "
                          "pieces are drawn in, e.g. '" + key + ": " +
                          " ".join(map(str, pieces)) + "'", span=_top(record), rule="stock-order")
    stock = _numbers(record, key, value)
    extra = Counter(stock) - Counter(pieces)
    lacking = (Counter(pieces) - Counter(stock)) if whole else Counter()
    if extra or lacking:
        wrong = [f"has {_strengths(extra)} too many" if extra else "",
                 f"lacks {_strengths(lacking)}" if lacking else ""]
        must = ("lists every piece of the set once" if whole
                else "lists pieces of the set only")
        raise HeaderError(f"{key} {' and '.join(w for w in wrong if w)}: a stock {must} "
                          f"(Pieces: {' '.join(map(str, pieces))})", span=_span(record, key),
                          rule="stock-order")
    return stock


def _strengths(counts: Counter[int]) -> str:
    """``Counter({2: 2, 4: 1})`` -> ``"two 2s, one 4"``, in words a player reads."""
    words = {1: "one", 2: "two", 3: "three"}
    parts = [f"{words.get(n, str(n))} {s}{'s' if n > 1 else ''}" for s, n in sorted(counts.items())]
    return ", ".join(parts)


def count_text(number: int, strength: int) -> str:
    return f"{number} piece{'s' if number != 1 else ''} of strength {strength}"


def _players(record: Record) -> int:
    value = record.header("Players")
    if value is None:
        return 2
    text = _normal(value)
    if text not in ("2", "4"):
        raise HeaderError(f"Players: {value!r}; Rengoma is played by 2 players or by 4 in two "
                          "teams", span=_span(record, "Players"), rule="players")
    return int(text)


def _names(record: Record, players: int) -> tuple[str, ...]:
    if players == 2:
        return tuple((record.header(side.title()) or side).strip() or side for side in COLOURS)
    teams = []
    for side in COLOURS:
        value = record.header(side.title())
        names = [n.strip() for n in re.split(r"[&,、・]", value)] if value else []
        if value is not None and (len(names) != 2 or not all(names)):
            raise HeaderError(f"{side.title()}: a team of the 4-player game is two names, "
                              f"such as 'Ana & Cho', not {value!r}",
                              span=_span(record, side.title()), rule="players")
        teams.append(names or [f"{side} 1", f"{side} 2"])
    black, red = teams
    return (black[0], red[0], black[1], red[1])
