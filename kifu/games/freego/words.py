"""Free-form Go's replay events in words, for people reading along (the viewer)."""
from __future__ import annotations

from typing import Any


def event_text(event: dict[str, Any]) -> str | None:
    """One event in words; ``None`` where the move or the position's status says it already
    (a stone placed, the end of the game)."""
    kind = event.get("type")
    cells = " ".join(event.get("cells", []))
    count = len(event.get("cells", []))
    stones = f"{count} stone{'s' * (count != 1)}"
    if kind == "capture":
        return f"{event['player']} captures {stones} of {event['captured']}: {cells}"
    if kind == "suicide":
        return f"{event['player']} removes {stones} of its own (suicide): {cells}"
    if kind == "pass":
        return f"{event['player']} passes"
    return None
