"""The versioned JSON form of a record (schema: ``kifu/schema/record.schema.json``).

```json
{"format": "kifu-record", "version": 1, "game": "renju",
 "headers": [["Black", "..."], ...], "setup": null, "comments": [],
 "moves": [{"move": {"type": "place", "point": "h8"}, "notation": "h8",
            "comments": [], "variations": [], "span": [1, 1, 1, 3]}]}
```
Headers are a list of pairs because their order matters.  ``move`` is the game's own JSON for a
move (always with a ``type``); ``notation`` is the same move in the game's native notation, for
people and for tools that only display moves; a node with properties (a title, labels, a
bookmark that another format keeps) has them as ``properties``, an object of texts.  Spans are
kept, so nothing is lost both ways.
"""
from __future__ import annotations

import json
import reprlib
from collections.abc import Iterator
from typing import Any

from kifu.base.errors import NotationError
from kifu.base.limits import MAX_DEPTH, MAX_MOVES, check_tree, too_deep, too_many_moves
from kifu.base.record import Node, Record, Span
from kifu.base.unsafe import json_escaped
from kifu.plugin import registry
from kifu.plugin.contract import AnyGame
from kifu.reading.jsonvalues import decode

FORMAT = "kifu-record"
VERSION = 1


def dumps(record: Record) -> str:
    """The record as JSON text: a field of the document a line, and each node of the main line
    on a line of its own.  The nodes are written one at a time by the C encoder (which does
    not indent): a record of 500,000 moves, indented as a whole by the pure-Python one, cost
    gigabytes and many seconds."""
    game = registry.get(record.game)
    check_tree(record.moves)  # the JSON encoder recurses as deep as the variations
    fields = ",\n ".join(f"{json.dumps(key)}: {_compact(value)}"
                         for key, value in _document(record, game).items())
    nodes = ",\n  ".join(_compact(_node_json(game, node)) for node in record.moves)
    text = "{" + fields + ',\n "moves": [' + (f"\n  {nodes}\n " if nodes else "") + "]}\n"
    return json_escaped(text)  # readable, but no control or bidi character as it is


def to_json(record: Record) -> dict[str, Any]:
    """The record as JSON values (its game's moves and set-up in the game's own JSON)."""
    game = registry.get(record.game)
    check_tree(record.moves)  # the JSON encoder recurses as deep as the variations
    return {**_document(record, game),
            "moves": [_node_json(game, node) for node in record.moves]}


def _document(record: Record, game: AnyGame) -> dict[str, Any]:
    """Every field of the JSON form but the moves."""
    return {
        "format": FORMAT,
        "version": VERSION,
        "game": record.game,
        "headers": [[key, value] for key, value in record.headers.items()],
        "setup": None if record.setup is None else game.setup_to_json(record.setup),
        "comments": list(record.comments),
    }


def _node_json(game: AnyGame, node: Node) -> dict[str, Any]:
    item: dict[str, Any] = {"move": game.move_to_json(node.move),
                            "notation": game.move_text(node.move)}
    item["comments"] = list(node.comments)
    if node.has_properties():
        item["properties"] = dict(node.properties)
    item["variations"] = [[_node_json(game, n) for n in line] for line in node.variations]
    if node.span is not None:
        item["span"] = _span_json(node.span)
    return item


_compact = json.JSONEncoder(ensure_ascii=False).encode


def loads(text: str, source: str = "<json>") -> Record:
    """A record from JSON text; a ``NotationError`` (located where it can be) if it is none."""
    data = decode(text)
    try:
        return from_json(data, source)
    except NotationError:
        raise
    except (KeyError, ValueError, TypeError, AttributeError, IndexError) as error:
        detail = error.args[0] if error.args else type(error).__name__
        raise NotationError(f"not a valid kifu JSON record: {detail}", span=Span.point(1, 1)) from None


def from_json(data: Any, source: str = "<json>") -> Record:
    """A record from JSON values, checked as strictly as the notation reads one."""
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
            properties=_properties(item.get("properties", {})),
        )

    headers = {}
    for key, value in data.get("headers", []):
        headers[_line(key, "a header's name")] = _line(value, f"the header {key!r}")
    setup = data.get("setup")
    return Record(
        game=game.name,
        headers=headers,
        setup=None if setup is None else game.setup_from_json(setup),
        comments=[_str(c) for c in _list(data.get("comments", []))],
        moves=[node_from(item, 0) for item in _consumed(data.get("moves", []))],
        source=source,
    )


def _properties(value: Any) -> dict[str, str]:
    """A node's properties: names of one line, each with a text."""
    if not isinstance(value, dict):
        raise ValueError(f"a node's properties are an object, not {reprlib.repr(value)}")
    return {_line(key, "a property's name"): _str(text) for key, text in value.items()}


def _str(value: Any) -> str:
    if not isinstance(value, str):
        raise ValueError(f"expected a string, found {reprlib.repr(value)}")
    return value


def _line(value: Any, what: str) -> str:
    """A string of one line: every notation writes a header on a line of its own."""
    text = _str(value)
    if "\n" in text or "\r" in text:
        raise ValueError(f"{what} holds a line break, and a header is one line")
    return text


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
