"""A Free-form Go position: the stones, the seat to move, prisoners, and the history superko
needs.

The stones are a flat list indexed like the board's cells (0 empty, ``seat + 1`` a stone, -1 a
cell that cannot be played), and a group is found by walking the board's neighbour tuples.

Every position that has stood is kept as a Zobrist hash (one random 64-bit key per seat and
cell, XORed in and out as stones come and go), so a move costs a few XORs, not a board copy; the
journal of placements lets the referee undo back to any earlier position and compare cells
exactly (:mod:`kifu.builtin.freego.rules.referee`).  Both histories are persistent (a linked
journal, a layered map of the positions seen), so that copying a position for a variation costs
the board, not the game so far: a record with a variation at every move replays in linear time.
"""
from __future__ import annotations

import base64
import binascii
import functools
import random
import zlib
from array import array
from collections.abc import Callable, Iterator
from typing import Any, TypedDict

from kifu.builtin.freego.boards import builtin
from kifu.builtin.freego.boards.board import MAX_SEATS, Board
from kifu.builtin.freego.setup import Rules
from kifu.builtin.freego.setup.parameters import DEFAULT_PLAYERS, KO_RULES, SCORINGS, number
from kifu.plugin import (
    MAX_BYTES,
    EditorLayout,
    EditorPiece,
    Fields,
    Keyed,
    Outcome,
    ReadOptions,
    escape,
    outcome_field,
    read_rows,
    rows_text,
    unescape,
)

EMPTY = 0
OFF = -1  # an unplayable cell

#: One placement as the journal keeps it: the cell, its move number, the stones it removed as
#: (cell, what stood there) pairs (its own stone last if it was suicide), and the seat that
#: moved.
Placement = tuple[int, int, tuple[tuple[int, int], ...], int]
#: The journal: the last placement and the journal before it (``None`` when empty).
Journal = tuple[Placement, "Journal"] | None
#: Situational superko keys a position with the seat to move after it.
_TURN_KEYS = tuple(random.Random(0x5EA7).getrandbits(64) for _ in range(4))


class Seen:
    """The positions that have stood, as key -> placements made when it stood.  A copy shares
    what both have seen: what is seen before a copy is frozen into layers no one changes again
    (merged so that there are only about log2(n) of them), and each side adds to its own."""

    __slots__ = ("own", "layers")

    def __init__(self, own: dict[int, int] | None = None,
                 layers: tuple[dict[int, int], ...] = ()) -> None:
        self.own: dict[int, int] = {} if own is None else own
        self.layers = layers

    def get(self, key: int) -> int | None:
        found = self.own.get(key)
        if found is None:
            for layer in self.layers:
                found = layer.get(key)
                if found is not None:
                    break
        return found

    def add(self, key: int, placements: int) -> None:
        self.own[key] = placements

    def copy(self) -> Seen:
        if self.own:
            layers = (*self.layers, self.own)
            while len(layers) > 1 and len(layers[-2]) <= 2 * len(layers[-1]):
                merged = layers[-2].copy()  # a new dict: the layers may be shared
                merged.update(layers[-1])
                layers = (*layers[:-2], merged)
            self.own, self.layers = {}, layers
        return Seen({}, self.layers)


