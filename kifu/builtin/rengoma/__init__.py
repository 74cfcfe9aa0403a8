"""Rengoma 連駒: four in a row with pieces of different strengths that stack, for two players or
two teams of two.

The rules are the published ones, with kifu's defaults where their text is cut; kifu's own
decisions where the rules are silent are in ``DECISIONS.md`` beside this file.  In
short: a record's *move* is a whole turn (the normal action and its chip-paid ``*`` extras), so
turn numbers count turns; the stock orders are header lines and every placement's piece follows
from them; the win is checked after every action, the draw (no legal action) after every turn.
"""
from __future__ import annotations

from typing import TYPE_CHECKING

from kifu.plugin import GamePlugin, built_in_card

if TYPE_CHECKING:  # the modules are imported when first used
    from kifu.builtin.rengoma import moves, position, setup  # noqa: F401 - the base's text
    from kifu.builtin.rengoma.moves import Action, Turn
    from kifu.builtin.rengoma.position import Position


class Rengoma(GamePlugin["position.Position", "moves.Turn", "setup.positions.Setup"]):
    card = built_in_card("rengoma")
    draws_matches = True
    sides = ("black", "red")
    side_names = {"en": {"black": "Black", "red": "Red"}, "ja": {"black": "黒", "red": "赤"}}
    result_names = {"b": "black", "1-0": "black", "黒": "black", "r": "red", "0-1": "red",
                    "赤": "red", "1/2-1/2": "draw", "引き分け": "draw"}
    notation = ("header lines (Board, Pieces, Stock-black/-red, Players), then turns: "
                "A c3, B d4, C c3-c6, extra actions *A/*B/*C")
    dialects = {
        "numbered": "every turn numbered, six to a line (the default)",
        "plain": "the turns without numbers",
    }
    player_headers = ("Black", "Red")
    render_options = {"stacks": "list every stack's pieces, single pieces too, under the "
                                "diagram (text) or in the legend (SVG)"}

    def is_legal(self, pos: Position, turn: Turn) -> bool:
        # The listed turns, and those extended with extra actions (not listed).
        from kifu.builtin.rengoma import rules

        return rules.is_legal(pos, turn)

    def extra_actions(self, pos: Position, turn: Turn) -> list[Action]:
        """The extra actions, paid with chips, that may extend ``turn`` (Rengoma's own: see
        :func:`kifu.builtin.rengoma.rules.extra_actions`)."""
        from kifu.builtin.rengoma import rules

        return rules.extra_actions(pos, turn)


GAME = Rengoma()
