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

Text that none of these forms reads is not a result kifu reads: :func:`read_result` gives
``None``, and the game's :meth:`~kifu.plugin.GamePlugin.parse_result` an outcome of kind
``unknown`` carrying the text (a warning, rule ``result-unread``, where a record is checked).
"""
from __future__ import annotations

import functools
import re
import unicodedata
from collections.abc import Mapping, Sequence

from lark import Token, Tree
from lark.exceptions import LarkError

from kifu.plugin.values import Outcome
from kifu.reading import grammar

#: Words for the first and the second seat of a game of two sides, where the game's own sides
#: are named otherwise: black and white (SGF's B and W), sente and gote, in English, Chinese,
#: Japanese and Korean.
FIRST_SEAT = ("black", "b", "first", "sente", "黑", "黒", "흑", "黑方", "黑棋", "执黑", "執黑",
              "黒番", "先手", "先番", "▲", "☗")
SECOND_SEAT = ("white", "w", "second", "gote", "白", "백", "白方", "白棋", "执白", "執白", "白番",
               "後手", "后手", "後番", "△", "▽", "☖")
#: The largest margin read (a number past it is no margin, but a typo or a date).
MAX_MARGIN = 1e6
#: Marks the side the grammar reads of (the terminal ``SIDE``).
_SIDE = "\ue000"
#: Kanji numerals, as Chinese and Japanese write margins (三目半, 四分之一子).
_DIGITS = {"〇": 0, "零": 0, "一": 1, "二": 2, "两": 2, "兩": 2, "三": 3, "四": 4, "五": 5,
           "六": 6, "七": 7, "八": 8, "九": 9}
#: Native Korean numbers, as a margin is said (한집반: one and a half).
_HANGUL = {"한": 1, "두": 2, "세": 3, "네": 4, "다섯": 5, "여섯": 6, "일곱": 7, "여덟": 8, "아홉": 9,
           "열": 10}
_UNITS = {"十": 10, "百": 100}
#: How each form of the grammar ends a game, where the form itself says it.
_KINDS = {"resignation": "resignation", "time": "time", "forfeit": "forfeit", "foul": "foul",
          "resigns": "resignation", "times_out": "time", "forfeits": "forfeit"}


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
        by_name = _SideWords({_normal(name): side for name, side in players.items() if name})
        found = by_name.pattern.search(plain)
        side = None if found is None else by_name.sides[found.group()]
    if found is not None:  # the word, wherever it stands (a result said again: 흑승:흑반집승)
        plain = plain.replace(found.group(), _SIDE) if found.group().isalpha() and \
            not found.group().isascii() else plain[:found.start()] + _SIDE + plain[found.end():]
    tree = _parsed(plain)
    return None if tree is None else _Reading(said, side, sides, words).of(tree)


@functools.lru_cache(maxsize=4096)
def _parsed(marked: str) -> Tree[Token] | None:
    """The grammar's tree of a result whose side is marked, ``None`` for text it does not
    read; kept, as an archive states the same few results thousands of times."""
    try:
        return grammar.load("result", positions=False).parse(marked)
    except LarkError:
        return None


def unread_result(stated: str) -> Outcome:
    """The outcome of a result kifu does not read: nothing known, the text kept."""
    return Outcome(None, " ".join(stated.split()), "unknown")


def _is_after(node: object) -> bool:
    return isinstance(node, Tree) and node.data in ("before", "after")


class _Reading:
    """One stated result's tree made an outcome."""

    def __init__(self, said: str, side: str | None, sides: Sequence[str],
                 words: _SideWords) -> None:
        self.said, self.side, self.sides, self.words = said, side, sides, words

    def of(self, tree: Tree[Token]) -> Outcome | None:
        verdicts = [child for child in tree.children if not _is_after(child)]
        verdict = verdicts[-1]  # a result said again says it in more words
        assert isinstance(verdict, Tree)
        if verdict.data == "restated":
            verdict = verdict.children[0]
            assert isinstance(verdict, Tree)
        form = str(verdict.data)
        if form in ("unknown", "void", "draw"):
            return Outcome(None, self.said, form)
        assert self.side is not None, "a form that names a side was read without one"
        kind, margin, doubt = self._how(verdict.children)
        if doubt:
            return None
        if form in ("resigns", "times_out", "forfeits", "prose_loss", "cjk_loss"):
            winner = self._other(self.side)
            if winner is None:
                return None  # a loss among more than two sides names no winner
            return Outcome(winner, self.said, _KINDS.get(form, kind), margin)
        return Outcome(self.side, self.said, kind, margin)

    def _how(self, children: Sequence[Tree[Token] | Token]) -> tuple[str, float | None, bool]:
        """The kind of end, the margin (in points), and whether the text leaves the winner in
        doubt (``B+W``), from what the form says of its side."""
        kind, margin = "unknown", None
        for child in children:
            if isinstance(child, Token):
                if child.type == "RESIGNS":
                    kind = "resignation"
                elif child.type == "PLUS_OTHER":
                    # words after SGF's +: a reason kifu does not name, or words after one it
                    # reads; unless they name a side too, which leaves the winner in doubt
                    first = child.value.split()[0] if child.value.split() else ""
                    if self.words.pattern.fullmatch(first.strip("+")):
                        return kind, None, True
                    return "unknown", None, False
            elif child.data in _KINDS:
                kind = _KINDS[str(child.data)]
            elif child.data == "margin":
                margin = _margin(child)
                if margin is None:
                    return kind, None, True
            elif child.data == "note" and kind == "unknown" and margin is None:
                kind = self._note_kind(child)
        if margin is not None and kind == "unknown":
            kind = "score"
        return kind, margin, False

    def _note_kind(self, note: Tree[Token]) -> str:
        """The kind a note after a result says, where it says one (``黑胜(超时)``)."""
        text = "".join(str(token) for token in note.children)
        tree = _parsed(f"{_SIDE}+{text}")
        if tree is None:
            return "unknown"
        verdict = tree.children[-1]
        assert isinstance(verdict, Tree)
        for child in verdict.children:
            if isinstance(child, Tree) and child.data in _KINDS:
                return _KINDS[str(child.data)]
            if isinstance(child, Token) and child.type == "RESIGNS":
                return "resignation"
        return "unknown"

    def _other(self, side: str) -> str | None:
        if len(self.sides) != 2:
            return None
        return self.sides[1] if side == self.sides[0] else self.sides[0]


