"""Set-up positions and variations (issue 7): problems from a set position, broken set-ups
rejected with a located SetupError, running chains and warnings carried by a set-up, and
variations replayed from the position before the move they replace."""
from __future__ import annotations

import pytest

from kifu.base.errors import KifuError, SetupError
from kifu.plugin import RenderOptions, driver
from tests.rengi.fields import GAME, events_of, field_of, record_text, replay
from tests.rengi.test_rengi_rules import THREE_CHAIN, TWO_CHAIN


def setup_error(text: str) -> SetupError:
    with pytest.raises(SetupError) as caught:
        replay(text)
    return caught.value


def test_a_problem_from_a_set_position_replays():
    """なぞぷよ-style: clear the field with one placement (a 3-chain)."""
    pos, events = replay(record_text("+22ab", first=THREE_CHAIN, first_state="tsumo=1"))
    chain = events_of(events, "chain")[0]
    assert [link["stones"] for link in chain["links"]] == [4, 4, 4]
    assert field_of(pos, 0, 2) == "......\n..d..."


def test_a_record_without_moves_renders_its_set_up():
    record = GAME.parse(record_text(first=THREE_CHAIN, first_state="tsumo=1"))
    text = GAME.render_text(GAME.start(record), RenderOptions())
    assert " 2 a . d c . ." in text and " 1 b b b c c ." in text


def test_floating_stone_is_rejected_where_it_stands():
    text = record_text(first="""
        .a....
        ......
        bb....
    """)
    error = setup_error(text)
    assert error.message == ("the first player's field: a floating stone (the cell below it is "
                             "empty) at column 2, row 3")
    assert (error.span.line, error.span.column) == (16, 3)


def test_floating_stone_in_the_second_field():
    error = setup_error(record_text(second="""
        ....a.
        ......
    """))
    assert error.message.startswith("the second player's field: a floating stone")
    assert (error.span.line, error.span.column) == (17, 13)


def test_a_standing_group_of_four_is_rejected():
    error = setup_error(record_text(first="aaaa.."))
    assert error.message == ("the first player's field: a group of four or more stands (it "
                             "would have vanished) at column 1, row 1")


def test_a_filled_losing_cell_is_rejected():
    column = "\n".join(["..a...", "..b..."] * 6)
    error = setup_error(record_text(first=column))
    assert error.message == "the first player's field: the losing cell is filled at column 3, " \
                            "row 12"


@pytest.mark.parametrize("state, headers, message", [
    ("warning=7", "", "a warning of 7 stones is not whole rows (unit 6)"),
    ("stock=2", "Variant: 天連棋", "there is no stock under these settings"),
    ("stock=6", "", "a stock holds less than a row, not 6"),
    ("chain=4,4 wait=3", "", "a running 2-chain waits 1 to 2 more turns, not 3"),
    ("chain=4,4", "", "a running 2-chain waits 1 to 2 more turns, not 0"),
    ("chain=7/2", "", "a link of 7 stones in 2 groups is impossible"),
    ("wait=2", "", "without a running chain a side waits at most 1 turn, not 2"),
    ("tsumo=30", "Variant: 天連棋\nTsumo: a ab", "the tsumo list has no piece 31"),
])
def test_impossible_side_states_are_rejected(state, headers, message):
    error = setup_error(record_text(headers=headers, first_state=state))
    assert error.message == f"the first player's state: {message}"
    assert error.span.line == 4 + len(headers.splitlines())


def test_the_marker_needs_stable_chigiri():
    error = setup_error(record_text(marker=-1))
    assert error.message == "the chigiri marker is used only with StableChigiri: on"


def test_the_side_to_move_comes_from_the_set_up():
    pos, _ = replay(record_text("-12ab +12cd", turn="second", first_state="tsumo=1"))
    assert field_of(pos, 1, 1) == "ab...." and field_of(pos, 0, 1) == "cd...."


def test_a_running_chain_in_the_set_up_ends_on_time():
    """The first player's 2-chain has one more turn to run: its garbage (a row) is sent when
    the first player's next turn goes by."""
    text = record_text("-12ab -12cd", turn="second", first_state="tsumo=1 chain=4,4 wait=1")
    pos, events = replay(text)
    assert events_of(events, "garbage")[0]["sent"] == 6
    assert events_of(events, "drop")[0]["rows"] == 1


def test_a_set_up_turn_that_is_a_wait_goes_by_at_once():
    pos = GAME.start(GAME.parse(record_text(turn="first",
                                            first_state="tsumo=1 chain=4,4 wait=1")))
    assert pos.current == 1 and pos.sides[1].warning == 6


def test_the_set_up_tsumo_position_selects_the_piece():
    headers = "Variant: 公連棋\nTsumo: ab cd ba dc ac bd ca db aa bb cc dd"
    pos, _ = replay(record_text("+1U", headers=headers, first_state="tsumo=3"))
    assert field_of(pos, 0, 2) == "a.....\nb....."  # list[3] = ba


# -- variations -----------------------------------------------------------------------------

def test_a_variation_replays_from_the_position_before_its_move():
    text = record_text("+22ab (+11cd -11cd) -55cc", first=TWO_CHAIN, first_state="tsumo=1")
    record = GAME.parse(text)
    lines = {}
    for step in driver.replay_tree(GAME, record):
        assert not isinstance(step, KifuError)
        lines.setdefault(step.path, []).append(step.events)
    assert set(lines) == {(), (1, 1)}
    assert events_of(lines[(1, 1)], "chain") == []
    assert len(events_of(lines[()], "chain")) == 1


def test_a_diagnostic_inside_a_variation_gives_its_path():
    text = record_text("+22ab (+11cd +11cd) -55cc", first=TWO_CHAIN, first_state="tsumo=1")
    problems, moves = driver.check(GAME, GAME.parse(text))
    assert moves == 2
    assert [(p.variation, p.move_number, p.rule) for p in problems] == [((1, 1), 2, "turn-order")]


def test_nested_variations_round_trip_byte_for_byte():
    text = ("Game: rengi\n\n+3a {start} -12bc (-12cb {why not} (-66dd) +4b) +45cd (+44cd) "
            "-P\n")
    record = GAME.parse(text)
    assert GAME.write(record) == text
    from kifu.plugin import jsonform

    assert jsonform.loads(jsonform.dumps(record)) == record
