"""Stacking, capturing, 不動攻撃, jumping, check and mate, each on a small drawn position."""
from __future__ import annotations

import pytest

from kifu.builtin.gungi.geometry import square
from kifu.plugin import driver

E = ". . . . . . . . ."


def board(*rows: str) -> str:
    assert len(rows) == 9
    return "\n".join(rows)


def test_stacking_onto_own_piece_goes_one_tier_up(gungi) -> None:
    pos = board("v帥 . . . . . . . .", E, E, E, ". . . . 兵 . . . .", ". . . . 侍 . . . .", E, E,
                ". . . . . . . . 帥")
    ok = gungi.replay(pos, "▲5―5―2―侍")
    assert ok.problems == []
    stack = ok.position.board[square(5, 5)]
    assert [p.face for p in stack] == ["兵", "侍"]
    wrong = gungi.replay(pos, "▲5―5―1―侍")
    assert [(p.rule, p.message) for p in wrong.errors] == [
        ("tier", "侍 ends on tier 2 of 5―5, not tier 1; read as tier 2")]


def test_stack_holds_three_pieces_at_most(gungi) -> None:
    pos = board("v帥 . . . . . . . .", E, E, E, ". . . . 兵忍上 . . . .", ". . . . 侍 . . . .", E, E,
                ". . . . . . . . 帥")
    result = gungi.replay(pos, "▲5―5―4―侍")
    assert [(p.rule, p.message) for p in result.errors] == [
        ("stack-height", "5―5 already holds three pieces")]


def test_nothing_stands_on_a_king(gungi) -> None:
    pos = board("v帥 . . . . . . . .", E, E, E, E, E, E, ". . . . . . . . 侍", ". . . . . . . . 帥")
    result = gungi.replay(pos, "▲1―9―2―侍")
    assert [p.rule for p in result.errors] == ["king-on-top"]


def test_same_kind_rule_in_a_stack(gungi) -> None:
    """兵兵 in one stack is forbidden; 兵 with へ and と is allowed (§十四)."""
    pos = board("v帥 . . . . . . . .", E, E, E, ". . . . 兵 . . . .", ". . . . 兵 . . . .", E, E,
                ". . . . . . . . 帥")
    assert [p.rule for p in gungi.replay(pos, "▲5―5―2―兵").errors] == ["same-kind"]
    mixed = board("v帥 . . . . . . . .", E, E, E, ". . . . 兵へ . . . .", ". . . . と . . . .", E, E,
                  ". . . . . . . . 帥")
    assert gungi.replay(mixed, "▲5―5―3―と").problems == []


def test_capture_takes_the_top_and_lands_on_its_tier(gungi) -> None:
    pos = board("v帥 . . . . . . . .", E, E, E, ". . . . v兵v忍 . . . .", ". . . . 侍 . . . .", E,
                E, ". . . . . . . . 帥")
    result = gungi.replay(pos, "▲5―5―2―侍")
    assert result.problems == []
    stack = result.position.board[square(5, 5)]
    assert [(p.owner, p.face) for p in stack] == [(1, "兵"), (0, "侍")]
    assert [p.face for p in result.position.hands[0]] == ["上"]   # a front captured: its back


def test_no_peaceful_stacking_on_an_enemy(gungi) -> None:
    pos = board("v帥 . . . . . . . .", E, E, E, ". . . . v兵v忍 . . . .", ". . . . 侍 . . . .", E,
                E, ". . . . . . . . 帥")
    result = gungi.replay(pos, "▲5―5―3―侍")
    assert [p.message for p in result.errors] == [
        "侍 ends on tier 2 of 5―5, not tier 3 (a piece takes the top of an enemy stack; it "
        "never stacks on it); read as tier 2"]


def test_strike_downwards_takes_the_place_of_the_victim(gungi) -> None:
    """ex1: 忍 on tier 2 takes tier 1 in place and ends on tier 1 (1―2―不1―忍)."""
    pos = board("v帥 . . . . . . . .", E, E, E, ". . . . v兵忍 . . . .", E, E, E,
                ". . . . . . . . 帥")
    result = gungi.replay(pos, "▲5―5―不1―忍")
    assert result.problems == []
    assert [(p.owner, p.face) for p in result.position.board[square(5, 5)]] == [(0, "忍")]


