"""What a Gungi move did: the events of the replay (a ply's action, capture, betrayal, forced
recovery and re-placement, check, mate, fouls, 千日手, the end), typed (:data:`Event`), and each
in words for people reading along (the viewer).

Squares are ``FILE―RANK`` (``5―9``), a square with its tier ``FILE―RANK―TIER``; pieces are
their faces (``帥``, ``兵``...); sides are ``black`` (先手) and ``white`` (後手).
"""
from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any, Literal, NotRequired, TypedDict

from kifu.builtin.gungi.moves import SECTIONS

#: A side, as events and outcomes name it.
Side = Literal["black", "white"]


# "from" and "with" are Python's own words: the events that have them are written as calls.

#: A piece moved ``from`` its square and tier (``7―7―1``) ``to`` a square, on ``tier``;
#: ``bonus`` names the 砲 or 砦 whose range bonus it used (an ``effect`` event follows).
MoveEvent = TypedDict("MoveEvent", {
    "type": Literal["move"], "side": Side, "piece": str, "to": str, "tier": int,
    "from": str, "bonus": NotRequired[str]})


class _Action(TypedDict):
    """What every other ply on the board says: who, which piece, where it ends and on which
    tier."""

    side: Side
    piece: str
    to: str
    tier: int


class DropEvent(_Action):
    """A piece from the hand (新)."""

    type: Literal["drop"]


class StrikeEvent(_Action):
    """An attack in place (不): the piece captures without moving."""

    type: Literal["strike"]


#: 謀 swaps tiers 1 and 3 of its stack, ``with`` the face it trades places with.
SwapEvent = TypedDict("SwapEvent", {
    "type": Literal["swap"], "side": Side, "piece": str, "to": str, "tier": int, "with": str})
#: 侍 and 帥 change places (``with``: the 帥).
SubstituteEvent = TypedDict("SubstituteEvent", {
    "type": Literal["substitute"], "side": Side, "piece": str, "to": str, "tier": int,
    "with": str})
#: 帥 trades the enemy 砦 beneath it for a piece from the hand (``with``).
ExchangeEvent = TypedDict("ExchangeEvent", {
    "type": Literal["exchange"], "side": Side, "piece": str, "to": str, "tier": int,
    "with": str})


class EffectEvent(TypedDict):
    """A move used the range bonus of the ``fort`` (砲 or 砦) it stands on."""

    type: Literal["effect"]
    effect: Literal["range-bonus"]
    fort: str


class CaptureEvent(TypedDict):
    """The ply took ``side``'s ``piece`` on ``square`` at ``tier``; ``back``: its other face,
    where the capture revealed one."""

    type: Literal["capture"]
    piece: str
    side: Side
    square: str
    tier: int
    back: NotRequired[str]


#: 裏切り: the piece on ``square`` at ``tier`` turns ``from`` one face ``to`` the other, now
#: ``side``'s.
BetrayalEvent = TypedDict("BetrayalEvent", {
    "type": Literal["betrayal"], "square": str, "tier": int, "from": str, "to": str,
    "side": Side})


class ForcedRecoveryEvent(TypedDict):
    """強制回収: the ``piece`` on ``square`` returns to the hand of ``to``."""

    type: Literal["forced-recovery"]
    piece: str
    square: str
    to: Side


class ForcedReplacementEvent(TypedDict):
    """A ``piece`` of ``side``'s is set again on ``square``."""

    type: Literal["forced-replacement"]
    piece: str
    square: str
    side: Side


class CheckEvent(TypedDict):
    """王手: ``side`` is in check."""

    type: Literal["check"]
    side: Side


class FoulEvent(TypedDict):
    """反則 by ``offender`` against ``rule``; ``claimed_by`` where the other side claimed it."""

    type: Literal["foul"]
    rule: str
    offender: Side
    claimed_by: NotRequired[Side]


class MateEvent(TypedDict):
    """詰み: ``winner`` mates."""

    type: Literal["mate"]
    winner: Side


class NoLegalMoveEvent(TypedDict):
    """The side to move has no legal move left, without being in check: ``winner`` wins."""

    type: Literal["no-legal-move"]
    winner: Side


class SennichiteEvent(TypedDict):
    """千日手: the same position for the fourth time."""

    type: Literal["sennichite"]


