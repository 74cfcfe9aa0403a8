"""The machine-readable replay (``kifu show --format json``; schema: schema/replay.schema.json).

For tools downstream that want to know what happened at each move without parsing notation:
the start position, each move as parsed with the events it caused, the final position and the
outcome.  With ``variations`` every line of the record is replayed, each from where it branches;
else one line (the main line, or the variation ``path`` selects), up to move ``move`` if given,
and the final position and the outcome are those after it.
"""
from __future__ import annotations

from dataclasses import asdict
from typing import Any

from kifu.errors import KifuError
from kifu.game import Game, Step
from kifu.record import Record
from kifu.report import Diagnostic

FORMAT = "kifu-replay"
VERSION = 1


def replay_json(game: Game, record: Record, *, variations: bool = False,
                lenient: bool = False, path: tuple[int, ...] = (),
                move: int | None = None) -> dict[str, Any]:
    """The replay document of a record (see the module's docstring)."""
    source = record.source or "-"
    try:
        start = game.start(record)
    except KifuError as error:
        return _document(game, record, {}, [], {}, None, diagnostic_json(error, source))
    start_json = game.position_to_json(start)
    if variations:
        lines, final = _every_line(game, record, lenient, source, start)
    else:
        lines, final = _one_line(game, record, lenient, source, start, path, move)
    main_error = lines[0]["error"]
    return _document(game, record, start_json, lines, game.position_to_json(final),
                     None if main_error else game.outcome(final), main_error)


def _every_line(game: Game, record: Record, lenient: bool, source: str,
                start: Any) -> tuple[list[dict[str, Any]], Any]:
    lines: dict[tuple[int, ...], dict[str, Any]] = {(): {"path": [], "moves": [], "error": None}}
    final = start
    for item in game.replay_tree(record, lenient=lenient):
        path = item.variation if isinstance(item, KifuError) else item.path
        line = lines.setdefault(path, {"path": list(path), "moves": [], "error": None})
        if isinstance(item, KifuError):
            line["error"] = diagnostic_json(item, source)
            continue
        line["moves"].append(move_json(game, item, source))
        if not path:
            final = item.position
    return list(lines.values()), final


def _one_line(game: Game, record: Record, lenient: bool, source: str, start: Any,
              path: tuple[int, ...], move: int | None) -> tuple[list[dict[str, Any]], Any]:
    line: dict[str, Any] = {"path": list(path), "moves": [], "error": None}
    final = start
    if move != 0:
        try:
            for step in game.replay(record, lenient=lenient, path=path):
                line["moves"].append(move_json(game, step, source))
                final = step.position
                if move is not None and step.number == move:
                    break
        except KifuError as error:
            line["error"] = diagnostic_json(error, source)
    return [line], final


def move_json(game: Game, step: Step, source: str, text: str | None = None) -> dict[str, Any]:
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
    data = asdict(Diagnostic.from_error(error, source, text))
    data["variation"] = list(error.variation)
    return data


def _document(game: Game, record: Record, start: dict[str, Any], lines: list[dict[str, Any]],
              final: dict[str, Any], outcome: Any, error: dict[str, Any] | None) -> dict[str, Any]:
    return {
        "format": FORMAT,
        "version": VERSION,
        "game": game.name,
        "headers": [[key, value] for key, value in record.headers.items()],
        "start": start,
        "lines": lines,
        "final": final,
        "outcome": None if outcome is None else {"winner": outcome.winner, "reason": outcome.reason},
        "error": error,
    }
