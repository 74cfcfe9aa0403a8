"""One test per defect that issue 17 and the fuzzing found, named after what went wrong.

Each was a traceback, a run-away cost or a record kifu wrote but could not read; each is now a
located ``KifuError`` or works.  (Board files: ``tests/freego/test_freego_board_access.py``;
the round trip of every format: ``test_convert_reads_back.py``.)
"""
from __future__ import annotations

import gc
import importlib
import json
import xml.etree.ElementTree as ET

import pytest

from kifu.base import limits
from kifu.base.diagnostics import QUOTE_WIDTH, Diagnostic
from kifu.base.errors import ConversionError, KifuError, LimitError, NotationError
from kifu.base.record import Node, Record, Span
from kifu.builtin.renju import GAME as RENJU
from kifu.builtin.renju import sgf as renju_sgf
from kifu.builtin.renju.position import Position
from kifu.plugin import RenderOptions, driver, jsonform
from kifu.reading import grammar, movetext
from kifu.report.text import TextFormatter
from kifu.run.load import dump, parse_text
from tests.fuzz import pipeline

ONES = "1" * 5000  # past Python's 4,300-digit limit for converting text to int
RENGOMA = ("Game: rengoma\nStock-black: 1 1 1 2 2 2 3 3 3 4 4 4\n"
           "Stock-red: 1 1 1 2 2 2 3 3 3 4 4 4\n")


def answer(name: str, text: str) -> KifuError | None:
    """The first problem kifu finds in a record (reading it, then replaying it), or None."""
    try:
        game, record = parse_text(text, name)
    except KifuError as error:
        return error
    problems, _ = driver.check(game, record)
    return problems[0] if problems else None


# -- 17.1: numbers of thousands of digits, in every place a notation reads one ---------------

HUGE_NUMBERS = {
    "renju point": ("x.renju", f"1. h8 2. h{ONES}\n", "syntax"),
    "renju move number": ("x.renju", f"{ONES}. h8\n", "limit"),
    "renju move number in a run": ("x.renju", f"1. h8 {ONES}. i9\n", "limit"),
    "renju set-up": ("x.renju", f"Setup-Black: h{ONES}\n\n1. h8\n", "header"),
    "renju offer": ("x.renju", f"1. h8 2. i9 3. j10 4. h9 offer[h{ONES}]\n", "syntax"),
    "free-form go grid size": ("x.freego", f"Board: grid:{ONES}\n\nA1\n", "board"),
    "free-form go hex size": ("x.freego", f"Board: hex:{ONES}\n\nA1\n", "board"),
    "free-form go seat": ("x.freego", f"Board: grid:9\n\nA1@{ONES}\n", "syntax"),
    "free-form go set-up seat": ("x.freego", f"Board: grid:9\nSetup-{ONES}: A1\n\nA2\n",
                                 "header"),
    "free-form go seat to move": ("x.freego", f"Board: grid:9\nTo-Move: {ONES}\n\nA2\n",
                                  "header"),
    "free-form go prisoners": ("x.freego", f"Board: grid:9\nPrisoners: 0, {ONES}\n\nA2\n",
                               "header"),
    "free-form go komi": ("x.freego", f"Board: grid:9\nKomi: {'9' * 400}\n\nA2\n", "header"),
    "free-form go move number": ("x.freego", f"Board: grid:9\n\n{ONES}. A2\n", "limit"),
    "rengoma board": ("x.rengoma", f"{RENGOMA}Board: {ONES}x6\n\n1. A c3\n", "header"),
    "rengoma square": ("x.rengoma", f"{RENGOMA}\n1. A c{ONES}\n", "syntax"),
    "rengoma stated strength": ("x.rengoma", f"{RENGOMA}\n1. A c3={ONES}\n", "syntax"),
    "rengoma stock": ("x.rengoma", f"Game: rengoma\nStock-black: {ONES}\n\n1. A c3\n", "header"),
    "rengoma set-up piece": ("x.rengoma", f"{RENGOMA}Stacks: c3=B{ONES}\nField: B1 R1\n\n"
                             "1. A d4\n", "setup"),
    "rengoma chips": ("x.rengoma", f"{RENGOMA}Stacks: c3=B1\nField: B1 R1\nChips: black "
                      f"{ONES}\n\n1. A d4\n", "setup"),
    "rengi move number": ("x.rengi", f"{ONES}. +3a\n", "limit"),
    "rengi drop cap": ("x.rengi", f"DropCap: {ONES}\n\n+3a\n", "header"),
    "rengi unit": ("x.rengi", f"Unit: {ONES}\n\n+3a\n", "header"),
    "rengi seed": ("x.rengi", f"Seed: {ONES}\n\n+3a\n", "header"),
    "rengi garbage rows": ("x.rengi", f"+3a -12ab {{j:{ONES}r}}\n", "syntax"),
    "gungi hand": ("x.gungi", f"先手の持駒：兵{ONES}\n後手の持駒：なし\n", "syntax"),
}


