"""Free-form Go 囲碁自由形: Go in the cells of any map, by 2 to 4 players.

The rules are those ``docs/games/freego.md`` states; the decisions kifu takes where they are
silent are listed in ``DECISIONS.md`` beside this file, and ``kifu/builtin/README.md`` says what
each module of a game package is for.
"""
from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

from kifu.plugin import (
    Format,
    GamePlugin,
    KifuError,
    NotationError,
    Record,
    built_in_card,
    later,
)

if TYPE_CHECKING:  # the modules are imported when first used (a decided record needs none)
    import click

    from kifu.builtin.freego import moves, position, rules, setup  # noqa: F401 - the base's text
    from kifu.builtin.freego.moves import Move
    from kifu.builtin.freego.position import Position
    from kifu.plugin import Outcome


class FreeGo(GamePlugin["position.Position", "moves.Move", "setup.positions.Setup"]):
    card = built_in_card("freego")
    notation = "header lines, then cells by id or label (長野, D4), pass; Setup-N for set-ups"
    dialects = {
        "plain": "moves unnumbered, ten to a line, as the source writes its games (the default)",
        "numbered": "every move numbered",
    }
    player_headers = ("Black", "White", "Players")
    side_names = {"en": {"black": "Black", "white": "White"}, "ja": {"black": "黒", "white": "白"},
                  "zh": {"black": "黑", "white": "白"}, "ko": {"black": "흑", "white": "백"}}
    draws_markup = True
    render_options = {
        "names": "cell names on map boards: label, id, or auto (labels when they are short)",
        "edges": "draw adjacency lines on map boards with outlines too (yes/no)",
        "count": "the score as if the game ended now, on a position where it has not (yes/no)",
    }
    render_option_values = {"names": ("label", "id", "auto")}
    file_headers = ("Board",)

    # -- notation ---------------------------------------------------------------------------

    # The notation (and Lark with it) is imported when used: reading SGF does without it.

    def parse_move(self, text: str, pos: Position) -> Move:
        from kifu.builtin.freego.moves import Place

        move: Move = super().parse_move(text, pos)
        if isinstance(move, Place) and pos.board.find(move.cell) is None:
            raise NotationError(f"{move.cell!r} is not a cell of the board {pos.board.name!r}")
        return move

    def formats(self) -> Mapping[str, Format]:
        # Reading and writing are imported when first called: a record the compiled core
        # decides needs neither (nor the position, the boards and the set-ups they import).
        from kifu.builtin.freego import native
        from kifu.builtin.freego.sgf import claims

        sgf, core_sgf = later("kifu.builtin.freego.sgf"), later("kifu.sgf.syntax")
        return {"sgf": Format("sgf", (".sgf",), "Smart Game Format, GM[1] (2 players, grids)",
                              sgf.read, sgf.write, claims, sgf.read_games,
                              core_sgf.rewritten, sgf.pieces, recognises=core_sgf.recognises,
                              heads=core_sgf.roots, collection=core_sgf.collection,
                              decide=native.decide, trace=native.trace,
                              replay=native.replay)}

    def setup_from_json(self, data: Any) -> Any:
        from kifu.builtin.freego import setup

        if not isinstance(data, dict):
            raise ValueError("a Free-form Go set-up is an object")
        value = setup.from_json(data)
        return None if value.is_empty() else value  # as the notation reads an empty one

    # -- rules ------------------------------------------------------------------------------

    def result_sides(self, record: Record | None = None) -> Sequence[str]:
        # The sides are the record's seats (Players:), black and white by default.
        from kifu.builtin.freego import setup

        if record is None:
            return setup.parameters.DEFAULT_PLAYERS
        try:
            return setup.seat_names(record)
        except KifuError:  # a Players header kifu cannot read is the record's error, said apart
            return setup.parameters.DEFAULT_PLAYERS

    def result_matches(self, said: Outcome, outcome: Outcome | None,
                       pos: Position) -> str | KifuError | None:
        from kifu.builtin.freego import rules

        return rules.result_matches(said, pos)

    def position_from_key(self, text: str) -> Position:
        # The count of an ended game is the referee's, made again from the stones.
        from kifu.builtin.freego import position, rules

        found = position.from_key(text)
        if found.outcome is not None:
            found.scores = rules.scores(found)
        return found

    # -- presentation -----------------------------------------------------------------------

    def position_to_json(  # type: ignore[override]
            self, pos: Position) -> rules.scoring.CountedPositionJSON:
        from kifu.builtin.freego import position, rules

        counted: rules.scoring.CountedPositionJSON = {**position.to_json(pos),
                                                **rules.count_to_json(pos)}
        return counted

    def to_move(self, pos: Position) -> str | None:
        # What position_to_json says, without counting the board (the viewer asks it of
        # every position it draws).
        return None if pos.outcome is not None else pos.rules.seats[pos.to_move]

    def commands(self) -> list[click.Command]:
        from kifu.builtin.freego.commands import board_group

        return [board_group]


GAME = FreeGo()
