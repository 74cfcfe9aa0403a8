"""Reading the Gungi notation: the grammar's tree to a :class:`~kifu.base.record.Record`.

The grammar yields what the text says; this module turns tokens into move values, tells a
bracket's notes from free commentary, and collects a set-up diagram.  Reading is tolerant
where the intent is plain: the dashes ― — ─ ー - －, full-width and kanji digits, katakana ヘ
for へ, stray blanks, and the romanised ASCII spelling (see :mod:`kifu.builtin.gungi.notation.writer`).
"""
from __future__ import annotations

import difflib
import re
from collections.abc import Iterator
from dataclasses import replace
from typing import NamedTuple, cast

from lark import Token, Tree

from kifu.builtin.gungi.moves import (
    SECTION_WORDS,
    BackFaces,
    Betrayed,
    Claim,
    Coord,
    Placement,
    Ply,
    Resign,
    Section,
)
from kifu.builtin.gungi.pieces import FROM_ROMAJI, face_of
from kifu.builtin.gungi.setup import positions
from kifu.plugin import NotationError, Record, RecordBuilder, Span, grammar

TERMINALS = {
    "MARK": "a side mark ▲ or ▽",
    "DIGIT": "a digit 1-9",
    "PIECE": "a piece name such as 兵",
    "SAME": "'同'",
    "NEW": "'新'",
    "STRIKE": "'不'",
    "SWAP": "'⇔'",
    "RESIGN": "'投了'",
    "CLAIM": "'反則指摘'",
    "HEADER": "a header line such as 'Black: name'",
    "BRACKET": "a note in brackets",
    "SECTION_JP": "a section marker such as 「開戦」",
    "_DASH": "a dash '―'",
    "_SEP": "'、'",
    "_LPAR": "'('",
    "_RPAR": "')'",
    "_LQ": "'「'",
    "_RQ": "'」'",
    "BOD_FILES": "",
    "BOD_BORDER": "",
    "BOD_ROW": "",
}

_DIGITS = {**{c: i + 1 for i, c in enumerate("123456789")},
           **{c: i + 1 for i, c in enumerate("１２３４５６７８９")},
           **{c: i + 1 for i, c in enumerate("一二三四五六七八九")}}
_DASHES = "―—─ー-－‐‑–−"
_ASCII_SECTIONS = {"setup": "begin", "setup done": "done", "battle": "battle", "end": "end",
                   "resetup": "rebegin", "resetup done": "redone", "rebattle": "rebattle"}

#: The same, for a record in the ASCII dialect (``B 1-7-1-hyou``): said in its own words.
TERMINALS_ASCII = {**TERMINALS, "MARK": "a side mark B or W", "DIGIT": "a digit 1-9",
                   "PIECE": "a piece name such as hyou", "SAME": "'same'", "NEW": "'*'",
                   "STRIKE": "'x'", "SWAP": "'<>'", "RESIGN": "'resign'", "_DASH": "a dash '-'",
                   "_SEP": "','", "SECTION_JP": ""}
#: A record written in the ASCII dialect: a side mark B or W before a place, no kanji mark.
_ASCII_TEXT = re.compile(r"(?m)^[ \t]*[BW][ \t]+[1-9]-")
_KANJI_MARK = re.compile("[▲▽△☗☖]")

_D = "[1-9１-９一二三四五六七八九]"
_S = f"[ \t]*[{re.escape(_DASHES)}][ \t]*"
_PIECE = ("[謀侍兵忍砲砦臥雛帥弓筒槍さとへヘ上龍竜鳳香や]|"
          + "|".join(sorted(FROM_ROMAJI, key=len, reverse=True)))
_MARK = "[▲▽△☗☖]|[BbWw](?![A-Za-z])"
ORIGIN = re.compile(f"({_D}){_S}({_D}){_S}({_D})")
REPLACE = re.compile(f"({_D}){_S}({_D}){_S}({_D}){_S}(砲|砦|oozutsu|toride)", re.I)
BETRAY_ITEM = re.compile(f"({_MARK})[ \t]*({_D}){_S}({_PIECE})", re.I)
OBTAINED = re.compile(r"(さ|と|へ|ヘ)[ \t]*入手|got[ \t]+(sa|to|he)", re.I)
BACK = re.compile(r"裏駒[ \t]*(さ|と|へ|ヘ)|back[ \t]+(sa|to|he)", re.I)
FLAGS = {"詰み": "mate", "mate": "mate", "反則": "foul", "foul": "foul", "千日手": "repetition",
         "repetition": "repetition"}


