"""The rules a record names (``Size:``, ``Rule:``): free-style and standard gomoku, board sizes,
the opening rules, ``Opening-stones`` set-ups, and the 26 openings named from the first three
stones.  Records are written out move by move; ``DECISIONS.md`` says where each reading comes
from."""
from __future__ import annotations

import pytest

import kifu
from kifu.base.errors import HeaderError, IllegalMoveError
from kifu.builtin.renju import GAME
from kifu.builtin.renju.moves import Point
from kifu.builtin.renju.openings import name_of, opening_of
from kifu.plugin import driver


def final(text: str):
    """The position after every move of a record (errors raised)."""
    record = GAME.parse(text)
    position = GAME.start(record)
    for step in driver.replay(GAME, record):
        position = step.position
    return position


# Black h8..l8 with a sixth at m8: an overline.  White answers far away.
OVERLINE = "h8 a1 i8 a3 j8 a5 k8 a7 m8 a9 l8"
# The same line for white, black answering far away.
WHITE_OVERLINE = "a1 h8 a3 i8 a5 j8 a7 k8 a9 m8 b2 l8"


def test_renju_black_overline_is_a_forbidden_loss():
    assert final("Game: renju\n" + OVERLINE).outcome.winner == "white"


def test_freestyle_overline_wins_for_black_and_nothing_is_forbidden():
    ended = final("Game: renju\nRule: freestyle\n" + OVERLINE).outcome
    assert ended.winner == "black" and "overline" in ended.reason


def test_standard_overline_does_not_win_for_either_side():
    assert final("Game: renju\nRule: standard\n" + OVERLINE).outcome is None
    assert final("Game: renju\nRule: standard\n" + WHITE_OVERLINE).outcome is None
    assert final("Game: renju\nRule: standard\nh8 a1 i8 a3 j8 a5 k8 a7 l8").outcome.winner == \
        "black"


def test_freestyle_double_three_is_an_ordinary_move():
    # Black's third stone at i9 makes two open threes (h9-j9 and i8-i10 lines): forbidden in
    # Renju only.
    moves = "h9 a1 j9 a3 i8 a5 i10 a7 i9"
    assert final("Game: renju\n" + moves).outcome.winner == "white"
    assert final("Game: renju\nRule: freestyle\n" + moves).outcome is None


def test_a_larger_board_takes_its_points_and_refuses_those_beyond():
    position = final("Game: renju\nSize: 20\nRule: freestyle\nt20 s19")
    assert position.board.size == 20 and position.stones == 2
    with pytest.raises(IllegalMoveError, match="off the board \\(a1..t20\\)"):
        final("Game: renju\nSize: 20\nu1")
    with pytest.raises(IllegalMoveError, match="off the board \\(a1..o15\\)"):
        final("Game: renju\np1")


@pytest.mark.parametrize(("header", "said"), [
    ("Rule: chess", "no rule kifu knows"), ("Size: 4", "outside"), ("Size: 20x15", "N x N"),
    ("Size: 99999999999", "N x N")])
def test_unknown_rules_and_sizes_are_located_header_errors(header, said):
    with pytest.raises(HeaderError, match=said) as info:
        final(f"Game: renju\n{header}\nh8")
    assert info.value.span is not None and info.value.span.line == 2


@pytest.mark.parametrize(("rule", "moves"), [
    ("rif", "h9"), ("rif", "h8 h10"), ("rif", "h8 i9 k8"),
    ("taraguchi-10", "h8 h9 i9 l12"), ("yamaguchi", "g8")])
def test_the_first_stones_of_an_opening_rule_stand_near_the_centre(rule, moves):
    with pytest.raises(IllegalMoveError, match="opening rule stone") as info:
        final(f"Game: renju\nRule: renju, {rule}\n{moves}")
    assert info.value.rule == "opening-zone"


def test_zones_follow_taraguchi_to_the_fifth_stone():
    final("Game: renju\nRule: renju, taraguchi-10\nh8 i9 j10 k11 l12")  # 1x1 .. 9x9: all in


@pytest.mark.parametrize(("rule", "after", "allowed"), [
    ("rif", 3, True), ("rif", 2, False), ("rif", 4, False),
    ("soosyrv-8", 4, True), ("taraguchi-10", 1, True), ("swap2", 5, True),
    ("swap2", 4, False), ("none", 3, False), (None, 5, True), (None, 6, False)])
def test_when_colours_may_be_swapped(rule, after, allowed):
    moves = " ".join(["h8", "h9", "i9", "j9", "g10", "k11"][:after]) + " swap"
    text = ("Game: renju\n" + (f"Rule: renju, {rule}\n" if rule else "") + moves)
    if allowed:
        final(text)
    else:
        with pytest.raises(IllegalMoveError, match="swap"):
            final(text)


@pytest.mark.parametrize(("rule", "offered", "allowed"), [
    ("rif", "j10 g6", True), ("rif", "j10", False), ("soosyrv-8", "j10", True),
    ("taraguchi-10", "j10 g6", False), ("swap2", "j10 g6", False), (None, "j10", True)])
