"""The viewer's pages without a browser: every position is the game's own drawing, the page is
self-contained and small, record text is escaped, and the command line writes pages, fragments
and folder indexes with the usual exit codes."""
from __future__ import annotations

import base64
import functools
import gzip
import json
import random
import re
import subprocess
import sys
import zlib
from difflib import SequenceMatcher
from html.parser import HTMLParser
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from kifu.base.cards import BUILT_IN
from kifu.commands.cli import EXIT_INVALID, EXIT_OK, EXIT_USAGE
from kifu.draw.svg import xml_text
from kifu.plugin import RenderOptions, driver, jsonform, registry
from kifu.reading.source import decode
from kifu.render.viewer import build_view, model, page, views_of_text
from kifu.render.viewer.htmlpage import asset
from kifu.render.viewer.htmlpage import script as viewer_script
from kifu.render.viewer.model import text_applied
from kifu.render.viewer.problems import right_answers
from kifu.render.viewer.svgdiff import SvgTable, apply, difference, pack
from kifu.run.load import load
from tests import examples, measured

ROOT = Path(__file__).resolve().parents[2]
GAMES = examples.GAMES
#: The viewer's own script and style, gzipped, may not pass this (the issue's budget).
BUDGET = 40 * 1024


@functools.cache
def view_of(path: Path):
    """A record and its view, drawn with the default options (built once: tests only read
    them)."""
    loaded = load(str(path))
    return loaded, build_view(loaded.game, loaded.record, str(path), loaded.source.text,
                              RenderOptions())


# -- positions: the game's own drawings, sent as differences --------------------------------

@given(st.lists(st.lists(st.integers(0, 12), max_size=30), min_size=1, max_size=6))
def test_differences_rebuild_every_drawing(drawings):
    before: list[int] = []
    for after in drawings:
        assert apply(before, difference(before, after)) == after
        before = after


@given(st.lists(st.integers(0, 40), max_size=30), st.lists(st.integers(0, 40), max_size=30))
def test_differences_are_those_of_sequencematcher(before, after):
    """Where the lines two drawings share stand in the same order, once each (a stone put down,
    the last move's mark and the legend changed), the edits are worked out by a walk of both,
    not by ``SequenceMatcher`` (a third of the time the viewer's page of a large library took),
    and are the same edits."""
    start = 0
    while start < min(len(before), len(after)) and before[start] == after[start]:
        start += 1
    end = 0
    while end < min(len(before), len(after)) - start and before[-1 - end] == after[-1 - end]:
        end += 1
    old, new = before[start:len(before) - end], after[start:len(after) - end]
    expected = [number for tag, i1, i2, j1, j2 in SequenceMatcher(None, old, new).get_opcodes()
                if tag != "equal" for number in (start + i1, i2 - i1, j2 - j1, *new[j1:j2])]
    assert difference(before, after) == expected


@given(st.text())
def test_svg_text_keeps_exactly_what_xml_can_hold(text):
    def allowed(c: str) -> bool:
        return (c in "\t\n" or "\x20" <= c <= "\ud7ff" or "\ue000" <= c <= "\ufffd"
                or c >= "\U00010000")

    assert xml_text(text) == "".join(c if allowed(c) else "\ufffd" for c in text)


def test_a_table_gives_back_the_text_it_was_given():
    table = SvgTable()
    svg = '<svg a="1">\n  <text x="2">two  spaces</text>\n\n</svg>\n'
    assert table.text(table.encode(svg)) == svg
    assert table.text(table.encode(svg.replace("2", "3"))) == svg.replace("2", "3")


def test_a_page_defines_each_glyph_once_and_a_drawing_alone_defines_its_own():
    """A page defines the outlines of kifu's glyphs once for all its drawings (``.kv-glyphs``,
    found by ``<use>`` anywhere in the document); a drawing taken out of the page (a download,
    ``GameView.svg``) defines those it draws again, as ``kifu render`` writes it."""
    loaded, view = view_of(examples.EXAMPLES / "gungi" / "short-game.gungi")
    drawn = loaded.game.render_svg(loaded.game.start(loaded.record), RenderOptions(),
                                   loaded.record)
    assert "<defs>" in drawn and view.svg(0) == drawn
    assert "<defs>" not in view.page_svg(0) and 'href="#kg-' in view.page_svg(0)
    written = page([view])
    assert written.count('id="kg-5175"') == 1  # 兵, on every board of the game
    assert written.index('class="kv-glyphs"') < written.index('class="kv-board"')


def unpack(packed, edits: str, before: list[str]) -> list[str]:
    """What the script does with packed edits: base 36 numbers, lines of token numbers."""
    numbers = [int(n, 36) for n in edits.split(",")] if edits else []
    after, shift, at = list(before), 0, 0
    while at < len(numbers):
        start, removed, added = numbers[at:at + 3]
        codes = packed.lines.split(" ")
        after[start + shift:start + shift + removed] = [
            " ".join(packed.tokens[int(t, 36)] for t in codes[n].split(","))
            for n in numbers[at + 3:at + 3 + added]]
        shift += added - removed
        at += 3 + added
    return after


def test_packing_keeps_every_line_and_numbers_common_ones_first():
    table = SvgTable()
    texts = ("<a>\n <b/>\n</a>", "<a>\n <b/>\n <c/>\n <b/>\n</a>", "<a>\n</a>")
    drawings = [table.encode(text) for text in texts]
    edits = [difference(before, after) for before, after in zip([[], *drawings], drawings)]
    packed = pack(table, edits)
    lines: list[str] = []
    for text, packed_edits in zip(texts, packed.edits):
        lines = unpack(packed, packed_edits, lines)
        assert "\n".join(lines) == text
    assert packed.tokens[0] == ""  # the indentation's empty token is the most used


