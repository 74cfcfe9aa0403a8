"""Rengi's replay events in words, for people reading along (the viewer)."""
from __future__ import annotations

from collections.abc import Callable
from typing import Any

Event = dict[str, Any]


def _plural(count: int, noun: str) -> str:
    return f"{count} {noun}{'s' * (count != 1)}"


def _place(e: Event) -> str | None:
    notes = []
    if e.get("split"):
        notes.append("the pair splits")
    if e.get("discarded"):
        notes.append(f"{_plural(len(e['discarded']), 'stone')} above the field vanish")
    return "; ".join(notes) or None


def _chain(e: Event) -> str:
    cleared = sum(link.get("stones", 0) for link in e.get("links", []))
    return f"{e['side']} fires a {e['chain']}-chain ({_plural(cleared, 'stone')} cleared)"


def _garbage(e: Event) -> str:
    text = f"{e['side']} makes {_plural(e['generated'], 'garbage stone')}"
    if e.get("offset"):
        text += f", offsets {e['offset']}"
    return text + f", sends {e['sent']} (the opponent's warning: {e['opponent_warning']})"


_WORDS: dict[str, Callable[[Event], str | None]] = {
    "place": _place,
    "chain": _chain,
    "garbage": _garbage,
    "wait": lambda e: f"{e['side']} waits while the {e['reason']} resolves",
    "drop": lambda e: (f"{_plural(e['stones'], 'garbage stone')} fall on {e['side']}"
                       + (f" ({_plural(e['rows'], 'row')})" if e.get("rows") else "")),
    "extra-move": lambda e: f"{e['side']} gets an extra move ({e['reason']})",
    "pass": lambda e: f"{e['side']} passes",
    "resign": lambda e: f"{e['side']} resigns",
}


def event_text(event: Event) -> str | None:
    """One event in words; ``None`` where the move or the position's status says it already
    (a pair placed, the end of the game)."""
    words = _WORDS.get(str(event.get("type")))
    return None if words is None else words(event)
