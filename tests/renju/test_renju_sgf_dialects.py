"""SGF as Renju programs write it: GM[1] and GM[5] besides GM[4], labels, several games,
mislabelled charsets, notes after the game tree; ``--game`` names the game and never the
format.  The files in ``tests/renju/data/sgf`` are kifu's own, one for each quirk of the real
files (``tests/renju/test_renju_archives_corpus.py`` reads those)."""
from __future__ import annotations

from pathlib import Path

import pytest

from kifu.builtin.renju import GAME, sgf
from kifu.commands.cli import EXIT_OK
from kifu.plugin import driver, jsonform, registry
from kifu.run.load import load, read_file

DATA = Path(__file__).parent / "data" / "sgf"


def loaded(name: str, game: str | None = None, index: int | None = None):
    return load(str(DATA / name), game_name=game, game_index=index)


@pytest.mark.parametrize("name", [
    "gowrite_gm1_repeated_labels.sgf", "zjrenju_gm5_utf8_without_charset.sgf",
    "gb2312_declared_ascii_only.sgf", "two_games_mixed_charsets.sgf",
    "utf8_declared_gb2312_bytes.sgf", "gomoku_quest_trailer.sgf"])
def test_renju_programs_files_are_told_renju(name):
    source = read_file(str(DATA / name))
    assert registry.detect(source.text, source.path) == (GAME, "sgf")


def test_a_gm1_file_naming_no_writer_is_renju_where_it_opens_as_renju(kifu_cli):
    """RenLib's converters write ``GM[1]`` on 15x15 and no ``AP`` (real files judged as Go
    were full of suicides): a game that opens as Renju does, black on the centre and white
    next to it, with nothing only Go has, is Renju's, whatever program it names but a Go
    program; a Go game on 15x15 (komi, other first moves) or a file a Go program wrote stays
    Go's, unless Renju is named."""
    source = read_file(str(DATA / "gm1_without_writer_opening_as_renju.sgf"))
    assert registry.detect(source.text, source.path) == (GAME, "sgf")
    record = loaded("gm1_without_writer_opening_as_renju.sgf").record
    assert [str(n.move) for n in record.moves] == ["h8", "i9", "i7", "g9", "j7"]
    go = read_file(str(DATA / "gm1_go_game_on_15x15.sgf"))
    assert registry.detect(go.text, go.path)[0].name == "freego"
    assert registry.detect(go.text, go.path, "renju") == (GAME, "sgf")
    named = source.text.replace("GM[1]", "GM[1]AP[CGoban:3]")
    assert registry.detect(named, source.path)[0].name == "freego"
    engine = source.text.replace("GM[1]", "GM[1]AP[Rapfi:2024]")
    assert registry.detect(engine, source.path) == (GAME, "sgf")
    unknown = source.text.replace("GM[1]", "GM[1]AP[MyBoard:1.0]")
    assert registry.detect(unknown, source.path) == (GAME, "sgf")
    square = source.text.replace("SZ[15]", "SZ[15:15]")  # FF[4]'s width:height
    assert registry.detect(square, source.path) == (GAME, "sgf")
    komi = source.text.replace("GM[1]", "GM[1]KM[6.5]")
    assert registry.detect(komi, source.path)[0].name == "freego"


def test_game_names_the_game_not_the_format(kifu_cli):
    text = (DATA / "gm1_go_game_on_15x15.sgf").read_text(encoding="utf-8")
    result = kifu_cli("show", "--game", "renju", "-", input=text)
    assert "moves played  4" in result.stdout
    kifu_cli("validate", "--game", "renju", "-", input=text, exit_code=EXIT_OK)


def test_labels_and_repeated_lb_become_labels_of_the_position():
    record = loaded("gowrite_gm1_repeated_labels.sgf").record
    assert record.moves[0].properties == {"Label-i8": "直", "Label-i9": "斜"}
    assert record.moves[1].properties == {"Label-i6": "甲"}
    assert record.moves[1].variations[0][0].properties == {"Label-j6": "乙"}
    assert record.headers == {"Game": "renju", "Name": " ", "Black": " ", "White": " "}


