"""Renju's record notation (``.renju``): reading a record and writing it.

```
Game: renju
Black: Ana
White: Ben
Result: black

1. h8 2. i9 3. j10 {a comment} 4. g9 (4. i7 5. j8) 5. j9 pass
```
Moves may be numbered; a written number must be the move's own.  The moves themselves (points,
``pass``, ``swap``, ``offer[...]``) are :mod:`kifu.builtin.renju.moves`.

The grammar (``grammars/renju.lark``, read by :mod:`.reader`) is the notation's reference and
writes every error.  The common record (headers, comments, numbered or bare moves, passes,
swaps and variations) is read by :mod:`.scanner` without it, to the same record; anything else
goes to the grammar, and Lark is imported only then.
"""
from __future__ import annotations

from kifu.builtin.renju import setup
from kifu.builtin.renju.notation import scanner
from kifu.builtin.renju.notation.writer import write, write_pieces
from kifu.plugin import Record


def parse(text: str, source: str = "<string>") -> Record:
    """Read a ``.renju`` record; set-up header lines become ``record.setup``."""
    record = scanner.read(text, source)
    if record is None:  # not a common record, or not a record at all: the grammar says which
        from kifu.builtin.renju.notation import reader

        record = reader.read(text, source)
    setup.extract(record)
    return record


__all__ = ["parse", "write", "write_pieces"]
