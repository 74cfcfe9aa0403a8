"""A record as a reader of a file that may hold several (a collection) gives it: the record (or
``None`` when reading it failed), what reading found on the way, and the format's own form of
it for a lossless rewrite."""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from kifu.base.errors import KifuError
from kifu.base.record import Record


@dataclass
class Reading:
    """One record read from a file that may hold several (an SGF collection), with what the
    reading found on the way (located warnings, repairs, or the error that left ``record``
    ``None``) and the format's own form of it (``document``), for a lossless rewrite.

    ``label`` is the record's own name within the file where the format gives it one (a
    database's game id): the record is then named ``path#label`` rather than ``path#N``."""

    record: Record | None
    findings: list[KifuError] = field(default_factory=list)
    document: Any = None
    label: str | None = None
