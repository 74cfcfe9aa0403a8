"""Building large structures without the cycle collector.

Reading a record builds tens of thousands of small objects (nodes, moves, spans) that hold no
reference cycles and free themselves by reference counting.  The cycle collector would walk
them again and again as they are made, a third of the time of reading a game; it is paused
while one file is read and checked.
"""
from __future__ import annotations

import contextlib
import gc
from collections.abc import Iterator


@contextlib.contextmanager
def no_cycles() -> Iterator[None]:
    """Pause the cycle collector for the block (nesting is fine); what the block leaves in
    cycles is collected afterwards, as usual."""
    enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if enabled:
            gc.enable()
