"""Set-up positions (studies, problems, fragments) and the start position of every record.

A set-up is four header lines; ``Stacks:`` marks a record as starting from one::

    Stacks: c3=B1/R3 d4=R2 e5=B4      (each square's pieces bottom to top; '-' for none)
    Field: B3 R2                      (the face-up field pieces; a colour left out has none)
    Chips: black 1, red 0             (chips held; the rest lie in the stock)
    To-move: red                      (with four players 'red 2' names the team's player)

With a set-up, ``Stock-black:`` and ``Stock-red:`` list only the pieces still face down, in
draw order.  The pieces on the board, in the field and in the stock must together be exactly
the piece set; no row of four may stand; a field may be empty only when its stock is.
"""
from __future__ import annotations

import dataclasses
import re
import unicodedata
from collections import Counter
from dataclasses import dataclass
from typing import Any

from kifu.builtin.rengoma.moves import Square
from kifu.builtin.rengoma.position import (
    BLACK,
    COLOUR_NAMES,
    COLOURS_BY_NAME,
    RED,
    STOCK,
    Position,
    colour_of,
    piece,
    strength_of,
)
from kifu.builtin.rengoma.setup import parameters
from kifu.plugin import Record, SetupError, Span, read_int, shorten, whole

KEYS = ("Stacks", "Field", "Chips", "To-move")
#: A set-up line lists at most one item per square of the largest board.
MAX_ITEMS = parameters.MAX_COLUMNS * parameters.MAX_ROWS
_PIECE = re.compile(r"([BRbr])([0-9]+)")


@dataclass(frozen=True)
class Setup:
    """A start position: stacks by square, field pieces, chips held, the side to play."""

    #: (square, piece codes bottom to top), in the order written.
    stacks: tuple[tuple[Square, tuple[int, ...]], ...] = ()
    #: The field piece of black and of red (0: none).
    field: tuple[int, int] = (0, 0)
    #: Chips held by black and by red.
    chips: tuple[int, int] = (0, 0)
    to_move: str = "black"
    #: With four players, which of the team's two players is to play (1 or 2), if stated.
    member: int | None = None
    spans: dict[str, Span] = dataclasses.field(default_factory=dict, compare=False, repr=False)

    @property
    def to_move_text(self) -> str:
        return self.to_move if self.member is None else f"{self.to_move} {self.member}"


# -- reading and writing the header lines ------------------------------------------------------

def extract(record: Record, text: str | None = None) -> None:
    """Move the set-up header lines of a parsed record into ``record.setup``."""
    found = {key: record.header(key) for key in KEYS}
    if all(value is None for value in found.values()):
        return
    spans: dict[str, Span] = {}
    values: dict[str, str] = {}
    for key in KEYS:
        for name in [n for n in record.headers if n.casefold() == key.casefold()]:
            values[key] = record.headers.pop(name)
            span = record.header_spans.pop(name, None)
            if span is not None:
                spans[key] = span
    record.setup = read(values, spans, text)


def read(values: dict[str, str], spans: dict[str, Span], text: str | None = None) -> Setup:
    """A set-up from its header values (``spans``: where each header line stands)."""
    if "Stacks" not in values:
        key = next(iter(values))
        raise SetupError(f"{key}: belongs to a set-up, which a 'Stacks:' line starts (e.g. "
                         "'Stacks: c3=B1/R3 d4=R2')", span=spans.get(key), rule="setup")
    reader = _Reader(spans, text)
    stacks = reader.stacks(values["Stacks"])
    if "Field" not in values:
        raise SetupError("a set-up states its field pieces, e.g. 'Field: B3 R2' ('-' for none)",
                         span=spans.get("Stacks"), rule="setup")
    return Setup(stacks, reader.field(values["Field"]), reader.chips(values.get("Chips", "")),
                 *reader.to_move(values.get("To-move", "black")), spans=reader.spans)


