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
from kifu.base.limits import MAX_MOVES, too_many_moves
from kifu.base.record import (
    LINE_END,
    NODE,
    VARIATION,
    Node,
    Record,
    Span,
    in_writing_order,
)
from kifu.base.unsafe import json_escaped
from kifu.plugin import registry
from kifu.plugin.contract import AnyGame
from kifu.reading.jsonvalues import decode

FORMAT = "kifu-record"
VERSION = 1


def dumps(record: Record, spans: bool = True) -> str:
    """The record as JSON text (see :func:`pieces`)."""
    return "".join(pieces(record, spans))


def pieces(record: Record, spans: bool = True) -> Iterator[str]:
    """The record as JSON text, a node at a time: a field of the document a line, and each
    node of the main line on a line of its own.  The nodes are written one at a time by the C
    encoder (which does not indent), a node's variations too, by an explicit stack: a record
    of 500,000 moves, indented as a whole by the pure-Python one, cost gigabytes and many
    seconds, and its text built whole a gigabyte still; and the C encoder given the whole tree
    recurses as deep as the variations nest.  Readable, but no control or bidi character as
    it is (``json_escaped``).  ``spans=False`` leaves out where each move was read (a record
    to download, not a report on a file)."""
    game = registry.get(record.game)
    fields = ",\n ".join(f"{json.dumps(key)}: {_compact(value)}"
                         for key, value in _document(record, game).items())
    return _pieces(game, fields, record.moves, spans)


def _pieces(game: AnyGame, fields: str, moves: list[Node[Any]], spans: bool) -> Iterator[str]:
    yield json_escaped("{" + fields + ',\n "moves": [' + ("\n  " if moves else ""))
    held: list[str] = []
    for text in _nodes_text(game, moves, spans):
        held.append(text)
        if len(held) >= 256:
            yield json_escaped("".join(held))
            held = []
    held.append("\n " if moves else "")
    yield json_escaped("".join(held) + "]}\n")


def _nodes_text(game: AnyGame, moves: list[Node[Any]], spans: bool) -> Iterator[str]:
    """The nodes of the main line as JSON, ``,\\n  `` between them, each with its variations
    (``, `` between their nodes), as the C encoder writes a node's JSON, in small pieces."""
    for kind, node, index, _, depth in in_writing_order(moves):
        if kind == NODE:
            separator = "" if index == 0 else ",\n  " if depth == 0 else ", "
            yield separator + _head(game, node)
        elif kind == VARIATION:
            yield ", [" if index else "["
        elif kind == LINE_END:
            if depth:  # a variation, closed; the main line is closed by the caller
                yield "]"
        else:
            yield "]" + _tail(node, spans)


def _head(game: AnyGame, node: Node[Any]) -> str:
    """A node's JSON up to its variations, which it opens."""
    properties = (f'"properties": {_compact(dict(node.properties))}, '
                  if node.has_properties() else "")
    return (f'{{"move": {_compact(game.move_to_json(node.move))}, "notation": '
            f'{_compact(game.move_text(node.move))}, "comments": {_compact(node.comments)}, '
            f'{properties}"variations": [')


def _tail(node: Node[Any], spans: bool) -> str:
    """A node's JSON after its variations."""
    if not spans or node.span is None:
        return "}"
    return f', "span": {_compact(_span_json(node.span))}}}'


def least_size(record: Record) -> int:
    """Fewer bytes than :func:`dumps` writes for ``record``, found without writing it (a node
    is at least ``{"move": {}, "notation": "", "comments": [], "variations": []}`` and its
    comments; no recursion), so that a record too large to write can be refused before."""
    size = sum(len(key) + len(value) for key, value in record.headers.items())
    size += sum(len(key) + len(value) for key, value in record.properties.items())
    size += sum(len(text) for text in record.comments)
    pending = [record.moves]
    while pending:
        nodes = pending.pop()
        size += len(nodes) * _LEAST_NODE
        for node in nodes:
            if node.comments:
                size += sum(len(text) + 2 for text in node.comments)  # and quotes
            if node.has_properties():
                size += sum(len(k) + len(v) for k, v in node.properties.items())
            if node.variations:
                pending.extend(node.variations)
    return size


_LEAST_NODE = len('{"move": {}, "notation": "", "comments": [], "variations": []}')


def to_json(record: Record) -> dict[str, Any]:
    """The record as JSON values (its game's moves and set-up in the game's own JSON), made
    without recursion.  ``json.dumps`` of them recurses as deep as the variations nest: for
    text, :func:`dumps` writes the same JSON without."""
    game = registry.get(record.game)
    moves: list[dict[str, Any]] = []
    pending: list[tuple[list[Node[Any]], list[dict[str, Any]]]] = [(record.moves, moves)]
    while pending:
        nodes, items = pending.pop()
        for node in nodes:
            item = _node_json(game, node)
            items.append(item)
            for variation, line in zip(node.variations, item["variations"]):
                pending.append((variation, line))
    return {**_document(record, game), "moves": moves}


