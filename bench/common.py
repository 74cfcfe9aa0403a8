"""What every benchmark shares: the row it reports, how it times, how it checks verdicts.

A row names its work exactly (what is timed, in which process layout) and its inputs (generated
or real, how many, in which form), gives kifu's rate, and, when there is something to compare
with, that side's rate on the *same* inputs in the *same* layout, with what it is: a peer (other
people's software doing the same job), a baseline written in this repository, or a reference
point (a different game, for scale only).  A row without a comparison is an absolute figure.

Timing is CPU time (of this process, or of a child process and its children), not the wall
clock, so that other load on a shared machine disturbs the figures as little as it can; the
sides take turns, round after round, and each keeps its best round.
"""
from __future__ import annotations

import argparse
import compileall
import os
import resource
import subprocess
import sys
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from kifu.plugin import driver

#: The repository root: whole processes run there, so that ``python -m bench.<name>`` works.
ROOT = Path(__file__).resolve().parents[1]

#: Rounds of a full run (a quick run has one): each side keeps its best.
FULL_ROUNDS = 3
#: What the thing compared with is; the table says it in words.
PEER, BASELINE, REFERENCE = "peer", "baseline written in this repository", "reference point"
#: What a start-up is measured against: the least any program on kifu's dependencies pays.
YARDSTICK = "yardstick"


class VerdictMismatch(Exception):
    """The two sides of a comparison disagree about their inputs: no figure may be reported."""


@dataclass(frozen=True)
class Other:
    """The side kifu is compared with, and its rate on the same inputs."""

    name: str  # e.g. "`renju` 0.1.0 (PyPI): `RenjuBoard(pos=...)`"
    kind: str  # PEER, BASELINE or REFERENCE
    rate: float


@dataclass(frozen=True)
class Row:
    """One line of the speed table."""

    game: str
    work: str  # what is timed, and in which process layout
    inputs: str  # generated or real, how many, in which form
    unit: str  # "moves/s", "fields/s", ...
    kifu: float | None  # kifu's rate (None on a reference row, where kifu does not take part)
    other: Other | None = None
    verdicts: str = "-"  # what both sides were checked to agree on

    @property
    def ratio(self) -> float | None:
        """kifu's rate over the other side's (above 1: kifu is faster)."""
        if self.kifu is None or self.other is None or self.other.kind == REFERENCE:
            return None
        return self.kifu / self.other.rate


def note(text: str) -> None:
    """A line of detail or progress, on standard error (standard output is the table)."""
    print(text, file=sys.stderr, flush=True)


# -- timing --------------------------------------------------------------------------------------

def take_turns(sides: Sequence[Callable[[], Any]], rounds: int,
               warm_up: Sequence[Callable[[], object]] = ()) -> list[tuple[float, Any]]:
    """Run each side once a round, taking turns, ``rounds`` times: each side's best CPU time
    (of this process) and what its last run returned (the sides' results differ in type).
    ``warm_up`` runs first, untimed (a grammar to build, caches to fill: costs a whole process
    pays, timed in that layout)."""
    def no_input() -> None:
        return None

    def ignoring_input(side: Callable[[], Any]) -> Callable[[None], Any]:
        return lambda _: side()

    return take_turns_on([no_input] * len(sides), [ignoring_input(s) for s in sides], rounds,
                         warm_up)


def take_turns_on(inputs: Sequence[Callable[[], Any]], sides: Sequence[Callable[[Any], Any]],
                  rounds: int, warm_up: Sequence[Callable[[], object]] = ()
                  ) -> list[tuple[float, Any]]:
    """:func:`take_turns` for sides that work on their input in place: before each timed run,
    ``inputs[i]()`` makes a fresh input for ``sides[i]``, untimed."""
    for call in warm_up:
        call()
    best = [float("inf")] * len(sides)
    results: list[Any] = [None] * len(sides)
    for _ in range(rounds):
        for index, side in enumerate(sides):
            given = inputs[index]()
            start = time.process_time()
            results[index] = side(given)
            best[index] = min(best[index], time.process_time() - start)
    return list(zip(best, results))


