"""A search's answer a page at a time.

What a search finds (a position's records, a pattern's, the records the header filters keep)
is first found as places (:data:`kifu.corpus.search.Places`: each record's id, where it first
reaches what was asked and how), all of them, so that the count is exact; a page of them is
then sorted by a column of their rows, read for every record found in SQL (a pattern found in
a fifth of an index of 100,000 records sorts 20,000 values), and only the page's records are
answered: their rows and trails read and checked whole (:func:`kifu.corpus.search.hits`),
rather than tens of thousands of them.
"""
from __future__ import annotations

import os
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from kifu.corpus import patterns, search
from kifu.corpus.checks import expect, whole
from kifu.corpus.reader import Filters, Reader, all_found, chunks, shown_name
from kifu.corpus.search import Places
from kifu.corpus.values import Page

#: The columns a list of records sorts by (as :class:`kifu.corpus.values.GameInfo` names
#: them).
SORTS = ("id", "name", "date", "event", "black", "white", "result", "moves", "strength")
#: The orders a list sorts in.
ORDERS = ("asc", "desc")


@dataclass(frozen=True)
class Found:
    """What a search found, by place (``places``), and why a pattern search that was stopped
    at its time limit was (``stopped``: what it found until then is in ``places``)."""

    places: Places
    stopped: str | None = None


def find(reader: Reader, key: search.Key | None, pattern: patterns.Pattern | None,
         filters: Filters, deadline: float | None = None) -> Found:
    """The records that reach the position ``key`` and the ``pattern`` (each where it first
    reaches the position, when asked; else the pattern), among those the filters keep; with
    neither, every record the filters keep, at its start.  A pattern search still checking
    records at ``deadline`` stops there (:class:`Found.stopped`)."""
    places: Places | None = None
    stopped = None
    if key is not None:
        places = search.position_places(reader, key, filters)
    if pattern is not None:
        try:
            matched = patterns.find_pattern(reader, pattern, filters, deadline)
        except patterns.SearchStopped as error:
            matched, stopped = error.places, error.message
        places = matched if places is None else {
            game: place for game, place in places.items() if game in matched}
    if places is None:
        places = {game: (0, "identity") for game in reader.filtered(filters)}
    return Found(places, stopped)


def page(reader: Reader, found: Found, sort: str = "id", order: str = "asc", number: int = 1,
         per_page: int = 50) -> Page:
    """The ``number``-th page of ``per_page`` records of ``found`` sorted by the column
    ``sort`` of their rows (``order``: ``asc`` or ``desc``; records without a value last, ties
    in index order), answered."""
    ids = ordered(reader, found.places, sort, order == "desc")
    shown = ids[(number - 1) * per_page:number * per_page]
    answered = {hit.record.id: hit for hit in search.hits(
        reader, {game: found.places[game] for game in shown})}
    return Page(len(found.places), number, per_page, sort,
                tuple(answered[game] for game in shown), found.stopped)


def ordered(reader: Reader, places: Places, column: str, descending: bool) -> list[int]:
    """The records of ``places`` sorted by ``column`` (one of :data:`SORTS`) as their answers
    give it, those without a value last (in index order), ties by id."""
    ids = sorted(places)
    if column == "id":
        return ids[::-1] if descending else ids
    values = _values(reader, ids, column)
    present = [game for game in ids if values[game] is not None]
    present.sort(key=lambda game: (values[game], game), reverse=descending)
    return present + [game for game in ids if values[game] is None]


#: What each column's value must be, as :func:`kifu.corpus.reader._stored` checks it.
_KINDS: dict[str, type] = {"date": str, "event": str, "black": str, "white": str,
                           "result": str, "strength": float}


def _values(reader: Reader, ids: Sequence[int], column: str) -> dict[int, Any]:
    """The value of ``column`` of each record ``ids``, as the record's answer gives it, read
    from its row (a value of another kind than kifu writes is damage: the page's records
    are read whole and checked besides)."""
    if column not in SORTS:
        raise ValueError(f"no column {column!r} to sort by")
    found: dict[int, Any] = {}
    selected = "g.name, f.path" if column == "name" else f"g.{column}, NULL"
    for chunk in chunks(ids):
        marks = ",".join("?" * len(chunk))
        rows = reader.execute(f"SELECT g.id, {selected} FROM game g NOT INDEXED LEFT JOIN file f "
                              f"ON f.id = g.file WHERE g.id IN ({marks})", chunk)
        with reader.guarded():
            for game, value, path in rows:
                found[game] = _value(game, column, value, path)
            all_found(chunk, found)
    return found


def _value(game: int, column: str, value: Any, path: Any) -> Any:
    if column == "name":
        expect(value, bytes, "name", game)
        expect(path, bytes, "path", game)
        return shown_name(os.fsdecode(value), os.fsdecode(path))
    if column == "moves":
        return whole(value, "count of moves", game)
    return expect(value, _KINDS[column], column, game, none=True)
