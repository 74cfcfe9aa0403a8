"""Free-form Go records as SGF (``GM[1]``): Go on rectangular grids, two players.

SGF is how real Go games travel, so kifu reads what Go programs write, as they write it: the
board is ``SZ[19]`` or ``SZ[19:13]`` (missing: 19), komi ``KM`` (server komi written x100,
``KM[650]``, is read as 6.5; see ``DECISIONS.md``), the rules ``RU`` (which decide the ko rule,
the scoring and whether dead stones are agreed, see ``setup.parameters``), handicap ``HA`` with its stones
in ``AB`` or as black's first moves, set-up stones ``AB``/``AW``/``AE`` and ``PL`` in any node,
passes ``B[]`` (and ``B[tt]`` on boards up to 19x19), territory ``TB``/``TW`` at the end.  A
point ``dd`` counts from the top-left corner; kifu's cells are Go coordinates from the
bottom-left (``D16`` on 19x19).  Headers SGF has no property for travel as ``XH[key: value]``.

SGF gives each move its colour; kifu's records give seats in turn.  One colour moving again is
read as the other side passing in between, so that every later move is still checked: in a
variation (problems, joseki) that is playing elsewhere and is normal; in the main line a pass
is missing from the record, which is reported as a warning.
"""
from __future__ import annotations

import functools
import re
from collections.abc import Iterator
from dataclasses import replace
from typing import Any

from kifu.base.errors import (
    PEDANTIC,
    ConversionError,
    HeaderError,
    IllegalMoveError,
    KifuError,
    NotationError,
    UnknownGameError,
)
from kifu.base.limits import read_int, shorten
from kifu.base.record import Node, Record, Span, is_event
from kifu.base.version import __version__
from kifu.builtin.freego.boards import grids
from kifu.builtin.freego.boards.board import MAX_SEATS, Board
from kifu.builtin.freego.moves import Edit, Move, Pass, Place
from kifu.builtin.freego.setup import Setup, parameters
from kifu.plugin import Reading
from kifu.sgf import lines as sgflines
from kifu.sgf import syntax as core

HEADER_PROPERTIES = {
    "Black": "PB", "White": "PW", "Black-Rank": "BR", "White-Rank": "WR", "Event": "EV",
    "Date": "DT", "Result": "RE", "Rules": "RU", "Round": "RO", "Place": "PC", "Name": "GN",
    "Time": "TM", "Overtime": "OT", "Handicap": "HA", "Source": "SO", "Annotator": "AN",
    "User": "US", "Copyright": "CP", "Opening": "ON", "Game-Comment": "GC",
}
PROPERTY_HEADERS = {prop: key for key, prop in HEADER_PROPERTIES.items()}
SETUP_PROPERTIES = frozenset(("AB", "AW", "AE", "PL"))
LETTERS = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ"
#: The rules of a game whose SGF names none (no ``RU``): see ``parameters.rule_set``.
UNKNOWN_RULES = "unknown"
#: What kifu writes as ``RU`` for Free-form Go's own rules, and reads back as them.
OWN_RULES = "Free-form Go"
_GM = re.compile(r"GM\s*\[\s*(\w*)\s*\]")


def claims(text: str) -> bool:
    """Go's SGF: the first root says ``GM[1]``, or no root says ``GM`` at all (SGF's default
    game is Go), or a collection holds a Go game after games of others (those are reported
    as games kifu does not check, and the Go games are checked)."""
    first = _GM.search(text)  # none anywhere: Go, SGF's default game
    return first is None or any(found.group(1) == "1"
                                for found in _GM.finditer(text, first.start()))


# -- points ---------------------------------------------------------------------------------

def _point_cell(text: str, size: tuple[int, int], span: Span | None) -> str | None:
    """The cell an SGF point names (``None`` for a pass)."""
    columns, rows = size
    if text == "" or (text == "tt" and columns <= 19 and rows <= 19):
        return None
    if len(text) != 2 or text[0] not in LETTERS or text[1] not in LETTERS:
        raise NotationError(f"[{text[:20]}] is not an SGF point", span=span)
    column, from_top = LETTERS.index(text[0]), LETTERS.index(text[1])
    if column >= columns or from_top >= rows:
        raise NotationError(f"[{text}] is off the {columns}x{rows} board", span=span)
    return f"{grids.column_name(column)}{rows - from_top}"


