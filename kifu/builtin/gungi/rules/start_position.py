"""The position a record starts from: the empty board of the set-up phase, or a set-up
diagram's position (studies, problems) with every check a diagram needs.

A diagram may leave pieces out (a study need not use both full sets) but may not hold more of a
kind than the two sets have, nor anything the rules never allow: a stack over three, anything
on a 帥, 砲/砦 off tier 1 or in hand, two own pieces of a kind in one stack, a 猪駒 that could
never move, or the side not to move in check.
"""
from __future__ import annotations

from collections import Counter

from kifu.builtin.gungi.geometry import SQUARES, name
from kifu.builtin.gungi.pieces import (
    BACK_OF,
    BOARS,
    FORTS,
    FRONT_OF,
    MARKS,
    NEVER_IN_HAND,
    PAWN_BACKS,
    SET,
    UNSEEN,
)
from kifu.builtin.gungi.position import BATTLE, Piece, Position
from kifu.builtin.gungi.rules.claims import ahead
from kifu.builtin.gungi.rules.reach import attacked, can_move_again, king_square
from kifu.builtin.gungi.setup import Diagram, SetupPiece
from kifu.plugin import Record, SetupError

#: How many of each hidden face the two sets hold.
TOTAL_HIDDEN = Counter({"さ": 2, "と": 2, "へ": 14, "砲": 2, "砦": 2})


def kind_of(face: str) -> str:
    """The front that names a physical kind (兵 for さ/と/へ and for a back not seen yet, 香
    stands for 砲/砦/香)."""
    if face in ("砲", "砦", "香"):
        return "香"
    if face == UNSEEN:
        return "兵"
    return FRONT_OF.get(face, face)


LIMITS: Counter[str] = Counter()
for _front, _back in SET:
    LIMITS[kind_of(_front)] += 2


def start(record: Record) -> Position:
    """The empty board of the set-up phase, or the position of the record's set-up diagram;
    with the claims the record writes later (:func:`kifu.builtin.gungi.rules.claims.ahead`)."""
    if record.setup is None:
        position = Position()
    else:
        try:
            position = from_diagram(record.setup)
        except SetupError as error:
            raise error.located(span=error.span or getattr(record.setup, "span", None)) from None
    position.ahead = ahead(record)
    return position


def from_diagram(diagram: Diagram) -> Position:
    """The position a set-up diagram shows, battle phase; ``SetupError`` where it breaks a
    rule no game can break."""
    pos = Position(phase=BATTLE, to_move=diagram.to_move, first_player=diagram.to_move)
    census = _Census()
    for sq, stack in zip(SQUARES, diagram.stacks):
        if len(stack) > 3:
            raise SetupError(f"{name(sq)} holds {len(stack)} pieces; a stack holds three at most")
        for tier, item in enumerate(stack, start=1):
            if item.face == UNSEEN:
                raise SetupError(f"{UNSEEN}(兵), a face not seen yet, is only ever in hand")
            _check_tier(sq, stack, tier, item)
            pos.board[sq].append(_piece(pos, item, census))
    for side in (0, 1):
        for item in diagram.hands[side]:
            if item.face in NEVER_IN_HAND:
                raise SetupError(f"a {item.face} is never in hand")
            pos.hands[side].append(_piece(pos, item, census))
    census.check()
    census.pool_unknown(pos)
    _check_kings(pos)
    _check_boars(pos)
    waiting = 1 - pos.to_move
    if attacked(pos.board, pos.geometry, king_square(pos.board, waiting), pos.to_move):
        raise SetupError(f"{MARKS[waiting]}'s 帥 is in check, but it is {MARKS[pos.to_move]} "
                         "to move")
    pos.last_square = None
    pos.repetitions[pos.key()] += 1
    return pos


