"""A progress line for long runs: files done, the rate, and an ETA once the total is known.

A streamed run does not know how many files it holds.  :class:`LazyCount` walks the same paths
a second time, a few dozen entries for each file done, so the total is known after a small part
of the run at the cost of reading directory entries twice, with no thread and no list: until
then the line shows the rate alone.
"""
from __future__ import annotations

import time
from collections.abc import Callable, Iterator
from typing import TextIO


def is_terminal(stream: TextIO | None) -> bool:
    """Whether ``stream`` is a terminal; a standard stream that was closed when kifu started
    (``kifu validate DIR >&-``: Python then holds ``None`` for it) is none."""
    return stream is not None and stream.isatty()


#: Directory entries counted for each file done: the total is known after ~1/STEP of a run.
STEP = 50
#: Seconds between two redraws of the line.
REDRAW = 0.2


class LazyCount:
    """Counts the items of an iterator a few at a time; ``total`` is ``None`` until done."""

    def __init__(self, items: Iterator[object], step: int = STEP) -> None:
        self._items: Iterator[object] | None = items
        self._step = step
        self.seen = 0

    @property
    def total(self) -> int | None:
        return self.seen if self._items is None else None

    def advance(self) -> None:
        if self._items is None:
            return
        for _ in range(self._step):
            if next(self._items, None) is None:
                self._items = None
                return
            self.seen += 1


class Progress:
    """Draws ``label  done/total  rate/s  ETA m:ss`` on a terminal, redrawn in place."""

    def __init__(self, stream: TextIO, label: str, count: LazyCount | None = None,
                 clock: Callable[[], float] = time.monotonic) -> None:
        self.stream, self.label, self.count, self.clock = stream, label, count, clock
        self.done = 0
        self.started = clock()
        self._drawn = 0.0
        self._width = 0

    def step(self, files: int = 1) -> None:
        """``files`` more are done; redraw if it is time to."""
        self.done += files
        if self.count is not None:
            self.count.advance()
        now = self.clock()
        if now - self._drawn >= REDRAW:
            self._drawn = now
            self._draw(self.line(now))

    def line(self, now: float) -> str:
        """The progress line as it stands at time ``now``."""
        elapsed = max(now - self.started, 1e-9)
        rate = self.done / elapsed
        total = self.count.total if self.count is not None else None
        parts = [self.label, f"{self.done:,}" + (f"/{total:,}" if total is not None else "")
                 + " files", f"{rate:,.0f} files/s"]
        if total is not None and rate > 0:
            parts.append("ETA " + clock_time(max(total - self.done, 0) / rate))
        return "  ".join(parts)

    def close(self) -> None:
        """Clear the line, leaving the terminal as it was."""
        if self._width:
            self.stream.write("\r" + " " * self._width + "\r")
            self.stream.flush()

    def _draw(self, line: str) -> None:
        self.stream.write("\r" + line.ljust(self._width))
        self.stream.flush()
        self._width = max(self._width, len(line))


#: Seconds one piece of work runs before it says how far it has got: most are done by then.
LONG_WORK = 2.0


class WorkProgress(Progress):
    """How far one long piece of work has got (a record of tens of thousands of positions,
    drawn or replayed): ``label  done/total unit  rate/s  ETA m:ss``, redrawn in place, and
    nothing at all until it has run :data:`LONG_WORK` seconds.  ``total`` may grow as the
    work finds more to do (the records of a collection, one after another)."""

    def __init__(self, stream: TextIO, label: str, unit: str, total: int = 0,
                 clock: Callable[[], float] = time.monotonic, after: float | None = None) -> None:
        super().__init__(stream, label, None, clock)
        self.unit, self.total = unit, total
        self.after = LONG_WORK if after is None else after

    def expect(self, more: int) -> None:
        """``more`` items of work found: the total grows by them."""
        self.total += more

    def step(self, files: int = 1) -> None:
        self.done += files
        now = self.clock()
        if now - self.started >= self.after and now - self._drawn >= REDRAW:
            self._drawn = now
            self._draw(self.line(now))

    def line(self, now: float) -> str:
        rate = self.done / max(now - self.started, 1e-9)
        parts = [self.label, f"{self.done:,}/{self.total:,} {self.unit}",
                 f"{rate:,.0f} {self.unit}/s"]
        if rate > 0:
            parts.append("ETA " + clock_time(max(self.total - self.done, 0) / rate))
        return "  ".join(parts)


def clock_time(seconds: float) -> str:
    """``m:ss``, or ``h:mm:ss`` from an hour on."""
    whole = int(seconds + 0.5)
    hours, rest = divmod(whole, 3600)
    minutes, secs = divmod(rest, 60)
    return f"{hours}:{minutes:02d}:{secs:02d}" if hours else f"{minutes}:{secs:02d}"
