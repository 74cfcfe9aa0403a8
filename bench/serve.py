"""``kifu serve``: the explorer's answers over a generated Go index, in one process and on the
loopback under load.

    python bench/serve.py [--games N] [--folder DIR] [--steps N] [--clients N]

Inputs: ``--games`` 19x19 Go games as ``bench/search.py`` makes them (seed 40; openings shared
as in an archive), indexed by ``kifu index -j 2`` (kept in ``--folder`` and used again).
Measured, each a 95th percentile of wall-clock times:

- an explorer step (``kifu.corpus.explorer.explore``: the index opened, the moves played next,
  their results, the latest games), on random walks from the start along the moves the index
  holds, weighted by their counts, as a player clicks; each step uncached (the server keeps
  the answers of the positions asked before, and works out each game's start when it
  starts); the step from the start (which every record reaches) apart from the others;
- an exact position (``search_position``) at move 30 of random records;
- a corner pattern (6x6 points of a corner of a record at move 40, as ``bench/search.py``
  takes it), through the server's API (its time limit included);
- the server (``kifu serve`` as a process): its peak resident memory after the load below;
- ``--clients`` clients at once on the loopback, each walking ``--steps`` explorer steps
  through ``/api/explore`` (keep-alive connections): the 95th percentile of a request's time
  and the errors (none expected).
"""
from __future__ import annotations

import argparse
import http.client
import json
import random
import re
import signal
import statistics
import subprocess
import sys
import threading
import time
import urllib.parse
from pathlib import Path

if __name__ == "__main__" and not __package__:  # run as a script: the repository root, not bench/
    sys.path[0] = str(Path(__file__).resolve().parents[1])

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
        subprocess.run([sys.executable, "-m", "kifu", "index", str(folder / "go"), "-o",
                        str(index), "-j", "2", "--quiet"], check=False)
    return index


def explorer_steps(index: Path, walks: int, depth: int,
                   rng: random.Random) -> tuple[list[float], list[float]]:
    """The times of the first steps (from the start) and of the others."""
    game = registry.get("freego")
    with Reader.opened(str(index)) as reader:
        start = next(s.key for s in explorer.starts(reader) if s.game == game.name)
    firsts, times = [], []
    for _ in range(walks):
        key: str | None = start
        for number in range(depth):
            if key is None:
                break
            began = time.perf_counter()
            with Reader.opened(str(index)) as reader:
                step = explorer.explore(reader, game, game.position_from_key(key), Filters())
            (times if number else firsts).append(time.perf_counter() - began)
            if not step.moves:
                break
            key = rng.choices(step.moves, [m.games for m in step.moves])[0].key
    return firsts, times


def exact_positions(index: Path, files: list[Path], count: int,
                    rng: random.Random) -> list[float]:
    import kifu

    times = []
    for path in rng.sample(files, count):
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
    """``kifu serve`` as a process on a free port."""

    def __init__(self, index: Path) -> None:
        self.process = subprocess.Popen([sys.executable, "-m", "kifu", "serve", str(index),
                                         "--port", "0"], stdout=subprocess.PIPE, text=True)
        assert self.process.stdout is not None
        found = re.search(r"http://([\d.]+):(\d+)/", self.process.stdout.readline())
        assert found
        self.host, self.port = found.group(1), int(found.group(2))

    def get(self, connection: http.client.HTTPConnection, path: str,
            params: dict[str, str]) -> tuple[int, dict[str, object]]:
        connection.request("GET", path + "?" + urllib.parse.urlencode(params))
        answer = connection.getresponse()
        return answer.status, json.loads(answer.read())

    def peak_memory(self) -> float:
        status = Path(f"/proc/{self.process.pid}/status").read_text()
        found = re.search(r"VmHWM:\s+(\d+) kB", status)
        return int(found.group(1)) / 1024 if found else float("nan")

    def stop(self) -> None:
        self.process.send_signal(signal.SIGINT)
        self.process.communicate(timeout=60)


def load(server: Server, clients: int, steps: int) -> tuple[list[float], int]:
    """``clients`` threads walking the explorer at once: each request's time, and errors."""
    times: list[float] = []
    errors = [0]
    lock = threading.Lock()

    def client(seed: int) -> None:
        rng = random.Random(seed)
        connection = http.client.HTTPConnection(server.host, server.port, timeout=60)
        key = ""
        for _ in range(steps):
            began = time.perf_counter()
            try:
                status, data = server.get(connection, "/api/explore",
                                          {"game": "freego", "position": key})
            except (OSError, http.client.HTTPException):
                status, data = 0, {}
            took = time.perf_counter() - began
            with lock:
                times.append(took)
                errors[0] += status != 200
            moves = data.get("moves") or []
            assert isinstance(moves, list)
            key = rng.choices(moves, [m["games"] for m in moves])[0]["key"] if moves else ""
        connection.close()

    threads = [threading.Thread(target=client, args=(n,)) for n in range(clients)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    return times, errors[0]


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").split("\n\n")[0])
    parser.add_argument("--games", type=int, default=5000)
    parser.add_argument("--folder", type=Path, default=Path("/tmp/kifu-bench-serve"))
    parser.add_argument("--walks", type=int, default=20)
    parser.add_argument("--depth", type=int, default=8)
    parser.add_argument("--clients", type=int, default=50)
    parser.add_argument("--steps", type=int, default=10)
    args = parser.parse_args()
    rng = random.Random(SEED)
    index = corpus(args.games, args.folder)
    files = sorted((args.folder / "go").rglob("*.sgf"))
    rows = []
    firsts, steps = explorer_steps(index, args.walks, args.depth, rng)
    rows.append(("explorer step from the start (every record reaches it), uncached, one "
                 "process", f"{len(firsts)} steps", f"p95 {p95(firsts):.0f} ms"))
    rows.append(("explorer step after the start, uncached, one process", f"{len(steps)} steps",
                 f"p95 {p95(steps):.1f} ms, median {1000 * statistics.median(steps):.1f} ms"))
    exact = exact_positions(index, files, 50, rng)
    rows.append(("exact position (move 30), one process", "50 positions",
                 f"p95 {p95(exact):.1f} ms"))
    server = Server(index)
    try:
        connection = http.client.HTTPConnection(server.host, server.port, timeout=120)
        patterns = []
        for path in rng.sample(files, 5):
            text, _, _ = pattern_of(path, 40, 19, True)
            began = time.perf_counter()
            status, data = server.get(connection, "/api/search",
                                      {"pattern": "Game: freego\n" + text, "per_page": "1"})
            patterns.append(time.perf_counter() - began)
            assert status == 200 and data["total"], data
        rows.append(("corner pattern (6x6), through the API", "5 patterns",
                     f"p95 {p95(patterns):.0f} ms, slowest {1000 * max(patterns):.0f} ms"))
        times, errors = load(server, args.clients, args.steps)
        rows.append((f"{args.clients} clients at once on the loopback, /api/explore",
                     f"{len(times)} requests", f"p95 {p95(times):.0f} ms, {errors} errors"))
        rows.append(("server peak memory (resident) after the above", "",
                     f"{server.peak_memory():.0f} MiB"))
    finally:
        server.stop()
    print(f"index: {args.games:,} Go games, {index.stat().st_size / 2**20:.0f} MiB")
    print("| what | how many | figure |\n|---|---|---|")
    for row in rows:
        print("| " + " | ".join(row) + " |")


if __name__ == "__main__":
    main()