class Position(Keyed):
    """Stones, the seat to move, prisoners, and the history superko needs.

    A value: equal to another position with the same key (:mod:`.key`), hashable, and its
    ``repr`` short."""

    game_name = "freego"

    __slots__ = ("rules", "board", "cells", "seats", "to_move", "prisoners", "hash", "seen",
                 "journal", "placed", "ply", "numbers", "last", "passed", "outcome", "scores",
                 "before_last", "start_to_move", "ended")

    def __init__(self, rules: Rules) -> None:
        self.rules = rules
        self.board = rules.board
        self.cells = list(rules.board.empty)
        self.seats = len(rules.seats)
        self.to_move = 0
        self.prisoners = [0] * self.seats
        self.hash = 0
        self.before_last = 0  # the hash before the last move (basic ko)
        self.start_to_move = 0
        self.seen = Seen()
        self.journal: Journal = None
        self.placed = 0  # placements in the journal
        self.ply = 0  # moves played, passes included
        self.numbers: dict[int, int] = {}  # cell -> move number of the stone standing there
        self.last: int | None = None  # cell of the last placement (None after a pass)
        self.passed = 0  # bit mask of the seats that passed since the last placement
        self.outcome: Outcome | None = None
        self.scores: Any = None  # the final score table once the game has ended
        self.ended = False  # every seat passed, and the players agree on the dead stones
        self.restart_history()

    def copy(self) -> Position:
        other = Position.__new__(Position)
        other.rules, other.board, other.seats = self.rules, self.board, self.seats
        other.cells = self.cells.copy()
        other.to_move = self.to_move
        other.prisoners = self.prisoners.copy()
        other.hash = self.hash
        other.seen = self.seen.copy()
        other.journal, other.placed = self.journal, self.placed
        other.ply = self.ply
        other.numbers = self.numbers.copy()
        other.last = self.last
        other.passed = self.passed
        other.outcome = self.outcome
        other.scores = self.scores
        other.before_last = self.before_last
        other.start_to_move = self.start_to_move
        other.ended = self.ended
        return other

    def value_key(self) -> str:
        return key(self)

    def summary(self) -> str:
        stones = sum(1 for c in self.cells if c > 0)
        said = f"{self.board.name}, {stones} stone{'s' * (stones != 1)}"
        if self.outcome is not None:
            return f"{said}, {self.outcome.describe()}"
        return f"{said}, {self.rules.seats[self.to_move]} to move"

    def seat_name(self, seat: int) -> str:
        return self.rules.seats[seat]

    def stones_of(self, seat: int) -> list[int]:
        colour = seat + 1
        return [i for i, c in enumerate(self.cells) if c == colour]

    def group(self, start: int) -> tuple[list[int], bool]:
        """The stones connected to ``start`` and whether they have a liberty."""
        colour = self.cells[start]
        nbrs = self.board.neighbours
        cells = self.cells
        stones = [start]
        members = {start}
        free = False
        for p in stones:
            for q in nbrs[p]:
                c = cells[q]
                if c == EMPTY:
                    free = True
                elif c == colour and q not in members:
                    members.add(q)
                    stones.append(q)
        return stones, free

    def place_stone(self, cell: int, seat: int) -> None:
        """Put a stone down without any rule (set-up positions)."""
        self.cells[cell] = seat + 1
        self.hash ^= self.board.zobrist[seat][cell]

    def restart_history(self) -> None:
        """Make the current stones the start: superko counts from here."""
        self.start_to_move = self.to_move
        self.seen = Seen({} if self.rules.ko == "basic" else {self.key(self.hash, self.to_move): 0})
        self.journal, self.placed = None, 0
        self.before_last = self.hash

    def key(self, stones_hash: int, to_move: int) -> int:
        """How superko files a position: by its stones, with the seat to move if situational."""
        if self.rules.ko == "situational":
            return stones_hash ^ _TURN_KEYS[to_move]
        return stones_hash

    def to_move_after(self, placements: int) -> int:
        """The seat to move after the first ``placements`` placements of the journal."""
        if placements == 0:
            return self.start_to_move
        seat = self.placement(placements)[3]
        return seat + 1 if seat + 1 < self.seats else 0

    def placement(self, number: int) -> Placement:
        """Placement ``number`` (from 1) of the journal."""
        journal = self.journal
        for _ in range(self.placed - number):
            assert journal is not None
            journal = journal[1]
        assert journal is not None
        return journal[0]

    def cells_after(self, placements: int) -> list[int]:
        """The stones as they stood after the first ``placements`` placements of the journal."""
        return next(cells for count, cells in self.undone() if count == placements)

    def undone(self) -> Iterator[tuple[int, list[int]]]:
        """The stones after each number of placements, from the journal's whole length down to
        none: the journal undone one placement at a time (one list, changed in place)."""
        cells, journal, count = self.cells.copy(), self.journal, self.placed
        yield count, cells
        while journal is not None:
            (cell, _, removed, _), journal = journal
            cells[cell] = EMPTY
            for where, what in removed:
                cells[where] = what
            count -= 1
            yield count, cells


class PositionJSON(TypedDict):
    """A Free-form Go position as JSON (:func:`to_json`; the game adds the count,
    :class:`kifu.builtin.freego.rules.scoring.CountJSON`)."""

    board: str
    players: list[str]
    stones: dict[str, list[str]]
    to_move: str | None
    prisoners: dict[str, int]
    moves: int


