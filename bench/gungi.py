"""Benchmark: kifu's Gungi referee beside the ``gungi`` package on PyPI (run by hand).

    pip install -e '.[bench]'        # brings the peer package ``gungi``
    python bench/gungi.py [--replays 20] [--peer-games 3] [--peer-plies 40]

Measures, for kifu: validation speed in plies per second (every example replayed many times,
set-up plies included, as ``kifu validate`` does it) and legal-move generation in positions per
second (every legal action, each checked for the own 帥's safety, in each position of the
examples' battles).  For the peer (a different, manga-based rule set, but the nearest software
doing the same kind of work on a 9x9x3 board): move generation in positions of its own random
games.  Prints both figures and their ratio.
"""
from __future__ import annotations

import argparse
import random
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from kifu.games.gungi import GAME  # noqa: E402
from kifu.games.gungi.legal import legal_actions  # noqa: E402


def examples() -> list:
    return [GAME.parse(p.read_text(encoding="utf-8"), str(p))
            for p in sorted((ROOT / "examples" / "gungi").glob("*.gungi"))]


def bench_validation(records: list, replays: int) -> tuple[int, float]:
    plies = 0
    start = time.perf_counter()
    for _ in range(replays):
        for record in records:
            for step in GAME.replay(record, lenient=True):
                plies += 1
    return plies, time.perf_counter() - start


def battle_positions(records: list) -> list:
    positions = []
    for record in records:
        for step in GAME.replay(record, lenient=True):
            pos = step.position
            if pos.phase == "battle" and pos.outcome is None:
                positions.append(GAME.copy(pos))
    return positions


def bench_movegen(positions: list) -> tuple[int, int, float]:
    moves = 0
    start = time.perf_counter()
    for pos in positions:
        moves += sum(1 for _ in legal_actions(pos, pos.to_move))
    return len(positions), moves, time.perf_counter() - start


def bench_peer(games: int, plies: int, seed: int) -> tuple[int, int, float] | None:
    here = str(Path(__file__).resolve().parent)
    sys.path[:] = [p for p in sys.path if str(Path(p or ".").resolve()) != here]
    try:
        import gungi as peer
    except ImportError:
        return None
    rng = random.Random(seed)
    positions = moves = 0
    elapsed = 0.0
    for _ in range(games):
        game = peer.Gungi(peer.BEGINNER_POSITION)
        for _ in range(plies):
            start = time.perf_counter()
            legal = game.moves(verbose=True)
            elapsed += time.perf_counter() - start
            positions += 1
            moves += len(legal)
            if not legal or game.is_game_over():
                break
            game.move(rng.choice(legal).san)
    return positions, moves, elapsed


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--replays", type=int, default=20)
    parser.add_argument("--peer-games", type=int, default=3)
    parser.add_argument("--peer-plies", type=int, default=40)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()

    records = examples()
    plies, seconds = bench_validation(records, args.replays)
    print(f"kifu validation: {plies} plies in {seconds:.2f} s = {plies / seconds:,.0f} plies/s")
    positions = battle_positions(records)
    count, moves, seconds = bench_movegen(positions)
    ours = count / seconds
    print(f"kifu legal moves: {count} positions ({moves / count:.0f} moves each) in "
          f"{seconds:.2f} s = {ours:,.1f} positions/s")
    peer = bench_peer(args.peer_games, args.peer_plies, args.seed)
    if peer is None:
        print("peer 'gungi' is not installed (pip install -e '.[bench]'); no ratio")
        return
    count, moves, seconds = peer
    theirs = count / seconds
    print(f"PyPI gungi moves: {count} positions ({moves / count:.0f} moves each) in "
          f"{seconds:.2f} s = {theirs:,.1f} positions/s")
    print(f"ratio (kifu / gungi, positions/s): {ours / theirs:.1f}x")


if __name__ == "__main__":
    main()