def _points(values: list[str], size: tuple[int, int], span: Span | None) -> list[str]:
    """Cells of a point list, compressed rectangles (``aa:cc``) included."""
    cells = []
    for raw in values:
        value = raw.strip()
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
            raise NotationError(f"[{value[:20]}] is not an SGF point rectangle", span=span)
        for column in range(min(a, c), max(a, c) + 1):
            for row in range(min(b, d), max(b, d) + 1):
                cells.append(_point_cell(LETTERS[column] + LETTERS[row], size, span) or "")
    return cells


def _size(root: core.SgfNode, collection: core.Collection) -> tuple[int, int]:
    text = root.get("SZ")
    if text is None:
        return (19, 19)
    columns, _, rows = text.strip().partition(":")
    found = (read_int(columns), read_int(rows or columns))
    if found[0] is None or found[1] is None:
        raise NotationError(f"SZ[{shorten(text)}] is not a board size",
                            span=collection.value_span(root, "SZ"))
    size = (found[0], found[1])
    if not all(1 <= s <= grids.MAX_GRID for s in size):
        raise NotationError(f"SZ[{text}]: kifu reads boards of 1 to {grids.MAX_GRID} lines",
                            span=collection.value_span(root, "SZ"))
    return size


def komi_from_sgf(text: str, span: Span | None) -> float:
    """``KM`` as points: values of 100 or more are server komi x100 (``650`` is 6.5), and a
    quarter value after that is komi in stones (``375``: 3.75 stones, 7.5 points)."""
    value = parameters.number(text)
    if value is None or abs(value) > 100 * parameters.MAX_KOMI:
        raise NotationError(f"KM[{shorten(text)}] is not a komi kifu can read", span=span,
                            rule="komi")
    if abs(value) >= 100:
        value /= 100
        if (value * 2) % 1:
            value *= 2
    return value


# -- reading --------------------------------------------------------------------------------

def read_games(text: str, source: str = "<sgf>", lenient: bool = False) -> Iterator[Reading]:
    """Every game of an SGF file, one at a time, each with what reading it found (see
    ``kifu.sgf.lines``)."""
    return sgflines.read_games(text, lambda c, root, found: _Game(c, source, found).read(root),
                               lenient)


def read(text: str, source: str = "<sgf>") -> Record:
    """The one game of an SGF text (a collection, or an error in it, is raised)."""
    return sgflines.read_one(text, lambda c, root, found: _Game(c, source, found).read(root))


