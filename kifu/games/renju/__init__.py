"""Renju 連珠: five in a row on 15x15, with black's forbidden moves (3-3, 4-4, overline)."""
from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from kifu.errors import KifuError
from kifu.game import Format, Game, Outcome, Played, RenderOptions
from kifu.games.renju import moves, notation, position, rules, setup
from kifu.games.renju.moves import Move, Offer, Pass, Place, Swap
from kifu.games.renju.position import Position
from kifu.record import Record


class Renju(Game[Position, Move]):
    name = "renju"
    title = "Renju 連珠"
    aliases = ("連珠", "gomoku-renju")
    suffixes = (".renju",)
    notation = "header lines, then moves a1..o15 (optionally numbered), pass, swap, offer[...]"
    dialects = {
        "numbered": "every move numbered, ten to a line (the default)",
        "plain": "a bare list of points, as Renju databases keep them",
    }
    render_options = {"forbidden": "mark black's forbidden points when black is to move"}
    result_names = {"1-0": "black", "0-1": "white", "1/2-1/2": "draw", "0": "draw",
                    "黒勝ち": "black", "白勝ち": "white", "満局": "draw"}
    move_types = (Place, Pass, Swap, Offer)

    def parse(self, text: str, source: str = "<string>") -> Record:
        record = notation.parse(text, source)
        setup.extract(record)
        return record

    def write(self, record: Record, dialect: str | None = None) -> str:
        extra = setup.header_lines(record.setup) if record.setup is not None else []
        return notation.write(record, numbered=dialect != "plain", extra_headers=extra)

    def formats(self) -> Mapping[str, Format]:
        from kifu import sgf as core_sgf
        from kifu.games.renju import sgf

        return {"sgf": Format("sgf", (".sgf",), "Smart Game Format, GM[4]", sgf.read, sgf.write,
                              sgf.claims, sgf.read_games, core_sgf.rewrite)}

    def move_to_json(self, move: Any) -> dict[str, Any]:
        return moves.move_to_json(move)

    def move_from_json(self, data: dict[str, Any]) -> Any:
        return moves.move_from_json(data)

    def setup_to_json(self, value: setup.Setup) -> Any:
        return setup.to_json(value)

    def setup_from_json(self, data: Any) -> setup.Setup:
        return setup.from_json(data)

    def start(self, record: Record) -> Position:
        return rules.start(record)

    def play(self, pos: Position, move: Any, *, lenient: bool = False) -> Played:
        return rules.play(pos, move, lenient)

    def copy(self, pos: Position) -> Position:
        return pos.copy()

    def legal_moves(self, pos: Position) -> list[Move]:
        return rules.legal_moves(pos)

    def outcome(self, pos: Position) -> Outcome | None:
        return rules.outcome(pos)

    def result_matches(self, stated: str, outcome: Outcome | None,
                       pos: Position) -> str | KifuError | None:
        return super().result_matches(rules.plain_result(stated), outcome, pos)

    def render_svg(self, pos: Position, options: RenderOptions, record: Record | None = None) -> str:
        from kifu.games.renju import render

        return render.render_svg(pos, options, record)

    def render_text(self, pos: Position, options: RenderOptions) -> str:
        from kifu.games.renju import render

        return render.render_text(pos, options)

    def event_text(self, event: dict[str, Any]) -> str | None:
        from kifu.games.renju import events

        return events.event_text(event)

    def summary(self, pos: Position) -> list[tuple[str, str]]:
        from kifu.games.renju import render

        return render.summary(pos)

    def position_to_json(self, pos: Position) -> dict[str, Any]:
        return position.to_json(pos)


GAME = Renju()
