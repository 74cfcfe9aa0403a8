"""The bundled Free-form Go records: the legal ones replay to the end their comments state, the
broken ones fail with exactly the diagnostic a user should see, and the JSON replay says move by
move what happened."""
from __future__ import annotations

import pytest

from kifu.plugin import driver
from kifu.run.load import load
from kifu.run.replayjson import replay_json
from tests import examples

EXAMPLES = examples.EXAMPLES
FOLDER = EXAMPLES / "freego"
LEGAL = examples.legal("freego")


def test_the_examples_the_issue_asks_for_are_there():
    assert {p.name for p in LEGAL} >= {
        "japan-opening.freego", "china-opening.freego", "usa-election.freego",
        "four-players.freego", "nine.freego", "nineteen.sgf", "problem.freego"}


@pytest.mark.parametrize("path", LEGAL, ids=lambda p: p.name)
def test_legal_examples_validate(path):
    examples.assert_validates(path, "freego")


ENDINGS = {
    "four-players.freego": "green wins (territory scoring: orange 9, light blue 21, yellow 16.5, "
                           "green 22.5)",
    "nine.freego": "white wins (territory scoring: black 20, white 51.5)",
    "nineteen.sgf": "black wins (territory scoring: black 110, white 64.5)",
}


@pytest.mark.parametrize("name, ending", ENDINGS.items())
def test_finished_examples_end_as_stated(name, ending):
    loaded = load(str(FOLDER / name))
    final = list(driver.replay(loaded.game, loaded.record))[-1].position
    assert final.outcome.describe() == ending


def test_the_four_player_game_tells_the_sources_story():
    loaded = load(str(FOLDER / "four-players.freego"))
    final = list(driver.replay(loaded.game, loaded.record))[-1].position
    assert final.stones_of(2) == []  # 黄色が全滅
    on_board = [len(final.stones_of(s)) + t.territory for s, t in enumerate(final.scores)]
    assert on_board[1] == max(on_board)  # 盤上は水色の圧勝
    assert final.board.name == "scribble" and final.board.has_polygons


def test_the_source_openings_replay_unfinished():
    for name, seats in (("japan-opening.freego", 2), ("china-opening.freego", 3),
                        ("usa-election.freego", 2)):
        loaded = load(str(FOLDER / name))
        final = list(driver.replay(loaded.game, loaded.record))[-1].position
        assert final.outcome is None and final.seats == seats


INVALID = {
    "superko.freego": ("illegal-move", 8, 59, 10,
                       "move 10: D5 recreates the whole-board position that stood after move 8 "
                       "(positional superko: 同じ局面にするのはNG) [rule: superko]"),
    "suicide.freego": ("illegal-move", 6, 10, 4,
                       "move 4: A1 would have no liberty: suicide is forbidden "
                       "(Suicide: allowed lifts it) [rule: suicide]"),
    "unknown-cell.freego": ("illegal-move", 6, 10, 4,
                            "move 4: '江戸' is not a cell of the board 'japan'; its cells are named "
                            "like hokkaido or okinawa "
                            "[rule: unknown-cell]"),
    "unplayable.freego": ("illegal-move", 7, 4, 2,
                          "move 2: hokkaido cannot be played on this board (it is drawn, not "
                          "played) [rule: unplayable]"),
    "wrong-seats.freego": ("header", 3, 1, None,
                           "Free-form Go is played by 2 to 4 players, but 'Players' names 5 "
                           "[rule: seats]"),
    # A board file the record refers to is named, never quoted (it may not be the user's).
    "asymmetric.freego": ("board", 2, 1, None,
                          "board file 'asymmetric-board.toml' is not a usable board: it has an "
                          "error on its line 5 ('kifu board check' on the file shows it) "
                          "[rule: asymmetric-adjacency]"),
    "setup-no-liberty.freego": ("setup", 4, 10, None,
                                "black's group A1 stands without a liberty, which no game can "
                                "reach [rule: no-liberty]"),
    "result-mismatch.freego": ("result", 5, 1, None,
                               "the record says the result is 'black+2.5', but the moves say: "
                               "white+0.5 (territory scoring: black 5, white 5.5) [rule: result]"),
    "ko-retaken-at-once.sgf": ("illegal-move", 4, 7, 2,
                               "move 2: D5 retakes the ko at once, recreating the position before "
                               "the opponent's last move (ko: play elsewhere first) [rule: ko]"),
}


