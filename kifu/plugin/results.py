"""A record's stated result read as data: who won, how, and by how much.

Every game states its result in the same ways, and each is read into the same
:class:`~kifu.plugin.values.Outcome` the referee gives, so that the two can be compared and a
program can count wins without parsing prose.  The forms are one Lark grammar's
(``grammars/result.lark``), the same for every game:

- SGF's form: the winner, ``+`` and how, ``B+R`` (resignation), ``W+T`` (time), ``B+F``
  (forfeit), ``W+3.5`` (the margin), ``B+`` (the winner alone); a reason kifu does not name
  (``W+Illegal``, ``B+J``) leaves the winner plain, of a kind not known;
- the winner's name (``black``, ``the second player``), ``NAME wins``, ``NAME wins by 3.5``,
  ``NAME wins by resignation``, and a loss: ``W resigned``, ``Black resigns.``,
  ``white lost on time``;
- Chinese, Japanese and Korean: ``黑中盘胜``, ``黑胜3目``, ``白胜1/4子`` (a quarter stone: half
  a point), ``黑中盤勝``, ``白中押し勝ち``, ``黒6目半勝ち``, ``흑불계승``, ``백 3.5집승``, with the
  length of the game before or after (``共115手``, ``207수``, ``まで234手で``);
- a draw (``draw``, ``jigo``, ``0``, ``持碁``, ``和棋``, ``무승부``...), no result (``void``,
  ``無勝負``), or not known (``?``, ``unknown``, ``*``);
- a game's own names for whole results (``1-0``; :attr:`GamePlugin.result_names`).

Which words name a side is the game's to say: its sides' names (any case), its own names for
them, and, for a game of two sides, black and white in every language above for the first and
the second seat (SGF's B and W).  The first such word is marked for the grammar, which reads
what is said of that side.

A side's name alone and SGF's plain form (``B+R``, ``W+3.5``), the commonest results, are read
here; every other form by the grammar in :mod:`kifu.plugin.result_forms`, imported (and with it
Lark) only when a result needs it.

Text that none of these forms reads is not a result kifu reads: :func:`read_result` gives
``None``, and the game's :meth:`~kifu.plugin.GamePlugin.parse_result` an outcome of kind
``unknown`` carrying the text (a warning, rule ``result-unread``, where a record is checked).
"""
from __future__ import annotations

import functools
import re
import unicodedata
from collections.abc import Mapping, Sequence

from kifu.plugin.values import Outcome

#: Words for the first and the second seat of a game of two sides, where the game's own sides
#: are named otherwise: black and white (SGF's B and W), sente and gote, in English, Chinese,
#: Japanese and Korean.
FIRST_SEAT = ("black", "b", "first", "sente", "黑", "黒", "흑", "黑方", "黑棋", "执黑", "執黑",
              "黒番", "先手", "先番", "▲", "☗")
SECOND_SEAT = ("white", "w", "second", "gote", "白", "백", "白方", "白棋", "执白", "執白", "白番",
               "後手", "后手", "後番", "△", "▽", "☖")
#: Marks the side the grammar reads of (the terminal ``SIDE`` of ``grammars/result.lark``).
SIDE = "\ue000"
#: SGF's form of a result (``B+R``, ``W+3.5``), the commonest after a side's name alone, as the
#: grammar reads it (``plus_win``): the side, ``+``, then how, a margin (of fewer than
#: :data:`~kifu.plugin.result_forms.MAX_MARGIN` points) or nothing.
_SGF_FORM = re.compile(SIDE + r"\+(r|resign|t|f|[0-9]{1,6}(?:\.[0-9]{1,6})?)?")
_SGF_HOW = {None: "unknown", "r": "resignation", "resign": "resignation", "t": "time",
            "f": "forfeit"}


