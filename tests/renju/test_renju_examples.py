"""The bundled Renju records: the legal ones replay to the stated end, the broken ones fail
with exactly the diagnostic a user should see."""
from __future__ import annotations

from pathlib import Path

import pytest

from kifu.validate import Options, check_file

EXAMPLES = Path(__file__).parents[2] / "examples"
LEGAL = sorted((EXAMPLES / "renju").glob("*.renju"))


@pytest.mark.parametrize("path", LEGAL, ids=lambda p: p.name)
def test_legal_examples_validate(path):
    report = check_file(str(path), Options())
    assert report.game == "renju"
    assert report.diagnostics == []
    assert report.moves > 0


ENDINGS = {
    "four-three-win.renju": "black wins (five at h6)",
    "forced-overline.renju": "white wins (black's forbidden overline (長連) at g8)",
    "double-three.renju": "white wins (black's forbidden double three (三々) at f6)",
    "double-four.renju": "white wins (black's forbidden double four (四々) at n8)",
    "white-overline.renju": "white wins (overline at m7)",
    "draw-by-passes.renju": "draw (both players passed)",
    "shift-jis-record.renju": "black wins (five at d8)",
}


@pytest.mark.parametrize("name, ending", ENDINGS.items())
def test_examples_end_as_their_comments_say(name, ending):
    from kifu.load import load

    loaded = load(str(EXAMPLES / "renju" / name))
    steps = list(loaded.game.replay(loaded.record))
    assert steps[-1].position.outcome.describe() == ending


INVALID = {
    "syntax-error.renju": ("syntax", 6, 25, None,
                           "unexpected 'jj'; expected '(' or ')' or 'offer[...]' or 'pass' or "
                           "'swap' or a header such as 'Black:' or a move number such as 12. or "
                           "a point such as h8"),
    "occupied-point.renju": ("illegal-move", 6, 4, 6,
                             "move 6: h8 is already occupied by a black stone [rule: occupied]"),
    "move-after-end.renju": ("move-after-end", 7, 5, 10,
                             "move 10: the game was already over: black wins (five at l8) "
                             "[rule: game-over]"),
    "result-mismatch.renju": ("result", 4, 1, None,
                              "the record says the result is 'white', but the moves give black "
                              "wins (five at l8) [rule: result]"),
    "shift-jis-occupied.renju": ("illegal-move", 6, 43, 6,
                                 "move 6: j10 is already occupied by a black stone "
                                 "[rule: occupied]"),
    "truncated.renju": ("encoding", 5, 23, None,
                        "the file ends inside a UTF-8 character; it looks truncated"),
    "truncated-variation.renju": ("syntax", 4, 38, None,
                                  "the record ends too early (truncated?); expected '(' or ')' or "
                                  "'offer[...]' or 'pass' or 'swap' or a header such as 'Black:' "
                                  "or a move number such as 12. or a point such as h8"),
}


def test_every_invalid_example_is_covered():
    assert {p.name for p in (EXAMPLES / "invalid" / "renju").iterdir()} == set(INVALID)


@pytest.mark.parametrize("name, expected", INVALID.items())
def test_invalid_examples_give_exact_diagnostics(name, expected):
    code, line, column, move, message = expected
    report = check_file(str(EXAMPLES / "invalid" / "renju" / name), Options())
    assert report.game == "renju"
    assert len(report.diagnostics) == 1
    diag = report.diagnostics[0]
    assert (diag.code, diag.line, diag.column, diag.move, diag.message) == (
        code, line, column, move, message)
