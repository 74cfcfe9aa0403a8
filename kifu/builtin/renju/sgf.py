"""Renju records as SGF: the properties Renju software reads and writes.

kifu writes ``GM[4]``, SGF's number for Gomoku and Renju; it reads ``GM[1]`` and ``GM[5]`` as
well, which Renju programs write (GOWrite, ZJRenju, Gomoku Quest, RenLib's converters).  Such
a file is taken for Renju without ``--game renju`` when it says ``GM[5]`` or, with ``GM[1]``,
when its board is 15x15 and its writer (``AP``) is a Renju program (:func:`claims`).

SGF names a point by two letters counted from the *top-left* corner, so ``h8`` is ``hh`` and
``a1`` is ``ao``; ``SZ[N]`` is the record's ``Size: N``.  Headers map to their SGF properties
(``Black`` to ``PB`` ...); a header SGF has no property for travels as ``XH[key: value]``, and
the opening events ``swap`` and ``offer[...]`` as ``KE[swap]`` and ``KE[offer j7 k10]`` in a
node of their own, so that a record goes to SGF and back without loss.  What a format says of a
position beyond comments (:attr:`kifu.base.record.Node.properties`) travels too: a ``Title`` as
``N``, labels ``Label-h8`` as ``LB[hh:...]`` (on the root: labels of the empty board, the
record's headers), any other as ``XH[key: value]`` in the node.  Other properties of a file
(markup, a program's own) are kept by an SGF to SGF conversion, which writes the file's own
trees back.
"""
from __future__ import annotations

import re
from collections.abc import Iterator

from kifu.builtin.renju.moves import LETTERS, Move, Offer, Pass, Place, Point, Swap
from kifu.builtin.renju.position import BLACK, WHITE, geometry
from kifu.builtin.renju.setup import MOST_STONES, ORDER_KEY, TOO_MANY, Setup, extract, header_lines
from kifu.builtin.renju.variants import MAX_SIZE, MIN_SIZE, rules_of
from kifu.plugin import (
    ConversionError,
    KifuError,
    Node,
    NotationError,
    Reading,
    Record,
    Span,
    UnknownGameError,
    __version__,
    read_int,
    sgf,
    shorten,
)
from kifu.plugin import sgf_lines as sgflines

SIZE = 15
HEADER_PROPERTIES = {
    "Black": "PB", "White": "PW", "Event": "EV", "Date": "DT", "Result": "RE", "Rule": "RU",
    "Opening": "ON", "Round": "RO", "Place": "PC", "Name": "GN", "Time": "TM", "Title": "N",
}
PROPERTY_HEADERS = {prop: key for key, prop in HEADER_PROPERTIES.items()}
TITLE, LABEL = "Title", "Label-"
#: SGF's game numbers Renju files are written with: Gomoku and Renju (4), and what Renju
#: programs write besides: Go's (1) and Nine Men's Morris' (5).
GAME_NUMBERS = ("4", "1", "5")
_GM = re.compile(r"GM\s*\[\s*(\w*)\s*\]")
_SZ_15 = re.compile(r"SZ\s*\[\s*15\s*(?::\s*15\s*)?\]")
_AP = re.compile(r"AP\s*\[((?:[^\]\\]|\\.)*)\]")
#: Writers (``AP``) of Renju programs: their ``GM[1]`` files on a 15x15 board are Renju's.
RENJU_WRITERS = re.compile(r"renju|renlib|gomoku|gowrite|piskvork|yixin|rapfi|embryo|katagomo|"
                           r"wuziqi|wzq|gobang|omok|오목|五子|五目|连珠|連珠", re.IGNORECASE)
#: Writers of Go programs: their files are Go's, whatever their first moves.
GO_WRITERS = re.compile(r"cgoban|sabaki|kgs|gogui|leela|katago|q5go|qgo|drago|multigo|foxwq|"
                        r"igowin|gnu ?go|smartgo|many ?faces|jago|kombilo|eidogo|online-go|ogs|"
                        r"tygem|wbaduk|goproblems|besogo|wgo|lizzie|kaya|golaxy|baduk|weiqi|"
                        r"围棋|圍棋|囲碁|바둑", re.IGNORECASE)
#: How much of a text is searched for game numbers and writers.
_HEAD = 8192
#: The first two moves of a game as Renju and Gomoku open: black on the centre, white next to
#: it (a Renju opening's second stone stands in the centre's 3x3 square).
_RENJU_START = re.compile(r";\s*B\s*\[\s*hh\s*\][^;()]*\(?\s*;\s*W\s*\[\s*[ghi][ghi]\s*\]")
#: Properties only Go's files have: komi, handicap, territory, overtime.
_GO_ONLY = re.compile(r"(?<![A-Z])(?:KM|HA|TB|TW|OT)\s*\[")


