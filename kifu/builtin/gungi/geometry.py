"""Squares, territories and the precomputed reach of every table from every square.

A square is an index ``row * 9 + column`` with row 0 the top rank (一段) and column 0 the left
file (9筋) from black's side, as a shogi diagram shows them.  The playing area may shrink after
千日手 (ranks 1 and 9 go out of play), so reach is computed per set of playable rows.
"""
from __future__ import annotations

import functools
from dataclasses import dataclass, field

from kifu.builtin.gungi.movement import TABLES
from kifu.builtin.gungi.pieces import BLACK, JUMPERS

SIZE = 9
SQUARES = tuple(range(SIZE * SIZE))
KANJI_RANKS = "一二三四五六七八九"


def square(file: int, rank: int) -> int:
    """The index of ``file``-``rank`` (both 1..9, 1筋 on the right, 1段 at the top)."""
    return (rank - 1) * SIZE + (SIZE - file)


def file_of(sq: int) -> int:
    return SIZE - sq % SIZE


def rank_of(sq: int) -> int:
    return sq // SIZE + 1


#: The file and the rank of each square, looked up.
FILES = tuple(file_of(sq) for sq in SQUARES)
RANKS = tuple(rank_of(sq) for sq in SQUARES)


def name(sq: int) -> str:
    return f"{file_of(sq)}―{rank_of(sq)}"


def _near(sq: int) -> tuple[int, ...]:
    row, column = divmod(sq, SIZE)
    return tuple(r * SIZE + c for r in range(row - 2, row + 3) for c in range(column - 2, column + 3)
                 if 0 <= r < SIZE and 0 <= c < SIZE and (r, c) != (row, column))


def _lines(sq: int) -> tuple[tuple[int, ...], ...]:
    row, column = divmod(sq, SIZE)
    out = []
    for dr, dc in ((-1, 0), (1, 0), (0, -1), (0, 1), (-1, -1), (-1, 1), (1, -1), (1, 1)):
        line, r, c = [], row + dr, column + dc
        while 0 <= r < SIZE and 0 <= c < SIZE:
            line.append(r * SIZE + c)
            r, c = r + dr, c + dc
        if line:
            out.append(tuple(line))
    return tuple(out)


#: Where a piece that reaches a square may stand, square by square: every step of every table
#: (one-square and two-square steps, knight steps, the 砦's bonus) stays within two files and
#: two ranks (``NEAR``), and everything that reaches farther slides along a file, a rank or a
#: diagonal (``LINES``, each nearest first).  Check is found by looking outwards from the 帥.
NEAR = tuple(_near(sq) for sq in SQUARES)
NEAR_SET = tuple(frozenset(near) for near in NEAR)
LINES = tuple(_lines(sq) for sq in SQUARES)

#: A step: (destination, square that must be empty on the way or -1).
Step = tuple[int, int]


