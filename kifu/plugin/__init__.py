"""The contract a game fulfils, and everything a game's author uses: one import surface.

A game plug-in subclasses :class:`GamePlugin` (:mod:`.contract`) and answers with the values of
:mod:`.values` (:class:`Outcome`, :class:`Played`, :class:`Step`, :class:`RenderOptions`); its
card (:class:`Card`) announces it and names it once.  The replay driver is written once for
every game (:mod:`.driver`); the registry finds games by their cards (:mod:`.registry`); a
record's JSON form is :mod:`.jsonform`.

A game imports what it uses from here, and from nowhere else in kifu (``kifu/builtin/README.md``
lists each name with what it is for): the record and its errors; the limits every input is read
under; reading a notation (the Lark grammars, the layout native notations share, JSON values,
files a record names); SGF's syntax and its bridge to a record's lines; drawing (SVG documents
and kifu's glyphs, grids, text diagrams); symmetries and position keys for a corpus index.  The
names below the contract are found when first asked for, so that importing the contract costs
none of them.
"""
from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

from kifu.base.cards import Card
from kifu.base.cards import built_in as built_in_card
from kifu.plugin.contract import AnyGame, Console, Format, GamePlugin, later
from kifu.plugin.typeparams import Event, MoveT, PositionT, SetupDefault, SetupT

#: The modules below the contract a game's author uses, and the names each gives: a name of
#: this surface is the module's own name for it (``sgf``, ``sgf_lines`` and ``sgf_properties``
#: are modules whole).
SURFACE: dict[str, tuple[str, ...]] = {
    "kifu.base.errors": ("ConversionError", "EncodingError", "GameOverError", "HeaderError",
                         "IllegalMoveError", "KifuError", "LimitError", "NotationError",
                         "OptionError", "PEDANTIC", "ReadError", "ResultError", "SetupError",
                         "UnknownGameError"),
    "kifu.base.exitcodes": ("INVALID", "USAGE"),
    "kifu.base.limits": ("MAX_DIGITS", "MAX_MOVES", "MAX_TOKENS", "read_int", "shorten",
                         "too_many_moves", "too_many_tokens"),
    "kifu.base.collection": ("Reading",),
    "kifu.base.markup": ("Markup",),
    "kifu.base.native": ("compiled",),
    "kifu.base.record": ("LINE_END", "NODE", "NODE_END", "VARIATION", "Node", "ReadOptions",
                         "Record", "Span", "in_writing_order", "is_event"),
    "kifu.base.terminal": ("display_width",),
    "kifu.base.version": ("__version__",),
    "kifu.reading.access": ("AccessError", "read_file", "read_reference"),
    "kifu.reading.jsonvalues": ("whole",),
    "kifu.reading.movetext": ("RecordBuilder", "comment_text", "header_lines", "header_span",
                              "joined", "native_head", "read_record", "record_pieces"),
    "kifu.reading.source": ("HEAD_BYTES", "MAX_BYTES", "check_encoding_name", "guess_legacy",
                            "likeliest_cjk"),
    "kifu.draw.diagram": ("grid_diagram",),
    "kifu.draw.svg": ("document", "element", "fragments", "slot", "text_line", "text_width",
                      "to_string"),
    "kifu.plugin.clicks": ("Clicks", "button", "cell", "column", "draw_matches", "in_hand",
                           "mark_point", "point", "point_of"),
    "kifu.plugin.editor": ("EditorLayout", "EditorPiece"),
    "kifu.plugin.keys": ("Fields", "Keyed", "escape", "outcome_field", "read_rows",
                         "rows_text", "unescape"),
    "kifu.plugin.symmetry": ("EMPTY", "IDENTITY", "MARK", "Grid", "LaneTracker", "Lanes",
                             "Symmetry", "Traced", "VariantTracker", "colour_symmetry",
                             "grid_symmetry", "lanes", "make_symmetry"),
    "kifu.plugin.values": ("NUMBER", "CompiledLine", "Outcome", "Played", "RenderOptions", "Step"),
}
#: Modules a game uses whole, by the name it has here.
MODULES = {"grammar": "kifu.reading.grammar", "grid": "kifu.draw.grid", "sgf": "kifu.sgf.syntax",
           "sgf_lines": "kifu.sgf.lines", "sgf_properties": "kifu.sgf.properties"}
_FOUND_IN = {name: module for module, names in SURFACE.items() for name in names}

