"""The set-up phase (§十二), the back-face list, 千日手 and its re-setup (§二十一), and set-up
diagrams (BOD) for studies."""
from __future__ import annotations

from pathlib import Path

import pytest

from kifu.base.errors import SetupError
from kifu.builtin.gungi import GAME
from kifu.builtin.gungi.geometry import square
from kifu.plugin import driver

SAMPLE = Path(__file__).resolve().parents[2] / "examples" / "gungi" / "nishitsuji-sample.gungi"
SETUP = SAMPLE.read_text(encoding="utf-8").split("「開戦」")[0]


def problems(text: str, lenient: bool = False) -> list[tuple[str | None, str]]:
    found, _ = driver.check(GAME, GAME.parse(text), lenient=lenient)
    return [(p.rule, p.message) for p in found]


def test_the_sources_setup_is_legal_and_declares_backs() -> None:
    record = GAME.parse(SETUP)
    assert problems(SETUP) == []
    position = None
    for step in driver.replay(GAME, record):
        position = step.position
    assert position.placed == [23, 23]
    assert position.phase == "ready"
    assert position.board[square(3, 7)][0].other == "さ"
    assert position.board[square(5, 1)][0].other == "と"


def test_setup_stays_in_own_territory() -> None:
    text = SETUP.replace("▲1―7―1―兵", "▲1―6―1―兵", 1)
    assert problems(text) == [("territory", "set-up ply 1: ▲ sets up in its own territory "
                                            "(ranks 7-9), not on rank 6")]


def test_setup_builds_stacks_bottom_up() -> None:
    text = SETUP.replace("▲1―9―2―弓", "▲2―8―2―弓")
    assert [rule for rule, _ in problems(text)] == ["tier"]


def test_setup_alternates() -> None:
    text = SETUP.replace("▽9―3―1―兵", "▲9―3―1―兵", 1)
    assert [rule for rule, _ in problems(text)] == ["turn"]


def test_setup_uses_front_faces_only() -> None:
    text = SETUP.replace("▲5―8―1―侍", "▲5―8―1―槍")
    assert problems(text) == [("setup-piece", "set-up ply 29: ▲ has a back face; the set-up uses "
                                              "front faces only")]


def test_setup_forbids_two_pawns_on_a_file() -> None:
    text = SETUP.replace("▲2―7―1―兵", "▲1―8―1―兵")
    assert [rule for rule, _ in problems(text)] == ["ni-hyou", "setup-pawns"]
    assert problems(text)[1][1] == "every file must hold a 兵 of each side; ▲ has none on file 2"


def test_setup_must_be_complete_before_done() -> None:
    text = SETUP.replace("▲7―8―2―謀、▽3―2―2―謀、", "")
    assert problems(text) == [("setup-incomplete", "▲ still has 1 piece to place before [済み]")]
    no_list = text.replace("(▲「3―7―1―さ、8―7―1―と」、▽「6―3―1―さ、5―1―1―と」)、", "")
    assert problems(no_list) == [("setup-incomplete", "▲ still has 1 piece to place before [済み]")]


def test_back_face_list_names_own_pawns_and_one_of_each() -> None:
    wrong_square = SETUP.replace("3―7―1―さ", "3―8―1―さ")
    assert problems(wrong_square) == [("back-face", "▲ has no 兵 on 3―8―1")]
    twice = SETUP.replace("8―7―1―と", "8―7―1―さ")
    assert [rule for rule, _ in problems(twice)] == ["back-face"]


def test_battle_needs_the_setup_first() -> None:
    assert [rule for rule, _ in problems("▲1―6―1―兵")] == ["section-order"]


# -- 千日手 ----------------------------------------------------------------------------------