@pytest.mark.parametrize("case", HUGE_NUMBERS.values(), ids=list(HUGE_NUMBERS))
def test_numbers_of_thousands_of_digits_are_located_errors(case):
    name, text, code = case
    found = answer(name, text)
    assert found is not None and found.code == code, found
    assert found.span is not None
    assert len(found.message) < 400  # the number is quoted shortened, if at all


@pytest.mark.parametrize("text", [
    '{"format": "kifu-record", "version": ' + ONES + ', "game": "renju"}',
    '{"format": "kifu-record", "version": 1, "game": "renju", "moves": [{"move": {"type": '
    '"pass"}, "span": [1e400, 1, 1, 2]}]}',
    '{"format": "kifu-record", "version": 1, "game": "renju", "moves": [{"move": {"type": '
    '"pass"}, "span": [NaN, 1, 1, 2]}]}',
])
def test_the_json_decoder_refuses_numbers_it_cannot_hold(text):
    with pytest.raises(LimitError) as caught:
        jsonform.loads(text)
    assert caught.value.rule == "number-size" and caught.value.span.line == 1


def test_one_shared_reader_takes_only_plain_decimal_digits():
    assert limits.read_int("１２") == 12
    assert [limits.read_int(t) for t in ("²", "٣", "1_000", " 1", "-1", "", ONES)] == [None] * 7


def test_a_long_board_name_is_a_board_error_not_an_os_error(tmp_path):
    record = tmp_path / "x.freego"
    record.write_text("Board: " + "a" * 300 + "\n\nA1\n", encoding="utf-8")
    found = answer(str(record), record.read_text(encoding="utf-8"))
    assert found.code in ("board", "reference")


@pytest.mark.parametrize("text, what", [
    ("1. h8 2. a16\n", "the move a16"), ("1. h8 2. z3\n", "the move z3"),
    ("Setup-Black: a16\n\n1. h8\n", "set-up stone a16"),
    ("1. h8 2. i9 3. j10 4. h9 offer[a16 b2]\n", "the offered point a16"),
])
def test_renju_sgf_refuses_an_off_board_point_naming_the_move(text, what):
    game, record = parse_text(text, "x.renju")
    with pytest.raises(ConversionError) as caught:
        dump(game, record, "sgf")
    assert caught.value.message.startswith(what) and caught.value.span is not None


def test_renju_sgf_offer_event_with_a_word_is_a_notation_error():
    with pytest.raises(KifuError) as caught:
        renju_sgf.read("(;GM[4];B[hh];W[ii];B[jj];W[hi];KE[offer g8 wins.])")
    assert "'wins.' is not a point" in caught.value.message


def test_renju_sgf_move_and_event_in_one_node_is_refused_not_dropped():
    with pytest.raises(KifuError, match="both a move and an opening event"):
        renju_sgf.read("(;GM[4];B[hh]KE[swap])")


def _json_move(game: str, move: dict) -> str:
    return json.dumps({"format": "kifu-record", "version": 1, "game": game,
                       "moves": [{"move": move}]})


