"""The long fuzz run, by hand: ``python -m tests.fuzz --minutes 30``.

Inputs (mutated seeds and generated records, every game in turn) go to a worker process that
runs each under a memory limit through one shape, chosen by weight (``--shapes``): the library
(:mod:`tests.fuzz.pipeline`), what surrounds kifu's work (:mod:`tests.fuzz.shapes`: output
targets, folders that overlap, threads, signals), or a corpus index of the input damaged and
asked every question (:mod:`tests.fuzz.damage`).  An input that takes longer than
``--timeout`` seconds or kills the worker counts as a crash too, and a fresh worker carries on.
Every minute, and at the end, it prints the inputs tried per game, their outcomes (``ok``,
kifu's answer by error code, a shape's own answer, ``crash``), formats and shapes, then each
distinct crash once with how often it came; crashing inputs are saved under ``--out`` with what
went wrong and the shape that found it.
"""
from __future__ import annotations

import argparse
import hashlib
import multiprocessing
import random
import resource
import time
import traceback
from collections import Counter
from multiprocessing.connection import Connection
from pathlib import Path

from tests.fuzz import corpus
from tests.fuzz.memory import PEAK_MB, peak_kb, reset_peak

#: Each shape an input may go through, and how often, against the others.  The library takes
#: a few milliseconds an input, targets and threads some tens, folders (six batches of the
#: input) and signals (a whole kifu run stopped) a second or two, a damaged index (an index
#: made, then damaged and asked eighteen questions one to three times) about half a second:
#: so weighted, each of the six has about a sixth of the run's time.
WEIGHTS = {"library": 100, "targets": 10, "threads": 10, "folders": 1, "signals": 1,
           "damaged-index": 3}


def _worker(connection: Connection, memory_mb: int) -> None:
    import random as chance

    from tests.fuzz import damage, pipeline, shapes

    limit = memory_mb * 1024 * 1024
    resource.setrlimit(resource.RLIMIT_AS, (limit, limit))
    while True:
        shape, name, data, seed = connection.recv()
        reset_peak()
        try:
            if shape == "library":
                outcome = pipeline.exercise(name, data)
            elif shape == "damaged-index":
                outcome = damage.damaged_index(name, data,
                                               corpus.RandomChooser(chance.Random(seed)))
            else:
                chooser = corpus.RandomChooser(chance.Random(seed))
                outcome = shapes.exercise(shape, name, data, chooser)
            answer = ("ok", outcome.game, outcome.result)
        except BaseException as error:  # noqa: BLE001 - every escape is the finding
            frame = traceback.extract_tb(error.__traceback__)[-1]
            where = f"{Path(frame.filename).name}:{frame.lineno}"
            first = str(error).split("\n", 1)[0][:160]
            answer = ("crash", f"{type(error).__name__} at {where}: {first}",
                      traceback.format_exc())
        peak = peak_kb() // 1024
        if answer[0] == "ok" and peak > PEAK_MB:
            answer = ("crash", f"peak memory {peak} MB (over {PEAK_MB})", "")
        connection.send((answer, peak))


class Worker:
    """A worker process that can be replaced when an input kills it or runs too long."""

    def __init__(self, memory_mb: int) -> None:
        self.memory_mb = memory_mb
        self._start()

    def _start(self) -> None:
        context = multiprocessing.get_context("fork")
        self.connection, child = context.Pipe()
        self.process = context.Process(target=_worker, args=(child, self.memory_mb),
                                       daemon=True)
        self.process.start()

    def run(self, shape: str, name: str, data: bytes, seed: int, timeout: float
            ) -> tuple[tuple, int]:
        """The worker's answer to the input, and its peak memory (MB) over it."""
        self.connection.send((shape, name, data, seed))
        if self.connection.poll(timeout):
            try:
                answer: tuple[tuple, int] = self.connection.recv()
                return answer
            except EOFError:
                pass
        reason = "hang" if self.process.is_alive() else f"worker died ({self.process.exitcode})"
        self.process.kill()
        self.process.join()
        self._start()
        return ("crash", f"{reason} on this input", ""), 0


