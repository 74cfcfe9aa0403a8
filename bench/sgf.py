"""Go (SGF): kifu against sgfmill on 19x19 games laid out as Go servers write them.

    python -m bench.sgf [--quick] [--games N] [--rounds N]     (or python bench/sgf.py)

Inputs: legal random games of about 250 moves with captures and kos (``bench/freego_games.py``,
seed 11), written as a server writes them: CGoban-style headers over several lines, every move
with its time left (``;B[pd]BL[1795.3]``), nodes wrapped at 78 columns, now and then a comment
over two lines.  The same games one node after another on a single line are measured too (the
layout kifu's previous reader was fast on).  Timed, CPU time, best of ``--rounds``, the sides
taking turns:

- whole process, start-up included, files on disk: ``kifu validate -q --jobs 1 DIR`` against a
  Python process that reads every file with sgfmill (``Sgf_game.from_bytes``,
  ``sgf_moves.get_setup_and_moves``) and plays every move with ``Board.play``;
- one process, warmed up, texts in memory: ``kifu.run.validate.check_text`` (detect, read the SGF,
  replay with the ko rule of ``RU``, check the result) against the same sgfmill work;
- the same through the public library, as a program that uses kifu does it: ``kifu.parse(text)``
  and every step of ``record.replay()`` (each step's move the canonical value; positions are
  copied only when a step's is asked for, and here none is), against the same sgfmill work.
  Beside it, on standard error, what the replay costs against ``kifu.parse`` +
  ``record.position()`` (the position at the end, no steps);
- the same, reading each step's position as a value (what a program that counts or indexes
  positions does): kifu hashes every step's ``step.position`` (a value, hashed by its key:
  the stones, the side to move, prisoners, a ko just taken), sgfmill hashes the stones of its
  board after every move (``frozenset(board.list_occupied_points())``, the value sgfmill's
  API gives of a board); both sides' final positions compared.  Where kifu's compiled core
  runs (``kifu --version``), it replays these records and makes each step's position from
  what it kept (``docs/architecture.md``); ``KIFU_PURE_PYTHON=1`` measures pure Python.

sgfmill checks captures and occupied points, neither ko nor turn nor result.  Verdicts: kifu
finds every game legal, and both sides end every game with the same stones on the same points.
The start-up of each command (on a one-move file) is printed on standard error.
"""
from __future__ import annotations

import random
import re
import sys
import tempfile
from pathlib import Path
from typing import Any

if __name__ == "__main__" and not __package__:  # run as a script: the repository root, not bench/
    sys.path[0] = str(Path(__file__).resolve().parents[1])

from bench.common import (
    FULL_ROUNDS,
    PEER,
    Other,
    Row,
    best_process,
    kifu_legal,
    library_positions,
    note,
    require,
    same_verdicts,
    sized,
    standalone,
    take_turns,
)
from bench.freego import kifu_stones
from bench.freego_games import corpus

SIZES = {"quick": {"games": 30, "rounds": 1}, "full": {"games": 300, "rounds": FULL_ROUNDS}}
LENGTH, SEED = 250, 11

#: sgfmill's side of the whole-process run: every file of a folder read and replayed.
SGFMILL = """
import os, sys
from sgfmill import sgf, sgf_moves
for name in sorted(os.listdir(sys.argv[1])):
    with open(os.path.join(sys.argv[1], name), "rb") as handle:
        game = sgf.Sgf_game.from_bytes(handle.read())
    board, plays = sgf_moves.get_setup_and_moves(game)
    for colour, move in plays:
        if move is not None:
            board.play(move[0], move[1], colour)
"""


