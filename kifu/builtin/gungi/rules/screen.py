"""A first look at each action of a position: most are decided by what is worked out once for
the position, and only the rest are carried out on a copy of the board (:mod:`.legal`).

Carrying an action out and looking for check decides every case, but costs a copy of the board
and a search for attackers per action, and most actions need neither:

- A piece leaving a square lets an enemy piece attack the own 帥 only where that square is the
  first occupied one on a line from the 帥 (a slide or a two-square step may pass now), or a
  stack within two squares of it whose piece underneath is uncovered.  Those few squares are
  tried once for the position (:attr:`Screen.exposing`); a move from anywhere else leaves the
  帥 as safe as it was.  Landing on a square never lets an enemy attack (it only blocks, or
  takes an attacker), nor does a drop.
- The fouls of the mover: 手二兵 and ニへ come from a 兵 or へ brought to a file where the side
  has one (the files are counted once); へ詰め and 手兵詰め need a へ or a dropped 兵 that gives
  check, which only a へ moved or dropped next to the enemy 帥, a 兵 dropped where it reaches
  it, or a piece uncovering an own へ near it can make.

A move of the 帥, a move from one of those few squares, and every move or drop while the own
帥 is in check is made on the board itself and taken back, with one search for attackers of
the 帥.  Whatever this cannot decide so goes the long way: a へ that takes the top of a stack
(betrayal), a へ that may give check, a 香 or a capture of one (re-placement), a boar recovered
where it lands, strikes, swaps and the like, and everything in a study that leaves the other
side's 帥 attacked.  The differential test (``tests/gungi/test_gungi_differential.py``) holds
the two ways to the same list.
"""
from __future__ import annotations

from kifu.builtin.gungi.geometry import LINES, NEAR, NEAR_SET, file_of
from kifu.builtin.gungi.pieces import BOARS, FORTS
from kifu.builtin.gungi.position import Piece, Position
from kifu.builtin.gungi.rules.actions import DROP, MOVE, Action
from kifu.builtin.gungi.rules.reach import KING, attacked, can_move_again, king_square

#: The screen's verdicts: a legal action carried out one plain way (no betrayal, no
#: re-placement to choose), an illegal one, and one to carry out the long way.
LEGAL, ILLEGAL, UNDECIDED = "legal", "illegal", "undecided"