def test_a_label_of_the_empty_board_is_the_record_s():
    record = loaded("utf8_declared_gb2312_bytes.sgf").record
    assert record.headers["Label-h8"] == "天元"
    assert record.moves[0].properties == {"Label-i9": "斜"}  # GB2312, though valid UTF-8 too
    assert record.moves[1].properties == {"Label-g6": "名"}


def test_a_mislabelled_charset_is_read_by_the_evidence_and_said():
    found = loaded("utf8_declared_gb2312_bytes.sgf").findings
    assert any(f.rule == "encoding-guessed" and "GB18030" in f.message for f in found)
    two = loaded("two_games_mixed_charsets.sgf", index=2)
    assert two.record.header("Place") == "浙江"
    assert any(f.rule == "charset" for f in two.findings)


def test_several_games_and_their_variations():
    first = loaded("two_games_mixed_charsets.sgf").record
    assert [str(n.move) for n in first.moves] == ["h8", "i9", "i7", "g9", "j7", "g8", "j9"]
    assert [str(n.move) for n in first.moves[4].variations[0]] == ["g6", "h10"]
    assert [str(n.move) for n in first.moves[6].variations[0]] == ["k5"]
    assert loaded("two_games_mixed_charsets.sgf").games == 2


def test_gm5_with_text_in_utf8_and_an_empty_last_node():
    record = loaded("zjrenju_gm5_utf8_without_charset.sgf").record
    assert record.header("Place") == "练习室"
    assert record.header("Date") == "2024年05月01日"
    assert len(record.moves) == 9


def test_notes_after_the_game_tree_are_outside_it():
    done = loaded("gomoku_quest_trailer.sgf")
    assert len(done.record.moves) == 7
    assert done.record.header("Black") == "Player1(1500)"
    assert {f.rule for f in done.findings} <= {"text-outside-game"}


def test_sgf_to_sgf_keeps_every_property(kifu_cli):
    for name in ("gowrite_gm1_repeated_labels.sgf", "zjrenju_gm5_utf8_without_charset.sgf"):
        out = kifu_cli("convert", DATA / name, "--to", "sgf").stdout
        for prop in ("ST[2]", "FG[259:]", "PM[2]", "LB[ih:直][ig:斜]", "US[", "CP["):
            if prop.split("[")[0] in (DATA / name).read_text(encoding="utf-8"):
                assert prop in out, (name, prop)


def test_properties_go_to_sgf_and_back():
    record = GAME.parse("Game: renju\nLabel-h8: centre\n\n1. h8 2. i9 3. j10")
    record.moves[0].properties.update({"Label-i9": "A", "Title": "D4 road", "Mark": "yes"})
    text = sgf.write(record)
    assert "LB[hh:centre]" in text and "N[D4 road]" in text and "XH[Mark: yes]" in text
    back = sgf.read(text)
    assert back.moves == record.moves and back.headers == record.headers
    assert jsonform.loads(jsonform.dumps(record)) == record


def test_converting_to_native_says_what_it_leaves_out(kifu_cli):
    result = kifu_cli("convert", DATA / "gowrite_gm1_repeated_labels.sgf", "--to", "native")
    assert "no place for the properties of the game and its moves (ST 1, AP 1, FG 1, PM 1, " \
           "Label 4)" in result.stderr


def test_opening_stones_keep_their_order_through_sgf():
    record = GAME.parse("Opening-stones: h8 i9 h10 j8 g7\n\n1. i7 2. j6")
    back = sgf.read(sgf.write(record))
    assert back.setup == record.setup and back.setup.in_order


def test_a_renju_server_s_5a_property_and_b_draw():
    """Renju servers write the offered fifth moves as ``5A[...]``, a name that opens with a
    digit, and a draw as ``RE[B+DRAW]`` (RenLib reads both so).  The ``5A`` was dropped as
    text that is no SGF, with a critical error: it is a property kept as it stands; the draw
    was read as black's win."""
    path = DATA / "server_fifth_moves_5a_and_b_draw.sgf"
    record = loaded(path.name).record
    assert record.properties == {"SGF-5A": "[jg][hf]"}
    assert record.header("Result") == "draw"
    assert driver.check(GAME, record) == ([], 8)
    assert sgf.write(record).count("5A[jg][hf]") == 1
