"""A record of Go on a rectangular grid between two players as SGF (``GM[1]``): headers as
root properties (those SGF has no property for in ``XH``), the set-up, then the moves with
their comments and variations, each move's colour from its seat or its turn."""
from __future__ import annotations

import functools
from collections.abc import Iterator

from kifu.builtin.freego.boards import grids
from kifu.builtin.freego.boards.board import Board
from kifu.builtin.freego.moves import Edit, Pass
from kifu.builtin.freego.setup import parameters
from kifu.builtin.freego.sgf import points
from kifu.builtin.freego.sgf.gameinfo import HEADER_PROPERTIES, OWN_RULES, UNKNOWN_RULES, komi_text
from kifu.plugin import ConversionError, Node, Record, __version__
from kifu.plugin import sgf as core
from kifu.plugin import sgf_lines as sgflines


def _grid_of(record: Record) -> Board:
    name = record.header("Board") or "grid:19"
    board = _board_named(name)
    if board is None or board.grid is None:
        raise ConversionError(f"SGF holds Go on rectangular grids; this record is on {name!r}",
                              span=record.header_span("Board"))
    return board


@functools.lru_cache(maxsize=16)
def _board_named(name: str) -> Board | None:
    """:func:`grids.by_rule` of ``name``, the last few kept (boards are immutable, and making
    one costs more than writing a short record: a collection converted writes each game)."""
    return grids.by_rule(name)


def write(record: Record) -> str:
    """A record of Go on a rectangular grid between two players as SGF (``GM[1]``; see
    :func:`pieces`)."""
    return "".join(pieces(record))


def pieces(record: Record) -> Iterator[str]:
    """A record of Go on a rectangular grid between two players as SGF (``GM[1]``), a piece at
    a time: headers as root properties (those SGF has no property for in ``XH``), the set-up,
    then the moves with their comments and variations, each SGF node made as it is written."""
    board = _grid_of(record)
    seats = parameters.seat_names(record)
    if len(seats) != 2:
        raise ConversionError(f"SGF holds 2-player Go; this record has {len(seats)} players",
                              span=record.header_span("Players"))
    columns, rows = board.grid or (19, 19)
    root = core.SgfNode({"FF": ["4"], "GM": ["1"], "CA": ["UTF-8"],
                         "AP": [f"kifu:{__version__}"],
                         "SZ": [str(columns) if columns == rows else f"{columns}:{rows}"]})
    props = root.properties
    extra, territory = _header_properties(record, board, seats, props)
    if record.header("Rules") is None:
        props["RU"] = [OWN_RULES]
    _setup_properties(record, board, props, extra)
    if extra:
        props["XH"] = [core.escape(item) for item in extra]
    comments = sgflines.own_comments(record.comments, record.properties)
    if comments:
        props["C"] = [core.escape(sgflines.join_comments(comments))]
    for ident, values in sgflines.restored(record.properties).items():
        props.setdefault(ident, values)  # what kifu writes itself (AP) stays kifu's
    info_node, info = sgflines.info_placed(record.properties, record.moves, props)
    setup = record.setup
    first = setup.to_move if setup is not None and setup.to_move is not None else 0
    colours = _colours(record.moves, first)
    last = record.moves[-1] if record.moves else None
    if territory and last is None:
        props.update(territory)

    def make(node: Node) -> core.SgfNode:
        made = _move_node(board, node, colours)
        if node is info_node:  # the game information where the SGF it came from had it
            made.properties.update(info)
        if territory and node is last:  # the territory marked at the end of the main line
            made.properties.update(territory)
        return made

    return core.pieces([sgflines.lazy_tree(props, record.moves, make, record.properties)])


