"""Gungi (Nishitsuji rules): kifu's own throughput, with its work defined, and its move
generation beside python-chess's.

    python -m bench.gungi [--quick] [--repeats N] [--rounds N] [--games N] [--chess-games N]
    (or python bench/gungi.py)

No other software plays the Nishitsuji rules.  The ``gungi`` package on PyPI plays the rule set of
the manga instead, and shares no position and no move with them: its 14 kinds of piece
(marshal, general, ..., tactician) are not the Nishitsuji set (謀 侍 兵 忍 砲 砦 臥 雛 帥
弓, each with a back face it turns to when captured), even the pieces that share a name move
otherwise (its marshal's reach grows with the tier it stands on; 帥's does not), and a position
of one game cannot be written in the other's notation.  A ratio between the two would compare
different work on different positions, so validation is reported as kifu's figures alone:

1. validation: ``kifu.run.validate.check_text`` on each record of ``examples/gungi/`` (parse and
   replay timed together: detect, parse, replay with every rule, compare the result), texts in
   memory, one process, warmed up; each round validates every record ``--repeats`` times.  Plies
   are the moves kifu counts on each main line (set-up plies included).
2. legal-move generation: every legal action of the side to move (each tried for its own 帥's
   safety and for the fouls), in every battle position of those records, copied beforehand.

The inputs are the three records of ``examples/gungi/``: the sample game published with the
rules (real, with two slips of its own that kifu reports) and two written for kifu.  Checked:
kifu's verdicts on the records, and that every ply played in their battles is among the legal
actions generated for the position it was played in.

3. legal moves beside python-chess: what a program that plays asks most often, the list of
   legal moves of a position through the library (``Game.legal_moves``: every ply, each legal
   way of it written as the record would write it), on random battle positions, against
   python-chess's ``list(board.legal_moves)`` on random chess positions, timed alike in one
   process, positions in memory, best of ``--rounds``.  The games differ, so the figure
   compared is moves listed per second.  Inputs: ``--games`` random Gungi games played
   through the library from ``kifu.game("gungi").start()`` (seed 5: set-up markers,
   placements and battle plies all from ``legal_moves``), every battle position before a ply,
   up to 150 battle plies a game; ``--chess-games`` random chess games (seed 3, up to 160
   plies), every position before a move.  Checked: three listed moves of every Gungi position
   play through ``Game.play``, and python-chess lists each move it played.
"""
from __future__ import annotations

import sys
from pathlib import Path

if __name__ == "__main__" and not __package__:  # run as a script: the repository root, not bench/
    sys.path[0] = str(Path(__file__).resolve().parents[1])

from bench.common import (
    FULL_ROUNDS,
    PEER,
    ROOT,
    Other,
    Row,
    note,
    require,
    sized,
    standalone,
    take_turns,
)

SIZES = {"quick": {"repeats": 2, "rounds": 1, "games": 3, "chess_games": 20},
         "full": {"repeats": 20, "rounds": FULL_ROUNDS, "games": 20, "chess_games": 100}}
#: The seeds of the random games, and how long they may run.
SEED, CHESS_SEED, BATTLE_PLIES, CHESS_PLIES = 5, 3, 150, 160


def battle_positions(texts: list[tuple[str, str]]) -> tuple[list, int, int]:
    """Every battle position of the records (a copy, before each ply), how many of the plies
    played there are among the legal actions kifu generates for it, and the number of plies
    (set-up and battle) the records hold."""
    from kifu.builtin.gungi import GAME
    from kifu.builtin.gungi.moves import Placement, Ply
    from kifu.builtin.gungi.rules.legal import legal_actions
    from kifu.builtin.gungi.rules.resolve import read_ply

    positions, found, plies = [], 0, 0
    for name, text in texts:
        record = GAME.parse(text, name)
        position = GAME.start(record)
        for node in record.moves:
            plies += isinstance(node.move, (Ply, Placement))
            if position.phase == "battle" and position.outcome is None and \
                    isinstance(node.move, Ply):
                before = GAME.copy(position)
                positions.append(before)
                action = read_ply(GAME.copy(before), node.move, lenient=True).action
                found += action in set(legal_actions(before, before.to_move))
            GAME.play(position, node.move, lenient=True)
    return positions, found, plies


def random_battles(games: int) -> tuple[list, int]:
    """Every battle position of ``games`` random games played through the library from the
    start, and how many plies of the set-up and the battle were played to reach them."""
    import random

    import kifu

    gungi = kifu.game("gungi")
    rng = random.Random(SEED)
    positions, plies = [], 0
    for _ in range(games):
        position = gungi.start()
        while gungi.outcome(position) is None and position.battle_plies < BATTLE_PLIES:
            moves = gungi.legal_moves(position)
            if not moves:
                break
            if position.phase == "battle":
                positions.append(position)
            position = gungi.play(position, rng.choice(moves))
            plies += 1
    return positions, plies


