"""What the compiled cores' tests share: running a check in pure Python within the process
(``KIFU_PURE_PYTHON`` set, then restored) or ``kifu validate`` and ``kifu index`` as a process
either way, a file indexed field by field, a record replayed through the library both ways,
mutating an input as the fuzzing does, and building a core under AddressSanitizer and
UndefinedBehaviorSanitizer to run a worker on hostile input, where any fault stops it."""
from __future__ import annotations

import contextlib
import dataclasses
import os
import random
import shutil
import sqlite3
import subprocess
import sys
import sysconfig
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

import kifu
from kifu.base import native as cores
from kifu.base.errors import KifuError
from kifu.corpus import indexing
from tests.fuzz.corpus import MUTATIONS, RandomChooser

ROOT = Path(__file__).resolve().parents[1]


@contextlib.contextmanager
def pure_python() -> Iterator[None]:
    saved = os.environ.get(cores.PURE_PYTHON)
    os.environ[cores.PURE_PYTHON] = "1"
    try:
        yield
    finally:
        if saved is None:
            del os.environ[cores.PURE_PYTHON]
        else:
            os.environ[cores.PURE_PYTHON] = saved


def validate_process(args: list[str], pure: bool) -> subprocess.CompletedProcess[bytes]:
    """``kifu validate --jobs 1 ARGS`` as a process of its own, in pure Python where ``pure``
    (whatever the suite runs under)."""
    env = {k: v for k, v in os.environ.items() if k != cores.PURE_PYTHON}
    if pure:
        env[cores.PURE_PYTHON] = "1"
    return subprocess.run([sys.executable, "-m", "kifu", "validate", "--jobs", "1", *args],
                          capture_output=True, env=env, timeout=600)


def indexed(path: Path) -> tuple[str | None, list[dict[str, object]]]:
    """What the index keeps of the file at ``path``: its problem, its records field by field."""
    done = indexing.index_file(str(path))
    records = [dataclasses.asdict(record) for record in done.records]
    return done.problem, records


def index_process(paths: list[str], index: Path, pure: bool) -> list[str]:
    """``kifu index`` of ``paths`` into ``index`` in a process of its own, compiled or pure
    Python: the index's rows, as SQLite dumps them."""
    env = {k: v for k, v in os.environ.items() if k != cores.PURE_PYTHON}
    if pure:
        env[cores.PURE_PYTHON] = "1"
    done = subprocess.run([sys.executable, "-m", "kifu", "index", *paths, "-o", str(index),
                           "-j", "2", "-q"], capture_output=True, text=True, env=env,
                          timeout=1800)
    assert done.returncode in (0, 1), done.stderr[-2000:]
    connection = sqlite3.connect(index)
    try:
        return list(connection.iterdump())
    finally:
        connection.close()


def _said(findings: list[KifuError]) -> list[tuple[Any, ...]]:
    return [(type(f).__name__, str(f), f.severity, f.rule, f.span) for f in findings]


def _parse(text: str, name: str) -> kifu.Record[Any, Any, Any] | KifuError:
    try:
        return kifu.parse(text, path=name)
    except KifuError as error:
        return error


def _steps(record: kifu.Record[Any, Any, Any]) -> list[Any] | KifuError:
    try:
        return list(record.replay())
    except KifuError as error:
        return error


#: What compares two positions of a game field by field: the game's name, the compiled
#: core's position and Python's, and whether every field is compared (or only those the core
#: makes of its own data).
FieldCheck = Callable[[str, Any, Any, bool], None]