class Screen:
    """What every action of ``side`` at ``pos`` is first judged against."""

    __slots__ = ("pos", "side", "king", "enemy_king", "checked", "enemy_attacked", "exposing",
                 "pawn_files", "he_files")

    def __init__(self, pos: Position, side: int) -> None:
        board, geo = pos.board, pos.geometry
        self.pos = pos
        self.side = side
        self.king = king_square(board, side)
        self.enemy_king = king_square(board, 1 - side)
        self.checked = self.king >= 0 and attacked(board, geo, self.king, 1 - side)
        # A study may leave the other side's 帥 attacked: all its actions go the long way.
        self.enemy_attacked = self.enemy_king >= 0 and attacked(board, geo, self.enemy_king, side)
        self.exposing = set() if self.checked or self.king < 0 else self._exposing()
        self.pawn_files: set[int] = set()
        self.he_files: set[int] = set()
        for sq, stack in enumerate(board):
            for piece in stack:
                if piece.owner == side and piece.face in ("兵", "へ"):
                    (self.pawn_files if piece.face == "兵" else self.he_files).add(file_of(sq))

    def _exposing(self) -> set[int]:
        """The squares whose top piece (an own one), leaving, lets an enemy piece attack the
        own 帥: tried on each first occupied square of a line from it, and each stack within
        two squares of it with a piece under its top."""
        board, geo, king, side = self.pos.board, self.pos.geometry, self.king, self.side
        candidates = {sq for sq in NEAR[king] if len(board[sq]) >= 2}
        for line in LINES[king]:
            first = next((sq for sq in line if board[sq]), -1)
            if first >= 0:
                candidates.add(first)
        found = set()
        for sq in candidates:
            stack = board[sq]
            if stack[-1].owner != side:
                continue
            top = stack.pop()
            try:
                if attacked(board, geo, king, 1 - side):
                    found.add(sq)
            finally:
                stack.append(top)
        return found

    def judge(self, action: Action) -> str:
        """:data:`LEGAL`, :data:`ILLEGAL` or :data:`UNDECIDED` (to be carried out the long
        way) for a pseudo-legal action of the side."""
        if self.enemy_attacked:
            return UNDECIDED
        if action.kind == DROP:
            return self._drop(action)
        if action.kind != MOVE or action.face == "香":
            return UNDECIDED
        board = self.pos.board
        assert action.origin is not None
        origin = board[action.origin]
        if action.victim_tier is not None and board[action.to][-1].face == "香":
            return UNDECIDED  # its 砲/砦 is re-placed: a choice of squares
        if action.face == "へ":
            verdict = self._he_move(action)
            if verdict is not None:
                return verdict
        if len(origin) >= 2 and self._uncovers_he(action, origin):
            return UNDECIDED  # an own へ uncovered next to the enemy 帥 may mate (へ詰め)
        if action.face in BOARS and self._recovered(action):
            return UNDECIDED  # leaves the square it lands on, uncovering what is under it
        if action.face == KING or self.checked or action.origin in self.exposing:
            return LEGAL if self._stays_safe(action) else ILLEGAL
        return LEGAL

    def _he_move(self, action: Action) -> str | None:
        """A へ moved: one that takes the top of a stack may betray (or must, for the
        same-kind rule), one brought to a file that has an own へ commits ニへ, one landing
        next to the enemy 帥 may give check (a mate with a へ is a foul); ``None`` if it is
        none of these."""
        if action.victim_tier is not None and len(self.pos.board[action.to]) >= 2:
            return UNDECIDED  # it may betray (or must, for the same-kind rule)
        assert action.origin is not None
        file = file_of(action.to)
        if file != file_of(action.origin) and file in self.he_files:
            return ILLEGAL  # ニへ: no foul is a legal move
        if self.enemy_king >= 0 and action.to in NEAR_SET[self.enemy_king]:
            return UNDECIDED  # it may give check, and a mate with a へ is a foul
        return None

    def _uncovers_he(self, action: Action, origin: list[Piece]) -> bool:
        """Whether the move uncovers an own へ next to the enemy 帥 (under the piece leaving
        ``origin``), which may mate: へ詰め, a foul."""
        below = origin[-2]
        return (below.owner == self.side and below.face == "へ" and self.enemy_king >= 0
                and action.origin in NEAR_SET[self.enemy_king])

    def _drop(self, action: Action) -> str:
        """A drop never lets an enemy attack; a 兵 or へ may be a foul (a second on its file,
        or a mate by a dropped 兵 or by a へ)."""
        face = action.face
        if face not in ("兵", "へ"):
            return self._drop_safe(action)
        if file_of(action.to) in (self.pawn_files if face == "兵" else self.he_files):
            return ILLEGAL  # 手二兵 or 手ニへ: no foul is a legal move
        if action.tier == 2 and self.pos.board[action.to][0].face in FORTS:
            return UNDECIDED  # on its own 砲 or 砦 it reaches farther (the range bonus)
        if self.enemy_king >= 0 and self.enemy_king in self.pos.geometry.potential(
                face, action.tier - 1, self.side, action.to):
            return UNDECIDED  # it may give check, and a mate with it would be a foul
        return self._drop_safe(action)

    def _drop_safe(self, action: Action) -> str:
        """A drop never lets an enemy attack; while in check it must block the check."""
        if not self.checked:
            return LEGAL
        board = self.pos.board
        stack = board[action.to]
        stack.append(Piece(self.side, action.face))
        try:
            return ILLEGAL if attacked(board, self.pos.geometry, self.king, 1 - self.side) \
                else LEGAL
        finally:
            stack.pop()

    def _recovered(self, action: Action) -> bool:
        """Whether the boar a move brings to its square could never move from there (強制回収:
        it leaves the square again)."""
        board = self.pos.board
        stack = board[action.to]
        index = action.tier - 1
        below = stack[index - 1] if index else None
        which = 3 if below is not None and below.owner != self.side else index
        steps, rays = self.pos.geometry.reach(action.face, which, self.side, action.to)
        if steps or rays:
            return False  # it has a move from there by its table alone
        assert action.origin is not None
        view = [*(stack[:-1] if action.victim_tier is not None else stack),
                board[action.origin][-1]]
        board[action.to] = view
        try:
            return not can_move_again(board, self.pos.geometry, action.to, len(view) - 1)
        finally:
            board[action.to] = stack

    def _stays_safe(self, action: Action) -> bool:
        """The own 帥 is not attacked after the move (a plain one: nothing recovered, nothing
        betrayed), made on the board and taken back."""
        board = self.pos.board
        assert action.origin is not None
        origin, dest = board[action.origin], board[action.to]
        piece = origin.pop()
        victim = dest.pop() if action.victim_tier is not None else None
        dest.append(piece)
        try:
            king = action.to if piece.face == KING else self.king
            return not attacked(board, self.pos.geometry, king, 1 - self.side)
        finally:
            dest.pop()
            if victim is not None:
                dest.append(victim)
            origin.append(piece)
