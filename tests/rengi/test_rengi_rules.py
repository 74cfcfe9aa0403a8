"""Rengi's rules of play, each on a position drawn in the test: placing pairs, the row-13 and
row-14 rules, the loss, turn order with chain time, passes, garbage generation, offset, the
drop, its cap and its time."""
from __future__ import annotations

import pytest

from kifu.base.errors import IllegalMoveError
from tests.rengi.fields import GAME, events_of, field_of, record_text, replay

#: The first player's 2-chain: +22ab drops an 'a' beside three a's, then the b's join.
TWO_CHAIN = """
    a.....
    a.....
    a.....
    bbb...
"""
#: A 3-chain: +22ab as above, then the c's at the right join once the b's are gone.
THREE_CHAIN = """
    a.....
    a.c...
    a.dc..
    bbbcc.
"""
#: Eleven stones in column 3 (no groups): one more stone there fills the losing cell.
TALL_3 = """
    ..a...
    ..b...
    ..a...
    ..b...
    ..a...
    ..b...
    ..a...
    ..b...
    ..a...
    ..b...
    ..a...
"""


def illegal(text: str) -> IllegalMoveError:
    with pytest.raises(IllegalMoveError) as caught:
        replay(text)
    return caught.value


def kinds(events: list[list[dict]]) -> list[list[str]]:
    return [[f"{e['type']}:{e.get('side', '')}" for e in move] for move in events]


# -- placing --------------------------------------------------------------------------------

def test_horizontal_pair_stones_fall_separately():
    pos, events = replay(record_text("+12ab", first="a.....", first_state="tsumo=1"))
    assert field_of(pos, 0, 2) == "a.....\nab...."
    assert events[0][0]["split"] is True


def test_vertical_pair_first_listed_colour_is_lower():
    pos, _ = replay(record_text("+1a -11cd +44ab -55ba"))
    assert field_of(pos, 1, 2) == "d...a.\nc...b."
    assert field_of(pos, 0, 2) == "...b..\na..a.."


def test_column_digits_name_each_colour_s_column():
    """'21ab' puts a in column 2 and b in column 1: the same as '12ba'."""
    one, _ = replay(record_text("+1c -21ab"))
    two, _ = replay(record_text("+1c -12ba"))
    assert field_of(one, 1) == field_of(two, 1)
    assert field_of(one, 1, 1) == "ba...."


def test_row_14_rule_vertical_pair_standing_in_row_13_loses_its_upper_stone():
    column = "\n".join(["a.....", "b....."] * 6)
    pos, events = replay(record_text("+11cd", first=column, first_state="tsumo=1"))
    assert events[0][0]["stones"] == [[1, 13, "c"]]
    assert events[0][0]["discarded"] == [[1, "d"]]
    assert field_of(pos, 0).splitlines()[0] == "c....."


def test_row_14_rule_any_other_stone_in_row_14_is_illegal():
    column = "\n".join(["b.....", "a....."] * 6 + ["c....."])
    for move in ("+11ab", "+12ab", "+21ab"):
        error = illegal(record_text(move, first=column, first_state="tsumo=1"))
        assert (error.rule, error.message) == (
            "full-column", "column 1 is full: a stone would land in row 14")


def test_every_column_can_be_reached_whatever_stands_between():
    """No Puyo-style movement limits: column 6 is open although columns 2 to 5 are tall."""
    wall = "\n".join([".abab.", ".baba."] * 5 + [".abab."])
    pos, _ = replay(record_text("+66cd -11cd", first=wall, first_state="tsumo=1"))
    assert field_of(pos, 0, 1) == ".ababc"
    assert field_of(pos, 1, 2) == "d.....\nc....."


def test_pairs_lie_in_one_column_or_neighbouring_ones():
    from kifu.base.errors import NotationError

    with pytest.raises(NotationError, match="neighbouring columns, not 2 and 4"):
        GAME.parse("+1a -24ab")


def test_the_first_player_s_first_move_is_a_single_stone():
    pos, _ = replay(record_text("+3b -12cd"))
    assert field_of(pos, 0, 1) == "..b..."
    error = illegal(record_text("+34ab"))
    assert error.rule == "first-move"
    error = illegal(record_text("+3a -4b"))
    assert (error.rule, error.message) == ("first-move", "only the first player's first move "
                                           "is a single stone; every other move places a pair")


def test_a_single_d_stone_is_written_like_the_direction_down():
    pos, _ = replay(record_text("+3d -12cd"))
    assert field_of(pos, 0, 1) == "..d..."


# -- losing ---------------------------------------------------------------------------------

