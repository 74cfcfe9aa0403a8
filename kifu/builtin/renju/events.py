"""What a Renju move did: its events, and the events in words for people reading along (the
viewer).

Events: ``forbidden`` (black's forbidden ``shape`` at ``point``: black loses), ``swap``,
``offer`` (the ``points`` offered for the fifth move) and ``end`` (``winner``, ``reason``).
"""
from __future__ import annotations

from typing import Any

from kifu.builtin.renju.forbidden import FORBIDDEN_NAMES


def event_text(event: dict[str, Any]) -> str | None:
    """One event in words; ``None`` where the move or the position's status says it already
    (a stone placed, the end of the game)."""
    kind = event.get("type")
    if kind == "forbidden":
        shape = FORBIDDEN_NAMES.get(str(event.get("shape")), str(event.get("shape")))
        return f"black's forbidden {shape} at {event.get('point')}: black loses"
    if kind == "swap":
        return "the players swap colours"
    if kind == "offer":
        return (f"black offers {', '.join(event.get('points', []))} for the fifth move; "
                "white picks one")
    return None
