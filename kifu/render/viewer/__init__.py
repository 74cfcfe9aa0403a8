"""The interactive viewer: ``kifu render --format html``.

:func:`build_view` replays a record and draws every position with the game's own renderer;
:func:`page` and :func:`fragment` write views as one self-contained HTML file or as a block to
paste into another page; :func:`views_of_text` reads every game a file holds; :func:`index_rows`
and :func:`write_index` list a folder of pages in an index.
"""
from __future__ import annotations

from kifu.render.viewer.files import views_of_text
from kifu.render.viewer.htmlpage import fragment, page
from kifu.render.viewer.index import INDEX, IndexRow, index_rows, write_index
from kifu.render.viewer.model import GameView, build_view, failed_view

__all__ = ["INDEX", "GameView", "IndexRow", "build_view", "failed_view", "fragment",
           "index_rows", "page", "views_of_text", "write_index"]
