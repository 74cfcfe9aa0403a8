"""Rengi benchmark: kifu's bitboard chain resolver against a plain flood fill, and replay speed.

Run by hand (never timed in a test):

    python bench/rengi.py            # the 19-chain, then long self-play records
    python bench/rengi.py --games 5  # fewer records

1. A 19-chain field (puyoai's test field; it resolves in 19 links of 4): the time kifu takes to
   resolve it, against the baseline below, and the ratio.
2. Long records made by self-play (``bench/rengi_selfplay.py``, fixed seeds): the time to replay
   them move by move with the full rules, and the time both resolvers take on the field of every
   placement in them.

The baseline is what one writes first: a grid of cells, a breadth-first flood fill from every
cell for every link, garbage next to each cleared stone, gravity by rebuilding each column.
"""
from __future__ import annotations

import argparse
import statistics
import sys
import time
from collections import deque
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from rengi_selfplay import self_play  # noqa: E402

from kifu.games.rengi import GAME, bitboard  # noqa: E402
from kifu.games.rengi.bitboard import FULL, resolve  # noqa: E402

NINETEEN = [
    ".G.BRG", "GBRRYR", "RRYYBY", "RGYRBR", "YGYRBY", "YGBGYR", "GRBGYR", "BRBYBY", "RYYBYY",
    "BRBYBR", "BGBYRR", "YGBGBG", "RBGBGG",
]
WIDTH, HEIGHT, CONNECT = 6, 13, 12


def flood_fill_resolve(grid: list[list[str]]) -> list[int]:
    """The baseline: resolve ``grid[row][column]`` (row 0 at the bottom) in place; returns the
    colour stones cleared per link."""
    links = []
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


def grid_of(rows: list[str]) -> list[list[str]]:
    return [list(row) for row in reversed(rows)]


def best_of(function, repeat: int = 7, number: int = 200) -> float:
    """Seconds per call: the best of ``repeat`` runs of ``number`` calls."""
    times = []
    for _ in range(repeat):
        start = time.perf_counter()
        for _ in range(number):
            function()
        times.append((time.perf_counter() - start) / number)
    return min(times)


def bench_nineteen() -> None:
    rows = [row.translate(str.maketrans("RGBY", "abcd")) for row in NINETEEN]
    field = bitboard.from_rows(rows)
    assert len(resolve(list(field), FULL)) == 19
    assert len(flood_fill_resolve(grid_of(rows))) == 19
    trigger, _ = bitboard.find_groups(field, FULL)
    ours_full = best_of(lambda: resolve(list(field), FULL))
    ours_fired = best_of(lambda: resolve(list(field), trigger))
    base = best_of(lambda: flood_fill_resolve(grid_of(rows)), number=50)
    copy_cost = best_of(lambda: grid_of(rows))
    base -= copy_cost
    print("19-chain field (19 links of 4 stones)")
    print(f"  kifu bitboards, whole field searched : {ours_full * 1e6:8.1f} us")
    print(f"  kifu bitboards, from the firing group: {ours_fired * 1e6:8.1f} us")
    print(f"  baseline flood fill                  : {base * 1e6:8.1f} us")
    print(f"  ratio (baseline / kifu, whole field) : {base / ours_full:8.1f}x")


def capture_placements(records: list) -> list[tuple[list[int], int]]:
    """The field (and the stones just placed) of every placement in ``records``, as the rules
    hand them to the resolver."""
    from kifu.games.rengi import rules

    seen: list[tuple[list[int], int]] = []
    original = rules.resolve

    def capture(boards, seeds, frames=None):
        seen.append((list(boards), seeds))
        return original(boards, seeds, frames)

    rules.resolve = capture
    try:
        for record in records:
            for _step in GAME.replay(record):
                pass
    finally:
        rules.resolve = original
    return seen


def bench_records(games: int, moves: int) -> None:
    variants = ["Variant: 白連棋", "Variant: 天連棋\nSeed: {seed}",
                "Variant: 公連棋\nTsumoMethod: shuffle\nSeed: {seed}", "Variant: 白連棋 簡易"]
    texts = []
    start = time.perf_counter()
    for seed in range(games):
        headers = variants[seed % len(variants)].format(seed=seed + 1)
        texts.append(self_play(headers, seed=seed + 1, moves=moves))
    made = time.perf_counter() - start
    records = [GAME.parse(text) for text in texts]
    written = 0
    replay_times = []
    for _ in range(3):
        start = time.perf_counter()
        written = 0
        for record in records:
            for _step in GAME.replay(record):
                written += 1
        replay_times.append(time.perf_counter() - start)
    fields = capture_placements(records)
    chains = sum(1 for f, s in fields if resolve(list(f), s))
    ours = best_of(lambda: [resolve(list(f), s) for f, s in fields], repeat=3, number=1)
    grids = [grid_of(bitboard.to_rows(f)) for f, _ in fields]
    base = best_of(lambda: [flood_fill_resolve([row[:] for row in g]) for g in grids],
                   repeat=3, number=1)
    replay = min(replay_times)
    print(f"\n{len(records)} self-play records ({written} written moves, made in {made:.1f} s)")
    print(f"  replay with the full rules: {replay * 1e3:8.1f} ms "
          f"({replay / written * 1e6:.1f} us a move, median record "
          f"{statistics.median(len(r.moves) for r in records):.0f} moves)")
    print(f"  resolving all {len(fields)} placements ({chains} fire a chain):")
    print(f"    kifu bitboards     : {ours * 1e3:8.2f} ms")
    print(f"    baseline flood fill: {base * 1e3:8.2f} ms")
    print(f"    ratio              : {base / ours:8.1f}x")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=12)
    parser.add_argument("--moves", type=int, default=300)
    args = parser.parse_args()
    bench_nineteen()
    bench_records(args.games, args.moves)


if __name__ == "__main__":
    main()
