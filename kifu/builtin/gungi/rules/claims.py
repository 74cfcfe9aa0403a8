"""Claims of fouls (反則指摘, §十七): which fouls the other side may still claim, and a claim.

The rules make 二兵 and ニへ fouls that lose only when the other side points them out: 「ニへの
反則…はそのニへに気付いた時、投了してしまった後でなければ、指摘して相手の反則を取ることが出来る」 (a
ニへ at any time it is noticed, until a resignation), 「ニ兵の反則は…相手がその一手を指した時に、自身が
次の手を打つ前に、指摘した場合のみ」 (a 二兵 only before the claimer's next ply).  A record claims on
the ply itself with ``[反則]`` or later with ``▲反則指摘`` (the claimer's mark).  The two are one
act, 指摘 (pointing the foul out), written in two places, and give one verdict: a foul the
record claims later in its line is no fault where it is made (:func:`ahead`), as a foul claimed
with ``[反則]`` is not.
"""
from __future__ import annotations

from kifu.builtin.gungi.moves import CLAIM, Claim, Placement, Ply, Resign
from kifu.builtin.gungi.pieces import MARKS, SIDE_NAMES
from kifu.builtin.gungi.position import ClaimsAhead, Foul, Position
from kifu.plugin import IllegalMoveError, Node, Outcome, Played, Record

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


def ahead(record: Record) -> ClaimsAhead:
    """The claims each ply of ``record`` is followed by in its line (:class:`ClaimsAhead`):
    every line of play read from its end, no recursion.  A variation is a line of its own
    from its first node on; a claim in it answers for the plies it holds, not for those before
    it that it shares with its parent line."""
    plies: dict[int, tuple[object, frozenset[int], frozenset[int]]] = {}
    lines: list[list[Node]] = [record.moves]
    while lines:
        later: set[int] = set()
        before_next: set[int] = set()
        for node in reversed(lines.pop()):
            move = node.move
            if isinstance(move, (Ply, Placement)):
                if later:
                    plies[id(move)] = (move, frozenset(later), frozenset(before_next))
                before_next.discard(move.side)  # its claims come after its own ply
            elif isinstance(move, Claim):
                later.add(move.side)
                before_next.add(move.side)
            elif isinstance(move, Resign):  # 「投了してしまった後でなければ」: none after it
                later.clear()
                before_next.clear()
            lines.extend(node.variations)
    return ClaimsAhead(plies)


def claimed_later(pos: Position, move: object, offender: int, rule: str) -> bool:
    """Whether the record claims ``offender``'s foul of ``rule``, made by ``move``, later in
    the line: a ニへ at any later time, any other (二兵, 場二兵) before the claimer's next
    ply, as :func:`claim` takes them."""
    later, before_next = pos.ahead.claimers(move)
    return (1 - offender) in (later if rule in LASTING else before_next)


def could_claim(offender: int, rule: str) -> str:
    """Who may claim a foul the record does not claim, and the two ways it could say so."""
    claimer = MARKS[1 - offender]
    when = "at any later time" if rule in LASTING else f"before {claimer}'s next ply"
    return (f"{claimer} could claim the win ([反則] on this ply, or {claimer}{CLAIM} {when}; "
            "the record has neither)")
