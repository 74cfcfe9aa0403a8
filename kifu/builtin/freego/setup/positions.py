"""Set-up positions: stones per seat, the seat to move and prisoners so far (problems, fragments).

In a ``.freego`` record they are header lines, so a problem reads like any other record:
```
Board: grid:9
Setup-1: C3 D3 E3 E4
Setup-2: C4 D4 D5
To-Move: white
Prisoners: 0, 2
```
``Setup-N`` lists seat N's stones (any cell names), ``To-Move`` names a seat (or its number) and
``Prisoners`` gives each seat's captures so far.  In SGF they are ``AB``/``AW``/``AE`` and ``PL``.
A set-up is rejected (``SetupError``, located on the stone) if it names a cell twice or one the
board lacks, or leaves a group without a liberty, which no game can reach (SGF's set-ups capture
nothing and may do so: the SGF reader makes such a set-up an entry at the start of play).
"""
from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any

from kifu.builtin.freego.boards.board import MAX_SEATS
from kifu.builtin.freego.moves import valid_name
from kifu.builtin.freego.setup.parameters import seat_names
from kifu.plugin import (
    MAX_DIGITS,
    HeaderError,
    NotationError,
    Record,
    SetupError,
    Span,
    read_int,
    shorten,
    whole,
)

_SETUP_KEY = re.compile(r"setup-(.*)$", re.IGNORECASE)
_WORD = re.compile(r"[^\s,、，]+")
_EXTRA_KEYS = ("to-move", "prisoners")


@dataclass(frozen=True)
class Setup:
    """The start position a record declares.  ``stones[s]`` are seat ``s``'s cells as written."""

    stones: tuple[tuple[str, ...], ...] = ()
    to_move: int | None = None  # 0-based seat; None: the first seat
    prisoners: tuple[int, ...] | None = None
    #: Where each stone was written: ``(seat, index)`` -> span; ``"To-Move"`` and
    #: ``"Prisoners"`` -> their header lines.
    spans: dict[Any, Span] = field(default_factory=dict, compare=False, hash=False, repr=False)

    def is_empty(self) -> bool:
        return not any(self.stones) and self.to_move is None and self.prisoners is None


#: A seat's set-up names at most this many cells (more than any board kifu draws has).
MAX_STONES = 100_000


def _value_spans(text: str, span: Span | None) -> list[tuple[str, Span | None]]:
    """The words of a header's value, each with where it stands in the record's text."""
    if span is None:
        return []
    line = _line(text, span.line)
    colon = re.search(r"[:：]", line[span.column - 1:])
    start = span.column - 1 + (colon.end() if colon else 0)
    words: list[tuple[str, Span | None]] = []
    for match in _WORD.finditer(line, start):
        where = Span(span.line, match.start() + 1, span.line, match.end() + 1)
        if len(words) == MAX_STONES:
            raise HeaderError(f"a set-up line names at most {MAX_STONES:,} cells", span=where,
                              rule="setup")
        words.append((match.group(), where))
    return words


def _line(text: str, number: int) -> str:
    """Line ``number`` (1-based) of ``text``, without splitting all of it."""
    start = 0
    for _ in range(number - 1):
        start = text.index("\n", start) + 1
    end = text.find("\n", start)
    return text[start:] if end < 0 else text[start:end]


def extract(record: Record, text: str) -> None:
    """Move the set-up headers of a parsed record into ``record.setup``: ``Setup-N`` (the
    stones of seat N), ``To-Move`` and ``Prisoners``."""
    keys = [k for k in record.headers if _SETUP_KEY.match(k) or k.casefold() in _EXTRA_KEYS]
    if not keys:
        return
    stones: dict[int, tuple[str, ...]] = {}
    spans: dict[Any, Span] = {}
    to_move = prisoners = None
    for key in keys:
        value = record.headers.pop(key)
        span = record.header_spans.pop(key, None)
        words = _value_spans(text, span) or [(w, span) for w in _WORD.findall(value)]
        match = _SETUP_KEY.match(key)
        if match:
            seat = _seat_of_key(key, match.group(1), stones, span)
            stones[seat] = _stones_of_seat(seat, words, span, spans)
            continue
        if key.casefold() == "to-move":
            to_move = _seat_to_move(record, value, span)
            where = "To-Move"
        else:
            prisoners = _prisoners(value, words, span)
            where = "Prisoners"
        if span:
            spans[where] = span
    seats_given = max((s for s, cells in stones.items() if cells), default=-1) + 1
    setup = Setup(tuple(stones.get(s, ()) for s in range(seats_given)), to_move, prisoners, spans)
    record.setup = None if setup.is_empty() else setup


def _seat_of_key(key: str, digits: str, stones: dict[int, tuple[str, ...]],
                 span: Span | None) -> int:
    """The seat (0-based) a ``Setup-N`` header gives stones to, given once only."""
    number = read_int(digits)
    if number is None or not 1 <= number <= 4:
        raise HeaderError(f"{shorten(key)!r}: set-up stones are given per seat, as "
                          "Setup-1 to Setup-4", span=span, rule="setup")
    if number - 1 in stones:
        raise HeaderError(f"{shorten(key)!r}: the set-up of seat {number} is given "
                          "twice", span=span, rule="setup")
    return number - 1


def _stones_of_seat(seat: int, words: list[tuple[str, Span | None]], span: Span | None,
                    spans: dict[Any, Span]) -> tuple[str, ...]:
    """The cells a ``Setup-N`` header names, each a valid cell name, with its span noted."""
    for index, (word, where) in enumerate(words):
        if not valid_name(word):
            raise NotationError(f"{word!r} cannot name a cell", span=where)
        spans[(seat, index)] = where or span  # type: ignore[assignment]
    return tuple(w for w, _ in words)


