"""PlayOK's gomoku PGN: seats and colours, swap2's choices and fillers, several games, errors
located, and other programs' PGN left alone.  The files in ``tests/renju/data/pgn`` are kifu's
own, one for each quirk the real PlayOK export showed."""
from __future__ import annotations

from pathlib import Path

import pytest

from kifu.base.errors import ConversionError, NotationError, UnknownGameError
from kifu.builtin.renju import GAME
from kifu.builtin.renju.archives import pgn
from kifu.builtin.renju.moves import Swap
from kifu.commands.cli import EXIT_OK, EXIT_USAGE
from kifu.plugin import driver, registry
from kifu.run.load import parse_all
from tests.summary import summary_rows

DATA = Path(__file__).parent / "data" / "pgn"


def records(name: str):
    text = (DATA / name).read_text(encoding="utf-8")
    game, fmt, parsed = parse_all(text, str(DATA / name))
    assert (game.name, fmt) == ("renju", "pgn")
    return [one.record for one in parsed]


def one(name: str):
    [record] = records(name)
    return record


def moves(record) -> list[str]:
    return [str(node.move) for node in record.moves]


def test_seats_are_not_colours_the_second_seat_takes_black():
    record = one("second_seat_takes_black.pgn")
    assert (record.header("First-player"), record.header("Second-player")) == ("ann", "bob")
    assert (record.header("Black"), record.header("White")) == ("bob", "ann")
    assert record.header("Seat-result") == "1-0"
    assert record.header("Result") == "white"  # ann, the first seat, won with white
    assert moves(record)[:5] == ["h8", "h9", "h10", "swap", "a1"]
    assert record.moves[2].properties == {"Choice": "black"}


def test_staying_white_and_the_filler_slot():
    record = one("second_seat_stays_white_filler.pgn")
    assert (record.header("Black"), record.header("White")) == ("ann", "bob")
    assert "swap" not in moves(record)
    assert moves(record)[:4] == ["h8", "h9", "h10", "o15"]
    assert record.moves[2].properties == {"Choice": "white"}
    assert record.header("Result") == "black"


def test_two_more_stones_then_the_first_seat_chooses():
    stays = one("two_more_stones_first_seat_stays_black.pgn")
    assert (stays.header("Black"), stays.header("Result")) == ("ann", "black")
    assert stays.moves[4].properties == {"Choice": "black"}
    takes = one("two_more_stones_first_seat_takes_white_line_ends_after_number.pgn")
    assert (takes.header("Black"), takes.header("White")) == ("bob", "ann")
    assert moves(takes)[5] == "swap"
    assert takes.header("Result") == "black"  # bob, the second seat, won with black


def test_game_type_names_the_board_and_the_rule():
    assert one("kind_60_no_choices.pgn").header("Rule") == "freestyle"
    record = one("second_seat_takes_black.pgn")
    assert (record.header("Size"), record.header("Rule")) == ("15", "standard, swap2")
    assert record.header("GameType") == "61,15"


@pytest.mark.parametrize("name, winner", [
    ("kind_61_overline_does_not_end_the_game.pgn", ("White", "bob", "white")),
    ("kind_61_white_overline_does_not_end_the_game.pgn", ("Black", "ann", "black"))])
def test_kind_61_is_standard_gomoku_an_overline_does_not_end_the_game(name, winner):
    # PlayOK's games of kind 61 go on after either side's six in a row, won later by a five
    record = one(name)
    assert record.header("Rule") == "standard, swap2"
    assert driver.check(GAME, record)[0] == []
    colour, player, result = winner
    assert (record.header(colour), record.header("Result")) == (player, result)


def test_every_tag_is_kept_under_a_name_of_its_own():
    record = one("kind_60_no_choices.pgn")
    assert record.headers == {
        "Game": "renju", "Size": "15", "Rule": "freestyle", "Event": "?", "Site": "PlayOK",
        "Date": "2024-03-09", "Round": "-", "Black": "ann", "White": "bob", "Result": "black",
        "First-player": "ann", "Second-player": "bob", "Seat-result": "1-0",
        "Time-of-day": "18:02:11", "TimeControl": "300", "GameType": "60,15",
        "First-player-Elo": "1500", "Second-player-Elo": "1490"}


