"""Free-form Go records as SGF (``GM[1]``): Go on rectangular grids, two players.

SGF is how real Go games travel, so a grid record goes to and from it without loss: the board
is ``SZ[19]`` or ``SZ[19:13]`` (missing: 19, SGF's default), komi ``KM`` (server komi written
x100, ``KM[650]``, is read as 6.5; see ``DECISIONS.md``), handicap ``HA`` with its stones in
``AB``, set-up stones ``AB``/``AW``/``AE`` and ``PL``, passes ``B[]`` (and ``B[tt]`` on boards up
to 19x19).  A point ``dd`` counts from the top-left corner; kifu's cells are Go coordinates from
the bottom-left (``D16`` on 19x19).  Headers SGF has no property for travel as ``XH[key: value]``
as in kifu's Renju SGF.

SGF gives each move its colour; kifu's records give seats in turn.  A move whose colour breaks
the turn (one colour twice in a row, as servers write time-outs) keeps its seat (``D4@1``), and
the referee then calls it out of turn, or accepts it with a warning under ``--lenient``.
"""
from __future__ import annotations

import functools
import re
from dataclasses import replace
from typing import Any

from kifu import sgf as core
from kifu.errors import ConversionError, HeaderError, NotationError
from kifu.limits import read_int, shorten
from kifu.record import Node, Record, Span
from kifu.games.freego import config, grids
from kifu.games.freego.board import MAX_SEATS, Board
from kifu.games.freego.notation import Move, Pass, Place
from kifu.games.freego.setups import Setup

HEADER_PROPERTIES = {
    "Black": "PB", "White": "PW", "Black-Rank": "BR", "White-Rank": "WR", "Event": "EV",
    "Date": "DT", "Result": "RE", "Rules": "RU", "Round": "RO", "Place": "PC", "Name": "GN",
    "Time": "TM", "Overtime": "OT", "Handicap": "HA", "Source": "SO", "Annotator": "AN",
    "User": "US", "Copyright": "CP", "Opening": "ON", "Game-Comment": "GC",
}
PROPERTY_HEADERS = {prop: key for key, prop in HEADER_PROPERTIES.items()}
SETUP_PROPERTIES = ("AB", "AW", "AE")
LETTERS = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ"
_GM = re.compile(r"GM\s*\[\s*(\w*)\s*\]")


def claims(text: str) -> bool:
    """Go's SGF: the root says ``GM[1]``, or no ``GM`` at all (SGF's default game is Go)."""
    found = _GM.search(text[:4000])
    return found is None or found.group(1) == "1"


# -- points ---------------------------------------------------------------------------------

def _point_cell(text: str, size: tuple[int, int], span: Span | None) -> str | None:
    """The cell an SGF point names (``None`` for a pass)."""
    columns, rows = size
    if text == "" or (text == "tt" and columns <= 19 and rows <= 19):
        return None
    if len(text) != 2 or text[0] not in LETTERS or text[1] not in LETTERS:
        raise NotationError(f"[{text}] is not an SGF point", span=span)
    column, from_top = LETTERS.index(text[0]), LETTERS.index(text[1])
    if column >= columns or from_top >= rows:
        raise NotationError(f"[{text}] is off the {columns}x{rows} board", span=span)
    return f"{grids.column_name(column)}{rows - from_top}"


def _points(values: list[str], size: tuple[int, int], span: Span | None) -> list[str]:
    """Cells of a point list, compressed rectangles (``aa:cc``) included."""
    cells = []
    for value in values:
        first, colon, last = value.partition(":")
        if not colon:
            cell = _point_cell(value, size, span)
            if cell is None:
                raise NotationError("a set-up point cannot be empty or 'tt'", span=span)
            cells.append(cell)
            continue
        a, b = (LETTERS.index(c) if c in LETTERS else -1 for c in first[:2].ljust(2, "?"))
        c, d = (LETTERS.index(c) if c in LETTERS else -1 for c in last[:2].ljust(2, "?"))
        if min(a, b, c, d) < 0 or len(first) != 2 or len(last) != 2:
            raise NotationError(f"[{value}] is not an SGF point rectangle", span=span)
        for column in range(min(a, c), max(a, c) + 1):
            for row in range(min(b, d), max(b, d) + 1):
                cells.append(_point_cell(LETTERS[column] + LETTERS[row], size, span) or "")
    return cells


def _size(root: core.SgfNode) -> tuple[int, int]:
    text = root.get("SZ")
    span = root.value_spans.get("SZ")
    if text is None:
        return (19, 19)
    columns, _, rows = text.strip().partition(":")
    size = (read_int(columns), read_int(rows or columns))
    if size[0] is None or size[1] is None:
        raise NotationError(f"SZ[{shorten(text)}] is not a board size", span=span)
    if not all(1 <= s <= grids.MAX_GRID for s in size):
        raise NotationError(f"SZ[{text}]: kifu reads boards of 1 to {grids.MAX_GRID} lines",
                            span=span)
    return size


