"""A collection of 1,000 problems as one viewer page: written, opened in Chromium (run by hand).

    python bench/viewer_collection.py [--rounds 3] [--games 1000] [--kifu PATH]

The collection is generated: 1,000 Go problems on 19x19 boards, each a set-up of 8 to 30 stones
with a solution of three moves and one wrong answer (SGF, one file), the shape of the problem
books readers open.  The page is written by ``kifu render --format html`` (the worktree's kifu,
or the checkout ``--kifu`` names, to measure another version against the same file), then
opened from disk in headless Chromium (``/usr/bin/chromium``): the time until the viewer is
ready, the page's elements, and the memory of the renderer process (its resident set, read from
``/proc`` once the page is ready) less that of the same browser on an empty page, median of
``--rounds``.
"""
from __future__ import annotations

import argparse
import gzip
import os
import random
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
CHROMIUM_ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--no-first-run",
                 "--disable-background-networking", "--disable-component-update",
                 "--renderer-process-limit=1"]


def collection(games: int, seed: int = 7) -> str:
    rng = random.Random(seed)
    letters = "abcdefghijklmnopqrs"
    out = []
    for number in range(1, games + 1):
        cells = rng.sample([a + b for a in letters for b in letters], 34)
        stones = rng.randint(8, 30)
        black, white = cells[:stones // 2], cells[stones // 2:stones]
        a, b, c, d = cells[30:34]
        out.append(f"(;GM[1]FF[4]SZ[19]AB[{']['.join(black)}]AW[{']['.join(white)}]"
                   f"C[Problem {number}: black to play](;B[{a}];W[{b}];B[{c}]C[Correct])"
                   f"(;B[{d}];W[{a}]C[Wrong]))\n")
    return "".join(out)


def renderer_memory(pid_before: set[int]) -> int:
    """The largest resident set (KB) among Chromium's renderer processes started since."""
    best = 0
    for entry in os.listdir("/proc"):
        if not entry.isdigit() or int(entry) in pid_before:
            continue
        try:
            cmd = Path(f"/proc/{entry}/cmdline").read_bytes()
            if b"--type=renderer" not in cmd:
                continue
            for line in Path(f"/proc/{entry}/status").read_text().splitlines():
                if line.startswith("VmRSS:"):
                    best = max(best, int(line.split()[1]))
        except OSError:
            continue
    return best


def open_page(page: Path, rounds: int) -> tuple[float, int, int]:
    from playwright.sync_api import sync_playwright

    opened, memory, elements = [], [], 0
    with sync_playwright() as playwright:
        for _ in range(rounds):
            before = {int(p) for p in os.listdir("/proc") if p.isdigit()}
            browser = playwright.chromium.launch(executable_path="/usr/bin/chromium",
                                                 args=CHROMIUM_ARGS)
            tab = browser.new_page()
            tab.goto("about:blank")
            empty = renderer_memory(before)
            start = time.perf_counter()
            tab.goto(page.as_uri(), timeout=120_000)
            tab.wait_for_selector(".kifu-viewer.kv-js, section.kifu-viewer.kv-js",
                                  timeout=120_000)
            opened.append(time.perf_counter() - start)
            elements = tab.evaluate("document.getElementsByTagName('*').length")
            memory.append(renderer_memory(before) - empty)
            browser.close()
    return statistics.median(opened), int(statistics.median(memory)), elements


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--games", type=int, default=1000)
    parser.add_argument("--kifu", type=Path, default=ROOT, help="the checkout whose kifu writes")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as scratch:
        record = Path(scratch) / "problems.sgf"
        record.write_text(collection(args.games), encoding="utf-8")
        page = Path(scratch) / "problems.html"
        env = {**os.environ, "PYTHONPATH": str(args.kifu)}
        start = time.perf_counter()
        done = subprocess.run([sys.executable, "-m", "kifu", "render", str(record), "-f", "html",
                               "-o", str(page)], env=env, cwd=args.kifu, capture_output=True, text=True,
                              check=False)
        written = time.perf_counter() - start
        if done.returncode not in (0, 1):
            raise SystemExit(done.stderr)
        data = page.read_bytes()
        opened, memory, elements = open_page(page, args.rounds)
        print(f"{args.games:,} problems ({args.kifu}): page {len(data) / 1e6:.1f} MB "
              f"({len(gzip.compress(data, 6)) / 1e6:.2f} MB gzipped), written in {written:.1f} s;"
              f" opens in {opened * 1000:.0f} ms, {elements:,} elements, renderer "
              f"{memory / 1024:.0f} MB above an empty page")


if __name__ == "__main__":
    main()
