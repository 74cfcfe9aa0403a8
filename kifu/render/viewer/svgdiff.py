"""Many drawings of one game, sent compactly: shared dictionaries and per-position differences.

A game's positions are drawn by its own SVG renderer, one document per position.  Consecutive
positions differ in a few elements only, so the page carries each distinct line of SVG text once
(itself a list of distinct space-separated tokens) and, per position, the edits that turn its
parent position's lines into its own.  The viewer's script undoes this exactly: joining the
tokens with spaces and the lines with line ends gives back the renderer's text byte for byte.
"""
from __future__ import annotations

import re
from collections import Counter
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field
from difflib import SequenceMatcher

_DIGITS = "0123456789abcdefghijklmnopqrstuvwxyz"


class SvgTable:
    """The distinct tokens and lines of every SVG document encoded so far, and the outlines of
    kifu's glyphs they draw (:mod:`kifu.draw.glyphs`): a page defines them once, in
    :attr:`glyphs`, for every drawing on it, rather than in each drawing's own ``<defs>``."""

    def __init__(self) -> None:
        self.tokens: list[str] = []
        self.lines: list[list[int]] = []
        #: The ``<path id="kg-...">`` lines of the glyph outlines the drawings use, by id.
        self.glyphs: dict[str, str] = {}
        self._token_ids: dict[str, int] = {}
        self._line_ids: dict[str, int] = {}
        #: The characters of every document encoded, and the positions of the games whose
        #: drawings the table holds: what a page's limits count (``kifu.render.viewer.model``).
        self.drawn = 0
        self.positions = 0

    def encode(self, svg: str) -> list[int]:
        """The document as line numbers of this table (added where new), its ``<defs>`` of
        glyph outlines taken out into :attr:`glyphs`."""
        known = self._line_ids.get
        self.drawn += len(svg)
        lines = svg.split("\n")
        if "<defs>" in svg:  # most drawings define no glyph: no line to look for
            lines = _without_glyphs(lines, self.glyphs)
        return [number if (number := known(line)) is not None else self._line(line)
                for line in lines]

    def text(self, lines: Sequence[int]) -> str:
        """The document whose line numbers these are, as the page holds it (without its
        glyphs' ``<defs>``)."""
        return "\n".join(" ".join(self.tokens[t] for t in self.lines[line]) for line in lines)

    def document(self, lines: Sequence[int]) -> str:
        """The document whose line numbers these are, as its renderer wrote it: the glyph
        outlines it uses defined after its title, as :func:`kifu.draw.svg.to_string` does."""
        text = self.text(lines).split("\n")
        used = sorted({found for line in text for found in _USED.findall(line)
                       if found in self.glyphs}, key=_code_point)
        if not used:
            return "\n".join(text)
        at = 2 if len(text) > 1 and text[1].lstrip().startswith("<title>") else 1
        defs = [" <defs>", *("  " + self.glyphs[key] for key in used), " </defs>"]
        return "\n".join(text[:at] + defs + text[at:])

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


_GLYPH_ID = re.compile(r'id="([^"]+)"')
_USED = re.compile(r'href="#([^"]+)"')


def _without_glyphs(lines: list[str], glyphs: dict[str, str]) -> list[str]:
    """A drawing's lines without its ``<defs>`` (kifu's drawings define only glyph outlines
    there), each outline kept in ``glyphs``."""
    start = next((i for i, line in enumerate(lines) if line.strip() == "<defs>"), None)
    if start is None:
        return lines
    end = next(i for i in range(start, len(lines)) if lines[i].strip() == "</defs>")
    for line in lines[start + 1:end]:
        found = _GLYPH_ID.search(line)
        if found is not None:
            glyphs.setdefault(found.group(1), line.strip())
    return lines[:start] + lines[end + 1:]


