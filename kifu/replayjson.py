"""The machine-readable replay (``kifu show --format json``; schema: schema/replay.schema.json).

For tools downstream that want to know what happened at each move without parsing notation:
the start position, each move as parsed with the events it caused, the final position and the
outcome.  With ``variations`` every line of the record is replayed, each from where it branches.
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
                lenient: bool = False) -> dict[str, Any]:
    source = record.source or "-"
    try:
        start = game.start(record)
    except KifuError as error:
        return _document(game, record, {}, [], {}, None, diagnostic_json(error, source))
    start_json = game.position_to_json(start)
    lines: dict[tuple[int, ...], dict[str, Any]] = {(): {"path": [], "moves": [], "error": None}}
    final = start
    for item in game.replay_tree(record, lenient=lenient):
        path = item.variation if isinstance(item, KifuError) else item.path
        if path and not variations:
            continue
        line = lines.setdefault(path, {"path": list(path), "moves": [], "error": None})
        if isinstance(item, KifuError):
            line["error"] = diagnostic_json(item, source)
            continue
        line["moves"].append(move_json(game, item, source))
        if not path:
            final = item.position
    main_error = lines[()]["error"]
    return _document(game, record, start_json, list(lines.values()), game.position_to_json(final),
                     None if main_error else game.outcome(final), main_error)


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
