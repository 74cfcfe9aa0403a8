"""Piskvork's .psq (Gomocup): every field read into headers, the file written back byte for byte,
errors located.  The files in ``tests/renju/data/psq`` are kifu's own, one for each quirk the
real Gomocup files showed (``tests/renju/test_renju_archives_corpus.py`` reads those)."""
from __future__ import annotations

import json
from pathlib import Path

import pytest

from kifu.base.errors import ConversionError, NotationError
from kifu.builtin.renju import GAME
from kifu.builtin.renju.archives import psq
from kifu.plugin import driver, registry
from kifu.reading.source import read_source

DATA = Path(__file__).parent / "data" / "psq"
FILES = sorted(DATA.glob("*.psq"))


def read(name: str):
    return psq.read(read_source(str(DATA / name)).text, name)


@pytest.mark.parametrize("path", FILES, ids=[p.name for p in FILES])
def test_written_back_byte_for_byte(path):
    record = psq.read(read_source(str(path)).text, str(path))
    assert psq.write(record).encode() == path.read_bytes()


@pytest.mark.parametrize("path", FILES, ids=[p.name for p in FILES])
def test_native_notation_keeps_every_field(path):
    record = psq.read(read_source(str(path)).text, str(path))
    again = GAME.parse(GAME.write(record))
    assert psq.write(again).encode() == path.read_bytes()


def test_crlf_line_ends_and_the_tournament_trailer():
    record = read("crlf_line_ends.psq")
    assert record.headers == {
        "Game": "renju", "Size": "15", "Rule": "renju", "League": "Renju",
        "Black": "ALPHA.zip", "White": "BETA.zip", "Result": "black",
        "Winner-engine": "ALPHA.zip",
        "Move-times": "5120 7001 3302 9100 4410 6003 2000 8123 1500 3000",
        "Piskvork-Levels": "11:11", "Piskvork-First": "0", "Piskvork-Code": "-1"}
    assert [str(node.move) for node in record.moves][:3] == ["o15", "a5", "o13"]


def test_the_opening_stones_are_the_set_up_in_the_order_placed():
    record = read("crlf_line_ends.psq")
    assert record.setup.in_order and record.setup.to_move == "white"
    assert "Opening-stones: h8 i9 g9 h10 j7" in GAME.write(record).splitlines()
    assert driver.check(GAME, record) == ([], 10)


def test_the_seat_that_moves_first_after_an_odd_opening_plays_white():
    # Five opening stones: white moves next, so seat 1 is white and "2,Renju" is black's win.
    assert read("crlf_line_ends.psq").header("Result") == "black"
    # Four: black moves next, seat 1 is black and "2,Renju" is white's.
    record = read("foul_not_written.psq")
    assert record.header("Result") == "white"
    assert record.header("Winner-engine") == "BETA.zip"


def test_an_engine_answering_in_0ms_is_a_move_after_the_opening():
    record = read("engine_answers_in_0ms.psq")
    assert len(record.setup.black) + len(record.setup.white) == 5
    assert record.header("Move-times") == "5120 0 3302 0"
    assert record.header("Result") == "draw"
    assert "Winner-engine" not in record.headers


def test_piskvork_without_a_tournament_writes_its_code_only():
    record = read("piskvork_code_only.psq")
    assert "Black" not in record.headers and "League" not in record.headers
    assert record.header("Piskvork-Code") == "0"
    assert record.header("Piskvork-Levels") == "0:3"
    assert record.header("Piskvork-First") == "1"


def test_names_follow_who_moved_first():
    record = read("names_and_code_no_league.psq")
    assert (record.header("Black"), record.header("White")) == ("pisq7.exe", "solver.ZIP")
    assert record.header("Size") == "20"
    flipped = psq.read(psq.write(record).replace(", 0\r\n", ", 1\r\n", 1), "x.psq")
    assert (flipped.header("Black"), flipped.header("White")) == ("solver.ZIP", "pisq7.exe")


def test_freestyle_league_on_a_20x20_board():
    record = read("freestyle_20x20.psq")
    assert record.header("Rule") == "freestyle"
    assert record.header("Size") == "20"
    assert str(record.moves[1].move) == "t20"
    assert record.header("Result") == "white"


