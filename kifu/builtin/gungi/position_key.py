"""A Gungi position as one line of text, read back (see :mod:`kifu.plugin.keys`); the position's
equality and hash go by it.

Kept apart from :mod:`.position` so that the position's layout may change without touching it
more than here.  The key (``docs/games/gungi.md``)::

    BOARD HANDS SIDE [phase:P] [first:w] [geometry:shifted] [to-place:...] [placed:N,N]
        [setup-pool:N,N] [pending:...] [swapped:...] [repeated:1] [pools:...] [end:...]

- ``BOARD``: ranks 1 to 9 separated by ``/``, each from file 9 to file 1 as shogi's SFEN
  writes them; a number for a run of empty squares; a square's stack bottom to top, in
  parentheses when it holds more than one piece; a piece is its face, ``v`` before a white
  one, and ``<X>`` after it for its other face where that is the piece's own (a 兵's back, a
  香's front) or ``<N>`` for a face still hidden in pool ``N``.
- ``HANDS``: black's pieces ``/`` white's, ``-`` for an empty hand.
- ``SIDE``: ``b`` or ``w`` to move, ``-`` once the game has ended.
- the phase when it is not the battle (``start``, ``setup``, ``ready``, ``repeated``,
  ``over``); white as the first player; the board after 千日手; what each side has left to
  place in a set-up and how many it placed; the pools of set-up 兵 backs; pieces waiting to be
  set up again; the 謀 that swapped on each side's last turn, by its square and tier;
  千日手 having struck; each hidden pool's faces; the outcome.

The count of repetitions (千日手 is four of them) is history, not part of the key: a position
read from a key counts them afresh, as a set-up does.  So are the square of the last ply (``同``
refers to it) and the pieces' identities.
"""
from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field

from kifu.builtin.gungi.geometry import SQUARES, STANDARD, file_of, rank_of, square
from kifu.builtin.gungi.hidden import Pools
from kifu.builtin.gungi.pieces import BACK_OF, FACES, FRONT_OF, SIDE_NAMES
from kifu.builtin.gungi.position import BATTLE, OVER, READY, REPEATED, SETUP, START, Piece, Position
from kifu.plugin import EditorLayout, EditorPiece, Fields, outcome_field, rows_text

GAME = "Gungi"
PHASES = (START, SETUP, READY, BATTLE, REPEATED, OVER)
#: The key as ``kifu serve``'s board search sets it up by clicks: the board's stacks (three
#: tiers, a note ``<X>`` kept with its piece), the hands and the side to move; a piece of
#: either side with every face, 帥 first, white's drawn turned as diagrams draw them.
EDITOR = EditorLayout(
    boards=(0,), side_field=2, hands=1, side_codes={"b": SIDE_NAMES[0], "w": SIDE_NAMES[1]},
    pieces=tuple(EditorPiece(("v" if white else "") + face, SIDE_NAMES[white], face,
                             turned=bool(white))
                 for white in (0, 1) for face in sorted(FACES, key=lambda face: face != "帥")),
    tiers=3, stack="()", note="<>")


@dataclass
class _Numbering:
    """Pools numbered from 1 in the order the key first names them."""

    pools: Pools
    numbers: dict[int, int] = field(default_factory=dict)

    def of(self, pool: int) -> int:
        root = self.pools.find(pool)
        if root not in self.numbers:
            self.numbers[root] = len(self.numbers) + 1
        return self.numbers[root]


def key(pos: Position) -> str:
    """``pos`` as its key (see the module's docstring)."""
    numbering = _Numbering(pos.pools)
    ranks = [[_stack(pos.board[square(file, rank)], numbering) for file in range(9, 0, -1)]
             for rank in range(1, 10)]
    hands = "/".join(_hand(hand, numbering) for hand in pos.hands)
    fields = [rows_text(ranks), hands, "-" if pos.outcome is not None else "bw"[pos.to_move],
              *_phase_fields(pos), *_setup_fields(pos, numbering)]
    swapped = _swapped(pos)
    if swapped:
        fields.append("swapped:" + swapped)
    if pos.repeated:
        fields.append("repeated:1")
    if numbering.numbers:
        fields.append("pools:" + ",".join(
            "".join(face * count for face, count in sorted(pos.pools.counts[root].items())
                    if count > 0) or "-"
            for root in numbering.numbers))
    if pos.outcome is not None:
        fields.append(outcome_field(pos.outcome))
    return " ".join(fields)