class _Game:
    """Reading one game tree of a collection into a record."""

    def __init__(self, collection: core.Collection, source: str,
                 findings: list[KifuError]) -> None:
        self.collection = collection
        self.locator = collection.locator  # record nodes work out their spans with it, if asked
        self.source = source
        self.findings = findings
        self.size = (19, 19)
        self.moves: dict[str, dict[str, Move]] = {}  # by colour, then SGF value
        self.mixed: list[Span | None] = []  # nodes with a move and a set-up: the first's span

    def read(self, root: core.SgfNode) -> Record:
        record, setup = self._root(root)
        children = root.children
        if "B" in root.properties or "W" in root.properties:  # the first move in the root
            children = [core.SgfNode({k: v for k, v in root.properties.items()
                                      if k in ("B", "W", "C")}, root.children, root.start,
                                     root.end)]
            record.comments.clear()
        else:
            children, setup = self._early_setup(children, setup)
            children, setup = self._handicap_moves(record, children, setup)
        record.moves = sgflines.to_lines(children, self._convert, record.comments,
                                         self.collection.span)
        if self.mixed:
            more = len(self.mixed) - 2
            self.findings.append(core.finding(
                "a move and set-up properties in one node (FF[4] keeps them apart): the stones "
                "are set up before the move"
                + (f" (and in {more:,} more node{'s' * (more > 1)})" if more else ""),
                self.mixed[0], PEDANTIC, rule="setup-with-move"))
        setup = _first_seat(_first_seat_of(record.moves), setup, "PL" in root.properties)
        missing = _settle_seats(record.moves, _first_to_move(setup))
        for listed, (node, seat) in enumerate(missing[:core.MAX_SAME], start=1):
            self.findings.append(IllegalMoveError(
                f"{('black', 'white')[seat]} moves twice in a row: read as the "
                "other side passing in between (a pass is missing from the record)"
                + (core.COUNTED_BELOW if listed == core.MAX_SAME else ""),
                span=node.span, rule="turn-order", severity="warning"))
        if len(missing) > core.MAX_SAME:
            self.findings.append(IllegalMoveError(
                core.not_listed(len(missing) - core.MAX_SAME), span=missing[0][0].span,
                rule="turn-order", severity="warning"))
        if setup is not None and not setup.is_empty():
            record.setup = setup
        self._territory(record, root)
        return record

    def value_span(self, node: core.SgfNode, ident: str) -> Span:
        return self.collection.value_span(node, ident)

    # -- the root -----------------------------------------------------------------------

    def _root(self, root: core.SgfNode) -> tuple[Record, Setup | None]:
        """The record's headers, comments and set-up from the root node."""
        game = root.get("GM")
        if game is not None and game.strip() != "1":
            # Another game in a collection of Go games: not judged, like a file of a game kifu
            # does not know (exit 2), rather than called illegal.
            raise UnknownGameError(f"GM[{game[:10]}] is not Go (GM[1]): kifu does not check "
                                   "this game", span=self.value_span(root, "GM"))
        self.size = _size(root, self.collection)
        self.moves = _moves_by_value(self.size)
        record = Record(game="freego", source=self.source)
        record.headers["Game"] = "freego"
        record.headers["Board"] = grids.grid_name(*self.size)
        for item in root.properties.get("XH", []):
            name, _, said = core.text(item).partition(":")
            record.headers[name.strip()] = said.strip()
            record.header_spans[name.strip()] = self.value_span(root, "XH")
        self._komi(record, root)
        seats = _seats(record)
        taken = {name.casefold() for name in record.headers}  # XH and KM come first
        for prop, values in root.properties.items():
            key = PROPERTY_HEADERS.get(prop)
            if key and values and key.casefold() not in taken:
                taken.add(key.casefold())
                value = " ".join((root.text(prop) or "").split("\n")).strip()
                if prop == "RU" and value.casefold().startswith(OWN_RULES.casefold()):
                    continue
                record.headers[key] = _native_result(value, seats) if prop == "RE" else value
                record.header_places[key] = functools.partial(self.value_span, root, prop)
        if "RU" not in root.properties and record.header("Rules") is None:
            record.headers["Rules"] = UNKNOWN_RULES
        record.comments.extend(sgflines.split_comments(root.text("C")))
        setup = self._setup(root)
        prisoners = record.headers.pop("Prisoners", None)
        if prisoners is not None:  # kifu's own set-up data, carried in XH
            span = record.header_spans.pop("Prisoners", None)
            counts = [read_int(c) for c in prisoners.replace(",", " ").split()]
            if not counts or len(counts) > MAX_SEATS or None in counts:
                raise NotationError(f"XH[Prisoners: {shorten(prisoners)}] is not a count per "
                                    "seat", span=span)
            setup = replace(setup or Setup(), prisoners=tuple(c for c in counts if c is not None))
        return record, setup

    def _komi(self, record: Record, root: core.SgfNode) -> None:
        """``KM`` as the record's komi; one kifu cannot read (not a number, or absurdly large)
        is reported, and the komi taken as 0 (only a count checked against it is affected)."""
        written = root.get("KM")
        if written is None or not written.strip() or record.header("Komi") is not None:
            return
        try:
            komi = komi_from_sgf(core.text(written), None)
        except NotationError as error:
            self.findings.append(error.located(message=error.message + "; the komi is taken as 0",
                                               span=self.value_span(root, "KM"),
                                               severity="warning"))
            return
        record.headers["Komi"] = _fmt(komi)
        record.header_places["Komi"] = functools.partial(self.value_span, root, "KM")

    def _setup(self, node: core.SgfNode, base: Setup | None = None) -> Setup | None:
        props = node.properties
        if not SETUP_PROPERTIES & props.keys() and base is None:
            return None
        black = list(base.stones[0]) if base and base.stones else []
        white = list(base.stones[1]) if base and len(base.stones) > 1 else []
        spans: dict[Any, Span] = dict(base.spans) if base else {}
        for prop, cells, seat in (("AB", black, 0), ("AW", white, 1)):
            if prop in props:
                span = self.value_span(node, prop)
                for cell in _points(props[prop], self.size, span):
                    spans[(seat, len(cells))] = span
                    cells.append(cell)
        if "AE" in props:
            cleared = set(_points(props["AE"], self.size, self.value_span(node, "AE")))
            black = [c for c in black if c not in cleared]
            white = [c for c in white if c not in cleared]
        to_move = base.to_move if base else None
        if "PL" in props:
            to_move = self._player(node)
            spans["To-Move"] = self.value_span(node, "PL")
        stones = (tuple(black), tuple(white)) if white else ((tuple(black),) if black else ())
        return Setup(stones, to_move, base.prisoners if base else None, spans)

    def _player(self, node: core.SgfNode) -> int:
        said = (node.get("PL") or "").strip().upper()
        if said not in ("B", "W", "1", "2"):
            raise NotationError(f"PL[{said[:10]}] names no player (B or W)",
                                span=self.value_span(node, "PL"))
        return 0 if said in ("B", "1") else 1

    def _early_setup(self, children: list[core.SgfNode],
                     setup: Setup | None) -> tuple[list[core.SgfNode], Setup | None]:
        """Set-up nodes between the root and the first move (some programs put handicap stones
        there) join the start position."""
        while len(children) == 1:
            node = children[0]
            props = node.properties
            if "B" in props or "W" in props or not SETUP_PROPERTIES & props.keys():
                break
            setup = self._setup(node, setup or Setup())
            children = node.children
        return children, setup

    def _handicap_moves(self, record: Record, children: list[core.SgfNode],
                        setup: Setup | None) -> tuple[list[core.SgfNode], Setup | None]:
        """Free handicap written as black's first moves under ``HA[n]`` (Fox, KGS, pachi):
        those stones are the handicap, set up before white's first move."""
        handicap = read_int((record.header("Handicap") or "0").strip()) or 0
        placed = len(setup.stones[0]) if setup and setup.stones else 0
        wanted = handicap - placed
        if handicap < 2 or wanted < 1 or (setup is not None and setup.to_move is not None):
            return children, setup
        nodes: list[core.SgfNode] = []
        current = children
        while len(nodes) < wanted and len(current) == 1:
            node = current[0]
            props = node.properties
            if "W" in props or SETUP_PROPERTIES & props.keys() or not props.get("B") \
                    or not props["B"][0].strip() or props["B"][0].strip() == "tt":
                break
            nodes.append(node)
            current = node.children
        if len(nodes) != wanted or any("B" in n.properties for n in current):
            if not nodes and any("W" in n.properties for n in current[:1]):
                self.findings.append(HeaderError(
                    f"HA[{handicap}] but {_stones(placed)} set up before white's first move: "
                    "the record lacks handicap stones, so the moves are replayed without them",
                    span=record.header_span("Handicap"), rule="handicap-stones",
                    severity="warning"))
            return children, setup
        stones = list(setup.stones[0]) if setup and setup.stones else []
        spans = dict(setup.spans) if setup else {}
        for node in nodes:
            span = self.value_span(node, "B")
            cell = _point_cell(node.properties["B"][0].strip(), self.size, span)
            spans[(0, len(stones))] = span
            stones.append(cell or "")
            record.comments.extend(sgflines.split_comments(node.text("C")))
        white = setup.stones[1:] if setup else ()
        return current, Setup((tuple(stones), *white), 1, setup.prisoners if setup else None,
                              spans)

    def _territory(self, record: Record, root: core.SgfNode) -> None:
        """``TB``/``TW`` of the main line's last node: each side's territory at the end."""
        last = root.main_line_end()
        for prop, seat in (("TB", 1), ("TW", 2)):
            values = last.properties.get(prop)
            if values and any(v.strip() for v in values):
                span = self.value_span(last, prop)
                cells = _points([v for v in values if v.strip()], self.size, span)
                record.headers[f"Territory-{seat}"] = " ".join(cells)
                record.header_spans[f"Territory-{seat}"] = span

    # -- the moves ----------------------------------------------------------------------

    def _convert(self, node: core.SgfNode) -> list[Node]:
        """The record nodes one SGF node holds: a set-up, a move, both, or none."""
        props = node.properties
        colour = "B" if "B" in props else "W" if "W" in props else None
        if colour is None:
            return self._other(node, None, None)
        value = props[colour][0]
        move = self.moves[colour].get(value) or self._move(node, colour, value.strip())
        made = Node(move, [], [], None, (self.locator, node.start, node.end))
        if "C" in props or (len(props) > 1 and not SETUP_PROPERTIES.isdisjoint(props)):
            return self._other(node, colour, made)
        return [made]  # the usual node: a move, perhaps with its time left (for every move)

    def _other(self, node: core.SgfNode, colour: str | None, made: Node | None) -> list[Node]:
        """The record nodes of a node with comments or stones set up (before its move
        ``made``, if it has one); a node without a move gives its comments to the record node
        before it."""
        props = node.properties
        comments = sgflines.split_comments(node.text("C")) if "C" in props else []
        edit = (colour is None or len(props) > 1) and not SETUP_PROPERTIES.isdisjoint(props)
        if colour is None or made is None:
            before = self._edit(node, None)[0] if edit else []
            if before and comments:
                before[-1].comments.extend(comments)
            return before
        made.comments = comments
        if edit:
            if not self.mixed:
                self.mixed.append(self.value_span(node, colour))
            self.mixed.append(None)  # one finding per game, counting them all
            before, after = self._edit(node, colour)
            return [*before, made, *after]
        return [made]

    def _move(self, node: core.SgfNode, colour: str, value: str) -> Move:
        known = self.moves[colour].get(value)
        if known is not None:
            return known
        seat = 0 if colour == "B" else 1
        cell = _point_cell(value, self.size, self.value_span(node, colour))  # raises, located
        return Pass(seat) if cell is None else Place(cell, seat)

    def _edit(self, node: core.SgfNode, mover: str | None) -> tuple[list[Node], list[Node]]:
        """A set-up in the middle of the game, as the record nodes before and after the node's
        move: with a move in the same node (which FF[4] forbids) the stones are set before the
        move, and ``PL`` naming the other colour says who moves after it."""
        props = node.properties
        add = []
        for prop in ("AB", "AW"):
            values = props.get(prop, [])
            add.append(tuple(_points(values, self.size, self.value_span(node, prop)))
                       if values else ())
        while add and not add[-1]:
            add.pop()
        clear = tuple(_points(props["AE"], self.size, self.value_span(node, "AE"))) \
            if props.get("AE") else ()
        to_move = self._player(node) if "PL" in props else None
        later = mover is not None and to_move is not None and to_move != (0 if mover == "B" else 1)
        span = self.collection.span(node)
        before, after = [], []
        if add or clear or (to_move is not None and not later):
            before.append(Node(Edit(tuple(add), clear, None if later else to_move), [], [], span))
        if later:
            after.append(Node(Edit((), (), to_move), [], [], span))
        return before, after


