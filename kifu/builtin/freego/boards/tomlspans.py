"""Where things stand in a board file's text, since ``tomllib`` reports no positions.

A board file's mistakes (an unknown neighbour, a one-way adjacency) are worth a line and column,
so the text is scanned for the table of each cell (``[cells.aomori]``, ``[cells."長野"]``, or a
line ``aomori = {...}`` under ``[cells]``), its keys, and a quoted word inside an array.
"""
from __future__ import annotations

import json
import re
from dataclasses import dataclass, field

from kifu.plugin import Span

_KEY = r'(?:"((?:[^"\\]|\\.)*)"|\'([^\']*)\'|([A-Za-z0-9_\-]+))'
_CELL_TABLE = re.compile(r"^\s*\[\s*cells\s*\.\s*" + _KEY + r"\s*\]\s*(?:#.*)?$")
_ANY_TABLE = re.compile(r"^\s*\[")
_CELLS_TABLE = re.compile(r"^\s*\[\s*cells\s*\]\s*(?:#.*)?$")
_KEY_LINE = re.compile(r"^\s*" + _KEY + r"\s*=")


def _key_of(match: re.Match[str]) -> str:
    quoted, literal, bare = match.group(1), match.group(2), match.group(3)
    if quoted is not None:
        if "\\" in quoted:
            try:  # TOML's basic-string escapes are JSON's, bar two rarities
                return str(json.loads('"' + quoted + '"'))
            except ValueError:
                return quoted
        return quoted
    return literal if literal is not None else bare


@dataclass
class CellText:
    """One cell's lines: where its table (or inline entry) starts and ends, 1-based."""

    line: int
    end: int  # last line of the table, inclusive
    inline: bool
    keys: dict[str, int] = field(default_factory=dict)


class TomlSpans:
    """Finds cells, keys and array entries of a board file by line."""

    def __init__(self, text: str) -> None:
        self.lines = text.split("\n")
        self.cells: dict[str, CellText] = {}
        self.top_keys: dict[str, int] = {}
        current: CellText | None = None
        in_cells = False
        for number, line in enumerate(self.lines, start=1):
            table = _CELL_TABLE.match(line)
            if table:
                current = self.cells.setdefault(_key_of(table), CellText(number, number, False))
                in_cells = False
                continue
            if _ANY_TABLE.match(line):
                current = None
                in_cells = bool(_CELLS_TABLE.match(line))
                continue
            key = _KEY_LINE.match(line)
            if key and in_cells:
                entry = CellText(number, number, True)
                self.cells.setdefault(_key_of(key), entry)
                current = entry
                continue
            if current is not None:
                if key and not current.inline:
                    current.keys.setdefault(_key_of(key), number)
                if line.strip() and not line.strip().startswith("#"):
                    current.end = number
            elif key and not in_cells:
                self.top_keys.setdefault(_key_of(key), number)

    def cell(self, cell_id: str) -> Span | None:
        """The span of a cell's table header (or inline entry)."""
        found = self.cells.get(cell_id)
        if found is None:
            return None
        return self._line_span(found.line)

    def key(self, cell_id: str, key: str) -> Span | None:
        """The span of ``key = ...`` in a cell's table, else of the cell itself."""
        found = self.cells.get(cell_id)
        if found is None:
            return None
        line = found.keys.get(key)
        return self._line_span(line) if line else self.cell(cell_id)

    def top(self, key: str) -> Span | None:
        line = self.top_keys.get(key)
        return self._line_span(line) if line else None

    def entry(self, cell_id: str, key: str, word: str) -> Span | None:
        """The span of ``"word"`` in the array ``key`` of a cell, else of the key."""
        found = self.cells.get(cell_id)
        if found is None:
            return None
        start = found.keys.get(key, found.line)
        pattern = re.compile(r"([\"'])" + re.escape(word) + r"\1")
        for number in range(start, found.end + 1):
            match = pattern.search(self.lines[number - 1])
            if match:
                return Span(number, match.start() + 1, number, match.end() + 1)
        return self.key(cell_id, key)

    def _line_span(self, line: int) -> Span:
        text = self.lines[line - 1]
        indent = len(text) - len(text.lstrip())
        return Span(line, indent + 1, line, len(text.rstrip()) + 1)
