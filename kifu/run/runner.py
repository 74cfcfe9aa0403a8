"""Running one task over a stream of files: in this process, in local processes, or on a Dask
cluster, with the results always in the order of the input.

Work goes out in small chunks and only a bounded number of chunks is in flight, so a stream of
a million files costs the same memory as a stream of a hundred.  A task never raises: a file
that makes kifu fail is answered by :meth:`Task.fault`, and a worker process that dies (a crash
in native code, the memory killer) costs only the files it was working on, each retried alone
in a fresh process and reported as an internal error if it fails again.
"""
from __future__ import annotations

import contextlib
import os
import time
import weakref
from collections import deque
from collections.abc import Callable, Iterable, Iterator
from itertools import islice
from typing import TYPE_CHECKING, Any, Generic, Protocol, TypeVar

from kifu.run.tasks import Done, Pending, Task, guarded, run_chunk, signals_held, worker_signals

if TYPE_CHECKING:
    from concurrent.futures import Future, ProcessPoolExecutor

Item = TypeVar("Item")
Result = TypeVar("Result")

#: Files sent to a worker at once at first.  Each chunk costs this process about 0.3 ms of
#: the pool's work whatever its size, so the chunks after are sized by the time the chunks
#: before took their workers (:data:`SPAN`), unless the task says its size (its ``chunk``).
CHUNK = 8
#: The seconds of a worker's time a chunk is sized to take: long enough that the pool's
#: work for it is a few hundredths of it, short enough that the last chunks of a run end
#: together.  (At 8 files a chunk, ``kifu validate -j 2`` of 200,000 small record files
#: took longer than ``-j 1``: a file took its worker 40 us, its chunk this process more
#: than all its files took there.)
SPAN = 0.02
#: The most files a chunk holds, so that the work in flight stays small
#: (:data:`AHEAD` chunks a worker).
MOST = 256
#: Chunks in flight per worker: enough to keep every worker busy, few enough to keep memory flat.
AHEAD = 4
#: Seconds a stopped worker has to end its chunk (its ``finally`` blocks) before it is killed.
GRACE = 5.0


class Backend(Protocol):
    """Somewhere chunks run: ``submit`` starts one, ``slots`` says how many may be in flight."""

    slots: int

    def submit(self, task: Task[Item, Result], chunk: list[Item]) -> Pending[Done[Result]]: ...

    def recover(self, task: Task[Item, Result], chunk: list[Item], error: BaseException) -> list[Result]: ...

    def close(self) -> None: ...

    def stop(self) -> None: ...


#: The backends of the runs under way in this process, so that a signal can stop their workers
#: (:func:`stop_all`) whatever the program was doing when it came.
_live: weakref.WeakSet[Any] = weakref.WeakSet()


def stop_all() -> None:
    """Stop every run under way at once: workers stopped, pending work cancelled.  The command
    line calls it when a signal ends kifu."""
    for backend in list(_live):
        _live.discard(backend)
        backend.stop()


