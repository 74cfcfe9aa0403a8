"""Gungi's moves: the values of the notation with the text of each (:mod:`.values`) and their
JSON form (:mod:`.json`)."""
from __future__ import annotations

from kifu.builtin.gungi.moves.json import (
    move_from_json,
    move_to_json,
    resolved_from_json,
    resolved_to_json,
)
from kifu.builtin.gungi.moves.values import (
    ASCII,
    CLAIM,
    DASH,
    KANJI,
    SECTION_WORDS,
    SECTIONS,
    BackFaces,
    Betrayed,
    Claim,
    Coord,
    Move,
    Placement,
    Ply,
    Resign,
    Resolved,
    Section,
    Style,
    move_text,
    plain_ply,
    ply_text,
)

__all__ = ["ASCII", "CLAIM", "DASH", "KANJI", "SECTIONS", "SECTION_WORDS", "BackFaces", "Betrayed",
           "Claim", "Coord", "Move", "Placement", "Ply", "Resign", "Resolved", "Section", "Style",
           "move_from_json", "move_text", "move_to_json", "plain_ply", "ply_text",
           "resolved_from_json", "resolved_to_json"]