class _Reader:
    """Parses set-up values, keeping a span for each item (a square's stack, say)."""

    def __init__(self, spans: dict[str, Span], text: str | None) -> None:
        self.spans = dict(spans)
        self.lines = text.split("\n") if text is not None else None

    def _items(self, key: str, value: str) -> list[tuple[str, Span | None]]:
        """The blank-separated words of a value, each with its span in the source."""
        line_span = self.spans.get(key)
        start = None
        if line_span is not None and self.lines is not None and line_span.line <= len(self.lines):
            line = self.lines[line_span.line - 1]
            where = line.find(value) if value else -1
            start = where if where >= 0 else None
        items: list[tuple[str, Span | None]] = []
        for match in re.finditer(r"[^\s,、]+", value):
            span = None
            if start is not None and line_span is not None:
                span = Span.point(line_span.line, start + match.start() + 1, len(match.group()))
            if len(items) == MAX_ITEMS:
                raise self._fail(f"{key}: more items than the largest board has squares",
                                 span or line_span)
            items.append((match.group(), span or line_span))
        return items

    def _fail(self, message: str, span: Span | None) -> SetupError:
        return SetupError(message, span=span, rule="setup")

    def stacks(self, value: str) -> tuple[tuple[Square, tuple[int, ...]], ...]:
        stacks: list[tuple[Square, tuple[int, ...]]] = []
        seen: set[Square] = set()
        for word, span in self._items("Stacks", value):
            word = unicodedata.normalize("NFKC", word)
            if word.lower() in parameters.NOTHING:
                continue
            name, _, pieces = word.partition("=")
            try:
                square = Square.parse(name)
            except ValueError:
                raise self._fail(f"Stacks: {word!r} is not a square's stack such as c3=B1/R3",
                                 span) from None
            codes = tuple(self._piece(p, span, "Stacks") for p in pieces.split("/")) if pieces else ()
            if not codes:
                raise self._fail(f"Stacks: {square} lists no pieces (write c3=B1/R3, bottom "
                                 "to top)", span)
            if square in seen:
                raise self._fail(f"Stacks: {square} is given twice", span)
            seen.add(square)
            stacks.append((square, codes))
            if span is not None:
                self.spans[f"Stacks:{square}"] = span
        return tuple(stacks)

    def _piece(self, text: str, span: Span | None, key: str) -> int:
        match = _PIECE.fullmatch(text)
        strength = read_int(match.group(2)) if match else None
        if match is None or strength is None or not 1 <= strength <= parameters.MAX_STRENGTH:
            raise self._fail(f"{key}: {shorten(text)!r} is not a piece such as B3 (black 3) or "
                             "R1 (red 1)", span)
        colour = BLACK if match.group(1).upper() == "B" else RED
        return piece(colour, strength)

    def field(self, value: str) -> tuple[int, int]:
        found = {BLACK: 0, RED: 0}
        for word, span in self._items("Field", value):
            word = unicodedata.normalize("NFKC", word)
            if word.lower() in parameters.NOTHING:
                continue
            code = self._piece(word, span, "Field")
            if found[colour_of(code)]:
                raise self._fail(f"Field: two {COLOUR_NAMES[colour_of(code)]} field pieces; "
                                 "there is one of each colour at most", span)
            found[colour_of(code)] = strength_of(code)
        return found[BLACK], found[RED]

    def chips(self, value: str) -> tuple[int, int]:
        held = {BLACK: 0, RED: 0}
        items = self._items("Chips", unicodedata.normalize("NFKC", value))
        words = [w.lower() for w, _ in items]
        counts = [read_int(n) for n in words[1::2]]
        if len(words) % 2 or len(words) > 4 or None in counts or not all(
                w in COLOURS_BY_NAME for w in words[::2]):
            raise self._fail(f"Chips: {shorten(value)!r} is not a count such as 'black 1, "
                             "red 0'", self.spans.get("Chips"))
        if any(count is not None and count > 2 for count in counts):  # as JSON reads them
            raise self._fail(f"Chips: {shorten(value)!r}: a side holds 0, 1 or 2 chips (there "
                             "are two in all)", self.spans.get("Chips"))
        for colour, count in zip(words[::2], counts):
            held[COLOURS_BY_NAME[colour]] = count or 0
        return held[BLACK], held[RED]

    def to_move(self, value: str) -> tuple[str, int | None]:
        words = unicodedata.normalize("NFKC", value).lower().split()
        if not words or words[0] not in COLOURS_BY_NAME or len(words) > 2 or (
                len(words) == 2 and words[1] not in ("1", "2")):
            raise self._fail(f"To-move: {value!r}; write black or red (with four players "
                             "'red 2' for the team's second player)", self.spans.get("To-move"))
        return words[0], int(words[1]) if len(words) == 2 else None


