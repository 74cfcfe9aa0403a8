"""Rengi: kifu's chain resolver against a baseline written in this repository, and replay speed.

    python -m bench.rengi [--quick] [--games N] [--moves N] [--copies N] [--rounds N]

No Rengi software exists besides kifu, and no Puyo Puyo chain resolver on PyPI can stand in for
one: the only Puyo package there, ``pypuyo`` 1.0.4, is a falling-block game loop whose
``update()`` lets stones fall one row per frame and looks for groups in between, so groups form
in mid-fall; it has no garbage, lets its hidden rows connect, and does not declare the numpy it
needs.  It ends chains otherwise than the rules do (of the 19-chain field below, which the rules
clear completely, it leaves 17 stones), so it cannot be a peer.  The yardstick is a baseline
written here, ``flood_fill_resolve``: what one writes first, a grid of cells, a breadth-first
flood fill from every cell for every link, garbage next to each cleared stone, gravity by
rebuilding each column.  The table says so.

1. The 19-chain field (puyoai's test field: 19 links of 4 stones), ``--copies`` times: kifu
   searches the whole field, as the baseline does.
2. The field of every placement in long self-play records (``bench/rengi_selfplay.py``, fixed
   seeds, four rule variants), as kifu's rules hand it to the resolver: kifu searches from the
   stones just placed (what its rules do), the baseline the whole field.
3. kifu alone: ``kifu.run.validate.check_text`` on the same records (parse and replay with the full
   rules, timed together), texts in memory.

Each side resolves fresh copies of the fields, made before its timer starts; one process,
warmed up, CPU time, best of ``--rounds`` with the sides taking turns.  Verdicts: for every
field both resolvers clear the same number of stones in every link and leave the same field;
kifu finds every record legal.
"""
from __future__ import annotations

import sys
from collections import deque
from pathlib import Path

if __name__ == "__main__" and not __package__:  # run as a script: the repository root, not bench/
    sys.path[0] = str(Path(__file__).resolve().parents[1])

from bench.common import (
    BASELINE,
    FULL_ROUNDS,
    Other,
    Row,
    kifu_legal,
    note,
    require,
    same_verdicts,
    sized,
    standalone,
    take_turns,
    take_turns_on,
)
from bench.rengi_selfplay import self_play
from kifu.builtin.rengi import GAME, bitboard
from kifu.builtin.rengi.bitboard import FULL, resolve
from kifu.plugin import driver

SIZES = {"quick": {"games": 4, "moves": 150, "copies": 50, "rounds": 1},
         "full": {"games": 24, "moves": 300, "copies": 400, "rounds": FULL_ROUNDS}}
BASELINE_NAME = "`flood_fill_resolve` in `bench/rengi.py` (grid, breadth-first flood fill)"
VARIANTS = ["Variant: 白連棋", "Variant: 天連棋\nSeed: {seed}",
            "Variant: 公連棋\nTsumoMethod: shuffle\nSeed: {seed}", "Variant: 白連棋 簡易"]
Grid = list[list[str]]
#: A resolution's verdict: the stones cleared in each link, and the field left, top row first.
Verdict = tuple[tuple[int, ...], tuple[str, ...]]

NINETEEN = [
    ".G.BRG", "GBRRYR", "RRYYBY", "RGYRBR", "YGYRBY", "YGBGYR", "GRBGYR", "BRBYBY", "RYYBYY",
    "BRBYBR", "BGBYRR", "YGBGBG", "RBGBGG",
]
WIDTH, HEIGHT, CONNECT = 6, 13, 12


def flood_fill_resolve(grid: list[list[str]]) -> list[int]:
    """The baseline: resolve ``grid[row][column]`` (row 0 at the bottom) in place; returns the
    colour stones cleared per link."""
    links: list[int] = []
    while True:
        seen = [[False] * WIDTH for _ in range(CONNECT)]
        cleared: list[tuple[int, int]] = []
        for row in range(CONNECT):
            for column in range(WIDTH):
                colour = grid[row][column]
                if seen[row][column] or colour in ".j":
                    continue
                group = [(row, column)]
                seen[row][column] = True
                queue = deque(group)
                while queue:
                    r, c = queue.popleft()
                    for nr, nc in ((r + 1, c), (r - 1, c), (r, c + 1), (r, c - 1)):
                        if 0 <= nr < CONNECT and 0 <= nc < WIDTH and not seen[nr][nc] \
                                and grid[nr][nc] == colour:
                            seen[nr][nc] = True
                            group.append((nr, nc))
                            queue.append((nr, nc))
                if len(group) >= 4:
                    cleared.extend(group)
        if not cleared:
            return links
        for r, c in cleared:
            for nr, nc in ((r + 1, c), (r - 1, c), (r, c + 1), (r, c - 1)):
                if 0 <= nr < CONNECT and 0 <= nc < WIDTH and grid[nr][nc] == "j":
                    grid[nr][nc] = "."
            grid[r][c] = "."
        for c in range(WIDTH):
            stack = [grid[r][c] for r in range(HEIGHT) if grid[r][c] != "."]
            for r in range(HEIGHT):
                grid[r][c] = stack[r] if r < len(stack) else "."
        links.append(len(cleared))


