"""The library's records (kifu.read, kifu.parse, kifu.read_all, kifu.Record) on every example of
every game: what they read, replay and report is what the command line reads, replays and
reports."""
from __future__ import annotations

import json
import warnings
from pathlib import Path

import pytest

import kifu
from kifu.api.parameters import reworded_diagnostic
from kifu.reading.walk import walk
from kifu.run.load import leaves_out
from kifu.run.validate import Options, check_file
from tests import examples
from tests.examples import EXAMPLES, invalid, legal

GAMES = examples.GAMES
LEGAL = [pytest.param(path, game, id=path.name) for game in GAMES for path in legal(game)]
INVALID = [pytest.param(path, id=path.name) for game in GAMES for path in invalid(game)]


def json_of(game: kifu.Game, position: object) -> str:
    return json.dumps(game.position_json(position), sort_keys=True)


def needs_lenient(record: kifu.Record) -> bool:
    """Whether the record replays only leniently (the Nishitsuji sample game's slips)."""
    return any(d.severity == "error" for d in record.check())


STRICT = [p for p in LEGAL if not needs_lenient(kifu.read(str(p.values[0])))]


@pytest.mark.parametrize(("path", "game"), LEGAL)
def test_read_gives_the_record_with_its_game_and_a_clean_check(path: Path, game: str) -> None:
    record = kifu.read(str(path))
    assert record.game is kifu.game(game)
    assert record.name == str(path)
    assert record.moves and record.moves == [node.move for node in record.nodes]
    assert [d for d in record.check(lenient=True) if d.severity == "error"] == []


@pytest.mark.parametrize(("path", "game"), LEGAL)
def test_replay_snapshots_stay_as_they_were_after_later_steps(path: Path, game: str) -> None:
    record = kifu.read(str(path))
    lenient = needs_lenient(record)
    steps = list(record.replay(lenient=lenient))
    assert len(steps) == len(record.moves)
    numbers = [step.number for step in steps if step.number is not None]
    assert numbers == list(range(1, len(numbers) + 1))
    for step, written in zip(steps, record.moves):  # compared once the replay is over
        assert step.notation == record.game.plugin.move_text(written)
        if step.number is not None:
            assert json_of(record.game, step.position) == json_of(
                record.game, record.position(step.number, lenient=lenient))
    assert json_of(record.game, steps[-1].position) == json_of(
        record.game, record.position(lenient=lenient))


@pytest.mark.parametrize(("path", "game"), STRICT)
def test_playing_the_main_line_move_by_move_leaves_every_position_unchanged(
        path: Path, game: str) -> None:
    record = kifu.read(str(path))
    rules = record.game
    position = record.position(0)
    for move in record.moves:
        before = json_of(rules, position)
        after = rules.play(position, move)
        assert json_of(rules, position) == before
        assert after is not position
        position = after
    assert json_of(rules, position) == json_of(rules, record.position())
    assert rules.outcome(position) == rules.outcome(record.position())


@pytest.mark.parametrize(("path", "game"), STRICT)
def test_every_move_reads_back_from_its_notation_where_it_stands(path: Path, game: str) -> None:
    record = kifu.read(str(path))
    rules = record.game
    position = record.position(0)
    for move in record.moves:
        text = rules.notation(move, position)
        assert rules.parse_move(text, position) == rules.canonical(position, move)
        position = rules.play(position, move)