@pytest.mark.parametrize("game, move", [
    ("gungi", {"type": "ply", "side": 0, "piece": "兵", "file": 1, "tier": 1}),  # no rank
    ("gungi", {"type": "ply", "side": 0, "piece": "兵", "file": 1, "rank": 6}),  # no tier
    ("gungi", {"type": "ply", "side": 0, "piece": "兵", "file": 10, "rank": 6, "tier": 1}),
    ("gungi", {"type": "ply", "side": 0, "piece": "兵", "file": True, "rank": 6, "tier": 1}),
    ("gungi", {"type": "placement", "side": 0, "piece": "兵", "file": 1, "rank": 7, "tier": 0}),
    ("gungi", {"type": "ply", "side": 0, "piece": "兵", "drop": "yes"}),
    ("renju", {"type": "offer", "points": []}),
    ("renju", {"type": "place", "point": "h" + ONES}),
    ("rengi", {"type": "place", "columns": [1, 2], "colours": ["ab", "a"]}),
    ("rengi", {"type": "single", "column": 3, "drop": {"rows": None, "columns": []}}),
    ("rengoma", {"type": "turn", "actions": [{"action": "A", "square": "c3",
                                              "strength": True}]}),
    ("freego", {"type": "place", "cell": '"t":'}),
    ("freego", {"type": "place", "cell": "A1", "seat": True}),
])
def test_json_moves_are_checked_as_strictly_as_written_ones(game, move):
    """A Gungi ply without ``rank`` went through to an AssertionError in the referee."""
    with pytest.raises(KifuError) as caught:
        jsonform.loads(_json_move(game, move))
    assert caught.value.code == "syntax"


def test_gungi_same_square_ply_without_a_piece_is_a_notation_error():
    found = answer("x.gungi", "「開戦」\n▲1―6―1―兵、▽同\n")
    assert found.code == "syntax" and "names its piece" in found.message


# -- 17.3: variations nested deeply ------------------------------------------------------------

NESTED = {
    "renju": ("x.renju", "1. h8 2. i9 ", "(2. j9 "),
    "freego": ("x.freego", "Board: grid:9\n\nE5 D4 ", "(C3 "),
    "rengoma": ("x.rengoma", RENGOMA + "\n1. A c3 2. A d4 ", "(2. A e5 "),
    "rengi": ("x.rengi", "+3a -3a ", "(-4a "),
    "gungi": ("x.gungi", "▲1―6―1―兵、▽9―4―1―兵 ", "(▽9―4―1―兵 "),
}


@pytest.mark.parametrize("case", NESTED.values(), ids=list(NESTED))
def test_variations_nested_deeply_are_read_and_go_through_everything(case):
    """Issue 26: the old limit of 100 (``nesting-depth``) refused real analysis files; any
    nesting the moves allow is read, and nothing recurses on it (Python's own limit is 1,000)."""
    name, head, opening = case
    depth = 3_000
    game, record = parse_text(head + opening * depth + ")" * depth + "\n", name)
    driver.check(game, record)
    pipeline.round_trips(game, record)
    assert Record.copy(record) == record
    assert repr(record).count("Node(") == depth + 2


def test_json_variations_nested_deeply_are_read():
    depth = 5_000  # written by hand: json.dumps recurses as deep as the nesting
    node = ('{"move": {"type": "pass"}, "variations": [[' * depth + '{"move": {"type": "pass"}}'
            + "]]}" * depth)
    record = jsonform.loads('{"format": "kifu-record", "version": 1, "game": "renju", '
                            f'"moves": [{node}]}}')
    assert sum(1 for _ in record.walk()) == depth + 1
    assert jsonform.loads(jsonform.dumps(record)) == record
    with pytest.raises(NotationError, match="not a valid kifu JSON record"):  # brackets alone
        jsonform.loads('{"format": "kifu-record", "version": 1, "game": "renju", "moves": '
                       + "[" * 100_000 + "]" * 100_000 + "}")


def test_a_record_built_deeply_is_written_as_json_without_recursion():
    record = RENJU.parse("1. h8\n")
    node = record.moves[0]
    for _ in range(5_000):
        inner = Node(node.move)
        node.variations.append([inner])
        node = inner
    assert jsonform.loads(jsonform.dumps(record)) == record
    assert jsonform.to_json(record)["moves"][0]["variations"][0][0]["move"] == {
        "type": "place", "point": "h8"}


# -- 17.4: memory and time --------------------------------------------------------------------

def test_a_parser_reads_at_most_max_tokens(monkeypatch):
    monkeypatch.setattr(grammar, "MAX_TOKENS", 1000)
    found = answer("x.renju", "1. h8 " + "{a} " * 1000 + "\n")
    assert isinstance(found, LimitError) and found.rule == "token-limit"
    assert found.span.column == len("1. h8 ") + 998 * 4 + 1  # the token past the limit


def test_a_record_holds_at_most_max_moves(monkeypatch):
    monkeypatch.setattr(movetext, "MAX_MOVES", 100)
    found = answer("x.rengi", "+3a " + "-P " * 200 + "\n")
    assert isinstance(found, LimitError) and found.rule == "move-limit"