@pytest.mark.parametrize("game", GAMES)
def test_every_position_of_every_line_is_the_games_own_drawing(game):
    """Each node of the tree, on the main line and in every variation, is drawn exactly as the
    game draws that position (and turned round exactly as ``--flip`` draws it)."""
    flipped = RenderOptions(flip=True)
    for path in examples.legal(game):
        loaded, view = view_of(path)
        record, rules = loaded.record, loaded.game
        lines = [(), *(p for p, _, _ in record.walk() if p)]
        for line in lines:
            node = 0
            assert view.svg(0) == rules.render_svg(rules.start(record), RenderOptions(), record)
            for step in driver.replay(rules, record, path=line):
                wanted = dict(zip(line[::2], line[1::2])).get(view.nodes[node].depth + 1, 0)
                node = next(c for c in view.nodes[node].children
                            if view.nodes[c].choice == wanted)
                assert view.nodes[node].number == step.number
                assert view.svg(node) == rules.render_svg(step.position, RenderOptions(), record)
            if line == ():
                table = view.table
                flipped_lines = _rebuild(view, node, flipped=True)
                drawn = rules.render_svg(step.position, flipped, record)
                assert table.document(flipped_lines) == drawn


def _rebuild(view, node: int, flipped: bool) -> list[int]:
    chain = []
    while node >= 0:
        chain.append(node)
        node = view.nodes[node].parent
    lines: list[int] = []
    for index in reversed(chain):
        lines = apply(lines, view.nodes[index].edits[1 if flipped else 0])
    return lines


def test_a_chain_is_drawn_link_by_link_as_the_game_draws_its_frames():
    record = examples.EXAMPLES / "rengi" / "seven-chain.rengi"
    loaded, view = view_of(record)
    game, rec = loaded.game, loaded.record
    fired = [i for i, n in enumerate(view.nodes) if n.frames]
    assert fired and all(view.nodes[i].words for i in fired)
    for _index, step in enumerate(driver.replay(game, rec), start=1):
        node = view.node_at(step.number) if step.number is not None else None
        if node not in fired:
            continue
        lines = _rebuild(view, node, flipped=False)
        for k, (edits, _) in enumerate(view.nodes[node].frames):
            options = RenderOptions(extras={"frame": str(k)})
            assert view.table.document(apply(lines, edits)) == game.render_svg(
                step.position, options, rec)
        assert len(view.nodes[node].frames) == len(game.frames(step.position)) > 1


def test_options_reach_every_drawing():
    record = examples.EXAMPLES / "renju" / "double-three.renju"
    options = RenderOptions(numbers=True, extras={"forbidden": "yes"})
    loaded = load(str(record))
    game, rec = loaded.game, loaded.record
    view = build_view(game, rec, str(record), loaded.source.text, options)
    marked = 0
    for step in driver.replay(game, rec):
        node = view.node_at(step.number)
        drawn = game.render_svg(step.position, options, rec)
        assert view.svg(node) == drawn
        marked += 'class="forbidden"' in drawn
    assert marked


def test_a_fault_stands_in_place_of_the_move_that_broke_the_rule():
    path = examples.EXAMPLES / "invalid" / "renju" / "occupied-point.renju"
    _, view = view_of(path)
    fault = view.nodes[view.final]
    assert fault.fault and fault.notation == "h8" and fault.depth == 6
    assert view.nodes[fault.parent].number == 5
    [problem] = fault.diagnostics
    assert (problem["line"], problem["column"], problem["rule"]) == (6, 4, "occupied")
    assert view.svg(view.final) == view.svg(fault.parent)
    assert not view.legal and view.moves == 5


def test_a_faulty_variation_keeps_the_rest_of_the_tree():
    path = examples.EXAMPLES / "invalid" / "rengoma" / "variation-illegal.rengoma"
    _, view = view_of(path)
    faults = [n for n in view.nodes if n.fault]
    assert faults and all(n.path for n in faults)
    assert not any(n.fault for n in view.nodes if not n.path)


def test_a_result_that_disagrees_is_shown_after_the_last_move():
    _, view = view_of(examples.EXAMPLES / "invalid" / "renju" / "result-mismatch.renju")
    last = view.nodes[view.final]
    assert last.fault and last.notation == "" and last.diagnostics[0]["code"] == "result"


@pytest.mark.parametrize("game", GAMES)
def test_moves_carry_comments_events_in_words_and_a_status(game):
    words = []
    for path in examples.legal(game):
        _, view = view_of(path)
        assert all(n.status for n in view.nodes if not n.fault), path
        assert view.nodes[view.final].status.startswith("game over") == (view.outcome is not None)
        words.extend(w for n in view.nodes for w in n.words)
    assert words and all(w and not w.startswith("{") for w in words)


# -- the page: self-contained, escaped, small ------------------------------------------------

class _Collect(HTMLParser):
    """Tags and attributes of a page, as a browser's parser sees them."""

    def __init__(self) -> None:
        super().__init__()
        self.tags: list[tuple[str, dict[str, str | None]]] = []
        self.scripts: list[str] = []
        self._in_script = False

    def handle_starttag(self, tag, attrs):
        self.tags.append((tag, dict(attrs)))
        self._in_script = tag == "script"

    def handle_endtag(self, tag):
        self._in_script = False

    def handle_data(self, data):
        if self._in_script:
            self.scripts.append(data)


