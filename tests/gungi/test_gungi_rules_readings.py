"""Readings where the rules text leaves room, each on a drawn position (DECISIONS.md): drops
onto a 地駒 at any tier, when the origin bracket is needed, and the points the text leaves open
(betrayal, forced recovery, re-placement, the 帥 on an enemy 砦, hidden 兵 backs, へ詰め and
手兵詰め)."""
from __future__ import annotations

from kifu.builtin.gungi import GAME
from kifu.builtin.gungi.geometry import square
from kifu.plugin import driver

E = ". . . . . . . . ."


def board(*rows: str) -> str:
    assert len(rows) == 9
    return "\n".join(rows)


def stack(result, file: int, rank: int) -> list[tuple[int, str]]:
    return [(p.owner, p.face) for p in result.position.board[square(file, rank)]]


def hand(result, side: int) -> list[str]:
    return sorted(p.face for p in result.position.hands[side])


def converted(gungi, diagram: str, moves: str, **hands: str) -> str:
    """The moves as ``kifu convert`` writes them (the set-up diagram left out)."""
    text = GAME.write(GAME.parse(gungi.bod(diagram, **hands) + moves))
    return text.split("手番：先手\n")[-1].strip()


# -- drops onto a 地駒 at any tier (§十九 地連, §十一 "(例外はある)") ----------------------------

TOWER = board("v帥 . . . . . . . .", E, E, E, E, E, ". . . 兵忍 . v忍上 . . .", E,
              ". . . . . . . . 帥")


def test_a_drop_lands_on_tier_three_on_an_uncovered_own_ground_piece(gungi) -> None:
    """▲6―7―3―槍新 onto an uncovered ▲忍 standing on a ▲兵 (忍 takes back faces)."""
    result = gungi.replay(TOWER, "▲6―7―3―槍新", black="槍")
    assert result.problems == []
    assert stack(result, 6, 7) == [(0, "兵"), (0, "忍"), (0, "槍")]
    assert "▲6―7―3―槍新" in gungi.legal(TOWER, black="槍")


def test_tier_three_drops_follow_the_ground_pieces_face_rules(gungi) -> None:
    """上 on a white 忍 takes front faces only; the result keeps three tiers at most."""
    assert gungi.replay(TOWER, "▲4―7―3―侍新", black="侍").problems == []
    refused = gungi.replay(TOWER, "▲4―7―3―槍新", black="槍")
    assert [(p.rule, p.message) for p in refused.errors] == [
        ("drop-square", "槍 cannot be dropped on 4―7: a drop goes on an empty square, or on an "
                        "uncovered own 地駒 that takes it (three tiers at most)")]
    full = gungi.replay(TOWER, "▲6―7―3―槍新、▽9―2―1―帥、▲6―7―4―筒新", black="槍 筒")
    assert [p.rule for p in full.errors] == ["drop-square"]


def test_a_tier_three_drop_obeys_the_same_kind_rule_and_states_its_tier(gungi) -> None:
    same_kind = TOWER.replace("兵忍", "槍忍")
    assert [p.rule for p in gungi.replay(same_kind, "▲6―7―3―槍新", black="槍").errors] == [
        "drop-square"]
    wrong_tier = gungi.replay(TOWER, "▲6―7―2―槍新", black="槍")
    assert [(p.rule, p.message) for p in wrong_tier.errors] == [
        ("tier", "槍 ends on tier 3 of 6―7, not tier 2; read as tier 3")]


def test_no_drop_on_an_enemy_or_covered_ground_piece(gungi) -> None:
    pos = board("v帥 . . . . . . . .", E, E, E, E, E, ". . . 兵v忍 . 忍兵 . . .", E,
                ". . . . . . . . 帥")
    assert [p.rule for p in gungi.replay(pos, "▲6―7―3―槍新", black="槍").errors] == [
        "drop-square"]
    assert [p.rule for p in gungi.replay(pos, "▲4―7―3―槍新", black="槍").errors] == [
        "drop-square"]


# -- the origin bracket, needed only between legal readings (§十八) ----------------------------

HE_TWINS = board("v帥 . . . . . . . .", ". . . . 槍vへ . . . .", ". . . . . vへ . . .", E, E, E, E,
                 E, ". . . . . . . . 帥")


