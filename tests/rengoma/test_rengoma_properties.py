"""Properties over random legal play: every generated action replays, every record
round-trips, the generator and the referee agree, a position survives being saved as a set-up."""
from __future__ import annotations

from hypothesis import given, settings

from kifu.base.errors import IllegalMoveError
from kifu.builtin.rengoma import GAME, rules, setup
from kifu.builtin.rengoma.moves import Place, Shift
from kifu.builtin.rengoma.position import Position
from kifu.plugin import driver, jsonform
from tests.rengoma.rengoma_strategies import games, positions


@given(games())
def test_every_generated_legal_game_replays_cleanly(record):
    problems, played = driver.check(GAME, record)
    assert problems == []
    assert played == len(record.moves)


@given(games())
def test_records_round_trip_through_the_notation(record):
    assert GAME.parse(GAME.write(record)) == record
    assert GAME.parse(GAME.write(record, "plain")) == record


@given(games())
def test_records_round_trip_through_json(record):
    assert jsonform.loads(jsonform.dumps(record)) == record


def _every_action(position: Position) -> list:
    """Every syntactically possible action on this board, legal or not."""
    geo = position.geo
    squares = [geo.square(at) for at in geo.squares]
    found: list = [Place(enemy, sq) for enemy in (False, True) for sq in squares]
    found += [Shift(a, b) for a in squares for b in squares if a != b]
    return found


def _legal_by_referee(position: Position, action) -> bool:
    turn = rules.TurnPlay(position.copy())
    try:
        turn.act(action)
    except IllegalMoveError:
        return False
    return True


@settings(max_examples=25)
@given(positions())
def test_the_legal_action_generator_agrees_with_the_referee(position):
    if position.outcome is not None:
        return
    generated = set(rules.legal_actions(position, position.to_move))
    judged = {a for a in _every_action(position) if _legal_by_referee(position, a)}
    assert generated == judged
    assert rules.has_action(position, position.to_move) == bool(generated)


@given(positions())
def test_a_position_saved_as_a_set_up_starts_the_same(position):
    if position.outcome is not None:
        return
    record = setup.record_of(position)
    again = GAME.start(GAME.parse(GAME.write(record)))
    assert again.stacks == position.stacks
    assert again.field == position.field
    assert list(again.stock_left(1)) == list(position.stock_left(1))
    assert list(again.stock_left(2)) == list(position.stock_left(2))
    assert again.chips == position.chips
    assert again.seat == position.seat


@given(games(variations=False))
def test_replay_events_account_for_every_action(record):
    for step in driver.replay(GAME, record):
        acted = [e for e in step.events if e["type"] in ("place", "move")]
        assert len(acted) == len(step.node.move.actions)
        spent = [e for e in step.events if e["type"] == "chip-spent"]
        assert len(spent) == len(step.node.move.actions) - 1
