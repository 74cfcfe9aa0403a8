"""Every example replays cleanly; every broken record fails with exactly its diagnostic."""
from __future__ import annotations

import pytest

from kifu.builtin.rengoma import GAME
from kifu.plugin import driver, jsonform
from kifu.run.load import load
from tests import examples

GOOD = examples.legal("rengoma")
BAD = examples.EXAMPLES / "invalid" / "rengoma"

# file -> (code, line, column, message)
DIAGNOSTICS = {
    "bad-stock.rengoma": ("header", 3, 1, "Stock-black has one 4 too many and lacks one 2: a "
                          "stock lists every piece of the set once (Pieces: 1 2 3 4) "
                          "[rule: stock-order]"),
    "blocked-move.rengoma": ("illegal-move", 7, 31, "move 4: C c5-c2: the path is blocked at c4 "
                             "by a red 2; a piece never passes another [rule: blocked]"),
    "enemy-piece.rengoma": ("illegal-move", 5, 13, "move 2: C c3-c5: c3 has a red 2 on top; "
                            "black moves only a black piece on top of its square "
                            "[rule: own-piece]"),
    "extra-after-comment.rengoma": ("syntax", 5, 21, "an extra action ('*') must follow its "
                                    "turn's action directly, with no number, comment or "
                                    "variation between: extra turns come only from a normal "
                                    "turn [rule: extra-turn]"),
    "extra-after-win.rengoma": ("move-after-end", 7, 125, "move 13: the game was already over: "
                                "black wins (four in a row d1 d2 d3 d4, made by red's B d1); "
                                "the extra action *A e6 cannot follow [rule: game-over]"),
    "no-chip.rengoma": ("illegal-move", 5, 19, "move 2: extra action *C d3-d5: black holds no "
                        "chip to pay for it (black holds 0, red 0, the stock 2); chips earned "
                        "this turn come only at its end [rule: chip]"),
    "play-after-win.rengoma": ("move-after-end", 8, 5, "move 14: the game was already over: "
                               "black wins (four in a row d1 d2 d3 d4, made by red's B d1) "
                               "[rule: game-over]"),
    "second-placement.rengoma": ("illegal-move", 5, 37, "move 4: extra action *A b3: there is "
                                 "no black field piece to place (its field piece was placed "
                                 "this turn, and the field is refilled only at the turn's end) "
                                 "[rule: field-empty]"),
    "setup-four-standing.rengoma": ("setup", 6, 1, "a black four in a row already stands (a1 b2 "
                                    "c3 d4); a set-up must be a game still in play "
                                    "[rule: setup]"),
    "stacking-too-strong.rengoma": ("illegal-move", 5, 22, "move 3: C c4-c3: the red 2 cannot "
                                    "stack on a red 2 at c3; a piece stacks only on a strictly "
                                    "weaker one [rule: stacking]"),
    "stock-spent.rengoma": ("illegal-move", 6, 40, "move 5: A a3: there is no red field piece "
                            "to place (its stock is spent) [rule: field-empty]"),
    "variation-illegal.rengoma": ("illegal-move", 5, 62, "move 4 in variation 3.1: C d4-d6: the "
                                  "path is blocked at d5 by a red 2; a piece never passes "
                                  "another [rule: blocked]"),
    "wrong-result.rengoma": ("result", 6, 1, "the record says the result is 'red', but the moves "
                             "say: black wins (four in a row d1 d2 d3 d4, made by red's B d1) "
                             "[rule: result]"),
    "wrong-strength.rengoma": ("illegal-move", 5, 13, "move 2: A d3=4: the black field piece is "
                               "a 3, not a 4 (the stock order gives 3) [rule: field-strength]"),
}


@pytest.mark.parametrize("path", GOOD, ids=lambda p: p.name)
def test_example_validates_cleanly(path):
    examples.assert_validates(path, "rengoma")


def test_every_invalid_example_has_its_diagnostic_asserted():
    assert sorted(p.name for p in examples.invalid("rengoma")) == sorted(DIAGNOSTICS)


@pytest.mark.parametrize("name", sorted(DIAGNOSTICS))
def test_invalid_example_fails_with_its_diagnostic(name):
    diag = examples.only_diagnostic(BAD / name, "rengoma")
    assert (diag.code, diag.line, diag.column, diag.message) == DIAGNOSTICS[name]


def test_examples_cover_each_kind_of_win():
    reasons = {}
    for path in GOOD:
        loaded = load(str(path))
        final = None
        for step in driver.replay(loaded.game, loaded.record):
            final = step.position
        reasons[path.stem] = final.outcome.reason if final.outcome else None
    assert reasons["win-across"] == "four in a row c6 d6 e6 f6"
    assert reasons["win-down"] == "four in a row b1 b2 b3 b4"
    assert reasons["win-diagonal"] == "four in a row c3 d4 e5 f6"
    assert reasons["win-by-opponent-placement"].endswith("made by red's B d1")
    assert reasons["team-game"] == "four in a row d3 d4 d5 d6"
    assert reasons["study-chip-finish"] == "four in a row a1 b1 c1 d1"


def test_the_team_game_uses_chips_and_partners():
    loaded = load(str(examples.EXAMPLES / "rengoma" / "team-game.rengoma"))
    steps = list(driver.replay(loaded.game, loaded.record))
    turn13 = steps[12]
    assert str(turn13.node.move) == "A a4 *C d2-d1 *C e6-e1"
    assert [e["player"] for e in turn13.events if e["type"] in ("place", "move")] == [
        "Ben", "Dai", "Dai"]
    assert [e["type"] for e in turn13.events].count("chip-spent") == 2
    assert steps[13].events[0]["player"] == "Ana"


@pytest.mark.parametrize("path", GOOD, ids=lambda p: p.name)
def test_example_round_trips_byte_for_byte(path):
    text = path.read_text(encoding="utf-8")
    record = GAME.parse(text, str(path))
    assert GAME.write(record) == text
    assert GAME.write(jsonform.loads(jsonform.dumps(record))) == text
