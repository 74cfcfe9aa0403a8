"""Rengi drawn: both fields side by side as SVG with next pieces, warnings and the last chain
(:mod:`.svg`), or in letters for terminals with the rows ``kifu show`` prints (:mod:`.text`)."""
from __future__ import annotations

from kifu.builtin.rengi.render.clicks import clicked_move, move_clicks
from kifu.builtin.rengi.render.svg import render_svg
from kifu.builtin.rengi.render.text import render_text, summary

__all__ = ["clicked_move", "move_clicks", "render_svg", "render_text", "summary"]
