"""The effects (§二十): range bonus of 砲 and 砦, 謀's swap, 侍's substitution, へ's betrayal,
forced recovery and forced re-placement."""
from __future__ import annotations

from kifu.builtin.gungi.geometry import STANDARD, name, square

E = ". . . . . . . . ."


def board(*rows: str) -> str:
    assert len(rows) == 9
    return "\n".join(rows)


def test_cannon_bonus_runs_the_file_forward_and_captures(gungi) -> None:
    pos = board("v帥 . . . . . . . .", E, ". . . . v兵 . . . .", E, E, E, E,
                ". . . . 砲兵 . . . .", ". . . . . . . . 帥")
    result = gungi.replay(pos, "▲5―3―1―兵")
    assert result.problems == []
    assert result.position.board[square(5, 3)][-1].face == "兵"
    assert result.events[0][0]["bonus"] == "砲"
    assert [e["type"] for e in result.events[0]] == ["move", "effect", "capture"]


def test_cannon_bonus_is_blocked_and_denied_to_some_pieces(gungi) -> None:
    blocked = board("v帥 . . . . . . . .", E, ". . . . v兵 . . . .", E, ". . . . v槍 . . . .", E,
                    E, ". . . . 砲兵 . . . .", ". . . . . . . . 帥")
    assert [p.rule for p in gungi.replay(blocked, "▲5―3―1―兵").errors] == ["unreachable"]
    dragon = board("v帥 . . . . . . . .", E, ". . . . v兵 . . . .", E, E, E, E,
                   ". . . . 砲龍 . . . .", ". . . . . . . . 帥")
    assert [p.rule for p in gungi.replay(dragon, "▲5―3―1―龍").errors] == ["unreachable"]
    tier3 = board("v帥 . . . . . . . .", E, ". . . . v兵 . . . .", E, E, E, E,
                  ". . . . 砲と兵 . . . .", ". . . . . . . . 帥")
    assert [p.rule for p in gungi.replay(tier3, "▲5―3―1―兵").errors] == ["unreachable"]


def test_fortress_bonus_squares_are_the_sources_examples() -> None:
    """§二十: 砦 on 5―7 and on 5―9, the squares the source lists."""
    at_57 = {name(sq) for sq, _ in STANDARD.fortress_bonus(square(5, 7), 0)}
    assert at_57 == {"7―7", "6―7", "4―7", "3―7", "6―8", "5―8", "4―8", "5―9"}
    at_59 = {name(sq) for sq, _ in STANDARD.fortress_bonus(square(5, 9), 0)}
    assert at_59 == {"5―7", "6―8", "5―8", "4―8", "7―9", "6―9", "4―9", "3―9"}


def test_fortress_bonus_moves_inside_territory_without_jumping(gungi) -> None:
    pos = board("v帥 . . . . . . . .", E, E, E, E, E, ". . . . 砦兵 . . . .", E, ". . . . . . . . 帥")
    assert gungi.replay(pos, "▲7―7―1―兵").problems == []      # two across, in territory
    assert [p.rule for p in gungi.replay(pos, "▲5―5―1―兵").errors] == ["unreachable"]
    blocked = board("v帥 . . . . . . . .", E, E, E, E, E, ". . . . 砦兵 さ . . .", E,
                    ". . . . . . . . 帥")
    assert [p.rule for p in gungi.replay(blocked, "▲3―7―1―兵").errors] == ["unreachable"]


def test_bou_swaps_tier_one_and_three(gungi) -> None:
    pos = board("v帥 . . . . . . . .", E, E, E, ". . . . 謀v兵忍 . . . .", E, E, E,
                ". . . . . . . . 帥")
    result = gungi.replay(pos, "▲5―5―1―謀⇔忍")
    assert result.problems == []
    assert [p.face for p in result.position.board[square(5, 5)]] == ["忍", "兵", "謀"]


def test_bou_may_not_swap_two_turns_running(gungi) -> None:
    pos = board("v帥 . . . . . . . .", E, E, E, ". . . . 謀v兵忍 . . . .", E, E, E,
                ". . . . . . . . 帥")
    result = gungi.replay(pos, "▲5―5―1―謀⇔忍、▽8―1―1―帥、▲5―5―3―謀⇔忍")
    assert [p.rule for p in result.errors] == ["swap-twice"]


def test_bou_never_swaps_a_king_or_a_fort(gungi) -> None:
    king = board("v帥 . . . . . . . .", E, E, E, ". . . . 謀v兵帥 . . . .", E, E, E, E)
    assert [p.rule for p in gungi.replay(king, "▲5―5―1―謀⇔帥").errors] == ["swap"]
    fort = board("v帥 . . . . . . . .", E, E, E, E, E, ". . . . 砲v兵謀 . . . .", E,
                 ". . . . . . . . 帥")
    assert [p.rule for p in gungi.replay(fort, "▲5―7―3―謀⇔砲").errors] == ["swap"]