def test_replaying_every_line_keeps_one_position_per_open_variation():
    """A variation at every move once kept a copy of the position for each of them until the
    main line ended: a record of a thousand such moves held a thousand positions."""
    moves = " ".join(f"{p} (pass)" for p in ["h8", "i9", "g7", "j10", "f6", "k11"])
    record = RENJU.parse(moves + "\n")
    most = 0
    for _ in driver.replay_tree(RENJU, record):
        gc.collect()
        most = max(most, sum(isinstance(o, Position) for o in gc.get_objects()))
    assert most <= 3  # the main line's position, the one before a move, a variation's


def test_an_illegal_line_keeps_no_position_alive():
    """An illegal move's error once kept the frames it was raised through, and with them the
    position of its line: a Rengi record of a hundred thousand illegal variations held as many
    fields until it was reported (1.2 GB for a megabyte)."""
    from kifu.builtin.rengi import GAME as RENGI
    from kifu.builtin.rengi.position import Position as RengiPosition

    record = RENGI.parse("+3a -3a" + " (-4a)" * 50 + "\n")
    problems, _ = driver.check(RENGI, record)
    gc.collect()
    assert len(problems) == 51 and all(p.rule == "first-move" for p in problems)
    assert all(p.__traceback__ is None and p.__context__ is None for p in problems)
    assert sum(isinstance(o, RengiPosition) for o in gc.get_objects()) == 0


def test_a_record_reports_at_most_max_problems_and_counts_the_rest(monkeypatch, kifu_cli,
                                                                     tmp_path):
    monkeypatch.setattr(limits, "MAX_PROBLEMS", 10)
    path = tmp_path / "v.renju"
    path.write_text("1. h8 2. h8" + " (h8)" * 25 + "\n", encoding="utf-8")
    result = kifu_cli("validate", "-q", path, exit_code=1)
    shown = [line for line in result.output.splitlines() if "error[" in line]
    assert len(shown) == 11
    assert shown[-1].endswith("error[limit]: 16 more problems from here on (16 errors, 0 "
                              "warnings) are not shown: kifu reports at most 10 a record "
                              "[rule: problem-limit]")
    assert f"{path}:1:{len('1. h8 2. h8') + 9 * 5 + 3}:" in shown[-1]  # the first not shown


def test_convert_never_writes_what_kifu_could_not_read_back(monkeypatch):
    """JSON takes some thirty times the bytes of SGF a move: a 1 MB SGF game once became a
    24 MB JSON record that kifu refused to read (and writing it indented cost 600 MB)."""
    load = importlib.import_module("kifu.run.load")  # the package's ``load`` is a function

    game, record = parse_text("(;GM[1]SZ[19]" + ";B[aa];W[bb]" * 200 + ")\n", "x.sgf")
    written = dump(game, record, "json")
    assert parse_text(written, "x.json")[1] == record
    assert written.count("\n") == 7 + 400 + 1  # a field a line, a move a line
    monkeypatch.setattr(load, "MAX_BYTES", len(written.encode()) - 1)
    with pytest.raises(ConversionError, match="kifu could not read it back"):
        dump(game, record, "json")


def test_missing_passes_in_sgf_are_listed_twenty_times_then_counted():
    """A line of 100,000 white moves once gave 100,000 warnings (and inserted each implied pass
    into the line, in quadratic time)."""
    load = importlib.import_module("kifu.run.load")

    text = "(;GM[1]SZ[9];B[aa]" + ";W[bb]" * 50 + ")\n"
    game, record = parse_text(text, "x.sgf")
    parsed = load.parse_all_as(game, "sgf", text, "x.sgf")[0]
    loaded = [f for f in parsed.findings if f.rule == "turn-order"]
    assert len(loaded) == 21 and loaded[-1].message == "29 more findings like this one are not listed"
    assert "counted below" in loaded[19].message
    assert [type(n.move).__name__ for n in record.moves[:4]] == ["Place", "Place", "Pass", "Place"]


NOT_CHARSETS = ["idna", "punycode", "unicode_escape", "raw_unicode_escape", "undefined"]


@pytest.mark.parametrize("codec", NOT_CHARSETS)
def test_a_codec_that_is_no_charset_is_a_usage_error(codec, kifu_cli, tmp_path):
    """``undefined`` and ``idna`` raise a UnicodeError that is no decoding error at a byte;
    ``--encoding`` named them into an internal error."""
    path = tmp_path / "x.renju"
    path.write_text("1. h8\n", encoding="utf-8")
    result = kifu_cli("validate", "--encoding", codec, path, exit_code=2)
    assert "is not a text encoding" in result.stderr