def test_a_reading_that_would_make_ni_he_does_not_count(gungi) -> None:
    """▽へ on 5―2 (on a ▲槍, so it moves as と) and ▽へ on 4―3 both reach 5―3, but the
    second would put two ▽へ on file 5: one legal reading, no bracket needed."""
    result = gungi.replay(HE_TWINS, "▽5―3―1―へ", to_move="後手")
    assert result.problems == []
    assert stack(result, 5, 2) == [(0, "槍")]
    assert stack(result, 4, 3) == [(1, "へ")]
    written = gungi.replay(HE_TWINS, "▽5―3―1―へ[4―3―1]", to_move="後手")
    assert [(p.rule, p.message) for p in written.errors] == [
        ("ni-he", "ニへ: ▽ has two へ on file 5; ▲ could claim the win ([反則] on this ply, or "
                  "▲反則指摘 at any later time; the record has neither)")]


def test_a_reading_that_leaves_the_own_king_in_check_does_not_count(gungi) -> None:
    pos = board("v帥 . . . . . . . .", E, E, E, ". . . . . . . v臥 .", E, E,
                ". . . . . 槍 . 槍 .", ". . . . . . . 帥 .")
    result = gungi.replay(pos, "▲3―8―1―槍")
    assert result.problems == []
    assert stack(result, 4, 8) == []


def test_two_legal_readings_need_the_bracket(gungi) -> None:
    pos = board("v帥 . . . . . . . .", E, E, E, E, E, E, ". . . . . 槍 . 槍 .",
                ". . . . . . . . 帥")
    assert [p.rule for p in gungi.replay(pos, "▲3―8―1―槍").errors] == ["ambiguous"]
    assert gungi.replay(pos, "▲3―8―1―槍[4―8―1]").problems == []


def test_convert_writes_a_bracket_exactly_where_two_legal_readings_exist(gungi) -> None:
    twins = board("v帥 . . . . . . . .", E, E, E, E, E, E, ". . . . . 槍 . 槍 .",
                  ". . . . . . . . 帥")
    assert converted(gungi, twins, "▲3―8―1―槍[4―8―1]") == "▲3―8―1―槍[4―8―1]。"
    assert converted(gungi, twins, "▲4―7―1―槍[4―8―1]") == "▲4―7―1―槍。"
    ni_he = gungi.bod(HE_TWINS, to_move="後手")
    assert GAME.write(GAME.parse(ni_he + "▽5―3―1―へ[5―2―2]")).endswith("▽5―3―1―へ。\n")
    assert GAME.write(GAME.parse(ni_he + "▽5―3―1―へ[4―3―1]")).endswith(
        "▽5―3―1―へ[4―3―1]。\n")


def test_a_redundant_bracket_is_read_and_dropped_on_writing(gungi) -> None:
    pos = board("v帥 . . . . . . . .", E, E, E, E, E, E, ". . . . . 槍 . . .",
                ". . . . . . . . 帥")
    record = GAME.parse(gungi.bod(pos) + "▲4―7―1―槍[4―8―1]")
    assert driver.check(GAME, record)[0] == []
    assert GAME.parse(GAME.write(record)) == record
    assert GAME.write(record).endswith("▲4―7―1―槍。\n")
    wrong = gungi.replay(pos, "▲4―7―1―槍[6―8―1]")
    assert [p.rule for p in wrong.errors] == ["origin"]


# -- betrayal (§二十 裏切り効果, §二十七) ----------------------------------------------------

def test_betrayal_is_a_right_not_a_duty(gungi) -> None:
    """Both readings play; the move generator lists the capture once."""
    pos = board("v帥 . . . . . . . .", E, ". . . . . . . v謀v忍 へ", E, E, E, E, E,
                ". . . . . . . . 帥")
    assert gungi.replay(pos, "▲2―3―2―へ").problems == []
    assert gungi.replay(pos, "▲2―3―2―へ[▲1―筒]").problems == []
    assert sorted(m for m in gungi.legal(pos) if m.startswith("▲2―3")) == ["▲2―3―2―へ[1―3―1]"]


def test_he_betrays_when_it_takes_the_top_piece_in_place(gungi) -> None:
    """A へ on tier 2 taking the enemy on tier 3 (不3) takes the top of the stack: the piece
    under it may turn.  Taking the piece under it (不1, not the top) turns nothing."""
    up = board("v帥 . . . . . . . .", E, E, E, ". . . . v謀へv忍 . . . .", E, E, E,
               ". . . . . . . . 帥")
    turned = gungi.replay(up, "▲5―5―不3―へ[▲1―筒]")
    assert turned.problems == []
    assert stack(turned, 5, 5) == [(0, "筒"), (0, "へ")]
    down = board("v帥 . . . . . . . .", E, E, E, ". . . . v謀v忍へ . . . .", E, E, E,
                 ". . . . . . . . 帥")
    refused = gungi.replay(down, "▲5―5―不2―へ[▲1―筒]")
    assert [(p.rule, p.message) for p in refused.errors] == [
        ("betrayal", "a betrayal list needs a へ that takes the top piece of a stack with "
                     "pieces under it")]
    assert gungi.replay(down, "▲5―5―不2―へ").problems == []


