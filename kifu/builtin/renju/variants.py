"""The rules a record of the five-in-a-row family is played under, as its headers name them.

``Size: N`` sets an N x N board (15 when not given).  ``Rule: WIN[, OPENING]`` names what wins
and what may be forbidden (``renju``, ``freestyle``, ``standard``) and the opening rule, which
says where the first stones may stand, when the players may swap colours, and how many fifth
moves black offers.  A record that names no rule is Renju with kifu's permissive opening: a
swap after any of the first five moves, any number of offered fifth moves.  Every reading of
the rules texts is quoted in ``DECISIONS.md``.
"""
from __future__ import annotations

import re
from dataclasses import dataclass

from kifu.plugin import HeaderError, Record, shorten

RULE_KEY, SIZE_KEY = "Rule", "Size"
#: What wins: Renju (black exactly five, with forbidden moves; white five or more), free-style
#: gomoku (five or more, nothing forbidden), standard gomoku (exactly five, nothing forbidden),
#: Caro (five or more, but for exactly five closed at both ends by the other colour's stones;
#: nothing forbidden: Piskvork's Caro rule, which Gomocup plays).
WINS = ("renju", "freestyle", "standard", "caro")
#: What wins, for people (:meth:`Rules.title`).
WIN_TITLES = {
    "renju": "Renju 連珠",
    "freestyle": "free-style gomoku: five or more wins",
    "standard": "standard gomoku: exactly five wins",
    "caro": "Caro: five or more wins, but not five closed at both ends",
}
#: The opening rules kifu judges, each with what it allows (see :class:`Opening`).
OPENING_NAMES = ("rif", "swap", "yamaguchi", "soosyrv-8", "taraguchi-10", "swap2", "none")
#: Other names records and archives give (any case, spaces and dashes alike).
ALIASES = {
    "gomoku": "freestyle", "free": "freestyle", "free-style": "freestyle",
    "freestyle-gomoku": "freestyle", "fastgame": "freestyle", "standard-gomoku": "standard",
    "exactly-five": "standard", "renju-rif": "renju",
    "rif-rule": "rif", "rif-opening": "rif", "soosorv-8": "soosyrv-8", "soosõrv-8": "soosyrv-8",
    "sooserv-8": "soosyrv-8", "soosyrv": "soosyrv-8", "soosorv": "soosyrv-8",
    "taraguchi": "taraguchi-10", "swap-2": "swap2", "no-opening": "none", "free-opening": "none",
    "caro-rule": "caro",
}
MIN_SIZE, MAX_SIZE = 5, 26


@dataclass(frozen=True)
class Opening:
    """What an opening rule allows.

    ``zones[k]`` (k from 0) is how far from the centre the (k+1)-th stone may stand (0: on it,
    1: in the centre's 3x3 square...); ``swaps`` the numbers of stones on the board after which
    the colours may be swapped (each once); ``offers`` how many fifth moves black may offer
    (none: no offer at all).
    """

    zones: tuple[int, ...] = ()
    swaps: frozenset[int] = frozenset()
    offers: range | None = None


#: The openings, from the rules texts (``DECISIONS.md`` quotes them).  ``None`` is kifu's
#: permissive opening, for records that name no rule.
OPENINGS: dict[str | None, Opening] = {
    None: Opening((), frozenset(range(1, 6)), range(1, 226)),
    "none": Opening(),
    "rif": Opening((0, 1, 2), frozenset({3}), range(2, 3)),
    "swap": Opening((0, 1, 2), frozenset({3}), range(2, 3)),
    "yamaguchi": Opening((0, 1, 2), frozenset({3}), range(1, 226)),
    "soosyrv-8": Opening((0, 1, 2), frozenset({3, 4}), range(1, 9)),
    "taraguchi-10": Opening((0, 1, 2, 3, 4), frozenset({1, 2, 3, 4, 5}), range(10, 11)),
    "swap2": Opening((), frozenset({3, 5}), None),
}


@dataclass(frozen=True)
class Rules:
    """The board's size, what wins, and the opening rule (``None``: kifu's permissive one)."""

    win: str = "renju"
    opening: str | None = None
    size: int = 15

    @property
    def forbidden(self) -> bool:
        """Whether black has forbidden moves (3-3, 4-4, overline): in Renju only."""
        return self.win == "renju"

    @property
    def caro(self) -> bool:
        """Whether a five closed at both ends by the other colour does not win (Caro)."""
        return self.win == "caro"

    @property
    def exact_five(self) -> bool:
        """Whether only exactly five wins, for both sides (standard gomoku)."""
        return self.win == "standard"

    @property
    def allows(self) -> Opening:
        return OPENINGS[self.opening]

    def is_default(self) -> bool:
        return self == Rules()

    @property
    def names_openings(self) -> bool:
        """Whether the 26 openings are named: they are Renju's (black, white, black around
        the centre, black's fouls in play); a gomoku game's first stones are no opening."""
        return self.win == "renju"

    def title(self) -> str:
        """The rules for people, as ``kifu show`` names them: what wins, and the opening
        rule where one is named (``standard gomoku: exactly five wins; opening rule swap2``)."""
        opening = "" if self.opening is None else f"; opening rule {self.opening}"
        return WIN_TITLES[self.win] + opening

    def __str__(self) -> str:
        return self.win if self.opening is None else f"{self.win}, {self.opening}"


def rules_of(record: Record) -> Rules:
    """The rules a record's ``Rule:`` and ``Size:`` headers name; a located ``HeaderError`` for
    a value kifu does not know (with the values it knows)."""
    win, opening = "renju", None
    stated = record.header(RULE_KEY)
    if stated is not None and stated.strip():
        win, opening = _parse_rule(stated, record)
    size = 15
    given = record.header(SIZE_KEY)
    if given is not None:
        size = _parse_size(given, record)
    return Rules(win, opening, size)


def _name(word: str) -> str:
    key = re.sub(r"[\s_]+", "-", word.strip().casefold())
    return ALIASES.get(key, key)


def _parse_rule(stated: str, record: Record) -> tuple[str, str | None]:
    win, opening = "renju", None
    for part in filter(None, (p.strip() for p in re.split(r"[,/;+]", stated))):
        name = _name(part)
        if name in WINS:
            win = name
        elif name in OPENING_NAMES:
            opening = name
        else:
            raise HeaderError(
                f"Rule: {shorten(part)!r} is no rule kifu knows; it names what wins ({', '.join(WINS)}) "
                f"and the opening rule ({', '.join(OPENING_NAMES)}), e.g. 'Rule: renju, "
                "yamaguchi'", span=record.header_span(RULE_KEY), rule="rule")
    return win, opening


def _parse_size(given: str, record: Record) -> int:
    text = given.strip().casefold()
    side, _, other = text.partition("x")
    if not side.isdigit() or len(side) > 3 or (other and other != side):
        raise HeaderError(f"Size: a board of N x N points (N from {MIN_SIZE} to {MAX_SIZE}), "
                          f"not {shorten(given)!r}", span=record.header_span(SIZE_KEY), rule="size")
    size = int(side)
    if not MIN_SIZE <= size <= MAX_SIZE:
        raise HeaderError(f"Size: {size} is outside what kifu draws and names ({MIN_SIZE} to "
                          f"{MAX_SIZE} points a side)", span=record.header_span(SIZE_KEY),
                          rule="size")
    return size
