"""Reading and writing the notation: every construct, tolerant input, canonical output, the
ASCII dialect, variations, JSON, and located syntax errors."""
from __future__ import annotations

from dataclasses import replace

import pytest
from hypothesis import given
from hypothesis import strategies as st

from kifu.base.errors import NotationError
from kifu.base.record import Node, Record
from kifu.builtin.gungi import GAME
from kifu.builtin.gungi.moves import (
    BackFaces,
    Betrayed,
    Coord,
    Placement,
    Ply,
    Resign,
    Section,
)
from kifu.builtin.gungi.pieces import FACES
from kifu.plugin import driver, jsonform


def moves(text: str) -> list:
    return [n.move for n in GAME.parse(text).moves]


@pytest.mark.parametrize("text", [
    "▲1―6―1―兵", "▲1—6—1—兵", "▲1─6─1─兵", "▲1ー6ー1ー兵", "▲1-6-1-兵", "▲1－6－1－兵",
    "▲１―６―１―兵", "▲ 1 ― 6 ― 1 ― 兵", "☗1―6―1―兵", "B 1-6-1-hyou", "b1-6-1-HYOU",
])
def test_tolerant_reading_of_a_ply(text: str) -> None:
    assert moves(text) == [Ply(0, "兵", 1, 6, 1)]
    assert str(moves(text)[0]) == "▲1―6―1―兵"


def test_katakana_he_reads_as_hiragana() -> None:
    assert moves("▽1―3―1―ヘ") == [Ply(1, "へ", 1, 3, 1)]


def test_every_construct_of_the_inventory() -> None:
    text = ("▲1―6―1―兵、▽6―5―1―上新、▽6―5―1―忍[5―3―2]、▲同―忍、▲同―不2―鳳、▲1―2―不1―忍、"
            "▲5―7―1―謀⇔兵、▽6―2―1―侍⇔帥、▲2―3―3―へ[▲2―筒、▲1―上]、▲3―3―1―忍[1―8―1―砲]、"
            "▲6―4―1―鳳[さ入手]、▲7―2―1―槍新[詰み]、▲5―2―2―帥⇔槍新、▲2―3―1―兵新[裏駒へ]、"
            "▲投了。[終局]")
    assert moves(text) == [
        Ply(0, "兵", 1, 6, 1), Ply(1, "上", 6, 5, 1, drop=True),
        Ply(1, "忍", 6, 5, 1, origin=Coord(5, 3, 2)), Ply(0, "忍"), Ply(0, "鳳", strike=2),
        Ply(0, "忍", 1, 2, None, 1), Ply(0, "謀", 5, 7, 1, swap="兵"),
        Ply(1, "侍", 6, 2, 1, swap="帥"),
        Ply(0, "へ", 2, 3, 3, betrayal=(Betrayed(0, 2, "筒"), Betrayed(0, 1, "上"))),
        Ply(0, "忍", 3, 3, 1, replace=Coord(1, 8, 1), replace_piece="砲"),
        Ply(0, "鳳", 6, 4, 1, obtained="さ"), Ply(0, "槍", 7, 2, 1, drop=True, mate=True),
        Ply(0, "帥", 5, 2, 2, swap="槍", swap_drop=True),
        Ply(0, "兵", 2, 3, 1, drop=True, back="へ"), Resign(0, ends=True)]
    record = GAME.parse(text)
    assert GAME.parse(GAME.write(record)) == record


def test_commentary_may_hold_commas_and_move_like_text() -> None:
    record = GAME.parse("▲6―4―1―臥新[なぜ、6―2―2―臥新と打たなかった?]、▽6―3―1―兵新")
    assert [n.comments for n in record.moves] == [["なぜ、6―2―2―臥新と打たなかった?"], []]


def test_sections_setup_and_back_faces() -> None:
    text = ("[打ち始め]\n▲1―7―1―兵、▽9―3―1―兵、\n(▲「3―7―1―さ」、▽「6―3―1―さ、5―1―1―と」)、\n"
            "[済み]\n\n「開戦」\n▲1―6―1―兵。\n")
    assert moves(text) == [
        Section("begin"), Placement(0, 1, 7, 1, "兵"), Placement(1, 9, 3, 1, "兵"),
        BackFaces(((0, Coord(3, 7, 1), "さ"), (1, Coord(6, 3, 1), "さ"),
                   (1, Coord(5, 1, 1), "と"))),
        Section("done"), Section("battle"), Ply(0, "兵", 1, 6, 1)]
    assert GAME.write(GAME.parse(text)) == text
    assert moves("「打ち始め」[開戦][再び始め][再び済み]「再開戦」") == [
        Section("begin"), Section("battle"), Section("rebegin"), Section("redone"),
        Section("rebattle")]


