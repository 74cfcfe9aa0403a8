"""Generating complete Renju games for benchmarks and examples: a greedy, noisy self-play.

Each side wins when it can, blocks a five when it must (black, forced onto a forbidden point,
loses there), and otherwise prefers points that lengthen its own lines and cut the other's,
with noise so that no two games are alike.  Black usually steers clear of forbidden points but
now and then blunders into one, so the games end in every way Renju games end.
"""
from __future__ import annotations

import random

from kifu.builtin.renju.forbidden import black_verdict, is_forbidden
from kifu.builtin.renju.moves import Point
from kifu.builtin.renju.position import BLACK, EMPTY, WHITE, geometry

BOARD = geometry()
ALL_POINTS, DIRECTIONS, STRIDE = BOARD.all_points, BOARD.directions, BOARD.stride
empty_cells, index, point_of = BOARD.empty_cells, BOARD.index, BOARD.point_of

CENTRE = index(7, 7)
NEAR = [dc + dr * STRIDE for dc in range(-2, 3) for dr in range(-2, 3) if dc or dr]


def _run(cells: list[int], at: int, step: int, colour: int) -> tuple[int, int]:
    """Length of the run ``colour`` would have through ``at``, and its open ends."""
    length, open_ends = 1, 0
    for sign in (1, -1):
        i = at + sign * step
        while cells[i] == colour:
            length += 1
            i += sign * step
        open_ends += cells[i] == EMPTY
    return length, open_ends


def _wins(cells: list[int], at: int, colour: int) -> bool:
    runs = [_run(cells, at, step, colour)[0] for step in DIRECTIONS]
    return 5 in runs if colour == BLACK else max(runs) >= 5


def _score(cells: list[int], at: int, colour: int, rng: random.Random,
           defence: float = 0.8) -> float:
    other = WHITE if colour == BLACK else BLACK
    score = rng.random() * 4
    for step in DIRECTIONS:
        mine, mine_open = _run(cells, at, step, colour)
        theirs, theirs_open = _run(cells, at, step, other)
        score += (mine ** 3) * (1 + mine_open) + defence * (theirs ** 3) * (1 + theirs_open)
    return score


def play_game(rng: random.Random, blunder: float = 0.03, max_moves: int = 225,
              defence: float = 0.8) -> list[Point]:
    """One game as a list of points; it ends with a five, a forbidden move or a full board.
    ``defence`` weighs cutting the other's lines against lengthening one's own: the less it
    weighs, the sooner a side breaks through (0.8: about 70 moves on average, 0.62 to 0.75
    drawn for each game: about 40, as real games run)."""
    cells = empty_cells()
    moves: list[Point] = []
    colour = BLACK
    candidates: set[int] = set()
    while len(moves) < max_moves:
        if not moves:
            at = CENTRE
        else:
            options = [i for i in candidates if cells[i] == EMPTY]
            if not options:
                options = [i for i in ALL_POINTS if cells[i] == EMPTY]
                if not options:
                    break
            other = WHITE if colour == BLACK else BLACK
            winning = [i for i in options if _wins(cells, i, colour)]
            threats = [i for i in options if _wins(cells, i, other)]
            if winning:
                at = rng.choice(winning)
            elif threats:
                at = rng.choice(threats)
            else:
                ranked = sorted(options, key=lambda i: -_score(cells, i, colour, rng, defence))
                at = ranked[0]
                if colour == BLACK and rng.random() > blunder:
                    at = next((i for i in ranked if not is_forbidden(BOARD, cells, i)), at)
        moves.append(Point(*point_of(at)))
        cells[at] = colour
        candidates.update(at + d for d in NEAR if 0 <= at + d < len(cells) and cells[at + d] == EMPTY)
        if colour == BLACK:
            verdict = black_verdict(BOARD, cells, at)
            if verdict is not None:
                break
        elif _wins(cells, at, WHITE):
            break
        colour = WHITE if colour == BLACK else BLACK
    return moves


def game_text(moves: list[Point], headers: dict[str, str] | None = None) -> str:
    lines = [f"{k}: {v}" for k, v in {"Game": "renju", **(headers or {})}.items()]
    body = " ".join(f"{n}. {p}" for n, p in enumerate(moves, start=1))
    return "\n".join(lines) + "\n\n" + body + "\n"