def read_result(stated: str, sides: Sequence[str], names: Mapping[str, str] = {},
                players: Mapping[str, str] = {}) -> Outcome | None:
    """``stated`` as an outcome: the winner (one of ``sides``; ``None`` for a draw, no result
    or a result not known, which its ``kind`` tells apart), its kind and margin, its
    ``reason`` the text as written; ``None`` when the text is no result kifu reads.
    ``names`` are the game's own spellings (``1-0``: ``black``); ``players`` the record's
    players' names and the side each plays, which name the winner where no word of a side
    does (``john wins``)."""
    said = " ".join(stated.split())
    plain = _normal(said)
    words = _side_words(tuple(sides), tuple(sorted(names.items())))
    named = words.whole.get(plain)
    if named is not None:
        return _named(named, said, sides)
    found = words.pattern.search(plain)
    side = None if found is None else words.sides[found.group()]
    if found is None and players:
        by_name = SideWords({_normal(name): side for name, side in players.items() if name})
        found = by_name.pattern.search(plain)
        side = None if found is None else by_name.sides[found.group()]
    if found is not None:  # the word, wherever it stands (a result said again: 흑승:흑반집승)
        plain = plain.replace(found.group(), SIDE) if found.group().isalpha() and \
            not found.group().isascii() else plain[:found.start()] + SIDE + plain[found.end():]
        if plain == SIDE:  # the side's name alone: what the grammar reads as a plain win
            return Outcome(side, said, "unknown")
        plus = _SGF_FORM.fullmatch(plain)
        if plus is not None:
            how = plus.group(1)
            if how in _SGF_HOW:
                return Outcome(side, said, _SGF_HOW[how])
            return Outcome(side, said, "score", float(how))
    from kifu.plugin import result_forms  # every other form: the grammar

    return result_forms.read(plain, said, side, sides, words.pattern, SIDE)


def unread_result(stated: str) -> Outcome:
    """The outcome of a result kifu does not read: nothing known, the text kept."""
    return Outcome(None, " ".join(stated.split()), "unknown")


def _named(value: str, said: str, sides: Sequence[str]) -> Outcome | None:
    if value.casefold() == "draw":
        return Outcome(None, said, "draw")
    side = next((each for each in sides if each.casefold() == value.casefold()), value)
    return Outcome(side, said, "unknown")


def _normal(text: str) -> str:
    """Text as the grammar reads it: full-width forms as ASCII (NFKC, the fraction slash of
    ``½`` a slash), case-folded, blanks single."""
    folded = unicodedata.normalize("NFKC", text).replace("\u2044", "/").casefold()
    return " ".join(folded.split())


class SideWords:
    """The words that name each side of a game, a pattern that finds the first of them, and
    the game's names for whole results (``1-0``), as the grammar reads text."""

    def __init__(self, sides: dict[str, str], whole: dict[str, str] | None = None) -> None:
        self.sides = sides
        self.whole = whole or {}
        # Longest first, so that 黑方 is one word and not 黑 before 方; a word of Latin letters
        # only where it stands alone (the b of "by" names no side).
        alternatives = [_alone(word) for word in sorted(sides, key=len, reverse=True)]
        self.pattern = re.compile("|".join(alternatives) or "(?!)")


def _alone(word: str) -> str:
    before = "(?<![a-z0-9])" if word[:1].isascii() and word[:1].isalnum() else ""
    after = "(?![a-z0-9])" if word[-1:].isascii() and word[-1:].isalnum() else ""
    return before + re.escape(word) + after


@functools.lru_cache(maxsize=64)
def _side_words(sides: tuple[str, ...], names: tuple[tuple[str, str], ...]) -> SideWords:
    """Which words name which side: the sides' own names, the game's names for them (words
    only: ``1-0`` is a whole result), and for two sides the words of the first and the second
    seat in every language kifu reads."""
    words: dict[str, str] = {_normal(side): side for side in sides}
    by_name = {side.casefold(): side for side in sides}
    for key, value in names:
        side = by_name.get(value.casefold())
        if side is not None and key.isalpha():
            words.setdefault(_normal(key), side)
    if len(sides) == 2:
        for seat, spellings in enumerate((FIRST_SEAT, SECOND_SEAT)):
            for word in spellings:
                words.setdefault(_normal(word), sides[seat])
    return SideWords({word: side for word, side in words.items() if word},
                      {_normal(key): value for key, value in names})
