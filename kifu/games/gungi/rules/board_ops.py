"""Carrying out a resolved action on a board: captures, betrayal, forced recovery, re-placement.

These work on a board (a list of stacks) so that the referee can try an action on a copy
(``[s[:] for s in board]``) to see whether it leaves the own 帥 in check, and then carry it out
for real with the same code.  Flipped pieces are new objects, so a copy never changes the
pieces it shares with the original.
"""
from __future__ import annotations

from dataclasses import dataclass, field

from kifu.games.gungi.geometry import Geometry
from kifu.games.gungi.pieces import BOARS
from kifu.games.gungi.position import Board, Piece
from kifu.games.gungi.rules.actions import (
    DROP,
    EXCHANGE,
    MOVE,
    STRIKE,
    SUBSTITUTE,
    SWAP,
    Action,
)
from kifu.games.gungi.rules.movegen import can_move_again, king_square


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


def perform(board: Board, geo: Geometry, action: Action, side: int, *,
            betray: dict[int, str] | None = None, hand_piece: Piece | None = None) -> Effects:
    """Carry out ``action`` for ``side`` on ``board`` in place, forced recovery included; the
    re-placement of a 砲/砦 (see :meth:`Effects.lances`) is left to :func:`place`.

    ``betray`` maps the tiers below the acting へ to their new faces (the betrayal list); a
    ``hand_piece`` is what a drop or an exchange brings in.
    """
    eff = Effects(side)
    to = action.to
    if action.kind == MOVE:
        assert action.origin is not None
        piece = board[action.origin].pop()
        dest = board[to]
        if action.victim_tier is not None:
            eff.captured = dest.pop()
        dest.append(piece)
        eff.actor = piece
        eff.touched = [action.origin, to]
    elif action.kind == DROP:
        piece = hand_piece or Piece(side, action.face, "?")
        board[to].append(piece)
        eff.actor = piece
        eff.touched = [to]
    elif action.kind == STRIKE:
        stack = board[to]
        assert action.origin_tier is not None and action.victim_tier is not None
        eff.actor = stack[action.origin_tier - 1]
        eff.captured = stack.pop(action.victim_tier - 1)
        eff.touched = [to]
    elif action.kind == SWAP:
        stack = board[to]
        stack[0], stack[2] = stack[2], stack[0]
        eff.actor = stack[action.tier - 1]
        eff.touched = [to]
    elif action.kind == SUBSTITUTE:
        king_sq = king_square(board, side)
        samurai = board[to].pop()
        king = board[king_sq].pop()
        board[king_sq].append(samurai)
        board[to].append(king)
        eff.actor = samurai
        eff.touched = [to, king_sq]
    elif action.kind == EXCHANGE:
        stack = board[to]
        eff.captured = stack[0]
        stack[0] = hand_piece or Piece(side, action.other or "?", "?")
        eff.actor = stack[1]
        eff.touched = [to]
    if betray:
        stack = board[to]
        for index in range(stack.index(eff.actor)):
            before = stack[index]
            after = Piece(1 - before.owner, betray.get(index + 1, before.other or "?"),
                          before.face, None, before.pid)
            stack[index] = after
            eff.betrayed.append((index + 1, before, after))
    _recover(board, geo, eff)
    return eff


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
    """Forced re-placement: each 砲/砦 on its (empty) square, tier 1."""
    for sq, piece in placements:
        board[sq].append(piece)
