"""Go's compiled core: ``kifu validate`` compiled against pure Python, sgfmill and a plain C
yardstick, on the same SGF files.

    python -m bench.go_core [--quick] [--games N] [--rounds N]     (or python bench/go_core.py)

Inputs: the games of ``bench/sgf.py`` (legal random 19x19 games of about 250 moves with captures
and kos, written as a Go server writes them: headers over several lines, time left on every
move, nodes wrapped, a comment now and then), as files.  Timed, CPU time, best of ``--rounds``:

- whole process, start-up included: ``kifu validate -q --jobs 1 DIR`` with the compiled core,
  the same with ``KIFU_PURE_PYTHON=1``, sgfmill reading and playing every file
  (``bench/sgf.py``'s program), and ``bench/go_yardstick.c``, a plain C program written here
  that reads each file and replays its moves (captures, suicide, basic ko), compiled with
  ``cc -O2`` for the run;
- with ``KIFU_BEFORE=CHECKOUT`` in the environment, ``kifu validate`` of that other checkout
  (its compiled core built in place), taking turns with this one;
- one process, warmed up, texts in memory: ``kifu.run.validate.check_text`` compiled and pure,
  and sgfmill's same work.

Verdicts: every side finds every game legal (the yardstick counts no illegal move), and the
yardstick's stones at the end add up to kifu's.
"""
from __future__ import annotations

import os
import random
import re
import shutil
import subprocess
import sys
import tempfile
from collections.abc import Callable
from pathlib import Path
from typing import TypeVar

if __name__ == "__main__" and not __package__:  # run as a script: the repository root, not bench/
    sys.path[0] = str(Path(__file__).resolve().parents[1])

from bench.common import (
    BASELINE,
    BEFORE,
    FULL_ROUNDS,
    PEER,
    Other,
    Row,
    before,
    before_note,
    best_process,
    kifu_final,
    kifu_legal,
    note,
    require,
    sized,
    standalone,
    take_turns,
)
from bench.freego_games import corpus
from bench.sgf import LENGTH, SEED, SGFMILL, server_style, sgfmill_replay

T = TypeVar("T")
SIZES = {"quick": {"games": 30, "rounds": 1}, "full": {"games": 300, "rounds": FULL_ROUNDS}}
YARDSTICK = Path(__file__).with_name("go_yardstick.c")


def _pure(call: Callable[[], T]) -> Callable[[], T]:
    """``call`` run with ``KIFU_PURE_PYTHON=1``."""
    def run() -> T:
        os.environ["KIFU_PURE_PYTHON"] = "1"
        try:
            return call()
        finally:
            del os.environ["KIFU_PURE_PYTHON"]
    return run


def _yardstick(folder: Path) -> list[str]:
    """The yardstick compiled into ``folder``: its command over the files, or nothing where no
    C compiler is at hand."""
    compiler = shutil.which("cc") or shutil.which("gcc")
    if compiler is None:
        return []
    program = folder / "go_yardstick"
    subprocess.run([compiler, "-O2", "-o", str(program), str(YARDSTICK)], check=True)
    return [str(program)]