def test_strike_upwards_by_a_covered_piece(gungi) -> None:
    """ex3: a 忍 on tier 1 takes tier 2 above it; the tier-3 piece drops to tier 2."""
    pos = board("v帥 . . . . . . . .", E, E, E, ". . . . 忍v兵v槍 . . . .", E, E, E,
                ". . . . . . . . 帥")
    result = gungi.replay(pos, "▲5―5―不2―忍")
    assert result.problems == []
    assert [(p.owner, p.face) for p in result.position.board[square(5, 5)]] == [
        (0, "忍"), (1, "槍")]
    assert [p.face for p in result.position.hands[0]] == ["へ"]


@pytest.mark.parametrize("stack, ply, after", [
    # ex2 (line 444), 1―2―不3―忍: a 忍 on tier 2 takes the tier-3 piece and stays on tier 2.
    ("v兵忍v槍", "▲5―5―不3―忍", [(1, "兵"), (0, "忍")]),
    # ex3 (line 445) from above: a 忍 on tier 3 takes tier 2 and comes down onto tier 1's piece.
    ("槍v兵忍", "▲5―5―不2―忍", [(0, "槍"), (0, "忍")]),
])
def test_the_texts_strike_examples_with_a_ninja(gungi, stack: str, ply: str, after: list) -> None:
    pos = board("v帥 . . . . . . . .", E, E, E, f". . . . {stack} . . . .", E, E, E,
                ". . . . . . . . 帥")
    result = gungi.replay(pos, ply)
    assert result.problems == []
    assert [(p.owner, p.face) for p in result.position.board[square(5, 5)]] == after


def test_fortress_cannot_strike(gungi) -> None:
    pos = board("v帥 . . . . . . . .", E, E, E, E, E, ". . . . 砦v兵 . . . .", E,
                ". . . . . . . . 帥")
    assert [p.rule for p in gungi.replay(pos, "▲5―7―不2―砦").errors] == ["strike"]


def test_jumpers_leap_and_others_are_blocked(gungi) -> None:
    pos = board("v帥 . . . . . . . .", E, E, E, ". . . . v兵 . . . .", ". . . . 弓 . . . .", E,
                E, ". . . . . . . . 帥")
    assert gungi.replay(pos, "▲5―4―1―弓").problems == []
    blocked = board("v帥 . . . . . . . .", E, E, E, ". . . さ兵 v兵 . . . .", E, E, E,
                    ". . . . . . . . 帥")
    assert [p.rule for p in gungi.replay(blocked, "▲4―5―1―兵").errors] == ["unreachable"]


def test_a_lances_two_steps_forward_stop_at_a_piece(gungi) -> None:
    """槍 「前方に二画」 (line 273) is no leap (only 忍 弓 上 leap, §二十二): a piece one square
    ahead, own or enemy, keeps it from the second square; an enemy there may be taken."""
    def lance(ahead: str) -> str:
        return board("v帥 . . . . . . . .", E, E, E, f". . . . {ahead} . . . .",
                     ". . . . 槍 . . . .", E, E, ". . . . . . . . 帥")

    assert gungi.replay(lance("."), "▲5―4―1―槍").problems == []
    assert [p.rule for p in gungi.replay(lance("兵"), "▲5―4―1―槍").errors] == ["unreachable"]
    assert [p.rule for p in gungi.replay(lance("v兵"), "▲5―4―1―槍").errors] == ["unreachable"]
    assert gungi.replay(lance("v兵"), "▲5―5―1―槍").problems == []


def test_a_cannon_or_fortress_never_moves(gungi) -> None:
    """「「砲」「砦」は、初期陣形配置の場所から動かすことが出来ない」 (line 168)."""
    pos = board("v帥 . . . . . . . .", E, E, E, E, E, E, ". . . 砲 . 砦 . . .",
                ". . . . . . . . 帥")
    for ply in ("▲6―7―1―砲", "▲4―7―1―砦", "▲6―9―1―砲"):
        assert [p.rule for p in gungi.replay(pos, ply).errors] == ["unreachable"], ply
    assert not any("砲" in m or "砦" in m for m in gungi.legal(pos))


