"""What a move does, resolved: the normalised form of a written ply.

The notation leaves much implicit (where a piece came from, what it took, whether it stacked).
An :class:`Action` is a ply with all of that filled in; the referee resolves each written ply to
exactly one action, and the JSON form of a record carries it (see ``notation.Resolved``).
"""
from __future__ import annotations

from typing import NamedTuple

MOVE, DROP, STRIKE, SWAP, SUBSTITUTE, EXCHANGE = "move", "drop", "strike", "swap", "substitute", "exchange"


class Action(NamedTuple):
    """One ply with its origin, landing tier and victim known.

    ``kind``: ``move`` (移動 / 移動攻撃), ``drop`` (新), ``strike`` (不動攻撃), ``swap`` (謀's
    一層三層交換), ``substitute`` (侍⇔帥), ``exchange`` (帥 on an enemy 砦 trades it for a piece
    from hand, §二十六).  ``tier`` is the acting piece's tier afterwards; ``origin_tier`` its tier
    before.  ``victim_tier`` is where the captured piece stood; ``bonus`` names the 砲 or 砦 whose
    range bonus the move used.  A named tuple, as the move generator makes one for every
    candidate of every position.
    """

    kind: str
    face: str
    to: int
    tier: int
    origin: int | None = None
    origin_tier: int | None = None
    victim_tier: int | None = None
    other: str | None = None
    bonus: str | None = None

    @property
    def captures(self) -> bool:
        return self.victim_tier is not None
