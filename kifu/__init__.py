"""kifu: validate, convert and draw game records of Renju, Gungi, Rengi, Rengoma and
Free-form Go.

>>> from kifu import load_text
>>> game, record = load_text("Game: renju\\n1. h8 2. i9 3. j10\\n")
>>> [str(node.move) for node in record.moves]
['h8', 'i9', 'j10']
"""
from __future__ import annotations

__version__ = "0.1.0"

from kifu.load import dump, load  # noqa: E402
from kifu.load import parse_text as load_text

__all__ = ["__version__", "dump", "load", "load_text"]
