"""Reading a notation of header lines, comments, numbers, moves and variations into a Record.

Most notations share this layout (``grammars/common.lark`` holds its pieces): header lines first,
then moves, optionally numbered, with comments after the move they concern and variations in
parentheses after the move they replace.  A game's grammar that names its rules ``header``,
``comment``, ``number`` (around a ``MOVE_NUMBER``), ``vopen`` (around a ``VOPEN``) and
``variation`` (ending in a ``VCLOSE``) gets the whole reading from :func:`read_record`; the game
only turns each move rule into a move value.  The parser streams: each item goes to the
:class:`RecordBuilder` as soon as it is read and no parse tree is kept, so a record costs the
memory of its moves, not of a tree of every token.
"""
from __future__ import annotations

import itertools
import re
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from typing import TYPE_CHECKING, Any

from kifu.base.errors import ConversionError, HeaderError, LimitError, NotationError
from kifu.base.limits import MAX_MOVES, read_int, shorten, too_many_moves
from kifu.base.record import (
    LINE_END,
    NODE,
    VARIATION,
    Located,
    Node,
    Record,
    Span,
    in_writing_order,
    is_event,
)

if TYPE_CHECKING:  # Lark is imported where a text is parsed: a game may read without it
    from lark import Token, Tree

    from kifu.reading import grammar


class RecordBuilder:
    """Collects headers, moves, comments and variations in the order a parser meets them.

    It enforces the limit every record is read under (``kifu.base.limits``): at most
    ``MAX_MOVES`` moves in all, however deep their variations nest.
    """

    def __init__(self, game: str, source: str | None = None) -> None:
        self.record = Record(game=game, source=source)
        self._lines: list[list[Node[Any]]] = [self.record.moves]
        self._numbers: list[int] = [0]  # plies so far in each open line
        self._pending_number: tuple[int, Span | None] | None = None
        self._seen_move = False
        self._leading_comments: list[str] = []
        self._header_keys: set[str] = set()
        self._moves = 0

    @property
    def line(self) -> list[Node[Any]]:
        return self._lines[-1]

    @property
    def depth(self) -> int:
        """How many variations are open (0 on the main line)."""
        return len(self._lines) - 1

    @property
    def seen_move(self) -> bool:
        return self._seen_move

    def header(self, key: str, value: str, span: Span) -> None:
        if self._seen_move:
            raise HeaderError(f"header line {key!r} after the moves have begun; "
                              "headers go at the top", span=span)
        folded = key.casefold()
        if folded in self._header_keys:
            raise HeaderError(f"header {key!r} is given twice", span=span)
        self._header_keys.add(folded)
        self.record.headers[key] = value
        self.record.header_spans[key] = span

    def comment(self, text: str) -> None:
        if self.line:
            self.line[-1].comments.append(text)
        elif len(self._lines) == 1:
            self.record.comments.append(text)
        else:  # a comment opening a variation goes with the variation's first move
            self._leading_comments.append(text)

    def number(self, written: int, span: Span | None) -> None:
        if self._pending_number is not None:
            raise NotationError(f"move number {self._pending_number[0]} is not followed by a move",
                                span=self._pending_number[1])
        self._pending_number = (written, span)

    def number_text(self, text: str, span: Span | None) -> None:
        """A move number as written (``12.``, full-width digits too)."""
        digits = _NUMBER.search(text)
        written = read_int(digits.group()) if digits else None
        if written is None:
            raise LimitError(f"move number {shorten(text)} is far too large", span=span,
                             rule="number-size")
        self.number(written, span)

    def move(self, move: Any, span: Span | None) -> Node[Any]:
        self._seen_move = True
        self._moves += 1
        if self._moves > MAX_MOVES:
            raise too_many_moves(span)
        if not is_event(move):
            self._numbers[-1] += 1
            if self._pending_number is not None:
                written, where = self._pending_number
                if written != self._numbers[-1]:
                    raise NotationError(f"move number {written} is written where move "
                                        f"{self._numbers[-1]} comes", span=where)
                self._pending_number = None
        node = Node(move, span=span)
        line = self._lines[-1]
        if self._leading_comments and len(self._lines) > 1 and not line:
            node.comments.extend(self._leading_comments)
            self._leading_comments = []
        line.append(node)
        return node

    def plies(self, moves: Sequence[Any], written: Sequence[int | None],
              places: Sequence[tuple[Located, int, int]]) -> bool:
        """Append ``moves``, plies all (no event among them), each after the number written
        before it (``written``, ``None`` where none is) and read at its place (each node's
        span worked out from it when asked for): what :meth:`number` and :meth:`move` do one
        by one, at once, for a reader that reads many moves at a time.  ``False``, having done
        nothing, where they would do more than append the moves (a number pending or not the
        move's, comments waiting for a variation's first move, the move limit): the reader
        then makes those calls itself, which say what is wrong."""
        count = self._numbers[-1]
        if (self._pending_number is not None or self._leading_comments
                or self._moves + len(moves) > MAX_MOVES):
            return False
        if written.count(None) != len(written) and any(
                number is not None and number != expected
                for number, expected in zip(written, range(count + 1, count + 1 + len(moves)))):
            return False
        if moves:
            self._seen_move = True
            self._moves += len(moves)
            self._numbers[-1] = count + len(moves)
            self._lines[-1].extend([Node(move, None, None, None, place)
                                    for move, place in zip(moves, places)])
        return True

    def begin_variation(self, span: Span | None) -> None:
        if not self.line:
            raise NotationError("a variation must follow the move it replaces", span=span)
        self._check_number_used()
        replaced = self.line[-1]
        before = self._numbers[-1] - (not is_event(replaced.move))
        variation: list[Node[Any]] = []
        replaced.variations.append(variation)
        self._lines.append(variation)
        self._numbers.append(before)
        self._leading_comments = []

    def end_variation(self, span: Span | None) -> None:
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


