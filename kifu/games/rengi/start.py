"""The position a record starts from: settings, the pieces (tsumo), and any set-up.

Header problems (a bad tsumo list, a build that breaks the construction rules, a setting out of
range) are ``HeaderError``s pointing into the header's value; set-up problems (floating stones,
a group of four standing, impossible counts) are ``SetupError``s pointing at the cell or item.
"""
from __future__ import annotations

import re

from kifu.errors import HeaderError, SetupError
from kifu.games.rengi import bitboard, garbage
from kifu.games.rengi.moves import COLOUR_OF, SIDE_NAMES
from kifu.games.rengi.position import Position, Side
from kifu.games.rengi.rules import settle
from kifu.games.rengi.settings import Settings, header_value_span, read_settings
from kifu.games.rengi.setup import Setup
from kifu.games.rengi.tsumo import (
    Chip,
    Dealer,
    RandomPieces,
    build_open_list,
    check_open_list,
    garbage_stream,
    shuffled_list,
)
from kifu.record import Record

_TOKEN = re.compile(r"\S+")
_CHIP = re.compile(r"([0-9]{1,9})/([12])(.)")


def start(record: Record) -> Position:
    settings = read_settings(record)
    dealer = make_dealer(record, settings)
    rng = garbage_stream(settings.seed) if settings.seed is not None else None
    pos = Position(settings, dealer, rng=rng)
    if record.setup is not None:
        apply_setup(pos, record.setup)
    return pos


def _header_error(record: Record, key: str, message: str, offset: int = 0,
                  width: int = 0) -> HeaderError:
    span = record.header_span(key)
    if width:
        span = header_value_span(span, offset, width)
    return HeaderError(message, span=span, rule="tsumo-list")


def _colours(record: Record, key: str, token: str, offset: int) -> tuple[int, ...]:
    out = []
    for index, char in enumerate(token):
        colour = COLOUR_OF.get(char)
        if colour is None:
            raise _header_error(record, key, f"{char!r} is not a colour (a b c d, 青 赤 緑 黄, "
                                "● ○ ◎ ×)", offset + index, 1)
        out.append(colour)
    return tuple(out)


def _pairs(record: Record, key: str, value: str,
           single_first: bool) -> tuple[int | None, tuple[tuple[int, ...], ...]]:
    single = None
    pairs = []
    for number, match in enumerate(_TOKEN.finditer(value)):
        token, offset = match.group(), match.start()
        colours = _colours(record, key, token, offset)
        want = 1 if single_first and number == 0 else 2
        if len(colours) != want:
            what = "the first player's single first stone" if want == 1 else "a pair"
            raise _header_error(record, key, f"{token!r} should be {what} ({want} colour"
                                f"{'s' if want == 2 else ''})", offset, len(token))
        if want == 1:
            single = colours[0]
        else:
            pairs.append(colours)
    return single, tuple(pairs)


def _built(record: Record, value: str) -> tuple[tuple[int, ...], ...]:
    chips: list[Chip] = []
    where: list[tuple[int, int]] = []
    for match in _TOKEN.finditer(value):
        token, offset = match.group(), match.start()
        chip = _CHIP.fullmatch(token)
        if chip is None:
            raise _header_error(record, "TsumoBuild", f"{token!r} is not a chip placement "
                                "such as 6/1b (slot 6, row 1, colour b)", offset, len(token))
        colour = _colours(record, "TsumoBuild", chip.group(3), offset + len(token) - 1)[0]
        chips.append(Chip(int(chip.group(1)), int(chip.group(2)), colour))
        where.append((offset, len(token)))
    pairs, problems = build_open_list(chips)
    if problems:
        index, message = problems[0]
        offset, width = where[index] if index < len(where) else (len(value), 0)
        raise _header_error(record, "TsumoBuild", f"chip {index + 1}: {message}", offset,
                            max(width, 1))
    return pairs


