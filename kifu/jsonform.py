"""The versioned JSON form of a record (schema: ``kifu/schema/record.schema.json``).

```json
{"format": "kifu-record", "version": 1, "game": "renju",
 "headers": [["Black", "..."], ...], "setup": null, "comments": [],
 "moves": [{"move": {"type": "place", "point": "h8"}, "notation": "h8",
            "comments": [], "variations": [], "span": [1, 1, 1, 3]}]}
```
Headers are a list of pairs because their order matters.  ``move`` is the game's own JSON for a
move (always with a ``type``); ``notation`` is the same move in the game's native notation, for
people and for tools that only display moves.  Spans are kept, so nothing is lost both ways.
"""
from __future__ import annotations

import json
import math
import reprlib
from collections.abc import Iterator
from typing import Any

from kifu.errors import LimitError, NotationError
from kifu.limits import (
    MAX_DEPTH,
    MAX_DIGITS,
    MAX_MOVES,
    check_tree,
    shorten,
    too_deep,
    too_many_moves,
)
from kifu.record import Node, Record, Span

FORMAT = "kifu-record"
VERSION = 1


def game_of(text: str) -> str:
    """The ``game`` a JSON record names, read without decoding the rest."""
    data = _decode(text)
    game = data.get("game") if isinstance(data, dict) else None
    if not isinstance(game, str):
        raise NotationError("a JSON record needs a string field 'game'", span=Span.point(1, 1))
    return game


def dumps(record: Record) -> str:
    """The record as indented JSON text."""
    return json.dumps(to_json(record), ensure_ascii=False, indent=1) + "\n"


def to_json(record: Record) -> dict[str, Any]:
    from kifu import registry

    game = registry.get(record.game)
    check_tree(record.moves)  # the JSON encoder recurses as deep as the variations

    def node_json(node: Node) -> dict[str, Any]:
        item: dict[str, Any] = {"move": game.move_to_json(node.move),
                                "notation": game.move_text(node.move)}
        item["comments"] = list(node.comments)
        item["variations"] = [[node_json(n) for n in line] for line in node.variations]
        if node.span is not None:
            item["span"] = _span_json(node.span)
        return item

    return {
        "format": FORMAT,
        "version": VERSION,
        "game": record.game,
        "headers": [[key, value] for key, value in record.headers.items()],
        "setup": None if record.setup is None else game.setup_to_json(record.setup),
        "comments": list(record.comments),
        "moves": [node_json(node) for node in record.moves],
    }


def loads(text: str, source: str = "<json>") -> Record:
    data = _decode(text)
    try:
        return from_json(data, source)
    except NotationError:
        raise
    except (KeyError, ValueError, TypeError, AttributeError, IndexError) as error:
        detail = error.args[0] if error.args else type(error).__name__
        raise NotationError(f"not a valid kifu JSON record: {detail}", span=Span.point(1, 1)) from None


def from_json(data: Any, source: str = "<json>") -> Record:
    from kifu import registry

    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise NotationError(f"not a kifu JSON record (its 'format' must be {FORMAT!r})",
                            span=Span.point(1, 1))
    if data.get("version") != VERSION:
        raise NotationError(f"kifu JSON version {data.get('version')!r} is not supported "
                            f"(this kifu reads version {VERSION})", span=Span.point(1, 1))
    game = registry.get(data["game"])
    count = 0

    def node_from(item: dict[str, Any], depth: int) -> Node:
        nonlocal count
        count += 1
        span = _span_from(item.get("span"))
        if count > MAX_MOVES:
            raise too_many_moves(span)
        lines = _list(item.get("variations", []))
        if lines and depth >= MAX_DEPTH:
            raise too_deep(span)
        if any(not _list(line) for line in lines):  # as the notation refuses "()"
            raise NotationError("an empty variation", span=span)
        return Node(
            move=game.move_from_json(item["move"]),
            comments=[_str(c) for c in _list(item.get("comments", []))],
            variations=[[node_from(n, depth + 1) for n in _consumed(line)] for line in lines],
            span=span,
        )

    headers = {}
    for key, value in data.get("headers", []):
        headers[_str(key)] = _str(value)
    setup = data.get("setup")
    return Record(
        game=game.name,
        headers=headers,
        setup=None if setup is None else game.setup_from_json(setup),
        comments=[_str(c) for c in _list(data.get("comments", []))],
        moves=[node_from(item, 0) for item in _consumed(data.get("moves", []))],
        source=source,
    )


class _Unusable(Exception):
    """A JSON number kifu will not take (too many digits, not finite), as written."""

    def __init__(self, message: str, written: str) -> None:
        super().__init__(message)
        self.message, self.written = message, written


def _int(text: str) -> int:
    if len(text.lstrip("-")) > MAX_DIGITS:
        raise _Unusable(f"a number with more than {MAX_DIGITS} digits", text)
    return int(text)


def _float(text: str) -> float:
    value = float(text)
    if not math.isfinite(value):
        raise _Unusable(f"the number {shorten(text)} is too large", text)
    return value


def _constant(text: str) -> Any:
    raise _Unusable(f"{text} is not a JSON number", text)


def _decode(text: str) -> Any:
    """JSON text as Python values; numbers are bounded as in every notation (``kifu.limits``)."""
    try:
        return json.loads(text, parse_int=_int, parse_float=_float, parse_constant=_constant)
    except json.JSONDecodeError as error:
        raise NotationError(f"invalid JSON: {error.msg}",
                            span=Span.point(error.lineno, error.colno)) from None
    except RecursionError:
        raise LimitError("invalid JSON: nested too deeply", span=Span.point(1, 1),
                         rule="nesting-depth") from None
    except _Unusable as error:
        at = text.find(error.written)
        span = Span.point(1, 1)
        if at >= 0:
            span = Span.point(text.count("\n", 0, at) + 1, at - text.rfind("\n", 0, at))
        raise LimitError(f"invalid JSON: {error.message}", span=span, rule="number-size") from None


def whole(value: Any, what: str, low: int = 0, high: int | None = None) -> int:
    """``value`` if it is a whole number from ``low`` to ``high`` (JSON's ``true`` is not one),
    else a ``ValueError`` naming ``what``: games check the numbers of their JSON with it as
    strictly as their notation's."""
    if (not isinstance(value, int) or isinstance(value, bool) or value < low
            or (high is not None and value > high)):
        limits = f"from {low}" if high is None else f"from {low} to {high}"
        raise ValueError(f"{what} is a whole number {limits}, not {reprlib.repr(value)}")
    return value


def _str(value: Any) -> str:
    if not isinstance(value, str):
        raise ValueError(f"expected a string, found {reprlib.repr(value)}")
    return value


def _list(value: Any) -> list[Any]:
    if not isinstance(value, list):
        raise ValueError(f"expected a list, found {reprlib.repr(value)}")
    return value


def _consumed(value: Any) -> Iterator[Any]:
    """The items of a JSON list, each let go once taken, so that a long record's decoded JSON
    shrinks as its nodes are built rather than both standing in memory at once."""
    items = _list(value)
    for index, item in enumerate(items):
        items[index] = None
        yield item


def _span_json(span: Span) -> list[int]:
    return [span.line, span.column, span.end_line, span.end_column]


def _span_from(value: Any) -> Span | None:
    if value is None:
        return None
    if not (isinstance(value, list) and len(value) == 4 and all(
            isinstance(v, int) and not isinstance(v, bool) and v >= 1 for v in value)):
        raise ValueError(f"a span is four whole numbers from 1, not {reprlib.repr(value)}")
    return Span(*value)
