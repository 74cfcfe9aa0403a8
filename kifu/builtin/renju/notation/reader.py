"""Reading Renju's notation with its grammar (``grammars/renju.lark``): the reference, which
reads every record the notation allows and writes every error, located and worded.  The common
record reaches it only where :mod:`.scanner` gives up on it."""
from __future__ import annotations

import re
from typing import cast

from lark import Token, Tree

from kifu.builtin.renju.moves import Move, Offer, Pass, Place, Point, Swap
from kifu.builtin.renju.notation.scanner import point_of, read_run
from kifu.plugin import NotationError, Record, RecordBuilder, Span, grammar, read_record

TERMINALS = {
    "POINT": "a point such as h8",
    "PASS": "'pass'",
    "SWAP": "'swap'",
    "OFFER": "'offer[...]'",
    "MOVE_NUMBER": "a move number such as 12.",
    "MOVE_RUN": "",
    "_COMMAS": "",
    "HEADER_KEY": "a header such as 'Black:'",
    "BRACE_COMMENT": "",
    "LINE_COMMENT": "",
}


def _point(token: Token) -> Point:
    return point_of(str(token), grammar.span_of(token))


MOVE_KINDS = ("move", "offer")


def _read_run(token: Token, builder: RecordBuilder) -> None:
    """Feed the numbers and moves of a MOVE_RUN token to the builder, each with its column."""
    at = grammar.token_span(token)
    read_run(str(token), at.line, at.column, builder)


#: No offer can name more points than the board has (every one of them twice is refused).
MAX_OFFER = 225


def _offered(children: list[Token]) -> tuple[Point, Span | None]:
    return _point(children[0]), grammar.span_of(children[0])


def _make_move(item: Tree) -> Move:
    if item.data == "offer":
        offered = [child for child in item.children if isinstance(child, tuple)]
        if not offered:
            raise NotationError("an offer names at least one point", span=grammar.span_of(item))
        if len(offered) > MAX_OFFER:
            raise NotationError(f"an offer names at most the board's {MAX_OFFER} points",
                                span=offered[MAX_OFFER][1])
        return Offer(tuple(point for point, _ in offered))
    token = cast(Token, item.children[0])
    if token.type == "POINT":
        return Place(_point(token))
    return Pass() if token.type == "PASS" else Swap()


#: Characters that look like digits, as a point's number is mistyped (h1O for h10).
_LOOKALIKES = str.maketrans("OoIlZzSs", "00115555")
_POINT = re.compile(r"[a-zA-Z][0-9]{1,2}")


def advise(word: str) -> str | None:
    """The nearest reading of a word that is no move: a point with a letter for a digit
    (``h1O``: ``h10``), else what a point is."""
    bare = word.strip(".,;")
    if _POINT.fullmatch(bare[:1] + bare[1:].translate(_LOOKALIKES)) and len(bare) > 1:
        return f"did you mean {bare[:1] + bare[1:].translate(_LOOKALIKES)}?"
    if bare[:1].isalpha() and bare[1:2].isdigit():
        return "a point is a column letter and a row number, such as h8 or o15"
    return None


def read(text: str, source: str = "<string>") -> Record:
    """Read a ``.renju`` record with the grammar (its set-up still in its headers)."""
    return read_record("renju", text, RecordBuilder("renju", source), _make_move,
                       terminals=TERMINALS, move_kinds=MOVE_KINDS, runs={"run": _read_run},
                       handlers={"offered": _offered}, advise=advise)
