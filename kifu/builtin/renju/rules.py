"""The Renju referee: the start position, one move with every rule it can break, the outcome
and the result a record states.

Black's forbidden shapes and the fives are judged in :mod:`kifu.builtin.renju.forbidden`.
"""
from __future__ import annotations

from kifu.base.errors import IllegalMoveError
from kifu.base.record import Record
from kifu.builtin.renju import forbidden, setup
from kifu.builtin.renju.moves import Move, Offer, Pass, Place, Point, Swap
from kifu.builtin.renju.position import (
    ALL_POINTS,
    BLACK,
    COLOUR_NAMES,
    EMPTY,
    SIZE,
    WHITE,
    Position,
    index,
    on_board,
    point_of,
)
from kifu.plugin import Event, Outcome, Played

#: Opening rules let the players swap colours only during the first five moves.
SWAP_LIMIT = 5


def start(record: Record) -> Position:
    """The empty board, or the record's set-up, checked; black moves first unless it says."""
    position = Position()
    if record.setup is not None:
        setup.place(record.setup, position.cells)
        position.stones = len(record.setup.black) + len(record.setup.white)
        position.to_move = BLACK if record.setup.to_move == "black" else WHITE
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


def _place(position: Position, point: Point) -> Played:
    if not on_board(*point):
        raise IllegalMoveError(f"{point} is off the board (a1..o15)", rule="off-board")
    if position.offer is not None and point not in position.offer:
        offered = " ".join(map(str, position.offer))
        raise IllegalMoveError(f"{point} was not offered; the fifth move must be one of {offered}",
                               rule="fifth-move-offer")
    at = index(*point)
    if position.cells[at] != EMPTY:
        owner = COLOUR_NAMES[position.cells[at]]
        raise IllegalMoveError(f"{point} is already occupied by a {owner} stone", rule="occupied")
    colour = position.to_move
    position.cells[at] = colour
    position.stones += 1
    position.ply += 1
    position.numbers[at] = position.ply
    position.last = at
    position.passes = 0
    position.offer = None
    position.to_move = WHITE if colour == BLACK else BLACK
    events: list[Event] = []
    if colour == BLACK:
        verdict = forbidden.black_verdict(position.cells, at)
        if verdict == forbidden.FIVE:
            position.outcome = Outcome("black", f"five at {point}")
        elif verdict is not None:
            name = forbidden.FORBIDDEN_NAMES[verdict]
            position.outcome = Outcome("white", f"black's forbidden {name} at {point}")
            events.append({"type": "forbidden", "point": str(point), "shape": verdict})
    elif forbidden.makes_five_or_more(position.cells, at, WHITE) >= 5:
        run = forbidden.makes_five_or_more(position.cells, at, WHITE)
        position.outcome = Outcome("white", f"{'overline' if run > 5 else 'five'} at {point}")
    if position.outcome is None and position.stones == SIZE * SIZE:
        position.outcome = Outcome(None, "the board is full")
    if position.outcome is not None:
        events.append({"type": "end", "winner": position.outcome.winner,
                       "reason": position.outcome.reason})
    return Played(events)


def _pass(position: Position) -> Played:
    if position.offer is not None:
        raise IllegalMoveError("black offered fifth moves and must play one of them",
                               rule="fifth-move-offer")
    position.passes += 1
    position.ply += 1
    position.last = None
    position.to_move = WHITE if position.to_move == BLACK else BLACK
    if position.passes >= 2:
        position.outcome = Outcome(None, "both players passed")
        return Played([{"type": "end", "winner": None, "reason": position.outcome.reason}])
    return Played()


def _swap(position: Position) -> Played:
    if position.stones == 0 or position.stones > SWAP_LIMIT:
        when = f"after move {position.stones}" if position.stones else "before the first move"
        raise IllegalMoveError(f"colours may be swapped only after one of the first {SWAP_LIMIT} "
                               f"moves, not {when}", rule="swap")
    if position.swapped_after == position.stones:
        raise IllegalMoveError("the colours were already swapped after this move", rule="swap")
    position.swaps += 1
    position.swapped_after = position.stones
    return Played([{"type": "swap"}])


def _offer(position: Position, move: Offer) -> Played:
    if position.stones != 4 or position.to_move != BLACK:
        raise IllegalMoveError("fifth moves are offered by black after the fourth move, "
                               f"not after move {position.stones}", rule="fifth-move-offer")
    seen: dict[tuple, Point] = {}
    for point in move.points:
        if not on_board(*point):
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
    stones = [(point_of(i), position.cells[i]) for i in ALL_POINTS
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
    """Every ply the side to move may make: each empty point (for black, none where black's
    move would be forbidden: such a move is played and loses, so it is no move to choose), or
    only the offered points after an offer, and a pass (none after an offer).  The opening
    events (``swap``, ``offer[...]``) are not plies and are not listed."""
    if position.outcome is not None:
        return []
    if position.offer is not None:
        return [Place(point) for point in position.offer]
    cells = position.cells
    black = position.to_move == BLACK
    found: list[Move] = [
        Place(Point(*point_of(at))) for at in ALL_POINTS
        if cells[at] == EMPTY and not (black and forbidden.is_forbidden(cells, at))]
    found.append(Pass())
    return found


def plain_result(stated: str) -> str:
    """A stated result in the words the replay's outcome is compared with: SGF's results say
    how too (``B+R``, ``W+Time``), which here only names the winner."""
    said = stated.strip().upper()
    if said[:2] in ("B+", "W+"):
        return "black" if said[0] == "B" else "white"
    return stated
