"""The referee of the five-in-a-row family: the start position, one move with every rule it can
break, the outcome and the result a record states, under the rules the record names (Renju by
default; free-style and standard gomoku; the opening rules: :mod:`kifu.builtin.renju.variants`).

Black's forbidden shapes and the fives are judged in :mod:`kifu.builtin.renju.forbidden`.
"""
from __future__ import annotations

from kifu.builtin.renju import forbidden, openings, setup
from kifu.builtin.renju.moves import Move, Offer, Pass, Place, Point, Swap
from kifu.builtin.renju.position import (
    BLACK,
    COLOUR_NAMES,
    EMPTY,
    WHITE,
    Position,
    geometry,
)
from kifu.builtin.renju.variants import rules_of
from kifu.plugin import Event, HeaderError, IllegalMoveError, KifuError, Outcome, Played, Record

#: The header that names a record's opening (one of the 26: ``D4``, ``Kagetsu``, ``花月``).
OPENING_KEY = "Opening"


def start(record: Record) -> Position:
    """The empty board of the size the record names, or its set-up, checked; black moves first
    unless it says."""
    rules = rules_of(record)
    board = geometry(rules.size)
    position = Position(board.empty_cells(), rules=rules, board=board,
                        stated_opening=record.header(OPENING_KEY),
                        stated_opening_span=record.header_span(OPENING_KEY))
    if record.setup is not None:
        setup.place(record.setup, position)
        position.stones = len(record.setup.black) + len(record.setup.white)
        position.to_move = BLACK if record.setup.to_move == "black" else WHITE
        if record.setup.in_order:  # stones placed in turn: the first three name the opening
            order = [p for pair in zip(record.setup.black, record.setup.white) for p in pair]
            position.first = tuple([*order, *record.setup.black[len(record.setup.white):]][:3])
    return position


def outcome(position: Position) -> Outcome | None:
    """How the game has ended (a five, a forbidden move, passes, a full board), if it has."""
    return position.outcome


def play(position: Position, move: Move, lenient: bool = False) -> Played:
    """Apply one move in place; an illegal move raises ``IllegalMoveError`` naming its rule.
    Renju has nothing a lenient replay repairs."""
    if isinstance(move, Place):
        return _place(position, move.point)
    if isinstance(move, Pass):
        return _pass(position)
    if isinstance(move, Swap):
        return _swap(position)
    if isinstance(move, Offer):
        return _offer(position, move)
    raise IllegalMoveError(f"{move!r} is not a Renju move", rule="notation")


def play_quietly(position: Position, move: Move, lenient: bool = False) -> list[KifuError]:
    """:func:`play` where nobody reads what the move did (validation, an index): its warnings
    alone, so that the replay driver makes no step for a move that has none."""
    return play(position, move, lenient).warnings


def _place(position: Position, point: Point) -> Played:
    """A stone of the side to move on a free point (in the opening rule's zone for the first
    stones), and what it makes: black's five or forbidden shape, a five, a full board."""
    board = position.board
    at = board.indexes.get(point)
    if at is None:
        raise IllegalMoveError(f"{point} is off the board (a1..{board.last_point})",
                               rule="off-board")
    if position.offer is not None or position.cells[at] != EMPTY:
        _check_free(position, point, at)
    if position.stones < len(position.rules.allows.zones):
        _in_opening_zone(position, point)
    colour = position.to_move
    warnings = _put(position, point, at)
    events: list[Event] = []
    if colour == BLACK and position.rules.forbidden:
        verdict = forbidden.black_verdict(board, position.cells, at)
        if verdict is not None:
            _black_verdict(position, point, verdict, events)
    else:  # no forbidden shapes to fear: a run of five or more may win
        run = forbidden.makes_five_or_more(board, position.cells, at, colour)
        if run >= 5:
            _five_or_more(position, point, at, colour, run)
    if position.outcome is None and position.stones == board.size * board.size:
        position.outcome = Outcome(None, "the board is full", "full-board")
    if position.outcome is not None:
        events.append({"type": "end", "winner": position.outcome.winner,
                       "reason": position.outcome.reason})
    return Played(events, warnings)


def play_decided(position: Position, move: Move) -> None:
    """:func:`play` of a move a compiled core has replayed and found legal, and that does not
    end the game (:mod:`kifu.builtin.renju.native.steps`): a stone is put down with no check
    and no search for a five or a forbidden shape, which found nothing there."""
    if isinstance(move, Place):
        _put(position, move.point, position.board.indexes[move.point])
    else:
        play(position, move)


