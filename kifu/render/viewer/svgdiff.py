"""Many drawings of one game, sent compactly: shared dictionaries and per-position differences.

A game's positions are drawn by its own SVG renderer, one document per position.  Consecutive
positions differ in a few elements only, so the page carries each distinct line of SVG text once
(itself a list of distinct space-separated tokens) and, per position, the edits that turn its
parent position's lines into its own.  The viewer's script undoes this exactly: joining the
tokens with spaces and the lines with line ends gives back the renderer's text byte for byte.
"""
from __future__ import annotations

from collections import Counter
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from difflib import SequenceMatcher

_DIGITS = "0123456789abcdefghijklmnopqrstuvwxyz"


class SvgTable:
    """The distinct tokens and lines of every SVG document encoded so far."""

    def __init__(self) -> None:
        self.tokens: list[str] = []
        self.lines: list[list[int]] = []
        self._token_ids: dict[str, int] = {}
        self._line_ids: dict[str, int] = {}

    def encode(self, svg: str) -> list[int]:
        """The document as line numbers of this table (added where new)."""
        known = self._line_ids.get
        return [number if (number := known(line)) is not None else self._line(line)
                for line in svg.split("\n")]

    def text(self, lines: Sequence[int]) -> str:
        """The document whose line numbers these are."""
        return "\n".join(" ".join(self.tokens[t] for t in self.lines[line]) for line in lines)

    def _line(self, line: str) -> int:
        found = self._line_ids.get(line)
        if found is None:
            found = self._line_ids[line] = len(self.lines)
            self.lines.append([self._token(token) for token in line.split(" ")])
        return found

    def _token(self, token: str) -> int:
        found = self._token_ids.get(token)
        if found is None:
            found = self._token_ids[token] = len(self.tokens)
            self.tokens.append(token)
        return found


def difference(before: Sequence[int], after: Sequence[int]) -> list[int]:
    """Edits turning ``before`` into ``after``, flat: ``at, removed, added, *ids`` repeated.

    ``at`` counts in ``before``; the edits apply in order, each after the previous ones, so the
    script keeps a running offset.  Common ends are trimmed first: a move changes a few lines in
    the middle of a long document.
    """
    start = 0
    limit = min(len(before), len(after))
    while start < limit and before[start] == after[start]:
        start += 1
    end = 0
    while end < limit - start and before[-1 - end] == after[-1 - end]:
        end += 1
    old, new = before[start:len(before) - end], after[start:len(after) - end]
    edits: list[int] = []
    matcher = SequenceMatcher(None, old, new, autojunk=True)
    for tag, i1, i2, j1, j2 in matcher.get_opcodes():
        if tag != "equal":
            edits.extend((start + i1, i2 - i1, j2 - j1, *new[j1:j2]))
    return edits


def apply(before: list[int], edits: list[int]) -> list[int]:
    """The inverse of :func:`difference` (the script does the same in JavaScript)."""
    after = list(before)
    shift = 0
    for at, removed, added in _spans(edits):
        after[at + shift:at + shift + removed] = added
        shift += len(added) - removed
    return after


@dataclass(frozen=True)
class Packed:
    """A table and edit lists as the page carries them.

    The most used tokens and lines get the smallest numbers, written in base 36: ``lines`` is
    every line's token numbers (comma-separated), the lines separated by spaces; each edit list
    is its numbers, comma-separated.
    """

    tokens: list[str]
    lines: str
    edits: list[str]


def pack(table: SvgTable, edit_lists: Sequence[list[int]]) -> Packed:
    """The table's lines used by ``edit_lists``, renumbered by use, and the lists in that
    numbering."""
    line_uses = Counter(line for edits in edit_lists for line in _added(edits))
    line_order = [line for line, _ in line_uses.most_common()]
    line_number = {line: index for index, line in enumerate(line_order)}
    token_uses = Counter(token for line in line_order for token in table.lines[line])
    token_order = [token for token, _ in token_uses.most_common()]
    token_number = {token: index for index, token in enumerate(token_order)}
    lines = " ".join(",".join(_base36(token_number[t]) for t in table.lines[line])
                     for line in line_order)
    packed_edits = []
    for edits in edit_lists:
        numbers: list[str] = []
        for at, removed, added in _spans(edits):
            numbers.extend((_base36(at), _base36(removed), _base36(len(added))))
            numbers.extend(_base36(line_number[line]) for line in added)
        packed_edits.append(",".join(numbers))
    return Packed([table.tokens[t] for t in token_order], lines, packed_edits)


def _spans(edits: list[int]) -> Iterator[tuple[int, int, list[int]]]:
    index = 0
    while index < len(edits):
        at, removed, added = edits[index:index + 3]
        yield at, removed, edits[index + 3:index + 3 + added]
        index += 3 + added


def _added(edits: list[int]) -> Iterator[int]:
    for _, _, added in _spans(edits):
        yield from added


def _base36(number: int) -> str:
    digits = ""
    while True:
        number, digit = divmod(number, 36)
        digits = _DIGITS[digit] + digits
        if not number:
            return digits
