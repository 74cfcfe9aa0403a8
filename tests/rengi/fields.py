"""Helpers for Rengi tests: fields drawn as text, records with a set-up, replaying to the end.

A field diagram is up to 13 lines of 6 cells, the top line first (missing rows on top are
empty): ``a b c d`` colours, ``j`` garbage, ``.`` empty.
"""
from __future__ import annotations

import textwrap

from kifu.builtin.rengi import GAME, bitboard
from kifu.builtin.rengi.position import Position
from kifu.plugin import driver


def rows(diagram: str) -> list[str]:
    """A diagram padded to 13 rows, top first."""
    lines = [line.strip() for line in textwrap.dedent(diagram).strip("\n").splitlines()]
    lines = [line for line in lines if line]
    assert all(len(line) == 6 for line in lines), lines
    return ["......"] * (bitboard.ROWS - len(lines)) + lines


def boards(diagram: str) -> list[int]:
    return bitboard.from_rows(rows(diagram))


def draw(field: list[int] | tuple[int, ...], height: int = bitboard.ROWS) -> str:
    """The bottom ``height`` rows of a field as a diagram, top first."""
    return "\n".join(bitboard.to_rows(field)[bitboard.ROWS - height:])


def setup_text(first: str = "", second: str = "", *, turn: str = "first", marker: int = 1,
               first_state: str = "", second_state: str = "") -> str:
    """The set-up lines of a record with these two fields."""
    a = rows(first) if first.strip() else ["......"] * bitboard.ROWS
    b = rows(second) if second.strip() else ["......"] * bitboard.ROWS
    head = f"[setup turn={turn}" + (f" marker={marker:+d}" if marker != 1 else "") + "]"
    lines = [head, f"[first {first_state}]".replace(" ]", "]"),
             f"[second {second_state}]".replace(" ]", "]")]
    lines += [f"|{x}|{y}|" for x, y in zip(a, b)]
    return "\n".join(lines)


def record_text(moves: str = "", *, headers: str = "", first: str = "", second: str = "",
                **state: object) -> str:
    """A whole record: ``Game: rengi``, extra header lines, a set-up when fields are given."""
    parts = ["Game: rengi"] + [h.strip() for h in headers.strip().splitlines() if h.strip()]
    text = "\n".join(parts) + "\n\n"
    if first or second or state:
        text += setup_text(first, second, **state) + "\n\n"  # type: ignore[arg-type]
    return text + moves + "\n"


def replay(text: str, lenient: bool = False) -> tuple[Position, list[list[dict]]]:
    """The position after the main line, and each move's events."""
    record = GAME.parse(text)
    position = GAME.start(record)
    events = []
    for step in driver.replay(GAME, record, lenient=lenient):
        position = step.position
        events.append(step.events)
    return position, events


def events_of(events: list[list[dict]], kind: str) -> list[dict]:
    return [e for move in events for e in move if e["type"] == kind]


def field_of(position: Position, side: int, height: int = bitboard.ROWS) -> str:
    return draw(position.sides[side].boards, height)
