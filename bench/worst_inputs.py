"""The worst inputs we can build for each game and format, and what kifu costs on them.

kifu must decide any input up to its size limit (16 MiB) within a few seconds per megabyte and a
few hundred megabytes of memory, whatever the input holds (issue 17).  This script builds, for
every game's native notation and JSON (and SGF where a game has one), the inputs that cost
kifu the most per byte: floods of the smallest items (comments, moves, passes, numbers,
variations, separators, blank lines), variations nested to the limit again and again, one huge
token, huge numbers, huge set-ups and hands.  Each runs as ``kifu validate -q -j 1`` (or the
command given) in a subprocess of its own; the table gives its size, exit status, time, peak
resident memory (the process's own high-water mark) and the first diagnostic.  Run by hand:

    python bench/worst_inputs.py [--mb 15] [--only SUBSTRING] [--command validate|convert|render]

Limits met on the way are kifu's own (``kifu.base.limits``): such an input is decided early with a
``limit`` error rather than read to its end.
"""
from __future__ import annotations

import argparse
import json
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
MB = 1024 * 1024


def fill(head: str, unit: str, size: int, tail: str = "\n") -> str:
    """``head``, then ``unit`` repeated up to ``size`` bytes (UTF-8), then ``tail``."""
    room = size - len((head + tail).encode())
    return head + unit * max(0, room // len(unit.encode())) + tail


def nested(opening: str, closing: str, depth: int, size: int, head: str) -> str:
    """Variations nested ``depth`` deep, again and again, up to ``size`` bytes."""
    block = opening * depth + closing * depth + " "
    return fill(head, block, size)


def json_record(game: str, move: dict, size: int, *, comments: bool = False,
                depth: int = 0) -> str:
    """A kifu JSON record of ``game`` with as many moves as fit in ``size`` bytes: plain, or
    each holding variations nested ``depth`` deep; or one move with as many comments."""
    node: dict = {"move": move}
    for _ in range(depth):
        node = {"move": move, "variations": [[node]]}
    head = (f'{{"format": "kifu-record", "version": 1, "game": "{game}", "headers": [], '
            '"setup": null, "comments": [], "moves": [')
    if comments:
        return fill(head + f'{{"move": {json.dumps(move)}, "comments": [', '"a", ', size,
                    '"a"]}]}\n')
    return fill(head, json.dumps(node) + ", ", size, json.dumps({"move": move}) + "]}\n")


#: The head of a PlayOK PGN game and of a RIF database, for the archives' cases.
PGN_HEAD = '[Site "PlayOK"]\n[Result "0-1"]\n[GameType "61,15"]\n\n'
RIF_HEAD = '<?xml version="1.0" encoding="UTF-8"?>\n<db>'


def cases(size: int) -> dict[str, tuple[Any, ...]]:
    """name -> (file name, builder of the text[, more arguments of the command])."""
    renju = "Game: renju\n\n"
    freego = "Game: freego\nBoard: grid:19\n\n"
    rengoma = ("Game: rengoma\nStock-black: 1 1 1 2 2 2 3 3 3 4 4 4\n"
               "Stock-red: 1 1 1 2 2 2 3 3 3 4 4 4\n\n")
    rengi = "Game: rengi\n\n"
    gungi = (ROOT / "examples" / "gungi" / "short-game.gungi").read_text(encoding="utf-8")
    ply = "▲1―6―1―兵"
    return {
        # Renju
        "renju: 2M short comments (issue 17)": ("c.renju", lambda: fill(renju + "1. h8 ",
                                                                         "{a} ", size)),
        "renju: comments, one a line": ("cl.renju", lambda: fill(renju + "1. h8\n", "{a}\n",
                                                                  size)),
        "renju: moves in one run": ("m.renju", lambda: fill(renju, "h8 ", size)),
        "renju: numbered moves": ("n.renju", lambda: fill(renju, "1. h8\n", size)),
        "renju: sibling variations": ("v.renju", lambda: fill(renju + "1. h8 ", "(i9) ",
                                                               size)),
        "renju: nested to the limit, repeated": ("d.renju", lambda: nested(
            "(h9 ", ")", 100, size, renju + "1. h8 ")),
        "renju: nested past the limit": ("dd.renju", lambda: nested("(h9 ", ")", 5000, size,
                                                                     renju + "1. h8 ")),
        "renju: offer of every point, repeated": ("o.renju", lambda: fill(
            renju + "1. h8 2. i9 3. j10 4. h9 offer[", "a1 ", size, "]\n")),
        "renju: headers": ("h.renju", lambda: "".join(f"K{i}: v\n" for i in range(size // 9))),
        "renju: blank lines": ("b.renju", lambda: fill(renju + "1. h8", "\n", size)),
        "renju: commas": ("k.renju", lambda: fill(renju + "1. h8", ",", size)),
        "renju: one comment of the whole file": ("big.renju", lambda: fill(renju + "1. h8 {",
                                                                            "x", size, "}\n")),
        "renju: set-up of many points": ("s.renju", lambda: fill(
            "Game: renju\nSetup-Black: ", "a1 ", size, "\n\n1. h8\n")),
        "renju: a number of 5,000 digits": ("num.renju", lambda: renju + "1. h8 2. h"
                                            + "1" * 5000 + "\n"),
        "renju: json moves": ("m.json", lambda: json_record("renju", {"type": "pass"}, size)),
        "renju: json comments": ("c.json", lambda: json_record("renju", {"type": "pass"}, size,
                                                               comments=True)),
        "renju: json nested to the limit": ("d.json", lambda: json_record(
            "renju", {"type": "pass"}, size, depth=100)),
        "renju: sgf comment of the whole file": ("c.sgf", lambda: fill(
            "(;GM[4]SZ[15];B[hh]C[", "x", size, "])\n")),
        "renju: sgf sibling variations": ("v.sgf", lambda: fill("(;GM[4]SZ[15];B[hh]",
                                                                 "(;W[ii])", size, ")\n")),
        # Renju's archives (issue 38)
        "renju: pgn empty turns": ("e.pgn", lambda: fill(PGN_HEAD, "1. -- -- ", size, "0-1\n")),
        "renju: pgn fillers, one a line": ("f.pgn", lambda: fill(PGN_HEAD, "--\n", size,
                                                                 "0-1\n")),
        "renju: psq stones, one a line": ("s.psq", lambda: fill(
            "Piskvorky 15x15, 11:11, 0\n", "8,8,0\n", size)),
        "renju: rif rows of the tables": ("r.rif", lambda: fill(
            RIF_HEAD + "<players>", '<p id="1" name="a"/>', size,
            "</players><games></games></db>\n")),
        "renju: rif entities (--format-in rif)": ("x.rif", lambda: fill(
            RIF_HEAD.replace("<db>", '<!DOCTYPE db [<!ENTITY e "' + "x" * 250 + '">]><db>')
            + "<players>", '<p id="1" name="' + "&e;" * 40 + '"/>', size,
            "</players><games></games></db>\n"), ("--format-in", "rif")),
        # Free-form Go
        "freego: moves": ("m.freego", lambda: fill(freego, "A1 ", size)),
        "freego: passes": ("p.freego", lambda: fill(freego, "pass ", size)),
        "freego: comments": ("c.freego", lambda: fill(freego + "D4 ", "{a} ", size)),
        "freego: sibling variations": ("v.freego", lambda: fill(freego + "D4 ", "(E5) ",
                                                                 size)),
        "freego: a variation at every move": ("vv.freego", lambda: fill(
            freego, "pass (D4) ", size)),
        "freego: nested to the limit, repeated": ("d.freego", lambda: nested(
            "(E5 ", ")", 100, size, freego + "D4 ")),
        "freego: one word of the whole file": ("w.freego", lambda: fill(freego, "x", size)),
        "freego: set-up of many stones": ("s.freego", lambda: fill(
            "Game: freego\nBoard: grid:19\nSetup-1: ", "A1 ", size, "\n\nD4\n")),
        "freego: json passes": ("p.json", lambda: json_record("freego", {"type": "pass"},
                                                              size)),
        "freego: sgf moves": ("m.sgf", lambda: fill("(;GM[1]SZ[19]", ";B[aa];W[bb]", size,
                                                    ")\n")),
        "freego: sgf white moves, a tree opened at each": ("t.sgf", lambda: (
            "(;GM[1]SZ[19];B[aa]" + "(;W[bb]" * (size // 8) + ")" * (size // 8) + ")\n")),
        # Rengoma
        "rengoma: turns": ("t.rengoma", lambda: fill(rengoma, "A c3 ", size)),
        "rengoma: one turn of extra actions": ("x.rengoma", lambda: fill(
            rengoma + "1. A c3", " *A c3", size)),
        "rengoma: comments": ("c.rengoma", lambda: fill(rengoma + "1. A c3 ", "{a} ", size)),
        "rengoma: sibling variations": ("v.rengoma", lambda: fill(rengoma + "1. A c3 ",
                                                                   "(A d4) ", size)),
        "rengoma: nested to the limit, repeated": ("d.rengoma", lambda: nested(
            "(A d4 ", ")", 100, size, rengoma + "1. A c3 ")),
        "rengoma: json turns": ("t.json", lambda: json_record(
            "rengoma", {"type": "turn", "actions": [{"action": "A", "square": "c3"}]}, size)),
        # Rengi
        "rengi: 1M passes (issue 17)": ("p.rengi", lambda: fill(rengi + "+3a ", "-P ", size)),
        "rengi: placements": ("m.rengi", lambda: fill(rengi + "+3a ", "12ab ", size)),
        "rengi: comments": ("c.rengi", lambda: fill(rengi + "+3a ", "{a} ", size)),
        "rengi: sibling variations": ("v.rengi", lambda: fill(rengi + "+3a -3a ", "(-4a) ",
                                                               size)),
        "rengi: nested to the limit, repeated": ("d.rengi", lambda: nested(
            "(-4a ", ")", 100, size, rengi + "+3a -3a ")),
        "rengi: field rows": ("f.rengi", lambda: fill(rengi + "[setup turn=first]\n",
                                                      "|......|......|\n", size)),
        "rengi: json passes": ("pj.json", lambda: json_record("rengi", {"type": "pass",
                                                                        "side": None}, size)),
        # Gungi
        "gungi: plies": ("p.gungi", lambda: fill(gungi, ply + "、", size)),
        "gungi: comments": ("c.gungi", lambda: fill(gungi, "[a]", size)),
        "gungi: sibling variations": ("v.gungi", lambda: fill(gungi, f"({ply})", size)),
        "gungi: nested to the limit, repeated": ("d.gungi", lambda: nested(
            f"({ply} ", ")", 100, size, gungi)),
        "gungi: a hand of every piece": ("h.gungi", lambda: fill(
            "先手の持駒：", "兵9 ", size, "\n")),
        "gungi: json plies": ("pg.json", lambda: json_record(
            "gungi", {"type": "ply", "side": 0, "piece": "兵", "file": 1, "rank": 6,
                      "tier": 1}, size)),
    }


#: Runs kifu and, at exit, reports the process's own peak (VmHWM: ``ru_maxrss`` would count
#: the memory of this script, which the child is forked from, too).
CHILD = """
import atexit, sys
def peak():
    with open('/proc/self/status') as status:
        for line in status:
            if line.startswith('VmHWM:'):
                sys.stderr.write('\\nPEAK ' + line.split()[1] + '\\n')
atexit.register(peak)
from kifu.commands.cli import main
main(sys.argv[1:], prog_name='kifu')
"""


def measure(path: Path, command: str, extra: tuple[str, ...] = ()) -> tuple[int, float, float,
                                                                         str]:
    """Exit status, seconds, peak resident MB and the first line of output of one run."""
    args = [sys.executable, "-c", CHILD, command]
    if command == "validate":
        args += ["-q", "-j", "1"]
    elif command == "convert":
        args += ["--to", "json"]
    else:
        args += ["--format", "text"]
    started = time.perf_counter()
    with tempfile.TemporaryFile() as errors:
        process = subprocess.Popen([*args, *extra, str(path)], stdout=subprocess.PIPE,
                                   stderr=errors,
                                   cwd=ROOT)
        assert process.stdout is not None
        head = process.stdout.readline().decode("utf-8", "replace")
        for _ in process.stdout:  # drain, so that the process never waits on us
            pass
        status = process.wait()
        seconds = time.perf_counter() - started
        errors.seek(0)
        lines = errors.read().decode("utf-8", "replace").splitlines()
    peaks = [int(line.split()[1]) for line in lines if line.startswith("PEAK ")]
    head = head or next((line for line in lines if line.strip() and not line.startswith("PEAK ")), "")
    message = head.split(": ", 1)[-1].strip()[:70]
    return status, seconds, (peaks[-1] / 1024 if peaks else float("nan")), message


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--mb", type=float, default=15, help="size of each input (MiB)")
    parser.add_argument("--only", default="", help="run the cases whose name holds this")
    parser.add_argument("--command", default="validate",
                        choices=["validate", "convert", "render"])
    options = parser.parse_args()
    size = int(options.mb * MB)
    rows = []
    with tempfile.TemporaryDirectory() as folder:
        for name, (file_name, build, *extra) in cases(size).items():
            if options.only not in name:
                continue
            path = Path(folder) / file_name
            path.write_text(build(), encoding="utf-8")
            megabytes = path.stat().st_size / MB
            status, seconds, peak, message = measure(path, options.command, *extra)
            path.unlink()
            rows.append((name, megabytes, status, seconds, peak, message))
            print(f"{name:42} {megabytes:5.1f} MiB  exit {status}  {seconds:6.1f} s "
                  f"({seconds / max(megabytes, 0.01):5.2f} s/MiB)  {peak:6.0f} MB  {message}",
                  flush=True)
    worst_time = max(rows, key=lambda r: r[3] / max(r[1], 1))
    worst_memory = max(rows, key=lambda r: r[4])
    print(f"\nslowest per MiB: {worst_time[0]} ({worst_time[3] / max(worst_time[1], 1):.2f} "
          f"s/MiB); most memory: {worst_memory[0]} ({worst_memory[4]:.0f} MB)")


if __name__ == "__main__":
    main()
