"""The forms of a stated result that the result grammar reads (``grammars/result.lark``), each
made an :class:`~kifu.plugin.values.Outcome`: :mod:`kifu.plugin.results` hands a result here
once it has marked the word that names a side (with the grammar's terminal ``SIDE``), unless
that word is the whole result, with the pattern that finds the words naming a side.
"""
from __future__ import annotations

import functools
import re
from collections.abc import Sequence

from lark import Token, Tree
from lark.exceptions import LarkError

from kifu.plugin.values import Outcome
from kifu.reading import grammar

#: The largest margin read (a number past it is no margin, but a typo or a date).
MAX_MARGIN = 1e6
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


def read(marked: str, said: str, side: str | None, sides: Sequence[str],
         side_words: re.Pattern[str], marker: str) -> Outcome | None:
    """The outcome a result says (``said``, as written; ``marked``, as the grammar reads it,
    the word that names ``side`` replaced by ``marker``, the grammar's ``SIDE``), ``None``
    when the grammar does not read it; ``side_words`` finds any word that names a side."""
    tree = parsed(marked)
    return None if tree is None else Reading(said, side, sides, side_words, marker).of(tree)


@functools.lru_cache(maxsize=4096)
def parsed(marked: str) -> Tree[Token] | None:
    """The grammar's tree of a result whose side is marked, ``None`` for text it does not
    read; kept, as an archive states the same few results thousands of times."""
    try:
        return grammar.load("result", positions=False).parse(marked)
    except LarkError:
        return None


def _is_after(node: object) -> bool:
    return isinstance(node, Tree) and node.data in ("before", "after")


class Reading:
    """One stated result's tree made an outcome."""

    def __init__(self, said: str, side: str | None, sides: Sequence[str],
                 side_words: re.Pattern[str], marker: str) -> None:
        self.said, self.side, self.sides = said, side, sides
        self.side_words, self.marker = side_words, marker

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
                    if self.side_words.fullmatch(first.strip("+")):
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
        tree = parsed(f"{self.marker}+{text}")
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