def to_json(pos: Position) -> PositionJSON:
    """The position as JSON (``kifu show --format json``): stones by player, who is to move,
    prisoners; the count is the referee's (:func:`kifu.builtin.freego.rules.count_to_json`)."""
    seats = pos.rules.seats
    return {
        "board": pos.board.name,
        "players": list(seats),
        "stones": {name: [pos.board.cells[i].id for i in pos.stones_of(s)]
                   for s, name in enumerate(seats)},
        "to_move": None if pos.outcome is not None else seats[pos.to_move],
        "prisoners": {name: pos.prisoners[s] for s, name in enumerate(seats)},
        "moves": pos.ply,
    }


# -- the position key -----------------------------------------------------------------------

#: A cell in the key: empty (a run of them is a number), a stone of seat 1 to 4, unplayable.
_CODES = {EMPTY: "", 1: "x", 2: "o", 3: "a", 4: "v", OFF: "-"}
_CELLS = {code: cell for cell, code in _CODES.items()}
#: Each cell's code as one character, an empty cell as ``.``: a grid's row as a text, whose
#: key :func:`_grid_row` writes.
_CHARS = {cell: code or "." for cell, code in _CODES.items()}
#: :data:`_CHARS` as a table of bytes, each cell's value as a signed byte: a board's cells
#: written in one pass in C (an explorer's step keys hundreds of positions).
_CHAR_BYTES = bytes.maketrans(bytes(cell & 0xFF for cell in _CHARS),
                              "".join(_CHARS.values()).encode("ascii"))


@functools.lru_cache(maxsize=1 << 14)
def _grid_row(text: str) -> str:
    """A grid's row in a key (:func:`~kifu.plugin.keys.rows_text`), from its cells' characters
    (:data:`_CHARS`): kept, as the positions an explorer's step makes from one position
    share all their rows but one or two."""
    return rows_text([["" if char == "." else char for char in text]])
#: A grid's key (``grid:...``) as ``kifu serve``'s board search sets it up by clicks: its rows,
#: a stone of the first two seats a point, and the seat to move; its index keeps grids, so
#: patterns are drawn too.  A map's cells are no rows: its key is edited as text.
EDITOR = EditorLayout(boards=(1,), side_field=2, side_codes={"x": "black", "o": "white"},
                      pieces=(EditorPiece("x", "black"), EditorPiece("o", "white")),
                      points=True, patterns=True, key_prefix="grid:")


def key(pos: Position) -> str:
    """The position as one line (``docs/games/freego.md``): the board's name (a board file's as
    the record named it, with the file itself after ``@``: :func:`_board_field`); its cells (a
    grid's rows from the top, separated by ``/``; a map's cells in the board file's order),
    ``x`` ``o`` ``a`` ``v`` the stones of seats 1 to 4, ``-`` an unplayable cell, a number for
    a run of empty cells; the seat to move as its stone's letter (``-`` once the game has
    ended); then where they apply the rules that differ from Free-form Go's (``players:``,
    ``komi:``, ``scoring:``, ``suicide:allowed``, ``ko:``, ``dead:agreed``, ``territory:``,
    ``bonus:``), the prisoners, the seats that passed since the last stone (``passed:xo``),
    every seat passed under agreed dead stones (``ended:1``), a ko just taken (``ko-at:`` the
    cell that may not be retaken at once and the stone that took it) and the outcome."""
    board = pos.board
    if board.grid is not None:
        columns, rows = board.grid
        chars = array("b", pos.cells).tobytes().translate(_CHAR_BYTES).decode("ascii")
        cells = "/".join([_grid_row(chars[row * columns:(row + 1) * columns])
                          for row in reversed(range(rows))])
    else:
        cells = rows_text([[_CODES[cell] for cell in pos.cells]])
    return key_of(pos, cells, _ko(pos))


