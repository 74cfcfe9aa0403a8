"""kifu against sgfmill (and SGFC, when built) on a folder of real SGF files.

Run by hand: ``python bench/sgf_corpus.py DIR [--sgfc PATH] [--list N] [--jobs 2]``.

For every game of every ``.sgf`` file below DIR (a collection counts each game):

- sgfmill *accepts* a game when ``sgf_grammar`` parses it, ``Sgf_game`` reads it, and
  ``sgf_moves.get_setup_and_moves`` plus ``Board.play`` replay its main line without a
  ``ValueError`` (sgfmill checks captures and occupied points, no ko, no turn order);
- kifu *rejects* a game when ``kifu validate`` gives it an error.

A *false alarm* is a game sgfmill accepts and kifu rejects; each is listed with kifu's first
error, grouped by its code and rule, so that every class can be judged (a real superko under
``RU[Chinese]`` is no false alarm, but kifu cannot tell that from sgfmill's verdict alone).
With ``--sgfc`` the file is also checked by SGFC (the SGF Syntax Checker & Converter, built
from its C source), and its exit codes (0 ok, 5 warnings, 10 errors, 20 fatal) are tallied
against kifu's verdicts.
"""
from __future__ import annotations

import argparse
import collections
import multiprocessing
import subprocess
import sys
import time
from pathlib import Path

from sgfmill import boards, sgf, sgf_grammar, sgf_moves

from kifu.validate import Options, check_file


def sgfmill_games(path: Path) -> list[str | None]:
    """sgfmill's verdict on each game of a file: ``None`` if it accepts it, else why not."""
    data = path.read_bytes()
    try:
        coarse_games = sgf_grammar.parse_sgf_collection(data)
    except ValueError as error:
        return [f"parse: {error}"]
    verdicts: list[str | None] = []
    for coarse in coarse_games:
        try:
            game = sgf.Sgf_game.from_coarse_game_tree(coarse)
            board, plays = sgf_moves.get_setup_and_moves(game, boards.Board(game.get_size()))
            for colour, move in plays:
                if move is not None:
                    board.play(move[0], move[1], colour)
            verdicts.append(None)
        except (ValueError, KeyError, IndexError) as error:
            verdicts.append(f"{type(error).__name__}: {error}")
    return verdicts


def judge(path: Path) -> tuple[str, list[str | None], list[tuple[str, str | None]], float]:
    """kifu's first error per game (``None`` when legal) and sgfmill's verdicts, with kifu's
    time."""
    start = time.perf_counter()
    reports = check_file(str(path), Options())
    spent = time.perf_counter() - start
    kifu = []
    for report in reports:
        errors = [d for d in report.diagnostics if d.severity == "error"]
        kifu.append((report.path, f"{errors[0].code}/{errors[0].rule}: {errors[0].message}"
                     if errors else None))
    return str(path), sgfmill_games(path), kifu, spent


def sgfc_verdict(binary: str, path: Path) -> int:
    return subprocess.run([binary, str(path)], capture_output=True).returncode


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("folder", type=Path)
    parser.add_argument("--sgfc", help="path of a built sgfc binary")
    parser.add_argument("--list", type=int, default=20, help="false alarms listed per class")
    parser.add_argument("--jobs", type=int, default=2)
    args = parser.parse_args()
    files = sorted(p for p in args.folder.rglob("*") if p.suffix.lower() == ".sgf" and p.is_file())
    print(f"{len(files)} files under {args.folder}", flush=True)
    with multiprocessing.Pool(args.jobs) as pool:
        results = pool.map(judge, files, chunksize=16)
    games = accepted = rejected = false_alarms = kifu_only = 0
    classes: dict[str, list[str]] = collections.defaultdict(list)
    spent = 0.0
    for path, mill, kifu, seconds in results:
        spent += seconds
        for index, (name, error) in enumerate(kifu):
            games += 1
            mill_says = mill[index] if index < len(mill) else mill[-1]
            accepted += mill_says is None
            rejected += error is not None
            if error is not None and mill_says is None:
                false_alarms += 1
                classes[error.split(":")[0]].append(f"{name}: {error}")
            elif error is None and mill_says is not None:
                kifu_only += 1
    print(f"{games} games: sgfmill accepts {accepted}, kifu rejects {rejected}")
    print(f"false alarms (kifu rejects, sgfmill accepts): {false_alarms} "
          f"({100 * false_alarms / max(accepted, 1):.2f}% of the games sgfmill accepts)")
    print(f"games kifu accepts and sgfmill rejects: {kifu_only}")
    print(f"kifu's time in check_file: {spent:.1f} s")
    for name, items in sorted(classes.items(), key=lambda c: -len(c[1])):
        print(f"\n{len(items)} x {name}")
        for item in items[:args.list]:
            print("   ", item[:220])
    if args.sgfc:
        tally: collections.Counter[tuple[int, bool]] = collections.Counter()
        for path, _, kifu, _ in results:
            tally[(sgfc_verdict(args.sgfc, Path(path)), any(e is not None for _, e in kifu))] += 1
        print("\nSGFC exit code x kifu rejects the file:")
        for (code, kifu_rejects), count in sorted(tally.items()):
            print(f"  sgfc {code:2}  kifu {'rejects' if kifu_rejects else 'accepts'}: {count}")


if __name__ == "__main__":
    sys.setrecursionlimit(10000)  # sgfmill's parser recurses on nested variations
    main()