def test_filling_column_3_row_12_loses():
    pos, events = replay(record_text("+33cd", first=TALL_3, first_state="tsumo=1"))
    assert pos.outcome.describe() == "the second player wins (the first player's column 3 row 12 is filled)"
    assert events[-1][-1] == {"type": "end", "winner": "second",
                              "reason": "the first player's column 3 row 12 is filled"}


def test_other_columns_may_reach_row_13():
    column = "\n".join(["a.....", "b....."] * 6)
    pos, _ = replay(record_text("+11cd", first=column, first_state="tsumo=1"))
    assert pos.outcome is None


def test_a_chain_that_clears_column_3_row_12_saves_the_mover():
    saved = TALL_3.replace("..a...\n    ..b...\n    ..a...\n", "..c...\n    ..c...\n    ..c...\n", 1)
    pos, _ = replay(record_text("+33cd", first=saved, first_state="tsumo=1"))
    assert pos.outcome is None


def test_garbage_that_fills_column_3_row_12_loses_at_the_drop():
    pos, events = replay(record_text("-66ab", second=TALL_3, turn="second",
                                     second_state="warning=6", first_state="tsumo=1"))
    assert pos.outcome.describe() == "the first player wins (the second player's column 3 row 12 is filled)"
    assert events_of(events, "drop")[0]["rows"] == 1


def test_no_move_after_the_game_is_over():
    from kifu.base.errors import GameOverError

    with pytest.raises(GameOverError, match="the game was already over"):
        replay(record_text("+33cd -11ab", first=TALL_3, first_state="tsumo=1"))


def test_resignation_ends_the_game_by_either_side():
    pos, _ = replay(record_text("+1a -R"))
    assert pos.outcome.describe() == "the first player wins (the second player resigned)"
    pos, _ = replay(record_text("+1a +R"))  # while it is the second player's move
    assert pos.outcome.describe() == "the second player wins (the first player resigned)"


# -- turn order and chain time --------------------------------------------------------------

def test_chain_time_is_n_plus_1_turns_counting_the_firing_move():
    """After a 2-chain the chainer sits out 2 turns: the opponent moves twice during the
    chain and once more after it (when the garbage falls on them)."""
    text = record_text("+22ab -55cc -55dd -66cd +44ab", first=TWO_CHAIN,
                       first_state="tsumo=1")
    pos, events = replay(text)
    assert kinds(events) == [
        ["place:first", "chain:first"],
        ["place:second", "wait:first"],
        ["place:second", "wait:first", "garbage:first"],
        ["place:second", "drop:second"],
        ["place:first", "wait:second"],
    ]
    assert events[2][2]["sent"] == 6


def test_chain_time_option_n_plus_2():
    text = record_text("+22ab -55cc -55dd -66cd -44ab", first=TWO_CHAIN,
                       first_state="tsumo=1", headers="ChainTime: n+2")
    _, events = replay(text)
    assert [e["type"] for e in events[3]] == ["place", "wait", "garbage"]


def test_a_move_by_the_wrong_side_names_who_may_move():
    text = record_text("+22ab +44ab", first=TWO_CHAIN, first_state="tsumo=1")
    error = illegal(text)
    assert (error.rule, error.message) == (
        "turn-order", "it is the second player's move, not the first player's: the first "
        "player's 2-chain is still running (2 more turns to wait)")


def test_wrong_side_after_the_chain_time_went_by():
    error = illegal(record_text("+1a -66bb +12aa -66bb +33cd -55cc"))
    assert error.message == ("it is the first player's move, not the second player's: the "
                             "second player's turn went by while their chain ran")


def test_wrong_side_while_sitting_out_after_a_drop():
    text = record_text("-11ab -22ab", turn="second", second_state="warning=6",
                       first_state="tsumo=1")
    error = illegal(text)
    assert error.message == ("it is the first player's move, not the second player's: the "
                             "second player sits out a turn after garbage fell")


def test_unsigned_moves_are_by_whoever_is_free():
    signed, _ = replay(record_text("+22ab -55cc -55dd", first=TWO_CHAIN, first_state="tsumo=1"))
    unsigned, _ = replay(record_text("22ab 55cc 55dd", first=TWO_CHAIN, first_state="tsumo=1"))
    assert field_of(signed, 1) == field_of(unsigned, 1)


