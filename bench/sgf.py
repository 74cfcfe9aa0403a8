"""Reading and checking SGF: kifu against sgfmill on 300 real-style 19x19 games.

Run by hand: ``python bench/sgf.py [--games 300] [--rounds 5] [--keep DIR]``.

The games are legal random games of about 250 moves with captures and kos (``freego_games``),
written as a Go server writes them: CGoban-style headers over several lines, every move with its
time left (``;B[pd]BL[1795.3]``), nodes wrapped at 78 columns, now and then a comment over two
lines.  The same games are also written one node after another on one line, the layout kifu's
old reader was fast on, for comparison.  Measured in one run, the two sides taking turns, best
of ``--rounds``:

(a) whole process, start-up included: ``kifu validate -q --jobs 1 DIR`` against a Python
    process that reads every file with sgfmill (``Sgf_game.from_bytes``,
    ``sgf_moves.get_setup_and_moves``) and plays every move with ``Board.play`` (captures, no
    ko check at all);
(b) in one process, the texts in memory: ``kifu.validate.check_text`` (detect, decode-free read,
    the whole replay with the ko rule of ``RU``, the result check) against the same sgfmill work;
(c) the start-up alone: each command on one one-move file.
"""
from __future__ import annotations

import argparse
import random
import re
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))
from freego_games import corpus  # noqa: E402

#: The sgfmill side of (a): every file of a folder read and replayed.
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


def one_line(text: str) -> str:
    return text.replace("\n;", ";")


def best(runs: list[Callable[[], None]], rounds: int) -> list[float]:
    """The best wall time of each run, the runs taking turns."""
    times = [float("inf")] * len(runs)
    for _ in range(rounds):
        for index, run in enumerate(runs):
            start = time.perf_counter()
            run()
            times[index] = min(times[index], time.perf_counter() - start)
    return times


def process(*command: str) -> Callable[[], None]:
    return lambda: subprocess.run(command, check=False, capture_output=True)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=300)
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--seed", type=int, default=11)
    parser.add_argument("--keep", type=Path, help="write the games here (else a temporary folder)")
    args = parser.parse_args()

    from sgfmill import sgf as sgfmill_sgf
    from sgfmill import sgf_moves

    from kifu.validate import Options, check_text

    rng = random.Random(args.seed)
    print(f"generating {args.games} 19x19 games ...", flush=True)
    games = [server_style(t, i, rng) for i, t in enumerate(corpus(args.games, 19, 250, args.seed))]
    moves = sum(len(re.findall(r";[BW]\[", g)) for g in games)
    root = args.keep or Path(tempfile.mkdtemp(prefix="kifu-sgf-bench-"))
    layouts = {"wrapped": games, "one line": [one_line(g) for g in games]}
    folders = {}
    for name, texts in layouts.items():
        folder = root / name.replace(" ", "-")
        folder.mkdir(parents=True, exist_ok=True)
        for index, text in enumerate(texts):
            (folder / f"game{index:04}.sgf").write_text(text, encoding="utf-8")
        folders[name] = folder
    tiny = root / "tiny"
    tiny.mkdir(exist_ok=True)
    (tiny / "one.sgf").write_text("(;GM[1]SZ[19];B[pd])")
    print(f"{args.games} games, {moves} moves, in {root}\n")

    kifu = [sys.executable, "-m", "kifu", "validate", "-q", "--jobs", "1"]
    mill = [sys.executable, "-c", SGFMILL]
    for name, folder in folders.items():
        k, m = best([process(*kifu, str(folder)), process(*mill, str(folder))], args.rounds)
        print(f"(a) whole process, {name:8}: kifu {k:5.2f} s, sgfmill {m:5.2f} s: "
              f"kifu {m / k:.2f}x sgfmill's speed")

    options = Options()

    def kifu_in_process(texts: list[str]) -> Callable[[], None]:
        def run() -> None:
            for index, text in enumerate(texts):
                [report] = check_text(text, f"game{index}.sgf", options)
                assert report.legal, report.diagnostics[0].message
        return run

    def sgfmill_in_process(texts: list[str]) -> Callable[[], None]:
        data = [t.encode() for t in texts]

        def run() -> None:
            for raw in data:
                game = sgfmill_sgf.Sgf_game.from_bytes(raw)
                board, plays = sgf_moves.get_setup_and_moves(game)
                for colour, move in plays:
                    if move is not None:
                        board.play(move[0], move[1], colour)
        return run

    for name, texts in layouts.items():
        k, m = best([kifu_in_process(texts), sgfmill_in_process(texts)], args.rounds)
        print(f"(b) in process,    {name:8}: kifu {moves / k:8,.0f} moves/s, sgfmill "
              f"{moves / m:8,.0f} moves/s: kifu {m / k:.2f}x")
    k, m = best([process(*kifu, str(tiny)), process(*mill, str(tiny))], args.rounds)
    print(f"(c) start-up (one one-move file): kifu {k:.2f} s, sgfmill {m:.2f} s")


if __name__ == "__main__":
    main()
