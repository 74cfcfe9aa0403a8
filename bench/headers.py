"""Headers alone against whole records: ``kifu.read_headers`` against ``kifu.read_all`` (every
record parsed, nothing replayed) on the same folders, for ``docs/speed.md``.

    python -m bench.headers [FOLDER...]   # default: examples/ and $KIFU_CORPUS/sgf-real

Both sides read the same files, in the same process, warmed up by one untimed round; the best
of three rounds is kept.  Both must name the same records with the same headers, except Go's
``Territory-N`` (an SGF file gives it at the end of its main line, which headers alone skip).
"""
from __future__ import annotations

import os
import sys
import time
from pathlib import Path

if __package__ in (None, ""):
    sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import kifu

ROOT = Path(__file__).resolve().parents[1]
ROUNDS = 3
#: Headers an SGF file gives after its root node, which headers alone do not read.
AFTER_THE_ROOT = ("Territory-",)


def _root_headers(headers: dict[str, str]) -> dict[str, str]:
    return {k: v for k, v in headers.items() if not k.startswith(AFTER_THE_ROOT)}


def whole(folder: str) -> list[tuple[str, dict[str, str]]]:
    return [(r.name, _root_headers(r.headers))
            for r in kifu.read_all(folder, on_error=lambda name, error: None)]


def heads(folder: str) -> list[tuple[str, dict[str, str]]]:
    return [(h.name, _root_headers(h.headers))
            for h in kifu.read_headers(folder, on_error=lambda name, error: None)]


def best(work: object, folder: str) -> float:
    times = []
    for _ in range(ROUNDS):
        started = time.perf_counter()
        work(folder)  # type: ignore[operator]
        times.append(time.perf_counter() - started)
    return min(times)


def measure(folder: str) -> str:
    full, alone = whole(folder), heads(folder)  # the untimed round, and the check
    read = {name for name, _ in full}
    agree = sum(1 for one in alone if one in full)
    full_time, heads_time = best(whole, folder), best(heads, folder)
    return (f"| `{os.path.relpath(folder, ROOT)}` | {len(full):,} records | "
            f"{len(full) / full_time:,.0f} records/s | {len(alone) / heads_time:,.0f} records/s "
            f"| {full_time / heads_time:.1f}x | {agree:,}/{len(read):,} agree |")


def main(folders: list[str]) -> None:
    print("| folder | records | `read_all` | `read_headers` | ratio | headers |")
    print("|---|---|---|---|---|---|")
    for folder in folders:
        print(measure(folder), flush=True)


if __name__ == "__main__":
    default = [str(ROOT / "examples")]
    corpus = os.environ.get("KIFU_CORPUS")
    if corpus:
        default.append(os.path.join(corpus, "sgf-real"))
    elif not sys.argv[1:]:
        print("KIFU_CORPUS is not set: the real files are left out (name their folder there, "
              "or give folders as arguments)", file=sys.stderr)
    main(sys.argv[1:] or [f for f in default if os.path.isdir(f)])
