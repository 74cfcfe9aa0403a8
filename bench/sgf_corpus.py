"""kifu against sgfmill (and SGFC, when built) on a folder of real SGF files.

Run by hand: ``python bench/sgf_corpus.py DIR [--sgfc PATH] [--round-trip] [--list N] [--jobs 2]
[--dump F]``.

For every game of every ``.sgf`` file below DIR (a collection counts each game):

- sgfmill *accepts* a game when ``sgf_grammar`` parses it, ``Sgf_game`` reads it, and
  ``sgf_moves.get_setup_and_moves`` plus ``Board.play`` replay its main line without a
  ``ValueError`` (sgfmill checks captures and occupied points, no ko, no turn order, no
  variation);
- kifu *rejects* a game when ``kifu validate`` gives it an error that makes the record illegal
  or unusable (exit status 1); a game kifu does not judge (another ``GM``, exit 2) is counted
  apart.

A *false alarm* is a game sgfmill accepts and kifu rejects; each is listed with kifu's first
error, grouped by its code and rule, so that every class can be judged (a move on an occupied
point in a variation is no false alarm, but sgfmill never replays variations).  Every class of
kifu's rejections, and of sgfmill's where kifu accepts, is tallied as well.  With ``--sgfc`` each
file is also checked by SGFC (the SGF Syntax Checker & Converter, built from its C source): its
exit status (0 ok, 5 warnings, 10 errors, 20 fatal) against kifu's worst SGFC-style grade of the
file's syntax and encoding findings (none, pedantic, repaired, critical, fatal; a file kifu
cannot read as text, binary or undecodable, counts as fatal) and kifu's exit status.  With
``--round-trip`` every file is written back as SGF, as ``kifu convert --to sgf --lenient`` writes
it, and read again: every node, property and value must be the same.
"""
from __future__ import annotations

import argparse
import collections
import json
import multiprocessing
import re
import subprocess
import sys
import time
from dataclasses import asdict, dataclass
from pathlib import Path

from sgfmill import boards, sgf, sgf_grammar, sgf_moves

from kifu.base import exitcodes
from kifu.base.errors import CRITICAL, FATAL, PEDANTIC, REPAIRED, KifuError
from kifu.reading.source import read_source
from kifu.run.load import load_source, rewrite
from kifu.run.validate import Options, check_file
from kifu.sgf import syntax as kifu_sgf

GRADES = ("none", PEDANTIC, REPAIRED, CRITICAL, FATAL)


@dataclass
class Verdicts:
    """What each side said about one file."""

    path: str
    mill: list[str | None]  # per game: None when sgfmill accepts it, else why not
    kifu: list[tuple[str, str | None, int]]  # per game: name, first error, exit status
    grade: str  # kifu's worst grade of a syntax or encoding finding
    seconds: float  # kifu's time
    sgfc: int | None = None  # SGFC's exit status
    round_trip: str | None = None  # what SGF to SGF changed, if anything


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


def tree_shape(roots: list[kifu_sgf.SgfNode]) -> list[list[tuple[str, tuple[str, ...]]]]:
    """Every node, in file order, as its properties and raw values (``CA`` set aside: the
    output is UTF-8)."""
    return [[(ident, tuple(values)) for ident, values in node.properties.items() if ident != "CA"]
            for root in roots for node in root.walk()]


#: What :func:`round_trip` says of a file kifu cannot read at all (binary, no game tree).
UNREADABLE = "unreadable"


def round_trip(path: Path) -> str | None:
    """What ``kifu convert --to sgf --lenient`` changes in the file's game trees: ``None`` when
    every node, property and value is kept, :data:`UNREADABLE` when kifu cannot read the file
    at all, what it refused when it refuses to write it."""
    try:
        source = read_source(str(path))
        before = kifu_sgf.read(source.text, lenient=True)
    except KifuError:
        return UNREADABLE
    try:
        loaded = load_source(source, every_game=True, lenient=True)
    except KifuError as error:
        return f"refused: {error.describe()}"
    refused = loaded.error()
    if refused is not None:
        return f"refused: {refused.describe()}"
    written = rewrite(loaded.game, loaded.fmt, loaded.documents)
    if written is None:
        return "refused: not written back as SGF"
    after = kifu_sgf.read(written)
    old, new = tree_shape([g.root for g in before.games]), tree_shape([g.root for g in after.games])
    if len(old) != len(new):
        return f"{len(old)} nodes became {len(new)}"
    changed = next((index for index, (a, b) in enumerate(zip(old, new)) if a != b), None)
    return None if changed is None else f"node {changed + 1} changed: {old[changed]} -> {new[changed]}"


def judge(task: tuple[Path, str | None, bool]) -> Verdicts:
    """Both (or all three) verdicts on one file."""
    path, sgfc, check_round_trip = task
    start = time.perf_counter()
    reports = check_file(str(path), Options(pedantic=True))
    spent = time.perf_counter() - start
    kifu = []
    grade = 0
    for report in reports:
        errors = [d for d in report.diagnostics if d.severity == "error"]
        first = f"{errors[0].code}/{errors[0].rule}: {errors[0].message}" if errors else None
        kifu.append((report.path, first, report.exit_status))
        grade = max([grade, *(GRADES.index(d.grade) for d in report.diagnostics if d.grade),
                     *(GRADES.index(FATAL) for d in errors if d.code == "input")])
    verdicts = Verdicts(str(path), sgfmill_games(path), kifu, GRADES[grade], spent)
    if sgfc:
        verdicts.sgfc = subprocess.run([sgfc, str(path)], capture_output=True,
                                       check=False).returncode
    if check_round_trip:
        verdicts.round_trip = round_trip(path)
    return verdicts


