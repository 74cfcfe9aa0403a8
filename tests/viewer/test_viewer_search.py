"""The page of a search's results (``kifu search --format html``) in a real browser: each
record's link opens kifu's viewer at the position found, inside a variation too, and the board
there is what ``kifu render`` draws for that move of that line, the stones found marked."""
from __future__ import annotations

from pathlib import Path

import pytest
from click.testing import CliRunner

from kifu.commands.cli import main
from kifu.run.load import load
from tests.viewer.test_viewer_browser import board, canonical, drawn

pytestmark = pytest.mark.browser


def test_each_result_opens_in_the_viewer_at_its_move(open_page, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    records = tmp_path / "records"
    records.mkdir()
    (records / "main.renju").write_text("Game: renju\n\n1. h8 2. i9 3. j10 4. g7\n",
                                        encoding="utf-8")
    (records / "aside.renju").write_text("Game: renju\n\n1. h8 2. i7 (2. i9 3. j10 4. k11) "
                                         "3. h7\n", encoding="utf-8")
    runner = CliRunner()
    assert runner.invoke(main, ["index", "records", "-o", "corpus.db", "-q"]).exit_code == 0
    done = runner.invoke(main, ["search", "corpus.db", "-p", "records/main.renju@3", "-f", "html",
                                "--output-dir", "out"])
    assert done.exit_code == 0, done.stderr
    results = open_page(tmp_path / "out" / "index.html", script=False)
    links = {Path(text).name: href for text, href in results.page.eval_on_selector_all(
        "td a", "links => links.map(a => [a.textContent, a.getAttribute('href')])")}
    assert links["aside.renju"].endswith("#entry=3&variation=2.1")
    assert links["main.renju"].endswith("#entry=3")
    for name, move, variation in (("aside.renju", "3", "2.1"), ("main.renju", "3", None)):
        page, hash_ = links[name].split("#")
        watched = open_page(tmp_path / "out" / page, "#" + hash_)
        # the stones matched are marked, as kifu serve's viewer marks them
        assert board(watched.page) == canonical(marked(records / name, int(move), variation))
        assert board(watched.page) != canonical(drawn(records / name, move, variation))


def marked(record: Path, move: int, variation: str | None) -> str:
    """What ``kifu render`` draws for a move of a line, every stone of it marked as found."""
    from kifu.corpus.marks import matched
    from kifu.plugin import RenderOptions

    loaded = load(str(record))
    path = tuple(int(part) for part in variation.split(".")) if variation else ()
    position = loaded.position_at(move, path)[0]
    marks = matched(loaded.game, position, None)
    assert marks is not None and len(marks.squares) == move
    return loaded.game.render_svg(position, RenderOptions(), loaded.record, marks)
