"""SGF's markup kept, written back and drawn (issue 30, item 3): labels, triangles, squares,
circles, crosses, arrows, lines and dimmed points (``LB TR SQ CR MA AR LN DD``), in Go's SGF and
in Renju's, through the record (its properties, ``SGF-TR`` ... as the readers keep every SGF
property they have no other place for; Renju's labels as ``Label-h8``), JSON and SGF again,
and onto the drawings of ``kifu render`` and the viewer."""
from __future__ import annotations

import json
import xml.etree.ElementTree as ET

import pytest

from kifu.base.markup import Markup
from kifu.draw import glyphs
from kifu.plugin import RenderOptions, registry
from kifu.render.viewer import build_view
from kifu.run.load import load
from tests import examples

SVG = "{http://www.w3.org/2000/svg}"

GO = """(;GM[1]FF[4]SZ[9]PB[A]PW[B]TR[cc]LB[ee:X]
;B[dd]TR[ee][ff]SQ[gg]CR[aa:bb]MA[hh]AR[aa:ii]LN[ia:ai]DD[cc:dd]LB[ee:A][ff:two]
;W[ee]C[the dimmed points stay]
;B[ff]DD[]
;W[gg];MA[hh])
"""
GO_MARKED = {"SGF-TR": "[ee][ff]", "SGF-SQ": "[gg]", "SGF-CR": "[aa:bb]", "SGF-MA": "[hh]",
             "SGF-AR": "[aa:ii]", "SGF-LN": "[ia:ai]", "SGF-DD": "[cc:dd]",
             "SGF-LB": "[ee:A][ff:two]"}
RENJU = """(;GM[4]FF[4]SZ[15]PB[A]PW[B]LB[aa:Q]
;B[hh]TR[ii]SQ[jj]CR[kk]MA[ll]AR[aa:cc]LN[oo:mm]DD[gg]LB[hi:1]
;W[ij])
"""
RENJU_MARKED = {"Label-h7": "1", "SGF-TR": "[ii]", "SGF-SQ": "[jj]", "SGF-CR": "[kk]",
                "SGF-MA": "[ll]", "SGF-AR": "[aa:cc]", "SGF-LN": "[oo:mm]", "SGF-DD": "[gg]"}


@pytest.fixture
def go(tmp_path):
    path = tmp_path / "marked.sgf"
    path.write_text(GO, encoding="utf-8")
    return path


@pytest.fixture
def renju(tmp_path):
    path = tmp_path / "marked-renju.sgf"
    path.write_text(RENJU, encoding="utf-8")
    return path


def properties(loaded):
    return [node.properties if node.has_properties() else {} for node in loaded.record.moves]


def test_go_sgf_keeps_all_eight_markup_properties(go):
    loaded = load(str(go))
    assert properties(loaded) == [GO_MARKED, {}, {"SGF-DD": "[]"}, {"SGF-MA": "[hh]"}]
    # the root's markup marks the start, among the record's properties; a node without a
    # move gives its markup to the move before it
    assert loaded.record.properties == {"SGF-TR": "[cc]", "SGF-LB": "[ee:X]"}


def test_renju_sgf_keeps_all_eight_markup_properties(renju):
    loaded = load(str(renju), game_name="renju")
    assert properties(loaded) == [RENJU_MARKED, {}]
    assert loaded.record.headers["Label-a15"] == "Q"


@pytest.mark.parametrize("game,marked", [(None, GO_MARKED), ("renju", RENJU_MARKED)])
def test_markup_goes_to_json_and_sgf_and_back(kifu_cli, tmp_path, go, renju, game, marked):
    source = go if game is None else renju
    args = ["--game", game] if game else []
    as_json = tmp_path / "record.json"
    kifu_cli("convert", source, *args, "--to", "json", "-o", as_json)
    data = json.loads(as_json.read_text(encoding="utf-8"))
    assert {k: v for k, v in data["moves"][0]["properties"].items()
            if k in marked} == marked
    again = tmp_path / "again.sgf"
    kifu_cli("convert", as_json, "--to", "sgf", "-o", again)
    written = again.read_text(encoding="utf-8")
    for ident in ("LB", "TR", "SQ", "CR", "MA", "AR", "LN", "DD"):
        assert f"{ident}[" in written
    assert (properties(load(str(again), game_name=game))
            == properties(load(str(source), game_name=game)))


def marks(svg: str) -> dict[str, int]:
    """How many marks of each kind a drawing holds, and its labels."""
    root = ET.fromstring(svg)
    found: dict[str, int] = {}
    for group in root.iter(f"{SVG}g"):
        if group.get("class") == "markup":
            for element in group.iter():
                kind = element.get("class")
                if kind:
                    found[kind] = found.get(kind, 0) + 1
            for element in group.iter():
                said = glyphs.text_of(element)
                if said:
                    found["label " + said] = 1
    return found


def test_go_markup_is_drawn(kifu_cli, go):
    drawn = marks(kifu_cli("render", go, "--move", "1").stdout)
    assert drawn == {"markup": 1, "dimmed": 1, "triangle": 2, "square": 1, "circle": 4,
                     "cross": 1, "line": 1, "arrow": 1, "arrow-head": 1, "label-ground": 2,
                     "label": 2, "label A": 1, "label two": 1}
    assert marks(kifu_cli("render", go, "--move", "0").stdout)["triangle"] == 1
    assert marks(kifu_cli("render", go, "--move", "1", "--no-markup").stdout) == {}


def test_dimmed_points_last_until_undimmed(kifu_cli, go):
    def dimmed(move: str) -> int:
        root = ET.fromstring(kifu_cli("render", go, "--move", move).stdout)
        return sum(len(g) for g in root.iter(f"{SVG}g") if g.get("class") == "dimmed")

    assert [dimmed(m) for m in ("0", "1", "2", "3", "4")] == [0, 4, 4, 0, 0]


def test_renju_markup_is_drawn(kifu_cli, renju):
    drawn = marks(kifu_cli("render", renju, "--game", "renju", "--move", "1").stdout)
    assert {k: drawn.get(k) for k in ("triangle", "square", "circle", "cross", "line",
                                      "arrow", "label 1")} == {
        "triangle": 1, "square": 1, "circle": 1, "cross": 1, "line": 1, "arrow": 1,
        "label 1": 1}
    assert sum(1 for k in drawn if k == "dimmed") == 1


def test_the_viewer_draws_each_positions_markup(go):
    loaded = load(str(go))
    view = build_view(loaded.game, loaded.record, str(go), loaded.source.text, RenderOptions())
    drawn = [marks(view.svg(index)) for index in range(len(view.nodes))]
    assert drawn[0]["triangle"] == 1  # the start: the root's markup
    assert drawn[1]["circle"] == 4 and drawn[2]["dimmed"] == 1 and "dimmed" not in drawn[3]
    assert drawn[4]["cross"] == 1


def test_games_without_markup_draw_none():
    gungi = registry.get("gungi")
    assert not gungi.draws_markup
    loaded = load(str(examples.EXAMPLES / "gungi" / "short-game.gungi"))
    position = gungi.start(loaded.record)
    plain = gungi.render_svg(position, RenderOptions())
    assert gungi.render_svg(position, RenderOptions(), None, Markup(triangles=("5-5",))) == plain