def grid_of(rows: list[str]) -> Grid:
    """The baseline's grid (row 0 at the bottom) of a field written top row first."""
    return [list(row) for row in reversed(rows)]


def rows_of(grid: Grid) -> tuple[str, ...]:
    return tuple("".join(row) for row in reversed(grid))


def compare_resolvers(what: str, fields: list[tuple[list[int], int]], inputs: str,
                      rounds: int) -> Row:
    """Both resolvers on fresh copies of ``fields`` (field, seeds), made before the timer starts;
    the row, once their verdicts agree."""
    grids = [grid_of(bitboard.to_rows(field)) for field, _ in fields]
    seeds = [seeds for _, seeds in fields]

    def kifu_fields() -> list[list[int]]:
        return [list(field) for field, _ in fields]

    def baseline_grids() -> list[Grid]:
        return [[row[:] for row in grid] for grid in grids]

    def kifu_side(boards: list[list[int]]) -> tuple[list, list[list[int]]]:
        return [resolve(b, s) for b, s in zip(boards, seeds)], boards

    def baseline_side(work: list[Grid]) -> tuple[list, list[Grid]]:
        return [flood_fill_resolve(grid) for grid in work], work

    (ours, (our_links, boards)), (theirs, (their_links, work)) = take_turns_on(
        [kifu_fields, baseline_grids], [kifu_side, baseline_side], rounds,
        [lambda: kifu_side(kifu_fields()), lambda: baseline_side(baseline_grids())])
    our_verdicts = [(tuple(link.stones for link in chain), tuple(bitboard.to_rows(b)))
                    for chain, b in zip(our_links, boards)]
    their_verdicts = [(tuple(chain), rows_of(grid)) for chain, grid in zip(their_links, work)]
    names = [f"field {index}" for index in range(len(fields))]
    agree = same_verdicts("chains (stones per link, field left)", names, our_verdicts,
                          their_verdicts, "the baseline")
    return Row("Rengi", what, inputs, "fields/s", len(fields) / ours,
               Other(BASELINE_NAME, BASELINE, len(fields) / theirs), agree)


def nineteen_chain(copies: int, rounds: int) -> Row:
    rows = [row.translate(str.maketrans("RGBY", "abcd")) for row in NINETEEN]
    field = bitboard.from_rows(rows)
    return compare_resolvers(
        "resolve a chain to the end (find groups, clear them with the garbage next to them, let "
        "stones fall, again); kifu searches the whole field, as the baseline; one process",
        [(field, FULL)] * copies,
        f"the 19-chain field (19 links of 4 stones; puyoai's test field), {copies:,} copies",
        rounds)


def capture_placements(records: list) -> list[tuple[list[int], int]]:
    """The field (and the stones just placed) of every placement in ``records``, as the rules
    hand them to the resolver."""
    from kifu.builtin.rengi.rules import referee as rules

    seen: list[tuple[list[int], int]] = []
    original = rules.resolve

    def capture(boards, seeds, frames=None):
        seen.append((list(boards), seeds))
        return original(boards, seeds, frames)

    rules.resolve = capture
    try:
        for record in records:
            for _step in driver.replay(GAME, record):
                pass
    finally:
        rules.resolve = original
    return seen


def measure(games: int, moves: int, copies: int, rounds: int) -> list[Row]:
    rows = [nineteen_chain(copies, rounds)]
    texts = [self_play(VARIANTS[seed % len(VARIANTS)].format(seed=seed + 1), seed=seed + 1,
                       moves=moves) for seed in range(games)]
    names = [f"selfplay{index:02d}.rengi" for index in range(games)]
    records = [GAME.parse(text, name) for text, name in zip(texts, names)]
    written = sum(len(record.moves) for record in records)
    fields = capture_placements(records)
    chains = sum(1 for field, seeds in fields if resolve(list(field), seeds))
    note(f"rengi: {games} self-play records, {written} moves, {len(fields)} placements "
         f"({chains} fire a chain); {rounds} round(s)")
    inputs = (f"{games} self-play records ({written:,} moves, 4 rule variants; "
              f"{len(fields):,} placements, {chains} of them fire a chain)")
    rows.append(compare_resolvers(
        "resolve the field after each placement (kifu from the stones just placed, as its rules "
        "do; the baseline searches the whole field); one process", fields,
        f"the field of every placement in {inputs}", rounds))

    [(seconds, legal)] = take_turns([lambda: kifu_legal(texts, names)], rounds,
                                    [lambda: kifu_legal(texts[:1], names[:1])])
    require(all(legal), "rengi: kifu found a self-play record illegal")
    rows.append(Row("Rengi", "parse + replay with the full rules (validation as `kifu validate` "
                    "does it per file); one process, warmed up, texts in memory",
                    f"the same {inputs}, as texts", "moves/s", written / seconds,
                    verdicts="all legal"))
    return rows


run = sized(measure, SIZES)


if __name__ == "__main__":
    standalone(measure, SIZES, __doc__)
