"""A renju.net (RIF) database of 100,000 games: ``kifu validate -q -j 1`` over it, and a baseline.

    python bench/rif_database.py [--games 100000] [--distinct 2000] [--seed 1] [--keep FILE]

Inputs: a database written here in the layout of renju.net's (see ``docs/formats/rif.md``),
its games made by kifu's own self-play (bench/renju_games.py), only those legal under the RIF
opening rule kept, ``--distinct`` of them cycled through ``--games`` ``<game>`` elements of
their own ids, players, tournaments and results (the result each game really has), with the
tables renju.net's has (countries, cities, months, rules, openings, players, tournaments).
No real database is used: its licence allows offline use only, and none was at hand.

Measured, as the user runs it, in a process of its own:

- kifu: ``kifu validate -q -j 1 DB`` (every game read from the stream, replayed with the full
  rules and its stated result checked), expected to find every game legal;
- the baseline, written here for the comparison (``python bench/rif_database.py --baseline
  DB``): ``xml.etree.ElementTree.parse`` of the whole file, then each game built as a kifu
  record from the tree and checked by kifu's referee (``GAME.check``): the same checks, the
  reading a first program would do, holding the whole tree.

For each: wall-clock seconds, games per second, CPU seconds, and the peak resident memory of
the process (sampled from /proc every 20 ms).  Goal: 2,000 games a second or more and 200 MB or
less for kifu.
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
from kifu.plugin import driver

PAGE = os.sysconf("SC_PAGE_SIZE")
GOAL_RATE, GOAL_MB = 2000, 200
_TABLES = """  <countries>
    <country id="1" name="Estonia" abbr="EST"/><country id="2" name="Japan" abbr="JPN"/>
    <country id="3" name="Russia" abbr="RUS"/><country id="4" name="China" abbr="CHN"/>
  </countries>
  <cities>
    <city id="1" name="Tallinn" country="1"/><city id="2" name="Tokyo" country="2"/>
    <city id="3" name="Moscow" country="3"/><city id="4" name="Beijing" country="4"/>
  </cities>
  <months>{months}</months>
  <rules><rule id="1" name="RIF"><info>RIF opening rule</info></rule></rules>
  <openings><opening id="1" name="Kagetsu" abbr="d4"/></openings>