def parsed(text: str) -> _Collect:
    collect = _Collect()
    collect.feed(text)
    return collect


def test_the_viewers_own_script_and_style_fit_the_budget():
    size = len(gzip.compress((viewer_script() + asset("viewer.css")).encode(), 9))
    assert size <= BUDGET, f"{size} bytes gzipped"


@pytest.mark.parametrize("game", GAMES)
def test_a_page_refers_to_nothing_outside_itself(game):
    _, view = view_of(examples.legal(game)[0])
    text = page([view])
    doc = parsed(text)
    for tag, attrs in doc.tags:
        assert "src" not in attrs, tag
        assert not (attrs.get("href") or "#").split("#")[0], (tag, attrs)
        assert tag not in ("link", "iframe", "img", "object", "embed", "base"), tag
    # no URL but the font of kifu's own glyphs, inline (kifu.draw.glyphs)
    assert "@import" not in text and "url(" not in text.replace("url(data:font/otf;base64,", "")
    assert re.findall(r"https?://[^\\\"' <]*", text) == ["http://www.w3.org/2000/svg"] * len(
        re.findall(r"https?://[^\\\"' <]*", text))


HOSTILE = "</script><img src=x onerror=alert(1)>\u202eevil\u202c & <b>bold</b> \x07"


def hostile_record() -> str:
    return (f"Game: renju\nEvent: {HOSTILE}\nBlack: {HOSTILE}\nWhite: \u202eetihw\n\n"
            f"{{{HOSTILE}}}\n1. h8 {{{HOSTILE}}} 2. i9 3. h8\n")


def test_every_text_from_a_record_is_escaped():
    [view] = views_of_text(hostile_record(), "x</script>.renju", lambda g: RenderOptions())
    text = page([view])
    doc = parsed(text)
    assert [t for t, _ in doc.tags if t in ("img", "b")] == []
    assert "<img" not in text and "</script><" not in text.replace("</script>\n", "")
    for script in doc.scripts:
        if script.startswith("{") and "title" in script[:20]:
            data = json.loads(script)
            assert HOSTILE.replace("\x07", "\ufffd") in data["title"]
    assert "\x07" not in text
    # record text stands in an element of its own direction
    assert "<bdi>&lt;/script&gt;&lt;img src=x onerror=alert(1)&gt;\u202eevil\u202c" in text


@given(st.sampled_from([p for g in GAMES for p in examples.legal(g) + examples.invalid(g)
                        if p.stat().st_size < 4000]),
       st.integers(0, 10 ** 6), st.binary(min_size=1, max_size=4))
def test_mutated_records_give_a_page_and_never_an_exception(path, seed, junk):
    data = path.read_bytes()
    at = seed % (len(data) + 1)
    mutated = data[:at] + junk + data[at + seed % 5:]
    try:
        text = decode(mutated, path.name).text
    except Exception:  # noqa: BLE001 - undecodable input is the reader's business
        return
    views = views_of_text(text, path.name, lambda g: RenderOptions())
    assert page(views).startswith("<!DOCTYPE html>")


# -- the command line ------------------------------------------------------------------------

def test_render_html_writes_one_page(kifu_cli, tmp_path):
    out = tmp_path / "game.html"
    record = examples.EXAMPLES / "renju" / "problem-four-three.renju"
    kifu_cli("render", record, "--format", "html", "--no-problem", "-o", out, exit_code=EXIT_OK)
    text = out.read_text(encoding="utf-8")
    assert text.startswith("<!DOCTYPE html>") and text.count('class="kv-game"') == 1
    final = kifu_cli("render", record).stdout
    assert final.replace("<svg ", "<svg role=", 1).split(">", 1)[1] in text


def test_render_html_of_an_illegal_record_writes_the_page_and_exits_1(kifu_cli, tmp_path):
    out = tmp_path / "bad.html"
    record = examples.EXAMPLES / "invalid" / "renju" / "occupied-point.renju"
    result = kifu_cli("render", record, "-f", "html", "-o", out, exit_code=EXIT_INVALID)
    assert "error[illegal-move]" in result.stderr and ":6:4:" in result.stderr
    text = out.read_text(encoding="utf-8")
    assert "kv-err" in text and "[rule: occupied]" in text and "<mark>h8</mark>" in text


def test_render_html_of_a_syntax_error_shows_the_diagnostic(kifu_cli, tmp_path):
    out = tmp_path / "syntax.html"
    record = examples.EXAMPLES / "invalid" / "renju" / "syntax-error.renju"
    kifu_cli("render", record, "-f", "html", "-o", out, exit_code=EXIT_INVALID)
    text = out.read_text(encoding="utf-8")
    assert "kv-unreadable" in text and "error[syntax]" in text
    assert '<figure class="kv-board"' not in text


def test_render_html_usage_errors(kifu_cli, tmp_path):
    kifu_cli("render", tmp_path / "missing.renju", "-f", "html", exit_code=EXIT_USAGE)
    kifu_cli("render", examples.EXAMPLES / "renju", "-f", "html", exit_code=EXIT_USAGE)
    kifu_cli("render", examples.EXAMPLES / "renju", exit_code=EXIT_USAGE)
    kifu_cli("render", examples.EXAMPLES / "renju" / "double-four.renju", "--fragment",
             exit_code=EXIT_USAGE)
    kifu_cli("render", examples.EXAMPLES / "renju" / "double-four.renju", "-f", "html",
             "--move", "999", exit_code=EXIT_USAGE)


