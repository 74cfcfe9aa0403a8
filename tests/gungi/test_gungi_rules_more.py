"""Hidden faces of shuffled 兵, the 帥's trade of an enemy 砦 (§二十六), the 砲's strike, and
diagnostics inside variations."""
from __future__ import annotations

from kifu.builtin.gungi import GAME
from kifu.builtin.gungi.geometry import square
from kifu.plugin import driver

E = ". . . . . . . . ."


def board(*rows: str) -> str:
    assert len(rows) == 9
    return "\n".join(rows)


WAIT = board("v帥 . . . . . . . .", E, E, E, ". . . . v侍 . . . .", E, E, E, ". . . . . . . . 帥")


def test_a_dropped_pawn_from_a_shuffled_hand_may_be_either(gungi) -> None:
    """§二十七: 兵 in hand may be shuffled; a dropped one's back shows only when it is taken."""
    for note, face in (("[さ入手]", "さ"), ("", "へ")):
        result = gungi.replay(WAIT, f"▲5―6―1―兵新、▽同―侍{note}", black="兵(さ) 兵(へ)")
        assert result.problems == []
        assert [p.face for p in result.position.hands[1]] == [face]


def test_a_pawn_with_known_back_cannot_turn_out_otherwise(gungi) -> None:
    result = gungi.replay(WAIT, "▲5―6―1―兵新、▽同―侍[さ入手]", black="兵(へ)×2")
    assert [(p.rule, p.message) for p in result.errors] == [
        ("obtained", "the captured 兵 carries へ on its back, but the record says [さ入手]")]


def test_shuffled_pool_counts_what_is_left(gungi) -> None:
    """Two 兵 (one さ, one へ) dropped and both taken: only one can show さ."""
    moves = "▲5―6―1―兵新、▽同―侍[さ入手]、▲4―6―1―兵新、▽同―侍[さ入手]"
    result = gungi.replay(WAIT, moves, black="兵(さ) 兵(へ)")
    assert [(p.rule, p.move_number, p.message) for p in result.errors] == [
        ("obtained", 4, "the captured 兵 carries へ on its back, but the record says [さ入手]")]


def test_king_on_an_enemy_fortress_trades_it_for_a_hand_piece(gungi) -> None:
    """§二十六: a 帥 standing on an enemy 砦 may take it, or trade it for a piece in hand."""
    pos = board("v帥 . . . . . . . .", E, E, E, E, E, E, ". . . . v砦帥 . . . .", E)
    traded = gungi.replay(pos, "▲5―8―2―帥⇔槍新", black="槍")
    assert traded.problems == []
    assert [(p.owner, p.face) for p in traded.position.board[square(5, 8)]] == [(0, "槍"), (0, "帥")]
    assert [p.face for p in traded.position.hands[0]] == ["香"]
    taken = gungi.replay(pos, "▲5―8―不1―帥")
    assert taken.problems == []
    assert [p.face for p in taken.position.hands[0]] == ["香"]


def test_cannon_strikes_the_enemy_on_top_of_it(gungi) -> None:
    pos = board("v帥 . . . . . . . .", E, E, E, E, E, E, ". . . . 砲v兵 . . . .", ". . . . . . . . 帥")
    result = gungi.replay(pos, "▲5―8―不2―砲")
    assert result.problems == []
    assert [p.face for p in result.position.hands[0]] == ["へ"]


def test_a_diagnostic_inside_a_variation_gives_its_path(gungi) -> None:
    pos = board("v帥 . . . . . . . .", E, E, E, E, E, E, E, ". . . . . . . . 帥")
    record = GAME.parse(gungi.bod(pos) + "▲1―8―1―帥(▲3―7―1―帥)、▽9―2―1―帥")
    problems, moves = driver.check(GAME, record)
    assert moves == 2
    assert [(p.rule, p.variation, p.move_number) for p in problems] == [
        ("unreachable", (1, 1), 1)]
