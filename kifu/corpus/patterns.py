"""Patterns: a small diagram of stones, empty points and wildcards, searched on every record of
a grid game (Go, Renju) at every move, in every orientation the game's symmetry allows.

A pattern file (``docs/search.md``)::

    # a comment
    Game: freego
    Anchor: corner
    To-move: black

    . . . .
    . . X .
    . X O .
    * . . .

gives its game (``Game:``, needed when the index holds records of several grid games), where it
stands (``Anchor:`` ``corner``: its bottom-left point on a corner of the board, ``edge``: its
bottom row on an edge, ``anywhere``, the default), and optionally the side to move
(``To-move:``), then its rows, top first: ``X`` (or ``x``, ``B``, ``#``) a stone of the first
colour (black), ``O`` (``o``, ``W``) one of the second (white), ``.`` (or ``+``) an empty point,
``*`` (or ``?``) any.  Spaces between points are optional; a line starting with ``#`` is a
comment.  Every orientation is searched (the
diagram may be drawn at any corner or edge), with the colours swapped too where the game's
rules allow it (Go), the side to move swapped with them.

The search is a sieve and a check.  The index keeps, for each grid, point and colour, the set
of records in which such a stone first stood in each span of nodes, and for each point the
records in which it was filled for good in each span (bitmaps over record ids,
:mod:`kifu.corpus.occupancy`): a placement of the pattern can only match in records where, in
some span, all its stones had come and none of its empty points had been filled for good
before, found with big-integer ANDs and ORs whatever the size of the index.  Each record left
is then checked on the changes of the points its placements name (what the index keeps of a
grid record: each point's changes, node by node), in the game's compiled core where it runs
(:func:`first_match` is the reference), and its first position that holds one is the hit.
The hits are found as places (:func:`find_pattern`) and counted, all of them; a record is
read whole and answered only where it is shown (:mod:`kifu.corpus.pages`).
"""
from __future__ import annotations

import functools
import sys
import time
from array import array
from collections import defaultdict
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from typing import Any

from kifu.base.errors import CorpusError, KifuError, PatternError
from kifu.base.record import Span
from kifu.corpus import occupancy, search
from kifu.corpus.checks import Changes, Damage, grid_of
from kifu.corpus.reader import KEYS_INTACT, Filters, Reader
from kifu.corpus.search import Places
from kifu.corpus.values import Hit
from kifu.plugin import registry
from kifu.plugin.symmetry import EMPTY, FIRST, SECOND, Grid, grid_symmetry

ANCHORS = ("corner", "edge", "anywhere")
#: What each character of a diagram stands for (``None``: any).
SYMBOLS: dict[str, int | None] = {
    "X": FIRST, "x": FIRST, "B": FIRST, "●": FIRST,
    "O": SECOND, "o": SECOND, "W": SECOND, "○": SECOND,
    ".": EMPTY, "+": EMPTY, "*": None, "?": None,
}
#: The most points a pattern may have.
MAX_POINTS = 400
_SIDES = {"black": FIRST, "first": FIRST, "x": FIRST, "b": FIRST,
          "white": SECOND, "second": SECOND, "o": SECOND, "w": SECOND}


@dataclass(frozen=True)
class Pattern:
    """A pattern read: its game (``None``: the index's only grid game), anchor, side to move
    (``None``: either), and its points as ``(column, row, content)`` from its bottom-left
    corner, wildcards left out; ``width`` and ``height`` of the whole diagram."""

    game: str | None
    anchor: str
    to_move: int | None
    width: int
    height: int
    points: tuple[tuple[int, int, int], ...]