SAME_KIND_BETRAYAL = board("v帥 . . . . . . . .", E, E, E, ". . . . 兵(と)へv忍 へ . . .", E, E, E,
                           ". . . . . . . . 帥")


def test_the_same_kind_rule_is_judged_after_the_betrayal(gungi) -> None:
    """§十四 (line 370) is a rule of what stands in a stack, and the turning-over is part of the
    capture (lines 636-640): the ▲へ from 4―5 takes the ▽忍 on a stack holding a ▲へ, and the
    stack it leaves, ▽と ▽兵 ▲へ, holds no two pieces of one kind and side."""
    result = gungi.replay(SAME_KIND_BETRAYAL, "▲5―5―3―へ[▽2―兵、▽1―と]")
    assert result.problems == []
    assert stack(result, 5, 5) == [(1, "と"), (1, "兵"), (0, "へ")]
    plies = {str(m) for m in GAME.legal_moves(GAME.start(GAME.parse(gungi.bod(SAME_KIND_BETRAYAL))))}
    assert "▲5―5―3―へ[▽2―兵、▽1―と]" in plies
    assert "▲5―5―3―へ" not in plies                     # without the betrayal: two ▲へ


def test_a_ply_that_stands_only_by_betraying_says_why_without_its_list(gungi) -> None:
    """Without the list the ply would leave two ▲へ in the stack; the one reading left is the
    covered へ's 不3, and the diagnostic says it reads the ply so.  A list that names only one
    of the two tiers is refused as such, not re-read."""
    bare = gungi.replay(SAME_KIND_BETRAYAL, "▲5―5―3―へ")
    assert [(p.rule, p.message) for p in bare.errors] == [(
        "same-kind", "▲ already has a へ in the stack on 5―5; the へ may take there only by "
                     "betraying the pieces under it, with the betrayal list (the same-kind rule "
                     "judges the stack after the ply); the one legal reading is ▲5―5―不3―へ")]
    short = gungi.replay(SAME_KIND_BETRAYAL, "▲5―5―3―へ[▽2―兵]")
    assert [(p.rule, p.message) for p in short.errors] == [
        ("betrayal", "the betrayal list must name each tier under the へ once (tiers 1、2)")]


def test_white_takes_onto_its_own_he_by_betraying_and_a_slip_is_one_fault(gungi) -> None:
    """The same for ▽ (the stack ▽兵(と) ▽へ ▲忍 on 5―5, a ▽へ beside it): with the list the
    stack left is ▲と ▲兵 ▽へ.  Written without it, the ply is one fault whose one reading is
    the covered ▽へ's 不3; the 3 that reading takes for its 不 is no second fault (a repair
    names the whole reading, its tier with it)."""
    pos = board("v帥 . . . . . . . .", E, E, E, ". . . . v兵(と)vへ忍 vへ . . .", E, E, E,
                ". . . . . . . . 帥")
    result = gungi.replay(pos, "▽5―5―3―へ[▲2―兵、▲1―と]", to_move="後手")
    assert result.problems == []
    assert stack(result, 5, 5) == [(0, "と"), (0, "兵"), (1, "へ")]
    bare = gungi.replay(pos, "▽5―5―3―へ", to_move="後手")
    assert [(p.rule, p.message) for p in bare.errors] == [(
        "same-kind", "▽ already has a へ in the stack on 5―5; the へ may take there only by "
                     "betraying the pieces under it, with the betrayal list (the same-kind rule "
                     "judges the stack after the ply); the one legal reading is ▽5―5―不3―へ")]
    assert stack(bare, 5, 5) == [(1, "兵"), (1, "へ")]


def test_betrayal_that_would_make_two_of_a_kind_is_not_made(gungi) -> None:
    """Line 370 judged after the betrayal (lines 636-640) also forbids a betrayal: ▽さ and ▽と
    under the taken ▽忍 would both turn into ▲兵.  The へ takes without betraying."""
    pos = board("v帥 . . . . . . . .", E, E, E, ". . . . vさvとv忍 へ . . .", E, E, E,
                ". . . . . . . . 帥")
    refused = gungi.replay(pos, "▲5―5―3―へ[▲2―兵、▲1―兵]")
    assert [(p.rule, p.message) for p in refused.errors] == [
        ("betrayal", "betrayal would leave two pieces of one kind and side in the stack (the "
                     "same-kind rule)")]
    plain = gungi.replay(pos, "▲5―5―3―へ")
    assert plain.problems == []
    assert stack(plain, 5, 5) == [(1, "さ"), (1, "と"), (0, "へ")]