def glyph_block(glyphs: dict[str, str]) -> str:
    """The outlines every drawing of a page uses, defined once, in an SVG that takes no room
    and that screen readers pass over (``<use>`` finds an id anywhere in the document); it is
    placed out of the flow by the page's style sheet (an inline style is what a content security
    policy refuses: ``kifu serve``'s)."""
    if not glyphs:
        return ""
    paths = "".join(glyphs[key] for key in sorted(glyphs, key=_code_point))
    return (f'<svg class="kv-glyphs" aria-hidden="true" focusable="false" width="0" height="0">'
            f'<defs>{paths}</defs></svg>\n')


def _code_point(key: str) -> tuple[int, str]:
    """A glyph's id in the order a drawing defines them (by code point, ``kg-4e00``)."""
    code = key.rpartition("-")[2]
    try:
        return int(code, 16), key
    except ValueError:
        return -1, key


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
    edits = _in_order(old, new, start)
    if edits is not None:
        return edits
    edits = []
    matcher = SequenceMatcher(None, old, new, autojunk=True)
    for tag, i1, i2, j1, j2 in matcher.get_opcodes():
        if tag != "equal":
            edits.extend((start + i1, i2 - i1, j2 - j1, *new[j1:j2]))
    return edits


def _in_order(old: Sequence[int], new: Sequence[int], start: int) -> list[int] | None:
    """The edits :func:`difference` makes where they are plain to see: ``old`` and ``new``
    each without a line twice, and the lines they share in the same order (a stone put down,
    the last move's mark and the legend changed), so that every shared line is kept, as
    ``SequenceMatcher`` keeps them, in a walk of both; ``None`` otherwise."""
    shared = set(old).intersection(new)
    if len(set(old)) != len(old) or len(set(new)) != len(new) or \
            [line for line in old if line in shared] != [line for line in new if line in shared]:
        return None
    edits: list[int] = []
    i = j = 0
    while i < len(old) or j < len(new):
        if i < len(old) and j < len(new) and old[i] == new[j]:
            i, j = i + 1, j + 1
            continue
        i0, j0 = i, j
        while i < len(old) and old[i] not in shared:
            i += 1
        while j < len(new) and new[j] not in shared:
            j += 1
        edits.extend((start + i0, i - i0, j - j0, *new[j0:j]))
    return edits


def apply(before: Sequence[int], edits: Sequence[int]) -> list[int]:
    """The inverse of :func:`difference` (the script does the same in JavaScript)."""
    after = list(before)
    shift = 0
    for at, removed, added in _spans(edits):
        after[at + shift:at + shift + removed] = list(added)
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
    number: dict[int, int] = field(default_factory=dict)
    pairs: str = ""
    others: str = ""

    def encode(self, edits: Sequence[int]) -> str:
        """An edit list (in the table's numbering) as the page carries it."""
        numbers: list[str] = []
        for at, removed, added in _spans(edits):
            numbers.extend((base36(at), base36(removed), base36(len(added))))
            numbers.extend(base36(self.number[line]) for line in added)
        return ",".join(numbers)


def pack(table: SvgTable, edit_lists: Sequence[Sequence[int]],
         pairs: dict[int, int] | None = None) -> Packed:
    """The table's lines used by ``edit_lists`` (and those ``pairs`` names), renumbered by
    use, and the lists in that numbering; :attr:`Packed.number` gives a line's new number.

    ``pairs`` maps lines to their counterparts (a line as turned round, see :func:`derived`):
    each counterpart is numbered right after its line where it can be, so that the page
    carries the mapping as one digit a line (:attr:`Packed.pairs`: 1, the next line is its
    counterpart; 2, the line before; 0, none or itself) and the few others as pairs
    (:attr:`Packed.others`)."""
    pairs = pairs or {}
    line_order = _by_use(edit_lists, pairs)
    line_number = {line: index for index, line in enumerate(line_order)}
    flags, others = _pairs_written(pairs, line_number)
    token_uses = Counter(token for line in line_order for token in table.lines[line])
    token_order = [token for token, _ in token_uses.most_common()]
    token_number = {token: index for index, token in enumerate(token_order)}
    lines = " ".join(",".join(base36(token_number[t]) for t in table.lines[line])
                     for line in line_order)
    packed = Packed([table.tokens[t] for t in token_order], lines, [], line_number, flags,
                    others)
    packed.edits.extend(packed.encode(edits) for edits in edit_lists)
    return packed


