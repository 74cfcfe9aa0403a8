"""The long fuzz run, by hand: ``python -m tests.fuzz --minutes 30``.

Inputs (mutated seeds and generated records, every game in turn) go to a worker process that
runs them through the library (:mod:`tests.fuzz.pipeline`) under a memory limit; an input that
takes longer than ``--timeout`` seconds or kills the worker counts as a crash too, and a fresh
worker carries on.  Every minute, and at the end, it prints the inputs tried per game, their
outcomes (``ok``, kifu's answer by error code, ``crash``) and formats, then each distinct crash once with
how often it came; crashing inputs are saved under ``--out`` with what went wrong.
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


def _worker(connection: Connection, memory_mb: int) -> None:
    from tests.fuzz import pipeline

    limit = memory_mb * 1024 * 1024
    resource.setrlimit(resource.RLIMIT_AS, (limit, limit))
    while True:
        name, data = connection.recv()
        reset_peak()
        try:
            outcome = pipeline.exercise(name, data)
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
        connection.send(answer)


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

    def run(self, name: str, data: bytes, timeout: float) -> tuple:
        self.connection.send((name, data))
        if self.connection.poll(timeout):
            try:
                return self.connection.recv()
            except EOFError:
                pass
        reason = "hang" if self.process.is_alive() else f"worker died ({self.process.exitcode})"
        self.process.kill()
        self.process.join()
        self._start()
        return ("crash", f"{reason} on this input", "")


def main() -> None:
    parser = argparse.ArgumentParser(prog="python -m tests.fuzz", description=__doc__.split(
        "\n")[0])
    parser.add_argument("--minutes", type=float, default=30)
    parser.add_argument("--seed", type=int, default=None)
    parser.add_argument("--games", default=",".join(corpus.GAMES))
    parser.add_argument("--out", default="fuzz-crashes", help="where crashing inputs go")
    parser.add_argument("--timeout", type=float, default=60, help="seconds per input")
    parser.add_argument("--memory", type=int, default=2048, help="worker memory limit (MB)")
    options = parser.parse_args()
    seed = options.seed if options.seed is not None else random.randrange(2**32)
    chooser = corpus.RandomChooser(random.Random(seed))
    games = options.games.split(",")
    corpus.seeds()  # built once, before the worker forks
    worker = Worker(options.memory)
    tried: Counter[str] = Counter()
    forms: dict[str, Counter[str]] = {game: Counter() for game in games}
    outcomes: dict[str, Counter[str]] = {game: Counter() for game in games}
    crashes: Counter[str] = Counter()
    out = Path(options.out)
    end = time.monotonic() + options.minutes * 60
    next_report = time.monotonic() + 60
    print(f"fuzzing {', '.join(games)} for {options.minutes:g} minutes, seed {seed}", flush=True)
    turn = 0
    while time.monotonic() < end:
        if time.monotonic() > next_report:
            _report(tried, forms, outcomes, crashes)
            next_report = time.monotonic() + 60
        game = games[turn % len(games)]
        turn += 1
        name, data = corpus.any_input(chooser, game)
        answer = worker.run(name, data, options.timeout)
        tried[game] += 1
        forms[game][_form(name)] += 1
        if answer[0] == "ok":
            outcomes[game][answer[2]] += 1
            continue
        outcomes[game]["crash"] += 1
        description = answer[1]
        if description not in crashes:
            out.mkdir(parents=True, exist_ok=True)
            stem = f"{game}-{hashlib.sha1(data).hexdigest()[:10]}-{name}"
            (out / stem).write_bytes(data)
            (out / (stem + ".txt")).write_text(f"{description}\n\n{answer[2]}", encoding="utf-8")
            print(f"new crash ({game}, {name}): {description}", flush=True)
        crashes[description] += 1
    print("final:", end="")
    _report(tried, forms, outcomes, crashes)
    worker.process.kill()


def _form(name: str) -> str:
    """The format an input is in (its file name's suffix), and whether it was generated
    rather than mutated from a seed."""
    suffix = Path(name).suffix.lstrip(".") or "no suffix"
    return f"{suffix}, generated" if name.startswith("generated") else suffix


def _report(tried: Counter[str], forms: dict[str, Counter[str]],
            outcomes: dict[str, Counter[str]], crashes: Counter[str]) -> None:
    print(f"\n{sum(tried.values())} inputs tried", flush=True)
    for game, counts in outcomes.items():
        parts = ", ".join(f"{result} {count}" for result, count in counts.most_common())
        print(f"  {game}: {tried[game]} ({parts})")
        print("    by format: " + ", ".join(f"{form} {count}"
                                           for form, count in forms[game].most_common()))
    for description, count in crashes.most_common():
        print(f"  crash x{count}: {description}")
    print(flush=True)


if __name__ == "__main__":
    main()
