"""The pages of ``kifu serve``: the explorer (one HTML file, its script and its style, package
data served by name from a fixed list: no path a request names reaches the disk), and kifu's
viewer of a record of the index, opened at a move.

The viewer's page carries its script and style inline; it is served with a content security
policy that allows exactly those (by their SHA-256) and nothing from elsewhere.
"""
from __future__ import annotations

import base64
import hashlib
import re
from functools import cache
from importlib import resources

from kifu.base.errors import KifuError
from kifu.corpus.values import GameInfo, Place
from kifu.plugin import RenderOptions
from kifu.reading.source import read_source
from kifu.render.viewer import page, views_of_text

#: The explorer's own files: name -> media type.
FILES = {
    "explorer.html": "text/html; charset=utf-8",
    "explorer.js": "text/javascript; charset=utf-8",
    "explorer.css": "text/css; charset=utf-8",
    "openapi.json": "application/json",
}

#: What every page may load: itself, nothing else.
POLICY = ("default-src 'self'; img-src 'self' data:; font-src 'self' data:; "
          "frame-ancestors 'none'; base-uri 'none'; form-action 'self'")


@cache
def static(name: str) -> bytes:
    """One of the explorer's files (``name`` one of :data:`FILES`)."""
    return resources.files(__package__).joinpath("static", name).read_bytes()


def viewer_page(info: GameInfo, place: Place) -> tuple[str, str]:
    """kifu's viewer of the record ``info`` opened at ``place``, and the content security
    policy it is served with; a ``KifuError`` if its file cannot be read now."""
    text = read_source(info.path).text
    views = views_of_text(text, info.path, lambda game: RenderOptions())
    if info.index >= len(views):
        raise KifuError(f"{info.path} no longer holds record {info.number}")
    view = views[info.index]
    view.opened = view.node_at(place.move, _path(place.variation)) if view.nodes else None
    html = page([view])
    return html, _inline_policy(html)


def _path(variation: str) -> tuple[int, ...]:
    return tuple(int(part) for part in variation.split(".")) if variation else ()


_INLINE = re.compile(r"<(script|style)>(.*?)</\1>", re.DOTALL)


def _inline_policy(html: str) -> str:
    """:data:`POLICY` with the page's own inline scripts and styles allowed by their hashes."""
    allowed: dict[str, list[str]] = {"script": [], "style": []}
    for kind, body in _INLINE.findall(html):
        digest = base64.b64encode(hashlib.sha256(body.encode("utf-8")).digest()).decode()
        allowed[kind].append(f"'sha256-{digest}'")
    return (f"{POLICY}; script-src 'self' {' '.join(allowed['script'])}; "
            f"style-src 'self' {' '.join(allowed['style'])}")
