"""One value for a Gungi move however it is written: a ply as :func:`.plies.legal_moves`
lists it.

A record may leave out the tier or a drop's ``新``, write the square just played as ``同``,
name an origin that only repeats the one reading, and add what the referee checks rather
than chooses (``[詰み]``, ``[千日手]``, the ``[終局]`` that follows).  The canonical ply has
the square (its file and rank, wherever the ply before it stood: ``同`` is how the notation
writes that square, not another move), the tier and ``新`` written out, the origin exactly
where another legal move of the
same piece name reaches the same square, the betrayal list from the top tier down, and none
of the checked notes; what the player chose (betrayals, re-placements, a dropped 兵's back)
stays.  A ply is made canonical only when it plays as written.
"""
from __future__ import annotations

from dataclasses import replace

from kifu.builtin.gungi.geometry import square
from kifu.builtin.gungi.moves import Move, Placement, Ply, Resolved
from kifu.builtin.gungi.position import Position
from kifu.builtin.gungi.rules import battle
from kifu.builtin.gungi.rules.actions import DROP, EXCHANGE, MOVE, STRIKE, SUBSTITUTE, SWAP
from kifu.builtin.gungi.rules.legal import legal_actions
from kifu.plugin import KifuError


def canonical_move(pos: Position, move: Move, legal: bool = False) -> Move:
    """``move`` as the listing gives it at ``pos``; a move that does not play as written comes
    back as it is.  ``legal``: the caller plays the move next (a replay), so a ply's own
    resolution (the normaliser's, which repairs what a lenient replay repairs) is trusted."""
    if isinstance(move, Placement):
        return replace(move, ends=False) if move.ends and legal else move
    if not isinstance(move, Ply):
        return move
    resolved = move.resolved if legal else None
    if resolved is None:
        try:
            played, read = battle.play_ply(pos.copy(), replace(move, resolved=None), False)
        except KifuError:
            return move
        if any(warning.severity == "error" for warning in played.warnings):
            return move
        resolved = read.resolved
        assert resolved is not None
        return _written_out(pos, move, resolved, None)
    # The normaliser's reading (a lenient one: a repaired ply is the move as it was played).
    return _written_out(pos, move, resolved, resolved.needs_origin)


def written_tier(done: Resolved) -> int | None:
    """The tier a ply of the action ``done`` names, as the listing writes it: where it lands
    (a move, a drop), none for a strike (its 不N names the victim's), the tier of the 謀 a
    swap moves, 侍's 1 and 帥's 2 in their trades."""
    kind, to = done.kind, done.to
    assert to is not None
    if kind == STRIKE:
        return None
    if kind == SWAP:
        return done.origin.tier if done.origin is not None else to.tier
    if kind == SUBSTITUTE:
        return 1
    if kind == EXCHANGE:
        return 2
    return to.tier


def _written_out(pos: Position, ply: Ply, done: Resolved, needs_origin: bool | None) -> Ply:
    kind, to = done.kind, done.to
    assert to is not None
    tier = written_tier(done)
    if needs_origin is None:
        needs_origin = kind == MOVE and _shared(pos, ply, square(to.file, to.rank))
    origin = done.origin if kind == MOVE and needs_origin else None
    betrayal = (None if ply.betrayal is None
                else tuple(sorted(ply.betrayal, key=lambda b: b.tier, reverse=True)))
    written = replace(ply, file=to.file, rank=to.rank, tier=tier, drop=kind == DROP,
                      origin=origin, betrayal=betrayal, mate=False, repetition=False,
                      stray_new=False, ends=False)
    back = _recovered(done)
    if done.captured == "兵":  # the taken 兵's note comes first (written when needed)
        written = replace(written, obtained_next=ply.obtained_next or (
            back if ply.obtained else None))
    else:
        written = replace(written, obtained=ply.obtained or back)
    return written


def _recovered(done: Resolved) -> str | None:
    """The ``[X入手]`` the listing writes for a 兵 a ply recovers into the enemy's hand with a
    known back other than へ (line 440): the face it shows there (one recovered into its own
    hand still shows 兵, one not seen yet 裏)."""
    return next((face for face in done.recovered if face in ("さ", "と")), None)


def _shared(pos: Position, ply: Ply, to: int) -> bool:
    """Whether two legal moves of the ply's piece name reach its square (so that the canonical
    ply names its origin, as the listing does)."""
    movers = sum(1 for action in legal_actions(pos, pos.to_move, to=to)
                 if action.kind == MOVE and action.face == ply.piece)
    return movers > 1
