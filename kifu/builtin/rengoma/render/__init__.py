"""Rengoma drawn: SVG with the pieces inside their squares (:mod:`.svg`), and text for
terminals with the rows ``kifu show`` prints (:mod:`.text`)."""
from __future__ import annotations

from kifu.builtin.rengoma.render.clicks import clicked_move, move_clicks, moves_after
from kifu.builtin.rengoma.render.svg import render_svg
from kifu.builtin.rengoma.render.text import render_text, summary

__all__ = ["clicked_move", "move_clicks", "moves_after", "render_svg", "render_text", "summary"]