@pytest.mark.parametrize("codec", NOT_CHARSETS)
def test_an_sgf_charset_that_is_no_charset_is_decided_from_the_text(codec, kifu_cli,
                                                                     tmp_path):
    """The same codecs named by an SGF file's ``CA[]`` (found by the CLI checks of issue 17)."""
    path = tmp_path / "x.sgf"
    path.write_bytes(b"(;GM[1]CA[" + codec.encode() + b"]SZ[9];B[aa]C[\xe9\\x])")
    result = kifu_cli("validate", "-f", "json", path)
    found = json.loads(result.stdout.splitlines()[0])
    assert found["rule"] == "charset" and "names no charset kifu knows" in found["message"]


def test_json_of_a_record_escapes_what_could_steer_a_terminal_and_reads_back():
    game, record = parse_text("Game: renju\nBlack: \x1b]0;x\x07\u202eevil\x85\n\n1. h8\n",
                              "x.renju")
    written = dump(game, record, "json")
    assert not [c for c in written if c != "\n" and (ord(c) < 32 or 0x7f <= ord(c) <= 0x9f
                                                     or c == "\u202e")]
    assert parse_text(written, "x.json")[1] == record


def test_a_missing_path_with_terminal_escapes_is_named_escaped(kifu_cli, tmp_path):
    result = kifu_cli("validate", str(tmp_path / "no\x1b]0;x\x07.renju"), exit_code=2)
    assert "\x1b" not in result.stderr and "no\\x1b]0;x\\x07.renju" in result.stderr


@pytest.mark.parametrize("text, name", [
    ("+3a -3a" + " (-4a)" * 30 + "\n", "x.rengi"),
    ("Black: \x1b]0;x\x07\n\n1. h8 2. i9 (2. j9 3. k9 (3. l9)) 3. h9 {\u202e}\n", "x.renju"),
    ("1. h8 2. h8\n", "x.renju"),
])
def test_the_replay_written_a_line_at_a_time_is_the_replay_document(text, name):
    """``show --format json --variations`` once built the whole document and indented it in
    one go: 4 GB for a megabyte of Rengi variations.  It is now written a piece at a time; it
    must say exactly what the document says."""
    from kifu.run.replayjson import replay_json, replay_text

    game, record = parse_text(text, name)
    replay = replay_text(game, record, variations=True)
    written = "".join(replay)
    document = replay_json(game, record, variations=True)
    assert json.loads(written) == json.loads(json.dumps(document))
    assert replay.failed == (document["error"] is not None
                             or any(line["error"] for line in document["lines"]))
    assert "\x1b" not in written and "\u202e" not in written


def test_a_diagnostic_quotes_a_window_of_a_long_line():
    text = "x" * 5_000_000 + " BAD " + "y" * 10
    error = KifuError("bad", span=Span(1, 5_000_002, 1, 5_000_005))
    diagnostic = Diagnostic.from_error(error, "f", text)
    assert len(diagnostic.source_line) == QUOTE_WIDTH
    quoted, caret = TextFormatter(color=False).diagnostic(diagnostic)[1:]
    assert caret.index("^") - caret.index("|") == quoted.index("BAD") - quoted.index("|")


def test_an_offer_names_at_most_the_boards_points():
    found = answer("x.renju", "1. h8 2. i9 3. j10 4. h9 offer[" + "a1 " * 300 + "]\n")
    assert found.code == "syntax" and "at most" in found.message


def test_a_set_up_names_at_most_the_boards_points():
    found = answer("x.renju", "Setup-Black: " + "a1 " * 700 + "\n\n1. h8\n")
    assert found.code == "header" and "more stones than the largest board" in found.message


# -- 17.9 and the fuzzing: what kifu writes, it reads ------------------------------------------

def test_a_header_name_no_notation_can_read_is_not_written():
    record = renju_sgf.read("(;GM[4]XH[So\U0001f600urce: kifu examples];B[hh])")
    with pytest.raises(ConversionError, match="cannot be written"):
        RENJU.write(record)


def test_one_header_twice_in_other_cases_is_not_written():
    record = renju_sgf.read("(;GM[4]PB[Ana]XH[black: Ben];B[hh])")
    assert set(record.headers) >= {"Black", "black"}
    with pytest.raises(ConversionError, match="given twice"):
        RENJU.write(record)


