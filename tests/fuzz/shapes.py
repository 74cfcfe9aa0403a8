"""What surrounds kifu's work, fuzzed: where its outputs go, folders that overlap, threads and
signals.  Each shape takes an input (as :func:`tests.fuzz.pipeline.exercise` does) and a
:class:`~tests.fuzz.corpus.Chooser` for its own choices, answers an
:class:`~tests.fuzz.pipeline.Outcome`, and raises a :class:`~tests.fuzz.pipeline.Defect` where
kifu broke a promise:

- ``targets``: each text kifu writes of the input (its notation, JSON, each interchange format)
  goes through :func:`kifu.run.outputs.write_atomic` onto a new file, an old file, a link to a
  file, a pipe, a link to the process's own standard output (``/proc/self/fd/1``) and, as
  root, a character device made with ``mknod`` in a temporary folder (never the real
  ``/dev``), sometimes under a size limit lowered so that the output is refused half-way.
  Each target gets the whole text, or nothing when kifu refuses it, and stays what it was (a
  pipe a pipe, a link a link to the same file, a device the same device); a batch's outputs
  refuse every target but a regular file and leave it alone; no temporary file is left.
- ``folders``: the input, beside a record of another game of the same stem and again in a
  folder below, converted (to its notation, JSON or SGF) and drawn with ``--output-dir`` equal
  to, above and below the folder read, each run twice (``tests/run/test_output_targets.py``
  holds the rules): nothing an input was changes, no temporary file is left, no traceback, and
  a folder converted into itself gives the same files and messages the second time.
- ``threads``: the input read and written from several threads at once reads and writes as
  from one.
- ``signals``: a batch of viewer pages of the input (with slower records beside it) stopped by
  SIGINT to its process group or SIGTERM to kifu alone: exit 130 or 143 (or the run's own
  status when it ended first), no temporary file, no process left, no index of a half run.
"""
from __future__ import annotations

import contextlib
import functools
import hashlib
import os
import shutil
import signal
import stat
import subprocess
import sys
import tempfile
import threading
import time
from collections.abc import Callable, Iterator
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

from kifu.base.errors import ConversionError, KifuError, OutputError
from kifu.base.record import Record
from kifu.plugin import GamePlugin, driver, registry
from kifu.reading.source import decode
from kifu.run import load
from kifu.run.ledger import NAME as LEDGER
from kifu.run.outputs import write_atomic
from tests.fuzz import corpus
from tests.fuzz.pipeline import Defect, Outcome
from tests.terminal import as_in_a_terminal

ROOT = Path(__file__).resolve().parents[2]
#: Records that take a while to draw, so that a signal comes while pages are being written.
SLOW = ROOT / "examples" / "freego" / "nineteen.sgf"
SHAPES = ("targets", "folders", "threads", "signals")


def exercise(shape: str, name: str, data: bytes, chooser: corpus.Chooser) -> Outcome:
    """Put one input through ``shape``; raise :class:`Defect` where kifu broke a promise."""
    return {"targets": targets, "folders": folders, "threads": threads,
            "signals": signals}[shape](name, data, chooser)


def _read(name: str, data: bytes) -> tuple[GamePlugin, Record] | Outcome:
    """The input's game and record, or kifu's answer when it has none."""
    try:
        text = decode(data, name).text
        game, fmt = registry.detect(text, name)
        return game, load.parse_as(game, fmt, text, name)
    except KifuError as error:
        return Outcome(registry.guess(name), f"kifu:{error.code}")


# -- targets -------------------------------------------------------------------------------

def targets(name: str, data: bytes, chooser: corpus.Chooser) -> Outcome:
    read = _read(name, data)
    if isinstance(read, Outcome):
        return read
    game, record = read
    refused = 0
    for to in ("native", "json", *game.formats()):
        try:
            whole = load.dump(game, record, to)
        except KifuError:
            continue  # a format that cannot say this record (a board SGF has no name for)
        limit = load.MAX_BYTES
        if chooser.integer(0, 2) == 0 and whole:  # refused half-way, by a lowered limit
            limit = chooser.integer(0, len(whole.encode("utf-8", "surrogateescape")) - 1)
        expected = whole if limit == load.MAX_BYTES else None
        with _limited(limit):
            refused += _write_everywhere(functools.partial(load.dump_pieces, game, record, to),
                                         expected, to)
    return Outcome(game.name, "kifu:conversion" if refused else "ok")


@contextlib.contextmanager
def _limited(limit: int) -> Iterator[None]:
    kept = load.MAX_BYTES
    load.MAX_BYTES = limit
    try:
        yield
    finally:
        load.MAX_BYTES = kept


