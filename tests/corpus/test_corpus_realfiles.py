"""The index on real files other programs wrote (``KIFU_CORPUS``): Go SGF with variations,
set-ups and problems, parsers' test suites, Renju SGF.  Every record is marked legal exactly when
``kifu validate`` finds no error in it, and a search finds exactly the records a replay of
every record finds."""
from __future__ import annotations

import random
from pathlib import Path

import pytest

import kifu
from kifu.run.validate import Options, check_files
from tests.corpus.corpora import every_position, orbit, stones_of
from tests.realfiles import folder, needs

pytestmark = [needs("sgf-real"), needs("sgf"), needs("renju")]

#: A sample of each, to keep the run short: every n-th file.
REAL_STEP, SGF_STEP = 50, 10


def sample() -> list[Path]:
    real = sorted((folder("sgf-real") or Path()).rglob("*.sgf"))[::REAL_STEP]
    suites = sorted((folder("sgf") or Path()).rglob("*.sgf"))[::SGF_STEP]
    renju = sorted((folder("renju") or Path()).glob("sgf/*.sgf"))
    return real + suites + renju


@pytest.fixture(scope="module")
def corpus(tmp_path_factory) -> tuple[kifu.Corpus, list[Path]]:
    files = sample()
    index = kifu.Corpus(tmp_path_factory.mktemp("real") / "corpus.db")
    built = index.index(files, jobs=2)
    assert built.read + len(built.unreadable) == len(files)
    return index, files


def test_a_record_is_legal_in_the_index_exactly_when_validate_says_so(corpus):
    index, files = corpus
    legal = {}
    for reports in check_files([str(f) for f in files], Options(), jobs=1):
        for report in reports:
            legal[report.path] = not any(d.severity == "error" for d in report.diagnostics)
    hits = index.search()
    assert len(hits) > 60
    marked = {hit.record.name: hit.record.legal for hit in hits}
    assert {name: legal[name] for name in marked} == marked
    assert 0 < sum(marked.values()) < len(marked)  # both kinds are there


def test_a_search_finds_exactly_what_a_replay_finds(corpus):
    index, files = corpus
    rng = random.Random(3)
    legal = [hit.record for hit in index.search() if hit.record.legal and hit.record.moves]
    replayed = every_position(Path(f) for f in files)
    for info in rng.sample(legal, 12):
        record = kifu.read(info.path, index=info.index)
        position = record.position(rng.randint(0, info.moves))
        colours = record.game.name == "freego"
        wanted = orbit(stones_of(record.game, position), _size(record, position), colours)
        found = {Path(hit.record.name).name for hit in index.search(position)}
        assert found == {name for name, seen in replayed.items() if seen & wanted}, info.name


def _size(record: kifu.Record, position: object) -> int:
    key = record.game.plugin.position_key(position).split(" ")
    rows = key[1] if record.game.name == "freego" else key[0]
    return rows.count("/") + 1
