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
  goal: the one process that writes the index is what does not divide); and, since a
  wall clock on a shared machine says little, the CPU time of a ``-j 2`` run split between
  the process that writes the index and its two workers (with the processes it forks at
  the end of the run), from which the most two processes can give over one follows
  whatever the load (neither the writer's time nor half the whole can be beaten), the
  "before" checkout's split taken in the same rounds, in turn;
- the machine's own bound for two processes on this work: two ``kifu index -j 1`` run side
  by side, each of half the files into an index of its own (nothing shared, nothing to
  merge), on the wall clock, against which ``-j 2`` is held (two processes at once each run
  slower than one alone on this machine: caches and memory shared);
- ``bench/go_yardstick.c`` (plain C, written here) reading and replaying the same Go files, as
  the floor of the work: no hashing, no index;
- with ``KIFU_CORPUS`` set (the shared corpus), ``kifu index -j 1`` of its ``sgf-real``
  folder, Go files other programs wrote, compiled against pure Python, and how many of the
  files the compiled core traced (the rest Python reads): real files, beside generated ones.

With ``KIFU_BENCH_BEFORE`` set to another checkout of kifu (its compiled cores built in
place: ``python setup.py build_ext --inplace``), each ``kifu index`` is also run from there in
the same rounds, as "before" (main before a change, say), and its index compared with this
one's whole.

Verdicts: the two indexes hold the same rows (SQLite's dump of each, compared whole), and the
yardstick replays every move of every file with none illegal.
"""
from __future__ import annotations

import compileall
import os
import random
import re
import shlex
import shutil
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
#: The environment variable naming another checkout to run as "before".
BEFORE = "KIFU_BENCH_BEFORE"


def _dump(index: Path) -> list[str]:
    """An index's rows as SQL, but for what is written in more than one way and read the
    same: the occupancy rows' bitmaps are given decoded (kifu has compressed them at more
    than one level and strategy), without the checksums of their bytes."""
    from kifu.corpus import occupancy

    connection = sqlite3.connect(index)
    try:
        lines = [line for line in connection.iterdump()
                 if not line.startswith(('INSERT INTO "occupancy"',
                                         """INSERT INTO "tally" VALUES('occupancy"""))]
        for grid, point, content, games, _ in connection.execute(
                "SELECT * FROM occupancy ORDER BY grid, point, content"):
            bitmaps = occupancy.Bitmaps(games)
            spans = [bitmaps.span(at) for at in range(occupancy.SPANS)]
            lines.append(f"occupancy {grid} {point} {content} {spans} {bitmaps.union}")
        lines += [f"tally {name} {rows}" for name, rows in connection.execute(
            "SELECT name, rows FROM tally WHERE name LIKE 'occupancy %' ORDER BY name")]
        return lines
    finally:
        connection.close()


def _wall(commands: list[list[str]], rounds: int) -> list[float]:
    """The best wall-clock time of each of ``commands`` over ``rounds`` runs, taking turns."""
    best = [float("inf")] * len(commands)
    for _ in range(rounds):
        for at, command in enumerate(commands):
            started = time.perf_counter()
            subprocess.run(command, capture_output=True, check=True, cwd=ROOT)
            best[at] = min(best[at], time.perf_counter() - started)
    return best


#: ``kifu ARGS`` run in this process, then the CPU time of this process (the one that writes
#: the index) and of its workers, on the last line of standard error.
_SPLIT = ("import resource, runpy, sys\n"
          "sys.argv = ['kifu', *sys.argv[1:]]\n"
          "try:\n"
          "    runpy.run_module('kifu', run_name='__main__', alter_sys=True)\n"
          "except SystemExit:\n"
          "    pass\n"
          "own = resource.getrusage(resource.RUSAGE_SELF)\n"
          "workers = resource.getrusage(resource.RUSAGE_CHILDREN)\n"
          "print(own.ru_utime + own.ru_stime, workers.ru_utime + workers.ru_stime, "
          "file=sys.stderr)\n")


def _side_by_side(commands: list[list[str]], rounds: int) -> float:
    """The best wall-clock time, over ``rounds`` runs, of ``commands`` run all at once."""
    best = float("inf")
    for _ in range(rounds):
        started = time.perf_counter()
        running = [subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE,
                                    cwd=ROOT) for command in commands]
        said = [process.communicate()[1] for process in running]
        best = min(best, time.perf_counter() - started)
        require(all(process.returncode == 0 for process in running),
                f"side by side: kifu index said {b''.join(said)[-300:]!r}")
    return best


def _split(commands: list[list[str]], rounds: int) -> list[tuple[float, float]]:
    """The CPU time of the process that writes the index and of its workers (and of the
    processes it forks at the end), in the round where the writer took least: each of
    ``commands`` is a ``kifu index`` command line, run in turn each round."""
    best = [(float("inf"), 0.0)] * len(commands)
    for _ in range(rounds):
        for number, command in enumerate(commands):
            at = command.index("-m")
            split = [*command[:at], "-c", _SPLIT, *command[at + 2:]]
            done = subprocess.run(split, capture_output=True, text=True, check=True, cwd=ROOT)
            writer, workers = (float(part)
                               for part in done.stderr.strip().splitlines()[-1].split())
            best[number] = min(best[number], (writer, workers))
    return best


def _before() -> Path | None:
    """The checkout named by ``KIFU_BENCH_BEFORE``, its modules compiled to bytecode."""
    named = os.environ.get(BEFORE)
    if not named:
        return None
    folder = Path(named).resolve()
    require((folder / "kifu" / "__init__.py").exists(), f"{BEFORE}: no kifu in {folder}")
    compileall.compile_dir(folder / "kifu", quiet=1)
    return folder


def _both_ways(name: str, folder: Path, root: Path, games: int, inputs: str, rounds: int,
               extra: list[list[str]]) -> tuple[list[Row], list[tuple[float, Any]]]:
    """``kifu index`` of ``folder`` compiled and in pure Python (the same rows), and with
    ``-j 2`` against ``-j 1``; the rows, and the runs of the ``extra`` commands timed with
    them."""
    from kifu.base.native import PURE_PYTHON

    before = _before()

    def index(base: str, jobs: int = 1, pure: bool = False, old: bool = False,
              paths: list[str] | None = None) -> list[str]:
        where = ["env", "-C", str(before), f"PYTHONPATH={before}"] if old else ["env"]
        return [*where, *([f"{PURE_PYTHON}=1"] if pure else []), sys.executable, "-m", "kifu",
                "index", *(paths or [str(folder)]), "-o", str(root / f"{base}.db"), "-j",
                str(jobs), "-q", "--rebuild"]

    root.mkdir(parents=True, exist_ok=True)
    olds = [index("old", old=True), index("old-pure", pure=True, old=True)] if before else []
    runs = best_process([index("compiled"), index("pure", pure=True), *olds, *extra], rounds)
    (compiled, done), (pure, pure_done) = runs[:2]
    require(all(run.returncode == 0 for _, run in runs[:2 + len(olds)]),
            f"{name} index: kifu index said {done.stderr[-300:]}{pure_done.stderr[-300:]}")
    require(_dump(root / "compiled.db") == _dump(root / "pure.db"),
            f"{name} index: the compiled core's index differs from pure Python's")
    walls = [index("one"), index("two", jobs=2)]
    if before:
        require(_dump(root / "compiled.db") == _dump(root / "old.db"),
                f"{name} index: the index differs from the one made before")
        walls += [index("old-one", old=True), index("old-two", jobs=2, old=True)]
    one, two, *old_walls = _wall(walls, rounds)
    files = sorted(str(path) for path in folder.rglob("*") if path.is_file())
    side_by_side = _side_by_side([index(f"half-{at}", paths=files[at::2]) for at in (0, 1)],
                                 rounds)
    (writer, workers), *old_split = _split(
        [index("split", jobs=2), *([index("old-split", jobs=2, old=True)] if before else [])],
        rounds)
    bound = compiled / max(writer, (writer + workers) / 2)
    note(f"{name} index: -j 1 compiled {compiled:.3f} s, pure {pure:.3f} s (CPU); wall -j 1 "
         f"{one:.3f} s, -j 2 {two:.3f} s, two -j 1 of half the files side by side "
         f"{side_by_side:.3f} s; -j 2 CPU: writer {writer:.3f} s, workers "
         f"{workers:.3f} s, so -j 2 is at most {bound:.2f}x -j 1; load average "
         f"{os.getloadavg()[0]:.1f}")
    rows = [Row(name, WORK, inputs, "games/s", games / compiled,
                Other("the same, pure Python (`KIFU_PURE_PYTHON=1`)", BASELINE, games / pure),
                "the same index, row for row"),
            Row(name, "`kifu index -j 2`, wall clock, compiled core", inputs, "games/s",
                games / two, Other("the same with `-j 1`", BASELINE, games / one),
                "the same index, row for row"),
            Row(name, "`kifu index -j 2`, wall clock, compiled core", inputs, "games/s",
                games / two, Other("two `kifu index -j 1` side by side, each of half the files "
                                   "into an index of its own: what this machine gives two "
                                   "processes", BASELINE, games / side_by_side),
                "the same index, row for row"),
            Row(name, "`kifu index -j 2`, the most it can give: `-j 1`'s CPU time over the "
                "larger of the writing process's and half the whole's, compiled core", inputs,
                "games/s", games * bound / compiled,
                Other("`-j 1`, CPU time", BASELINE, games / compiled), "-")]
    if before:
        (old, _), (old_pure, _) = runs[2:4]
        old_writer, old_workers = old_split[0]
        old_bound = old / max(old_writer, (old_writer + old_workers) / 2)
        note(f"{name} index before: -j 1 compiled {old:.3f} s, pure {old_pure:.3f} s (CPU); "
             f"wall -j 1 {old_walls[0]:.3f} s, -j 2 {old_walls[1]:.3f} s; -j 2 CPU: writer "
             f"{old_writer:.3f} s, workers {old_workers:.3f} s, so -j 2 is at most "
             f"{old_bound:.2f}x -j 1")
        rows += [Row(name, WORK, inputs, "games/s", games / compiled,
                     Other("the same, before (`KIFU_BENCH_BEFORE`)", BASELINE, games / old),
                     "the same index, row for row"),
                 Row(name, "the same, pure Python", inputs, "games/s", games / pure,
                     Other("the same, before", BASELINE, games / old_pure),
                     "the same index, row for row"),
                 Row(name, "`kifu index -j 2`, wall clock, compiled core", inputs, "games/s",
                     games / two, Other("the same, before", BASELINE, games / old_walls[1]),
                     "the same index, row for row"),
                 Row(name, "`kifu index -j 2`, the most it can give (as above), compiled core",
                     inputs, "games/s", games * bound / compiled,
                     Other("the same, before", BASELINE, games * old_bound / old), "-"),
                 Row(name, "`kifu index -j 2` over `-j 1`, wall clock, before", inputs,
                     "games/s", games / old_walls[1],
                     Other("the same with `-j 1`", BASELINE, games / old_walls[0]),
                     "the same index, row for row")]
    rows += _update(name, folder, root, games, inputs, rounds, index, before is not None)
    return rows, runs[2 + len(olds):]


def _update(name: str, folder: Path, root: Path, games: int, inputs: str, rounds: int,
            index: Any, before: bool) -> list[Row]:
    """``kifu index`` adding the second half of ``folder``'s files to an index of the first
    half (an update: each round from a copy of that index), CPU time, compiled core (and
    before), against a first run of the same files; the two indexes hold the same rows."""
    files = sorted(path for path in folder.rglob("*") if path.is_file())
    halves = [root / "first-half", root / "second-half"]
    for half, part in zip(halves, (files[:len(files) // 2], files[len(files) // 2:])):
        for path in part:
            (half / path.relative_to(folder)).parent.mkdir(parents=True, exist_ok=True)
            shutil.copy(path, half / path.relative_to(folder))
    added = len(files) - len(files) // 2

    def of(base: str, paths: list[Path], old: bool = False, rebuild: bool = True) -> list[str]:
        """``index``'s command line for ``paths`` rather than ``folder``."""
        command = index(base, old=old)
        at = command.index(str(folder))
        command[at:at + 1] = [str(path) for path in paths]
        return command if rebuild else [part for part in command if part != "--rebuild"]

    def update(base: str, old: bool = False) -> list[str]:
        """The update of a copy of the first half's index (made now), as one command."""
        done = subprocess.run(of(f"{base}-start", halves[:1], old), capture_output=True,
                              text=True, cwd=ROOT)
        require(done.returncode == 0, f"{name} update: kifu index said {done.stderr[-300:]}")
        copy = f"cp {root / (base + '-start.db')} {root / (base + '.db')}"
        return ["sh", "-c", f"{copy} && exec {shlex.join(of(base, halves, old, False))}"]

    commands = [update("update"), of("whole", halves),
                *([update("old-update", old=True)] if before else [])]
    runs = best_process(commands, rounds)
    require(all(done.returncode == 0 for _, done in runs),
            f"{name} update: kifu index said {runs[0][1].stderr[-300:]}")
    require(_dump(root / "update.db") == _dump(root / "whole.db"),
            f"{name} update: the index updated differs from the one made in one run")
    (seconds, _), (whole, _), *old = runs
    note(f"{name} update: {added} games added to {len(files) - added}, {seconds:.3f} s (CPU)"
         + (f", before {old[0][0]:.3f} s" if old else "") + f"; a first run of all {whole:.3f} s")
    work = (f"`kifu index` adding {added:,} games to an index of {len(files) - added:,} (an "
            "update), whole process, compiled core")
    rows = [Row(name, work, inputs, "games/s", added / seconds,
                Other("a first run of all of them (`--rebuild`), per game", BASELINE,
                      len(files) / whole), "the same index, row for row")]
    if old:
        rows.append(Row(name, work, inputs, "games/s", added / seconds,
                        Other("the same, before (`KIFU_BENCH_BEFORE`)", BASELINE,
                              added / old[0][0]), "-"))
    return rows


WORK = "`kifu index DIR -o INDEX -j 1`, whole process, start-up included, compiled core"


def _real_files(root: Path, rounds: int) -> list[Row]:
    """With ``KIFU_CORPUS``: ``kifu index`` of its ``sgf-real`` folder (Go files other
    programs wrote: GNU Go's regressions, KGS, Fox, engines' games), CPU time, compiled core
    against pure Python (the same index), and how many of the files the compiled core traces
    (the rest, Python reads and replays as it always has)."""
    from kifu.base.native import PURE_PYTHON
    from kifu.builtin.freego import native
    from kifu.plugin import KifuError
    from kifu.run.validate import read_record_file

    corpus = os.environ.get("KIFU_CORPUS")
    folder = Path(corpus) / "sgf-real" if corpus else None
    if folder is None or not folder.is_dir():
        note("go index: KIFU_CORPUS names no folder holding sgf-real: real files not measured")
        return []
    root.mkdir(parents=True, exist_ok=True)
    files = sorted(folder.rglob("*.sgf"))
    traced = 0
    for path in files:
        try:
            source = read_record_file(str(path))
        except (OSError, KifuError):
            continue
        traced += source is not None and native.trace(source.text, str(path)) is not None
    commands = [["env", *([f"{PURE_PYTHON}=1"] if pure else []), sys.executable, "-m", "kifu",
                 "index", str(folder), "-o", str(root / f"real-{name}.db"), "-j", "1", "-q",
                 "--rebuild"] for name, pure in (("compiled", False), ("pure", True))]
    (compiled, done), (pure, pure_done) = best_process(commands, rounds)
    require(done.returncode == pure_done.returncode == 0,
            f"real files: kifu index said {done.stderr[-300:]}{pure_done.stderr[-300:]}")
    require(_dump(root / "real-compiled.db") == _dump(root / "real-pure.db"),
            "real files: the compiled core's index differs from pure Python's")
    connection = sqlite3.connect(root / "real-compiled.db")
    try:
        (records,) = connection.execute("SELECT COUNT(*) FROM game").fetchone()
    finally:
        connection.close()
    note(f"go index: sgf-real, {len(files)} files, {records} records, {traced} files traced by "
         f"the compiled core; -j 1 compiled {compiled:.3f} s, pure {pure:.3f} s (CPU)")
    inputs = (f"the shared corpus's `sgf-real`: {len(files):,} Go files other programs wrote "
              f"({records:,} records; the compiled core traced {traced:,} files)")
    return [Row("Go (SGF)", WORK, inputs, "games/s", records / compiled,
                Other("the same, pure Python (`KIFU_PURE_PYTHON=1`)", BASELINE, records / pure),
                "the same index, row for row")]


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
    rows += _real_files(root / "real", rounds)
    return rows


run = sized(measure, SIZES)


if __name__ == "__main__":
    standalone(measure, SIZES, __doc__)
