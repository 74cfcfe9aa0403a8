"""``kifu.Corpus`` as a library user holds it: what it accepts as a position and a pattern,
what it raises, and an index write that fails half way leaving the old index as it was."""
from __future__ import annotations

import math
import random
import subprocess
import sys
from pathlib import Path

import pytest

import kifu
from kifu.corpus import build
from tests.corpus.corpora import random_game, sgf, write

MOVES = random_game("freego", 9, 20, random.Random(8))


@pytest.fixture
def corpus(tmp_path: Path) -> kifu.Corpus:
    write(tmp_path / "records", [("a.sgf", sgf(MOVES, 9)), ("b.sgf", sgf(MOVES[:12], 9))])
    index = kifu.Corpus(tmp_path / "corpus.db")
    built = index.index([tmp_path / "records"])
    assert (built.read, built.records, built.illegal) == (2, 2, 0)
    return index


def test_a_position_is_named_by_a_position_a_record_or_a_file(corpus, tmp_path):
    record = kifu.read(str(tmp_path / "records" / "a.sgf"))
    by_position = corpus.search(record.position(10))
    by_record = corpus.search(record, move=10)
    by_name = corpus.search(str(tmp_path / "records" / "a.sgf"), move=10)
    by_spec = corpus.search(f"{tmp_path / 'records' / 'a.sgf'}@10")
    names = [[Path(hit.record.path).name for hit in found]
             for found in (by_position, by_record, by_name, by_spec)]
    assert names == [["a.sgf", "b.sgf"]] * 4
    assert corpus.search(record, move=15)[0].place.move == 15
    with pytest.raises(kifu.CorpusError, match="no position of a game kifu knows"):
        corpus.search(42)


def test_a_pattern_is_a_file_or_its_text(corpus, tmp_path):
    text = "Anchor: anywhere\n\nX\n"
    (tmp_path / "one.pattern").write_text(text, encoding="utf-8")
    by_text = corpus.search(pattern=text)
    by_file = corpus.search(pattern=tmp_path / "one.pattern")
    assert [h.record.name for h in by_text] == [h.record.name for h in by_file]
    assert len(by_text) == 2
    with pytest.raises(kifu.PatternError) as raised:
        corpus.search(pattern="Anchor: corner\n\nX Z\n")
    assert raised.value.span.line == 3 and raised.value.span.column == 3
    with pytest.raises(kifu.CorpusError, match="cannot be read"):
        corpus.search(pattern=tmp_path / "missing.pattern")


def test_an_index_that_fails_half_way_leaves_the_old_one(corpus, tmp_path, monkeypatch):
    before = Path(corpus.path).read_bytes()
    write(tmp_path / "more", [("c.sgf", sgf(MOVES[:5], 9))])

    def broken(self):
        raise KeyboardInterrupt

    monkeypatch.setattr(build._Writer, "finish", broken)
    with pytest.raises(KeyboardInterrupt):
        corpus.index([tmp_path / "records", tmp_path / "more"])
    assert Path(corpus.path).read_bytes() == before
    assert [p.name for p in tmp_path.iterdir() if p.name.startswith(".corpus.db")] == []
    assert len(corpus.search()) == 2


def test_an_index_that_is_no_index_raises(tmp_path):
    (tmp_path / "x.db").write_text("not an index", encoding="utf-8")
    with pytest.raises(kifu.CorpusError, match="is not a kifu corpus index"):
        kifu.Corpus(tmp_path / "x.db").search()
    with pytest.raises(kifu.CorpusError, match="no such index"):
        kifu.Corpus(tmp_path / "none.db").games()


@pytest.mark.parametrize("call", [
    lambda c, v: c.stats(top=v), lambda c, v: c.duplicates(min_moves=v),
    lambda c, v: c.search("records/a.sgf", move=v), lambda c, v: c.stats("records/a.sgf", move=v),
    lambda c, v: c.index(["records"], jobs=v),
], ids=["stats-top", "duplicates-min_moves", "search-move", "stats-move", "index-jobs"])
@pytest.mark.parametrize("value", [-5, math.nan, math.inf, 1.5, "5", True, 10**400],
                         ids=lambda value: repr(value)[:12])
def test_a_number_a_corpus_cannot_take_is_an_option_error_stating_its_range(corpus, tmp_path,
                                                                             monkeypatch, call,
                                                                             value):
    """``stats(top=10**30)`` was an ``OverflowError`` from SQLite, ``top=-5`` every position,
    ``top=nan`` an index said to be damaged, ``min_moves='5'`` a ``TypeError``."""
    monkeypatch.chdir(tmp_path)
    try:
        call(corpus, value)
    except kifu.OptionError as error:
        assert "whole number from" in str(error) or "there is no move" in str(error)
    else:
        assert value == 10**400, f"{value!r} taken"  # past every index: all there is


def test_stats_top_past_what_sqlite_counts_asks_for_every_position(tmp_path):
    write(tmp_path / "records", [("a.sgf", sgf(random_game("freego", 9, 12, random.Random(3)),
                                                9))])
    corpus = kifu.Corpus(tmp_path / "corpus.db")
    corpus.index([tmp_path / "records"])
    every = corpus.stats(top=10**6).frequent
    assert corpus.stats(top=10**30).frequent == every and len(every) == 12
    done = subprocess.run([sys.executable, "-m", "kifu", "stats", "--top", "9" * 40,
                           "corpus.db"], capture_output=True, text=True, cwd=tmp_path,
                          timeout=120)
    assert done.returncode == 0 and "internal" not in done.stderr, done.stderr