def test_every_invalid_example_is_covered():
    assert {p.name for p in examples.invalid("freego")} == set(INVALID)


@pytest.mark.parametrize("name, expected", INVALID.items())
def test_invalid_examples_give_exact_diagnostics(name, expected):
    diag = examples.only_diagnostic(EXAMPLES / "invalid" / "freego" / name, "freego")
    assert (diag.code, diag.line, diag.column, diag.move, diag.message) == expected


def test_one_colour_moving_twice_in_an_sgf_game_is_a_warning(tmp_path):
    path = tmp_path / "twice.sgf"
    path.write_text("(;GM[1]FF[4]SZ[9]KM[6.5]RE[W+R]\n;B[ee];W[cc];W[gg];B[cg])")
    diag = examples.only_diagnostic(path, "freego")
    assert (diag.severity, diag.line, diag.column, diag.rule) == ("warning", 2, 13, "turn-order")
    assert diag.message.startswith("white moves twice in a row at move 4: read as the other "
                                   "side passing")


# -- the machine-readable replay ------------------------------------------------------------

def replay(name: str, **options):
    loaded = load(str(FOLDER / name))
    return replay_json(loaded.game, loaded.record, **options)


def test_json_replay_of_the_problem_move_by_move():
    document = replay("problem.freego", variations=True)
    assert document["start"]["stones"] == {"black": ["E1", "E2", "A3", "B3", "C3", "D3", "E3"],
                                           "white": ["D1", "A2", "B2", "C2", "D2"]}
    assert document["start"]["to_move"] == "black"
    main, wrong, same = document["lines"]
    assert [m["events"] for m in main["moves"]] == [
        [{"type": "place", "player": "black", "cell": "B1"}],
        [{"type": "place", "player": "white", "cell": "C1"}],
        [{"type": "place", "player": "black", "cell": "A1"},
         {"type": "capture", "player": "black", "captured": "white",
          "cells": ["C1", "D1", "A2", "B2", "C2", "D2"]}],
    ]
    assert wrong["path"] == [1, 1]
    assert wrong["moves"][1]["events"][1] == {"type": "capture", "player": "white",
                                              "captured": "black", "cells": ["A1"]}
    assert same["path"] == [2, 1]
    assert same["moves"][1]["events"][1]["cells"] == ["A1", "D1", "A2", "B2", "C2", "D2"]
    assert document["final"]["prisoners"] == {"black": 6, "white": 0}


def test_json_replay_ends_with_the_score_table():
    document = replay("nine.freego")
    moves = document["lines"][0]["moves"]
    assert moves[-1]["events"][-1]["type"] == "end"
    end = moves[-1]["events"][-1]
    assert end["winner"] == "white" and end["margin"] == 31.5
    assert [s["total"] for s in end["scores"]] == [20, 51.5]
    captures = [e for m in moves for e in m["events"] if e["type"] == "capture"]
    assert sum(len(e["cells"]) for e in captures) == sum(document["final"]["prisoners"].values())
    assert document["outcome"] == {"winner": "white",
                                   "reason": "territory scoring: black 20, white 51.5"}


def test_replay_events_and_positions_match_the_games_schema():
    import jsonschema

    from kifu.builtin.freego import GAME

    defs = GAME.replay_schema()["$defs"]
    events = jsonschema.Draft202012Validator({"$defs": defs, "$ref": "#/$defs/event"})
    positions = jsonschema.Draft202012Validator({"$defs": defs, "$ref": "#/$defs/position"})
    record = GAME.parse("Board: grid:3\nPlayers: a, b, c\nSuicide: allowed\nSetup-1: A2\n"
                        "Setup-2: A3 B2 B1\nSetup-3: C3\n\nA1 pass pass pass")
    seen = set()
    for document in [replay(p.name, variations=True) for p in LEGAL] + [
            replay_json(GAME, record)]:
        positions.validate(document["start"])
        positions.validate(document["final"])
        for line in document["lines"]:
            for move in line["moves"]:
                for event in move["events"]:
                    events.validate(event)
                    seen.add(event["type"])
    assert seen == {"place", "capture", "suicide", "pass", "end"}
