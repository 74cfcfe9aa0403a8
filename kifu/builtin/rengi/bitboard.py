"""A Rengi field as five integer bitboards, and the chain resolver that works on them.

Layout: column ``c`` (0..5, left to right) owns bits ``16c .. 16c+15``; row ``r`` (0-based, 0..12
for rows 1..13 from the bottom) is bit ``16c + r``.  Bits 13..15 of each column stay zero, so a
shift by one moves a stone up or down inside its column and never into the next one, and a shift
by 16 moves it sideways.  One bitboard per colour (A..D) and one for garbage; a field is the list
``[a, b, c, d, garbage]``.

Why bitboards: a whole link of a chain (finding every group of four, clearing it with the garbage
next to it, letting the column contents fall) costs a few dozen integer operations instead of a
cell-by-cell flood fill, so a 19-chain resolves in well under a millisecond in pure Python (see
``bench/rengi.py``).  Only groups that contain a stone which just landed or moved are searched,
since no other group can have changed.
"""
from __future__ import annotations

from typing import NamedTuple

COLUMNS = 6
ROWS = 13  # row 13 is the top row; stones there fall but never connect
COLOURS = 4
GARBAGE = 4  # index of the garbage bitboard
EMPTY = -1
STRIDE = 16
LANE = (1 << ROWS) - 1  # the 13 rows of one column
CONNECT_LANE = (1 << 12) - 1  # rows 1..12: the only rows that connect


def bit(column: int, row: int) -> int:
    """The bit of (column, row), both 0-based."""
    return 1 << (column * STRIDE + row)


def _spread(lane: int) -> int:
    return sum(lane << (c * STRIDE) for c in range(COLUMNS))


#: Every cell of the field (rows 1..13).
FULL = _spread(LANE)
#: Rows 1..12, where stones connect and garbage can be cleared.
CONNECT = _spread(CONNECT_LANE)
#: ``FROM[c][s]``: the bits of column ``c`` from row ``s`` (0-based) to row 13; ``FROM[c][13]`` = 0.
FROM = [[(LANE & ~((1 << s) - 1)) << (c * STRIDE) for s in range(ROWS + 1)]
        for c in range(COLUMNS)]
#: The cell whose filling loses the game: column 3, row 12.
DEATH = bit(2, 11)
#: Row 13 as a mask (drawn shaded; its stones do not connect).