def test_betrayal_turns_fortresses_into_lances_and_lances_back_on_tier_one(gungi) -> None:
    """An enemy 砲 turns into an own 香; a 香 on tier 1 into its 砲 or 砦 (named as it is)."""
    cannon = board("v帥 . . . . . . . .", E, ". . . . v砲v兵 へ . . .", E, E, E, E, E,
                   ". . . . . . . . 帥")
    result = gungi.replay(cannon, "▲5―3―2―へ[▲1―香]")
    assert result.problems == []
    assert stack(result, 5, 3) == [(0, "香"), (0, "へ")]
    lance = cannon.replace("v砲v兵", "v香(砦)v兵")
    assert stack(gungi.replay(lance, "▲5―3―2―へ[▲1―砦]"), 5, 3) == [(0, "砦"), (0, "へ")]
    wrong = gungi.replay(lance, "▲5―3―2―へ[▲1―砲]")
    assert [p.message for p in wrong.errors] == ["香 on tier 1 turns over to 砦, not 砲"]


def test_betrayal_may_not_lift_a_fortress_off_tier_one(gungi) -> None:
    """A 香 on tier 2 would turn into a 砲/砦 on tier 2: that betrayal cannot happen, and the
    へ simply takes."""
    pos = board("v帥 . . . . . . . .", E, ". . . . v兵v香(砲)v忍 へ . . .", E, E, E, E, E,
                ". . . . . . . . 帥")
    refused = gungi.replay(pos, "▲5―3―3―へ[▲2―砲、▲1―と]")
    assert [(p.rule, p.message) for p in refused.errors] == [
        ("betrayal", "betrayal would put a 砲 on tier 2; 砲 and 砦 stand only on tier 1")]
    assert gungi.replay(pos, "▲5―3―3―へ").problems == []


def test_no_betrayal_ever_reaches_a_king(gungi) -> None:
    """Nothing stands on a 帥, so a 帥 is never under a へ."""
    pos = board("v帥 . . . . . . . .", E, E, E, E, E, E, ". . . . . . . へ .",
                ". . . . . . . 帥 .")
    assert [p.rule for p in gungi.replay(pos, "▲2―9―2―へ").errors] == ["unreachable"]
    import pytest

    from kifu.base.errors import SetupError

    with pytest.raises(SetupError, match="something stands on the 帥"):
        GAME.start(GAME.parse(gungi.bod(pos.replace(". . . . . . . 帥 .", ". . . . . . . 帥へ ."))))


# -- forced recovery (§二十 強制回収効果) ---------------------------------------------------------

def test_a_boar_covered_after_its_own_ply_is_still_recovered(gungi) -> None:
    """▲兵 (on tier 2, on a ▽と, under a ▲槍) takes the と below it in place and lands on tier
    1 of the last rank, where it could never move: it leaves from under the 槍, into ▽'s hand
    (it took a piece), and the 槍 comes down."""
    pos = board("v帥 . . . v と兵槍 . . . .".replace("v と", "vと"), E, E, E, E, E, E, E,
                ". . . . . . . . 帥")
    result = gungi.replay(pos, "▲5―1―不1―兵")
    assert result.problems == []
    assert stack(result, 5, 1) == [(0, "槍")]
    assert hand(result, 0) == ["兵"]
    assert hand(result, 1) == ["裏"]  # turned over, showing a back the record has not named
    assert [e["type"] for e in result.events[0]] == ["strike", "capture", "forced-recovery"]


RECOVERED = board("v帥 . . . v兵(と) . . . .", E, E, E, E, E, E, E, ". . . . . . . . 帥")
SHUFFLED = "▲5―2―1―兵新、▽9―2―1―帥、▲5―1―1―兵[と入手]"


