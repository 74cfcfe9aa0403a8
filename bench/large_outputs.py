"""What kifu costs where its output is far larger than its input (issue 23, items 12 to 14).

kifu must decide any input within its own limits in at most a minute and 600 MB, and an output
is no exception: the replay of a record as JSON, a conversion, a folder of viewer pages.  This
script builds the inputs of the issue, each at the size it quotes, and runs the command on
each as a whole process of its own:

- ``show --format json --variations`` of a 1.35 MiB Rengi record with many variations
  (``examples/rengi/ten-game.rengi``, its moves with the largest events repeated as
  variations of themselves);
- ``convert --to json`` and ``--to sgf`` of a 16.5 MB Go SGF file with a comment on every
  move, ``--to json`` of a 3 MB SGF file without comments, ``--to sgf`` of a Renju record of
  490,000 moves in its own notation;
- ``render -f html --output-dir`` of 20 Renju records, each with 8 MB of headers.

Each row gives the exit status, the wall-clock time, the peak resident memory of the largest
process of the run (kifu or one of its workers: what ``/usr/bin/time -v`` reports as "Maximum
resident set size") and the bytes written (standard output, or the output folder), then the
first line kifu printed on standard error.  Run by hand, or with ``python -m bench --long``:

    python bench/large_outputs.py [--quick] [--only SUBSTRING]

``--quick`` builds every input at a tenth of its size.
"""
from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from kifu.base.record import Node
from kifu.run.load import load
from kifu.run.replayjson import replay_json

MiB = 1024 * 1024
MB = 1000 * 1000

#: Runs a command and prints, on its last line of standard error, the peak resident memory of
#: the largest process it waited for (itself or a descendant: the kernel keeps the maximum),
#: in kB, as ``/usr/bin/time -v`` does.
WRAPPER = """
import resource, subprocess, sys
status = subprocess.run(sys.argv[1:]).returncode
sys.stderr.write('\\nPEAK %d\\n' % resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss)
sys.exit(status)
"""


