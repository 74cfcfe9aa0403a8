"""The machine-readable replay (``kifu show --format json``; schema: schema/replay.schema.json).

For tools downstream that want to know what happened at each move without parsing notation:
the record's comments before play (a problem's statement), the start position, each move as
parsed with its comments and the events it caused, the final position and the outcome.  With
``variations`` every line of the record is replayed, each from where it branches; else one line
(the main line, or the variation ``path`` selects), up to move ``move`` if given, and the final
position and the outcome are those after it.

A replay gives at most :data:`MAX_POSITIONS` positions (``replay-positions``), as the viewer
draws at most its own number: the JSON of one move is a few hundred bytes, and up to a few
kilobytes with what it did.
"""
from __future__ import annotations

import json
from collections.abc import Callable, Iterator, Sequence
from dataclasses import fields
from typing import Any

from kifu.base.diagnostics import Diagnostic
from kifu.base.errors import KifuError, LimitError
from kifu.base.limits import moves_in
from kifu.base.record import Node, Record, is_event
from kifu.base.unsafe import json_escaped
from kifu.plugin import AnyGame, Step, driver
from kifu.plugin.driver import as_judged

FORMAT = "kifu-replay"
VERSION = 1

#: The positions one replay gives at most, every line's moves and faults counted: a megabyte
#: of Rengi variations, 210,000 positions, made a document of 254 MB in 53 s; real games and
#: problem collections have hundreds, or a few thousand.
MAX_POSITIONS = 100_000

#: The numbers the paths of a replay's lines hold at most, all lines counted: each line gives
#: its path whole, so a record nested deeply gives the square of its depth (50,000 levels, a
#: few megabytes of record, would give billions).
MAX_PATH_NUMBERS = 10 * MAX_POSITIONS

#: About the size of the pieces :func:`replay_text` hands out, each a write.
PIECE = 1 << 16


def replay_json(game: AnyGame, record: Record, *, variations: bool = False,
                lenient: bool = False, path: tuple[int, ...] = (),
                move: int | None = None) -> dict[str, Any]:
    """The replay document of a record (see the module's docstring).

    A replay of more than :data:`MAX_POSITIONS` positions is a ``LimitError``, raised before
    anything is replayed.
    """
    replay = _Replay(game, record, variations, lenient, path, move)
    lines: list[dict[str, Any]] = []
    for kind, value in replay.items(_as_it_is):
        if kind == "line":
            lines.append({"path": value, "moves": [], "error": None})
        elif kind == "move":
            lines[-1]["moves"].append(value)
        else:
            lines[-1]["error"] = value
    return {**replay.fields, "lines": lines, **replay.after()}


def replay_text(game: AnyGame, record: Record, *, variations: bool = False,
                lenient: bool = False, path: tuple[int, ...] = (),
                move: int | None = None) -> ReplayText:
    """The replay document as JSON text, in pieces written as the record is replayed (see
    :class:`ReplayText`); a replay of more than :data:`MAX_POSITIONS` positions is a
    ``LimitError``, raised here, before a piece is made."""
    return ReplayText(_Replay(game, record, variations, lenient, path, move))


