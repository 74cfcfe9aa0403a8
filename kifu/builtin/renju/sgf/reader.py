"""Reading Renju's SGF: each game tree of a file as a record."""
from __future__ import annotations

from collections.abc import Iterator

from kifu.builtin.renju.moves import Move, Offer, Pass, Place, Point, Swap
from kifu.builtin.renju.position import BLACK, WHITE
from kifu.builtin.renju.setup import MOST_STONES, ORDER_KEY, TOO_MANY, Setup, extract
from kifu.builtin.renju.sgf.gameinfo import GAME_NUMBERS, LABEL, PROPERTY_HEADERS, SIZE, TITLE
from kifu.builtin.renju.sgf.points import point_from_sgf
from kifu.builtin.renju.sgf.writer import first_ply
from kifu.builtin.renju.variants import MAX_SIZE, MIN_SIZE
from kifu.plugin import (
    KifuError,
    Node,
    NotationError,
    Reading,
    Record,
    Span,
    UnknownGameError,
    read_int,
    sgf,
    shorten,
)
from kifu.plugin import sgf_lines as sgflines


def _native_result(value: str) -> str:
    said = value.strip().upper()
    if said in ("B+DRAW", "W+DRAW"):  # a Renju server's draw, read so by RenLib
        return "draw"
    if said.startswith("B+"):
        return "black"
    if said.startswith("W+"):
        return "white"
    if said in ("0", "DRAW", "JIGO"):
        return "draw"
    return value




def read_games(text: str, source: str = "<sgf>", lenient: bool = False) -> Iterator[Reading]:
    """Every game of an SGF file, one at a time, each with what reading it found (see
    ``kifu.sgf.lines``)."""
    return sgflines.read_games(text, lambda c, root, found: _read_tree(c, root, source, found),
                               lenient)


def read(text: str, source: str = "<sgf>") -> Record:
    """The one game of an SGF text (a collection, or an error in it, is raised)."""
    return sgflines.read_one(text, lambda c, root, found: _read_tree(c, root, source, found))


def _read_tree(collection: sgf.Collection, root: sgf.SgfNode, source: str,
               findings: list[KifuError]) -> Record:
    span_of = collection.value_span
    written_root = root
    root, below = sgflines.game_info_below(root, collection, PROPERTY_HEADERS, _plays)
    game = root.get("GM")
    if game is not None and game.strip() not in GAME_NUMBERS:
        raise UnknownGameError(f"GM[{game[:10]}] is not Renju (GM[4]; Renju programs also "
                               "write GM[1] and GM[5]): kifu does not check this game",
                               span=span_of(root, "GM"))
    size = _size(root, collection)
    record = Record(game="renju", source=source, headers={"Game": "renju"},
                    variations_as_played=True)
    if size != SIZE:
        record.headers["Size"] = str(size)
        record.header_spans["Size"] = span_of(root, "SZ")
    record.setup = _setup(root, collection, size, findings)
    for prop, values in root.properties.items():
        if prop in PROPERTY_HEADERS and values:
            value = (root.text(prop) or "").replace("\n", " ")
            record.headers[PROPERTY_HEADERS[prop]] = _native_result(value) if prop == "RE" else value
            record.header_spans[PROPERTY_HEADERS[prop]] = span_of(root, prop)
    for key, value in _properties(root, collection, size, title=False).items():
        record.headers[key] = value.replace("\n", " ")
    record.properties = sgflines.kept_of_root(written_root, ROOT_PROPERTIES)
    record.properties.update(below)
    _in_order(record)
    record.comments.extend(_comments(root.text("C")))
    colours: dict[int, tuple[str, Span | None]] = {}

    def convert(node: sgf.SgfNode) -> list[Node]:
        for prop in ("AB", "AW", "AE"):
            if prop in node.properties:
                raise NotationError(f"{prop}: stones can be set up in the root node only; a "
                                    "Renju record cannot add or remove stones during play",
                                    span=span_of(node, prop))
        move = _move(node, collection, size)
        if move is None:
            return []
        span = collection.span(node)
        if not isinstance(move, (Swap, Offer)):
            colour = "B" if "B" in node.properties else "W"
            colours[id(move)] = (colour, span)
        return [Node(move, _comments(node.text("C")), [], span,
                     properties={**_properties(node, collection, size), **keep(node)})]

    def keep(node: sgf.SgfNode) -> dict[str, str]:
        return sgflines.kept(node, MOVE_PROPERTIES)

    if _move(root, collection, size) is not None:  # some programs put the first move in the root
        children = [sgf.SgfNode({k: v for k, v in root.properties.items() if k in ("B", "W")},
                                root.children, root.start, root.end)]
    else:
        children = root.children
    record.moves = sgflines.to_lines(children, convert, record.comments, collection.span, keep,
                                     record.properties, _plays)
    _check_alternation(record.moves, first_ply(record), colours)
    return record


#: What a move's node gives the record: the move (or an opening event, ``KE``), comments, its
#: title and labels and kifu's ``XH``; the rest of its properties the record keeps as they are
#: (``kifu.sgf.lines.kept``): markup, timing, a program's own (Gomoku Quest's ``QPR``).
MOVE_PROPERTIES = frozenset(("B", "W", "KE", "C", "N", "LB", "XH"))
#: What the root gives the record besides its game information: the file's own form, the
#: board, the set-up, comments, labels of the empty board, kifu's XH (``AP`` is kept: SGF
#: written from the record names kifu as its program, JSON keeps the original).
ROOT_PROPERTIES = frozenset(("FF", "GM", "CA", "SZ", "AB", "AW", "AE", "PL", "C", "LB", "XH",
                             "B", "W", *PROPERTY_HEADERS))