@pytest.mark.filterwarnings("ignore::kifu.ConversionWarning")  # the dialects' (said above)
@pytest.mark.parametrize(("path", "game"), LEGAL)
def test_dumps_reads_back_in_every_format(path: Path, game: str) -> None:
    record = kifu.read(str(path))
    formats = ["native", "json", *record.game.plugin.formats()]
    for fmt in formats:
        try:
            with warnings.catch_warnings(record=True) as said:
                warnings.simplefilter("always")
                text = record.dumps(fmt)
        except kifu.ConversionError:  # a map board in SGF, a swap in psq, a format kifu
            assert fmt not in ("native", "json")  # only reads: said, never written wrong
            continue
        assert [str(w.message) for w in said] == [  # what convert says, said as warnings
            lost.message for lost in leaves_out(record.game.plugin, record.data, fmt)]
        suffix = {"native": record.game.suffixes[0], "json": ".json"}.get(fmt) or \
            record.game.plugin.formats()[fmt].suffixes[0]
        again = kifu.parse(text, game=game, path=f"again{suffix}")
        assert again.game is record.game
        if leaves_out(record.game.plugin, record.data, fmt):
            continue  # a format that cannot say all of it says what it leaves out
        assert len(again.moves) == len(record.moves)
    for dialect in record.game.dialects:
        try:
            text = record.dumps(dialect=dialect)
        except kifu.ConversionError:  # Rengi's open form of a game with free colours
            continue
        again = kifu.parse(text, game=game, path=str(path.with_suffix(record.game.suffixes[0])))
        assert len(again.moves) == len(record.moves)
        assert [d for d in again.check(lenient=True) if d.severity == "error"] == []


@pytest.mark.parametrize("lenient", [False, True], ids=["strict", "lenient"])
@pytest.mark.parametrize("path", [*(p.values[0] for p in LEGAL), *(p.values[0] for p in INVALID)])
def test_check_reports_exactly_what_kifu_validate_reports(path: Path, lenient: bool) -> None:
    options = Options(lenient=lenient)
    # The same diagnostics, said in the library's terms (encoding=NAME for --encoding).
    expected = [reworded_diagnostic(d) for report in check_file(str(path), options)
                for d in report.diagnostics]
    failed: list[tuple[str, kifu.KifuError]] = []
    found = [d for record in kifu.read_all(str(path), on_error=lambda *f: failed.append(f),
                                           lenient=lenient)
             for d in record.check(lenient)]
    if failed:  # a record kifu cannot read: validate reports its error, read_all hands it over
        [(name, error)] = failed
        assert name == str(path)
        assert expected[-1].message == error.describe()
        assert expected[-1].code == error.code
    else:
        assert found == expected


def test_read_all_streams_every_game_of_an_sgf_collection(tmp_path: Path) -> None:
    games = "".join(f"(;GM[1]SZ[9];B[{c}c];W[{c}d])" for c in "abcdefg")
    (tmp_path / "seven.sgf").write_text(games, encoding="utf-8")
    records = kifu.read_all(str(tmp_path))
    first = next(records)
    assert first.name == f"{tmp_path / 'seven.sgf'}#1"
    assert [str(m) for m in first.moves] == ["ac", "ad"] or len(first.moves) == 2
    rest = list(records)
    assert [r.name.rsplit("#", 1)[1] for r in rest] == ["2", "3", "4", "5", "6", "7"]
    assert all(r.game.name == "freego" and r.check() == [] for r in rest)


def test_read_all_walks_a_folder_as_kifu_validate_does() -> None:
    expected = [f.path for f in walk([str(EXAMPLES)], kifu.plugin.registry.suffixes())]
    seen: list[str] = []
    for record in kifu.read_all(str(EXAMPLES), on_error=lambda name, error: seen.append(name)):
        seen.append(record.name.partition("#")[0])
    assert sorted(set(seen)) == sorted(set(expected))


def test_read_all_raises_without_on_error(tmp_path: Path) -> None:
    (tmp_path / "a.renju").write_text("1. h8 2. h8\n", encoding="utf-8")
    (tmp_path / "b.renju").write_text("1. h8 jj\n", encoding="utf-8")
    records = kifu.read_all(str(tmp_path))
    assert next(records).check()[0].rule == "occupied"  # illegal, but a record
    with pytest.raises(kifu.NotationError, match="unexpected 'jj'"):
        next(records)