def test_a_recovered_pawn_keeps_its_back_hidden_until_it_is_dropped(gungi) -> None:
    """The ▲兵 dropped from a shuffled hand (さ or へ on its back, §二十七 line 713) takes the
    ▽兵(と) on the last rank and is recovered into ▽'s hand, turned over (lines 645-648);
    [と入手] names the back of the piece taken (line 440), not of the recovered one, whose face
    the record has not shown: ▽ may drop it as さ or as へ, and that tells which the 兵 left in
    ▲'s hand is."""
    result = gungi.replay(RECOVERED, SHUFFLED, black="兵(さ) 兵(へ)")
    assert result.problems == []
    assert hand(result, 0) == ["と", "兵"] and hand(result, 1) == ["裏"]
    assert GAME.position_to_json(result.position)["hands"]["white"] == [["裏", "兵"]]
    for face, left in (("へ", "さ"), ("さ", "へ")):
        dropped = gungi.replay(RECOVERED, SHUFFLED + f"、▽6―2―1―{face}新", black="兵(さ) 兵(へ)")
        assert dropped.problems == []
        assert stack(dropped, 6, 2) == [(1, face)]
        (pawn,) = [p for p in dropped.position.hands[0] if p.face == "兵"]
        assert dropped.position.possible_other(pawn) == {left}
    refused = gungi.replay(RECOVERED, SHUFFLED + "、▽6―2―1―と新", black="兵(さ) 兵(へ)")
    assert [p.rule for p in refused.errors] == ["drop-not-in-hand"]


def test_a_recovered_pawn_is_dropped_as_any_face_its_back_may_be(gungi) -> None:
    """With ▽兵(さ) taken instead, [さ入手] still names the taken piece only; and a hidden ▲兵
    that takes a ▽侍 on the last rank needs no note at all.  The listing offers each face."""
    taken = RECOVERED.replace("兵(と)", "兵(さ)")
    result = gungi.replay(taken, SHUFFLED.replace("と入手", "さ入手") + "、▽6―2―1―へ新",
                          black="兵(さ) 兵(へ)")
    assert result.problems == []
    samurai = RECOVERED.replace("v兵(と)", "v侍").replace(E, ". . . . 兵 . . . .", 1)
    plain = gungi.replay(samurai, "▲5―1―1―兵")
    assert plain.problems == []
    assert hand(plain, 0) == ["槍"] and hand(plain, 1) == ["裏"]
    after = plain.position
    drops = {str(m) for m in GAME.legal_moves(after) if "6―2" in str(m)}
    assert {"▽6―2―1―さ新", "▽6―2―1―と新", "▽6―2―1―へ新"} <= drops


CAUGHT = board("v帥 . . . v侍 . . . .", E, E, E, E, E, E, E, ". . . . . . . . 帥")
CAUGHT_PLIES = "▲5―2―1―兵新、▽9―2―1―帥、▲5―1―1―兵"


def test_the_enemy_names_the_back_of_a_recovered_pawn_it_obtains(gungi) -> None:
    """Line 440: 「敵軍駒の「兵」を手駒にした際、それの裏駒が「へ」以外の「さ」「と」であった場合には…
    []の中に入手した裏駒を表記する」.  The ▲兵 dropped from a shuffled hand (さ or へ on its
    back) takes the ▽侍 on the last rank and goes to ▽'s hand (line 647): ▽ obtains an enemy
    兵, so `[さ入手]` on the ply says its back; the 兵 left in ▲'s hand then carries へ.  A back
    it cannot have is refused; without the note it stays unseen (line 713)."""
    named = gungi.replay(CAUGHT, CAUGHT_PLIES + "[さ入手]", black="兵(さ) 兵(へ)")
    assert named.problems == []
    assert hand(named, 1) == ["さ"]
    (pawn,) = [p for p in named.position.hands[0] if p.face == "兵"]
    assert named.position.possible_other(pawn) == {"へ"}
    assert gungi.replay(CAUGHT, CAUGHT_PLIES + "[さ入手]、▽6―2―1―さ新",
                        black="兵(さ) 兵(へ)").problems == []
    wrong = gungi.replay(CAUGHT, CAUGHT_PLIES + "[と入手]", black="兵(さ) 兵(へ)")
    assert [(p.rule, p.message) for p in wrong.errors] == [
        ("obtained", "the 兵 recovered into ▽'s hand carries さ、へ on its back, not と")]
    unnamed = gungi.replay(CAUGHT, CAUGHT_PLIES, black="兵(さ) 兵(へ)")
    assert unnamed.problems == [] and hand(unnamed, 1) == ["裏"]
    nothing = gungi.replay(CAUGHT.replace("v侍", "."), "▲5―2―1―兵新、▽9―2―1―帥、▲5―1―1―兵[さ入手]",
                           black="兵(さ)")
    assert [(p.rule, p.message) for p in nothing.errors] == [
        ("obtained", "[さ入手] names a 兵's back, but the ply takes nothing and recovers no 兵 "
                     "into the enemy's hand")]


