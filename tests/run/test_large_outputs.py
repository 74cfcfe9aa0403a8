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
import os
import pickle
import subprocess
import sys
from dataclasses import replace
from pathlib import Path

import pytest

from kifu.base.errors import ConversionError
from kifu.plugin import driver, registry
from kifu.run import load, replayjson
from kifu.run.load import parse_text

ROOT = Path(__file__).resolve().parents[2]
EXAMPLES = ROOT / "examples"

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
    total = sum(1 for _ in driver.replay_lines(game, record))
    taken = []
    replay_lines = driver.replay_lines

    def counted(*args, **kwargs):
        for item in replay_lines(*args, **kwargs):
            taken[0] += 1
            yield item

    taken.append(0)
    monkeypatch.setattr(replayjson, "PIECE", 2000)
    monkeypatch.setattr(driver, "replay_lines", counted)
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
    for item in driver.replay_tree(game, record):
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


# -- item 13: kifu convert ---------------------------------------------------------------------

def renju_moves(count: int) -> str:
    """A Renju record of ``count`` moves over the whole board (``convert`` does not replay)."""
    points = [f"{c}{r}" for c in "abcdefghijklmno" for r in range(1, 16)]
    moves = [points[i % len(points)] for i in range(count)]
    return "Game: renju\n\n" + "\n".join(" ".join(moves[i:i + 10])
                                           for i in range(0, count, 10)) + "\n"


def test_item_13_every_format_is_written_a_piece_at_a_time_and_says_what_the_whole_says():
    """A conversion writes as it goes: the first pieces come before the record's last moves are
    written, and the pieces say exactly what the whole text says."""
    for name, text in (("r.renju", renju_moves(3000)),
                       ("f.freego", "Game: freego\n\n" + "D4 E5 (F6) " * 1000 + "\n"),
                       ("g.rengoma", (EXAMPLES / "rengoma" / "win-across.rengoma").read_text()),
                       ("t.rengi", (EXAMPLES / "rengi" / "ten-game.rengi").read_text())):
        game, record = parse_text(text, name)
        for to in ("native", "json", *game.formats()):
            try:
                pieces = list(load.dump_pieces(game, record, to))
            except ConversionError as refused:  # a format kifu only reads (PlayOK's PGN)
                assert "does not write it" in refused.message, (name, to)
                continue
            whole = "".join(pieces)
            assert whole == load.dump(game, record, to), (name, to)
            if len(whole) > 100_000:
                assert len(pieces) > 10 and max(map(len, pieces)) < len(whole) / 10, (name, to)


def test_item_13_a_json_too_large_is_refused_before_a_piece_is_written(monkeypatch):
    """The JSON of a record takes at least some sixty bytes a node and its comments: a record
    whose JSON cannot fit is refused at once (958 MB spent on a 16.5 MB SGF before)."""
    game, record = parse_text(renju_moves(1000), "r.renju")
    monkeypatch.setattr(load, "MAX_BYTES", 50_000)
    written = []
    monkeypatch.setattr(type(game), "move_to_json", lambda self, move: written.append(move))
    with pytest.raises(ConversionError, match=r"written as json, this record takes at least "
                                              r"0\.1 MiB, more than the 0 MiB kifu reads"):
        load.dump_pieces(game, record, "json")
    assert written == []


def test_item_13_a_conversion_stops_as_soon_as_it_passes_the_limit(monkeypatch):
    """Where the record's size cannot tell, the pieces are counted as they go and stop at the
    first that passes the limit."""
    limit = 100_000
    monkeypatch.setattr(load, "MAX_BYTES", limit)
    for to, moves in (("json", 1_200), ("sgf", 20_000), ("native", 30_000)):
        game, record = parse_text(renju_moves(moves), "r.renju")
        pieces = load.dump_pieces(game, record, to)
        taken = 0
        with pytest.raises(ConversionError, match=f"written as {to}, this record takes more "
                                                  "than the 0 MiB kifu reads"):
            for piece in pieces:
                taken += len(piece)
        assert taken <= limit


def test_item_13_an_output_refused_half_way_leaves_every_target_as_it_was(monkeypatch, kifu_cli,
                                                                          tmp_path):
    """Nothing of it reaches a file (its old text stays, no temporary file is left), standard
    output, a pipe or a link to a file."""
    monkeypatch.setattr(load, "MAX_BYTES", 100_000)
    source = tmp_path / "r.renju"
    source.write_text(renju_moves(20_000), encoding="utf-8")
    old = tmp_path / "old.sgf"
    old.write_text("(;GM[4])\n", encoding="utf-8")
    link = tmp_path / "link.sgf"
    link.symlink_to(old)
    pipe = tmp_path / "pipe"
    os.mkfifo(pipe)
    reader = os.open(pipe, os.O_RDONLY | os.O_NONBLOCK)
    try:
        for target in ([], ["-o", old], ["-o", link], ["-o", pipe], ["-o", tmp_path / "new.sgf"]):
            result = kifu_cli("convert", "--to", "sgf", source, *target, exit_code=2)
            assert "error[conversion]: written as sgf, this record takes more than" \
                in result.stderr and result.stdout == ""
        assert os.read(reader, 1000) == b""
    finally:
        os.close(reader)
    assert old.read_text(encoding="utf-8") == "(;GM[4])\n" and link.is_symlink()
    assert sorted(p.name for p in tmp_path.iterdir()) == ["link.sgf", "old.sgf", "pipe",
                                                          "r.renju"]


