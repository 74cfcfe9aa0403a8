"""What the index keeps of each record, worked out file by file wherever the work runs.

A file is read, and each of its records replayed line by line (:func:`kifu.plugin.driver.
replay_positions`), its game's tracker hashing every position it meets under the game's
symmetries (:meth:`kifu.plugin.GamePlugin.tracker`).  An illegal move ends its line there: the
positions before it are indexed and the record is marked with its first problem, as ``kifu
validate`` words it.  What comes back (:class:`IndexedFile`) is plain data, small and picklable,
so that worker processes and Dask workers send it to the one process that writes the index
(:mod:`kifu.corpus.build`).
"""
from __future__ import annotations

import hashlib
import json
import os
import re
import struct
from array import array
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass, field, replace
from typing import Any, NamedTuple

from kifu.base.errors import KifuError
from kifu.base.heap import no_cycles
from kifu.base.record import MAIN_LINE, Record
from kifu.corpus import continuations, occupancy
from kifu.corpus.checks import compressed
from kifu.plugin import AnyGame, registry
from kifu.plugin.driver import check_result, replay_positions
from kifu.plugin.symmetry import MARK, RESET, Symmetry, Traced, Tracker
from kifu.plugin.values import Outcome
from kifu.reading.walk import Found
from kifu.run.load import parse_each_as, reader
from kifu.run.tasks import describe_fault, guarded
from kifu.run.validate import read_record_file


def column_text(value: str | None) -> str | None:
    """A text as a TEXT column holds it: one that UTF-8 cannot (half of a surrogate pair) with
    such characters as escapes."""
    if value is None or value.isascii():
        return value
    try:
        value.encode("utf-8")
    except UnicodeEncodeError:
        return value.encode("utf-8", "backslashreplace").decode("utf-8")
    return value


def json_text(value: object) -> str:
    """JSON as a TEXT column holds it (what UTF-8 cannot hold as a JSON escape)."""
    text = _unescaped(value)
    return text if column_text(text) is text else json.dumps(value)


#: ``json.dumps(value, ensure_ascii=False)``, its encoder made once (``json.dumps`` makes one
#: at each call given anything but its defaults: a third of the call).
_unescaped = json.JSONEncoder(ensure_ascii=False).encode


#: Records' sides as JSON (:func:`json_text`), by the sides: a corpus names a few.
_sides_texts: dict[tuple[str, ...], str] = {}


def _sides_text(sides: list[str]) -> str:
    """:func:`json_text` of a record's sides, written once per process for each."""
    key = tuple(sides)
    text = _sides_texts.get(key)
    if text is None:
        if len(_sides_texts) > 256:  # a collection of many seats' names: keep a few
            _sides_texts.clear()
        text = _sides_texts[key] = json_text(sides)
    return text


#: Header names read into the columns a search filters on, first found wins.
COLUMNS = {"black": ("Black",), "white": ("White",), "event": ("Event",), "date": ("Date",),
           "result": ("Result",), "rule": ("Rule", "Rules")}


