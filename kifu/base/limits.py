"""What kifu refuses to read, so that no record can cost unbounded time, memory or stack.

kifu checks records it did not write, in CI and in pre-commit hooks, so every input must be
decided (legal, or a located error) within a few seconds per megabyte and a few hundred
megabytes of memory.  Besides the size of a file (``kifu.reading.source.MAX_BYTES``) the limits are:

- No limit on how deep variations nest inside variations: every walk over a record's tree
  (readers, writers, the JSON form, comparing, replaying, drawing) keeps its own stack, so
  a line nested 100,000 deep costs what a flat one of as many moves does, and ``MAX_MOVES``
  and the size of a file bound it.  Analysis files nest as deep as the game is long.
- ``MAX_TOKENS``: the words, numbers, comments and brackets a notation's parser reads.
- ``MAX_MOVES``: the moves of a record, every variation included.  Each move costs a few
  hundred bytes once read, so this bounds a record's memory whatever its notation.
- ``MAX_PROBLEMS``: the problems reported for one record.  Every line of play can break a
  rule of its own, so a record of a few megabytes can hold hundreds of thousands of illegal
  variations; the first ``MAX_PROBLEMS`` are reported, the rest only counted
  (:class:`Problems`).
- ``MAX_DIGITS``: the digits of a whole number (a move number, a seat, a board size).  Python
  refuses to convert numbers of more than 4,300 digits, and no number in a record needs more
  than a 64-bit seed's 20: :func:`read_int` is the one reader every notation uses for them.

Going past a limit is a :class:`~kifu.base.errors.LimitError` (code ``limit``) at the place where the
record goes past it, naming the limit as its rule.
"""
from __future__ import annotations

import re
from typing import Any

from kifu.base.errors import KifuError, LimitError
from kifu.base.record import Node, Span

MAX_TOKENS = 1_000_000
MAX_MOVES = 500_000
MAX_DIGITS = 20
MAX_PROBLEMS = 1_000

_DIGITS = re.compile(r"[0-9０-９]+")
_FULL_WIDTH = str.maketrans("０１２３４５６７８９", "0123456789")


def read_int(text: str, max_digits: int = MAX_DIGITS) -> int | None:
    """The whole number ``text`` writes, or ``None`` if it is not one.

    A whole number is decimal digits only, ASCII or full-width (no sign, blank, ``_`` or other
    script's digits, all of which Python's ``int`` would take), at most ``max_digits`` of them.
    Callers check the range they need and say so in their own words.
    """
    if not text or len(text) > max_digits or not _DIGITS.fullmatch(text):
        return None
    return int(text.translate(_FULL_WIDTH))


def shorten(text: str, width: int = 24) -> str:
    """``text`` cut to ``width`` characters with an ellipsis, for quoting huge values."""
    return text if len(text) <= width else text[:width - 1] + "…"


def too_many_moves(span: Span | None) -> LimitError:
    return LimitError(f"the record has more than {MAX_MOVES:,} moves (variations included); "
                      "kifu reads no more", span=span, rule="move-limit")


def too_many_tokens(span: Span | None) -> LimitError:
    return LimitError(f"the record has more than {MAX_TOKENS:,} words, numbers, comments and "
                      "brackets; kifu reads no more", span=span, rule="token-limit")


def moves_in(moves: list[Node[Any]]) -> int:
    """How many moves a tree holds, every variation included (no recursion)."""
    count = 0
    pending = [moves]
    while pending:
        nodes = pending.pop()
        count += len(nodes)
        pending.extend(variation for node in nodes for variation in node.variations)
    return count


def check_tree(moves: list[Node[Any]]) -> None:
    """Refuse a tree of more than ``MAX_MOVES`` moves, at the first line that goes past it; for
    records that were not read through :class:`kifu.reading.movetext.RecordBuilder`, which
    checks as it goes.  No recursion."""
    count = 0
    pending = [moves]
    while pending:
        nodes = pending.pop()
        count += len(nodes)
        if count > MAX_MOVES:
            raise too_many_moves(nodes[0].span)
        pending.extend(variation for node in nodes for variation in node.variations)


class Problems:
    """The problems found in one record: the first ``MAX_PROBLEMS`` kept, the others counted,
    so that what a record costs to report is bounded however many lines of it are wrong."""

    def __init__(self) -> None:
        self.kept: list[KifuError] = []
        self.left_out = {"error": 0, "warning": 0, "note": 0}
        self.first_left_out: Span | None = None

    def add(self, problem: KifuError) -> None:
        if len(self.kept) < MAX_PROBLEMS:
            self.kept.append(problem)
            return
        if not any(self.left_out.values()):
            self.first_left_out = problem.span
        self.left_out[problem.severity] += 1

    def extend(self, problems: list[KifuError]) -> None:
        for problem in problems:
            self.add(problem)

    def reported(self) -> list[KifuError]:
        """The problems kept, then, if any were left out, one that says how many."""
        errors, warnings = self.left_out["error"], self.left_out["warning"]
        notes = self.left_out["note"]
        if not errors and not warnings and not notes:
            return self.kept
        note = LimitError(
            f"{errors + warnings + notes:,} more problems from here on ({errors:,} errors, "
            f"{warnings:,} warnings{f', {notes:,} notes' if notes else ''}) are not shown: "
            f"kifu reports at most {MAX_PROBLEMS:,} a record", span=self.first_left_out,
            rule="problem-limit", severity="error" if errors else "warning")
        return [*self.kept, note]
