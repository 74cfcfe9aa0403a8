"""Reading records in the library: formats named, streams, collections game by game, headers
alone, indexes from 0, and where each record came from."""
from __future__ import annotations

import gzip
import io
import os
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import kifu
from kifu.base.record import is_event
from kifu.plugin import registry
from tests.examples import GAMES, legal

ROOT = Path(__file__).resolve().parents[2]
EXAMPLES = ROOT / "examples"
GO_SGF = EXAMPLES / "freego" / "fox-style.sgf"
RENJU = EXAMPLES / "renju" / "double-three.renju"
RENJU_SGF = "(;FF[4]GM[4]SZ[15]PB[Ann]PW[Bo];B[hh];W[ig];B[hg])"
TWO_GO = "(;GM[1]SZ[9]PB[Ann];B[aa])\n(;GM[1]SZ[9]PB[Bo];B[bb];W[cc])\n(;GM[1]SZ[9]PB[Cy])"


# -- formats named ---------------------------------------------------------------------------

def test_an_sgf_text_is_read_as_sgf_whatever_game_it_is_given() -> None:
    text = GO_SGF.read_text(encoding="utf-8")
    for record in (kifu.parse(text), kifu.parse(text, game="freego"),
                   kifu.parse(text, format="sgf"), kifu.parse(text, game="freego", format="sgf")):
        assert (record.game.name, record.format, record.move_count) == ("freego", "sgf", 54)
    renju = kifu.parse(RENJU_SGF, game="renju")
    assert (renju.game.name, renju.format, [str(m) for m in renju.moves]) == (
        "renju", "sgf", ["h8", "i9", "h9"])
    assert kifu.parse(RENJU_SGF).game.name == "renju"


@pytest.mark.filterwarnings("ignore::kifu.ConversionWarning")  # lossy formats: said elsewhere
def test_format_names_the_format_of_a_file_whatever_its_suffix(tmp_path: Path) -> None:
    odd = tmp_path / "game.txt"
    odd.write_text(RENJU_SGF, encoding="utf-8")
    assert kifu.read(odd, format="sgf").format == "sgf"
    native = tmp_path / "notes.txt"
    native.write_text(RENJU.read_text(encoding="utf-8"), encoding="utf-8")
    assert kifu.read(native, format="native").move_count == 23
    record = kifu.read(RENJU)
    assert kifu.parse(record.dumps("json"), format="json").moves == record.moves
    psq = kifu.parse(record.dumps("psq"), format="psq")
    assert (psq.game.name, psq.format, psq.moves) == ("renju", "psq", record.moves)


def test_a_format_the_game_does_not_have_is_an_option_error() -> None:
    with pytest.raises(kifu.OptionError) as raised:
        kifu.parse("(;GM[1];B[aa])", game="gungi", format="sgf")
    assert raised.value.option == "format"
    assert "gungi has no format 'sgf'" in str(raised.value)
    with pytest.raises(kifu.OptionError, match="the formats are native, json, sgf"):
        kifu.read(RENJU, format="chess")


@pytest.mark.parametrize("fmt", ["sgf", "json", "psq", "rif", "renlib", "pgn"])
def test_a_text_not_in_the_format_named_is_a_located_error(fmt: str) -> None:
    with pytest.raises(kifu.KifuError) as raised:
        kifu.read(RENJU, format=fmt)
    assert isinstance(raised.value, kifu.NotationError)
    if fmt != "renlib":  # a format of bytes says where in words ("at its start")
        assert raised.value.span is not None


@pytest.mark.filterwarnings("ignore::kifu.ConversionWarning")  # lossy formats: said elsewhere
def test_every_format_of_every_game_reads_its_own_writing() -> None:
    for name, game in registry.games().items():
        record = next(r for r in map(kifu.read, legal(name)) if r.check() == [])
        for fmt in ["native", "json", *registry.formats(game)]:
            try:
                text = record.dumps(fmt)
            except kifu.ConversionError:
                continue  # a format that cannot say this record, or that kifu only reads
            again = kifu.parse(text, game=name, format=fmt)
            assert (again.game.name, again.format) == (name, fmt)
            assert again.move_count == record.move_count