def read_pattern(text: str, source: str = "<pattern>") -> Pattern:
    """A pattern from its text; a ``PatternError`` located in the text for anything else."""
    headers: dict[str, tuple[str, Span]] = {}
    rows: list[tuple[int, list[tuple[int, str]]]] = []
    for number, line in enumerate(text.splitlines(), 1):
        stripped = line.strip()
        if not stripped or stripped.startswith("#"):
            continue
        name, colon, value = stripped.partition(":")
        if colon and not rows:
            value = value.strip()
            column = line.index(":") + 2 + len(line[line.index(":") + 1:]) - len(
                line[line.index(":") + 1:].lstrip())
            span = Span.point(number, column, max(1, len(value)))
            key = name.strip().casefold()
            if key not in ("game", "anchor", "to-move"):
                raise PatternError(f"{name.strip()[:20]!r} is not a pattern header (Game:, "
                                   "Anchor:, To-move:)", span=Span.point(number, 1))
            if key in headers:
                first = headers[key][1].line
                raise PatternError(f"{name.strip()}: is given twice (first on line {first}); a "
                                   "pattern says each once", span=Span.point(number, 1))
            headers[key] = (value, span)
            continue
        rows.append((number, [(column, char) for column, char in enumerate(line, 1)
                              if not char.isspace()]))
    return _diagram(rows, _game(headers), _anchor(headers), _to_move(headers), source)


def _game(headers: dict[str, tuple[str, Span]]) -> str | None:
    if "game" not in headers:
        return None
    value, span = headers["game"]
    try:
        return registry.get(value).name
    except KifuError as error:
        raise PatternError(error.message, span=span) from None


def _anchor(headers: dict[str, tuple[str, Span]]) -> str:
    if "anchor" not in headers:
        return "anywhere"
    value, span = headers["anchor"]
    if value.casefold() not in ANCHORS:
        raise PatternError(f"the anchor is corner, edge or anywhere, not {value[:20]!r}",
                           span=span)
    return value.casefold()


def _to_move(headers: dict[str, tuple[str, Span]]) -> int | None:
    if "to-move" not in headers:
        return None
    value, span = headers["to-move"]
    side = _SIDES.get(value.casefold())
    if side is None:
        raise PatternError(f"the side to move is black or white (the first or second "
                           f"colour), not {value[:20]!r}", span=span)
    return side


def _diagram(rows: list[tuple[int, list[tuple[int, str]]]], game: str | None, anchor: str,
             to_move: int | None, source: str) -> Pattern:
    if not rows:
        raise PatternError(f"{source} has no diagram: rows of X (black), O (white), . (empty) "
                           "and * (any), after the Game:, Anchor: and To-move: lines",
                           span=Span.point(1, 1))
    width = len(rows[0][1])
    points = []
    for index, (number, cells) in enumerate(rows):
        if len(cells) != width:
            raise PatternError(f"every row of a pattern has as many points as the first "
                               f"({width}); this one has {len(cells)}",
                               span=Span.point(number, cells[0][0] if cells else 1))
        for x, (column, char) in enumerate(cells):
            if char not in SYMBOLS:
                raise PatternError(f"{char!r} is not a point of a pattern: X (black), O "
                                   "(white), . (empty), * (any)",
                                   span=Span.point(number, column))
            content = SYMBOLS[char]
            if content is not None:
                points.append((x, len(rows) - 1 - index, content))
    if width * len(rows) > MAX_POINTS:
        raise PatternError(f"a pattern has at most {MAX_POINTS} points", span=Span.point(
            rows[0][0], 1))
    if not any(content != EMPTY for _, _, content in points):
        raise PatternError("a pattern needs at least one stone (X or O)",
                           span=Span.point(rows[0][0], rows[0][1][0][0]))
    return Pattern(game, anchor, to_move, width, len(rows), tuple(points))


@dataclass(frozen=True)
class Placement:
    """A pattern laid on a board: the points it asks for (``(point, content)``), the side to
    move it asks for, and the board's transformation that gave it."""

    needs: tuple[tuple[int, int], ...]
    side: int | None
    image: int

    @functools.cached_property
    def wanted(self) -> dict[int, int]:
        """The points asked for, with what each must hold."""
        return dict(self.needs)

    @functools.cached_property
    def empties(self) -> int:
        """How many of them must be empty (an empty board holds that many)."""
        return sum(1 for _, content in self.needs if content == EMPTY)


