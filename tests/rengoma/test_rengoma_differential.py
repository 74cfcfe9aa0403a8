"""kifu's referee against the naive one of ``bench/rengoma_naive.py``, an independent reading of
the rules: the same random games must give the same positions, turn by turn, and the same legal
actions."""
from __future__ import annotations

from hypothesis import given, settings

from bench.rengoma_naive import Illegal, NaiveGame
from kifu.builtin.rengoma import GAME, rules
from kifu.builtin.rengoma.moves import Place
from kifu.builtin.rengoma.position import COLOUR_NAMES, Position, colour_of, strength_of
from kifu.builtin.rengoma.setup import spec_of
from kifu.plugin import driver
from tests.rengoma.rengoma_strategies import games


def naive_action(action) -> tuple:
    if isinstance(action, Place):
        return (action.kind, tuple(action.square))
    return ("C", tuple(action.origin), tuple(action.target))


def naive_view(position: Position) -> dict:
    """The engine's position in the naive referee's terms."""
    geo = position.geo
    board = {tuple(geo.square(at)): [(COLOUR_NAMES[colour_of(c)], strength_of(c))
                                     for c in position.stacks[at]] for at in geo.squares}
    outcome = position.outcome
    return {"board": board,
            "field": {COLOUR_NAMES[c]: position.field[c] or None for c in (1, 2)},
            "stock": {COLOUR_NAMES[c]: list(position.stock_left(c)) for c in (1, 2)},
            "chips": {"stock": position.chips[0], "black": position.chips[1],
                      "red": position.chips[2]},
            "to_move": position.to_move_name,
            "winner": outcome.winner if outcome else None,
            "drawn": bool(outcome and outcome.winner is None)}


def naive_game(record) -> NaiveGame:
    spec = spec_of(record)
    return NaiveGame(spec.columns, spec.rows, list(spec.stocks[0]), list(spec.stocks[1]))


def comparable(snapshot: dict, view: dict) -> dict:
    """The naive snapshot with the side to move blanked once the game is over (kifu keeps the
    seat where it was)."""
    if snapshot["winner"] or snapshot["drawn"]:
        snapshot = dict(snapshot, to_move=view["to_move"])
    return snapshot


@settings(max_examples=40)
@given(games(variations=False))
def test_both_referees_reach_the_same_positions(record):
    naive = naive_game(record)
    assert naive.snapshot() == naive_view(GAME.start(record))
    for step in driver.replay(GAME, record):
        naive.play_turn([naive_action(a) for a in step.node.move.actions])
        view = naive_view(step.position)
        assert comparable(naive.snapshot(), view) == view


@settings(max_examples=25)
@given(games(variations=False))
def test_both_referees_allow_the_same_actions(record):
    naive = naive_game(record)
    position = GAME.start(record)
    for step in driver.replay(GAME, record):
        naive.play_turn([naive_action(a) for a in step.node.move.actions])
        position = step.position
    if position.outcome is not None:
        return
    ours = {naive_action(a) for a in rules.legal_actions(position, position.to_move)}
    assert ours == set(naive.legal_actions(naive.to_move))


def test_the_naive_referee_refuses_what_kifu_refuses():
    record = GAME.parse("Game: rengoma\nStock-black: 3 1 4 2 1 2 3 4 1 2 3 4\n"
                        "Stock-red: 2 2 1 3 4 1 3 4 1 2 3 4\n\n1. A c3 2. B c4\n")
    naive = naive_game(record)
    for step in driver.replay(GAME, record):
        naive.play_turn([naive_action(a) for a in step.node.move.actions])
    try:
        naive.play_turn([("C", (2, 3), (2, 2))])
    except Illegal as error:
        assert str(error) == "stacking"
    else:
        raise AssertionError("the naive referee let a 2 stack on a 2")
