"""A set-up diagram in the style of shogi's BOD, for problems and studies.

```
後手の持駒：へ 兵(さ) 上×2
  ９ ８ ７ ６ ５ ４ ３ ２ １
+---------------------------+
| ・ | ・ |v砲v弓| ・ | … |一
 …
+---------------------------+
先手の持駒：なし
手番：先手
```
Each cell lists its stack bottom to top; ``v`` marks a white piece (as in BOD), ``・`` an empty
square.  A 兵 may name its back and a 香 its front in parentheses, ``兵(さ)``, ``香(砲)``; what is
not named is unknown and drawn from what the two sets still hold.  A hand may hold ``裏(兵)``, a
back of a 兵 the record has not shown yet (さ, と or へ: a 兵 recovered into the enemy's hand).
The battle phase is assumed.

As JSON (a record's ``setup``):
```json
{"to_move": "black",
 "board": {"5-9": [["black", "帥"]], "1-9": [["black", "砲"], ["black", "弓"]]},
 "hands": {"black": [["へ"], ["兵", "さ"]], "white": []}}
```
Stacks are listed bottom to top; a piece is ``[side, face]`` on the board, ``[face]`` in hand,
with its hidden face (a 兵's back, a 香's front) appended when known.
"""
from __future__ import annotations

import re
from collections import Counter
from dataclasses import dataclass, field
from typing import Any

from lark import Token

from kifu.builtin.gungi.geometry import SQUARES, square
from kifu.builtin.gungi.pieces import (
    FROM_ROMAJI,
    SET,
    SIDE_NAMES,
    UNSEEN,
    UNSEEN_ROMAJI,
    face_name,
    face_of,
)
from kifu.builtin.gungi.position import Piece, PieceFaces, Position, board_json
from kifu.plugin import NotationError, Span, grammar, read_int, shorten

KANJI_RANKS = "一二三四五六七八九"
HAND_KEYS = {"先手の持駒": 0, "後手の持駒": 1, "Black-Hand": 0, "White-Hand": 1}
TURN_KEYS = ("手番", "Turn")
_FACE = ("[謀侍兵忍砲砦臥雛帥弓筒槍さとへヘ上龍竜鳳香や]|"
         + "|".join(sorted(FROM_ROMAJI, key=len, reverse=True)))
_CELL_PIECE = re.compile(rf"(v[ \t]*)?({_FACE})(?:\((さ|と|へ|砲|砦|sa|to|he|oozutsu|toride)\))?",
                         re.I)
_HAND_ITEM = re.compile(rf"({_FACE}|{UNSEEN}|{UNSEEN_ROMAJI})"
                        r"(?:\((さ|と|へ|砲|砦|兵|sa|to|he|oozutsu|toride|hyou)\))?"
                        r"(?:[×x*]?([0-9０-９]+))?", re.I)
_HAND_WORD = re.compile(r"[^ \t\u3000、,]+")
_EMPTY = re.compile(r"[・.\s\u3000]*")


@dataclass(frozen=True)
class SetupPiece:
    """A piece of a set-up: its side, the face it shows, its hidden face if known."""

    side: int
    face: str
    hidden: str | None = None

    def text(self, ascii_names: bool = False) -> str:
        name = face_name(self.face, ascii_names)
        if self.hidden:
            name += f"({face_name(self.hidden, ascii_names)})"
        return name


@dataclass(frozen=True)
class Diagram:
    """A set-up position: 81 stacks (bottom to top, row by row from 9-1 to 1-9), both hands,
    the side to move."""

    stacks: tuple[tuple[SetupPiece, ...], ...]
    hands: tuple[tuple[SetupPiece, ...], tuple[SetupPiece, ...]]
    to_move: int = 0
    span: Span | None = field(default=None, compare=False)


