"""Writing the Gungi notation: canonical text laid out as the source lays it out, or the
romanised ASCII dialect.

Layout (as in the source): set-up and battle plies four to a line, each followed by 、, a blank
line after every twenty plies of a section, the last ply of the record closed by 。, section
markers and the back-face list on lines of their own.  The ASCII dialect spells the same
things with characters anyone can type (see :data:`kifu.builtin.gungi.moves.ASCII`); the reader
reads both.
"""
from __future__ import annotations

import re

from kifu.builtin.gungi.geometry import square
from kifu.builtin.gungi.moves import ASCII, KANJI, BackFaces, Move, Ply, Section, Style, move_text
from kifu.builtin.gungi.notation.reader import HEADER_WORDS
from kifu.builtin.gungi.setup import positions
from kifu.plugin import LINE_END, NODE_END, VARIATION, Node, Record, header_lines, in_writing_order

PER_LINE = 4
PER_BLOCK = 20

#: The header names the notation reads back as headers (``HEADER`` in ``grammars/gungi.lark``;
#: the hands and the side to move belong to a set-up diagram).
HEADER_NAMES = re.compile(r"[A-Za-z][A-Za-z0-9_\-]*|" + "|".join(HEADER_WORDS))

def _comment(text: str) -> str:
    return "[" + text.replace("]", "〕").replace("\n", " ") + "]"


def write(record: Record, ascii_names: bool = False) -> str:
    style = ASCII if ascii_names else KANJI
    out: list[str] = []
    out.extend(header_lines(record.headers.items(), HEADER_NAMES))
    if record.setup is not None:
        out.extend(positions.write(record.setup, ascii_names))
    if out:
        out.append("")
    out.extend(_comment(c) for c in record.comments)
    _Layout(style, out, same_square(record.moves)).line(record.moves, top=True)
    return "\n".join(out).rstrip("\n") + "\n"


def same_square(nodes: list[Node]) -> set[int]:
    """The plies of a tree of ``nodes`` (by ``id`` of their node) that stand on the square of
    the ply before them in their line, which the rules write with 同 (§十八: the move is the
    same, its square written out or not); any other entry between them (a set-up ply, a
    section marker) starts afresh, as the referee's last square does.  Only the plies the
    normaliser read cleanly (as :func:`kifu.builtin.gungi.rules.canonical` leaves them):
    one it could not read stays as the record wrote it, since read back it would not be
    made the same again.  No recursion."""
    found: set[int] = set()
    pending: list[tuple[list[Node], int | None]] = [(nodes, None)]
    while pending:
        line, last = pending.pop()
        for node in line:
            pending.extend((variation, last) for variation in node.variations)
            move = node.move
            if not isinstance(move, Ply):
                last = None
            elif move.file is not None and move.rank is not None:  # else 同 as read: the same
                here = square(move.file, move.rank)
                if here == last and move.resolved is not None and not move.resolved.repaired:
                    found.add(id(node))  # read back, the normaliser gives the same ply
                last = here
    return found


def spelled(move: Move, same: bool) -> Move:
    """A move as the notation writes it: a ply on the square just played (``same``) with 同."""
    return move.as_same() if same and isinstance(move, Ply) and not move.same else move


class _Layout:
    def __init__(self, style: Style, out: list[str], same: set[int]) -> None:
        self.style = style
        self.out = out
        self.same = same
        self.current = ""
        self.count = 0

    def text(self, node: Node) -> str:
        """A node's move as written (with 同 on the square just played)."""
        return move_text(spelled(node.move, id(node) in self.same), self.style)

    def flush(self) -> None:
        if self.current:
            self.out.append(self.current.rstrip())
            self.current = ""

    def line(self, nodes: list[Node], top: bool) -> None:
        style = self.style
        for index, node in enumerate(nodes):
            move = node.move
            last = top and index == len(nodes) - 1
            if isinstance(move, Section):
                self.flush()
                if move.kind in ("battle", "rebattle") and self.out and self.out[-1] != "":
                    self.out.append("")
                self.out.append(move_text(move, style)
                                + "".join(_comment(c) for c in node.comments)
                                + "".join(self.variation(v) for v in node.variations))
                self.count = 0
                self._after(node, last, separator=False)
                continue
            text = self.text(node) + "".join(_comment(c) for c in node.comments)
            text += "".join(self.variation(v) for v in node.variations)
            if isinstance(move, BackFaces):
                self.flush()
                self.current = text
                self._after(node, last, separator=True)
                self.flush()
                continue
            self.current += text
            self.count += 1
            self._after(node, last, separator=True,
                        new_after=index + 1 < len(nodes) and isinstance(nodes[index + 1].move, Ply))
            if self.count % PER_LINE == 0:
                self.flush()
                if self.count % PER_BLOCK == 0:
                    self.out.append("")
        self.flush()

    def _after(self, node: Node, last: bool, separator: bool, new_after: bool = False) -> None:
        """The separator after a node (and a 新 written after it, before the next ply, where
        the record has one: see ``Ply.new_after``), and [終局] where the record ends."""
        style = self.style
        if separator:
            ends = getattr(node.move, "ends", False)
            self.current += style.stop if (last or ends) else style.comma
            if new_after and getattr(node.move, "new_after", False) and not (last or ends):
                self.current += style.new
        if getattr(node.move, "ends", False):
            self.flush()
            self.out.append(style.end)

    def variation(self, nodes: list[Node]) -> str:
        """A variation in parentheses, the variations of its nodes within (walked
        :func:`in_writing_order`)."""
        style = self.style
        pieces = ["("]
        for kind, node, index, line, _ in in_writing_order(nodes):
            if kind == VARIATION:
                pieces.append("(")
            elif kind == LINE_END:
                pieces.append(")")
            elif kind == NODE_END:
                if getattr(node.move, "ends", False):
                    pieces.append(style.stop + style.end)
            else:
                if index:
                    pieces.append(style.comma)
                    if getattr(line[index - 1].move, "new_after", False) and isinstance(
                            node.move, Ply):
                        pieces.append(style.new)
                pieces.append(self.text(node) + "".join(_comment(c) for c in node.comments))
        return "".join(pieces)
