"""Every quirk real SGF files taught kifu, each in a small record of the project's own.

``tests/sgf/quirks/`` holds one file a quirk, named for it and written for these tests (never
taken from the files other programs wrote, which live outside the repository: see
``tests/realfiles.py``).  :data:`QUIRKS` says for each what kifu must find in it, exactly: every
diagnostic of ``kifu validate --pedantic`` with its severity, code, rule, grade and place, and
the exit status; and that SGF to SGF (``kifu convert --to sgf --lenient``) keeps every node,
property and value.  The quirks are of four kinds: a class of finding (every rule the SGF
reader and the Go referee give on real files), a charset case, a collection's shape and a
writer's oddity; and the false alarms kifu used to raise on real files, each with the decision
that ended it (``kifu/builtin/freego/DECISIONS.md``).
"""
from __future__ import annotations

import json
import warnings
from dataclasses import dataclass
from pathlib import Path

import pytest

import kifu
from kifu.base.exitcodes import worst
from kifu.reading.source import read_source
from kifu.run.load import load_source, rewrite
from kifu.run.validate import Options, check_file
from kifu.sgf import syntax as sgf

FOLDER = Path(__file__).with_name("quirks")


@dataclass(frozen=True)
class Found:
    """One diagnostic: where (``#2 3:7``: the second game of a collection, line 3, column 7;
    ``-`` for none), its severity, ``code/rule`` and grade."""

    where: str
    severity: str
    kind: str
    grade: str | None = None


def W(where: str, kind: str, grade: str | None = None) -> Found:  # noqa: N802 - a table's cell
    return Found(where, "warning", kind, grade)


def E(where: str, kind: str, grade: str | None = None) -> Found:  # noqa: N802
    return Found(where, "error", kind, grade)


def N(where: str, kind: str, grade: str | None = "pedantic") -> Found:  # noqa: N802
    return Found(where, "note", kind, grade)


@dataclass(frozen=True)
class Quirk:
    """What kifu must do with one quirk file."""

    kind: str  # "finding", "charset", "collection", "writer" or "false alarm"
    found: tuple[Found, ...] = ()
    status: int = 0  # kifu validate's exit status
    encoding: str | None = None  # the codec the file is decoded with, where it is a charset case
    round_trip: bool = True  # written back as SGF (a file kifu cannot read is not)