def test_stray_new_before_a_mark_is_kept() -> None:
    """A 新 after a ply's 、 is read on that ply (the sample's slip), one before the first ply
    of a line on that ply; both write back as they were."""
    assert moves("▽6―6―1―筒、新▲同―鳳") == [Ply(1, "筒", 6, 6, 1, new_after=True), Ply(0, "鳳")]
    assert moves("▽6―6―1―筒新、▲同―鳳") == [Ply(1, "筒", 6, 6, 1, drop=True), Ply(0, "鳳")]
    assert moves("新▲同―鳳") == [Ply(0, "鳳", stray_new=True)]
    for text in ("▽6―6―1―筒、新▲同―鳳。\n", "新▲同―鳳。\n"):
        assert GAME.write(GAME.parse(text)) == text


def test_headers_in_english_and_japanese() -> None:
    text = "Black: 西辻\nWhite: B. Player\n開始日時：2012/09/22\n\n▲1―6―1―兵。\n"
    record = GAME.parse(text)
    assert record.headers == {"Black": "西辻", "White": "B. Player", "開始日時": "2012/09/22"}
    assert GAME.write(record) == text


def test_variations_nest_and_write_back() -> None:
    text = "▲1―6―1―兵、▽7―3―2―忍(▽1―3―1―兵[a]、▲1―5―1―兵(▲2―6―1―兵))、▲1―5―1―兵。\n"
    record = GAME.parse(text)
    assert len(record.moves) == 3
    assert record.moves[1].variations[0][1].variations[0][0].move == Ply(0, "兵", 2, 6, 1)
    assert GAME.write(record) == text
    assert jsonform.loads(jsonform.dumps(record)) == record


@pytest.mark.parametrize("text, line, column, message", [
    ("▲1―6―兵", 1, 1, "a ply names file, rank and tier"),
    ("▲1―6―1―犬", 1, 8, "unexpected character '犬'"),
    ("▲1―6―1―兵、\n▽7―3―2", 2, 7, "the record ends too early"),
    ("▲1―2―1―忍[詰み][詰み]", 1, 13, "already has this note"),
])
def test_syntax_errors_are_located(text: str, line: int, column: int, message: str) -> None:
    with pytest.raises(NotationError) as caught:
        GAME.parse(text)
    assert (caught.value.span.line, caught.value.span.column) == (line, column)
    assert message in caught.value.message


def test_resolved_moves_survive_json() -> None:
    record = GAME.parse("Game: gungi\n" + open_example("effects-study.gungi"))
    again = jsonform.loads(jsonform.dumps(record))
    assert again == record
    assert [getattr(n.move, "resolved", None) for n in again.moves] == \
        [getattr(n.move, "resolved", None) for n in record.moves]


def open_example(name: str) -> str:
    from pathlib import Path

    path = Path(__file__).resolve().parents[2] / "examples" / "gungi" / name
    return path.read_text(encoding="utf-8").split("\n", 1)[1]


# -- round trips with hypothesis ------------------------------------------------------------

digits = st.integers(1, 9)
tiers = st.integers(1, 3)
faces = st.sampled_from(FACES)
sides = st.integers(0, 1)
comment_text = st.text(st.characters(blacklist_characters="[]［］\n\r「」", min_codepoint=32,
                                     max_codepoint=0x9fff), min_size=1, max_size=12).filter(
    lambda s: s.strip() == s and GAME_NOTE(s) is None and s not in ("終局",))


def GAME_NOTE(text: str) -> object:
    from kifu.builtin.gungi.moves import SECTION_WORDS
    from kifu.builtin.gungi.notation.reader import _ASCII_SECTIONS, classify

    if text in SECTION_WORDS or text.lower() in _ASCII_SECTIONS:
        return True
    return classify(text)


@st.composite
def plies(draw: st.DrawFn) -> Ply:
    same = draw(st.booleans())
    strike = draw(st.none() | tiers)
    tier = draw(st.none() | tiers) if same or strike is not None else draw(tiers)
    swap = draw(st.none() | faces)
    obtained = draw(st.none() | st.sampled_from("さとへ"))
    return Ply(
        side=draw(sides), piece=draw(faces), file=None if same else draw(digits),
        rank=None if same else draw(digits), tier=tier, strike=strike, drop=draw(st.booleans()),
        origin=draw(st.none() | st.builds(Coord, digits, digits, tiers)), swap=swap,
        swap_drop=swap is not None and draw(st.booleans()),
        betrayal=draw(st.none() | st.lists(st.builds(Betrayed, sides, tiers, faces), min_size=1,
                                           max_size=2).map(tuple)),
        replace=draw(st.none() | st.builds(Coord, digits, digits, tiers)).__class__ and None,
        obtained=obtained,
        obtained_next=None if obtained is None else draw(st.none() | st.sampled_from("さとへ")),
        mate=draw(st.booleans()), foul=draw(st.booleans()), repetition=draw(st.booleans()),
        stray_new=draw(st.booleans()), new_after=draw(st.booleans()))