def placements(pattern: Pattern, grid: Grid, colours: bool) -> list[Placement]:
    """Every way ``pattern`` lies on ``grid`` (none where it is larger), without repeats."""
    symmetry = grid_symmetry(grid.width, grid.height, colours)
    assert symmetry.permutations is not None
    found: dict[tuple[tuple[tuple[int, int], ...], int | None], Placement] = {}
    for x, y in _offsets(pattern, grid):
        base = [((y + row) * grid.width + x + column, content)
                for column, row, content in pattern.points]
        for image, perm in enumerate(symmetry.permutations):
            swap = symmetry.swaps[image]
            needs = tuple(sorted((perm[point], _swapped(content, swap))
                                 for point, content in base))
            side = None if pattern.to_move is None else _swapped(pattern.to_move, swap)
            found.setdefault((needs, side), Placement(needs, side, image))
    return list(found.values())


def _offsets(pattern: Pattern, grid: Grid) -> list[tuple[int, int]]:
    if pattern.width > grid.width or pattern.height > grid.height:
        return []
    if pattern.anchor == "corner":
        return [(0, 0)]
    if pattern.anchor == "edge":
        return [(x, 0) for x in range(grid.width - pattern.width + 1)]
    return [(x, y) for y in range(grid.height - pattern.height + 1)
            for x in range(grid.width - pattern.width + 1)]


def _swapped(content: int, swap: bool) -> int:
    return 3 - content if swap and content in (FIRST, SECOND) else content


class SearchStopped(CorpusError):
    """A pattern search stopped at its deadline: what it found until then (``places``, as
    :func:`find_pattern` gives them; ``found``, as :func:`search_pattern` answers, where it
    made the answers), and how many of the records its sieve left it checked (``checked`` of
    ``candidates``)."""

    def __init__(self, message: str, places: Places, checked: int, candidates: int) -> None:
        super().__init__(message)
        self.places, self.checked, self.candidates = places, checked, candidates
        self.found: list[Hit] = []


def search_pattern(reader: Reader, pattern: Pattern, filters: Filters,
                   deadline: float | None = None) -> list[Hit]:
    """The records that reach ``pattern``, each once (where first), answered
    (:func:`find_pattern`, each record found then read whole).  With ``deadline``, a search
    still checking records then stops with :class:`SearchStopped`, which holds what it
    found."""
    try:
        found = find_pattern(reader, pattern, filters, deadline)
    except SearchStopped as stopped:
        stopped.found = search.hits(reader, stopped.places)
        raise
    return search.hits(reader, found)


def find_pattern(reader: Reader, pattern: Pattern, filters: Filters,
                 deadline: float | None = None) -> Places:
    """The records that reach ``pattern``, each once (where first, and how), in index order:
    the grids and the records the filters keep (:func:`_grids`), then each grid's stones (the
    sieve), then each record the sieve leaves, on its log of changes (its row's searched
    values and its trail's row checked; the game's compiled core checks the log where it has
    one and runs, else :func:`first_match`).  With ``deadline`` (a time of
    :func:`time.monotonic`), a search still checking records then stops with
    :class:`SearchStopped`, which holds what it found."""
    grids = _grids(reader, filters)
    game = _pattern_game(reader, list(grids), pattern, filters)
    compiled = registry.get(game).pattern_matcher()
    checked = 0
    found: Places = {}
    for grid_name, swaps, allowed in grids[game]:
        grid = Grid(*grid_of(grid_name))
        laid = placements(pattern, grid, bool(swaps))
        if not laid:
            continue
        candidates = _sieve(reader, f"{game} {grid_name}", laid, allowed, deadline)
        if candidates is None:
            raise SearchStopped(
                f"the pattern search was stopped at its time limit while it sieved the "
                f"{grid_name} records for the {len(laid):,} ways the pattern lies on the "
                "board: narrow it with a corner or an edge, a larger pattern or header filters",
                _in_order(found), checked, 0)
        names = grid_symmetry(grid.width, grid.height, bool(swaps)).names
        check = _Check(laid, grid.width * grid.height, compiled)
        with reader.guarded():
            for record, nodes, data in reader.logs(sorted(candidates), f"{game} {grid_name}",
                                                   swaps, grid.width * grid.height):
                checked += 1
                if deadline is not None and time.monotonic() > deadline:
                    raise SearchStopped(
                        f"the pattern search was stopped at its time limit, having checked "
                        f"{checked - 1:,} of the {len(candidates):,} {grid_name} records that "
                        "may hold it: narrow it with a larger pattern or header filters",
                        _in_order(found), checked - 1, len(candidates))
                match = check.first(record, nodes, data, candidates[record])
                if match is not None:
                    found[record] = (match[0], names[laid[match[1]].image])
    return _in_order(found)


