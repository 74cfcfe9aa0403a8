"""kifu run as a user runs it, a process of its own, and what the run cost: for the tests of
the bounds of time and memory (issue 38: at most 60 s and 600 MB for an input of 16 MiB or
less, whatever the input holds)."""
from __future__ import annotations

import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
#: What any input of 16 MiB or less may cost at most, as issue 38 bounds it: CPU seconds (not
#: the wall clock's, which other work on the machine stretches) and peak resident megabytes.
#: A bound that holds hostile input to an end, an order of magnitude above what the runs take;
#: how fast kifu is, is measured in bench/, never here.
CPU_SECONDS, PEAK_MB = 60.0, 600.0

#: Reports at the process's exit its own peak memory (VmHWM; ``ru_maxrss`` of a child counts
#: the memory of the process it was forked from) and its CPU time, its workers' included.
_COST = """
import atexit, resource, sys
def cost():
    with open('/proc/self/status') as status:
        peak = next(line.split()[1] for line in status if line.startswith('VmHWM:'))
    used = [resource.getrusage(who) for who in (resource.RUSAGE_SELF, resource.RUSAGE_CHILDREN)]
    sys.stderr.write(f'\\nCOST {peak} {sum(u.ru_utime + u.ru_stime for u in used)}\\n')
atexit.register(cost)
"""
#: kifu's command line.
_CLI = "from kifu.commands.cli import main\nmain(sys.argv[1:], prog_name='kifu')\n"


@dataclass(frozen=True)
class Run:
    """A finished run: its exit status, output, peak memory and CPU time."""

    status: int
    stdout: str
    stderr: str
    peak_mb: float
    cpu_seconds: float

    def within_bounds(self) -> bool:
        return self.cpu_seconds < CPU_SECONDS and self.peak_mb < PEAK_MB


def kifu(*args: object, timeout: float = 300) -> Run:
    """``kifu ARGS`` in a process of its own, run from kifu's checkout."""
    return python(_CLI, *args, timeout=timeout)


def python(code: str, *args: object, timeout: float = 300) -> Run:
    """Python's ``code`` in a process of its own (``sys.argv[1:]`` are ``args``), run from
    kifu's checkout."""
    done = subprocess.run([sys.executable, "-c", _COST + code, *map(str, args)],
                          capture_output=True, text=True, encoding="utf-8", errors="replace",
                          cwd=ROOT, timeout=timeout, check=False)
    lines = done.stderr.splitlines()
    cost = [line.split() for line in lines if line.startswith("COST ")]
    assert cost, f"the process ended before it could say what it cost:\n{done.stderr[-2000:]}"
    stderr = "\n".join(line for line in lines if not line.startswith("COST ")).strip()
    return Run(done.returncode, done.stdout, stderr, int(cost[-1][1]) / 1024,
               float(cost[-1][2]))
