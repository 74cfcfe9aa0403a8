"""Rengoma 連駒: four in a row with pieces of different strengths that stack, for two players or
two teams of two.

The rules are the published ones, with kifu's defaults where their text is cut; kifu's own
decisions where the rules are silent are in ``DECISIONS.md`` beside this file.  In
short: a record's *move* is a whole turn (the normal action and its chip-paid ``*`` extras), so
turn numbers count turns; the stock orders are header lines and every placement's piece follows
from them; the win is checked after every action, the draw (no legal action) after every turn.
"""
from __future__ import annotations

from typing import Any

from kifu.game import Game, Outcome, Played, RenderOptions
from kifu.games.rengoma import moves, notation, position, rules, setup
from kifu.games.rengoma.moves import Turn
from kifu.games.rengoma.position import Position
from kifu.record import Record


class Rengoma(Game[Position, Turn]):
    name = "rengoma"
    title = "Rengoma 連駒"
    aliases = ("連駒", "れんごま")
    result_names = {"b": "black", "1-0": "black", "黒": "black", "r": "red", "0-1": "red",
                    "赤": "red", "1/2-1/2": "draw", "引き分け": "draw"}
    suffixes = (".rengoma",)
    notation = ("header lines (Board, Pieces, Stock-black/-red, Players), then turns: "
                "A c3, B d4, C c3-c6, extra actions *A/*B/*C")
    dialects = {
        "numbered": "every turn numbered, six to a line (the default)",
        "plain": "the turns without numbers",
    }
    player_headers = ("Black", "Red")
    move_types = (Turn,)
    render_options = {"stacks": "list every stack's pieces, single pieces too, under the "
                                "diagram (text) or in the legend (SVG)"}

    def parse(self, text: str, source: str = "<string>") -> Record:
        return notation.parse(text, source)

    def write(self, record: Record, dialect: str | None = None) -> str:
        return notation.write(record, numbered=dialect != "plain")

    def move_to_json(self, move: Any) -> dict[str, Any]:
        return moves.move_to_json(move)

    def move_from_json(self, data: dict[str, Any]) -> Any:
        return moves.move_from_json(data)

    def setup_to_json(self, data: Any) -> Any:
        return setup.to_json(data)

    def setup_from_json(self, data: Any) -> Any:
        return setup.from_json(data)

    def start(self, record: Record) -> Position:
        return rules.start(record)

    def play(self, pos: Position, move: Any, *, lenient: bool = False) -> Played:
        return rules.play(pos, move, lenient)

    def copy(self, pos: Position) -> Position:
        return pos.copy()

    def legal_moves(self, pos: Position) -> list[Turn]:
        """Every turn of one action (see :func:`kifu.games.rengoma.rules.legal_turns`)."""
        return rules.legal_turns(pos)

    def outcome(self, pos: Position) -> Outcome | None:
        return rules.outcome(pos)

    def render_svg(self, pos: Position, options: RenderOptions,
                   record: Record | None = None) -> str:
        from kifu.games.rengoma import render

        return render.render_svg(pos, options, record)

    def render_text(self, pos: Position, options: RenderOptions) -> str:
        from kifu.games.rengoma import render

        return render.render_text(pos, options)

    def event_text(self, event: dict[str, Any]) -> str | None:
        from kifu.games.rengoma import events

        return events.event_text(event)

    def summary(self, pos: Position) -> list[tuple[str, str]]:
        from kifu.games.rengoma import render

        return render.summary(pos)

    def position_to_json(self, pos: Position) -> dict[str, Any]:
        return position.to_json(pos)

    def replay_schema(self) -> dict[str, Any]:
        from kifu.games.rengoma import events

        return events.REPLAY_SCHEMA


GAME = Rengoma()
