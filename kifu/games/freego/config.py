"""The rules a record plays under, read from its headers: board, seats, komi, scoring, suicide.

```
Board: japan            # a built-in board or a board file in the record's folder or below
Players: orange, green  # seat order, 2 to 4 names (default: black, white)
Komi: 0, 6.5            # one per seat (a single number in a 2-seat game is the second seat's)
Scoring: territory      # territory (default), area or map
Suicide: forbidden      # forbidden (default) or allowed
```
Every problem is a ``HeaderError`` on its header line, so ``kifu validate`` points at it.
"""
from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass

from kifu.errors import HeaderError, KifuError
from kifu.limits import read_int, shorten
from kifu.record import Record
from kifu.games.freego import builtin
from kifu.games.freego.board import MAX_SEATS, Board, BoardError

SCORINGS = ("territory", "area", "map")
DEFAULT_PLAYERS = ("black", "white")
_SUICIDE = {"allowed": True, "allow": True, "yes": True, "true": True, "on": True,
            "forbidden": False, "forbid": False, "no": False, "false": False, "off": False}
_SPLIT = re.compile(r"\s*[,、，]\s*")
#: Komi, scores and values need no more than a dozen digits either side of the point; a
#: longer number would not even be finite as a float.
_NUMBER = re.compile(r"[+-]?([0-9]{1,12}(\.[0-9]{0,12})?|\.[0-9]{1,12})$")


@dataclass(frozen=True)
class Rules:
    """Everything a position needs to know about the game besides its stones."""

    board: Board
    seats: tuple[str, ...]
    komi: tuple[float, ...]
    scoring: str = "territory"
    suicide: bool = False

    def seat_of(self, name: str) -> int | None:
        """A seat (0-based) by its name (any case) or its number (1-based)."""
        wanted = name.strip().casefold()
        for index, seat in enumerate(self.seats):
            if seat.casefold() == wanted:
                return index
        number = read_int(wanted)
        if number is not None and 1 <= number <= len(self.seats):
            return number - 1
        return None


def _error(record: Record, key: str, message: str, rule: str) -> HeaderError:
    return HeaderError(message, span=record.header_span(key), rule=rule)


def seat_names(record: Record) -> tuple[str, ...]:
    """The seats a ``Players`` header names, in order."""
    text = record.header("Players")
    if text is None:
        return DEFAULT_PLAYERS
    names = tuple(name for name in _SPLIT.split(text.strip()) if name)
    if not 2 <= len(names) <= MAX_SEATS:
        raise _error(record, "Players", f"Free-form Go is played by 2 to {MAX_SEATS} players, "
                     f"but 'Players' names {len(names)}", "seats")
    seen: set[str] = set()
    for name in names:
        if name.casefold() in seen:
            raise _error(record, "Players", f"player {name!r} is named twice", "seats")
        if "+" in name or "@" in name or name.isdigit():
            raise _error(record, "Players", f"player name {name!r} cannot be a number or hold "
                         "'+' or '@' (results and moves use them)", "seats")
        seen.add(name.casefold())
    return names


def number(text: str) -> float | None:
    """A number as people write it (full-width digits included, at most twelve digits before
    and after the point), or ``None``."""
    plain = unicodedata.normalize("NFKC", text).strip()
    if not _NUMBER.match(plain):
        return None
    return float(plain)


def komi_of(record: Record, seats: int) -> tuple[float, ...]:
    text = record.header("Komi")
    if text is None:
        return (0.0,) * seats
    parts = [p for p in re.split(r"[\s,、，]+", unicodedata.normalize("NFKC", text).strip()) if p]
    values = [number(p) for p in parts]
    if any(v is None for v in values) or not values:
        raise _error(record, "Komi", f"komi {shorten(text)!r} is not a list of numbers", "komi")
    if len(values) == 1 and seats == 2:
        return (0.0, float(values[0] or 0))  # Go's single komi is the second player's
    if len(values) != seats:
        raise _error(record, "Komi", f"komi gives {len(values)} values for {seats} players; "
                     "give one per seat, in seat order", "komi")
    return tuple(float(v or 0) for v in values)


def rules_of(record: Record) -> Rules:
    """The rules a record's headers set, each problem located on its header."""
    seats = seat_names(record)
    komi = komi_of(record, len(seats))
    scoring = (record.header("Scoring") or "territory").strip().casefold()
    if scoring not in SCORINGS:
        raise _error(record, "Scoring", f"unknown scoring {scoring!r}; kifu knows "
                     f"{', '.join(SCORINGS)}", "scoring")
    suicide_text = (record.header("Suicide") or "forbidden").strip().casefold()
    if suicide_text not in _SUICIDE:
        raise _error(record, "Suicide", f"'Suicide' is 'allowed' or 'forbidden', not "
                     f"{suicide_text!r}", "suicide")
    name = record.header("Board") or builtin.DEFAULT
    try:
        board = builtin.resolve(name, record.source, record.read_options)
    except KifuError as error:  # a board file's own errors too, located in the record
        raise error.located(span=record.header_span("Board")) from None
    return Rules(board, seats, komi, scoring, _SUICIDE[suicide_text])
