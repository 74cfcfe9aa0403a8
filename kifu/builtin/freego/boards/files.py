"""Board files (TOML, read with ``tomllib``): reading, checking with line numbers, deriving.

```toml
name = "Japan, 45 prefectures"
[cells.aomori]
label = "青森"             # optional, default: the id
aliases = ["青森県"]       # optional, more names records may use
value = 1                  # optional, default 1
playable = true            # optional; false: drawn, never played (Hokkaido)
at = [140.9, 40.7]         # optional point for drawing
polygon = [[0, 0], [1, 0], [1, 1]]   # optional outline for drawing (and deriving)
adjacent = ["iwate", "akita"]
```
When no cell lists ``adjacent``, adjacency is derived from the outlines (``geometry``); ``kifu
board derive`` writes it into the file so that replaying never needs geometry.  Top-level
``tolerance`` sets the snapping distance, ``y_axis = "down"`` says the drawing's y grows
downwards (SVG style; the default is map style, y up).
"""
from __future__ import annotations

import json
import math
import re
import tomllib
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path, PurePath
from typing import Any

from kifu.builtin.freego.boards import geometry
from kifu.builtin.freego.boards.board import (
    Board,
    BoardError,
    Cell,
    Point,
    symmetric_links,
)
from kifu.builtin.freego.boards.tomlspans import TomlSpans
from kifu.builtin.freego.moves import valid_name
from kifu.plugin import AccessError, KifuError, Span, read_file

TOP_KEYS = frozenset({"name", "description", "tolerance", "y_axis", "cells"})
CELL_KEYS = frozenset({"label", "aliases", "value", "playable", "at", "polygon", "adjacent"})
_TOML_POSITION = re.compile(r"\(at line (\d+), column (\d+)\)")


@dataclass
class Checked:
    """What checking a board file found: the board (if usable) and every problem."""

    board: Board | None
    problems: list[KifuError] = field(default_factory=list)
    derived: bool = False  # adjacency came from the outlines

    @property
    def errors(self) -> list[KifuError]:
        return [p for p in self.problems if p.severity == "error"]


class _Collector:
    def __init__(self, spans: TomlSpans) -> None:
        self.spans = spans
        self.problems: list[KifuError] = []

    def error(self, message: str, span: Span | None, rule: str) -> None:
        self.problems.append(BoardError(message, span=span, rule=rule))

    def warn(self, message: str, span: Span | None, rule: str) -> None:
        self.problems.append(BoardError(message, span=span, rule=rule, severity="warning"))


#: Cell values, coordinates and tolerances are bounded so that sums, scores and drawings stay
#: finite whatever a board file says.
LARGEST = 1e9


def _is_number(value: Any) -> bool:
    return (isinstance(value, (int, float)) and not isinstance(value, bool)
            and math.isfinite(value) and abs(value) <= LARGEST)


def _point(value: Any) -> Point | None:
    if isinstance(value, list) and len(value) == 2 and all(map(_is_number, value)):
        return (float(value[0]), float(value[1]))
    return None


def check_text(text: str, default_name: str = "board") -> Checked:
    """Check a board file's text and build its board; problems carry spans in that text."""
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as error:
        return Checked(None, [_toml_error(text, error)])
    spans = TomlSpans(text)
    out = _Collector(spans)
    name, tolerance, y_axis = _top_keys(data, default_name, out)
    raw_cells = data.get("cells")
    if not isinstance(raw_cells, dict) or not raw_cells:
        out.error("a board file needs a table of cells ([cells.ID] ...)", Span.point(1, 1),
                  "no-cells")
        return Checked(None, out.problems)
    cells = [_cell(cell_id, raw, out) for cell_id, raw in raw_cells.items()]
    index = _names(cells, out)
    explicit = any(isinstance(raw, dict) and "adjacent" in raw for raw in raw_cells.values())
    if explicit:
        pairs = _explicit_pairs(cells, raw_cells, index, out)
    else:
        pairs = _derived_pairs(cells, out, tolerance)
    links = symmetric_links(pairs, len(cells))
    if explicit and all(cell.polygon for cell in cells) and not out.problems:
        _compare_with_outlines(cells, links, out, tolerance)
    for i, cell in enumerate(cells):
        if cell.playable and not any(cells[n].playable for n in links[i]):
            out.warn(f"cell {cell.id!r} has no playable neighbour: a stone there has no liberty",
                     spans.cell(cell.id), "isolated-cell")
    if any(p.severity == "error" for p in out.problems):
        return Checked(None, out.problems, not explicit)
    board = Board(name, tuple(cells), links, y_down=y_axis == "down",
                  description=str(data.get("description", "")))
    return Checked(board, out.problems, not explicit)


