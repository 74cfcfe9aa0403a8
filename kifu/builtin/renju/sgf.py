"""Renju records as SGF (``GM[4]``): the properties Renju software reads and writes.

SGF names a point by two letters counted from the *top-left* corner, so ``h8`` is ``hh`` and
``a1`` is ``ao``.  Headers map to their SGF properties (``Black`` to ``PB`` ...); a header SGF
has no property for travels as ``XH[key: value]``, and the opening events ``swap`` and
``offer[...]`` as ``KE[swap]`` and ``KE[offer j7 k10]`` in a node of their own, so that a record
goes to SGF and back without loss.
"""
from __future__ import annotations

import re
from collections.abc import Iterator

from kifu.base.errors import ConversionError, NotationError
from kifu.base.limits import shorten
from kifu.base.record import Node, Record, Span
from kifu.base.version import __version__
from kifu.builtin.renju.moves import LETTERS, Move, Offer, Pass, Place, Point, Swap
from kifu.builtin.renju.position import BLACK, WHITE, geometry
from kifu.builtin.renju.setup import Setup
from kifu.plugin import Reading
from kifu.sgf import lines as sgflines
from kifu.sgf import syntax as sgf

SIZE = 15
HEADER_PROPERTIES = {
    "Black": "PB", "White": "PW", "Event": "EV", "Date": "DT", "Result": "RE", "Rule": "RU",
    "Opening": "ON", "Round": "RO", "Place": "PC", "Name": "GN", "Time": "TM",
}
PROPERTY_HEADERS = {prop: key for key, prop in HEADER_PROPERTIES.items()}
_GM = re.compile(r"GM\s*\[\s*4\s*\]")


def claims(text: str) -> bool:
    """An SGF file is Renju's when its root says ``GM[4]``."""
    return bool(_GM.search(text[:2000]))


def sgf_point(point: Point, span: Span | None = None, what: str = "") -> str:
    """A point as SGF writes it; a point off the board has no SGF name (``what`` says which
    move or stone it is, for the error)."""
    if not geometry(SIZE).on_board(point.column, point.row):
        raise ConversionError(f"{what or str(point)} is off the 15x15 board, so SGF cannot "
                              "write it", span=span)
    return LETTERS[point.column] + LETTERS[SIZE - 1 - point.row]


def point_from_sgf(text: str, span: Span | None) -> Point:
    """An SGF point of the 15x15 board (``aa`` to ``oo``)."""
    if len(text) != 2 or any(c not in LETTERS[:SIZE] for c in text):
        raise NotationError(f"{shorten(text)!r} is not an SGF point of the 15x15 board (aa to "
                            "oo)", span=span)
    return Point(LETTERS.index(text[0]), SIZE - 1 - LETTERS.index(text[1]))


# -- writing --------------------------------------------------------------------------------

def write(record: Record) -> str:
    root = sgf.SgfNode({"FF": ["4"], "GM": ["4"], "CA": ["UTF-8"], "SZ": [str(SIZE)],
                        "AP": [f"kifu:{__version__}"]})
    extra = []
    for key, value in record.headers.items():
        if key.casefold() == "game":
            continue
        prop = HEADER_PROPERTIES.get(key.title())
        if prop == "RE":
            value = _sgf_result(value)
        if prop and prop not in root.properties:
            root.properties[prop] = [value]
        else:
            extra.append(f"{key}: {value}")
    if extra:
        root.properties["XH"] = extra
    if record.setup is not None:
        for prop, colour in (("AB", BLACK), ("AW", WHITE)):
            stones = record.setup.written(colour)
            if stones:
                root.properties[prop] = [sgf_point(p, span, f"set-up stone {p}")
                                         for p, span in stones]
        root.properties["PL"] = ["B" if record.setup.to_move == "black" else "W"]
    if record.comments:
        root.properties["C"] = [sgf.escape(sgflines.join_comments(record.comments))]
    for prop in ("XH", *HEADER_PROPERTIES.values()):
        if prop in root.properties:
            root.properties[prop] = [sgf.escape(v) for v in root.properties[prop]]
    colours = _colours(record)
    root.children = sgflines.from_lines(record.moves, lambda node: _node(node, colours))
    return sgf.serialize([root])


