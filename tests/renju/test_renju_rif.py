"""The renju.net (RIF) database: tables looked up, each game a record named by its id, read as a
stream, errors located at the game and the move.  No real database was at hand: the files in
``tests/renju/data/rif`` are kifu's own, written after the public readers of the format."""
from __future__ import annotations

import tracemalloc
from pathlib import Path

import pytest

import kifu
from kifu.base.errors import ConversionError, EncodingError, NotationError
from kifu.builtin.renju import GAME
from kifu.builtin.renju.archives import rif
from kifu.commands.cli import EXIT_INVALID, EXIT_OK, EXIT_USAGE
from kifu.plugin import driver, registry
from kifu.reading.source import BYTES
from kifu.run.load import load, parse_each_as, read_file
from tests import measured
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


# -- hostile input (issue 38) ----------------------------------------------------------------

def test_an_encoding_python_does_not_know_is_an_error_at_the_declaration(kifu_cli):
    result = kifu_cli("validate", DATA / "unknown_encoding_declared.rif", exit_code=EXIT_INVALID)
    assert ("unknown_encoding_declared.rif:1:31: error[encoding]: the XML declaration names an "
            "encoding kifu cannot read: unknown encoding 'UTF-86'") in result.stdout
    assert "internal" not in result.stdout + result.stderr


@pytest.mark.parametrize("codec, black, white", [("shift_jis", "山田", "佐藤"),
                                                 ("gb2312", "王芳", "李娜"),
                                                 ("euc_kr", "김민", "이수")])
def test_multi_byte_encodings_the_declaration_names_are_read(codec, black, white):
    """expat reads UTF-8, UTF-16, ISO-8859-1 and ASCII, and one byte a character besides:
    Python's codecs decode the file before it, so that a database in Shift_JIS, GB2312 or
    EUC-KR is read (each was an internal error)."""
    record = games(f"declared_{codec}.rif")[0].record
    assert (record.header("Black"), record.header("White")) == (black, white)


def test_utf16_declared_in_ascii_is_an_error_at_the_declaration():
    source = read_file(str(DATA / "utf16_declared_in_ascii.rif"))
    with pytest.raises(EncodingError, match="names the encoding utf-16, but is written in an "
                       "encoding of ASCII's letters") as caught:
        list(rif.read_games(source.text, source.path))
    assert (caught.value.span.line, caught.value.span.column) == (1, 31)


def test_a_byte_that_is_not_the_declared_encoding_is_located():
    source = read_file(str(DATA / "byte_not_the_declared_encoding.rif"))
    readings = rif.read_games(source.text, source.path)
    with pytest.raises(EncodingError, match="byte 0xff is not UTF-8, the encoding the XML "
                       "declaration names") as caught:
        list(readings)
    assert (caught.value.span.line, caught.value.span.column) == (28, 36)


def test_utf8_text_the_declared_code_page_cannot_hold_is_an_error_at_its_byte(tmp_path):
    """A database declaring windows-1252 holding UTF-8 text (``…``, ``с``) was a
    UnicodeEncodeError: its bytes are read as the declaration says, ``…`` as three characters
    of windows-1252, and ``с``'s byte 0x81, which windows-1252 has no character for, is an
    encoding error where it stands."""
    path = tmp_path / "code_page.rif"
    path.write_bytes((DATA / "small_database.rif").read_text(encoding="utf-8").replace(
        'encoding="UTF-8"', 'encoding="windows-1252"').replace(
        "Club cup", "Club cup \u2026 \u0441").encode("utf-8"))
    source = read_file(str(path))
    with pytest.raises(EncodingError, match="byte 0x81 is not windows-1252, the encoding the "
                       "XML declaration names") as caught:
        list(rif.read_games(source.text, source.path))
    assert (caught.value.span.line, caught.value.span.column) == (28, 45)
    path.write_bytes(path.read_bytes().replace(" \u0441".encode(), b""))
    source = read_file(str(path))
    event = next(iter(rif.read_games(source.text, source.path))).record.header("Event")
    assert event == "Club cup \u2026".encode().decode("cp1252")


def test_a_text_decoded_already_is_read_as_it_is_whatever_its_declaration():
    """The library's ``kifu.parse(text, format="rif")`` of text holding a character above
    U+00FF was a UnicodeEncodeError: such a text is no file's bytes, and is read as it is."""
    text = (DATA / "small_database.rif").read_text(encoding="utf-8").replace(
        "Club cup", "Club cup\u2026")
    assert kifu.parse(text, format="rif").headers["Event"] == "Club cup\u2026"
    cyrillic = (DATA / "declared_windows_1251.rif").read_text(encoding="cp1251").replace(
        "Club cup", "Club cup\u2026")  # not a character of windows-1251
    assert kifu.parse(cyrillic, format="rif").headers["Black"] == "Анна Тамм"


def test_a_point_on_row_zero_is_a_notation_error_at_the_move(kifu_cli):
    result = kifu_cli("validate", DATA / "point_on_row_zero.rif", exit_code=EXIT_INVALID)
    assert "point_on_row_zero.rif#7001:33:16: error[syntax]: j00 is off the 15x15 board" \
        in result.stdout