def error_class(error: str) -> str:
    """A rejection's class: kifu's code and rule, or sgfmill's message without its details."""
    if "/" in error.split(":")[0]:
        return error.split(":")[0]
    return re.sub(r"\d+|'[^']*'|\"[^\"]*\"", "#", error)[:70]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("folder", type=Path)
    parser.add_argument("--sgfc", help="path of a built sgfc binary")
    parser.add_argument("--list", type=int, default=20, help="false alarms listed per class")
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--round-trip", action="store_true",
                        help="also write every file back as SGF and compare the trees")
    parser.add_argument("--dump", type=Path, help="write every file's verdicts here (JSON lines)")
    args = parser.parse_args()
    files = sorted(p for p in args.folder.rglob("*") if p.suffix.lower() == ".sgf" and p.is_file())
    sources = collections.Counter(p.relative_to(args.folder).parts[0] for p in files)
    print(f"{len(files)} files under {args.folder}:", flush=True)
    for source, count in sources.most_common():
        print(f"  {count:6}  {source}")
    with multiprocessing.Pool(args.jobs) as pool:
        results = pool.map(judge, [(path, args.sgfc, args.round_trip) for path in files],
                           chunksize=16)
    if args.dump:
        with args.dump.open("w") as dump:
            for result in results:
                dump.write(json.dumps(asdict(result), ensure_ascii=False) + "\n")
    games = accepted = rejected = not_judged = false_alarms = kifu_only = 0
    alarms: dict[str, list[str]] = collections.defaultdict(list)
    kifu_classes: collections.Counter[tuple[str, bool]] = collections.Counter()
    mill_classes: collections.Counter[str] = collections.Counter()
    spent = 0.0
    for result in results:
        spent += result.seconds
        for index, (name, error, status) in enumerate(result.kifu):
            games += 1
            mill_says = result.mill[index] if index < len(result.mill) else result.mill[-1]
            accepted += mill_says is None
            if status == exitcodes.USAGE:
                not_judged += 1
                continue
            rejected += error is not None
            if error is not None:
                kifu_classes[(error_class(error), mill_says is None)] += 1
                if mill_says is None:
                    false_alarms += 1
                    alarms[error_class(error)].append(f"{name}: {error}")
            elif mill_says is not None:
                kifu_only += 1
                mill_classes[error_class(mill_says)] += 1
    print(f"\n{games} games: sgfmill accepts {accepted}, kifu rejects {rejected} "
          f"(and does not judge {not_judged}: not Go, or unreadable)")
    print(f"false alarms (kifu rejects, sgfmill accepts): {false_alarms} "
          f"({100 * false_alarms / max(accepted, 1):.2f}% of the games sgfmill accepts)")
    print(f"games kifu accepts and sgfmill rejects: {kifu_only}")
    print(f"kifu's time in check_file: {spent:.1f} s")
    for name, items in sorted(alarms.items(), key=lambda c: -len(c[1])):
        print(f"\nfalse alarm? {len(items)} x {name}")
        for item in items[:args.list]:
            print("   ", item[:220])
    print("\nkifu's rejections by class (code/rule), and whether sgfmill accepts the game:")
    for (name, mill_accepts), count in sorted(kifu_classes.items(), key=lambda c: -c[1]):
        print(f"  {count:5}  {name}  (sgfmill {'accepts' if mill_accepts else 'rejects'})")
    print("\nsgfmill's rejections of games kifu accepts, by class:")
    for name, count in mill_classes.most_common():
        print(f"  {count:5}  {name}")
    if args.round_trip:
        unreadable = sum(r.round_trip == UNREADABLE for r in results)
        changed = [r for r in results if r.round_trip not in (None, UNREADABLE)]
        read = len(results) - unreadable
        print(f"\nSGF to SGF: of the {read} files kifu reads ({unreadable} it cannot), "
              f"{read - len(changed)} keep every node, property and value; {len(changed)} "
              "changed or refused")
        for result in changed[:args.list]:
            print(f"    {result.path}: {result.round_trip}"[:220])
    if args.sgfc:
        by_grade: collections.Counter[tuple[int, str]] = collections.Counter()
        by_status: collections.Counter[tuple[int, int]] = collections.Counter()
        for result in results:
            assert result.sgfc is not None
            by_grade[(result.sgfc, result.grade)] += 1
            status = exitcodes.worst(status for _, _, status in result.kifu)
            by_status[(result.sgfc, status)] += 1
        codes = sorted({code for code, _ in by_grade})
        print("\nfiles: SGFC's exit status (rows) x kifu's worst grade of a syntax or encoding "
              "finding (columns)")
        print("        " + "".join(f"{grade:>10}" for grade in GRADES))
        for code in codes:
            print(f"  sgfc {code:2}" + "".join(f"{by_grade[(code, g)]:10}" for g in GRADES))
        print("\nfiles: SGFC's exit status (rows) x kifu's exit status (columns)")
        print("        " + "".join(f"{status:>8}" for status in range(3)))
        for code in codes:
            print(f"  sgfc {code:2}" + "".join(f"{by_status[(code, s)]:8}" for s in range(3)))


if __name__ == "__main__":
    sys.setrecursionlimit(10000)  # sgfmill's parser recurses on nested variations
    main()
