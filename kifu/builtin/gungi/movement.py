"""Every piece's movement, per tier and on an enemy (敵上), as the source's §十一 states it.

Offsets are ``(dx, dy)`` with ``dy > 0`` towards the enemy (forward for the piece's owner); the
tables are left/right symmetric, so the sign of ``dx`` never matters.  A step of two squares in
a straight or diagonal line is the source's 一間飛ばして一画 ("skip one, one square"): a leap that
lands exactly two away, over an empty square unless the piece is a jumper (忍, 弓, 上).  A ray
slides any distance until blocked; ``槍``'s 前方に二画 is a ray of at most two.
"""
from __future__ import annotations

Offset = tuple[int, int]
#: (steps, rays): steps are single targets, rays are (direction, maximum length or 0 for any).
Table = tuple[tuple[Offset, ...], tuple[tuple[Offset, int], ...]]

DIAG = ((1, 1), (-1, 1), (1, -1), (-1, -1))
ORTH = ((0, 1), (0, -1), (1, 0), (-1, 0))
FWD, BACK = ((0, 1),), ((0, -1),)
SIDE = ((1, 0), (-1, 0))
FDIAG = ((1, 1), (-1, 1))
BDIAG = ((1, -1), (-1, -1))
KNIGHT = ((1, 2), (-1, 2))
BACK_KNIGHT = ((1, -2), (-1, -2))
SIDE2 = ((2, 0), (-2, 0))
FDIAG2 = ((2, 2), (-2, 2))
BDIAG2 = ((2, -2), (-2, -2))
ROOK = tuple((d, 0) for d in ORTH)
BISHOP = tuple((d, 0) for d in DIAG)
ALL8 = ORTH + DIAG


def _t(steps: tuple[Offset, ...] = (), rays: tuple[tuple[Offset, int], ...] = ()) -> Table:
    return (tuple(dict.fromkeys(steps)), rays)


#: と's movement, which every piece standing directly on an enemy piece takes (敵上).
ON_ENEMY = _t(ORTH + FDIAG)
NONE = _t()

#: face -> (tier 1, tier 2, tier 3, on an enemy)
TABLES: dict[str, tuple[Table, Table, Table, Table]] = {
    "謀": (_t(DIAG + FWD), _t(DIAG + FWD + BACK), _t(DIAG + SIDE2 + BDIAG2), ON_ENEMY),
    "侍": (_t(ORTH + FDIAG), _t(SIDE + FDIAG + ((0, 2), (0, -2))),
           _t(SIDE + FDIAG + ((0, 2), (0, -2))), ON_ENEMY),
    "兵": (_t(FWD), _t(FWD + SIDE2), _t(FDIAG + SIDE2), ON_ENEMY),
    "忍": (_t(KNIGHT), _t(KNIGHT + FDIAG), _t(KNIGHT + FDIAG), ON_ENEMY),
    "砲": (NONE, NONE, NONE, NONE),
    "砦": (NONE, NONE, NONE, NONE),
    "臥": (_t(rays=ROOK), _t(DIAG), _t(DIAG), ON_ENEMY),
    "雛": (_t(rays=BISHOP), _t(ORTH), _t(ORTH), ON_ENEMY),
    "帥": (_t(ALL8), _t(ALL8), _t(ALL8), NONE),
    "弓": (_t(((0, 2),) + SIDE2), _t(FDIAG2 + FWD + BACK), _t(FDIAG2 + ((0, -2),) + SIDE2), ON_ENEMY),
    "筒": (_t(DIAG), _t(ORTH), _t(ORTH), ON_ENEMY),
    "槍": (_t(SIDE + BACK, (((0, 1), 2),)), _t(DIAG), _t(DIAG), ON_ENEMY),
    "さ": (_t(ORTH), _t(DIAG), _t(DIAG), ON_ENEMY),
    "と": (_t(ORTH + FDIAG), _t(ORTH + FDIAG), _t(ORTH + FDIAG), ON_ENEMY),
    "へ": (_t(SIDE), _t(SIDE), _t(SIDE), ON_ENEMY),
    "上": (_t(KNIGHT + BACK), _t(KNIGHT + FDIAG + BACK), _t(KNIGHT + FDIAG + BACK_KNIGHT + BDIAG2),
           ON_ENEMY),
    "龍": (_t(DIAG, ROOK), _t(DIAG), _t(DIAG), ON_ENEMY),
    "鳳": (_t(ORTH, BISHOP), _t(ORTH), _t(ORTH), ON_ENEMY),
    "香": (_t(rays=(((0, 1), 0),)), _t(DIAG), _t(DIAG), ON_ENEMY),
    "や": (_t(FWD + BACK + BDIAG), _t(FWD + BACK + BDIAG2), _t(FWD + BACK + BDIAG + BDIAG2), ON_ENEMY),
}


def table(face: str, tier: int, on_enemy: bool) -> Table:
    """The movement a piece with ``face`` has on ``tier`` (1..3), or on an enemy piece."""
    return TABLES[face][3 if on_enemy else tier - 1]