def test_a_header_value_with_a_vertical_tab_reads_back_as_written():
    game, record = parse_text("Game: rengi\nEvent: a\x0bb\n\n+3a\n", "x.rengi")
    assert game.parse(game.write(record)).headers["Event"] == "a\x0bb"


def test_an_empty_json_variation_is_refused_as_in_the_notation():
    text = json.dumps({"format": "kifu-record", "version": 1, "game": "renju",
                       "moves": [{"move": {"type": "pass"}, "variations": [[]]}]})
    with pytest.raises(KifuError, match="an empty variation"):
        jsonform.loads(text)


def test_an_empty_json_set_up_is_no_set_up_as_in_the_notation():
    text = json.dumps({"format": "kifu-record", "version": 1, "game": "freego",
                       "headers": [["Board", "grid:9"]], "setup": {}, "moves": []})
    record = jsonform.loads(text)
    assert record.setup is None
    again = parse_text(dump(*parse_text(text, "x.json"), "native"), "x.freego")[1]
    assert again.headers.pop("Game") == "freego"  # the text kifu writes names its game
    assert again == record


def test_record_copy_needs_no_recursion():
    record = RENJU.parse("1. h8\n")
    node = record.moves[0]
    for _ in range(5000):
        inner = Node(node.move, ["c"])
        node.variations.append([inner])
        node = inner
    copied = record.copy()
    copied.moves[0].variations[0][0].comments.append("only in the copy")
    assert record.moves[0].variations[0][0].comments == ["c"]


def test_converting_a_record_whose_board_name_no_file_can_have_is_no_internal_error(
        tmp_path, kifu_cli):
    record = tmp_path / "x.freego"
    record.write_text("Board: " + "b" * 300 + "\n\nA1\n", encoding="utf-8")
    kifu_cli("convert", record, "-o", tmp_path / "out" / "y.freego")
    assert (tmp_path / "out" / "y.freego").read_text(encoding="utf-8").startswith(
        "Game: freego\nBoard: bbb")


def test_svg_of_a_record_full_of_markup_stays_inert():
    game, record = parse_text('Game: freego\nBoard: grid:5\nPlayers: <script>x</script>, '
                              '"&<\n\nA1 {<svg onload=alert(1)>}\n', "x.freego")
    position = list(driver.replay(game, record))[-1].position
    root = ET.fromstring(game.render_svg(position, RenderOptions(), record))
    pipeline.check_svg(ET.tostring(root, encoding="unicode"))


def test_a_chip_count_json_cannot_hold_is_refused_by_the_notation_too():
    # The fuzzer's "Chips: black 1, red 8": read from the notation, refused from the JSON that
    # convert wrote of it; both readers now refuse it, located on the header.
    study = RENGOMA + "Stacks: a1=B2\nField: -\nChips: black 1, red 8\nTo-move: black\n\n"
    problem = answer("study.rengoma", study)
    assert problem is not None and problem.code == "setup"
    assert "a side holds 0, 1 or 2 chips" in problem.message
    assert problem.span is not None and problem.span.line == 6
    pipeline.exercise("study.rengoma", study.encode())


def test_renju_sgf_with_more_set_up_stones_than_points_reads_as_the_notation_does():
    # The fuzzer repeated "AW[...]" in one root; merged, it set up more stones than the board
    # has points, which the notation kifu wrote of it then refused.  Every reading now stops
    # at the largest board's points, and the referee names the first point given twice.
    text = "(;GM[4]SZ[15]AB[hh]" + "AW[di][ig][gg][jh][ff]" * 50 + ")"
    problem = answer("problem.sgf", text)
    assert problem is not None and problem.rule == "occupied"
    assert "d7 is given a stone twice" in problem.message  # SGF di
    pipeline.exercise("problem.sgf", text.encode())
    too_many = "(;GM[4]SZ[15]AB[hh]" + "AW[di][ig][gg][jh][ff]" * 140 + ")"
    assert "AW: more stones than the largest board" in answer("problem.sgf", too_many).message


