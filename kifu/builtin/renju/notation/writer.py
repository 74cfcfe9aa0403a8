"""Writing a record in Renju's notation: headers (then the set-up's), a blank line, ten moves a
line, numbered unless the dialect is ``plain``."""
from __future__ import annotations

from collections.abc import Iterator

from kifu.builtin.renju import setup
from kifu.plugin import Record, record_pieces


def write(record: Record, dialect: str | None = None) -> str:
    """The record in canonical notation: headers (then the set-up's), a blank line, ten moves a
    line, numbered unless the dialect is ``plain``."""
    return "".join(write_pieces(record, dialect))


def write_pieces(record: Record, dialect: str | None = None) -> Iterator[str]:
    """What :func:`write` writes, a few lines at a time."""
    extra = setup.header_lines(record.setup) if record.setup is not None else []
    return record_pieces(record, numbered=dialect != "plain", per_line=10, extra_headers=extra,
                         break_after_notes=True)