@dataclass(frozen=True)
class Geometry:
    """The playable ranks and each side's territory, with reach tables built for them."""

    first_rank: int = 1
    last_rank: int = 9
    #: Territories as (first rank, last rank), black's then white's.
    territories: tuple[tuple[int, int], tuple[int, int]] = ((7, 9), (1, 3))
    #: The reach of each table from each square, worked out when first asked for (a dict of
    #: the instance's own, looked up without hashing the geometry: the move generator asks
    #: for it at every piece it looks at).
    _reach: dict[tuple[str, int, int, int], tuple[tuple[Step, ...], tuple[tuple[int, ...], ...]]] \
        = field(default_factory=dict, compare=False, repr=False)
    _potential: dict[tuple[str, int, int, int], frozenset[int]] = field(
        default_factory=dict, compare=False, repr=False)

    def on_board(self, file: int, rank: int) -> bool:
        return 1 <= file <= SIZE and self.first_rank <= rank <= self.last_rank

    def playable(self, sq: int) -> bool:
        return self.first_rank <= rank_of(sq) <= self.last_rank

    def in_territory(self, sq: int, side: int) -> bool:
        low, high = self.territories[side]
        return low <= rank_of(sq) <= high

    @functools.cache
    def territory(self, side: int) -> tuple[int, ...]:
        return tuple(sq for sq in SQUARES if self.in_territory(sq, side))

    @functools.cache
    def territory_files(self, side: int) -> tuple[tuple[int, ...], ...]:
        """The playable squares of ``side``'s territory, file by file."""
        return tuple(tuple(sq for sq in self.territory(side)
                           if file_of(sq) == file and self.playable(sq)) for file in range(1, 10))

    def shifted(self) -> Geometry:
        """The board after 千日手: ranks 1 and 9 out of play, territories 6-8 and 2-4."""
        return Geometry(2, 8, ((6, 8), (2, 4)))

    def offset(self, sq: int, dx: int, dy: int, side: int) -> int:
        """The square ``dy`` forward (for ``side``) and ``dx`` across from ``sq``, or -1."""
        file = file_of(sq) + dx
        rank = rank_of(sq) - dy if side == BLACK else rank_of(sq) + dy
        return square(file, rank) if self.on_board(file, rank) else -1

    def reach(self, face: str, which: int, side: int, sq: int) -> tuple[tuple[Step, ...],
                                                                      tuple[tuple[int, ...], ...]]:
        """Steps and rays of ``face`` with table ``which`` (0..2 tiers, 3 on an enemy)."""
        key = (face, which, side, sq)
        found = self._reach.get(key)
        if found is None:
            found = self._reach[key] = self._reach_from(face, which, side, sq)
        return found

    def _reach_from(self, face: str, which: int, side: int, sq: int,
                    ) -> tuple[tuple[Step, ...], tuple[tuple[int, ...], ...]]:
        steps_table, rays_table = TABLES[face][which]
        jumper = face in JUMPERS
        steps: list[Step] = []
        for dx, dy in steps_table:
            dest = self.offset(sq, dx, dy, side)
            if dest < 0:
                continue
            mid = -1
            if not jumper and (abs(dx) == 2 or abs(dy) == 2) and abs(dx) != 1 and abs(dy) != 1:
                mid = self.offset(sq, dx // 2, dy // 2, side)
            steps.append((dest, mid))
        rays: list[tuple[int, ...]] = []
        for (dx, dy), limit in rays_table:
            ray: list[int] = []
            at = sq
            while True:
                at = self.offset(at, dx, dy, side)
                if at < 0 or (limit and len(ray) >= limit):
                    break
                ray.append(at)
            if ray:
                rays.append(tuple(ray))
        return tuple(steps), tuple(rays)

    def potential(self, face: str, which: int, side: int, sq: int) -> frozenset[int]:
        """Every square the table could reach from ``sq`` on an empty board (a quick filter)."""
        key = (face, which, side, sq)
        found = self._potential.get(key)
        if found is None:
            steps, rays = self.reach(face, which, side, sq)
            found = self._potential[key] = frozenset(
                [dest for dest, _ in steps] + [dest for ray in rays for dest in ray])
        return found

    @functools.cache
    def fortress_bonus(self, sq: int, side: int) -> tuple[Step, ...]:
        """砦's bonus from ``sq``: squares within two orthogonal steps inside the territory."""
        out: list[Step] = []
        for dx in range(-2, 3):
            for dy in range(-2, 3):
                if (dx, dy) == (0, 0) or abs(dx) + abs(dy) > 2:
                    continue
                dest = self.offset(sq, dx, dy, side)
                if dest < 0 or not self.in_territory(dest, side):
                    continue
                mid = self.offset(sq, dx // 2, dy // 2, side) if 2 in (abs(dx), abs(dy)) else -1
                out.append((dest, mid))
        return tuple(out)

    @functools.cache
    def cannon_ray(self, sq: int, side: int) -> tuple[int, ...]:
        """砲's bonus from ``sq``: the file straight forward, to the edge."""
        ray = []
        at = sq
        while (at := self.offset(at, 0, 1, side)) >= 0:
            ray.append(at)
        return tuple(ray)


STANDARD = Geometry()