#: Reads a record, then limits the process's address space to what it has plus ``HEADROOM`` MB
#: and converts the record into a file: the conversion may take no more than that.
CONVERT_UNDER_A_LIMIT = """
import resource, sys
from kifu.run.load import dump_pieces, load
from kifu.run.outputs import write_atomic
loaded = load(sys.argv[1])
with open('/proc/self/status') as status:
    size = next(int(l.split()[1]) for l in status if l.startswith('VmSize:')) * 1024
limit = size + int(sys.argv[4]) * 2**20
resource.setrlimit(resource.RLIMIT_AS, (limit, limit))
write_atomic(sys.argv[3], dump_pieces(loaded.game, loaded.record, sys.argv[2]))
"""


@pytest.mark.skipif(not Path("/proc/self/status").exists(), reason="Linux only")
def test_item_13_a_long_record_converts_in_little_more_memory_than_reading_it(tmp_path):
    """A Renju record of 490,000 moves took 740 MB to write as SGF (its SGF tree made whole,
    then its text); 120,000 moves now convert to SGF, JSON and the notation within 40 MB of
    address space more than reading them took."""
    source = tmp_path / "long.renju"
    source.write_text(renju_moves(120_000), encoding="utf-8")
    for to in ("sgf", "json", "native"):
        out = tmp_path / f"out.{to}"
        done = subprocess.run([sys.executable, "-c", CONVERT_UNDER_A_LIMIT, str(source), to,
                               str(out), "40"], capture_output=True, text=True, timeout=300,
                              cwd=ROOT)
        assert done.returncode == 0, (to, done.stderr[-2000:])
        assert out.stat().st_size > 120_000 * 2


# -- item 14: kifu render -f html --output-dir -----------------------------------------------

def test_item_14_results_from_the_workers_carry_no_whole_header(tmp_path):
    """What a batch's worker sends back (pickled) is a few kilobytes whatever the headers hold:
    rows of the index and diagnostics are cut, and no record text travels.  20 records of 8 MB
    headers once took 756 MB and made an index of 160 MB."""
    from kifu.reading.walk import walk
    from kifu.render.formats import Drawing
    from kifu.render.viewer.page_task import HtmlTask
    from kifu.run.output_folder import ConvertTask, Inputs, plan

    folder = tmp_path / "in"
    folder.mkdir()
    huge = "x" * 1_000_000
    moves = "\n1. h8 2. i9 3. j10\n"
    for name, text in (("event.renju", f"Game: renju\nEvent: {huge}\n{moves}"),
                       ("players.renju", f"Game: renju\nBlack: {huge}\nWhite: {huge}\n{moves}"),
                       ("rule.renju", f"Game: renju\nRule: {huge}\n{moves}"),
                       ("broken.renju", f"Game: renju\nBlack: {huge}\n\n1. h8 2. ???\n"),
                       ("seats.freego", f"Game: freego\nPlayers: {huge}\n\nD4\n"),
                       ("variant.rengi", f"Game: rengi\nVariant: {huge}\n\n+3a\n")):
        (folder / name).write_text(text, encoding="utf-8")
    for task in (HtmlTask(drawing=Drawing()), ConvertTask(target="json"),
                 ConvertTask(target="native")):
        inputs = Inputs((str(folder),), str(tmp_path / "out"))
        task = replace(task, inputs=inputs)
        jobs = list(plan(walk([str(folder)], registry.suffixes()), inputs, writes=task.writes))
        assert len(jobs) == 6
        for job in jobs:
            sent = pickle.dumps(task(job))
            assert len(sent) < 20_000, (type(task).__name__, job.found.path, len(sent))


def test_item_14_a_page_shows_a_huge_header_once_and_its_drawings_cut_every_text(kifu_cli,
                                                                                 tmp_path):
    """A name of megabytes stood in the page's title, heading, label, data and in every
    position's drawing: it now stands once, in the list of the headers, whole."""
    record = tmp_path / "big.renju"
    huge = "e" * 300_000
    record.write_text(f"Game: renju\nEvent: {huge}\nBlack: {huge}\n\n1. h8 2. i9 3. j10\n",
                      encoding="utf-8")
    page = tmp_path / "big.html"
    kifu_cli("render", "-f", "html", record, "-o", page)
    text = page.read_text(encoding="utf-8")
    assert text.count(huge) == 2 and len(text) < 2 * len(huge) + 200_000
    svg = kifu_cli("render", record).stdout
    # 10 KB of the drawing's own glyphs (the coordinates' outlines), and the names cut short.
    assert len(svg) < 20_000 and "e" * 192 + "\u2026" in svg  # "Black: eee…", 200 characters