def test_samurai_takes_the_checked_kings_place(gungi) -> None:
    pos = board("v帥 . . . . . . . .", E, E, E, E, E, ". . . . . . . . v臥", E,
                ". . . . . . . 侍 帥")
    result = gungi.replay(pos, "▲2―9―1―侍⇔帥")
    assert result.problems == []
    assert result.position.board[square(2, 9)][-1].face == "帥"
    assert result.position.board[square(1, 9)][-1].face == "侍"


def test_samurai_substitution_needs_a_check(gungi) -> None:
    pos = board("v帥 . . . . . . . .", E, E, E, E, E, E, E, ". . . . . . . 侍 帥")
    assert [p.rule for p in gungi.replay(pos, "▲2―9―1―侍⇔帥").errors] == ["swap"]


def test_betrayal_turns_the_pieces_below_and_may_give_the_enemy_ni_he(gungi) -> None:
    """§二十五: ▲2―3―1―兵[裏駒へ], ▽2―3―2―忍, ▲1―3―1―へ, ▽2―1―1―へ; then ▲2―3―2―へ takes the
    忍 and the 兵 below turns into a white へ: white has two へ on file 2 (ニへ)."""
    pos = board("v帥 . . . . . . v へ .", E, ". . . . . . . 兵(へ)v忍 へ", E, E, E, E, E,
                ". . . . . . . . 帥")
    pos = pos.replace("v へ", "vへ")
    result = gungi.replay(pos, "▲2―3―2―へ[▽1―へ]")
    assert [(p.rule, p.message) for p in result.errors] == [
        ("ni-he", "ニへ: ▽ has two へ on file 2; ▲ could claim the win ([反則] on this ply, or "
                  "▲反則指摘 at any later time; the record has neither)")]
    assert [(p.owner, p.face) for p in result.position.board[square(2, 3)]] == [(1, "へ"), (0, "へ")]
    claimed = gungi.replay(pos, "▲2―3―2―へ[▽1―へ][反則]")
    assert claimed.problems == []
    assert claimed.position.outcome.winner == "black"


def test_betrayal_is_a_right_and_the_list_must_be_right(gungi) -> None:
    pos = board("v帥 . . . . . . . .", E, ". . . . . . . v謀v忍 へ", E, E, E, E, E,
                ". . . . . . . . 帥")
    plain = gungi.replay(pos, "▲2―3―2―へ")
    assert plain.problems == []
    assert plain.position.board[square(2, 3)][0].owner == 1
    turned = gungi.replay(pos, "▲2―3―2―へ[▲1―筒]")
    assert turned.problems == []
    assert [(p.owner, p.face) for p in turned.position.board[square(2, 3)]] == [(0, "筒"), (0, "へ")]
    wrong = gungi.replay(pos, "▲2―3―2―へ[▲1―上]")
    assert [p.message for p in wrong.errors] == ["謀 on tier 1 turns over to 筒, not 上"]


def test_forced_recovery_into_own_hand(gungi) -> None:
    pos = board("v帥 . . . . . . . .", ". . . . 兵 . . . .", E, E, E, E, E, E, ". . . . . . . . 帥")
    result = gungi.replay(pos, "▲5―1―1―兵")
    assert result.problems == []
    assert not result.position.board[square(5, 1)]
    assert [p.face for p in result.position.hands[0]] == ["兵"]


def test_forced_recovery_into_enemy_hand_after_a_capture(gungi) -> None:
    pos = board("v帥 . . . v槍 . . . .", ". . . . 兵(と) . . . .", E, E, E, E, E, E,
                ". . . . . . . . 帥")
    result = gungi.replay(pos, "▲5―1―1―兵")
    assert result.problems == []
    assert [p.face for p in result.position.hands[0]] == ["侍"]
    assert [p.face for p in result.position.hands[1]] == ["と"]


def test_forced_replacement_after_taking_a_lance(gungi) -> None:
    pos = board("v帥 . . . . . . . .", E, E, E, ". . . . v香(砲) . . . .", ". . . . 侍 . . . .",
                E, E, ". . . . . . . . 帥")
    result = gungi.replay(pos, "▲5―5―1―侍[2―8―1―砲]")
    assert result.problems == []
    assert [(p.owner, p.face) for p in result.position.board[square(2, 8)]] == [(0, "砲")]
    missing = gungi.replay(pos, "▲5―5―1―侍")
    assert [p.rule for p in missing.errors] == ["replacement"]
    wrong = gungi.replay(pos, "▲5―5―1―侍[2―8―1―砦]")
    assert [p.message for p in wrong.errors] == ["the captured 香 is the back of a 砲, not of a 砦"]
    outside = gungi.replay(pos, "▲5―5―1―侍[2―5―1―砲]")
    assert [p.rule for p in outside.errors] == ["replacement"]