def test_moves_without_times():
    record = read("moves_without_times.psq")
    assert record.header("Move-times") == "- - 700"
    assert record.setup is None


@pytest.mark.parametrize("league, rule", [
    ("Renju", "renju"), ("Freestyle2", "freestyle"), ("Fastgame", "freestyle"),
    ("Standard1", "standard"), ("Caro", "caro"), ("Experimental", None)])
def test_the_league_names_the_rule(league, rule):
    assert psq.rule_of_league(league) == rule


@pytest.mark.parametrize("text, line, message", [
    ("Piskvork 15x15, 1:1, 0\n", 1, "opens with"),
    ("Piskvorky 15x15, 1:1, 2\n8,8,1\n", 1, "0 or 1"),
    ("Piskvorky 15x15, 1:1, 0\n8,8,1\n16,1,3\n", 3, "off the 15x15 board"),
    ("Piskvorky 15x15, 1:1, 0\n8,8,1\nA\nB\nC\nD\nE\n", 5, "nothing else"),
    ("Piskvorky 30x30, 1:1, 0\n", 1, "boards of 1 to 26"),
])
def test_errors_name_the_line(text, line, message):
    with pytest.raises(NotationError, match=message) as caught:
        psq.read(text, "x.psq")
    assert caught.value.span.line == line


def test_a_record_of_kifu_s_own_written_as_psq():
    record = GAME.parse("Black: Ana\nWhite: Ben\nEvent: club\n\n1. h8 {centre} 2. i9 (2. i7) 3. j10")
    assert psq.write(record) == ("Piskvorky 15x15, 0:0, 0\r\n8,8\r\n9,7\r\n10,6\r\nAna\r\nBen\r\n")
    assert psq.leaves_out(record) == [
        "psq keeps the main line only: 1 variation left out",
        "psq has no comments: 1 comment left out",
        "psq has no place for the header Event: left out"]


def test_what_psq_cannot_say_is_refused():
    with pytest.raises(ConversionError, match="opening event"):
        psq.write(GAME.parse("h8 i9 j10 swap"))
    with pytest.raises(ConversionError, match="a pass"):
        psq.write(GAME.parse("h8 pass"))


def test_told_by_suffix_and_by_content():
    text = (DATA / "crlf_line_ends.psq").read_text()
    assert registry.detect(text, "game.psq")[1] == "psq"
    assert registry.detect(text, "-")[1] == "psq"
    assert registry.detect(text, "-", "renju")[1] == "psq"


def test_cli_converts_and_says_what_it_leaves_out(kifu_cli, tmp_path):
    source = tmp_path / "game.renju"
    source.write_text("Event: club\n\n1. h8 {centre} 2. i9\n", encoding="utf-8")
    result = kifu_cli("convert", source, "--to", "psq")
    assert result.stdout.startswith("Piskvorky 15x15, 0:0, 0")
    assert "psq has no comments: 1 comment left out" in result.stderr
    assert "psq has no place for the header Event: left out" in result.stderr


def test_a_psq_without_gomocups_line_is_freestyle():
    """A file without Gomocup's line states no rule: Piskvork's default, free-style, is the one
    it is judged by, so that black's double three (j13 here) is an ordinary move; the header
    is what the file means, and writing the file back loses nothing."""
    record = read("no_league_double_three_is_freestyle.psq")
    assert record.header("Rule") == "freestyle" and record.header("League") is None
    assert driver.check(GAME, record)[0] == []
    assert psq.leaves_out(record) == []
    as_renju = GAME.parse(GAME.write(record).replace("Rule: freestyle", "Rule: renju"), "x")
    problems = driver.check(GAME, as_renju)[0]
    assert len(problems) == 1 and "forbidden double three" in problems[0].message


NORMALISED = DATA / "normalised"


