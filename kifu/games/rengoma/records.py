"""Reading and writing whole ``.rengoma`` records: the shared movetext walk for the turns
(:mod:`kifu.games.rengoma.notation` turns each into a value), the set-up header lines moved into
``record.setup`` (:mod:`kifu.games.rengoma.setup`), and the canonical layout back.
"""
from __future__ import annotations


from kifu.errors import NotationError
from kifu.games.rengoma import setup
from kifu.games.rengoma.notation import ACTION_HANDLERS, TERMINALS, make_move
from kifu.movetext import RecordBuilder, read_record, write_record
from kifu.record import Record, Span

_EXTRA_PLACEMENT = ("an extra action ('*') must follow its turn's action directly, with no "
                    "number, comment or variation between: extra turns come only from a normal "
                    "turn")


def parse(text: str, source: str = "<string>") -> Record:
    """Read a ``.rengoma`` record; set-up header lines become ``record.setup``."""
    try:
        record = read_record("rengoma", text, RecordBuilder("rengoma", source), make_move,
                             terminals=TERMINALS, handlers=ACTION_HANDLERS)
    except NotationError as error:
        raise _explain_stray_star(error, text) from None
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
    """The record in canonical notation: headers, set-up lines, a blank line, the turns.

    A comment or a variation ends its line, so that the turns after it stay easy to find.
    """
    extra = setup.header_lines(record.setup) if record.setup is not None else []
    return write_record(record, numbered=numbered, per_line=per_line, extra_headers=extra,
                        separator="  ", break_after_notes=True)