QUIRKS: dict[str, Quirk] = {
    # -- a writer's oddity ---------------------------------------------------------------------
    # analysis and review programs give each move a sibling (the move they suggest) and go on
    # in the later child: the record's variations nest as deep as the game is long (issue 26)
    "analysis-sibling-before-each-move-150-deep.sgf": Quirk("writer"),
    # -- the false alarms real files gave, each ended by a decision ----------------------------
    "pl-empty-value.sgf": Quirk("false alarm", (
        W("1:49", "syntax/unknown-value"),)),
    "pl-unknown-value-in-a-set-up-node.sgf": Quirk("false alarm", (
        W("2:10", "syntax/unknown-value"),)),
    "territory-mark-off-the-board.sgf": Quirk("false alarm", (
        W("2:13", "syntax/unknown-value"),)),
    "renju-pl-names-no-colour.sgf": Quirk("false alarm", (
        W("1:37", "syntax/unknown-value"),)),
    "root-comment-problem-statement.sgf": Quirk("false alarm"),
    "game-info-in-the-first-move-node.sgf": Quirk("writer"),
    "game-info-in-a-node-of-its-own.sgf": Quirk("writer"),
    "licence-before-the-game.sgf": Quirk("writer", (N("1:1", "syntax/text-outside-game"),)),
    "renju-game-info-in-the-first-move-node.sgf": Quirk("writer"),
    # a "]" with no value open, after a move's value: skipped where it stands (issue 36), the
    # moves after it read
    "stray-closing-bracket-after-a-move.sgf": Quirk("finding", (
        W("2:7", "syntax/stray-bracket", "repaired"),)),
    # a property given twice in one node, merged without loss: a note (issue 36), which only
    # --pedantic shows; a Renju program writes a node's labels one LB a point (a real file gave
    # 22 such lines a node): 20 listed and the rest counted
    "ab-twice-in-one-node.sgf": Quirk("writer", (
        N("2:7", "syntax/duplicate-property"), N("2:19", "syntax/duplicate-property"))),
    "renju-labels-one-property-per-point.sgf": Quirk("writer", (
        *(N(f"3:{15 + 8 * n}", "syntax/duplicate-property") for n in range(20)),
        N("3:15", "syntax/duplicate-property"))),
    # several games share one root, each a variation opening with its own game information
    # (FF[4] puts it at the first node where it applies); alternatives that play no move,
    # holding another result or a note on the position; a set-up node with the problem's
    # statement before play (issue 36)
    "several-games-sharing-a-root.sgf": Quirk("writer"),
    "renju-several-games-sharing-a-root.sgf": Quirk("writer"),
    "alternative-results-without-moves.sgf": Quirk("writer"),
    "comments-in-variations-without-moves.sgf": Quirk("writer"),
    "comment-on-a-set-up-node-before-play.sgf": Quirk("writer"),
    "gm-holds-the-komi.sgf": Quirk("false alarm", (W("1:5", "syntax/game-type"),)),
    "gm6-backgammon.sgf": Quirk("false alarm", (E("-", "unknown-game"),), status=2,
                                round_trip=False),
    "setup-without-liberty-in-a-review-variation.sgf": Quirk("false alarm", (
        W("3:1", "setup/no-liberty"),)),
    "setup-without-liberty-before-the-first-move.sgf": Quirk("false alarm", (
        W("1:20", "setup/no-liberty"),)),
    # results as players write them (Chinese, Korean, Japanese, English prose, placeholders):
    # each read as a result, so that nothing is found beyond SGF's own form of RE (pedantic)
    "result-chinese-count-and-resignation.sgf": Quirk("false alarm", (
        N("1:46", "syntax/value-format"),)),
    "result-chinese-quarter-stone.sgf": Quirk("false alarm", (
        N("1:36", "syntax/value-format"),)),
    "result-korean-count-and-half-point.sgf": Quirk("false alarm", (
        N("1:36", "syntax/value-format"),)),
    "result-korean-said-twice.sgf": Quirk("false alarm", (
        N("1:36", "syntax/value-format"),)),
    "result-japanese-points-and-a-half.sgf": Quirk("false alarm", (
        N("1:36", "syntax/value-format"),)),
    "result-english-prose.sgf": Quirk("false alarm", (
        N("1:36", "syntax/value-format"),)),
    "result-placeholder.sgf": Quirk("false alarm", (
        N("1:36", "syntax/value-format"),)),
    "result-names-the-player.sgf": Quirk("false alarm", (
        N("1:45", "syntax/value-format"),)),
    # Fox's komi in hundredths: read as points, the reading said
    "komi-in-hundredths-of-stones.sgf": Quirk("finding", (W("1:30", "syntax/komi-hundredths"),)),
    "komi-in-hundredths-of-points.sgf": Quirk("finding", (W("1:30", "syntax/komi-hundredths"),)),
    "point-listed-twice-in-one-setup.sgf": Quirk("false alarm", (
        N("1:29", "syntax/point-repeated"),)),
    "pass-written-one-line-past-the-edge.sgf": Quirk("false alarm", (W("4:29", "syntax/edge-pass"),)),
    # engines' games on servers (Fox's AI games) leave a pass out: read as the other side
    # passing in between; GNU Go's games go on after both players passed: resumed (an index
    # reads both as validation does, in Go's compiled core too)
    "pass-missing-between-two-moves-of-one-colour.sgf": Quirk("finding", (
        W("2:13", "illegal-move/turn-order"),)),
    "play-resumed-after-both-players-passed.sgf": Quirk("finding", (
        W("2:21", "illegal-move/play-after-passes"),)),
    "variation-move-on-an-occupied-point.sgf": Quirk("false alarm", (
        W("3:14", "illegal-move/occupied"),)),
}


def files() -> list[str]:
    return sorted(path.name for path in FOLDER.iterdir() if path.suffix == ".sgf")


def test_every_quirk_file_has_a_row_and_every_row_a_file():
    assert sorted(QUIRKS) == files()


def where(report_path: str, line: int | None, column: int | None) -> str:
    game = report_path.rpartition("#")[2] if "#" in report_path else ""
    place = "-" if line is None else f"{line}:{column}"
    return f"#{game} {place}" if game else place


def validated(name: str) -> tuple[list[Found], int]:
    """What ``kifu validate --pedantic`` finds in a quirk file, and its exit status."""
    reports = check_file(str(FOLDER / name), Options(pedantic=True))
    found = [Found(where(report.path, d.line, d.column), d.severity,
                   f"{d.code}/{d.rule}" if d.rule else d.code, d.grade)
             for report in reports for d in report.diagnostics]
    return found, worst(report.exit_status for report in reports)


