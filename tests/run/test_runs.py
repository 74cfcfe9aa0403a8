"""Runs over many files: streamed from the folders, in a stable order, split into shards, and
never ended by one file, whatever happens to it (a bug in kifu, a worker process that dies)."""
from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

from kifu.base.native import PURE_PYTHON
from kifu.commands.cli import EXIT_INVALID, EXIT_OK, EXIT_USAGE, main
from kifu.plugin import registry
from kifu.reading.walk import Shard, walk
from kifu.run import runner
from tests.summary import summary_rows

ROOT = Path(__file__).parents[2]
RENJU = ROOT / "examples" / "renju"
WIN = RENJU / "four-three-win.renju"
OCCUPIED = ROOT / "examples" / "invalid" / "renju" / "occupied-point.renju"


def records(folder: Path, count: int, bad: set[int] = frozenset()) -> list[Path]:
    """``count`` legal records (illegal at the indexes in ``bad``) spread over sub-folders."""
    made = []
    for index in range(count):
        target = folder / f"d{index % 3}" / f"{index:03d}.renju"
        target.parent.mkdir(parents=True, exist_ok=True)
        shutil.copy(OCCUPIED if index in bad else WIN, target)
        made.append(target)
    return made


@pytest.fixture
def bug_in(monkeypatch):
    """Make kifu fail on the records whose name contains a word: a stand-in for a bug, which
    no real input should trigger.  Worker processes are forked, so they inherit it.  The bug is
    put in Python's referee, so the run is in pure Python (the compiled core would decide the
    records without it)."""
    monkeypatch.setenv(PURE_PYTHON, "1")
    renju = registry.get("renju")
    real_start = renju.start

    def install(word: str, how: str = "raise") -> None:
        def start(record, **kwargs):
            if word in (record.source or ""):
                if how == "die":
                    os._exit(3)  # the worker process vanishes, as on a crash in native code
                raise RecursionError("maximum recursion depth exceeded")
            return real_start(record, **kwargs)

        monkeypatch.setattr(renju, "start", start)

    return install


@pytest.mark.parametrize("jobs", ["1", "2"])
def test_a_bug_on_one_file_is_reported_for_it_and_the_run_goes_on(kifu_cli, tmp_path, bug_in,
                                                                  jobs):
    made = records(tmp_path, 30)
    culprit = made[7].rename(made[7].with_name("boom.renju"))
    bug_in("boom")
    result = kifu_cli("validate", "-j", jobs, "-f", "json", tmp_path, exit_code=EXIT_USAGE)
    [diag] = [json.loads(line) for line in result.stdout.splitlines()]
    assert diag["path"] == str(culprit) and diag["code"] == "internal"
    assert "RecursionError" in diag["message"] and "please report it" in diag["message"]
    row = summary_rows(result.stderr)["renju"]  # every file, the summary too
    assert (row["files"], row["legal"], row["illegal"]) == (30, 29, 1)


def test_a_worker_that_dies_costs_only_its_own_file(kifu_cli, tmp_path, bug_in):
    made = records(tmp_path, 40, bad={3})
    culprit = made[20].rename(made[20].with_name("crash.renju"))
    bug_in("crash", how="die")
    result = kifu_cli("validate", "-j", "2", tmp_path, exit_code=EXIT_USAGE)
    out = result.stdout
    assert f"{culprit}: error[internal]" in out and "worker process" in out
    assert f"{made[3]}:6:4: error[illegal-move]" in out
    row = summary_rows(result.stderr)["renju"]
    assert (row["files"], row["legal"], row["illegal"]) == (40, 38, 2)