def _header_properties(record: Record, board: Board, seats: tuple[str, ...],
                       props: dict[str, list[str]]
                       ) -> tuple[list[str], dict[str, list[str]]]:
    """The headers SGF has a property for, put in ``props``; the header lines it has none for
    (kept for ``XH``), and the territory the record marks (for the last node)."""
    extra: list[str] = []
    territory: dict[str, list[str]] = {}
    for key, value in record.headers.items():
        folded = key.casefold()
        if folded in ("game", "board"):
            continue
        if folded == "komi":
            komi = parameters.komi_of(record, 2)
            if komi[0] == 0:
                props["KM"] = [komi_text(komi[1])]
                if value.strip() == komi_text(komi[1]):
                    continue
            extra.append(f"{key}: {value}")  # kept as written, for the way back
            continue
        if folded in ("territory-1", "territory-2"):
            territory["TB" if folded.endswith("1") else "TW"] = [
                points.point(board, c) for c in value.split()]
            continue
        prop = HEADER_PROPERTIES.get(next((k for k in HEADER_PROPERTIES
                                           if k.casefold() == folded), ""))
        if prop == "RU" and value.strip() == UNKNOWN_RULES:
            continue
        if prop == "RE":
            written = _sgf_result(value, seats)
            if written is not None and "RE" not in props:
                props["RE"] = [core.escape(written)]
                continue
        elif prop and prop not in props:
            props[prop] = [core.escape(value)]
            continue
        extra.append(f"{key}: {value}")
    return extra, territory


def _setup_properties(record: Record, board: Board, props: dict[str, list[str]],
                      extra: list[str]) -> None:
    """A set-up position as ``AB``, ``AW`` and ``PL``; prisoners so far go to ``XH``."""
    setup = record.setup
    if setup is None:
        return
    for prop, seat in (("AB", 0), ("AW", 1)):
        if seat < len(setup.stones) and setup.stones[seat]:
            props[prop] = [points.point(board, c) for c in setup.stones[seat]]
    if setup.to_move is not None:
        props["PL"] = ["B" if setup.to_move == 0 else "W"]
    if setup.prisoners is not None:
        extra.append("Prisoners: " + ", ".join(map(str, setup.prisoners)))


def _move_node(board: Board, node: Node, colours: dict[int, int]) -> core.SgfNode:
    """One node of the record as an SGF node: a move (``B``/``W`` by the seat ``colours``
    gives it, a pass empty) or stones set up in play, with the node's comments."""
    move = node.move
    if isinstance(move, Edit):
        made = _edit_node(board, move)
    else:
        prop = "B" if colours[id(node)] == 0 else "W"
        value = "" if isinstance(move, Pass) else points.point(board, move.cell, node.span)
        made = core.SgfNode({prop: [value]})
    comments = sgflines.own_comments(node.comments, node.properties) \
        if node.has_properties() else node.comments
    if comments:
        made.properties["C"] = [core.escape(sgflines.join_comments(comments))]
    if node.has_properties():
        for ident, values in sgflines.restored(node.properties).items():
            made.properties.setdefault(ident, values)
    return made


def _edit_node(board: Board, edit: Edit) -> core.SgfNode:
    props: dict[str, list[str]] = {}
    for prop, cells in zip(("AB", "AW"), edit.add):
        if cells:
            props[prop] = [points.point(board, c) for c in cells]
    if edit.clear:
        props["AE"] = [points.point(board, c) for c in edit.clear]
    if edit.to_move is not None:
        props["PL"] = ["B" if edit.to_move == 0 else "W"]
    return core.SgfNode(props)


def _colours(nodes: list[Node], seat: int) -> dict[int, int]:
    """The seat (0 black, 1 white) of every move node, by ``id``: in turn unless a move names
    one; a set-up's ``to-move`` changes the turn."""
    found: dict[int, int] = {}
    stack = [(nodes, seat)]
    while stack:
        line, seat = stack.pop()
        for node in line:
            move = node.move
            for variation in node.variations:
                stack.append((variation, seat))
            if isinstance(move, Edit):
                seat = seat if move.to_move is None else move.to_move
                continue
            mover = move.seat if move.seat is not None else seat
            found[id(node)] = mover
            seat = 1 - mover
    return found


def _sgf_result(value: str, seats: tuple[str, ...]) -> str | None:
    """``black+6.5`` -> ``B+6.5``, ``draw`` -> ``0``; ``None`` for what SGF's RE cannot say
    so that it reads back the same (it then travels in ``XH``)."""
    said = value.strip()
    if said == "draw":
        return "0"
    who, plus, how = said.partition("+")
    if not plus:
        return None
    for index, name in enumerate(seats):
        if who == name:
            return ("B" if index == 0 else "W") + plus + how
    return None