def test_white_names_the_back_of_a_pawn_it_recovers_into_blacks_hand(gungi) -> None:
    """The same for ▽: its hidden 兵 takes the ▲槍 on rank 9 and ▲ obtains it as と."""
    pos = board("v帥 . . . . . . . .", E, E, E, E, E, E, E, ". . . . 槍 . . . 帥")
    plies = "▽5―8―1―兵新、▲1―8―1―帥、▽5―9―1―兵[と入手]"
    result = gungi.replay(pos, plies, white="兵(さ) 兵(と)", to_move="後手")
    assert result.problems == []
    assert hand(result, 0) == ["と"]
    assert gungi.replay(pos, plies + "、▲6―8―1―と新", white="兵(さ) 兵(と)",
                        to_move="後手").problems == []


def test_a_known_back_recovered_into_the_enemy_hand_is_written_as_obtained(gungi) -> None:
    """A 兵 whose back is known (さ) and is recovered into the enemy's hand: the listing and
    the canonical ply write `[さ入手]` (line 440); the ply without it reads the same."""
    import kifu

    pos = board("v帥 . . . v侍 . . . .", ". . . . 兵(さ) . . . .", E, E, E, E, E, E,
                ". . . . . . . . 帥")
    assert [m for m in gungi.legal(pos) if "5―1" in m] == ["▲5―1―1―兵[5―2―1]"]
    start = GAME.start(GAME.parse(gungi.bod(pos)))
    assert [str(m) for m in GAME.legal_moves(start) if "5―1" in str(m)] == ["▲5―1―1―兵[さ入手]"]
    game = kifu.game("gungi")
    assert str(game.canonical(start, game.parse_move("▲5―1―1―兵", start))) == "▲5―1―1―兵[さ入手]"
    for written in ("▲5―1―1―兵", "▲5―1―1―兵[さ入手]"):
        result = gungi.replay(pos, written)
        assert result.problems == [] and hand(result, 1) == ["さ"]
    assert [p.rule for p in gungi.replay(pos, "▲5―1―1―兵[と入手]").errors] == ["obtained"]


def test_a_pawn_that_takes_a_pawn_and_is_recovered_gives_two_obtained_notes(gungi) -> None:
    """Two enemy 兵 are obtained on one ply (line 440 for each): ▲兵(さ) takes ▽兵(と) on rank 1
    and goes to ▽'s hand.  `[と入手][さ入手]` names the taken one's back first, then the
    recovered one's; the second may be left out; each must fit its 兵.  The listing writes both,
    and reads and writes them in both dialects."""
    pos = board("v帥 . . . v兵(と) . . . .", ". . . . 兵(さ) . . . .", E, E, E, E, E, E,
                ". . . . . . . . 帥")
    for written in ("▲5―1―1―兵[と入手][さ入手]", "▲5―1―1―兵[と入手]"):
        result = gungi.replay(pos, written)
        assert result.problems == []
        assert hand(result, 0) == ["と"] and hand(result, 1) == ["さ"]
    wrong = gungi.replay(pos, "▲5―1―1―兵[と入手][と入手]")
    assert [(p.rule, p.message) for p in wrong.errors] == [
        ("obtained", "the 兵 recovered into ▽'s hand carries さ on its back, not と")]
    start = GAME.start(GAME.parse(gungi.bod(pos)))
    assert [str(m) for m in GAME.legal_moves(start) if "5―1" in str(m)] == [
        "▲5―1―1―兵[と入手][さ入手]"]
    record = GAME.parse(gungi.bod(pos) + "▲5―1―1―兵[と入手][さ入手]")
    assert GAME.write(record, "ascii").endswith("B 5-1-1-hyou[got to][got sa].\n")
    assert GAME.parse(GAME.write(record, "ascii")) == record
    move = record.moves[-1].move
    assert GAME.move_from_json(GAME.move_to_json(move)) == move
    samurai = pos.replace("v兵(と)", "v侍")
    alone = gungi.replay(samurai, "▲5―1―1―兵[さ入手][さ入手]")
    assert [(p.rule, p.message) for p in alone.errors] == [
        ("obtained", "a second [さ入手] follows only a ply that takes a 兵 and recovers a 兵 into "
                     "the enemy's hand")]


def test_only_the_boar_that_made_the_ply_is_recovered(gungi) -> None:
    """謀's swap brings a ▲兵 down to tier 1 of the last rank: the 兵 did not make the ply (the
    謀 did), so it stays."""
    pos = board("v帥 . . . 謀忍兵 . . . .", E, E, E, E, E, E, E, ". . . . . . . . 帥")
    result = gungi.replay(pos, "▲5―1―1―謀⇔兵")
    assert result.problems == []
    assert stack(result, 5, 1) == [(0, "兵"), (0, "忍"), (0, "謀")]


# -- forced re-placement (§二十 強制再配置効果) -----------------------------------------------