def _document(record: Record, game: AnyGame) -> dict[str, Any]:
    """Every field of the JSON form but the moves."""
    return {
        "format": FORMAT,
        "version": VERSION,
        "game": record.game,
        "headers": [[key, value] for key, value in record.headers.items()],
        "setup": None if record.setup is None else game.setup_to_json(record.setup),
        "comments": list(record.comments),
        **({"properties": dict(record.properties)} if record.properties else {}),
    }


def _node_json(game: AnyGame, node: Node[Any]) -> dict[str, Any]:
    """A node's JSON, its variations empty lines for the caller to fill."""
    item: dict[str, Any] = {"move": game.move_to_json(node.move),
                            "notation": game.move_text(node.move)}
    item["comments"] = list(node.comments)
    if node.has_properties():
        item["properties"] = dict(node.properties)
    item["variations"] = [[] for _ in node.variations]
    if node.span is not None:
        item["span"] = _span_json(node.span)
    return item


_compact = json.JSONEncoder(ensure_ascii=False).encode


def loads(text: str, source: str = "<json>", game: AnyGame | None = None) -> Record:
    """A record from JSON text; a ``NotationError`` (located where it can be) if it is none.
    ``game``: the game the record must be of, where it is known already."""
    data = decode(text)
    try:
        return from_json(data, source, game)
    except NotationError:
        raise
    except (KeyError, ValueError, TypeError, AttributeError, IndexError) as error:
        detail = error.args[0] if error.args else type(error).__name__
        raise NotationError(f"not a valid kifu JSON record: {detail}", span=Span.point(1, 1)) from None


def from_json(data: Any, source: str = "<json>", game: AnyGame | None = None) -> Record:
    """A record from JSON values, checked as strictly as the notation reads one (of ``game``
    where it is known already)."""
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise NotationError(f"not a kifu JSON record (its 'format' must be {FORMAT!r})",
                            span=Span.point(1, 1))
    if data.get("version") != VERSION:
        raise NotationError(f"kifu JSON version {reprlib.repr(data.get('version'))} is not "
                            f"supported (this kifu reads version {VERSION})",
                            span=Span.point(1, 1))
    if game is None:
        game = registry.get(_str(data["game"]))
    elif data["game"] != game.name:
        raise NotationError(f"this JSON record is of {reprlib.repr(data['game'])}, not "
                            f"{game.name}", span=Span.point(1, 1))
    moves: list[Node[Any]] = []
    _nodes_from(game, data.get("moves", []), moves)
    headers = {}
    for key, value in data.get("headers", []):
        name = _line(key, "a header's name")  # checked before the message quotes it
        headers[name] = _line(value, f"the header {name!r}")
    setup = data.get("setup")
    return Record(
        game=game.name,
        headers=headers,
        setup=None if setup is None else game.setup_from_json(_shallow(setup, "the set-up")),
        comments=[_str(c) for c in _list(data.get("comments", []))],
        moves=moves,
        source=source,
        properties=_properties(data.get("properties", {})),
    )


def _nodes_from(game: AnyGame, items: Any, moves: list[Node[Any]]) -> None:
    """The nodes of a record's JSON ``items`` into ``moves``, each checked, their variations
    by an explicit stack (no recursion, however deep they nest), in the order they are
    written, so that a record of more than ``MAX_MOVES`` is refused at the first node past it.
    """
    count = 0
    # Each frame: the JSON nodes of a line still to read, and the line they go to.
    pending: list[tuple[Iterator[Any], list[Node[Any]]]] = [(_consumed(items), moves)]
    while pending:
        items_left, line = pending[-1]
        item: Any = next(items_left, _END)
        if item is _END:
            pending.pop()
            continue
        count += 1
        span = _span_from(item.get("span"))
        if count > MAX_MOVES:
            raise too_many_moves(span)
        lines = _list(item.get("variations", []))
        if any(not _list(variation) for variation in lines):  # as the notation refuses "()"
            raise NotationError("an empty variation", span=span)
        node = Node(move=game.move_from_json(_shallow(item["move"], "a move", span)),
                    comments=[_str(c) for c in _list(item.get("comments", []))],
                    variations=[[] for _ in lines], span=span,
                    properties=_properties(item.get("properties", {})))
        line.append(node)
        pending.extend((_consumed(variation), made) for variation, made
                       in zip(reversed(lines), reversed(node.variations)))


_END = object()  # past the last item of a line

#: The deepest a move's or a set-up's JSON value nests in any game (a Gungi ply's betrayal
#: list, a Rengoma set-up's rows: three or four levels); variations alone nest deeper.
VALUE_DEPTH = 16


def _shallow(value: Any, what: str, span: Span | None = None) -> Any:
    """``value`` if it nests no deeper than any game's values do: the games read their values
    by recursion and quote them in messages, which a value nested thousands deep (the JSON
    reader takes any depth, for variations) would take past Python's stack."""
    level: list[tuple[Any, int]] = [(value, 1)]
    while level:
        item, depth = level.pop()
        if depth > VALUE_DEPTH:
            raise NotationError(f"{what} nests more than {VALUE_DEPTH} levels deep; no game's "
                                "value does", span=span or Span.point(1, 1))
        if isinstance(item, dict):
            level.extend((inner, depth + 1) for inner in item.values())
        elif isinstance(item, list):
            level.extend((inner, depth + 1) for inner in item)
    return value


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