@pytest.mark.parametrize("name", sorted(QUIRKS))
def test_kifu_finds_exactly_what_the_table_says(name):
    quirk = QUIRKS[name]
    found, status = validated(name)
    assert found == list(quirk.found)
    assert status == quirk.status


def tree_shape(text: str) -> list[list[tuple[str, tuple[str, ...]]]]:
    """Every node of every game, in file order, as its properties and raw values (``CA`` set
    aside: the output is UTF-8)."""
    return [[(ident, tuple(values)) for ident, values in node.properties.items() if ident != "CA"]
            for game in sgf.read(text, lenient=True).games for node in game.root.walk()]


@pytest.mark.parametrize("name", sorted(name for name, quirk in QUIRKS.items()
                                        if quirk.round_trip))
def test_sgf_to_sgf_keeps_every_node_property_and_value(name):
    source = read_source(str(FOLDER / name))
    loaded = load_source(source, every_game=True, lenient=True)
    assert loaded.error() is None
    written = rewrite(loaded.game, loaded.fmt, loaded.documents)
    assert written is not None
    assert tree_shape(written) == tree_shape(source.text)
    assert all(game.root.get("CA") in (None, "UTF-8") for game in sgf.read(written).games)


@pytest.mark.parametrize("name", sorted(name for name, quirk in QUIRKS.items()
                                        if quirk.encoding))
def test_each_charset_is_decoded_as_the_table_says(name):
    assert read_source(str(FOLDER / name)).encoding == QUIRKS[name].encoding


# -- the false alarms, one test a decision ------------------------------------------------------

def test_an_empty_or_unknown_value_that_changes_no_move_is_a_warning(kifu_cli, tmp_path):
    # goproblems.com writes PL[]; the moves name their colour, so nothing changes without it
    for name in ("pl-empty-value.sgf", "pl-unknown-value-in-a-set-up-node.sgf",
                 "territory-mark-off-the-board.sgf", "renju-pl-names-no-colour.sgf"):
        [found] = QUIRKS[name].found
        assert (found.severity, found.kind) == ("warning", "syntax/unknown-value")
    shown = json.loads(kifu_cli("show", FOLDER / "pl-empty-value.sgf", "--format", "json").stdout)
    assert shown["lines"][0]["moves"][0]["move"] == {"type": "place", "cell": "B3"}
    # a value that changes the game stays an error
    (tmp_path / "setup.sgf").write_text("(;GM[1]SZ[9]AB[zz];B[ee])")
    result = kifu_cli("validate", "-q", tmp_path / "setup.sgf", exit_code=1)
    assert "error[syntax]: [zz] is off the 9x9 board" in result.stdout


def test_a_game_number_that_names_no_game_on_a_go_game_is_read_as_go(kifu_cli, tmp_path):
    # GM[5.5]: the komi of a Chinese professional game, written in the wrong property
    shown = kifu_cli("show", FOLDER / "gm-holds-the-komi.sgf", "--format", "json")
    assert len(json.loads(shown.stdout)["lines"][0]["moves"]) == 6
    # a real other game is not checked: GM[6] is backgammon
    assert QUIRKS["gm6-backgammon.sgf"].status == 2
    # and neither is a game whose GM names nothing, when nothing else says it is Go
    (tmp_path / "other.sgf").write_text("(;GM[x]SZ[8];B[dc])")
    result = kifu_cli("validate", "-q", tmp_path / "other.sgf", exit_code=2)
    assert "GM[x] names no game, and nothing in the game tells it for Go's" in result.stdout


