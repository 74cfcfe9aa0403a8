"""The bundled Renju records: the legal ones replay to the stated end, the broken ones fail
with exactly the diagnostic a user should see."""
from __future__ import annotations

import pytest

from kifu.plugin import driver
from tests import examples

EXAMPLES = examples.EXAMPLES


@pytest.mark.parametrize("path", examples.legal("renju"), ids=lambda p: p.name)
def test_legal_examples_validate(path):
    examples.assert_validates(path, "renju")


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
    from kifu.run.load import load

    loaded = load(str(EXAMPLES / "renju" / name))
    steps = list(driver.replay(loaded.game, loaded.record))
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
                              "the record says the result is 'white', but the moves say: black "
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
    assert {p.name for p in examples.invalid("renju")} == set(INVALID)


@pytest.mark.parametrize("name, expected", INVALID.items())
def test_invalid_examples_give_exact_diagnostics(name, expected):
    diag = examples.only_diagnostic(EXAMPLES / "invalid" / "renju" / name, "renju")
    assert (diag.code, diag.line, diag.column, diag.move, diag.message) == expected
