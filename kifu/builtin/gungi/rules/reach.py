"""Where pieces can go: reach with blocking and jumping, landing rules, check, legal moves.

Everything here reads a board (a list of stacks) and never changes the position it is given;
trying a move works on a copy of the board (see :func:`after`).
"""
from __future__ import annotations

from collections.abc import Iterable, Iterator

from kifu.builtin.gungi.geometry import LINES, NEAR, NEAR_SET, SQUARES, Geometry
from kifu.builtin.gungi.pieces import BOARS, FORTS, FRONTS, GROUND, NO_BONUS
from kifu.builtin.gungi.position import Board, Piece, Position
from kifu.builtin.gungi.rules.actions import (
    DROP,
    EXCHANGE,
    MOVE,
    STRIKE,
    SUBSTITUTE,
    SWAP,
    Action,
)

KING = "帥"


def on_enemy(stack: list[Piece], index: int) -> bool:
    """敵上: the piece at ``index`` stands directly on an enemy piece."""
    return index > 0 and stack[index - 1].owner != stack[index].owner


def bonus_fort(stack: list[Piece], index: int) -> str | None:
    """The own 砲 or 砦 under a tier-2 piece that takes its range bonus, if any."""
    if index != 1:
        return None
    base, piece = stack[0], stack[1]
    if base.face in FORTS and base.owner == piece.owner and piece.face not in NO_BONUS:
        return base.face
    return None


def reach(board: Board, geo: Geometry, sq: int, index: int) -> Iterator[tuple[int, str | None]]:
    """Squares the piece at ``board[sq][index]`` can move onto, with the bonus that gives each.

    Blocking and leaping are applied; what stands on the destination is not judged here.
    """
    stack = board[sq]
    piece = stack[index]
    which = 3 if on_enemy(stack, index) else index
    steps, rays = geo.reach(piece.face, which, piece.owner, sq)
    for dest, mid in steps:
        if mid < 0 or not board[mid]:
            yield dest, None
    for ray in rays:
        for dest in ray:
            yield dest, None
            if board[dest]:
                break
    fort = bonus_fort(stack, index)
    if fort == "砲":
        for dest in geo.cannon_ray(sq, piece.owner):
            yield dest, fort
            if board[dest]:
                break
    elif fort == "砦":
        for dest, mid in geo.fortress_bonus(sq, piece.owner):
            if mid < 0 or not board[mid]:
                yield dest, fort


def could_reach(board: Board, geo: Geometry, sq: int, index: int, target: int) -> bool:
    """A quick filter: whether the piece at ``board[sq][index]`` might reach ``target`` at all
    (on an empty board, or by a range bonus)."""
    stack = board[sq]
    piece = stack[index]
    which = 3 if on_enemy(stack, index) else index
    return target in geo.potential(piece.face, which, piece.owner, sq) \
        or bonus_fort(stack, index) is not None


def can_move_again(board: Board, geo: Geometry, sq: int, index: int) -> bool:
    """Whether the piece could ever move from where it stands, judged by the board's edges and
    its table only (強制回収 looks at this), not by pieces that happen to block it."""
    stack = board[sq]
    piece = stack[index]
    which = 3 if on_enemy(stack, index) else index
    steps, rays = geo.reach(piece.face, which, piece.owner, sq)
    if steps or rays:
        return True
    fort = bonus_fort(stack, index)
    if fort == "砲":
        return bool(geo.cannon_ray(sq, piece.owner))
    return fort == "砦" and bool(geo.fortress_bonus(sq, piece.owner))


def same_kind(stack: list[Piece], owner: int, face: str, skip_top: bool = False) -> bool:
    """Whether ``owner`` already has a ``face`` in the stack (the same-kind rule, §十四)."""
    pieces = stack[:-1] if skip_top else stack
    return any(p.owner == owner and p.face == face for p in pieces)


def landing(stack: list[Piece], piece: Piece) -> tuple[int, int | None] | None:
    """(tier reached, victim's tier or None) when ``piece`` moves onto ``stack``; None if it may
    not: a full stack of its own, its own 帥, or a second own piece of the same kind.

    The same-kind rule is judged on the stack as it stands after the ply (§十四 is a rule of
    what may stand in a stack): a へ that takes the top of an enemy stack holding an own へ may
    still land there by betraying the pieces under it (:func:`needs_betrayal`), which then
    belong to the enemy."""
    if not stack:
        return 1, None
    top = stack[-1]
    if top.owner == piece.owner:
        if len(stack) >= 3 or top.face == KING or same_kind(stack, piece.owner, piece.face):
            return None
        return len(stack) + 1, None
    if piece.face != "へ" and same_kind(stack, piece.owner, piece.face, skip_top=True):
        return None
    return len(stack), len(stack)


