"""Run every benchmark and print the speed table of ``docs/speed.md``, ready to paste.

    python -m bench                  # the full run: docs/speed.md's figures come from one of these
    python -m bench --quick          # small inputs, one round: does everything still run?
    python -m bench --only renju go  # some of them
    python -m bench --long           # also the long runs (archive scale, worst inputs, viewer)

Run from the repository root with the bench extra installed (``pip install -e '.[bench]'``).
Progress and details go to standard error; standard output is the Markdown block for
``docs/speed.md``: a line saying when, on what machine and under what load the figures were
measured, then the table.  Exit status 0 when every benchmark ran and both sides of every comparison
agreed on every input; 1 when some verdicts differed (that row is reported with no figure); 2
when a benchmark could not run (a peer not installed, an unknown name).
"""
from __future__ import annotations

import argparse
import importlib
import importlib.util
import os
import platform
import subprocess
import sys
import time
from datetime import UTC, datetime
from pathlib import Path
from types import ModuleType

from bench.common import FULL_ROUNDS, ROOT, Row, VerdictMismatch, markdown, note

#: The table's benchmarks in order: a name for ``--only``, and the modules that can fill it, the
#: first one present winning (``bench/sgf.py``, a comparison on real-style SGF files, takes the
#: Go row from ``bench/freego.py`` once it exists).
BENCHMARKS: tuple[tuple[str, tuple[str, ...]], ...] = (
    ("renju", ("renju",)),
    ("go", ("sgf", "freego")),
    ("go-core", ("go_core",)),
    ("renju-core", ("renju_core",)),
    ("go-index", ("go_index",)),
    ("gungi", ("gungi",)),
    ("rengi", ("rengi",)),
    ("rengoma", ("rengoma",)),
    ("chess", ("chess_replay",)),
    ("startup", ("startup",)),
    ("legal", ("legal_moves",)),
    ("maps", ("freego_maps",)),
    ("search", ("search",)),
    ("serve", ("serve",)),
    ("serve-patterns", ("serve_patterns",)),
)
#: Long runs that report on their own (no table row): their arguments for a full and a quick run.
LONG: dict[str, tuple[list[str], list[str]]] = {
    "scale": ([], ["--records", "2000", "--distinct", "200"]),
    "worst_inputs": ([], ["--mb", "1"]),
    "sgf_worst": ([], ["--mib", "1"]),
    "viewer": ([], ["--rounds", "1"]),
    "large_outputs": ([], ["--quick"]),
    "gif": ([], ["--moves", "40"]),
    "rif_database": ([], ["--games", "5000", "--distinct", "200"]),
}


def module_for(candidates: tuple[str, ...]) -> ModuleType:
    """The first of ``candidates`` that exists under ``bench`` and offers ``run(quick)``."""
    for name in candidates:
        if importlib.util.find_spec(f"bench.{name}") is None:
            continue
        module = importlib.import_module(f"bench.{name}")
        if callable(getattr(module, "run", None)):
            return module
        note(f"bench/{name}.py has no run(quick) function; skipped")
    raise LookupError(f"none of {', '.join(f'bench/{n}.py' for n in candidates)} can run")


def machine() -> str:
    """Cores, processor, Python and system, as the table's caption says them."""
    model = ""
    cpuinfo = Path("/proc/cpuinfo")
    if cpuinfo.exists():
        for line in cpuinfo.read_text(encoding="utf-8", errors="replace").splitlines():
            if line.startswith("model name"):
                model = f" ({line.split(':', 1)[1].strip()})"
                break
    return (f"{os.cpu_count()} cores{model}, Python {platform.python_version()}, "
            f"{platform.system()} {platform.machine()}")


def load() -> str:
    return " ".join(f"{value:.2f}" for value in os.getloadavg())


def failed_row(name: str, why: str) -> Row:
    return Row(name, "**no figure**", "-", "", None, verdicts=f"**{why}**")


def run_long(quick: bool) -> int:
    """The long benchmarks, each as its own process, their reports passed on to standard
    error; 1 if any of them failed."""
    worst = 0
    for name, (full, short) in LONG.items():
        command = [sys.executable, str(ROOT / "bench" / f"{name}.py"), *(short if quick else full)]
        note(f"\n== {' '.join(command[1:])}")
        done = subprocess.run(command, stdout=sys.stderr, check=False, cwd=ROOT)
        worst = max(worst, 1 if done.returncode else 0)
    return worst


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bench",
                                     description=(__doc__ or "").split("\n\n")[0])
    size = parser.add_mutually_exclusive_group()
    size.add_argument("--quick", action="store_true", help="small inputs, one round")
    size.add_argument("--full", action="store_true", help="the sizes of docs/speed.md (the default)")
    parser.add_argument("--only", nargs="+", metavar="NAME",
                        choices=[name for name, _ in BENCHMARKS],
                        help="run only these: " + ", ".join(name for name, _ in BENCHMARKS))
    parser.add_argument("--long", action="store_true",
                        help="also run " + ", ".join(f"bench/{n}.py" for n in LONG)
                        + " (each reports on its own)")
    args = parser.parse_args(argv)

    started = datetime.now(UTC)
    load_before = load()
    clock = time.perf_counter()
    note(f"kifu benchmarks, {'quick' if args.quick else 'full'} run, {started:%Y-%m-%d %H:%M} "
         f"UTC, {machine()}; load average {load_before}")
    rows: list[Row] = []
    status = 0
    for name, candidates in BENCHMARKS:
        if args.only and name not in args.only:
            continue
        began = time.perf_counter()
        try:
            module = module_for(candidates)
            note(f"\n== {name}: {module.__name__}")
            rows.extend(module.run(args.quick))
        except VerdictMismatch as error:
            note(f"VERDICTS DIFFER, no figure: {error}")
            rows.append(failed_row(name, "verdicts differ: see the run's output"))
            status = max(status, 1)
        except (ImportError, LookupError) as error:
            note(f"{name} could not run: {error} (pip install -e '.[bench]')")
            rows.append(failed_row(name, f"could not run: {error}"))
            status = 2
        note(f"   {name}: {time.perf_counter() - began:.0f} s")
    load_after = load()

    run = "python -m bench --quick" if args.quick else "python -m bench"
    print(f"Measured by `{run}` on {started:%Y-%m-%d} in {time.perf_counter() - clock:.0f} s, "
          f"on {machine()}; load average (1, 5, 15 minutes) {load_before} before the run, "
          f"{load_after} after.  Rates are per CPU second, best of "
          f"{1 if args.quick else FULL_ROUNDS} round(s), the two sides taking turns.\n")
    print(markdown(rows))
    sys.stdout.flush()
    if args.long:
        status = max(status, run_long(args.quick))
    return status


if __name__ == "__main__":
    sys.exit(main())
