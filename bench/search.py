"""Searching a corpus: kifu's index (``kifu index``, ``kifu search``) against replaying every
record, on the same generated files.

    python -m bench.search [--quick] [--games N] [--renju N] [--baseline-games N] [--rounds N]

Inputs (generated here, seed 5): ``--games`` 19x19 Go games of about 200 moves as SGF files,
and ``--renju`` Renju games (greedy noisy self-play, ``bench/renju_games.py``, about 40
moves each).  A Go corpus is made as archives are: a few games played at random by kifu's
referee (one in fifty), and each other game one of them with one of its first twelve moves
played elsewhere and the rest replayed from there (moves that became illegal left out):
openings are shared, every position after the change is the game's own.  Measured:

- indexing, whole process (start-up included), CPU time: ``kifu index DIR -o INDEX -j 1``,
  beside ``kifu validate -j 1 DIR`` on the same files (kifu's own replay of every move, as a
  reference point); and ``-j 2`` against ``-j 1`` on the wall clock;
- the index's size and bytes per position; the peak memory of a process indexing (``-j 1``) and
  of one searching (``kifu.Corpus.search``, the index opened afresh);
- searching, one process, CPU time, the index warm (opened and read once before): an exact
  position (the whole board, any symmetry; one deep in a game, one in the opening) and a corner
  pattern (6x6 points of a game's corner), against the baseline written in this repository
  (``bench/search_baseline.py``: every file replayed by kifu's referee and compared with every
  image) and, for Go, sgfmill replaying the same files (peer).  The replays run on the first
  ``--baseline-games`` files only (they take a few seconds per thousand games), against an
  index of those files: same inputs, and both sides must find the same records.

The figures of the large corpus (``--games 100000``) come from the same code at that size;
``KIFU_BENCH_SEARCH_FOLDER=DIR`` keeps the generated files in DIR and uses them again.
"""
from __future__ import annotations

import compileall
import os
import random
import resource
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

if __name__ == "__main__" and not __package__:  # run as a script: the repository root, not bench/
    sys.path[0] = str(Path(__file__).resolve().parents[1])

from bench import search_baseline as baseline
from bench.common import (
    BASELINE,
    PEER,
    REFERENCE,
    ROOT,
    Other,
    Row,
    VerdictMismatch,
    children_cpu,
    note,
    sized,
    standalone,
    take_turns,
)

SEED = 5
#: Go games played at random for every fifty of the corpus; the others are made from them.
FRESH = 50
LENGTH = 200
#: How much Renju players weigh defence, drawn for each game: games of about 40 moves (43 on
#: average, as the issue's figure assumes; 0.8, the other benchmarks' value, makes them 70).
DEFENCE = (0.62, 0.75)

SIZES = {
    "full": {"games": 5_000, "renju": 2_000, "baseline_games": 1_000, "rounds": 3},
    "quick": {"games": 300, "renju": 300, "baseline_games": 200, "rounds": 1},
}


# -- the corpora ----------------------------------------------------------------------------