def test_folders_stream_in_a_stable_order_of_names(tmp_path):
    for name in ["b/z.renju", "b/a.renju", "a.renju", "c/d/e.renju", "A.renju", "b.renju"]:
        (tmp_path / name).parent.mkdir(parents=True, exist_ok=True)
        shutil.copy(WIN, tmp_path / name)
    (tmp_path / "notes.txt").write_text("not a record")
    found = [f.relative for f in walk([str(tmp_path)], registry.suffixes())]
    assert found == ["A.renju", "a.renju", "b/a.renju", "b/z.renju", "b.renju", "c/d/e.renju"]


def test_the_walk_lists_one_folder_at_a_time(tmp_path):
    (tmp_path / "a").mkdir()
    (tmp_path / "z").mkdir()
    shutil.copy(WIN, tmp_path / "a" / "first.renju")
    stream = walk([str(tmp_path)], registry.suffixes())
    assert next(stream).relative == "a/first.renju"
    shutil.copy(WIN, tmp_path / "z" / "later.renju")  # z/ has not been read yet
    assert [f.relative for f in stream] == ["z/later.renju"]


def test_depth_costs_no_recursion(tmp_path):
    deep = tmp_path
    for _ in range(300):
        deep = deep / "d"
    deep.mkdir(parents=True)
    shutil.copy(WIN, deep / "deep.renju")
    [found] = walk([str(tmp_path)], registry.suffixes())
    assert found.relative.count("/") == 300


def test_links_are_followed_only_inside_the_folder_named(kifu_cli, tmp_path):
    inside = tmp_path / "records"
    (inside / "sub").mkdir(parents=True)
    outside = tmp_path / "elsewhere"
    outside.mkdir()
    shutil.copy(WIN, inside / "sub" / "real.renju")
    shutil.copy(WIN, outside / "secret.renju")
    (inside / "alias.renju").symlink_to(inside / "sub" / "real.renju")
    (inside / "escape.renju").symlink_to(outside / "secret.renju")
    (inside / "linked-folder").symlink_to(outside)
    (inside / "loop").symlink_to(inside)
    found = {f.relative: f.problem for f in walk([str(inside)], registry.suffixes())}
    assert set(found) == {"alias.renju", "escape.renju", "linked-folder", "sub/real.renju"}
    assert found["alias.renju"] is None and found["sub/real.renju"] is None
    assert "outside the folder" in found["escape.renju"].message
    assert "outside the folder" in found["linked-folder"].message
    result = kifu_cli("validate", inside, exit_code=EXIT_USAGE)
    assert "secret" not in result.stdout and "escape.renju: error[io]: not read" in result.stdout
    kifu_cli("validate", inside / "escape.renju")  # named on the command line: the user's choice


def test_a_folder_of_hostile_entries_is_walked_to_its_end(kifu_cli, tmp_path):
    """A link in a loop once ended the whole run with an internal error (walk.py), before any
    file was reported; a pipe named like a record would have kept kifu waiting for ever."""
    shutil.copy(WIN, tmp_path / "a.renju")
    shutil.copy(WIN, tmp_path / "z.renju")
    (tmp_path / "loop.renju").symlink_to("loop.renju")
    (tmp_path / "dangling.renju").symlink_to("nowhere.renju")
    os.mkfifo(tmp_path / "pipe.renju")
    (tmp_path / "folder.renju").mkdir()
    shutil.copy(WIN, tmp_path / "folder.renju" / "inner.renju")
    found = {f.relative: f.problem for f in walk([str(tmp_path)], registry.suffixes())}
    assert set(found) == {"a.renju", "dangling.renju", "folder.renju/inner.renju",
                          "loop.renju", "pipe.renju", "z.renju"}
    assert "symbolic links" in found["loop.renju"].message
    assert found["dangling.renju"].message == "not read: this link leads to no file"
    assert "not a regular file" in found["pipe.renju"].message
    result = kifu_cli("validate", "-v", "-j", "1", tmp_path, exit_code=EXIT_USAGE)
    lines = result.stdout.splitlines()
    assert "internal" not in result.output
    for name in ("a.renju", "z.renju", "folder.renju/inner.renju"):
        assert f"{tmp_path / name}: ok (renju, 15 moves)" in lines
    for name in ("loop.renju", "dangling.renju", "pipe.renju"):
        assert any(line.startswith(f"{tmp_path / name}: error[io]: not read") for line in lines)


