"""Building a record: a new record with headers and a set-up, moves played one by one (as text
and as values), a variation and comments, written in every format the game has and read back
the same."""
from __future__ import annotations

import random

import pytest

import kifu
from tests.examples import GAMES, legal

#: The formats every game writes besides its interchange formats.
COMMON = ("native", "json")


def strict_example(game: str) -> kifu.Record:
    """An example record of ``game`` that replays without a fault, the longest."""
    records = [kifu.read(str(path)) for path in legal(game)]
    found = [record for record in records
             if not any(d.severity == "error" for d in record.check())]
    return max(found, key=lambda record: len(record.moves))


@pytest.mark.filterwarnings("ignore::kifu.ConversionWarning")  # lossy formats: said elsewhere
@pytest.mark.parametrize("name", GAMES)
def test_a_record_built_move_by_move_writes_and_reads_back_in_every_format(name: str) -> None:
    example = strict_example(name)
    game = example.game
    rng = random.Random(27)
    record = kifu.Record.new(name, example.headers, setup=example.setup)
    assert record.moves == [] and record.headers == example.headers
    position = record.position()
    after = [position]  # the position after each number of entries
    for index, move in enumerate(example.moves):
        as_text = rng.random() < 0.5
        node = record.play(game.notation(move, position) if as_text else move)
        assert node.move == game.canonical(position, move)
        if index % 7 == 3:
            node.comments.append(f"comment {index}")
        position = game.play(position, node.move)
        after.append(position)
    assert record.position() == example.position()
    entry = next(i for i in range(2, len(after)) if game.legal_moves(after[i - 1]))
    before = after[entry - 1]
    other = rng.choice(game.legal_moves(before))
    path = record.add_variation(entry, [game.notation(other, before)])
    assert record.line(path)[-1] == other
    record.comments.append("built by the test")
    assert record.check() == []
    for fmt in (*COMMON, *game.plugin.formats()):
        try:
            text = record.dumps(fmt)
        except kifu.ConversionError:
            continue  # a format that cannot say the record (a board SGF has no name for)
        suffix = "" if fmt in COMMON else game.plugin.formats()[fmt].suffixes[0]
        back = kifu.parse(text, game=name, path=f"built{suffix}")
        if not back.variations():  # a format without variations leaves them out, and says so
            assert back.moves == record.moves, fmt
        else:  # a tree whose branches keep no order (RenLib's) may give another main line
            assert lines(back) == lines(record), fmt
        # The same stones and turn (a format that cannot name the rules reads them as its own).
        end = back.position(variation=next((p for p in back.variations()
                                            if back.line(p) == record.moves), None))
        assert (game.position_key(end).split(" ")[:2]
                == game.position_key(record.position()).split(" ")[:2]), fmt


def lines(record: kifu.Record) -> set[tuple[object, ...]]:
    """Every line of ``record``, the main line included."""
    return {tuple(record.moves), *(tuple(record.line(p)) for p in record.variations())}


def test_building_a_renju_record_as_the_docs_show() -> None:
    record = kifu.Record.new("renju", {"Black": "Ann", "White": "Bo"})
    record.play("h8").comments.append("the centre")
    record.play("i9")
    record.play("H9")  # any spelling: kept as h9
    path = record.add_variation(2, ["i7", "g9"])
    record.play("h10", variation=path)
    assert [str(m) for m in record.moves] == ["h8", "i9", "h9"]
    assert [str(m) for m in record.line(path)] == ["h8", "i7", "g9", "h10"]
    assert record.dumps().splitlines() == ["Game: renju", "Black: Ann", "White: Bo", "",
                                           "1. h8 {the centre}", "2. i9 (2. i7 3. g9 4. h10)",
                                           "3. h9"]


def test_a_move_the_rules_refuse_is_not_added() -> None:
    record = kifu.Record.new("renju")
    record.play("h8")
    with pytest.raises(kifu.IllegalMoveError) as refused:
        record.play("h8")
    assert refused.value.rule == "occupied"
    assert len(record.moves) == 1
    with pytest.raises(kifu.NotationError):
        record.play("z99 z98")
    with pytest.raises(kifu.KifuError, match="not a Renju"):
        record.play(42)  # type: ignore[arg-type]
    with pytest.raises(kifu.OptionError):
        record.add_variation(5, ["i9"])


def test_a_set_up_may_be_given_as_its_json() -> None:
    record = kifu.Record.new("renju", setup={"black": ["h8", "i9"], "white": ["h9"],
                                             "to_move": "white"})
    assert record.game.to_move(record.position()) == "white"
    record.play("j10")
    assert kifu.parse(record.dumps(), game="renju").moves == record.moves
    with pytest.raises(kifu.SetupError):
        kifu.Record.new("renju", setup={"black": ["h8"], "white": ["h8"], "to_move": "white"})
    with pytest.raises(kifu.HeaderError):
        kifu.Record.new("renju", {"Rule": "chess"})


def test_a_finished_game_takes_no_more_moves() -> None:
    record = kifu.Record.new("renju")
    for move in ("h8", "a1", "h9", "a2", "h10", "a3", "h11", "a4", "h12"):
        record.play(move)
    assert record.outcome().winner == "black"
    with pytest.raises(kifu.GameOverError):
        record.play("a5")