def _put(position: Position, point: Point, at: int) -> list[KifuError]:
    """A stone of the side to move put on the free point ``point`` (index ``at``), the turn
    passed on: the warnings of the first stones (:func:`_first_stones`)."""
    colour = position.to_move
    position.cells[at] = colour
    position.stones += 1
    position.ply += 1
    position.numbers[at] = position.ply
    position.last = at
    position.passes = 0
    position.offer = None
    position.to_move = WHITE if colour == BLACK else BLACK
    return _first_stones(position, point) if len(position.first) < 3 else []


def _check_free(position: Position, point: Point, at: int) -> None:
    """A stone goes on one of the points offered, when black offered fifth moves, and on an
    empty one; an ``IllegalMoveError`` for the first it is not."""
    if position.offer is not None and point not in position.offer:
        offered = " ".join(map(str, position.offer))
        raise IllegalMoveError(f"{point} was not offered; the fifth move must be one of {offered}",
                               rule="fifth-move-offer")
    if position.cells[at] != EMPTY:
        owner = COLOUR_NAMES[position.cells[at]]
        raise IllegalMoveError(f"{point} is already occupied by a {owner} stone", rule="occupied")


def _first_stones(position: Position, point: Point) -> list[KifuError]:
    """The first three stones of a game played from the empty board (or from a set-up of its
    first stones in order) name its opening: the warnings on the ``Opening:`` header once the
    third is placed (:func:`_opening_named`)."""
    if not position.first and position.stones != 1:
        return []
    position.first += (point,)
    if len(position.first) == 3 and position.stated_opening is not None:
        return _opening_named(position)
    return []


def _black_verdict(position: Position, point: Point, verdict: str, events: list[Event]) -> None:
    """Black's stone makes a five, and wins, or a forbidden shape, and loses (the five comes
    first: :func:`forbidden.black_verdict`)."""
    if verdict == forbidden.FIVE:
        position.outcome = Outcome("black", f"five at {point}", "five")
        return
    name = forbidden.FORBIDDEN_NAMES[verdict]
    position.outcome = Outcome("white", f"black's forbidden {name} at {point}", "foul")
    events.append({"type": "forbidden", "point": str(point), "shape": verdict})


def _five_or_more(position: Position, point: Point, at: int, colour: int, run: int) -> None:
    """A stone with no forbidden shapes to fear (white's; black's where the rules forbid none)
    that makes a ``run`` of five or more in a row wins, an overline unless the rules want
    exactly five; under Caro, a five not closed at both ends, or six or more."""
    if position.rules.caro:
        wins = forbidden.wins_under_caro(position.board, position.cells, at, colour)
    else:
        wins = run == 5 or not position.rules.exact_five
    if wins:
        position.outcome = Outcome(COLOUR_NAMES[colour],
                                   f"{'overline' if run > 5 else 'five'} at {point}", "five")


def _opening_named(position: Position) -> list[KifuError]:
    """A warning when the record's ``Opening:`` header names another opening than its first
    three stones make (or none of the 26)."""
    stated = position.stated_opening or ""
    made = openings.opening_of(position.first)
    said = openings.code_of(stated)
    if said is None:
        problem = f"names no opening kifu knows ({', '.join(('D1..D13', 'I1..I13'))})"
    elif made is None:
        problem = "but the first three stones make none of the 26 openings"
    elif made[0] != said:
        problem = f"but the first three stones make {openings.name_of(position.first)}"
    else:
        return []
    return [HeaderError(f"Opening: {stated!r} {problem}", rule="opening", severity="warning",
                        span=position.stated_opening_span)]


def _in_opening_zone(position: Position, point: Point) -> None:
    """The first stones of an opening rule stand near the centre: the first on it, the second
    in its 3x3 square, the third in its 5x5 square (Taraguchi's go on to 9x9)."""
    zones = position.rules.allows.zones
    number = position.stones  # stones already placed: this is stone number + 1
    centre = position.board.size // 2
    reach = zones[number]
    if max(abs(point.column - centre), abs(point.row - centre)) > reach:
        middle = Point(centre, centre)
        where = (f"on the centre {middle}" if reach == 0 else
                 f"within the {2 * reach + 1}x{2 * reach + 1} square around {middle}")
        raise IllegalMoveError(f"under the {position.rules.opening} opening rule stone "
                               f"{number + 1} stands {where}, not on {point}",
                               rule="opening-zone")


def _pass(position: Position) -> Played:
    if position.offer is not None:
        raise IllegalMoveError("black offered fifth moves and must play one of them",
                               rule="fifth-move-offer")
    position.passes += 1
    position.ply += 1
    position.last = None
    position.to_move = WHITE if position.to_move == BLACK else BLACK
    if position.passes >= 2:
        position.outcome = Outcome(None, "both players passed", "passes")
        return Played([{"type": "end", "winner": None, "reason": position.outcome.reason}])
    return Played()


