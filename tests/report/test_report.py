"""Diagnostics as users see them: text with a caret, JSON lines, GitHub annotations, JUnit."""
from __future__ import annotations

import json
import sys
import unicodedata
import xml.etree.ElementTree as ET

from hypothesis import example, given
from hypothesis import strategies as st

from kifu.base.diagnostics import Diagnostic, FileReport
from kifu.base.errors import IllegalMoveError
from kifu.base.record import Span
from kifu.base.unsafe import printable
from kifu.report.formats import GithubFormatter, JsonFormatter, JunitFormatter
from kifu.report.text import Summary, TextFormatter, caret_lines, display_width


def diag(**changes) -> Diagnostic:
    base = dict(path="games/a.renju", severity="error", code="illegal-move",
                message="move 3: h8 is already occupied [rule: occupied]", line=2, column=13,
                end_line=2, end_column=15, move=3, rule="occupied", source_line="1. h8 2. i9 3. h8")
    base.update(changes)
    return Diagnostic(**base)


def test_text_format_is_path_line_col_code_message_with_caret():
    lines = TextFormatter().diagnostic(diag())
    assert lines == [
        "games/a.renju:2:13: error[illegal-move]: move 3: h8 is already occupied [rule: occupied]",
        "    2 | 1. h8 2. i9 3. h8",
        "      |             ^^",
    ]


def test_caret_sits_under_full_width_characters():
    line = "1. h8 {黒の好手} 2. h8"
    column = line.index("2. h8") + 4  # 1-based column of "h8"
    source, caret = caret_lines(line, 7, column, column + 2)
    assert source == "    7 | " + line
    # The caret starts after the display width of everything before "h8" (CJK counts twice).
    assert caret == "      | " + " " * (len(line[: column - 1]) + 4) + "^^"
    assert display_width(line[: column - 1]) == len(line[: column - 1]) + 4


def test_control_characters_never_reach_the_terminal():
    assert printable("a\x1b[31mred\x07") == "a\\x1b[31mred\\x07"
    assert printable("tab\there") == "tab here"


def test_printable_escapes_exactly_controls_surrogates_private_use_and_bidi_marks():
    """The pattern ``printable`` uses is the Unicode categories Cc, Cs and Co and the bidi
    marks, checked over every code point."""
    bidi = {0x200E, 0x200F, *range(0x202A, 0x202F), *range(0x2066, 0x206A)}
    for code in range(sys.maxunicode + 1):
        char = chr(code)
        unsafe = code in bidi or unicodedata.category(char) in ("Cc", "Cs", "Co")
        assert (printable(char) != char) == unsafe, hex(code)
    assert printable("evil\u202eedoc") == "evil\\u202eedoc"
    lines = TextFormatter().diagnostic(diag(source_line="x\x1b]0;pwned\x07 h8", column=12))
    assert "\x1b" not in "".join(lines) and "\x07" not in "".join(lines)


def test_error_from_a_kifu_error_keeps_everything():
    error = IllegalMoveError("h8 is already occupied", span=Span(2, 13, 2, 15), move_number=3,
                             rule="occupied", variation=(4, 1))
    d = Diagnostic.from_error(error, "a.renju", "first\n1. h8 2. i9 3. h8\n")
    assert (d.line, d.column, d.move, d.rule, d.variation) == (2, 13, 3, "occupied", (4, 1))
    assert d.message == "move 3 in variation 4.1: h8 is already occupied [rule: occupied]"
    assert d.source_line == "1. h8 2. i9 3. h8"


def test_json_lines_hold_one_object_per_diagnostic():
    report = FileReport("a.renju", "renju", 3, [diag(), diag(line=5)])
    lines = JsonFormatter().file(report).splitlines()
    objects = [json.loads(line) for line in lines]
    assert [o["line"] for o in objects] == [2, 5]
    assert objects[0]["code"] == "illegal-move" and objects[0]["game"] == "renju"


def test_github_annotations_escape_their_properties():
    report = FileReport("dir/a,b.renju", "renju", 3, [diag(path="dir/a,b.renju",
                                                            message="50% done\nnext")])
    line = GithubFormatter().file(report)
    assert line == ("::error file=dir/a%2Cb.renju,line=2,col=13,endLine=2,endColumn=15,"
                    "title=kifu illegal-move::50%25 done%0Anext")


def test_junit_report_has_a_case_per_file_and_a_failure_per_bad_file():
    formatter = JunitFormatter()
    formatter.file(FileReport("good.renju", "renju", 10, []))
    formatter.file(FileReport("bad.renju", "renju", 3, [diag(path="bad.renju",
                                                              message="bad \x01 byte")]))
    suite = ET.fromstring(formatter.end().split("\n", 1)[1])
    assert suite.get("tests") == "2" and suite.get("failures") == "1"
    cases = suite.findall("testcase")
    assert [c.get("name") for c in cases] == ["good.renju", "bad.renju"]
    assert cases[1].find("failure").get("type") == "illegal-move"
    assert "\\x01" in cases[1].find("failure").get("message")