# -- streams ---------------------------------------------------------------------------------

def test_a_stream_is_read_wherever_a_path_is(tmp_path: Path) -> None:
    data = RENJU.read_bytes()
    from_bytes = kifu.read(io.BytesIO(data))
    assert from_bytes.moves == kifu.read(RENJU).moves
    assert (from_bytes.name, from_bytes.path) == ("<stream>", None)
    with open(RENJU, encoding="utf-8") as handle:
        from_text = kifu.read(handle)
    assert (from_text.name, from_text.path) == (str(RENJU), str(RENJU))
    packed = tmp_path / "go.sgf.gz"
    with gzip.open(packed, "wb") as out:
        out.write(TWO_GO.encode("utf-8"))
    with gzip.open(packed) as handle:
        games = list(kifu.read_all(handle))
    assert [g.headers["Black"] for g in games] == ["Ann", "Bo", "Cy"]
    assert [g.index for g in games] == [0, 1, 2]
    with gzip.open(packed) as handle:
        assert kifu.read(handle, index=2).headers["Black"] == "Cy"


def test_a_shift_jis_stream_is_decoded_as_its_file_is() -> None:
    path = EXAMPLES / "renju" / "shift-jis-record.renju"
    assert kifu.read(io.BytesIO(path.read_bytes())).headers == kifu.read(path).headers


@pytest.mark.parametrize("junk", [b"\x00\x01\x02\xff" * 64, b"", b"\x1f\x8b\x08junk"])
def test_a_stream_of_binary_junk_is_a_kifu_error(junk: bytes) -> None:
    with pytest.raises(kifu.KifuError):
        kifu.read(io.BytesIO(junk))
    with pytest.raises(kifu.KifuError):
        kifu.read(gzip.GzipFile(fileobj=io.BytesIO(junk)))
    problems: list[str] = []
    assert list(kifu.read_all(io.BytesIO(junk),
                              on_error=lambda name, error: problems.append(name))) == []
    assert problems == ["<stream>"]


def test_a_stream_that_cannot_be_read_is_a_read_error(tmp_path: Path) -> None:
    with open(tmp_path / "out.renju", "wb") as handle, pytest.raises(kifu.ReadError):
        kifu.read(handle)
    with pytest.raises(TypeError):
        kifu.read(42)  # type: ignore[arg-type]


# -- collections, indexes, names -------------------------------------------------------------

def test_parse_all_gives_each_game_of_a_text() -> None:
    games = kifu.parse_all(TWO_GO)
    first = next(games)
    assert (first.name, first.path, first.index, first.headers["Black"]) == (
        "<string>#1", None, 0, "Ann")
    rest = list(games)
    assert [(g.name, g.index) for g in rest] == [("<string>#2", 1), ("<string>#3", 2)]
    named = list(kifu.parse_all(TWO_GO, path="club.sgf"))
    assert [(g.name, g.path) for g in named] == [(f"club.sgf#{n}", "club.sgf") for n in (1, 2, 3)]


def test_indexes_count_from_0_and_name_the_games_the_command_line_names(tmp_path: Path) -> None:
    path = tmp_path / "three.sgf"
    path.write_text(TWO_GO, encoding="utf-8")
    for index in range(3):
        record = kifu.read(path, index=index)
        assert (record.index, record.name, record.path) == (index, f"{path}#{index + 1}",
                                                            str(path))
    assert [r.index for r in kifu.read_all(path)] == [0, 1, 2]
    assert kifu.read(path).headers["Black"] == "Ann"
    with pytest.raises(kifu.GameIndexError) as raised:
        kifu.read(path, index=3)
    assert "holds 3 games; there is no index=3 (indexes count from 0: 0 to 2)" in str(
        raised.value)
    assert raised.value.games == 3
    with pytest.raises(kifu.GameIndexError, match="from 0"):
        kifu.read(path, index=-1)
    with pytest.raises(kifu.GameIndexError, match="holds 1 game; there is no index=1"):
        kifu.read(RENJU, index=1)


