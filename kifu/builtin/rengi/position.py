"""A Rengi position: two fields, each side's garbage and chain state, and whose turn it is.

The position is mutated in place by :func:`kifu.builtin.rengi.rules.play`; :meth:`Position.copy`
makes the deep copy the replay driver takes at variation branch points.  A field's chain is
resolved the moment it fires (the bitboards hold the settled field), but the chain is *running*
for n + 1 of the chainer's turns: ``Side.wait`` counts the turns still to sit out and
``Side.chain`` keeps the links whose garbage is sent when the wait ends.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from kifu.builtin.rengi import bitboard
from kifu.builtin.rengi.bitboard import Link
from kifu.builtin.rengi.moves import LETTERS, SIDE_NAMES
from kifu.builtin.rengi.setup.parameters import Settings
from kifu.builtin.rengi.tsumo import Dealer
from kifu.plugin import Outcome


@dataclass
class Side:
    """One player's field and what stands against them."""

    boards: list[int] = field(default_factory=lambda: [0] * 5)
    warning: int = 0  # garbage stones waiting to fall on this field (邪魔石予告)
    stock: int = 0  # remainder of less than a row carried to the next generation
    placed: int = 0  # pieces placed so far: the index into the tsumo list
    wait: int = 0  # own turns still to sit out (chain time or garbage drop time)
    chain: tuple[tuple[int, int], ...] = ()  # (stones, groups) of each link of the running chain
    chigiri: int = 0  # non-split placements while the opponent's chain runs (天連棋)

    def copy(self) -> Side:
        return Side(list(self.boards), self.warning, self.stock, self.placed, self.wait,
                    self.chain, self.chigiri)


@dataclass
class LastChain:
    """The chain a placement fired, kept for drawing it link by link."""

    side: int
    links: list[Link]
    frames: list[tuple[int, ...]]  # the field before link 1 and after each link


@dataclass
class Position:
    settings: Settings
    dealer: Dealer
    sides: list[Side] = field(default_factory=lambda: [Side(), Side()])
    current: int = 0  # the side whose turn it is (always free to act between moves)
    turn: int = 1  # turns so far, waited ones included, counting the current one
    marker: int = 1  # stable chigiri marker: -3 -2 -1 +1 +2 +3
    rng: int | None = None  # SplitMix64 state of the garbage-column stream
    outcome: Outcome | None = None
    turn_granted: int | None = None  # the side moving again on an extra move (chigiri)
    moves: int = 0  # written moves played
    last_cells: tuple[tuple[int, int, int], ...] = ()  # (side, column, row) just placed
    last_chain: LastChain | None = None
    last_sent: list[dict[str, Any]] = field(default_factory=list)  # garbage events since last move
    waited: list[tuple[int, str]] = field(default_factory=list)  # turns sat out since last move

    def copy(self) -> Position:
        return Position(self.settings, self.dealer, [s.copy() for s in self.sides],
                        self.current, self.turn, self.marker, self.rng, self.outcome,
                        self.turn_granted, self.moves, self.last_cells, self.last_chain,
                        list(self.last_sent), list(self.waited))

    @property
    def current_name(self) -> str:
        return SIDE_NAMES[self.current]

    def chain_running(self, side: int) -> bool:
        return bool(self.sides[side].chain)

    def any_chain(self) -> bool:
        return bool(self.sides[0].chain or self.sides[1].chain)

    def next_pieces(self, side: int) -> list[tuple[int, ...]]:
        """The pieces ``side`` sees coming, as many as the next-piece setting shows."""
        shown = self.settings.next_shown
        if shown == "none":
            return []
        count = 2 if shown == "2" else 12
        return self.dealer.upcoming(side, self.sides[side].placed, count)


# -- JSON -----------------------------------------------------------------------------------

#: A field's cells as JSON writes them: the colours a b c d, j garbage.
ALPHABET = "abcdj"


def piece_text(piece: tuple[int, ...]) -> str:
    """A piece's colours as letters (``ab``)."""
    return "".join(LETTERS[c] for c in piece)


def to_json(pos: Position) -> dict[str, Any]:
    """The position as JSON (``kifu show --format json``): each side's field and state, whose
    turn it is."""
    sides = {}
    for side in (0, 1):
        state = pos.sides[side]
        sides[SIDE_NAMES[side]] = {
            "field": bitboard.to_rows(state.boards, ALPHABET),
            "warning": state.warning,
            "stock": state.stock,
            "placed": state.placed,
            "wait": state.wait,
            "chain": [list(link) for link in state.chain],
            "chigiri": state.chigiri,
            "next": [piece_text(p) for p in pos.next_pieces(side)],
        }
    return {
        "sides": sides,
        "to_move": None if pos.outcome else pos.current_name,
        "turn": pos.turn,
        "marker": pos.marker,
        "moves": pos.moves,
    }
