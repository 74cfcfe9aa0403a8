"""The position a record starts from: the settings and the dealer its headers fix
(:mod:`kifu.builtin.rengi.setup`), its set-up placed and checked, and the turns a waiting side
sits out taken, so that the side to move is free to act.

Set-up problems (floating stones, a group of four standing, impossible counts) are
``SetupError``s pointing at the cell or item.
"""
from __future__ import annotations

from kifu.builtin.rengi import bitboard, garbage
from kifu.builtin.rengi.moves import SIDE_NAMES
from kifu.builtin.rengi.position import Position, Side
from kifu.builtin.rengi.rules.referee import settle
from kifu.builtin.rengi.setup import Settings, Setup, make_dealer, read_settings
from kifu.builtin.rengi.setup.positions import SideSetup
from kifu.builtin.rengi.tsumo import garbage_stream
from kifu.plugin import Record, SetupError


def start(record: Record) -> Position:
    """The start position, checked; raises ``HeaderError`` or ``SetupError``."""
    settings = read_settings(record)
    dealer = make_dealer(record, settings)
    rng = garbage_stream(settings.seed) if settings.seed is not None else None
    pos = Position(settings, dealer, rng=rng)
    if record.setup is not None:
        apply(pos, record.setup)
        settle(pos)
    return pos


def apply(pos: Position, setup: Setup) -> None:
    """Put ``setup`` on the start position ``pos``: the fields and each side's state, every
    problem a ``SetupError`` located on its cell or state line.  The referee then takes the
    turns a waiting side sits out."""
    settings = pos.settings
    for side in (0, 1):
        rows = [row[side] for row in setup.rows]
        boards = bitboard.from_rows(rows)
        _check_field(setup, side, boards)
        state = setup.sides[side]
        _check_side(pos, setup, side)
        pos.sides[side] = Side(boards, state.warning, state.stock, state.tsumo, state.wait,
                               state.chain, state.chigiri)
    if setup.marker not in (-2, -1, 1, 2):
        raise SetupError(f"the chigiri marker stands on -2, -1, +1 or +2, not {setup.marker:+d}",
                         span=setup.state_spans.get("setup"), rule="setup")
    pos.marker = setup.marker
    pos.current = setup.turn
    if not settings.stable_chigiri and setup.marker != 1:
        raise SetupError("the chigiri marker is used only with StableChigiri: on",
                         span=setup.state_spans.get("setup"), rule="setup")


def _cell_error(setup: Setup, side: int, mask: int, message: str) -> SetupError:
    column, row = bitboard.cells(mask)[0]
    span = setup.cell_span(bitboard.ROWS - 1 - row, side, column)
    where = f"column {column + 1}, row {row + 1}"
    return SetupError(f"the {SIDE_NAMES[side]} player's field: {message} at {where}",
                      span=span, rule="setup")


def _check_field(setup: Setup, side: int, boards: list[int]) -> None:
    floating = bitboard.floating(boards)
    if floating:
        low = floating & -floating
        raise _cell_error(setup, side, low, "a floating stone (the cell below it is empty)")
    standing, _ = bitboard.find_groups(boards, bitboard.FULL)
    if standing:
        raise _cell_error(setup, side, standing & -standing,
                          "a group of four or more stands (it would have vanished)")
    if bitboard.occupied(boards) & bitboard.DEATH:
        raise _cell_error(setup, side, bitboard.DEATH, "the losing cell is filled")


def _check_side(pos: Position, setup: Setup, side: int) -> None:
    """A side's state (its garbage, chain, chigiri count and tsumo) as the settings let it
    stand; a ``SetupError`` on its state line for the first thing that cannot."""
    settings, state = pos.settings, setup.sides[side]
    problem = (_garbage_problem(settings, state) or _chain_problem(settings, state)
               or _turn_problem(pos, setup, side))
    if problem is not None:
        span = setup.state_spans.get(SIDE_NAMES[side]) or setup.state_spans.get("setup")
        raise SetupError(f"the {SIDE_NAMES[side]} player's state: {problem}", span=span,
                         rule="setup")


def _garbage_problem(settings: Settings, state: SideSetup) -> str | None:
    """Garbage comes in whole rows with a unit of 6 (or simplified garbage), and a stock
    (less than a row) is kept only with the stock rule and such garbage."""
    whole_rows = settings.unit == 6 or settings.simple_garbage
    if whole_rows and state.warning % garbage.ROW:
        return f"a warning of {state.warning} stones is not whole rows (unit 6)"
    if state.stock and not (settings.stock and settings.unit == 6 and not settings.simple_garbage):
        return "there is no stock under these settings"
    if state.stock >= garbage.ROW:
        return f"a stock holds less than a row, not {state.stock}"
    return None


def _chain_problem(settings: Settings, state: SideSetup) -> str | None:
    """A running chain is no longer than a chain can be, each link at least four stones a
    group, and it waits a turn a link (and the extra chain time) at most; without one a side
    waits one turn at most."""
    if not state.chain:
        if state.wait > 1:
            return f"without a running chain a side waits at most 1 turn, not {state.wait}"
        return None
    if len(state.chain) > garbage.MAX_CHAIN:
        return f"a {len(state.chain)}-chain cannot happen"
    for stones, groups in state.chain:
        if groups < 1 or stones < 4 * groups:
            return f"a link of {stones} stones in {groups} groups is impossible"
    longest = len(state.chain) + settings.chain_time_extra - 1
    if not 1 <= state.wait <= longest:
        return (f"a running {len(state.chain)}-chain waits 1 to {longest} more turns, "
                f"not {state.wait}")
    return None


def _turn_problem(pos: Position, setup: Setup, side: int) -> str | None:
    """The chigiri count is 0 to 2, the second player has not placed before the first, and
    the next piece of the side's tsumo list is one the dealer has."""
    state = setup.sides[side]
    if state.chigiri > 2:
        return "the chigiri count during a chain is 0, 1 or 2"
    if side == 1 and setup.sides[0].tsumo == 0 and state.tsumo > 0:
        return "the second player cannot have placed before the first player's first move"
    try:
        pos.dealer.piece(side, state.tsumo)
    except IndexError:
        return f"the tsumo list has no piece {state.tsumo + 1}"
    return None
