"""Pieces going to and from hands: flips on capture, hidden faces revealed, betrayal lists,
forced recovery and forced re-placement.

Whatever the record must say about hidden faces ([さ入手], the betrayal list, the re-placement
bracket) is checked here against what the referee knows; a mismatch is an error, repaired with
a warning under ``lenient`` when only one face is possible.
"""
from __future__ import annotations

from collections import Counter

from kifu.builtin.gungi.geometry import square
from kifu.builtin.gungi.moves import Ply
from kifu.builtin.gungi.pieces import FORTS, MARKS, UNSEEN
from kifu.builtin.gungi.position import Board, Piece, Position
from kifu.builtin.gungi.rules.actions import Action
from kifu.builtin.gungi.rules.legal import (
    betrayal_problem,
    betrayed_pieces,
    can_betray,
    free_squares,
)
from kifu.plugin import IllegalMoveError, Played


def _problem(played: Played, lenient: bool, message: str, rule: str) -> None:
    """A fault the replay can go on past: an error (a warning with ``lenient``), not raised."""
    error = IllegalMoveError(message, rule=rule)
    played.warnings.append(error.as_warning() if lenient else error)


def reveal_capture(pos: Position, ply: Ply, victim: Piece | None, lenient: bool,
                   played: Played, repairs: list[str]) -> str | None:
    """The back of a captured 兵 ([さ入手], へ when nothing is written), checked.  A note on a
    ply that takes no 兵 is left to :func:`reveal_recovered` (the 兵 it names may be the mover,
    recovered into the enemy's hand)."""
    if victim is None or victim.face != "兵":
        return None
    written = ply.obtained or "へ"
    possible = pos.possible_other(victim)
    if written in possible:
        pos.settle(victim, written)
        return written
    if len(possible) == 1:
        (actual,) = possible
        said = f"[{ply.obtained}入手]" if ply.obtained else "nothing (so へ)"
        message = (f"the captured 兵 carries {actual} on its back, but the record says {said}; "
                   f"it should say [{actual}入手]" if actual != "へ" else
                   f"the captured 兵 carries へ on its back, but the record says {said}")
        repairs.append(f"[{actual}入手]")
        _problem(played, lenient, message, "obtained")
        pos.settle(victim, actual)
        return actual
    options = "、".join(sorted(possible))
    raise IllegalMoveError(f"the captured 兵's back cannot be {written}: it is one of {options}",
                           rule="obtained")


def to_hand(pos: Position, side: int, victim: Piece, back: str | None) -> None:
    """A captured piece goes to the capturer's hand turned over (a 香's 砲/砦 is re-placed)."""
    new_face = back if victim.face == "兵" else victim.other
    if new_face in FORTS or new_face is None:
        return
    old = victim.face
    victim.owner, victim.face, victim.other, victim.pool = side, new_face, old, None
    pos.hands[side].append(victim)


def take_from_hand(pos: Position, side: int, face: str, back: str | None) -> Piece:
    """Take a piece showing ``face`` from ``side``'s hand.

    The 兵 in a hand may have been shuffled (§二十七): when they do not all carry the same back,
    the dropped one and those left behind share one pool of backs until one is revealed.
    """
    hand = pos.hands[side]
    matching = [p for p in hand if p.face == face]
    if not matching:  # a piece not seen yet shows the face it is dropped as
        unseen = next(p for p in hand if p.face == UNSEEN and face in pos.possible_faces(p))
        pos.show(unseen, face)
        matching = [unseen]
    hidden = {p.other for p in matching}
    if len(matching) > 1 and (len(hidden) > 1 or None in hidden):
        known = Counter(p.other for p in matching if p.other is not None)
        pools = [p.pool for p in matching if p.other is None and p.pool is not None]
        merged = pos.pools.merge(pools, known)
        for piece in matching:
            piece.other, piece.pool = None, merged
    chosen = matching[0]
    if back is not None and not pos.settle(chosen, back):
        raise IllegalMoveError(f"{MARKS[side]} holds no {face} with {back} on its back",
                               rule="back-face")
    hand.remove(chosen)
    return chosen


def betrayal(pos: Position, ply: Ply, action: Action, lenient: bool,
             played: Played) -> dict[int, str] | None:
    """The faces the betrayal list gives the pieces under the へ, checked (None: no betrayal)."""
    if ply.betrayal is None:
        return None
    if not can_betray(pos, action):
        raise IllegalMoveError("a betrayal list needs a へ that takes the top piece of a stack "
                               "with pieces under it", rule="betrayal")
    below = betrayed_pieces(pos, action)
    written = {b.tier: b for b in ply.betrayal}
    if set(written) != set(range(1, len(below) + 1)) or len(written) != len(ply.betrayal):
        tiers = "、".join(str(t) for t in range(1, len(below) + 1))
        raise IllegalMoveError(f"the betrayal list must name each tier under the へ once "
                               f"(tiers {tiers})", rule="betrayal")
    faces: dict[int, str] = {}
    for index, piece in enumerate(below):
        entry = written[index + 1]
        if entry.side != 1 - piece.owner:
            raise IllegalMoveError(f"the piece on tier {index + 1} goes over to "
                                   f"{MARKS[1 - piece.owner]}, not {MARKS[entry.side]}",
                                   rule="betrayal")
        possible = pos.possible_other(piece)
        if entry.face not in possible:
            options = "、".join(sorted(possible)) or "?"
            raise IllegalMoveError(f"{piece.face} on tier {index + 1} turns over to {options}, "
                                   f"not {entry.face}", rule="betrayal")
        faces[index + 1] = entry.face
    problem = betrayal_problem(below, faces, pos.to_move)
    if problem is not None:
        raise IllegalMoveError(problem, rule="betrayal")
    for index, piece in enumerate(below):
        pos.settle(piece, faces[index + 1])
    return faces


