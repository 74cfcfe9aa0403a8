"""Self-play for Rengi: a small greedy player that produces long, legal, chain-rich records.

Used by ``bench/rengi.py`` to make long records to replay, and to make the variant examples in
``examples/rengi/``.  Each turn the player tries every placement of the piece it is dealt (or,
with free colours, a few colour choices), fires when the chain is long enough or the field gets
high, and otherwise keeps the placement whose field has the longest chain one more stone could
start.  It is a record generator, not a strong player.

    python bench/rengi_selfplay.py "Variant: 公連棋" --seed 3 --moves 80
"""
from __future__ import annotations

import argparse
import random

from kifu.base.errors import KifuError
from kifu.builtin.rengi import GAME, bitboard
from kifu.builtin.rengi.bitboard import bit, height, occupied, resolve
from kifu.builtin.rengi.moves import Pass, Place, Single, Turn, text
from kifu.builtin.rengi.position import Position
from kifu.builtin.rengi.rules import play


def potential(boards: list[int]) -> int:
    """The longest chain that one more stone of some colour on some column starts."""
    best = 0
    occ = occupied(boards)
    for column in range(6):
        row = height(occ, column)
        if row >= 12:
            continue
        for colour in range(4):
            trial = list(boards)
            trial[colour] |= bit(column, row)
            best = max(best, len(resolve(trial, bit(column, row))))
    return best


def candidates(pos: Position, side: int, rng: random.Random) -> list:
    state = pos.sides[side]
    if side == 0 and state.placed == 0:
        colour = rng.randrange(3)
        return [Single(0, c, None if pos.dealer.kind in ("open", "random") else colour)
                for c in range(1, 7)]
    if pos.dealer.kind in ("open", "random"):
        return [Turn(side, c, d) for c in range(1, 7) for d in "UDRL"]
    colours = [tuple(rng.randrange(4) for _ in range(2)) for _ in range(3)]
    out = []
    for first, second in colours:
        for c in range(1, 7):
            out.append(Place(side, (c, c), (first, second)))
            if c < 6:
                out.append(Place(side, (c, c + 1), (first, second)))
    return out


def choose(pos: Position, side: int, rng: random.Random, fire_at: int):
    """The move to play, or ``None`` when nothing is legal."""
    best = None
    losing = None
    tallest = max(height(pos.sides[side].boards, c) for c in range(6))
    for move in candidates(pos, side, rng):
        trial = pos.copy()
        try:
            played = play(trial, move)
        except KifuError:
            continue
        if trial.outcome is not None and trial.outcome.winner != ("first", "second")[side]:
            losing = losing or move
            continue
        chain = next((e["chain"] for e in played.events if e["type"] == "chain"), 0)
        boards = trial.sides[side].boards
        danger = tallest >= 8 or pos.sides[side].warning >= 18
        if chain:
            score = 100 + chain if chain >= fire_at or danger else -50 + chain
        else:
            heights = [height(boards, c) for c in range(6)]
            score = 3 * potential(boards) - max(heights) / 2 - sum(heights) / 12
            score -= 6 * bool(occupied(boards) & bitboard.bit(2, 10))
        score += rng.random() * 0.5
        if best is None or score > best[0]:
            best = (score, move)
    if best is None:
        return losing
    other = pos.sides[1 - side]
    if other.chain and best[0] < 3 and rng.random() < 0.3:
        return Pass(side)
    return best[1]


def self_play(headers: str, seed: int = 1, moves: int = 100, fire_at: int = 4) -> str:
    """A record of ``moves`` written moves (fewer if the game ends) in the native notation."""
    rng = random.Random(seed)
    record = GAME.parse("Game: rengi\n" + headers.strip() + "\n")
    pos = GAME.start(record)
    written = []
    for _ in range(moves):
        if pos.outcome is not None:
            break
        side = pos.current
        move = choose(pos, side, rng, fire_at)
        if move is None:
            break
        played = GAME.play(pos, move)
        note = _drop_note(played.events)
        written.append(text(move) + note)
    body = "\n".join(" ".join(written[i:i + 10]) for i in range(0, len(written), 10))
    return "Game: rengi\n" + headers.strip() + "\n\n" + body + "\n"


def _drop_note(events: list[dict]) -> str:
    """Record where single garbage stones fell (unit-1 games without a seed need it)."""
    for event in events:
        if event["type"] == "drop" and event["columns"]:
            return " {j:" + "".join(map(str, event["columns"])) + "}"
    return ""


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("headers", help="header lines, e.g. 'Variant: 天連棋\\nSeed: 5'")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--moves", type=int, default=100)
    parser.add_argument("--fire-at", type=int, default=4)
    args = parser.parse_args()
    print(self_play(args.headers.replace("\\n", "\n"), args.seed, args.moves, args.fire_at),
          end="")


if __name__ == "__main__":
    main()

