"""``kifu serve``: the explorer's answers over a generated Go index, in one process and on the
loopback under load.

    python bench/serve.py [--quick] [--games N] [--walks N] [--depth N] [--clients N]
                          [--steps N] [--workers N] [--think MS]

Inputs: ``--games`` 19x19 Go games as ``bench/search.py`` makes them (seed 40; openings shared
as in an archive), each with players, ranks, a date and a result (:func:`game_information`),
indexed by ``kifu index -j 2``; ``KIFU_BENCH_SERVE_FOLDER=DIR`` keeps the files and the index
in DIR and uses them again (``DIR/go``, ``DIR/go.db``).  Measured, each the 95th percentile of
wall-clock times (the issue's goals are of those) and the CPU time of this process beside:

- an explorer step (``kifu.corpus.explorer.explore``: the index opened, the moves played next,
  their results, the latest games), on ``--walks`` random walks of ``--depth`` steps from the
  start along the moves the index holds, weighted by their counts, as a player clicks; each
  step uncached (the server keeps the answers of the positions asked before); the step from
  the start (which every record reaches) apart from the others; the same steps answered from
  the records' trails (the explorer before its table, ``table=False``), on the first three
  walks, which must give the same answers;
- an exact position (``search_position``) at move 30 of 50 random records;
- a corner pattern (6x6 points of a corner of a record at move 40, as ``bench/search.py``
  takes it), through the server's API (its time limit included);
- ``--clients`` clients at once on the loopback, each walking ``--steps`` explorer steps
  through ``/api/explore`` (keep-alive connections; coroutines of one event loop in this
  process, on raw sockets), against ``kifu serve`` with one worker and with ``--workers``:
  the 95th percentile of a request's time, the errors (none expected), and the CPU time a
  request of the server's processes and of the clients (they share the machine's cores).
  The clients ask back to back (the issue's goal), then again as players do, each pausing
  between its steps to look at the board: a think time drawn evenly from half
  to one and a half times ``--think`` milliseconds (1,000: a second on average; 0 leaves that
  second figure out); then back to back again on a server given the time of its warm-up
  (until its CPU time stays still for a second: the players of a server that has been
  running); each on a server started for it;
- the server (``kifu serve`` as a process, and its workers): the peak resident memory of each
  process after the load, summed.

The full run (``python -m bench``) uses 5,000 games; docs/speed.md's figures at 100,000 come
from ``python bench/serve.py --games 100000``.
"""
from __future__ import annotations

import asyncio
import http.client
import json
import os
import random
import re
import signal
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.parse
from pathlib import Path
from typing import Any

if __name__ == "__main__" and not __package__:  # run as a script: the repository root, not bench/
    sys.path[0] = str(Path(__file__).resolve().parents[1])

from bench.common import BASELINE, Other, Row, VerdictMismatch, note, sized, standalone
from bench.search import go_corpus, pattern_of
from kifu.corpus import explorer, search
from kifu.corpus.reader import Filters, Reader
from kifu.plugin import registry

SEED = 40
#: The ranks the generated games' players hold (SGF's ``BR`` and ``WR``), weakest first.
RANKS = (*(f"{k}k" for k in range(20, 0, -1)), *(f"{d}d" for d in range(1, 10)),
         *(f"{p}p" for p in range(1, 10)))
RESULTS = ("B+R", "W+R", "B+2.5", "W+0.5", "B+T", "W+12.5", "0", "?")