def _seat_to_move(record: Record, value: str, span: Span | None) -> int:
    """The seat ``To-Move`` names: a seat number (checked on replay) or a player's name."""
    said = value.strip()
    number = read_int(said)
    if number is not None and 1 <= number <= 4:
        return number - 1
    seats = seat_names(record)
    found = next((i for i, s in enumerate(seats) if s.casefold() == said.casefold()), None)
    if found is None:
        raise HeaderError(f"'To-Move' names {shorten(said)!r}, who is not a player "
                          f"({', '.join(seats)})", span=span, rule="setup")
    return found


def _prisoners(value: str, words: list[tuple[str, Span | None]],
               span: Span | None) -> tuple[int, ...]:
    """The prisoners each seat has taken so far, from ``Prisoners: 0, 3``."""
    counts = [read_int(w) for w, _ in words]
    if not counts or len(counts) > MAX_SEATS or None in counts:
        raise HeaderError(f"'Prisoners' is a count per seat, such as '0, 3', not "
                          f"{shorten(value)!r}", span=span, rule="setup")
    return tuple(c for c in counts if c is not None)


def to_headers(setup: Setup, record: Record) -> list[tuple[str, str]]:
    """The header lines that write ``setup`` back."""
    lines = [(f"Setup-{seat + 1}", " ".join(cells)) for seat, cells in enumerate(setup.stones)
             if cells]
    if setup.to_move is not None:
        try:
            seats = seat_names(record)
        except HeaderError:
            seats = ()
        name = seats[setup.to_move] if setup.to_move < len(seats) else str(setup.to_move + 1)
        lines.append(("To-Move", name))
    if setup.prisoners is not None:
        lines.append(("Prisoners", ", ".join(map(str, setup.prisoners))))
    return lines


def to_json(setup: Setup) -> dict[str, Any]:
    return {"stones": [list(cells) for cells in setup.stones],
            "to_move": None if setup.to_move is None else setup.to_move + 1,
            "prisoners": None if setup.prisoners is None else list(setup.prisoners)}


def from_json(data: dict[str, Any]) -> Setup:
    stones = data.get("stones", [])
    if not isinstance(stones, list) or len(stones) > 4 or not all(
            isinstance(cells, list) and all(isinstance(c, str) and valid_name(c) for c in cells)
            for cells in stones):
        raise ValueError("a set-up's 'stones' are up to 4 lists of cell names")
    to_move = data.get("to_move")
    if to_move is not None:
        whole(to_move, "a set-up's 'to_move'", 1, MAX_SEATS)
    prisoners = data.get("prisoners")
    if prisoners is not None:
        if not isinstance(prisoners, list) or not 1 <= len(prisoners) <= MAX_SEATS:
            raise ValueError("a set-up's 'prisoners' are counts per seat")
        for count in prisoners:
            whole(count, "a set-up's prisoner count", 0, 10 ** MAX_DIGITS - 1)
    return Setup(tuple(tuple(cells) for cells in stones),
                 None if to_move is None else to_move - 1,
                 None if prisoners is None else tuple(prisoners))


def apply(setup: Setup, pos: Any) -> None:
    """Put the set-up on the empty position ``pos``; every problem is a located ``SetupError``."""
    board, seats = pos.board, pos.seats
    first_span = next(iter(setup.spans.values()), None)
    placed: dict[int, tuple[int, int]] = {}
    for seat, cells in enumerate(setup.stones):
        for index, name in enumerate(cells):
            where = setup.spans.get((seat, index), first_span)
            if seat >= seats and cells:
                raise SetupError(f"set-up stones for seat {seat + 1}, but this game has "
                                 f"{seats} players", span=where, rule="setup")
            cell = board.find(name)
            if cell is None:
                raise SetupError(f"{shorten(name)!r} is not a cell of the board {board.name!r}",
                                 span=where, rule="unknown-cell")
            if not board.cells[cell].playable:
                raise SetupError(f"{board.cells[cell].id} cannot hold a stone on this board",
                                 span=where, rule="unplayable")
            if cell in placed:
                raise SetupError(f"{board.cells[cell].id} is set up twice", span=where,
                                 rule="setup")
            placed[cell] = (seat, index)
            pos.place_stone(cell, seat)
    done: set[int] = set()
    for cell, (seat, index) in placed.items():
        if cell in done:
            continue
        group, free = pos.group(cell)
        done.update(group)
        if not free:
            names = " ".join(board.cells[c].id for c in sorted(group))
            raise SetupError(f"{pos.seat_name(seat)}'s group {names} stands without a liberty, "
                             "which no game can reach", span=setup.spans.get((seat, index),
                                                                              first_span),
                             rule="no-liberty")
    if setup.to_move is not None:
        if setup.to_move >= seats:
            raise SetupError(f"seat {setup.to_move + 1} is to move, but this game has {seats} "
                             "players", span=setup.spans.get("To-Move"), rule="setup")
        pos.to_move = setup.to_move
    if setup.prisoners is not None:
        if len(setup.prisoners) != seats:
            raise SetupError(f"'Prisoners' gives {len(setup.prisoners)} counts for {seats} "
                             "players", span=setup.spans.get("Prisoners"), rule="setup")
        pos.prisoners = list(setup.prisoners)
    pos.restart_history()
