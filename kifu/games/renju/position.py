"""A Renju position and the application of one move to it, with every rule a move can break."""
from __future__ import annotations

from dataclasses import dataclass, field

from kifu.errors import IllegalMoveError
from kifu.game import Event, Outcome, Played
from kifu.games.renju import rules
from kifu.games.renju.notation import Move, Offer, Pass, Place, Point, Swap
from kifu.games.renju.rules import BLACK, EMPTY, SIZE, WHITE

FORBIDDEN_NAMES = {
    rules.OVERLINE: "overline (長連)",
    rules.DOUBLE_FOUR: "double four (四々)",
    rules.DOUBLE_THREE: "double three (三々)",
}
#: Opening rules let the players swap colours only during the first five moves.
SWAP_LIMIT = 5


@dataclass
class Position:
    """Stones, side to move, and what the opening events and the game's end left behind."""

    cells: list[int] = field(default_factory=rules.empty_cells)
    to_move: int = BLACK
    stones: int = 0
    ply: int = 0  # moves played, passes included
    numbers: dict[int, int] = field(default_factory=dict)  # board index -> move number
    last: int | None = None
    passes: int = 0
    outcome: Outcome | None = None
    swaps: int = 0
    swapped_after: int = -1  # stones on the board at the last swap
    offer: tuple[Point, ...] | None = None

    def copy(self) -> Position:
        return Position(self.cells.copy(), self.to_move, self.stones, self.ply, dict(self.numbers),
                        self.last, self.passes, self.outcome, self.swaps, self.swapped_after,
                        self.offer)

    def colour_at(self, point: Point) -> int:
        return self.cells[rules.index(*point)]

    @property
    def to_move_name(self) -> str:
        return rules.COLOUR_NAMES[self.to_move]

    def forbidden(self) -> list[tuple[Point, str]]:
        """Black's forbidden points in this position (whoever is to move)."""
        return [(Point(*rules.point_of(i)), why) for i, why in rules.forbidden_points(self.cells)]


def play(position: Position, move: Move) -> Played:
    if isinstance(move, Place):
        return _place(position, move.point)
    if isinstance(move, Pass):
        return _pass(position)
    if isinstance(move, Swap):
        return _swap(position)
    return _offer(position, move)


def _place(position: Position, point: Point) -> Played:
    if not rules.on_board(*point):
        raise IllegalMoveError(f"{point} is off the board (a1..o15)", rule="off-board")
    if position.offer is not None and point not in position.offer:
        offered = " ".join(map(str, position.offer))
        raise IllegalMoveError(f"{point} was not offered; the fifth move must be one of {offered}",
                               rule="fifth-move-offer")
    at = rules.index(*point)
    if position.cells[at] != EMPTY:
        colour = rules.COLOUR_NAMES[position.cells[at]]
        raise IllegalMoveError(f"{point} is already occupied by a {colour} stone", rule="occupied")
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
        verdict = rules.black_verdict(position.cells, at)
        if verdict == rules.FIVE:
            position.outcome = Outcome("black", f"five at {point}")
        elif verdict is not None:
            name = FORBIDDEN_NAMES[verdict]
            position.outcome = Outcome("white", f"black's forbidden {name} at {point}")
            events.append({"type": "forbidden", "point": str(point), "shape": verdict})
    elif rules.makes_five_or_more(position.cells, at, WHITE) >= 5:
        run = rules.makes_five_or_more(position.cells, at, WHITE)
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
        if not rules.on_board(*point):
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
    stones = [(rules.point_of(i), position.cells[i]) for i in rules.ALL_POINTS
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
    return best


_SYMMETRIES = (
    lambda x, y: (x, y), lambda x, y: (-x, y), lambda x, y: (x, -y), lambda x, y: (-x, -y),
    lambda x, y: (y, x), lambda x, y: (-y, x), lambda x, y: (y, -x), lambda x, y: (-y, -x),
)
