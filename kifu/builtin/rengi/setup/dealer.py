"""Who gets which piece: the dealer a record's colouring and its ``Tsumo``, ``TsumoBuild`` and
``Seed`` headers fix before play (the open list of 公連棋, random colours of 天連棋, none for
free colouring).

Header problems (a bad tsumo list, a build that breaks the construction rules, a list that is
not the one its seed gives) are ``HeaderError``s pointing into the header's value.
"""
from __future__ import annotations

import re

from kifu.builtin.rengi.moves import COLOUR_OF
from kifu.builtin.rengi.setup.parameters import Settings, header_value_span
from kifu.builtin.rengi.tsumo import (
    Chip,
    Dealer,
    RandomPieces,
    build_open_list,
    check_open_list,
    shuffled_list,
)
from kifu.plugin import HeaderError, Record

_TOKEN = re.compile(r"\S+")
_CHIP = re.compile(r"([0-9]{1,9})/([12])(.)")


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