def key_of(pos: Position, cells: str, ko: tuple[int, int] | None,
           rules_said: tuple[str, ...] | None = None) -> str:
    """:func:`key` of ``pos`` whose cells field (``cells``) and ko just taken (``ko``: the
    cell that may not be retaken at once and the stone that took it) are known, and its
    rules' fields (:func:`rule_fields`) where they are: a compiled core's replay writes the
    first two, and works out the rules' once a game (:mod:`kifu.builtin.freego.native.steps`)."""
    return _key(pos.board, cells, pos.outcome, pos.to_move, pos.seats,
                _rule_fields_of(pos.rules) if rules_said is None else rules_said,
                pos.prisoners, pos.passed, pos.ended, ko)


def _key(board: Board, cells: str, outcome: Outcome | None, to_move: int, seats: int,
         rules_said: tuple[str, ...], prisoners: list[int], passed: int, ended: bool,
         ko: tuple[int, int] | None) -> str:
    """:func:`key_of` of a position's values."""
    fields = [_board_field(board), cells, "-" if outcome is not None else _CODES[to_move + 1]]
    fields.extend(rules_said)
    if any(prisoners):
        fields.append("prisoners:" + ",".join(map(str, prisoners)))
    if passed and outcome is None:
        fields.append("passed:" + "".join(_CODES[s + 1] for s in range(seats)
                                          if passed >> s & 1))
    if ended:
        fields.append("ended:1")
    if ko is not None:
        fields.append(f"ko-at:{escape(board.ids[ko[0]])},{escape(board.ids[ko[1]])}")
    if outcome is not None:
        fields.append(outcome_field(outcome))
    return " ".join(fields)


#: Where the cells of a key stand in :func:`placed_keys`' texts (no key's field holds it).
_CELLS_HERE = "\n"


def placed_keys(pos: Position) -> Callable[[str, int, tuple[int, int] | None], str]:
    """What writes the key of a position a stone of the seat to move put down on ``pos``
    makes (:func:`key`; the game goes on, no seat has passed since), from its cells field,
    the prisoners the stone took and the ko it took: the key's other fields are those of
    every such position, written once for each count of prisoners and ko (an explorer's
    step keys hundreds of them)."""
    seat = pos.to_move
    following = seat + 1 if seat + 1 < pos.seats else 0
    rules_said = _rule_fields_of(pos.rules)
    around: dict[tuple[int, tuple[int, int] | None], tuple[str, str]] = {}

    def placed(cells: str, taken: int, ko: tuple[int, int] | None) -> str:
        parts = around.get((taken, ko))
        if parts is None:
            prisoners = pos.prisoners.copy()
            prisoners[seat] += taken
            head, _, tail = _key(pos.board, _CELLS_HERE, None, following, pos.seats,
                                 rules_said, prisoners, 0, False, ko).partition(_CELLS_HERE)
            parts = around[taken, ko] = (head, tail)
        return parts[0] + cells + parts[1]

    return placed


@functools.lru_cache(maxsize=64)
def _board_field(board: Board) -> str:
    """A key's first field: a built-in board's name; a board file's name as the record gave
    it, then ``@`` and the file itself, compressed (zlib) and in base64url, so that the key
    reads back wherever it is read, whatever files stand there (worked out once a board)."""
    if board.source is None:
        return escape(board.reference or board.name, "")
    packed = base64.urlsafe_b64encode(zlib.compress(board.source, 9)).decode("ascii")
    return f"{escape(board.reference or board.name, '@')}@{packed.rstrip('=')}"


def _board_of(field: str) -> Board:
    """The board a key's first field gives (see :func:`_board_field`): a board file's from
    the bytes it holds, at most as large as kifu reads a board file; a name alone, a built-in
    board (or, in a key written before keys held their board, a file in the current folder)."""
    written, at, packed = field.partition("@")
    name = unescape(written)
    if not at:
        return builtin.resolve(name, None, _HERE)
    try:
        data = base64.urlsafe_b64decode(packed + "=" * (-len(packed) % 4))
        inflate = zlib.decompressobj()
        source = inflate.decompress(data, MAX_BYTES + 1)
    except (binascii.Error, zlib.error):
        raise ValueError("the board file it holds is no zlib data in base64url") from None
    if len(source) > MAX_BYTES or inflate.unconsumed_tail or not inflate.eof:
        raise ValueError(f"the board file it holds is larger than {MAX_BYTES // 2**20} MiB, "
                         "or cut short")
    return builtin.from_content(name, source)


