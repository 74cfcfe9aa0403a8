"""Renju's notation read by hand (``notation/scanner.py``) gives the record its grammar gives.

The grammar (``notation/reader.py``) is the reference.  The scanner reads the common record
without Lark, and gives up on anything else, which the grammar then reads: so for any text,
the notation's ``parse`` gives the grammar's record (headers, comments, moves, variations,
set-up, every span) or the grammar's error (its kind, message, place and rule).  Held here on
the examples, on records written here for each shape the scanner reads and each it gives up
on, on generated records and mutations of them (hypothesis), on the fuzz harness's inputs, and
on every real Renju record of ``$KIFU_CORPUS/renju`` written in the notation.
"""
from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from kifu.base.errors import KifuError
from kifu.base.record import NODE, Record, in_writing_order
from kifu.builtin.renju import GAME, notation, setup
from kifu.builtin.renju.notation import reader, scanner
from kifu.reading import grammar
from kifu.run.load import parse_all, read_file
from tests import realfiles
from tests.fuzz import corpus

ROOT = Path(__file__).resolve().parents[2]
TEXTS = sorted([*ROOT.glob("examples/**/*.renju"), *ROOT.glob("docs/records/**/*.renju")])


def spans(record: Record) -> list[object]:
    """Every span a record keeps: its headers', then its nodes' in writing order."""
    found: list[object] = sorted(record.header_spans.items())
    found.extend(node.span for kind, node, *_ in in_writing_order(record.moves) if kind == NODE)
    return found


def answer(read, text: str) -> tuple[object, ...]:
    """What reading ``text`` gives: the record and all it keeps, or the error and all it says."""
    try:
        record = read(text, "x.renju")
    except KifuError as error:
        return ("error", type(error), error.message, error.span, error.rule, error.severity)
    return ("record", record, record.source, spans(record), record.setup)


def by_grammar(text: str, source: str = "<string>") -> Record:
    """The notation's record as the grammar alone reads it."""
    record = reader.read(text, source)
    setup.extract(record)
    return record


def assert_read_alike(text: str) -> bool:
    """The notation reads ``text`` as its grammar does; whether the scanner read it."""
    assert answer(notation.parse, text) == answer(by_grammar, text), text
    by_hand = scanner.read(text, "x.renju")
    if by_hand is not None:  # the scanner reads only what the grammar reads, to the same record
        assert answer(lambda text, source: by_hand, text) == answer(reader.read, text), text
    return by_hand is not None


# -- the scanner's terminals are the grammar's ----------------------------------------------

def _lexer_states() -> dict[int, list[tuple[str, str]]]:
    lexer = grammar.load("renju", positions=False).parser.lexer.lexer
    return {state: [(str(t.name), t.pattern.to_regexp()) for t in each.terminals]
            for state, each in lexer.lexers.items()}


def test_the_scanner_tries_the_grammar_s_terminals_in_the_grammar_s_order():
    states = list(_lexer_states().values())
    inside = list(scanner.TERMINALS)  # inside a variation
    top = [terminal for terminal in inside if terminal[0] != "VCLOSE"]  # where nothing closes
    between_items = [state for state in states if state[0][0] == "MOVE_RUN"]
    assert inside in between_items and top in between_items
    assert all(state in (inside, top) for state in between_items)
    after_key = [("HEADER_VALUE", "[^ \t\n][^\n]*"), ("BLANK", scanner.TERMINALS[8][1]),
                 ("_NL", "\n")]
    assert after_key in states  # after a header's key: what _header reads


# -- records written here -------------------------------------------------------------------

