"""The progress line of long runs: a rate from the start, an ETA once the lazily counted total is
known, redrawn in place on a terminal and cleared at the end."""
from __future__ import annotations

import io
import shutil
from pathlib import Path

from kifu.commands import console
from kifu.run import progress as progress_module
from kifu.run.progress import LazyCount, Progress, WorkProgress, clock_time
from tests.summary import summary_rows

WIN = Path(__file__).parents[2] / "examples" / "renju" / "four-three-win.renju"


class Clock:
    def __init__(self) -> None:
        self.now = 100.0

    def __call__(self) -> float:
        return self.now


def test_the_total_is_counted_a_few_items_per_step():
    count = LazyCount(iter(range(120)), step=50)
    assert count.total is None
    count.advance()
    count.advance()
    assert count.total is None and count.seen == 100
    count.advance()
    assert count.total == 120
    count.advance()
    assert count.total == 120


def test_rate_first_then_eta_once_the_total_is_known():
    clock, stream = Clock(), io.StringIO()
    progress = Progress(stream, "validating", LazyCount(iter(range(995)), step=10), clock)
    clock.now += 2
    progress.step(100)
    assert progress.line(clock.now) == "validating  100 files  50 files/s"
    for _ in range(99):
        progress.step()
    clock.now += 2
    assert progress.line(clock.now) == "validating  199/995 files  50 files/s  ETA 0:16"
    progress.close()
    drawn = stream.getvalue()
    assert drawn.startswith("\rvalidating  100 files") and drawn.endswith("\r")
    assert drawn.rsplit("\r", 2)[-2].strip() == ""  # the last thing drawn blanks the line


def test_clock_times():
    assert [clock_time(s) for s in (0, 59.6, 61, 3600, 3725)] == [
        "0:00", "1:00", "1:01", "1:00:00", "1:02:05"]


def test_validate_shows_progress_on_a_terminal_only(kifu_cli, tmp_path, monkeypatch):
    for index in range(30):
        shutil.copy(WIN, tmp_path / f"{index:02d}.renju")
    plain = kifu_cli("validate", "-j", "1", tmp_path).stderr
    assert "files/s" not in plain
    monkeypatch.setattr(console, "stderr_is_terminal", lambda: True)
    shown = kifu_cli("validate", "-j", "1", tmp_path).stderr
    assert "\rvalidating  1/30 files" in shown or "\rvalidating  1 files" in shown
    assert "files/s" in shown and shown.splitlines()[-1].split() == [
        "renju", "30", "30", "30", "0", "450", "0", "0"]
    quiet = kifu_cli("validate", "-q", "-j", "1", tmp_path).stderr
    assert quiet == ""


def test_the_progress_line_counts_the_files_the_summary_counts(kifu_cli, tmp_path, monkeypatch):
    # a collection of three games, two records of one game each, another program's JSON
    (tmp_path / "games.sgf").write_text("(;GM[1]SZ[9];B[ee])(;GM[1]SZ[9];B[cc])"
                                        "(;GM[1]SZ[9];B[gg])\n", encoding="utf-8")
    for index in range(2):
        shutil.copy(WIN, tmp_path / f"{index}.renju")
    (tmp_path / "package.json").write_text('{"name": "a web site"}')
    monkeypatch.setattr(console, "stderr_is_terminal", lambda: True)
    monkeypatch.setattr("kifu.run.progress.REDRAW", 0.0)  # every step drawn
    shown = kifu_cli("validate", "-j", "1", tmp_path).stderr
    last = [part for part in shown.split("\r") if part.startswith("validating")][-1]
    assert last.split()[1] == "4/4"  # every file looked at, the one left alone included
    rows = summary_rows(shown)
    assert (rows["freego"]["files"], rows["freego"]["records"]) == (1, 3)
    assert rows["total"]["files"] == 3 and rows["total"]["records"] == 5
    assert shown.splitlines()[-1] == ("(1 more file of other programs left alone: "
                                      f"{tmp_path / 'package.json'})")


# -- one long piece of work (issue 36) -----------------------------------------------------

def test_one_piece_of_work_says_nothing_for_two_seconds_then_how_far_it_has_got():
    clock, stream = Clock(), io.StringIO()
    progress = WorkProgress(stream, "drawing big.lib", "positions", clock=clock)
    progress.expect(1000)
    clock.now += 1.9
    progress.step(100)
    assert stream.getvalue() == ""  # most work is done before anything is said
    clock.now += 0.1
    progress.step(100)
    assert stream.getvalue() == "\rdrawing big.lib  200/1,000 positions  100 positions/s  ETA 0:08"
    progress.close()
    assert stream.getvalue().endswith("\r")


def test_a_long_drawing_and_a_long_replay_show_progress_on_a_terminal_only(
        kifu_cli, tmp_path, monkeypatch):
    """Issue 36: the viewer of a RenLib library of 39,884 positions took minutes and said
    nothing.  Here any work counts as long (``LONG_WORK`` 0): on a terminal, the line is
    drawn and cleared; elsewhere, or with --quiet, nothing."""
    monkeypatch.setattr(progress_module, "LONG_WORK", 0.0)
    page = tmp_path / "page.html"
    assert kifu_cli("render", WIN, "-f", "html", "-o", page).stderr == ""
    monkeypatch.setattr(console, "stderr_is_terminal", lambda: True)
    drawn = kifu_cli("render", WIN, "-f", "html", "-o", page).stderr
    assert f"\rdrawing {WIN}  " in drawn and "/15 positions" in drawn
    assert drawn.endswith("\r")  # the line is cleared: the terminal is left as it was
    assert kifu_cli("render", WIN, "-f", "html", "-o", page, "-q").stderr == ""
    replayed = kifu_cli("show", WIN, "--format", "json").stderr
    assert f"\rreplaying {WIN}  " in replayed and "/15 moves" in replayed