def server_style(text: str, number: int, rng: random.Random) -> str:
    """A generated game as a Go server writes it: headers, time left, wrapped nodes."""
    moves = re.findall(r";([BW])\[([a-s]*)\]", text)
    head = ("(;GM[1]FF[4]CA[UTF-8]AP[CGoban:3]ST[2]\nRU[Japanese]SZ[19]KM[6.50]TM[1800]"
            f"OT[5x30 byo-yomi]\nPW[white{number}]PB[black{number}]WR[5d]BR[4d]"
            f"DT[2019-04-{number % 28 + 1:02}]PC[a Go server]RE[?]\n")
    lines, line, clock = [], "", {"B": 1800.0, "W": 1800.0}
    for colour, point in moves:
        clock[colour] -= rng.random() * 10
        node = f";{colour}[{point}]{colour}L[{clock[colour]:.3f}]"
        if rng.random() < 0.02:
            node += "C[a comment\nover two lines]"
        if len(line) + len(node) > 78:
            lines.append(line)
            line = ""
        line += node
    lines.append(line)
    return head + "\n".join(lines) + ")\n"


def sgfmill_replay(text: str) -> frozenset[tuple[str, tuple[int, int]]]:
    from sgfmill import sgf, sgf_moves

    game = sgf.Sgf_game.from_bytes(text.encode())
    board, plays = sgf_moves.get_setup_and_moves(game)
    for colour, move in plays:
        if move is not None:
            board.play(move[0], move[1], colour)
    return frozenset(board.list_occupied_points())


def library_replay(texts: list[str], names: list[str]) -> int:
    """Every move of every game replayed through the public library: the moves replayed."""
    import kifu

    return sum(1 for text, name in zip(texts, names)
               for step in kifu.parse(text, path=name).replay() if step.number is not None)


def sgfmill_positions(text: str) -> frozenset[tuple[str, tuple[int, int]]]:
    """sgfmill's side of :func:`library_positions`: the stones of the board after every move,
    each hashed; the last."""
    from sgfmill import sgf, sgf_moves

    game = sgf.Sgf_game.from_bytes(text.encode())
    board, plays = sgf_moves.get_setup_and_moves(game)
    stones = frozenset(board.list_occupied_points())
    for colour, move in plays:
        if move is not None:
            board.play(move[0], move[1], colour)
        stones = frozenset(board.list_occupied_points())
        hash(stones)
    return stones


def library_end(texts: list[str], names: list[str]) -> int:
    """The position at the end of every game through the public library."""
    import kifu

    return sum(1 for text, name in zip(texts, names) if kifu.parse(text, path=name).position())