def test_shards_split_a_run_into_disjoint_parts_that_make_the_whole(kifu_cli, tmp_path):
    made = records(tmp_path, 40, bad={1, 2, 5, 8, 13, 21, 34})
    everything = kifu_cli("validate", "-q", "-j", "1", tmp_path, exit_code=EXIT_INVALID).stdout
    parts = [sharded(f"{i}/3", tmp_path, "1") for i in (1, 2, 3)]
    lines = sorted(line for part in parts for line in part.splitlines())
    assert lines == sorted(everything.splitlines())
    shards = [Shard(i, 3) for i in (1, 2, 3)]
    for path in map(str, made):
        assert sum(path in shard for shard in shards) == 1
    assert all(any(str(p) in s for p in made) for s in shards)
    assert sharded("2/3", tmp_path, "2") == parts[1]  # the same split, whatever the jobs


def sharded(shard: str, folder: Path, jobs: str) -> str:
    result = CliRunner().invoke(main, ["validate", "-q", "-j", jobs, "--shard", shard,
                                       str(folder)], catch_exceptions=False)
    assert result.exit_code == (EXIT_INVALID if "error[" in result.stdout else EXIT_OK)
    return result.stdout


@pytest.mark.parametrize("text", ["0/3", "4/3", "1", "a/b", "1/0"])
def test_a_shard_is_i_of_n(kifu_cli, text):
    assert "shard" in kifu_cli("validate", "--shard", text, WIN, exit_code=EXIT_USAGE).stderr


def test_an_empty_shard_is_no_error(kifu_cli, tmp_path):
    shutil.copy(WIN, tmp_path / "only.renju")
    outcomes = [kifu_cli("validate", "--shard", f"{i}/2", tmp_path, exit_code=EXIT_OK).stderr
                for i in (1, 2)]
    assert sum("no kifu records in shard" in text for text in outcomes) == 1


def test_other_programs_json_in_a_folder_is_left_alone(kifu_cli, tmp_path):
    shutil.copy(WIN, tmp_path / "game.renju")
    (tmp_path / "package.json").write_text('{"name": "web-site", "version": "1.0.0"}')
    as_json = kifu_cli("convert", "--to", "json", WIN).stdout
    (tmp_path / "game2.json").write_text(as_json, encoding="utf-8")
    result = kifu_cli("validate", tmp_path)
    assert summary_rows(result.stderr)["renju"]["files"] == 2
    # the file left alone is counted apart, so that files checked and left alone together are
    # what the progress line counts
    assert result.stderr.splitlines()[-1] == ("(1 more file of other programs left alone: "
                                              f"{tmp_path / 'package.json'})")
    named = kifu_cli("validate", "-q", tmp_path / "package.json", exit_code=EXIT_INVALID)
    assert "package.json:1:1: error[syntax]" in named.stdout
    kifu_cli("validate", "-q", "--records-only", tmp_path / "package.json", tmp_path / "game2.json")


def test_a_commit_of_other_programs_json_alone_passes_the_hook(kifu_cli, tmp_path):
    (tmp_path / "package.json").write_text('{"name": "web-site"}')
    result = kifu_cli("validate", "--records-only", tmp_path / "package.json")
    assert result.stderr.splitlines() == [
        "no kifu records in the files given (1 file of other programs left alone: "
        f"{tmp_path / 'package.json'})"]
    kifu_cli("validate", tmp_path)  # a folder of other JSON only: nothing to check, no error
    (tmp_path / "package.json").unlink()
    kifu_cli("validate", tmp_path, exit_code=EXIT_USAGE)  # nothing at all: a usage error