def test_set_up_stones_without_a_liberty_are_no_error_in_sgf(kifu_cli):
    # FF[4], AB: "Adding a stone doesn't make any prisoners nor any other captures (e.g.
    # suicide). Thus it's possible to create illegal board positions."
    shown = json.loads(kifu_cli("show", FOLDER / "setup-without-liberty-in-a-review-variation.sgf",
                                "--format", "json", "--variations").stdout)
    variation = shown["lines"][-1]
    assert variation["path"] == [3, 1] and variation["error"] is None
    [setup] = variation["moves"][1]["events"]
    assert setup["added"] == {"black": ["A9", "B8", "C9"], "white": ["B9"]}
    assert [w["rule"] for w in variation["moves"][1]["warnings"]] == ["no-liberty"]
    # before the first move: the game starts from the empty board, the set-up its first entry
    native = kifu_cli("convert", FOLDER / "setup-without-liberty-before-the-first-move.sgf")
    assert "[add-1: A9 B9; add-2: C9 A8 B8; to-move: 2] E5 G3 C7" in native.stdout
    # Free-form Go's own start position still refuses a group without a liberty
    result = kifu_cli("validate", "-q", "-", "--game", "freego", exit_code=1,
                      input="Board: grid:9\nSetup-1: A9 B9\nSetup-2: C9 A8 B8\n\nE5\n")
    assert "[rule: no-liberty]" in result.stdout and "error[setup]" in result.stdout


def test_every_comment_of_the_record_is_in_the_replay(kifu_cli):
    # a problem's statement stands in the root's C[] (黑先: black to play)
    shown = kifu_cli("show", FOLDER / "root-comment-problem-statement.sgf", "--format", "json")
    replay = json.loads(shown.stdout)
    assert replay["comments"] == ["黑先"]
    assert [m["comments"] for m in replay["lines"][0]["moves"]] == [["正解"], []]


@pytest.mark.parametrize("name, headers", [
    ("game-info-in-the-first-move-node.sgf",
     {"Black": "Honinbo Shusaku", "White": "Gennan Inseki", "Komi": "6.5", "Date": "1846-09-11"}),
    ("renju-game-info-in-the-first-move-node.sgf",
     {"Black": "Black player", "White": "White player", "Event": "Club game"}),
])
def test_game_information_below_the_root_is_the_games_and_written_back_where_it_was(name,
                                                                                   headers):
    """Issue 26: SGF lets game information stand in any node, applying from there on; some
    writers put it in the first move's node.  It is the game's (its headers: the komi counts),
    and SGF written from the record, through JSON too, puts it back in that node."""
    record = kifu.read(str(FOLDER / name))
    assert {key: record.header(key) for key in headers} == headers
    source = (FOLDER / name).read_text(encoding="utf-8")
    through_json = kifu.parse(record.dumps("json")).dumps("sgf")
    for text in (record.dumps("sgf"), through_json):
        trees = sgf.read(text).games[0].root
        assert not set(trees.properties) & {"PB", "PW", "KM", "DT", "EV"}
        moved = trees.children[0].properties
        assert {"PB", "PW"} <= set(moved)
        assert tree_shape(text)[1:] == tree_shape(source)[1:]


def test_game_information_in_a_node_of_its_own_is_the_games():
    """A writer that gives the game information a node of its own after the root: with no
    alternative on the way, it is the game's (the komi and rules count); the node, which holds
    no move, folds into the root as any such node does, and SGF written from the record has
    it there."""
    record = kifu.read(str(FOLDER / "game-info-in-a-node-of-its-own.sgf"))
    assert (record.header("Komi"), record.header("Rules")) == ("7.5", "Chinese")
    root = sgf.read(record.dumps("sgf")).games[0].root
    assert root.get("KM") == "7.5" and root.get("PB") == "Black in a node of its own"
    assert len([node for node in root.walk()]) == 4  # the root and the three moves


def test_sgf_after_a_licence_is_told_by_its_content_from_standard_input(kifu_cli):
    """GNU Go's regression files open with their licence: named ``.sgf`` they were read, but
    from standard input the text said nothing kifu knew and was no game at all."""
    text = (FOLDER / "licence-before-the-game.sgf").read_text(encoding="utf-8")
    result = kifu_cli("validate", "-q", "-v", "-", input=text)
    assert "ok (freego, 3 moves)" in result.stdout
    quoted = "Game: freego\nBoard: grid:9\n\nE5 {as SGF writes it:\n(;B[ee])}\n"
    assert "ok (freego, 1 moves)" in kifu_cli("validate", "-q", "-v", "-", input=quoted).stdout


def test_an_analysis_file_nests_as_deep_as_the_game_is_long(kifu_cli):
    """Each move's sibling comes first, so the game goes on in a variation of a variation:
    150 levels, past the 100 kifu once refused (``nesting-depth``)."""
    name = "analysis-sibling-before-each-move-150-deep.sgf"
    loaded = load_source(read_source(str(FOLDER / name)))
    assert loaded.error() is None
    depth, line = 0, loaded.record.moves
    while line[-1].variations:
        line, depth = line[-1].variations[-1], depth + 1
    assert depth == 150 and len(line) == 1
    shown = json.loads(kifu_cli("show", FOLDER / name, "--format", "json", "--variations").stdout)
    assert len(shown["lines"]) == 151 and len(shown["lines"][-1]["path"]) == 300


