"""Reading and writing whole ``.rengoma`` records: the shared movetext walk for the turns
(:mod:`kifu.games.rengoma.notation` turns each into a value), the set-up header lines moved into
``record.setup`` (:mod:`kifu.games.rengoma.setup`), and the canonical layout back.
"""
from __future__ import annotations

from typing import Any

from kifu import grammar
from kifu.errors import NotationError
from kifu.games.rengoma import setup
from kifu.games.rengoma.notation import TERMINALS, make_move
from kifu.movetext import RecordBuilder, build_record
from kifu.record import Record, Span

_EXTRA_PLACEMENT = ("an extra action ('*') must follow its turn's action directly, with no "
                    "number, comment or variation between: extra turns come only from a normal "
                    "turn")


def parse(text: str, source: str = "<string>") -> Record:
    """Read a ``.rengoma`` record; set-up header lines become ``record.setup``."""
    try:
        tree = grammar.parse("rengoma", text, TERMINALS)
    except NotationError as error:
        raise _explain_stray_star(error, text) from None
    record = build_record(tree, RecordBuilder("rengoma", source), make_move)
    setup.extract(record, text)
    return record


_LINE_END = "the line ends too early"


def _explain_stray_star(error: NotationError, text: str) -> NotationError:
    """A '*' the grammar cannot take is an extra action outside a turn: say so by the rule.
    A line end where a turn goes on is named as such rather than quoted."""
    span = error.span
    if error.message.startswith(_LINE_END):  # a line end where a turn goes on
        return NotationError("the line ends in the middle of a turn"
                             + error.message[len(_LINE_END):], span=span, rule=error.rule)
    if span is None or not error.message.startswith("unexpected '"):
        return error
    lines = text.split("\n")
    char = lines[span.line - 1][span.column - 1:span.column] if span.line <= len(lines) else ""
    if char and char in "*＊":
        return NotationError(_EXTRA_PLACEMENT, span=Span.point(span.line, span.column),
                             rule="extra-turn")
    return error


# -- writing --------------------------------------------------------------------------------

def write(record: Record, numbered: bool = True, per_line: int = 6) -> str:
    """The record in canonical notation: headers, set-up lines, a blank line, the turns."""
    out = [f"{key}: {_one_line(value)}" for key, value in record.headers.items()]
    if record.setup is not None:
        out.extend(f"{key}: {value}" for key, value in setup.header_lines(record.setup))
    if out:
        out.append("")
    out.extend(_comment(c) for c in record.comments)
    line: list[str] = []
    for number, node in enumerate(record.moves, start=1):
        line.append(_node_tokens(node, number, numbered))
        # A comment or a variation ends its line, so that the turns after it stay easy to find.
        if len(line) == per_line or node.comments or node.variations:
            out.append("  ".join(line))
            line = []
    if line:
        out.append("  ".join(line))
    return "\n".join(out).rstrip("\n") + "\n"


def _node_tokens(node: Any, number: int, numbered: bool) -> str:
    parts = [f"{number}. {node.move}" if numbered else str(node.move)]
    parts.extend(_comment(c) for c in node.comments)
    for variation in node.variations:
        inner = [_node_tokens(child, number + offset, numbered)
                 for offset, child in enumerate(variation)]
        parts.append("(" + " ".join(inner) + ")")
    return " ".join(parts)


def _comment(text: str) -> str:
    """A comment in braces; braces cannot nest, so a closing brace inside is written as a
    full-width one."""
    return "{" + text.replace("}", "\uff5d") + "}"


def _one_line(value: str) -> str:
    return " ".join(value.split("\n"))


