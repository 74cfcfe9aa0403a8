"""The viewer's page of a large RenLib library: written in how long (run by hand).

    python bench/viewer_library.py [--nodes 39884] [--rounds 3] [--kifu PATH] [--write DIR]

The largest real RenLib library reported to kifu holds 39,884 nodes; its page took 11 minutes.
This library is generated, as large, and legal in every line: a tree of Renju moves grown by
random lines of 4 to 20 moves from random nodes already in it (each move played through kifu's
referee, none a foul, none ending the game), with a comment on every 17th node, written as
RenLib writes a library (``kifu.builtin.renju.archives.renlib``).  It is validated first; then
``kifu render --format html`` writes its page as a whole process (the worktree's kifu, or the
checkout ``--kifu`` names, to measure another version against the same file): wall-clock and CPU
seconds (median of ``--rounds``), the page's size, and the load of the machine.
"""
from __future__ import annotations

import argparse
import os
import random
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from kifu.base.errors import KifuError
from kifu.base.record import Node, Record
from kifu.builtin.renju import GAME
from kifu.builtin.renju.archives import renlib
from kifu.builtin.renju.moves import Move, Place, Point


class _Tree:
    """A node of the library as it is grown: its move, the node before it, the moves after."""

    __slots__ = ("move", "parent", "children")

    def __init__(self, move: Move | None, parent: _Tree | None) -> None:
        self.move, self.parent = move, parent
        self.children: list[_Tree] = []


def library(nodes: int, seed: int = 11) -> Record:
    """A Renju record of ``nodes`` moves in a tree, every line legal."""
    rng = random.Random(seed)
    record = Record(game="renju", headers={"Game": "renju"})
    root = _Tree(None, None)
    grown = [root]
    while len(grown) - 1 < nodes:
        at = rng.choice(grown)
        path, node = [], at
        while node.move is not None and node.parent is not None:
            path.append(node.move)
            node = node.parent
        position = GAME.start(record)
        for move in reversed(path):
            GAME.play(position, move)
        for _ in range(rng.randint(4, 20)):
            if len(grown) - 1 >= nodes:
                break
            played = _a_move(position, {child.move for child in at.children}, rng)
            if played is None:
                break
            move, position = played
            child = _Tree(move, at)
            at.children.append(child)
            grown.append(child)
            at = child
    # kifu's lines: a node's first child continues its line, the others are its variations
    pending: list[tuple[list[_Tree], list[Node]]] = [(root.children, record.moves)]
    count = 0
    while pending:
        siblings, line = pending.pop()
        while siblings:
            first = siblings[0]
            written: Node = Node(first.move)
            count += 1
            if count % 17 == 0:
                written.comments.append(f"note {count}: a line worth a look")
            line.append(written)
            for other in siblings[1:]:
                variation: list[Node] = []
                written.variations.append(variation)
                pending.append(([other], variation))
            siblings = first.children
    return record


def _a_move(position: object, taken: set[Move | None], rng: random.Random
            ) -> tuple[Move, object] | None:
    """A random legal move near the centre that fouls nothing and ends nothing, and the
    position after it; ``None`` if forty tries find none."""
    for _ in range(40):
        move = Place(Point(rng.randint(2, 12), rng.randint(2, 12)))
        if move in taken:
            continue
        trial = GAME.copy(position)
        try:
            played = GAME.play(trial, move)
        except KifuError:
            continue
        if not played.warnings and GAME.outcome(trial) is None:
            return move, trial
    return None


def kifu(checkout: Path, *args: str) -> tuple[float, float]:
    """Wall-clock and CPU seconds of ``kifu ARGS`` run from ``checkout``."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    # run in the checkout: ``-m`` puts the current folder first on the path
    done = subprocess.run([sys.executable, "-m", "kifu", *args], capture_output=True, text=True,
                          check=False, cwd=checkout, env={**os.environ, "PYTHONPATH": str(checkout)})
    wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    if done.returncode != 0:
        raise SystemExit(f"kifu {' '.join(args)} failed:\n{done.stderr}")
    return wall, (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--nodes", type=int, default=39_884)
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--kifu", type=Path, default=ROOT, help="the checkout to measure")
    parser.add_argument("--write", type=Path, help="keep the library and its page here")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as scratch:
        out = (args.write or Path(scratch)).resolve()
        out.mkdir(parents=True, exist_ok=True)
        path = out / f"library-{args.nodes}.lib"
        path.write_bytes(renlib.write(library(args.nodes)).encode("latin-1"))
        kifu(args.kifu, "validate", "-q", str(path))
        page = out / (path.stem + ".html")
        times = [kifu(args.kifu, "render", str(path), "--format", "html", "-o", str(page))
                 for _ in range(args.rounds)]
        load = os.getloadavg()[0]
        print(f"RenLib library of {args.nodes:,} nodes ({path.stat().st_size / 1024:.0f} KB): "
              f"page {page.stat().st_size / 2**20:.1f} MB written in "
              f"{statistics.median(t[0] for t in times):.1f} s "
              f"({statistics.median(t[1] for t in times):.1f} s of CPU), median of "
              f"{args.rounds}; load {load:.1f} on {os.cpu_count()} cores")


if __name__ == "__main__":
    main()
