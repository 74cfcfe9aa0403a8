"""Generated Go games for the Free-form Go benchmark: legal, long, full of captures and kos.

Each game is random play on a grid by kifu's own referee (so every move is legal under
positional superko), never filling a point all of whose neighbours are the mover's own stones
(so groups live and the game ends), until ``length`` moves or no move is left; then both pass.
The games are written as SGF, the form real Go records come in.
"""
from __future__ import annotations

import random

from kifu.base.errors import IllegalMoveError
from kifu.base.record import Node, Record
from kifu.builtin.freego import sgf
from kifu.builtin.freego.boards.grids import grid_board
from kifu.builtin.freego.moves import Pass, Place
from kifu.builtin.freego.position import EMPTY, Position
from kifu.builtin.freego.rules import play
from kifu.builtin.freego.setup import Rules


def random_game(size: int, length: int, rng: random.Random) -> tuple[list[str | None], dict]:
    """Moves (cell ids, ``None`` for a pass) of one game, and what happened in it."""
    board = grid_board(size, size)
    pos = Position(Rules(board, ("black", "white"), (0.0, 6.5)))
    moves: list[str | None] = []
    stats = {"captures": 0, "ko_captures": 0}
    while len(moves) < length:
        empties = [i for i in board.playable if pos.cells[i] == EMPTY]
        rng.shuffle(empties)
        colour = pos.to_move + 1
        for cell in empties:
            if all(pos.cells[n] == colour for n in board.neighbours[cell]):
                continue  # an eye of one's own
            try:
                played = play(pos, Place(board.cells[cell].id))
            except IllegalMoveError:
                continue
            captured = [e for e in played.events if e["type"] == "capture"]
            stats["captures"] += sum(len(e["cells"]) for e in captured)
            if len(captured) == 1 and len(captured[0]["cells"]) == 1:
                stats["ko_captures"] += 1  # single-stone captures, the stuff of kos
            moves.append(board.cells[cell].id)
            break
        else:
            break
    play(pos, Pass())
    play(pos, Pass())
    moves += [None, None]
    return moves, stats


def game_sgf(moves: list[str | None], size: int, komi: float = 6.5) -> str:
    record = Record("freego", headers={"Game": "freego", "Board": f"grid:{size}",
                                       "Komi": str(komi)})
    record.moves = [Node(Pass() if m is None else Place(m)) for m in moves]
    return sgf.write(record)


def corpus(count: int, size: int = 19, length: int = 250, seed: int = 7) -> list[str]:
    rng = random.Random(seed)
    return [game_sgf(random_game(size, rng.randint(length - 50, length + 50), rng)[0], size)
            for _ in range(count)]
