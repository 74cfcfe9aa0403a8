"""Whatever a ply says, the referee answers with a kifu error or a move, never a crash."""
from __future__ import annotations

import contextlib
from pathlib import Path

from hypothesis import given, settings
from hypothesis import strategies as st

from kifu.base.errors import KifuError
from kifu.builtin.gungi import GAME
from kifu.builtin.gungi.moves import Betrayed, Coord, Ply
from kifu.builtin.gungi.pieces import FACES
from kifu.builtin.gungi.rules import referee
from kifu.plugin import driver

SAMPLE = Path(__file__).resolve().parents[2] / "examples" / "gungi" / "nishitsuji-sample.gungi"
RECORD = GAME.parse(SAMPLE.read_text(encoding="utf-8"))
POSITIONS = [GAME.copy(step.position) for step in driver.replay(GAME, RECORD, lenient=True)
             if step.number and step.number % 9 == 0]

digits = st.integers(1, 9)
tiers = st.integers(1, 3)


@st.composite
def plies(draw: st.DrawFn) -> Ply:
    same = draw(st.booleans())
    strike = draw(st.none() | tiers)
    return Ply(
        side=draw(st.integers(0, 1)), piece=draw(st.sampled_from(FACES)),
        file=None if same else draw(digits), rank=None if same else draw(digits),
        tier=draw(st.none() | tiers) if same or strike else draw(tiers), strike=strike,
        drop=draw(st.booleans()), origin=draw(st.none() | st.builds(Coord, digits, digits, tiers)),
        swap=draw(st.none() | st.sampled_from(FACES)), swap_drop=draw(st.booleans()),
        betrayal=draw(st.none() | st.lists(st.builds(Betrayed, st.integers(0, 1), tiers,
                                                     st.sampled_from(FACES)),
                                           min_size=1, max_size=2).map(tuple)),
        replace=draw(st.none() | st.builds(Coord, digits, digits, tiers)),
        replace_piece=draw(st.sampled_from(["砲", "砦"])),
        obtained=draw(st.none() | st.sampled_from("さとへ")), mate=draw(st.booleans()),
        foul=draw(st.booleans()))


@settings(max_examples=150)
@given(st.integers(0, len(POSITIONS) - 1), plies(), st.booleans())
def test_any_ply_gives_a_kifu_error_or_a_move(index: int, ply: Ply, lenient: bool) -> None:
    position = GAME.copy(POSITIONS[index])
    with contextlib.suppress(KifuError):
        referee.play(position, ply, lenient)


def test_every_legal_action_can_be_played() -> None:
    """Each action the generator offers, written as a ply, replays without complaint."""
    from kifu.builtin.gungi.notation.reader import parse
    from kifu.builtin.gungi.rules.legal import legal_actions
    from kifu.builtin.gungi.rules.resolve import describe

    for position in POSITIONS[:6]:
        for action in list(legal_actions(position, position.to_move))[:40]:
            text = describe(action, position.to_move)
            if action.kind == "strike" or "⇔" in text:
                continue
            ply = parse(text).moves[0].move
            if action.to == position.last_square:
                ply = ply.as_same()  # as the rules write a ply on the square just played
            trial = GAME.copy(position)
            try:
                played, _ = referee.play(trial, ply, False)
            except KifuError as error:       # taking a 香 needs the re-placement bracket
                assert error.rule == "replacement", text
                continue
            assert [w.rule for w in played.warnings if w.rule not in (
                "ni-he", "ni-hyou", "he-mate", "pawn-drop-mate", "obtained")] == [], text
