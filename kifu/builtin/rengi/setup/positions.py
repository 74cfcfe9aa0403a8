"""Set-up positions: both fields as 13 rows of 6 letters, and each side's state.

```
[setup turn=second marker=+1]
[first warning=0 stock=2 tsumo=7]
[second warning=12 tsumo=6 wait=2 chain=4,4,6]
|......|......|   <- row 13 (shaded when drawn; its stones never connect)
...                  13 rows, top first: a b c d colours, j garbage, . empty
|aabbc.|dd.ccb|   <- row 1
```
``turn`` is whose turn comes next (a side still waiting is skipped as in play); ``tsumo`` is how
many pieces the side has placed (where it stands in the tsumo list); ``wait`` the turns it still
sits out; ``chain`` the stones (``/groups``, default 1) of each link of its running chain, whose
garbage is sent when the wait ends; ``chigiri`` its count of non-split placements during the
opponent's chain (天連棋); ``marker`` the stable chigiri marker (-2, -1, +1, +2).

A set-up is checked when the record is replayed
(:func:`kifu.builtin.rengi.rules.start_position.apply`): no floating stone, no group of
four standing, column 3 row 12 empty, counts that the settings allow; each problem a
``SetupError`` pointing at the cell or item.
"""
from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any

from kifu.builtin.rengi.bitboard import COLUMNS, ROWS
from kifu.builtin.rengi.moves import SIDE_NAMES
from kifu.plugin import NotationError, Span, whole

CELL_CHARS = "abcdj."
#: A chain on a 6x13 field clears at most 78 stones, four a link at least.
MAX_LINKS = 19


@dataclass(frozen=True)
class SideSetup:
    warning: int = 0
    stock: int = 0
    tsumo: int = 0
    wait: int = 0
    chain: tuple[tuple[int, int], ...] = ()
    chigiri: int = 0


@dataclass(frozen=True)
class Setup:
    """A start position; ``rows`` holds (first field row, second field row), row 13 first."""

    rows: tuple[tuple[str, str], ...]
    turn: int = 0
    marker: int = 1
    sides: tuple[SideSetup, SideSetup] = (SideSetup(), SideSetup())
    row_spans: tuple[Span, ...] = field(default=(), compare=False)
    state_spans: dict[str, Span] = field(default_factory=dict, compare=False)

    def cell_span(self, row_index: int, side: int, column: int) -> Span | None:
        """Where the cell of a row line (0 = row 13) stands in the source."""
        if row_index >= len(self.row_spans):
            return None
        line = self.row_spans[row_index]
        at = line.column + 1 + column + side * (COLUMNS + 1)
        return Span(line.line, at, line.line, at + 1)


_ROW = re.compile(r"\|([^|]*)\|([^|]*)\|")
_ITEM = re.compile(r"([A-Za-z]+)=(\S*)")


def parse_row(token: str, span: Span) -> tuple[str, str]:
    match = _ROW.fullmatch(token)
    if match is None:
        raise NotationError("a field row is |six cells|six cells|", span=span)
    halves = []
    for side, half in enumerate(match.groups()):
        start = span.column + 1 + side * (len(match.group(1)) + 1)
        if len(half) != COLUMNS:
            raise NotationError(f"the {SIDE_NAMES[side]} player's row has {len(half)} cells, "
                                "not 6", span=Span(span.line, start, span.line, start + len(half)))
        cells = half.lower()
        for offset, char in enumerate(cells):
            if char not in CELL_CHARS:
                raise NotationError(f"{char!r} is not a cell: a b c d (colours), j (garbage) or "
                                    ". (empty)", span=Span.point(span.line, start + offset))
        halves.append(cells)
    return halves[0], halves[1]


def _number(text: str, span: Span, signed: bool = False) -> int:
    pattern = r"[+-]?\d{1,4}" if signed else r"\d{1,4}"
    if not re.fullmatch(pattern, text):
        raise NotationError(f"{text!r} is not a {'signed ' if signed else ''}number", span=span)
    return int(text)


def parse_state(token: str, span: Span, setup: dict[str, Any]) -> None:
    """Read one ``[setup ...]`` / ``[first ...]`` / ``[second ...]`` line into ``setup``."""
    inner = token[1:-1]
    words = inner.split()
    if not words or words[0].lower() not in ("setup", "first", "second"):
        raise NotationError("a set-up line is [setup ...], [first ...] or [second ...]",
                            span=span)
    kind = words[0].lower()
    if kind in setup["spans"]:
        raise NotationError(f"[{kind} ...] is given twice", span=span)
    setup["spans"][kind] = span
    state: dict[str, Any] = {}
    position = inner.index(words[0]) + len(words[0])
    for word in words[1:]:
        position = inner.index(word, position)
        where = Span(span.line, span.column + 1 + position, span.line,
                     span.column + 1 + position + len(word))
        position += len(word)
        match = _ITEM.fullmatch(word)
        if match is None:
            raise NotationError(f"{word!r} is not key=value", span=where)
        key, value = match.group(1).lower(), match.group(2)
        if key in state:
            raise NotationError(f"{key} is given twice", span=where)
        state[key] = _state_value(kind, key, value, where)
    setup[kind] = state


