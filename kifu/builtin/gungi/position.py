"""A Gungi position: stacks of up to three pieces on 81 squares, two hands, and the phase.

Positions are mutated in place by the referee (the replay driver copies them at branch points).
Pieces are small mutable objects; anything that tries a move on a board copy (legality, mate
search) builds new pieces for flips instead of changing shared ones.
"""
from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any, ClassVar, NotRequired, TypedDict

from kifu.builtin.gungi.geometry import (
    SQUARES,
    STANDARD,
    Geometry,
    file_of,
    rank_of,
    square,
)
from kifu.builtin.gungi.hidden import Pools
from kifu.builtin.gungi.pieces import BACK_OF, FRONT_OF, SIDE_NAMES, UNSEEN
from kifu.plugin import Keyed, Outcome

# Phases of a record.
START, SETUP, READY, BATTLE, REPEATED, OVER = "start", "setup", "ready", "battle", "repeated", "over"


class Piece:
    """One piece: its owner, the face it shows, its other face (``None`` while hidden)."""

    __slots__ = ("owner", "face", "other", "pool", "pid")

    def __init__(self, owner: int, face: str, other: str | None = None, pool: int | None = None,
                 pid: int = 0) -> None:
        self.owner = owner
        self.face = face
        if other is None and pool is None:
            other = BACK_OF.get(face) or FRONT_OF.get(face)
        self.other = other
        self.pool = pool
        self.pid = pid

    def clone(self) -> Piece:
        return Piece(self.owner, self.face, self.other, self.pool, self.pid)

    def __repr__(self) -> str:
        return f"{'▲▽'[self.owner]}{self.face}"


Board = list[list[Piece]]
#: A foul a side may claim: (offender, rule, what happened in words).
Foul = tuple[int, str, str]


@dataclass(frozen=True)
class ClaimsAhead:
    """The claims (反則指摘) a record writes after each of its plies, in the line the ply
    stands in: for a ply (or set-up ply), the sides that claim later in that line before a
    resignation (``later``), and those that claim before their own next ply (``before_next``).
    Keyed by the ply's identity, the record's own move value held beside it, so that a move
    played that is not the record's is never taken for one of them."""

    plies: dict[int, tuple[object, frozenset[int], frozenset[int]]] = field(
        default_factory=dict)

    def claimers(self, move: object) -> tuple[frozenset[int], frozenset[int]]:
        found = self.plies.get(id(move))
        if found is None or found[0] is not move:
            return frozenset(), frozenset()
        return found[1], found[2]