def game_information_on_each_path(text: str) -> list[dict[str, tuple[str, ...]]]:
    """For each leaf of each game tree, the game information on the path from the root to it,
    every property with all the values it is given on the way (SGF gives it once a path)."""
    found = []
    for game in sgf.read(text).games:
        pending = [(game.root, {})]
        while pending:
            node, above = pending.pop()
            here = {**above}
            for ident, values in node.properties.items():
                if ident in sgf.GAME_INFO:
                    here[ident] = here.get(ident, ()) + tuple(values)
            pending.extend((child, here) for child in node.children)
            if not node.children:
                found.append(here)
    return found


def written_again(name: str) -> tuple[object, list[str]]:
    """The quirk's record and the SGF texts written from it: directly, and through JSON."""
    record = kifu.read(str(FOLDER / name))
    return record, [record.dumps("sgf"), kifu.parse(record.dumps("json")).dumps("sgf")]


def without_writer(data):
    """A record's data but the writer's name (``AP``), which SGF kifu writes gives as its own."""
    data = data.copy()
    data.properties.pop("SGF-AP", None)
    return data


@pytest.mark.parametrize("name", ["several-games-sharing-a-root.sgf",
                                  "renju-several-games-sharing-a-root.sgf",
                                  "alternative-results-without-moves.sgf"])
def test_games_sharing_a_root_keep_each_its_own_game_information(name):
    """Issue 36: the main line's game information gives the record's headers; each other
    variation keeps its own where it stood; SGF written from the record (and through JSON)
    gives each path its game information once, never two values in one property
    (``RE[W+R][B+R]``), and reads again as the same record: the same game, the same tree."""
    record, texts = written_again(name)
    source = (FOLDER / name).read_text(encoding="utf-8")
    for text in texts:
        assert game_information_on_each_path(text) == game_information_on_each_path(source)
        assert kifu.parse(text).data == without_writer(record.data)


def every_comment(text: str) -> list[str]:
    """Every comment of every node of an SGF text, each paragraph as the record reads it."""
    from kifu.sgf.lines import split_comments

    return sorted(paragraph for game in sgf.read(text).games for node in game.root.walk()
                  for paragraph in split_comments(node.text("C")))


def record_comments(record) -> list[str]:
    return sorted([*record.comments, *(comment for _, _, line in record.data.walk()
                                       for node in line for comment in node.comments)])


@pytest.mark.parametrize("name", ["comments-in-variations-without-moves.sgf",
                                  "comment-on-a-set-up-node-before-play.sgf",
                                  "alternative-results-without-moves.sgf"])
def test_a_comment_on_a_node_without_a_move_is_kept(name, kifu_cli):
    """Issue 36: a comment on a node that plays no move (a note in a variation of notes, an
    alternative holding another result, the set-up node of a problem) is the record's, shown
    with the position it comments (``kifu show``, the viewer), kept by JSON and written back
    by SGF in its own node."""
    source = (FOLDER / name).read_text(encoding="utf-8")
    record, texts = written_again(name)
    assert record_comments(record) == every_comment(source)
    for text in texts:
        assert every_comment(text) == every_comment(source)
        assert kifu.parse(text).data == without_writer(record.data)
    shown = json.loads(kifu_cli("show", FOLDER / name, "--format", "json", "--variations").stdout)
    seen = [*shown["comments"], *(comment for line in shown["lines"] for move in line["moves"]
                                  for comment in move["comments"])]
    assert set(seen) == set(every_comment(source))


def test_notes_without_a_move_stay_with_the_position_they_comment():
    """The notes branch off after white's C7 (W cc), the position they comment: they are that
    node's comments, after its own, and SGF written back gives each its own node again, in
    the variations they stood in, markup and all."""
    record, [text, _] = written_again("comments-in-variations-without-moves.sgf")
    assert record.nodes[1].comments == [
        "A note on the position, with no move.", "A first thought.", "A second thought.",
        "And what follows it.", "One more note."]
    assert tree_shape(text)[1:] == [
        [("B", ("ee",))], [("W", ("cc",))], [("B", ("gg",))],
        [("W", ("cg",)), ("C", ("The main line.",))],
        [("C", ("A note on the position, with no move.",))],
        [("C", ("A first thought.",)), ("TR", ("gg",))],
        [("C", ("A second thought.",))],
        [("C", ("And what follows it.",)), ("SQ", ("cg",))],
        [("C", ("One more note.",))]]


