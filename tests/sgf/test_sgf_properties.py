"""Nothing of an SGF file is lost in kifu's model: every property kifu has no other place for
(markup, timing, annotations, move marks, a program's own) is kept, in the node where it
stood, under ``SGF-`` and its identifier; JSON carries it and SGF written from the record
writes it back. A node without a move shows the position before it, so its properties join
that node's; the root's own properties are the record's. A native notation has no place for
them, and a conversion to it says so, once per kind.

The corpus test holds every real SGF file of ``$KIFU_CORPUS`` to it."""
from __future__ import annotations

from collections import Counter
from pathlib import Path

import pytest

from kifu.plugin import jsonform, registry
from kifu.reading.source import read_source
from kifu.run.load import dump, leaves_out, load_source, parse_each_as
from kifu.sgf import syntax as sgf
from tests import realfiles

HERE = Path(__file__).parent / "data"
EVERY_KIND = HERE / "every-kind-of-property.sgf"
#: What the model takes and writes in its own form (moves, set-up, comments, the file's own
#: form, the game information as headers): compared elsewhere, as headers and moves.
MODELLED = frozenset({"FF", "GM", "CA", "AP", "SZ", "C", "KM", "RE", "RU", "XH", "PL", "AB",
                      "AW", "AE", "B", "W", "TB", "TW", "HA"})


#: The game information a header holds, one line: its values joined.
HEADERS = frozenset(sgf.GAME_INFO)


def properties(text: str) -> Counter[tuple[str, str]]:
    """Every value of every property of every game tree of an SGF text that the model keeps as
    it is, counted: a node without a move gives its values to the node before it, so values
    are counted, not nodes; a header's values as one line (text unescaped, line ends as
    blanks, values joined), as headers are."""
    collection = sgf.read(text)
    found: Counter[tuple[str, str]] = Counter()
    for game in collection.games:
        nodes = [game.root]
        while nodes:
            node = nodes.pop()
            nodes.extend(node.children)
            for ident, values in node.properties.items():
                if ident in MODELLED:
                    continue
                said = [" ".join(sgf.text(v).split()) for v in values]
                if ident in HEADERS:
                    said = [" ".join(" ".join(said).split())]
                found.update((ident, value) for value in said)
    return found


def read(path: Path):
    source = read_source(str(path))
    return load_source(source)


def test_every_kind_of_property_is_kept_where_it_stood():
    loaded = read(EVERY_KIND)
    record = loaded.record
    assert record.properties == {"SGF-AP": "[Teacher:2.1]", "SGF-ST": "[2]", "SGF-FG": "[259:]",
                                 "SGF-PM": "[2]", "SGF-MULTIGOGM": "[1]"}
    first, second, third, fourth = record.moves
    assert first.properties["SGF-TR"] == "[dd][cc]"
    assert first.properties["SGF-LB"] == "[ed:A][fe:long\\] label]"
    assert first.properties["SGF-BL"] == "[590]" and first.properties["SGF-XX"] == "[private value]"
    # the node without a move shows the position after W dc: its markup joins that node's
    assert second.properties["SGF-TR"] == "[ee]" and second.properties["SGF-LB"] == "[dd:B]"
    assert second.comments == ["a comment", "a node without a move, with markup"]
    # game information below the root is kept in its node, for the game from there on
    assert third.properties == {"SGF-PB": "[Ana, now Ann]"}
    assert fourth.properties == {"SGF-VW": "[aa:ii]"}
    assert fourth.variations[0][0].properties == {"SGF-GW": "[2]"}


@pytest.mark.parametrize("through", ["sgf", "json"])
def test_sgf_through_the_model_and_back_keeps_every_property(through):
    text = EVERY_KIND.read_text(encoding="utf-8")
    loaded = read(EVERY_KIND)
    if through == "json":
        record = jsonform.loads(dump(loaded.game, loaded.record, "json"))
        assert record == loaded.record
    else:
        record = loaded.record
    written = dump(loaded.game, record, "sgf")
    kept, source = properties(written), properties(text)
    assert kept == source - Counter({("AP", "Teacher:2.1"): 1})  # kifu names itself the writer
    assert "AP[kifu:" in written