def test_entities_declared_in_a_dtd_are_refused(kifu_cli):
    """A DTD's entities make a file expand up to a hundredfold before expat's own bound (a
    12 MiB database took 1.1 GB): a RIF database declares none, and kifu expands none."""
    result = kifu_cli("validate", "--format-in", "rif", DATA / "entity_declared.rif",
                      exit_code=EXIT_INVALID)
    assert ("entity_declared.rif:2:32: error[syntax]: the XML declares the entity 'e': a RIF "
            "database declares none") in result.stdout


def test_utf8_text_where_the_declaration_stands_is_no_database(kifu_cli):
    path = DATA / "utf8_text_before_the_declaration.rif"
    assert len(path.read_bytes()) == 96
    result = kifu_cli("validate", path, exit_code=EXIT_USAGE)
    assert "error[unknown-game]" in result.stdout
    forced = kifu_cli("validate", "--format-in", "rif", path, exit_code=EXIT_INVALID)
    assert "1:1: error[syntax]: not well-formed XML" in forced.stdout
    assert "internal" not in result.stdout + forced.stdout



@pytest.mark.parametrize("doctype", [
    '<!DOCTYPE database [<!ENTITY secret SYSTEM "file:///etc/passwd">]>',
    '<!DOCTYPE database [<!ENTITY a "aaaaaaaaaa"><!ENTITY b "&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;">'
    '<!ENTITY c "&b;&b;&b;&b;&b;&b;&b;&b;&b;&b;"><!ENTITY d "&c;&c;&c;&c;&c;&c;&c;&c;&c;&c;">]>',
    '<!DOCTYPE database [<!ENTITY % p SYSTEM "http://example.invalid/p.dtd"> %p;]>',
])
def test_external_entities_and_billion_laughs_are_refused_unread(doctype):
    """What held before issue 38, kept: no file and no address a database names is read, and
    entities that multiply are never expanded."""
    text = (DATA / "small_database.rif").read_text(encoding="utf-8").replace(
        "<database>", doctype + "\n<database>", 1).replace("Club cup", "Club cup &d;&secret;")
    with pytest.raises(NotationError, match="declares the entity") as caught:
        list(rif.read_games(text, "hostile.rif"))
    assert caught.value.rule == "xml-entity" and caught.value.span.line == 2


def test_a_dtd_outside_the_file_is_not_read():
    text = (DATA / "small_database.rif").read_text(encoding="utf-8").replace(
        "<database>", '<!DOCTYPE database SYSTEM "/etc/passwd">\n<database>', 1)
    assert [r.record.header("RIF-Id") for r in rif.read_games(text, "x.rif")] == [
        "7001", "7002", "7003"]


def test_12_mib_of_rows_using_an_entity_are_refused_within_the_bounds(tmp_path):
    """The campaign's file, as a user's command reads it (as RIF): 1.1 GB before."""
    path = tmp_path / "entities.rif"
    row = '<player id="1" name="' + "&e;" * 40 + '"/>'
    path.write_text('<?xml version="1.0" encoding="UTF-8"?>\n<!DOCTYPE database [<!ENTITY e "'
                    + "x" * 250 + '">]>\n<database><players>' + row * (12 * 2**20 // len(row))
                    + "</players><games></games></database>\n", encoding="utf-8")
    run = measured.kifu("validate", "-j", "1", "--format-in", "rif", path)
    assert run.status == EXIT_INVALID and run.within_bounds(), run
    assert ("entities.rif:2:32: error[syntax]: the XML declares the entity 'e': a RIF database "
            "declares none") in run.stdout


#: The hostile databases of the campaign (kifu's own, in ``tests/renju/data``), and what the
#: command answers each: every one was an internal error.
HOSTILE = {
    "rif/unknown_encoding_declared.rif": ":1:31: error[encoding]: the XML declaration names an "
                                         "encoding kifu cannot read: unknown encoding 'UTF-86'",
    "rif/byte_not_the_declared_encoding.rif": ":28:36: error[encoding]: byte 0xff is not UTF-8",
    "rif/utf16_declared_in_ascii.rif": ":1:31: error[encoding]: the XML declaration names the "
                                       "encoding utf-16, but is written in an encoding of ASCII",
    "rif/point_on_row_zero.rif": "#7001:33:16: error[syntax]: j00 is off the 15x15 board",
    "rif/utf8_text_before_the_declaration.rif": ": error[unknown-game]: kifu reads .rif files",
    "pgn/point_on_row_zero.pgn": ":14:26: error[syntax]: a0 is off the 15x15 board",
    "rif/declared_shift_jis.rif": None, "rif/declared_gb2312.rif": None,
    "rif/declared_euc_kr.rif": None,
}


def test_hostile_databases_are_answered_where_they_fail_by_the_command(tmp_path):
    """As a user runs kifu, a process of its own: a located error for each, or its games read."""
    run = measured.kifu("validate", "-j", "1", *(DATA.parent / name for name in HOSTILE))
    assert run.status == EXIT_USAGE and run.within_bounds()
    for name, answer in HOSTILE.items():
        path = str(DATA.parent / name)
        said = [line[len(path):] for line in run.stdout.splitlines() if line.startswith(path)]
        assert len(said) == (answer is not None), (name, said)
        assert not answer or said[0].startswith(answer), (name, said)
    assert "internal" not in run.stdout + run.stderr and "Traceback" not in run.stderr
