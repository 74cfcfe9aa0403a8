"""What runs over a stream of files: a task per file, guarded so that no file ends a run.

A :class:`Task` is a small picklable value that turns one item (a file found) into its result
(reports, an output written) and says what to answer for an item that made kifu itself fail.
The runners (:mod:`kifu.run.runner`, :mod:`kifu.run.dask_backend`) send tasks and chunks of items to
wherever the work happens; :func:`run_chunk` is what runs there.
"""
from __future__ import annotations

import os
import traceback
from typing import Protocol, TypeVar

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
    frames = traceback.extract_tb(error.__traceback__)
    where = ""
    if frames:
        last = frames[-1]
        where = f" at {os.path.basename(last.filename)}:{last.lineno} in {last.name}"
    return f"{type(error).__name__}: {error}{where}"


def run_chunk(task: Task[Item, Result], chunk: list[Item]) -> list[Result]:
    """What a worker runs: a chunk of items, each guarded."""
    return [guarded(task, item) for item in chunk]