def needs_betrayal(board: Board, action: Action, side: int) -> bool:
    """A へ taking the top of an enemy stack that holds an own へ: only a betrayal (turning the
    own へ over to the enemy) leaves the stack within the same-kind rule."""
    return (action.kind == MOVE and action.face == "へ" and action.victim_tier is not None
            and same_kind(board[action.to], side, "へ", skip_top=True))


# -- check ----------------------------------------------------------------------------------

def attacked(board: Board, geo: Geometry, target: int, by: int) -> bool:
    """Whether ``by`` could take the top piece of ``target`` (by moving or by 不動攻撃) as the
    stacking rules allow: never with a piece of a kind ``by`` already has in that stack (the
    same-kind rule, §十四), unless it is a へ that may betray the pieces under the top.

    Found by looking outwards from ``target`` (this is the hottest code of the referee): the
    piece directly under it (a 砦 never attacks), the tops of the stacks within two files and
    ranks (every step of every table), and the first piece on each line farther out (only a
    slide reaches farther, and it stops there)."""
    stack = board[target]
    if not stack:
        return False
    if len(stack) >= 2:
        below = stack[-2]
        if below.owner == by and below.face != "砦":
            return True
    for sq in NEAR[target]:
        if board[sq] and _takes(board, geo, sq, target, by):
            return True
    near = NEAR_SET[target]
    for line in LINES[target]:
        for sq in line:
            if board[sq]:
                if sq not in near and _takes(board, geo, sq, target, by):
                    return True
                break
    return False


def checkers(board: Board, geo: Geometry, target: int, by: int) -> Iterator[Piece]:
    """The pieces of ``by`` that could take the top piece of ``target`` (see
    :func:`attacked`), the one directly under it first."""
    stack = board[target]
    if not stack:
        return
    if len(stack) >= 2:
        below = stack[-2]
        if below.owner == by and below.face != "砦":
            yield below
    near = NEAR_SET[target]
    far = [next((sq for sq in line if board[sq]), -1) for line in LINES[target]]
    for sq in [*NEAR[target], *(sq for sq in far if sq >= 0 and sq not in near)]:
        if board[sq] and _takes(board, geo, sq, target, by):
            yield board[sq][-1]


def _takes(board: Board, geo: Geometry, sq: int, target: int, by: int) -> bool:
    """Whether the top of the (occupied) square ``sq``, a piece of ``by``, could take the top
    of ``target`` (see :func:`attacked`)."""
    here = board[sq]
    top = here[-1]
    if top.owner != by or top.face in FORTS:
        return False
    index = len(here) - 1
    which = 3 if index and here[index - 1].owner != by else index
    if target not in geo.potential(top.face, which, by, sq) and bonus_fort(here, index) is None:
        return False
    if not reaches(board, geo, sq, index, target):
        return False
    stack = board[target]
    return not same_kind(stack, by, top.face, skip_top=True) or (
        top.face == "へ" and could_betray(stack[:-1], by))


def reaches(board: Board, geo: Geometry, sq: int, index: int, target: int) -> bool:
    """Whether the piece at ``board[sq][index]`` can move onto ``target`` (see :func:`reach`),
    what stands there aside."""
    stack = board[sq]
    piece = stack[index]
    which = 3 if on_enemy(stack, index) else index
    steps, rays = geo.reach(piece.face, which, piece.owner, sq)
    for dest, mid in steps:
        if dest == target and (mid < 0 or not board[mid]):
            return True
    for ray in rays:
        for dest in ray:
            if dest == target:
                return True
            if board[dest]:
                break
    fort = bonus_fort(stack, index)
    if fort == "砲":
        for dest in geo.cannon_ray(sq, piece.owner):
            if dest == target:
                return True
            if board[dest]:
                break
    elif fort == "砦":
        for dest, mid in geo.fortress_bonus(sq, piece.owner):
            if dest == target and (mid < 0 or not board[mid]):
                return True
    return False