def test_a_json_set_up_repeating_a_point_past_the_boards_points_reads_as_its_notation_does():
    # The fuzzer's JSON set-up named d7 hundreds of times on a 15x15 board: JSON read it, the
    # notation kifu wrote of it refused it.  Both now read it and the referee names d7.
    data = {"format": "kifu-record", "version": 1, "game": "renju",
            "headers": [["Game", "renju"]], "moves": [],
            "setup": {"black": ["h8"], "white": ["d7"] * 300, "to_move": "black"}}
    content = json.dumps(data).encode()
    problem = answer("problem.json", content.decode())
    assert problem is not None and problem.rule == "occupied" and "d7" in problem.message
    pipeline.exercise("problem.json", content)
    data["setup"]["white"] = ["d7"] * 700  # type: ignore[index]
    assert "more stones than the largest board" in answer("problem.json", json.dumps(data)).message


@pytest.mark.parametrize("name, text", [
    ("x.sgf", "(;GM[1]SZ[9]XH[Players: a\nb, c]XH[Note: two\nlines];B[aa])"),
    ("x.sgf", "(;GM[4]SZ[15]XH[Note: two\nlines];B[hh])"),
])
def test_an_sgf_extra_header_with_line_breaks_is_read_as_one_line(name, text):
    # The fuzzer broke a line inside XH[Players: ...]: read as a header holding a line break,
    # which the JSON kifu wrote of it then refused (a header is one line in every notation).
    game, record = parse_text(text, name)
    assert all("\n" not in value for value in record.headers.values())
    assert jsonform.loads(dump(game, record, "json")) == record
    pipeline.exercise(name, text.encode())


def test_deep_json_reads_the_same_from_any_depth_of_calls():
    """JSON nested near Python's recursion limit was a record read from a worker thread (few
    frames below) and a nesting error from the main one (found by fuzzing with threads): the
    decoder runs on a stack of its own, so the answer does not depend on the caller."""
    from kifu.reading.jsonvalues import decode

    text = '{"a": ' + "[" * 960 + "]" * 960 + "}"

    def answer() -> str:
        try:
            decode(text)
        except KifuError as error:
            return error.describe()
        return "read"

    def deep(levels: int) -> str:
        return answer() if levels == 0 else deep(levels - 1)

    assert answer() == deep(400)


# -- a 20-minute hunt after the nesting limit went (2026-11-27) -------------------------------

@pytest.mark.parametrize("game, move", [
    ("freego", {"type": None}),
    ("rengi", {"type": "pair", "colours": None}),
])
def test_a_moves_json_nested_thousands_deep_is_refused_not_quoted(game, move):
    # The JSON reader now takes any depth (variations may nest so); a move's value nested
    # thousands deep reached the games, whose messages quote it: RecursionError.
    deep = "[" * 5000 + '"x"' + "]" * 5000  # past json.dumps's own depth: written by hand
    move["type" if game == "freego" else "colours"] = "DEEP" if game == "freego" else ["DEEP", "b"]
    data = {"format": "kifu-record", "version": 1, "game": game, "headers": [["Game", game]],
            "moves": [{"move": move, "variations": []}]}
    text = json.dumps(data).replace('"DEEP"', deep)
    found = answer("deep.json", text)
    assert found is not None and "nests more than 16 levels deep" in found.message
    pipeline.exercise("deep.json", text.encode())


def test_a_header_name_nested_deep_is_refused_not_quoted():
    deep = "[" * 5000 + '"Event"' + "]" * 5000
    text = json.dumps({"format": "kifu-record", "version": 1, "game": "renju",
                       "headers": [["DEEP", "x"]], "moves": []}).replace('"DEEP"', deep)
    found = answer("deep.json", text)
    assert found is not None and found.code == "syntax" and "expected a string" in found.message


def test_renju_sgf_kifus_xh_with_line_breaks_in_its_name_is_one_line():
    # XH[...] whose name (before the colon) runs over lines became a header name with a line
    # break, which JSON then refused: a header is one line, its line ends blanks.
    text = "(;GM[4]SZ[15]XH[Opening\nnotes: sure\nthing]PL[B];B[hh])"
    record = renju_sgf.read(text)
    assert record.headers["Opening notes"] == "sure thing"
    pipeline.exercise("xh.sgf", text.encode())


def test_a_renlib_root_with_a_sibling_is_a_located_error():
    # The root node's SIBLING flag ended the tree it opens: IndexError.
    from kifu.builtin.renju.archives import renlib
    data = b"\xffRenLib\xff\x03\x00" + b"\xff" * 10 + bytes([0x00, 0x80])  # SIBLING
    with pytest.raises(KifuError, match="a library has one root"):
        renlib.read(data.decode("latin-1"), "sibling.lib")