@functools.cache
def _moves_by_value(size: tuple[int, int]) -> dict[str, dict[str, Move]]:
    """``"B"`` -> ``"dd"`` -> the move with its seat, for every point and pass: moves are
    immutable, so a table serves every record on a board of this size (and the table keeps them
    alive, so :data:`_SEATLESS` may know them by ``id``)."""
    tables: dict[str, dict[str, Move]] = {}
    columns, rows = size
    for colour, seat in (("B", 0), ("W", 1)):
        table = tables[colour] = {"": Pass(seat)}
        if columns <= 19 and rows <= 19:
            table["tt"] = table[""]
        for column in range(columns):
            for from_top in range(rows):
                cell = f"{grids.column_name(column)}{rows - from_top}"
                table[LETTERS[column] + LETTERS[from_top]] = Place(cell, seat)
        for move in table.values():
            _SEATLESS[id(move)] = replace(move, seat=None)  # type: ignore[arg-type]
    return tables


#: The moves of the tables above, by ``id``, without their seat (for a move made in turn).
_SEATLESS: dict[int, Move] = {}
#: A pass in a variation: playing elsewhere, no step towards the end of the game.
_ELSEWHERE = Pass(elsewhere=True)


def _in_turn(move: Move) -> Move:
    """The move without its seat, for a move made in turn."""
    return _SEATLESS.get(id(move)) or replace(move, seat=None)  # type: ignore[arg-type]