def test_summary_counts_per_game():
    summary = Summary()
    summary.add(FileReport("a", "renju", 10, []))
    summary.add(FileReport("b", "renju", 4, [diag()]))
    summary.add(FileReport("c", None, 0, [diag(code="io")]))
    table = summary.table()
    assert "renju" in table and "(unknown)" in table and "total" in table
    assert summary.total.files == 3 and summary.total.legal == 1 and summary.total.moves == 14


def test_junit_escapes_every_attribute_so_that_odd_file_names_stay_well_formed():
    formatter = JunitFormatter()
    name = "games/\x01odd\x1b[31m\udcff\ufffe name.renju"
    formatter.file(FileReport(name, "renju", 3, [diag(path=name, code="illegal\x02",
                                                      message="bad \x0b")]))
    formatter.file(FileReport("warned\x7f.renju", "ren\x00ju", 3,
                              [diag(path="warned.renju", severity="warning")]))
    suite = ET.fromstring(formatter.end().split("\n", 1)[1].encode("utf-8"))
    cases = suite.findall("testcase")
    assert cases[0].get("name") == "games/\\x01odd\\x1b[31m\\udcff\\ufffe name.renju"
    assert cases[0].find("failure").get("type") == "illegal\\x02"
    assert cases[1].get("classname") == "ren\\x00ju"


def test_junit_keeps_bidi_controls_carriage_returns_and_tabs_as_character_references():
    """They are legal XML, so they once reached the terminal as they were (a raw carriage
    return in a file name also reads back as a line end)."""
    formatter = JunitFormatter()
    name = "cr\rover\ttab\u202eujner.txt\x85.renju"
    formatter.file(FileReport(name, "renju", 3, [diag(path=name)]))
    text = formatter.end()
    assert not [c for c in text if c not in "\n" and (ord(c) < 32 or 0x7f <= ord(c) <= 0x9f
                                                      or c == "\u202e")]
    assert "&#xd;" in text and "&#x202e;" in text
    assert ET.fromstring(text.split("\n", 1)[1].encode()).find("testcase").get("name") == name


def test_github_annotations_show_control_characters_as_escapes():
    report = FileReport("a\x1b.renju", "renju", 3, [diag(path="a\x1b.renju",
                                                         message="x\x1b[2Jy\u202e")])
    line = GithubFormatter().file(report)
    assert "\x1b" not in line and "\u202e" not in line
    assert line.startswith("::error file=a\\x1b.renju,") and line.endswith("x\\x1b[2Jy\\u202e")


def test_json_lines_keep_text_but_escape_what_could_steer_a_terminal():
    report = FileReport("b\udcff.renju", "renju", 3, [diag(path="b\udcff.renju",
                                                          message="Players: \x1b]0;x\x07\u202e")])
    line = JsonFormatter().file(report)
    assert line.isprintable() and json.loads(line)["message"] == "Players: \x1b]0;x\x07\u202e"
    assert json.loads(line)["path"] == "b\udcff.renju"


# -- the summary's table, laid out without tabulate (against tabulate itself) -----------------

#: Game names as kifu's summaries show them: a game's name, ``total`` or ``(unknown)`` (a name
#: that reads as a number would be a number to tabulate).
_NAMES = st.text(alphabet=st.characters(codec="utf-8", categories=["L"]), min_size=1,
                 max_size=12).filter(lambda name: name.lower() not in ("nan", "inf", "infinity")
                                     ) | st.sampled_from(["total", "(unknown)", "free-go"])


@given(st.lists(st.text(alphabet="abcdefgh", min_size=1, max_size=9), min_size=2, max_size=7,
                unique=True).flatmap(lambda headers: st.tuples(
                    st.just(headers),
                    st.lists(st.tuples(_NAMES, st.lists(st.integers(0, 10**12),
                                                        min_size=len(headers) - 1,
                                                        max_size=len(headers) - 1)),
                             min_size=1, max_size=5))))
@example((["a", "aa"], [("\u1160", [0])]))  # a zero-width letter (Hangul filler)
def test_simple_table_lays_out_a_summary_as_tabulate_does(case):
    from tabulate import tabulate

    from kifu.base.terminal import simple_table

    headers, raw = case
    rows = [[name, *counts] for name, counts in raw]
    assert simple_table(headers, rows) == tabulate(rows, headers=headers, tablefmt="simple")
