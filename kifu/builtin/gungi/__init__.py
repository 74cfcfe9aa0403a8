"""Gungi 軍儀 under the Nishitsuji rules (西辻ルール): stacks of three on a 9x9 board.

Rules and notation: the Nishitsuji rules text (2012) with its record notation (§十八) and sample
game; the readings kifu takes where the text is silent or open are in ``DECISIONS.md`` beside
this file.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any

# A Gungi position's equality and hash go by its key, which position_key sets on the class:
# whoever holds a position has imported this package, and with it the key (Gungi has no
# compiled core: every record of it is read in Python).
from kifu.builtin.gungi import position_key
from kifu.plugin import EditorLayout, GamePlugin, Played, Record, built_in_card

if TYPE_CHECKING:  # the modules are imported when first used
    from kifu.builtin.gungi import moves, position, setup  # noqa: F401 - the base's text
    from kifu.builtin.gungi.moves import Move
    from kifu.builtin.gungi.position import Position


class Gungi(GamePlugin["position.Position", "moves.Move", "setup.positions.Diagram"]):
    card = built_in_card("gungi")
    notation = ("▲筋―段―層―駒 plies (新, 同, 不N, ⇔, [notes]), ▲投了 and ▲反則指摘, with "
                "打ち始め/済み/開戦/終局 sections")
    dialects = {
        "kanji": "the source's notation: ▲/▽, ―, kanji and kana piece names (the default)",
        "ascii": "romanised: B/W, -, hyou/shinobi/..., * for 新, same for 同, x2 for 不2",
    }
    render_options = {"stacks": "draw every tier of each stack (default yes; no: tops only)"}
    draws_matches = True
    sides = ("black", "white")
    # Japanese players name the sides by their turn (先手 moves first), as records do (▲/▽).
    side_names = {"en": {"black": "Black", "white": "White"},
                  "ja": {"black": "先手", "white": "後手"}}
    result_names = {
        "先手": "black", "先手勝ち": "black", "▲": "black", "黒": "black", "1-0": "black",
        "後手": "white", "後手勝ち": "white", "▽": "white", "白": "white", "0-1": "white",
        "千日手": "draw", "引き分け": "draw",
    }

    def parse(self, text: str, source: str = "<string>") -> Record:
        # Two steps: the notation reads what the text says; the referee's normaliser fills in
        # what it leaves implicit (each ply's origin, capture, repairs).
        from kifu.builtin.gungi import notation, rules

        return rules.normalise(notation.parse(text, source))

    def parse_move(self, text: str, pos: Position) -> Move:
        # In the set-up phase a ply is a set-up ply (筋―段―層―駒 places a piece).
        from kifu.builtin.gungi import notation, position

        in_setup = pos.phase == position.SETUP
        return self.one_move(notation.parse(text, "<move>", in_setup=in_setup), text)

    def move_notation(self, move: Move, pos: Position, dialect: str | None = None) -> str:
        # As a variation writes a move: with 同 on the square just played, and its closing
        # [終局] if it ends the record.
        from kifu.builtin.gungi.geometry import square
        from kifu.builtin.gungi.moves import ASCII, KANJI, Ply, move_text
        from kifu.builtin.gungi.notation.writer import spelled

        style = ASCII if dialect == "ascii" else KANJI
        closing = style.stop + style.end if getattr(move, "ends", False) else ""
        same = (isinstance(move, Ply) and move.file is not None and move.rank is not None
                and square(move.file, move.rank) == pos.last_square)
        return move_text(spelled(move, same), style) + closing

    def write(self, record: Record, dialect: str | None = None) -> str:
        from kifu.builtin.gungi import notation, rules

        return notation.write(rules.canonical(record), ascii_names=dialect == "ascii")

    def position_key(self, pos: Position) -> str:
        # The key lives beside the position (position_key.py), not in it.
        return position_key.key(pos)

    def position_from_key(self, text: str) -> Position:
        return position_key.from_key(text)

    def editor_layout(self) -> EditorLayout:
        return position_key.EDITOR

    def play(self, pos: Position, move: Any, *, lenient: bool = False) -> Played:
        from kifu.builtin.gungi import rules

        played, _ = rules.play(pos, move, lenient)  # the referee also says how it read the ply
        return played


GAME = Gungi()
