"""Rengoma 連駒: four in a row with pieces of different strengths that stack, for two players or
two teams of two.

The rules are the published ones, with kifu's defaults where their text is cut; kifu's own
decisions where the rules are silent are in ``DECISIONS.md`` beside this file.  In
short: a record's *move* is a whole turn (the normal action and its chip-paid ``*`` extras), so
turn numbers count turns; the stock orders are header lines and every placement's piece follows
from them; the win is checked after every action, the draw (no legal action) after every turn.
"""
from __future__ import annotations

import json
from importlib import resources
from typing import Any

from kifu.game import Game, Outcome, Played, RenderOptions
from kifu.games.rengoma import notation, records, rules, setup, words
from kifu.games.rengoma.position import Position
from kifu.games.rengoma.render_svg import render_svg
from kifu.games.rengoma.render_text import render_text
from kifu.games.rengoma.summary import position_to_json, summary_rows
from kifu.record import Record

class Rengoma(Game):
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
    render_options = {"stacks": "list every stack's pieces, single pieces too, under the "
                                "diagram (text) or in the legend (SVG)"}

    def parse(self, text: str, source: str = "<string>") -> Record:
        return records.parse(text, source)

    def write(self, record: Record, dialect: str | None = None) -> str:
        return records.write(record, numbered=dialect != "plain")

    def move_to_json(self, move: Any) -> dict[str, Any]:
        return notation.move_to_json(move)

    def move_from_json(self, data: dict[str, Any]) -> Any:
        return notation.move_from_json(data)

    def setup_to_json(self, data: Any) -> Any:
        return setup.to_json(data)

    def setup_from_json(self, data: Any) -> Any:
        return setup.from_json(data)

    def start(self, record: Record) -> Position:
        return setup.start_position(record)

    def play(self, position: Position, move: Any, *, lenient: bool = False) -> Played:
        return rules.play(position, move)

    def copy(self, position: Position) -> Position:
        return position.copy()

    def outcome(self, position: Position) -> Outcome | None:
        return position.outcome

    def render_svg(self, position: Position, options: RenderOptions,
                   record: Record | None = None) -> str:
        return render_svg(position, options, record)

    def render_text(self, position: Position, options: RenderOptions) -> str:
        return render_text(position, options)

    def event_text(self, event: dict[str, Any]) -> str | None:
        return words.event_text(event)

    def summary(self, position: Position) -> list[tuple[str, str]]:
        return summary_rows(position)

    def position_to_json(self, position: Position) -> dict[str, Any]:
        return position_to_json(position)

    def replay_schema(self) -> dict[str, Any]:
        schema = resources.files(__package__).joinpath("replay.schema.json")
        return json.loads(schema.read_text(encoding="utf-8"))


GAME = Rengoma()
