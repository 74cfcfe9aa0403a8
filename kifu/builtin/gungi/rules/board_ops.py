"""Carrying out a resolved action on a board: captures, betrayal, forced recovery, re-placement.

These work on a board (a list of stacks) so that the referee can try an action on a copy
(:func:`board_for`) to see whether it leaves the own 帥 in check, and then carry it out for real
with the same code.  An action changes only the stacks of the squares it names (and a 侍's
substitution the 帥's), and flipped pieces are new objects, so a copy never changes the pieces
or stacks it shares with the original.
"""
from __future__ import annotations

from dataclasses import dataclass, field

from kifu.builtin.gungi.geometry import Geometry
from kifu.builtin.gungi.pieces import BOARS
from kifu.builtin.gungi.position import Board, Piece
from kifu.builtin.gungi.rules.actions import (
    DROP,
    EXCHANGE,
    MOVE,
    STRIKE,
    SUBSTITUTE,
    SWAP,
    Action,
)
from kifu.builtin.gungi.rules.reach import can_move_again, king_square


@dataclass
class Effects:
    """What carrying out an action did besides moving the actor."""

    side: int
    actor: Piece | None = None
    captured: Piece | None = None
    betrayed: list[tuple[int, Piece, Piece]] = field(default_factory=list)  # tier, before, after
    recovered: list[tuple[int, Piece, bool]] = field(default_factory=list)  # square, piece, to enemy
    touched: list[int] = field(default_factory=list)

    def lances(self) -> list[tuple[int, Piece]]:
        """The 香 whose 砲/砦 must now be re-placed, each with the side that re-places it: a
        captured 香 (by the capturer), then a 香 recovered into the enemy's hand (by the enemy)."""
        out = []
        if self.captured is not None and self.captured.face == "香":
            out.append((self.side, self.captured))
        out.extend((1 - piece.owner, piece) for _, piece, to_enemy in self.recovered
                   if to_enemy and piece.face == "香")
        return out


def copy_board(board: Board) -> Board:
    return [stack[:] for stack in board]


def board_for(board: Board, action: Action) -> Board:
    """A board to carry ``action`` out on, the original left as it is: a new list of the same
    stacks, with its own copy of each stack the action changes (its squares; a 侍's
    substitution changes the 帥's square too, so it copies them all)."""
    if action.kind == SUBSTITUTE:
        return copy_board(board)
    out = list(board)
    out[action.to] = board[action.to][:]
    if action.origin is not None and action.origin != action.to:
        out[action.origin] = board[action.origin][:]
    return out


def perform(board: Board, geo: Geometry, action: Action, side: int, *,
            betray: dict[int, str] | None = None, hand_piece: Piece | None = None) -> Effects:
    """Carry out ``action`` for ``side`` on ``board`` in place, forced recovery included; the
    re-placement of a 砲/砦 (see :meth:`Effects.lances`) is left to :func:`place`.

    ``betray`` maps the tiers below the acting へ to their new faces (the betrayal list); a
    ``hand_piece`` is what a drop or an exchange brings in.
    """
    eff = Effects(side)
    _KINDS[action.kind](board, action, eff, hand_piece)
    if betray:
        _betray(board[action.to], eff, betray)
    _recover(board, geo, eff)
    return eff


def _move(board: Board, action: Action, eff: Effects, hand_piece: Piece | None) -> None:
    """A piece goes from its square onto another, capturing the top piece there if it says so."""
    assert action.origin is not None
    piece = board[action.origin].pop()
    dest = board[action.to]
    if action.victim_tier is not None:
        eff.captured = dest.pop()
    dest.append(piece)
    eff.actor = piece
    eff.touched = [action.origin, action.to]


def _drop(board: Board, action: Action, eff: Effects, hand_piece: Piece | None) -> None:
    """A piece from the hand goes on top of a square."""
    piece = hand_piece or Piece(eff.side, action.face, "?")
    board[action.to].append(piece)
    eff.actor = piece
    eff.touched = [action.to]


def _strike(board: Board, action: Action, eff: Effects, hand_piece: Piece | None) -> None:
    """A piece captures another of its own stack without moving."""
    stack = board[action.to]
    assert action.origin_tier is not None and action.victim_tier is not None
    eff.actor = stack[action.origin_tier - 1]
    eff.captured = stack.pop(action.victim_tier - 1)
    eff.touched = [action.to]


def _swap(board: Board, action: Action, eff: Effects, hand_piece: Piece | None) -> None:
    """The bottom and the top piece of a stack of three change places."""
    stack = board[action.to]
    stack[0], stack[2] = stack[2], stack[0]
    eff.actor = stack[action.tier - 1]
    eff.touched = [action.to]


def _substitute(board: Board, action: Action, eff: Effects, hand_piece: Piece | None) -> None:
    """A 侍 and its own 帥 change squares."""
    king_sq = king_square(board, eff.side)
    samurai = board[action.to].pop()
    king = board[king_sq].pop()
    board[king_sq].append(samurai)
    board[action.to].append(king)
    eff.actor = samurai
    eff.touched = [action.to, king_sq]


def _exchange(board: Board, action: Action, eff: Effects, hand_piece: Piece | None) -> None:
    """The bottom piece of a stack is taken and a piece from the hand put in its place."""
    stack = board[action.to]
    eff.captured = stack[0]
    stack[0] = hand_piece or Piece(eff.side, action.other or "?", "?")
    eff.actor = stack[1]
    eff.touched = [action.to]


_KINDS = {MOVE: _move, DROP: _drop, STRIKE: _strike, SWAP: _swap, SUBSTITUTE: _substitute,
          EXCHANGE: _exchange}


def _betray(stack: list[Piece], eff: Effects, betray: dict[int, str]) -> None:
    """寝返り: every piece under the acting へ changes sides, showing the face the list gives."""
    assert eff.actor is not None  # every kind of action names its actor
    for index in range(stack.index(eff.actor)):
        before = stack[index]
        after = Piece(1 - before.owner, betray.get(index + 1, before.other or "?"),
                      before.face, None, before.pid)
        stack[index] = after
        eff.betrayed.append((index + 1, before, after))


def _recover(board: Board, geo: Geometry, eff: Effects) -> None:
    """強制回収: a 猪駒 that has just made a ply after which it could never move again (judged by
    its table on the tier it now stands on and the board's edges) leaves the board, from under
    any pieces that cover it.  It goes to the enemy's hand if the ply captured, else its own."""
    actor = eff.actor
    if actor is None or actor.face not in BOARS:
        return
    for sq in dict.fromkeys(eff.touched):
        stack = board[sq]
        for index, piece in enumerate(stack):
            if piece is actor:
                if not can_move_again(board, geo, sq, index):
                    stack.pop(index)
                    eff.recovered.append((sq, actor, eff.captured is not None))
                return


def place(board: Board, placements: list[tuple[int, Piece]]) -> None:
    """Forced re-placement: each 砲/砦 on its (empty) square, tier 1 (a new stack, so that a
    board sharing its stacks with another changes alone)."""
    for sq, piece in placements:
        board[sq] = [*board[sq], piece]
