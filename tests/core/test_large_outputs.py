"""Outputs far larger than their inputs (issue 23, items 12 to 14) are made in bounded memory,
and refused before they are made when they would pass kifu's limits: the replay as JSON is
written as the record is replayed and caps its positions, conversions are written a piece at a
time and refused past the size kifu reads back, and a batch's results carry no whole headers.

No test here times anything: each checks that the output comes in pieces while the work is
still going on, that a refusal comes before anything is written, or what travels between
processes (``bench/large_outputs.py`` measures the time and the memory of the issue's inputs).
"""
from __future__ import annotations

import json

from kifu.plugin import registry
from kifu.run import replayjson
from kifu.run.load import parse_text

# -- item 12: kifu show --format json --variations -----------------------------------------

#: A Renju record of 200 variations of its third move, each legal.
BRANCHING = "Game: renju\n\n1. h8 2. i9 3. a1 " + " ".join(
    f"(3. {c}{r})" for c in "abcdefgjklmno" for r in range(2, 15)) + "\n"


def test_item_12_the_replay_json_is_written_piece_by_piece_while_the_record_is_replayed(
        monkeypatch):
    """The replay of a megabyte of Rengi variations was built whole (30 s, 879 MB for 290 MB
    of JSON): each piece now goes out while the replay is still going on, and the pieces say
    exactly what the document says."""
    game, record = parse_text(BRANCHING, "b.renju")
    total = sum(1 for _ in game.replay_lines(record))
    taken = []
    replay_lines = game.replay_lines

    def counted(*args, **kwargs):
        for item in replay_lines(*args, **kwargs):
            taken[0] += 1
            yield item

    taken.append(0)
    monkeypatch.setattr(replayjson, "PIECE", 2000)
    monkeypatch.setattr(type(game), "replay_lines", lambda self, *a, **k: counted(*a, **k))
    replay = replayjson.replay_text(game, record, variations=True)
    pieces = iter(replay)
    first = next(pieces)
    assert 2000 <= len(first) < 4000 and taken[0] < total / 10  # the rest is not replayed yet
    written = first + "".join(pieces)
    assert taken[0] == total and not replay.failed
    assert json.loads(written) == replayjson.replay_json(game, record, variations=True)


def test_item_12_every_line_is_written_whole_in_the_order_the_record_writes_them():
    """Each line's moves stand together, main line first, each variation's own variations right
    after it: the order in which the replay of the whole tree starts them."""
    text = "Game: renju\n\n1. h8 (1. i9 2. j9 (2. k9 3. l9)) 2. h9 (2. j10) 3. h10\n"
    game, record = parse_text(text, "t.renju")
    document = replayjson.replay_json(game, record, variations=True)
    assert [(line["path"], [m["notation"] for m in line["moves"]]) for line in document["lines"]] \
        == [([], ["h8", "h9", "h10"]), ([1, 1], ["i9", "j9"]), ([1, 1, 2, 1], ["k9", "l9"]),
            ([2, 1], ["j10"])]
    started = []
    for item in game.replay_tree(record):
        if item.path not in started:
            started.append(item.path)
    assert [tuple(line["path"]) for line in document["lines"]] == started


def test_item_12_a_replay_past_its_positions_is_refused_located_before_a_byte_is_written(
        monkeypatch, kifu_cli, tmp_path):
    monkeypatch.setattr(replayjson, "MAX_POSITIONS", 20)
    path = tmp_path / "v.renju"
    path.write_text("Game: renju\n\n1. h8" + " (i9)" * 20 + "\n", encoding="utf-8")
    result = kifu_cli("show", "--format", "json", "--variations", path, exit_code=1)
    assert result.stdout == ""
    assert (f"{path}:3:4: error[limit]: the replay as JSON gives at most 20 positions, and this "
            "record has 21 (variations included)") in result.stderr
    assert "[rule: replay-positions]" in result.stderr and "Traceback" not in result.output
    path.write_text("Game: renju\n\n1. h8" + " (i9)" * 19 + "\n", encoding="utf-8")
    assert json.loads(kifu_cli("show", "--format", "json", "--variations", path).stdout)
    moves = " ".join(f"{c}{r}" for c in "abc" for r in range(1, 8))  # one line of 21 moves
    path.write_text(f"Game: renju\n\n{moves}\n", encoding="utf-8")
    result = kifu_cli("show", "--format", "json", path, exit_code=1)
    assert "at most 20 positions, and this line has 21;" in result.stderr and not result.stdout
    document = json.loads(kifu_cli("show", "--format", "json", "--move", "20", path).stdout)
    assert len(document["lines"][0]["moves"]) == 20
    assert registry.get("renju").name == document["game"]
