"""A position as facts: the rows ``kifu show`` prints and the JSON of ``show --format json``."""
from __future__ import annotations

from typing import Any

from kifu.games.rengoma.position import (
    BLACK,
    COLOUR_NAMES,
    RED,
    STOCK,
    Position,
    piece_text,
)


def summary_rows(position: Position) -> list[tuple[str, str]]:
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


def stacks_json(position: Position) -> list[list[Any]]:
    """Every occupied square with its pieces bottom to top (``B3``: black 3)."""
    geo = position.geo
    return [[geo.name(at), [piece_text(code) for code in position.stacks[at]]]
            for at in geo.squares if position.stacks[at]]


def position_to_json(position: Position) -> dict[str, Any]:
    return {
        "board": str(position.geo),
        "players": position.players,
        "stacks": stacks_json(position),
        "field": {COLOUR_NAMES[c]: position.field[c] or None for c in (BLACK, RED)},
        "stock": {COLOUR_NAMES[c]: list(position.stock_left(c)) for c in (BLACK, RED)},
        "chips": {"black": position.chips[BLACK], "red": position.chips[RED],
                  "stock": position.chips[STOCK]},
        "turns": position.turn,
        "to_move": None if position.outcome else position.to_move_name,
        "player": None if position.outcome else position.player,
        "win_line": [position.geo.name(at) for at in position.win_line],
    }