def _grids(reader: Reader, filters: Filters
           ) -> dict[str, list[tuple[str, int, list[int] | None]]]:
    """For each grid game of the index, its grids: each with whether its records' symmetry
    swaps colours, and the records the filters keep (``None``: every record).  With header
    filters, one pass over every record's row (their searched values checked against their
    copy first); without, the grids the index keeps the stones of, each with one of its
    records (checked), and the rows against their tally: each record the sieve leaves is
    then checked as it is read (:meth:`kifu.corpus.reader.Reader.logs`), and no other
    record's row is read."""
    grids: dict[str, list[tuple[str, int, list[int] | None]]] = {}
    if filters.keep_all():
        reader.check_tally()
        for name in reader.grids():
            game_name, _, grid_name = name.partition(" ")
            rows = reader.execute(
                f"SELECT g.id, g.swaps, {KEYS_INTACT} FROM game g NOT INDEXED WHERE g.game = ? "
                "AND g.grid = ? LIMIT 1", (game_name, grid_name))
            if rows and not rows[0][2]:
                with reader.guarded():
                    raise Damage("its searched values are not those it was written with",
                                 rows[0][0])
            if rows:  # else: every record of the grid was taken out by an update
                grids.setdefault(game_name, []).append((grid_name, rows[0][1], None))
        return grids
    reader.check_records()
    where, values = filters.sql()
    # The grid games' grids, and the records of each the filters keep: one pass over the
    # records (their searched values were checked against their copy just now).
    for game_name, grid_name, swaps, ids in reader.execute(
            f"SELECT g.game, g.grid, max(g.swaps), group_concat(CASE WHEN {where} THEN g.id "
            "END) FROM game g NOT INDEXED WHERE g.grid IS NOT NULL GROUP BY g.game, g.grid "
            "ORDER BY g.game, g.grid", values):
        if isinstance(game_name, str):
            allowed = [int(each) for each in ids.split(",")] if ids else []
            grids.setdefault(game_name, []).append((grid_name, swaps, allowed))
    return grids


def _in_order(found: Places) -> Places:
    return {record: found[record] for record in sorted(found)}


class _Check:
    """The check of a record's log against the placements ``laid`` of a pattern on a grid of
    ``points`` points: in the game's compiled core (``compiled``, its ``match_pattern``: the
    placements packed once for it), else in Python (:func:`first_match`, the reference, which
    says what is wrong with a log the compiled check refuses)."""

    def __init__(self, laid: Sequence[Placement], points: int,
                 compiled: Callable[..., Any] | None) -> None:
        self.laid, self.points, self.compiled = laid, points, compiled
        packed = array("I")
        self.starts: list[int] = []
        for placement in laid:
            self.starts.append(len(packed))
            packed.extend((len(placement.needs), placement.side or 0))
            for point, content in placement.needs:
                packed.extend((point, content))
        self.packed = packed.tobytes()
        self.placement_at = {start: index for index, start in enumerate(self.starts)}

    def first(self, record: int, nodes: int, data: bytes, chosen: Sequence[int]
              ) -> tuple[int, int] | None:
        """The first node of the record (``nodes`` positions, its log ``data``) where one of
        the placements ``chosen`` (their indexes) holds, and which; ``None`` if none does."""
        if self.compiled is not None:
            starts = array("I", [self.starts[index] for index in chosen]).tobytes()
            answer = self.compiled(data, self.points, nodes, self.packed, starts)
            if answer is None:
                return None
            if not isinstance(answer, str):
                return answer[0], self.placement_at[answer[1]]
        changes = Changes(None, self.points, nodes, record, data)
        match = first_match(changes, [self.laid[index] for index in chosen])
        if match is None:
            return None
        return match[0], self.laid.index(match[1])