def _toml_error(text: str, error: tomllib.TOMLDecodeError) -> BoardError:
    """A file that is not TOML, located where ``tomllib`` says (it has no spans of its own)."""
    where = _TOML_POSITION.search(str(error))
    if where:
        span = Span.point(int(where.group(1)), int(where.group(2)))
    else:  # "(at end of document)"
        lines = text.rstrip("\n").split("\n")
        span = Span.point(len(lines), len(lines[-1]) + 1)
    message = re.sub(r"\s*\(at [^)]*\)", "", str(error)).strip()
    return BoardError(f"not valid TOML: {message}", span=span, rule="toml")


def _top_keys(data: dict[str, Any], default_name: str, out: _Collector
              ) -> tuple[str, float | None, str]:
    """The file's name, tolerance and y axis, each checked (a bad one reported and replaced
    by its default); an unknown key is reported."""
    spans = out.spans
    for key in data:
        if key not in TOP_KEYS:
            out.error(f"unknown key {key!r} (a board file has {', '.join(sorted(TOP_KEYS))})",
                      spans.top(key), "board-key")
    name = data.get("name", default_name)
    if not isinstance(name, str):
        out.error("'name' must be a string", spans.top("name"), "board-key")
        name = default_name
    tolerance = data.get("tolerance")
    if tolerance is not None and not (_is_number(tolerance) and tolerance > 0):
        out.error("'tolerance' must be a positive number", spans.top("tolerance"), "board-key")
        tolerance = None
    y_axis = data.get("y_axis", "up")
    if y_axis not in ("up", "down"):
        out.error("'y_axis' is \"up\" or \"down\"", spans.top("y_axis"), "board-key")
    return name, tolerance, y_axis


def _cell(cell_id: str, raw: Any, out: _Collector) -> Cell:
    spans = out.spans
    where = spans.cell(cell_id)
    if not valid_name(cell_id):
        out.error(f"{cell_id!r} cannot be a cell id: ids are single words without blanks, "
                  "brackets, ';', ',', '@' or '→', and not 'pass'", where, "cell-id")
    if not isinstance(raw, dict):
        out.error(f"cell {cell_id!r} must be a table", where, "cell-key")
        return Cell(cell_id, cell_id)
    for key in raw:
        if key not in CELL_KEYS:
            out.error(f"cell {cell_id!r}: unknown key {key!r} (a cell has "
                      f"{', '.join(sorted(CELL_KEYS))})", spans.key(cell_id, key), "cell-key")

    def typed(key: str, ok: Callable[[Any], bool], what: str, default: Any) -> Any:
        if key not in raw:
            return default
        if not ok(raw[key]):
            out.error(f"cell {cell_id!r}: {key!r} must be {what}", spans.key(cell_id, key),
                      "cell-key")
            return default
        return raw[key]

    label = typed("label", lambda v: isinstance(v, str) and valid_name(v),
                  "a single word (no blanks or brackets)", cell_id)
    aliases = typed("aliases", lambda v: isinstance(v, list) and all(
        isinstance(a, str) and valid_name(a) for a in v), "a list of single words", [])
    value = typed("value", _is_number, "a number of at most a billion", 1)
    playable = typed("playable", lambda v: isinstance(v, bool), "true or false", True)
    at = typed("at", lambda v: _point(v) is not None, "a point [x, y] (each at most a billion)",
               None)
    polygon = typed("polygon", lambda v: isinstance(v, list) and len(v) >= 3 and all(
        _point(p) is not None for p in v), "a list of at least three points [x, y]", None)
    return Cell(cell_id, label, value, playable, _point(at) if at is not None else None,
                tuple(_point(p) for p in polygon) if polygon is not None else None,  # type: ignore[misc]
                tuple(aliases))


