"""Gungi in a corpus index: what counts as one position, and its hashing (see
:mod:`kifu.plugin.symmetry`).

What counts as one position (``DECISIONS.md``, "Searching a corpus"): the stacks on the board,
both hands, the side to move, the phase and what is left to set up, and the same mirrored left
to right (file 9 for file 1): every piece's movement is drawn the same on both sides, and the
board and the territories are the same from either edge.  Not the colours: each side moves
towards its own front.  A face nobody has seen yet counts as unknown, whichever pool it is in.
"""
from __future__ import annotations

from kifu.builtin.gungi.geometry import SIZE
from kifu.builtin.gungi.pieces import BACK_OF, FRONT_OF
from kifu.builtin.gungi.position import Piece, Position
from kifu.plugin import Symmetry, VariantTracker, make_symmetry

#: The board mirrored left to right: square ``row * 9 + column`` to ``row * 9 + 8 - column``.
MIRROR = make_symmetry([("identity", tuple(range(SIZE * SIZE))),
                        ("mirrored left to right",
                         tuple((sq // SIZE) * SIZE + SIZE - 1 - sq % SIZE
                               for sq in range(SIZE * SIZE)))], False)


def symmetry(pos: Position) -> Symmetry:
    return MIRROR


def _piece(piece: Piece, on_board: bool) -> str:
    mark = "v" if on_board and piece.owner else ""
    if piece.other is None:
        return f"{mark}{piece.face}<?>"
    default = BACK_OF.get(piece.face) or FRONT_OF.get(piece.face)
    return f"{mark}{piece.face}" if piece.other == default else f"{mark}{piece.face}<{piece.other}>"


def variants(pos: Position) -> list[str]:
    """The position and its mirror image as texts."""
    stacks = ["".join(_piece(p, True) for p in stack) + "," for stack in pos.board]
    hands = "/".join("".join(sorted(_piece(p, False) for p in hand)) for hand in pos.hands)
    rest = (f" {hands} {'-' if pos.outcome is not None else 'bw'[pos.to_move]} {pos.phase} "
            f"{pos.first_player} {pos.geometry.first_rank}-{pos.geometry.last_rank} "
            f"{pos.placed} {_left(pos)}")
    mirrored = [stacks[sq] for sq in MIRROR.permutations[1]] if MIRROR.permutations else stacks
    return ["".join(stacks) + rest, "".join(mirrored) + rest]


def _left(pos: Position) -> str:
    """What each side has left to set up (``-`` for nothing)."""
    if pos.to_place is None:
        return "standard"
    return "/".join("".join(face * count for face, count in sorted(left.items()) if count > 0)
                    or "-" for left in pos.to_place)


def tracker(pos: Position) -> VariantTracker:
    return VariantTracker(MIRROR, variants)