def advise_ascii(word: str) -> str | None:
    """The nearest piece name of the ASCII dialect to a word's misspelt one (``gaa``: ``ga``)."""
    name = word.rstrip(".,;、").rsplit("-", 1)[-1].casefold()
    if not name.isalpha() or name in FROM_ROMAJI:
        return None
    near = difflib.get_close_matches(name, FROM_ROMAJI, n=1, cutoff=0.5)
    return f"did you mean {near[0]}?" if near else \
        f"the pieces are {', '.join(sorted(FROM_ROMAJI))}"


def side_of(mark: str) -> int:
    return 0 if mark in "▲☗Bb" else 1


def digit(token: Token | str) -> int:
    return _DIGITS[str(token).strip()]


def parse(text: str, source: str = "<string>", *, in_setup: bool = False) -> Record:
    """Read a record; ``in_setup``: the text starts inside a set-up section (one set-up ply
    read on its own)."""
    ascii_dialect = _ASCII_TEXT.search(text) is not None and not _KANJI_MARK.search(text)
    tree = grammar.parse("gungi", text, TERMINALS_ASCII if ascii_dialect else TERMINALS,
                         advise=advise_ascii if ascii_dialect else None)
    reader = _Reader(source)
    reader.in_setup = in_setup
    reader.walk(tree.children)
    return reader.finish()


