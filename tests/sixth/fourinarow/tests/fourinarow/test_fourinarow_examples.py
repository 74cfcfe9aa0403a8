"""Four in a Row's examples: every legal one validates cleanly, every broken one gives its one
exact diagnostic; each reads back from what kifu writes of it."""
from __future__ import annotations

import pytest

import kifu
from tests.examples import assert_validates, invalid, legal, only_diagnostic

GAME = kifu.game("fourinarow")
BROKEN = {
    "floating-disc.fourinarow": ("setup", "floating", 2, 15,
                                 "the disc on e3 stands on nothing (e2 is empty)"),
    "full-column.fourinarow": ("illegal-move", "full-column", 3, 34,
                               "column d is full: its 6 cells hold discs"),
    "move-after-four.fourinarow": ("move-after-end", "game-over", 3, 39,
                                   "the game was already over: red wins (four in a row: a1 a2 "
                                   "a3 a4)"),
    "no-column-h.fourinarow": ("syntax", "column", 3, 9,
                               "there is no column 'h': the columns are a to g"),
    "wrong-result.fourinarow": ("result", "result", 2, 1,
                                "the record says the result is 'yellow', but the moves say: "
                                "red wins (four in a row: a1 a2 a3 a4)"),
}


@pytest.mark.parametrize("path", legal("fourinarow"), ids=lambda p: p.name)
def test_every_legal_example_validates(path) -> None:
    assert_validates(path, "fourinarow")


def test_every_broken_example_is_named_here() -> None:
    assert sorted(path.name for path in invalid("fourinarow")) == sorted(BROKEN)


@pytest.mark.parametrize("path", invalid("fourinarow"), ids=lambda p: p.name)
def test_every_broken_example_gives_its_diagnostic(path) -> None:
    code, rule, line, column, message = BROKEN[path.name]
    found = only_diagnostic(path, "fourinarow")
    assert (found.code, found.rule, found.line, found.column) == (code, rule, line, column)
    assert found.message.endswith(f"{message} [rule: {rule}]")


@pytest.mark.parametrize("path", legal("fourinarow"), ids=lambda p: p.name)
@pytest.mark.parametrize("dialect", [None, "plain"])
def test_every_example_reads_back_from_what_kifu_writes(path, dialect) -> None:
    record = kifu.read(str(path))
    assert kifu.parse(record.dumps(dialect=dialect), game="fourinarow").data == record.data
    assert kifu.parse(record.dumps("json")).data == record.data


def test_the_problem_is_red_s_double_threat() -> None:
    record = kifu.read("examples/fourinarow/problem-double-threat.fourinarow")
    assert GAME.to_move(record.position(0)) == "red"
    for path in record.variations():
        assert record.outcome(variation=path).winner == "red"
    assert record.outcome().winner == "red" and len(record.variations()) == 2