def test_render_html_opens_at_the_move_asked_for(kifu_cli, tmp_path):
    record = examples.EXAMPLES / "renju" / "problem-four-three.renju"
    out = tmp_path / "v.html"
    kifu_cli("render", record, "-f", "html", "-m", "3", "-V", "2.1", "-o", out)
    drawn = kifu_cli("render", record, "-m", "3", "-V", "2.1").stdout
    text = out.read_text(encoding="utf-8")
    assert drawn.split(">", 1)[1].rstrip("\n") in text
    assert '<span class="kv-current">3.\u00a0' in text


def test_fragment_is_a_block_without_ids_or_page_structure(kifu_cli):
    record = examples.EXAMPLES / "gungi" / "short-game.gungi"
    text = kifu_cli("render", record, "-f", "html", "--fragment").stdout
    doc = parsed(text)
    assert text.startswith('<section class="kifu-viewer" data-key="short-game"')
    assert not any(tag in ("html", "head", "body") for tag, _ in doc.tags)
    # but the outlines of the drawing's glyphs (kifu.draw.glyphs), the same in every drawing
    assert not any("id" in attrs for tag, attrs in doc.tags
                   if not (tag == "path" and attrs.get("id", "").startswith("kg-")))
    assert all(attrs["href"].startswith("#short-game.") for tag, attrs in doc.tags
               if tag == "a")


def collection(folder: Path, broken_second: bool = False) -> Path:
    """Two games in one SGF file, the second with an off-board move if asked."""
    first = "(;GM[1]FF[4]SZ[9]KM[6.5]PB[Sente]PW[Gote]EV[first game];B[ee];W[cc];B[gc];W[cg])"
    second = "(;GM[1]SZ[9]PB[Ann]PW[Bo]EV[second game];B[ee];W[dd];B[" + (
        "zz" if broken_second else "cc") + "])"
    path = folder / "two.sgf"
    path.write_text(f"{first}\n{second}\n", encoding="utf-8")
    return path


def test_an_sgf_collection_shows_a_list_of_its_games(kifu_cli, tmp_path):
    out = tmp_path / "two.html"
    kifu_cli("render", collection(tmp_path), "-f", "html", "-o", out)
    text = out.read_text(encoding="utf-8")
    # one game built in the page, every game in the picker and as data
    assert text.count('<article class="kv-game') == 1 and 'class="kv-games"' in text
    assert text.count('class="kv-data"') == 2
    assert 'href="#game=2"' in text and "second game" in text


def test_untitled_games_of_a_collection_are_listed_by_number_and_first_comment(kifu_cli,
                                                                              tmp_path):
    """Problem collections name their problems in the root comment, not in a title."""
    path = tmp_path / "problems.sgf"
    path.write_text("(;GM[1]SZ[9]AB[cc]AW[dd]C[problem 1: black to live])\n"
                    "(;GM[1]SZ[9]AB[ee]AW[ff])\n", encoding="utf-8")
    out = tmp_path / "problems.html"
    kifu_cli("render", path, "-f", "html", "-o", out)
    listed = out.read_text(encoding="utf-8").split('class="kv-games"')[1].split("</nav>")[0]
    assert "Game 1: problem 1: black to live" in listed and "Game 2<" in listed
    assert str(path) not in listed


def test_one_broken_game_of_a_collection_is_shown_with_its_diagnostic(kifu_cli, tmp_path):
    out = tmp_path / "two.html"
    result = kifu_cli("render", collection(tmp_path, broken_second=True), "-f", "html", "-o",
                      out, exit_code=EXIT_INVALID)
    assert "two.sgf:2:" in result.stderr
    text = out.read_text(encoding="utf-8")
    assert text.count('class="kv-data"') == 2 and "kv-bad" in text


def test_a_folder_gives_a_page_per_record_and_an_index(kifu_cli, tmp_path):
    source = tmp_path / "records"
    for game in GAMES:
        (source / game).mkdir(parents=True)
        first = examples.legal(game)[0]
        (source / game / first.name).write_bytes(first.read_bytes())
    bad = examples.EXAMPLES / "invalid" / "renju" / "occupied-point.renju"
    (source / "renju" / bad.name).write_bytes(bad.read_bytes())
    collection(source)
    out = tmp_path / "site"
    result = kifu_cli("render", source, "-f", "html", "--output-dir", out,
                      exit_code=EXIT_INVALID)
    assert "occupied-point.renju:6:4: error[illegal-move]" in result.stderr
    pages = sorted(p.relative_to(out).as_posix() for p in out.rglob("*.html"))
    assert "index.html" in pages and "renju/occupied-point.html" in pages
    assert len(pages) == len(GAMES) + 3  # a file per game, the broken one, two.sgf, the index
    index = (out / "index.html").read_text(encoding="utf-8")
    doc = parsed(index)
    links = [attrs["href"] for tag, attrs in doc.tags if tag == "a"]
    assert "two.html#game=2" in links
    assert all((out / link.split("#")[0]).exists() for link in links)
    # the head, a game per game's file, the broken one and the two games of the collection
    assert index.count("<tr>") == 1 + len(GAMES) + 1 + 2
    assert "kv-illegal" in index and "occupied" in index and "Sente" in index
    assert "<bdi>first game</bdi></a><br>" in index  # the record's name, its file under it


def test_a_folder_lists_what_could_not_be_read(kifu_cli, tmp_path):
    source = tmp_path / "records"
    source.mkdir()
    (source / "empty.renju").write_bytes(b"")
    (source / "syntax.renju").write_bytes(
        (examples.EXAMPLES / "invalid" / "renju" / "syntax-error.renju").read_bytes())
    out = tmp_path / "site"
    kifu_cli("render", source, "-f", "html", "--output-dir", out, exit_code=EXIT_INVALID)
    index = (out / "index.html").read_text(encoding="utf-8")
    assert index.count('<td class="kv-illegal">') == 2
    assert "syntax.html" in index  # a page showing the diagnostic
    assert "empty.renju" in index


