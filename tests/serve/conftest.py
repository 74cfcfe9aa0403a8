"""Indexes for the explorer's tests, made by ``kifu index`` as a user makes them: one of the
repository's examples (every game), one of generated Renju games that share their openings (so
that the explorer has counts to show)."""
from __future__ import annotations

import random
import subprocess
import sys
from pathlib import Path

import pytest

import kifu
from tests.corpus.corpora import renju, write

ROOT = Path(__file__).resolve().parents[2]
#: The openings the generated games start with (three moves each, then random legal moves).
OPENINGS = (("h8", "h9", "j10"), ("h8", "i9", "j8"), ("h8", "g7", "g8"), ("h8", "h9", "g10"))
RESULTS = ("black", "white", "draw", "?")


def kifu_index(paths: list[Path], index: Path) -> Path:
    done = subprocess.run([sys.executable, "-m", "kifu", "index", *map(str, paths), "-o",
                           str(index), "--quiet"], capture_output=True, text=True, timeout=300)
    assert done.returncode in (0, 1), done.stderr
    return index


def opening_games(count: int, seed: int = 40) -> list[tuple[str, str]]:
    """``count`` legal Renju games, each one of :data:`OPENINGS` then random moves, with
    results drawn from :data:`RESULTS`."""
    rng = random.Random(seed)
    rules = kifu.game("renju")
    texts = []
    for number in range(count):
        opening = OPENINGS[rng.randrange(len(OPENINGS))]
        position = rules.start()
        names = list(opening)
        for name in opening:
            position = rules.play(position, rules.parse_move(name, position))
        for _ in range(rng.randrange(0, 12)):
            listed = [m for m in rules.legal_moves(position)
                      if rules.notation(m, position) not in ("pass",)]
            if not listed or rules.outcome(position) is not None:
                break
            move = rng.choice(listed)
            names.append(rules.notation(move, position))
            position = rules.play(position, move)
        result = RESULTS[number % len(RESULTS)]
        headers = {"Black": f"B{number}", "White": f"W{number}",
                   "Date": f"20{10 + number % 15:02d}-01-{1 + number % 28:02d}"}
        if result != "?":
            headers["Result"] = result
        texts.append((f"g{number:03d}.renju", renju(_points(names), headers)))
    return texts


def _points(names: list[str]) -> list[tuple[int, int]]:
    return [(ord(name[0]) - ord("a"), int(name[1:]) - 1) for name in names]


@pytest.fixture(scope="session")
def examples_index(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return kifu_index([ROOT / "examples"], tmp_path_factory.mktemp("examples") / "corpus.db")


@pytest.fixture(scope="session")
def openings(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, list[Path]]:
    folder = tmp_path_factory.mktemp("openings")
    files = write(folder / "records", opening_games(60))
    return kifu_index([folder / "records"], folder / "corpus.db"), files