@dataclass(eq=False, repr=False)
class Position(Keyed):
    """Everything the referee needs: stacks, hands, side to move, phase, history.

    A value: equal to another position with the same key (:mod:`.position_key`), hashable,
    and its ``repr`` short."""

    game_name = "gungi"

    board: Board = field(default_factory=lambda: [[] for _ in SQUARES])
    hands: tuple[list[Piece], list[Piece]] = field(default_factory=lambda: ([], []))
    to_move: int = 0
    phase: str = START
    geometry: Geometry = STANDARD
    pools: Pools = field(default_factory=Pools)
    #: The square of the last ply (for 同) and the squares it touched (for drawing).
    last_square: int | None = None
    last_from: int | None = None
    battle_plies: int = 0
    placed: list[int] = field(default_factory=lambda: [0, 0])
    #: Pieces each side still has to place in a set-up (None: the standard 23).
    to_place: list[Counter[str]] | None = None
    first_player: int = 0
    repetitions: Counter[tuple] = field(default_factory=Counter)
    #: The 謀 (by piece id) that used its swap on each side's last turn.
    last_swap: list[int | None] = field(default_factory=lambda: [None, None])
    outcome: Outcome | None = None
    #: 千日手 has happened and the record may set up again.
    repeated: bool = False
    next_pid: int = 1
    #: The pool of each side's set-up 兵 backs, and pieces waiting to be set up again.
    setup_pool: list[int] = field(default_factory=lambda: [0, 0])
    pending: list[list[Piece]] = field(default_factory=lambda: [[], []])
    #: Fouls a side may still claim (反則指摘), each (offender, rule, words): a ニへ at any
    #: later time (``lasting``), a 二兵 of the last ply only before the claimer plays (``fresh``).
    lasting: list[Foul] = field(default_factory=list)
    fresh: list[Foul] = field(default_factory=list)
    #: The claims the record being replayed writes later (:class:`ClaimsAhead`): a foul one
    #: of them claims is no fault where it is made.  Not part of the position's value.
    ahead: ClaimsAhead = field(default_factory=ClaimsAhead)

    def copy(self) -> Position:
        """An independent copy (each piece object stands in one place only, so each is cloned
        once)."""
        return Position(
            board=[[p.clone() for p in stack] for stack in self.board],
            hands=([p.clone() for p in self.hands[0]], [p.clone() for p in self.hands[1]]),
            to_move=self.to_move, phase=self.phase, geometry=self.geometry,
            pools=self.pools.copy(), last_square=self.last_square, last_from=self.last_from,
            battle_plies=self.battle_plies, placed=list(self.placed),
            to_place=None if self.to_place is None else [Counter(c) for c in self.to_place],
            first_player=self.first_player, repetitions=Counter(self.repetitions),
            last_swap=list(self.last_swap), outcome=self.outcome, repeated=self.repeated,
            next_pid=self.next_pid, setup_pool=list(self.setup_pool),
            pending=[[p.clone() for p in side] for side in self.pending],
            lasting=list(self.lasting), fresh=list(self.fresh), ahead=self.ahead)

    #: What writes a position's key: :func:`kifu.builtin.gungi.position_key.key`, which sets it
    #: here (the game's package imports it with the position).
    keyed_by: ClassVar[Callable[[Position], str]]

    def value_key(self) -> str:
        return type(self).keyed_by(self)

    def summary(self) -> str:
        pieces = sum(len(stack) for stack in self.board)
        said = f"{pieces} piece{'s' * (pieces != 1)} on the board"
        if self.outcome is not None:
            return f"{said}, {self.outcome.describe()}"
        phase = "" if self.phase == BATTLE else f", {self.phase}"
        return f"{said}{phase}, {self.to_move_name} to move"

    def new_piece(self, owner: int, face: str, other: str | None = None,
                  pool: int | None = None) -> Piece:
        piece = Piece(owner, face, other, pool, self.next_pid)
        self.next_pid += 1
        return piece

    @property
    def to_move_name(self) -> str:
        return SIDE_NAMES[self.to_move]

    def king(self, side: int) -> int:
        """The square of ``side``'s 帥 (-1 if it has none, as in some studies)."""
        for sq in SQUARES:
            stack = self.board[sq]
            if stack and stack[-1].face == "帥" and stack[-1].owner == side:
                return sq
        return -1

    def key(self) -> tuple:
        """What makes two positions the same for 千日手: stacks, hands (hidden faces included,
        '?' where unknown), side to move."""
        board = tuple(tuple((p.owner, p.face, p.other or "?") for p in stack)
                      for stack in self.board)
        hands = tuple(tuple(sorted((p.face, p.other or "?") for p in hand)) for hand in self.hands)
        return board, hands, self.to_move

    def faces_on_file(self, side: int, face: str, file: int) -> int:
        return faces_on_file(self.board, side, face, file)

    def possible_other(self, piece: Piece) -> frozenset[str]:
        """The faces a piece's other side may show (one when known, the pool's when hidden)."""
        if piece.other is not None:
            return frozenset({piece.other})
        if piece.pool is None:
            return frozenset()
        return self.pools.possible(piece.pool)

    def possible_faces(self, piece: Piece) -> frozenset[str]:
        """The faces a piece may show: its own, or for one not seen yet (:data:`UNSEEN`) each
        back its pool still holds."""
        if piece.face != UNSEEN:
            return frozenset({piece.face})
        return frozenset() if piece.pool is None else self.pools.possible(piece.pool)

    def hand_faces(self, side: int) -> set[str]:
        """Every face ``side`` may bring from its hand (a piece not seen yet as any it may
        show)."""
        faces: set[str] = set()
        for piece in self.hands[side]:
            faces |= self.possible_faces(piece)
        return faces

    def show(self, piece: Piece, face: str) -> bool:
        """Fix the face of a piece not seen yet to ``face``; False if that is impossible."""
        if piece.face != UNSEEN:
            return piece.face == face
        if not self._reveal(piece, face):
            return False
        piece.face = face
        return True

    def settle(self, piece: Piece, face: str) -> bool:
        """Fix a piece's hidden face to ``face``; False if that is impossible."""
        if piece.other is not None:
            return piece.other == face
        if not self._reveal(piece, face):
            return False
        piece.other = face
        return True

    def _reveal(self, piece: Piece, face: str) -> bool:
        """Take ``face`` out of the piece's pool, which the piece then leaves."""
        if piece.pool is None or not self.pools.take(piece.pool, face):
            return False
        piece.pool = None
        return True


