"""The ``renju`` package judging every ``.renju`` file of a folder, as a process of its own.

The peer's side of the whole-process row of ``bench/renju.py``: it imports nothing of kifu, so
that its start-up is the peer's alone.  Prints ``NAME STATUS:REASON`` for each file, in name
order.  Run from the repository root: ``python -m bench.renju_peer DIR``.
"""
from __future__ import annotations

import sys
from pathlib import Path

from renju.board import RenjuBoard


def ending(text: str) -> str:
    """How the package's referee ends the game of a ``.renju`` text (headers, a blank line,
    the moves): ``STATUS:REASON``, e.g. ``WHITE_WIN:DOUBLE_FOUR``."""
    board = RenjuBoard(pos=text.split("\n\n", 1)[1], rule="renju")
    return f"{board.status.name}:{board.reason.name}"


def main(folder: str) -> None:
    for path in sorted(Path(folder).glob("*.renju")):
        print(path.name, ending(path.read_text(encoding="utf-8")))


if __name__ == "__main__":
    main(sys.argv[1])
