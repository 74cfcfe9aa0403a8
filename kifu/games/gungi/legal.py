"""Legality of whole actions (the own 帥 left safe), and the search behind mate.

An action is legal when, carried out on a copy of the board with all its effects, it leaves
its own 帥 unattacked, and it respects the rules that are not about the board alone (謀 may not
swap two turns running).  Mate is verified by searching every reply: each pseudo-legal action,
with and without betrayal, each re-placement square when it takes a 香.
"""
from __future__ import annotations

from collections.abc import Iterator

from kifu.games.gungi.actions import DROP, EXCHANGE, MOVE, STRIKE, SWAP, Action
from kifu.games.gungi.board_ops import copy_board, perform
from kifu.games.gungi.geometry import file_of
from kifu.games.gungi.movegen import attacked, king_square, pseudo_actions
from kifu.games.gungi.position import Piece, Position


def can_betray(pos: Position, action: Action) -> bool:
    """A へ that takes the top of a stack may turn the pieces below it (裏切り)."""
    if action.face != "へ" or action.victim_tier is None:
        return False
    stack = pos.board[action.to]
    if action.kind == MOVE:
        return action.victim_tier == len(stack) and len(stack) >= 2
    if action.kind == STRIKE:
        return action.victim_tier == len(stack) and action.tier >= 2
    return False


def betrayal_faces(pos: Position, action: Action) -> dict[int, str] | None:
    """The faces the pieces under the へ would show after betraying (None if one is unknown or
    would break a rule: 砲/砦 off tier 1, two own pieces of a kind in one stack)."""
    stack = pos.board[action.to]
    below = stack[: action.tier - 1] if action.kind == STRIKE else stack[:-1]
    faces: dict[int, str] = {}
    for index, piece in enumerate(below):
        other = piece.other
        if other is None:
            possible = pos.pools.possible(piece.pool) if piece.pool else frozenset()
            if not possible:
                return None
            other = sorted(possible)[0]
        if other in ("砲", "砦") and index > 0:
            return None
        faces[index + 1] = other
    return faces


def leaves_king_safe(pos: Position, action: Action, side: int, *,
                     betray: dict[int, str] | None = None,
                     replacement: tuple[int, Piece] | None = None) -> bool:
    board = copy_board(pos.board)
    hand_piece = None
    if action.kind in (DROP, EXCHANGE):
        hand_piece = Piece(side, action.face if action.kind == DROP else action.other or "?", "?")
    perform(board, pos.geometry, action, side, betray=betray, hand_piece=hand_piece,
            replacement=replacement)
    king = king_square(board, side)
    return king < 0 or not attacked(board, pos.geometry, king, 1 - side)


def swap_allowed(pos: Position, action: Action, side: int) -> bool:
    """The same 謀 may not use its swap on two turns of its owner running."""
    if action.kind != SWAP:
        return True
    piece = pos.board[action.to][(action.origin_tier or 1) - 1]
    return pos.last_swap[side] != piece.pid


def replacement_squares(pos: Position, side: int) -> list[int]:
    geo = pos.geometry
    return [sq for sq in geo.territory(side) if geo.playable(sq) and not pos.board[sq]]


def takes_lance(pos: Position, action: Action) -> bool:
    if action.victim_tier is None:
        return False
    stack = pos.board[action.to]
    index = action.victim_tier - 1 if action.kind != EXCHANGE else 0
    return index < len(stack) and stack[index].face == "香"


def variants(pos: Position, action: Action, side: int) -> Iterator[dict]:
    """The ways of carrying out ``action``: with or without betrayal, each re-placement."""
    betrayals: list[dict[int, str] | None] = [None]
    if can_betray(pos, action):
        faces = betrayal_faces(pos, action)
        if faces is not None:
            betrayals.append(faces)
    places: list[tuple[int, Piece] | None] = [None]
    if takes_lance(pos, action):
        places = [(sq, Piece(side, "砲", "香")) for sq in replacement_squares(pos, side)] or [None]
    for betray in betrayals:
        for place in places:
            yield {"betray": betray, "replacement": place}


def is_legal(pos: Position, action: Action, side: int) -> bool:
    """Whether some way of carrying out ``action`` is legal."""
    if not swap_allowed(pos, action, side):
        return False
    return any(leaves_king_safe(pos, action, side, **v) for v in variants(pos, action, side))


def legal_actions(pos: Position, side: int) -> Iterator[Action]:
    for action in pseudo_actions(pos, side):
        if action.kind == DROP and action.face == "兵" and _own_pawn_on_file(pos, action, side):
            continue  # 手二兵 is a foul, never a way out
        if action.face == "へ" and action.kind in (DROP, MOVE) and _own_he_on_file(pos, action, side) \
                and (action.origin is None or file_of(action.origin) != file_of(action.to)):
            continue  # ニへ is forbidden at all times
        if is_legal(pos, action, side):
            yield action


def has_legal_action(pos: Position, side: int) -> bool:
    return next(legal_actions(pos, side), None) is not None


def _own_pawn_on_file(pos: Position, action: Action, side: int) -> bool:
    return pos.faces_on_file(side, "兵", file_of(action.to)) > 0


def _own_he_on_file(pos: Position, action: Action, side: int) -> bool:
    return pos.faces_on_file(side, "へ", file_of(action.to)) > 0

