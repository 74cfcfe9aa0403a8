"""The renju.net (RIF) database: tables looked up, each game a record named by its id, read as a
stream, errors located at the game and the move.  No real database was at hand: the files in
``tests/renju/data/rif`` are kifu's own, written after the public readers of the format."""
from __future__ import annotations

import tracemalloc
from pathlib import Path

import pytest

from kifu.base.errors import ConversionError, NotationError
from kifu.builtin.renju import GAME
from kifu.builtin.renju.archives import rif
from kifu.commands.cli import EXIT_INVALID, EXIT_OK, EXIT_USAGE
from kifu.plugin import driver, registry
from kifu.reading.source import BYTES
from kifu.run.load import load, parse_each_as, read_file
from tests.summary import summary_rows

DATA = Path(__file__).parent / "data" / "rif"


def games(name: str):
    source = read_file(str(DATA / name))
    game, fmt = registry.detect(source.text, source.path)
    assert (game.name, fmt, source.encoding) == ("renju", "rif", BYTES)
    return list(parse_each_as(game, fmt, source.text, source.path))


def test_every_game_is_a_record_named_by_its_id():
    parsed = games("small_database.rif")
    assert [p.name for p in parsed] == [f"{DATA / 'small_database.rif'}#{i}"
                                        for i in ("7001", "7002", "7003")]
    assert all(p.record is not None and not p.findings for p in parsed)


def test_headers_come_from_the_tables():
    record = games("small_database.rif")[0].record
    assert record.headers == {
        "Game": "renju", "Size": "15", "Rule": "renju, rif", "Event": "Club cup",
        "Date": "2009-08-01", "Place": "Tallinn, Estonia", "Round": "3", "Black": "Ana Tamm",
        "White": "Ken Sato", "Result": "black", "Time-black": "52 min", "RIF-Id": "7001",
        "RIF-Rule": "RIF", "RIF-Opening": "Kagetsu (d4)", "RIF-Publisher": "Publisher One"}
    assert record.comments == ["Adjourned, and awarded to black."]
    assert [str(n.move) for n in record.moves][:4] == ["h8", "h9", "i9", "g10"]


def test_a_draw_the_offered_fifth_moves_and_the_swap_as_written():
    record = games("small_database.rif")[1].record
    assert record.header("Result") == "draw"
    assert record.header("Rule") == "renju, yamaguchi"
    assert record.header("Date") == "2010-08"  # no start date: the tournament's year and month
    assert (record.header("RIF-Alt"), record.header("RIF-Swap")) == ("j7 g8", "1")


def test_a_rule_kifu_does_not_know_an_empty_game_and_an_unknown_attribute():
    record = games("small_database.rif")[2].record
    assert "Rule" not in record.headers
    assert record.header("RIF-Rule") == "Tarannikov"
    assert record.moves == []
    assert record.header("RIF-Board") == "15"
    assert "RIF-Opening" not in record.headers  # opening 0: none


def test_an_xml_file_holding_a_rif_database():
    assert [p.record.headers for p in games("database_named_xml.xml")] == [
        p.record.headers for p in games("small_database.rif")]


def test_the_encoding_the_xml_declares():
    record = games("declared_windows_1251.rif")[0].record
    assert record.header("Black") == "Анна Тамм"


def test_a_player_the_tables_do_not_hold_is_a_warning():
    [first, *_] = games("unknown_player.rif")
    assert first.record.header("White") == "#999"
    [warning] = first.findings
    assert warning.severity == "warning" and "white 999" in warning.message
    assert warning.span.line == 32


def test_a_bad_move_is_located_at_its_game_and_place():
    first, second, third = games("bad_move.rif")
    assert first.record is None and second.record is not None and third.record is not None
    [error] = first.findings
    assert isinstance(error, NotationError)
    assert first.name.endswith("bad_move.rif#7001")
    assert (error.span.line, error.span.column) == (33, 29)


def test_validate_names_the_game_and_the_move(kifu_cli):
    result = kifu_cli("validate", DATA / "bad_move.rif", exit_code=EXIT_INVALID)
    assert "bad_move.rif#7001:33:29: error[syntax]: z99 is off the 15x15 board" in result.stdout
    kifu_cli("validate", DATA / "small_database.rif", exit_code=EXIT_OK)


def test_xml_that_is_no_database():
    source = read_file(str(DATA / "not_well_formed.rif"))
    readings = rif.read_games(source.text, source.path)
    assert next(readings).record is not None  # the games before the fault are read
    with pytest.raises(NotationError, match="not well-formed XML: mismatched tag") as caught:
        list(readings)
    assert (caught.value.span.line, caught.value.span.column) == (42, 5)
    with pytest.raises(NotationError, match="not well-formed"):
        list(parse_each_as(GAME, "rif", "<a><games></a>", "x.rif"))
    with pytest.raises(NotationError, match="not a RIF database"):
        list(rif.read_games("<a/>", "x.rif"))