class ReplayText:
    """The replay document as JSON text, in pieces of about :data:`PIECE` characters to write
    one after the other; once they are all taken, :attr:`failed` says whether any line has an
    error.

    A field of the document a line, each line of play and each of its moves on lines of their
    own, every move encoded (by the C encoder) as it is replayed and let go once written, each
    line whole before the next (:func:`kifu.plugin.driver.replay_lines`): the document held as
    values, or its lines as text, cost gigabytes, then hundreds of megabytes, for a megabyte
    of variations.  Safe to print (``json_escaped``).
    """

    def __init__(self, replay: _Replay) -> None:
        self._replay = replay
        self.failed = False
        #: The positions the replay gives, and what is called after each move is written
        #: (a progress line's ``step``).
        self.positions = replay.positions
        self.step: Callable[[], None] | None = None

    def __iter__(self) -> Iterator[str]:
        held: list[str] = []
        size = 0
        for text in self._texts():
            held.append(text)
            size += len(text)
            if size >= PIECE:
                yield json_escaped("".join(held))
                held, size = [], 0
        self.failed = self._replay.failed
        yield json_escaped("".join(held))

    def _texts(self) -> Iterator[str]:
        replay = self._replay
        yield "{" + ",\n ".join(f"{json.dumps(key)}: {_compact(value)}"
                                for key, value in replay.fields.items()) + ',\n "lines": ['
        lines = moves = 0
        error = "null"
        for kind, value in replay.items(_compact):
            if kind == "line":
                if lines:
                    yield _closed(moves, error)
                yield f'{"," if lines else ""}\n  {{"path": {value}, "moves": ['
                lines, moves, error = lines + 1, 0, "null"
            elif kind == "move":
                yield f'{"," if moves else ""}\n   {value}'
                moves += 1
                if self.step is not None:
                    self.step()
            else:
                error = value
        if lines:
            yield _closed(moves, error)
        yield "\n ],\n " + ",\n ".join(f"{json.dumps(key)}: {_compact(value)}"
                                      for key, value in replay.after().items()) + "}\n"


def _closed(moves: int, error: str) -> str:
    return f'{chr(10) + "  " if moves else ""}], "error": {error}}}'


_compact = json.JSONEncoder(ensure_ascii=False).encode


def _as_it_is(value: Any) -> Any:
    return value


class _Replay:
    """One replay as it goes: the document's fields before its lines (:attr:`fields`), then
    its lines item by item (:meth:`items`), then the fields after them (:meth:`after`)."""

    def __init__(self, game: AnyGame, record: Record, variations: bool, lenient: bool,
                 path: tuple[int, ...], move: int | None) -> None:
        self.game, self.record, self.variations = game, record, variations
        self.lenient, self.path, self.move = lenient, path, move
        self.source = record.source or "-"
        self.positions = positions = (moves_in(record.moves) if variations
                                      else _line_positions(record, path, move))
        if positions > MAX_POSITIONS:
            raise LimitError(
                f"the replay as JSON gives at most {MAX_POSITIONS:,} positions, and this "
                f"{'record' if variations else 'line'} has {positions:,}"
                f"{' (variations included)' if variations else ''}; replay one line with "
                "'kifu show --format json --variation PATH', or part of it with '--move N'",
                span=record.moves[0].span if record.moves else None, rule="replay-positions")
        numbers = _path_numbers(record.moves) if variations else 0
        if numbers > MAX_PATH_NUMBERS:
            raise LimitError(
                f"the replay as JSON gives at most {MAX_PATH_NUMBERS:,} numbers in the paths "
                f"of its lines, and this record's variations, nested deeply, have {numbers:,}; "
                "replay one line with 'kifu show --format json --variation PATH'",
                span=record.moves[0].span if record.moves else None, rule="replay-positions")
        self.failed = False
        self.start: Any = None
        self.start_error: dict[str, Any] | None = None
        try:
            self.start = game.start(record)
        except KifuError as error:
            self.start_error = diagnostic_json(error, self.source)
            self.failed = True
        self.final = self.start
        self.main_error: dict[str, Any] | None = None
        self.fields = {"format": FORMAT, "version": VERSION, "game": game.name,
                       "headers": [[key, value] for key, value in record.headers.items()],
                       "comments": list(record.comments),
                       "start": {} if self.start is None else game.position_to_json(self.start)}

    def items(self, encode: Callable[[Any], Any]) -> Iterator[tuple[str, Any]]:
        """Each line in turn: ``("line", path)``, then ``("move", move)`` for each of its moves
        and ``("error", problem)`` if it has one, each value ``encode``-d."""
        if self.start_error is not None:
            return
        if self.variations:
            yield from self._every_line(encode)
        else:
            yield from self._one_line(encode)

    def _every_line(self, encode: Callable[[Any], Any]) -> Iterator[tuple[str, Any]]:
        game, source = self.game, self.source
        line: Sequence[int] | None = None
        for item in driver.replay_lines(game, self.record, lenient=self.lenient):
            path = item.variation if isinstance(item, KifuError) else item.path
            if path != line:
                line = path
                yield "line", encode(list(path))
            if isinstance(item, KifuError):
                yield "error", encode(self._fail(item, not path))
                continue
            yield "move", encode(move_json(game, item, source))
            if not path:
                self.final = item.position
        if line is None:  # a record without moves: its main line, empty
            yield "line", encode([])

    def _one_line(self, encode: Callable[[Any], Any]) -> Iterator[tuple[str, Any]]:
        game, source, move = self.game, self.source, self.move
        yield "line", encode(list(self.path))
        if move == 0:
            return
        try:
            for step in driver.replay(game, self.record, lenient=self.lenient, path=self.path):
                yield "move", encode(move_json(game, step, source))
                self.final = step.position
                if move is not None and step.number == move:
                    break
        except KifuError as error:
            yield "error", encode(self._fail(error, True))

    def _fail(self, error: KifuError, main: bool) -> dict[str, Any]:
        """The problem a line ends with, as the replay gives it; the main line's is the
        document's error too."""
        judged = as_judged(self.record, error)
        problem = diagnostic_json(judged, self.source)
        self.failed = self.failed or judged.severity == "error"
        if main:
            self.main_error = problem
        return problem

    def after(self) -> dict[str, Any]:
        """The fields after the lines: the final position, the outcome, the error (the start's
        or the main line's)."""
        if self.start is None:
            return {"final": {}, "outcome": None, "error": self.start_error}
        game, main_error = self.game, self.main_error
        outcome = None if main_error else game.outcome(self.final)
        return {"final": game.position_to_json(self.final),
                "outcome": None if outcome is None else {"winner": outcome.winner,
                                                         "reason": outcome.reason},
                "error": main_error}