def random_chess(games: int) -> list:
    """Every position before a move of ``games`` random chess games."""
    import random

    import chess

    rng = random.Random(CHESS_SEED)
    boards = []
    for _ in range(games):
        board = chess.Board()
        while not board.is_game_over() and board.ply() < CHESS_PLIES:
            boards.append(board.copy(stack=False))
            board.push(rng.choice(list(board.legal_moves)))
    return boards


def beside_chess(games: int, chess_games: int, rounds: int) -> Row:
    """Legal moves listed per second: kifu on random Gungi positions, python-chess on random
    chess positions, each side's list checked."""
    import random
    from importlib.metadata import version

    import kifu

    gungi = kifu.game("gungi")
    positions, plies = random_battles(games)
    boards = random_chess(chess_games)
    note(f"gungi: {len(positions)} battle positions of {games} random games ({plies} plies); "
         f"chess: {len(boards)} positions of {chess_games} random games; {rounds} round(s)")

    def kifu_side() -> list[list]:
        return [gungi.legal_moves(position) for position in positions]

    def chess_side() -> list[list]:
        return [list(board.legal_moves) for board in boards]

    (mine, listed), (its, chess_listed) = take_turns([kifu_side, chess_side], rounds,
                                                     [kifu_side, chess_side])
    rng = random.Random(SEED)
    for position, moves in zip(positions, listed):
        for move in rng.sample(moves, min(3, len(moves))):
            gungi.play(position, move)  # raises if a listed move does not play
    require(all(board.move_stack == [] for board in boards) and all(chess_listed),
            "chess: a position with no legal move among those before a move")
    moves, chess_moves = sum(map(len, listed)), sum(map(len, chess_listed))
    other = Other(f"python-chess {version('chess')}: `list(board.legal_moves)` on "
                  f"{len(boards):,} positions of {chess_games} random chess games (seed "
                  f"{CHESS_SEED}; {chess_moves / len(boards):.0f} moves each on average); a "
                  "different game, compared per move listed", PEER, chess_moves / its)
    row = Row("Gungi", "the legal moves of a position: `Game.legal_moves` (every ply, each "
              "legal way of it, as a record writes it); one process, positions in memory",
              f"{len(positions):,} battle positions of {games} random games played through the "
              f"library from `start()` (seed {SEED}; {moves / len(positions):.0f} legal moves "
              "each on average)", "moves/s", moves / mine, other,
              f"3 listed moves of each of the {len(positions):,} positions play")
    note(f"legal moves: Gungi {row.kifu:,.0f} moves/s, python-chess {other.rate:,.0f} moves/s")
    return row


def measure(repeats: int, rounds: int, games: int, chess_games: int) -> list[Row]:
    from kifu.builtin.gungi.rules.legal import legal_actions
    from kifu.run.validate import Options, check_text

    paths = sorted((ROOT / "examples" / "gungi").glob("*.gungi"))
    texts = [(path.name, path.read_text(encoding="utf-8")) for path in paths]
    options = Options()

    def validate() -> list:
        return [report for _ in range(repeats) for name, text in texts
                for report in check_text(text, name, options)]

    [(seconds, reports)] = take_turns([validate], rounds, [validate])
    positions, found, plies = battle_positions(texts)
    legal = sum(report.legal for report in reports) // repeats
    errors = sum(report.errors for report in reports) // repeats
    note(f"gungi: {len(texts)} records, {plies} plies; {legal} legal, {errors} errors found")
    require(errors > 0 and legal == len(texts) - 1,
            "gungi: kifu no longer finds the published sample's slips, or finds more")
    rows = [Row("Gungi", "parse + replay (validation as `kifu validate` does it per file); "
                "one process, warmed up, texts in memory",
                f"the {len(texts)} records of `examples/gungi/` (1 real, the rules' published "
                f"sample; 2 written for kifu), {plies} plies (set-up included), {repeats} times a "
                "round", "plies/s", plies * repeats / seconds,
                verdicts=f"{legal} legal, 1 illegal ({errors} errors: the sample's own slips)")]

    def generate() -> int:
        return sum(1 for pos in positions for _ in legal_actions(pos, pos.to_move))

    [(seconds, actions)] = take_turns([generate], rounds)
    require(found == len(positions),
            f"gungi: only {found} of the {len(positions)} plies played are among kifu's legal "
            "actions")
    rows.append(Row("Gungi", "generate every legal action of the side to move (each tried for "
                    "its own 帥's safety and the fouls); one process",
                    f"the {len(positions)} battle positions of the same records "
                    f"({actions / len(positions):.0f} legal actions each on average)",
                    "positions/s", len(positions) / seconds,
                    verdicts=f"each of the {found} plies played is among the actions generated"))
    rows.append(beside_chess(games, chess_games, rounds))
    return rows


run = sized(measure, SIZES)


if __name__ == "__main__":
    standalone(measure, SIZES, __doc__)