def _phase_fields(pos: Position) -> list[str]:
    """The phase when it is not the battle, white as the first player, the board after
    千日手."""
    fields = []
    if pos.phase != BATTLE:
        fields.append(f"phase:{pos.phase}")
    if pos.first_player:
        fields.append("first:w")
    if pos.geometry != STANDARD:
        fields.append("geometry:shifted")
    return fields


def _setup_fields(pos: Position, numbering: _Numbering) -> list[str]:
    """What a set-up under way holds: what each side has left to place and how many it
    placed, the pools of its 兵 backs, the pieces waiting to be set up again."""
    fields = []
    if pos.to_place is not None:
        fields.append("to-place:" + "/".join(
            "".join(face * count for face, count in sorted(left.items()) if count > 0) or "-"
            for left in pos.to_place))
    if any(pos.placed):
        fields.append(f"placed:{pos.placed[0]},{pos.placed[1]}")
    if all(pos.pools.find(pool) in pos.pools.counts for pool in pos.setup_pool):
        fields.append("setup-pool:" + ",".join(str(numbering.of(p)) for p in pos.setup_pool))
    if any(pos.pending):
        fields.append("pending:" + "/".join(_hand(side, numbering) for side in pos.pending))
    return fields


Position.keyed_by = key  # the position's equality and hash go by its key


def _stack(stack: list[Piece], numbering: _Numbering) -> str:
    pieces = "".join(_piece(p, numbering, True) for p in stack)
    return pieces if len(stack) <= 1 else f"({pieces})"


def _piece(piece: Piece, numbering: _Numbering, on_board: bool) -> str:
    mark = "v" if on_board and piece.owner else ""
    if piece.other is None and piece.pool is not None:
        return f"{mark}{piece.face}<{numbering.of(piece.pool)}>"
    default = BACK_OF.get(piece.face) or FRONT_OF.get(piece.face)
    if piece.other != default:
        return f"{mark}{piece.face}<{piece.other or '-'}>"
    return f"{mark}{piece.face}"


def _hand(hand: list[Piece], numbering: _Numbering) -> str:
    """A hand's pieces, in an order of their own (a hand is a set of pieces)."""
    ordered = sorted(hand, key=lambda p: (p.face, p.other or "",
                                          0 if p.pool is None else numbering.pools.find(p.pool)))
    return "".join(_piece(p, numbering, False) for p in ordered) or "-"


def _swapped(pos: Position) -> str:
    """The 謀 that swapped on each side's last turn, as ``FILE-RANK-TIER`` (``-`` for none)."""
    if not any(pid is not None for pid in pos.last_swap):
        return ""
    found = []
    for pid in pos.last_swap:
        where = "-"
        for sq in SQUARES:
            for tier, piece in enumerate(pos.board[sq], start=1):
                if pid is not None and piece.pid == pid:
                    where = f"{file_of(sq)}-{rank_of(sq)}-{tier}"
        found.append(where)
    return ",".join(found)


# -- reading a key back -----------------------------------------------------------------------

def from_key(text: str) -> Position:
    """The position a key gives; a ``NotationError`` for text that is no Gungi key."""
    fields = Fields(text, GAME, 3)
    board_text, hands_text, side = fields.next(), fields.next(), fields.next()
    if side not in ("b", "w", "-"):
        raise fields.error("its third field is b or w (to move), or - once the game has ended")
    pos = Position()
    reader = _Reader(fields, pos, _pools(fields, pos))
    reader.board(board_text)
    hands = hands_text.split("/")
    if len(hands) != 2:
        raise fields.error("its second field is black's hand / white's hand")
    pos.hands = (reader.hand(hands[0], 0), reader.hand(hands[1], 1))
    pos.to_move = 1 if side == "w" else 0
    pos.phase = fields.named("phase") or BATTLE
    if pos.phase not in PHASES:
        raise fields.error(f"phase:{pos.phase[:20]} is none of {', '.join(PHASES)}")
    pos.first_player = 1 if fields.named("first") == "w" else 0
    if fields.named("geometry") == "shifted":
        pos.geometry = STANDARD.shifted()
    reader.set_up()
    swapped = fields.named("swapped")
    if swapped is not None:
        pos.last_swap = [reader.swapped(where) for where in swapped.split(",")]
    pos.repeated = fields.named("repeated") == "1"
    pos.outcome = fields.outcome()
    fields.done()
    if (pos.outcome is None) != (side != "-"):
        raise fields.error("- stands for the side to move exactly when it ends with end:...")
    if any(len(part) != 2 for part in (pos.placed, pos.setup_pool, pos.last_swap)) or (
            pos.to_place is not None and len(pos.to_place) != 2):
        raise fields.error("a field of both sides gives two values")
    return pos


