"""Corner patterns over a generated Go index, through ``kifu serve``'s API and in one process.

    python bench/serve_patterns.py [--quick] [--games N] [--patterns N]

Inputs: the games and the index of ``bench/serve.py`` (``KIFU_BENCH_SERVE_FOLDER=DIR`` keeps
them in DIR and uses them again); ``--patterns`` corner patterns, each 6x6 points of a corner
of a random record at move 40 (stones and empty points, as ``bench/search.py`` takes them),
searched in every corner, both ways round and with the colours swapped.  Measured, for each:
the wall clock of ``/api/search`` on ``kifu serve`` (one worker; its time limit included),
its first page of 50 records, and in this process the wall clock and CPU time of what the API
does for it (the records found counted, the first page sorted and answered:
:mod:`kifu.corpus.pages`) with the index opened for it (as a server thread opens it for its
first question: nothing checked yet), which must find as many records as the API, the search
complete.  Printed: the 95th percentile, the median and the slowest of each, how many records
were found and how many searches stopped at the server's limit.  Then ``--anywhere`` patterns
of 4x4 points around a record's middle stone at move 40, anywhere on the board, in this
process: the CPU time and wall clock of their count and first page.
"""
from __future__ import annotations

import http.client
import os
import random
import statistics
import sys
import tempfile
import time
from pathlib import Path

if __name__ == "__main__" and not __package__:  # run as a script: the repository root, not bench/
    sys.path[0] = str(Path(__file__).resolve().parents[1])

from bench.common import Row, VerdictMismatch, note, sized, standalone
from bench.search import pattern_of
from bench.serve import SEED, Server, corpus, loadavg, p95
from kifu.corpus import pages
from kifu.corpus.patterns import read_pattern
from kifu.corpus.reader import Filters, Reader

SIZES = {"quick": {"games": 500, "patterns": 5, "anywhere": 0},
         "full": {"games": 5000, "patterns": 20, "anywhere": 2}}


def measure(games: int, patterns: int, anywhere: int = 0) -> list[Row]:
    kept = os.environ.get("KIFU_BENCH_SERVE_FOLDER")
    folder = Path(kept) if kept else Path(tempfile.mkdtemp(prefix="kifu-bench-serve-"))
    note(f"serve_patterns: load average before {loadavg()}")
    index = corpus(games, folder)
    files = sorted((folder / "go").rglob("*.sgf"))
    texts = [pattern_of(path, 40, 19, True)[0]
             for path in random.Random(SEED).sample(files, patterns)]
    api: list[float] = []
    wall: list[float] = []
    cpu: list[float] = []
    found: list[int] = []
    stopped = 0
    server = Server(index)
    try:
        for text in texts:
            # A connection of its own (the search in this process takes longer than the
            # server keeps an idle one open), opened before the clock starts.
            connection = http.client.HTTPConnection(server.host, server.port, timeout=120)
            connection.connect()
            began = time.perf_counter()
            status, data = server.get(connection, "/api/search", {
                "pattern": "Game: freego\n" + text, "per_page": "50"})
            api.append(time.perf_counter() - began)
            connection.close()
            assert status == 200, data
            stopped += not data["complete"]
            pattern = read_pattern("Game: freego\n" + text)
            began, used = time.perf_counter(), time.process_time()
            with Reader.opened(str(index)) as reader:
                shown = pages.page(reader, pages.find(reader, None, pattern, Filters()),
                                   per_page=50)
            wall.append(time.perf_counter() - began)
            cpu.append(time.process_time() - used)
            found.append(shown.total)
            if data["complete"] and (data["total"], [hit["id"] for hit in data["records"]]) != \
                    (shown.total, [hit.record.id for hit in shown.hits]):
                raise VerdictMismatch(f"the API found {data['total']} records, the library "
                                      f"{shown.total} (or another first page), for\n{text}")
    finally:
        server.stop()
    note(f"serve_patterns: load average after {loadavg()}")
    note("| what | p95 | median | slowest |\n|---|---|---|---|")
    for what, times in (("through the API, wall clock", api), ("one process, wall clock", wall),
                        ("one process, CPU time", cpu)):
        note(f"| {what} | {p95(times):.0f} ms | {1000 * statistics.median(times):.0f} ms | "
             f"{1000 * max(times):.0f} ms |")
    note(f"serve_patterns: records found {sorted(found)}; {stopped} stopped at the limit")
    for path in random.Random(3).sample(files, anywhere):
        # 4x4 points around a record's middle stone at move 40, anywhere (4,096 placements),
        # counted whole in this process (no time limit) and its first page answered.
        text = "Game: freego\n" + pattern_of(path, 40, 19, False)[0]
        began, used = time.perf_counter(), time.process_time()
        with Reader.opened(str(index)) as reader:
            shown = pages.page(reader, pages.find(reader, None, read_pattern(text), Filters()),
                               per_page=50)
        note(f"serve_patterns: an anywhere pattern found in {shown.total:,} records: "
             f"{time.process_time() - used:.1f} s of CPU, {time.perf_counter() - began:.1f} s "
             f"on the wall clock\n{text}")
    inputs = (f"{games:,} generated Go games (19x19), {index.stat().st_size / 2**20:,.0f} MiB "
              f"index; {patterns} patterns of move 40")
    return [Row("Go 19x19", "`kifu serve`: a corner pattern (6x6) through the API (p95 of the "
                "wall clock)", inputs, "searches/s", 1000 / p95(api), None,
                f"{stopped} stopped at the limit; the library finds as many records")]


run = sized(measure, SIZES)

if __name__ == "__main__":
    standalone(measure, SIZES, __doc__)
