"""Free-form Go 囲碁自由形: Go in the cells of any map, by 2 to 4 players.

The rules are those ``docs/games/freego.md`` states; the decisions kifu takes where they are
silent are listed in ``DECISIONS.md`` beside this file, and ``kifu/games/README.md`` says what
each module of a game package is for.
"""
from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from kifu.errors import KifuError, NotationError
from kifu.game import Format, Game, Outcome, Played, RenderOptions
from kifu.games.freego import moves, position, rules, setup
from kifu.games.freego.moves import Edit, Move, Pass, Place
from kifu.games.freego.position import Position
from kifu.record import Record

if TYPE_CHECKING:
    import click


class FreeGo(Game[Position, Move]):
    name = "freego"
    title = "Free-form Go 囲碁自由形"
    aliases = ("囲碁自由形", "free-form-go", "mapgo")
    suffixes = (".freego",)
    notation = "header lines, then cells by id or label (長野, D4), pass; Setup-N for set-ups"
    dialects = {
        "plain": "moves unnumbered, ten to a line, as the source writes its games (the default)",
        "numbered": "every move numbered",
    }
    player_headers = ("Black", "White", "Players")
    render_options = {
        "names": "cell names on map boards: label, id, or auto (labels when they are short)",
        "edges": "draw adjacency lines on map boards with outlines too (yes/no)",
    }
    file_headers = ("Board",)
    move_types = (Place, Pass, Edit)

    # -- notation ---------------------------------------------------------------------------

    # The notation (and Lark with it) is imported when used: reading SGF does without it.

    def parse(self, text: str, source: str = "<string>") -> Record:
        from kifu.games.freego import notation

        return notation.parse(text, source)

    def parse_move(self, text: str, pos: Position) -> Move:
        move: Move = super().parse_move(text, pos)
        if isinstance(move, Place) and pos.board.find(move.cell) is None:
            raise NotationError(f"{move.cell!r} is not a cell of the board {pos.board.name!r}")
        return move

    def write(self, record: Record, dialect: str | None = None) -> str:
        from kifu.games.freego import notation

        return notation.write(record, numbered=dialect == "numbered")

    def formats(self) -> Mapping[str, Format]:
        from kifu import sgf as core_sgf
        from kifu.games.freego import sgf

        return {"sgf": Format("sgf", (".sgf",), "Smart Game Format, GM[1] (2 players, grids)",
                              sgf.read, sgf.write, sgf.claims, sgf.read_games,
                              core_sgf.rewrite)}

    def move_to_json(self, move: Any) -> dict[str, Any]:
        return moves.move_to_json(move)

    def move_from_json(self, data: dict[str, Any]) -> Any:
        return moves.move_from_json(data)

    def setup_to_json(self, value: Any) -> Any:
        return setup.to_json(value)

    def setup_from_json(self, data: Any) -> Any:
        if not isinstance(data, dict):
            raise ValueError("a Free-form Go set-up is an object")
        value = setup.from_json(data)
        return None if value.is_empty() else value  # as the notation reads an empty one

    # -- rules ------------------------------------------------------------------------------

    def start(self, record: Record) -> Position:
        return rules.start(record)

    def play(self, pos: Position, move: Any, *, lenient: bool = False) -> Played:
        return rules.play(pos, move, lenient)

    def play_quietly(self, pos: Position, move: Any, *, lenient: bool = False) -> list[KifuError]:
        return rules.play_quietly(pos, move, lenient)

    def copy(self, pos: Position) -> Position:
        return pos.copy()

    def legal_moves(self, pos: Position) -> list[Move]:
        from kifu.games.freego.rules.legal import legal_moves

        return legal_moves(pos)

    def outcome(self, pos: Position) -> Outcome | None:
        return rules.outcome(pos)

    def result_matches(self, stated: str, outcome: Outcome | None,
                       pos: Position) -> str | KifuError | None:
        return rules.result_matches(stated, pos)

    # -- presentation -----------------------------------------------------------------------

    def render_svg(self, pos: Position, options: RenderOptions,
                   record: Record | None = None) -> str:
        from kifu.games.freego import render

        return render.render_svg(pos, options, record)

    def render_text(self, pos: Position, options: RenderOptions) -> str:
        from kifu.games.freego import render

        return render.render_text(pos, options)

    def event_text(self, event: dict[str, Any]) -> str | None:
        from kifu.games.freego import events

        return events.event_text(event)

    def summary(self, pos: Position) -> list[tuple[str, str]]:
        from kifu.games.freego import render

        return render.summary(pos)

    def position_to_json(self, pos: Position) -> dict[str, Any]:
        return {**position.to_json(pos), **rules.count_to_json(pos)}

    def replay_schema(self) -> dict[str, Any]:
        from kifu.games.freego import events

        return events.REPLAY_SCHEMA

    def commands(self) -> list[click.Command]:
        from kifu.games.freego.commands import board_group

        return [board_group]


GAME = FreeGo()
