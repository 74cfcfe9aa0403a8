"""Hypothesis strategies: random Rengoma games played with the engine's legal-action generator.

A game is drawn as its parameters (board, piece set, shuffled stocks, players), then turns:
each action picked among :meth:`TurnPlay.legal`, extra actions while chips last; some turns
carry comments or a variation (an alternative turn, itself legal, from the same position).
"""
from __future__ import annotations

from hypothesis import strategies as st

from kifu.base.record import Node, Record
from kifu.builtin.rengoma import GAME, rules
from kifu.builtin.rengoma.moves import Place, Turn
from kifu.builtin.rengoma.position import Position
from kifu.plugin import driver

COMMENT = st.text(st.characters(codec="utf-8", exclude_categories=("Cs", "Cc", "Zl", "Zp"),
                                exclude_characters="{}"), min_size=1, max_size=12).filter(
    lambda s: s.strip() == s and s)
NAME = st.text(st.characters(min_codepoint=0x41, max_codepoint=0x7a, exclude_characters="[]^`\\"),
               min_size=1, max_size=8)


@st.composite
def parameters(draw: st.DrawFn) -> dict[str, str]:
    columns, rows = draw(st.integers(4, 7)), draw(st.integers(4, 7))
    pieces = draw(st.lists(st.integers(1, 5), min_size=3, max_size=12))
    black = draw(st.permutations(pieces))
    red = draw(st.permutations(pieces))
    players = draw(st.sampled_from([2, 2, 4]))
    headers = {"Game": "rengoma", "Board": f"{columns}x{rows}",
               "Pieces": " ".join(map(str, sorted(pieces))),
               "Stock-black": " ".join(map(str, black)), "Stock-red": " ".join(map(str, red))}
    if players == 4:
        headers["Players"] = "4"
        headers["Black"] = f"{draw(NAME)} & {draw(NAME)}"
        headers["Red"] = f"{draw(NAME)} & {draw(NAME)}"
    elif draw(st.booleans()):
        headers["Black"], headers["Red"] = draw(NAME), draw(NAME)
    return headers


def draw_turn(draw: st.DrawFn, position: Position, *, stated: bool = False) -> Turn:
    """A legal turn for ``position`` (played on it)."""
    turn = rules.TurnPlay(position)
    actions = []
    while True:
        options = turn.legal()
        if not options or (actions and not draw(st.booleans())):
            break
        action = options[draw(st.integers(0, len(options) - 1))]
        if stated and isinstance(action, Place) and draw(st.booleans()):
            colour = position.to_move if not action.enemy else 3 - position.to_move
            action = Place(action.enemy, action.square, position.field[colour])
        turn.act(action)
        actions.append(action)
    turn.finish()
    return Turn(tuple(actions))


@st.composite
def games(draw: st.DrawFn, max_turns: int = 30, variations: bool = True) -> Record:
    """A legal game (possibly unfinished), with comments and variations."""
    record = Record("rengoma", headers=draw(parameters()))
    position = GAME.start(record)
    for _ in range(draw(st.integers(0, max_turns))):
        if position.outcome is not None or not rules.has_action(position, position.to_move):
            break
        before = position.copy() if variations else None
        node = Node(draw_turn(draw, position, stated=True))
        if draw(st.integers(0, 5)) == 0:
            node.comments.append(draw(COMMENT))
        if variations and draw(st.integers(0, 6)) == 0:
            alternative = draw_turn(draw, before)
            node.variations.append([Node(alternative)])
        record.moves.append(node)
    if draw(st.booleans()):
        record.comments.append(draw(COMMENT))
    return record


@st.composite
def positions(draw: st.DrawFn) -> Position:
    """A position reached by legal play."""
    record = draw(games(max_turns=25, variations=False))
    position = GAME.start(record)
    for step in driver.replay(GAME, record):
        position = step.position
    return position
