"""Indexing Go and Renju with the compiled cores: ``kifu index`` compiled against pure Python (and
for Go a plain C yardstick), on the same generated files.

    python -m bench.go_index [--quick] [--games N] [--rounds N]     (or python bench/go_index.py)

Inputs: ``bench/search.py``'s Go corpus (seed 5): 19x19 games of about 200 moves as SGF files,
a few played at random and the others made from them, so that openings are shared; and its
Renju corpus (seed 5): games of about 40 moves in kifu's notation, greedy noisy self-play.
Timed, whole processes, start-up included, best of ``--rounds``:

- ``kifu index DIR -o INDEX -j 1 -q``, CPU time, with the compiled core and with
  ``KIFU_PURE_PYTHON=1``: games indexed a second per process;
- the same with ``-j 2`` against ``-j 1``, on the wall clock, compiled (near-linear is the
  goal: the one process that writes the index is what does not divide);
- ``bench/go_yardstick.c`` (plain C, written here) reading and replaying the same Go files, as
  the floor of the work: no hashing, no index.

Verdicts: the two indexes hold the same rows (SQLite's dump of each, compared whole), and the
yardstick replays every move of every file with none illegal.
"""
from __future__ import annotations

import os
import random
import re
import sqlite3
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

if __name__ == "__main__" and not __package__:  # run as a script: the repository root, not bench/
    sys.path[0] = str(Path(__file__).resolve().parents[1])

from bench.common import BASELINE, ROOT, Other, Row, best_process, note, require, sized, standalone
from bench.go_core import _yardstick
from bench.search import SEED, go_corpus, renju_corpus

SIZES = {"quick": {"games": 300, "rounds": 1}, "full": {"games": 3000, "rounds": 3}}


def _dump(index: Path) -> list[str]:
    connection = sqlite3.connect(index)
    try:
        return list(connection.iterdump())
    finally:
        connection.close()


def _wall(command: list[str], rounds: int) -> float:
    """The best wall-clock time of ``command`` over ``rounds`` runs."""
    best = float("inf")
    for _ in range(rounds):
        started = time.perf_counter()
        subprocess.run(command, capture_output=True, check=True, cwd=ROOT)
        best = min(best, time.perf_counter() - started)
    return best


def _both_ways(name: str, folder: Path, root: Path, games: int, inputs: str, rounds: int,
               extra: list[list[str]]) -> tuple[list[Row], list[tuple[float, Any]]]:
    """``kifu index`` of ``folder`` compiled and in pure Python (the same rows), and with
    ``-j 2`` against ``-j 1``; the rows, and the runs of the ``extra`` commands timed with
    them."""
    from kifu.base.native import PURE_PYTHON

    def index(base: str, jobs: int = 1, pure: bool = False) -> list[str]:
        return [*(["env", f"{PURE_PYTHON}=1"] if pure else []), sys.executable, "-m", "kifu",
                "index", str(folder), "-o", str(root / f"{base}.db"), "-j", str(jobs), "-q",
                "--rebuild"]

    root.mkdir(parents=True, exist_ok=True)
    runs = best_process([index("compiled"), index("pure", pure=True), *extra], rounds)
    (compiled, done), (pure, pure_done) = runs[:2]
    require(done.returncode == 0 and pure_done.returncode == 0,
            f"{name} index: kifu index said {done.stderr[-300:]}{pure_done.stderr[-300:]}")
    require(_dump(root / "compiled.db") == _dump(root / "pure.db"),
            f"{name} index: the compiled core's index differs from pure Python's")
    one, two = _wall(index("one"), rounds), _wall(index("two", jobs=2), rounds)
    note(f"{name} index: -j 1 compiled {compiled:.3f} s, pure {pure:.3f} s (CPU); wall -j 1 "
         f"{one:.3f} s, -j 2 {two:.3f} s; load average {os.getloadavg()[0]:.1f}")
    rows = [Row(name, WORK, inputs, "games/s", games / compiled,
                Other("the same, pure Python (`KIFU_PURE_PYTHON=1`)", BASELINE, games / pure),
                "the same index, row for row"),
            Row(name, "`kifu index -j 2`, wall clock, compiled core", inputs, "games/s",
                games / two, Other("the same with `-j 1`", BASELINE, games / one),
                "the same index, row for row")]
    return rows, runs[2:]


WORK = "`kifu index DIR -o INDEX -j 1`, whole process, start-up included, compiled core"


def measure(games: int, rounds: int) -> list[Row]:
    from kifu.base.native import built
    from kifu.builtin.freego import native
    from kifu.builtin.renju import native as renju_native

    require(built(native.MODULE) is not None and built(renju_native.MODULE) is not None,
            "go index: the compiled cores are not built")
    root = Path(tempfile.mkdtemp(prefix="kifu-bench-go-index-"))
    folder = root / "games"
    files = go_corpus(games, folder, random.Random(SEED))
    moves = sum(len(re.findall(r";[BW]\[", path.read_text(encoding="utf-8"))) for path in files)
    note(f"go index: {games} generated 19x19 games, {moves} moves; {rounds} round(s)")
    yardstick = _yardstick(root)
    inputs = f"{games:,} generated 19x19 games ({moves:,} moves), SGF files"
    rows, runs = _both_ways("Go (SGF)", folder, root / "go", games, inputs, rounds,
                            [yardstick + [str(p) for p in files]] if yardstick else [])
    if yardstick:
        seconds, said = runs[0]
        _, replayed, illegal, *_ = said.stdout.split()
        require((int(replayed), int(illegal)) == (moves, 0),
                f"go index: the yardstick disagrees: {said.stdout}")
        note(f"go index: yardstick, whole process {seconds:.3f} s (CPU)")
        rows.append(Row("Go (SGF)", WORK, inputs, "games/s", rows[0].kifu,
                        Other("`bench/go_yardstick.c` (plain C, written here: read + replay, no "
                              "hashing, no index), whole process", BASELINE, games / seconds),
                        "all legal"))
    renju_folder = root / "renju-games"
    renju_files = renju_corpus(games, renju_folder, random.Random(SEED))
    renju_moves = sum(len(re.findall(r"\b[a-z]\d+\b", path.read_text(encoding="utf-8")))
                      for path in renju_files)
    renju_inputs = f"{games:,} generated Renju games ({renju_moves:,} moves), kifu's notation"
    rows += _both_ways("Renju", renju_folder, root / "renju", games, renju_inputs, rounds, [])[0]
    return rows


run = sized(measure, SIZES)


if __name__ == "__main__":
    standalone(measure, SIZES, __doc__)