#: The rules whose fields :func:`_rule_fields_of` wrote last, and those fields.
_written_rules: tuple[Rules | None, tuple[str, ...]] = (None, ())


def _rule_fields_of(rules: Rules) -> tuple[str, ...]:
    """:func:`rule_fields`, kept for the last rules asked about: the positions an
    explorer's step keys (hundreds, each a copy of one position) share their rules."""
    global _written_rules
    kept = _written_rules
    if kept[0] is not rules:
        kept = _written_rules = (rules, rule_fields(rules))
    return kept[1]


def rule_fields(rules: Rules) -> tuple[str, ...]:
    """The named fields of a key that say the rules, where they differ from Free-form Go's
    own."""
    fields = []
    if rules.seats != DEFAULT_PLAYERS:
        fields.append("players:" + ",".join(escape(name) for name in rules.seats))
    if any(rules.komi):
        fields.append("komi:" + ",".join(_number(k) for k in rules.komi))
    for name, value, default in (("scoring", rules.scoring, "territory"),
                                 ("suicide", "allowed" if rules.suicide else "forbidden",
                                  "forbidden"),
                                 ("ko", rules.ko, "positional"),
                                 ("dead", "agreed" if rules.agreed else "played-out",
                                  "played-out")):
        if value != default:
            fields.append(f"{name}:{value}")
    if rules.territory is not None:
        fields.append("territory:" + ";".join(
            ",".join(escape(rules.board.ids[x], ",;") for x in sorted(cells))
            for cells in rules.territory))
    if any(rules.bonus):
        fields.append("bonus:" + ",".join(_number(b) for b in rules.bonus))
    return tuple(fields)


def _number(value: float) -> str:
    return str(int(value)) if value == int(value) else repr(value)


def _ko(pos: Position) -> tuple[int, int] | None:
    """The ko the last move took, if the seat to move could retake it at once: the one
    stone it captured (of that seat) and the lone stone that took it, whose only liberty is
    that cell."""
    if pos.last is None or pos.journal is None or pos.outcome is not None:
        return None
    cell, _, removed, seat = pos.journal[0]
    if cell != pos.last or len(removed) != 1 or removed[0][1] != pos.to_move + 1:
        return None
    taken = removed[0][0]
    stones, _ = pos.group(cell)
    around = pos.board.neighbours[cell]
    if len(stones) != 1 or any(pos.cells[n] == EMPTY and n != taken for n in around):
        return None
    return taken, cell


def from_key(text: str) -> Position:
    """The position a key (:func:`key`) gives; a ``NotationError`` for text that is no key.
    A board file's board is in the key itself."""
    fields = Fields(text, "Free-form Go", 3)
    first = fields.next()
    board = fields.read(lambda: _board_of(first), "its first field names a built-in board "
                        "or holds a board file")
    rules = _rules(fields, board)
    pos = Position(rules)
    _stones(fields, pos, fields.next())
    side = fields.next()
    seat = _seat(fields, side, pos.seats, allow_end=True)
    pos.to_move = 0 if seat is None else seat
    prisoners = fields.named("prisoners")
    if prisoners is not None:
        counts = fields.read(lambda: [int(n) for n in prisoners.split(",")], "prisoners:")
        if len(counts) != pos.seats or min(counts) < 0:
            raise fields.error("prisoners: gives one count a seat")
        pos.prisoners = counts
    passed = fields.named("passed") or ""
    for letter in passed:
        pos.passed |= 1 << (_seat(fields, letter, pos.seats) or 0)
    pos.ended = fields.named("ended") == "1"
    ko = fields.named("ko-at")
    pos.outcome = fields.outcome()
    fields.done()
    if (pos.outcome is None) != (seat is not None):
        raise fields.error("- stands for the seat to move exactly when it ends with end:...")
    pos.restart_history()
    if ko is not None:
        _restore_ko(fields, pos, ko)
    return pos


#: Where the board file a key written before keys held their board names is looked for.
_HERE = ReadOptions((".",))