def _write_everywhere(pieces: Callable[[], Any], whole: str | None, to: str) -> int:
    """Write ``pieces()`` onto every kind of target, each afresh; ``whole``: the text each must
    end with (``None``: refused, each keeps what it had).  How many were refused."""
    expected = None if whole is None else whole.encode("utf-8", "surrogateescape")
    refused = 0
    with tempfile.TemporaryDirectory() as folder_name:
        folder = Path(folder_name)
        old = folder / "old.txt"
        old.write_bytes(b"old\n")
        link = folder / "link.txt"
        link.symlink_to(old)
        new = folder / "new.txt"
        for target, before in ((new, None), (old, b"old\n"), (link, b"old\n")):
            refused += _write(target, pieces, to)
            got = old.read_bytes() if target == link else \
                (target.read_bytes() if target.exists() else None)
            _expect(got, expected if expected is not None else before, f"{to} onto {target.name}")
            if target == link and not link.is_symlink():
                raise Defect(f"{to}: writing through a link replaced the link")
            old.write_bytes(b"old\n")
        refused += _into_pipe(folder, pieces, expected, to)
        refused += _into_own_stdout(folder, pieces, expected, to)
        refused += _into_device(folder, pieces, to)
        _refused_by_a_batch(folder, pieces, to)
        leftovers = [p.name for p in folder.iterdir() if p.name.endswith(".tmp")]
        if leftovers:
            raise Defect(f"{to}: temporary files left behind: {leftovers}")
    return refused


def _write(target: Path, pieces: Callable[[], Any], to: str) -> int:
    try:
        write_atomic(str(target), pieces())
    except ConversionError:
        return 1
    return 0


def _expect(got: bytes | None, expected: bytes | None, what: str) -> None:
    if got != expected:
        shown = None if got is None else got[:200]
        raise Defect(f"{what}: got {shown!r} ({None if got is None else len(got)} bytes), "
                     f"expected {None if expected is None else len(expected)} bytes")


def _into_pipe(folder: Path, pieces: Callable[[], Any], expected: bytes | None, to: str) -> int:
    """A pipe gets the whole text or nothing, and stays a pipe."""
    pipe = folder / "pipe"
    os.mkfifo(pipe)
    reader = os.open(pipe, os.O_RDONLY | os.O_NONBLOCK)  # so that kifu's open never waits
    got: list[bytes] = []
    done = threading.Event()

    def drain() -> None:
        while True:
            finished = done.is_set()  # then all that was written is in the pipe: read it all
            try:
                chunk = os.read(reader, 1 << 16)
            except BlockingIOError:
                time.sleep(0.001)
                continue
            if chunk:
                got.append(chunk)
            elif finished:
                return
            else:
                time.sleep(0.001)

    thread = threading.Thread(target=drain, daemon=True)
    thread.start()
    try:
        refused = _write(pipe, pieces, to)
    finally:
        done.set()
        thread.join(30)
        os.close(reader)
    _expect(b"".join(got), expected if expected is not None else b"", f"{to} into a pipe")
    if not stat.S_ISFIFO(pipe.lstat().st_mode):
        raise Defect(f"{to}: the pipe is no longer a pipe")
    pipe.unlink()
    return refused


def _into_own_stdout(folder: Path, pieces: Callable[[], Any], expected: bytes | None,
                     to: str) -> int:
    """A link to ``/proc/self/fd/1`` writes kifu's standard output (here a file) and stays."""
    link = folder / "stdout"
    link.symlink_to("/proc/self/fd/1")
    sys.stdout.flush()
    saved = os.dup(1)
    with tempfile.TemporaryFile() as captured:
        os.dup2(captured.fileno(), 1)
        try:
            refused = _write(link, pieces, to)
        finally:
            os.dup2(saved, 1)
            os.close(saved)
        captured.seek(0)
        _expect(captured.read(), expected if expected is not None else b"",
                f"{to} through a link to /proc/self/fd/1")
    if os.readlink(link) != "/proc/self/fd/1":
        raise Defect(f"{to}: the link to standard output was replaced")
    link.unlink()
    return refused


def _into_device(folder: Path, pieces: Callable[[], Any], to: str) -> int:
    """A character device (a null device made in the temporary folder, as root) is written in
    place and stays the same device."""
    device = folder / "null"
    try:
        os.mknod(device, 0o666 | stat.S_IFCHR, os.makedev(1, 3))
    except PermissionError:
        return 0  # not root: no device of our own
    refused = _write(device, pieces, to)
    mode = device.lstat()
    if not stat.S_ISCHR(mode.st_mode) or mode.st_rdev != os.makedev(1, 3):
        raise Defect(f"{to}: the character device was replaced")
    device.unlink()
    return refused