def _pools(fields: Fields, pos: Position) -> dict[int, int]:
    """The hidden pools the key lists (``pools:``) made in ``pos``: the key's pool numbers,
    each with the position's pool."""
    pools: dict[int, int] = {}
    pool_text = fields.named("pools")
    if pool_text is not None:
        for number, faces in enumerate(pool_text.split(","), start=1):
            counts = Counter("" if faces == "-" else faces)
            if any(face not in FACES for face in counts):
                raise fields.error(f"pool {number} holds a face that is no Gungi face")
            pools[number] = pos.pools.new(counts)
    return pools


class _Reader:
    """Pieces as the key writes them, made into the position's pieces: the board's, the
    hands', those of a set-up."""

    def __init__(self, fields: Fields, pos: Position, pools: dict[int, int]) -> None:
        self.fields, self.pos, self.pools = fields, pos, pools

    def pieces(self, text: str, owner: int | None) -> list[Piece]:
        found: list[Piece] = []
        index = 0
        while index < len(text):
            side = owner if owner is not None else 0
            if text[index] == "v" and owner is None:
                side, index = 1, index + 1
            face = text[index:index + 1]
            if face not in FACES:
                raise self.fields.error(f"{face!r} is no Gungi piece")
            index += 1
            other: str | None = BACK_OF.get(face) or FRONT_OF.get(face)
            pool = None
            if text[index:index + 1] == "<":
                end = text.find(">", index)
                inner = text[index + 1:end] if end > 0 else ""
                if inner.isdigit() and int(inner) in self.pools:
                    other, pool = None, self.pools[int(inner)]
                elif inner in FACES or inner == "-":
                    other = None if inner == "-" else inner
                else:
                    raise self.fields.error(f"<{inner[:10]}> is neither a face nor a pool")
                index = end + 1
            found.append(self.pos.new_piece(side, face, other, pool))
            if other is None and pool is None:
                found[-1].other = None
        return found

    def board(self, text: str) -> None:
        """The board's nine ranks, each of nine squares of three pieces at most."""
        ranks = text.split("/")
        if len(ranks) != 9:
            raise self.fields.error("the board is nine ranks separated by /")
        for rank, row in enumerate(ranks, start=1):
            files = self.rank(row)
            if len(files) != 9:
                raise self.fields.error(f"rank {rank} has {len(files)} squares, not 9")
            for file, stack in zip(range(9, 0, -1), files):
                if len(stack) > 3:
                    raise self.fields.error(f"a stack of {len(stack)} pieces on {file}-{rank}")
                self.pos.board[square(file, rank)] = stack

    def rank(self, row: str) -> list[list[Piece]]:
        squares: list[list[Piece]] = []
        index = 0
        while index < len(row):
            char = row[index]
            if char.isdigit():
                squares.extend([] for _ in range(int(char)))
                index += 1
            elif char == "(":
                end = row.find(")", index)
                if end < 0:
                    raise self.fields.error("a stack's ( is not closed")
                squares.append(self.pieces(row[index + 1:end], None))
                index = end + 1
            else:
                end = index + 1 + (row[index] == "v")
                if row[end:end + 1] == "<":
                    end = row.find(">", end) + 1
                    if end <= 0:
                        raise self.fields.error("a piece's < is not closed")
                squares.append(self.pieces(row[index:end], None))
                index = end
        return squares

    def hand(self, text: str, owner: int) -> list[Piece]:
        return [] if text == "-" else self.pieces(text, owner)

    def set_up(self) -> None:
        """What a set-up under way holds (see :func:`_setup_fields`)."""
        fields, pos = self.fields, self.pos
        to_place = fields.named("to-place")
        if to_place is not None:
            pos.to_place = [Counter("" if part == "-" else part) for part in to_place.split("/")]
        placed = fields.named("placed")
        if placed is not None:
            pos.placed = fields.read(lambda: [int(n) for n in placed.split(",")], "placed:")
        setup_pool = fields.named("setup-pool")
        if setup_pool is not None:
            pos.setup_pool = fields.read(
                lambda: [self.pools[int(n)] for n in setup_pool.split(",")],
                "setup-pool: names pools of pools:")
        pending = fields.named("pending")
        if pending is not None:
            parts = pending.split("/")
            pos.pending = [self.hand(parts[0], 0), self.hand(parts[-1], 1)]

    def swapped(self, where: str) -> int | None:
        if where == "-":
            return None
        try:
            file, rank, tier = (int(n) for n in where.split("-"))
            return self.pos.board[square(file, rank)][tier - 1].pid
        except (ValueError, IndexError):
            raise self.fields.error(f"swapped:{where[:12]} names no piece on the board") from None