def _by_use(edit_lists: Sequence[Sequence[int]], pairs: dict[int, int]) -> list[int]:
    """The lines the edit lists add and ``pairs`` names, the most used first (the smallest
    numbers, the shortest to write), each counterpart right after its line where it is not
    placed yet."""
    line_uses = Counter(line for edits in edit_lists for line in _added(edits))
    line_uses.update(pairs)
    line_order: list[int] = []
    placed: set[int] = set()
    for line, _ in line_uses.most_common():
        if line in placed:
            continue
        line_order.append(line)
        placed.add(line)
        other = pairs.get(line, line)
        if other != line and other not in placed:
            line_order.append(other)
            placed.add(other)
    return line_order


def _pairs_written(pairs: dict[int, int], line_number: dict[int, int]) -> tuple[str, str]:
    """:attr:`Packed.pairs` and :attr:`Packed.others`: a digit a line saying where its
    counterpart is numbered (1 next, 2 before, 0 none or itself), and the other pairs."""
    flags = ["0"] * len(line_number)
    others: list[str] = []
    for line, other in pairs.items():
        at, to = line_number[line], line_number[other]
        if to == at + 1:
            flags[at] = "1"
        elif to == at - 1:
            flags[at] = "2"
        elif to != at:
            others.extend((base36(at), base36(to)))
    return "".join(flags).rstrip("0"), ",".join(others)


def derived(before: Sequence[int], after: Sequence[int], mapping: dict[int, int]) -> bool:
    """Whether the edits ``after`` are the edits ``before`` with each added line replaced by
    its counterpart in ``mapping`` (a turned-round drawing's edits, say, from the edits of the
    drawing as it stands); counterparts not yet known are learnt, so that the lists of a
    record, checked in order, each either follow from their counterpart or are kept whole."""
    if len(before) != len(after):
        return False
    learnt: dict[int, int] = {}
    index = 0
    while index < len(before):
        if before[index:index + 3] != after[index:index + 3]:
            return False
        added = before[index + 2]
        for line, other in zip(before[index + 3:index + 3 + added],
                               after[index + 3:index + 3 + added]):
            known = mapping.get(line)
            if known is None:
                known = learnt.setdefault(line, other)
            if known != other:
                return False
        index += 3 + added
    mapping.update(learnt)
    return True


def _spans(edits: Sequence[int]) -> Iterator[tuple[int, int, Sequence[int]]]:
    index = 0
    while index < len(edits):
        at, removed, added = edits[index:index + 3]
        yield at, removed, edits[index + 3:index + 3 + added]
        index += 3 + added


def _added(edits: Sequence[int]) -> Iterator[int]:
    for _, _, added in _spans(edits):
        yield from added


def base36(number: int) -> str:
    """A whole number as the page writes it (small ones, most of them, looked up)."""
    if number < len(_SMALL):
        return _SMALL[number]
    return _base36(number)


def _base36(number: int) -> str:
    digits = ""
    while True:
        number, digit = divmod(number, 36)
        digits = _DIGITS[digit] + digits
        if not number:
            return digits


def merged(into: SvgTable, other: SvgTable) -> list[int]:
    """Add ``other``'s lines (and glyphs) to ``into``; each of ``other``'s line numbers in
    ``into``."""
    for key, line in other.glyphs.items():
        into.glyphs.setdefault(key, line)
    return [into.encode(" ".join(other.tokens[t] for t in line))[0] for line in other.lines]


def renumbered(edits: Sequence[int], numbers: Sequence[int]) -> list[int]:
    """Edits with each added line renumbered (see :func:`merged`)."""
    out: list[int] = []
    for at, removed, added in _spans(edits):
        out.extend((at, removed, len(added), *(numbers[line] for line in added)))
    return out


_SMALL = [_base36(number) for number in range(36 * 36 * 36)]