def claims(text: str) -> bool:
    """An SGF file is Renju's when one of its games says ``GM[4]`` or ``GM[5]`` (no other
    game is written with 5), or, saying ``GM[1]`` (or nothing), when its board is 15x15 and a
    Renju program wrote it (``AP[GOWrite]``, ``AP[ZJRenju]``...), or no Go program did (RenLib's
    converters write no ``AP``) and the game opens as Renju does, black on the centre and
    white next to it, with nothing only Go has (komi, handicap...)."""
    head = text[:_HEAD]
    numbers = {found.group(1) for found in _GM.finditer(head)}
    if numbers & {"4", "5"}:
        return True
    if numbers - {"1"} or not _SZ_15.search(head):
        return False
    writers = [found.group(1) for found in _AP.finditer(head)]
    if any(RENJU_WRITERS.search(writer) for writer in writers):
        return True
    if any(GO_WRITERS.search(writer) for writer in writers):
        return False
    return _RENJU_START.search(head) is not None and _GO_ONLY.search(head) is None


def sgf_point(point: Point, span: Span | None = None, what: str = "", size: int = SIZE) -> str:
    """A point as SGF writes it; a point off the board has no SGF name (``what`` says which
    move or stone it is, for the error)."""
    if not geometry(size).on_board(point.column, point.row):
        raise ConversionError(f"{what or str(point)} is off the {size}x{size} board, so SGF "
                              "cannot write it", span=span)
    return LETTERS[point.column] + LETTERS[size - 1 - point.row]


def point_from_sgf(text: str, span: Span | None, size: int = SIZE) -> Point:
    """An SGF point of the board (``aa`` to ``oo`` on 15x15)."""
    if len(text) != 2 or any(c not in LETTERS[:size] for c in text):
        raise NotationError(f"{shorten(text)!r} is not an SGF point of the {size}x{size} board "
                            f"(aa to {LETTERS[size - 1] * 2})", span=span)
    return Point(LETTERS.index(text[0]), size - 1 - LETTERS.index(text[1]))


def board_size(record: Record) -> int:
    """The side of the board the record's ``Size:`` names (15 without one)."""
    return rules_of(record).size


# -- writing --------------------------------------------------------------------------------

def write(record: Record) -> str:
    """The record as SGF (``GM[4]``; see :func:`pieces`)."""
    return "".join(pieces(record))


def pieces(record: Record) -> Iterator[str]:
    """The record as SGF, a piece at a time: headers as root properties (those SGF has no
    property for in ``XH``), labels of the empty board in ``LB``, the set-up, then the moves
    with their comments, properties and variations, each SGF node made as it is written."""
    size = board_size(record)
    root = sgf.SgfNode(_root_properties(record, size))
    colours = _colours(record)
    info_node, info = sgflines.info_placed(record.properties, record.moves, root.properties)

    def made(node: Node) -> sgf.SgfNode:
        written = _node(node, colours, size)
        if node is info_node:  # the game information where the SGF it came from had it
            written.properties.update(info)
        return written

    return sgf.pieces([sgflines.lazy_tree(root.properties, record.moves, made,
                                          record.properties)])


def _root_properties(record: Record, size: int) -> dict[str, list[str]]:
    """The root's properties: the game's, the headers (those SGF has no property for in
    ``XH``, as the order of a set-up placed in turn, which ``AB``/``AW`` cannot say), the
    labels of the empty board, the set-up, the record's comments and the SGF properties it
    kept; their text escaped."""
    properties = {"FF": ["4"], "GM": ["4"], "CA": ["UTF-8"], "SZ": [str(size)],
                  "AP": [f"kifu:{__version__}"]}
    extra, labels = _header_properties(record, size, properties)
    if record.setup is not None and record.setup.in_order:  # the order AB/AW cannot say
        extra.extend(f"{key}: {value}" for key, value in header_lines(record.setup))
    if extra:
        properties["XH"] = extra
    if labels:
        properties["LB"] = labels
    if record.setup is not None:
        for prop, colour in (("AB", BLACK), ("AW", WHITE)):
            stones = record.setup.written(colour)
            if stones:
                properties[prop] = [sgf_point(p, span, f"set-up stone {p}", size)
                                    for p, span in stones]
        properties["PL"] = ["B" if record.setup.to_move == "black" else "W"]
    comments = sgflines.own_comments(record.comments, record.properties)
    if comments:
        properties["C"] = [sgf.escape(sgflines.join_comments(comments))]
    for ident, values in sgflines.restored(record.properties).items():
        properties.setdefault(ident, values)  # what kifu writes itself (AP) stays kifu's
    for prop in ("XH", *HEADER_PROPERTIES.values()):
        if prop in properties:
            properties[prop] = [sgf.escape(v) for v in properties[prop]]
    return properties