class _Reader:
    def __init__(self, source: str) -> None:
        self.builder = RecordBuilder("gungi", source)
        self.in_setup = False
        self.diagram = positions.DiagramBuilder()

    def finish(self) -> Record:
        record = self.builder.finish()
        record.setup = self.diagram.finish()
        return record

    def walk(self, items: list[Tree | Token]) -> None:
        """Read the items of the parse tree in order, a variation's within it, by an explicit
        stack (variations may nest as deep as the record has moves)."""
        # Each frame: the items of a variation (or of the record) still to read, and the
        # variation, closed once they are read (None for the record).
        frames: list[tuple[Iterator[Tree | Token], Tree | None]] = [(iter(items), None)]
        while frames:
            pending, opened = frames[-1]
            item = next(pending, None)
            if item is None:
                frames.pop()
                if opened is not None:
                    self.builder.end_variation(grammar.span_of(opened))
                continue
            if isinstance(item, Token):
                if item.type == "BRACKET" or item.type == "SECTION_JP":
                    self.bracket(item)
                continue
            kind = item.data
            if kind == "header":
                self.header(cast(Token, item.children[0]))
            elif kind in ("ply", "same"):
                self.ply(item)
            elif kind in ("resign", "claim"):
                value = Resign if kind == "resign" else Claim
                self.builder.move(value(side_of(cast(Token, item.children[0]))),
                                  grammar.span_of(item))
            elif kind == "backfaces":
                self.backfaces(item)
            elif kind == "variation":
                self.builder.begin_variation(grammar.span_of(item))
                frames.append((iter(item.children), item))
            elif kind == "board_row":
                self.diagram.row(cast(Token, item.children[0]))

    # -- headers ----------------------------------------------------------------------------

    def header(self, token: Token) -> None:
        match = re.match(r"([^:：]+?)[ \t]*[:：][ \t]*(.*)$", str(token))
        assert match is not None
        key, value = match.group(1).strip(), match.group(2).rstrip()
        span = grammar.token_span(token)
        if self.diagram.takes(key):
            self.diagram.header(key, value, span)
            return
        self.builder.header(key, value, span)

    # -- plies ------------------------------------------------------------------------------

    def ply(self, tree: Tree) -> None:
        tokens = [t for t in tree.children if isinstance(t, Token)]
        span = grammar.span_of(tree)
        stray_new = tokens[0].type == "NEW"
        if stray_new:
            tokens = tokens[1:]
            stray_new = not self._new_after_previous()
        side, file, rank, tier, strike, piece, drop, swap, swap_drop = _ply_words(
            tokens, tree.data == "ply", span)
        if self.in_setup:
            if (file is None or rank is None or tier is None or strike is not None or drop or swap
                    or stray_new):
                raise NotationError("a set-up ply is written 筋―段―層―駒, such as ▲1―7―1―兵",
                                    span=span)
            self.builder.move(Placement(side, file, rank, tier, piece), span)
            return
        if file is not None and tier is None and strike is None:
            raise NotationError("a ply names file, rank and tier: 筋―段―層―駒", span=span)
        self.builder.move(Ply(side, piece, file, rank, tier, strike, drop, swap=swap,
                              swap_drop=swap_drop, stray_new=stray_new), span)

    def _new_after_previous(self) -> bool:
        """A 新 before a mark, just after another ply of the line: written after that ply's 、
        (``▽6―6―1―筒、新▲同―鳳``, the source's one slip); the ply before says so.  False if
        there is no such ply (the 新 then stands before its own ply's mark)."""
        line = self.builder.line
        previous = line[-1].move if line else None
        if not isinstance(previous, Ply) or previous.drop or previous.new_after or self.in_setup:
            return False
        line[-1].move = replace(previous, new_after=True)
        return True

    def backfaces(self, tree: Tree) -> None:
        entries = []
        for group in cast("list[Tree]", tree.children):
            side = side_of(cast(Token, group.children[0]))
            for entry in cast("list[Tree]", group.children[1:]):
                f, r, t, face = cast("list[Token]", entry.children)
                back = face_of(face)
                if back not in ("さ", "と", "へ"):
                    raise NotationError(f"the back-face list names さ, と or へ, not {back}",
                                        span=grammar.span_of(face))
                entries.append((side, Coord(digit(f), digit(r), digit(t)), back))
        self.builder.move(BackFaces(tuple(entries)), grammar.span_of(tree))

    # -- brackets ---------------------------------------------------------------------------

    def bracket(self, token: Token) -> None:
        text = str(token)[1:-1]
        content = text.strip(" \t\u3000")
        span = grammar.token_span(token)
        section = SECTION_WORDS.get(content) or _ASCII_SECTIONS.get(content.lower())
        if content == "終局":
            section = "end"
        if section == "end":
            self.amend(span, "[終局]", ends=True)
            return
        if section is not None:
            self.in_setup = section in ("begin", "rebegin")
            self.builder.move(Section(section), span)
            return
        if str(token).startswith("「"):
            self.builder.comment(content)
            return
        note = classify(content)
        if note is None or not self.builder.line or not isinstance(
                self.builder.line[-1].move, (Ply, Placement)):
            self.builder.comment(text)
            return
        self.amend(span, f"[{content}]", **note)

    def amend(self, span: Span, text: str, **changes: object) -> None:
        line = self.builder.line
        if not line:
            raise NotationError(f"{text} must follow a ply", span=span)
        node = line[-1]
        move = node.move
        if "replace" in changes and isinstance(move, Ply) and move.replace is not None:
            changes = {"replace_next": changes["replace"],
                       "replace_next_piece": changes["replace_piece"]}
        if "obtained" in changes and isinstance(move, Ply) and move.obtained is not None:
            changes = {"obtained_next": changes["obtained"]}
        allowed = {"ends", "back", "foul"} if isinstance(move, Placement) else (
            set(Ply.__dataclass_fields__) if isinstance(move, Ply) else {"ends"})
        for key, _value in changes.items():
            if key not in allowed:
                raise NotationError(f"{text} cannot follow {move}", span=span)
            if getattr(move, key) not in (None, False):
                raise NotationError(f"{move} already has this note; {text} repeats it",
                                    span=span)
        node.move = replace(move, **changes)


class _PlyWords(NamedTuple):
    """What a ply's words say, each ``None`` (``False``) where the ply does not write it."""

    side: int
    file: int | None  # with the rank: None for 同
    rank: int | None
    tier: int | None
    strike: int | None  # 不: the tier of the piece taken in place
    piece: str
    drop: bool  # 新: from the hand
    swap: str | None  # ⇔: the piece swapped with
    swap_drop: bool  # 新 after it: the piece comes from the hand


