"""Writing the Gungi notation: canonical text laid out as the source lays it out, or the
romanised ASCII dialect.

Layout (as in the source): set-up and battle plies four to a line, each followed by 、, a blank
line after every twenty plies of a section, the last ply of the record closed by 。, section
markers and the back-face list on lines of their own.  The ASCII dialect spells the same
things with characters anyone can type (see :data:`ASCII`); the reader reads both.
"""
from __future__ import annotations

import re
from dataclasses import dataclass

from kifu.games.gungi import bod
from kifu.games.gungi.notation import (
    SECTIONS, BackFaces, Coord, Placement, Ply, Resign, Section, annotations,
)
from kifu.games.gungi.pieces import ROMAJI
from kifu.movetext import header_lines
from kifu.record import Node, Record

PER_LINE = 4
PER_BLOCK = 20


@dataclass(frozen=True)
class Style:
    marks: tuple[str, str]
    dash: str
    new: str
    same: str
    strike: str
    swap: str
    comma: str
    stop: str
    quote: tuple[str, str]
    ascii_names: bool
    sections: dict[str, str]
    end: str
    resign: str

    def piece(self, face: str) -> str:
        return ROMAJI[face] if self.ascii_names else face

    def coord(self, c: Coord) -> str:
        return f"{c.file}{self.dash}{c.rank}{self.dash}{c.tier}"


KANJI = Style(("▲", "▽"), "―", "新", "同", "不", "⇔", "、", "。", ("「", "」"), False,
              dict(SECTIONS), "[終局]", "投了")
ASCII = Style(("B ", "W "), "-", "*", "same", "x", "<>", ", ", ".", ("{", "}"), True,
              {"begin": "[setup]", "done": "[setup done]", "battle": "[battle]",
               "rebegin": "[resetup]", "redone": "[resetup done]", "rebattle": "[rebattle]"},
              "[end]", "resign")


def ply_text(ply: Ply, style: Style = KANJI) -> str:
    d = style.dash
    out = [style.new if ply.stray_new else "", style.marks[ply.side]]
    if ply.same:
        out.append(style.same)
    else:
        out.append(f"{ply.file}{d}{ply.rank}")
    if ply.tier is not None:
        out.append(f"{d}{ply.tier}")
    if ply.strike is not None:
        out.append(f"{d}{style.strike}{ply.strike}")
    out.append(d + style.piece(ply.piece))
    if ply.drop:
        out.append(style.new)
    if ply.swap:
        out.append(style.swap + style.piece(ply.swap) + (style.new if ply.swap_drop else ""))
    notes = annotations(ply) if style is KANJI else _ascii_notes(ply)
    out.extend(f"[{note}]" for note in notes)
    return "".join(out)


def _ascii_notes(ply: Ply) -> list[str]:
    out = []
    if ply.origin is not None:
        out.append(ASCII.coord(ply.origin))
    if ply.betrayal is not None:
        out.append(", ".join(f"{'BW'[b.side]}{b.tier}-{ROMAJI[b.face]}" for b in ply.betrayal))
    out.extend(f"{ASCII.coord(coord)}-{ROMAJI[face]}" for coord, face in ply.placements)
    if ply.back:
        out.append(f"back {ROMAJI[ply.back]}")
    if ply.obtained:
        out.append(f"got {ROMAJI[ply.obtained]}")
    out.extend(name for flag, name in ((ply.repetition, "repetition"), (ply.foul, "foul"),
                                       (ply.mate, "mate")) if flag)
    return out


def move_text(move: object, style: Style = KANJI) -> str:
    if isinstance(move, Ply):
        return ply_text(move, style)
    if isinstance(move, Placement):
        d = style.dash
        text = (f"{style.marks[move.side]}{move.file}{d}{move.rank}{d}{move.tier}{d}"
                f"{style.piece(move.piece)}")
        if move.back:
            text += f"[裏駒{move.back}]" if style is KANJI else f"[back {ROMAJI[move.back]}]"
        return text
    if isinstance(move, BackFaces):
        groups = []
        for side, items in move.groups():
            inner = style.comma.join(f"{style.coord(c)}{style.dash}{style.piece(f)}"
                                     for c, f in items)
            groups.append(f"{style.marks[side].strip()}{style.quote[0]}{inner}{style.quote[1]}")
        return "(" + style.comma.join(groups) + ")"
    if isinstance(move, Section):
        return style.sections[move.kind]
    if isinstance(move, Resign):
        return f"{style.marks[move.side]}{style.resign}"
    raise TypeError(move)


#: The header names the notation reads back as headers (``HEADER`` in ``grammars/gungi.lark``;
#: the hands and the side to move belong to a set-up diagram).
HEADER_NAMES = re.compile(r"[A-Za-z][A-Za-z0-9_\-]*|先手|後手|黒軍|白軍|開始日時|終了日時|対局日|日時"
                          r"|棋戦|表題|場所|備考|結果")

def _comment(text: str) -> str:
    return "[" + text.replace("]", "〕").replace("\n", " ") + "]"


def write(record: Record, ascii_names: bool = False) -> str:
    style = ASCII if ascii_names else KANJI
    out: list[str] = []
    out.extend(header_lines(record.headers.items(), HEADER_NAMES))
    if record.setup is not None:
        out.extend(bod.write(record.setup, ascii_names))
    if out:
        out.append("")
    out.extend(_comment(c) for c in record.comments)
    _Layout(style, out).line(record.moves, top=True)
    return "\n".join(out).rstrip("\n") + "\n"


class _Layout:
    def __init__(self, style: Style, out: list[str]) -> None:
        self.style = style
        self.out = out
        self.current = ""
        self.count = 0

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
            text = move_text(move, style) + "".join(_comment(c) for c in node.comments)
            text += "".join(self.variation(v) for v in node.variations)
            if isinstance(move, BackFaces):
                self.flush()
                self.current = text
                self._after(node, last, separator=True)
                self.flush()
                continue
            self.current += text
            self.count += 1
            self._after(node, last, separator=True)
            if self.count % PER_LINE == 0:
                self.flush()
                if self.count % PER_BLOCK == 0:
                    self.out.append("")
        self.flush()

    def _after(self, node: Node, last: bool, separator: bool) -> None:
        style = self.style
        if separator:
            ends = getattr(node.move, "ends", False)
            self.current += style.stop if (last or ends) else style.comma
        if getattr(node.move, "ends", False):
            self.flush()
            self.out.append(style.end)

    def variation(self, nodes: list[Node]) -> str:
        parts = []
        for node in nodes:
            text = move_text(node.move, self.style) + "".join(_comment(c) for c in node.comments)
            text += "".join(self.variation(v) for v in node.variations)
            if getattr(node.move, "ends", False):
                text += self.style.stop + self.style.end
            parts.append(text)
        return "(" + self.style.comma.join(parts) + ")"