class DiagramBuilder:
    """Collects the diagram's lines as the reader meets them."""

    def __init__(self) -> None:
        self.rows: dict[int, tuple[tuple[SetupPiece, ...], ...]] = {}
        self.hands: list[list[SetupPiece]] = [[], []]
        self.to_move: int | None = None
        self.seen = False
        self.span: Span | None = None

    @staticmethod
    def takes(key: str) -> bool:
        return key in HAND_KEYS or key in TURN_KEYS

    def header(self, key: str, value: str, span: Span) -> None:
        self.seen = True
        self.span = self.span or span
        if key in HAND_KEYS:
            self.hands[HAND_KEYS[key]] = parse_hand(value, HAND_KEYS[key], span)
            return
        word = value.strip()
        if word in ("先手", "▲", "黒", "black", "Black", "b", "B"):
            self.to_move = 0
        elif word in ("後手", "▽", "白", "white", "White", "w", "W"):
            self.to_move = 1
        else:
            raise NotationError(f"手番 is 先手 or 後手, not {shorten(word)!r}", span=span)

    def row(self, token: Token) -> None:
        self.seen = True
        span = grammar.token_span(token)
        self.span = self.span or span
        if token.type != "BOD_ROW":
            return
        text = str(token).rstrip()
        rank = (KANJI_RANKS.index(text[-1]) if text[-1] in KANJI_RANKS else int(text[-1]) - 1) + 1
        body = text[: -1].rstrip(" \t\u3000")
        cells = body.strip("|").split("|")
        if len(cells) != 9:
            raise NotationError(f"rank {text[-1]} of the diagram has {len(cells)} squares, not 9",
                                span=span)
        if rank in self.rows:
            raise NotationError(f"rank {text[-1]} is drawn twice", span=span)
        self.rows[rank] = tuple(parse_cell(cell, span) for cell in cells)

    def finish(self) -> Diagram | None:
        if not self.seen:
            return None
        if len(self.rows) != 9:
            missing = "".join(KANJI_RANKS[r - 1] for r in range(1, 10) if r not in self.rows)
            raise NotationError(f"the set-up diagram lacks ranks {missing}", span=self.span)
        stacks = tuple(cell for rank in range(1, 10) for cell in self.rows[rank])
        return Diagram(stacks, (tuple(self.hands[0]), tuple(self.hands[1])),
                       0 if self.to_move is None else self.to_move, self.span)


def parse_cell(cell: str, span: Span) -> tuple[SetupPiece, ...]:
    if _EMPTY.fullmatch(cell):
        return ()
    pieces = []
    pos = 0
    text = cell.strip(" \t\u3000")
    while pos < len(text):
        if text[pos] in " \t\u3000":
            pos += 1
            continue
        match = _CELL_PIECE.match(text, pos)
        if match is None:
            raise NotationError(f"cannot read {text[pos:]!r} as pieces of a stack", span=span)
        white, face, hidden = match.groups()
        pieces.append(SetupPiece(1 if white else 0, face_of(face),
                                 None if hidden is None else face_of(hidden)))
        pos = match.end()
    return tuple(pieces)


def parse_hand(value: str, side: int, span: Span) -> list[SetupPiece]:
    value = value.strip()
    if value in ("", "なし", "none"):
        return []
    out: list[SetupPiece] = []
    for found in _HAND_WORD.finditer(value):  # one at a time: a hand may be written endlessly
        item = found.group()
        match = _HAND_ITEM.fullmatch(item)
        if match is None:
            raise NotationError(f"cannot read {item!r} as pieces in hand", span=span)
        face, hidden, count = match.groups()
        if face_of(face) == UNSEEN:
            hidden = hidden or "兵"
        number = read_int(count) if count else 1
        if number is None or len(out) + number > len(SET):
            raise NotationError(f"{shorten(item)}: a hand holds at most the {len(SET)} pieces "
                                "of a side", span=span)
        out.extend([SetupPiece(side, face_of(face), None if hidden is None else face_of(hidden))]
                   * number)
    return out