def test_a_header_without_blanks_is_read_as_piskvork_reads_it():
    """Piskvork reads its header with ``fscanf("Piskvorky %dx%d, %d:%d, %d")``, where a blank
    matches any run of blanks, none included: ``Piskvorky 20x20,11:11,0`` is its header too.
    Written back, it is the header Piskvork writes."""
    path = NORMALISED / "header_without_blanks.psq"
    text = read_source(str(path)).text
    assert registry.detect(text, "-")[1] == "psq"
    record = psq.read(text, str(path))
    assert (record.header("Size"), record.header("Rule"), record.header("Result")) == (
        "20", "freestyle", "white")
    assert record.header("Piskvork-Levels") == "11:11"
    assert driver.check(GAME, record)[0] == []
    assert psq.write(record).encode() == path.read_bytes().replace(b"20x20,11:11,0",
                                                                    b"20x20, 11:11, 0")


def test_code_and_gomocup_s_line_without_the_engines_names():
    """Two lines after the moves are the engines' names, unless they are Piskvork's code and
    Gomocup's line: a file that names no engine still says its league and winner."""
    record = read("code_and_league_without_names.psq")
    assert "Black" not in record.headers and "White" not in record.headers
    assert (record.header("Piskvork-Code"), record.header("League"), record.header("Rule"),
            record.header("Result")) == ("-1", "Freestyle", "freestyle", "black")
    assert driver.check(GAME, record)[0] == []


def test_stones_of_time_0_that_make_a_five_are_no_opening():
    """A program that writes 0 for every stone's time (self-play, converters) leaves no opening
    to tell: a set-up holds no five, so the stones are moves, and the five wins."""
    record = read("every_time_zero_is_no_opening.psq")
    assert record.setup is None and "Opening-stones" not in record.headers
    assert record.header("Result") == "black" and record.header("Winner-engine") == "SELFPLAY-A"
    assert driver.check(GAME, record) == ([], 9)


def test_an_engine_answering_in_0ms_is_told_from_the_opening_by_the_result():
    """Six stones of time 0, then black's five; Gomocup's line says seat 2 won.  Were all six
    the opening, seat 2 would be white: the sixth was white's answer in 0 ms, the opening is
    five stones, and seat 2 is black, who made the five."""
    record = read("engine_answers_in_0ms_then_five.psq")
    assert len(record.setup.black) + len(record.setup.white) == 5
    assert record.header("Move-times").split()[0] == "0"
    assert record.header("Result") == "black" and record.header("Winner-engine") == "EPSILON.zip"
    assert driver.check(GAME, record) == ([], 10)


def test_an_engine_answering_in_0ms_is_told_by_the_last_stone_where_no_five_ends_the_game():
    """Issue 36: two opening stones, then black's answer in 0 ms: three stones of time 0, and
    the game ends without a five (white's time ran out).  Read as a three-stone opening, seat 1
    would be white, the winner, though black placed the last stone; in every real game that
    ends without a five the side that placed the last stone won, so the third stone of time 0
    is black's first move, the opening two stones, and seat 1 black."""
    record = read("engine_answers_in_0ms_after_a_two_stone_opening_no_five.psq")
    assert len(record.setup.black) + len(record.setup.white) == 2
    assert record.header("Move-times").split()[0] == "0"
    assert record.header("Result") == "black" and record.header("Winner-engine") == "GAMMA.zip"
    assert driver.check(GAME, record) == ([], 5)


def test_black_s_foul_written_last_is_no_answer_in_0ms():
    """A Renju game whose file ends on black's double three (a foul: white wins): the last
    stone did not win, so the five stones of time 0 stay the opening and seat 1 is white."""
    record = read("foul_double_three_written_is_no_answer_in_0ms.psq")
    assert len(record.setup.black) + len(record.setup.white) == 5
    assert record.header("Result") == "white" and record.header("Winner-engine") == "SIGMA.zip"
    assert driver.check(GAME, record) == ([], 4)
    import kifu

    ended = kifu.read(str(DATA / "foul_double_three_written_is_no_answer_in_0ms.psq")).position(4)
    assert (ended.outcome.winner, ended.outcome.kind) == ("white", "foul")


