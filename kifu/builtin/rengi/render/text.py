"""Rengi positions as text: both fields side by side in letters, and facts for ``kifu show``.

Cells: ``a b c d`` colours (upper case for the stones just placed), ``j`` garbage, ``.`` empty;
a rule of dashes sets row 13 (where stones never connect) apart from rows 1..12.
"""
from __future__ import annotations

from kifu.builtin.rengi import bitboard
from kifu.builtin.rengi.garbage import ROW
from kifu.builtin.rengi.moves import SIDE_NAMES
from kifu.builtin.rengi.position import ALPHABET, Position, piece_text
from kifu.plugin import RenderOptions


def amount(stones: int, unit_rows: bool) -> str:
    """A garbage amount as a person counts it: rows (and stones) or stones."""
    if not unit_rows:
        return f"{stones} stone{'s' if stones != 1 else ''}"
    rows, rest = divmod(stones, ROW)
    text = f"{rows} row{'s' if rows != 1 else ''}"
    return text + (f" {rest}" if rest else "")


def side_lines(pos: Position, side: int) -> list[str]:
    """A side's state in words: warning, stock, running chain, next pieces."""
    state = pos.sides[side]
    rows = pos.settings.unit == 6 or pos.settings.simple_garbage
    lines = [f"warning {amount(state.warning, rows)}"]
    if state.stock:
        lines.append(f"stock {state.stock}")
    if state.chain:
        lines.append(f"{len(state.chain)}-chain running, {state.wait} more turn"
                     f"{'s' if state.wait != 1 else ''}")
    elif state.wait:
        lines.append("sits out (garbage fell)")
    upcoming = pos.next_pieces(side)
    if upcoming:
        lines.append("next " + " ".join(piece_text(p) for p in upcoming))
    return lines


def status(pos: Position) -> str:
    if pos.outcome is not None:
        return pos.outcome.describe()
    extra = " (extra move)" if pos.turn_granted == pos.current else ""
    return f"turn {pos.turn}: the {pos.current_name} player to move{extra}"


def chain_caption(pos: Position) -> list[str]:
    """The chain just fired and the garbage just sent, in words."""
    lines = []
    rows = pos.settings.unit == 6 or pos.settings.simple_garbage
    if pos.last_chain is not None:
        links = pos.last_chain.links
        counts = ", ".join(str(link.stones) for link in links)
        lines.append(f"{SIDE_NAMES[pos.last_chain.side]}: {len(links)}-chain "
                     f"(stones per link: {counts})")
    for sent in pos.last_sent:
        lines.append(f"{sent['side']}'s {sent['chain']}-chain ends: generated "
                     f"{amount(sent['generated'], rows)}, offset {amount(sent['offset'], rows)}, "
                     f"sent {amount(sent['sent'], rows)}")
    return lines


def render_text(pos: Position, options: RenderOptions) -> str:
    order = (1, 0) if options.flip else (0, 1)
    just = {(c, r) for s, c, r in pos.last_cells if s == order[0]}, \
        {(c, r) for s, c, r in pos.last_cells if s == order[1]}
    fields = [bitboard.to_rows(pos.sides[side].boards, ALPHABET) for side in order]
    width = 2 * bitboard.COLUMNS - 1
    label = "   " if options.coords else ""
    gap = "    "
    lines = [label + f"{SIDE_NAMES[order[0]]:<{width}}" + gap + label + SIDE_NAMES[order[1]]]
    numbers = " ".join(str(c + 1) for c in range(bitboard.COLUMNS))
    if options.coords:
        lines.append(label + numbers + gap + label + numbers)
    for index in range(bitboard.ROWS):
        row = bitboard.ROWS - 1 - index
        parts = []
        for which in (0, 1):
            cells = list(fields[which][index])
            if options.last_move:
                cells = [c.upper() if (col, row) in just[which] else c
                         for col, c in enumerate(cells)]
            head = f"{row + 1:>2} " if options.coords else ""
            parts.append(head + " ".join(cells))
        lines.append(gap.join(parts))
        if row == bitboard.ROWS - 1:
            rule = " ".join("-" * bitboard.COLUMNS)
            lines.append(label + rule + gap + label + rule)
    for side in order:
        for line in side_lines(pos, side):
            lines.append(f"{SIDE_NAMES[side]}: {line}")
    lines.extend(chain_caption(pos))
    lines.append(status(pos))
    return "\n".join(line.rstrip() for line in lines) + "\n"


def summary(pos: Position) -> list[tuple[str, str]]:
    rows = [("variant", pos.settings.title), ("moves written", str(pos.moves)),
            ("turns", str(pos.turn))]
    for side in (0, 1):
        rows.append((f"{SIDE_NAMES[side]} player", "; ".join(side_lines(pos, side))))
    if pos.settings.stable_chigiri:
        rows.append(("chigiri marker", f"{pos.marker:+d}"))
    if pos.outcome is None:
        rows.append(("to move", pos.current_name))
    return rows