def test_a_native_conversion_says_what_it_leaves_out_once_per_kind():
    loaded = read(EVERY_KIND)
    [said] = leaves_out(loaded.game, loaded.record, "native")
    assert said.severity == "warning" and said.rule == "left-out"
    for kind in ("AP 1", "ST 1", "MULTIGOGM 1", "TR 2", "LB 2", "SQ 1", "AR 1", "LN 1", "DD 1",
                 "BL 1", "WL 1", "OB 1", "OW 1", "N 1", "GB 1", "GW 1", "DM 1", "UC 1", "TE 1",
                 "BM 1", "DO 1", "IT 1", "V 1", "XX 1", "PB 1", "VW 1"):
        assert f" {kind}," in said.message or f"({kind}," in said.message or \
            f" {kind})" in said.message, kind


CORPUS = [p for name in ("sgf", "sgf-real") for p in sorted(
    (realfiles.folder(name) or Path("/nonexistent")).rglob("*")) if p.suffix.lower() == ".sgf"]


@realfiles.needs("sgf")
@pytest.mark.parametrize("path", CORPUS, ids=lambda p: p.name)
def test_real_sgf_through_the_model_keeps_every_property(path):
    """Each real file kifu reads as one game, written from its record (and through JSON)
    holds every property of the file the model keeps as it is."""
    try:
        source = read_source(str(path))
        loaded = load_source(source)
    except Exception:  # noqa: BLE001 - files kifu refuses are the validation tests' concern
        pytest.skip("kifu does not read this file as one game")
    if loaded.games != 1 or loaded.fmt != "sgf" or loaded.game.name not in ("freego", "renju"):
        pytest.skip("a collection, or not SGF")
    try:
        written = dump(loaded.game, loaded.record, "sgf")
    except Exception:  # noqa: BLE001
        pytest.skip("the record cannot be written as SGF (a board SGF has no name for)")
    writer = sgf.read(source.text).games[0].root.properties.get("AP", [])
    assert properties(written) == properties(source.text) - Counter(
        {("AP", " ".join(sgf.text(v).split())): 1 for v in writer}), path
    assert jsonform.loads(dump(loaded.game, loaded.record, "json")) == loaded.record
    assert registry.format_of(loaded.game, "sgf") is not None


def comment_count(root: sgf.SgfNode) -> Counter[str]:
    """Every comment of a game tree, each paragraph as a record reads it, counted."""
    from kifu.sgf.lines import split_comments

    return Counter(paragraph for node in root.walk()
                   for paragraph in split_comments(node.text("C")))


@realfiles.needs("sgf")
@pytest.mark.parametrize("path", CORPUS, ids=lambda p: p.name)
def test_real_sgf_keeps_every_comment(path):
    """Issue 36: every comment of every game of a real file is in its record, those of nodes
    without a move too (a problem's set-up node before play, notes in a variation without
    moves): none is lost."""
    try:
        source = read_source(str(path))
        loaded = load_source(source, every_game=True, lenient=True)
    except Exception:  # noqa: BLE001 - files kifu refuses are the validation tests' concern
        pytest.skip("kifu does not read this file")
    if loaded.fmt != "sgf" or loaded.game.name not in ("freego", "renju"):
        pytest.skip("not SGF of a game kifu reads")
    for one in parse_each_as(loaded.game, "sgf", source.text, str(path), lenient=True):
        if one.record is None or one.document is None:
            continue
        kept: Counter[str] = Counter(one.record.comments)
        for _, _, nodes in one.record.walk():
            for node in nodes:
                kept.update(node.comments)
        assert comment_count(one.document) - kept == Counter(), one.name