def _pattern_game(reader: Reader, held: list[str], pattern: Pattern,
                  filters: Filters) -> str:
    """The game the pattern is searched in (of ``held``, the index's grid games): its own, the
    filters', or the index's only grid game; a ``CorpusError`` when none fits."""
    wanted = filters.game_name()
    game = pattern.game or wanted
    if pattern.game and wanted and pattern.game != wanted:
        raise CorpusError(f"the pattern is a {pattern.game} one, but --game asks for {wanted}")
    if game is None:
        if len(held) != 1:
            raise CorpusError("the pattern names no game (Game: ...) and the index holds "
                              f"records of {len(held)} games with patterns "
                              f"({', '.join(held) or 'none'}): name one")
        game = held[0]
    if game not in held:
        raise CorpusError(f"patterns are searched in games on a grid with stones of two "
                          f"colours; {reader.path} holds no such {game} record")
    return game


def _sieve(reader: Reader, grid: str, laid: Sequence[Placement], allowed: Iterable[int] | None,
           deadline: float | None = None) -> dict[int, array[int]] | None:
    """For each record that may hold a placement, the placements it may hold: those for which,
    in some span of nodes, every stone had come (its point had held its colour) and none of
    its empty points had been filled for good before the span began
    (:mod:`kifu.corpus.occupancy`); ``None`` once ``deadline`` (a time of
    :func:`time.monotonic`) has passed."""
    stones = {(point, content) for placement in laid for point, content in placement.needs
              if content != EMPTY}
    empties = {point for placement in laid for point, content in placement.needs
               if content == EMPTY}
    with reader.guarded():
        rows = reader.occupancy(grid, stones | {(point, occupancy.FILLED) for point in empties})
        kept = -1  # every record (all bits set)
        if allowed is not None:
            keep = bytearray()
            for record in allowed:
                if record >> 3 >= len(keep):
                    keep.extend(bytes((record >> 3) + 1 - len(keep)))
                keep[record >> 3] |= 1 << (record & 7)
            kept = int.from_bytes(keep, "little")
        found = _holding(laid, rows, kept, deadline)
    if found is None:
        return None
    # The placements of each record, by index, four bytes each (an anywhere pattern leaves
    # tens of thousands of records, each with tens of its thousands of placements).
    candidates: dict[int, array[int]] = defaultdict(lambda: array("I"))
    for index, bits in enumerate(found):
        for record in _set_bits(bits) if bits else ():
            candidates[record].append(index)
    return candidates


#: The records a placement's stones leave (each having stood some time) that are checked
#: without reading the spans of its points.
_FEW = 64