def komi_from_sgf(text: str, span: Span | None) -> float:
    """``KM`` as points: values of 100 or more are server komi x100 (``650`` is 6.5), and a
    quarter value after that is komi in stones (``375``: 3.75 stones, 7.5 points)."""
    value = config.number(text)
    if value is None:
        raise NotationError(f"KM[{text}] is not a number", span=span)
    if abs(value) >= 100:
        value /= 100
        if (value * 2) % 1:
            value *= 2
    return value


# -- reading --------------------------------------------------------------------------------

def read(text: str, source: str = "<sgf>") -> Record:
    plain = core.split_plain(text)
    if plain is not None:
        record = _read_plain(*plain, source)
        if record is not None:
            return record
    roots = core.parse(text)
    if len(roots) > 1:
        raise NotationError(f"this SGF collection holds {len(roots)} games; kifu reads one "
                            "record per file", span=roots[1].span)
    root = roots[0]
    record, size, setup = _read_root(root, source)
    children = root.children
    if "B" in root.properties or "W" in root.properties:  # the first move in the root node
        moved = core.SgfNode({k: v for k, v in root.properties.items() if k in ("B", "W")},
                             root.children, root.span, root.value_spans)
        children = [moved]
    else:
        children, setup = _early_setup(children, size, setup)

    def convert(node: core.SgfNode) -> tuple[Any, list[str]] | None:
        for prop in SETUP_PROPERTIES:
            if prop in node.properties:
                raise NotationError(f"set-up stones ({prop}) in the middle of a game are not "
                                    "supported", span=node.value_spans.get(prop))
        move = _move(node, size)
        if move is None:
            return None
        return move, core.split_comments(node.get("C"))

    record.moves = core.children_to_line(children, convert, record.comments.extend)
    setup = _first_seat(record.moves[0].move.seat if record.moves else None, setup,
                        "PL" in root.properties)
    _drop_expected_seats(record.moves, _first_to_move(setup))
    if setup is not None and not setup.is_empty():
        record.setup = setup
    return record


def _read_root(root: core.SgfNode, source: str) -> tuple[Record, tuple[int, int], Setup | None]:
    """The record's headers, comments and set-up from the root node."""
    game = root.get("GM")
    if game is not None and game.strip() != "1":
        raise NotationError(f"GM[{game}] is not Go (GM[1])", span=root.value_spans.get("GM"))
    size = _size(root)
    record = Record(game="freego", source=source)
    record.headers["Game"] = "freego"
    record.headers["Board"] = grids.grid_name(*size)
    for item in root.properties.get("XH", []):
        key, _, value = item.partition(":")
        record.headers[key.strip()] = value.strip()
        record.header_spans[key.strip()] = root.value_spans["XH"]
    if "KM" in root.properties and record.header("Komi") is None:
        record.headers["Komi"] = _fmt(komi_from_sgf(root.get("KM") or "", root.value_spans["KM"]))
        record.header_spans["Komi"] = root.value_spans["KM"]
    seats = _seats(record)
    for prop, values in root.properties.items():
        key = PROPERTY_HEADERS.get(prop)
        if key and values and record.header(key) is None:
            value = " ".join(values[0].split("\n")).strip()
            record.headers[key] = _native_result(value, seats) if prop == "RE" else value
            record.header_spans[key] = root.value_spans[prop]
    record.comments.extend(core.split_comments(root.get("C")))
    setup = _read_setup(root, size)
    prisoners = record.headers.pop("Prisoners", None)
    if prisoners is not None:  # kifu's own set-up data, carried in XH
        span = record.header_spans.pop("Prisoners", None)
        counts = [read_int(c) for c in prisoners.replace(",", " ").split()]
        if not counts or len(counts) > MAX_SEATS or None in counts:
            raise NotationError(f"XH[Prisoners: {shorten(prisoners)}] is not a count per seat",
                                span=span)
        setup = replace(setup or Setup(), prisoners=tuple(c for c in counts if c is not None))
    return record, size, setup


@functools.cache
def _moves_by_value(size: tuple[int, int]) -> dict[str, Move]:
    """``"Bdd"`` -> the move with its seat, for every point and pass: moves are immutable, so
    a table serves every record on a board of this size."""
    table: dict[str, Move] = {}
    columns, rows = size
    for colour, seat in (("B", 0), ("W", 1)):
        table[colour] = Pass(seat)
        if columns <= 19 and rows <= 19:
            table[colour + "tt"] = table[colour]
        for column in range(columns):
            for from_top in range(rows):
                cell = f"{grids.column_name(column)}{rows - from_top}"
                table[colour + LETTERS[column] + LETTERS[from_top]] = Place(cell, seat)
    return table