STUDY = """後手の持駒：なし
  ９ ８ ７ ６ ５ ４ ３ ２ １
+---------------------------+
|v帥| ・| ・| ・| ・| ・| ・| ・| ・|一
| ・| ・| ・| ・| ・| ・| ・| ・| ・|二
| ・| ・| ・| ・| ・| ・| ・| ・| ・|三
| ・| ・| ・| ・| ・| ・| ・| ・| ・|四
| ・| ・| ・| ・| ・| ・| ・| ・| ・|五
| ・| ・| ・| ・| ・| ・| ・| ・| ・|六
| ・| ・| ・| ・| ・| ・| ・| ・| ・|七
| ・| ・| ・| ・| ・| ・| ・| ・| ・|八
| ・| ・| ・| ・| ・| ・| ・| ・| 帥|九
+---------------------------+
先手の持駒：槍
手番：先手
"""
CYCLE = "▲1―8―1―帥、▽9―2―1―帥、▲1―9―1―帥、▽9―1―1―帥、"


def test_sennichite_after_the_fourth_occurrence() -> None:
    text = STUDY + CYCLE * 3 + "▲1―8―1―帥"
    assert problems(text) == [("sennichite", "the position has occurred four times (千日手); "
                                             "the game is set up again from [再び始め]")]
    marked = STUDY + CYCLE * 2 + CYCLE[:-1].replace("▽9―1―1―帥", "▽9―1―1―帥[千日手]") + "。[終局]"
    record = GAME.parse(marked)
    assert problems(marked) == []
    final = list(driver.replay(GAME, record))[-1].position
    assert final.outcome.winner is None and final.outcome.reason.startswith("千日手")


def test_resetup_after_sennichite_shifts_territories_and_first_player() -> None:
    text = (STUDY + CYCLE * 3 + "[再び始め]▽5―3―1―帥、▲5―7―1―帥、▲4―8―1―槍、[再び済み]"
            "「再開戦」▽5―4―1―帥")
    assert problems(text) == []
    wrong = (STUDY + CYCLE * 3 + "[再び始め]▽5―1―1―帥")
    assert problems(wrong) == [("territory", "set-up ply 1: ▽ sets up in its own territory "
                                             "(ranks 2-4), not on rank 1")]
    early = STUDY + CYCLE * 2 + "▲1―8―1―帥[千日手]"
    assert [rule for rule, _ in problems(early)] == ["sennichite-claim"]


def test_taking_the_king_wins() -> None:
    """A re-setup places pieces with no regard to check, so the side that moves first may find
    the enemy's 帥 en prise: ▽ takes it with its 槍 and wins at once."""
    study = STUDY.replace("後手の持駒：なし", "後手の持駒：槍")
    text = (study + CYCLE * 3 + "[再び始め]▽5―3―1―帥、▲5―6―1―帥、▽5―4―1―槍、▲4―8―1―槍、"
            "[再び済み]「再開戦」▽5―6―1―槍")
    assert problems(text) == []
    final = list(driver.replay(GAME, GAME.parse(text)))[-1].position
    assert (final.outcome.winner, final.outcome.reason) == ("white", "帥 taken")


def test_ni_he_is_a_foul_in_the_resetup() -> None:
    """The re-setup places what each side owns, back faces too (lines 662-665), and ニへ is
    forbidden at any time (lines 407-408): a second ▲へ on file 4 is a foul ▽ may claim, now
    or later, and no listed placement."""
    study = STUDY.replace("先手の持駒：槍", "先手の持駒：へ×2")
    setup = "[再び始め]▽5―3―1―帥、▲5―7―1―帥、▲4―8―1―へ、"
    fouled = study + CYCLE * 3 + setup + "▲4―7―1―へ、[再び済み]「再開戦」▽5―4―1―帥"
    assert problems(fouled) == [("ni-he", "set-up ply 4: ニへ: ▲ already has a へ on file 4, a "
                                          "foul at any time; ▽ could claim the win ([反則] on "
                                          "this ply, or ▽反則指摘 at any later time; the record "
                                          "has neither)")]
    claimed = GAME.parse(fouled + "、▽反則指摘")
    final = list(driver.replay(GAME, claimed, lenient=True))[-1].position
    assert final.outcome.winner == "white" and "ニへ" in final.outcome.reason
    placing = list(driver.replay(GAME, GAME.parse(study + CYCLE * 3 + setup)))[-1].position
    listed = {str(m) for m in GAME.legal_moves(placing)}
    assert "▲4―7―1―へ" not in listed and "▲3―7―1―へ" in listed


