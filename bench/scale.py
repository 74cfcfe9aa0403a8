"""Archive scale: ``kifu validate`` over 200,000 records, with one and with two processes.

    python bench/scale.py [--records 200000] [--distinct 2000] [--seed 1] [--folder DIR]

Generates Renju games by self-play (bench/renju_games.py), ``--distinct`` of them, and writes
``--records`` files cycling through them, a thousand to a folder (``DIR/0000/...``); every 50th
file gets an illegal last move, so that diagnostics are part of the work.  Then it runs the
command a user runs, ``kifu validate -q -j N DIR``, for N = 1 and 2, and for N = 1 on a tenth of
the files as well, and reports for each:

- the wall-clock time and files (records) per second, and per core (divided by N);
- the CPU time of the whole process tree (from the operating system's accounting of waited-for
  children) and files per CPU second, which other load on the machine disturbs far less than
  the wall clock;
- the peak resident memory of the whole process tree (kifu and its workers), sampled from
  /proc every 50 ms, and of its largest process;
- the exit status (1: the illegal files were found) and how many diagnostics were printed.

The tenth-size run shows whether memory grows with the number of files: it should not, as the
files are streamed from the folders and only a bounded number is in flight.  The machine's other
load shows in the times; run it on a quiet machine and read the figures as such.
"""
from __future__ import annotations

import argparse
import os
import random
import resource
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path

sys.path[0] = str(Path(__file__).resolve().parent.parent)

from bench.renju_games import play_game

PER_FOLDER = 1000
PAGE = os.sysconf("SC_PAGE_SIZE")


def write_records(folder: Path, count: int, distinct: int, seed: int) -> int:
    """Write the files; returns how many are illegal on purpose."""
    rng = random.Random(seed)
    games = []
    for _ in range(distinct):
        moves = play_game(rng, blunder=0.1)
        games.append(" ".join(map(str, moves)))
    illegal = 0
    for index in range(count):
        body = games[index % distinct]
        if index % 50 == 49:
            body += " " + body.split()[0]  # onto the centre stone: an illegal move
            illegal += 1
        target = folder / f"{index // PER_FOLDER:04d}" / f"game{index:06d}.renju"
        if index % PER_FOLDER == 0:
            target.parent.mkdir(parents=True, exist_ok=True)
        target.write_text(f"Game: renju\n\n{body}\n", encoding="utf-8")
    return illegal


def tree_rss(root: int) -> tuple[int, int]:
    """Resident bytes of ``root`` and all its descendants, and of the largest of them."""
    parents: dict[int, int] = {}
    rss: dict[int, int] = {}
    for entry in os.listdir("/proc"):
        if not entry.isdigit():
            continue
        try:
            with open(f"/proc/{entry}/stat", "rb") as handle:
                fields = handle.read().rsplit(b")", 1)[1].split()
        except OSError:
            continue
        parents[int(entry)] = int(fields[1])
        rss[int(entry)] = int(fields[21]) * PAGE
    family = {root}
    grew = True
    while grew:
        grew = False
        for pid, parent in parents.items():
            if parent in family and pid not in family:
                family.add(pid)
                grew = True
    sizes = [rss.get(pid, 0) for pid in family]
    return sum(sizes), max(sizes, default=0)


@dataclass
class Run:
    label: str
    files: int
    jobs: int
    seconds: float
    peak_total: int
    peak_process: int
    status: int
    diagnostics: int
    cpu: float

    def line(self) -> str:
        rate = self.files / self.seconds
        return (f"{self.label:<14} {self.files:>8,} files {self.seconds:>7.1f} s "
                f"{rate:>7,.0f} files/s {rate / self.jobs:>7,.0f} per core  "
                f"CPU {self.cpu:>7.1f} s {self.files / self.cpu:>7,.0f} files/CPU-s  "
                f"peak {self.peak_total / 2**20:>4.0f} MB (largest process "
                f"{self.peak_process / 2**20:.0f} MB)  exit {self.status}, "
                f"{self.diagnostics:,} diagnostics")


def measure(label: str, paths: list[Path], files: int, jobs: int) -> Run:
    command = [sys.executable, "-m", "kifu", "validate", "-q", "-j", str(jobs), *map(str, paths)]
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    with tempfile.TemporaryFile() as out:
        started = time.perf_counter()
        process = subprocess.Popen(command, stdout=out, stderr=subprocess.DEVNULL)
        peak_total = peak_process = 0
        while process.poll() is None:
            total, largest = tree_rss(process.pid)
            peak_total, peak_process = max(peak_total, total), max(peak_process, largest)
            time.sleep(0.05)
        seconds = time.perf_counter() - started
        out.seek(0)
        diagnostics = sum(b"error[" in line for line in out)
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return Run(label, files, jobs, seconds, peak_total, peak_process, process.returncode,
               diagnostics, cpu)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--records", type=int, default=200_000)
    parser.add_argument("--distinct", type=int, default=2000)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--folder", type=Path, help="Keep the records here (default: a "
                        "temporary folder, removed afterwards).")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as temporary:
        folder = args.folder or Path(temporary)
        started = time.perf_counter()
        illegal = write_records(folder, args.records, args.distinct, args.seed)
        print(f"wrote {args.records:,} records ({args.distinct:,} distinct games, {illegal:,} "
              f"illegal) in {time.perf_counter() - started:.0f} s", flush=True)
        tenth = sorted(folder.iterdir())[: max(1, len(list(folder.iterdir())) // 10)]
        tenth_files = sum(1 for sub in tenth for _ in sub.iterdir())
        runs = []
        for label, paths, files, jobs in [("-j 1, a tenth", tenth, tenth_files, 1),
                                          ("-j 1", [folder], args.records, 1),
                                          ("-j 2", [folder], args.records, 2)]:
            load = os.getloadavg()[0]
            runs.append(measure(label, paths, files, jobs))
            print(runs[-1].line() + f"  (load before: {load:.1f})", flush=True)
        assert all(run.status == 1 for run in runs), "the illegal files were not all found"
        assert runs[1].diagnostics == runs[2].diagnostics == illegal
        print(f"cores: {os.cpu_count()}; -j 2 is {runs[1].seconds / runs[2].seconds:.2f}x "
              f"as fast as -j 1; peak memory with all files / a tenth: "
              f"{runs[1].peak_total / runs[0].peak_total:.2f}")


if __name__ == "__main__":
    main()
