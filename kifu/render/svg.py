"""Building SVG with ElementTree, so every text a record supplies is escaped by construction.

Nothing here pastes strings into XML: attributes and text go through ElementTree, characters that
XML 1.0 cannot carry at all are replaced, and documents never refer to anything outside themselves.
"""
from __future__ import annotations

import re
import xml.etree.ElementTree as ET

SVG_NS = "http://www.w3.org/2000/svg"
FONT = "DejaVu Sans, Noto Sans CJK JP, Hiragino Sans, sans-serif"


#: The most characters of one text a drawing shows (a title, a legend line): a record's name
#: of megabytes would otherwise go into every drawing of it, and into each of the viewer's
#: positions (20 records of 8 MB headers made 761 MB of pages in 105 s).
TEXT_WIDTH = 200

#: A character XML 1.0 cannot hold (control characters but tab and line end, surrogates, ...).
_NOT_XML = re.compile("[^\t\n\x20-\ud7ff\ue000-\ufffd\U00010000-\U0010ffff]")


def xml_text(value: object) -> str:
    """``value`` as text XML 1.0 can hold: other control characters become U+FFFD."""
    return _NOT_XML.sub("\ufffd", str(value))


def _fmt(value: object) -> str:
    if isinstance(value, float):
        return f"{value:.2f}".rstrip("0").rstrip(".")
    return xml_text(value)


def document(width: float, height: float, title: str | None = None,
             pixel_width: float | None = None) -> ET.Element:
    """An ``<svg>`` root with a ``viewBox`` of ``width`` x ``height`` user units."""
    scale = (pixel_width / width) if pixel_width else 1.0
    root = ET.Element("svg", {
        "xmlns": SVG_NS,
        "viewBox": f"0 0 {_fmt(width)} {_fmt(height)}",
        "width": _fmt(width * scale),
        "height": _fmt(height * scale),
        "font-family": FONT,
    })
    if title:
        element(root, "title", text=title)
    return root


def element(parent: ET.Element, tag: str, text: object | None = None, **attrs: object) -> ET.Element:
    """A child element; ``class_`` and ``font_size`` style names become ``class`` and ``font-size``."""
    child = ET.SubElement(parent, tag, {k.rstrip("_").replace("_", "-"): _fmt(v)
                                        for k, v in attrs.items() if v is not None})
    if text is not None:
        shown = str(text)
        if len(shown) > TEXT_WIDTH:
            shown = shown[:TEXT_WIDTH - 1] + "\u2026"
        child.text = xml_text(shown)
    return child


def to_string(root: ET.Element) -> str:
    ET.indent(root, space=" ")
    return ET.tostring(root, encoding="unicode") + "\n"