def test_sliding_pieces_stop_at_the_first_piece(gungi) -> None:
    pos = board("v帥 . . . . . . . .", E, E, ". . . . v槍 . . . .", ". . . . v兵 . . . .",
                E, ". . . . 臥 . . . .", E, ". . . . . . . . 帥")
    assert gungi.replay(pos, "▲5―5―1―臥").problems == []
    assert [p.rule for p in gungi.replay(pos, "▲5―4―1―臥").errors] == ["unreachable"]


def test_moving_into_check_is_refused(gungi) -> None:
    pos = board("v帥 . . . . . . . .", E, E, E, E, E, ". . . . . . . v槍 .", E,
                ". . . . . . . . 帥")
    result = gungi.replay(pos, "▲2―9―1―帥")
    assert [p.rule for p in result.errors] == ["check"]


def test_king_in_check_cannot_flee_onto_own_piece(gungi) -> None:
    """§十五: a 帥 in check may not escape onto a square where an own piece stands."""
    pos = board("v帥 . . . . . . . .", E, E, E, E, E, ". . . . . . . . v臥", ". . . . . . . 兵 .",
                ". . . . . . . . 帥")
    result = gungi.replay(pos, "▲2―8―2―帥")
    assert [p.rule for p in result.errors] == ["check"]
    assert gungi.replay(pos, "▲2―9―1―帥").problems == []


def test_king_in_check_cannot_take_onto_a_square_where_its_own_piece_stands(gungi) -> None:
    """§十五 (lines 389, 537): 「自軍駒がいるマスに逃げることが出来ない」 - a square where an own
    piece stands, at any tier: taking the ▽槍 that stands on a ▲兵 is no escape either.  Not in
    check, the 帥 may take there."""
    pos = board("v帥 . . . . . . . .", E, E, E, ". . . . . . . . v臥", E, ". . . . . . . . 帥",
                ". . . . . . . 兵v槍 .", E)
    result = gungi.replay(pos, "▲2―8―2―帥")
    assert [(p.rule, p.message) for p in result.errors] == [
        ("check", "a 帥 in check may not flee to a square where its own piece stands, not even "
                  "by taking the enemy on top")]
    assert "▲2―8―2―帥[1―7―1]" not in gungi.legal(pos)
    calm = pos.replace(". . . . . . . . v臥", E)
    assert gungi.replay(calm, "▲2―8―2―帥").problems == []
    assert "▲2―8―2―帥[1―7―1]" in gungi.legal(calm)


def test_no_check_from_a_piece_the_same_kind_rule_keeps_off_the_kings_stack(gungi) -> None:
    """王手 is a 帥 about to lose on the next ply (line 62); the ▽槍 on 5―6 cannot take the ▲帥
    standing on ▲兵 and ▽槍, for the stack would then hold two ▽槍 (line 370): no check, and
    ▲ may play elsewhere."""
    pos = board("v帥 . . . . . . . .", E, E, E, E, ". . . . v槍 . . . .",
                ". . . . v槍兵帥 . . . .", E, ". . . . . . . . 侍")
    result = gungi.replay(pos, "▲1―8―1―侍")
    assert result.problems == []
    assert "▲1―8―1―侍[1―9―1]" in gungi.legal(pos)


def test_a_he_checks_where_betraying_lifts_the_same_kind_rule(gungi) -> None:
    """A ▽へ may take the ▲帥 on ▲兵(さ) and ▽へ by betraying them (the stack then holds ▲兵
    ▽さ ▽へ): check, so ▲ must answer it.  Were the ▲兵's back a へ, the betrayal would leave
    two ▽へ: no check."""
    pos = board("v帥 . . . . . . . .", E, E, E, E, E, ". . . . vへ兵(さ)帥 vへ . . .", E,
                ". . . . . . . . 侍")
    assert [p.rule for p in gungi.replay(pos, "▲1―8―1―侍").errors] == ["check"]
    calm = pos.replace("兵(さ)", "兵(へ)")
    assert gungi.replay(calm, "▲1―8―1―侍").problems == []


def test_strike_from_below_gives_check(gungi) -> None:
    """A 帥 standing on an enemy piece (not a 砦) is in check from below."""
    pos = board("v帥 . . . . . . . .", E, E, E, E, E, E, ". . . . . . . v槍v兵 .",
                ". . . . . . . . 帥")
    result = gungi.replay(pos, "▲2―8―2―帥")
    assert [p.rule for p in result.errors] == ["check"]


