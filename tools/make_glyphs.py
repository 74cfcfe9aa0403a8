"""Write ``kifu/draw/fonts/glyphs.txt``: the outlines of every glyph kifu draws itself.

kifu draws its own text (piece names, coordinates, map names, hand labels, move numbers) as
outlines, so that a drawing looks the same on a machine with no CJK font (see
``docs/rendering.md``).  The outlines come from Noto Sans CJK JP Regular (SIL Open Font
License 1.1), which Debian ships as ``fonts-noto-cjk``::

    apt-get install fonts-noto-cjk
    pip install fonttools
    python tools/make_glyphs.py [FONT.ttc]

The characters are printable ASCII, every character of the cell labels of the built-in maps
(``kifu/builtin/*/boards/*.toml``) and every non-ASCII character of the string constants
(docstrings aside) of ``kifu/builtin``, ``kifu/draw`` and ``kifu/render``: what the games can
write into a drawing or a page, a little more than they do.  The tests check that every glyph a drawing of
an example asks for is here.

Each line of the output is one character: its code point in hex, its advance, its bounding
box (x min, y min, x max, y max) and its outline as SVG path data, all in units of 1/1000 em,
y growing downwards from the baseline.  Beside it the script writes ``OFL.txt``: the font's
copyright and licence, which go with the outlines.
"""
from __future__ import annotations

import ast
import sys
import tomllib
from pathlib import Path

from fontTools.pens.basePen import BasePen
from fontTools.pens.boundsPen import BoundsPen
from fontTools.ttLib import TTCollection, TTFont

ROOT = Path(__file__).resolve().parent.parent
OUT = ROOT / "kifu" / "draw" / "fonts"
FONT = Path("/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc")
#: The face of the collection: Noto Sans CJK JP (the games' own text is Japanese).
FACE = 0
DEBIAN_COPYRIGHT = Path("/usr/share/doc/fonts-noto-cjk/copyright")


def characters() -> list[str]:
    found = {chr(c) for c in range(0x20, 0x7F)}
    for path in sorted((ROOT / "kifu" / "builtin").rglob("*.toml")):
        data = tomllib.loads(path.read_text(encoding="utf-8"))
        for cell in data.get("cells", {}).values():
            found |= set(cell.get("label", ""))
    for folder in ("builtin", "draw", "render"):
        for path in sorted((ROOT / "kifu" / folder).rglob("*.py")):
            found |= _constants(path)
    return sorted(c for c in found if c.isprintable() and not c.isspace() or c == " ")


def _constants(path: Path) -> set[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    docstrings = set()
    for node in ast.walk(tree):
        if isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)):
            body = node.body
            if body and isinstance(body[0], ast.Expr) and isinstance(body[0].value, ast.Constant):
                docstrings.add(id(body[0].value))
    return {c for node in ast.walk(tree)
            if isinstance(node, ast.Constant) and isinstance(node.value, str)
            and id(node) not in docstrings
            for c in node.value if ord(c) > 0x7E}


class CompactPen(BasePen):
    """SVG path data with relative, whole-unit coordinates, y flipped (downwards), numbers
    apart by commas or their signs."""

    def __init__(self, glyphs: object) -> None:
        super().__init__(glyphs)
        self.parts: list[str] = []
        self.at = (0, 0)
        self.start = (0, 0)

    def _rel(self, *points: tuple[float, float]) -> str:
        out = []
        for x, y in points:
            px, py = round(x), -round(y)
            out.append((px - self.at[0], py - self.at[1]))
        return out

    def _emit(self, command: str, points: list[tuple[int, int]]) -> None:
        text = command
        for number in (n for point in points for n in point):
            piece = str(number)
            # no blanks: the viewer's page splits its drawings' lines at blanks
            text += piece if text[-1].isalpha() or piece.startswith("-") else "," + piece
        self.parts.append(text)

    def _moveTo(self, pt: tuple[float, float]) -> None:
        rel = self._rel(pt)
        self._emit("m", rel)
        self.at = (round(pt[0]), -round(pt[1]))
        self.start = self.at

    def _lineTo(self, pt: tuple[float, float]) -> None:
        rel = self._rel(pt)
        if rel[0] == (0, 0):
            return
        self._emit("l", rel)
        self.at = (round(pt[0]), -round(pt[1]))

    def _curveToOne(self, p1: tuple[float, float], p2: tuple[float, float],
                    p3: tuple[float, float]) -> None:
        self._emit("c", self._rel(p1, p2, p3))
        self.at = (round(p3[0]), -round(p3[1]))

    def _qCurveToOne(self, p1: tuple[float, float], p2: tuple[float, float]) -> None:
        self._emit("q", self._rel(p1, p2))
        self.at = (round(p2[0]), -round(p2[1]))

    def _closePath(self) -> None:
        self.parts.append("z")
        self.at = self.start

    def data(self) -> str:
        return "".join(self.parts)


def main(font_path: Path = FONT) -> None:
    font: TTFont = (TTCollection(str(font_path)).fonts[FACE] if font_path.suffix == ".ttc"
                    else TTFont(str(font_path)))
    cmap = font.getBestCmap()
    glyphs = font.getGlyphSet()
    metrics = font["hmtx"]
    lines = []
    missing = []
    for char in characters():
        name = cmap.get(ord(char))
        if name is None:
            missing.append(char)
            continue
        pen = CompactPen(glyphs)
        glyphs[name].draw(pen)
        bounds = BoundsPen(glyphs)
        glyphs[name].draw(bounds)
        x0, y0, x1, y1 = (round(v) for v in bounds.bounds) if bounds.bounds else (0, 0, 0, 0)
        lines.append(f"{ord(char):x} {metrics[name][0]} {x0} {-y1} {x1} {-y0} {pen.data()}")
    names = font["name"]
    head = [f"# Outlines of {names.getDebugName(4)} {names.getDebugName(5)}",
            f"# {names.getDebugName(0)} {names.getDebugName(7)}",
            f"# {names.getDebugName(13)}",
            "# Made by tools/make_glyphs.py: code point, advance, box, path (1/1000 em, y down).",
            f"# ascent {font['OS/2'].sTypoAscender} descent {-font['OS/2'].sTypoDescender}"]
    OUT.mkdir(parents=True, exist_ok=True)
    (OUT / "glyphs.txt").write_text("\n".join(head + lines) + "\n", encoding="utf-8")
    (OUT / "OFL.txt").write_text(_licence(names), encoding="utf-8")
    print(f"{len(lines)} glyphs written; not in the font: {''.join(missing)!r}")


def _licence(names: object) -> str:
    """The font's copyright and the text of the SIL Open Font License 1.1 (from Debian's
    copyright file of the font package)."""
    text = DEBIAN_COPYRIGHT.read_text(encoding="utf-8").split("\n")
    start = text.index("License: SIL-1.1", text.index("Files: debian/*"))
    body = []
    for line in text[start + 1:]:
        if line.startswith("License:"):
            break
        body.append("" if line.strip() == "." else line[1:])
    return ("The glyph outlines in glyphs.txt are taken from Noto Sans CJK JP Regular\n"
            f"({names.getDebugName(5)}; Debian package fonts-noto-cjk), by tools/make_glyphs.py.\n"  # type: ignore[attr-defined]
            f"{names.getDebugName(0)}\n"  # type: ignore[attr-defined]
            "They are licensed under the SIL Open Font License, Version 1.1:\n\n"
            + "\n".join(body).strip() + "\n")


if __name__ == "__main__":
    main(Path(sys.argv[1]) if len(sys.argv) > 1 else FONT)