def _state_value(kind: str, key: str, value: str, where: Span) -> Any:
    if kind == "setup":
        if key == "turn":
            if value.lower() not in ("first", "second", "+", "-"):
                raise NotationError(f"turn={value} is not first or second", span=where)
            return 0 if value.lower() in ("first", "+") else 1
        if key == "marker":
            return _number(value, where, signed=True)
        raise NotationError(f"[setup] knows turn= and marker=, not {key}=", span=where)
    if key in ("warning", "stock", "tsumo", "wait", "chigiri"):
        return _number(value, where)
    if key == "chain":
        links = []
        parts = value.split(",")
        if len(parts) > MAX_LINKS:
            raise NotationError(f"a running chain has at most {MAX_LINKS} links", span=where)
        for part in parts:
            stones, _, groups = part.partition("/")
            links.append((_number(stones, where), _number(groups, where) if groups else 1))
        return tuple(links)
    raise NotationError(f"[{kind}] knows warning, stock, tsumo, wait, chain and chigiri, "
                        f"not {key}=", span=where)


def make_setup(parts: dict[str, Any], rows: list[tuple[tuple[str, str], Span]],
               first_span: Span) -> Setup:
    if len(rows) != ROWS:
        where = rows[-1][1] if rows else first_span
        raise NotationError(f"a set-up has 13 field rows (row 13 first), not {len(rows)}",
                            span=where)
    sides = tuple(SideSetup(**{k: v for k, v in parts.get(name, {}).items()})
                  for name in SIDE_NAMES)
    state = parts.get("setup", {})
    return Setup(tuple(r for r, _ in rows), state.get("turn", 0), state.get("marker", 1),
                 (sides[0], sides[1]), tuple(s for _, s in rows), dict(parts["spans"]))


def write_setup(setup: Setup) -> list[str]:
    head = f"[setup turn={SIDE_NAMES[setup.turn]}"
    if setup.marker != 1:
        head += f" marker={setup.marker:+d}"
    lines = [head + "]"]
    for name, side in zip(SIDE_NAMES, setup.sides):
        items = [f"warning={side.warning}", f"stock={side.stock}", f"tsumo={side.tsumo}"]
        if side.wait:
            items.append(f"wait={side.wait}")
        if side.chain:
            items.append("chain=" + ",".join(f"{s}" if g == 1 else f"{s}/{g}"
                                             for s, g in side.chain))
        if side.chigiri:
            items.append(f"chigiri={side.chigiri}")
        lines.append(f"[{name} " + " ".join(items) + "]")
    lines.extend(f"|{a}|{b}|" for a, b in setup.rows)
    return lines


def to_json(setup: Setup) -> dict[str, Any]:
    return {
        "fields": {name: [row[side] for row in setup.rows]
                   for side, name in enumerate(SIDE_NAMES)},
        "turn": SIDE_NAMES[setup.turn],
        "marker": setup.marker,
        "sides": {name: {"warning": s.warning, "stock": s.stock, "tsumo": s.tsumo,
                         "wait": s.wait, "chain": [list(link) for link in s.chain],
                         "chigiri": s.chigiri}
                  for name, s in zip(SIDE_NAMES, setup.sides)},
    }


def from_json(data: dict[str, Any]) -> Setup:
    fields = data["fields"]
    first, second = fields["first"], fields["second"]
    if len(first) != ROWS or len(second) != ROWS:
        raise ValueError("a set-up field has 13 rows")
    rows = []
    for a, b in zip(first, second):
        for row in (a, b):
            if not isinstance(row, str) or len(row) != COLUMNS or any(
                    c not in CELL_CHARS for c in row):
                raise ValueError(f"bad field row {row!r}")
        rows.append((a, b))
    sides = []
    for name in SIDE_NAMES:
        s = data["sides"][name]
        chain = s["chain"]
        if not isinstance(chain, list) or len(chain) > MAX_LINKS:
            raise ValueError(f"a running chain is a list of at most {MAX_LINKS} links")
        counts = {key: _count(s[key], key) for key in ("warning", "stock", "tsumo", "wait",
                                                        "chigiri")}
        sides.append(SideSetup(**counts, chain=tuple((_count(a, "a link's stones"),
                                                      _count(b, "a link's groups"))
                                                     for a, b in chain)))
    return Setup(tuple(rows), SIDE_NAMES.index(data["turn"]),
                 whole(data["marker"], "the marker", -9999, 9999), (sides[0], sides[1]))


def _count(value: Any, what: str) -> int:
    """A count of a set-up's JSON, bounded as the notation bounds it (four digits)."""
    return whole(value, what, 0, 9999)
