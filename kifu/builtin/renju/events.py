"""What a Renju move did: its events, typed (:data:`Event`), and the events in words for people
reading along (the viewer).

Events: ``forbidden`` (black's forbidden ``shape`` at ``point``: black loses), ``swap``,
``offer`` (the ``points`` offered for the fifth move) and ``end`` (``winner``, ``reason``).
A five is no event of its own: the ``end`` it brings says it (``"five at h8"``).
"""
from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Literal, TypedDict

from kifu.builtin.renju.forbidden import FORBIDDEN_NAMES

#: A side, as events and outcomes name it.
Side = Literal["black", "white"]


class ForbiddenEvent(TypedDict):
    """Black played a forbidden point (where ``Rule:`` has them): black loses."""

    type: Literal["forbidden"]
    point: str
    shape: Literal["double-three", "double-four", "overline"]


class SwapEvent(TypedDict):
    """The players swap colours (an opening rule's ``swap``)."""

    type: Literal["swap"]


class OfferEvent(TypedDict):
    """Black offers these points for the fifth move; white picks one."""

    type: Literal["offer"]
    points: list[str]


class EndEvent(TypedDict):
    """The game is over: a five, a forbidden move, a full board, two passes (``winner``
    ``None``: a draw)."""

    type: Literal["end"]
    winner: Side | None
    reason: str


#: Any event of a Renju move (``step.events`` of a Renju replay): tell them by ``type``.
Event = ForbiddenEvent | SwapEvent | OfferEvent | EndEvent


def event_text(event: Mapping[str, Any]) -> str | None:
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