def _stones(count: int) -> str:
    if count == 0:
        return "no black stone is"
    return f"only {count} black stone{' is' if count == 1 else 's are'}"


def _seats(record: Record) -> tuple[str, ...]:
    try:
        return parameters.seat_names(record)
    except HeaderError:
        return parameters.DEFAULT_PLAYERS


def _native_result(value: str, seats: tuple[str, ...]) -> str:
    """``B+6.5`` -> ``black+6.5`` (with the seats' own names), ``0``/``Draw`` -> ``draw``."""
    said = value.strip()
    if said.upper() in ("0", "DRAW", "JIGO"):
        return "draw"
    if len(said) >= 2 and said[0].upper() in "BW" and said[1] == "+":
        return seats[0 if said[0].upper() == "B" else 1] + said[1:]
    return said


def _first_seat_of(nodes: list[Node]) -> int | None:
    for node in nodes:
        if isinstance(node.move, Edit):
            if node.move.to_move is not None:
                return None
            continue
        return node.move.seat
    return None


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


def _settle_seats(line: list[Node], expected: int) -> list[tuple[Node, int]]:
    """Drop the seats of moves made in turn, and read one colour moving again as the other
    side passing in between (an implied pass, so that ko and turn stay right): in a variation
    that is playing elsewhere (tenuki), as problems and joseki write it, and so is a pass there;
    in the main line a pass missing from the record, and the moves that follow one are
    returned, to be reported."""
    missing: list[tuple[Node, int]] = []
    seatless = _SEATLESS
    stack: list[tuple[list[Node], int, bool]] = [(line, expected, False)]
    while stack:
        nodes, expected, variation = stack.pop()
        settled: list[Node] | None = None  # the line with its implied passes, once one is
        for index, node in enumerate(nodes):
            move = node.move
            seat = move.seat
            if seat is not None and seat != expected:
                if settled is None:  # (made anew, not inserted into: that is quadratic)
                    settled = nodes[:index]
                settled.append(Node(_ELSEWHERE if variation else Pass(), [], [], node.span))
                expected = seat
                if not variation:
                    missing.append((node, seat))
            if settled is not None:
                settled.append(node)
            if node.variations:  # they replace this move: the same seat is to move
                stack.extend((alternative, expected, True) for alternative in node.variations)
            if seat is not None:
                node.move = seatless.get(id(move)) or _in_turn(move)
                if variation and isinstance(move, Pass):  # tenuki, in problems and joseki
                    node.move = _ELSEWHERE
                expected = 1 - seat
            elif isinstance(move, Edit):
                if move.to_move is not None:
                    expected = move.to_move
            elif not is_event(move):  # an implied pass
                expected = 1 - expected
        if settled is not None:
            nodes[:] = settled
    return missing


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
    """A record of Go on a rectangular grid between two players as SGF (``GM[1]``): headers
    as root properties (those SGF has no property for in ``XH``), the set-up, then the moves
    with their comments and variations."""
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
    if record.comments:
        props["C"] = [core.escape(sgflines.join_comments(record.comments))]
    setup = record.setup
    first = setup.to_move if setup is not None and setup.to_move is not None else 0
    colours = _colours(record.moves, first)
    root.children = sgflines.from_lines(
        record.moves, lambda node: _move_node(board, record, node, colours))
    if territory:
        root.main_line_end().properties.update(territory)
    return core.serialize([root])


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
                props["KM"] = [_fmt(komi[1])]
                if value.strip() == _fmt(komi[1]):
                    continue
            extra.append(f"{key}: {value}")  # kept as written, for the way back
            continue
        if folded in ("territory-1", "territory-2"):
            territory["TB" if folded.endswith("1") else "TW"] = [
                _sgf_point(board, c, record) for c in value.split()]
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
            props[prop] = [_sgf_point(board, c, record) for c in setup.stones[seat]]
    if setup.to_move is not None:
        props["PL"] = ["B" if setup.to_move == 0 else "W"]
    if setup.prisoners is not None:
        extra.append("Prisoners: " + ", ".join(map(str, setup.prisoners)))