def faces_on_file(board: Board, side: int, face: str, file: int) -> int:
    """How many pieces showing ``face`` ``side`` has on ``file``, at any tier."""
    count = 0
    for rank in range(1, 10):
        count += sum(1 for p in board[square(file, rank)] if p.owner == side and p.face == face)
    return count


# -- JSON -----------------------------------------------------------------------------------

#: A piece as JSON shows it: its side, its face, and its hidden face where known.
PieceFaces = tuple[int, str, str | None]


def board_json(stacks: Sequence[Iterable[PieceFaces]], hands: Sequence[Iterable[PieceFaces]],
               to_move: int) -> dict[str, Any]:
    """Stacks (bottom to top, square by square) and hands as JSON: a piece is ``[side, face]``
    on the board and ``[face]`` in hand, with its hidden face (a 兵's back, a 香's front)
    appended when known.  Set-up diagrams are written the same way."""
    def piece(side: int, face: str, hidden: str | None, on_board: bool) -> list[str]:
        return [*([SIDE_NAMES[side]] if on_board else []), face, *([hidden] if hidden else [])]

    board = {}
    for sq, stack in zip(SQUARES, stacks):
        items = [piece(*faces, on_board=True) for faces in stack]
        if items:
            board[f"{file_of(sq)}-{rank_of(sq)}"] = items
    return {"to_move": SIDE_NAMES[to_move], "board": board,
            "hands": {SIDE_NAMES[side]: [piece(*faces, on_board=False) for faces in hands[side]]
                      for side in (0, 1)}}


def shown(piece: Piece) -> PieceFaces:
    """A piece's side, face and the hidden face a diagram names (a 兵's back, a 香's front, the
    兵 a piece not seen yet is the back of)."""
    return piece.owner, piece.face, piece.other if piece.face in ("兵", "香", UNSEEN) else None


class PositionJSON(TypedDict):
    """A Gungi position as JSON (:func:`to_json`): stacks by ``FILE-RANK``, hands by side."""

    to_move: str | None
    board: dict[str, list[list[str]]]
    hands: dict[str, list[list[str]]]
    phase: str
    battle_plies: int
    last: NotRequired[str]
    outcome: NotRequired[dict[str, str | None]]
    sennichite: NotRequired[bool]


def to_json(pos: Position) -> PositionJSON:
    """The position as JSON (``kifu show --format json``): stacks and hands as a set-up diagram
    writes them, the phase, the battle plies so far, the last square and the outcome."""
    diagram = board_json([[shown(p) for p in stack] for stack in pos.board],
                         [[shown(p) for p in hand] for hand in pos.hands], pos.to_move)
    data: PositionJSON = {"to_move": None if pos.outcome is not None else diagram["to_move"],
                          "board": diagram["board"], "hands": diagram["hands"],
                          "phase": pos.phase, "battle_plies": pos.battle_plies}
    if pos.last_square is not None:
        data["last"] = f"{file_of(pos.last_square)}-{rank_of(pos.last_square)}"
    if pos.outcome is not None:
        data["outcome"] = {"winner": pos.outcome.winner, "reason": pos.outcome.reason}
    if pos.repeated:
        data["sennichite"] = True
    return data