#: Every shape the scanner reads, as the notation's page and real files write them.
READ_BY_HAND = [
    "", "\n\n", "Game: renju\n", "Game: renju", "h8", "Game: renju\n\nh8 i9 j10\n",
    "Game: renju\nBlack: Ana Lee  \nWhite :\tBen\nResult:\n\n1. h8 2. i9\n",
    "Black:\u3000Ana\nWhite: \u3000Ben\n\nh8\n",  # a value may begin with U+3000
    "1. h8 2. i9 3. j10 {a comment}\n4. g9 (4. i7 5. j8) 5. j9 pass\n",
    "1.h8 i9 3.j10, g9\n", "H8, I9,\nJ10\tG9", "h8i9j10", "h8\u3000i9\u3000\u3000j10\n",
    "; before play\nh8 {centre} i9 ; white answers\nj10",
    "{a comment\nover\nthree lines} h8 {and\none} i9\n",
    "1. h8 2. i9 (2. i7 3. j6 (3. g9)) 3. j10", "h8 i9 i8 swap j10 g8 pass PASS Pass\n",
    "1... h8 2.. i9 03. j10\n", "h8 (i9 {first}) (j10) i9\n", "h8 i9 ({opens} i7) j10\n",
    "h8 i9 ({opens} i7 j8 k9) j10\n", "1. h8 2. i9\n3. j10 4. k11 ; end\n5. l12 6. m13\n",
    "Setup-Black: h8 i9\nSetup-White: j10\nTo-Move: white\n\ng7\n",
    "a1 o15 p16 z99 A26\n",  # points off the board read; the referee refuses them
    "h8: x\npass : y\n",  # headers, however like a move their names look
    "Game: renju\n\n" + " ".join(["h8"] * 450) + "\n",  # longer than one run of moves
]
#: Shapes the scanner leaves to the grammar, legal and not.
LEFT_TO_THE_GRAMMAR = [
    "h8 i9 offer[g8, h6] g8\n", "h8 offer[]\n", "1. h8 3. i9\n", "1. h8 2.\n", "h8 Black: a\n",
    "Black: a\nblack: b\n", "h8 (i9\n", "h8 i9)\n", ")\n", "(h8)\n", "h0\n", "h8\r\ni9\n",
    "\ufeffh8\n", "h8 ?\n", "{never closed\nh8\n", "1. h8 2. h" + "1" * 30 + "\n",
    "9" * 12 + ". h8\n", "Black: a\n\nh8 ((i9)) j10\n", "h1O\n",
]


@pytest.mark.parametrize("text", READ_BY_HAND)
def test_the_scanner_reads_the_common_record_as_the_grammar_does(text):
    assert assert_read_alike(text), f"left to the grammar: {text!r}"


@pytest.mark.parametrize("text", LEFT_TO_THE_GRAMMAR)
def test_the_grammar_reads_what_the_scanner_leaves(text):
    assert not assert_read_alike(text), f"read by hand: {text!r}"


@pytest.mark.parametrize("path", TEXTS, ids=lambda path: path.name)
def test_every_example_reads_alike(path):
    try:
        text = read_file(str(path)).text  # as kifu decodes it (Shift_JIS too)
    except KifuError:  # bytes that are no text (a broken example)
        text = path.read_bytes().decode("utf-8", errors="replace")
    read = assert_read_alike(text)
    assert read or "offer[" in text or "invalid" in path.parts, path


def test_the_scanner_leaves_a_record_past_the_token_limit_to_the_grammar(monkeypatch):
    text = "1. h8 2. i9 {a} {b}\n"  # a run, two comments and a line end: four tokens
    assert scanner.read(text) is not None
    monkeypatch.setattr(scanner, "MAX_TOKENS", 3)
    assert scanner.read(text) is None and notation.parse(text) == reader.read(text)