def header_lines(setup: Setup) -> list[tuple[str, str]]:
    """The set-up as header lines, in the canonical order."""
    stacks = " ".join(f"{square}=" + "/".join(_piece_text(c) for c in codes)
                      for square, codes in setup.stacks) or "-"
    field_pieces = " ".join(f"{letter}{strength}" for letter, strength
                            in zip("BR", setup.field) if strength) or "-"
    return [("Stacks", stacks), ("Field", field_pieces),
            ("Chips", f"black {setup.chips[0]}, red {setup.chips[1]}"),
            ("To-move", setup.to_move_text)]


def _piece_text(code: int) -> str:
    return f"{'B' if colour_of(code) == BLACK else 'R'}{strength_of(code)}"


# -- JSON ---------------------------------------------------------------------------------------

def to_json(setup: Setup) -> dict[str, Any]:
    return {"stacks": [[str(square), [_piece_text(c) for c in codes]]
                       for square, codes in setup.stacks],
            "field": {"black": setup.field[0] or None, "red": setup.field[1] or None},
            "chips": {"black": setup.chips[0], "red": setup.chips[1]},
            "to_move": setup.to_move_text}


def from_json(data: dict[str, Any]) -> Setup:
    """The inverse of :func:`to_json`; bad data raises ``ValueError`` (or a ``SetupError``):
    it is checked as the header lines are, so that whatever it reads writes back as them."""
    reader = _Reader({}, None)
    stacks: list[tuple[Square, tuple[int, ...]]] = []
    for square_text, pieces in data["stacks"]:
        square = Square.parse(square_text)
        if not isinstance(pieces, list) or not pieces:
            raise ValueError("a stack holds at least one piece")
        if any(square == seen for seen, _ in stacks):
            raise ValueError(f"the stack on {square} is given twice")
        stacks.append((square, tuple(reader._piece(p, None, "stacks") for p in pieces)))
    field_pieces = tuple(whole(data["field"].get(colour) or 0, f"the {colour} field piece", 0,
                               parameters.MAX_STRENGTH) for colour in ("black", "red"))
    chips = tuple(whole(data["chips"][colour], f"{colour}'s chips", 0, 2)
                  for colour in ("black", "red"))
    to_move = data["to_move"]
    if not isinstance(to_move, str):
        raise ValueError(f"to_move is a colour, not {to_move!r}")
    return Setup(tuple(stacks), (field_pieces[0], field_pieces[1]), (chips[0], chips[1]),
                 *reader.to_move(to_move))


# -- the start position ---------------------------------------------------------------------------

def setup_of(record: Record) -> Setup | None:
    """The record's set-up: ``record.setup``, or set-up lines left among the headers (a JSON
    record written by hand, say)."""
    if record.setup is not None or all(record.header(key) is None for key in KEYS):
        return record.setup
    values = {key: record.header(key) or "" for key in KEYS if record.header(key) is not None}
    spans = {key: s for key in KEYS if (s := record.header_span(key)) is not None}
    return read(values, spans)


