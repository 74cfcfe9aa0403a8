"""Pieces (ツモ): the open list of 公連棋, random colours of 天連棋, and the RNG behind both.

- Open colouring (公連棋): 12 pairs, 4 colours x 6 stones, built before play by the players
  (プレイヤー選択) or by shuffle.  The first player's single first stone is ● (colour A) and is
  not in the list; the first player then takes pairs from the front (list[1], list[2], ...), the
  second player from the back (list[12], list[11], ...), each wrapping round after 12.
- Random colouring (天連棋): a single stone for the first player's first move, then a sequence
  of pairs that both players draw in the same order, each at their own pace (as in Puyo Puyo,
  so neither side gets luckier pieces).  The record carries the sequence in a ``Tsumo:`` header,
  or a ``Seed:`` from which it is generated, or the colours in every move.

The RNG is SplitMix64 (Steele, Lea and Flood, 2014; the generator of Java's SplittableRandom),
written out here so that a seed gives the same pieces and garbage columns on every Python and
every machine.  Streams: pieces from ``SplitMix64(seed)``, garbage columns from
``SplitMix64(seed ^ GARBAGE_SALT)``.  ``below(n)`` draws uniformly by rejection.
"""
from __future__ import annotations

from dataclasses import dataclass, field

MASK64 = (1 << 64) - 1
GOLDEN = 0x9E3779B97F4A7C15
#: Keeps the garbage-column stream apart from the piece stream of the same seed.
GARBAGE_SALT = 0x6A09E667F3BCC909
LIST_PAIRS = 12
PER_COLOUR = 6

Piece = tuple[int, ...]  # colours, axis first; one colour for the single first stone


def splitmix64(state: int) -> tuple[int, int]:
    """One step: (new state, 64-bit output)."""
    state = (state + GOLDEN) & MASK64
    z = state
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & MASK64
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK64
    return state, z ^ (z >> 31)


def below(state: int, n: int) -> tuple[int, int]:
    """A uniform integer in 0..n-1 (rejection sampling, no modulo bias): (new state, value)."""
    limit = (1 << 64) - (1 << 64) % n
    while True:
        state, value = splitmix64(state)
        if value < limit:
            return state, value % n


def garbage_stream(seed: int) -> int:
    return (seed ^ GARBAGE_SALT) & MASK64


def garbage_columns(state: int, count: int) -> tuple[int, tuple[int, ...]]:
    """``count`` distinct columns (1..6, ascending) for single garbage stones: the first
    ``count`` places of a Fisher-Yates shuffle of the six columns."""
    columns = [1, 2, 3, 4, 5, 6]
    for index in range(count):
        state, pick = below(state, 6 - index)
        columns[index], columns[index + pick] = columns[index + pick], columns[index]
    return state, tuple(sorted(columns[:count]))


def shuffled_list(seed: int) -> tuple[Piece, ...]:
    """公連棋's list by shuffle: the 24 chips (6 a colour) in Fisher-Yates order, paired."""
    chips = [colour for colour in range(4) for _ in range(PER_COLOUR)]
    state = seed & MASK64
    for index in range(len(chips) - 1, 0, -1):
        state, pick = below(state, index + 1)
        chips[index], chips[pick] = chips[pick], chips[index]
    return tuple((chips[2 * i], chips[2 * i + 1]) for i in range(LIST_PAIRS))


def check_open_list(pairs: tuple[Piece, ...]) -> str | None:
    """Why ``pairs`` is not a valid open list (12 pairs, six stones of each colour), or None."""
    if len(pairs) != LIST_PAIRS:
        return f"the open tsumo list has {LIST_PAIRS} pairs, not {len(pairs)}"
    for index, pair in enumerate(pairs, start=1):
        if len(pair) != 2:
            return f"entry {index} of the open tsumo list is not a pair of colours"
    counts = [sum(pair.count(colour) for pair in pairs) for colour in range(4)]
    if counts != [PER_COLOUR] * 4:
        shown = ", ".join(f"{'abcd'[c]}:{n}" for c, n in enumerate(counts))
        return f"the open tsumo list needs six stones of each colour ({shown})"
    return None