@pytest.mark.parametrize("league, rules", [
    ("Renju", "Renju 連珠"),
    ("Standard1", "standard gomoku: exactly five wins"),
    ("Freestyle2", "free-style gomoku: five or more wins"),
])
def test_show_names_the_rule_a_league_plays_and_renju_s_openings_only_under_renju(
        kifu_cli, tmp_path, league, rules):
    """Issue 36: ``kifu show`` of a Gomocup standard game said ``rules Renju 連珠`` and named
    one of the 26 openings, which are Renju's.  The same stones under each league."""
    path = tmp_path / "game.psq"
    path.write_bytes((DATA / "crlf_line_ends.psq").read_bytes().replace(b"2,Renju",
                                                                         f"2,{league}".encode()))
    shown = dict(line.split(None, 1) if " " in line else (line, "")
                 for line in kifu_cli("show", path).stdout.split("\n\n")[0].splitlines())
    assert shown["rules"] == rules
    assert shown.get("opening") == ("I7 Hogetsu 浦月" if league == "Renju" else None)
    position = json.loads(kifu_cli("show", path, "--format", "json").stdout)["final"]
    assert position.get("opening") == shown.get("opening")


def test_a_league_kifu_does_not_know_is_judged_as_freestyle():
    """A league kifu has no rule for is judged by Piskvork's default, as a file without
    Gomocup's line is: black's double three (j8) is an ordinary move, not a foul."""
    record = read("unknown_league_is_freestyle.psq")
    assert (record.header("League"), record.header("Rule"), record.header("Result")) == (
        "Experimental", "freestyle", "draw")
    assert driver.check(GAME, record)[0] == []


def test_blanks_after_the_commas_of_a_stone():
    """Piskvork reads a stone with ``fscanf("%d,%d,%d")``, where a number may follow blanks:
    ``7, 9, 1203`` is a stone (it ended the moves, and the file was refused)."""
    path = NORMALISED / "blanks_after_commas.psq"
    record = psq.read(read_source(str(path)).text, str(path))
    assert len(record.moves) == 4 and record.header("Move-times") == "1203 2210 998 1520"
    assert record.header("White") == "KAPPA.zip" and record.header("Result") == "black"
    header, rest = path.read_bytes().split(b"\r\n", 1)
    assert psq.write(record).encode() == header + b"\r\n" + rest.replace(b", ", b",")


def test_blank_lines_between_the_stones_and_the_lines_after():
    """Piskvork's ``fscanf`` skips blank lines between stones: a blank line after the opening
    ended the moves, and the file was refused.  Written back without them."""
    path = NORMALISED / "blank_lines_between.psq"
    record = psq.read(read_source(str(path)).text, str(path))
    assert len(record.moves) == 4 and len(record.setup.black) + len(record.setup.white) == 3
    assert (record.header("Black"), record.header("League"), record.header("Result")) == (
        "LAMBDA.zip", "Freestyle", "black")
    assert psq.write(record).encode() == path.read_bytes().replace(b"\r\n\r\n", b"\r\n")


def test_black_s_overline_written_in_a_renju_game_names_no_winner_of_its_own():
    """Where a Renju game's file ends on black's overline (a foul: white wins), the six in a
    row is no five that wins: the opening stays the five stones of time 0, and seat 1, white
    after them, is the winner, as the foul makes it."""
    record = read("foul_overline_written_is_no_five.psq")
    assert len(record.setup.black) + len(record.setup.white) == 5
    assert record.header("Result") == "white" and record.header("Winner-engine") == "XI.zip"
    problems, moves = driver.check(GAME, record)
    assert problems == [] and moves == 12


def test_the_caro_league_plays_on_after_a_five_closed_at_both_ends():
    """Gomocup's Caro league plays Piskvork's Caro rule: black's h8-l8, closed by white at g8
    and m8, does not win, and white's a1-a5 (the edge closes nothing) does, as seat 2 says."""
    record = read("caro_closed_five_plays_on.psq")
    assert (record.header("Rule"), record.header("Result")) == ("caro", "white")
    assert driver.check(GAME, record) == ([], 14)
    as_freestyle = GAME.parse(GAME.write(record).replace("Rule: caro", "Rule: freestyle"), "x")
    assert "the game was already over" in driver.check(GAME, as_freestyle)[0][0].message