def game_information(number: int) -> str:
    """The game information of the generated game ``number`` (SGF properties): players,
    their ranks (one or both left out now and then), a date (a few undated), a result; drawn
    from a generator of the number's own, so that the games' moves are those of
    ``bench/search.py`` at any size."""
    rng = random.Random(SEED * 1_000_003 + number)
    black, white = rng.randrange(500), rng.randrange(500)
    parts = [f"PB[Player {black}]PW[Player {white}]"]
    base = rng.randrange(len(RANKS))
    for prop in ("BR", "WR"):
        if rng.random() < 0.9:
            rank = RANKS[max(0, min(len(RANKS) - 1, base + rng.randrange(-3, 4)))]
            parts.append(f"{prop}[{rank}]")
    if rng.random() < 0.95:
        parts.append(f"DT[{rng.randrange(1990, 2026)}-{rng.randrange(1, 13):02d}-"
                     f"{rng.randrange(1, 29):02d}]")
    parts.append(f"RE[{rng.choice(RESULTS)}]")
    return "".join(parts)


SIZES = {
    "full": {"games": 5_000, "walks": 20, "depth": 8, "clients": 50, "steps": 10, "workers": 2,
             "think": 1000},
    "quick": {"games": 300, "walks": 4, "depth": 4, "clients": 10, "steps": 4, "workers": 2,
              "think": 100},
}


def p95(times: list[float]) -> float:
    """The 95th percentile of ``times`` (seconds), in milliseconds."""
    ordered = sorted(times)
    return 1000 * ordered[min(len(ordered) - 1, int(0.95 * len(ordered)))]


def corpus(games: int, folder: Path) -> Path:
    """The generated files and their index in ``folder`` (made once)."""
    index = folder / "go.db"
    files = sorted((folder / "go").rglob("*.sgf")) if (folder / "go").is_dir() else []
    if len(files) != games:
        go_corpus(games, folder / "go", random.Random(SEED), game_information)
        index.unlink(missing_ok=True)
    if not index.exists():
        began = time.perf_counter()
        subprocess.run([sys.executable, "-m", "kifu", "index", str(folder / "go"), "-o",
                        str(index), "-j", "2", "--quiet"], check=False)
        note(f"serve: {games:,} games indexed in {time.perf_counter() - began:.0f} s")
    return index


def step(index: Path, key: str, table: bool = True) -> explorer.Exploration:
    """One explorer step, the index opened for it (as the server opens it for each)."""
    game = registry.get("freego")
    with Reader.opened(str(index)) as reader:
        return explorer.explore(reader, game, game.position_from_key(key), Filters(),
                                table=table)


class Steps:
    """The times of explorer steps: wall clock and this process's CPU time, the first steps
    (from the start) apart."""

    def __init__(self) -> None:
        self.first: list[float] = []
        self.after: list[float] = []
        self.cpu: list[float] = []

    def timed(self, index: Path, key: str, first: bool, table: bool = True
              ) -> explorer.Exploration:
        began, cpu = time.perf_counter(), time.process_time()
        answer = step(index, key, table)
        (self.first if first else self.after).append(time.perf_counter() - began)
        self.cpu.append(time.process_time() - cpu)
        return answer


def explorer_steps(index: Path, walks: int, depth: int, rng: random.Random
                   ) -> tuple[Steps, Steps]:
    """The steps of random walks from the start, from the table; and the same steps of the
    first three walks from the trails, which must answer the same."""
    with Reader.opened(str(index)) as reader:
        start = next(s.key for s in explorer.starts(reader) if s.game == "freego")
    table, trails = Steps(), Steps()
    for walk in range(walks):
        key = start
        for number in range(depth):
            answer = table.timed(index, key, number == 0)
            if walk < 3 and trails.timed(index, key, number == 0, table=False) != answer:
                raise VerdictMismatch(f"the explorer's table and the trails answer otherwise "
                                      f"at {key}")
            if not answer.moves:
                break
            chosen = rng.choices(answer.moves, [m.games for m in answer.moves])[0].key
            if chosen is None:
                break
            key = chosen
    return table, trails


def exact_positions(index: Path, files: list[Path], count: int,
                    rng: random.Random) -> list[float]:
    import kifu

    times = []
    for path in rng.sample(files, min(count, len(files))):
        record = kifu.read(str(path))
        position = record.position(min(30, len(record.moves)))
        key = search.key_of(record.game.plugin, position)
        began = time.perf_counter()
        with Reader.opened(str(index)) as reader:
            found = search.search_position(reader, key, Filters())
        times.append(time.perf_counter() - began)
        assert found, path
    return times


