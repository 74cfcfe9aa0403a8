"""Legality of whole actions, and the search behind mate.

An action is legal when some way of carrying it out (with or without betrayal, each choice of
faces the betrayed pieces may show, each square a forced re-placement may use) leaves its own
帥 unattacked and commits no foul of the mover: 手二兵, ニへ, へ詰め or 手兵詰め.  A foul is no
legal move, as in shogi; the referee still reads a ply that commits one (the rules make most
fouls a claim) and reports it.  Mate is verified by searching every reply the same way.

Most actions are decided without being carried out (:mod:`.screen`); the rest are tried here,
each way on a board of its own that shares the stacks the action leaves alone.
"""
from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, replace
from itertools import product

from kifu.builtin.gungi.geometry import Geometry, file_of
from kifu.builtin.gungi.pieces import FORTS
from kifu.builtin.gungi.position import Board, Piece, Position, faces_on_file
from kifu.builtin.gungi.rules.actions import DROP, EXCHANGE, MOVE, STRIKE, SUBSTITUTE, SWAP, Action
from kifu.builtin.gungi.rules.board_ops import Effects, board_for, perform, place
from kifu.builtin.gungi.rules.reach import (
    attacked,
    checkers,
    in_check,
    king_square,
    needs_betrayal,
    pseudo_actions,
)
from kifu.builtin.gungi.rules.screen import LEGAL, UNDECIDED, Screen

#: How deep the test for へ詰め / 手兵詰め nests: a reply that would itself mate with a へ is
#: judged a foul only this many plies down (such chains need a へ check answering a へ check).
MATE_FOUL_DEPTH = 2


@dataclass
class Trial:
    """One way of carrying out an action, tried on a copy of the board."""

    board: Board
    effects: Effects
    betray: dict[int, str] | None
    placements: list[tuple[int, Piece]]


# -- betrayal --------------------------------------------------------------------------------

def can_betray(pos: Position, action: Action) -> bool:
    """A へ that takes the top piece of a stack, moving or in place, with pieces under it."""
    if action.face != "へ" or action.victim_tier is None:
        return False
    stack = pos.board[action.to]
    if action.kind == MOVE:
        return action.victim_tier == len(stack) and len(stack) >= 2
    if action.kind == STRIKE:
        return action.victim_tier == len(stack) and action.tier >= 2
    return False


def betrayed_pieces(pos: Position, action: Action) -> list[Piece]:
    """The pieces that would stand under the へ, bottom first."""
    stack = pos.board[action.to]
    return stack[: action.tier - 1] if action.kind == STRIKE else stack[:-1]


def betrayal_problem(below: list[Piece], faces: dict[int, str], side: int) -> str | None:
    """Why the betrayed pieces may not show ``faces`` (None if they may): a 砲/砦 stands only on
    tier 1, and a stack holds no two pieces of one kind and side."""
    for tier, face in faces.items():
        if face in FORTS and tier > 1:
            return (f"betrayal would put a {face} on tier {tier}; 砲 and 砦 stand only on "
                    "tier 1")
    after = [(1 - p.owner, faces[i + 1]) for i, p in enumerate(below)] + [(side, "へ")]
    if len(set(after)) != len(after):
        return ("betrayal would leave two pieces of one kind and side in the stack (the "
                "same-kind rule)")
    return None


def betrayals(pos: Position, action: Action, side: int) -> list[dict[int, str]]:
    """Every way the pieces under the へ may turn over (each hidden face it could show)."""
    if not can_betray(pos, action):
        return []
    below = betrayed_pieces(pos, action)
    options = [sorted(pos.possible_other(piece)) for piece in below]
    out = []
    for combo in product(*options):
        faces = {tier: face for tier, face in enumerate(combo, start=1)}
        if betrayal_problem(below, faces, side) is None:
            out.append(faces)
    return out


# -- forced re-placement ---------------------------------------------------------------------

def free_squares(board: Board, geo: Geometry, side: int) -> list[int]:
    """Where ``side`` may re-place a 砲/砦: the empty squares of its territory."""
    return [sq for sq in geo.territory(side) if geo.playable(sq) and not board[sq]]


