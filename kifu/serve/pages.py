"""The pages of ``kifu serve``: the explorer (one HTML file, its script and its style, package
data served by name from a fixed list: no path a request names reaches the disk), and kifu's
viewer of a record of the index, opened at a move.

Every text the pages show is a key of the pages' words (:mod:`kifu.serve.words`): the HTML
marks each element's by ``data-text``, filled in here in the language the page is asked in
(and its ``lang`` set to it), and the script says them again from the same table, carried
in the page, when the reader picks another language.

The viewer's page carries its script and style inline; it is served with a content security
policy that allows exactly those (by their SHA-256) and nothing from elsewhere.
"""
from __future__ import annotations

import base64
import hashlib
import html as markup
import json
import re
from functools import cache
from importlib import resources

from kifu.base.errors import KifuError
from kifu.corpus.values import GameInfo, Place
from kifu.plugin import RenderOptions, registry
from kifu.reading.source import read_source
from kifu.render.viewer import GameView, Marker, page, views_of_text
from kifu.serve import words
from kifu.serve.boards import described

#: The explorer's own files: name -> media type.
FILES = {
    "explorer.html": "text/html; charset=utf-8",
    "explorer.js": "text/javascript; charset=utf-8",
    "explorer.css": "text/css; charset=utf-8",
    "follow.css": "text/css; charset=utf-8",
    "openapi.json": "application/json",
}

#: The explorer beside a record's viewer (filled in by ``explorer.js``).
FOLLOW = """<aside class="ke-follow" aria-labelledby="ke-follow-h">
<h2 id="ke-follow-h" data-text="followed"></h2>
<p id="ke-summary" aria-live="polite"></p>
<table class="ke-moves">
<caption data-text="next"></caption>
<thead><tr><th scope="col" data-text="move"></th><th scope="col" data-text="games"></th>\
<th scope="col" data-text="results"></th></tr></thead>
<tbody id="ke-moves"></tbody>
</table>
<p><a href="/" data-text="home"></a></p>
</aside>
"""
#: An element whose text is the pages' words' ``key`` (its text, from the table).
_TEXT = re.compile(r'(<(\w+)\b[^>]*\bdata-text="(\w+)"[^>]*>)[^<]*(</\2>)')

#: What every page may load: itself, nothing else.
POLICY = ("default-src 'self'; img-src 'self' data:; font-src 'self' data:; "
          "frame-ancestors 'none'; base-uri 'none'; form-action 'self'")


@cache
def static(name: str) -> bytes:
    """One of the explorer's files (``name`` one of :data:`FILES`)."""
    return resources.files(__package__).joinpath("static", name).read_bytes()


@cache
def explorer_page(language: str) -> str:
    """The explorer's page in ``language`` (one of :func:`words.languages`): its texts, its
    ``lang``, its choice of languages (each named in itself) and the words the script says
    again in another."""
    page = said(static("explorer.html").decode("utf-8"), language)
    page = page.replace('<html lang="en">', f'<html lang="{language}">', 1)
    choices = "".join(f'<option value="{code}" lang="{code}"'
                      f'{" selected" if code == language else ""}>{markup.escape(name)}</option>'
                      for code, name in words.languages().items())
    page = page.replace('<select id="ke-lang"></select>', f'<select id="ke-lang">{choices}</select>', 1)
    return page.replace("</head>", _words_block() + "</head>", 1)


def said(page: str, language: str) -> str:
    """``page`` with the text of each element marked ``data-text`` in ``language``."""
    table = words.interface()[language]
    return _TEXT.sub(lambda found: found.group(1) + markup.escape(table[found.group(3)], False)
                     + found.group(4), page)


@cache
def _words_block() -> str:
    """The pages' words in every language, as data the page's script reads (no script: the
    content security policy lets it be)."""
    data = json.dumps(words.interface(), ensure_ascii=False).replace("</", "<" + chr(92) + "/")
    return f'<script type="application/json" id="ke-words">{data}</script>\n'


def viewer_page(info: GameInfo, place: Place, marker: Marker | None = None) -> tuple[str, str]:
    """kifu's viewer of the record ``info`` opened at ``place`` (its position there marked by
    ``marker``: the stones a search matched), the explorer beside it following the game, and
    the content security policy it is served with; a ``KifuError`` if its file cannot be read
    now."""
    text = read_source(info.path).text
    marked = {info.index: (place.depth, place.path, marker)} if marker else None
    views = views_of_text(text, info.path, lambda game: RenderOptions(), marked=marked)
    if info.index >= len(views):
        raise KifuError(f"{info.path} no longer holds record {info.number}")
    view = views[info.index]
    view.opened = view.node_at(place.move, place.path) if view.nodes else None
    html = page([view])
    html = html.replace("</head>", '<link rel="stylesheet" href="/static/follow.css">\n</head>', 1)
    html = html.replace("</body>", _follow(info, view) + "</body>", 1)
    return html, _inline_policy(html)


def _follow(info: GameInfo, view: GameView) -> str:
    """The explorer beside the viewer: its panel, and each node's move and line (as the
    explorer asks for a record's position) and the game's sides and their names for the
    page's script."""
    nodes = [None if node.fault else [node.number or 0, ".".join(map(str, node.path))]
             for node in view.nodes]
    data = json.dumps({"record": info.id, "game": info.game, "nodes": nodes,
                       **described(registry.find(info.game or ""))})
    # in English, as the viewer's page is written: the script says it again in the language
    # the viewer picks
    return (said(FOLLOW, "en") + _words_block()
            + f'<script type="application/json" id="ke-follow-data">'
              f'{data.replace("</", "<" + chr(92) + "/")}</script>\n'
            '<script src="/static/explorer.js" defer></script>\n')


_INLINE = re.compile(r"<(script|style)>(.*?)</\1>", re.DOTALL)


def _inline_policy(html: str) -> str:
    """:data:`POLICY` with the page's own inline scripts and styles allowed by their hashes."""
    allowed: dict[str, list[str]] = {"script": [], "style": []}
    for kind, body in _INLINE.findall(html):
        digest = base64.b64encode(hashlib.sha256(body.encode("utf-8")).digest()).decode()
        allowed[kind].append(f"'sha256-{digest}'")
    return (f"{POLICY}; script-src 'self' {' '.join(allowed['script'])}; "
            f"style-src 'self' {' '.join(allowed['style'])}")
