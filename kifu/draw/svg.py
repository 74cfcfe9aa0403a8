"""Building SVG with ElementTree, so every text a record supplies is escaped by construction.

Nothing here pastes strings into XML: attributes and text go through ElementTree, characters that
XML 1.0 cannot carry at all are replaced, and documents never refer to anything outside themselves.

A game that draws many positions of one board writes what they share once: :func:`fragments`
turns elements into the text ElementTree gives them at their depth in a document, and
:func:`slot` puts such text in a document, where :func:`to_string` copies it in as it stands.
The text was ElementTree's own, so it is escaped as every other part of the document is.
"""
from __future__ import annotations

import re
import xml.etree.ElementTree as ET
from collections.abc import Sequence

from kifu.base.terminal import display_width
from kifu.draw import glyphs

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


#: The widest a Latin character of a reader's sans-serif font is, in ems (the digits of DejaVu
#: Sans and of Verdana: 0.64), for the text kifu leaves to the reader's fonts.
LATIN_WIDTH = 0.64


def text_width(text: str, size: float, outline: bool = True) -> float:
    """How wide :func:`text_line` draws ``text`` at ``size``: its outlines' advances, or, for
    text left to the reader's fonts, as wide as the widest of the usual fonts makes it."""
    if outline and glyphs.beyond_latin(text) and glyphs.covers(text):
        return glyphs.advance(text, size)
    return display_width(text) * LATIN_WIDTH * size


def text_line(parent: ET.Element, text: object, x: float, y: float, size: float, *,
              anchor: glyphs.Anchor = "middle", baseline: glyphs.Baseline = "central",
              fill: str | None = None, class_: str | None = None, outline: bool = True,
              **attrs: object) -> ET.Element:
    """One line of ``text`` at (``x``, ``y``) in ``size`` user units: as outlines
    (:mod:`kifu.draw.glyphs`) when it holds a character past Latin (CJK: the glyphs a reader
    may have no font for), kifu has an outline for every character and ``outline`` is true;
    else as ``<text>`` in the reader's fonts (Latin, which every font draws, and a record's
    text).  ``anchor`` and ``baseline`` are those of SVG's ``text-anchor`` and
    ``dominant-baseline``; ``attrs`` go on the element, as :func:`element` names them."""
    shown = str(text)
    if not (outline and glyphs.beyond_latin(shown) and glyphs.covers(shown)):
        return element(parent, "text", shown, x=x, y=y, font_size=size, fill=fill,
                       class_=class_, text_anchor=None if anchor == "start" else anchor,
                       dominant_baseline=None if baseline == "alphabetic" else baseline,
                       **attrs)
    place, uses = glyphs.placed(shown, x, y, size, anchor, baseline)
    if len(uses) == 1 and not uses[0][1]:
        return element(parent, "use", href="#" + uses[0][0], transform=place, fill=fill,
                       class_=class_, data_text=shown, **attrs)
    group = element(parent, "g", transform=place, fill=fill, class_=class_, data_text=shown,
                    **attrs)
    for name, offset in uses:
        element(group, "use", href="#" + name, x=offset or None)
    return group


def fragments(parent: ET.Element, depth: int) -> list[str]:
    """Each child of ``parent`` as :func:`to_string` writes it ``depth`` levels down in a
    document (its children indented below it, no blanks before it, nothing after it).

    ``parent`` is a scratch element, part of no document: its children are written once and
    put in any number of documents with :func:`slot`.
    """
    written = []
    for child in parent:
        ET.indent(child, space=" ", level=depth)
        child.tail = None
        written.append(ET.tostring(child, encoding="unicode"))
    return written


def slot(parent: ET.Element, written: Sequence[str], depth: int) -> None:
    """Children written beforehand (:func:`fragments`, at ``depth``, the depth of
    ``parent``'s children) as the next children of ``parent``; nothing if there are none, so
    that a ``parent`` left empty is written as ElementTree writes an empty element."""
    if written:
        ET.SubElement(parent, _SLOT).text = ("\n" + " " * depth).join(written)


#: The tag that holds a slot's place while the document is written.
_SLOT = "kifu-slot"


def _serialized(root: ET.Element) -> str:
    """``ET.tostring(root, encoding="unicode")``, for the documents kifu builds (tags and
    names without namespaces, values strings), in a third of its time: ElementTree looks for
    namespaces in every element first, and a viewer's page draws tens of thousands of
    documents.  The escaping is ElementTree's own."""
    out: list[str] = []
    write, attrib, cdata = out.append, ET._escape_attrib, ET._escape_cdata  # type: ignore[attr-defined]
    stack: list[ET.Element | str] = [root]
    while stack:
        elem = stack.pop()
        if isinstance(elem, str):  # an end tag, then the tail after it
            write(elem)
            continue
        tag = elem.tag
        if not isinstance(tag, str) or tag.startswith("{"):
            return ET.tostring(root, encoding="unicode")  # not one of kifu's own
        write("<" + tag)
        for key, value in elem.attrib.items():
            write(f' {key}="{attrib(value)}"')
        tail = cdata(elem.tail) if elem.tail else ""
        if elem.text or len(elem):
            write(">")
            if elem.text:
                write(cdata(elem.text))
            stack.append(f"</{tag}>{tail}")
            stack.extend(reversed(elem))
        else:
            write(f" />{tail}")
    return "".join(out)


def to_string(root: ET.Element) -> str:
    """The document as text, slots (:func:`slot`) filled in, and the outlines of the glyphs
    it draws (:mod:`kifu.draw.glyphs`) defined at its top."""
    places = list(root.iter(_SLOT))
    held = [place.text or "" for place in places]
    defs = glyphs.definitions(glyphs.used_in(root, held))
    if defs is not None:
        titled = len(root) and root[0].tag == "title"
        root.insert(1 if titled else 0, defs)
    ET.indent(root, space=" ")
    for place in places:
        place.text = None
    try:
        text = _serialized(root) + "\n"
    finally:
        for place, written in zip(places, held):
            place.text = written
        if defs is not None:
            root.remove(defs)
    if not held:
        return text
    # ElementTree escapes every ``<`` of a record's text, so the empty slot elements are the
    # only places the text holds this tag.
    parts = text.split(f"<{_SLOT} />")
    return parts[0] + "".join(written + after for written, after in zip(held, parts[1:]))