def measure(games: int, rounds: int) -> list[Row]:
    from importlib.metadata import version

    rng = random.Random(SEED)
    wrapped = [server_style(t, i, rng) for i, t in enumerate(corpus(games, 19, LENGTH, SEED))]
    layouts = {"wrapped": wrapped, "one line": [t.replace("\n;", ";") for t in wrapped]}
    names = [f"game{index:04d}.sgf" for index in range(games)]
    moves = sum(len(re.findall(r";[BW]\[", text)) for text in wrapped)
    note(f"go (sgf): {games} server-style 19x19 games, {moves} moves; {rounds} round(s)")
    peer = (f"sgfmill {version('sgfmill')}: `Sgf_game.from_bytes` + `Board.play` (captures "
            "only: no ko, no turn, no result)")
    rows = []
    root = Path(tempfile.mkdtemp(prefix="kifu-bench-sgf-"))
    for layout, texts in layouts.items():
        folder = root / layout.replace(" ", "-")
        folder.mkdir()
        for name, text in zip(names, texts):
            (folder / name).write_text(text, encoding="utf-8")
        (ours, done), (theirs, _) = best_process(
            [[sys.executable, "-m", "kifu", "validate", "-q", "--jobs", "1", str(folder)],
             [sys.executable, "-c", SGFMILL, str(folder)]], rounds)
        require(done.returncode == 0, f"go (sgf): kifu validate said {done.stdout[:300]}")
        rows.append(Row("Go (SGF)", "`kifu validate --jobs 1 DIR` as a whole process, start-up "
                        "included; kifu also checks ko (RU), turn order and the result",
                        f"{games:,} generated 19x19 games ({moves:,} moves), SGF files, "
                        f"{layout}", "moves/s", moves / ours, Other(peer, PEER, moves / theirs),
                        "all legal"))
    for layout, texts in layouts.items():
        warm_up = [lambda: kifu_legal(texts[:3], names[:3]), lambda: sgfmill_replay(texts[0])]
        (ours, legal), (theirs, ends) = take_turns(
            [lambda: kifu_legal(texts, names), lambda: [sgfmill_replay(t) for t in texts]],
            rounds, warm_up)
        require(all(legal), "go (sgf): kifu found a generated game illegal")
        agree = same_verdicts("final positions", names,
                              [kifu_stones(t, n) for t, n in zip(texts, names)], ends, "sgfmill")
        rows.append(Row("Go (SGF)", "read + replay in one process, warmed up, texts in memory; "
                        "kifu also checks ko (RU), turn order and the result",
                        f"the same games, {layout}", "moves/s", moves / ours,
                        Other(peer, PEER, moves / theirs), f"all legal; {agree}"))
    texts = layouts["wrapped"]
    warm_up = [lambda: library_replay(texts[:3], names[:3]), lambda: sgfmill_replay(texts[0])]
    (ours, replayed), (theirs, _), (ends, _) = take_turns(
        [lambda: library_replay(texts, names), lambda: [sgfmill_replay(t) for t in texts],
         lambda: library_end(texts, names)], rounds, warm_up)
    require(replayed == moves, f"go (sgf): the library replayed {replayed} moves, not {moves}")
    note(f"go (sgf): the library's replay() takes {ours / ends:.2f}x the time of its "
         f"position() ({moves / ours:,.0f} against {moves / ends:,.0f} moves/s)")
    rows.append(Row("Go (SGF)", "the public library in one process, warmed up, texts in memory: "
                    "`kifu.parse` + every step of `record.replay()`",
                    "the same games, wrapped", "moves/s", moves / ours,
                    Other(peer, PEER, moves / theirs), "all legal (a replay raises otherwise)"))
    rows.append(_positions_row(texts, names, moves, rounds))
    tiny = root / "tiny"
    tiny.mkdir()
    (tiny / "one.sgf").write_text("(;GM[1]SZ[19];B[pd])")
    (kifu_start, _), (mill_start, _) = best_process(
        [[sys.executable, "-m", "kifu", "validate", "-q", "--jobs", "1", str(tiny)],
         [sys.executable, "-c", SGFMILL, str(tiny)]], rounds)
    note(f"go (sgf): start-up on one one-move file: kifu {kifu_start:.2f} s, sgfmill "
         f"{mill_start:.2f} s (CPU)")
    return rows


def _positions_row(texts: list[str], names: list[str], moves: int, rounds: int) -> Row:
    """The library's replay reading each step's position, against sgfmill reading its board."""
    from importlib.metadata import version

    from kifu.builtin.freego import native

    warm_up = [lambda: library_positions(texts[:3], names[:3]),
               lambda: sgfmill_positions(texts[0])]
    (ours, (replayed, last)), (theirs, ends) = take_turns(
        [lambda: library_positions(texts, names), lambda: [sgfmill_positions(t) for t in texts]],
        rounds, warm_up)
    require(replayed == moves, f"go (sgf): the library replayed {replayed} moves, not {moves}")
    agree = same_verdicts("final positions", names, [_stones(p) for p in last], ends, "sgfmill")
    core = "pure Python" if native.judge("(;SZ[9])") is None else "the compiled core"
    note(f"go (sgf): each step's position read and hashed, replayed by {core}")
    peer = (f"sgfmill {version('sgfmill')}: `Sgf_game.from_bytes` + `Board.play`, the stones "
            "after every move hashed (`frozenset(board.list_occupied_points())`)")
    return Row("Go (SGF)", "the public library in one process, warmed up, texts in memory: "
               "`kifu.parse` + every step of `record.replay()`, each step's `position` read "
               "and hashed", "the same games, wrapped", "moves/s", moves / ours,
               Other(peer, PEER, moves / theirs), f"all legal; {agree}")


def _stones(position: Any) -> frozenset[tuple[str, tuple[int, int]]]:
    """A position's stones as sgfmill names them ((row, column) from the bottom left)."""
    return frozenset(("b" if value == 1 else "w", divmod(index, 19))
                     for index, value in enumerate(position.cells) if value in (1, 2))


run = sized(measure, SIZES)


if __name__ == "__main__":
    standalone(measure, SIZES, __doc__)
