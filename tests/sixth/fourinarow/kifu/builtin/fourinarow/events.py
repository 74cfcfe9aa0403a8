"""What a Four in a Row move did, as events: the disc dropped (``drop``), and the end it made,
a line of four (``four``) or a full board (``full``); each in words for the viewer."""
from __future__ import annotations

from typing import Any, Literal, TypedDict

from kifu.builtin.fourinarow.position import Side


class DropEvent(TypedDict):
    """A disc fell to ``cell``."""

    type: Literal["drop"]
    side: Side
    cell: str


class FourEvent(TypedDict):
    """The disc made a line of four or more: ``cells``, the whole line, from one end."""

    type: Literal["four"]
    side: Side
    cells: list[str]


class FullEvent(TypedDict):
    """The disc filled the board without a line of four: a draw."""

    type: Literal["full"]


Event = DropEvent | FourEvent | FullEvent


def event_text(event: dict[str, Any]) -> str | None:
    """An event in words; ``None`` for the drop, which the move itself says."""
    if event.get("type") == "four":
        return f"{event['side']} has four in a row: {' '.join(event['cells'])}"
    if event.get("type") == "full":
        return "the board is full: a draw"
    return None
