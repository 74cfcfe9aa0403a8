"""The viewer's page size and opening time on long records (run by hand).

    python bench/viewer.py [--rounds 5] [--write DIR]

Two generated records, legal from start to end, each written out and checked by ``kifu
validate`` first:

- a 19x19 Go game of 300 moves (298 by random play through kifu's referee, then two passes;
  ``freego_games``), as SGF;
- a Gungi game of 1,000 plies: the set-up of ``examples/gungi/short-game.gungi``, then battle
  plies picked at random among the legal actions kifu's own move generator lists (quiet moves
  first, so that the game lasts), each replayed by the referee before it is kept.

For each: the time ``kifu render --format html`` takes as a whole process, the page's size (raw
and gzipped; the part that carries the positions), against the size of one SVG per position
(what a page drawing every position would carry), and the time headless Chromium takes to open
the page from disk until the viewer is ready, then to step from the first position to the last
(every position rebuilt and drawn), median of ``--rounds``.
"""
from __future__ import annotations

import argparse
import gzip
import random
import re
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(Path(__file__).parent))

from freego_games import game_sgf, random_game

from kifu.base.errors import KifuError
from kifu.builtin.gungi import GAME as GUNGI
from kifu.builtin.gungi.notation.reader import parse as parse_plies
from kifu.builtin.gungi.rules.legal import legal_actions
from kifu.builtin.gungi.rules.resolve import describe
from kifu.plugin import RenderOptions, driver
from kifu.run.load import load

CHROMIUM_ARGS = [
    "--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
    "--disable-background-networking", "--disable-component-update", "--disable-sync",
]


def go_game(moves: int = 300, seed: int = 3) -> str:
    rng = random.Random(seed)
    while True:
        played, _ = random_game(19, moves - 2, rng)
        if len(played) == moves:
            return game_sgf(played, 19).replace("(;", "(;EV[a generated 300-move game]", 1)


def gungi_game(plies: int = 1000, seed: int = 5) -> str:
    """The set-up of the short example game, then ``plies`` random legal battle plies."""
    example = (ROOT / "examples" / "gungi" / "short-game.gungi").read_text(encoding="utf-8")
    setup = example[:example.index("「開戦」") + len("「開戦」")]
    setup = re.sub(r"Event: .*", "Event: a generated 1,000-ply game", setup)
    setup = re.sub(r"Result: .*\n", "", setup)
    position = None
    for step in driver.replay(GUNGI, GUNGI.parse(setup)):
        position = step.position
    rng = random.Random(seed)
    written: list[str] = []
    while len(written) < plies:
        actions = list(legal_actions(position, position.to_move))
        rng.shuffle(actions)
        actions.sort(key=lambda a: a.captures)  # quiet moves first: the game goes on
        for action in actions:
            text = describe(action, position.to_move)
            trial = GUNGI.copy(position)
            try:
                ply = parse_plies(text).moves[0].move
                played = GUNGI.play(trial, ply)
            except KifuError:
                continue
            if played.warnings or GUNGI.outcome(trial) is not None:
                continue
            position = trial
            written.append(text)
            break
        else:
            raise SystemExit(f"no quiet legal ply after {len(written)} plies")
    lines = ["、".join(written[i:i + 4]) + "、" for i in range(0, len(written), 4)]
    return setup + "\n" + "\n".join(lines) + "\n"


def kifu(*args: str) -> float:
    start = time.perf_counter()
    done = subprocess.run([sys.executable, "-m", "kifu", *args], capture_output=True, text=True,
                          check=False)
    if done.returncode != 0:
        raise SystemExit(f"kifu {' '.join(args)} failed:\n{done.stderr}")
    return time.perf_counter() - start


def svg_per_position(path: Path) -> int:
    """Bytes of one SVG for every position of the main line (the naive page)."""
    loaded = load(str(path))
    game, record = loaded.game, loaded.record
    total = len(game.render_svg(game.start(record), RenderOptions(), record))
    for step in driver.replay(game, record):
        total += len(game.render_svg(step.position, RenderOptions(), record))
    return total


def browser_times(page: Path, rounds: int) -> tuple[float, float]:
    """Median seconds to open the page until the viewer is ready, and to step through it."""
    from playwright.sync_api import sync_playwright

    opened, stepped = [], []
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path="/usr/bin/chromium",
                                             args=CHROMIUM_ARGS)
        for _ in range(rounds):
            context = browser.new_context()
            tab = context.new_page()
            start = time.perf_counter()
            tab.goto(page.as_uri())
            tab.wait_for_selector(".kifu-viewer.kv-js")
            opened.append(time.perf_counter() - start)
            tab.focus(".kifu-viewer")
            tab.keyboard.press("Home")
            seconds = tab.evaluate("""() => {
                const root = document.querySelector(".kifu-viewer");
                const next = root.querySelector('button[data-act=next]');
                const start = performance.now();
                let steps = 0;
                for (;;) {
                  const before = root.querySelector('article').dataset.node;
                  next.click();
                  if (root.querySelector('article').dataset.node === before) break;
                  steps++;
                }
                return [(performance.now() - start) / 1000, steps];
            }""")
            stepped.append(seconds[0])
            context.close()
        browser.close()
    return statistics.median(opened), statistics.median(stepped)


def measure(name: str, record: Path, out: Path, rounds: int) -> None:
    kifu("validate", "-q", str(record))
    page = out / (record.stem + ".html")
    seconds = kifu("render", str(record), "--format", "html", "-o", str(page))
    text = page.read_text(encoding="utf-8")
    data = sum(len(m) for m in re.findall(r'<script type="application/json"[^>]*>.*?</script>',
                                          text, re.DOTALL))
    naive = svg_per_position(record)
    size = len(text.encode())
    zipped = len(gzip.compress(text.encode(), 9))
    opened, stepped = browser_times(page, rounds)
    print(f"{name}: page {size / 1024:.0f} KB ({zipped / 1024:.0f} KB gzipped), positions "
          f"{data / 1024:.0f} KB; one SVG per position would be {naive / 1024:.0f} KB "
          f"({naive / size:.0f}x the whole page); written in {seconds:.1f} s; opens in "
          f"{opened * 1000:.0f} ms, steps through every position in {stepped * 1000:.0f} ms")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--write", type=Path, help="keep the records and pages here")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as scratch:
        out = args.write or Path(scratch)
        out.mkdir(parents=True, exist_ok=True)
        go = out / "go-300.sgf"
        go.write_text(go_game(), encoding="utf-8")
        gungi = out / "gungi-1000.gungi"
        gungi.write_text(gungi_game(), encoding="utf-8")
        measure("Go, 300 moves", go, out, args.rounds)
        measure("Gungi, 1,000 plies", gungi, out, args.rounds)


if __name__ == "__main__":
    main()