def placements(board: Board, pos: Position, lances: list[tuple[int, Piece]],
               taken: frozenset[int] = frozenset()) -> Iterator[list[tuple[int, Piece]]]:
    """Every way of re-placing the 砲/砦 behind ``lances``; none at all if one has no room."""
    if not lances:
        yield []
        return
    (side, lance), rest = lances[0], lances[1:]
    face = min(pos.possible_other(lance) or {"砲"})
    for sq in free_squares(board, pos.geometry, side):
        if sq not in taken:
            piece = Piece(side, face, "香", None, lance.pid)
            for more in placements(board, pos, rest, taken | {sq}):
                yield [(sq, piece), *more]


# -- trying an action ------------------------------------------------------------------------

def hand_piece(action: Action, side: int) -> Piece | None:
    if action.kind == DROP:
        return Piece(side, action.face, "?")
    if action.kind == EXCHANGE:
        return Piece(side, action.other or "?", "?")
    return None


def attempt(pos: Position, action: Action, side: int,
            betray: dict[int, str] | None = None) -> tuple[Board, Effects]:
    """The board after ``action`` (re-placements not yet made) and what it did."""
    board = board_for(pos.board, action)
    effects = perform(board, pos.geometry, action, side, betray=betray,
                      hand_piece=hand_piece(action, side))
    return board, effects


def trials(pos: Position, action: Action, side: int) -> Iterator[Trial]:
    """Every way of carrying out ``action`` (only by betraying where the same-kind rule asks
    it, see :func:`~.reach.needs_betrayal`)."""
    plain: list[dict[int, str] | None] = [] if needs_betrayal(pos.board, action, side) else [None]
    for betray in [*plain, *betrayals(pos, action, side)]:
        board, effects = attempt(pos, action, side, betray)
        lances = effects.lances()
        for chosen in placements(board, pos, lances):
            after = list(board) if chosen else board
            place(after, chosen)
            yield Trial(after, effects, betray, chosen)


def king_safe(board: Board, geo: Geometry, side: int, king: int | None = None) -> bool:
    """Whether ``side``'s 帥 (on ``king``, when the caller knows) is not attacked on
    ``board``."""
    if king is None:
        king = king_square(board, side)
    return king < 0 or not attacked(board, geo, king, 1 - side)


def king_after(action: Action, king: int) -> int | None:
    """Where the mover's 帥 stands after ``action``, given where it stood (None: look)."""
    if action.kind == SUBSTITUTE or (action.kind == MOVE and action.face == "帥"):
        return action.to
    return king if king >= 0 else None


def placed_face(action: Action) -> str | None:
    """The face a ply brings from hand (a drop, or a 帥's exchange of an enemy 砦)."""
    if action.kind == DROP:
        return action.face
    if action.kind == EXCHANGE:
        return action.other
    return None


def file_fouls(before: Board, after: Board, action: Action, side: int,
               betrayed: bool) -> list[tuple[int, str]]:
    """(offender, rule) for 手二兵 and ニへ: a 兵 brought from hand to a file where its side has
    one, and a side's へ on one file growing to two or more (by a move, a drop or a betrayal)."""
    placed = placed_face(action)
    moved_he = action.face == "へ" and action.kind == MOVE
    if placed not in ("兵", "へ") and not moved_he and not betrayed:
        return []
    file = file_of(action.to)
    out = []
    if placed == "兵" and faces_on_file(after, side, "兵", file) > 1:
        out.append((side, "ni-hyou"))
    for who in (side, 1 - side) if betrayed else (side,):  # only a betrayal gives away a へ
        count = faces_on_file(after, who, "へ", file)
        if count > 1 and count > faces_on_file(before, who, "へ", file):
            out.append((who, "ni-he"))
    return out


def mating_foul(board: Board, geo: Geometry, action: Action, side: int) -> str | None:
    """The foul a mate would be if the enemy is mated on ``board`` after ``action`` of ``side``:
    手兵詰め when the ply dropped a 兵 (a drop uncovers nothing, so the 兵 gives the check), へ詰め
    when a へ of ``side`` is among the pieces that give check, whichever piece made the ply
    (「帥」を「へ」で詰める: the へ is what mates).  None if the check is given otherwise."""
    if placed_face(action) == "兵" and action.kind == DROP:
        return "pawn-drop-mate"
    king = king_square(board, 1 - side)
    if king >= 0 and any(p.face == "へ" for p in checkers(board, geo, king, side)):
        return "he-mate"
    return None