def _names(cells: list[Cell], out: _Collector) -> dict[str, int]:
    """Every name (any case) -> its cell; a name that two cells claim is an error."""
    index: dict[str, int] = {}
    for i, cell in enumerate(cells):
        for name in dict.fromkeys(n.casefold() for n in cell.names()):
            owner = index.setdefault(name, i)
            if owner != i:
                out.error(f"cell {cell.id!r}: the name {name!r} already names cell "
                          f"{cells[owner].id!r}", out.spans.cell(cell.id), "duplicate-name")
    return index


def _explicit_pairs(cells: list[Cell], raw_cells: dict[str, Any], index: dict[str, int],
                    out: _Collector) -> list[tuple[int, int]]:
    spans = out.spans
    listed: list[set[int]] = [set() for _ in cells]
    for i, cell in enumerate(cells):
        raw = raw_cells[cell.id]
        entries = raw.get("adjacent", []) if isinstance(raw, dict) else []
        if not isinstance(entries, list) or not all(isinstance(e, str) for e in entries):
            out.error(f"cell {cell.id!r}: 'adjacent' must be a list of cell ids",
                      spans.key(cell.id, "adjacent"), "cell-key")
            continue
        for entry in entries:
            where = spans.entry(cell.id, "adjacent", entry)
            other = index.get(entry.casefold())
            if other is None:
                out.error(f"cell {cell.id!r} lists {entry!r} as adjacent, but the board has no "
                          "such cell", where, "unknown-cell")
            elif other == i:
                out.error(f"cell {cell.id!r} lists itself as adjacent", where, "self-adjacent")
            elif other in listed[i]:
                out.warn(f"cell {cell.id!r} lists {entry!r} twice", where, "duplicate-adjacency")
            else:
                listed[i].add(other)
    pairs = []
    for i, cell in enumerate(cells):
        for other in sorted(listed[i]):
            if i not in listed[other]:
                back = cells[other]
                line = spans.cell(back.id)
                out.error(f"adjacency is not symmetric: {cell.id!r} lists {back.id!r}, but "
                          f"{back.id!r}{f' (line {line.line})' if line else ''} does not list "
                          f"{cell.id!r}", spans.entry(cell.id, "adjacent", _written(
                              raw_cells[cell.id], back)), "asymmetric-adjacency")
            elif i < other:
                pairs.append((i, other))
    return pairs


def _written(raw: dict[str, Any], cell: Cell) -> str:
    """How a cell's adjacency list spells ``cell`` (for pointing at the entry)."""
    names = {n.casefold() for n in cell.names()}
    for entry in raw.get("adjacent", []):
        if isinstance(entry, str) and entry.casefold() in names:
            return entry
    return cell.id


def _derived_pairs(cells: list[Cell], out: _Collector,
                   tolerance: float | None) -> list[tuple[int, int]]:
    missing = [cell for cell in cells if not cell.polygon]
    if missing:
        out.error(f"no cell lists 'adjacent', so adjacency is derived from outlines, but cell "
                  f"{missing[0].id!r} has no polygon", out.spans.cell(missing[0].id),
                  "no-adjacency")
        return []
    return geometry.adjacent_pairs([cell.polygon or () for cell in cells], tolerance)


def _compare_with_outlines(cells: list[Cell], links: tuple[tuple[int, ...], ...],
                           out: _Collector, tolerance: float | None) -> None:
    """Warn where the listed adjacency disagrees with the outlines (a stale derive)."""
    derived = set(geometry.adjacent_pairs([cell.polygon or () for cell in cells], tolerance))
    listed = {(a, b) for a, row in enumerate(links) for b in row if a < b}
    for a, b in sorted(derived - listed):
        out.warn(f"the outlines of {cells[a].id!r} and {cells[b].id!r} share a border, but "
                 "they are not listed as adjacent", out.spans.cell(cells[a].id), "outline-mismatch")
    for a, b in sorted(listed - derived):
        out.warn(f"{cells[a].id!r} and {cells[b].id!r} are listed as adjacent, but their "
                 "outlines share no border", out.spans.cell(cells[a].id), "outline-mismatch")


# -- files ----------------------------------------------------------------------------------

def read_text(path: Path) -> str:
    """A board file's text; like records, at most 16 MiB of UTF-8."""
    try:
        data = read_file(path, str(path), "board file")
    except AccessError as error:
        raise BoardError(error.message, rule="board-file") from None
    return _decode(data, str(path))


