"""Turning a parse tree of header lines, comments, numbers, moves and variations into a Record.

Most notations share this layout (``grammars/common.lark`` holds its pieces): header lines first,
then moves, optionally numbered, with comments after the move they concern and variations in
parentheses after the move they replace.  A game's grammar that names its rules ``header``,
``comment``, ``move`` and ``variation`` (and its number terminal ``MOVE_NUMBER``) gets the whole
walk from :func:`build_record`; the game only turns each ``move`` subtree into a move value.
A grammar may also leave moves as bare tokens (or trees of another name) in the line, which
saves a tree per move: ``move_kinds`` then names them.
"""
from __future__ import annotations

import re
from collections.abc import Callable, Iterable
from typing import Any

from lark import Token, Tree

from kifu.errors import HeaderError, NotationError
from kifu.grammar import span_of
from kifu.record import Node, Record, Span, is_event


class RecordBuilder:
    """Collects headers, moves, comments and variations in the order a parser meets them."""

    def __init__(self, game: str, source: str | None = None) -> None:
        self.record = Record(game=game, source=source)
        self._lines: list[list[Node]] = [self.record.moves]
        self._numbers: list[int] = [0]  # plies so far in each open line
        self._pending_number: tuple[int, Span] | None = None
        self._seen_move = False
        self._leading_comments: list[str] = []

    @property
    def line(self) -> list[Node]:
        return self._lines[-1]

    def header(self, key: str, value: str, span: Span) -> None:
        if self._seen_move:
            raise HeaderError(f"header line {key!r} after the moves have begun; "
                              "headers go at the top", span=span)
        if self.record.header(key) is not None:
            raise HeaderError(f"header {key!r} is given twice", span=span)
        self.record.headers[key] = value
        self.record.header_spans[key] = span

    def comment(self, text: str) -> None:
        if self.line:
            self.line[-1].comments.append(text)
        elif len(self._lines) == 1:
            self.record.comments.append(text)
        else:  # a comment opening a variation goes with the variation's first move
            self._leading_comments.append(text)

    def number(self, written: int, span: Span) -> None:
        if self._pending_number is not None:
            raise NotationError(f"move number {self._pending_number[0]} is not followed by a move",
                                span=self._pending_number[1])
        self._pending_number = (written, span)

    def move(self, move: Any, span: Span) -> Node:
        self._seen_move = True
        if not is_event(move):
            self._numbers[-1] += 1
            if self._pending_number is not None:
                written, where = self._pending_number
                if written != self._numbers[-1]:
                    raise NotationError(f"move number {written} is written where move "
                                        f"{self._numbers[-1]} comes", span=where)
                self._pending_number = None
        node = Node(move, span=span)
        if len(self._lines) > 1 and not self.line and self._leading_comments:
            node.comments.extend(self._leading_comments)
            self._leading_comments = []
        self.line.append(node)
        return node

    def begin_variation(self, span: Span) -> None:
        if not self.line:
            raise NotationError("a variation must follow the move it replaces", span=span)
        self._check_number_used()
        replaced = self.line[-1]
        before = self._numbers[-1] - (not is_event(replaced.move))
        variation: list[Node] = []
        replaced.variations.append(variation)
        self._lines.append(variation)
        self._numbers.append(before)
        self._leading_comments = []

    def end_variation(self, span: Span) -> None:
        self._check_number_used()
        if not self.line:
            raise NotationError("an empty variation", span=span)
        self._lines.pop()
        self._numbers.pop()

    def finish(self) -> Record:
        self._check_number_used()
        return self.record

    def _check_number_used(self) -> None:
        if self._pending_number is not None:
            written, where = self._pending_number
            raise NotationError(f"move number {written} is not followed by a move", span=where)


def comment_text(raw: str) -> str:
    """A comment's text without its ``{}`` or ``;`` and surrounding blanks."""
    if raw.startswith("{") and raw.endswith("}"):
        return raw[1:-1].strip()
    return raw.lstrip(";").strip()


_NUMBER = re.compile(r"[0-9０-９]+")


RunReader = Callable[[Token, RecordBuilder], None]


