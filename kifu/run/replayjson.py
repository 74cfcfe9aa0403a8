"""The machine-readable replay (``kifu show --format json``; schema: schema/replay.schema.json).

For tools downstream that want to know what happened at each move without parsing notation:
the record's comments before play (a problem's statement), the start position, each move as
parsed with its comments and the events it caused, the final position and the outcome.  With
``variations`` every line of the record is replayed, each from where it branches; else one line
(the main line, or the variation ``path`` selects), up to move ``move`` if given, and the final
position and the outcome are those after it.
"""
from __future__ import annotations

import json
from collections.abc import Callable, Iterator
from dataclasses import dataclass, fields
from typing import Any

from kifu.base.diagnostics import Diagnostic
from kifu.base.errors import KifuError
from kifu.base.record import Record
from kifu.base.unsafe import json_escaped
from kifu.plugin import AnyGame, Step

FORMAT = "kifu-replay"
VERSION = 1


def replay_json(game: AnyGame, record: Record, *, variations: bool = False,
                lenient: bool = False, path: tuple[int, ...] = (),
                move: int | None = None) -> dict[str, Any]:
    """The replay document of a record (see the module's docstring)."""
    replay = _replay(game, record, variations, lenient, path, move, lambda value: value)
    return {**replay.fields, "lines": replay.lines, **replay.after}


def replay_text(game: AnyGame, record: Record, *, variations: bool = False,
                lenient: bool = False, path: tuple[int, ...] = (),
                move: int | None = None) -> tuple[Iterator[str], bool]:
    """The replay document as JSON text, in pieces to write one after the other, and whether
    any line of it has an error.

    A field of the document a line, each line of play and each of its moves on lines of their
    own, every move and error encoded (by the C encoder) as it is replayed: the document as
    values, indented as a whole, cost gigabytes for a megabyte of variations.  Safe to print
    (``json_escaped``).
    """
    replay = _replay(game, record, variations, lenient, path, move, _compact)
    failed = replay.after["error"] is not None or any(line["error"] for line in replay.lines)
    return _pieces(replay), failed


def _pieces(replay: _Replay) -> Iterator[str]:
    fields = [f"{json.dumps(key)}: {_compact(value)}" for key, value in replay.fields.items()]
    yield json_escaped("{" + ",\n ".join(fields) + ',\n "lines": [')
    for index, line in enumerate(replay.lines):
        moves = "".join(f"\n   {move}," for move in line["moves"]).rstrip(",")
        yield json_escaped(f'{"," if index else ""}\n  {{"path": {_compact(line["path"])}, '
                           f'"moves": [{moves}{chr(10) + "  " if moves else ""}], '
                           f'"error": {line["error"] or "null"}}}')
    after = [f"{json.dumps(key)}: {_compact(value)}" for key, value in replay.after.items()]
    yield json_escaped("\n ],\n " + ",\n ".join(after) + "}\n")


_compact = json.JSONEncoder(ensure_ascii=False).encode


@dataclass
class _Replay:
    fields: dict[str, Any]  # the document's fields before its lines
    lines: list[dict[str, Any]]  # each line's moves and error, encoded as asked
    after: dict[str, Any]  # the fields after: the final position, the outcome, the error


def _replay(game: AnyGame, record: Record, variations: bool, lenient: bool,
            path: tuple[int, ...], move: int | None, encode: Callable[[Any], Any]) -> _Replay:
    source = record.source or "-"
    try:
        start = game.start(record)
    except KifuError as error:
        return _document(game, record, {}, [], {}, None, diagnostic_json(error, source))
    start_json = game.position_to_json(start)
    if variations:
        lines, final = _every_line(game, record, lenient, source, start, encode)
    else:
        lines, final = _one_line(game, record, lenient, source, start, path, move, encode)
    main_error = lines[0]["error"]
    return _document(game, record, start_json, lines, game.position_to_json(final),
                     None if main_error else game.outcome(final),
                     None if main_error is None else lines[0]["failure"])


def _every_line(game: AnyGame, record: Record, lenient: bool, source: str, start: Any,
                encode: Callable[[Any], Any]) -> tuple[list[dict[str, Any]], Any]:
    lines: dict[tuple[int, ...], dict[str, Any]] = {(): _line(())}
    final = start
    for item in game.replay_tree(record, lenient=lenient):
        path = item.variation if isinstance(item, KifuError) else item.path
        line = lines.setdefault(path, _line(path))
        if isinstance(item, KifuError):
            _fail(line, diagnostic_json(item, source), encode, not path)
            continue
        line["moves"].append(encode(move_json(game, item, source)))
        if not path:
            final = item.position
    return list(lines.values()), final


def _one_line(game: AnyGame, record: Record, lenient: bool, source: str, start: Any,
              path: tuple[int, ...], move: int | None,
              encode: Callable[[Any], Any]) -> tuple[list[dict[str, Any]], Any]:
    line = _line(path)
    final = start
    if move != 0:
        try:
            for step in game.replay(record, lenient=lenient, path=path):
                line["moves"].append(encode(move_json(game, step, source)))
                final = step.position
                if move is not None and step.number == move:
                    break
        except KifuError as error:
            _fail(line, diagnostic_json(error, source), encode, True)
    return [line], final


def _line(path: tuple[int, ...]) -> dict[str, Any]:
    return {"path": list(path), "moves": [], "error": None}


def _fail(line: dict[str, Any], problem: dict[str, Any], encode: Callable[[Any], Any],
          main: bool) -> None:
    """Put a line's error in it, encoded; the main line's also as it is, for the document."""
    line["error"] = encode(problem)
    if main:
        line["failure"] = problem


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


def _document(game: AnyGame, record: Record, start: dict[str, Any], lines: list[dict[str, Any]],
              final: dict[str, Any], outcome: Any, error: dict[str, Any] | None) -> _Replay:
    for line in lines:
        line.pop("failure", None)
    return _Replay(
        {"format": FORMAT, "version": VERSION, "game": game.name,
         "headers": [[key, value] for key, value in record.headers.items()],
         "comments": list(record.comments), "start": start},
        lines,
        {"final": final,
         "outcome": None if outcome is None else {"winner": outcome.winner,
                                                  "reason": outcome.reason},
         "error": error})
