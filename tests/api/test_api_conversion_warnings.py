"""Nothing lost in silence: the library's writers say what a format leaves out as ``kifu
convert`` says it (issue 36), a :class:`kifu.ConversionWarning` for each thing, and with
``strict=True`` raise a ``ConversionError`` instead; a write that warns nothing reads back as
the record it wrote, in every format and dialect of every game."""
from __future__ import annotations

import warnings
from pathlib import Path
from typing import Any

import pytest

import kifu
from kifu.plugin import registry
from tests import examples
from tests.examples import EXAMPLES, legal

LEGAL = [pytest.param(path, id=path.name) for game in examples.GAMES for path in legal(game)]
DOUBLE_THREE = EXAMPLES / "renju" / "double-three.renju"


def targets(game: kifu.Game) -> list[tuple[str, str | None]]:
    """Every (format, dialect) the game writes: its notation in each dialect, JSON, and each
    interchange format."""
    return [("native", None), *(("native", name) for name in game.dialects), ("json", None),
            *((name, None) for name in registry.formats(game.plugin))]


def written(record: kifu.Record, fmt: str, dialect: str | None
            ) -> tuple[str | None, list[kifu.ConversionWarning]]:
    """The record written (``None`` where the format refuses it) and what it warned."""
    with warnings.catch_warnings(record=True) as said:
        warnings.simplefilter("always")
        try:
            text = record.dumps(fmt, dialect)
        except kifu.ConversionError:  # refused outright (a map board in SGF, a format kifu
            text = None  # only reads): said, never written wrong
    found = [w.message for w in said if isinstance(w.message, kifu.ConversionWarning)]
    assert len(found) == len(said), [str(w.message) for w in said]
    return text, found


def content(record: kifu.Record) -> dict[str, Any]:
    """What a record says, as a conversion must keep it: its set-up, every line's moves as
    the replay gives their values (one move however a dialect spells it), each node's
    comments (joined: SGF's C cannot tell two comments from one of two paragraphs) and
    properties, the record's own."""
    nodes = []
    for _, _, line in record.data.walk():
        nodes.extend(("\n\n".join(node.comments), node.properties if node.has_properties()
                      else {}) for node in line)
    lines = [[step.move for step in record.replay(path)] for path in [None, *record.variations()]]
    # SGF written by kifu names kifu its writer (AP), not the program that wrote the file read
    own = {key: value for key, value in record.data.properties.items() if key != "SGF-AP"}
    return {"setup": record.setup, "comments": "\n\n".join(record.comments), "nodes": nodes,
            "lines": lines, "properties": own}


def lost_headers(record: kifu.Record, again: kifu.Record) -> dict[str, str]:
    """The headers of ``record`` that ``again`` does not hold as they were, but those a
    format leaves implicit because the game reads the same without them (SGF's ``SZ[15]``:
    no ``Size`` header) and the ``Game`` header the text itself names."""
    kept = {key.casefold(): value for key, value in again.headers.items()}
    lost = {key: value for key, value in record.headers.items()
            if key.casefold() != "game" and kept.get(key.casefold()) != value}
    game = record.game
    for key in list(lost):
        without = {k: v for k, v in record.headers.items() if k != key}
        if game.position_key(game.start(without)) == game.position_key(
                game.start(record.headers)):
            del lost[key]
    return lost


@pytest.mark.parametrize("path", LEGAL)
def test_a_write_that_warns_nothing_reads_back_as_the_record(path: Path) -> None:
    record = kifu.read(str(path))
    if any(d.severity == "error" for d in record.check()):
        pytest.skip("the record replays only leniently (the Nishitsuji sample's slips)")
    for fmt, dialect in targets(record.game):
        text, said = written(record, fmt, dialect)
        if text is None or said:
            continue
        again = kifu.parse(text, game=record.game.name, folders=(str(path.parent),),
                           format=None if fmt == "native" else fmt)
        assert again.game is record.game
        assert lost_headers(record, again) == {}, (fmt, dialect)
        assert content(again) == content(record), (fmt, dialect)


