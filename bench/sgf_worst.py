"""The worst SGF inputs kifu can be given, up to its 16 MiB limit: time and peak memory.

Run by hand: ``python bench/sgf_worst.py [--mib 16] [--keep DIR]``.

Each input is written to a file and checked by ``kifu validate -q -j 1`` in a process of its
own, whose wall time and peak resident memory (``ru_maxrss`` of the child) are printed with
kifu's exit status.  The goal: every input decided (legal, or a located error, never a crash)
within a few seconds per megabyte and a few hundred megabytes.  The inputs are the shapes that
cost most per byte: one huge value, the most nodes, the most siblings, the deepest nesting of
game trees and of variations, the most values in one property, the most escapes, the most
findings, the most games in a collection, line ends only, and the longest legal game kifu can
be given with a variation at every move (a ko cycle under basic ko, up to the node limit).
"""
from __future__ import annotations

import argparse
import os
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

LETTERS = "abcdefghijklmnopqrs"


def fill(unit: str, size: int, head: str = "(;GM[1]SZ[19]", tail: str = ")") -> str:
    """``head``, then ``unit`` repeated to about ``size`` bytes, then ``tail``."""
    return head + unit * ((size - len(head) - len(tail)) // len(unit)) + tail


def one_comment(size: int) -> str:
    return fill("x", size, "(;GM[1]SZ[19]C[", "];B[pd])")


def escapes(size: int) -> str:
    return fill("\\]", size, "(;GM[1]SZ[19]C[", "];B[pd])")


def main_line(size: int) -> str:
    return fill(";B[aa];W[bb]", size)


def siblings(size: int) -> str:
    return fill("(;B[aa])", size)


def nested_trees(size: int) -> str:
    depth = (size - 20) // 9
    return "(;GM[1]SZ[19]" + "(;B[aa]" * depth + ")" * depth + ")"


def nested_variations(size: int) -> str:
    depth = (size - 20) // 15
    return "(;GM[1]SZ[19]" + "(;B[aa](;W[ss])" * depth + ")" * depth + ")"


def values(size: int) -> str:
    return fill("[aa]", size, "(;GM[1]SZ[19]AB", ";W[ss])")


def findings(size: int) -> str:
    return fill(" x", size, "(;GM[1]SZ[19]", ";B[pd])")


def games(size: int) -> str:
    return fill("(;GM[1])", size, "", "")


def line_ends(size: int) -> str:
    """Line ends between two moves, and the closing ")" missing: a finding on the last line."""
    return fill("\n", size, "(;GM[1]SZ[19];B[aa]", ";W[bb]")


def ko_cycle(size: int) -> str:
    """Two kos taken in turn (each side passing once between), legal for ever under basic ko,
    with a variation at every move: the main line nests one game tree deeper each move."""
    def point(x: int, y: int) -> str:
        return LETTERS[x] + LETTERS[y]
    black = [point(2, 3), point(3, 2), point(3, 4), point(4, 3),  # ko A, black's stone in it
             point(12, 10), point(13, 11), point(12, 12)]
    white = [point(4, 2), point(5, 3), point(4, 4),
             point(10, 11), point(11, 10), point(11, 12), point(12, 11)]  # ko B, white's stone
    head = ("(;GM[1]FF[4]SZ[19]RU[Japanese]AB" + "".join(f"[{p}]" for p in black) +
            "AW" + "".join(f"[{p}]" for p in white) + "PL[W]")
    cycle = [("W", point(3, 3)), ("B", point(11, 11)), ("W", ""), ("B", point(4, 3)),
             ("W", point(12, 11)), ("B", "")]
    count = min((size - len(head)) // 17, 240_000)  # two nodes a move, within the limits
    moves = [cycle[i % len(cycle)] for i in range(count)]
    front = "".join(f";{colour}[{value}](" for colour, value in moves[:-1])
    back = "".join(f")(;{colour}[pp])" for colour, _ in reversed(moves[1:]))  # in their turn
    colour, value = moves[-1]
    return head + front + f";{colour}[{value}]" + back + ")"


INPUTS: dict[str, Callable[[int], str]] = {
    "one comment of the whole size": one_comment,
    "escapes only (\\]\\]...)": escapes,
    "a main line of one-move nodes": main_line,
    "sibling variations (;B[aa])(;B[aa])...": siblings,
    "game trees nested in game trees": nested_trees,
    "variations nested in variations": nested_variations,
    "one property with every value": values,
    "junk inside a node (a finding each)": findings,
    "a collection of empty games": games,
    "line ends only": line_ends,
    "a ko cycle, a variation at every move": ko_cycle,
}


#: Runs ``kifu validate`` in the child and prints its own peak memory (ru_maxrss, KiB).
_CHILD = """
import resource, runpy, sys
sys.argv = ["kifu", "validate", "-q", "-j", "1", sys.argv[1]]
try:
    runpy.run_module("kifu", run_name="__main__")
    status = 0
except SystemExit as done:
    status = done.code if isinstance(done.code, int) else 1
print(resource.getrusage(resource.RUSAGE_SELF).ru_maxrss, status, file=sys.stderr)
"""


def run(path: Path) -> tuple[float, float, int]:
    """Wall seconds, peak MiB and exit status of ``kifu validate`` on ``path``."""
    start = time.perf_counter()
    done = subprocess.run([sys.executable, "-c", _CHILD, str(path)], capture_output=True,
                          text=True)
    seconds = time.perf_counter() - start
    peak, status = done.stderr.split()[-2:]
    return seconds, int(peak) / 1024, int(status)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--mib", type=float, default=16.0, help="size of each input (MiB)")
    parser.add_argument("--keep", type=Path, help="keep the inputs in this folder")
    args = parser.parse_args()
    size = int(args.mib * 1024 * 1024) - 64
    folder = args.keep or Path(tempfile.mkdtemp(prefix="kifu-worst-"))
    folder.mkdir(parents=True, exist_ok=True)
    print(f"{'input':42} {'MiB':>6} {'seconds':>8} {'s/MiB':>6} {'peak MiB':>9} exit")
    for number, (name, make) in enumerate(INPUTS.items()):
        path = folder / f"worst{number}.sgf"
        path.write_text(make(size), encoding="utf-8")
        mib = path.stat().st_size / 1024 / 1024
        seconds, peak, status = run(path)
        print(f"{name:42} {mib:6.1f} {seconds:8.2f} {seconds / mib:6.2f} {peak:9.0f} {status:4}",
              flush=True)
        if args.keep is None:
            os.unlink(path)


if __name__ == "__main__":
    main()
