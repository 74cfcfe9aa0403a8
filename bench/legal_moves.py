"""Legal-move generation through the library (``kifu.Game.legal_moves``) against a peer or a
baseline, on the same positions.

    python -m bench.legal_moves [--quick] [--games N] [--go-games N] [--rounds N]

- Renju: positions with black to move from generated games (bench/renju_games.py, seed 2).
  The ``renju`` package (PyPI) has no legal-move list; its referee judges one point at a time
  with ``check_forbid.get_foul_type(board, x, y)``, so its side is that judgement over every
  empty point (as a user of it would list black's moves).  kifu's side: ``legal_moves``, which
  judges every empty point with kifu's own forbidden-move check.
- Go on a 19x19 grid: positions every few moves of real games (the 19x19 SGF files of
  the corpus KIFU_CORPUS names, ``sgf/``, that check clean; kifu's own random games without
  it).  sgfmill has no legal-move list, so the side compared
  is a baseline written here: a plain one, each empty point tried on a copy of the board,
  neighbouring groups and its own found by flood fill, the board compared with every earlier
  one for superko (or the one before the opponent's move for basic ko).  kifu's side:
  ``legal_moves`` (groups labelled once, each point judged from its neighbours, repetitions
  looked up by Zobrist hash).

Both sides list the same points on every position (passes aside), or no figure is reported.
"""
from __future__ import annotations

import itertools
import os
import random
import sys
import tempfile
from pathlib import Path
from typing import Any

if __name__ == "__main__" and not __package__:  # run as a script: the repository root, not bench/
    sys.path[0] = str(Path(__file__).resolve().parents[1])

from bench.common import (
    BASELINE,
    FULL_ROUNDS,
    PEER,
    Other,
    Row,
    note,
    require,
    same_verdicts,
    sized,
    standalone,
    take_turns,
)

SIZES = {"quick": {"games": 20, "go_games": 3, "rounds": 1},
         "full": {"games": 100, "go_games": 20, "rounds": FULL_ROUNDS}}
SEED = 2
#: Every how many moves a Go position is taken.
GO_STRIDE = 5


# -- Renju ---------------------------------------------------------------------------------------

def renju_positions(games: int) -> list[Any]:
    """The positions with black to move, before each black move of ``games`` generated games."""
    import kifu
    from bench.renju_games import play_game

    rng = random.Random(SEED)
    renju = kifu.game("renju")
    found = []
    for _ in range(games):
        moves = play_game(rng, blunder=0.1)
        record = kifu.parse("Game: renju\n\n" + " ".join(map(str, moves)) + "\n")
        found.extend(step.position for step in record.replay()
                     if renju.to_move(step.position) == "black"
                     and renju.outcome(step.position) is None)
    return found


def renju_kifu(positions: list[Any]) -> list[frozenset[str]]:
    import kifu

    renju = kifu.game("renju")
    return [frozenset(str(m) for m in renju.legal_moves(p)) - {"pass"} for p in positions]


def renju_grids(positions: list[Any]) -> list[list[list[int]]]:
    """Each position as the ``renju`` package's board: ``grid[x][y]``, 1 black, 2 white."""
    from kifu.builtin.renju.position import geometry

    ALL_POINTS, point_of = geometry().all_points, geometry().point_of  # noqa: N806

    grids = []
    for position in positions:
        grid = [[0] * 15 for _ in range(15)]
        for at in ALL_POINTS:
            column, row = point_of(at)
            grid[column][row] = position.cells[at]
        grids.append(grid)
    return grids


def renju_peer(grids: list[list[list[int]]]) -> list[frozenset[str]]:
    from renju.check_forbid import get_foul_type

    letters = "abcdefghijklmno"
    return [frozenset(f"{letters[x]}{y + 1}" for x in range(15) for y in range(15)
                      if grid[x][y] == 0 and get_foul_type(grid, x, y) == 0) for grid in grids]


# -- Go ------------------------------------------------------------------------------------------

#: A Go position, the boards that stood before it, and the board before the last move.
GoPosition = tuple[Any, set[tuple[int, ...]], tuple[int, ...] | None]


def go_games_folder() -> Path:
    """Real 19x19 games: the SGF of the corpus KIFU_CORPUS names (real files are never in the
    repository); without it, games of kifu's own random players (bench/freego_games.py),
    written to a temporary folder, and the table says so."""
    real = os.environ.get("KIFU_CORPUS")
    if real and (Path(real) / "sgf").is_dir():
        return Path(real) / "sgf"
    from bench.freego_games import corpus

    note("KIFU_CORPUS is not set: the Go positions are of kifu's own random games, not real ones")
    folder = Path(tempfile.mkdtemp(prefix="kifu-bench-go-"))
    for number, text in enumerate(corpus(40, 19, 160, 7)):
        (folder / f"game{number:03}.sgf").write_text(text, encoding="utf-8")
    return folder