def write(diagram: Diagram, ascii_names: bool = False, padded: bool = True) -> list[str]:
    """The diagram's lines, as :class:`DiagramBuilder` reads them; ``padded`` aligns the
    cells (in display columns, a kanji taking two) so the board reads as a grid."""
    rows = _cells(diagram, ascii_names)
    width = max(9, *(_width(c) for cells in rows for c in cells)) if padded else 0
    cells_text = [[c + " " * (width - _width(c)) for c in cells] for cells in rows]
    files = "".join(f"{'９８７６５４３２１'[i]:^{max(width - 1, 1)}} " for i in range(9))
    border = "+" + "-" * (len("|".join(cells_text[0])) + sum(
        _width(c) - len(c) for c in cells_text[0])) + "+"
    if ascii_names:
        files = "".join(f"{9 - i:^{max(width - 1, 1)}} " for i in range(9))
    white_key, black_key, turn_key = (("White-Hand: ", "Black-Hand: ", "Turn: ") if ascii_names
                                      else ("後手の持駒：", "先手の持駒：", "手番："))
    lines = [white_key + hand_text(diagram.hands[1], ascii_names), " " + files.rstrip(), border]
    for rank, cells in enumerate(cells_text, start=1):
        label = str(rank) if ascii_names else KANJI_RANKS[rank - 1]
        lines.append("|" + "|".join(cells) + "|" + label)
    lines.append(border)
    lines.append(black_key + hand_text(diagram.hands[0], ascii_names))
    turn = ("black", "white") if ascii_names else ("先手", "後手")
    lines.append(turn_key + turn[diagram.to_move])
    return lines


def _cells(diagram: Diagram, ascii_names: bool) -> list[list[str]]:
    """Each rank's cells, file 9 first: a stack's pieces bottom to top (``v`` before a white
    one, a blank before a black one), a dot for an empty square."""
    rows = []
    sep = " " if ascii_names else ""
    for rank in range(1, 10):
        cells = []
        for column in range(9):
            stack = diagram.stacks[(rank - 1) * 9 + column]
            text = sep.join(("v" if p.side else " ") + p.text(ascii_names) for p in stack)
            cells.append(text or (" ." if ascii_names else " ・"))
        rows.append(cells)
    return rows


def _width(text: str) -> int:
    import unicodedata

    return sum(2 if unicodedata.east_asian_width(c) in "WF" else 1 for c in text)


def hand_text(hand: tuple[SetupPiece, ...], ascii_names: bool = False) -> str:
    if not hand:
        return "none" if ascii_names else "なし"
    counts = Counter(p.text(ascii_names) for p in hand)
    times = "*" if ascii_names else "×"
    return " ".join(name + (f"{times}{n}" if n > 1 else "") for name, n in counts.items())


# -- JSON ---------------------------------------------------------------------------------

def _side(name: str) -> int:
    return SIDE_NAMES.index(name)


def to_json(diagram: Diagram) -> dict[str, Any]:
    """A diagram as JSON, as positions are written (:func:`kifu.builtin.gungi.position.board_json`)."""
    def faces(items: tuple[SetupPiece, ...]) -> list[PieceFaces]:
        return [(p.side, p.face, p.hidden) for p in items]

    return board_json([faces(stack) for stack in diagram.stacks],
                      [faces(hand) for hand in diagram.hands], diagram.to_move)


def from_json(data: dict[str, Any]) -> Diagram:
    stacks: list[tuple[SetupPiece, ...]] = [() for _ in SQUARES]
    for key, items in data["board"].items():
        file, rank = (read_int(v) for v in key.split("-"))
        if file is None or rank is None or not (1 <= file <= 9 and 1 <= rank <= 9):
            raise ValueError(f"a square is written file-rank, each 1 to 9, not {key!r}")
        stacks[square(file, rank)] = tuple(
            SetupPiece(_side(item[0]), face_of(item[1]),
                       face_of(item[2]) if len(item) > 2 else None) for item in items)
    hands = tuple(tuple(SetupPiece(side, face_of(item[0]),
                                   face_of(item[1]) if len(item) > 1 else None)
                        for item in data["hands"].get(SIDE_NAMES[side], []))
                  for side in (0, 1))
    return Diagram(tuple(stacks), hands, _side(data["to_move"]))  # type: ignore[arg-type]


def to_diagram(pos: Position) -> Diagram:
    """A position as a diagram (what a study starting here would write)."""
    def item(piece: Piece) -> SetupPiece:
        hidden = piece.other if piece.face in ("兵", "香", UNSEEN) else None
        return SetupPiece(piece.owner, piece.face, hidden)

    return Diagram(tuple(tuple(item(p) for p in stack) for stack in pos.board),
                   (tuple(item(p) for p in pos.hands[0]), tuple(item(p) for p in pos.hands[1])),
                   pos.to_move)