def as_read(nodes: list[Node]) -> list[Node]:
    """The nodes as the reader gives a text back: a 新 written before a mark right after a ply
    is that ply's ``new_after``, and a ``new_after`` stands only before another ply."""
    for index, node in enumerate(nodes):
        move = node.move
        previous = nodes[index - 1].move if index else None
        if isinstance(move, Ply) and move.stray_new and isinstance(previous, Ply) \
                and not previous.drop:  # one 新 between two plies, at most
            nodes[index - 1].move = replace(previous, new_after=True)
            node.move = move = replace(move, stray_new=False)
        for variation in node.variations:
            as_read(variation)
        following = nodes[index + 1].move if index + 1 < len(nodes) else None
        if isinstance(move, Ply) and move.new_after and (move.drop or move.ends or not isinstance(
                following, Ply)):
            node.move = replace(move, new_after=False)
    return nodes


@st.composite
def records(draw: st.DrawFn) -> Record:
    nodes = []
    for move in draw(st.lists(plies() | st.builds(Resign, sides), min_size=1, max_size=6)):
        node = Node(move, comments=draw(st.lists(comment_text, max_size=1)))
        nodes.append(node)
    if len(nodes) > 1 and draw(st.booleans()):
        nodes[1].variations.append([Node(draw(plies()))])
    as_read(nodes)
    headers = draw(st.dictionaries(st.sampled_from(["Black", "White", "Event", "Date"]),
                                   st.text("abc 西辻0", min_size=1, max_size=6).map(str.strip).filter(bool),
                                   max_size=3))
    return Record(game="gungi", headers=headers, moves=nodes)


@given(records())
def test_write_then_parse_gives_the_record_back(record: Record) -> None:
    for dialect in (None, "ascii"):
        assert GAME.parse(GAME.write(record, dialect)) == record


@given(records())
def test_json_round_trip(record: Record) -> None:
    assert jsonform.loads(jsonform.dumps(record)) == record


def test_setup_diagram_in_both_dialects_and_from_a_rendering() -> None:
    """The text rendering is itself a set-up diagram: it can be pasted into a study."""
    from kifu.builtin.gungi.setup import to_diagram
    from kifu.plugin import RenderOptions

    record = GAME.parse("Game: gungi\n" + open_example("effects-study.gungi"))
    ascii_text = GAME.write(record, "ascii")
    import re

    assert re.sub(r"\[[^\]]*\]", "", ascii_text).isascii()      # all but the comments
    assert GAME.parse(ascii_text) == record
    position = next(GAME.copy(s.position) for s in driver.replay(GAME, record) if s.number == 4)
    drawn = GAME.render_text(position, RenderOptions())
    diagram_lines = [line for line in drawn.splitlines() if not line.startswith(("last", "after"))]
    again = GAME.parse("\n".join(diagram_lines) + "\n「開戦」\n")
    assert again.setup == to_diagram(position)
    assert driver.check(GAME, again) == ([], 0)


def test_two_re_placement_brackets_in_both_dialects_and_json() -> None:
    """A 香 that takes a 香 and is recovered: the taker's re-placement, then the enemy's."""
    ply = Ply(0, "香", 5, 1, 1, replace=Coord(2, 8, 1), replace_piece="砦",
              replace_next=Coord(9, 3, 1), replace_next_piece="砲")
    assert moves("▲5―1―1―香[2―8―1―砦][9―3―1―砲]") == [ply]
    assert str(ply) == "▲5―1―1―香[2―8―1―砦][9―3―1―砲]"
    record = GAME.parse("▲5―1―1―香[2―8―1―砦][9―3―1―砲]")
    assert "B 5-1-1-kaoru[2-8-1-toride][9-3-1-oozutsu]" in GAME.write(record, "ascii")
    assert GAME.parse(GAME.write(record, "ascii")) == record
    assert jsonform.loads(jsonform.dumps(record)) == record


@given(plies())
def test_a_ply_the_generator_makes_fast_is_the_same_value(ply: Ply) -> None:
    """``plain_ply`` (what the move generator writes most plies with) makes the value
    ``Ply(...)`` makes: equal, with the same hash and text."""
    from kifu.builtin.gungi.moves import plain_ply

    made = plain_ply(ply.side, ply.piece, ply.file, ply.rank, ply.tier, ply.drop, ply.origin,
                     ply.obtained, ply.back)
    expected = Ply(ply.side, ply.piece, ply.file, ply.rank, ply.tier, drop=ply.drop,
                   origin=ply.origin, obtained=ply.obtained, back=ply.back)
    assert made == expected and hash(made) == hash(expected) and str(made) == str(expected)