def test_several_games_each_named_by_its_place():
    text = (DATA / "several_games.pgn").read_text(encoding="utf-8")
    _, _, parsed = parse_all(text, "games.pgn")
    assert [p.name for p in parsed] == ["games.pgn#1", "games.pgn#2", "games.pgn#3"]
    assert [p.record.header("Rule") for p in parsed] == [
        "standard, swap2", "standard, swap2", "freestyle"]


def test_moves_are_located():
    record = one("second_seat_takes_black.pgn")
    assert record.moves[0].span.line == 14
    assert record.moves[3].move == Swap()


@pytest.mark.parametrize("movetext, message", [
    ("1. h8 Nf3 1-0", "'Nf3' is not a point"),
    ("1. h8 p9 1-0", "p9 is off the 15x15 board"),
    ("1. h8 h9 1-0 h10", "after the result"),
    ("1. black h8 1-0", "before any stone"),
])
def test_errors_are_located(movetext, message):
    text = f'[Site "PlayOK"]\n[GameType "61,15"]\n\n{movetext}\n'
    with pytest.raises(NotationError, match=message) as caught:
        pgn.read(text, "x.pgn")
    assert caught.value.span.line == 4


def test_a_bad_game_does_not_stop_the_next():
    text = ('[GameType "61,15"]\n\n1. h8 zz 1-0\n\n[GameType "61,15"]\n\n1. h8 h9 1-0\n')
    readings = list(pgn.read_games(text, "x.pgn"))
    assert readings[0].record is None and "zz" in readings[0].findings[0].message
    assert readings[1].record is not None


def test_only_gomoku_pgn_is_claimed():
    for name in ("chess_game.pgn", "fake_chess_for_rating_tools.pgn"):
        text = (DATA / name).read_text(encoding="utf-8")
        assert not pgn.recognises(text)
        with pytest.raises(UnknownGameError, match="PlayOK's gomoku PGN"):
            registry.detect(text, name)


def test_other_programs_pgn_in_a_folder_is_left_alone(kifu_cli, tmp_path):
    for name in ("chess_game.pgn", "kind_60_no_choices.pgn"):
        (tmp_path / name).write_bytes((DATA / name).read_bytes())
    result = kifu_cli("validate", tmp_path, exit_code=EXIT_OK)
    assert "chess_game" not in result.stdout
    row = summary_rows(result.stderr)["renju"]
    assert (row["files"], row["records"]) == (1, 1)
    assert result.stderr.splitlines()[-1].endswith(": " + str(tmp_path / "chess_game.pgn") + ")")
    named = kifu_cli("validate", tmp_path / "chess_game.pgn", exit_code=EXIT_USAGE)
    assert "this one is none of them" in named.stdout


def test_pgn_is_read_not_written():
    with pytest.raises(ConversionError, match="does not write"):
        pgn.write(GAME.parse("h8"))


def test_converted_to_kifu_s_notation_and_back():
    record = one("two_more_stones_first_seat_takes_white_line_ends_after_number.pgn")
    again = GAME.parse(GAME.write(record))
    assert again.headers == record.headers
    assert [n.move for n in again.moves] == [n.move for n in record.moves]


def test_comments_unspaced_move_numbers_and_capitals():
    """PGN as editors and other tools write it: a comment in braces, a move number without
    the blank after it (``1.h8``), a choice of colour in capitals; told as PlayOK's PGN by its
    content, read as the export is."""
    path = DATA / "comments_and_unspaced_move_numbers.pgn"
    text = path.read_text(encoding="utf-8")
    assert pgn.recognises(text)
    assert registry.detect(text, "-")[1] == "pgn"
    record = one(path.name)
    assert moves(record)[:4] == ["h8", "h9", "h10", "swap"]
    assert record.moves[0].comments == ["opening"] and record.moves[-1].comments == ["five"]
    assert (record.header("Black"), record.header("Result")) == ("maple", "black")
    assert driver.check(GAME, record)[0] == []


def test_a_comment_over_two_lines():
    """A brace comment may run over lines (PGN allows it): it was cut at the line's end and
    its second line read as moves."""
    record = one("comment_over_two_lines.pgn")
    assert record.moves[4].comments == ["a quiet move,\naway from the fight"]
    assert moves(record)[3:6] == ["swap", "a1", "b1"]
    assert record.moves[5].span.line == 11 and record.moves[5].span.column == 22
    assert driver.check(GAME, record)[0] == []