def measure(games: int, rounds: int) -> list[Row]:
    from importlib.metadata import version

    from kifu.base.native import built
    from kifu.builtin.freego import native

    require(built(native.MODULE) is not None, "go core: the compiled core is not built")
    rng = random.Random(SEED)
    texts = [server_style(t, i, rng) for i, t in enumerate(corpus(games, 19, LENGTH, SEED))]
    names = [f"game{index:04d}.sgf" for index in range(games)]
    moves = sum(len(re.findall(r";[BW]\[", text)) for text in texts)
    note(f"go core: {games} server-style 19x19 games, {moves} moves; {rounds} round(s)")
    root = Path(tempfile.mkdtemp(prefix="kifu-bench-core-"))
    folder = root / "games"
    folder.mkdir()
    for name, text in zip(names, texts):
        (folder / name).write_text(text, encoding="utf-8")
    files = [str(folder / name) for name in names]
    validate = [sys.executable, "-m", "kifu", "validate", "-q", "--jobs", "1", str(folder)]
    yardstick = _yardstick(root)
    commands = [validate, ["env", "KIFU_PURE_PYTHON=1", *validate],
                [sys.executable, "-c", SGFMILL, str(folder)]]
    previous = before(validate)
    runs = best_process(commands + ([yardstick + files] if yardstick else [])
                        + ([previous] if previous else []), rounds)
    (compiled, done), (pure, pure_done), (mill, _) = runs[:3]
    require(done.returncode == 0 and pure_done.returncode == 0,
            f"go core: kifu validate said {done.stdout[:300]}{pure_done.stdout[:300]}")
    peer = f"sgfmill {version('sgfmill')}: `Sgf_game.from_bytes` + `Board.play`"
    work = "`kifu validate -q --jobs 1 DIR`, whole process, start-up included"
    inputs = f"{games:,} generated 19x19 games ({moves:,} moves), SGF files"
    rows = [Row("Go (SGF)", work + ", compiled core", inputs, "moves/s", moves / compiled,
                Other(peer, PEER, moves / mill), "all legal"),
            Row("Go (SGF)", work + ", compiled core", inputs, "moves/s", moves / compiled,
                Other("the same, pure Python (`KIFU_PURE_PYTHON=1`)", BASELINE, moves / pure),
                "the same reports")]
    note(f"go core: whole process: compiled {compiled:.3f} s, pure {pure:.3f} s, sgfmill "
         f"{mill:.3f} s (CPU)")
    if previous:
        seconds, said = runs[-1]
        require(said.returncode == 0, f"go core: the checkout before said {said.stdout[:300]}")
        note(f"go core: the checkout before, {before_note()}: {seconds:.3f} s, "
             f"{mill / seconds:.1f}x sgfmill; this one {mill / compiled:.1f}x")
        rows.append(Row("Go (SGF)", work + ", compiled core", inputs, "moves/s",
                        moves / compiled, Other(f"the same, the checkout before "
                                                f"(`{BEFORE}`)", BASELINE, moves / seconds),
                        "all legal both"))
    if yardstick:
        seconds, said = runs[3]
        counted, replayed, illegal, black, white, inner = said.stdout.split()
        ends = [kifu_final(text, name).cells for text, name in zip(texts, names)]
        stones = (sum(c.count(1) for c in ends), sum(c.count(2) for c in ends))
        require((int(replayed), int(illegal)) == (moves, 0) and
                (int(black), int(white)) == stones,
                f"go core: the yardstick disagrees: {said.stdout}, kifu's stones {stones}")
        note(f"go core: yardstick, whole process {seconds:.3f} s, its own loop {inner} s (CPU)")
        rows.append(Row("Go (SGF)", work + ", compiled core", inputs, "moves/s",
                        moves / compiled, Other("`bench/go_yardstick.c` (plain C, written here: "
                                                "read + replay, no checks), whole process",
                                                BASELINE, moves / seconds),
                        f"all legal; the same stones at the end of {games} games"))
    def validate_all() -> list[bool]:
        return kifu_legal(texts, names)

    warm_up = [lambda: kifu_legal(texts[:3], names[:3]),
               _pure(lambda: kifu_legal(texts[:3], names[:3])), lambda: sgfmill_replay(texts[0])]
    (ours, legal), (python, pure_legal), (theirs, _) = take_turns(
        [validate_all, _pure(validate_all), lambda: [sgfmill_replay(t) for t in texts]],
        rounds, warm_up)
    require(all(legal) and all(pure_legal), "go core: kifu found a generated game illegal")
    in_memory = "`check_text` in one process, warmed up, texts in memory, compiled core"
    rows.append(Row("Go (SGF)", in_memory, "the same games", "moves/s", moves / ours,
                    Other(peer, PEER, moves / theirs), "all legal"))
    rows.append(Row("Go (SGF)", in_memory, "the same games", "moves/s", moves / ours,
                    Other("the same, pure Python", BASELINE, moves / python), "all legal"))
    if yardstick:
        rows.append(Row("Go (SGF)", in_memory, "the same games", "moves/s", moves / ours,
                        Other("`bench/go_yardstick.c`'s own loop (files read and replayed)",
                              BASELINE, moves / float(inner)), "all legal"))
    note(f"go core: in one process: compiled {ours:.3f} s, pure {python:.3f} s, sgfmill "
         f"{theirs:.3f} s (CPU)")
    return rows


run = sized(measure, SIZES)


if __name__ == "__main__":
    standalone(measure, SIZES, __doc__)