class Server:
    """``kifu serve`` as a process on a free port, with ``workers`` worker processes."""

    def __init__(self, index: Path, workers: int = 1) -> None:
        self.process = subprocess.Popen([sys.executable, "-m", "kifu", "serve", str(index),
                                         "--port", "0", "--workers", str(workers)],
                                        stdout=subprocess.PIPE, text=True)
        assert self.process.stdout is not None
        found = re.search(r"http://([\d.]+):(\d+)/", self.process.stdout.readline())
        assert found
        self.host, self.port = found.group(1), int(found.group(2))
        for _ in range(600):  # the workers listen once each has started
            try:
                connection = http.client.HTTPConnection(self.host, self.port, timeout=120)
                self.get(connection, "/api/games", {})
                connection.close()
                break
            except OSError:
                time.sleep(0.2)

    def get(self, connection: http.client.HTTPConnection, path: str,
            params: dict[str, str]) -> tuple[int, dict[str, object]]:
        connection.request("GET", path + "?" + urllib.parse.urlencode(params))
        answer = connection.getresponse()
        return answer.status, json.loads(answer.read())

    def peak_memory(self) -> float:
        """The peak resident memory of the server's processes, summed (MiB)."""
        total = 0.0
        for pid in self._processes(self.process.pid):
            try:
                status = Path(f"/proc/{pid}/status").read_text()
            except OSError:
                continue
            found = re.search(r"VmHWM:\s+(\d+) kB", status)
            total += int(found.group(1)) / 1024 if found else 0.0
        return total

    def _processes(self, pid: int) -> list[int]:
        """``pid`` and its descendants."""
        found = [pid]
        try:
            children = Path(f"/proc/{pid}/task/{pid}/children").read_text().split()
        except OSError:
            children = []
        for child in children:
            found.extend(self._processes(int(child)))
        return found

    def cpu_seconds(self) -> float:
        """The CPU time of the server's processes so far, summed."""
        total = 0.0
        for pid in self._processes(self.process.pid):
            try:
                fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
            except (OSError, IndexError):
                continue
            total += (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")
        return total

    def warmed(self, limit: float = 300.0) -> float:
        """Back once the server has done its warm-up (its processes' CPU time still for a
        second; ``limit`` seconds at most): the seconds waited."""
        began = time.perf_counter()
        spent = self.cpu_seconds()
        while time.perf_counter() - began < limit:
            time.sleep(1.0)
            now = self.cpu_seconds()
            if now - spent < 0.05:
                break
            spent = now
        return time.perf_counter() - began

    def stop(self) -> None:
        self.process.send_signal(signal.SIGINT)
        self.process.communicate(timeout=60)


def load(server: Server, clients: int, steps: int, think: float = 0.0
         ) -> tuple[list[float], int, float, float]:
    """``clients`` clients walking the explorer at once, each on its own keep-alive
    connection, asking its next step as soon as it has the answer: each request's time, the
    errors, the wall clock of the whole and the CPU time the clients took (this process's);
    with ``think`` (seconds), each client pauses between its steps for a time drawn evenly
    from half to one and a half times it.  The clients are coroutines of one event loop on
    raw sockets (HTTP/1.1, each answer's JSON read whole to choose the next move): fifty
    threads of ``http.client`` took the GIL from one another and as much CPU again as the
    server's answers, on the same cores."""
    times: list[float] = []
    errors = [0]
    request = (f"GET /api/explore?{{}} HTTP/1.1\r\nHost: {server.host}:{server.port}\r\n"
               "\r\n")

    async def get(streams: list[Any], key: str) -> tuple[int, dict[str, Any]]:
        if not streams:
            streams.extend(await asyncio.open_connection(server.host, server.port))
        reader, writer = streams
        query = urllib.parse.urlencode({"game": "freego", "position": key})
        writer.write(request.format(query).encode())
        head = await reader.readuntil(b"\r\n\r\n")
        lines = head.decode("latin-1").split("\r\n")
        status = int(lines[0].split()[1])
        length = next(int(line.split(":", 1)[1]) for line in lines
                      if line.lower().startswith("content-length:"))
        return status, json.loads(await reader.readexactly(length))

    async def client(seed: int) -> None:
        rng = random.Random(seed)
        streams: list[Any] = []
        key = ""
        for _ in range(steps):
            began = time.perf_counter()
            try:
                status, data = await get(streams, key)
            except (OSError, ValueError, StopIteration, asyncio.IncompleteReadError):
                status, data = 0, {}
                if streams:
                    streams[1].close()
                streams.clear()
            times.append(time.perf_counter() - began)
            errors[0] += status != 200
            moves = data.get("moves") or []
            assert isinstance(moves, list)
            key = rng.choices(moves, [m["games"] for m in moves])[0]["key"] if moves else ""
            if think:
                await asyncio.sleep(rng.uniform(0.5, 1.5) * think)
        if streams:
            streams[1].close()

    async def clients_at_once() -> None:
        await asyncio.gather(*(client(n) for n in range(clients)))

    began, cpu = time.perf_counter(), time.process_time()
    asyncio.run(clients_at_once())
    return times, errors[0], time.perf_counter() - began, time.process_time() - cpu


def loadavg() -> str:
    return " ".join(f"{value:.1f}" for value in os.getloadavg())


def measure(games: int, walks: int, depth: int, clients: int, steps: int,
            workers: int, think: int = 0) -> list[Row]:
    kept = os.environ.get("KIFU_BENCH_SERVE_FOLDER")
    folder = Path(kept) if kept else Path(tempfile.mkdtemp(prefix="kifu-bench-serve-"))
    rng = random.Random(SEED)
    note(f"serve: load average before {loadavg()}")
    index = corpus(games, folder)
    files = sorted((folder / "go").rglob("*.sgf"))
    inputs = f"{games:,} generated Go games (19x19), {index.stat().st_size / 2**20:,.0f} MiB index"
    details = []
    table, trails = explorer_steps(index, walks, depth, rng)
    details.append(("explorer step from the start, uncached, one process", f"{len(table.first)}",
                    f"p95 {p95(table.first):.1f} ms"))
    details.append(("explorer step after the start, uncached, one process",
                    f"{len(table.after)}", f"p95 {p95(table.after):.1f} ms, median "
                    f"{1000 * statistics.median(table.after or [0]):.1f} ms"))
    details.append(("explorer step, CPU time of the process", f"{len(table.cpu)}",
                    f"p95 {p95(table.cpu):.1f} ms"))
    details.append(("the same steps from the trails (first three walks): from the start, "
                    "after it", f"{len(trails.first)}, {len(trails.after)}",
                    f"p95 {p95(trails.first):.0f} ms, {p95(trails.after or [0]):.0f} ms"))
    exact = exact_positions(index, files, 50, rng)
    details.append(("exact position (move 30), one process", f"{len(exact)}",
                    f"p95 {p95(exact):.1f} ms"))
    rows = [
        Row("Go 19x19", "`kifu serve`: an explorer step, uncached, one process (p95 of the wall "
            "clock, steps a second)", f"{inputs}; {len(table.first) + len(table.after)} steps "
            f"of random walks", "steps/s", 1000 / p95(table.first + table.after),
            Other("the same steps from the records' trails (kifu's explorer before its "
                  "table)", BASELINE, 1000 / p95(trails.first + trails.after)),
            "the same answer on every step compared"),
        Row("Go 19x19", "`kifu search`: an exact position (p95 of the wall clock)",
            f"{inputs}; 50 positions of move 30", "searches/s", 1000 / p95(exact)),
    ]
    patterns: list[float] = []
    stopped = 0
    for count in ([1, workers] if workers > 1 else [1]):
        server = Server(index, count)
        try:
            connection = http.client.HTTPConnection(server.host, server.port, timeout=120)
            if count == 1:
                for path in rng.sample(files, 5):
                    text, _, _ = pattern_of(path, 40, 19, True)
                    began = time.perf_counter()
                    status, data = server.get(connection, "/api/search", {
                        "pattern": "Game: freego\n" + text, "per_page": "1"})
                    patterns.append(time.perf_counter() - began)
                    assert status == 200 and data["total"], data
                    stopped += not data["complete"]
                details.append(("corner pattern (6x6), through the API", "5",
                                f"p95 {p95(patterns):.0f} ms, slowest "
                                f"{1000 * max(patterns):.0f} ms, {stopped} stopped at the "
                                "time limit"))
            served = server.cpu_seconds()
            times, errors, took, asking = load(server, clients, steps)
            served = server.cpu_seconds() - served
            memory = server.peak_memory()
        finally:
            server.stop()
        paced: tuple[list[float], int, float, float] | None = None
        if think:  # the same walks, paced, on a server that kept none of their answers
            server = Server(index, count)
            try:
                paced = load(server, clients, steps, think / 1000)
            finally:
                server.stop()
        # The same walks back to back once more, on a server given the time of its warm-up
        # (each game's first step and those after the moves played from there, worked out
        # while no one asks): players who come to a server that has been running.
        server = Server(index, count)
        try:
            waited = server.warmed()
            warm = load(server, clients, steps)
        finally:
            server.stop()
        details.append((f"{clients} clients at once on the loopback, /api/explore, {count} "
                        f"worker(s)", f"{len(times)}", f"p95 {p95(times):.0f} ms, "
                        f"{len(times) / took:.0f} requests/s, {errors} errors; CPU a request: "
                        f"the server {1000 * served / len(times):.1f} ms, the clients "
                        f"{1000 * asking / len(times):.1f} ms"))
        details.append((f"the same, back to back, on a server that had done its warm-up "
                        f"({waited:.0f} s after it started), {count} worker(s)",
                        f"{len(warm[0])}", f"p95 {p95(warm[0]):.0f} ms, "
                        f"{len(warm[0]) / warm[2]:.0f} requests/s, {warm[1]} errors"))
        errors += warm[1]
        if paced is not None:
            details.append((f"the same, each client pausing {think / 2000:g} to "
                            f"{think * 1.5 / 1000:g} s between its steps, {count} worker(s)",
                            f"{len(paced[0])}", f"p95 {p95(paced[0]):.0f} ms, "
                            f"{len(paced[0]) / paced[2]:.0f} requests/s, {paced[1]} errors"))
            errors += paced[1]
        details.append((f"server peak memory (resident, its processes summed), {count} "
                        "worker(s)", "", f"{memory:.0f} MiB"))
        rows.append(Row("Go 19x19", f"`kifu serve --workers {count}`: {clients} clients at "
                        f"once on the loopback, each {steps} explorer steps (requests a "
                        f"second; p95 {p95(times):.0f} ms, {memory:.0f} MiB)", inputs,
                        "requests/s", len(times) / took, None,
                        f"{errors} errors" if errors else "no error"))
    rows.insert(2, Row("Go 19x19", "`kifu serve`: a corner pattern (6x6) through the API "
                       "(p95 of the wall clock)", f"{inputs}; 5 patterns of move 40",
                       "searches/s", 1000 / p95(patterns)))
    note(f"serve: load average after {loadavg()}")
    note("| what | how many | figure |\n|---|---|---|")
    for detail in details:
        note("| " + " | ".join(detail) + " |")
    if any(row.verdicts.endswith("errors") for row in rows):
        raise VerdictMismatch("requests failed under load: see the details")
    return rows


run = sized(measure, SIZES)

if __name__ == "__main__":
    standalone(measure, SIZES, __doc__)