"""


def legal_games(count: int, seed: int) -> list[tuple[str, str]]:
    """``count`` self-play games legal under ``Rule: renju, rif``: (moves, result) each."""
    from kifu.builtin.renju import GAME

    rng = random.Random(seed)
    games: list[tuple[str, str]] = []
    while len(games) < count:
        moves = " ".join(map(str, play_game(rng, blunder=0.05)))
        record = GAME.parse(f"Rule: renju, rif\n\n{moves}\n")
        problems, _ = driver.check(GAME, record)
        if problems:
            continue
        position = None
        for step in driver.replay(GAME, record):
            position = step.position
        ended = GAME.outcome(position)
        games.append((moves, "0.5" if ended is None or ended.winner is None
                      else "1" if ended.winner == "black" else "0"))
    return games


def write_database(path: Path, games: int, distinct: int, seed: int) -> None:
    made = legal_games(distinct, seed)
    rng = random.Random(seed)
    with path.open("w", encoding="utf-8") as out:
        out.write('<?xml version="1.0" encoding="UTF-8"?>\n<database>\n')
        months = "".join(f'<month id="{m}" name="M{m}"/>' for m in range(1, 13))
        out.write(_TABLES.format(months=months))
        out.write("  <players>\n")
        for number in range(1, 2001):
            out.write(f'    <player id="{number}" name="Player" surname="N{number}" '
                      f'country="{number % 4 + 1}" city="{number % 4 + 1}"/>\n')
        out.write("  </players>\n  <tournaments>\n")
        for number in range(1, 501):
            year = 1990 + number % 30
            out.write(f'    <tournament id="{number}" name="Tournament {number}" '
                      f'country="{number % 4 + 1}" city="{number % 4 + 1}" year="{year}" '
                      f'month="{number % 12 + 1}" start="{year}-{number % 12 + 1:02d}-01" '
                      f'end="" rule="1" rated="1"/>\n')
        out.write("  </tournaments>\n  <games>\n")
        for number in range(games):
            moves, result = made[number % distinct]
            black, white = rng.sample(range(1, 2001), 2)
            out.write(f'    <game id="{number + 1}" publisher="1" tournament="{number % 500 + 1}" '
                      f'round="{number % 9 + 1}" rule="1" black="{black}" white="{white}" '
                      f'bresult="{result}" btime="0" wtime="0" opening="1" alt="" swap="">\n'
                      f'      <move>{moves}</move>\n    </game>\n')
        out.write("  </games>\n</database>\n")


def baseline(path: str) -> int:
    """The baseline, written here: the whole tree with ElementTree, each game checked by kifu's
    referee.  Prints and returns how many games have problems."""
    import xml.etree.ElementTree as ET

    from kifu.base.record import Node, Record
    from kifu.builtin.renju import GAME
    from kifu.builtin.renju.moves import Place, Point

    root = ET.parse(path).getroot()
    players = {row.get("id"): f"{row.get('name')} {row.get('surname')}"
               for row in root.find("players") or ()}
    bad = 0
    for game in root.find("games") or ():
        result = {"1": "black", "0": "white", "0.5": "draw"}[game.get("bresult", "")]
        record = Record("renju", headers={"Game": "renju", "Rule": "renju, rif",
                                          "Black": players[game.get("black")],
                                          "White": players[game.get("white")],
                                          "Result": result})
        text = game.findtext("move") or ""
        record.moves = [Node(Place(Point.parse(word))) for word in text.split()]
        problems, _ = driver.check(GAME, record)
        bad += bool(problems)
    print(bad)
    return bad


def process_rss(pid: int) -> int:
    try:
        with open(f"/proc/{pid}/stat", "rb") as handle:
            return int(handle.read().rsplit(b")", 1)[1].split()[21]) * PAGE
    except OSError:
        return 0


@dataclass
class Run:
    label: str
    games: int
    seconds: float
    cpu: float
    peak: int
    status: int
    output: bytes

    def line(self) -> str:
        return (f"{self.label:<34} {self.games:>8,} games {self.seconds:>6.1f} s "
                f"{self.games / self.seconds:>7,.0f} games/s  CPU {self.cpu:>6.1f} s  "
                f"peak {self.peak / 2**20:>5.0f} MB  exit {self.status}")


def measure(label: str, command: list[str], games: int) -> Run:
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    with tempfile.TemporaryFile() as out:
        started = time.perf_counter()
        process = subprocess.Popen(command, stdout=out, stderr=subprocess.DEVNULL)
        peak = 0
        while process.poll() is None:
            peak = max(peak, process_rss(process.pid))
            time.sleep(0.02)
        seconds = time.perf_counter() - started
        out.seek(0)
        output = out.read()
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    peak = max(peak, after.ru_maxrss * 1024)  # the kernel's own peak of the largest child
    return Run(label, games, seconds, cpu, peak, process.returncode, output)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--games", type=int, default=100_000)
    parser.add_argument("--distinct", type=int, default=2000)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--keep", type=Path, help="Write the database here and keep it.")
    parser.add_argument("--baseline", metavar="DB", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.baseline:
        sys.exit(1 if baseline(args.baseline) else 0)
    with tempfile.TemporaryDirectory() as temporary:
        path = args.keep or Path(temporary) / "renjunet.rif"
        started = time.perf_counter()
        write_database(path, args.games, min(args.distinct, args.games), args.seed)
        print(f"wrote {path.name}: {args.games:,} games ({args.distinct:,} distinct), "
              f"{path.stat().st_size / 2**20:.1f} MB, in {time.perf_counter() - started:.0f} s",
              flush=True)
        kifu = measure("kifu validate -q -j 1", [sys.executable, "-m", "kifu", "validate", "-q",
                                                 "-j", "1", str(path)], args.games)
        print(kifu.line(), flush=True)
        base = measure("baseline (ElementTree + referee)",
                       [sys.executable, __file__, "--baseline", str(path)], args.games)
        print(base.line(), flush=True)
    assert kifu.status == 0 and kifu.output.strip() == b"", kifu.output[:500]
    assert base.status == 0, base.output[:500]
    rate, cpu_rate = args.games / kifu.seconds, args.games / kifu.cpu
    print(f"kifu: {rate:,.0f} games/s of wall-clock time, {cpu_rate:,.0f} games per CPU second "
          f"(goal {GOAL_RATE:,}: the wall clock of a machine with no other load), peak "
          f"{kifu.peak / 2**20:.0f} MB (goal {GOAL_MB}); against the baseline written here: "
          f"{base.seconds / kifu.seconds:.2f}x its speed ({base.cpu / kifu.cpu:.2f}x in CPU "
          f"time), {kifu.peak / base.peak:.2f}x its memory; load average {os.getloadavg()[0]:.1f} "
          f"on {os.cpu_count()} cores")


if __name__ == "__main__":
    main()
