"""Rengoma in a corpus index: what counts as one position, and its hashing (see
:mod:`kifu.plugin.symmetry`).

What counts as one position (``DECISIONS.md``, "Searching a corpus"): the stacks, the field
pieces, what is left in each stock, the chips and the seat to play; under the board's
symmetries (8 on a square board, 4 on another: a row of four counts across, down and
diagonally, and a piece moves like a rook, the same in every direction), and with the colours
swapped (black's pieces, field piece, stock and chips red's, and the seat to play with them):
the two sides have the same actions and the same goal.
"""
from __future__ import annotations

from kifu.builtin.rengoma.position import BLACK, RED, STOCK, Position, colour_of, strength_of
from kifu.plugin import Symmetry, VariantTracker, grid_symmetry

_LETTERS = ({BLACK: "B", RED: "R"}, {BLACK: "R", RED: "B"})


def symmetry(position: Position) -> Symmetry:
    return grid_symmetry(position.geo.columns, position.geo.rows, True)


def variants(position: Position) -> list[str]:
    """The position's images, one text each, in the order of :func:`symmetry`."""
    geo = position.geo
    found = symmetry(position)
    points = [geo.index(c, r) for r in range(geo.rows) for c in range(geo.columns)]
    texts = []
    for image, perm in enumerate(found.permutations or ()):
        swap = found.swaps[image]
        letters = _LETTERS[swap]
        board = [""] * len(points)
        for point, at in enumerate(points):
            board[perm[point]] = "".join(f"{letters[colour_of(c)]}{strength_of(c)}"
                                         for c in position.stacks[at])
        colours = (RED, BLACK) if swap else (BLACK, RED)
        seat = "-" if position.outcome is not None else str(position.seat ^ 1 if swap
                                                             else position.seat)
        texts.append(" ".join([
            ",".join(board), seat, str(position.players),
            ",".join(str(position.field[c]) for c in colours),
            "/".join(".".join(map(str, position.stock_left(c))) for c in colours),
            ",".join(str(position.chips[c]) for c in (STOCK, *colours))]))
    return texts


def tracker(position: Position) -> VariantTracker:
    return VariantTracker(symmetry(position), variants)
