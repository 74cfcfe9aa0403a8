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
from typing import Any

from kifu.errors import NotationError
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

    def node_from(item: dict[str, Any]) -> Node:
        return Node(
            move=game.move_from_json(item["move"]),
            comments=[_str(c) for c in item.get("comments", [])],
            variations=[[node_from(n) for n in line] for line in item.get("variations", [])],
            span=_span_from(item.get("span")),
        )

    headers = {}
    for key, value in data.get("headers", []):
        headers[_str(key)] = _str(value)
    setup = data.get("setup")
    return Record(
        game=game.name,
        headers=headers,
        setup=None if setup is None else game.setup_from_json(setup),
        comments=[_str(c) for c in data.get("comments", [])],
        moves=[node_from(item) for item in data.get("moves", [])],
        source=source,
    )


def _decode(text: str) -> Any:
    try:
        return json.loads(text)
    except json.JSONDecodeError as error:
        raise NotationError(f"invalid JSON: {error.msg}",
                            span=Span.point(error.lineno, error.colno)) from None
    except RecursionError:
        raise NotationError("invalid JSON: nested too deeply", span=Span.point(1, 1)) from None


def _str(value: Any) -> str:
    if not isinstance(value, str):
        raise ValueError(f"expected a string, found {value!r}")
    return value


def _span_json(span: Span) -> list[int]:
    return [span.line, span.column, span.end_line, span.end_column]


def _span_from(value: Any) -> Span | None:
    if value is None:
        return None
    line, column, end_line, end_column = (int(v) for v in value)
    return Span(line, column, end_line, end_column)
