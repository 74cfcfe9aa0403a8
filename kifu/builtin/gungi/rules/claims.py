"""Claims of fouls (反則指摘, §十七): which fouls the other side may still claim, and a claim.

The rules make 二兵 and ニへ fouls that lose only when the other side points them out: 「ニへの
反則…はそのニへに気付いた時、投了してしまった後でなければ、指摘して相手の反則を取ることが出来る」 (a
ニへ at any time it is noticed, until a resignation), 「ニ兵の反則は…相手がその一手を指した時に、自身が
次の手を打つ前に、指摘した場合のみ」 (a 二兵 only before the claimer's next ply).  A record claims on
the ply itself with ``[反則]`` or later with ``▲反則指摘`` (the claimer's mark).
"""
from __future__ import annotations

from kifu.base.errors import IllegalMoveError
from kifu.builtin.gungi.pieces import MARKS, SIDE_NAMES
from kifu.builtin.gungi.position import Foul, Position
from kifu.plugin import Outcome, Played

#: The fouls that stay claimable after the next ply.
LASTING = frozenset({"ni-he"})


def note(pos: Position, fouls: list[Foul]) -> None:
    """A ply (or set-up ply) has been made that committed ``fouls``: a ニへ stays claimable,
    the rest only until the next ply."""
    pos.fresh = [foul for foul in fouls if foul[1] not in LASTING]
    pos.lasting.extend(foul for foul in fouls if foul[1] in LASTING)


def forget(pos: Position) -> None:
    """The game is set up again after 千日手 (指し直し): fouls of the abandoned game are gone."""
    pos.fresh, pos.lasting = [], []


def claim(pos: Position, side: int) -> Played:
    """``side`` claims a foul of the other side: the offender loses."""
    fouls = [foul for foul in pos.fresh + pos.lasting if foul[0] != side]
    if not fouls:
        raise IllegalMoveError(f"{MARKS[side]} claims a foul (反則指摘), but {MARKS[1 - side]} "
                               "has made none it may claim: a ニへ at any time, a 二兵 only "
                               "before the claimer's next ply", rule="foul-claim")
    offender, rule, message = fouls[0]
    pos.outcome = Outcome(SIDE_NAMES[side], f"反則 ({message})", "foul")
    return Played([{"type": "foul", "rule": rule, "offender": SIDE_NAMES[offender],
                    "claimed_by": SIDE_NAMES[side]}])