def could_betray(below: list[Piece], side: int) -> bool:
    """Whether a へ of ``side`` taking the top of a stack could turn the pieces ``below`` it
    (bottom first) without breaking a rule: no 砲/砦 lifted off tier 1, no two pieces of one
    kind and side after.  A hidden face counts as one that fits."""
    after = [(side, "へ")]
    for tier, piece in enumerate(below, start=1):
        face = piece.other
        if (face in FORTS or piece.face == "香") and tier > 1:
            return False
        if face is not None:
            after.append((1 - piece.owner, face))
    return len(set(after)) == len(after)


def king_square(board: Board, side: int) -> int:
    for sq in SQUARES:
        stack = board[sq]
        if stack and stack[-1].face == KING and stack[-1].owner == side:
            return sq
    return -1


def in_check(board: Board, geo: Geometry, side: int) -> bool:
    sq = king_square(board, side)
    return sq >= 0 and attacked(board, geo, sq, 1 - side)


# -- candidate actions ----------------------------------------------------------------------

def moves_from(board: Board, geo: Geometry, sq: int, checked: bool) -> Iterator[Action]:
    """Moves (移動 and 移動攻撃) of the top piece of ``sq``: where :func:`reach` goes (written
    out here, as every position lists every piece's moves), and :func:`landing` allows."""
    stack = board[sq]
    index = len(stack) - 1
    piece = stack[index]
    if piece.face in FORTS:
        return
    which = 3 if index and stack[index - 1].owner != piece.owner else index
    steps, rays = geo.reach(piece.face, which, piece.owner, sq)
    fleeing = checked and piece.face == KING
    for dest, mid in steps:
        if mid < 0 or not board[mid]:
            action = _move_to(board, sq, index, piece, dest, fleeing, None)
            if action is not None:
                yield action
    for ray in rays:
        for dest in ray:
            action = _move_to(board, sq, index, piece, dest, fleeing, None)
            if action is not None:
                yield action
            if board[dest]:
                break
    if bonus_fort(stack, index) is not None:  # the range bonus adds squares not yet reached
        seen = {dest for dest, bonus in reach(board, geo, sq, index) if bonus is None}
        for dest, bonus in reach(board, geo, sq, index):
            if bonus is not None and dest not in seen:
                seen.add(dest)
                action = _move_to(board, sq, index, piece, dest, fleeing, bonus)
                if action is not None:
                    yield action


def _move_to(board: Board, sq: int, index: int, piece: Piece, dest: int, fleeing: bool,
             bonus: str | None) -> Action | None:
    """The move of ``piece`` (at ``board[sq][index]``) onto ``dest``, if it may land there
    (:func:`landing`; a 帥 in check may not flee to a square where its own piece stands,
    「自軍駒がいるマスに逃げることが出来ない」, §十五, capturing onto one neither)."""
    land = landing(board[dest], piece)
    if land is None or (fleeing and any(p.owner == piece.owner for p in board[dest])):
        return None
    return Action(MOVE, piece.face, dest, land[0], sq, index + 1, land[1], None, bonus)


def strikes_at(board: Board, sq: int, side: int) -> Iterator[Action]:
    """不動攻撃: a piece of ``side`` takes the enemy piece directly above or below it."""
    stack = board[sq]
    for index, piece in enumerate(stack):
        if piece.owner != side or piece.face == "砦":
            continue
        for victim in (index - 1, index + 1):
            if 0 <= victim < len(stack) and stack[victim].owner != side:
                tier = index if victim < index else index + 1
                yield Action(STRIKE, piece.face, sq, tier, sq, index + 1, victim + 1)


def swaps_at(board: Board, sq: int, side: int) -> Iterator[Action]:
    """謀's 一層三層交換: a 謀 on tier 1 or 3 trades places with an own piece on the other."""
    stack = board[sq]
    if len(stack) != 3:
        return
    low, high = stack[0], stack[2]
    if low.owner != side or high.owner != side:
        return
    if low.face == "謀" and high.face != KING:
        yield Action(SWAP, "謀", sq, 3, sq, 1, other=high.face)
    if high.face == "謀" and low.face not in FORTS:
        yield Action(SWAP, "謀", sq, 1, sq, 3, other=low.face)