def test_render_html_as_a_real_process(tmp_path):
    out = tmp_path / "p.html"
    record = examples.EXAMPLES / "rengoma" / "study-chip-finish.rengoma"
    done = subprocess.run([sys.executable, "-m", "kifu", "render", str(record), "--format",
                           "html", "-o", str(out)], capture_output=True, text=True, check=False)
    assert done.returncode == EXIT_OK, done.stderr
    assert out.read_text(encoding="utf-8").rstrip().endswith("</html>")


# -- problems, scale, what a page carries ------------------------------------------------------

def test_records_that_set_a_task_are_problems_and_games_are_not():
    problems = ["renju/problem-four-three.renju", "freego/problem.freego",
                "rengoma/study-chip-finish.rengoma"]
    for name in problems:
        assert view_of(examples.EXAMPLES / name)[1].problem, name
    for name in ["renju/yamaguchi-opening.renju", "gungi/short-game.gungi"]:
        assert not view_of(examples.EXAMPLES / name)[1].problem, name


def problem_view(text: str, problem: bool | None = None):
    [view] = views_of_text(text, "p.sgf", lambda g: RenderOptions(), problem=problem)
    return view


def test_a_problem_opens_at_its_start_and_its_main_line_is_the_solution():
    view = problem_view("(;GM[1]SZ[9]AB[cc]AW[dd]C[Black to play and live];B[ee];W[ff](;B[gg])"
                        "(;B[hh]))")
    assert view.problem and view.shown == 0
    right = right_answers(view.nodes)
    wrong = [i for i, n in enumerate(view.nodes) if n.choice]
    assert view.nodes[0].children[0] in right and wrong and not set(wrong) & set(right)


def test_marked_answers_decide_what_is_right():
    """A move is right when its line reaches a "Correct" mark, whatever the order."""
    view = problem_view("(;GM[1]SZ[9]AB[cc]AW[dd];B[ee]C[Wrong: too slow](;W[ff])"
                        "(;W[gg];B[hh]C[Correct!])))")
    assert view.problem
    right = right_answers(view.nodes)
    first = view.nodes[0].children[0]
    assert first not in right
    correct = next(i for i, n in enumerate(view.nodes) if n.comments == ["Correct!"])
    assert correct in right and view.nodes[correct].parent in right


def test_sgf_te_and_bm_mark_the_answers_of_a_go_problem():
    """Go's SGF reader keeps TE (tesuji) and BM (bad move) in their nodes, and they mark the
    right and the wrong answer."""
    view = problem_view("(;GM[1]SZ[9]AB[cc]AW[dd](;B[ee]BM[1];W[ff])(;B[gg]TE[1]))")
    assert view.problem
    right = right_answers(view.nodes)
    good = next(i for i, n in enumerate(view.nodes) if n.mark == 1)
    bad = next(i for i, n in enumerate(view.nodes) if n.mark == -1)
    assert good in right and bad not in right


def test_the_problem_option_decides_for_every_record():
    text = "(;GM[1]SZ[9];B[ee];W[ff])"
    assert not problem_view(text).problem
    assert problem_view(text, problem=True).problem
    assert not problem_view("(;GM[1]SZ[9]AB[cc]C[Black to play])", problem=False).problem


def test_a_problems_board_is_cropped_to_its_view_or_its_stones_part():
    """SGF's VW names the part to show; without it, the box of every stone of the problem's
    tree (an answer played outside the set-up included) with two lines around it, each side
    near an edge taken to the edge; turned round, the same part where the drawing puts it."""
    shown = problem_view("(;GM[1]SZ[19]VW[aa:jj]AB[cc]AW[dd]C[Black to play](;B[ee]))")
    whole = float(re.search(r'viewBox="0 0 ([\d.]+)', shown.svg(0)).group(1))
    left, top, across, down = shown.crop[0]
    assert (left, top) == (0, 0) and across == down and 0.5 < across / whole < 0.6
    assert shown.crop[1] == (whole - across, whole - down, across, down)
    # stones on lines 3-5 of the top right corner, an answer on line 8: lines 1-10, to the edge
    corner = problem_view("(;GM[1]SZ[19]AB[pc][qc]AW[qd][rd]C[Black to play](;B[ph])(;B[rb]))")
    left, top, across, down = corner.crop[0]
    assert top == 0 and left + across == whole and 0.45 < down / whole < 0.55
    assert 0.3 < across / whole < 0.4
    assert problem_view("(;GM[1]SZ[9]AB[cc][gg]AW[ee]C[Black to play];B[dd])").crop == (None, None)
    renju = view_of(examples.EXAMPLES / "renju" / "problem-four-three.renju")[1]
    assert renju.crop[0] is not None
    assert not view_of(examples.EXAMPLES / "rengoma" / "study-chip-finish.rengoma")[1].crop[0]