def _margin(tree: Tree[Token]) -> float | None:
    """A margin in points: a quantity, a half (半, 반) after its unit, stones as two points."""
    quantity, *rest = tree.children
    assert isinstance(quantity, Tree)
    value = _quantity(quantity)
    if value is None:
        return None
    for token in rest:
        assert isinstance(token, Token)
        if token.type == "HALF":
            value += 0.5
        elif token.type == "STONES":
            value *= 2  # Chinese counting: a stone (子) is two points
    return value if value < MAX_MARGIN else None


def _quantity(tree: Tree[Token]) -> float | None:
    tokens = [str(token) for token in tree.children]
    if tree.data == "number":
        return float(tokens[0])
    if tree.data == "half":
        return 0.5
    if tree.data == "numeral":
        return _numeral(tokens[0])
    if tree.data == "fraction":
        whole = float(tokens[0]) if len(tokens) == 2 else 0.0
        above, below = (int(part) for part in tokens[-1].split("/"))
        return whole + above / below if below else None
    # numeral_fraction: 四分之一 (one of four), 二又四分之三 (two and three of four)
    numbers = [_numeral(token) for token in tokens]
    *units, over, part = [number for number in numbers if number is not None]
    if len(numbers) != len(units) + 2 or not over:
        return None
    return float(sum(units)) + part / over


def _numeral(text: str) -> int | None:
    """A number in kanji numerals (三, 十五, 二十一, 一百) or a native Korean one (한, 열),
    ``None`` for one no one writes."""
    if text in _HANGUL:
        return _HANGUL[text]
    total, digit = 0, None
    for char in text:
        if char in _DIGITS:
            if digit is not None:
                return None
            digit = _DIGITS[char]
        else:
            total += (1 if digit is None else digit) * _UNITS[char]
            digit = None
    return total + (digit or 0)


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


class _SideWords:
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
def _side_words(sides: tuple[str, ...], names: tuple[tuple[str, str], ...]) -> _SideWords:
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
    return _SideWords({word: side for word, side in words.items() if word},
                      {_normal(key): value for key, value in names})