def substitutions(board: Board, geo: Geometry, side: int) -> Iterator[Action]:
    """侍⇔帥: a lone 侍 next to (orthogonally) its checked 帥 takes its place."""
    king = king_square(board, side)
    if king < 0 or not attacked(board, geo, king, 1 - side):
        return
    for dx, dy in ((0, 1), (0, -1), (1, 0), (-1, 0)):
        sq = geo.offset(king, dx, dy, side)
        if sq >= 0 and len(board[sq]) == 1:
            samurai = board[sq][0]
            if samurai.owner == side and samurai.face == "侍" and not same_kind(
                    board[king], side, "侍"):
                yield Action(SUBSTITUTE, "侍", sq, len(board[king]), sq, 1, other=KING)


def drop_targets(board: Board, geo: Geometry, face: str, side: int,
                 squares: Iterable[int] = SQUARES) -> Iterator[tuple[int, int]]:
    """(square, tier) where a piece with ``face`` may be dropped by ``side`` (新, 地連).

    A drop goes on an empty square, or on an uncovered own 地駒 at any tier that takes the
    piece (砲/砦 anything, 忍 back faces, 上 front faces), as long as the stack stays within
    three tiers and holds no second own piece of that kind.
    """
    front = face in FRONTS
    for sq in squares:
        stack = board[sq]
        if not stack:
            if geo.playable(sq):
                yield sq, 1
            continue
        top = stack[-1]
        if len(stack) >= 3 or top.owner != side or top.face not in GROUND:
            continue
        if top.face == "忍" and front or top.face == "上" and not front:
            continue
        if same_kind(stack, side, face):
            continue
        yield sq, len(stack) + 1


def drop_is_dead(board: Board, geo: Geometry, sq: int, face: str, side: int, tier: int) -> bool:
    """A 猪駒 may not be brought from hand where it could never move (a drop on top of the
    stack, or an exchange that puts it in place of the tier-1 piece)."""
    if face not in BOARS:
        return False
    stack = board[sq]
    view = stack[:]
    piece = Piece(side, face, "?")
    if tier <= len(view):
        view[tier - 1] = piece
    else:
        view.append(piece)
    board[sq] = view  # tried in place (can_move_again reads this square only), then put back
    try:
        return not can_move_again(board, geo, sq, tier - 1)
    finally:
        board[sq] = stack


def pseudo_actions(pos: Position, side: int, to: int | None = None,
                   checked: bool | None = None) -> Iterator[Action]:
    """Every action of ``side`` before the own-帥 check and the fouls: moves, strikes, swaps,
    substitutions, drops and the 帥's trade of an enemy 砦 (§二十六); only those that land on
    ``to`` when it is given.  ``checked``: whether the side's 帥 is in check, if known."""
    board, geo = pos.board, pos.geometry
    if checked is None:
        checked = in_check(board, geo, side)
    for sq in SQUARES:
        stack = board[sq]
        if not stack:
            continue
        if stack[-1].owner == side and (to is None or could_reach(board, geo, sq, len(stack) - 1,
                                                                   to)):
            for action in moves_from(board, geo, sq, checked):
                if to is None or action.to == to:
                    yield action
        if len(stack) >= 2 and (to is None or sq == to):
            yield from strikes_at(board, sq, side)
            yield from swaps_at(board, sq, side)
            yield from exchanges_at(pos, sq, side)
    for action in substitutions(board, geo, side) if checked else ():
        if to is None or action.to == to:
            yield action
    yield from _drops(pos, side, to)


def _drops(pos: Position, side: int, to: int | None = None) -> Iterator[Action]:
    """Every drop of ``side`` (新) where a piece may be dropped and could move from, of each
    face it holds; only those on ``to`` when it is given."""
    board, geo = pos.board, pos.geometry
    squares = SQUARES if to is None else (to,)
    for face in sorted(pos.hand_faces(side)):
        for sq, tier in drop_targets(board, geo, face, side, squares):
            if not drop_is_dead(board, geo, sq, face, side, tier):
                yield Action(DROP, face, sq, tier)


def exchanges_at(pos: Position, sq: int, side: int) -> Iterator[Action]:
    """§二十六: a 帥 standing on an enemy 砦 trades the 砦 for a piece from its hand."""
    stack = pos.board[sq]
    if len(stack) == 2 and stack[1].face == KING and stack[1].owner == side \
            and stack[0].face == "砦" and stack[0].owner != side:
        for face in sorted(pos.hand_faces(side)):
            if not drop_is_dead(pos.board, pos.geometry, sq, face, side, 1):
                yield Action(EXCHANGE, KING, sq, 2, sq, 2, 1, other=face)