def test_a_common_record_is_read_without_lark():
    import subprocess
    import sys

    code = ("import sys; from kifu.builtin.renju import notation; "
            "notation.parse('Game: renju\\nResult: black\\n\\n1. h8 2. i9 (2. j10)\\n'); "
            "print(sorted(m for m in sys.modules if m.split('.')[0] == 'lark'))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         check=True).stdout
    assert out.strip() == "[]"


# -- generated records, and mutations of them -----------------------------------------------

_KEYS = st.sampled_from(["Game", "Black", "White", "Result", "Event", "Date", "Rule", "Size",
                         "Opening", "My-Key_2", "black", "h8", "pass", "Setup-Black",
                         "Setup-White", "To-Move"])
_VALUES = st.sampled_from(["renju", "Ana Lee", "black", "white", "15", "h8 i9", "", "  ",
                           "\u3000Ana", "値", "a b  ", "{not a comment}", "( x", "draw", "j10"])
_GAPS = st.sampled_from([" ", " ", " ", "", ", ", ",", "\t", "\u3000", "\n", " \n", "  "])
_WORDS = st.one_of(
    st.builds(lambda column, row: f"{column}{row}", st.sampled_from("abhijoHIpzA"),
              st.sampled_from(["8", "9", "10", "1", "15", "16", "08", "0", "99"])),
    st.sampled_from(["pass", "PASS", "Pass", "swap", "SWAP", "{c}", "{}", "{two\nlines}",
                     "; note\n", "(", ")", "offer[h8 i9]", "passx", "h", "8"]),
)
_ODD = st.sampled_from(list("():;{},.\n\t\u3000\r[]?*-_") + ["\ufeff", "　", "８", "h", "9."])


_POINTS = st.builds(lambda column, row: f"{column}{row}", st.sampled_from("abghijnoABHIO"),
                    st.integers(1, 15))
_COMMENTS = st.sampled_from(["{c}", "{}", "{two\nlines}", "{ 値 }", "; note\n", ";\n"])
_SEPARATORS = st.sampled_from([" ", " ", " ", ", ", ",", "\t", "\u3000", "\n", " \n", "  "])


@st.composite
def common_records(draw) -> str:
    """A record of the common shape, well formed: header lines, comments, numbered or bare
    moves, passes, swaps and variations (which every reader of the notation reads)."""
    keys = draw(st.lists(_KEYS, max_size=4, unique_by=str.casefold))
    lines = [f"{key}{draw(st.sampled_from([':', ': ', ' :', ':  ', ':	']))}{draw(_VALUES)}\n"
             for key in keys]
    if lines and draw(st.booleans()):
        lines.append("\n")
    pieces, number, numbered = [], 0, draw(st.booleans())
    for _ in range(draw(st.integers(0, 30))):
        kind = draw(st.integers(0, 9))
        if kind == 0:
            pieces.append("swap")
        elif kind == 1 and pieces:
            pieces.append(draw(_COMMENTS))
        elif kind == 2 and pieces and not pieces[-1].startswith(("{", ";")):
            pieces.append("(" + " ".join(draw(st.lists(_POINTS, min_size=1, max_size=3))) + ")")
        else:
            number += 1
            move = draw(st.one_of(_POINTS, st.sampled_from(["pass", "PASS"])))
            pieces.append(f"{number}.{draw(st.sampled_from(['', ' ', '..']))}{move}"
                          if numbered else move)
    return "".join(lines) + "".join(piece + draw(_SEPARATORS) for piece in pieces)


@st.composite
def records(draw) -> str:
    """A record of the common shape with anything in it (offers, stray brackets, words that
    are no move), the numbers mostly right."""
    lines = [f"{draw(_KEYS)}{draw(st.sampled_from([':', ': ', ' :', ':  ', ':	']))}"
             f"{draw(_VALUES)}\n" for _ in range(draw(st.integers(0, 4)))]
    if lines and draw(st.booleans()):
        lines.append("\n")
    pieces, number, numbered = [], 0, draw(st.booleans())
    for _ in range(draw(st.integers(0, 30))):
        word = draw(_WORDS)
        if word not in ("(", ")", "swap", "SWAP") and not word.startswith(("{", ";", "off")):
            number += 1
            if numbered and draw(st.integers(0, 9)):
                word = f"{number}.{draw(st.sampled_from(['', ' ', '..', '  ']))}{word}"
        pieces.append(word + draw(_GAPS))
    return "".join(lines) + "".join(pieces)


@st.composite
def mutated(draw) -> str:
    """A generated record with a few characters inserted, deleted or repeated."""
    text = draw(st.one_of(common_records(), records()))
    for _ in range(draw(st.integers(1, 3))):
        at = draw(st.integers(0, len(text)))
        change = draw(st.integers(0, 2))
        if change == 0:
            text = text[:at] + draw(_ODD) + text[at:]
        elif change == 1:
            text = text[:at] + text[at + 1:]
        else:
            text = text[:at] + text[at:at + draw(st.integers(1, 8))] + text[at:]
    return text


@given(common_records())
def test_common_records_are_read_by_hand_as_the_grammar_reads_them(text):
    assert assert_read_alike(text), f"left to the grammar: {text!r}"


@given(records())
def test_generated_records_read_alike(text):
    assert_read_alike(text)


@given(mutated())
def test_mutated_records_read_alike(text):
    assert_read_alike(text)


@given(st.data())
def test_the_fuzz_harness_s_inputs_read_alike(data):
    _, content = corpus.any_input(corpus.DrawChooser(data.draw), "renju")
    assert_read_alike(content.decode("utf-8", errors="replace"))


# -- real records ---------------------------------------------------------------------------

@realfiles.needs("renju")
def test_every_real_renju_record_written_in_the_notation_reads_alike():
    folder = realfiles.folder("renju")
    assert folder is not None
    paths = [path for path in sorted(folder.rglob("*")) if path.suffix in (".psq", ".pgn",
                                                                            ".lib", ".sgf")]
    read = tried = 0
    for path in paths:
        loaded = read_file(str(path), game_name="renju")
        try:
            _, _, parsed = parse_all(loaded.text, str(path), "renju")
        except KifuError:
            continue  # not a record (a league's table of results)
        for record in (each.record for each in parsed):
            for dialect in (None, "plain"):
                text = GAME.write(record, dialect)
                tried += 1
                read += assert_read_alike(text)
    assert tried >= 4000 and read == tried, (read, tried)  # every one of the common shape