#: A table of results in a Gomocup tournament's folder, shaped as Gomocup writes its
#: ``_result.pgn`` beside the games: each pairing as a game of chess's PGN whose moves are
#: always "1. d4 d5"; no record of any game kifu reads.
RESULTS_TABLE = """[White "0#ALPHA"]
[Black "1#BETA"]
[Result "0-1"]

1. d4 d5 0-1

[White "1#BETA"]
[Black "0#ALPHA"]
[Result "1/2-1/2"]

1. d4 d5 1/2-1/2
"""


def test_a_table_of_results_in_a_folder_is_left_alone_alike_by_every_command(kifu_cli, tmp_path,
                                                                            monkeypatch):
    """Issue 36: ``validate`` passed over a Gomocup folder's ``_result.pgn`` without a word, and
    ``index`` reported it as "could not be read": both leave it alone and say so once."""
    folder = tmp_path / "Renju"
    folder.mkdir()
    (folder / "_result.pgn").write_text(RESULTS_TABLE)
    shutil.copy(WIN, folder / "game.renju")
    said = "(1 more file of other programs left alone: "
    checked = kifu_cli("validate", folder)
    assert checked.stderr.splitlines()[-1] == said + str(folder / "_result.pgn") + ")"
    assert checked.stderr.count("left alone") == 1 and "_result" not in checked.stdout
    monkeypatch.chdir(tmp_path)
    indexed = kifu_cli("index", "Renju", "-o", "corpus.db")
    assert indexed.stderr.splitlines()[-1] == said + "Renju/_result.pgn)"
    assert "could not be read" not in indexed.stderr and "not indexed" not in indexed.stderr
    assert "1 files read (1 records" in indexed.stderr
    converted = kifu_cli("convert", "Renju", "--to", "json", "--output-dir", "out")
    assert converted.stderr.splitlines()[-1] == said + "Renju/_result.pgn)"
    # -q says nothing; a file named on the command line is read, and is no record
    assert kifu_cli("validate", "-q", folder).stderr == ""
    named = kifu_cli("validate", "-q", folder / "_result.pgn", exit_code=2)
    assert "error[unknown-game]" in named.stdout


def test_standard_input_keeps_its_place_in_a_parallel_run(kifu_cli, tmp_path):
    records(tmp_path, 12, bad={4})
    result = kifu_cli("validate", "-q", "-j", "2", tmp_path / "d0", "-", tmp_path / "d1",
                      input="Game: renju\nh8 h8\n", exit_code=EXIT_INVALID)
    located = [line.split(":")[0] for line in result.stdout.splitlines() if "error[" in line]
    assert located == ["-", str(tmp_path / "d1" / "004.renju")]


def test_jobs_beyond_the_cores_are_capped_and_said(kifu_cli):
    from kifu.run.runner import cores

    result = kifu_cli("validate", "-q", "--jobs", "4096", "examples/renju")
    assert f"--jobs 4096: this machine gives kifu {cores()} core" in result.stderr


def test_a_closed_scheduler_port_is_told_at_once():
    import socket

    with socket.socket() as probe:  # a port nobody listens on
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    start = time.monotonic()
    done = subprocess.run([sys.executable, "-m", "kifu", "validate", "--scheduler",
                           f"tcp://127.0.0.1:{port}", "examples/renju"], capture_output=True,
                          text=True, timeout=120)
    assert done.returncode == 2 and "cannot reach the Dask scheduler" in done.stderr
    assert "waited at most 10 s" in done.stderr
    assert time.monotonic() - start < 9  # refused at once, not after the timeout


