"""The interactive viewer: ``kifu render --format html``.

:func:`build_view` replays a record and draws every position with the game's own renderer;
:func:`views_of_text` does so for every game a file holds; :func:`page` and :func:`fragment`
write views as one self-contained HTML file or as a block to paste into another page;
:func:`index_written` lists the pages of a batch in an ``index.html``.  The batch task itself
(:mod:`kifu.render.viewer.page_task`) builds on :mod:`kifu.run.output_folder`.
"""
from __future__ import annotations

from kifu.render.viewer.files import open_at, reports_of, views_of_text
from kifu.render.viewer.htmlpage import fragment, page
from kifu.render.viewer.index import (
           INDEX,
           IndexBuilder,
           IndexRow,
           index_rows,
           index_written,
           write_index,
)
from kifu.render.viewer.model import GameView, Marker, build_view, failed_view

__all__ = ["INDEX", "GameView", "IndexBuilder", "IndexRow", "Marker", "build_view", "failed_view", "fragment",
           "index_rows", "index_written", "open_at", "page", "reports_of", "views_of_text",
           "write_index"]