def test_a_foul_of_the_resetup_is_claimed_on_its_ply_with_hansoku() -> None:
    """[反則] after the set-up ply that makes the foul claims it there, as after a battle ply
    (§十七 line 405, a ニへ: 「指摘して相手の反則を取ることが出来る」): here ▽'s second へ on file 4 in
    the re-setup (lines 407, 662), so ▲ wins; it reads and writes back in both dialects.  On a
    set-up ply that commits no foul, [反則] is refused."""
    study = STUDY.replace("先手の持駒：槍", "先手の持駒：へ").replace("後手の持駒：なし", "後手の持駒：へ×2")
    setup = study + CYCLE * 3 + "[再び始め]▽5―3―1―帥、▲5―7―1―帥、▽4―3―1―へ、▲4―7―1―へ、"
    claimed = setup + "▽4―4―1―へ[反則]。[終局]"
    assert problems(claimed) == []
    record = GAME.parse(claimed)
    final = list(driver.replay(GAME, record))[-1].position
    assert (final.outcome.winner, final.outcome.reason) == (
        "black", "反則 (ニへ: ▽ already has a へ on file 4, a foul at any time)")
    assert "▽4―4―1―へ[反則]。\n[終局]" in GAME.write(record)
    assert "W 4-4-1-he[foul]." in GAME.write(record, "ascii")
    assert GAME.parse(GAME.write(record, "ascii")) == record
    move = record.moves[-1].move
    assert GAME.move_from_json(GAME.move_to_json(move)) == move
    clean = setup.replace("▲4―7―1―へ、", "▲4―7―1―へ[反則]、")
    assert [rule for rule, _ in problems(clean)] == ["foul-claim"]


def test_a_pawn_twice_on_a_file_in_the_first_set_up_is_claimed_with_hansoku() -> None:
    """Line 417 (「初期陣形配置の時のみ、場二兵も反則となる」) with [反則] on the ply: ▽ claims it there."""
    text = SETUP.split("▲2―7―1―兵")[0] + "▲1―8―1―兵[反則]。[終局]"
    assert problems(text) == []
    final = list(driver.replay(GAME, GAME.parse(text)))[-1].position
    assert final.outcome.winner == "white"
    assert final.outcome.reason == "反則 (場二兵: ▲ already has a 兵 on file 1, a foul during " \
                                   "the set-up)"


# -- set-up diagrams --------------------------------------------------------------------

def test_a_study_starts_from_its_diagram() -> None:
    record = GAME.parse(STUDY + "▲5―5―1―槍新")
    assert problems(STUDY + "▲5―5―1―槍新") == []
    assert record.setup.hands[0][0].face == "槍"
    assert GAME.parse(GAME.write(record)) == record


def test_a_broken_diagram_is_rejected_with_its_place() -> None:
    two_kings = STUDY.replace("| ・| 帥|九", "| 帥| 帥|九")
    with pytest.raises(SetupError) as caught:
        GAME.start(GAME.parse(two_kings))
    assert caught.value.message == "the diagram holds 3 pieces of the 帥 kind; the two sets have 2"
    assert caught.value.span.line == 1
    too_many = STUDY.replace("先手の持駒：槍", "先手の持駒：槍×5")
    with pytest.raises(SetupError, match="5 pieces of the 侍 kind; the two sets have 4"):
        GAME.start(GAME.parse(too_many))
    in_check = STUDY.replace("|v帥| ・|", "|v帥| 槍|")
    with pytest.raises(SetupError, match="▽'s 帥 is in check, but it is ▲ to move"):
        GAME.start(GAME.parse(in_check))