def _move_node(board: Board, record: Record, node: Node, colours: dict[int, int]
               ) -> core.SgfNode:
    """One node of the record as an SGF node: a move (``B``/``W`` by the seat ``colours``
    gives it, a pass empty) or stones set up in play, with the node's comments."""
    move = node.move
    if isinstance(move, Edit):
        made = _edit_node(board, move, record)
    else:
        prop = "B" if colours[id(node)] == 0 else "W"
        value = "" if isinstance(move, Pass) else _sgf_point(board, move.cell, record,
                                                              node.span)
        made = core.SgfNode({prop: [value]})
    if node.comments:
        made.properties["C"] = [core.escape(sgflines.join_comments(node.comments))]
    return made


def _edit_node(board: Board, edit: Edit, record: Record) -> core.SgfNode:
    props: dict[str, list[str]] = {}
    for prop, cells in zip(("AB", "AW"), edit.add):
        if cells:
            props[prop] = [_sgf_point(board, c, record) for c in cells]
    if edit.clear:
        props["AE"] = [_sgf_point(board, c, record) for c in edit.clear]
    if edit.to_move is not None:
        props["PL"] = ["B" if edit.to_move == 0 else "W"]
    return core.SgfNode(props)


def _sgf_point(board: Board, name: str, record: Record, span: Span | None = None) -> str:
    index = board.find(name)
    if index is None:
        raise ConversionError(f"{name!r} is not a point of {board.name}", span=span)
    columns, rows = board.grid or (19, 19)
    row, column = divmod(index, columns)
    return LETTERS[column] + LETTERS[rows - 1 - row]


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