def test_position_and_replay_take_a_variation_as_text_or_path() -> None:
    record = kifu.parse("Game: renju\n1. h8 2. i9 (2. g7 3. g9) 3. j10\n")
    assert record.variations() == [(2, 1)]
    assert [str(m) for m in record.line("2.1")] == ["h8", "g7", "g9"]
    assert [str(s.move) for s in record.replay((2, 1))] == ["h8", "g7", "g9"]
    position = record.position(3, variation="2.1")
    assert kifu.game("renju").position_json(position)["stones"] == {
        "black": ["h8", "g9"], "white": ["g7"]}


@pytest.mark.parametrize(("call", "message"), [
    (lambda r: r.position(4), "the line has 3 moves; there is no move 4"),
    (lambda r: r.position(-1), "move numbers start at 0"),
    (lambda r: r.position(variation="3.1"), "entry 3 has no variation 1"),
    (lambda r: r.position(variation="3"), "a variation is ENTRY.NUMBER"),
    (lambda r: list(r.replay("9.1")), "there is no entry 9"),
])
def test_a_move_or_variation_the_record_lacks_is_an_option_error(call, message: str) -> None:
    record = kifu.parse("Game: renju\n1. h8 2. i9 3. j10\n")
    with pytest.raises(kifu.OptionError, match=message):
        call(record)


def test_an_illegal_move_is_raised_located_by_replay_and_position() -> None:
    record = kifu.parse("Game: renju\n1. h8 2. i9\n3. h8\n", path="game.renju")
    steps = record.replay()
    assert [s.number for s in (next(steps), next(steps))] == [1, 2]
    with pytest.raises(kifu.IllegalMoveError) as raised:
        next(steps)
    assert (raised.value.rule, raised.value.move_number, raised.value.span.line) == (
        "occupied", 3, 3)
    with pytest.raises(kifu.IllegalMoveError):
        record.position()
    [diagnostic] = record.check()
    assert (diagnostic.path, diagnostic.line, diagnostic.column, diagnostic.move,
            diagnostic.rule, diagnostic.code, diagnostic.severity) == (
        "game.renju", 3, 4, 3, "occupied", "illegal-move", "error")


def test_read_errors_are_kifu_errors(tmp_path: Path) -> None:
    with pytest.raises(kifu.ReadError):
        kifu.read(str(tmp_path / "missing.renju"))
    with pytest.raises(kifu.ReadError):
        kifu.read(str(tmp_path))
    (tmp_path / "empty.renju").write_bytes(b"")
    with pytest.raises(kifu.InputError):
        kifu.read(str(tmp_path / "empty.renju"))
    with pytest.raises(kifu.UnknownGameError):
        kifu.parse("1. h8\n", game="chess")
    with pytest.raises(kifu.ConversionError):
        kifu.read(str(EXAMPLES / "rengoma" / "win-down.rengoma")).dumps("sgf")


def test_check_reads_an_sgf_record_again_to_repair_it_leniently(tmp_path: Path) -> None:
    path = tmp_path / "repair.sgf"
    path.write_text("(;GM[1]SZ[9];B[aa];W[bb]", encoding="utf-8")  # the closing ) is missing
    strict = [d for r in check_file(str(path), Options()) for d in r.diagnostics]
    lenient = [d for r in check_file(str(path), Options(lenient=True)) for d in r.diagnostics]
    assert strict != lenient
    record = kifu.read(str(path), lenient=True)
    assert record.check(lenient=True) == lenient
    assert kifu.read(str(path), lenient=True).check() == strict


def test_read_picks_a_game_of_a_collection(tmp_path: Path) -> None:
    path = tmp_path / "two.sgf"
    path.write_text("(;GM[1]SZ[9];B[aa])(;GM[1]SZ[9];B[bb];W[cc])", encoding="utf-8")
    assert len(kifu.read(str(path)).moves) == 1
    second = kifu.read(str(path), index=1)
    assert (second.name, len(second.moves)) == (f"{path}#2", 2)
