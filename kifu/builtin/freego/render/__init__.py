"""Free-form Go drawn: SVG (:mod:`.svg`, with where a map's cells go and what every drawing of
one board keeps in :mod:`.layout`), text and the rows ``kifu show`` prints (:mod:`.text`), and
grid positions as plain-text diagrams both ways (:mod:`.diagram`, for rule tests)."""
from __future__ import annotations

from kifu.builtin.freego.render.clicks import clicked_move, drawn_places, move_clicks
from kifu.builtin.freego.render.svg import problem_area, render_svg
from kifu.builtin.freego.render.text import render_text, summary

__all__ = ["clicked_move", "drawn_places", "move_clicks", "problem_area", "render_svg",
           "render_text", "summary"]