def cells(mask: int) -> list[tuple[int, int]]:
    """(column, row) pairs, 0-based, of the bits of ``mask``, lowest bit first."""
    out = []
    while mask:
        low = mask & -mask
        index = low.bit_length() - 1
        out.append((index // STRIDE, index % STRIDE))
        mask ^= low
    return out


def occupied(boards: list[int]) -> int:
    return boards[0] | boards[1] | boards[2] | boards[3] | boards[4]


def height(boards: list[int] | int, column: int) -> int:
    """How many stones stand in ``column`` (fields never hold floating stones)."""
    occ = boards if isinstance(boards, int) else occupied(boards)
    return ((occ >> (column * STRIDE)) & LANE).bit_length()


def kind_at(boards: list[int], column: int, row: int) -> int:
    """0..3 for a colour, ``GARBAGE``, or ``EMPTY``."""
    mask = bit(column, row)
    for kind in range(5):
        if boards[kind] & mask:
            return kind
    return EMPTY


def floating(boards: list[int]) -> int:
    """Stones with an empty cell right below them (impossible after gravity)."""
    occ = occupied(boards)
    below_empty = ~(occ << 1) & FULL & ~_spread(1)
    return occ & below_empty


class Link(NamedTuple):
    """One link of a chain: what vanished at once, and what counts for garbage."""

    stones: int  # colour stones cleared (the garbage table counts these)
    groups: int  # connected groups of four or more
    colours: int  # bit set of the colours cleared
    sizes: tuple[int, ...]  # each group's size
    garbage: int  # garbage stones cleared with them
    cleared: int  # the bitmask of every cell emptied (colour and garbage)


def find_groups(boards: list[int], seeds: int) -> tuple[int, list[tuple[int, int]]]:
    """Groups of four or more (rows 1..12) that contain a seed cell.

    Returns the union of their cells and ``(colour, group mask)`` for each group.
    """
    found = 0
    groups: list[tuple[int, int]] = []
    for colour in range(COLOURS):
        board = boards[colour] & CONNECT
        # A stone without a same-coloured neighbour cannot be part of a group of four.
        paired = board & (board << 1 | board >> 1 | board << STRIDE | board >> STRIDE)
        candidates = paired & seeds
        while candidates:
            group = candidates & -candidates
            while True:  # grow one step in all four directions until nothing is added
                grown = (group | group << 1 | group >> 1 | group << STRIDE
                         | group >> STRIDE) & paired
                if grown == group:
                    break
                group = grown
            candidates &= ~group
            if group.bit_count() >= 4:
                found |= group
                groups.append((colour, group))
    return found, groups


def apply_gravity(boards: list[int], removed: int) -> int:
    """Close the holes ``removed`` left (their cells must already be empty) by letting the
    stones above fall; returns the mask of stones that moved."""
    moved_from = 0
    for column in range(COLUMNS):
        lane = (removed >> (column * STRIDE)) & LANE
        if not lane:
            continue
        masks = FROM[column]
        moved_from |= masks[(lane & -lane).bit_length() - 1]
        while lane:  # lowest run of holes first; the runs above then shift down with it
            low = lane & -lane
            run = lane & ~(lane + low)
            start = low.bit_length() - 1
            length = run.bit_count()
            keep_out = ~masks[start]
            above = masks[start + length]
            for kind in range(5):
                board = boards[kind]
                if board & above:
                    boards[kind] = (board & keep_out) | ((board & above) >> length)
            lane = (lane ^ run) >> length
    return (boards[0] | boards[1] | boards[2] | boards[3] | boards[4]) & moved_from


def resolve(boards: list[int], seeds: int,
            frames: list[tuple[int, ...]] | None = None) -> list[Link]:
    """Resolve the chain that ``seeds`` (the cells that just changed) may start, in place.

    Each link clears every group of four or more at once, with the garbage orthogonally next to
    a cleared stone (rows 1..12 only), then lets the stones above fall.  ``frames`` collects the
    field before the first link and after each one, for drawing a chain step by step.
    """
    links: list[Link] = []
    if frames is not None:
        frames.append(tuple(boards))
    while seeds:
        cleared, groups = find_groups(boards, seeds)
        if not cleared:
            break
        near = (cleared << 1 | cleared >> 1 | cleared << STRIDE | cleared >> STRIDE)
        garbage = near & boards[GARBAGE] & CONNECT
        removed = cleared | garbage
        for kind in range(5):
            boards[kind] &= ~removed
        colours = 0
        for colour, _ in groups:
            colours |= 1 << colour
        links.append(Link(cleared.bit_count(), len(groups), colours,
                          tuple(g.bit_count() for _, g in groups), garbage.bit_count(), removed))
        seeds = apply_gravity(boards, removed)
        if frames is not None:
            frames.append(tuple(boards))
    return links


def from_rows(rows: list[str], alphabet: str = "abcdj") -> list[int]:
    """A field from text rows, top row first (up to 13 rows of 6 characters, ``.`` empty).

    Used by tests and set-up positions; it does not check for floating stones.
    """
    boards = [0] * 5
    top = len(rows) - 1
    for index, text in enumerate(rows):
        row = top - index
        for column, char in enumerate(text):
            kind = alphabet.find(char.lower())
            if kind >= 0:
                boards[kind] |= bit(column, row)
    return boards


def to_rows(boards: list[int] | tuple[int, ...], alphabet: str = "abcdj",
            rows: int = ROWS) -> list[str]:
    """The inverse of :func:`from_rows`: ``rows`` rows of six characters, top row first."""
    out = []
    for row in range(rows - 1, -1, -1):
        line = []
        for column in range(COLUMNS):
            mask = bit(column, row)
            char = "."
            for kind in range(5):
                if boards[kind] & mask:
                    char = alphabet[kind]
                    break
            line.append(char)
        out.append("".join(line))
    return out