def build_record(tree: Tree, builder: RecordBuilder, make_move: Callable[[Any], Any],
                 move_kinds: frozenset[str] = frozenset({"move"}),
                 runs: dict[str, RunReader] | None = None) -> Record:
    """Walk a tree of the common layout (see the module docstring) into ``builder``.

    ``move_kinds`` are the token types and rule names that are moves (default: the rule
    ``move``); each is handed to ``make_move``.  ``runs`` maps token types that stand for
    several numbers and moves at once to a reader that feeds them to the builder itself.
    """
    _walk(tree.children, builder, make_move, move_kinds, runs or {})
    return builder.finish()


def _walk(items: list[Any], builder: RecordBuilder, make_move: Callable[[Any], Any],
          move_kinds: frozenset[str], runs: dict[str, RunReader]) -> None:
    for item in items:
        kind = item.type if isinstance(item, Token) else item.data
        if kind in move_kinds:
            builder.move(make_move(item), span_of(item))
        elif kind in runs:
            runs[kind](item, builder)
        elif kind == "MOVE_NUMBER":
            digits = _NUMBER.search(item)
            builder.number(int(digits.group()) if digits else 0, span_of(item))
        elif isinstance(item, Token):
            continue
        elif kind == "header":
            key_token, *rest = item.children
            key = key_token.rstrip(":： \t")
            last = rest[0] if rest else key_token  # the span ends with the value, not the line
            span = Span(key_token.line, key_token.column, last.end_line, last.end_column)
            builder.header(key, str(rest[0]).rstrip() if rest else "", span)
        elif kind == "comment":
            builder.comment(comment_text(str(item.children[0])))
        elif kind == "variation":
            builder.begin_variation(span_of(item))
            _walk(item.children, builder, make_move, move_kinds, runs)
            builder.end_variation(span_of(item))
        else:
            _walk(item.children, builder, make_move, move_kinds, runs)


# -- writing --------------------------------------------------------------------------------

def write_record(record: Record, move_text: Callable[[Any], str] = str, *, numbered: bool = True,
                 per_line: int = 10, extra_headers: Iterable[tuple[str, str]] = (),
                 separator: str = " ", break_after_notes: bool = False) -> str:
    """A record in the common layout: header lines (then ``extra_headers``, a set-up say), a
    blank line, the comments before play, and the moves ``per_line`` to a line.

    Moves are numbered (events are not); each move's comments follow it and its variations
    follow those, in parentheses.  ``break_after_notes`` also ends a line after a move that has
    comments or variations.
    """
    out = [f"{key}: {_one_line(value)}" for key, value in record.headers.items()]
    out.extend(f"{key}: {_one_line(value)}" for key, value in extra_headers)
    if out:
        out.append("")
    for text in record.comments:
        out.append(comment_token(text).rstrip("\n"))
    current: list[str] = []
    number = 0
    for node in record.moves:
        text, number = _node_text(node, number, move_text, numbered)
        current.append(text)
        if (len(current) == per_line or text.endswith("\n")
                or (break_after_notes and (node.comments or node.variations))):
            out.append(separator.join(current).rstrip("\n"))
            current = []
    if current:
        out.append(separator.join(current))
    return "\n".join(out).rstrip("\n") + "\n"


def _node_text(node: Node, number: int, move_text: Callable[[Any], str],
               numbered: bool) -> tuple[str, int]:
    counted = not is_event(node.move)
    number += counted
    parts = [f"{number}. {move_text(node.move)}" if numbered and counted else move_text(node.move)]
    parts.extend(comment_token(c) for c in node.comments)
    for variation in node.variations:
        inner, at = [], number - counted
        for child in variation:
            text, at = _node_text(child, at, move_text, numbered)
            inner.append(text)
        parts.append("(" + " ".join(inner) + ")")
    return " ".join(parts), number


def comment_token(text: str) -> str:
    """A comment as written: in braces, or after ``;`` to the end of the line when it holds a
    ``}`` (the result then ends with a line end).  A comment holding both a ``}`` and a line
    end fits neither; its ``}`` become full-width ones."""
    if "}" not in text:
        return "{" + text + "}"
    if "\n" not in text:
        return "; " + text + "\n"
    return "{" + text.replace("}", "\uff5d") + "}"


def _one_line(value: str) -> str:
    return " ".join(value.split("\n"))