def test_a_record_checks_again_the_game_it_is(tmp_path: Path) -> None:
    path = tmp_path / "two.sgf"
    path.write_text("(;GM[1]SZ[9];B[aa])(;GM[1]SZ[9];B[bb];W[bb]", encoding="utf-8")
    second = kifu.read(path, index=1, lenient=True)
    strict, lenient = second.check(), second.check(lenient=True)
    assert [(d.move, d.severity) for d in strict] == [(None, "error"), (2, "error")]
    assert [(d.move, d.severity) for d in lenient] == [(None, "warning"), (2, "error")]


def test_parse_takes_folders_for_the_board_a_record_names(tmp_path: Path) -> None:
    boards = tmp_path / "boards"
    boards.mkdir()
    (boards / "scribble.toml").write_bytes((EXAMPLES / "freego" / "scribble.toml").read_bytes())
    text = "Game: freego\nBoard: scribble.toml\n\n"
    with pytest.raises(kifu.KifuError, match="folders="):
        kifu.parse(text).position()
    assert kifu.parse(text, folders=(str(boards),)).position() is not None
    assert kifu.parse(text, path=str(boards / "game.freego")).position() is not None


# -- move counts -----------------------------------------------------------------------------

def test_move_count_is_the_count_validate_gives_for_every_example() -> None:
    from kifu.run.validate import Options, check_file

    for name in GAMES:
        for record in map(kifu.read, legal(name)):
            assert record.path is not None
            reports = check_file(record.path, Options())
            if reports[0].diagnostics:
                continue  # an illegal record: validate counts the moves up to the fault
            assert record.move_count == reports[0].moves, record.name
            assert record.move_count == sum(not is_event(m) for m in record.moves)
    gungi = kifu.read(EXAMPLES / "gungi" / "short-game.gungi")
    assert (len(gungi.moves), gungi.move_count) == (58, 7)


# -- headers alone ---------------------------------------------------------------------------

def test_read_headers_gives_what_reading_whole_gives(tmp_path: Path) -> None:
    for name in GAMES:
        for record in map(kifu.read, legal(name)):
            assert record.path is not None
            [headers] = kifu.read_headers(record.path)
            assert (headers.name, headers.path, headers.index, headers.game, headers.format,
                    headers.headers) == (record.name, record.path, record.index,
                                         record.game.name, record.format, record.headers)
    path = tmp_path / "three.sgf"
    path.write_text(TWO_GO, encoding="utf-8")
    found = list(kifu.read_headers(path))
    assert [(h.name, h.index, h.header("black")) for h in found] == [
        (f"{path}#{n + 1}", n, player) for n, player in enumerate(["Ann", "Bo", "Cy"])]


def test_read_headers_does_not_read_the_moves(tmp_path: Path) -> None:
    path = tmp_path / "broken-moves.sgf"
    path.write_text("(;GM[1]SZ[9]PB[Ann];B[zz](;W[\\]];B[(]))(;GM[1]PB[Bo];B[aa]", encoding="utf-8")
    assert [h.headers["Black"] for h in kifu.read_headers(path)] == ["Ann", "Bo"]
    native = tmp_path / "game.renju"
    native.write_text("Black: Ann\nWhite: Bo\n\n1. h8 2. h8 3. ??\n", encoding="utf-8")
    [headers] = kifu.read_headers(native)
    assert headers.headers == {"Black": "Ann", "White": "Bo"}


