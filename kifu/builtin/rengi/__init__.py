"""Rengi 連棋: turn-based Puyo Puyo for two, on two 6x13 fields (puyoloft.net's rules).

The engine follows the rules ``docs/games/rengi.md`` states; the decisions kifu had to take
beyond them are listed in ``DECISIONS.md`` beside this file, and ``kifu/builtin/README.md`` says
what each module of a game package is for.  Rengi's own: the fields as bitboards with the chain
resolver (``bitboard``), the garbage modes (``garbage``) and the pieces with their random number
generator (``tsumo``).
"""
from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING, Any

from kifu.plugin import NUMBER, GamePlugin, Record, built_in_card

if TYPE_CHECKING:  # the modules are imported when first used
    from kifu.builtin.rengi import moves, position, setup  # noqa: F401 - the base's text
    from kifu.builtin.rengi.moves import Move
    from kifu.builtin.rengi.position import Position


class Rengi(GamePlugin["position.Position", "moves.Move", "setup.positions.Setup"]):
    card = built_in_card("rengi")
    draws_matches = True
    sides = ("first", "second")
    side_names = {"en": {"first": "First", "second": "Second"},
                  "ja": {"first": "先手", "second": "後手"}}
    result_names = {
        "+": "first", "先手": "first", "先手勝ち": "first", "sente": "first", "1-0": "first",
        "-": "second", "後手": "second", "後手勝ち": "second", "gote": "second", "0-1": "second",
    }
    notation = ("header lines (Variant, settings, First/Second, Tsumo), an optional set-up, then "
                "moves +23ab -2U +3a +P +R with {j:25} garbage notes")
    dialects = {
        "letters": "colours as a b c d, directions U D R L (the canonical form)",
        "upper": "colours as A B C D",
        "lower": "directions as u d r l",
        "kanji": "colours as 青 赤 緑 黄, directions 上 下 右 左, パス, 投了",
        "symbols": "colours as ● ○ ◎ ×, directions ↑ ↓ → ←",
        "colours": "every move with its colours (open forms resolved by replaying the list)",
        "open": "every move in the open form 2U (needs the tsumo list or seed)",
    }
    player_headers = ("First", "Second")
    render_options = {
        "frame": "draw the chain just fired at step K (0: before the first link)",
        "next": "show the next pieces (yes/no; default: as the Next setting says)",
    }
    render_option_values = {"frame": (NUMBER,)}

    def write(self, record: Record, dialect: str | None = None) -> str:
        return "".join(self.write_pieces(record, dialect))

    def write_pieces(self, record: Record, dialect: str | None = None) -> Iterator[str]:
        from kifu.builtin.rengi import notation

        if dialect in ("colours", "open"):
            return notation.write_pieces(notation.convert(self, record, dialect))
        return notation.write_pieces(record, dialect or "letters")

    def move_text(self, move: Any) -> str:
        from kifu.builtin.rengi import moves

        return moves.text(move)

    def move_notation(self, move: Move, pos: Position, dialect: str | None = None) -> str:
        # The alphabets are per move; "colours" and "open" are forms of a whole record.
        from kifu.builtin.rengi import moves

        return moves.text(move, dialect or "letters")

    def frames(self, pos: Position) -> list[dict[str, str]]:
        chain = pos.last_chain
        return [] if chain is None else [{"frame": str(k)} for k in range(len(chain.frames))]


GAME = Rengi()
