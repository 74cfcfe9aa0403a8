"""A Rengoma position as text: the top piece of each square and its stack's height, every stack
spelt out below, then the field, the stocks, the chips and whose turn it is; and the rows
``kifu show`` prints.

```
     a     b     c     d     e     f
 6   .     .     .     .     .     .      6
 3   .     .    [B3^2] .     R1    .      3
```
``B3`` is a black 3 on top, ``^2`` a stack of two; ``[..]`` marks where the last turn put a
piece, ``(..)`` where its move came from, ``*`` the squares of the winning row.
"""
from __future__ import annotations

from kifu.builtin.rengoma.moves import LETTERS
from kifu.builtin.rengoma.position import (
    BLACK,
    COLOUR_NAMES,
    EMPTY,
    RED,
    STOCK,
    Position,
    piece_text,
)
from kifu.plugin import RenderOptions

CELL = 7


def cell_text(position: Position, at: int, targets: set[int], origins: set[int],
              winning: set[int]) -> str:
    """One square as a short word: top piece, height, and the marks of the last turn."""
    stack = position.stacks[at]
    core = "." if position.top[at] == EMPTY else piece_text(stack[-1])
    if len(stack) > 1:
        core += f"^{len(stack)}"
    if at in winning:
        core += "*"
    if at in targets:
        return f"[{core}]"
    if at in origins:
        return f"({core})"
    return f" {core}"


def render_text(position: Position, options: RenderOptions) -> str:
    geo = position.geo
    targets = {target for _, target in position.last} if options.last_move else set()
    origins = ({origin for origin, _ in position.last if origin is not None}
               if options.last_move else set())
    winning = set(position.win_line)
    columns = list(range(geo.columns))
    rows = list(range(geo.rows - 1, -1, -1))
    if options.flip:
        columns.reverse()
        rows.reverse()
    width = len(str(geo.rows))
    header = " " * (width + 2) + "".join(f"{LETTERS[c]:<{CELL}}" for c in columns)
    lines = [header.rstrip()] if options.coords else []
    for row in rows:
        body = "".join(f"{cell_text(position, geo.index(c, row), targets, origins, winning):<{CELL}}"
                       for c in columns)
        lines.append(f"{row + 1:>{width}} {body}{row + 1}" if options.coords else body.rstrip())
    if options.coords:
        lines.append(header.rstrip())
    lines.append("")
    lines.extend(facts(position, all_stacks=options.flag("stacks")))
    return "\n".join(line.rstrip() for line in lines) + "\n"


def facts(position: Position, *, all_stacks: bool = False) -> list[str]:
    """The lines under the diagram: stacks (bottom to top), field, stocks, chips, status."""
    geo = position.geo
    shown = [at for at in geo.squares
             if len(position.stacks[at]) > 1 or (all_stacks and position.stacks[at])]
    lines = []
    if shown:
        lines.append("stacks, bottom to top: " + ", ".join(
            f"{geo.name(at)} " + " ".join(piece_text(c) for c in position.stacks[at])
            for at in shown))
    field = []
    for colour in (BLACK, RED):
        piece = position.field[colour]
        field.append(f"{COLOUR_NAMES[colour]} {piece or '-'} "
                     f"({len(position.stock_left(colour))} in stock)")
    lines.append("field: " + ", ".join(field))
    lines.append("chips: " + chips_text(position))
    lines.append(status(position))
    return lines


def status(position: Position) -> str:
    if position.outcome is not None:
        return f"after turn {position.turn}: {position.outcome.describe()}"
    who = position.to_move_name
    if position.players == 4 or position.player != who:
        who = f"{who} ({position.player})"
    return f"turn {position.turn + 1}: {who} to play"


# -- kifu show -----------------------------------------------------------------------------

def summary(position: Position) -> list[tuple[str, str]]:
    """The rows ``kifu show`` prints about a position."""
    rows = [("turns played", str(position.turn)), ("board", str(position.geo))]
    if position.players == 4:
        rows.append(("players", "4, in two teams"))
    if position.outcome is None:
        rows.append(("to play", f"{position.to_move_name} ({position.player})"))
    for colour in (BLACK, RED):
        name = COLOUR_NAMES[colour]
        rows.append((f"{name} field piece", str(position.field[colour] or "none")))
        rows.append((f"{name} stock", f"{len(position.stock_left(colour))} face down"))
    rows.append(("chips", chips_text(position)))
    return rows


def chips_text(position: Position) -> str:
    return (f"black {position.chips[BLACK]}, red {position.chips[RED]}, "
            f"stock {position.chips[STOCK]}")