def _first_ply(record: Record) -> int:
    """0 when black moves first, 1 when a set-up gives white the first move."""
    return int(record.setup is not None and record.setup.to_move == "white")


def _colours(record: Record) -> dict[int, str]:
    """Which colour plays each node (by ``id``): alternating from the side to move first,
    passes included."""
    colours: dict[int, str] = {}

    def visit(nodes: list[Node], ply: int) -> None:
        for node in nodes:
            for variation in node.variations:
                visit(variation, ply)
            if isinstance(node.move, (Place, Pass)):
                colours[id(node)] = "B" if ply % 2 == 0 else "W"
                ply += 1

    visit(record.moves, _first_ply(record))
    return colours


def _node(node: Node, colours: dict[int, str]) -> sgf.SgfNode:
    move = node.move
    props: dict[str, list[str]] = {}
    if isinstance(move, Place):
        props[colours[id(node)]] = [sgf_point(move.point, node.span, f"the move {move}")]
    elif isinstance(move, Pass):
        props[colours[id(node)]] = [""]
    else:
        if isinstance(move, Offer):
            for point in move.points:
                sgf_point(point, node.span, f"the offered point {point}")
        props["KE"] = [str(move).replace("[", " ").rstrip("]")]
    if node.comments:
        props["C"] = [sgf.escape(sgflines.join_comments(node.comments))]
    return sgf.SgfNode(props)


def _sgf_result(value: str) -> str:
    said = value.strip().casefold()
    if said in ("black", "1-0", "b+"):
        return "B+"
    if said in ("white", "0-1", "w+"):
        return "W+"
    if said in ("draw", "1/2-1/2", "0"):
        return "0"
    return value


def _native_result(value: str) -> str:
    said = value.strip().upper()
    if said.startswith("B+"):
        return "black"
    if said.startswith("W+"):
        return "white"
    if said in ("0", "DRAW", "JIGO"):
        return "draw"
    return value


# -- reading --------------------------------------------------------------------------------

def read_games(text: str, source: str = "<sgf>", lenient: bool = False) -> Iterator[Reading]:
    """Every game of an SGF file, one at a time, each with what reading it found (see
    ``kifu.sgf.lines``)."""
    return sgflines.read_games(text, lambda c, root, found: _read_tree(c, root, source), lenient)


def read(text: str, source: str = "<sgf>") -> Record:
    """The one game of an SGF text (a collection, or an error in it, is raised)."""
    return sgflines.read_one(text, lambda c, root, found: _read_tree(c, root, source))


def _read_tree(collection: sgf.Collection, root: sgf.SgfNode, source: str) -> Record:
    span_of = collection.value_span
    game = root.get("GM")
    if game is not None and game.strip() != "4":
        raise NotationError(f"GM[{game[:10]}] is not Renju (GM[4])", span=span_of(root, "GM"))
    size = root.get("SZ")
    if size is not None and size.strip() != str(SIZE):
        raise NotationError(f"Renju is played on 15x15, not SZ[{size[:10]}]",
                            span=span_of(root, "SZ"))
    record = Record(game="renju", source=source, headers={"Game": "renju"})
    record.setup = _setup(root, collection)
    for prop, values in root.properties.items():
        if prop in PROPERTY_HEADERS and values:
            value = (root.text(prop) or "").replace("\n", " ")
            record.headers[PROPERTY_HEADERS[prop]] = _native_result(value) if prop == "RE" else value
            record.header_spans[PROPERTY_HEADERS[prop]] = span_of(root, prop)
    for item in root.properties.get("XH", []):
        key, _, value = sgf.text(item).partition(":")
        record.headers[key.strip()] = value.strip()
    record.comments.extend(sgflines.split_comments(root.text("C")))
    colours: dict[int, tuple[str, Span | None]] = {}

    def convert(node: sgf.SgfNode) -> list[Node]:
        for prop in ("AB", "AW", "AE"):
            if prop in node.properties:
                raise NotationError(f"{prop}: stones can be set up in the root node only; a "
                                    "Renju record cannot add or remove stones during play",
                                    span=span_of(node, prop))
        move = _move(node, collection)
        if move is None:
            return []
        span = collection.span(node)
        if not isinstance(move, (Swap, Offer)):
            colour = "B" if "B" in node.properties else "W"
            colours[id(move)] = (colour, span)
        return [Node(move, sgflines.split_comments(node.text("C")), [], span)]

    if _move(root, collection) is not None:  # some programs put the first move in the root node
        children = [sgf.SgfNode({k: v for k, v in root.properties.items() if k in ("B", "W")},
                                root.children, root.start, root.end)]
    else:
        children = root.children
    record.moves = sgflines.to_lines(children, convert, record.comments, collection.span)
    _check_alternation(record.moves, _first_ply(record), colours)
    return record


