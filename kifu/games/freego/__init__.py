"""Free-form Go 囲碁自由形: Go in the cells of any map, by 2 to 4 players.

The rules are those ``docs/games/freego.md`` states; the decisions kifu
takes where they are silent are listed in ``DECISIONS.md`` beside this file.  The package:

- ``board``, ``grids``, ``boardfile``, ``tomlspans``, ``geometry``, ``builtin`` and ``boards/``:
  boards (Go grids, hexagons, the maps of Japan, China and the US, and TOML board files with
  adjacency listed or derived from outlines);
- ``notation``, ``setups``, ``config``: the ``.freego`` record format, set-up positions and the
  rules a record's headers choose;
- ``position``, ``scoring``: the referee (captures, suicide, ko and superko as the rules say,
  passes, set-ups in play) and the count at the end; ``diagram`` reads and draws grid positions
  as text (the tests use it);
- ``sgf``: SGF for 2-player rectangular grids, Go as real programs write it (on the core SGF
  syntax layer, ``kifu.sgf`` and ``kifu.sgflines``);
- ``render``, ``svgdraw``: text, ``kifu show`` rows, JSON positions and SVG;
  ``commands``: ``kifu board check|derive|list``.
"""
from __future__ import annotations

import json
from collections.abc import Mapping
from importlib import resources
from typing import TYPE_CHECKING, Any

from kifu import sgf as core_sgf
from kifu.errors import KifuError
from kifu.game import Format, Game, Outcome, Played, RenderOptions
from kifu.games.freego import config, notation, render, scoring, setups, sgf, words
from kifu.games.freego import position as referee
from kifu.games.freego.position import Position
from kifu.record import Record

if TYPE_CHECKING:
    import click


class FreeGo(Game):
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

    # -- notation ---------------------------------------------------------------------------

    def parse(self, text: str, source: str = "<string>") -> Record:
        return notation.parse(text, source)

    def write(self, record: Record, dialect: str | None = None) -> str:
        return notation.write(record, numbered=dialect == "numbered")

    def formats(self) -> Mapping[str, Format]:
        return {"sgf": Format("sgf", (".sgf",), "Smart Game Format, GM[1] (2 players, grids)",
                              sgf.read, sgf.write, sgf.claims, sgf.read_games,
                              core_sgf.rewrite)}

    def move_to_json(self, move: Any) -> dict[str, Any]:
        return notation.move_to_json(move)

    def move_from_json(self, data: dict[str, Any]) -> Any:
        return notation.move_from_json(data)

    def setup_to_json(self, setup: Any) -> Any:
        return setups.to_json(setup)

    def setup_from_json(self, data: Any) -> Any:
        if not isinstance(data, dict):
            raise ValueError("a Free-form Go set-up is an object")
        setup = setups.from_json(data)
        return None if setup.is_empty() else setup  # as the notation reads an empty one

    # -- rules ------------------------------------------------------------------------------

    def start(self, record: Record) -> Position:
        position = Position(config.rules_of(record))
        if record.setup is not None:
            setups.apply(record.setup, position)
        return position

    def play(self, position: Position, move: Any, *, lenient: bool = False) -> Played:
        return referee.play(position, move, lenient)

    def copy(self, position: Position) -> Position:
        return position.copy()

    def outcome(self, position: Position) -> Outcome | None:
        return position.outcome

    def result_matches(self, stated: str, outcome: Outcome | None,
                       position: Position) -> str | KifuError | None:
        return scoring.result_matches(stated, position)

    # -- presentation -----------------------------------------------------------------------

    def render_svg(self, position: Position, options: RenderOptions,
                   record: Record | None = None) -> str:
        return render.render_svg(position, options, record)

    def render_text(self, position: Position, options: RenderOptions) -> str:
        return render.render_text(position, options)

    def event_text(self, event: dict[str, Any]) -> str | None:
        return words.event_text(event)

    def summary(self, position: Position) -> list[tuple[str, str]]:
        return render.summary(position)

    def position_to_json(self, position: Position) -> dict[str, Any]:
        return render.position_json(position)

    def replay_schema(self) -> dict[str, Any]:
        schema = resources.files(__name__).joinpath("replay.schema.json")
        return json.loads(schema.read_text(encoding="utf-8"))

    def commands(self) -> list[click.Command]:
        from kifu.games.freego.commands import board_group

        return [board_group]


GAME = FreeGo()
