"""Rengoma's replay events in words, for people reading along (the viewer)."""
from __future__ import annotations

from collections.abc import Callable
from typing import Any

Event = dict[str, Any]


def _piece(data: dict[str, Any]) -> str:
    return f"{data['colour']} {data['strength']}"


def _move(e: Event) -> str:
    text = f"{e['player']} moves the {_piece(e)} from {e['from']} to {e['to']}"
    if e.get("stacked_on"):
        text += f", onto the {_piece(e['stacked_on'])}"
    if e.get("revealed"):
        text += f", uncovering the {_piece(e['revealed'])}"
    return text


_WORDS: dict[str, Callable[[Event], str]] = {
    "place": lambda e: f"{e['player']} places a {_piece(e)} on {e['square']}",
    "move": _move,
    "chip-spent": lambda e: f"{e['side']} spends a chip ({e['held']} left)",
    "chip-gained": lambda e: f"{e['side']} takes a chip from {e['from']} ({e['held']} held)",
    "chip-none": lambda e: f"no chip for {e['side']}: {e['reason']}",
    "refill": lambda e: (f"{e['colour']}'s next field piece is a {e['strength']} "
                         f"({e['stock']} left face down)"),
    "win": lambda e: (f"four in a row for {e['winner']}: {' '.join(e['squares'])}"
                      + (f" (made by {e['by']})" if e.get("by") != e.get("winner") else "")),
}


def event_text(event: Event) -> str | None:
    """One event in words; ``None`` where the position's status says it already (a draw)."""
    words = _WORDS.get(str(event.get("type")))
    return None if words is None else words(event)