def _header_properties(record: Record, size: int, properties: dict[str, list[str]]
                       ) -> tuple[list[str], list[str]]:
    """Each header as the root property SGF has for it, added to ``properties`` (the first of
    a property; not yet escaped), and the others: the headers SGF has no property for, as
    ``XH`` values (``key: value``), and the labels of points, as ``LB`` values."""
    extra = []
    labels = []
    for key, value in record.headers.items():
        if key.casefold() in ("game", "size"):
            continue
        if key.startswith(LABEL) and _label_point(key, size) is not None:
            labels.append(f"{_label_point(key, size)}:{sgf.escape(value)}")
            continue
        prop = HEADER_PROPERTIES.get(key.title())
        if prop == "RE":
            value = _sgf_result(value)
        if prop and prop not in properties:
            properties[prop] = [value]
        else:
            extra.append(f"{key}: {value}")
    return extra, labels


def _label_point(key: str, size: int) -> str | None:
    """The SGF point of a label's name (``Label-h8``: ``hh``), ``None`` for no point."""
    try:
        return sgf_point(Point.parse(key[len(LABEL):]), size=size)
    except (ValueError, ConversionError):
        return None


def _first_ply(record: Record) -> int:
    """0 when black moves first, 1 when a set-up gives white the first move."""
    return int(record.setup is not None and record.setup.to_move == "white")


def _colours(record: Record) -> dict[int, str]:
    """Which colour plays each node (by ``id``): alternating from the side to move first,
    passes included.  No recursion: variations may nest as deep as the record has moves."""
    colours: dict[int, str] = {}
    pending = [(record.moves, _first_ply(record))]
    while pending:
        nodes, ply = pending.pop()
        for node in nodes:
            pending.extend((variation, ply) for variation in node.variations)
            if isinstance(node.move, (Place, Pass)):
                colours[id(node)] = "B" if ply % 2 == 0 else "W"
                ply += 1
    return colours


def _node(node: Node, colours: dict[int, str], size: int) -> sgf.SgfNode:
    move = node.move
    props: dict[str, list[str]] = {}
    if isinstance(move, Place):
        props[colours[id(node)]] = [sgf_point(move.point, node.span, f"the move {move}", size)]
    elif isinstance(move, Pass):
        props[colours[id(node)]] = [""]
    else:
        if isinstance(move, Offer):
            for point in move.points:
                sgf_point(point, node.span, f"the offered point {point}", size)
        props["KE"] = [str(move).replace("[", " ").rstrip("]")]
    comments = sgflines.own_comments(node.comments, node.properties) \
        if node.has_properties() else node.comments
    if comments:
        props["C"] = [sgf.escape(sgflines.join_comments(comments))]
    if node.has_properties():
        _write_properties(node.properties, props, size)
    return sgf.SgfNode(props)


def _write_properties(properties: dict[str, str], props: dict[str, list[str]],
                      size: int) -> None:
    """A node's properties: its ``Title`` as ``N``, its labels as ``LB``, the SGF properties
    kept as they were read (``kifu.sgf.lines.kept``) as themselves, the others as
    ``XH[key: value]``."""
    back = sgflines.restored(properties)
    for ident, values in back.items():
        props.setdefault(ident, values)
    for key, value in properties.items():
        if key == sgflines.UNPLAYED or (key.startswith(sgflines.KEPT)
                                        and key[len(sgflines.KEPT):] in back):
            continue  # the alternatives without a move are the node's children
        point = _label_point(key, size) if key.startswith(LABEL) else None
        if point is not None:
            props.setdefault("LB", []).append(f"{point}:{sgf.escape(value)}")
        elif key == TITLE:
            props["N"] = [sgf.escape(value)]
        else:
            props.setdefault("XH", []).append(sgf.escape(f"{key}: {value}"))


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
    if said in ("B+DRAW", "W+DRAW"):  # a Renju server's draw, read so by RenLib
        return "draw"
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
    _check_alternation(record.moves, _first_ply(record), colours)
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
