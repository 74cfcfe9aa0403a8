"""Gungi 軍儀 under the Nishitsuji rules (西辻ルール): stacks of three on a 9x9 board.

Rules and notation: the Nishitsuji rules text (2012) with its record notation (§十八) and sample
game; the readings kifu takes where the text is silent or open are in ``DECISIONS.md`` beside
this file.
"""
from __future__ import annotations

from typing import Any

from kifu.game import Game, Outcome, Played, RenderOptions
from kifu.games.gungi import notation, reader, referee, words, writer
from kifu.games.gungi.position import Position
from kifu.record import Record

class Gungi(Game):
    name = "gungi"
    title = "Gungi 軍儀 (Nishitsuji rules)"
    aliases = ("軍儀", "nishitsuji-gungi")
    suffixes = (".gungi",)
    notation = "▲筋―段―層―駒 plies (新, 同, 不N, ⇔, [notes]) with 打ち始め/済み/開戦/終局 sections"
    dialects = {
        "kanji": "the source's notation: ▲/▽, ―, kanji and kana piece names (the default)",
        "ascii": "romanised: B/W, -, hyou/shinobi/..., * for 新, same for 同, x2 for 不2",
    }
    render_options = {"stacks": "draw every tier of each stack (default yes; no: tops only)"}
    result_names = {
        "先手": "black", "先手勝ち": "black", "▲": "black", "黒": "black", "1-0": "black",
        "後手": "white", "後手勝ち": "white", "▽": "white", "白": "white", "0-1": "white",
        "千日手": "draw", "引き分け": "draw",
    }

    def parse(self, text: str, source: str = "<string>") -> Record:
        from kifu.games.gungi.normalise import normalise

        return normalise(reader.parse(text, source))

    def write(self, record: Record, dialect: str | None = None) -> str:
        from kifu.games.gungi.normalise import canonical

        return writer.write(canonical(record), ascii_names=dialect == "ascii")

    def move_to_json(self, move: Any) -> dict[str, Any]:
        return notation.move_to_json(move)

    def move_from_json(self, data: dict[str, Any]) -> Any:
        return notation.move_from_json(data)

    def setup_to_json(self, setup: Any) -> Any:
        from kifu.games.gungi import diagram_json

        return diagram_json.to_json(setup)

    def setup_from_json(self, data: Any) -> Any:
        from kifu.games.gungi import diagram_json

        return diagram_json.from_json(data)

    def start(self, record: Record) -> Position:
        return referee.start(record)

    def play(self, position: Position, move: Any, *, lenient: bool = False) -> Played:
        played, _ = referee.play(position, move, lenient)
        return played

    def copy(self, position: Position) -> Position:
        return position.copy()

    def outcome(self, position: Position) -> Outcome | None:
        return position.outcome

    def render_svg(self, position: Position, options: RenderOptions,
                   record: Record | None = None) -> str:
        from kifu.games.gungi import render

        return render.render_svg(position, options, record)

    def render_text(self, position: Position, options: RenderOptions) -> str:
        from kifu.games.gungi import render

        return render.render_text(position, options)

    def event_text(self, event: dict[str, Any]) -> str | None:
        return words.event_text(event)

    def summary(self, position: Position) -> list[tuple[str, str]]:
        from kifu.games.gungi import render

        return render.summary(position)

    def position_to_json(self, position: Position) -> dict[str, Any]:
        from kifu.games.gungi import diagram_json

        return diagram_json.position_to_json(position)


GAME = Gungi()