def _refused_by_a_batch(folder: Path, pieces: Callable[[], Any], to: str) -> None:
    """A batch's output (``in_place=False``) onto anything but a regular file is refused and
    leaves it alone."""
    made: list[Path] = []
    pipe = folder / "batch-pipe"
    os.mkfifo(pipe)
    made.append(pipe)
    victim = folder / "victim.txt"
    victim.write_bytes(b"mine\n")
    link = folder / "batch-link"
    link.symlink_to(victim)
    made.append(link)
    out = folder / "batch-out"
    out.symlink_to("/proc/self/fd/1")
    made.append(out)
    with contextlib.suppress(PermissionError):
        os.mknod(folder / "batch-null", 0o666 | stat.S_IFCHR, os.makedev(1, 3))
        made.append(folder / "batch-null")
    for target in made:
        try:
            write_atomic(str(target), pieces(), in_place=False)
        except (OutputError, ConversionError):  # refused as a target, or as too large
            continue
        raise Defect(f"{to}: a batch wrote onto {target.name}, which is not a regular file")
    if victim.read_bytes() != b"mine\n" or not link.is_symlink() or \
            not stat.S_ISFIFO(pipe.lstat().st_mode):
        raise Defect(f"{to}: a batch's refused output changed its target")
    for target in [*made, victim]:
        target.unlink()


# -- folders -------------------------------------------------------------------------------

def folders(name: str, data: bytes, chooser: corpus.Chooser) -> Outcome:
    from click.testing import CliRunner

    from kifu.commands.cli import main

    read = _read(name, data)
    game = read[0].name if isinstance(read, tuple) else read.game
    suffix = Path(name).suffix or ".txt"
    other = chooser.choice([seed for seed in corpus.seeds()
                            if Path(seed.name).suffix != suffix])
    runner = CliRunner()
    statuses = []
    with tempfile.TemporaryDirectory() as root_name:
        root = Path(root_name)
        records = root / "in"
        (records / "sub").mkdir(parents=True)
        (records / f"x{suffix}").write_bytes(data)
        (records / f"x{Path(other.name).suffix}").write_bytes(other.data)
        (records / "sub" / f"x{suffix}").write_bytes(data)
        inputs = _digests(root)
        target = chooser.choice(["native", "json", "sgf"])
        command = chooser.choice([["convert", "--to", target], ["render", "-f", "text"],
                                  ["render", "-f", "svg"], ["render", "-f", "html"]])
        for out in ("in", ".", "in/out"):
            first = _run(runner, main, root, [*command, "--jobs", "1", "--output-dir", out,
                                              "in"])
            after_first = _digests(root)
            second = _run(runner, main, root, [*command, "--jobs", "1", "--output-dir", out,
                                               "in"])
            statuses.append(first[0])
            now = _digests(root)
            changed = [p for p, digest in inputs.items() if now.get(p) != digest]
            if changed:
                raise Defect(f"{' '.join(command)} --output-dir {out} changed or removed the "
                             f"inputs {changed}")
            if out == "in" and (now != after_first or first != second):
                raise Defect(f"{' '.join(command)} of a folder into itself differed the second "
                             f"time:\n{first}\n{second}\n{sorted(set(now) ^ set(after_first))}")
            for path in root.rglob("*"):
                if path.name.endswith(".tmp"):
                    raise Defect(f"a temporary file was left: {path.relative_to(root)}")
            for path in list(root.iterdir()) + list(records.rglob("*")):
                if path.relative_to(root).as_posix() not in inputs and path.is_file() and \
                        path.name != LEDGER:
                    path.unlink()  # the next layout starts from the inputs alone
    worst = max(statuses)
    return Outcome(game, "ok" if worst == 0 else f"exit:{worst}")


def _run(runner: Any, main: Any, folder: Path, args: list[str]) -> tuple[int, str]:
    with contextlib.chdir(folder):
        result = runner.invoke(main, args, catch_exceptions=True)
    if result.exception is not None and not isinstance(result.exception, SystemExit):
        raise Defect(f"kifu {' '.join(args)} raised {type(result.exception).__name__}: "
                     f"{result.exception}")
    output = result.output
    if "Traceback" in output or result.exit_code not in (0, 1, 2):
        raise Defect(f"kifu {' '.join(args)} exited {result.exit_code}:\n{output[-2000:]}")
    return result.exit_code, result.stderr