def _rules(fields: Fields, board: Board) -> Rules:
    players = fields.named("players")
    seats = DEFAULT_PLAYERS if players is None else tuple(unescape(n) for n in players.split(","))
    if not 2 <= len(seats) <= MAX_SEATS:
        raise fields.error(f"players: names 2 to {MAX_SEATS} players")
    komi = _numbers(fields, "komi", len(seats))
    scoring = fields.named("scoring") or "territory"
    suicide = fields.named("suicide") or "forbidden"
    ko = fields.named("ko") or "positional"
    dead = fields.named("dead") or "played-out"
    if (scoring not in SCORINGS or suicide not in ("allowed", "forbidden") or ko not in KO_RULES
            or dead not in ("agreed", "played-out")):
        raise fields.error("a rule field has a value kifu does not know")
    territory = fields.named("territory")
    marks = None
    if territory is not None:
        marks = fields.read(lambda: tuple(frozenset(_cell(board, unescape(n))
                                                    for n in part.split(",") if n)
                                          for part in territory.split(";")),
                            "territory: names cells of the board, seat by seat")
        if len(marks) != len(seats):
            raise fields.error("territory: gives the cells of every seat")
    bonus = _numbers(fields, "bonus", len(seats))
    return Rules(board, seats, komi, scoring, suicide == "allowed", ko, dead == "agreed", marks,
                 bonus)


def _cell(board: Board, name: str) -> int:
    found = board.find(name)
    if found is None:
        raise ValueError(f"{name!r} is not a cell of the board")
    return found


def _numbers(fields: Fields, name: str, count: int) -> tuple[float, ...]:
    value = fields.named(name)
    if value is None:
        return (0.0,) * count
    found = [number(part) for part in value.split(",")]
    if len(found) != count or any(n is None for n in found):
        raise fields.error(f"{name}: gives a number a seat")
    return tuple(float(n or 0) for n in found)


def _seat(fields: Fields, letter: str, seats: int, allow_end: bool = False) -> int | None:
    if allow_end and letter == "-":
        return None
    code = _CELLS.get(letter)
    if not isinstance(code, int) or not 1 <= code <= seats:
        raise fields.error(f"{letter[:10]!r} is no seat of this game (x, o, a, v: seats 1 to 4)")
    return code - 1


def _stones(fields: Fields, pos: Position, text: str) -> None:
    board = pos.board
    width = board.grid[0] if board.grid is not None else len(board.cells)
    rows = fields.read(lambda: read_rows(text, width), "its second field is the cells")
    if board.grid is not None:
        columns, count = board.grid
        if len(rows) != count:
            raise fields.error(f"a {board.name} board has {count} rows")
        codes = [code for row in reversed(rows) for code in row]
    else:
        if len(rows) != 1:
            raise fields.error("a map's cells are one run, in the board file's order")
        codes = rows[0]
    for index, code in enumerate(codes):
        cell = _CELLS.get(code)
        if cell is None or (cell == OFF) != (board.empty[index] == OFF):
            raise fields.error(f"cell {board.ids[index]} is {code or 'empty'!r}: a cell is "
                               "empty, x, o, a, v, or - where the board cannot be played")
        if isinstance(cell, int) and cell > 0:
            if cell > pos.seats:
                raise fields.error(f"a stone of seat {cell} in a game of {pos.seats} players")
            pos.place_stone(index, cell - 1)


def _restore_ko(fields: Fields, pos: Position, value: str) -> None:
    """The ko just taken, as the referee keeps it: one placement in the journal, the position
    before it remembered, so that the stone taken may not be retaken at once."""
    try:
        taken, cell = (_cell(pos.board, unescape(n)) for n in value.split(","))
    except ValueError:
        raise fields.error("ko-at: names two cells of the board") from None
    mover = pos.to_move - 1 if pos.to_move else pos.seats - 1
    if pos.cells[cell] != mover + 1 or pos.cells[taken] != EMPTY:
        raise fields.error("ko-at: names an empty cell and the stone that took it")
    zobrist = pos.board.zobrist
    before = pos.hash ^ zobrist[mover][cell] ^ zobrist[pos.to_move][taken]
    pos.start_to_move = mover
    pos.journal = ((cell, 1, ((taken, pos.to_move + 1),), mover), None)
    pos.placed = 1
    if pos.rules.ko != "basic":
        pos.seen = Seen({pos.key(before, mover): 0, pos.key(pos.hash, pos.to_move): 1})
    pos.before_last = before
    pos.last = cell