def rengi_variations(size: int) -> str:
    """A Rengi record of ``size`` bytes: the moves of ``examples/rengi/ten-game.rengi``, the
    ten whose replay says most (chains, garbage) each followed by copies of itself as
    variations, as many as fill the size."""
    loaded = load(str(ROOT / "examples" / "rengi" / "ten-game.rengi"))
    game, record = loaded.game, loaded.record
    moves = replay_json(game, record)["lines"][0]["moves"]
    said = sorted(range(len(moves)), key=lambda i: -len(json.dumps(moves[i])))[:10]
    base = len(game.write(record).encode())
    one = len(f" ({game.move_text(record.moves[said[0]].move)})".encode())
    copies = max(1, (size - base) // (one * len(said)))
    for index in said:
        node = record.moves[index]
        node.variations = [[Node(node.move, list(node.comments))] for _ in range(copies)]
    return game.write(record)


POINTS = [a + b for a in "abcdefghijklmnopqrs" for b in "abcdefghijklmnopqrs"]


def go_sgf(size: int, comments: bool) -> str:
    """A Go SGF file of ``size`` bytes: one game whose moves run over the board (kifu's
    ``convert`` does not replay), each with a comment of about a hundred characters or none,
    ten nodes a line."""
    head = "(;GM[1]FF[4]CA[UTF-8]SZ[19]PB[Black]PW[White]RE[B+R]\n"
    nodes = []
    total = len(head) + 2
    number = 0
    while True:
        colour = "BW"[number % 2]
        node = f";{colour}[{POINTS[number % len(POINTS)]}]"
        if comments:
            node += (f"C[move {number + 1}: {colour} plays here, and the comment says why at "
                     "some length, as a teaching record does.]")
        node += "\n" if number % 10 == 9 else ""
        if total + len(node) > size:
            break
        nodes.append(node)
        total += len(node)
        number += 1
    return head + "".join(nodes) + ")\n"


def renju_moves(count: int) -> str:
    """A Renju record in its own notation of ``count`` moves over the whole board (unnumbered,
    ten a line; ``convert`` does not replay them)."""
    points = [f"{c}{r}" for c in "abcdefghijklmno" for r in range(1, 16)]
    moves = [points[i % len(points)] for i in range(count)]
    lines = (" ".join(moves[i:i + 10]) for i in range(0, count, 10))
    return "Game: renju\nEvent: 490,000 moves\n\n" + "\n".join(lines) + "\n"


def header_records(folder: Path, count: int, size: int) -> None:
    """``count`` Renju records (``examples/renju/four-three-win.renju``), each with ``size``
    bytes of headers: one huge header in half of them, the players' names in the others."""
    moves = (ROOT / "examples" / "renju" / "four-three-win.renju").read_text(
        encoding="utf-8").split("\n\n", 1)[1]
    for number in range(count):
        if number % 2:
            head = f"Black: {'b' * (size // 2)}\nWhite: {'w' * (size // 2)}\n"
        else:
            head = f"Event: {'e' * size}\n"
        (folder / f"game{number:02}.renju").write_text(f"Game: renju\n{head}\n{moves}",
                                                       encoding="utf-8")


@dataclass(frozen=True)
class Case:
    name: str
    build: Callable[[Path, float], Path]  # writes the input under a folder, at a scale
    command: list[str]  # kifu's arguments; INPUT and OUT are replaced
    writes_folder: bool = False


def _file(name: str, make: Callable[[float], str]) -> Callable[[Path, float], Path]:
    def build(folder: Path, scale: float) -> Path:
        path = folder / name
        path.write_text(make(scale), encoding="utf-8")
        return path
    return build


def _folder(folder: Path, scale: float) -> Path:
    records = folder / "headers"
    records.mkdir()
    header_records(records, 20, int(8 * MB * scale))
    return records


CASES = [
    Case("12 show --format json --variations: Rengi 1.35 MiB",
         _file("variations.rengi", lambda s: rengi_variations(int(1.35 * MiB * s))),
         ["show", "--format", "json", "--variations", "INPUT"]),
    Case("13 convert --to json: SGF 16.5 MB with comments",
         _file("comments.sgf", lambda s: go_sgf(int(16.5 * MB * s), True)),
         ["convert", "--to", "json", "INPUT"]),
    Case("13 convert --to sgf: SGF 16.5 MB with comments",
         _file("comments.sgf", lambda s: go_sgf(int(16.5 * MB * s), True)),
         ["convert", "--to", "sgf", "INPUT"]),
    Case("13 convert --to json: SGF 3 MB without comments",
         _file("plain.sgf", lambda s: go_sgf(int(3 * MB * s), False)),
         ["convert", "--to", "json", "INPUT"]),
    Case("13 convert --to sgf: Renju 490,000 moves",
         _file("long.renju", lambda s: renju_moves(int(490_000 * s))),
         ["convert", "--to", "sgf", "INPUT"]),
    Case("14 render -f html --output-dir: 20 records, 8 MB headers", _folder,
         ["render", "-q", "-f", "html", "--output-dir", "OUT", "INPUT"], writes_folder=True),
]


def measure(case: Case, folder: Path, scale: float) -> tuple[int, float, float, int, str, float]:
    """Exit status, seconds, peak resident MB, bytes written, the first line on standard
    error, and the input's size in MB."""
    given = case.build(folder, scale)
    size = sum(p.stat().st_size for p in given.rglob("*")) if given.is_dir() \
        else given.stat().st_size
    out = folder / "out"
    args = [str(given) if a == "INPUT" else str(out) if a == "OUT" else a for a in case.command]
    started = time.perf_counter()
    with tempfile.TemporaryFile() as written, tempfile.TemporaryFile() as errors:
        status = subprocess.run([sys.executable, "-c", WRAPPER, sys.executable, "-m", "kifu",
                                 *args], stdout=written, stderr=errors, cwd=ROOT,
                                check=False).returncode
        seconds = time.perf_counter() - started
        produced = os.fstat(written.fileno()).st_size
        errors.seek(0)
        lines = errors.read().decode("utf-8", "replace").splitlines()
    if case.writes_folder and out.exists():
        produced = sum(p.stat().st_size for p in out.rglob("*") if p.is_file())
    peaks = [int(line.split()[1]) for line in lines if line.startswith("PEAK ")]
    first = next((line for line in lines if line.strip() and not line.startswith("PEAK ")), "")
    return status, seconds, peaks[-1] / 1024 if peaks else float("nan"), produced, \
        first[:110], size / MB


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").split("\n")[0])
    parser.add_argument("--quick", action="store_true", help="inputs at a tenth of the size")
    parser.add_argument("--only", default="", help="run the cases whose name holds this")
    options = parser.parse_args(argv)
    scale = 0.1 if options.quick else 1.0
    print(f"{'case':58} {'input':>8} {'exit':>4} {'time':>7} {'peak':>8} {'written':>10}")
    for case in CASES:
        if options.only not in case.name:
            continue
        with tempfile.TemporaryDirectory() as folder:
            status, seconds, peak, produced, first, size = measure(case, Path(folder), scale)
        print(f"{case.name:58} {size:6.2f}MB {status:4} {seconds:6.1f}s {peak:6.0f}MB "
              f"{produced / MB:8.1f}MB  {first}", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