class ResignEvent(TypedDict):
    """投了."""

    type: Literal["resign"]
    side: Side


class SectionEvent(TypedDict):
    """A section marker of the set-up: ``begin`` ([打ち始め]), ``done`` ([済み]), ``battle``
    (「開戦」), and ``rebegin``, ``redone``, ``rebattle`` after a 千日手."""

    type: Literal["section"]
    kind: Literal["begin", "done", "battle", "rebegin", "redone", "rebattle"]


class PlacementEvent(TypedDict):
    """A piece placed in the set-up (配置), on ``square`` at ``tier``."""

    type: Literal["placement"]
    side: Side
    piece: str
    square: str
    tier: int


class BackFacesEvent(TypedDict):
    """The back faces declared for the hidden pieces: how many."""

    type: Literal["back-faces"]
    count: int


class EndEvent(TypedDict):
    """[終局]: the record ends here."""

    type: Literal["end"]


#: Any event of a Gungi move (``step.events`` of a replay): tell them by ``type``.
Event = (MoveEvent | DropEvent | StrikeEvent | SwapEvent | SubstituteEvent | ExchangeEvent
         | EffectEvent | CaptureEvent | BetrayalEvent | ForcedRecoveryEvent
         | ForcedReplacementEvent | CheckEvent | FoulEvent | MateEvent | NoLegalMoveEvent
         | SennichiteEvent | ResignEvent | SectionEvent | PlacementEvent | BackFacesEvent
         | EndEvent)

#: An event as the words read it (any game's event, as the viewer hands it over).
Data = Mapping[str, Any]


def _tier(event: Data) -> str:
    return f"{event.get('to', event.get('square'))}, tier {event.get('tier')}"


_WORDS: dict[str, Callable[[Data], str]] = {
    "move": lambda e: (f"{e['side']}'s {e['piece']} moves"
                       + (f" from {e['from']}" if e.get("from") else "") + f" to {_tier(e)}"),
    "drop": lambda e: f"{e['side']} drops a {e['piece']} from hand on {_tier(e)}",
    "strike": lambda e: f"{e['side']}'s {e['piece']} attacks in place at {e['to']} (不)",
    "swap": lambda e: f"{e['side']}'s {e['piece']} swaps tiers 1 and 3 on {e['to']}",
    "substitute": lambda e: f"{e['side']}'s 侍 and 帥 change places on {e['to']}",
    "exchange": lambda e: (f"{e['side']}'s 帥 trades the enemy 砦 on {e['to']} for a "
                           f"{e.get('with', '?')} from hand"),
    "effect": lambda e: f"the range is extended by the {e.get('fort')}",
    "capture": lambda e: (f"captures {e['side']}'s {e['piece']} on {e['square']}, tier "
                          f"{e['tier']}" + (f" (its back: {e['back']})" if e.get("back") else "")),
    "betrayal": lambda e: (f"betrayal (裏切り) on {e['square']}, tier {e['tier']}: the "
                           f"{e['from']} turns into {e['side']}'s {e['to']}"),
    "forced-recovery": lambda e: f"the {e['piece']} on {e['square']} returns to {e['to']}'s hand",
    "forced-replacement": lambda e: f"a {e['piece']} is set again on {e['square']}",
    "check": lambda e: f"{e['side']} is in check (王手)",
    "foul": lambda e: (f"foul (反則) by {e['offender']}: {e['rule']}"
                       + (f", claimed by {e['claimed_by']}" if e.get("claimed_by") else "")),
    "mate": lambda e: f"詰み: {e.get('winner')} mates",
    "no-legal-move": lambda e: f"no legal move left: {e.get('winner')} wins",
    "sennichite": lambda e: "千日手: the same position for the fourth time",
    "resign": lambda e: f"{e['side']} resigns (投了)",
    "section": lambda e: f"{SECTIONS.get(e.get('kind', ''), e.get('kind'))}",
    "back-faces": lambda e: f"{e.get('count')} back faces declared",
}


def event_text(event: Data) -> str | None:
    """One event in words; ``None`` where the move or the position's status says it already
    (a set-up placement, the end of the game)."""
    words = _WORDS.get(str(event.get("type")))
    return None if words is None else words(event)