def _digests(root: Path) -> dict[str, str]:
    return {p.relative_to(root).as_posix(): hashlib.sha256(p.read_bytes()).hexdigest()
            for p in sorted(root.rglob("*")) if p.is_file() and p.name != LEDGER}


# -- threads -------------------------------------------------------------------------------

THREADS = 4


def threads(name: str, data: bytes, chooser: corpus.Chooser) -> Outcome:
    """The input read, checked and written (JSON) from several threads at once."""
    def once() -> str:
        read = _read(name, data)
        if isinstance(read, Outcome):
            return read.result
        game, record = read
        problems, moves = driver.check(game, record)
        try:
            written = load.dump(game, record, "json")
        except KifuError as error:
            written = error.describe()
        return repr([p.describe() for p in problems]) + f"{moves}\n" + written

    alone = once()
    start = threading.Barrier(THREADS)

    def together(_: int) -> str:
        start.wait()
        return once()

    with ThreadPoolExecutor(THREADS) as pool:
        results = list(pool.map(together, range(THREADS)))
    differ = [r for r in results if r != alone]
    if differ:
        raise Defect(f"{len(differ)} of {THREADS} threads read the input otherwise than one "
                     f"thread alone:\n{differ[0][:1000]}\n---\n{alone[:1000]}")
    read = _read(name, data)
    return read if isinstance(read, Outcome) else Outcome(read[0].name, "ok")


# -- signals -------------------------------------------------------------------------------

def signals(name: str, data: bytes, chooser: corpus.Chooser) -> Outcome:
    """A batch of viewer pages (the input among slow records) stopped by a signal."""
    signum = chooser.choice([signal.SIGINT, signal.SIGTERM])
    to_group = signum == signal.SIGINT
    jobs = chooser.choice(["1", "2"])
    delay = chooser.integer(0, 15) / 10  # seconds once the run writes its first page
    with tempfile.TemporaryDirectory() as root_name:
        root = Path(root_name)
        records = root / "in"
        records.mkdir()
        (records / f"a-input{Path(name).suffix}").write_bytes(data)
        for number in range(8):
            shutil.copy(SLOW, records / f"slow{number}.sgf")
        out = root / "site"
        run = subprocess.Popen([sys.executable, "-m", "kifu", "render", "-q", "-f", "html",
                                "--jobs", jobs, "--output-dir", str(out), str(records)],
                               stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, cwd=ROOT,
                               start_new_session=True, preexec_fn=as_in_a_terminal)
        # Once kifu is at work (a signal in the interpreter's own start-up is Python's): its
        # output folder made for the first page, then a moment more.
        deadline = time.monotonic() + 30
        while time.monotonic() < deadline and run.poll() is None and not out.exists():
            time.sleep(0.01)
        deadline = time.monotonic() + delay
        while time.monotonic() < deadline and run.poll() is None:
            time.sleep(0.01)
        with contextlib.suppress(ProcessLookupError):
            if to_group:
                os.killpg(run.pid, signum)
            else:
                os.kill(run.pid, signum)
        try:
            status = run.wait(timeout=30)
        except subprocess.TimeoutExpired:
            os.killpg(run.pid, signal.SIGKILL)
            run.wait()
            raise Defect(f"kifu did not end within 30 s of {signum.name}") from None
        finally:
            assert run.stderr is not None
            errors = run.stderr.read().decode("utf-8", "replace")
            run.stderr.close()
        _no_process_left(run.pid, signum)
        stopped = status == 128 + signum
        if not stopped and status not in (0, 1, 2):
            raise Defect(f"kifu stopped by {signum.name} exited {status}:\n{errors[-2000:]}")
        if "Traceback" in errors:
            raise Defect(f"a traceback after {signum.name}:\n{errors[-2000:]}")
        if stopped and f"stopped by {signum.name}" not in errors:
            raise Defect(f"kifu exited {status} without saying it was stopped")
        left = [p.name for p in out.rglob("*") if p.name.endswith(".tmp")] if out.exists() \
            else []
        if left:
            raise Defect(f"temporary files left after {signum.name}: {left}")
        if stopped and (out / "index.html").exists():
            raise Defect(f"an index of a run stopped by {signum.name} was written")
    return Outcome(registry.guess(name), f"signal:{'stopped' if stopped else 'finished'}")


def _no_process_left(group: int, signum: signal.Signals) -> None:
    deadline = time.monotonic() + 5
    while time.monotonic() < deadline:
        try:
            os.killpg(group, 0)
        except ProcessLookupError:
            return
        time.sleep(0.05)
    os.killpg(group, signal.SIGKILL)
    raise Defect(f"processes of the run were left after {signum.name}")
