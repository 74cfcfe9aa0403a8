"""What runs over a stream of files: a task per file, guarded so that no file ends a run.

A :class:`Task` is a small picklable value that turns one item (a file found) into its result
(reports, an output written) and says what to answer for an item that made kifu itself fail.
The runners (:mod:`kifu.run.runner`, :mod:`kifu.run.dask_backend`) send tasks and chunks of items to
wherever the work happens; :func:`run_chunk` is what runs there.
"""
from __future__ import annotations

import contextlib
import os
import signal
import time
from collections.abc import Iterator
from types import FrameType
from typing import Protocol, TypeAlias, TypeVar

Item = TypeVar("Item")
Result = TypeVar("Result")
Item_contra = TypeVar("Item_contra", contravariant=True)
Result_co = TypeVar("Result_co", covariant=True)


class Task(Protocol[Item_contra, Result_co]):
    """What a runner runs: picklable, so that worker processes and Dask workers get a copy."""

    def __call__(self, item: Item_contra, /) -> Result_co:
        """The result for one item."""

    def fault(self, item: Item_contra, reason: str, /) -> Result_co:
        """The result for an item that made kifu itself fail (``reason`` says how)."""

    def local(self, item: Item_contra, /) -> bool:
        """Whether the item must be handled in this process (standard input, say)."""

    def rooted(self, folder: str, /) -> Task[Item_contra, Result_co]:
        """The same task for a worker elsewhere: relative paths are taken from ``folder`` (this
        process's working folder), and results name files exactly as a local run would."""


class Pending(Protocol[Result_co]):
    """Work under way: a ``concurrent.futures`` future or a Dask one."""

    def result(self) -> Result_co: ...

    def cancel(self) -> bool: ...


def guarded(task: Task[Item, Result], item: Item) -> Result:
    """``task(item)``, or its fault report when kifu fails on the item, whatever the failure."""
    try:
        return task(item)
    except BrokenPipeError:
        raise  # the output's reader went away: the run ends, not this item
    except Exception as error:  # noqa: BLE001 - one file's bug must not end the run
        return task.fault(item, describe_fault(error))


def describe_fault(error: BaseException) -> str:
    """An internal error in one line, with the place in kifu's code it was raised."""
    import traceback  # only when kifu itself failed: every run imports this module

    frames = traceback.extract_tb(error.__traceback__)
    where = ""
    if frames:
        last = frames[-1]
        where = f" at {os.path.basename(last.filename)}:{last.lineno} in {last.name}"
    return f"{type(error).__name__}: {error}{where}"


#: What a chunk gives back: its items' results, in order, and the seconds its worker took
#: for them (by which the runner sizes the chunks after it: :class:`kifu.run.runner.Ordered`).
Done: TypeAlias = tuple[list[Result], float]


def run_chunk(task: Task[Item, Result], chunk: list[Item]) -> Done[Result]:
    """What a worker runs: a chunk of items, each guarded, timed."""
    global _busy
    if _stopping:  # a worker told to stop starts nothing more (its queue may hold chunks)
        raise Stopped(_stopping)
    _busy = True
    start = time.perf_counter()
    try:
        return [guarded(task, item) for item in chunk], time.perf_counter() - start
    finally:
        _busy = False
        if _stopping:  # stopped by a signal, every ``finally`` on the way run: end here
            os._exit(128 + _stopping)


class Stopped(BaseException):
    """A run stopped by a signal (Ctrl-C's SIGINT, SIGTERM from a CI runner or ``kill``).

    Raised where the program stands, so that every ``finally`` on the way runs: a temporary
    file being written is removed, workers are stopped, and kifu exits with ``status`` (128
    and the signal's number, as a shell reports a command a signal ended: 130, 143).  Not an
    ``Exception``: nothing that guards a single file may swallow it.
    """

    def __init__(self, signum: int) -> None:
        super().__init__(f"stopped by {signal.Signals(signum).name}")
        self.signum = signum
        self.status = 128 + signum


#: Whether this process is running a chunk, and the signal a worker was stopped by (it then
#: runs no other chunk).
_busy = False
_stopping = 0


def stop_on(signum: int, frame: FrameType | None) -> None:
    """The signal handler of kifu's processes: stop what runs (see :class:`Stopped`)."""
    raise Stopped(signum)


#: The signals that stop a run.
STOPPING = (signal.SIGINT, signal.SIGTERM)


@contextlib.contextmanager
def signals_held() -> Iterator[None]:
    """Hold SIGINT and SIGTERM back while worker processes may be forked: a worker starts
    with them held, so that none arrives before its own handlers are in place
    (:func:`worker_signals`); here they come as soon as the block ends."""
    if not hasattr(signal, "pthread_sigmask"):
        yield
        return
    held = signal.pthread_sigmask(signal.SIG_BLOCK, STOPPING)
    try:
        yield
    finally:
        signal.pthread_sigmask(signal.SIG_SETMASK, held)


def worker_signals() -> None:
    """Run in each worker process as it starts: SIGINT and SIGTERM stop the chunk it is working
    on through its ``finally`` blocks, and every chunk after it at once; a worker waiting for
    work goes on waiting, to be ended by the pool's shutdown like any other (a worker that
    died instead would break the pool, whose clean-up then trips over cancelled work, or leave
    a lock of the pool's queues taken).

    A second signal while the first one's ``finally`` blocks run is let be: raised there, it
    would cut them short and leave a temporary file behind (Ctrl-C reaches every process of
    the group, and kifu then stops its workers with SIGTERM, a second signal to each)."""

    def stop_worker(signum: int, frame: FrameType | None) -> None:
        global _stopping
        first = not _stopping
        _stopping = _stopping or signum
        if _busy and first:
            raise Stopped(signum)

    for signum in STOPPING:
        # A signal kifu was started with ignored (``kifu ... &`` in a script ignores SIGINT)
        # stays ignored: kifu itself goes on, and a worker that stopped on it alone left kifu
        # waiting for its work for ever.
        if signal.getsignal(signum) is not signal.SIG_IGN:
            signal.signal(signum, stop_worker)
    if hasattr(signal, "pthread_sigmask"):  # held while the worker was forked
        signal.pthread_sigmask(signal.SIG_UNBLOCK, STOPPING)