def _ply_words(tokens: list[Token], square_named: bool, span: Span | None) -> _PlyWords:
    """A ply's words in the order the notation writes them (the grammar's): the mark, the
    square (file and rank, or 同), the tier, 不 and the tier it strikes, the piece, 新, ⇔ and
    the piece it swaps with, 新."""
    side = side_of(tokens[0])
    rest = tokens[1:]
    file = rank = None
    if square_named:
        file, rank = digit(rest[0]), digit(rest[1])
        rest = rest[2:]
    else:
        rest = rest[1:]  # 同
    tier = strike = None
    if rest and rest[0].type == "DIGIT":
        tier = digit(rest[0])
        rest = rest[1:]
    if rest and rest[0].type == "STRIKE":
        strike = digit(rest[1])
        rest = rest[2:]
    if not rest:
        raise NotationError("a ply names its piece, such as ▲同―鳳", span=span)
    piece = face_of(rest[0])
    rest = rest[1:]
    drop = bool(rest) and rest[0].type == "NEW"
    if drop:
        rest = rest[1:]
    swap = None
    swap_drop = False
    if rest and rest[0].type == "SWAP":
        swap = face_of(rest[1])
        swap_drop = len(rest) > 2 and rest[2].type == "NEW"
    return _PlyWords(side, file, rank, tier, strike, piece, drop, swap, swap_drop)


def classify(content: str) -> dict[str, object] | None:
    """The notes a bracket holds (as Ply fields), or None for free commentary."""
    if content in FLAGS or content.lower() in FLAGS:
        return {FLAGS.get(content) or FLAGS[content.lower()]: True}
    if match := ORIGIN.fullmatch(content):
        return {"origin": Coord(*(digit(g) for g in match.groups()))}
    if match := REPLACE.fullmatch(content):
        f, r, t, piece = match.groups()
        return {"replace": Coord(digit(f), digit(r), digit(t)), "replace_piece": face_of(piece)}
    if match := OBTAINED.fullmatch(content):
        return {"obtained": face_of(match.group(1) or match.group(2))}
    if match := BACK.fullmatch(content):
        return {"back": face_of(match.group(1) or match.group(2))}
    items = re.split(r"[ \t]*[、,][ \t]*", content)
    betrayal = []
    for item in items:
        match = BETRAY_ITEM.fullmatch(item)
        if match is None:
            return None
        mark, tier, piece = match.groups()
        betrayal.append(Betrayed(side_of(mark), digit(tier), face_of(piece)))
    return {"betrayal": tuple(betrayal)}


#: The Japanese names of the notation's headers (``HEADER`` of ``grammars/gungi.lark``), but
#: for a set-up diagram's hands and side to move and the moves' count, which a record's own
#: headers are never written as (:data:`_DIAGRAM_HEADER_WORDS`).
HEADER_WORDS = ("先手", "後手", "黒軍", "白軍", "開始日時", "終了日時", "対局日", "日時", "棋戦",
                "表題", "場所", "備考", "結果")
_DIAGRAM_HEADER_WORDS = ("先手の持駒", "後手の持駒", "手番", "手数")

#: A header line of the notation after the blanks and separators before it (``HEADER``,
#: ``BLANK`` and ``_SEP`` of ``grammars/gungi.lark``), its key the first group.
_HEAD_HEADER = re.compile(
    r"[ \t\u3000\u00a0\n、。,.，．]*([A-Za-z][A-Za-z0-9_\-]*(?=[ \t]*:)|(?:"
    + "|".join(HEADER_WORDS + _DIAGRAM_HEADER_WORDS) + r")(?=[ \t]*[:：]))[^\n]*")


def heads(text: str) -> list[str]:
    """A record's head, as a record of its own without moves (:attr:`kifu.plugin.Format.
    heads`): its header lines, in Japanese or English, wherever blanks and separators leave
    them before anything else, up to a set-up diagram's (its hands, the side to move), whose
    rows follow and which the head leaves out."""
    at = 0
    while (line := _HEAD_HEADER.match(text, at)) is not None and not \
            positions.DiagramBuilder.takes(line.group(1)):
        at = line.end()
    return [text[:at]]
