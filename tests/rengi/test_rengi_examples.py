"""The bundled Rengi records: the legal ones replay to the stated end and their JSON replay
shows what the tests expect move by move; the broken ones fail with the exact diagnostic."""
from __future__ import annotations

import pytest

from kifu.run.load import load
from kifu.run.replayjson import replay_json
from tests import examples

EXAMPLES = examples.EXAMPLES


@pytest.mark.parametrize("path", examples.legal("rengi"), ids=lambda p: p.name)
def test_legal_examples_validate(path):
    examples.assert_validates(path, "rengi")


def replay_of(name: str, variations: bool = False) -> dict:
    loaded = load(str(EXAMPLES / "rengi" / name))
    return replay_json(loaded.game, loaded.record, variations=variations)


def events(document: dict, kind: str) -> list[tuple[int, dict]]:
    return [(move["number"], event) for move in document["lines"][0]["moves"]
            for event in move["events"] if event["type"] == kind]


def test_every_variant_and_the_simplified_rules_have_a_game():
    variants = set()
    for path in examples.legal("rengi"):
        record = load(str(path)).record
        variants.add(record.header("Variant"))
    assert {"白連棋", "公連棋", "天連棋", "白連棋 簡易"} <= variants


def test_seven_chain_game_move_by_move():
    document = replay_of("seven-chain.rengi")
    chains = events(document, "chain")
    assert [(n, e["side"], e["chain"]) for n, e in chains] == [(29, "first", 7)]
    assert [link["stones"] for link in chains[0][1]["links"]] == [4] * 7
    passes = [m["number"] for m in document["lines"][0]["moves"] if m["move"]["type"] == "pass"]
    assert passes == [30, 31]
    sent = events(document, "garbage")
    assert [(n, e["side"], e["generated"], e["sent"]) for n, e in sent] == [
        (36, "first", 210, 210)]
    drops = events(document, "drop")
    assert [e["rows"] for _, e in drops] == [5, 5, 5]
    assert document["outcome"] == {"winner": "first",
                                   "reason": "the second player's column 3 row 12 is filled"}


def test_offset_battle_move_by_move():
    document = replay_of("offset-battle.rengi")
    chains = events(document, "chain")
    assert [(n, e["side"], e["chain"]) for n, e in chains] == [(29, "first", 7),
                                                             (33, "second", 4)]
    sent = events(document, "garbage")
    assert [(e["side"], e["generated"], e["offset"], e["sent"], e["warning"])
            for _, e in sent] == [("first", 210, 0, 210, 0), ("second", 30, 30, 0, 180)]


def test_ten_game_has_extra_moves_and_single_garbage_stones():
    document = replay_of("ten-game.rengi")
    assert [(n, e["side"], e["reason"]) for n, e in events(document, "extra-move")] == [
        (33, "second", "stable chigiri"), (60, "first", "stable chigiri"),
        (70, "second", "stable chigiri"), (78, "first", "stable chigiri")]
    assert any(e["columns"] for _, e in events(document, "drop"))


def test_problem_from_a_set_position_with_a_variation():
    document = replay_of("problem-four-chain.rengi", variations=True)
    assert document["start"]["sides"]["first"]["field"][3] == "b....."
    main, wrong = document["lines"]
    assert [e["chain"] for m in main["moves"][:1] for e in m["events"] if e["type"] == "chain"] \
        == [4]
    assert wrong["path"] == [1, 1]
    assert [e["type"] for e in wrong["moves"][0]["events"]] == ["place"]


INVALID = {
    "pass-outside-chain.rengi": ("illegal-move", 7, 17, 4,
                                 "move 4: the second player may pass only while the first "
                                 "player's chain is running [rule: pass]"),
    "full-column.rengi": ("illegal-move", 23, 13, 3,
                          "move 3: column 1 is full: a stone would land in row 14 "
                          "[rule: full-column]"),
    "wrong-side.rengi": ("illegal-move", 6, 29, 6,
                         "move 6: it is the first player's move, not the second player's: the "
                         "second player's turn went by while their chain ran [rule: turn-order]"),
    "bad-tsumo-list.rengi": ("header", 3, 8, None,
                             "the open tsumo list needs six stones of each colour (a:7, b:6, "
                             "c:6, d:5) [rule: tsumo-list]"),
    "floating-stone.rengi": ("setup", 16, 10, None,
                             "the second player's field: a floating stone (the cell below it "
                             "is empty) at column 2, row 4 [rule: setup]"),
    "garbage-columns-missing.rengi": ("illegal-move", 23, 15, 1,
                                      "move 1 in variation 1.1: 2 single garbage stones fall "
                                      "here: write their columns after the move, e.g. {j:12}, "
                                      "or give a Seed: header [rule: garbage-columns]"),
    "column-off-field.rengi": ("syntax", 3, 7, None,
                               "column 7 is off the field (columns 1 to 6)"),
}


def test_every_invalid_example_is_covered():
    assert {p.name for p in examples.invalid("rengi")} == set(INVALID)


@pytest.mark.parametrize("name, expected", INVALID.items())
def test_invalid_examples_give_exact_diagnostics(name, expected):
    diag = examples.only_diagnostic(EXAMPLES / "invalid" / "rengi" / name, "rengi")
    assert (diag.code, diag.line, diag.column, diag.move, diag.message) == expected