def children_cpu() -> float:
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def run_process(command: list[str]) -> tuple[float, subprocess.CompletedProcess[str]]:
    """Run a whole process (interpreter start-up included) in the repository root, to its end:
    the CPU time it and its children used, and what it printed."""
    before = children_cpu()
    done = subprocess.run(command, capture_output=True, text=True, check=False, cwd=ROOT)
    return children_cpu() - before, done


#: The environment variable naming another checkout of kifu (its compiled core built in place,
#: ``python setup.py build_ext --inplace``) that a whole-process benchmark measures beside this
#: one, the two taking turns in one run: ``KIFU_BEFORE=../main python -m bench.go_core``.
BEFORE = "KIFU_BEFORE"


def before(command: list[str]) -> list[str] | None:
    """``command`` (``python -m kifu ...``) run in the checkout :data:`BEFORE` names, its
    modules compiled to bytecode first; ``None`` where none is named."""
    checkout = os.environ.get(BEFORE)
    if not checkout:
        return None
    compileall.compile_dir(Path(checkout) / "kifu", quiet=1)
    return ["env", "-C", checkout, *command]  # python -m finds kifu in its working folder


def before_note() -> str:
    """The checkout :data:`BEFORE` names, with its commit where it is a git checkout."""
    checkout = os.environ.get(BEFORE, "")
    done = subprocess.run(["git", "-C", checkout, "rev-parse", "--short", "HEAD"],
                          capture_output=True, text=True, check=False)
    return f"{checkout} ({done.stdout.strip()})" if done.returncode == 0 else checkout


def best_process(commands: Sequence[list[str]], rounds: int
                 ) -> list[tuple[float, subprocess.CompletedProcess[str]]]:
    """Like :func:`take_turns`, for whole processes: each command's best CPU time, and what it
    printed then.  kifu's modules are compiled to bytecode first, as installing a package does
    for kifu and for the peers alike, so that no side pays for compiling its own source
    (``PYTHONDONTWRITEBYTECODE`` would otherwise make kifu, run from its source tree, compile
    every module at every start)."""
    compileall.compile_dir(ROOT / "kifu", quiet=1)
    runs = [[run_process(command) for command in commands] for _ in range(rounds)]
    return [min(side, key=lambda run: run[0]) for side in zip(*runs)]


# -- verdicts ------------------------------------------------------------------------------------

def same_verdicts(what: str, names: Sequence[str], ours: Sequence[object],
                  theirs: Sequence[object], other: str, mine: str = "kifu") -> str:
    """Check that ``mine`` (kifu) and ``other`` reached the same verdict on every input; raise
    :class:`VerdictMismatch` listing the first differences if not.  Returns the table's
    wording, e.g. ``"1,000/1,000 endings agree"``."""
    if len(ours) != len(theirs) or len(ours) != len(names):
        raise VerdictMismatch(f"{what}: {mine} judged {len(ours)} inputs, {other} "
                              f"{len(theirs)}, of {len(names)}")
    differ = [(name, a, b) for name, a, b in zip(names, ours, theirs) if a != b]
    if differ:
        shown = "; ".join(f"{name}: {mine} {a!r}, {other} {b!r}" for name, a, b in differ[:5])
        raise VerdictMismatch(f"{what}: {len(differ)} of {len(names)} differ between {mine} "
                              f"and {other} ({shown})")
    return f"{len(names):,}/{len(names):,} {what} agree"


def require(condition: bool, message: str) -> None:
    """A check of one side's own verdicts (all legal, no errors): fail loudly if it does not
    hold."""
    if not condition:
        raise VerdictMismatch(message)


# -- the table -----------------------------------------------------------------------------------

def rate_text(rate: float, unit: str) -> str:
    if rate >= 100:
        return f"{rate:,.0f} {unit}"
    return f"{rate:,.1f} {unit}" if rate >= 10 else f"{rate:,.2f} {unit}"