@functools.lru_cache(maxsize=4096)
def _in_turn(move: Move) -> Move:
    """The move without its seat, for a move made in turn."""
    return replace(move, seat=None)


def _read_plain(root: core.SgfNode, moves: list[core.PlainMove], source: str) -> Record | None:
    """A plain game (a root, then one move a node) without a node per move; ``None`` sends the
    text the general way (a point off the board, say, whose error the general way words)."""
    if any(p in root.properties for p in ("B", "W")):
        return None
    record, size, setup = _read_root(root, source)
    table = _moves_by_value(size)
    setup = _first_seat(0 if moves[0][0] == "B" else 1, setup, "PL" in root.properties)
    expected = _first_to_move(setup)
    nodes = []
    for colour, point, span in moves:
        move = table.get(colour + point)
        if move is None:
            return None
        seat = 0 if colour == "B" else 1
        nodes.append(Node(_in_turn(move) if seat == expected else move, [], [], span))
        expected = 1 - seat
    record.moves = nodes
    if setup is not None and not setup.is_empty():
        record.setup = setup
    return record


def _seats(record: Record) -> tuple[str, ...]:
    try:
        return config.seat_names(record)
    except HeaderError:
        return config.DEFAULT_PLAYERS


def _native_result(value: str, seats: tuple[str, ...]) -> str:
    """``B+6.5`` -> ``black+6.5`` (with the seats' own names), ``0``/``Draw`` -> ``draw``."""
    said = value.strip()
    if said.upper() in ("0", "DRAW", "JIGO"):
        return "draw"
    if len(said) >= 2 and said[0].upper() in "BW" and said[1] == "+":
        return seats[0 if said[0].upper() == "B" else 1] + said[1:]
    return said


def _read_setup(node: core.SgfNode, size: tuple[int, int],
               base: Setup | None = None) -> Setup | None:
    if not any(p in node.properties for p in (*SETUP_PROPERTIES, "PL")) and base is None:
        return None
    black = list(base.stones[0]) if base and base.stones else []
    white = list(base.stones[1]) if base and len(base.stones) > 1 else []
    spans: dict[Any, Span] = dict(base.spans) if base else {}
    for prop, stones, seat in (("AB", black, 0), ("AW", white, 1)):
        if prop in node.properties:
            for cell in _points(node.properties[prop], size, node.value_spans[prop]):
                spans[(seat, len(stones))] = node.value_spans[prop]
                stones.append(cell)
    if "AE" in node.properties:
        cleared = set(_points(node.properties["AE"], size, node.value_spans["AE"]))
        black = [c for c in black if c not in cleared]
        white = [c for c in white if c not in cleared]
    to_move = base.to_move if base else None
    if "PL" in node.properties:
        said = (node.get("PL") or "").strip().upper()
        if said not in ("B", "W", "1", "2"):
            raise NotationError(f"PL[{node.get('PL')}] names no player (B or W)",
                                span=node.value_spans.get("PL"))
        to_move = 0 if said in ("B", "1") else 1
        spans["To-Move"] = node.value_spans["PL"]
    stones = (tuple(black), tuple(white)) if white else ((tuple(black),) if black else ())
    return Setup(stones, to_move, base.prisoners if base else None, spans)


def _early_setup(children: list[core.SgfNode], size: tuple[int, int],
                 setup: Setup | None) -> tuple[list[core.SgfNode], Setup | None]:
    """Set-up nodes between the root and the first move (some programs put handicap stones
    there) join the start position."""
    while len(children) == 1:
        node = children[0]
        if "B" in node.properties or "W" in node.properties:
            break
        if not any(p in node.properties for p in (*SETUP_PROPERTIES, "PL")):
            break
        setup = _read_setup(node, size, setup or Setup())
        children = node.children
    return children, setup


def _move(node: core.SgfNode, size: tuple[int, int]) -> Move | None:
    has_black, has_white = "B" in node.properties, "W" in node.properties
    if has_black and has_white:
        raise NotationError("a node holds both a black and a white move", span=node.span)
    if not (has_black or has_white):
        return None
    prop = "B" if has_black else "W"
    value = (node.get(prop) or "").strip()
    known = _moves_by_value(size).get(prop + value)
    if known is not None:
        return known
    seat = 0 if has_black else 1
    cell = _point_cell(value, size, node.value_spans.get(prop))  # raises, located
    return Pass(seat) if cell is None else Place(cell, seat)