def test_pass_is_allowed_only_during_the_opponent_s_chain():
    pos, events = replay(record_text("+22ab -P -P -55cd", first=TWO_CHAIN,
                                     first_state="tsumo=1"))
    assert kinds(events)[1] == ["pass:second", "wait:first"]
    error = illegal(record_text("+1a -P"))
    assert (error.rule, error.message) == (
        "pass", "the second player may pass only while the first player's chain is running")
    error = illegal(record_text("+22ab -P -P -P", first=TWO_CHAIN, first_state="tsumo=1"))
    assert error.rule == "pass"  # the chain has ended before the third


def test_no_all_clear_bonus():
    """The 2-chain empties the field and still sends just the table's amount (one row)."""
    pos, events = replay(record_text("+22ab -55cc -55dd", first=TWO_CHAIN,
                                     first_state="tsumo=1"))
    assert field_of(pos, 0) == "\n".join(["......"] * 13)
    assert events_of(events, "garbage")[0]["generated"] == 6


def test_garbage_is_sent_at_the_end_of_the_last_waited_turn():
    _, events = replay(record_text("+22ab -55cc -55dd", first=THREE_CHAIN,
                                   first_state="tsumo=1"))
    assert events_of(events, "garbage") == []
    _, events = replay(record_text("+22ab -55cc -55dd -66cd", first=THREE_CHAIN,
                                   first_state="tsumo=1"))
    sent = events_of(events, "garbage")
    assert len(sent) == 1 and sent[0]["chain"] == 3
    assert (sent[0]["raw"], sent[0]["generated"], sent[0]["stock"]) == (15, 12, 3)


# -- garbage falling ------------------------------------------------------------------------

def test_garbage_falls_when_the_receiver_places_and_costs_the_next_turn():
    pos, events = replay(record_text("-11ab +22ab +33ab -44ab", turn="second",
                                     second_state="warning=12", first_state="tsumo=1"))
    drop = events_of(events, "drop")[0]
    assert (drop["rows"], drop["stones"], drop["warning"]) == (2, 12, 0)
    assert field_of(pos, 1, 4) == "j..b..\nj..a..\nbjjjjj\najjjjj"
    assert kinds(events)[0] == ["place:second", "drop:second"]
    assert kinds(events)[1] == ["place:first", "wait:second"]


def test_drop_cap_is_five_rows_a_turn_by_default():
    pos, events = replay(record_text("-11ab", turn="second", second_state="warning=48",
                                     first_state="tsumo=1"))
    drop = events_of(events, "drop")[0]
    assert (drop["rows"], drop["warning"]) == (5, 18)
    assert pos.sides[1].warning == 18


def test_drop_cap_header_sets_the_rows_a_turn():
    _, events = replay(record_text("-11ab", turn="second", second_state="warning=48",
                                   first_state="tsumo=1", headers="DropCap: 3"))
    assert events_of(events, "drop")[0]["rows"] == 3
    _, events = replay(record_text("-11ab", turn="second", second_state="warning=48",
                                   first_state="tsumo=1", headers="DropCap: 18個"))
    assert events_of(events, "drop")[0]["rows"] == 3


def test_garbage_above_row_13_is_lost():
    column = "\n".join(["a.....", "b....."] * 5)
    pos, events = replay(record_text("-66cd", turn="second", second=column,
                                     second_state="warning=30", first_state="tsumo=1"))
    drop = events_of(events, "drop")[0]
    assert drop["lost"] == 2
    assert field_of(pos, 1).splitlines()[:3] == ["j.....", "j.....", "j....."]


def test_pending_garbage_waits_while_the_placement_fires_a_chain():
    """The chain's garbage first offsets the warning; what is left falls on the next
    placement that fires nothing."""
    text = record_text("+22ab -11cd -11dc -11cd -22cd +44cd", first=THREE_CHAIN,
                       first_state="tsumo=1 warning=18")
    pos, events = replay(text)
    assert events_of(events[:1], "drop") == []
    sent = events_of(events, "garbage")[0]
    assert (sent["generated"], sent["offset"], sent["sent"], sent["warning"]) == (12, 12, 0, 6)
    assert events_of(events[5:], "drop")[0]["stones"] == 6


def test_offset_of_a_counter_chain():
    """The first player's 2-chain sends a row; the second player's 3-chain, fired during it
    and ending later, cancels that row and sends the rest."""
    text = record_text("+22ab -66ab -22ab +66cd +55cd", first=TWO_CHAIN, second=THREE_CHAIN,
                       first_state="tsumo=1", second_state="tsumo=1")
    pos, events = replay(text)
    sent = events_of(events, "garbage")
    assert [(s["side"], s["generated"], s["offset"], s["sent"]) for s in sent] == [
        ("first", 6, 0, 6), ("second", 12, 6, 6)]
    assert pos.sides[0].warning == 6 and pos.sides[1].warning == 0