#: Reads a token that stands for several numbers and moves at once into the builder.
RunReader = Callable[["Token", RecordBuilder], None]


def header_span(key: Token, value: Token | None) -> Span:
    """A header's span: from its key to the end of its value (not of the line)."""
    from kifu.reading.grammar import token_span

    first, last = token_span(key), token_span(value if value is not None else key)
    return Span(first.line, first.column, last.end_line, last.end_column)


def read_record(grammar_name: str, text: str, builder: RecordBuilder,
                make_move: Callable[[Tree[Token]], Any], *,
                terminals: Mapping[str, str] | None = None,
                move_kinds: Iterable[str] = ("move",),
                runs: Mapping[str, RunReader] | None = None,
                handlers: Mapping[str, grammar.RuleHandler] | None = None,
                positions: bool = False, advise: grammar.Advice | None = None) -> Record:
    """Parse ``text`` (a notation of the common layout, see the module docstring) into
    ``builder`` and return its record.

    Each rule named in ``move_kinds`` is a move: ``make_move`` gets it as a tree of its
    children (its span from its tokens).  ``runs`` maps rules around a single token that stands
    for several numbers and moves to a reader that feeds them to the builder itself;
    ``handlers`` adds (or replaces) handlers for other rules of the game's grammar.
    """
    from lark import Tree

    from kifu.reading import grammar
    from kifu.reading.grammar import span_of

    def move(kind: str) -> grammar.RuleHandler:
        def handle(children: list[Any]) -> None:
            item = Tree(kind, children)
            builder.move(make_move(item), span_of(item))
        return handle

    def run(reader: RunReader) -> grammar.RuleHandler:
        return lambda children: reader(children[0], builder)

    def header(children: list[Any]) -> None:
        key_token, *rest = children
        value = rest[0] if rest else None
        builder.header(key_token.rstrip(":： \t"), str(value).rstrip() if value else "",
                       header_span(key_token, value))

    table: dict[str, grammar.RuleHandler] = {
        "start": lambda children: None,
        "header": header,
        "comment": lambda children: builder.comment(comment_text(str(children[0]))),
        "number": lambda children: builder.number_text(str(children[0]), span_of(children[0])),
        "vopen": lambda children: builder.begin_variation(span_of(children[0])),
        "variation": lambda children: builder.end_variation(span_of(children[-1])),
    }
    table.update({kind: move(kind) for kind in move_kinds})
    table.update({kind: run(reader) for kind, reader in (runs or {}).items()})
    table.update(handlers or {})
    grammar.stream(grammar_name, text, table, terminals, positions, advise)
    return builder.finish()


# -- writing --------------------------------------------------------------------------------

def write_record(record: Record, move_text: Callable[[Any], str] = str, *, numbered: bool = True,
                 per_line: int = 10, extra_headers: Iterable[tuple[str, str]] = (),
                 separator: str = " ", break_after_notes: bool = False) -> str:
    """A record in the common layout (see :func:`record_pieces`)."""
    return "".join(record_pieces(record, move_text, numbered=numbered, per_line=per_line,
                                 extra_headers=extra_headers, separator=separator,
                                 break_after_notes=break_after_notes))


def record_pieces(record: Record, move_text: Callable[[Any], str] = str, *,
                  numbered: bool = True, per_line: int = 10,
                  extra_headers: Iterable[tuple[str, str]] = (), separator: str = " ",
                  break_after_notes: bool = False) -> Iterator[str]:
    """A record in the common layout, a few lines at a time: header lines (then
    ``extra_headers``, a set-up say), a blank line, the comments before play, and the moves
    ``per_line`` to a line.

    Moves are numbered (events are not); each move's comments follow it and its variations
    follow those, in parentheses.  ``break_after_notes`` also ends a line after a move that has
    comments or variations.  A header the notation cannot write is a ``ConversionError``,
    raised here, before any piece.
    """
    out = header_lines([*record.headers.items(), *extra_headers])
    if out:
        out.append("")
    out.extend(comment_token(text).rstrip("\n") for text in record.comments)
    return joined(itertools.chain(out, _move_lines(record.moves, move_text, numbered, per_line,
                                                   separator, break_after_notes)))