@dataclass
class IndexedRecord:
    """One record as the index keeps it.

    ``hashes`` and ``images`` are its positions' canonical hashes (signed 64-bit, native byte
    order) and the images they were found as, node by node: the main line's positions first
    (node 0 the start), then each variation's in the order the record gives them; ``lines``
    describes them as JSON (as the index keeps them), one ``[path, depth, count, number,
    events]`` per line (its variation path as ``12.2``, the entries played before its first
    node, its nodes, the move number at its first node, the depths of its nodes that take no
    number), and ``main`` counts the main line's nodes; ``log`` is a grid game's log of
    changes point by point (zlib, see :func:`histories`), ``occupied`` when each point first
    held each colour and was filled for good (:func:`kifu.corpus.occupancy.firsts`),
    ``placed`` what the opening explorer's table takes of each node.
    """

    number: int
    name: str
    game: str | None
    headers: dict[str, str] = field(default_factory=dict)
    columns: dict[str, str | None] = field(default_factory=dict)
    sides: list[str] = field(default_factory=list)
    moves: int = 0
    legal: bool = False
    problem: str | None = None
    grid: str | None = None
    symmetry: str = '{"names": ["identity"], "swaps": [false], "compose": [[0]]}'
    #: Whether the main line was replayed to its end (no illegal move on it).
    complete: bool = False
    #: Whether the symmetry swaps colours (what a pattern is searched under, too).
    swaps: bool = False
    hashes: bytes = b""
    images: bytes = b""
    lines: str = "[]"
    main: int = 0
    log: bytes | None = None
    occupied: bytes = b""
    #: For a record of one line, what the opening explorer's table takes of each node
    #: (:func:`kifu.corpus.continuations.placed`: the point the next node's move puts its
    #: stone on), so that the writer counts the record as it comes in; ``None`` for a record
    #: of several lines, whose trail the writer reads back.
    placed: bytes | None = None
    #: How it ended, read as its winner is (:attr:`columns`' ``winner``): the winner's margin,
    #: and the kind of end (``resignation``, ``score``...), what a result filter compares.
    score: float | None = None
    ending: str | None = None
    #: How strong its players are (:func:`strength`), what the strongest records sort by.
    strength: float | None = None

    #: :meth:`game_values`, once made.
    values: tuple[tuple[object, ...], tuple[object, ...]] | None = field(
        default=None, repr=False, compare=False)

    @property
    def positions(self) -> int:
        return len(self.hashes) // 8

    def game_values(self) -> tuple[tuple[object, ...], tuple[object, ...]]:
        """The values of its ``game`` row that are its own (:data:`kifu.corpus.store.
        GAME_COLUMNS`): those from its number to its grid, and those after its symmetry's id;
        made once, where it was read when it is sent to the index's writer (so that the
        writer's one process has less to do a record)."""
        if self.values is None:
            columns = self.columns
            main = self.main_hashes()
            final = final_image = None
            if main:
                final = array("q", main[-8:])[0]
                final_image = self.images[len(main) // 8 - 1]
            score = None if self.score is None else float(self.score)
            self.values = (
                (self.number, os.fsencode(self.name), column_text(self.game),
                 *(column_text(columns.get(name)) for name in (
                     "black", "white", "players", "event", "date", "result", "winner")),
                 score, column_text(self.ending), column_text(columns.get("rule")),
                 column_text(columns.get("opening")), self.strength, _sides_text(self.sides),
                 json_text(self.headers), self.moves, self.positions, int(self.legal),
                 column_text(self.problem), column_text(self.grid)),
                (int(self.swaps), final, final_image,
                 digest(main) if main and self.complete else None))
        return self.values

    def main_hashes(self) -> bytes:
        """The main line's hashes (its nodes come first)."""
        return self.hashes[: 8 * self.main]

    def written(self) -> Written:
        """What the index's writer takes of it (:class:`Written`)."""
        columns = self.columns
        return Written(self.name, self.legal, self.problem, self.game_values(), self.symmetry,
                       self.hashes, self.images, self.lines, self.log, self.placed, self.grid,
                       self.game, self.occupied, column_text(columns.get("winner")),
                       column_text(columns.get("date")), self.sides, self.strength)


class Written(NamedTuple):
    """What the index's writer takes of a record (:meth:`IndexedRecord.written`): its
    ``game`` row's own values (:meth:`IndexedRecord.game_values`), its trail, what the
    explorer and the occupancy bitmaps take of it, and its name and problem for the run's
    report.  Made where the record was read: a worker sends the writer these plain values
    rather than the record (taken back in less than half the time, sent in three fifths:
    the writer's one process has less to do a record)."""

    name: str
    legal: bool
    problem: str | None
    values: tuple[tuple[object, ...], tuple[object, ...]]
    symmetry: str
    hashes: bytes
    images: bytes
    lines: str
    log: bytes | None
    placed: bytes | None
    grid: str | None
    game: str | None
    occupied: bytes
    #: Its winner and date as their TEXT columns hold them (:func:`column_text`).
    winner: str | None
    date: str | None
    sides: list[str]
    strength: float | None

    @property
    def positions(self) -> int:
        return len(self.hashes) // 8


@dataclass
class IndexedFile:
    """A file as the index keeps it: its path (absolute), how it stood when read, its records,
    and a problem that kept it from being read at all (or, in a collection, from being read
    past a point: the records before it are kept).

    ``records`` are made as they are read (:func:`index_file`): the writer takes them one at a
    time (:meth:`written`), so that a collection of a hundred thousand games is never whole in
    memory; read them before ``problem``, which their reading may set.  Sent to another
    process (pickled), a file is read whole first and goes with what the writer takes of its
    records (``sent``) in place of them, unless it is larger than :data:`LOCAL_SIZE` (a
    collection, a database): its records would all travel at once, so it goes back as it is
    found, ``here``, for the writer to read (:meth:`IndexTask.here`).
    """

    path: str
    size: int = 0
    mtime_ns: int = 0
    records: Iterable[IndexedRecord] = field(default_factory=list)
    problem: str | None = None
    #: Another program's file found in a folder (a table of results named ``.pgn``): left
    #: alone, as ``kifu validate`` leaves it (:func:`kifu.run.validate.read_record_file`).
    other: bool = False
    #: Too large to send: to be read where it arrives (:data:`LOCAL_SIZE`).
    here: bool = False
    #: What the writer takes of its records, where they were read in another process.
    sent: list[Written] | None = None

    def written(self) -> Iterator[Written]:
        """What the index's writer takes of each record, as each is read (or as they came
        from the process that read them)."""
        if self.sent is not None:
            yield from self.sent
        else:
            for record in self.records:
                yield record.written()

    def __getstate__(self) -> dict[str, Any]:
        if self.size > LOCAL_SIZE and not isinstance(self.records, list):
            return {**self.__dict__, "records": [], "here": True}
        sent = list(self.written())  # first: reading them may set the problem
        return {**self.__dict__, "records": [], "sent": sent}


def describe(error: KifuError) -> str:
    """A problem in one line, located where known: ``12:5: move 6: ...``."""
    span = error.span
    return f"{span.line}:{span.column}: {error.describe()}" if span else error.describe()


def index_file(path: str, *, only_records: bool = False) -> IndexedFile:
    """Read one file (``path`` absolute) and tell its game; its records are indexed as they are
    asked for (:class:`IndexedFile`).  Any problem reading it is kept, not raised; with
    ``only_records`` (a file found in a folder) another program's file is left alone."""
    try:
        # a database or a library kept as bytes, as validate reads it
        source = read_record_file(path, only_records=only_records)
        if source is None:
            return IndexedFile(path, other=True)
        # how it stood when read (its descriptor's), or where it was not read in one go, now
        size, mtime_ns = source.stood or _standing(path)
    except (OSError, KifuError) as error:
        message = describe(error) if isinstance(error, KifuError) else str(error)
        return IndexedFile(path, problem=message)
    done = IndexedFile(path, size, mtime_ns)
    try:
        game, fmt = registry.detect(source.text, path, None)
    except KifuError as error:
        done.problem = describe(error)
        return done
    trace = reader(game, fmt).trace
    traced = None if trace is None else trace(source.text, path)
    if traced is not None:  # the game's compiled core did the work: one record, its one line
        done.records = [traced_record(game, traced, 1, path)]
    else:
        done.records = _records(done, game, fmt, source.text)
    return done


def _standing(path: str) -> tuple[int, int]:
    """The size and modification time of the file ``path`` as it stands."""
    state = os.stat(path)
    return state.st_size, state.st_mtime_ns


def _records(done: IndexedFile, game: AnyGame, fmt: str, text: str) -> Iterator[IndexedRecord]:
    """The records of ``done``'s file, each read and indexed when asked for; a problem with the
    file as a whole ends them and is kept in ``done.problem`` (kifu's own failure too: the
    records are read where the writer asks for them, out of the runner's reach)."""
    records = parse_each_as(game, fmt, text, done.path)
    offered = getattr(game, "trace_record", None)
    trace = offered() if offered is not None else None
    number = 0
    while True:
        with no_cycles():  # paused only while one record is worked on, never across a yield
            try:
                one = next(records, None)
                if one is None:
                    return
                number += 1
                errors = [f for f in one.findings if f.severity == "error"]
                # a record read without an error that the game's compiled core traces (one of
                # a collection's games, say) is indexed from what it found, as a file's is
                traced = None if errors or one.record is None or trace is None else \
                    trace(one.record, done.path)
                entry = index_record(game, one.record, number, one.name, errors) \
                    if traced is None else traced_record(game, traced, number, one.name)
                del one
            except KifuError as error:  # the file as a whole (no game tree, say)
                done.problem = describe(error)
                return
            except Exception as error:  # noqa: BLE001 - one file's bug must not end the run
                done.problem = failed(describe_fault(error))
                return
        yield entry


def failed(reason: str) -> str:
    """What the index says of a file that made kifu fail."""
    return (f"kifu failed on this file ({reason}); this is a bug in kifu, please report it "
            "with the file")


def index_record(game: AnyGame, record: Record | None, number: int, name: str,
                 errors: Sequence[KifuError] = ()) -> IndexedRecord:
    """What the index keeps of one record (``None`` when reading it failed: ``errors`` say
    why); ``errors`` are what reading it found."""
    entry = IndexedRecord(number, name, game.name)
    problems: list[KifuError] = list(errors)
    if record is None:
        entry.problem = describe(problems[0]) if problems else "it could not be read"
        return entry
    entry.headers = dict(record.headers)
    final, walked = _walk(game, record, entry, problems)
    entry.complete = walked
    if final is not None and walked:  # a warning (a count the rules leave open) is no problem
        problems.extend(p for p in check_result(game, record, final) if p.severity == "error")
    facts = game.facts(final) if final is not None else {}
    _columns(game, record, facts, lambda: game.outcome(final) if final is not None and walked
             else None, entry)
    entry.legal = not problems
    entry.problem = describe(problems[0]) if problems else None
    return entry


def traced_record(game: AnyGame, traced: Traced, number: int, name: str) -> IndexedRecord:
    """What the index keeps of a record a compiled core traced (:attr:`kifu.plugin.Format.
    trace`): what :func:`index_record` makes of it, its main line replayed to its end with
    nothing to report, its positions hashed by the core."""
    entry = IndexedRecord(number, name, game.name, dict(traced.record.headers))
    symmetry = traced.symmetry
    entry.symmetry, entry.swaps, board = _traced_symmetry(symmetry, traced.grid)
    entry.hashes, entry.images = traced.hashes, traced.images
    entry.main = entry.positions
    entry.lines = _one_line(entry.main, traced.events)
    entry.moves = traced.moves
    if traced.grid is not None:
        entry.grid = traced.grid.name
        points = traced.grid.width * traced.grid.height
        entry.occupied = occupancy.firsts(traced.changes, points)
        entry.log = compressed(traced.changes, 1)
        entry.placed = continuations.placed(traced.changes, points, board, entry.images)
    else:
        entry.placed = _nowhere(entry.positions)
    entry.complete = entry.legal = True
    _columns(game, traced.record, traced.facts, lambda: traced.outcome, entry)
    return entry


#: What a traced record's symmetry and grid give every record of them, by the symmetry's
#: identity and the grid's name (a core hands the same symmetry for each record of a board).
_traced_symmetries: dict[tuple[int, str | None], tuple[Symmetry, str, bool, Symmetry | None]] = {}


def _traced_symmetry(symmetry: Symmetry, grid: Any) -> tuple[str, bool, Symmetry | None]:
    """A traced record's symmetry as the index keeps it (:func:`_symmetry_text`), whether it
    swaps colours, and the board's symmetry its explorer's points are turned by
    (:func:`kifu.corpus.continuations.board_symmetry`); worked out once per symmetry."""
    name = None if grid is None else grid.name
    known = _traced_symmetries.get((id(symmetry), name))
    if known is None or known[0] is not symmetry:
        if len(_traced_symmetries) > 64:
            _traced_symmetries.clear()
        board = None if name is None else continuations.board_symmetry(name, symmetry.names)
        known = _traced_symmetries[(id(symmetry), name)] = (
            symmetry, _symmetry_text(symmetry), any(symmetry.swaps), board)
    return known[1], known[2], known[3]


def _one_line(nodes: int, events: list[int]) -> str:
    """:attr:`IndexedRecord.lines` of a record of one line of ``nodes`` nodes, as
    ``json.dumps([["", 0, nodes, 0, events]])`` writes it (written here: that call costs a
    record more than the rest of its JSON)."""
    return f'[["", 0, {nodes}, 0, {json.dumps(events) if events else "[]"}]]'


def _walk(game: AnyGame, record: Record, entry: IndexedRecord,
          problems: list[KifuError]) -> tuple[Any, bool]:
    """Replay every line into ``entry``; the main line's last position and whether the main
    line was played to its end."""
    walk = replay_positions(game, record)
    try:
        first = next(walk)
    except KifuError as error:  # the start itself (a set-up) is wrong
        problems.append(error)
        return None, False
    assert isinstance(first, tuple)
    start = first[3]
    tracker = game.tracker(start)
    entry.symmetry = _symmetry_text(tracker.symmetry)
    entry.swaps = any(tracker.symmetry.swaps)
    if tracker.grid is not None:
        entry.grid = tracker.grid.name
    tree = any(node.variations for node in record.moves)
    if tree:
        final, main_ok = _walk_tree(walk, tracker, start, entry, problems)
    else:
        final, main_ok = _walk_line(walk, tracker, start, entry, problems)
    tracker.finish()
    entry.hashes = entry.hashes or tracker.hashes.tobytes()
    entry.images = entry.images or bytes(tracker.images)
    if tracker.grid is not None:
        log = entry.log if entry.log is not None else tracker.log.tobytes()
        points = tracker.grid.width * tracker.grid.height
        changes = histories(log, points)
        entry.occupied = occupancy.firsts(changes, points)
        entry.log = compressed(changes, 1)  # as Traced.changes are compressed
        if not tree:
            entry.placed = continuations.placed(
                changes, points, continuations.board_symmetry(entry.grid,
                                                              tracker.symmetry.names),
                entry.images)
    elif not tree:
        entry.placed = _nowhere(entry.positions)
    return final, main_ok


def _nowhere(nodes: int) -> bytes:
    """:attr:`IndexedRecord.placed` of a record of no grid: no node's move puts a stone on a
    point the explorer names."""
    return (array("h", [-1]) * nodes).tobytes()


#: Symmetries written as JSON, by identity (games make each once; hashing one would hash its
#: permutations, a few thousand numbers, on every record).
_written: dict[int, tuple[Symmetry, str]] = {}


def _symmetry_text(symmetry: Symmetry) -> str:
    """A symmetry as the index keeps it (JSON), written once per process for each."""
    known = _written.get(id(symmetry))
    if known is None or known[0] is not symmetry:
        if len(_written) > 64:  # a game that makes its symmetries anew: keep a few
            _written.clear()
        text = json.dumps({"names": symmetry.names, "swaps": symmetry.swaps,
                           "compose": symmetry.compose}, ensure_ascii=False)
        known = _written[id(symmetry)] = (symmetry, text)
    return known[1]


def _walk_line(walk: Any, tracker: Tracker, start: Any, entry: IndexedRecord,
               problems: list[KifuError]) -> tuple[Any, bool]:
    """A record without variations: the tracker's arrays are the record's."""
    visit = tracker.visit
    visit(start)
    every = _FINISHED_EVERY
    events: list[int] = []
    final, number, ok = start, 0, True
    for item in walk:
        if type(item) is tuple:
            _, depth, now, final = item
            if now == number:
                events.append(depth)
            number = now
            visit(final)
            if not tracker.visits % every:
                tracker.finish()
        else:
            problems.append(item)
            ok = False
    entry.moves = number
    entry.lines = _one_line(tracker.visits, events)
    entry.main = tracker.visits
    return final, ok


#: A walk has its tracker work out the hashes of the positions visited this often (see
#: :meth:`kifu.plugin.symmetry.Tracker.finish`), so that a library's half a million
#: positions are never all pending at once.
_FINISHED_EVERY = 1 << 16


def _walk_tree(walk: Any, tracker: Tracker, start: Any, entry: IndexedRecord,
               problems: list[KifuError]) -> tuple[Any, bool]:
    """A record with variations: each position is noted with its line, and the lines are laid
    out one after the other (the main line first) once the walk is done.  What is noted is a
    few numbers in arrays for each position and each line, so that a library of half a
    million positions in as many lines costs tens of megabytes here, not hundreds."""
    # The lines by their path (the walk gives one path object for a whole line, which hashes
    # once), numbered in the order they start.
    line_of: dict[Any, int] = {}
    depths, numbers, counts, last = array("q"), array("q"), array("q"), array("q")
    events: dict[int, list[int]] = {}
    # Each visit's line, and where its changes start in the tracker's log.
    lines_visited, log_starts = array("I"), array("Q")
    final, ok = start, True

    def note(path: Any, depth: int, number: int, position: Any) -> None:
        line = line_of.get(path)
        if line is None:
            line = line_of[path] = len(line_of)
            depths.append(depth)
            numbers.append(number)
            counts.append(0)
            last.append(number)
        elif last[line] == number:
            events.setdefault(line, []).append(depth)
        last[line] = number
        lines_visited.append(line)
        log_starts.append(len(tracker.log))
        tracker.visit(position)
        counts[line] += 1
        if not tracker.visits % _FINISHED_EVERY:
            tracker.finish()

    note(MAIN_LINE, 0, 0, start)
    for item in walk:
        if type(item) is tuple:
            path, depth, number, position = item
            note(path, depth, number, position)
            if not path:
                final = position
                entry.moves = number
        else:
            problems.append(item)
            ok = ok and bool(item.variation)
    tracker.finish()
    log_starts.append(len(tracker.log))
    # The visits in node order: each line's in turn (a counting sort by line).
    at = array("Q", bytes(8 * len(line_of)))
    total = 0
    for line, count in enumerate(counts):
        at[line], total = total, total + count
    order = array("I", bytes(4 * len(lines_visited)))
    for visited, line in enumerate(lines_visited):
        order[at[line]] = visited
        at[line] += 1
    hashes, images, log = array("q"), bytearray(), array("H")
    tracked, seen, changes = tracker.hashes, tracker.images, tracker.log
    for visited in order:
        hashes.append(tracked[visited])
        images.append(seen[visited])
        log.extend(changes[log_starts[visited]:log_starts[visited + 1]])
    entry.hashes, entry.images = hashes.tobytes(), bytes(images)
    if tracker.grid is not None:
        entry.log = log.tobytes()
    entry.lines = "[" + ",".join(
        json.dumps([".".join(map(str, path)), depths[line], counts[line], numbers[line],
                    events.get(line, [])]) for path, line in line_of.items()) + "]"
    entry.main = counts[0]
    return final, ok


def histories(log: bytes, points: int) -> bytes:
    """A grid game's log (see :class:`kifu.plugin.symmetry.Tracker`) turned point by point,
    what a pattern search reads (:func:`kifu.corpus.patterns.first_match`): for each point,
    the nodes at which it changed (from the node before in node order) and what it became,
    ``node << 2 | content``; and the side to move at each node.  A reset (a variation's
    first node) is written as the points that differ from the node before.  Packed (the index
    keeps it compressed with zlib): ``points``, ``nodes`` (two unsigned 32-bit numbers), each
    point's count of changes (unsigned 32-bit), the sides (a byte a node), the changes (unsigned 32-bit)."""
    entries = array("H")
    entries.frombytes(log)
    state = bytearray(points)
    blank = bytes(points)
    # Only the points that ever change get a list (a record touches a fraction of a board).
    changes: dict[int, list[int]] = {}
    sides = bytearray()
    node = -1
    reset: dict[int, int] | None = None  # a reset's board, being read: its stones by point

    def change(point: int, content: int) -> None:
        mine = changes.get(point)
        if mine is None:
            mine = changes[point] = []
        elif mine[-1] >> 2 == node:  # changed twice in one node (a suicide): once
            mine.pop()
        if (mine[-1] & 3 if mine else 0) != content:
            mine.append(node << 2 | content)
        state[point] = content

    def settle(board: dict[int, int]) -> None:
        # The points the reset names and, unless the board was empty before it (a record's
        # start), every point that may have held a stone.
        for point in (board if state == blank else range(points)):
            if board.get(point, 0) != state[point]:
                change(point, board.get(point, 0))

    for entry in entries:
        if entry & MARK:
            if reset is not None:
                settle(reset)
                reset = None
            node += 1
            sides.append(entry & 3)
            if entry & RESET:
                reset = {}
        elif reset is not None:
            reset[entry >> 2] = entry & 3
        elif state[entry >> 2] != entry & 3:
            change(entry >> 2, entry & 3)
    if reset is not None:
        settle(reset)
    counts = array("I", bytes(4 * points))
    flat = array("I")
    for point in sorted(changes):
        counts[point] = len(changes[point])
        flat.extend(changes[point])
    return struct.pack("<II", points, len(sides)) + counts.tobytes() + bytes(sides) + \
        flat.tobytes()


def _columns(game: AnyGame, record: Record, facts: dict[str, str],
             end: Callable[[], Outcome | None], entry: IndexedRecord) -> None:
    """The headers a search filters on, the winner, the sides and the game's own facts
    (``facts``, of the main line's last position); ``end`` gives how the moves ended the
    game (``None`` where the main line was not played to its end), asked for only where
    the stated result does not say."""
    columns: dict[str, str | None] = {}
    headers = record.headers
    folded = _folded(headers)
    header = _header(headers, folded)
    for column, names in _COLUMN_NAMES:
        found = None
        for name, key in names:  # the first with a value, as record.header finds each
            value = headers.get(name)
            if value is None:
                value = folded.get(key)
            if value:
                found = value
                break
        columns[column] = found
    columns["rule"] = columns["rule"] or facts.get("rule")
    columns["opening"] = facts.get("opening") or header("Opening")
    columns["players"] = "\n".join(game.players(record)) or None
    ended = _outcome(game, record, end)
    columns["winner"] = None if ended is None or not ended.decided else ended.winner or "draw"
    entry.score = None if ended is None else ended.score
    entry.ending = None if ended is None else ended.kind
    entry.columns = columns
    entry.strength = strength(record.headers)
    sides = facts.get("sides")
    entry.sides = sides.split("\n") if sides else list(game.sides or ())


#: :data:`COLUMNS` with each header's name folded (as :func:`_header` looks names up).
_COLUMN_NAMES = tuple((column, tuple((name, name.casefold()) for name in names))
                      for column, names in COLUMNS.items())


def _folded(headers: dict[str, str]) -> dict[str, str]:
    """A record's ``headers`` by their names folded, the first of each name (as
    :meth:`kifu.base.record.Record.header` finds it)."""
    folded: dict[str, str] = {}
    for name, value in headers.items():
        folded.setdefault(name.casefold(), value)
    return folded


def _header(headers: dict[str, str], folded: dict[str, str] | None = None
            ) -> Callable[[str], str | None]:
    """:meth:`kifu.base.record.Record.header` of a record's ``headers``, their names
    folded once (``folded``, where made already: :func:`_folded`) for the several looked up
    (most of which a record does not have)."""
    if folded is None:
        folded = _folded(headers)

    def header(key: str) -> str | None:
        value = headers.get(key)
        return value if value is not None else folded.get(key.casefold())
    return header


#: A header that gives a player's strength: ``Black-Rank`` (SGF's ``BR``), ``White-Rank``,
#: ``First-player-Elo`` (PlayOK's ``BlackElo``), any name ending so.
_STRENGTH_HEADER = re.compile(r".*(rank|elo|rating)", re.IGNORECASE)
#: A rank: a number and its kind (kyu, amateur dan, professional dan).
_RANK = re.compile(r"\s*(\d{1,2})\s*(kyu|k|級|级|급|dan|d|段|단|pro|p)(?![a-z])", re.IGNORECASE)
_KINDS = {"kyu": "k", "k": "k", "級": "k", "级": "k", "급": "k", "dan": "d", "d": "d",
          "段": "d", "단": "d", "pro": "p", "p": "p"}
#: A rating (Elo and the like): a number and nothing else.
_RATING = re.compile(r"\s*(\d{2,4}(?:\.\d+)?)\s*")


def player_strength(text: str) -> float | None:
    """A player's strength as one number, ``None`` for a text that gives none: a rating as
    it is (``1826``), a rank on the scale of the European Go Federation's ratings (``1k``
    2000, a kyu less 100; ``1d`` 2100, a dan more 100; ``1p`` 2730, a professional dan more
    30), so that ranks and ratings sort together."""
    found = _RANK.match(text)
    if found:
        number, kind = int(found.group(1)), _KINDS[found.group(2).lower()]
        if kind == "k":
            return 2100.0 - 100 * number
        return 2000.0 + 100 * number if kind == "d" else 2700.0 + 30 * number
    found = _RATING.fullmatch(text)
    return float(found.group(1)) if found else None


def strength(headers: dict[str, str]) -> float | None:
    """How strong a record's players are: the weaker one's strength of those its headers give
    (each header named for a rank, an Elo or a rating: :func:`player_strength`), ``None``
    where none does."""
    found = [value for name, text in headers.items() if _strength_header(name)
             and (value := player_strength(text)) is not None]
    return min(found) if found else None


#: Whether each header name met gives a strength (records use a few names, again and again).
_STRENGTH_NAMES: dict[str, bool] = {}


def _strength_header(name: str) -> bool:
    known = _STRENGTH_NAMES.get(name)
    if known is None:
        if len(_STRENGTH_NAMES) > 4096:
            _STRENGTH_NAMES.clear()
        known = _STRENGTH_NAMES[name] = _STRENGTH_HEADER.fullmatch(name) is not None
    return known


def _outcome(game: AnyGame, record: Record, end: Callable[[], Outcome | None]
             ) -> Outcome | None:
    """How the record ended: its stated result read as the game reads results, in whatever
    language it is written (a draw's winner ``None``), else the end the moves reach
    (``end()``); ``None`` when neither says."""
    stated = record.result
    if stated:
        said = game.parse_result(stated, record)
        if said.decided or said.kind == "void":
            return said
    return end()


def digest(main: bytes) -> bytes:
    """The digest of a main line's hashes: equal for games that reach the same positions in
    the same order, up to the game's symmetries."""
    return hashlib.blake2b(main, digest_size=16).digest()


#: Files larger than this are indexed in the process that writes the index, their records
#: written as they come (read in a worker, they would all be sent back at once): a worker
#: that reads one sends back only that it is large (:attr:`IndexedFile.here`).
LOCAL_SIZE = 4 << 20


@dataclass(frozen=True)
class IndexTask:
    """Indexing one found file, as a :class:`kifu.run.runner.Task` (paths are absolute, so a
    worker anywhere that sees the same files reads the same ones).  It says no chunk size of
    its own: the runner's, sized by time, hold a hundred files or more (a file is read in
    about 0.1 ms, and the pool's work for each chunk costs the writing process as much as
    writing a file's rows)."""

    def __call__(self, found: Found) -> IndexedFile:
        """The file ``found`` indexed; where it comes back from a worker ``here`` (a large
        one), pass it to :meth:`here` where it arrives."""
        if found.problem is not None:
            return IndexedFile(found.path, problem=describe(found.problem))
        return index_file(found.path, only_records=not found.named)

    def here(self, found: Found, indexed: IndexedFile) -> IndexedFile:
        """``indexed`` as it came back for ``found``, or a large file read in this process
        (the worker that read it sent back only its size: :attr:`IndexedFile.here`)."""
        return guarded(self, found) if indexed.here else indexed

    def fault(self, found: Found, reason: str) -> IndexedFile:
        return IndexedFile(found.path, problem=failed(reason))

    def local(self, found: Found) -> bool:
        """No file is kept here from the start: which are large is known as a worker reads
        them (asking here cost the writer a look at every file, 5% of its time on small
        ones), and those come back ``here`` (:meth:`here`)."""
        return False

    def rooted(self, folder: str) -> IndexTask:
        return replace(self)
