"""Writing Renju records as SGF (``GM[4]``)."""
from __future__ import annotations

from collections.abc import Iterator

from kifu.builtin.renju.moves import Offer, Pass, Place, Point
from kifu.builtin.renju.position import BLACK, WHITE
from kifu.builtin.renju.setup import header_lines
from kifu.builtin.renju.sgf.gameinfo import HEADER_PROPERTIES, LABEL, TITLE, board_size
from kifu.builtin.renju.sgf.points import sgf_point
from kifu.plugin import ConversionError, Node, Record, __version__, sgf
from kifu.plugin import sgf_lines as sgflines


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


def first_ply(record: Record) -> int:
    """0 when black moves first, 1 when a set-up gives white the first move."""
    return int(record.setup is not None and record.setup.to_move == "white")


def _colours(record: Record) -> dict[int, str]:
    """Which colour plays each node (by ``id``): alternating from the side to move first,
    passes included.  No recursion: variations may nest as deep as the record has moves."""
    colours: dict[int, str] = {}
    pending = [(record.moves, first_ply(record))]
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
