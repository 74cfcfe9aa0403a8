"""A search returns exactly the records a replay of every record finds: every record that
reaches the position (or the pattern) asked about, in any orientation and by any move order,
and no other.  Random corpora of Go (9x9) and Renju games, with a turned (for Go also
colour-swapped) copy of one game and a transposition of another planted on purpose; the
oracle (:mod:`tests.corpus.corpora`) replays every record and compares stones it turns with its
own code."""
from __future__ import annotations

import random
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import kifu
from tests.corpus.corpora import (
    TURNS,
    Move,
    every_position,
    orbit,
    random_game,
    renju,
    replay_search,
    sgf,
    stones_of,
    transformed,
    write,
)

SIZES = {"freego": 9, "renju": 15}
#: Each example indexes a corpus: fewer of them than the profile's own, unless it asks for many
#: (``HYPOTHESIS_PROFILE=thorough``).
SETTINGS = settings(max_examples=20 if settings.default.max_examples <= 100
                    else settings.default.max_examples, deadline=None,
                    suppress_health_check=[HealthCheck.function_scoped_fixture,
                                           HealthCheck.too_slow])


def corpus(folder: Path, game: str, rng: random.Random) -> list[Path]:
    """Five random games, a copy of the first turned (and for Go with the colours swapped),
    and the second with its first and third moves (black's first two) exchanged."""
    size = SIZES[game]
    games = [random_game(game, size, rng.randint(3, 24), rng) for _ in range(5)]
    turn = rng.randrange(1, len(TURNS))
    swap = game == "freego" and rng.random() < 0.5
    planted: list[tuple[list[Move], bool]] = [(transformed(games[0], turn, size), swap)]
    if len(games[1]) >= 3:
        moved = list(games[1])
        moved[0], moved[2] = moved[2], moved[0]
        planted.append((moved, False))
    texts = []
    for number, (moves, swapped) in enumerate([*((g, False) for g in games), *planted]):
        if game == "freego":
            texts.append((f"g{number}.sgf", sgf(moves, size, swap=swapped)))
        else:
            texts.append((f"g{number}.renju", renju(moves)))
    return write(folder, texts)


def indexed(game: str, rng: random.Random, folder: Path
            ) -> tuple[list[Path], kifu.Corpus, kifu.Record, object]:
    """A random corpus indexed, and a record of it with one of its positions."""
    paths = corpus(folder / "records", game, rng)
    index = kifu.Corpus(folder / "corpus.db")
    index.index([folder / "records"])
    record = kifu.read(str(rng.choice(paths)))
    return paths, index, record, record.position(rng.randint(0, len(record.moves)))


@pytest.mark.parametrize("game", sorted(SIZES))
@SETTINGS
@given(seed=st.integers(0, 2**32 - 1))
def test_a_position_search_finds_exactly_what_a_replay_finds(game, seed, tmp_path_factory):
    rng = random.Random(seed)
    paths, index, record, position = indexed(game, rng, tmp_path_factory.mktemp("corpus"))
    wanted = orbit(stones_of(record.game, position), SIZES[game], colours=game == "freego")
    found = {Path(hit.record.path).name for hit in index.search(position)}
    assert found == replay_search(paths, wanted)
    assert Path(record.name).name in found


def pattern_text(stones: tuple, width: int, height: int, rng: random.Random,
                 to_move: str | None) -> tuple[str, dict[tuple[int, int], str]]:
    """The bottom-left ``width`` x ``height`` corner of a position as a pattern (some points
    left as wildcards), and what it asks for point by point."""
    black, white = stones[0], stones[1]
    asked = {}
    rows = []
    for row in reversed(range(height)):
        line = []
        for column in range(width):
            point = (column, row)
            content = "X" if point in black else "O" if point in white else "."
            if content == "." and rng.random() < 0.3:
                content = "*"
            line.append(content)
            if content != "*":
                asked[point] = content
        rows.append(" ".join(line))
    head = ["Anchor: corner"] + ([f"To-move: {to_move}"] if to_move else [])
    return "\n".join(head + [""] + rows) + "\n", asked


def pattern_holds(stones: tuple, asked: dict[tuple[int, int], str], size: int, colours: bool,
                  to_move: str | None) -> bool:
    black, white, side = stones[0], stones[1], stones[2]
    for turn in TURNS:
        for swap in (False, True) if colours else (False,):
            mine, theirs = (white, black) if swap else (black, white)
            wanted_side = to_move
            if swap and to_move:
                wanted_side = "white" if to_move == "black" else "black"
            if wanted_side and side != wanted_side:
                continue
            ok = True
            for (c, r), content in asked.items():
                point = turn(c, r, size - 1)
                held = "X" if point in mine else "O" if point in theirs else "."
                if held != content:
                    ok = False
                    break
            if ok:
                return True
    return False


@pytest.mark.parametrize("game", sorted(SIZES))
@SETTINGS
@given(seed=st.integers(0, 2**32 - 1))
def test_a_corner_pattern_search_finds_exactly_what_a_replay_finds(game, seed,
                                                                   tmp_path_factory):
    rng = random.Random(seed)
    paths, index, record, position = indexed(game, rng, tmp_path_factory.mktemp("corpus"))
    stones = stones_of(record.game, position)
    size = SIZES[game]
    width, height = rng.randint(2, 5), rng.randint(2, 5)
    to_move = rng.choice([None, "black", "white"]) if game == "freego" else None
    for turn in rng.sample(range(len(TURNS)), len(TURNS)):  # the corner it is taken from
        turned = (frozenset(TURNS[turn](c, r, size - 1) for c, r in stones[0]),
                  frozenset(TURNS[turn](c, r, size - 1) for c, r in stones[1]), stones[2],
                  stones[3])
        text, asked = pattern_text(turned, width, height, rng, to_move)
        if any(content in "XO" for content in asked.values()):
            break
    else:
        return  # no stone in any corner: a pattern needs one
    expected = {name for name, seen in every_position(paths).items()
                if any(pattern_holds(held, asked, size, game == "freego", to_move)
                       for held in seen)}
    found = {Path(hit.record.path).name for hit in index.search(pattern=text)}
    assert found == expected