def _decode(data: bytes, name: str) -> str:
    try:
        return data.decode("utf-8-sig").replace("\r\n", "\n")
    except UnicodeDecodeError:
        raise BoardError(f"board file {name} is not UTF-8 text", rule="board-file") from None


def load(path: Path, shown: str | None = None) -> Board:
    """The board in a file the user named; the first error is raised, naming the file (as
    ``shown``) and line, and quoting the file as ``kifu board check`` does."""
    checked = check_text(read_text(path), path.stem)
    if checked.board is None:
        first = checked.errors[0]
        name = shown or str(path)
        where = f"{name}:{first.span.line}: " if first.span else f"{name}: "
        raise first.located(message=where + first.message)
    return checked.board


def load_referenced(data: bytes, name: str) -> Board:
    """The board in a file a record refers to (as ``name``).  Its first error names the line
    and the rule broken but quotes nothing of the file, which may not be the user's (see
    :mod:`kifu.reading.access`); ``kifu board check`` shows the whole problem."""
    checked = check_text(_decode(data, repr(name)), PurePath(name).stem)
    if checked.board is None:
        first = checked.errors[0]
        line = f" on its line {first.span.line}" if first.span else ""
        raise BoardError(f"board file {name!r} is not a usable board: it has an error{line} "
                         "('kifu board check' on the file shows it)", rule=first.rule)
    return checked.board


# -- writing derived adjacency --------------------------------------------------------------

def derive_text(text: str, tolerance: float | None = None) -> tuple[str, int]:
    """``text`` with each cell's ``adjacent`` list replaced by the one its outline gives.

    Returns the new text and the number of adjacent pairs.  Comments and layout elsewhere are
    kept; cells must be written as ``[cells.ID]`` tables.
    """
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as error:
        raise BoardError(f"not valid TOML: {error}", rule="toml") from None
    raw_cells = data.get("cells")
    if not isinstance(raw_cells, dict) or not raw_cells:
        raise BoardError("a board file needs a table of cells", rule="no-cells")
    spans = TomlSpans(text)
    ids = list(raw_cells)
    polygons = []
    for cell_id in ids:
        raw = raw_cells[cell_id]
        polygon = raw.get("polygon") if isinstance(raw, dict) else None
        points = [_point(p) for p in polygon] if isinstance(polygon, list) else []
        if len(points) < 3 or any(p is None for p in points):
            raise BoardError(f"cell {cell_id!r} has no usable polygon to derive adjacency from",
                             span=spans.cell(cell_id), rule="no-polygon")
        located = spans.cells.get(cell_id)
        if located is None or located.inline:
            raise BoardError(f"cell {cell_id!r} is written inline; 'kifu board derive' rewrites "
                             "cells written as [cells.ID] tables", span=spans.cell(cell_id),
                             rule="inline-cell")
        polygons.append(points)
    if tolerance is None and _is_number(data.get("tolerance")):
        tolerance = float(data["tolerance"])
    pairs = geometry.adjacent_pairs(polygons, tolerance)  # type: ignore[arg-type]
    links = symmetric_links(pairs, len(ids))
    lines = text.split("\n")
    # Edit from the bottom up so that earlier line numbers stay valid.
    for i in sorted(range(len(ids)), key=lambda k: -spans.cells[ids[k]].line):
        located = spans.cells[ids[i]]
        start = located.keys.get("adjacent")
        if start is not None:
            end = _array_end(lines, start - 1)
            del lines[start - 1:end + 1]
            insert_at = start - 1
        else:  # after the table's last line that is not blank or a comment
            insert_at = located.end
        entries = ", ".join(json.dumps(ids[n], ensure_ascii=False) for n in links[i])
        lines.insert(insert_at, f"adjacent = [{entries}]")
    return "\n".join(lines), len(pairs)


def _array_end(lines: list[str], start: int) -> int:
    """The index of the line that closes the array opened on line ``start`` (0-based)."""
    depth = 0
    for number in range(start, len(lines)):
        in_string: str | None = None
        escaped = False
        for char in lines[number]:
            if in_string:
                if escaped:
                    escaped = False
                elif char == "\\" and in_string == '"':
                    escaped = True
                elif char == in_string:
                    in_string = None
            elif char in "\"'":
                in_string = char
            elif char == "#":
                break
            elif char == "[":
                depth += 1
            elif char == "]":
                depth -= 1
                if depth == 0:
                    return number
    return start
