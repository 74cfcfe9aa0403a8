"""Renju 連珠: five in a row on 15x15, with black's forbidden moves (3-3, 4-4, overline)."""
from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from kifu.game import Format, Game, Outcome, Played, RenderOptions
from kifu import sgf as core_sgf
from kifu.games.renju import notation, position, render, rules, setup, sgf, words
from kifu.games.renju.position import Position
from kifu.record import Record



class Renju(Game):
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

    def parse(self, text: str, source: str = "<string>") -> Record:
        record = notation.parse(text, source)
        setup.extract(record)
        return record

    def write(self, record: Record, dialect: str | None = None) -> str:
        extra = setup.header_lines(record.setup) if record.setup is not None else []
        return notation.write(record, numbered=dialect != "plain", extra_headers=extra)

    def formats(self) -> Mapping[str, Format]:
        return {"sgf": Format("sgf", (".sgf",), "Smart Game Format, GM[4]", sgf.read, sgf.write,
                              sgf.claims, sgf.read_games, core_sgf.rewrite)}

    def move_to_json(self, move: Any) -> dict[str, Any]:
        return notation.move_to_json(move)

    def move_from_json(self, data: dict[str, Any]) -> Any:
        return notation.move_from_json(data)

    def setup_to_json(self, value: setup.Setup) -> Any:
        return setup.to_json(value)

    def setup_from_json(self, data: Any) -> setup.Setup:
        return setup.from_json(data)

    def start(self, record: Record) -> Position:
        position = Position()
        if record.setup is not None:
            setup.place(record.setup, position.cells)
            position.stones = len(record.setup.black) + len(record.setup.white)
            position.to_move = rules.BLACK if record.setup.to_move == "black" else rules.WHITE
        return position

    def play(self, pos: Position, move: Any, *, lenient: bool = False) -> Played:
        return position.play(pos, move)

    def copy(self, pos: Position) -> Position:
        return pos.copy()

    def outcome(self, pos: Position) -> Outcome | None:
        return pos.outcome

    def result_matches(self, stated: str, outcome: Outcome | None, pos: Position) -> str | None:
        # SGF's results say how too: B+R, W+Time ...
        said = stated.strip().upper()
        if said[:2] in ("B+", "W+"):
            stated = "black" if said[0] == "B" else "white"
        return super().result_matches(stated, outcome, pos)

    def render_svg(self, pos: Position, options: RenderOptions, record: Record | None = None) -> str:
        return render.render_svg(pos, options, record)

    def render_text(self, pos: Position, options: RenderOptions) -> str:
        return render.render_text(pos, options)

    def event_text(self, event: dict[str, Any]) -> str | None:
        return words.event_text(event)

    def summary(self, pos: Position) -> list[tuple[str, str]]:
        rows = [("moves played", str(pos.ply)), ("stones", str(pos.stones))]
        if pos.outcome is None:
            rows.append(("to move", pos.to_move_name))
        if pos.swaps:
            rows.append(("colour swaps", str(pos.swaps)))
        return rows

    def position_to_json(self, pos: Position) -> dict[str, Any]:
        from kifu.games.renju.notation import Point

        stones = {"black": [], "white": []}
        for at in rules.ALL_POINTS:
            colour = pos.cells[at]
            if colour in rules.COLOUR_NAMES:
                stones[rules.COLOUR_NAMES[colour]].append(str(Point(*rules.point_of(at))))
        return {"stones": stones, "to_move": pos.to_move_name, "moves": pos.ply}


GAME = Renju()