def test_how_many_fifth_moves_black_offers(rule, offered, allowed):
    text = ("Game: renju\n" + (f"Rule: renju, {rule}\n" if rule else "")
            + f"h8 h9 i9 j9 offer[{offered}]")
    if allowed:
        final(text)
    else:
        with pytest.raises(IllegalMoveError, match="fifth move") as info:
            final(text)
        assert info.value.rule == "fifth-move-offer"


def test_opening_stones_are_a_set_up_in_the_order_placed():
    record = GAME.parse("Game: renju\nSize: 20\nRule: freestyle\nOpening-stones: j10 k11 j12\n"
                        "k10")
    position = GAME.start(record)
    assert position.stones == 3 and GAME.to_move(position) == "white"
    after = final(GAME.write(record))  # written back as it was read
    assert after.stones == 4 and "Opening-stones: j10 k11 j12" in GAME.write(record)
    with pytest.raises(HeaderError, match="whole set-up"):
        GAME.parse("Game: renju\nOpening-stones: h8\nTo-Move: black\n")


def test_the_library_lists_only_moves_the_opening_rule_allows():
    game = kifu.game("renju")
    record = kifu.parse("Game: renju\nRule: renju, rif\nh8\n")
    listed = {str(move) for move in game.legal_moves(record.position())}
    assert listed == {"g7", "g8", "g9", "h7", "h9", "i7", "i8", "i9", "pass"}


@pytest.mark.parametrize(("stones", "code"), [
    ("h8 h9 i9", "D4"), ("h8 h9 h10", "D1"), ("h8 h9 j6", "D13"), ("h8 i9 j10", "I1"),
    ("h8 i9 f6", "I13"), ("h8 i9 g6", "I12"), ("h8 h9 g9", "D4"), ("h8 h7 g7", "D4"),
    ("h8 g8 g9", "D4"), ("h8 g7 f6", "I1"), ("c3 c4 d4", "D4")])
def test_the_26_openings_are_named_up_to_symmetry(stones, code):
    points = [Point.parse(s) for s in stones.split()]
    assert opening_of(points)[0] == code


def test_a_shape_outside_the_26_has_no_name():
    assert name_of([Point.parse(s) for s in ["h8", "j10", "h9"]]) is None  # white not beside
    assert name_of([Point.parse(s) for s in ["h8", "h9", "l8"]]) is None  # third too far
    assert name_of([Point.parse("h8")]) is None


def test_every_opening_has_a_name_and_the_13_of_each_kind_are_distinct():
    from kifu.builtin.renju.openings import DIRECT, INDIRECT

    assert len(set(DIRECT.values())) == len(set(INDIRECT.values())) == 13
    assert name_of([Point.parse(s) for s in ["h8", "h9", "i9"]]) == "D4 Kagetsu 花月"


@pytest.mark.parametrize(("stated", "warned"), [
    ("D4", None), ("Kagetsu", None), ("花月", None), ("D4 Kagetsu 花月", None),
    ("I1", "make D4 Kagetsu 花月"), ("Ukigumo", "names no opening")])
def test_a_stated_opening_is_checked_against_the_first_three_stones(stated, warned):
    record = kifu.parse(f"Game: renju\nOpening: {stated}\nh8 h9 i9 a1\n")
    found = [d for d in record.check() if d.rule == "opening"]
    if warned is None:
        assert found == []
    else:
        assert len(found) == 1 and found[0].severity == "warning" and warned in found[0].message
    assert kifu.game("renju").position_json(record.position())["opening"] == "D4 Kagetsu 花月"


def test_caro_five_closed_at_both_ends_does_not_win():
    """Piskvork's Caro rule (a Gomocup league): five or more wins, for either side, but for
    exactly five closed at both ends by the other colour's stones; the board's edge closes
    nothing; nothing is forbidden."""
    closed = "h8 g8 i8 m8 j8 a1 k8 a3 l8"
    assert final("Game: renju\nRule: caro\n" + closed).outcome is None
    assert final("Game: renju\nRule: caro\n" + closed + " a5 h9").outcome is None  # play goes on
    assert final("Game: renju\nRule: freestyle\n" + closed).outcome.winner == "black"
    one_end = "h8 g8 i8 a1 j8 a3 k8 a5 l8"
    assert final("Game: renju\nRule: caro\n" + one_end).outcome.winner == "black"
    edge = "a1 f1 b1 a15 c1 o15 d1 o1 e1"
    assert final("Game: renju\nRule: caro\n" + edge).outcome.winner == "black"
    overline = "h8 g8 i8 n8 j8 a1 k8 a3 m8 a5 l8"
    assert final("Game: renju\nRule: caro\n" + overline).outcome.winner == "black"
    white = "a1 h8 g8 i8 a3 j8 m8 k8 a5 l8"  # white's five h8-l8, closed by black's g8 and m8
    assert final("Game: renju\nRule: caro\n" + white).outcome is None
    assert final("Game: renju\nRule: caro\nh9 a1 j9 a3 i8 a5 i10 a7 i9").outcome is None
