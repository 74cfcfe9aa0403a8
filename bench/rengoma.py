"""Replay speed of kifu's Rengoma referee, against the naive referee of ``rengoma_naive.py``.

No other Rengoma software exists, so the yardstick is a straightforward implementation of the
same rules (dict board, whole-board scans for rows, legality by trying every action).  Both
replay the same games: random play by the engine's legal-action generator, with the blocking
sense of a casual player (take a win, else stop the opponent's row, else anything), on the
default 6x6 board and piece set, two and four players.  Run by hand:

    python bench/rengoma.py [GAMES] [SEED]

It prints turns per second for parsing, for replaying the parsed records, and for the naive
replay, and checks that both referees end every game alike.
"""
from __future__ import annotations

import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench.rengoma_naive import NaiveGame  # noqa: E402
from kifu.games.rengoma import GAME, rules  # noqa: E402
from kifu.games.rengoma.notation import Place, Turn  # noqa: E402
from kifu.games.rengoma.position import Position  # noqa: E402
from kifu.record import Node, Record  # noqa: E402

PIECES = [1, 1, 1, 2, 2, 2, 3, 3, 3, 4, 4, 4]


def _wins_for(position: Position, action, colour: str) -> bool:
    trial = position.copy()
    turn = rules.TurnPlay(trial)
    turn.act(action)
    return trial.outcome is not None and trial.outcome.winner == colour


def _choose(turn: rules.TurnPlay, rng: random.Random):
    """A win if there is one, else an action after which the opponent has no winning
    placement (checked on a sample of actions), else any."""
    options = turn.legal()
    me = turn.position.to_move_name
    for action in options:
        if _wins_for(turn.position, action, me):
            return action
    rng.shuffle(options)
    for action in options[:12]:
        trial = turn.position.copy()
        trial_turn = rules.TurnPlay(trial)
        trial_turn.act(action)
        trial_turn.finish()
        if trial.outcome is not None:
            continue
        them = trial.to_move_name
        replies = [a for a in rules.legal_actions(trial, trial.to_move) if isinstance(a, Place)]
        if not any(_wins_for(trial, reply, them) for reply in replies):
            return action
    return options[0]


def play_game(rng: random.Random, players: int) -> Record:
    black, red = PIECES[:], PIECES[:]
    rng.shuffle(black)
    rng.shuffle(red)
    headers = {"Game": "rengoma", "Stock-black": " ".join(map(str, black)),
               "Stock-red": " ".join(map(str, red))}
    if players == 4:
        headers["Players"] = "4"
    record = Record("rengoma", headers=headers)
    position = GAME.start(record)
    while position.outcome is None and position.turn < 120:
        turn = rules.TurnPlay(position)
        actions = [_choose(turn, rng)]
        turn.act(actions[0])
        while position.outcome is None and turn.legal() and rng.random() < 0.5:
            actions.append(_choose(turn, rng))
            turn.act(actions[-1])
        turn.finish()
        record.moves.append(Node(Turn(tuple(actions))))
    return record


def _naive_actions(turn: Turn) -> list[tuple]:
    return [(a.kind, tuple(a.square)) if isinstance(a, Place)
            else ("C", tuple(a.origin), tuple(a.target)) for a in turn.actions]


def main(count: int = 200, seed: int = 7) -> None:
    rng = random.Random(seed)
    records = [play_game(rng, 4 if i % 4 == 3 else 2) for i in range(count)]
    texts = [GAME.write(r) for r in records]
    turns = sum(len(r.moves) for r in records)
    actions = sum(len(n.move.actions) for r in records for n in r.moves)
    print(f"{count} games, {turns} turns, {actions} actions")

    began = time.perf_counter()
    parsed = [GAME.parse(t) for t in texts]
    parse_time = time.perf_counter() - began

    began = time.perf_counter()
    finals = []
    for record in parsed:
        position = None
        for step in GAME.replay(record):
            position = step.position
        finals.append(position.outcome)
    kifu_time = time.perf_counter() - began

    stocks = [[list(map(int, r.headers[k].split())) for k in ("Stock-black", "Stock-red")]
              for r in records]
    moves = [[_naive_actions(n.move) for n in r.moves] for r in records]
    began = time.perf_counter()
    naive_finals = []
    for (black, red), turns_of in zip(stocks, moves):
        game = NaiveGame(6, 6, black, red)
        for actions_of in turns_of:
            game.play_turn(actions_of)
        naive_finals.append(game.winner or ("draw" if game.drawn else None))
    naive_time = time.perf_counter() - began

    agree = all((o.winner or "draw" if o else None) == n for o, n in zip(finals, naive_finals))
    print(f"parse         {turns / parse_time:10.0f} turns/s")
    print(f"kifu replay   {turns / kifu_time:10.0f} turns/s")
    print(f"naive replay  {turns / naive_time:10.0f} turns/s")
    print(f"kifu is {naive_time / kifu_time:.1f}x the naive referee; outcomes agree: {agree}")


if __name__ == "__main__":
    main(*(int(a) for a in sys.argv[1:3]))
