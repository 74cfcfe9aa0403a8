"""Renju's compiled core: ``kifu validate`` compiled against pure Python and the ``renju``
package, on the same files.

    python -m bench.renju_core [--quick] [--games N] [--rounds N]  (or python bench/renju_core.py)

Inputs: the games of ``bench/renju.py`` (self-play, seed 1: every way a Renju game ends, black's
forbidden moves among them), one ``.renju`` file each; and, where ``KIFU_CORPUS`` names the
shared corpus, its Gomocup ``.psq`` files (every league's rules).  Timed, CPU time, best of
``--rounds``, the sides taking turns:

- whole process, start-up included: ``kifu validate -q --jobs 1 DIR`` with the compiled core,
  the same with ``KIFU_PURE_PYTHON=1``, and the ``renju`` package judging every file
  (``bench/renju_peer.py``);
- with ``KIFU_BEFORE=CHECKOUT`` in the environment, ``kifu validate`` of that other checkout
  (its compiled core built in place), taking turns with this one;
- one process, warmed up, texts in memory: ``kifu.run.validate.check_text`` compiled and pure,
  the compiled core's own call (``judge_notation``, the record's text in, its verdict out), and
  the package's ``RenjuBoard``.

Verdicts: kifu finds every game legal either way, and every game ends the same way for kifu's
referee and the package's.
"""
from __future__ import annotations

import os
import sys
import tempfile
from pathlib import Path

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
    kifu_legal,
    note,
    require,
    same_verdicts,
    sized,
    standalone,
    take_turns,
)
from bench.go_core import _pure
from bench.renju import kifu_ending, make_games

SIZES = {"quick": {"games": 100, "rounds": 1}, "full": {"games": 1000, "rounds": FULL_ROUNDS}}


def _psq_rows(rounds: int) -> list[Row]:
    """The corpus's psq files, whole processes compiled and pure (no peer reads psq)."""
    root = os.environ.get("KIFU_CORPUS")
    folder = Path(root) / "renju" / "psq" if root else None
    if folder is None or not folder.is_dir():
        note("renju core: no KIFU_CORPUS: the psq row is left out")
        return []
    files = sorted(folder.rglob("*.psq"))
    validate = [sys.executable, "-m", "kifu", "validate", "-q", "--jobs", "1", str(folder)]
    (compiled, done), (pure, pure_done) = best_process(
        [validate, ["env", "KIFU_PURE_PYTHON=1", *validate]], rounds)
    require(done.returncode == pure_done.returncode and done.stdout == pure_done.stdout,
            "renju core: the psq files' reports differ compiled and pure")
    note(f"renju core: psq, whole process: compiled {compiled:.3f} s, pure {pure:.3f} s (CPU)")
    return [Row("Renju (psq)", "`kifu validate -q --jobs 1 DIR`, whole process, start-up "
                "included, compiled core", f"the corpus's {len(files)} Gomocup psq files",
                "files/s", len(files) / compiled,
                Other("the same, pure Python (`KIFU_PURE_PYTHON=1`)", BASELINE,
                      len(files) / pure), "the same reports")]