def ratio_text(ratio: float | None) -> str:
    if ratio is None:
        return "-"
    return f"{ratio:.1f}x" if ratio >= 1 else f"{ratio:.2f}x (kifu slower)"


HEADER = ("game", "work timed (process layout)", "inputs", "kifu", "compared with",
          "its rate", "kifu ÷ it", "verdicts checked")


def cells(row: Row) -> tuple[str, ...]:
    other = row.other
    if other is not None:
        compared = f"{other.kind}: {other.name}"
    else:  # kifu alone, or (neither side) a benchmark that gave no figure
        compared = "-" if row.kifu is None else "nothing: absolute figure"
    return (row.game, row.work, row.inputs,
            "-" if row.kifu is None else rate_text(row.kifu, row.unit), compared,
            "-" if other is None else rate_text(other.rate, row.unit),
            ratio_text(row.ratio), row.verdicts)


def markdown(rows: Sequence[Row]) -> str:
    """The rows as a Markdown table (``|`` inside a cell escaped)."""
    def line(values: Sequence[str]) -> str:
        return "| " + " | ".join(v.replace("|", "\\|") for v in values) + " |"

    out = [line(HEADER), "|" + "---|" * len(HEADER)]
    out.extend(line(cells(row)) for row in rows)
    return "\n".join(out)


# -- kifu's side of a verdict --------------------------------------------------------------------

def kifu_final(text: str, name: str) -> Any:
    """The position at the end of the main line of a record, replayed by kifu's engine (the
    replay ``kifu validate`` runs); raises the first illegal move."""
    from kifu.run.load import parse_text

    game, record = parse_text(text, name)
    position = game.start(record)
    for step in driver.replay(game, record):
        position = step.position
    return position


def kifu_legal(texts: Sequence[str], names: Sequence[str]) -> list[bool]:
    """Whether ``kifu validate`` finds each text legal (no error)."""
    from kifu.run.validate import Options, check_text

    options = Options()
    return [all(r.legal for r in check_text(text, name, options))
            for text, name in zip(texts, names)]


# -- the interface of a benchmark module ---------------------------------------------------------

def library_positions(texts: Sequence[str], names: Sequence[str]) -> tuple[int, list[Any]]:
    """Every step's position of every game through the public library (``kifu.parse`` and
    ``record.replay()``), each hashed: the steps replayed, and each game's last position."""
    import kifu

    replayed, last = 0, []
    for text, name in zip(texts, names):
        position = None
        for step in kifu.parse(text, path=name).replay():
            position = step.position
            hash(position)
            replayed += 1
        last.append(position)
    return replayed, last


def sized(measure: Callable[..., list[Row]], sizes: dict[str, dict[str, int]]
          ) -> Callable[[bool], list[Row]]:
    """A module's ``run(quick)`` for ``python -m bench``: ``measure`` with the quick or the full
    sizes."""
    def run(quick: bool) -> list[Row]:
        return measure(**sizes["quick" if quick else "full"])

    return run


def standalone(measure: Callable[..., list[Row]], sizes: dict[str, dict[str, int]],
               doc: str | None) -> None:
    """The command line of a benchmark run alone: ``--quick`` or the full sizes, each size
    overridable (``--games 50``); prints its rows as the Markdown table.  Exit status 1 when
    the two sides' verdicts differ."""
    parser = argparse.ArgumentParser(description=(doc or "").split("\n\n")[0])
    parser.add_argument("--quick", action="store_true", help="small inputs, one round")
    for name, value in sizes["full"].items():
        parser.add_argument(f"--{name.replace('_', '-')}", type=int, default=None,
                            help=f"(full: {value}, quick: {sizes['quick'][name]})")
    args = vars(parser.parse_args())
    chosen = dict(sizes["quick" if args.pop("quick") else "full"])
    chosen.update({k: v for k, v in args.items() if v is not None})
    try:
        rows = measure(**chosen)
    except VerdictMismatch as error:
        print(f"VERDICTS DIFFER: {error}", file=sys.stderr)
        raise SystemExit(1) from None
    print(markdown(rows))