def go_corpus(count: int, folder: Path, rng: random.Random,
              headers: Callable[[int], str] | None = None) -> list[Path]:
    """``count`` Go games as SGF files in folders of a thousand; ``headers``, if given, the
    game information of each (SGF properties, by the game's number)."""
    from bench.freego_games import random_game
    from kifu.base.errors import KifuError
    from kifu.builtin.freego.boards.grids import grid_board
    from kifu.builtin.freego.moves import Place
    from kifu.builtin.freego.position import EMPTY, Position
    from kifu.builtin.freego.rules import play_quietly
    from kifu.builtin.freego.setup import Rules

    board = grid_board(19, 19)
    fresh = [random_game(19, LENGTH, rng)[0][:-2] for _ in range(max(1, count // FRESH))]
    paths = []
    for number in range(count):
        moves = fresh[number % len(fresh)]
        if number >= len(fresh):
            position = Position(Rules(board, ("black", "white"), (0.0, 6.5)))
            changed = rng.randrange(min(12, len(moves)))
            played: list[str | None] = []
            for at, cell in enumerate(moves):
                if at == changed:
                    empties = [i for i in board.playable if position.cells[i] == EMPTY]
                    cell = board.cells[rng.choice(empties)].id
                try:
                    play_quietly(position, Place(cell), False)
                except KifuError:
                    continue
                played.append(cell)
            moves = played
        path = folder / f"{number // 1000:03d}" / f"g{number:06d}.sgf"
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(_sgf(moves, headers(number) if headers else ""), encoding="utf-8")
        paths.append(path)
    return paths


#: A Go point's column letters in kifu's cell ids (no I), and SGF's letters.
_COLUMNS, _SGF = "ABCDEFGHJKLMNOPQRST", "abcdefghijklmnopqrs"


def _sgf(moves: list[str], headers: str = "") -> str:
    """A 19x19 game as SGF, both players passing at the end (written here: kifu's writer
    builds the board for each record, which costs more than the game)."""
    nodes = [f";{'BW'[number % 2]}[{_SGF[_COLUMNS.index(cell[0])]}{_SGF[19 - int(cell[1:])]}]"
             for number, cell in enumerate(moves)]
    ends = f";{'BW'[len(moves) % 2]}[];{'WB'[len(moves) % 2]}[]"
    return f"(;GM[1]FF[4]SZ[19]KM[6.5]{headers}{''.join(nodes)}{ends})\n"


def renju_corpus(count: int, folder: Path, rng: random.Random) -> list[Path]:
    from bench.renju_games import game_text, play_game

    paths = []
    for number in range(count):
        path = folder / f"{number // 1000:03d}" / f"r{number:06d}.renju"
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(game_text(play_game(rng, defence=rng.uniform(*DEFENCE))), encoding="utf-8")
        paths.append(path)
    return paths


# -- measuring ------------------------------------------------------------------------------

def peak_memory(code: str) -> float:
    """The peak resident memory (MiB) of a Python process running ``code``."""
    script = f"import resource\n{code}\nprint(resource.getrusage(resource.RUSAGE_SELF).ru_maxrss)"
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True,
                          cwd=ROOT, check=True, env={**os.environ, "PYTHONPATH": str(ROOT)})
    return int(done.stdout.split()[-1]) / 1024


#: A ``kifu`` command that reports, last on standard error, its peak memory and its
#: workers' (KiB).
_MEASURED = ("import atexit, resource, sys\n"
             "atexit.register(lambda: print(resource.getrusage(resource.RUSAGE_SELF).ru_maxrss, "
             "resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss, file=sys.stderr))\n"
             "from kifu.commands.cli import main\nmain(sys.argv[1:], prog_name='kifu')")


def measured(*args: str) -> tuple[float, float, float]:
    """``kifu ARGS`` as a whole process: its wall clock, CPU time (its own and its workers')
    and peak memory (MiB, the largest of the process and its workers)."""
    before = children_cpu()
    start = time.perf_counter()
    done = subprocess.run([sys.executable, "-c", _MEASURED, *args], capture_output=True,
                          text=True, cwd=ROOT, check=False,
                          env={**os.environ, "PYTHONPATH": str(ROOT)})
    seconds = time.perf_counter() - start
    if done.returncode not in (0, 1):  # 1: some record is not legal (validate says so)
        raise RuntimeError(f"kifu {' '.join(args)} failed: {done.stderr[-500:]}")
    own, workers = (int(n) for n in done.stderr.split()[-2:])
    return seconds, children_cpu() - before, max(own, workers) / 1024


def index_rows(name: str, folder: Path, index: Path, files: int, rounds: int) -> list[Row]:
    """Indexing ``folder``: one process against kifu's own replay, then two processes."""
    compileall.compile_dir(ROOT / "kifu", quiet=1)
    one = two = cpu = replay = float("inf")
    memory = 0.0
    for _ in range(rounds):
        wall_one, cpu_one, memory = measured("index", str(folder), "-o", str(index), "-j", "1",
                                             "-q", "--rebuild")
        one, cpu = min(one, wall_one), min(cpu, cpu_one)
        _, cpu_check, _ = measured("validate", "-q", "-j", "1", str(folder))
        replay = min(replay, cpu_check)
        two = min(two, measured("index", str(folder), "-o", str(index), "-j", "2", "-q",
                                "--rebuild")[0])
    import sqlite3

    connection = sqlite3.connect(index)
    positions, legal = connection.execute("SELECT SUM(positions), SUM(legal) FROM game"
                                          ).fetchone()
    connection.close()
    size = index.stat().st_size
    note(f"{name}: {files:,} files indexed in {cpu:.1f} s of CPU ({files / cpu:,.0f} games/s), "
         f"validated in {replay:.1f} s; -j 1 {one:.1f} s, -j 2 {two:.1f} s on the wall clock; "
         f"{positions:,} positions, {size / 2**20:,.1f} MiB ({size / positions:.0f} bytes a "
         f"position); peak memory indexing {memory:.0f} MiB")
    work = f"{files:,} generated {name} games ({positions:,} positions), files on disk"
    return [
        Row(name, "indexing: `kifu index DIR -o INDEX -j 1` as a whole process (read, replay, "
            "hash every position under the symmetries, write SQLite)", work, "games/s",
            files / cpu, Other("`kifu validate -j 1 DIR` on the same files (kifu's own replay)",
                               REFERENCE, files / replay),
            f"{legal:,}/{files:,} legal; {size / 2**20:,.1f} MiB, {size / positions:.0f} bytes "
            f"a position; peak memory {memory:.0f} MiB"),
        Row(name, "indexing with `--jobs 2`, wall clock (2 cores)", "the same files",
            "games/s", files / two, Other("`--jobs 1`, wall clock", REFERENCE, files / one),
            "the same index"),
    ]


def board_of(record_path: Path, move: int) -> baseline.Board:
    return list(baseline.kifu_boards(record_path))[move]


def search_rows(name: str, files: list[Path], index: Path, rounds: int, size: int,
                colours: bool, peers: bool, rng: random.Random) -> list[Row]:
    """Exact and pattern searches in the index of ``files``, against the replays."""
    import kifu

    corpus = kifu.Corpus(index)
    rows = []
    chosen = files[0]
    moves = len(kifu.read(str(chosen)).moves)
    deep, opening = min(60, moves - 3), min(6, moves - 3)
    for label, move in (("a position deep in a game", deep), ("a position of the opening",
                                                               opening)):
        position = kifu.read(str(chosen)).position(move)
        wanted = baseline.images(board_of(chosen, move), size, colours)
        sides = [lambda: {Path(h.record.path).name for h in corpus.search(position)},
                 lambda: baseline.kifu_replay(files, wanted)]
        if peers:
            sides.append(lambda: baseline.sgfmill_replay(files, wanted))
        timed = take_turns(sides, rounds, [sides[0]])
        rows.extend(_compare(name, f"exact search: {label} (the whole board, any symmetry)",
                             files, timed, peers))
    text, laid, what = pattern_of(chosen, min(30, moves - 3), size, colours)
    sides = [lambda: {Path(h.record.path).name for h in corpus.search(pattern=text)},
             lambda: baseline.kifu_replay(files, None, laid)]
    if peers:
        sides.append(lambda: baseline.sgfmill_replay(files, None, laid))
    timed = take_turns(sides, rounds, [sides[0]])
    rows.extend(_compare(name, what, files, timed, peers))
    return rows


def pattern_of(record: Path, move: int, size: int, colours: bool
               ) -> tuple[str, list[baseline.Placement], str]:
    """A pattern taken from a record's position: for Go 6x6 points of a corner (stones and
    empty points), anchored to the corner; for Renju the 4x4 points around its last stones,
    anywhere on the board.  Its text, its placements for the baseline, and what it is."""
    black, white, _ = board_of(record, move)
    if colours:
        width, left, bottom, anchor = 6, 0, 0, "corner"
        what = ("corner pattern search: 6x6 points of a corner (stones and empty points), "
                "every corner, both ways round")
    else:
        stones = sorted(black | white)
        width, anchor = 4, "anywhere"
        left = min(max(0, stones[len(stones) // 2][0] - 1), size - width)
        bottom = min(max(0, stones[len(stones) // 2][1] - 1), size - width)
        what = ("pattern search: 4x4 points around a game's stones (stones and empty points), "
                "anywhere on the board, every way round")
    points = {}
    for c in range(width):
        for r in range(width):
            at = (left + c, bottom + r)
            points[(c, r)] = "b" if at in black else "w" if at in white else "."
    if not any(value != "." for value in points.values()):
        points[(2, 3)] = "b"
    text = f"Anchor: {anchor}\n\n" + "\n".join(
        " ".join({"b": "X", "w": "O", ".": "."}[points[(c, r)]] for c in range(width))
        for r in reversed(range(width))) + "\n"
    if anchor == "corner":
        laid = baseline.placements(points, size, colours, None)
    else:
        laid = [placement for x in range(size - width + 1) for y in range(size - width + 1)
                for placement in baseline.placements(
                    {(c + x, r + y): v for (c, r), v in points.items()}, size, colours, None)]
    return text, laid, what


def _compare(name: str, work: str, files: list[Path], timed: list[tuple[float, set[str]]],
             peers: bool) -> list[Row]:
    (ours, found), (theirs, replayed), *mill = timed
    if found != replayed or (mill and mill[0][1] != found):
        raise VerdictMismatch(f"{name} {work}: the index finds {sorted(found)[:5]}..., the "
                              f"replay {sorted(replayed)[:5]}...")
    inputs = f"the first {len(files):,} files, their own index (warm)"
    verdict = f"the same {len(found):,} record{'s' * (len(found) != 1)} found"
    rows = [Row(name, f"{work}; one process", inputs, "searches/s", 1 / ours,
                Other("replay every record with kifu's referee and compare every image "
                      "(`bench/search_baseline.py`)", BASELINE, 1 / theirs), verdict)]
    if mill:
        rows.append(Row(name, f"{work}; one process", inputs, "searches/s", 1 / ours,
                        Other("sgfmill 1.1.1 replaying every file (`Board.play`), compared "
                              "the same way", PEER, 1 / mill[0][0]), verdict))
    return rows


def large_rows(name: str, index: Path, files: list[Path], size: int, colours: bool,
               rounds: int) -> list[Row]:
    """Searching the whole corpus (no replay at that size): time and memory."""
    import kifu

    corpus = kifu.Corpus(index)
    chosen = files[FRESH // 2 if len(files) > FRESH else 0]
    record = kifu.read(str(chosen))
    rows = []
    deep = min(80, len(record.moves) - 3)
    position = record.position(deep)
    timed = take_turns([lambda: corpus.search(position)], max(rounds, 5), [lambda: None])
    seconds, hits = timed[0]
    memory = peak_memory(f"import kifu\nc = kifu.Corpus({str(index)!r})\n"
                         f"r = kifu.read({str(chosen)!r})\nc.search(r, move={deep})")
    rows.append(Row(name, f"exact search of a position (move {deep} of a game), whole index, "
                    "one process, warm", f"{len(files):,} games", "ms", seconds * 1000,
                    verdicts=f"{len(hits)} found; peak memory {memory:.0f} MiB"))
    text, _, what = pattern_of(chosen, min(30, deep), size, colours)
    timed = take_turns([lambda: corpus.search(pattern=text)], rounds, [lambda: None])
    seconds, hits = timed[0]
    memory = peak_memory(f"import kifu\nc = kifu.Corpus({str(index)!r})\n"
                         f"c.search(pattern={text!r})")
    rows.append(Row(name, f"{what.split(':')[0]}, whole index, one process, warm",
                    f"{len(files):,} games", "ms", seconds * 1000,
                    verdicts=f"{len(hits)} found; peak memory {memory:.0f} MiB"))
    return rows


def measure(games: int, renju: int, baseline_games: int, rounds: int) -> list[Row]:
    rng = random.Random(SEED)
    kept = os.environ.get("KIFU_BENCH_SEARCH_FOLDER")
    root = Path(kept) if kept else Path(tempfile.mkdtemp(prefix="kifu-bench-search-"))
    began = time.perf_counter()
    go_files = _made(root / "go", "*.sgf", games) or go_corpus(games, root / "go", rng)
    renju_files = (_made(root / "renju", "*.renju", renju)
                   or renju_corpus(renju, root / "renju", rng))
    note(f"search: {games:,} Go and {renju:,} Renju games generated in "
         f"{time.perf_counter() - began:.0f} s in {root}")
    rows = [*index_rows("Go 19x19", root / "go", root / "go.db", games, rounds),
            *index_rows("Renju", root / "renju", root / "renju.db", renju, rounds)]
    rows += large_rows("Go 19x19", root / "go.db", go_files, 19, True, rounds)
    rows += large_rows("Renju", root / "renju.db", renju_files, 15, False, rounds)
    for name, files, size, colours, peers in (("Go 19x19", go_files, 19, True, True),
                                              ("Renju", renju_files, 15, False, False)):
        sample = files[:baseline_games]
        folder = root / f"sample-{size}"
        for path in sample:
            target = folder / path.name
            target.parent.mkdir(parents=True, exist_ok=True)
            target.write_bytes(path.read_bytes())
        index = root / f"sample-{size}.db"
        import kifu

        kifu.Corpus(index).index([folder], jobs=1, rebuild=True)
        rows += search_rows(name, [folder / p.name for p in sample], index, rounds, size,
                            colours, peers, rng)
    note(f"search: measured in {time.perf_counter() - began:.0f} s; peak memory of this "
         f"process {resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024:.0f} MiB")
    return rows


def _made(folder: Path, pattern: str, count: int) -> list[Path]:
    """The files of an earlier run kept in ``KIFU_BENCH_SEARCH_FOLDER`` (generating 100,000
    games takes minutes), if there are ``count`` of them."""
    found = sorted(folder.rglob(pattern)) if folder.is_dir() else []
    return found if len(found) == count else []


run = sized(measure, SIZES)

if __name__ == "__main__":
    standalone(measure, SIZES, __doc__)