def _holding(laid: Sequence[Placement], rows: dict[tuple[int, int], occupancy.Bitmaps],
             keep: int, deadline: float | None) -> list[int] | None:
    """For each placement of ``laid``, the records among ``keep`` (a bitmap; ``-1``, every
    bit set, for every record) that may hold it (see :func:`_sieve`); ``None`` once
    ``deadline`` has passed.  The placements go through the spans of nodes together, so that
    each span's bitmap of a point and kind is read (decompressed) once, however many
    placements name the point: an anywhere pattern has thousands of placements, whose spans
    read placement by placement were decompressed hundreds of thousands of times."""
    found = [0] * len(laid)
    # Each placement still sieved: its index, its stones, its empty points' rows of when
    # they were filled for good, and the records where each of its stones ever stood.
    live: list[tuple[int, list[tuple[int, int]], list[tuple[int, int]], int]] = []
    for index, placement in enumerate(laid):
        if index % 64 == 0 and deadline is not None and time.monotonic() > deadline:
            return None
        stones = [need for need in placement.needs if need[1] != EMPTY]
        ever = keep
        for need in stones:
            bitmaps = rows.get(need)
            ever = 0 if bitmaps is None else ever & bitmaps.union
            if not ever:
                break
        if not ever:
            continue
        if ever.bit_count() <= _FEW:
            found[index] = ever  # as few records are checked sooner than their spans are read
            continue
        live.append((index, stones, [(point, occupancy.FILLED) for point, content
                                     in placement.needs if content == EMPTY
                                     and (point, occupancy.FILLED) in rows], ever))
    # Of each point and kind: the records where it had happened by the end of the span
    # (``come``), or before the span began (``gone``, of a point filled for good).
    come: dict[tuple[int, int], tuple[int, int]] = {}
    gone: dict[tuple[int, int], tuple[int, int]] = {}

    def upto(prefixes: dict[tuple[int, int], tuple[int, int]], key: tuple[int, int],
             last: int) -> int:
        """The records of ``key``'s spans up to ``last`` (none below 0), ORed."""
        done, bits = prefixes.get(key, (-1, 0))
        while done < last:
            done += 1
            bits |= rows[key].span(done)
        prefixes[key] = (done, bits)
        return bits

    for span in range(occupancy.SPANS):
        if not live or (deadline is not None and time.monotonic() > deadline):
            if live:
                return None
            break
        left = []
        for index, stones, filled, ever in live:
            lost = 0  # the records where an empty point had been filled for good before
            if span:
                for key in filled:
                    lost |= upto(gone, key, span - 1)
                if not ever & ~lost & ~found[index]:
                    continue  # every record left is found, or has an empty point filled
            held = ever & ~lost
            for key in stones:
                held &= upto(come, key, span)
            found[index] |= held
            left.append((index, stones, filled, ever))
        live = left
    return found


def _set_bits(bits: int) -> list[int]:
    """The positions of the bits set in ``bits`` (a positive number), lowest first: read 64
    at a time, each word's set bits taken lowest first."""
    words = array("Q")
    words.frombytes(bits.to_bytes((bits.bit_length() + 63) // 64 * 8, "little"))
    if sys.byteorder == "big":
        words.byteswap()
    found: list[int] = []
    add = found.append
    for index, word in enumerate(words):
        if word:
            base = index * 64 - 1
            while word:
                low = word & -word
                add(base + low.bit_length())
                word ^= low
    return found


def first_match(changes: Changes, laid: Sequence[Placement]) -> tuple[int, Placement] | None:
    """The first node of a record whose position holds one of ``laid``, and which; ``None``
    if none does.  ``changes`` is what the index keeps of a grid record, point by point
    (:func:`kifu.corpus.indexing.histories`): only the points a placement names are read,
    their changes sorted by node, and a placement holds from the node where the last of its
    points came right (or, asking for a side to move, from the first node after it with that
    side to move) until one of them changes."""
    best: tuple[int, Placement] | None = None
    for placement in laid:
        node = _first_node(placement, changes.flat, changes.offsets, changes.sides,
                           changes.nodes)
        if node is not None and (best is None or node < best[0]):
            best = (node, placement)
    return best


def _first_node(placement: Placement, flat: array[int], offsets: Sequence[int], sides: bytes,
                nodes: int) -> int | None:
    """The first node at which ``placement`` holds (see :func:`first_match`)."""
    wanted = placement.wanted
    events = sorted((change >> 2) << 14 | point << 2 | (change & 3)
                    for point in wanted for change in flat[offsets[point]:offsets[point + 1]])
    held = dict.fromkeys(wanted, EMPTY)
    matched, total = placement.empties, len(wanted)
    side = None if placement.side is None else bytes([placement.side])
    count = len(events)
    at = 0
    while at < count:
        node = events[at] >> 14
        while at < count and events[at] >> 14 == node:
            point, content = events[at] >> 2 & 0xFFF, events[at] & 3
            need = wanted[point]
            matched += (content == need) - (held[point] == need)
            held[point] = content
            at += 1
        if matched == total:
            if side is None:
                return node
            until = events[at] >> 14 if at < count else nodes
            found = sides.find(side, node, until)
            if found >= 0:
                return found
    return None