def test_every_language_has_every_word_the_script_says():
    """One table a language (words.json), keyed by the English: each has the same keys, and
    every string the script translates (``t("...")``, ``tf("...")``) is among them, with the
    same places to fill ({0}, {1}...)."""
    folder = ROOT / "kifu" / "render" / "viewer"
    tables = json.loads((folder / "words.json").read_text(encoding="utf-8"))
    assert tables.pop("names") == {"en": "English", "ja": "日本語", "zh": "中文",
                                   "ko": "한국어"}
    assert set(tables) == {"ja", "zh", "ko"}
    script = (folder / "viewer.js").read_text(encoding="utf-8")
    said = set(re.findall(r'\btf?\("((?:[^"\\]|\\.)+)"', script))
    for either in re.findall(r't\(\w+ \? "([^"]+)" : "([^"]+)"\)', script):
        said |= set(either)
    for language, table in tables.items():
        assert set(table) == set(tables["ja"]), language
        assert said <= set(table), (language, said - set(table))
        for english, words in table.items():
            assert sorted(re.findall(r"\{\d\}", english)) == sorted(
                re.findall(r"\{\d\}", words)), (language, english)


def test_a_record_of_more_than_ten_thousand_positions_gets_its_page():
    """No cap on positions below kifu's own limits: only the drawings a variation may still
    start from are held while the tree is built."""
    moves = "1. h8" + " (i9)" * 10_050 + " 2. i9 3. j10\n"
    [view] = views_of_text("Game: renju\n\n" + moves, "v.renju", lambda g: RenderOptions())
    assert view.failure is None and len(view.nodes) == 10_054
    text = page([view])
    assert text.count("kv-fault") == 0 and len(text) < 4_000_000
    assert view.svg(5000) == view.svg(2)  # every variation is i9 instead of h8


def packed_page(views) -> tuple[dict, list[dict]]:
    doc = parsed(page(views))
    blocks = [json.loads(s) for s in doc.scripts if s.startswith("{")]
    return blocks[0], blocks[1:]


def unpack_lines(shared: dict) -> list[str]:
    codes = shared["lines"].split(" ")
    return [" ".join(shared["tokens"][int(t, 36)] for t in code.split(",")) for code in codes]


def turned(shared: dict, line: int) -> int:
    """What the script does: the counterpart of a line as the board turned round draws it."""
    flag = shared["pairs"][line:line + 1]
    others = [int(n, 36) for n in shared["others"].split(",")] if shared["others"] else []
    return {"1": line + 1, "2": line - 1}.get(flag, dict(zip(others[::2], others[1::2])).get(
        line, line))


def page_drawing(shared: dict, data: dict, node: int, variant: int) -> str:
    """A node's drawing as the script builds it from the page's data."""
    lines = unpack_lines(shared)
    parents = list(range(-1, len(data["edits"]) - 1))
    for at, parent in zip(data["jumps"][::2], data["jumps"][1::2]):
        parents[at] = parent
    chain = []
    while node >= 0:
        chain.append(node)
        node = parents[node]
    drawn: list[int] = []
    own = (data["edits"], data["flipped"], data.get("numbered"), data.get("numflipped"))
    for index in reversed(chain):
        if variant in (0, 2) or str(index) in own[variant]:
            packed = own[variant][index if variant in (0, 2) else str(index)]
            numbers = [int(n, 36) for n in packed.split(",")] if packed else []
        else:
            plain = own[variant - 1][index]
            numbers = [int(n, 36) for n in plain.split(",")] if plain else []
            at = 0
            while at < len(numbers):
                added = numbers[at + 2]
                numbers[at + 3:at + 3 + added] = [turned(shared, n)
                                                  for n in numbers[at + 3:at + 3 + added]]
                at += 3 + added
        drawn = apply(drawn, numbers)
    return "\n".join(lines[n] for n in drawn)


@pytest.mark.parametrize("game", GAMES)
def test_the_page_rebuilds_every_variant_of_every_position(game):
    """As drawn, turned round, numbered: what the script rebuilds from the shared table, the
    edits and the turned-round counterparts is the game's own drawing."""
    path = examples.legal(game)[0]
    loaded, view = view_of(path)
    shared, [data] = packed_page([view])
    rules, record = loaded.game, loaded.record
    for variant in range(view.variants):
        flip, numbers = variant & 1 == 1, variant & 2 == 2
        options = RenderOptions(flip=flip, numbers=numbers)
        entries = sum(1 for _ in driver.replay(rules, record))
        for depth in (0, 1, entries):
            node = 0
            for _ in range(depth):
                node = view.nodes[node].children[0]
            position = rules.start(record)
            for index, step in enumerate(driver.replay(rules, record), start=1):
                if index == depth:
                    position = step.position
                    break
            assert page_drawing(shared, data, node, variant) == as_on_the_page(
                rules.render_svg(position, options, record)), (variant, depth)


def as_on_the_page(svg: str) -> str:
    """A drawing as a page holds it: its glyph outlines defined by the page, not by it."""
    table = SvgTable()
    return table.text(table.encode(svg))


def test_a_collection_shares_one_table_of_drawings(tmp_path):
    games = "".join(f"(;GM[1]SZ[9]AB[{c}c]C[problem {n}])\n" for n, c in enumerate("abcdefg"))
    views = views_of_text(games, "set.sgf", lambda g: RenderOptions())
    shared, datas = packed_page(views)
    assert len(datas) == 7 and "tokens" not in datas[3]
    for index in (0, 6):
        assert page_drawing(shared, datas[index], 0, 0) == views[index].page_svg(0)
    alone = len(page(views[:1]))
    assert len(page(views)) < 2.5 * alone  # the board's lines are carried once


def test_the_text_diagram_of_every_position_is_the_games_own():
    loaded, view = view_of(examples.EXAMPLES / "renju" / "yamaguchi-opening.renju")
    rules, record = loaded.game, loaded.record
    checked = 0
    for step in driver.replay(rules, record):
        node = view.node_at(step.number) if step.number is not None else None
        if node is not None:
            checked += 1
            assert view.text(node) == rules.render_text(step.position,
                                                         RenderOptions()).rstrip("\n")
    assert checked > 10