def main() -> None:
    parser = argparse.ArgumentParser(prog="python -m tests.fuzz", description=__doc__.split(
        "\n")[0])
    parser.add_argument("--minutes", type=float, default=30)
    parser.add_argument("--seed", type=int, default=None)
    parser.add_argument("--games", default=",".join(corpus.GAMES))
    parser.add_argument("--out", default="fuzz-crashes", help="where crashing inputs go")
    parser.add_argument("--timeout", type=float, default=60, help="seconds per input")
    parser.add_argument("--memory", type=int, default=2048, help="worker memory limit (MB)")
    parser.add_argument("--shapes", default=",".join(WEIGHTS),
                        help="the shapes to put inputs through (default: all): "
                             + ", ".join(f"{k} (weight {v})" for k, v in WEIGHTS.items()))
    options = parser.parse_args()
    seed = options.seed if options.seed is not None else random.randrange(2**32)
    chooser = corpus.RandomChooser(random.Random(seed))
    games = options.games.split(",")
    chosen = options.shapes.split(",")
    unknown = sorted(set(chosen) - set(WEIGHTS))
    if unknown:
        parser.error(f"no shape {', '.join(unknown)} (there are {', '.join(WEIGHTS)})")
    turns = [shape for shape in chosen for _ in range(WEIGHTS[shape])]
    corpus.seeds()  # built once, before the worker forks
    worker = Worker(options.memory)
    tried: Counter[str] = Counter()
    forms: dict[str, Counter[str]] = {game: Counter() for game in games}
    outcomes: dict[str, Counter[str]] = {game: Counter() for game in games}
    by_shape: dict[str, Counter[str]] = {shape: Counter() for shape in chosen}
    crashes: Counter[str] = Counter()
    # The longest an input took and the most memory one needed, by shape: (figure, game).
    slowest: dict[str, tuple[float, str]] = {}
    largest: dict[str, tuple[int, str]] = {}
    out = Path(options.out)
    end = time.monotonic() + options.minutes * 60
    next_report = time.monotonic() + 60
    print(f"fuzzing {', '.join(games)} for {options.minutes:g} minutes through "
          f"{', '.join(chosen)}, seed {seed}", flush=True)
    turn = 0
    while time.monotonic() < end:
        if time.monotonic() > next_report:
            _report(tried, forms, outcomes, by_shape, crashes, slowest, largest)
            next_report = time.monotonic() + 60
        game = games[turn % len(games)]
        shape = chooser.choice(turns)
        turn += 1
        name, data = corpus.any_input(chooser, game)
        shape_seed = chooser.integer(0, 2**32)
        began = time.monotonic()
        answer, peak = worker.run(shape, name, data, shape_seed, options.timeout)
        took = time.monotonic() - began
        slowest[shape] = max(slowest.get(shape, (0.0, "")), (took, game))
        largest[shape] = max(largest.get(shape, (0, "")), (peak, game))
        tried[game] += 1
        forms[game][_form(name)] += 1
        if answer[0] == "ok":
            outcomes[game][answer[2]] += 1
            by_shape[shape][answer[2]] += 1
            continue
        outcomes[game]["crash"] += 1
        by_shape[shape]["crash"] += 1
        description = f"{shape}: {answer[1]}"
        if description not in crashes:
            out.mkdir(parents=True, exist_ok=True)
            stem = f"{game}-{hashlib.sha1(data).hexdigest()[:10]}-{name}"
            (out / stem).write_bytes(data)
            (out / (stem + ".txt")).write_text(
                f"{description}\n(shape {shape}, its seed {shape_seed})\n\n{answer[2]}",
                encoding="utf-8")
            print(f"new crash ({game}, {name}, {shape}): {answer[1]}", flush=True)
        crashes[description] += 1
    print("final:", end="")
    _report(tried, forms, outcomes, by_shape, crashes, slowest, largest)
    worker.process.kill()


def _form(name: str) -> str:
    """The format an input is in (its file name's suffix), and whether it was generated
    rather than mutated from a seed."""
    suffix = Path(name).suffix.lstrip(".") or "no suffix"
    return f"{suffix}, generated" if name.startswith("generated") else suffix


def _report(tried: Counter[str], forms: dict[str, Counter[str]],
            outcomes: dict[str, Counter[str]], by_shape: dict[str, Counter[str]],
            crashes: Counter[str], slowest: dict[str, tuple[float, str]],
            largest: dict[str, tuple[int, str]]) -> None:
    print(f"\n{sum(tried.values())} inputs tried", flush=True)
    for game, counts in outcomes.items():
        parts = ", ".join(f"{result} {count}" for result, count in counts.most_common())
        print(f"  {game}: {tried[game]} ({parts})")
        print("    by format: " + ", ".join(f"{form} {count}"
                                           for form, count in forms[game].most_common()))
    for shape, counts in by_shape.items():
        parts = ", ".join(f"{result} {count}" for result, count in counts.most_common(12))
        print(f"  shape {shape}: {sum(counts.values())} ({parts})")
        if shape in slowest:
            print(f"    slowest input {slowest[shape][0]:.2f} s ({slowest[shape][1]}), "
                  f"most memory {largest[shape][0]} MB peak ({largest[shape][1]})")
    for description, count in crashes.most_common():
        print(f"  crash x{count}: {description}")
    print(flush=True)


if __name__ == "__main__":
    main()
