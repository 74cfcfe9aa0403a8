"""An animated GIF of a long game: frames drawn where they change, against the previous way
(every frame drawn whole), in the same run (run by hand, or ``python -m bench --long``).

    python bench/gif.py [--record examples/freego/nineteen.sgf] [--moves N]

Both ways draw the same SVG drawings (``kifu render -f gif``'s, made once, untimed) into the
same GIF writer; timed is the CPU time of each (resvg's drawing, Pillow's putting together and
writing), and the whole command as a process of its own.  Checked: both GIFs have the same
frames, each pixel within :data:`tests.render.test_render_frames.WITHIN` levels; printed, the
largest difference and how many pixels differ at all.
"""
from __future__ import annotations

import argparse
import io
import resource
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from PIL import Image, ImageChops

from kifu.render import images
from kifu.render.formats import Drawing, line_drawings
from kifu.run.load import load

#: As ``tests/render/test_render_frames.py`` holds it.
WITHIN = 16


def timed(drawings: list[str], delay: int, whole: bool) -> tuple[float, bytes]:
    started = time.process_time()
    made = images.gif(drawings, delay, len(drawings), whole=whole)
    return time.process_time() - started, made


def compared(one: bytes, other: bytes) -> tuple[int, int, int]:
    """The largest difference of two GIFs' frames, the pixels that differ, the pixels."""
    worst = differing = pixels = 0
    with Image.open(io.BytesIO(one)) as first, Image.open(io.BytesIO(other)) as second:
        assert first.n_frames == second.n_frames, (first.n_frames, second.n_frames)
        for index in range(first.n_frames):
            first.seek(index)
            second.seek(index)
            counts = ImageChops.difference(first.convert("RGB"),
                                           second.convert("RGB")).convert("L").histogram()
            worst = max(worst, max(level for level, count in enumerate(counts) if count))
            differing += sum(counts[1:])
            pixels += first.width * first.height
    return worst, differing, pixels


def main() -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").split("\n\n")[0])
    parser.add_argument("--record", default=str(ROOT / "examples" / "freego" / "nineteen.sgf"))
    parser.add_argument("--moves", type=int, default=None, help="end the line at this move")
    args = parser.parse_args()
    drawing = Drawing(move=args.moves)
    drawings = list(line_drawings(load(args.record), drawing)[0])
    delay = drawing.options.delay
    before, whole = timed(drawings, delay, whole=True)
    after, patched = timed(drawings, delay, whole=False)
    worst, differing, pixels = compared(whole, patched)
    with tempfile.TemporaryDirectory() as folder:
        command = [sys.executable, "-m", "kifu", "render", "-f", "gif", args.record,
                   "-o", str(Path(folder) / "game.gif")]
        if args.moves is not None:
            command += ["--move", str(args.moves)]
        children = resource.getrusage(resource.RUSAGE_CHILDREN)
        subprocess.run(command, check=True, cwd=ROOT)
        done = resource.getrusage(resource.RUSAGE_CHILDREN)
        process = (done.ru_utime - children.ru_utime) + (done.ru_stime - children.ru_stime)
    print(f"{Path(args.record).name}: {len(drawings)} frames")
    print(f"  every frame whole (the previous way): {before:.1f} s of CPU, {len(whole):,} bytes")
    print(f"  drawn where they change:              {after:.1f} s of CPU, {len(patched):,} bytes"
          f" ({before / after:.1f}x)")
    print(f"  kifu render -f gif as a process:     {process:.1f} s of CPU")
    print(f"  frames: largest difference {worst} of 255, {differing:,} of {pixels:,} pixels "
          f"differ ({differing / pixels:.4%})")
    return 0 if worst <= WITHIN else 1


if __name__ == "__main__":
    sys.exit(main())