def placements(pos: Position, ply: Ply, lances: list[tuple[int, Piece]], board: Board,
               ) -> list[tuple[int, Piece]]:
    """Forced re-placement (強制再配置): whoever obtains a 香 puts its 砲/砦 back at once, on an
    empty square of its own territory, tier 1; the ply's brackets say where, in order (a 香
    taken first, then a 香 recovered into the enemy's hand).  ``board`` is the board after the
    ply, before any re-placement."""
    written = ply.placements
    if len(written) > len(lances):
        raise IllegalMoveError("a re-placement bracket follows only a ply after which a 香 is "
                               "obtained: one taken, or one recovered into the enemy's hand",
                               rule="replacement")
    out: list[tuple[int, Piece]] = []
    for index, (side, lance) in enumerate(lances):
        possible = pos.possible_other(lance)
        faces = "/".join(sorted(possible))
        own = side == pos.to_move
        whose = "" if own else f" ({MARKS[side]} obtains the recovered 香)"
        if index >= len(written):
            cause = ("taking a 香" if own else f"the 香 recovered into {MARKS[side]}'s hand")
            home = "the own" if own else f"{MARKS[side]}'s"
            raise IllegalMoveError(f"{cause} forces its {faces} to be re-placed at once in "
                                   f"{home} territory; the ply must say where, as in "
                                   "[1―8―1―砲]", rule="replacement")
        where, face = written[index]
        if face not in possible:
            what = "captured" if own else "recovered"
            raise IllegalMoveError(f"the {what} 香 is the back of a {faces}, not of a {face}",
                                   rule="replacement")
        sq = square(where.file, where.rank)
        free = free_squares(board, pos.geometry, side)
        if where.tier != 1 or not pos.geometry.in_territory(sq, side) \
                or not pos.geometry.playable(sq):
            raise IllegalMoveError(f"the {face} must be re-placed on tier 1 inside "
                                   f"{MARKS[side]}'s territory{whose}", rule="replacement")
        if sq not in free or any(sq == s for s, _ in out):
            raise IllegalMoveError(f"{where.file}―{where.rank} is occupied; the {face} needs an "
                                   "empty square", rule="replacement")
        pos.settle(lance, face)
        out.append((sq, Piece(side, face, "香", None, lance.pid)))
    return out


def reveal_recovered(pos: Position, ply: Ply, taken: str | None,
                     recovered: list[tuple[Piece, int]], lenient: bool, played: Played) -> None:
    """``[X入手]`` on a ply that takes no 兵: the back of the 兵 the ply recovers into the
    enemy's hand (line 440: 「敵駒の「兵」を手駒にした際、それの裏駒が「へ」以外の「さ」「と」であった場合
    には…[]の中に入手した裏駒を表記する」; the enemy obtains an enemy 兵, line 647), checked
    against what its back may be (a hidden back is revealed by it).  Without the note a hidden
    back stays unseen (§二十七, line 713).  A ply that takes a 兵 names the taken one's back
    first, the recovered one's second (``[と入手][さ入手]``).  ``taken``: the face of the piece
    the ply took."""
    if ply.obtained_next is not None and taken != "兵":
        _problem(played, lenient, f"a second [{ply.obtained_next}入手] follows only a ply that "
                 "takes a 兵 and recovers a 兵 into the enemy's hand", "obtained")
    note = ply.obtained_next if taken == "兵" else ply.obtained
    if note is None:
        return
    pawns = [p for p, owner in recovered if p.face == "兵" and owner != p.owner]
    if not pawns:
        what = "nothing" if taken is None else f"a {taken}"
        which = "a second " if taken == "兵" else ""
        _problem(played, lenient, f"{which}[{note}入手] names a 兵's back, but the ply takes "
                 f"{what} and recovers no 兵 into the enemy's hand", "obtained")
        return
    (pawn,) = pawns
    possible = pos.possible_other(pawn)
    if not pos.settle(pawn, note):
        options = "、".join(sorted(possible)) or "?"
        _problem(played, lenient, f"the 兵 recovered into {MARKS[1 - pawn.owner]}'s hand "
                 f"carries {options} on its back, not {note}", "obtained")


def recover(pos: Position, piece: Piece, owner: int) -> None:
    """Forced recovery (強制回収): into the own hand as it is, or the enemy's turned over (a 香
    turned over shows 砲/砦, which no hand holds: its new owner re-places it, see
    :func:`placements`).  A 兵 whose back is hidden shows a face nobody has seen
    (:data:`~kifu.builtin.gungi.pieces.UNSEEN`) until the record names it (``[X入手]`` on the
    ply, :func:`reveal_recovered`) or it is dropped: its back stays in its pool (§二十七, line
    713)."""
    if owner == piece.owner:
        pos.hands[owner].append(piece)
        return
    if piece.face == "香":
        return
    new_face = piece.other if piece.other is not None else UNSEEN
    piece.owner, piece.face, piece.other = owner, new_face, piece.face
    pos.hands[owner].append(piece)