if TYPE_CHECKING:  # what __getattr__ hands out, as type checkers see it
    from kifu.base.collection import Reading
    from kifu.base.errors import (
        PEDANTIC,
        ConversionError,
        EncodingError,
        GameOverError,
        HeaderError,
        IllegalMoveError,
        KifuError,
        LimitError,
        NotationError,
        OptionError,
        ReadError,
        ResultError,
        SetupError,
        UnknownGameError,
    )
    from kifu.base.exitcodes import INVALID, USAGE
    from kifu.base.limits import (
        MAX_DIGITS,
        MAX_MOVES,
        MAX_TOKENS,
        read_int,
        shorten,
        too_many_moves,
        too_many_tokens,
    )
    from kifu.base.markup import Markup
    from kifu.base.native import compiled
    from kifu.base.record import (
        LINE_END,
        NODE,
        NODE_END,
        VARIATION,
        Node,
        ReadOptions,
        Record,
        Span,
        in_writing_order,
        is_event,
    )
    from kifu.base.terminal import display_width
    from kifu.base.version import __version__
    from kifu.draw import grid
    from kifu.draw.diagram import grid_diagram
    from kifu.draw.svg import document, element, fragments, slot, text_line, text_width, to_string
    from kifu.plugin.clicks import (
        Clicks,
        button,
        cell,
        column,
        draw_matches,
        in_hand,
        mark_point,
        point,
        point_of,
    )
    from kifu.plugin.editor import EditorLayout, EditorPiece
    from kifu.plugin.keys import (
        Fields,
        Keyed,
        escape,
        outcome_field,
        read_rows,
        rows_text,
        unescape,
    )
    from kifu.plugin.symmetry import (
        EMPTY,
        IDENTITY,
        MARK,
        Grid,
        Lanes,
        LaneTracker,
        Symmetry,
        Traced,
        VariantTracker,
        colour_symmetry,
        grid_symmetry,
        lanes,
        make_symmetry,
    )
    from kifu.plugin.values import NUMBER, CompiledLine, Outcome, Played, RenderOptions, Step
    from kifu.reading import grammar
    from kifu.reading.access import AccessError, read_file, read_reference
    from kifu.reading.jsonvalues import whole
    from kifu.reading.movetext import (
        RecordBuilder,
        comment_text,
        header_lines,
        header_span,
        joined,
        native_head,
        read_record,
        record_pieces,
    )
    from kifu.reading.source import (
        HEAD_BYTES,
        MAX_BYTES,
        check_encoding_name,
        guess_legacy,
        likeliest_cjk,
    )
    from kifu.sgf import lines as sgf_lines
    from kifu.sgf import properties as sgf_properties
    from kifu.sgf import syntax as sgf


def __getattr__(name: str) -> Any:
    """A name of the surface below the contract, imported the first time it is asked for."""
    if name in MODULES:
        found: Any = importlib.import_module(MODULES[name])
    elif name in _FOUND_IN:
        found = getattr(importlib.import_module(_FOUND_IN[name]), name)
    else:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    globals()[name] = found  # asked for once
    return found


__all__ = ["EMPTY", "HEAD_BYTES", "IDENTITY", "INVALID", "LINE_END", "MARK", "MAX_BYTES",
           "MAX_DIGITS", "MAX_MOVES", "MAX_TOKENS", "NODE", "NODE_END", "NUMBER", "PEDANTIC",
           "USAGE", "VARIATION", "AccessError", "AnyGame", "Card", "Clicks", "CompiledLine",
           "Console",
           "ConversionError",
           "EditorLayout", "EditorPiece", "EncodingError", "Event", "Fields", "Format",
           "GameOverError", "GamePlugin", "Grid", "HeaderError", "IllegalMoveError", "Keyed",
           "KifuError", "LaneTracker", "Lanes", "LimitError",
           "Markup", "MoveT", "Node", "NotationError", "OptionError", "Outcome", "Played",
           "PositionT", "ReadError", "ReadOptions", "Reading", "Record", "RecordBuilder",
           "RenderOptions", "ResultError", "SetupDefault", "SetupError", "SetupT", "Span", "Step",
           "Symmetry", "Traced", "UnknownGameError", "VariantTracker", "__version__", "built_in_card",
           "button", "cell", "check_encoding_name", "colour_symmetry", "column", "comment_text", "compiled",
           "display_width", "draw_matches",
           "document", "element", "escape", "fragments", "grammar", "grid", "grid_diagram",
           "grid_symmetry", "guess_legacy", "header_lines", "header_span", "in_hand",
           "in_writing_order",
           "is_event", "joined", "lanes", "later", "likeliest_cjk", "make_symmetry", "mark_point",
           "native_head", "outcome_field",
           "point", "point_of", "read_file", "read_int", "read_record", "read_reference",
           "read_rows", "record_pieces",
           "rows_text", "sgf", "sgf_lines", "sgf_properties", "shorten", "slot", "text_line", "text_width",
           "to_string", "too_many_moves", "too_many_tokens", "unescape", "whole"]