def _first_seat(first: int | None, setup: Setup | None, has_player: bool) -> Setup | None:
    """A game whose first move is white's without ``PL`` starts with white to move (handicap
    games are written so), as Go programs read it."""
    if has_player or first != 1:
        return setup
    if setup is not None and setup.to_move is not None:
        return setup
    return replace(setup, to_move=1) if setup is not None else Setup((), 1)


def _first_to_move(setup: Setup | None) -> int:
    return setup.to_move if setup is not None and setup.to_move is not None else 0


def _drop_expected_seats(nodes: list[Node], expected: int) -> None:
    """Keep a move's seat only where it breaks the turn, so ordinary records read as usual."""
    for node in nodes:
        seat = node.move.seat
        for variation in node.variations:
            _drop_expected_seats(variation, expected)
        if seat == expected:
            node.move = _in_turn(node.move)
        expected = 1 - (seat if seat is not None else expected)


def _fmt(value: float) -> str:
    return str(int(value)) if value == int(value) else repr(value)


# -- writing --------------------------------------------------------------------------------

def _grid_of(record: Record) -> Board:
    name = record.header("Board") or "grid:19"
    board = grids.by_rule(name)
    if board is None or board.grid is None:
        raise ConversionError(f"SGF holds Go on rectangular grids; this record is on {name!r}",
                              span=record.header_span("Board"))
    return board


def write(record: Record) -> str:
    board = _grid_of(record)
    seats = config.seat_names(record)
    if len(seats) != 2:
        raise ConversionError(f"SGF holds 2-player Go; this record has {len(seats)} players",
                              span=record.header_span("Players"))
    columns, rows = board.grid or (19, 19)
    root = core.SgfNode({"FF": ["4"], "GM": ["1"], "CA": ["UTF-8"], "AP": ["kifu"],
                         "SZ": [str(columns) if columns == rows else f"{columns}:{rows}"]})
    extra = []
    for key, value in record.headers.items():
        folded = key.casefold()
        if folded in ("game", "board"):
            continue
        if folded == "komi":
            komi = config.komi_of(record, 2)
            if komi[0] == 0:
                root.properties["KM"] = [_fmt(komi[1])]
                if value.strip() == _fmt(komi[1]):
                    continue
            extra.append(f"{key}: {value}")  # kept as written, for the way back
            continue
        prop = HEADER_PROPERTIES.get(next((k for k in HEADER_PROPERTIES
                                           if k.casefold() == folded), ""))
        if prop == "RE":
            written = _sgf_result(value, seats)
            if written is not None and "RE" not in root.properties:
                root.properties["RE"] = [written]
                continue
        elif prop and prop not in root.properties:
            root.properties[prop] = [value]
            continue
        extra.append(f"{key}: {value}")
    setup = record.setup
    if setup is not None:
        for prop, seat in (("AB", 0), ("AW", 1)):
            if seat < len(setup.stones) and setup.stones[seat]:
                root.properties[prop] = [_sgf_point(board, c, record) for c in setup.stones[seat]]
        if setup.to_move is not None:
            root.properties["PL"] = ["B" if setup.to_move == 0 else "W"]
        if setup.prisoners is not None:
            extra.append("Prisoners: " + ", ".join(map(str, setup.prisoners)))
    if extra:
        root.properties["XH"] = extra
    if record.comments:
        root.properties["C"] = [core.join_comments(record.comments)]
    first = setup.to_move if setup is not None and setup.to_move is not None else 0
    colours = _colours(record.moves, first)

    def make(node: Node) -> core.SgfNode:
        move = node.move
        prop = "B" if colours[id(node)] == 0 else "W"
        value = "" if isinstance(move, Pass) else _sgf_point(board, move.cell, record, node.span)
        props = {prop: [value]}
        if node.comments:
            props["C"] = [core.join_comments(node.comments)]
        return core.SgfNode(props)

    root.children = core.lines_to_children(record.moves, make)
    return core.serialize([root])


def _sgf_point(board: Board, name: str, record: Record, span: Span | None = None) -> str:
    index = board.find(name)
    if index is None:
        raise ConversionError(f"{name!r} is not a point of {board.name}", span=span)
    columns, rows = board.grid or (19, 19)
    row, column = divmod(index, columns)
    return LETTERS[column] + LETTERS[rows - 1 - row]


def _colours(nodes: list[Node], seat: int) -> dict[int, int]:
    """The seat (0 black, 1 white) of every node, by ``id``: in turn unless a move names one."""
    found: dict[int, int] = {}

    def visit(line: list[Node], seat: int) -> None:
        for node in line:
            mover = node.move.seat if node.move.seat is not None else seat
            for variation in node.variations:
                visit(variation, seat)
            found[id(node)] = mover
            seat = 1 - mover

    visit(nodes, seat)
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