def go_positions(games: int) -> list[GoPosition]:
    """Positions of real 19x19 games, each with the boards that stood before it (superko) and
    the board before the last move if it was a stone (basic ko)."""
    import kifu

    def usable(record: Any) -> bool:
        if len(record.moves) <= 50 or record.check():  # a broken test file, or a short one
            return False
        start = record.position(0)
        return start.board.name == "grid:19" and start.rules.ko in ("positional", "basic")

    records = (r for r in kifu.read_all(str(go_games_folder()),
                                        on_error=lambda name, error: None) if usable(r))
    found = []
    for record in itertools.islice(records, games):
        boards: set[tuple[int, ...]] = {tuple(record.position(0).cells)}
        before: tuple[int, ...] | None = None
        previous = tuple(record.position(0).cells)
        for step in record.replay():
            board = tuple(step.position.cells)
            before = previous if step.position.last is not None else None
            if step.number and step.number % GO_STRIDE == 0 and not step.position.outcome:
                found.append((step.position, set(boards), before))
            boards.add(board)
            previous = board
    return found


def go_kifu(positions: list[tuple[Any, Any, Any]]) -> list[frozenset[str]]:
    import kifu

    go = kifu.game("freego")
    return [frozenset(str(m) for m in go.legal_moves(p)) - {"pass"} for p, _, _ in positions]


def _flood(board: list[int], start: int, nbrs: Any) -> tuple[list[int], bool]:
    colour = board[start]
    group, seen, free = [start], {start}, False
    for p in group:
        for q in nbrs[p]:
            if board[q] == 0:
                free = True
            elif board[q] == colour and q not in seen:
                seen.add(q)
                group.append(q)
    return group, free


def go_baseline(positions: list[tuple[Any, Any, Any]]) -> list[frozenset[str]]:
    """Each empty point tried on a copy of the board: captures, suicide and repetition found
    by flood fill and by comparing whole boards."""
    out = []
    for position, boards, before in positions:
        nbrs, colour = position.board.neighbours, position.to_move + 1
        legal = set()
        for cell, what in enumerate(position.cells):
            if what != 0:
                continue
            board = list(position.cells)
            board[cell] = colour
            for n in nbrs[cell]:
                if board[n] > 0 and board[n] != colour:
                    group, free = _flood(board, n, nbrs)
                    if not free:
                        for x in group:
                            board[x] = 0
            group, free = _flood(board, cell, nbrs)
            if not free:
                if not position.rules.suicide:
                    continue
                for x in group:
                    board[x] = 0
            after = tuple(board)
            if position.rules.ko == "positional" and after in boards:
                continue
            if position.rules.ko == "basic" and after == before:
                continue
            legal.add(position.board.cells[cell].id)
        out.append(frozenset(legal))
    return out


# -- the rows ------------------------------------------------------------------------------

def measure(games: int, go_games: int, rounds: int) -> list[Row]:
    from importlib.metadata import version

    positions = renju_positions(games)
    grids = renju_grids(positions)
    peer = (f"`renju` {version('renju')} (PyPI), `check_forbid.get_foul_type` over every "
            "empty point (it has no legal-move list)")
    rows = [compare("Renju", lambda: renju_kifu(positions), lambda: renju_peer(grids),
                    Other(peer, PEER, 0.0), len(positions), rounds,
                    f"{len(positions):,} positions with black to move from {games:,} "
                    "generated games")]
    go = go_positions(go_games)
    baseline = ("plain flood fill per empty point, whole-board superko (sgfmill has no "
                "legal-move list)")
    rows.append(compare("Go 19x19", lambda: go_kifu(go), lambda: go_baseline(go),
                        Other(baseline, BASELINE, 0.0), len(go), rounds,
                        f"{len(go):,} positions (every {GO_STRIDE}th move) of {go_games} "
                        "real 19x19 games"))
    return rows


def compare(game: str, ours: Any, theirs: Any, other: Other, count: int, rounds: int,
            inputs: str) -> Row:
    """Time both sides' lists of the same ``count`` positions; they must agree on each."""
    note(f"legal moves: {game}, {inputs}; {rounds} round(s)")
    (mine, listed), (its, other_listed) = take_turns([ours, theirs], rounds)
    names = [f"{game} position {i}" for i in range(count)]
    agree = same_verdicts("legal point sets", names, listed, other_listed, other.name)
    require(count > 0 and any(listed), f"{game}: no position with a legal move")
    row = Row(game, "the legal moves of a position: `Game.legal_moves`; one process, "
              "positions in memory", inputs, "positions/s", count / mine,
              Other(other.name, other.kind, count / its), agree)
    note(f"legal moves: {game}: kifu {row.kifu:,.0f}/s, {other.kind} {count / its:,.0f}/s")
    return row


run = sized(measure, SIZES)


if __name__ == "__main__":
    standalone(measure, SIZES, __doc__)