def test_mate_is_verified_by_searching_every_reply(gungi) -> None:
    pos = board("v帥 . . . . . . . .", ". . 龍 . . . . . .", ". と . . . . . . .", E, E, E, E, E,
                ". . . . . . . . 帥")
    result = gungi.replay(pos, "▲9―2―1―龍[詰み]")
    assert result.problems == []
    assert result.position.outcome.reason == "詰み (mate)"
    assert result.position.outcome.winner == "black"


def test_no_legal_move_while_not_in_check_loses(gungi) -> None:
    """The ▽帥 in the corner is not in check, but every square it could go to is covered and
    ▽ has nothing else: ▽ cannot move, and loses (as in shogi)."""
    pos = board("v帥 . . . . . . . .", ". . 筒 . . . . . .", ". と . . . . . . .", E, E, E, E, E,
                ". . . . . . . . 帥")
    result = gungi.replay(pos, "▲1―8―1―帥")
    assert result.problems == []
    outcome = result.position.outcome
    assert (outcome.winner, outcome.reason, outcome.kind) == ("black", "no legal move", "no-move")
    assert result.events[0][-1] == {"type": "no-legal-move", "winner": "black"}


def test_mate_claim_that_is_not_mate(gungi) -> None:
    pos = board("v帥 . . . . . . . .", ". . . 龍 . . . . .", E, E, E, E, E, E, ". . . . . . . . 帥")
    result = gungi.replay(pos, "▲9―2―1―龍[詰み]")
    assert [(p.rule, p.message) for p in result.errors] == [
        ("mate-claim", "the record says [詰み], but ▽ is in check and can still answer it")]


def test_same_square_and_origin_notes(gungi) -> None:
    both = board("v帥 . . . . . . . .", E, ". . . . v兵 . . . .", E, E, ". . . 忍 . 忍 . . .", E,
                 E, ". . . . . . . . 帥")
    result = gungi.replay(both, "▲5―4―1―忍")
    assert [p.rule for p in result.errors] == ["ambiguous"]
    assert gungi.replay(both, "▲5―4―1―忍[6―6―1]、▽同―兵").problems == []
    assert [p.rule for p in gungi.replay(both, "▲同―忍").errors] == ["same-square"]


def test_a_ply_on_the_square_just_played_is_written_with_same(gungi) -> None:
    """§十八 (line 447): 「対戦相手が直前に打ったマスと同じ場所を表記する時には、「同―駒名」と表記する」.
    Written otherwise, the ply plays with a warning; kifu writes it with 同.  It is the same
    move either way (issue 36): one value, with its square, which the listing gives whatever
    the ply before it (a position read from its key, which holds no last move, lists the
    same), and which ``game.notation`` writes with 同 where the position's last ply stood."""
    from kifu.builtin.gungi import GAME

    pos = board("v帥 . . . . . . . .", E, ". . . . v侍 . . . .", ". . . . v兵 . . . .", E,
                ". . . . 槍 . . . .", E, E, ". . . . . . . . 帥")
    written = gungi.replay(pos, "▲5―4―1―槍、▽5―4―1―侍")
    assert written.errors == []
    assert [(p.rule, p.message) for p in written.warnings] == [
        ("notation", "▽5―4―1―侍 plays on the square of the ply before it, which the rules write "
                     "with 同 (§十八): ▽同―侍")]
    text = GAME.write(GAME.parse(gungi.bod(pos) + "▲5―4―1―槍、▽5―4―1―侍"))
    assert text.endswith("▲5―4―1―槍、▽同―侍。\n")
    assert gungi.replay(pos, "▲5―4―1―槍、▽同―侍").problems == []
    after = list(driver.replay(GAME, GAME.parse(gungi.bod(pos) + "▲5―4―1―槍")))[-1].position
    listed = [m for m in GAME.legal_moves(after) if str(m) == "▽5―4―1―侍"]
    assert len(listed) == 1 and GAME.move_notation(listed[0], after) == "▽同―侍"
    assert {GAME.canonical_move(after, GAME.parse_move(text, after))
            for text in ("▽同―侍", "▽5―4―1―侍")} == {listed[0]}
    again = GAME.position_from_key(GAME.position_key(after))
    assert again == after and GAME.legal_moves(again) == GAME.legal_moves(after)
    assert GAME.move_notation(listed[0], again) == "▽5―4―1―侍"  # no last ply: no 同