def _swap(position: Position) -> Played:
    allowed, rule = position.rules.allows.swaps, position.rules.opening
    if position.stones not in allowed:
        when = f"after move {position.stones}" if position.stones else "before the first move"
        if rule is None:  # kifu's permissive opening
            said = f"colours may be swapped only after one of the first {max(allowed)} moves"
        elif allowed:
            after = " or ".join(map(str, sorted(allowed)))
            said = f"under the {rule} opening rule colours may be swapped only after move {after}"
        else:
            said = f"under the {rule} opening rule colours are never swapped"
        raise IllegalMoveError(f"{said}, not {when}", rule="swap")
    if position.swapped_after == position.stones:
        raise IllegalMoveError("the colours were already swapped after this move", rule="swap")
    position.swaps += 1
    position.swapped_after = position.stones
    return Played([{"type": "swap"}])


def _offer(position: Position, move: Offer) -> Played:
    if position.stones != 4 or position.to_move != BLACK:
        raise IllegalMoveError("fifth moves are offered by black after the fourth move, "
                               f"not after move {position.stones}", rule="fifth-move-offer")
    counts = position.rules.allows.offers
    if counts is None or len(move.points) not in counts:
        rule = position.rules.opening
        wanted = ("no fifth move is offered" if counts is None else
                  f"black offers {counts.start} fifth move{'s' * (counts.start != 1)}"
                  if len(counts) == 1 else
                  f"black offers from {counts.start} to {counts.stop - 1} fifth moves")
        raise IllegalMoveError(f"under the {rule} opening rule {wanted}, not "
                               f"{len(move.points)}", rule="fifth-move-offer")
    board = position.board
    seen: dict[tuple, Point] = {}
    for point in move.points:
        if not board.on_board(*point):
            raise IllegalMoveError(f"offered point {point} is off the board", rule="off-board")
        if position.colour_at(point) != EMPTY:
            raise IllegalMoveError(f"offered point {point} is occupied", rule="fifth-move-offer")
        shape = _canonical_shape(position, point)
        if shape in seen:
            raise IllegalMoveError(f"offered fifth moves {seen[shape]} and {point} are symmetrical",
                                   rule="fifth-move-offer")
        seen[shape] = point
    position.offer = move.points
    return Played([{"type": "offer", "points": [str(p) for p in move.points]}])


def _canonical_shape(position: Position, extra: Point) -> tuple:
    """The stones plus a black stone at ``extra``, up to rotation, reflection and translation:
    two offers with the same shape lead to the same game, so the rules forbid offering both."""
    board = position.board
    stones = [(board.point_of(i), position.cells[i]) for i in board.all_points
              if position.cells[i] != EMPTY]
    stones.append(((extra.column, extra.row), BLACK))
    best = None
    for transform in _SYMMETRIES:
        moved = [(transform(x, y), colour) for (x, y), colour in stones]
        min_x = min(p[0] for p, _ in moved)
        min_y = min(p[1] for p, _ in moved)
        shape = tuple(sorted(((x - min_x, y - min_y), c) for (x, y), c in moved))
        if best is None or shape < best:
            best = shape
    assert best is not None  # there is a stone: the one just offered
    return best


_SYMMETRIES = (
    lambda x, y: (x, y), lambda x, y: (-x, y), lambda x, y: (x, -y), lambda x, y: (-x, -y),
    lambda x, y: (y, x), lambda x, y: (-y, x), lambda x, y: (y, -x), lambda x, y: (-y, -x),
)


def legal_moves(position: Position) -> list[Move]:
    """Every ply the side to move may make: each empty point (for black in Renju, none where
    black's move would be forbidden: such a move is played and loses, so it is no move to
    choose; under an opening rule, the first stones only where it puts them), or only the
    offered points after an offer, and a pass (none after an offer).  The opening
    events (``swap``, ``offer[...]``) are not plies and are not listed."""
    if position.outcome is not None:
        return []
    if position.offer is not None:
        return [Place(point) for point in position.offer]
    cells, board = position.cells, position.board
    judged = position.to_move == BLACK and position.rules.forbidden
    zones = position.rules.allows.zones
    reach = zones[position.stones] if position.stones < len(zones) else board.size
    centre = board.size // 2
    found: list[Move] = []
    for at in board.all_points:
        column, row = board.point_of(at)
        if cells[at] == EMPTY and max(abs(column - centre), abs(row - centre)) <= reach \
                and not (judged and forbidden.is_forbidden(board, cells, at)):
            found.append(Place(Point(column, row)))
    found.append(Pass())
    return found
