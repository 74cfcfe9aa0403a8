"""``kifu serve`` as a user runs it: a real process on a free port of the loopback, that says
its address, answers, and stops cleanly on Ctrl-C (SIGINT); an index it cannot use is said as
``kifu search`` says it, exit status 2."""
from __future__ import annotations

import json
import re
import signal
import subprocess
import sys
import time
import urllib.error
import urllib.request
from pathlib import Path

import pytest

pytest.importorskip("uvicorn")


@pytest.mark.parametrize("workers", [[], ["--workers", "2"]])
def test_the_server_says_its_address_answers_and_stops_on_ctrl_c(openings, workers):
    process = subprocess.Popen([sys.executable, "-m", "kifu", "serve", str(openings[0]),
                                "--port", "0", *workers], stdout=subprocess.PIPE,
                               stderr=subprocess.PIPE, text=True)
    try:
        assert process.stdout is not None
        line = process.stdout.readline()
        found = re.fullmatch(r"kifu serve: \S+ at (http://127\.0\.0\.1:\d+/) \(Ctrl-C stops it\)\n",
                             line)
        assert found, line
        # Several workers listen once each has imported the application: asked until one
        # answers (each opens the index itself).
        for _ in range(120):
            try:
                with urllib.request.urlopen(found.group(1) + "api/games", timeout=30) as answer:
                    assert json.load(answer)["games"][0]["records"] == 60
                break
            except (ConnectionError, urllib.error.URLError):
                time.sleep(0.5)
        else:
            raise AssertionError("no worker answered")
        for _ in range(4):  # each request answered, whichever worker takes it
            with urllib.request.urlopen(found.group(1) + "api/explore?game=renju",
                                        timeout=30) as answer:
                assert json.load(answer)["games"] == 60
        with urllib.request.urlopen(found.group(1), timeout=30) as answer:
            assert b"<html" in answer.read()
    finally:
        process.send_signal(signal.SIGINT)
        out, err = process.communicate(timeout=30)
    assert process.returncode == 0, err
    assert out == "kifu serve: stopped\n"
    assert "Traceback" not in err


@pytest.mark.parametrize("kind", ["missing", "foreign"])
def test_an_index_kifu_cannot_use_gets_the_message_search_gives(tmp_path: Path, kind):
    index = tmp_path / "corpus.db"
    if kind == "foreign":
        index.write_text("a shopping list\n", encoding="utf-8")
    said = [subprocess.run([sys.executable, "-m", "kifu", command, str(index)],
                           capture_output=True, text=True, timeout=60)
            for command in ("serve", "search")]
    assert [done.returncode for done in said] == [2, 2]
    assert said[0].stderr == said[1].stderr
    assert "Traceback" not in said[0].stderr and str(index) in said[0].stderr