def mover_foul(pos: Position, action: Action, side: int, board: Board, depth: int,
               betrayed: bool = False) -> str | None:
    """The foul the mover commits by leaving ``board`` after ``action`` (None: no foul)."""
    for offender, rule in file_fouls(pos.board, board, action, side, betrayed):
        if offender == side:
            return rule
    if depth >= MATE_FOUL_DEPTH or not in_check(board, pos.geometry, 1 - side):
        return None
    mate_foul = mating_foul(board, pos.geometry, action, side)
    if mate_foul is not None and not has_legal_action(after_position(pos, action, side, board),
                                                      1 - side, depth + 1):
        return mate_foul
    return None


def after_position(pos: Position, action: Action, side: int, board: Board) -> Position:
    """The position after ``action`` (carried out on ``board``), as far as the replies need
    it: the board, the hands (what a mating へ or dropped 兵 changes: the piece brought in, the
    piece a へ took), the other side to move.  The original is left as it is."""
    hands = ([*pos.hands[0]], [*pos.hands[1]])
    placed = placed_face(action)
    if placed is not None:
        mine = hands[side]
        mine.remove(next(p for p in mine if placed in pos.possible_faces(p)))
    if action.victim_tier is not None and action.kind in (MOVE, STRIKE):
        victim = pos.board[action.to][action.victim_tier - 1]
        turned = min(pos.possible_other(victim) or {"?"}, key=lambda f: (f != "へ", f))
        if turned not in FORTS and turned != "?":
            hands[side].append(Piece(side, turned, victim.face, None, victim.pid))
    return replace(pos, board=board, hands=hands, to_move=1 - side)


def swap_allowed(pos: Position, action: Action, side: int) -> bool:
    """The same 謀 may not use its swap on two turns of its owner running."""
    if action.kind != SWAP:
        return True
    piece = pos.board[action.to][(action.origin_tier or 1) - 1]
    return pos.last_swap[side] != piece.pid


def is_clean(pos: Position, action: Action, side: int, trial: Trial, depth: int = 0,
             king: int | None = None) -> bool:
    """Whether this way of carrying out ``action`` is a legal move (``king``: where the
    mover's 帥 stands after it, when the caller knows)."""
    return king_safe(trial.board, pos.geometry, side, king) and \
        mover_foul(pos, action, side, trial.board, depth, trial.betray is not None) is None


def is_legal(pos: Position, action: Action, side: int, depth: int = 0) -> bool:
    """Whether some way of carrying out ``action`` is a legal move."""
    if not swap_allowed(pos, action, side):
        return False
    return any(is_clean(pos, action, side, t, depth) for t in trials(pos, action, side))


def legal_ways(pos: Position, side: int, depth: int = 0, to: int | None = None,
               ) -> Iterator[tuple[Action, list[Trial] | None]]:
    """Every legal action of ``side`` (only those landing on ``to`` when it is given), each
    with its legal ways of being carried out, or ``None`` where it has one plain way (no
    betrayal, no re-placement), as the screen (:mod:`.screen`) decides most actions without
    carrying them out."""
    screen = Screen(pos, side)
    for action in pseudo_actions(pos, side, to, screen.checked):
        verdict = screen.judge(action)
        if verdict == LEGAL:
            yield action, None
        elif verdict == UNDECIDED and swap_allowed(pos, action, side):
            king = king_after(action, screen.king)
            ways = [t for t in trials(pos, action, side)
                    if is_clean(pos, action, side, t, depth, king)]
            if ways:
                yield action, ways


def legal_actions(pos: Position, side: int, depth: int = 0, to: int | None = None,
                  ) -> Iterator[Action]:
    """Every legal action of ``side`` (only those landing on ``to`` when it is given)."""
    for action, _ in legal_ways(pos, side, depth, to):
        yield action


def has_legal_action(pos: Position, side: int, depth: int = 0) -> bool:
    return next(legal_actions(pos, side, depth), None) is not None
