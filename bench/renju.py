"""Renju validation speed: kifu against the ``renju`` package (a port of Piskvork's judge).

    pip install -e '.[bench]'
    python bench/renju.py [--games 1000] [--seed 1]

Generates complete games by self-play (bench/renju_games.py), writes them as ``.renju`` files,
then in one run times

- kifu validating them (parse, full recursive forbidden-move check, result) in this process,
  and ``kifu validate`` as a command with one and with all cores;
- the ``renju`` package replaying the same games with its referee (``RenjuBoard``), reading the
  same files;

and prints moves per second of each and the ratio.  In-process timings are CPU time of this
process, so that other load on the machine disturbs the ratio as little as possible; the
commands are timed by the wall clock.  It also compares how each game ends by both
referees: the judge is an independent oracle for the forbidden moves.
"""
from __future__ import annotations

import argparse
import os
import random
import subprocess
import sys
import tempfile
import time
import tracemalloc
from pathlib import Path

# Run as a script, this file's folder comes first on the path, where "renju" would be this very
# file rather than the package it measures; the repository root takes its place.
sys.path[0] = str(Path(__file__).resolve().parent.parent)

from bench.renju_games import play_game  # noqa: E402
from kifu.validate import Options, check_files  # noqa: E402


def write_games(folder: Path, count: int, seed: int) -> int:
    """Write ``count`` games as plain coordinate lists; returns the number of moves."""
    rng = random.Random(seed)
    moves = 0
    for index in range(count):
        game = play_game(rng, blunder=0.1)
        moves += len(game)
        body = " ".join(map(str, game))
        (folder / f"game{index:05d}.renju").write_text(f"Game: renju\n\n{body}\n", encoding="utf-8")
    return moves


def time_kifu_library(paths: list[str]) -> tuple[float, int]:
    start = time.process_time()
    errors = sum(report.errors for reports in check_files(paths, Options(), jobs=1)
                 for report in reports)
    return time.process_time() - start, errors


def time_kifu_command(folder: Path, jobs: int) -> float:
    start = time.perf_counter()
    subprocess.run([sys.executable, "-m", "kifu", "validate", "-q", "-j", str(jobs), str(folder)],
                   check=False, capture_output=True)
    return time.perf_counter() - start


def time_peer(paths: list[str]) -> tuple[float, list[str]]:
    from renju.board import RenjuBoard

    endings = []
    start = time.process_time()
    for path in paths:
        text = Path(path).read_text(encoding="utf-8")
        board = RenjuBoard(pos=text.split("\n\n", 1)[1], rule="renju")
        endings.append(f"{board.status.name}:{board.reason.name}")
    return time.process_time() - start, endings


def kifu_endings(paths: list[str]) -> list[str]:
    from kifu.load import load

    names = {"five": "FIVE_IN_A_ROW", "overline": "FIVE_IN_A_ROW",
             "double three": "DOUBLE_THREE", "double four": "DOUBLE_FOUR",
             "forbidden overline": "OVERLINE"}
    endings = []
    for path in paths:
        loaded = load(path)
        *_, last = loaded.game.replay(loaded.record)
        outcome = last.position.outcome
        if outcome is None:
            endings.append("ONGOING:NORMAL")
            continue
        if outcome.winner is None:
            endings.append("DRAW:DRAW")
            continue
        kind = next(v for k, v in sorted(names.items(), key=lambda kv: -len(kv[0]))
                    if k in outcome.reason)
        endings.append(f"{outcome.winner.upper()}_WIN:{kind}")
    return endings


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=1000)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        print(f"generating {args.games} games ...", flush=True)
        moves = write_games(folder, args.games, args.seed)
        paths = sorted(str(p) for p in folder.glob("*.renju"))
        print(f"{len(paths)} games, {moves} moves (avg {moves / len(paths):.1f})\n")

        tracemalloc.start()
        kifu_seconds, errors = time_kifu_library(paths)
        _, peak = tracemalloc.get_traced_memory()
        tracemalloc.stop()
        kifu_seconds, errors = time_kifu_library(paths)  # timed without tracemalloc's cost
        peer_seconds, peer_endings = time_peer(paths)
        command_1 = time_kifu_command(folder, 1)
        command_all = time_kifu_command(folder, os.cpu_count() or 1)

        rows = [
            ("kifu (library, 1 process)", kifu_seconds),
            ("kifu validate -j 1 (command)", command_1),
            (f"kifu validate -j {os.cpu_count()} (command)", command_all),
            ("renju package RenjuBoard", peer_seconds),
        ]
        for name, seconds in rows:
            print(f"{name:34} {seconds:8.2f} s {moves / seconds:12,.0f} moves/s")
        print(f"\nratio kifu library / renju package: {peer_seconds / kifu_seconds:.1f}x faster")
        print(f"ratio kifu -j 1 command / renju package: {peer_seconds / command_1:.1f}x faster")
        print(f"kifu errors found: {errors} (expected 0)")
        print(f"peak traced memory while validating all games: {peak / 1e6:.1f} MB")

        ours = kifu_endings(paths)
        agree = sum(a == b for a, b in zip(ours, peer_endings))
        print(f"\nendings agreeing with the renju package's judge: {agree}/{len(paths)}")
        for path, a, b in zip(paths, ours, peer_endings):
            if a != b:
                print(f"  {Path(path).name}: kifu {a}, renju {b}")


if __name__ == "__main__":
    main()
