"""Every game's records in one index (the games taken from the built-in cards, so that a sixth
game is covered too): every position of every example's main line finds the example, every
record is named once with its game, and the stats and the duplicates answer for each."""
from __future__ import annotations

from pathlib import Path

import pytest

import kifu
from tests.examples import EXAMPLES, GAMES, legal


@pytest.fixture(scope="module")
def corpus(tmp_path_factory) -> kifu.Corpus:
    index = kifu.Corpus(tmp_path_factory.mktemp("all") / "corpus.db")
    index.index([EXAMPLES])
    return index


@pytest.mark.parametrize("game", GAMES)
def test_every_position_of_an_example_finds_it(corpus, game):
    assert game in corpus.games()
    for path in legal(game)[:3]:
        record = kifu.read(str(path))
        for move in range(0, len(record.moves) + 1, max(1, len(record.moves) // 6)):
            try:
                position = record.position(move)
            except kifu.KifuError:
                break
            hits = {Path(hit.record.path).name: hit for hit in corpus.search(position)}
            assert path.name in hits, (path.name, move)
            assert hits[path.name].record.game == game


@pytest.mark.parametrize("game", GAMES)
def test_the_filters_and_the_answers_hold_for_every_game(corpus, game):
    records = corpus.search(game=game)
    assert {hit.record.game for hit in records} == {game}
    assert len(records) == len({hit.record.name for hit in records})
    first = kifu.read(str(legal(game)[0]))
    explored = corpus.stats(first, move=0, top=0).explored
    assert explored is not None and explored.game == game and explored.games >= 1
    assert sum(c.games for c in explored.continuations) >= 1
    for group in corpus.duplicates(game=game, min_moves=1):
        assert group.first.game == game