def without_its_game(path: Path) -> kifu.Record:
    """The record of ``path`` as if its text had no ``Game`` header (named by its suffix)."""
    record = kifu.read(str(path))
    for key in [key for key in record.headers if key.casefold() == "game"]:
        del record.headers[key]
    return record


@pytest.mark.parametrize("path", LEGAL)
def test_every_format_of_every_game_names_its_game(path: Path) -> None:
    """Issue 36: a record kifu writes names its game, whatever the record was made from (here
    one read from a file without a ``Game`` header, named by its suffix): ``kifu.parse`` of
    what it wrote, given nothing else, is that game's."""
    record = without_its_game(path)
    for fmt, dialect in targets(record.game):
        text, _ = written(record, fmt, dialect)
        if text is not None:
            read = kifu.parse(text, folders=(str(path.parent),))  # a board file it names
            assert read.game is record.game, (fmt, dialect)


@pytest.mark.parametrize("game", examples.GAMES)
def test_a_new_record_written_natively_names_its_game(game: str) -> None:
    try:
        made = kifu.Record.new(game)
    except kifu.HeaderError:  # Rengoma: the record must give each side's drawing order
        made = without_its_game(legal(game)[0])
    text = made.dumps()
    assert text.splitlines()[0] == f"Game: {game}"
    assert kifu.parse(text).game is kifu.game(game)


def test_what_psq_leaves_out_is_warned_as_kifu_convert_says_it(kifu_cli) -> None:
    record = kifu.read(str(DOUBLE_THREE))
    with pytest.warns(kifu.ConversionWarning) as said:
        text = record.dumps("psq")
    assert kifu.parse(text, format="psq").moves == record.moves
    messages = [str(w.message) for w in said]
    assert messages == [
        "converting to psq: psq has no comments: 1 comment left out",
        "converting to psq: psq has no place for the headers Event, Date: left out",
        "converting to psq: psq keeps Result only in Gomocup's line, which needs a League "
        "header: left out"]
    for warning in said:
        assert isinstance(warning.message, kifu.ConversionWarning)
        error = warning.message.error
        assert isinstance(error, kifu.ConversionError)
        assert (error.severity, error.rule, warning.message.rule) == ("warning", "left-out",
                                                                       "left-out")
        assert warning.filename == __file__  # the caller's line, not kifu's
    converted = kifu_cli("convert", DOUBLE_THREE, "--to", "psq")
    for message in messages:
        assert f"warning[conversion]: {message} [rule: left-out]" in converted.stderr


def test_strict_raises_what_would_be_left_out_and_writes_nothing() -> None:
    record = kifu.read(str(DOUBLE_THREE))
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        with pytest.raises(kifu.ConversionError) as refused:
            record.dumps("psq", strict=True)
    assert refused.value.rule == "left-out"
    assert "psq has no comments: 1 comment left out" in refused.value.message
    assert "Event, Date" in refused.value.message


def test_a_lossless_write_warns_nothing() -> None:
    record = kifu.read(str(DOUBLE_THREE))
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        for fmt in ("native", "json", "sgf"):
            assert record.dumps(fmt, strict=True)
        assert record.dumps(dialect="plain")


def test_the_native_notation_warns_of_properties_it_has_no_place_for() -> None:
    """A title on a move (RenLib's, SGF's N) goes to SGF and JSON as it is; the native
    notation has none, and says so, naming the formats that keep it."""
    record = kifu.read(str(DOUBLE_THREE))
    record.nodes[2].properties["Title"] = "the third move"
    with pytest.warns(kifu.ConversionWarning, match=r"\(Title 1\); left out: json or sgf "
                      "keeps them"):
        record.dumps()
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        assert kifu.parse(record.dumps("sgf")).nodes[2].properties == {"Title": "the third move"}
    gungi = kifu.read(str(legal("gungi")[0]))
    gungi.nodes[0].properties["Title"] = "the first ply"
    with pytest.raises(kifu.ConversionError, match=r"left out: json keeps them"):
        gungi.dumps(strict=True)