def test_a_page_offers_the_record_as_written_as_sgf_and_as_json(tmp_path):
    path = examples.EXAMPLES / "renju" / "yamaguchi-opening.renju"
    text = path.read_text(encoding="utf-8")
    [view] = views_of_text(text, str(path), lambda g: RenderOptions())
    shared, [data] = packed_page_text([view], text)
    assert shared["file"] == [path.name, text]
    files = {label: (name, body) for label, name, body in data["files"]}
    assert files["SGF"][0] == "yamaguchi-opening.sgf" and files["SGF"][1].startswith("(;")
    from kifu.plugin import jsonform
    assert jsonform.loads(files["JSON"][1]) == view.record


def packed_page_text(views, text):
    doc = parsed(page(views, text=text))
    blocks = [json.loads(s) for s in doc.scripts if s.startswith("{")]
    return blocks[0], blocks[1:]


def test_a_page_has_a_readable_head_not_a_dump_of_its_headers():
    path = examples.EXAMPLES / "renju" / "yamaguchi-opening.renju"
    _, view = view_of(path)
    text = page([view])
    head = text.split('<header class="kv-head">')[1].split("</header>")[0]
    visible = head.split('<details class="kv-all">')[0]
    assert "Goto Yui" in visible and "2026" in visible and str(path) not in visible
    assert "<title>Yamaguchi opening demonstration" in text
    untitled = views_of_text("(;GM[1]SZ[9]PB[Ann]PW[Bo];B[ee])", "/deep/folder/game.sgf",
                             lambda g: RenderOptions())[0]
    assert untitled.title == "Ann vs Bo"
    nameless = views_of_text("(;GM[1]SZ[9];B[ee])", "/deep/folder/game.sgf",
                             lambda g: RenderOptions())[0]
    assert nameless.title == "game.sgf"


# -- bounds (issue 38) -----------------------------------------------------------------------

def test_a_page_shows_at_most_its_positions_its_games_together(kifu_cli, tmp_path, monkeypatch):
    """A RenLib library of 39,884 positions took 342 s, and nothing bounded a page: a page
    shows at most ``MAX_POSITIONS`` (50,000; that library's page takes about 20 s now), and a
    game of a collection past them is a diagnostic of its own."""
    monkeypatch.setattr(model, "MAX_POSITIONS", 6)
    collection = tmp_path / "three.sgf"
    collection.write_text("(;GM[1]SZ[9];B[ee];W[cc])(;GM[1]SZ[9];B[dd];W[ff])"
                          "(;GM[1]SZ[9];B[aa])\n", encoding="utf-8")
    text = collection.read_text(encoding="utf-8")
    views = views_of_text(text, str(collection), lambda game: RenderOptions())
    assert [view.failure is None for view in views] == [True, True, False]
    assert "at most 6 positions, the games of a file together, and this record has 2 more" \
        in views[2].failure["message"]
    monkeypatch.setattr(model, "MAX_POSITIONS", 2)
    said = kifu_cli("render", "-f", "html", examples.EXAMPLES / "renju" / "double-four.renju",
                    "-o", tmp_path / "page.html", exit_code=EXIT_INVALID)
    assert "error[limit]: a page of the viewer shows at most 2 positions" in said.stderr
    assert "[rule: viewer-positions]" in said.stderr


def test_a_page_draws_at_most_its_characters_of_svg(kifu_cli, tmp_path, monkeypatch):
    """Positions cost what their drawings do: one on a Free-form Go board of 6,000 cells is
    4 million characters, a Renju one 30,000.  A page stops at ``MAX_DRAWN`` characters (an
    800-move record on such a board: refused after 22 s and 320 MB, at its 366th position)."""
    monkeypatch.setattr(model, "MAX_DRAWN", 50_000)
    said = kifu_cli("render", "-f", "html", examples.EXAMPLES / "renju" / "double-four.renju",
                    "-o", tmp_path / "page.html", exit_code=EXIT_INVALID)
    assert "error[limit]: a page of the viewer draws at most 50,000 characters of SVG" \
        in said.stderr
    assert "[rule: viewer-drawings]" in said.stderr


def a_renlib_library_of(alternatives: int) -> bytes:
    """A RenLib library (``h8`` first) of ``alternatives`` second moves, each followed by as
    many third moves: ``1 + n + n²`` positions, as RenLib writes them."""
    from kifu.base.record import Node, Record
    from kifu.builtin.renju.archives import renlib
    from kifu.builtin.renju.moves import Place, Point

    points = [Place(Point(x, y)) for x in range(15) for y in range(15) if (x, y) != (7, 7)]
    points = points[:alternatives]

    def after(depth: int) -> list[Node]:
        line = [Node(points[0])] + (after(depth - 1) if depth > 1 else [])
        line[0].variations = [[Node(move)] + (after(depth - 1) if depth > 1 else [])
                              for move in points[1:]]
        return line

    record = Record(game="renju", headers={"Game": "renju"})
    record.moves = [Node(Place(Point(7, 7))), *after(2)]
    return renlib.write(record).encode("latin-1")


def test_a_renlib_library_of_more_positions_than_a_page_shows_is_refused_before_drawing(
        tmp_path):
    """Issue 38: the page of a real RenLib library of 97 KB, 39,884 positions, took 342 s,
    and nothing bounded a page.  A library of 100 KB and 50,402 positions is refused at once,
    as a user runs kifu: its positions are counted before one is drawn."""
    library = tmp_path / "large.lib"
    library.write_bytes(a_renlib_library_of(224))
    run = measured.kifu("render", library, "-f", "html", "-o", tmp_path / "page.html")
    assert run.status == EXIT_INVALID and run.within_bounds() and run.peak_mb < 300, run
    assert ("large.lib: error[limit]: a page of the viewer shows at most 50,000 positions, the "
            "games of a file together, and this record has 50,402") in run.stderr