def _move_lines(moves: list[Node[Any]], move_text: Callable[[Any], str], numbered: bool,
                per_line: int, separator: str, break_after_notes: bool) -> Iterator[str]:
    current: list[str] = []
    number = 0
    for node in moves:
        text, number = _node_text(node, number, move_text, numbered)
        current.append(text)
        if (len(current) == per_line or text.endswith("\n")
                or (break_after_notes and (node.comments or node.variations))):
            yield separator.join(current).rstrip("\n")
            current = []
    if current:
        yield separator.join(current)


def joined(lines: Iterable[str], batch: int = 64) -> Iterator[str]:
    """``"\\n".join(lines).rstrip("\\n") + "\\n"``, ``batch`` lines at a time: the line ends a
    text ends with are held back until more text follows them."""
    held = ""  # line ends not yet known to stand inside the text
    pieces: list[str] = []
    first = True
    for line in lines:
        text = line if first else "\n" + line
        first = False
        body = text.rstrip("\n")
        if body:
            pieces.append(held + body)
            held = text[len(body):]
        else:
            held += text
        if len(pieces) >= batch:
            yield "".join(pieces)
            pieces = []
    pieces.append("\n")
    yield "".join(pieces)


def _node_text(node: Node[Any], number: int, move_text: Callable[[Any], str],
               numbered: bool) -> tuple[str, int]:
    """A main-line node as written, with its comments and its variations in parentheses (and
    theirs within, walked :func:`in_writing_order`), and the number of the last move it
    counts."""
    text, number = _entry_text(node, number, move_text, numbered)
    if not node.variations:
        return text, number
    pieces = [text]
    before = [number - (not is_event(node.move))]  # the number before each node still open
    at: list[int] = []  # the number so far in each variation open
    for kind, child, index, _, _ in in_writing_order(node):
        if kind == VARIATION:  # it replaces its node: numbered from the number before it
            pieces.append(" (")
            at.append(before[-1])
        elif kind == LINE_END:
            pieces.append(")")
            at.pop()
        elif kind == NODE:
            before.append(at[-1])
            text, at[-1] = _entry_text(child, at[-1], move_text, numbered)
            pieces.append(text if index == 0 else " " + text)
        else:
            before.pop()
    return "".join(pieces), number


def _entry_text(node: Node[Any], number: int, move_text: Callable[[Any], str],
                numbered: bool) -> tuple[str, int]:
    """A node's move and comments as written, and the number of its move (the number before
    it for an event, which takes none)."""
    counted = not is_event(node.move)
    number += counted
    parts = [f"{number}. {move_text(node.move)}" if numbered and counted else move_text(node.move)]
    parts.extend(comment_token(c) for c in node.comments)
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


#: The header names the common layout reads (``HEADER_KEY`` in ``grammars/common.lark``).
HEADER_NAME = re.compile(r"[A-Za-z][A-Za-z0-9_\-]*")


def header_lines(headers: Iterable[tuple[str, str]],
                 names: re.Pattern[str] = HEADER_NAME) -> list[str]:
    """Header lines as a notation writes them, each value on one line (line ends become
    blanks), ``: `` after an ASCII name and ``：`` after another.

    A record read from JSON or SGF may hold a header the notation cannot read back: a name it
    does not read as one (``names`` says which it does), or one name twice in other cases.
    Writing it would make a file kifu cannot read, so that is a ``ConversionError`` instead.
    """
    lines, seen = [], set()
    for key, value in headers:
        if not names.fullmatch(key):
            raise ConversionError(f"the header {shorten(key)!r} cannot be written in this "
                                  "notation, whose header names are a letter, then letters, "
                                  "digits, '-' and '_'")
        if key.casefold() in seen:
            raise ConversionError(f"the header {shorten(key)!r} is given twice (names are the "
                                  "same in any case)")
        seen.add(key.casefold())
        colon = ": " if key.isascii() else "："
        lines.append(f"{key}{colon}{' '.join(value.split(chr(10)))}")
    return lines


#: An item of every native notation's head, after the blanks before it (the grammars'
#: shared ``header``, ``comment``, ``_NL`` and ``BLANK``, ``grammars/common.lark``): a header
#: line (``Key: value``), a comment in braces or to the line's end, or a line end.
_HEAD_ITEM = re.compile(r"[ \t\u3000]*(?:[A-Za-z][A-Za-z0-9_\-]*[ \t]*:[^\n]*(?:\n|$)"
                        r"|\{[^}]*\}|;[^\n]*|\n)")


def native_head(text: str) -> list[str]:
    """A native record's head, as a record of its own without moves: its items up to the
    first that is none of a header line, a comment or a line end (its first move, or what
    the grammar would refuse).  The grammars read a header anywhere before the moves, after
    a comment or a blank line too, and so does this."""
    at = 1 if text.startswith("\ufeff") else 0
    while at < len(text):
        item = _HEAD_ITEM.match(text, at)
        if item is None or item.end() == at:
            break
        at = item.end()
    return [text[:at]]
