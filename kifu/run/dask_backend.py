"""Running kifu's work on a Dask distributed cluster (``--scheduler tcp://host:8786``).

Imported only when a scheduler is named, so that Dask stays an optional extra
(``pip install '.[dask]'`` in kifu's checkout).  The cluster runs the very task a local run
would, chunk by chunk, and this process puts the results back in input order; so the output and
the exit status of a run do not depend on where it ran.

Workers open the files by path: they must see the same files as this machine (a shared file
system, or the same checkout at the same place).  Relative paths are resolved against this
process's working folder, and reports name the files exactly as given.
"""
from __future__ import annotations

import contextlib
import os
import socket
from typing import TypeVar

from kifu.base.errors import OptionError
from kifu.base.extras import install_hint
from kifu.run.tasks import Done, Pending, Task, run_chunk

Item = TypeVar("Item")
Result = TypeVar("Result")

#: Seconds to wait for a scheduler before giving up with a usage error (a closed port is
#: told at once).
CONNECT_TIMEOUT = 10


def _knock(address: str) -> None:
    """Open and close a TCP connection to a ``tcp://host:port`` scheduler, so that nobody
    listening is told at once (Dask's client retries until its timeout)."""
    scheme, _, rest = address.rpartition("://")
    if scheme not in ("", "tcp"):
        return  # another transport: Dask's client is asked directly
    host, _, port = rest.rpartition(":")
    if not port.isdigit():
        raise ValueError("an address is tcp://HOST:PORT")
    with socket.create_connection((host.strip("[]") or "localhost", int(port)),
                                  timeout=CONNECT_TIMEOUT):
        pass


class DaskCluster:
    """A :class:`kifu.run.runner.Backend` on a running Dask scheduler."""

    def __init__(self, address: str, ahead: int) -> None:
        try:
            from distributed import Client
        except ImportError:
            raise OptionError(f"--scheduler needs Dask distributed: {install_hint('dask')}",
                              option="--scheduler") from None
        try:
            _knock(address)
            self.client = Client(address, timeout=CONNECT_TIMEOUT)
        except (OSError, TimeoutError, ValueError) as error:
            raise OptionError(f"cannot reach the Dask scheduler at {address} (waited at most "
                              f"{CONNECT_TIMEOUT} s): {error}", option="--scheduler") from None
        threads = sum(self.client.nthreads().values())
        self.slots = max(1, threads) * ahead  # chunks in flight: ``ahead`` per worker thread
        self.folder = os.getcwd()

    def submit(self, task: Task[Item, Result], chunk: list[Item]) -> Pending[Done[Result]]:
        work: Pending[Done[Result]] = self.client.submit(run_chunk, task.rooted(self.folder),
                                                         chunk, pure=False)
        return work

    def recover(self, task: Task[Item, Result], chunk: list[Item], error: BaseException) -> list[Result]:
        """The cluster gave up on a chunk (its workers kept dying): each file is a fault."""
        reason = f"the Dask cluster could not run it: {type(error).__name__}: {error}"
        return [task.fault(item, reason) for item in chunk]

    def close(self) -> None:
        self.client.close()

    def stop(self) -> None:
        """Stop at once: the work this run sent is cancelled and the client closed."""
        with contextlib.suppress(Exception):  # the cluster may be gone already
            self.client.cancel(list(self.client.futures.values()), force=True)
        self.client.close()
