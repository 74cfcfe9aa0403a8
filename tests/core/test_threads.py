"""Parsing is safe from any number of threads: many threads reading records at once read each
exactly as one thread does (kifu's parsers are shared between threads; what a parse builds is
each call's own)."""
from __future__ import annotations

import threading
from concurrent.futures import ThreadPoolExecutor

import kifu
from kifu.plugin import registry
from tests.examples import invalid, legal

THREADS = 8
ROUNDS = 4


def _texts() -> list[tuple[str, str]]:
    """Every bundled example of every game (legal and broken), as text."""
    found = []
    for card in registry.cards():
        for path in [*legal(card.name), *invalid(card.name)]:
            found.append((str(path), path.read_bytes().decode("utf-8", "replace")))
    return found


def _outcome(path: str, text: str) -> str:
    """What reading one record gives: its JSON, or the error, as text to compare."""
    try:
        record = kifu.parse(text, path=path)
        return record.dumps("json") + repr([d.message for d in record.check()])
    except kifu.KifuError as error:
        return f"{type(error).__name__}: {error}"


def test_parsing_from_many_threads_at_once_reads_every_record_as_one_thread_does():
    texts = _texts()
    assert len({path.rsplit("/", 2)[-2] for path, _ in texts}) >= len(list(registry.cards()))
    expected = [_outcome(path, text) for path, text in texts]
    start = threading.Barrier(THREADS)

    def hammer(worker: int) -> list[tuple[int, str]]:
        start.wait()  # every thread parses at the same moment
        wrong = []
        for round_ in range(ROUNDS):
            for index in range((worker + round_) % len(texts), len(texts), 1):
                got = _outcome(*texts[index])
                if got != expected[index]:
                    wrong.append((index, got))
        return wrong

    with ThreadPoolExecutor(THREADS) as pool:
        wrong = [bad for found in pool.map(hammer, range(THREADS)) for bad in found]
    assert wrong == [], f"{len(wrong)} parses differ, first: {texts[wrong[0][0]][0]}"