def _path_numbers(moves: list[Node[Any]]) -> int:
    """How many numbers the paths of every line of a tree hold (a line nested ``n`` deep has
    ``2n``), found without recursion."""
    total = 0
    pending = [(moves, 0)]
    while pending:
        nodes, length = pending.pop()
        total += length
        for node in nodes:
            pending.extend((variation, length + 2) for variation in node.variations)
    return total


def _line_positions(record: Record, path: tuple[int, ...], move: int | None) -> int:
    """The positions a replay of one line gives: its nodes, up to move ``move``."""
    try:
        line = record.line(path)
    except ValueError:
        return 0  # no such line: replaying it says so
    if move is None:
        return len(line)
    count = moves = 0
    for node in line:
        if moves == move:
            break
        count += 1
        moves += not is_event(node.move)
    return count


def move_json(game: AnyGame, step: Step, source: str, text: str | None = None) -> dict[str, Any]:
    """One replayed move as the replay format gives it: number, move, notation, comments,
    events and warnings (quoting their source line when the record's ``text`` is given)."""
    return {
        "number": step.number,
        "move": game.move_to_json(step.node.move),
        "notation": game.move_text(step.node.move),
        "comments": list(step.node.comments),
        "events": step.events,
        "warnings": [diagnostic_json(w, source, text) for w in step.warnings],
    }


def diagnostic_json(error: KifuError, source: str, text: str | None = None) -> dict[str, Any]:
    """A problem as the replay format gives it (a diagnostic as ``kifu validate`` prints it)."""
    diagnostic = Diagnostic.from_error(error, source, text)
    # Field by field: ``asdict`` deep-copies every number of a variation's path.
    data = {field.name: getattr(diagnostic, field.name) for field in fields(diagnostic)}
    data["variation"] = list(error.variation)
    return data