def replays_alike(text: str, name: str, every: int, fields: FieldCheck) -> bool:
    """Replay ``text`` both ways through the library: the same steps, every ``every``-th
    position compared (equal, hashing alike, ``fields``) and the last, and ``record.
    position(n)`` at a few moves; whether the compiled core replayed it.  Where ``every`` is
    0 (a corpus), a text the core leaves to Python is not replayed twice, and the last
    position alone is compared, in what the core makes of it."""
    record = _parse(text, name)
    if not every and (isinstance(record, KifuError) or record._compiled is None):
        return False
    with pure_python():
        python = _parse(text, name)
    if isinstance(python, KifuError):
        assert isinstance(record, KifuError) and str(record) == str(python)
        return False
    assert not isinstance(record, KifuError), (text[:200], record)
    served = record._compiled is not None
    ours, theirs = _steps(record), _steps(python)
    if isinstance(theirs, KifuError):
        assert not served and isinstance(ours, KifuError) and str(ours) == str(theirs)
        return False
    assert not isinstance(ours, KifuError)
    assert (record.name, record.format) == (python.name, python.format)
    # (what reading found is read by Python on either path, when first asked for)
    assert not every or _said(record.findings) == _said(python.findings)
    assert len(ours) == len(theirs), text[:200]
    last = python.move_count
    for n in {None, 0, min(1, last), last // 2, last} if every else ():
        assert record.position(n) == python.position(n), (text[:200], n)
    for index, (one, other) in enumerate(zip(ours, theirs)):
        assert (one.number, one.move, one.events, one.variation) == \
            (other.number, other.move, other.events, other.variation), (text[:200], index)
        assert not every or (one.notation, one.comments) == (other.notation, other.comments)
        if (not every or index % every) and index != len(ours) - 1:
            continue
        mine, pure = one.position, other.position
        assert mine == pure and pure == mine and hash(mine) == hash(pure), (text[:200], index)
        assert mine.value_key() == pure.value_key() and repr(mine) == repr(pure)
        fields(record.game.name, mine, pure, bool(every))
    return served


def mutated(rng: random.Random, text: str) -> str:
    """``text`` after one to four of the fuzzing's mutations, read back as text."""
    chooser = RandomChooser(rng)
    data = text.encode("utf-8")
    for _ in range(rng.choice((1, 1, 2, 3, 4))):
        data = rng.choice(MUTATIONS)(chooser, data)[:64 * 1024]
    return data.decode("utf-8", errors="replace")


def _sanitizer_runtime() -> str | None:
    """The AddressSanitizer runtime gcc links against (to preload into an uninstrumented
    Python), or ``None``."""
    gcc = shutil.which("gcc")
    if gcc is None:
        return None
    found = subprocess.run([gcc, "-print-file-name=libasan.so"], capture_output=True, text=True)
    path = found.stdout.strip()
    return path if path and os.path.isabs(path) and os.path.exists(path) else None


def sanitized_core(source: Path, module: str, worker: Path, folder: Path,
                   count: int) -> subprocess.CompletedProcess[str]:
    """Build the C file ``source`` as the module ``module`` with the sanitizers into
    ``folder`` and run ``worker`` (which imports it from there, before kifu's) on ``count``
    inputs; the run, which the sanitizers stop at the first fault (skips without gcc and
    its AddressSanitizer runtime)."""
    runtime = _sanitizer_runtime()
    if runtime is None:
        pytest.skip("needs gcc with AddressSanitizer (libasan) to build the sanitized core")
    include = sysconfig.get_paths()["include"]
    suffix = sysconfig.get_config_var("EXT_SUFFIX")
    built = subprocess.run(
        ["gcc", "-std=c99", "-O1", "-g", "-fno-omit-frame-pointer", "-fPIC", "-shared",
         "-fsanitize=address,undefined", "-fno-sanitize-recover=undefined", f"-I{include}",
         f"-I{ROOT / 'kifu' / 'plugin'}", str(source), "-o", str(folder / f"{module}{suffix}")],
        capture_output=True, text=True, timeout=300)
    assert built.returncode == 0, built.stderr
    # (leaks are not looked for: the interpreter, not built for it, leaks at exit by design)
    env = dict(os.environ, LD_PRELOAD=runtime, PYTHONPATH=f"{folder}{os.pathsep}{ROOT}",
               ASAN_OPTIONS="detect_leaks=0:abort_on_error=1",
               UBSAN_OPTIONS="print_stacktrace=1:halt_on_error=1")
    ran = subprocess.run([sys.executable, str(worker), str(count)], capture_output=True,
                         text=True, env=env, timeout=900)
    assert ran.returncode == 0, ran.stderr[-4000:]
    assert "runtime error" not in ran.stderr and "AddressSanitizer" not in ran.stderr
    return ran