class Processes:
    """Local worker processes (fork where the platform has it, so start-up is cheap)."""

    def __init__(self, jobs: int) -> None:
        # Imported here: a run in this process (--jobs 1) starts faster without them.
        from concurrent.futures.process import BrokenProcessPool

        self.jobs = jobs
        self.slots = jobs * AHEAD
        self._died = BrokenProcessPool
        self._pool = self._start()

    def _start(self) -> ProcessPoolExecutor:
        import multiprocessing
        from concurrent.futures import ProcessPoolExecutor

        methods = multiprocessing.get_all_start_methods()
        context = multiprocessing.get_context("fork" if "fork" in methods else "spawn")
        pool = ProcessPoolExecutor(self.jobs, mp_context=context, initializer=worker_signals)
        _widened(getattr(getattr(pool, "_result_queue", None), "_writer", None))
        return pool

    def submit(self, task: Task[Item, Result], chunk: list[Item]) -> Future[Done[Result]]:
        try:
            with signals_held():  # a worker forked here starts with them held: see worker_signals
                return self._pool.submit(run_chunk, task, chunk)
        except self._died:
            self._restart()
            with signals_held():
                return self._pool.submit(run_chunk, task, chunk)

    def recover(self, task: Task[Item, Result], chunk: list[Item], error: BaseException) -> list[Result]:
        """A worker died: retry each item of the chunk alone, so that only the culprit fails."""
        if not isinstance(error, self._died):
            raise error
        results = []
        for item in chunk:
            self._restart_if_broken()
            try:
                results.extend(self._pool.submit(run_chunk, task, [item]).result()[0])
            except self._died:
                self._restart()
                results.append(task.fault(item, "the worker process checking it died "
                                                "(a crash or the memory limit)"))
        return results

    def _restart_if_broken(self) -> None:
        if getattr(self._pool, "_broken", False):
            self._restart()

    def _restart(self) -> None:
        """A new pool for a broken one, whose workers are ended first: the pool sends them
        SIGTERM, which a worker between chunks lets be (:func:`~kifu.run.tasks.worker_signals`),
        and one blocked sending a result nobody reads any more then kept the broken pool's
        thread, and kifu's exit, waiting for ever (a worker of ``kifu index -j 2`` sent
        SIGTERM alone: 1 run in 2)."""
        _end(self._pool)
        self._pool = self._start()

    def close(self) -> None:
        self._pool.shutdown(wait=True, cancel_futures=True)

    def stop(self) -> None:
        """Stop at once: each worker is sent SIGTERM (the chunk it runs ends through its
        ``finally`` blocks, an idle worker goes on waiting), the pool is shut down, and a worker
        still there after :data:`GRACE` seconds is killed.

        A worker that exits on the signal may leave a lock of the pool's queues taken (it was
        waiting for work, or sending a result): another worker would then wait for that lock
        for ever, deaf to signals already spent, and the pool's shutdown with it; so a worker
        is killed when the grace runs out, whatever it holds."""
        _end(self._pool)


#: The room of the pipe that brings the workers' results back, where the system lets it be
#: set (Linux: at most ``/proc/sys/fs/pipe-max-size``, 1 MiB unless raised).
RESULTS_PIPE = 1 << 20


def _widened(end: Any) -> None:
    """The pipe of the connection ``end`` given :data:`RESULTS_PIPE` of room, where the
    system lets it (else left as it is).  A chunk's results outgrow a pipe's usual 64 KiB
    (the index's of 32 files of long games: 160 KiB), and a worker then waits, its chunk
    sent in part, until this process reads the rest, which it does between its own work
    (the pool reads in a thread of its own, which waits for the interpreter's lock): wider,
    a worker sends it at once and goes on (``kifu index -j 2`` of 10,000 such files: 0.96
    of the time)."""
    try:
        import fcntl
    except ImportError:  # Windows
        return
    widen = getattr(fcntl, "F_SETPIPE_SZ", None)  # Linux, Python 3.10 on
    if widen is None or end is None:
        return
    with contextlib.suppress(OSError, ValueError, AttributeError):
        fcntl.fcntl(end.fileno(), widen, RESULTS_PIPE)


def _end(pool: ProcessPoolExecutor) -> None:
    """End ``pool`` now: each worker is sent SIGTERM (a chunk under way ends through its
    ``finally`` blocks), one still there after :data:`GRACE` seconds is killed (it runs no
    chunk then: it waits for work, or to hand back a result), and the pool is shut down."""
    processes = list((getattr(pool, "_processes", None) or {}).values())
    for process in processes:
        with contextlib.suppress(OSError, ValueError):
            process.terminate()
    deadline = time.monotonic() + GRACE
    for process in processes:
        with contextlib.suppress(OSError, ValueError, AssertionError):
            process.join(max(0.0, deadline - time.monotonic()))
            if process.is_alive():
                process.kill()
                process.join(GRACE)
    pool.shutdown(wait=True, cancel_futures=True)