def test_a_collection_carries_its_set_ups_as_their_stones_and_its_downloads_deflated():
    """A page of 900 problems was 4.1 MB, 0.56 MB of it the text diagram of each problem's
    set-up and 1.2 MB each problem's record to download as SGF and as JSON (issue 41): the
    set-ups travel as their changes from the diagram most of them share (the empty board), the
    downloads as one deflated list, and every diagram and download is still the game's own."""
    rng = random.Random(41)
    corner = [a + b for a in "abcdefg" for b in "abcdefg"]  # a corner problem's stones
    problems = "".join(
        f"(;GM[1]FF[4]SZ[19]AB{''.join(f'[{p}]' for p in cells[:6])}"
        f"AW{''.join(f'[{p}]' for p in cells[6:12])}C[Problem {number}](;B[{cells[12]}]))\n"
        for number, cells in ((n, rng.sample(corner, 13)) for n in range(1, 61)))
    views = views_of_text(problems, "problems.sgf", lambda g: RenderOptions())
    written = page(views, text=problems)
    shared = json.loads(re.search(r'class="kv-shared">(.*?)</script>', written).group(1))
    datas = [json.loads(found)
             for found in re.findall(r'class="kv-data">(.*?)</script>', written)]
    assert len(datas) == 60
    whole = sum(len(view.text(0)) for view in views)
    carried = (sum(len(json.dumps(data["text"])) for data in datas)
               + len(json.dumps(shared.get("rows", []))) + len(json.dumps(shared["bases"])))
    assert carried < whole * 0.25  # the set-ups' stones, and one empty board
    assert shared["bases"][0][1] == "19 . . . . . . . . . . . . . . . . . . . 19"
    bodies = json.loads(zlib.decompress(base64.b64decode(shared["bodies"]), -15))
    assert len(shared["bodies"]) < sum(map(len, bodies)) / 3
    assert shared["file"] == ["problems.sgf", 0] and bodies[0] == problems
    for number, (view, data) in enumerate(zip(views, datas)):
        base = shared["bases"][data["base"]]
        rows = text_applied(base, [[row, shared["rows"][text]] if len(change) == 2 else change
                                   for change in data["text"][0] for row, text in [change[:2]]])
        assert "\n".join(rows) == view.text(0)
        (sgf, sgf_name, sgf_at), (json_, json_name, json_at) = data["files"]
        assert (sgf, sgf_name, json_, json_name) == ("SGF", "problems.sgf", "JSON",
                                                     "problems.json")
        assert bodies[json_at] == jsonform.dumps(view.record, spans=False)
        assert bodies[sgf_at] == "".join(view.game.formats()["sgf"].written(view.record))
        assert f"C[Problem {number + 1}]" in bodies[sgf_at]


@pytest.mark.parametrize("name", [card.name for card in BUILT_IN])
def test_a_games_own_words_come_in_every_language_with_their_places(name):
    """A game's ``words.json`` (``GamePlugin.phrases``): Japanese, Chinese and Korean, the
    same English in each, each translation filling the places its English has ({0} said
    again, {0!} kept as written), and a page of the game carries them for its script."""
    game = registry.get(name)
    phrases = game.phrases()
    assert set(phrases) == {"ja", "zh", "ko"}
    for language, table in phrases.items():
        assert set(table) == set(phrases["ja"]), language
        for english, words in table.items():
            assert sorted(re.findall(r"\{(\d)!?\}", english)) == sorted(
                re.findall(r"\{(\d)\}", words)), (language, english)
            assert "{" not in re.sub(r"\{\d\}", "", words), (language, english)
    record = next(path for path in sorted((examples.EXAMPLES / name).iterdir())
                  if path.suffix not in (".md", ".toml"))
    shared, _ = packed_page(views_of_text(record.read_text(encoding="utf-8"), str(record),
                                          lambda g: RenderOptions()))
    assert shared["gameWords"] == {game.title: phrases}


def _said_by(table: dict[str, str], english: str) -> bool:
    """Whether one of ``table``'s phrases, its places standing for any words, is ``english``
    whole (as the viewer's script looks a game's words up)."""
    return any(re.fullmatch(re.sub(r"\\\{\d!?\\\}", "(.+)", re.escape(key)), english)
               for key in table)


def test_the_words_of_a_rengoma_turns_end_are_in_its_tables():
    """What Rengoma writes at a turn's end (a chip paid, taken or not to be had, the next field
    piece) has its phrase in every language, though no example record ends a turn so: the
    words event_text gives each such event, with the reason the referee gives for no chip."""
    from kifu.builtin.rengoma.events import event_text

    events = [{"type": "chip-spent", "side": "black", "held": 1, "stock": 3},
              {"type": "chip-gained", "side": "red", "from": "stock", "held": 2},
              {"type": "chip-none", "side": "black",
               "reason": "black already holds every chip"},
              {"type": "refill", "colour": "red", "strength": 4, "stock": 2}]
    phrases = registry.get("rengoma").phrases()
    for event in events:
        english = event_text(event)
        assert english is not None
        for language, table in phrases.items():
            assert _said_by(table, english), (language, english)
    assert all(_said_by(table, "black already holds every chip") for table in phrases.values())