def _check_tier(sq: int, stack: tuple[SetupPiece, ...], tier: int, item: SetupPiece) -> None:
    """Nothing on a 帥, 砲/砦 on tier 1 only, no two own pieces of a face in one stack."""
    if item.face == "帥" and tier != len(stack):
        raise SetupError(f"something stands on the 帥 at {name(sq)}")
    if item.face in FORTS and tier != 1:
        raise SetupError(f"the {item.face} at {name(sq)} must stand on tier 1")
    if any(p.side == item.side and p.face == item.face for p in stack[: tier - 1]):
        raise SetupError(f"{MARKS[item.side]} has two {item.face} in the stack at {name(sq)}")


class _Census:
    """The pieces a diagram holds, counted against the two sets: each kind, each hidden face
    the diagram names, and the 兵 and 香 whose hidden face it leaves unknown."""

    def __init__(self) -> None:
        self.kinds: Counter[str] = Counter()
        self.hidden_known: Counter[str] = Counter()
        self.unknown: dict[str, list[Piece]] = {"兵": [], "香": []}

    def check(self) -> None:
        """No more of a kind, nor of a hidden face, than the two sets have."""
        for kind, count in self.kinds.items():
            if count > LIMITS[kind]:
                raise SetupError(f"the diagram holds {count} pieces of the {kind} kind; the two "
                                 f"sets have {LIMITS[kind]}")
        for face, count in self.hidden_known.items():
            if count > TOTAL_HIDDEN[face]:
                raise SetupError(f"the diagram holds {count} pieces with {face}; the two sets "
                                 f"have {TOTAL_HIDDEN[face]}")

    def pool_unknown(self, pos: Position) -> None:
        """The 兵 (and the 香) whose hidden face is unknown share one pool of what the sets
        have left of those faces."""
        for kind, faces in (("兵", PAWN_BACKS), ("香", ("砲", "砦"))):
            if self.unknown[kind]:
                left = Counter({f: TOTAL_HIDDEN[f] - self.hidden_known[f] for f in faces})
                pool = pos.pools.new(left)
                for piece in self.unknown[kind]:
                    piece.pool = pool


def _check_kings(pos: Position) -> None:
    for side in (0, 1):
        kings = sum(1 for stack in pos.board for p in stack if p.face == "帥" and p.owner == side)
        if kings != 1:
            raise SetupError(f"{MARKS[side]} must have exactly one 帥 on the board, not {kings}")


def _check_boars(pos: Position) -> None:
    """No 猪駒 on top of a stack where it could never move (it would be recovered at once)."""
    for sq in SQUARES:
        stack = pos.board[sq]
        if stack and stack[-1].face in BOARS and not can_move_again(pos.board, pos.geometry, sq,
                                                                    len(stack) - 1):
            raise SetupError(f"the {stack[-1].face} at {name(sq)} could never move (猪駒 are "
                             "recovered at once)")


def _piece(pos: Position, item: SetupPiece, census: _Census) -> Piece:
    """The piece a diagram names, counted in ``census``."""
    census.kinds[kind_of(item.face)] += 1
    if item.face == UNSEEN:
        if item.hidden != "兵":
            raise SetupError(f"{UNSEEN} stands for a back of a 兵 not seen yet: {UNSEEN}(兵)")
        piece = pos.new_piece(item.side, UNSEEN, "兵", 0)
        census.unknown["兵"].append(piece)
        return piece
    if item.face == "兵" or item.face == "香":
        if item.hidden is not None:
            valid = PAWN_BACKS if item.face == "兵" else ("砲", "砦")
            if item.hidden not in valid:
                raise SetupError(f"a {item.face}'s other face is one of {'、'.join(valid)}, not "
                                 f"{item.hidden}")
            census.hidden_known[item.hidden] += 1
            return pos.new_piece(item.side, item.face, item.hidden)
        piece = pos.new_piece(item.side, item.face, None, 0)
        census.unknown[item.face].append(piece)
        return piece
    if item.hidden is not None:
        raise SetupError(f"only 兵 and 香 name a hidden face, not {item.face}")
    if item.face in PAWN_BACKS or item.face in FORTS:
        census.hidden_known[item.face] += 1
    return pos.new_piece(item.side, item.face, BACK_OF.get(item.face) or FRONT_OF.get(item.face))