def test_large_results_come_back_whole_through_a_pipe_made_wider():
    """A chunk's results larger than a pipe's usual 64 KiB (a worker then waited for this
    process to read them): the pipe they come back through is widened where the system
    lets it, and they come back whole and in order, through a real pool."""
    fcntl = pytest.importorskip("fcntl")
    processes = runner.Processes(2)
    try:
        measure = getattr(fcntl, "F_GETPIPE_SZ", None)
        if measure is not None and _widens(fcntl):
            end = processes._pool._result_queue._writer  # type: ignore[attr-defined]
            assert fcntl.fcntl(end.fileno(), measure) == runner.RESULTS_PIPE
        items = [str(n) for n in range(64)]
        ran = list(runner.Ordered(_Sized(), processes)(items))
    finally:
        processes.close()
    assert ran == [(item, item * 20_000) for item in items]  # 32 x 40 KB a chunk


class _Sized:
    """A task whose results are 20,000 times its items, 32 to a chunk."""

    chunk = 32

    def __call__(self, item: str) -> str:
        return item * 20_000

    def fault(self, item: str, reason: str) -> str:
        return reason

    def local(self, item: str) -> bool:
        return False


def _widens(fcntl: Any) -> bool:
    """Whether this system lets a pipe of this process be widened as kifu's pool's is (the
    room a user's pipes may take in all has a limit of its own)."""
    reader, writer = os.pipe()
    try:
        return fcntl.fcntl(writer, fcntl.F_SETPIPE_SZ, runner.RESULTS_PIPE) == runner.RESULTS_PIPE
    except OSError:
        return False
    finally:
        os.close(reader)
        os.close(writer)


def test_a_chunk_is_sized_to_take_its_worker_a_span_of_time():
    """The chunks after the first are as many files as take a worker about ``SPAN`` seconds,
    from what the chunks before took: never none, never more than ``MOST``."""
    sized, span = runner.sized, runner.SPAN
    assert sized(8, span) == 8
    assert sized(8, span / 4) == 32  # fast files: more to a chunk
    assert sized(8, span * 8) == 1  # slow ones: one at a time, so the last end together
    assert sized(8, span * 1000) == 1
    assert sized(8, span / 1000) == runner.MOST
    assert sized(8, 0.0) == runner.MOST


def test_fast_files_go_out_in_fewer_larger_chunks_and_slow_ones_alone():
    """Through a real pool: files that take their worker microseconds go out in chunks
    grown to ``MOST`` (the pool's own work for a chunk, 0.3 ms of this process, once took
    longer than the files did), files that take long go out one by one; either way every
    result comes back, in order."""
    fast = _Counted(2)
    try:
        items = [str(n) for n in range(6_000)]
        ran = list(runner.Ordered(_Echo(0.0), fast)(items))
    finally:
        fast.close()
    assert ran == [(item, item) for item in items]
    # the first, sent before any came back (one more than the chunks a pool holds: the
    # oldest is waited for once there are more)
    assert fast.sizes[:9] == [runner.CHUNK] * 9
    assert max(fast.sizes) == runner.MOST
    assert len(fast.sizes) < 6_000 / runner.CHUNK / 4

    slow = _Counted(2)
    try:
        items = [str(n) for n in range(80)]
        ran = list(runner.Ordered(_Echo(runner.SPAN), slow)(items))
    finally:
        slow.close()
    assert ran == [(item, item) for item in items]
    assert slow.sizes == [runner.CHUNK] * 9 + [1] * 8


class _Counted(runner.Processes):
    """A real pool that notes the size of each chunk sent to it."""

    def __init__(self, jobs: int) -> None:
        super().__init__(jobs)
        self.sizes: list[int] = []

    def submit(self, task: Any, chunk: list[Any]) -> Any:
        self.sizes.append(len(chunk))
        return super().submit(task, chunk)


class _Echo:
    """A task whose result is its item, each taking ``seconds`` of its worker."""

    def __init__(self, seconds: float) -> None:
        self.seconds = seconds

    def __call__(self, item: str) -> str:
        if self.seconds:
            time.sleep(self.seconds)
        return item

    def fault(self, item: str, reason: str) -> str:
        return reason

    def local(self, item: str) -> bool:
        return False