class Ordered(Generic[Item, Result]):
    """Runs ``task`` over ``items`` on a backend and yields ``(item, result)`` in input order,
    in chunks of the task's size, else of :data:`CHUNK` files at first and then of as many
    as take a worker about :data:`SPAN` seconds (:func:`sized`)."""

    def __init__(self, task: Task[Item, Result], backend: Backend) -> None:
        self.task, self.backend = task, backend
        self.fixed = getattr(task, "chunk", None)
        #: The files of the next chunk.
        self.size: int = self.fixed or CHUNK
        _live.add(backend)

    def __call__(self, items: Iterable[Item]) -> Iterator[tuple[Item, Result]]:
        pending: deque[tuple[list[Item], Pending[Done[Result]] | list[Result]]] = deque()
        finished = False
        try:
            for chunk in _chunks(items, self.task, lambda: self.size):
                if self.task.local(chunk[0]):
                    pending.append((chunk, run_chunk(self.task, chunk)[0]))
                else:
                    pending.append((chunk, self.backend.submit(self.task, chunk)))
                while len(pending) > self.backend.slots:
                    yield from self._finish(*pending.popleft())
            while pending:
                yield from self._finish(*pending.popleft())
            finished = True
        finally:
            if self.backend in _live:  # not stopped by a signal meanwhile
                _live.discard(self.backend)
                # A run cut short (a signal, a reader gone) stops its workers at once, their
                # work cancelled by the backend itself (a future cancelled here first, then
                # failed by a pool that a stopped worker broke, made the pool's own thread
                # print a traceback); one that finished lets them end as they do.
                self.backend.close() if finished else self.backend.stop()
            for _, work in pending:
                if not isinstance(work, list):
                    work.cancel()

    def _finish(self, chunk: list[Item],
                work: Pending[Done[Result]] | list[Result]) -> Iterator[tuple[Item, Result]]:
        if isinstance(work, list):
            results = work
        else:
            try:
                results, seconds = work.result()
            except Exception as error:  # noqa: BLE001 - a lost worker costs only its files
                results = self.backend.recover(self.task, chunk, error)
            else:
                if self.fixed is None:
                    self.size = sized(len(chunk), seconds)
        yield from zip(chunk, results)


def sized(files: int, seconds: float) -> int:
    """The files of a chunk that takes a worker about :data:`SPAN` seconds, where ``files``
    took it ``seconds`` (from 1 to :data:`MOST`)."""
    if seconds <= 0:
        return MOST
    return max(1, min(MOST, int(files * SPAN / seconds)))


def _chunks(items: Iterable[Item], task: Task[Item, Result],
            size: Callable[[], int]) -> Iterator[list[Item]]:
    """Chunks of ``size()`` items each, asked as each chunk's first item comes (after the
    chunk before it was sent, and the runner has heard back from those before); an item that
    must stay local travels alone."""
    held: list[Item] = []
    limit = 0
    for item in items:
        if task.local(item):
            if held:
                yield held
                held = []
            yield [item]
            continue
        if not held:
            limit = size()
        held.append(item)
        if len(held) >= limit:
            yield held
            held = []
    if held:
        yield held


def cores() -> int:
    """The cores this process may run on: more worker processes than that only cost memory."""
    try:
        return len(os.sched_getaffinity(0)) or 1
    except AttributeError:  # no affinity on this platform
        return os.cpu_count() or 1


def run(task: Task[Item, Result], items: Iterable[Item], *, jobs: int | None = None,
        scheduler: str | None = None,
        small: int | None = None) -> Iterator[tuple[Item, Result]]:
    """``(item, task(item))`` for every item, in order.

    ``scheduler`` (a Dask scheduler's address) runs the work on that cluster; else ``jobs``
    local processes (all cores when ``None``, never more than the cores) run it, or this
    process alone when ``jobs`` is 1 or the stream turns out to hold fewer than ``small``
    items (two per worker by default), where starting workers would cost more than it saves.
    """
    if scheduler is not None:
        # Only when asked for: Dask is an optional extra.
        from kifu.run.dask_backend import DaskCluster

        yield from Ordered(task, DaskCluster(scheduler, AHEAD))(items)
        return
    jobs = min(jobs or cores(), cores())
    iterator = iter(items)
    first = list(islice(iterator, (small or 2 * jobs) if jobs > 1 else 0))
    remote = [item for item in first if not task.local(item)]
    if jobs == 1 or len(first) < (small or 2 * jobs) or len(remote) < 2:
        for item in _chain(first, iterator):
            yield item, guarded(task, item)
        return
    yield from Ordered(task, Processes(jobs))(_chain(first, iterator))


def _chain(first: list[Item], rest: Iterator[Item]) -> Iterator[Item]:
    yield from first
    yield from rest
