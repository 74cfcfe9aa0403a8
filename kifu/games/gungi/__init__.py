"""Gungi 軍儀 under the Nishitsuji rules (西辻ルール): stacks of three on a 9x9 board.

Rules and notation: the Nishitsuji rules text (2012) with its record notation (§十八) and sample
game; the readings kifu takes where the text is silent or open are in ``DECISIONS.md`` beside
this file.
"""
from __future__ import annotations

from typing import Any

from kifu.game import Game, Outcome, Played, RenderOptions
from kifu.games.gungi import moves, notation, position, rules, setup
from kifu.games.gungi.moves import BackFaces, Move, Placement, Ply, Resign, Section
from kifu.games.gungi.position import Position
from kifu.record import Record


class Gungi(Game[Position, Move]):
    name = "gungi"
    title = "Gungi 軍儀 (Nishitsuji rules)"
    aliases = ("軍儀", "nishitsuji-gungi")
    suffixes = (".gungi",)
    notation = "▲筋―段―層―駒 plies (新, 同, 不N, ⇔, [notes]) with 打ち始め/済み/開戦/終局 sections"
    dialects = {
        "kanji": "the source's notation: ▲/▽, ―, kanji and kana piece names (the default)",
        "ascii": "romanised: B/W, -, hyou/shinobi/..., * for 新, same for 同, x2 for 不2",
    }
    move_types = (Ply, Placement, BackFaces, Section, Resign)
    render_options = {"stacks": "draw every tier of each stack (default yes; no: tops only)"}
    result_names = {
        "先手": "black", "先手勝ち": "black", "▲": "black", "黒": "black", "1-0": "black",
        "後手": "white", "後手勝ち": "white", "▽": "white", "白": "white", "0-1": "white",
        "千日手": "draw", "引き分け": "draw",
    }

    def parse(self, text: str, source: str = "<string>") -> Record:
        # Two steps: the notation reads what the text says; the referee's normaliser fills in
        # what it leaves implicit (each ply's origin, capture, repairs).
        return rules.normalise(notation.parse(text, source))

    def parse_move(self, text: str, pos: Position) -> Move:
        # In the set-up phase a ply is a set-up ply (筋―段―層―駒 places a piece).
        in_setup = pos.phase == position.SETUP
        return self.one_move(notation.parse(text, "<move>", in_setup=in_setup), text)

    def move_notation(self, move: Move, pos: Position, dialect: str | None = None) -> str:
        # As a variation writes a move: with its closing [終局] if it ends the record.
        from kifu.games.gungi.moves import ASCII, KANJI, move_text

        style = ASCII if dialect == "ascii" else KANJI
        closing = style.stop + style.end if getattr(move, "ends", False) else ""
        return move_text(move, style) + closing

    def write(self, record: Record, dialect: str | None = None) -> str:
        return notation.write(rules.canonical(record), ascii_names=dialect == "ascii")

    def move_to_json(self, move: Any) -> dict[str, Any]:
        return moves.move_to_json(move)

    def move_from_json(self, data: dict[str, Any]) -> Any:
        return moves.move_from_json(data)

    def setup_to_json(self, value: Any) -> Any:
        return setup.to_json(value)

    def setup_from_json(self, data: Any) -> Any:
        return setup.from_json(data)

    def start(self, record: Record) -> Position:
        return rules.start(record)

    def play(self, pos: Position, move: Any, *, lenient: bool = False) -> Played:
        played, _ = rules.play(pos, move, lenient)
        return played

    def copy(self, pos: Position) -> Position:
        return pos.copy()

    def legal_moves(self, pos: Position) -> list[Move]:
        from kifu.games.gungi.rules.listing import legal_moves

        return legal_moves(pos)

    def outcome(self, pos: Position) -> Outcome | None:
        return rules.outcome(pos)

    def render_svg(self, pos: Position, options: RenderOptions,
                   record: Record | None = None) -> str:
        from kifu.games.gungi import render

        return render.render_svg(pos, options, record)

    def render_text(self, pos: Position, options: RenderOptions) -> str:
        from kifu.games.gungi import render

        return render.render_text(pos, options)

    def event_text(self, event: dict[str, Any]) -> str | None:
        from kifu.games.gungi import events

        return events.event_text(event)

    def summary(self, pos: Position) -> list[tuple[str, str]]:
        from kifu.games.gungi import render

        return render.summary(pos)

    def position_to_json(self, pos: Position) -> dict[str, Any]:
        return position.to_json(pos)


GAME = Gungi()
