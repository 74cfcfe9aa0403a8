"""Work done aside: in a process forked for it while this one goes on with its own, its results
read back when this one needs them.

The index's writer (:mod:`kifu.corpus.build`) is one process, since SQLite has one writer; at
the end of a run with ``--jobs``, what it computes rather than writes (the explorer's rows,
the occupancy bitmaps compressed) is done aside, by processes forked then, while it writes
the positions.  A fork sees the writer's memory as it was, without copying or sending it; the
results come back spooled to a temporary file (never all in memory, whatever their size).

Where there is no fork, where other threads run (a fork copies only the thread that forks,
and a lock another holds would never be released in the child), or where the caller asks
for one process, the work runs here when its results are asked for; a child that fails for
any reason has its work done again here, where its error (a damaged index, say) is raised
as it would have been.

Work whose results are asked for only at the very end can be done *behind* the parent: its
child runs at a lower priority (a higher ``nice``), so that where the processes outnumber the
cores the parent's own work, on which the end of the run waits, goes on at full speed and
the child takes what the parent leaves.
"""
from __future__ import annotations

import contextlib
import os
import pickle
import signal
import tempfile
import threading
from collections.abc import Callable, Iterable, Iterator
from typing import IO, Generic, TypeVar

Chunk = TypeVar("Chunk")


#: How much lower a child's priority is when its work is done behind the parent's (``nice``:
#: 10 of 19 gives it about a tenth of a core the parent wants as well).
BEHIND = 10


class Aside(Generic[Chunk]):
    """``work()``'s chunks (picklable), made in a forked process from the moment this is
    made (``parallel``) or here when :meth:`results` asks for them; ``behind``: in a child
    of lower priority, the parent's work first.  Use it as a context manager: leaving it
    ends the child if its results were never read."""

    def __init__(self, work: Callable[[], Iterable[Chunk]], parallel: bool,
                 behind: bool = False) -> None:
        self.work = work
        self.behind = behind
        self.child: int | None = None
        self.spool: IO[bytes] | None = None
        if parallel and hasattr(os, "fork") and threading.active_count() == 1:
            # closed by __exit__ (it outlives this call)
            self.spool = tempfile.TemporaryFile(prefix="kifu-aside-")  # noqa: SIM115
            self.child = os.fork()
            if self.child == 0:
                self._run_child(self.spool)

    def _run_child(self, spool: IO[bytes]) -> None:
        """The child's whole life: the chunks written to the spool, then an exit code (never
        a return into the parent's code, nor its clean-up: its connections stay the
        parent's)."""
        code = 1
        try:
            if self.behind:
                with contextlib.suppress(OSError):  # (a sandbox may refuse it: then at par)
                    os.nice(BEHIND)
            for chunk in self.work():
                pickle.dump(chunk, spool, pickle.HIGHEST_PROTOCOL)
            spool.flush()
            code = 0
        except BaseException:  # noqa: BLE001,S110 - the parent does the work again and says why
            pass
        finally:
            os._exit(code)

    def results(self) -> Iterator[Chunk]:
        """The chunks, in order: read back from the child's spool once it is done, or made
        here (no child, or one that failed)."""
        child, spool = self.child, self.spool
        self.child = None
        if child is None or spool is None:
            yield from self.work()
            return
        _, status = os.waitpid(child, 0)
        if not os.WIFEXITED(status) or os.WEXITSTATUS(status) != 0:
            yield from self.work()
            return
        spool.seek(0)
        while True:
            try:
                chunk = pickle.load(spool)
            except EOFError:
                return
            yield chunk

    def __enter__(self) -> Aside[Chunk]:
        return self

    def __exit__(self, *_: object) -> None:
        child, self.child = self.child, None
        if child is not None:  # never asked for (the run failed meanwhile): ended
            with contextlib.suppress(OSError):
                os.kill(child, signal.SIGKILL)
                os.waitpid(child, 0)
        if self.spool is not None:
            self.spool.close()
            self.spool = None