def arrange(position: Position, setup: Setup, spec: parameters.Spec) -> None:
    """Put ``setup`` on the empty ``position``, checked: every problem a ``SetupError`` on its
    header line."""
    geo = position.geo
    stacks_span = setup.spans.get("Stacks")
    for square, codes in setup.stacks:
        if not geo.on_board(square):
            raise SetupError(f"Stacks: {square} is off the {spec.board} board",
                             span=setup.spans.get(f"Stacks:{square}", stacks_span), rule="setup")
        for lower, upper in zip(codes, codes[1:]):
            if strength_of(upper) <= strength_of(lower):
                raise SetupError(
                    f"Stacks: {square} has {_spelt(upper)} on {_spelt(lower)}, which no game "
                    "reaches: a piece stacks only on a strictly weaker one",
                    span=setup.spans.get(f"Stacks:{square}", stacks_span), rule="setup")
        for code in codes:
            position.push(geo.index(*square), code)
    position.field[BLACK], position.field[RED] = setup.field
    for colour in (BLACK, RED):
        _check_count(position, setup, spec, colour)
        if not position.field[colour] and position.stocks[colour]:
            raise SetupError(f"{COLOUR_NAMES[colour]} has no field piece but pieces left in its "
                             "stock; the field is refilled at every turn's end",
                             span=setup.spans.get("Field"), rule="setup")
    black, red = setup.chips
    if black + red > 2:
        raise SetupError(f"Chips: black {black} and red {red} make {black + red}; there are "
                         "two chips in all", span=setup.spans.get("Chips"), rule="setup")
    position.chips[BLACK], position.chips[RED] = black, red
    position.chips[STOCK] = 2 - black - red
    colour = COLOURS_BY_NAME[setup.to_move]
    if setup.member is not None and spec.players == 2:
        raise SetupError(f"To-move: {setup.to_move_text} names a team's player, but this is a "
                         "two-player game", span=setup.spans.get("To-move"), rule="setup")
    position.seat = (colour - 1) + 2 * ((setup.member or 1) - 1)
    for side in (BLACK, RED):
        line = position.any_four(side)
        if line:
            squares = " ".join(geo.name(at) for at in line)
            raise SetupError(f"a {COLOUR_NAMES[side]} four in a row already stands ({squares}); "
                             "a set-up must be a game still in play", span=stacks_span,
                             rule="setup")


def _spelt(code: int) -> str:
    return f"a {COLOUR_NAMES[colour_of(code)]} {strength_of(code)}"


def _check_count(position: Position, setup: Setup, spec: parameters.Spec, colour: int) -> None:
    """The colour's pieces on the board, in the field and in the stock are the piece set."""
    have = Counter(strength_of(code) for at in position.geo.squares
                   for code in position.stacks[at] if colour_of(code) == colour)
    if position.field[colour]:
        have[position.field[colour]] += 1
    have.update(position.stocks[colour])
    want = Counter(spec.pieces)
    for strength in sorted(set(have) | set(want)):
        if have[strength] != want[strength]:
            name = COLOUR_NAMES[colour]
            raise SetupError(
                f"{name} has {parameters.count_text(have[strength], strength)} on the board, in "
                f"the field and in Stock-{name}, but the piece set has {want[strength]} "
                f"(Pieces: {' '.join(map(str, spec.pieces))})",
                span=setup.spans.get("Stacks"), rule="piece-count")


# -- a position as a set-up -----------------------------------------------------------------------

def record_of(position: Position) -> Record:
    """A record that starts from ``position``: how a position reached in play is saved as a
    study.  the start position of it gives the position back (the tests check this)."""
    geo = position.geo
    stacks = tuple((geo.square(at), tuple(position.stacks[at]))
                   for at in geo.squares if position.stacks[at])
    black_pieces = sorted(strength_of(code) for at in geo.squares for code in position.stacks[at]
                          if colour_of(code) == BLACK)
    black_pieces += [s for s in (position.field[BLACK],) if s] + list(position.stock_left(BLACK))
    headers = {"Game": "rengoma", "Board": str(geo),
               "Pieces": " ".join(map(str, sorted(black_pieces))),
               "Stock-black": " ".join(map(str, position.stock_left(BLACK))) or "-",
               "Stock-red": " ".join(map(str, position.stock_left(RED))) or "-"}
    if position.players == 4:
        headers["Players"] = "4"
        headers["Black"] = f"{position.names[0]} & {position.names[2]}"
        headers["Red"] = f"{position.names[1]} & {position.names[3]}"
    else:
        headers["Black"], headers["Red"] = position.names
    member = position.seat // 2 + 1 if position.players == 4 else None
    setup = Setup(stacks, (position.field[BLACK], position.field[RED]),
                  (position.chips[BLACK], position.chips[RED]), position.to_move_name, member)
    return Record("rengoma", headers=headers, setup=setup)