def test_what_the_native_notation_cannot_hold_of_alternatives_without_moves_is_said():
    """Their comments are the node's and go into the native notation; their other properties
    (another result) have no place there, and a conversion says so."""
    record = kifu.read(str(FOLDER / "alternative-results-without-moves.sgf"))
    with pytest.warns(kifu.ConversionWarning, match="variations-without-a-move 1"):
        native = record.dumps()
    assert "white on time" in native and "the game voided" in native
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        record.dumps("sgf")


@pytest.mark.parametrize("name, winner, kind, margin", [
    ("result-chinese-count-and-resignation.sgf", "black", "resignation", None),
    ("result-chinese-quarter-stone.sgf", "white", "score", 0.5),
    ("result-korean-count-and-half-point.sgf", "black", "score", 0.5),
    ("result-korean-said-twice.sgf", "black", "score", 0.5),
    ("result-japanese-points-and-a-half.sgf", "black", "score", 6.5),
    ("result-english-prose.sgf", "black", "resignation", None),
    ("result-placeholder.sgf", None, "unknown", None),
    ("result-names-the-player.sgf", "white", "unknown", None),
])
def test_each_result_as_players_write_it_is_read(name, winner, kind, margin):
    result = kifu.read(str(FOLDER / name)).result()
    assert (result.winner, result.kind, result.margin) == (winner, kind, margin)


def test_komi_in_hundredths_is_a_number_in_points():
    assert kifu.read(str(FOLDER / "komi-in-hundredths-of-stones.sgf")).komi == 7.5
    assert kifu.read(str(FOLDER / "komi-in-hundredths-of-points.sgf")).komi == 6.5


def test_an_illegal_move_in_an_sgf_variation_is_a_warning(kifu_cli, tmp_path):
    # FF[4]: "It doesn't matter if the move itself is illegal": a problem's wrong answer that
    # plays on a stone is reported, and its line read no further; the main line decides
    shown = json.loads(kifu_cli("show", FOLDER / "variation-move-on-an-occupied-point.sgf",
                                "--format", "json", "--variations").stdout)
    assert "occupied" in shown["lines"][-1]["error"]["message"]
    # the main line's illegal move stays an error, as does a variation's in kifu's notation
    (tmp_path / "main.sgf").write_text("(;GM[1]SZ[9]AB[aa];W[aa])", encoding="utf-8")
    kifu_cli("validate", "-q", tmp_path / "main.sgf", exit_code=1)
    native = kifu_cli("convert", FOLDER / "variation-move-on-an-occupied-point.sgf").stdout
    (tmp_path / "native.freego").write_text(native, encoding="utf-8")
    kifu_cli("validate", "-q", tmp_path / "native.freego", exit_code=1)


def test_a_pass_written_past_the_edge_is_a_pass():
    record = kifu.read(str(FOLDER / "pass-written-one-line-past-the-edge.sgf"))
    assert [str(move) for move in record.line("3.1")] == ["Q16", "D4", "Q4", "pass", "R3",
                                                          "pass", "D16"]


def test_a_stray_closing_bracket_is_reported_where_it_stands_and_the_moves_after_it_read(
        kifu_cli, tmp_path):
    """Issue 36: ``;B[ee]]`` was reported at the end of the file as "truncated?", and the
    moves after the ``]`` were lost, so that an index held the record with none of them."""
    path = FOLDER / "stray-closing-bracket-after-a-move.sgf"
    checked = kifu_cli("validate", "-q", "-v", path)
    assert "2:7: warning[syntax, repaired]: a ']' with no value open is skipped" in checked.stdout
    assert "truncated" not in checked.stdout
    shown = json.loads(kifu_cli("show", path, "--format", "json").stdout)
    assert len(shown["lines"][0]["moves"]) == 4
    kifu_cli("index", "-q", path, "-o", tmp_path / "corpus.db")
    found = kifu_cli("search", tmp_path / "corpus.db", "--position", f"{path}@4", "-f", "json")
    [hit] = map(json.loads, found.stdout.splitlines())
    assert (hit["move"], hit["legal"]) == (4, True)
