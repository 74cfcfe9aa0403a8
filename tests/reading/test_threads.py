"""Parsing is safe from any number of threads: many threads reading records at once read each
exactly as one thread does (kifu's parsers are shared between threads; what a parse builds is
each call's own), in every format, and so are checking, drawing and converting."""
from __future__ import annotations

import threading
from concurrent.futures import ThreadPoolExecutor
from pathlib import PurePath

import kifu
from kifu.plugin import registry
from tests.examples import EXAMPLES, invalid, legal

TESTS = EXAMPLES.parent / "tests"

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


def _files() -> list[str]:
    """The bundled examples and the test suite's own files of every format kifu reads (SGF,
    psq, PGN, RIF, RenLib's binary libraries, JSON...)."""
    suffixes = registry.suffixes()
    found = [path for folder in (EXAMPLES, TESTS) for path in folder.rglob("*")
             if path.is_file() and path.suffix.lower() in suffixes]
    return sorted(str(path) for path in found)


def _everything(path: str) -> str:
    """What the library makes of one file: each record as JSON, its findings, its final
    position drawn as SVG and text, and its legal moves there; or the error."""
    out = []
    try:
        for record in kifu.read_all(path):
            out += [record.dumps("json"), repr([d.message for d in record.check()])]
            try:
                position, game = record.position(), record.game
                out += [kifu.svg(position, game), kifu.text(position, game),
                        repr(sorted(str(move) for move in game.legal_moves(position))[:40])]
            except kifu.KifuError as error:  # an illegal record: its error
                out.append(repr(error))
    except kifu.KifuError as error:
        out.append(f"{type(error).__name__}: {error}")
    return "\n".join(out)


def test_every_format_read_checked_and_drawn_from_many_threads_is_as_one_thread_does():
    files = _files()
    suffixes = {PurePath(path).suffix.lower() for path in files}
    assert {".sgf", ".psq", ".pgn", ".rif", ".lib", ".json"} <= suffixes
    expected = {path: _everything(path) for path in files}
    start = threading.Barrier(THREADS)

    def hammer(worker: int) -> list[str]:
        start.wait()
        return [path for path in files[worker % len(files):] + files[:worker % len(files)]
                if _everything(path) != expected[path]]

    with ThreadPoolExecutor(THREADS) as pool:
        wrong = [bad for found in pool.map(hammer, range(THREADS)) for bad in found]
    assert wrong == [], f"{len(wrong)} files differ, first: {wrong[0]}"