def measure(games: int, rounds: int) -> list[Row]:
    from importlib.metadata import version

    from bench.renju_peer import ending as peer_ending
    from kifu.base.native import built
    from kifu.builtin.renju import native

    require(built(native.MODULE) is not None, "renju core: the compiled core is not built")
    texts, moves = make_games(games)
    names = [f"game{index:05d}.renju" for index in range(games)]
    inputs = f"{games:,} generated games ({moves:,} moves), one `.renju` file each"
    peer = f"`renju` {version('renju')} (PyPI), `RenjuBoard(pos=..., rule=\"renju\")`"
    note(f"renju core: {inputs}; {rounds} round(s)")
    endings = [kifu_ending(t, n) for t, n in zip(texts, names)]
    with tempfile.TemporaryDirectory() as tmp:
        for text, name in zip(texts, names):
            (Path(tmp) / name).write_text(text, encoding="utf-8")
        validate = [sys.executable, "-m", "kifu", "validate", "-q", "--jobs", "1", tmp]
        previous = before(validate)
        runs = best_process([validate, ["env", "KIFU_PURE_PYTHON=1", *validate],
                             [sys.executable, "-m", "bench.renju_peer", tmp],
                             *([previous] if previous else [])], rounds)
        (compiled, done), (pure, pure_done), (theirs, peer_done) = runs[:3]
        start, _ = best_process([[*validate[:-1], str(Path(tmp) / names[0])]], rounds)[0]
    require(done.returncode == 0 and pure_done.returncode == 0,
            f"renju core: kifu validate said {done.stdout[:300]}{pure_done.stdout[:300]}")
    printed = dict(line.split() for line in peer_done.stdout.splitlines())
    agree = same_verdicts("endings", names, endings, [printed.get(n) for n in names],
                          "the renju package's process")
    work = "`kifu validate -q --jobs 1 DIR`, whole process, start-up included, compiled core"
    rows = [Row("Renju", work, inputs, "moves/s", moves / compiled,
                Other(peer + ", whole process", PEER, moves / theirs),
                f"exit 0 (all legal); {agree}"),
            Row("Renju", work, inputs, "moves/s", moves / compiled,
                Other("the same, pure Python (`KIFU_PURE_PYTHON=1`)", BASELINE, moves / pure),
                "exit 0 (all legal) both ways")]
    note(f"renju core: whole process: compiled {compiled:.3f} s (one file alone {start:.3f} s: "
         f"start-up), pure {pure:.3f} s, the package {theirs:.3f} s (CPU)")
    if previous:
        seconds, said = runs[3]
        require(said.returncode == 0, f"renju core: the checkout before said {said.stdout[:300]}")
        note(f"renju core: the checkout before, {before_note()}: {seconds:.3f} s, "
             f"{theirs / seconds:.1f}x the package; this one {theirs / compiled:.1f}x")
        rows.append(Row("Renju", work, inputs, "moves/s", moves / compiled,
                        Other(f"the same, the checkout before (`{BEFORE}`)", BASELINE,
                              moves / seconds), "exit 0 (all legal) both"))

    module = built(native.MODULE)
    native.judge_notation(texts[0])  # told what Python knows

    def judged() -> list[object]:
        return [module.judge_notation(text) for text in texts]  # type: ignore[union-attr]

    def validate_all() -> list[bool]:
        return kifu_legal(texts, names)

    warm_up = [lambda: kifu_legal(texts[:3], names[:3]),
               _pure(lambda: kifu_legal(texts[:3], names[:3])), judged,
               lambda: peer_ending(texts[0])]
    (ours, legal), (python, pure_legal), (core, verdicts), (peer_time, _) = take_turns(
        [validate_all, _pure(validate_all), judged,
         lambda: [peer_ending(text) for text in texts]], rounds, warm_up)
    require(all(legal) and all(pure_legal) and all(isinstance(v, tuple) for v in verdicts),
            "renju core: a generated game was not found legal")
    in_memory = "`check_text` in one process, warmed up, texts in memory, compiled core"
    rows += [Row("Renju", in_memory, "the same games", "moves/s", moves / ours,
                 Other(peer, PEER, moves / peer_time), "all legal"),
             Row("Renju", in_memory, "the same games", "moves/s", moves / ours,
                 Other("the same, pure Python", BASELINE, moves / python), "all legal"),
             Row("Renju", "the compiled core's own call, `judge_notation(text)` (read, replay, "
                 "judge the end and the result)", "the same games", "moves/s", moves / core,
                 Other(peer, PEER, moves / peer_time), "all decided, nothing to report")]
    note(f"renju core: in one process: check_text compiled {ours:.3f} s, pure {python:.3f} s, "
         f"judge_notation {core:.3f} s ({core / games * 1e6:.1f} µs a game), the package "
         f"{peer_time:.3f} s (CPU)")
    return rows + _psq_rows(rounds)


run = sized(measure, SIZES)


if __name__ == "__main__":
    standalone(measure, SIZES, __doc__)