LANCE = board("v帥 . . . v槍 . . . .", E, ". . . . 香(砲) . . . .", E, E, E, E, E,
              ". . . . . . . . 帥")


def test_a_lance_recovered_into_the_enemy_hand_is_re_placed_by_the_enemy(gungi) -> None:
    """▲香 takes on the last rank and can never move: it goes to ▽, who obtains a 香 and
    re-places its 砲 at once in ▽'s territory, where the ply's bracket says."""
    result = gungi.replay(LANCE, "▲5―1―1―香[9―3―1―砲]")
    assert result.problems == []
    assert stack(result, 9, 3) == [(1, "砲")]
    assert stack(result, 5, 1) == []
    assert hand(result, 0) == ["侍"]
    assert hand(result, 1) == []
    on_vacated = gungi.replay(LANCE, "▲5―1―1―香[5―1―1―砲]")
    assert on_vacated.problems == []
    assert stack(on_vacated, 5, 1) == [(1, "砲")]


def test_a_lance_recovered_into_the_enemy_hand_needs_its_bracket(gungi) -> None:
    missing = gungi.replay(LANCE, "▲5―1―1―香")
    assert [(p.rule, p.message) for p in missing.errors] == [
        ("replacement", "the 香 recovered into ▽'s hand forces its 砲 to be re-placed at once "
                        "in ▽'s territory; the ply must say where, as in [1―8―1―砲]")]
    own_side = gungi.replay(LANCE, "▲5―1―1―香[2―8―1―砲]")
    assert [(p.rule, p.message) for p in own_side.errors] == [
        ("replacement", "the 砲 must be re-placed on tier 1 inside ▽'s territory (▽ obtains "
                        "the recovered 香)")]


def test_a_lance_that_takes_a_lance_and_is_recovered_makes_two_re_placements(gungi) -> None:
    pos = LANCE.replace("v槍", "v香(砦)")
    result = gungi.replay(pos, "▲5―1―1―香[2―8―1―砦][9―3―1―砲]")
    assert result.problems == []
    assert stack(result, 2, 8) == [(0, "砦")]
    assert stack(result, 9, 3) == [(1, "砲")]
    assert converted(gungi, pos, "▲5―1―1―香[2―8―1―砦][9―3―1―砲]") == (
        "▲5―1―1―香[2―8―1―砦][9―3―1―砲]。")


# -- the 帥 on an enemy 砦 (§二十六) --------------------------------------------------------------

FORT = board("v帥 . . . . . . . .", E, E, E, E, E, ". . . . 兵 . . . .", ". . . . v砦帥 . . . .",
             E)


def test_the_kings_exchange_is_a_ply_that_brings_a_piece_from_hand(gungi) -> None:
    """The trade takes the turn (▽ moves next), and the piece brought in obeys the drop
    rules: 手二兵 on a file with an own 兵 is a foul."""
    result = gungi.replay(FORT, "▲5―8―2―帥⇔槍新、▽9―2―1―帥", black="槍")
    assert result.problems == []
    assert stack(result, 5, 8) == [(0, "槍"), (0, "帥")]
    pawn = gungi.replay(FORT, "▲5―8―2―帥⇔兵新", black="兵")
    assert [p.rule for p in pawn.errors] == ["ni-hyou"]
    assert "▲5―8―2―帥⇔兵" not in gungi.legal(FORT, black="兵")


def test_the_kings_exchange_never_brings_a_boar_where_it_could_not_move(gungi) -> None:
    pos = board("v帥 . . . v砦帥 . . . .", E, E, E, E, E, E, E, E)
    assert [p.rule for p in gungi.replay(pos, "▲5―1―2―帥⇔兵新", black="兵").errors] == [
        "swap"]
    assert gungi.replay(pos, "▲5―1―2―帥⇔槍新", black="槍").problems == []


# -- which 兵 leaves a hand (§二十七) ----------------------------------------------------------

def test_a_dropped_pawn_may_name_its_back(gungi) -> None:
    """The dropper picks any 兵 it holds; [裏駒さ] says which, and the capture must agree."""
    pos = board("v帥 . . . . . . . .", E, E, E, ". . . . v侍 . . . .", E, E, E,
                ". . . . . . . . 帥")
    hands = {"black": "兵(さ) 兵(へ)"}
    assert gungi.replay(pos, "▲5―6―1―兵新[裏駒さ]、▽同―侍[さ入手]", **hands).problems == []
    hidden = gungi.replay(pos, "▲5―6―1―兵新[裏駒さ]、▽同―侍", **hands)
    assert [p.rule for p in hidden.errors] == ["obtained"]
    absent = gungi.replay(pos, "▲5―6―1―兵新[裏駒と]", **hands)
    assert [(p.rule, p.message) for p in absent.errors] == [
        ("back-face", "▲ holds no 兵 with と on its back")]