def _plays(node: sgf.SgfNode) -> bool:
    """Whether the record reads a node as a move (an opening event's ``KE`` too), or refuses
    it as one (stones set up in play)."""
    return not _PLAYS.isdisjoint(node.properties)


_PLAYS = frozenset(("B", "W", "KE", "AB", "AW", "AE"))


def _comments(value: str | None) -> list[str]:
    """A ``C`` value as the comments it joins (paragraphs), each exactly as written, blanks
    and empty paragraphs kept: a comment of several paragraphs (RenLib's) is read back as
    the same text, however it is laid out."""
    return [] if not value else value.split("\n\n")


def _size(root: sgf.SgfNode, collection: sgf.Collection) -> int:
    """``SZ[N]``: the side of the square board (15 without one)."""
    given = root.get("SZ")
    if given is None:
        return SIZE
    side, _, other = given.strip().partition(":")
    size = read_int(side)
    if size is None or (other and read_int(other) != size) or \
            not MIN_SIZE <= size <= MAX_SIZE:
        raise NotationError(f"SZ[{shorten(given)}]: a Renju or Gomoku board is square, "
                            f"{MIN_SIZE} to {MAX_SIZE} points a side",
                            span=collection.value_span(root, "SZ"))
    return size


def _properties(node: sgf.SgfNode, collection: sgf.Collection, size: int,
                title: bool = True) -> dict[str, str]:
    """What a node says of its position beyond comments: ``N`` (``Title``), each label of
    ``LB`` (``Label-h8``), kifu's ``XH[key: value]`` (the root's: headers of the record)."""
    found: dict[str, str] = {}
    if title and "N" in node.properties:
        found[TITLE] = node.text("N") or ""
    for item in node.properties.get("LB", []):
        where, colon, text = item.partition(":")
        if not colon:
            raise NotationError(f"LB[{shorten(item)}] is no label (point:text)",
                                span=collection.value_span(node, "LB"))
        point = point_from_sgf(where, collection.value_span(node, "LB"), size)
        found[f"{LABEL}{point}"] = sgf.text(text)
    for item in node.properties.get("XH", []):  # a header is one line: line ends are blanks
        key, _, value = " ".join(sgf.text(item).replace("\r", "\n").split("\n")).partition(":")
        found[key.strip()] = value.strip()
    return found


def _in_order(record: Record) -> None:
    """An ``Opening-stones`` header (kifu's, for the order AB/AW cannot say) gives the set-up
    its order, where it places the same stones."""
    value = record.headers.get(ORDER_KEY)
    if value is None:
        return
    if record.setup is None:
        extract(record)
        return
    stones = value.split()
    if sorted(stones[0::2]) == sorted(map(str, record.setup.black)) and \
            sorted(stones[1::2]) == sorted(map(str, record.setup.white)):
        record.setup = None
        extract(record)


def _setup(root: sgf.SgfNode, collection: sgf.Collection, size: int,
           findings: list[KifuError]) -> Setup | None:
    """A set-up from the root's AB/AW/PL (AE, clearing points of an empty board, changes
    nothing).  A ``PL`` that names no colour is ignored with a warning (black moves first, as
    without one): the moves name their colour."""
    if not any(prop in root.properties for prop in ("AB", "AW", "PL")):
        return None
    stones = {}
    spans: list[tuple[int, Point, Span]] = []
    for prop, colour in (("AB", BLACK), ("AW", WHITE)):
        span = collection.value_span(root, prop)
        values = root.properties.get(prop, [])
        if len(values) > MOST_STONES:  # as the notation refuses it
            raise NotationError(f"{prop}: {TOO_MANY}", span=span, rule="setup")
        stones[prop] = tuple(point_from_sgf(value, span, size) for value in values)
        spans.extend((colour, point, span) for point in stones[prop] if span is not None)
    player = (root.get("PL") or "B").strip().upper()
    if player not in ("B", "W"):
        findings.append(NotationError(f"PL[{sgf.text(root.get('PL') or '').strip()[:10]}] "
                                      "names no colour (B or W): ignored, "
                                      "as the moves name their colour",
                                      span=collection.value_span(root, "PL"),
                                      severity="warning", rule="unknown-value"))
        player = "B"
    return Setup(stones["AB"], stones["AW"], "black" if player == "B" else "white", tuple(spans))


def _move(node: sgf.SgfNode, collection: sgf.Collection, size: int) -> Move | None:
    has_black, has_white = "B" in node.properties, "W" in node.properties
    if (has_black or has_white) and "KE" in node.properties:
        raise NotationError("a node holds both a move and an opening event (KE); kifu reads "
                            "each in a node of its own", span=collection.value_span(node, "KE"))
    if has_black or has_white:
        prop = "B" if has_black else "W"
        value = (node.get(prop) or "").strip()
        if value == "" or (value == "tt" and size <= 19):
            return Pass()
        return Place(point_from_sgf(value, collection.value_span(node, prop), size))
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