@dataclass(frozen=True)
class Chip:
    """One step of building the open list: a chip of ``colour`` into ``slot`` (1..12), row 1
    (the axis) or row 2 (the child)."""

    slot: int
    row: int
    colour: int


def build_open_list(chips: list[Chip]) -> tuple[tuple[Piece, ...], list[tuple[int, str]]]:
    """Replay the players' construction (プレイヤー選択): the first player places 1 chip, then
    the players alternate placing 2 chips each (second player first), and the first player
    places the last one: 1 + 11 x 2 + 1 = 24.  Returns the list and the problems found as
    (index of the chip, message); the list is only valid when there are none."""
    problems: list[tuple[int, str]] = []
    if len(chips) != 2 * LIST_PAIRS:
        problems.append((min(len(chips), 2 * LIST_PAIRS - 1),
                         f"the list is built from 24 chips, not {len(chips)}"))
    slots: dict[tuple[int, int], int] = {}
    piles = [PER_COLOUR] * 4
    for index, chip in enumerate(chips):
        if not (1 <= chip.slot <= LIST_PAIRS and chip.row in (1, 2)):
            problems.append((index, f"slot {chip.slot}/{chip.row} is not in the 12x2 list"))
            continue
        if (chip.slot, chip.row) in slots:
            problems.append((index, f"slot {chip.slot}/{chip.row} already holds a chip"))
            continue
        piles[chip.colour] -= 1
        if piles[chip.colour] < 0:
            problems.append((index, f"the pile of colour {'abcd'[chip.colour]} is empty "
                                    "(six chips of each colour)"))
            continue
        slots[(chip.slot, chip.row)] = chip.colour
    pairs = tuple((slots.get((s, 1), -1), slots.get((s, 2), -1))
                  for s in range(1, LIST_PAIRS + 1))
    return pairs, problems


def builder_of(index: int) -> int:
    """Which player places chip ``index`` (0-based): 0 first, 1 second (1, 2, 2, ..., 2, 1)."""
    if index == 0 or index == 2 * LIST_PAIRS - 1:
        return 0
    return 1 if ((index - 1) // 2) % 2 == 0 else 0


@dataclass
class RandomPieces:
    """天連棋's pieces from a seed: generated on demand, the same for every copy."""

    seed: int
    single: int = -1
    pairs: list[Piece] = field(default_factory=list)
    _state: int = 0

    def __post_init__(self) -> None:
        self._state, self.single = below(self.seed & MASK64, 4)

    def pair(self, index: int) -> Piece:
        while len(self.pairs) <= index:
            self._state, axis = below(self._state, 4)
            self._state, child = below(self._state, 4)
            self.pairs.append((axis, child))
        return self.pairs[index]


@dataclass(frozen=True)
class Dealer:
    """Which piece each side gets at each of its placements.

    ``kind``: ``free`` (the mover names the colours), ``open`` (the 12-pair list), ``random``
    (a sequence, from a header or a seed), or ``unknown`` (random colours the record carries
    move by move, so any colours are accepted).
    """

    kind: str
    pairs: tuple[Piece, ...] = ()
    single: int | None = None
    generator: RandomPieces | None = field(default=None, compare=False)

    def piece(self, side: int, index: int) -> Piece | None:
        """The piece of ``side``'s placement number ``index`` (0-based), or None when the
        mover chooses the colours; raises IndexError past the end of a finite sequence."""
        if self.kind in ("free", "unknown"):
            return None
        if side == 0 and index == 0:
            return (self.single if self.single is not None else 0,)
        if self.kind == "open":
            if side == 0:
                return self.pairs[(index - 1) % LIST_PAIRS]
            return self.pairs[LIST_PAIRS - 1 - index % LIST_PAIRS]
        pair_index = index - 1 if side == 0 else index
        if self.generator is not None:
            return self.generator.pair(pair_index)
        return self.pairs[pair_index]

    def upcoming(self, side: int, index: int, count: int) -> list[Piece]:
        """Up to ``count`` pieces from placement ``index`` on (fewer at the end of a list)."""
        out = []
        for offset in range(count):
            try:
                piece = self.piece(side, index + offset)
            except IndexError:
                break
            if piece is None:
                break
            out.append(piece)
        return out