def test_read_headers_finds_headers_after_a_comment_or_a_blank_line(tmp_path: Path) -> None:
    """Every native grammar reads a header anywhere before the moves: after a blank line, and
    after a comment in the notations that have them (Gungi's brackets are notes of its
    plies); a head read line by line up to the first line that was no header missed them,
    and so did the index's Renju core, which read such a head."""
    moved = 0
    for name in GAMES:
        for source in legal(name):
            first, rest = source.read_bytes().split(b"\n", 1)  # (some are not UTF-8)
            if source.suffix in (".sgf", ".json", ".psq") or b":" not in first:
                continue
            between = b"\n\n" if name == "gungi" else b"\n{a note} ; and another\n\n\n"
            path = tmp_path / source.name
            path.write_bytes(first + b"\n" + between + rest)
            record = kifu.read(path)
            [headers] = kifu.read_headers(path)
            assert headers.headers == record.headers == kifu.read(source).headers, source
            moved += len(record.headers) > 1
    assert moved >= 5, moved
    path = tmp_path / "game.renju"
    path.write_text("Game: renju\n\nRule: gomoku\n{x}\nBlack: Ann\n\n1. h8 2. h9\n",
                    encoding="utf-8")
    [headers] = kifu.read_headers(path)
    assert headers.headers == {"Game": "renju", "Rule": "gomoku", "Black": "Ann"}


def test_read_headers_of_gungi_reads_its_japanese_headers(tmp_path: Path) -> None:
    """Gungi's headers in Japanese (先手：…, as the rules' own records write them) are headers
    as English ones are; a set-up diagram's (its hands, the side to move) end the head."""
    source = EXAMPLES / "gungi" / "short-game.gungi"
    path = tmp_path / "japanese.gungi"
    path.write_text("先手：西辻\n後手：某\n\n棋戦：練習、\n" + source.read_text(encoding="utf-8"),
                    encoding="utf-8")
    [headers] = kifu.read_headers(path)
    assert headers.headers == kifu.read(path).headers
    assert list(headers.headers)[:3] == ["先手", "後手", "棋戦"]
    study = EXAMPLES / "gungi" / "effects-study.gungi"  # its headers, then its diagram's
    [headers] = kifu.read_headers(study)
    assert headers.headers == kifu.read(study).headers


def test_read_headers_of_a_folder_and_of_a_stream() -> None:
    names = [h.name for h in kifu.read_headers(EXAMPLES / "renju")]
    assert names == [r.name for r in kifu.read_all(EXAMPLES / "renju")]
    [one] = kifu.read_headers(io.BytesIO(GO_SGF.read_bytes()))
    assert (one.game, one.format, one.path) == ("freego", "sgf", None)
    problems: list[str] = []
    assert list(kifu.read_headers(io.BytesIO(b"\x00junk"),
                                  on_error=lambda name, error: problems.append(name))) == []
    assert problems == ["<stream>"]


@settings(max_examples=30, deadline=None)
@given(st.lists(st.tuples(st.sampled_from(["Ann", "B[o]", "C\\y", "(D)"]),
                          st.integers(min_value=0, max_value=5)), min_size=1, max_size=4))
def test_headers_of_a_collection_are_those_of_its_games(games: list[tuple[str, int]]) -> None:
    """Whatever the values hold (brackets, escapes, parentheses), the heads found by skipping
    each game's moves are the games read whole."""
    def escaped(value: str) -> str:
        return value.replace("\\", "\\\\").replace("]", "\\]")

    text = "".join(f"(;GM[1]SZ[9]PB[{escaped(player)}]C[a (comment]"
                   + "".join(f";{'BW'[n % 2]}[{'abcdef'[n]}a]C[)]" for n in range(moves))
                   + ")" for player, moves in games)
    whole = [(r.name, r.headers) for r in kifu.parse_all(text)]
    heads = [(h.name, h.headers) for h in kifu.read_headers(io.StringIO(text))]
    assert [(name.replace("<stream>", "<string>"), h) for name, h in heads] == whole


def test_os_paths_are_taken_too() -> None:
    assert kifu.read(os.fspath(RENJU)).name == kifu.read(RENJU).name == str(RENJU)
