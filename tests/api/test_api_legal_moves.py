"""legal_moves agrees with the referee, for every game, on random positions of random games:
every listed move plays, and every move one could write that is not listed is refused, or
(written another way) plays to a position a listed move leads to.  The one exception is the
rules' own: black's forbidden Renju moves are not listed, and are played and lose.

The positions: a random point of an example record's main line, then a few random legal
moves.  The moves one could write: every point, cell, placement or action of the position,
sampled (Gungi: every syntactically possible ply, from the differential test's brute force);
for a game this module does not name, every move listed anywhere on its examples' lines.
"""
from __future__ import annotations

import functools
import json
import random
from collections.abc import Callable
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

import kifu
from kifu.base.record import is_event
from tests import examples
from tests.api.random_play import positions, records

GAMES = examples.GAMES
#: How many listed moves are played, and how many unlisted ones tried, per position.
LISTED, UNLISTED = 60, 60


def key(game: kifu.Game, position: Any) -> str:
    return json.dumps(game.position_json(position), sort_keys=True)


# -- every move one could write, per game -----------------------------------------------------

def renju_moves(position: Any) -> list[Any]:
    from kifu.builtin.renju.moves import Pass, Place, Point

    return [Place(Point(c, r)) for c in range(15) for r in range(15)] + [Pass()]


def freego_moves(position: Any) -> list[Any]:
    from kifu.builtin.freego.moves import Pass, Place

    return [Place(cell.id) for cell in position.board.cells] + [Pass()]


def gungi_moves(position: Any) -> list[Any]:
    from kifu.builtin.gungi.moves import Placement
    from kifu.builtin.gungi.pieces import FRONTS
    from kifu.builtin.gungi.position import SETUP
    from tests.gungi.bruteforce import every_ply

    if position.phase == SETUP:
        return [Placement(position.to_move, f, r, t, face) for f in range(1, 10)
                for r in range(1, 10) for t in (1, 2, 3) for face in FRONTS]
    return list(every_ply(position))


def rengi_moves(position: Any) -> list[Any]:
    from kifu.builtin.rengi.moves import DIRECTIONS, Pass, Place, Single, Turn

    found: list[Any] = []
    for side in (None, 0, 1):
        found.append(Pass(side))
        for column in range(1, 7):
            found.extend(Turn(side, column, d) for d in DIRECTIONS)
            found.extend(Single(side, column, colour) for colour in (None, 0, 1, 2))
            for other in (column - 1, column, column + 1):
                if 1 <= other <= 6:
                    found.extend(Place(side, (column, other), (a, b))
                                 for a in range(4) for b in range(4))
    return found


def rengoma_moves(position: Any) -> list[Any]:
    from kifu.builtin.rengoma.moves import Place, Shift, Turn

    squares = [position.geo.square(at) for at in position.geo.squares]
    actions: list[Any] = [Place(enemy, s) for enemy in (False, True) for s in squares]
    actions.extend(Shift(a, b) for a in squares for b in squares
                   if (a.column == b.column) != (a.row == b.row))
    return [Turn((action,)) for action in actions]


def test_rengoma_extra_actions_agree_with_the_referee() -> None:
    """A turn that goes on with extra actions paid with chips plays exactly when each extra
    action is among ``extra_actions`` of the turn so far."""
    from kifu.builtin.rengoma.moves import Turn

    rengoma = kifu.game("rengoma")
    rng = random.Random(12)
    tried = extended = 0
    for record, _ in records("rengoma"):
        for step in record.replay():
            position = step.position
            if rengoma.outcome(position) is not None:
                continue
            universe = [action for turn in rengoma_moves(position) for action in turn.actions]
            for first in rng.sample(rengoma.legal_moves(position), 3):
                allowed = rengoma.plugin.extra_actions(position, first)
                for extra in rng.sample(universe, 12) + allowed[:3]:
                    turn = Turn((*first.actions, extra))
                    try:
                        rengoma.play(position, turn)
                        plays = True
                    except kifu.IllegalMoveError:
                        plays = False
                    assert plays == (extra in allowed), turn
                    tried += 1
                    extended += plays
    assert tried > 100 and extended > 0


CANDIDATES: dict[str, Callable[[Any], list[Any]]] = {
    "renju": renju_moves, "freego": freego_moves, "gungi": gungi_moves,
    "rengi": rengi_moves, "rengoma": rengoma_moves}


@functools.cache
def listed_in_the_examples(name: str) -> tuple[Any, ...]:
    """Every move ``legal_moves`` lists at any position of the main lines of the game's
    examples, and every move they play: the moves one could write, for a game the table above
    does not name (a sixth game is covered without a word here)."""
    game = kifu.game(name)
    found: dict[Any, None] = {}
    for record, _ in records(name):
        position = record.position(0)
        for move in record.moves:
            found.update(dict.fromkeys(game.legal_moves(position)))
            found[move] = None
            try:
                position = game.play(position, move)
            except kifu.KifuError:  # a record that replays only leniently: as far as it goes
                break
    return tuple(found)


def candidates(name: str, position: Any) -> list[Any]:
    """The moves one could write at ``position``: the game's own list where the table has
    one, else every move its examples list anywhere."""
    own = CANDIDATES.get(name)
    return own(position) if own is not None else list(listed_in_the_examples(name))


def lost_by_a_forbidden_move(game: kifu.Game, position: Any, after: Any) -> bool:
    """Renju's rule: black's forbidden move is played, and white wins by it."""
    outcome = game.outcome(after)
    return (game.name == "renju" and game.to_move(position) == "black" and outcome is not None
            and outcome.winner == "white" and "forbidden" in outcome.reason)


@pytest.mark.parametrize("name", GAMES)
@given(data=st.data())
def test_legal_moves_agree_with_the_referee(name: str, data: st.DataObject) -> None:
    game = kifu.game(name)
    position = data.draw(positions(name))
    before = key(game, position)
    listed = game.legal_moves(position)
    events = [move for move in listed if is_event(move)]
    assert not events or events == listed  # an event only where it is the one way on (a marker)
    if game.outcome(position) is not None:
        assert listed == []
    rng = random.Random(data.draw(st.integers(0, 2**32 - 1)))
    played = listed if name != "gungi" else rng.sample(listed, min(LISTED, len(listed)))
    for move in played:
        game.play(position, move)
    listed_set = set(listed)
    unlisted = [m for m in candidates(name, position) if m not in listed_set]
    reached: set[str] | None = None  # where the listed moves lead, found when first needed
    for move in rng.sample(unlisted, min(UNLISTED, len(unlisted))):
        try:
            after = game.play(position, move)
        except kifu.KifuError:
            continue
        if lost_by_a_forbidden_move(game, position, after):
            continue
        if reached is None:
            reached = {key(game, game.play(position, m)) for m in listed}
        assert key(game, after) in reached, f"{game.notation(move, position)} plays, unlisted"
    assert key(game, position) == before  # nothing above changed the position
