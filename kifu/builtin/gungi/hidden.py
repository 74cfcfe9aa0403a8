"""The faces nobody has seen yet: 兵's back (さ, と or へ) and 香's front (砲 or 砦).

兵 carry one of three backs and a player may shuffle the 兵 in hand (§二十七), so which back a
dropped 兵 has is hidden until the piece is captured or flipped; 香 likewise hide which of 砲/砦
they are.  Every piece whose hidden face is unknown belongs to a *pool*: a multiset of the faces
still possible for its members (possibly more faces than members, when pieces are out of play,
as in a study).  A reveal takes a face out of the pool; when a pool holds one kind of face only,
each member's face is known.  Pools are merged when pieces of several pools (or known ones) are
shuffled together in a hand, which may lose a little precision but never rejects a real record.
"""
from __future__ import annotations

from collections import Counter


class Pools:
    """Pools of hidden faces, merged union-find style; copied with the position."""

    __slots__ = ("counts", "parent", "next_id")

    def __init__(self) -> None:
        self.counts: dict[int, Counter[str]] = {}
        self.parent: dict[int, int] = {}
        self.next_id = 1

    def copy(self) -> Pools:
        clone = Pools()
        clone.counts = {key: Counter(value) for key, value in self.counts.items()}
        clone.parent = dict(self.parent)
        clone.next_id = self.next_id
        return clone

    def new(self, faces: Counter[str]) -> int:
        pool = self.next_id
        self.next_id += 1
        self.counts[pool] = Counter(faces)
        return pool

    def find(self, pool: int) -> int:
        while pool in self.parent:
            pool = self.parent[pool]
        return pool

    def possible(self, pool: int) -> frozenset[str]:
        return frozenset(face for face, n in self.counts[self.find(pool)].items() if n > 0)

    def take(self, pool: int, face: str) -> bool:
        """Reveal one member as ``face``; False if the pool has no such face left."""
        counts = self.counts[self.find(pool)]
        if counts[face] <= 0:
            return False
        counts[face] -= 1
        return True

    def merge(self, pools: list[int], extra: Counter[str]) -> int:
        """One pool holding ``pools`` and the ``extra`` known faces shuffled in with them."""
        merged = self.new(extra)
        for pool in {self.find(p) for p in pools}:
            self.counts[merged].update(self.counts.pop(pool))
            self.parent[pool] = merged
        return merged