def make_dealer(record: Record, settings: Settings) -> Dealer:
    """Who gets which piece, from the colouring and the Tsumo / TsumoBuild / Seed headers."""
    tsumo, build = record.header("Tsumo"), record.header("TsumoBuild")
    if settings.colouring == "free":
        key = "Tsumo" if tsumo is not None else "TsumoBuild"
        if tsumo is not None or build is not None:
            raise _header_error(record, key, "the colours are free (フリー配色, 白連棋): there "
                                "is no tsumo list")
        return Dealer("free")
    if settings.colouring == "open":
        return Dealer("open", _open_list(record, settings, tsumo, build), 0)
    if build is not None:
        raise _header_error(record, "TsumoBuild", "only the open list (公連棋) is built by the "
                            "players")
    generator = RandomPieces(settings.seed) if settings.seed is not None else None
    if tsumo is not None:
        single, pairs = _pairs(record, "Tsumo", tsumo, True)
        if generator is not None and (single != generator.single or any(
                pair != generator.pair(i) for i, pair in enumerate(pairs))):
            raise _header_error(record, "Tsumo", "the Tsumo list is not the one the Seed "
                                "generates")
        return Dealer("random", pairs, single)
    if generator is not None:
        return Dealer("random", (), generator.single, generator)
    return Dealer("unknown")


def _open_list(record: Record, settings: Settings, tsumo: str | None,
               build: str | None) -> tuple[tuple[int, ...], ...]:
    pairs = None
    if build is not None:
        if settings.tsumo_method == "shuffle":
            raise _header_error(record, "TsumoBuild", "a shuffled list (TsumoMethod: shuffle) "
                                "is not built by the players")
        pairs = _built(record, build)
    if tsumo is not None:
        _, listed = _pairs(record, "Tsumo", tsumo, False)
        problem = check_open_list(listed)
        if problem:
            raise _header_error(record, "Tsumo", problem)
        if pairs is not None and listed != pairs:
            raise _header_error(record, "Tsumo", "the Tsumo list is not the one TsumoBuild "
                                "builds")
        if settings.tsumo_method == "shuffle" and settings.seed is not None \
                and listed != shuffled_list(settings.seed):
            raise _header_error(record, "Tsumo", "the Tsumo list is not the one the Seed "
                                "shuffles")
        pairs = listed
    if pairs is None and settings.tsumo_method == "shuffle" and settings.seed is not None:
        pairs = shuffled_list(settings.seed)
    if pairs is None:
        raise HeaderError("the open colouring (公連棋) needs its tsumo list: a Tsumo: header "
                          "with 12 pairs, a TsumoBuild: header, or TsumoMethod: shuffle with "
                          "a Seed:", span=record.header_span("Variant"), rule="tsumo-list")
    return pairs


# -- set-up positions -----------------------------------------------------------------------

def apply_setup(pos: Position, setup: Setup) -> None:
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
    settle(pos)


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
    settings, state = pos.settings, setup.sides[side]
    span = setup.state_spans.get(SIDE_NAMES[side]) or setup.state_spans.get("setup")
    name = SIDE_NAMES[side]

    def bad(message: str) -> SetupError:
        return SetupError(f"the {name} player's state: {message}", span=span, rule="setup")

    whole_rows = settings.unit == 6 or settings.simple_garbage
    if whole_rows and state.warning % garbage.ROW:
        raise bad(f"a warning of {state.warning} stones is not whole rows (unit 6)")
    if state.stock and not (settings.stock and settings.unit == 6 and not settings.simple_garbage):
        raise bad("there is no stock under these settings")
    if state.stock >= garbage.ROW:
        raise bad(f"a stock holds less than a row, not {state.stock}")
    if state.chain:
        if len(state.chain) > garbage.MAX_CHAIN:
            raise bad(f"a {len(state.chain)}-chain cannot happen")
        for stones, groups in state.chain:
            if groups < 1 or stones < 4 * groups:
                raise bad(f"a link of {stones} stones in {groups} groups is impossible")
        longest = len(state.chain) + settings.chain_time_extra - 1
        if not 1 <= state.wait <= longest:
            raise bad(f"a running {len(state.chain)}-chain waits 1 to {longest} more turns, "
                      f"not {state.wait}")
    elif state.wait > 1:
        raise bad(f"without a running chain a side waits at most 1 turn, not {state.wait}")
    if state.chigiri > 2:
        raise bad("the chigiri count during a chain is 0, 1 or 2")
    if side == 1 and setup.sides[0].tsumo == 0 and state.tsumo > 0:
        raise bad("the second player cannot have placed before the first player's first move")
    try:
        pos.dealer.piece(side, state.tsumo)
    except IndexError:
        raise bad(f"the tsumo list has no piece {state.tsumo + 1}") from None
