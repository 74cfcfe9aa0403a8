"""Start-up: what one small command costs as a whole process, against importing kifu's three
run-time dependencies.

    python -m bench.startup [--quick] [--runs N] [--rounds N]     (or python bench/startup.py)

A pre-commit hook or an editor checks one record per call, so each call pays the interpreter's
start-up and kifu's imports before any work.  The yardstick is the least any program built on
click, lark and tabulate pays: ``python -c "import click, lark, tabulate"``.  Timed, as whole
processes in the repository root (CPU time of the child, start-up and imports included):

1. ``python -m kifu validate examples/renju/forced-overline.renju``: one small record (287
   bytes, 11 moves) read, replayed with every rule and reported; its game is loaded on demand,
   its grammar from Lark's cache (built by one untimed run first), kifu's modules from their
   bytecode (compiled first, as an install compiles them);
2. ``python -m kifu --help``: the command list, which loads no command but those listed and no
   game.

Each round runs every command ``--runs`` times, taking turns; a command's figure is its best
round's mean.  The table gives runs per CPU second; the last column gives the time ratio, the
figure the goal is set in (validate at most 1.2 times the yardstick's time, issue 39's goal).
Checked: validate exits 0 with nothing on standard output (the record is legal), help lists
``validate``.
"""
from __future__ import annotations

import compileall
import sys
from pathlib import Path

if __name__ == "__main__" and not __package__:  # run as a script: the repository root, not bench/
    sys.path[0] = str(Path(__file__).resolve().parents[1])

from bench.common import (
    FULL_ROUNDS,
    ROOT,
    YARDSTICK,
    Other,
    Row,
    note,
    require,
    run_process,
    sized,
    standalone,
)

SIZES = {"full": {"runs": 20, "rounds": FULL_ROUNDS}, "quick": {"runs": 3, "rounds": 1}}
RECORD = Path("examples/renju/forced-overline.renju")
YARDSTICK_COMMAND = [sys.executable, "-c", "import click, lark, tabulate"]
#: The time ratio the start-up goal allows ``kifu validate`` of one small record.
GOAL = 1.2


def measure(runs: int, rounds: int) -> list[Row]:
    validate = [sys.executable, "-m", "kifu", "validate", str(RECORD)]
    help_ = [sys.executable, "-m", "kifu", "--help"]
    commands = [YARDSTICK_COMMAND, validate, help_]
    # Untimed: kifu's bytecode, as installing a package compiles it (the yardstick's packages
    # are compiled already), and Lark's grammar cache, which the first run writes.
    compileall.compile_dir(ROOT / "kifu", quiet=1)
    run_process(validate)
    best = [float("inf")] * len(commands)
    for _ in range(rounds):
        spent = [0.0] * len(commands)
        for _ in range(runs):
            for index, command in enumerate(commands):
                seconds, done = run_process(command)
                spent[index] += seconds
                _check(command, done.returncode, done.stdout)
        best = [min(b, s / runs) for b, s in zip(best, spent)]
    base, checked, listed = best
    note(f"startup: yardstick {base * 1000:.1f} ms, validate {checked * 1000:.1f} ms "
         f"({checked / base:.2f}x), --help {listed * 1000:.1f} ms ({listed / base:.2f}x)")
    yardstick = Other("`python -c \"import click, lark, tabulate\"` (kifu's run-time "
                      "dependencies, imported)", YARDSTICK, 1 / base)
    size = (ROOT / RECORD).stat().st_size
    return [
        Row("Start-up (any game)", "whole process: `python -m kifu validate FILE`, start-up, "
            "imports, reading, replay and report", f"one small record: `{RECORD}` ({size} "
            "bytes, 11 moves)", "runs/s", 1 / checked, yardstick,
            verdicts=f"exit 0, legal; time {checked / base:.2f}x the yardstick's "
                     f"(goal: at most {GOAL}x)"),
        Row("Start-up (any game)", "whole process: `python -m kifu --help`", "-", "runs/s",
            1 / listed, yardstick,
            verdicts=f"exit 0, lists every command; time {listed / base:.2f}x the yardstick's"),
    ]


def _check(command: list[str], status: int, stdout: str) -> None:
    if command[-1] == "--help":
        require(status == 0 and "validate" in stdout, f"kifu --help failed: {status}")
    elif "validate" in command:
        require(status == 0 and not stdout, f"kifu validate {RECORD} said {stdout!r}, {status}")
    else:
        require(status == 0, f"{' '.join(command)} failed with {status}")


run = sized(measure, SIZES)


if __name__ == "__main__":
    standalone(measure, SIZES, __doc__)
