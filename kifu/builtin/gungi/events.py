"""What a Gungi move did: the events of the replay (a ply's action, capture, betrayal, forced
recovery and re-placement, check, mate, fouls, 千日手, the end), and each in words for people
reading along (the viewer)."""
from __future__ import annotations

from collections.abc import Callable
from typing import Any

from kifu.builtin.gungi.moves import SECTIONS

Event = dict[str, Any]


def _tier(event: Event) -> str:
    return f"{event.get('to', event.get('square'))}, tier {event.get('tier')}"


_WORDS: dict[str, Callable[[Event], str]] = {
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


def event_text(event: Event) -> str | None:
    """One event in words; ``None`` where the move or the position's status says it already
    (a set-up placement, the end of the game)."""
    words = _WORDS.get(str(event.get("type")))
    return None if words is None else words(event)