# -- へ詰め and 手兵詰め (§十七) -----------------------------------------------------------------

HE_MATE = board("v帥 . へ . . . . . .", ". . と . . . . . .", ". と . . . . . . .", E, E, E, E,
                E, ". . . . . . . . 帥")


def test_a_mate_given_by_a_he_loses_at_once(gungi) -> None:
    """§十七: へ詰め is a foul, and a foul loses; the rules give it no claim, so the game ends
    with the mated side winning whatever the record says."""
    result = gungi.replay(HE_MATE, "▲8―1―1―へ[詰み]")
    assert [(p.rule, p.message) for p in result.errors] == [
        ("he-mate", "へ詰め: ▲ mated with a へ, a foul that loses; the record says [詰み], "
                    "where it should say [反則]")]
    assert result.position.outcome.winner == "white"
    claimed = gungi.replay(HE_MATE, "▲8―1―1―へ[反則]")
    assert claimed.problems == []
    assert claimed.position.outcome.winner == "white"
    assert claimed.position.outcome.reason == "反則 (へ詰め: ▲ mated with a へ, a foul that loses)"


def test_a_he_mate_is_no_legal_move_but_a_he_check_is(gungi) -> None:
    moves = gungi.legal(HE_MATE)
    assert "▲8―1―1―へ[7―1―1]" not in moves
    check_only = HE_MATE.replace(". と . . . . . . .", E)
    assert "▲8―1―1―へ[7―1―1]" in gungi.legal(check_only)


def test_a_he_that_steps_aside_for_the_mating_piece_mates_cleanly(gungi) -> None:
    """へ詰め is 「へ」で詰むこと (line 59), 「帥」を「へ」で詰める (line 424): the へ must be what
    mates.  Here the ▲へ steps aside and the ▲臥 behind it mates: a clean 詰み."""
    pos = board("v帥 . . . . . . . .", ". . と . . . . . .", "へ . . . . . . . .", E,
                "臥 . . . . . . . .", E, E, E, ". . . . . . . . 帥")
    result = gungi.replay(pos, "▲8―3―1―へ[詰み]")
    assert result.problems == []
    assert result.position.outcome.winner == "black"
    assert "▲8―3―1―へ[9―3―1]" in gungi.legal(pos)


def test_a_he_uncovered_by_another_piece_mates_as_a_foul(gungi) -> None:
    """The ▲謀 leaves the ▲へ under it, and the へ gives the check that mates: the へ mates, so
    it is へ詰め, whichever piece made the ply; no legal move, and a foul that loses."""
    pos = board("v帥 へ謀 . . . . . . .", E, ". と . . . . . . .", E, E, E, E, E,
                ". . . . . . . . 帥")
    result = gungi.replay(pos, "▲7―2―1―謀[詰み]")
    assert [(p.rule, p.message) for p in result.errors] == [
        ("he-mate", "へ詰め: ▲ mated with a へ, a foul that loses; the record says [詰み], "
                    "where it should say [反則]")]
    assert result.position.outcome.winner == "white"
    assert "▲7―2―1―謀[8―1―2]" not in gungi.legal(pos)


def test_a_mate_given_by_a_dropped_pawn_loses_but_a_moved_pawn_may_mate(gungi) -> None:
    pos = board("v帥 . . . . . . . .", ". . と . . . . . .", ". と . . . . . . .", E, E, E, E, E,
                ". . . . . . . . 帥")
    dropped = gungi.replay(pos, "▲9―2―1―兵新[反則]", black="兵")
    assert dropped.problems == []
    assert dropped.position.outcome.winner == "white"
    assert "▲9―2―1―兵新" not in gungi.legal(pos, black="兵")
    moved = gungi.replay(pos.replace(". と . . . . . . .", "兵 と . . . . . . ."),
                         "▲9―2―1―兵[詰み]")
    assert moved.problems == []
    assert moved.position.outcome.winner == "black"


def test_a_boar_dropped_on_a_ground_piece_where_it_could_never_move(gungi) -> None:
    """A 忍 dropped on tier 2 of the last rank has no move forward (猪駒): refused as such."""
    pos = board("v帥 . . . . . . . 砲", E, E, E, E, E, E, E, ". . . . . . . . 帥")
    result = gungi.replay(pos, "▲1―1―2―忍新", black="忍")
    assert [(p.rule, p.message) for p in result.errors] == [
        ("drop-dead", "忍 dropped on 1―1―2 could never move (猪駒)")]
