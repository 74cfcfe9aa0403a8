"""Replaying whole records: the JSON events follow their schema, results are checked, records
in the wild (Shift_JIS, full-width text) read, and random legal play keeps every invariant."""
from __future__ import annotations

from pathlib import Path

import jsonschema
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from kifu.base.errors import KifuError
from kifu.builtin.rengi import bitboard
from kifu.builtin.rengi.events import EVENT_SCHEMA
from kifu.builtin.rengi.moves import Pass, Place
from kifu.plugin import RenderOptions, driver
from kifu.run.load import load
from kifu.run.replayjson import replay_json
from kifu.run.validate import Options, check_file
from tests.rengi.fields import GAME, record_text

EXAMPLES = Path(__file__).parents[2] / "examples" / "rengi"


@pytest.mark.parametrize("path", sorted(EXAMPLES.glob("*.rengi")), ids=lambda p: p.name)
def test_replay_events_follow_the_schema(path):
    loaded = load(str(path))
    document = replay_json(loaded.game, loaded.record, variations=True)
    validator = jsonschema.Draft202012Validator(EVENT_SCHEMA)
    for line in document["lines"]:
        assert line["error"] is None
        for move in line["moves"]:
            for event in move["events"]:
                validator.validate(event)


def test_a_wrong_result_header_is_reported(tmp_path):
    text = (EXAMPLES / "seven-chain.rengi").read_text(encoding="utf-8")
    path = tmp_path / "wrong.rengi"
    path.write_text(text.replace("Result: first", "Result: 後手"), encoding="utf-8")
    [report] = check_file(str(path), Options())
    assert [d.message for d in report.diagnostics] == [
        "the record says the result is '後手', but the moves say: the first player wins (the "
        "second player's column 3 row 12 is filled) [rule: result]"]


def test_shift_jis_record_with_kanji_colours(tmp_path):
    text = "Game: rengi\r\nFirst: 青木\r\n\r\n＋３青 －１２赤緑 +45黄黄 -P\r\n"
    path = tmp_path / "sjis.rengi"
    path.write_bytes(text.encode("cp932"))
    [report] = check_file(str(path), Options())
    assert [(d.line, d.column, d.message) for d in report.diagnostics
            if d.rule != "encoding-guessed"] == [
        (4, 17, "move 4: the second player may pass only while the first player's chain is "
                "running [rule: pass]")]


# -- random legal play ----------------------------------------------------------------------

def invariants(position) -> None:
    for side in position.sides:
        boards = side.boards
        assert bitboard.floating(boards) == 0
        assert bitboard.find_groups(boards, bitboard.FULL)[0] == 0
        assert sum(b.bit_count() for b in boards) == bitboard.occupied(boards).bit_count()
        assert side.warning >= 0 and side.warning % 6 == 0 and 0 <= side.stock < 6
        assert side.wait >= 0 and (side.wait > 0 or not side.chain)
    assert position.sides[position.current].wait == 0 or position.outcome is not None


@settings(max_examples=25)
@given(st.lists(st.tuples(st.integers(1, 6), st.integers(0, 1), st.integers(0, 3),
                          st.integers(0, 3), st.booleans()), min_size=10, max_size=60))
def test_random_legal_play_keeps_every_invariant(choices):
    record = GAME.parse(record_text("+3a"))
    pos = GAME.start(record)
    GAME.play(pos, record.moves[0].move)
    for column, step, first, second, pass_ in choices:
        if pos.outcome is not None:
            break
        before = pos.copy()
        move = Pass(None) if pass_ else Place(None, (column, min(column + step, 6)),
                                               (first, second))
        try:
            GAME.play(pos, move)
        except KifuError:
            assert pos == before  # an illegal move leaves the position as it was
            continue
        invariants(pos)
        assert before.sides[0].boards is not pos.sides[0].boards


TEXT = st.text(alphabet="+-0123456789abcdjUDRLPR{}()[]|.:;jr 青赤上↑\n", max_size=60)


@settings(max_examples=80)
@given(TEXT)
def test_any_text_gives_a_record_or_a_kifu_error(text):
    try:
        record = GAME.parse(text)
        for _step in driver.replay(GAME, record, lenient=True):
            pass
        GAME.render_text(GAME.start(record), RenderOptions())
    except KifuError:
        pass