def test_other_programs_xml_in_a_folder_is_left_alone(kifu_cli, tmp_path):
    for name in ("other_program.xml", "database_named_xml.xml"):
        (tmp_path / name).write_bytes((DATA / name).read_bytes())
    result = kifu_cli("validate", tmp_path, exit_code=EXIT_OK)
    row = summary_rows(result.stderr)["renju"]
    assert (row["files"], row["records"]) == (1, 3)  # one database of three games
    assert result.stderr.splitlines()[-1].endswith(": " + str(tmp_path / "other_program.xml") + ")")
    kifu_cli("validate", tmp_path / "other_program.xml", exit_code=EXIT_USAGE)


def test_games_are_read_one_at_a_time():
    """A database of many games costs the memory of a game, not of the database's games."""
    game = ('<game id="{0}" black="1" white="2" bresult="1" rule="1" tournament="1">'
            '<move>h8 h9 i9 g10 i8 i10 j9 k10 j8 j10</move></game>\n')
    text = ('<?xml version="1.0"?><db><players><p id="1" name="A"/><p id="2" name="B"/>'
            '</players><rules><r id="1" name="RIF"/></rules><games>\n'
            + "".join(game.format(i) for i in range(3000)) + "</games></db>\n")
    readings = rif.read_games(text, "big.rif")
    next(readings)
    tracemalloc.start()
    try:
        count = sum(1 for _ in readings)
        _, peak = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    assert count == 2999
    assert peak < 2_000_000, peak  # 3,000 records held at once would take several times that


def test_show_and_convert_pick_a_game(kifu_cli):
    shown = kifu_cli("show", DATA / "small_database.rif", "--game-index", "2")
    assert "Autumn open" in shown.stdout
    converted = kifu_cli("convert", DATA / "small_database.rif", "--game-index", "1")
    assert converted.stdout.startswith("Game: renju\nSize: 15\nRule: renju, rif\n")
    assert "RIF-Id: 7001" in converted.stdout
    kifu_cli("convert", DATA / "small_database.rif", exit_code=EXIT_USAGE)


def test_the_library_reads_every_game():
    import kifu

    records = list(kifu.read_all(str(DATA / "small_database.rif")))
    assert [r.name.rsplit("#", 1)[1] for r in records] == ["7001", "7002", "7003"]
    assert load(str(DATA / "small_database.rif"), game_index=3).record.header("RIF-Id") == "7003"


def test_rif_is_read_not_written():
    with pytest.raises(ConversionError, match="does not write"):
        rif.write(GAME.parse("h8"))


def test_gomoku_rules_are_judged_as_gomoku_not_renju():
    """The RIF's database holds gomoku games too, under rules named so (Gomoku; Swap2, RIF's
    gomoku opening): judged as Renju, black's double three (h8) would be a foul and every move
    after it an error.  A Swap2 whose text says Renju is Renju's."""
    found = {p.record.header("RIF-Id"): p.record
             for p in games("gomoku_rules_are_not_renju.rif")}
    assert {key: record.header("Rule") for key, record in found.items()} == {
        "901": "standard", "902": "standard, swap2", "903": "renju, swap2",
        "904": "freestyle", "905": "renju, soosyrv-8", "906": "standard"}
    for key in ("901", "902", "904", "906"):  # 906 names no rule: its tournament's
        assert driver.check(GAME, found[key]) == ([], 13)
    problems, _ = driver.check(GAME, found["903"])
    assert problems == []  # the foul ends the game, white's win as bresult says
    assert rif.rule_of("Tarannikov") is None


def test_elements_of_the_database_s_own_before_its_tables():
    """A database that opens with elements of its own (a version, a date of export) before its
    first table is still told as one (it was left to no format)."""
    [parsed] = games("database_with_a_version_before_its_tables.rif")
    assert parsed.record.header("White") == "Ülle Oja"
    assert parsed.record.header("Result") == "draw"
    assert driver.check(GAME, parsed.record)[0] == []


def test_a_row_named_by_its_own_text():
    """A table's row may hold its name as its text rather than as an attribute (a tournament,
    a country): the text is its name (the event was read as nameless)."""
    [parsed] = games("names_as_the_rows_own_text.rif")
    assert parsed.record.header("Event") == "Riga spring cup"
    assert parsed.record.header("Place") == "Latvia"
    assert parsed.record.header("Date") == "2011-04"
    assert parsed.record.header("Rule") == "renju, rif"