def _setup(root: sgf.SgfNode, collection: sgf.Collection) -> Setup | None:
    """A set-up from the root's AB/AW/PL (AE, clearing points of an empty board, changes
    nothing)."""
    if not any(prop in root.properties for prop in ("AB", "AW", "PL")):
        return None
    stones = {}
    spans: list[tuple[int, Point, Span]] = []
    for prop, colour in (("AB", BLACK), ("AW", WHITE)):
        span = collection.value_span(root, prop)
        values = root.properties.get(prop, [])
        if len(values) > SIZE * SIZE:  # as the notation refuses it (merged duplicates, say)
            raise NotationError(f"{prop}: more stones than the board has points", span=span,
                                rule="setup")
        stones[prop] = tuple(point_from_sgf(value, span) for value in values)
        spans.extend((colour, point, span) for point in stones[prop] if span is not None)
    player = (root.get("PL") or "B").strip().upper()
    if player not in ("B", "W"):
        raise NotationError(f"PL[{player[:10]}] names no colour (B or W)",
                            span=collection.value_span(root, "PL"))
    return Setup(stones["AB"], stones["AW"], "black" if player == "B" else "white", tuple(spans))


def _move(node: sgf.SgfNode, collection: sgf.Collection) -> Move | None:
    has_black, has_white = "B" in node.properties, "W" in node.properties
    if (has_black or has_white) and "KE" in node.properties:
        raise NotationError("a node holds both a move and an opening event (KE); kifu reads "
                            "each in a node of its own", span=collection.value_span(node, "KE"))
    if has_black or has_white:
        prop = "B" if has_black else "W"
        value = (node.get(prop) or "").strip()
        if value in ("", "tt"):
            return Pass()
        return Place(point_from_sgf(value, collection.value_span(node, prop)))
    event = node.text("KE")
    if event is None:
        return None
    kind, *points = event.split() or [""]
    span = collection.value_span(node, "KE")
    if kind == "swap" and not points:
        return Swap()
    if kind == "offer" and points:
        try:
            return Offer(tuple(Point.parse(p) for p in points))
        except ValueError as error:
            raise NotationError(f"KE[{shorten(event)}]: {error}", span=span) from None
    raise NotationError(f"unknown Renju event KE[{shorten(event)}]", span=span)


def _check_alternation(nodes: list[Node], ply: int,
                       colours: dict[int, tuple[str, Span | None]]) -> None:
    stack = [(nodes, ply)]
    while stack:
        line, ply = stack.pop()
        for node in line:
            for variation in node.variations:
                stack.append((variation, ply))
            if id(node.move) in colours:
                colour, span = colours[id(node.move)]
                expected = "B" if ply % 2 == 0 else "W"
                if colour != expected:
                    side = {"B": "black", "W": "white"}
                    raise NotationError(f"{side[colour]} moves where {side[expected]} is to move "
                                        "(Renju alternates, passes included)", span=span)
                ply += 1
