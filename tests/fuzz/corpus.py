"""Inputs for fuzzing: seeds, mutations of them, and records generated from a vocabulary.

Every choice goes through a :class:`Chooser`, so that the same mutations serve hypothesis
(which can then shrink a failing input) and the long run's plain random source.
"""
from __future__ import annotations

import functools
import json
import random
import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any, Protocol, TypeVar

from kifu.base.errors import KifuError
from kifu.plugin import registry
from kifu.run.load import dump, parse_text
from tests import examples

T = TypeVar("T")
GAMES = examples.GAMES
#: A mutated input never grows beyond this, so that a run tries many inputs rather than a few
#: huge ones (bench/worst_inputs.py measures huge inputs).
MAX_INPUT = 256 * 1024


class Chooser(Protocol):
    def integer(self, low: int, high: int) -> int: ...

    def choice(self, items: Sequence[T]) -> T: ...


class RandomChooser:
    """Choices from a seeded ``random.Random`` (the long run)."""

    def __init__(self, rng: random.Random) -> None:
        self.rng = rng

    def integer(self, low: int, high: int) -> int:
        return self.rng.randint(low, high)

    def choice(self, items: Sequence[T]) -> T:
        return items[self.rng.randrange(len(items))]


class DrawChooser:
    """Choices drawn by hypothesis, so that a failing input shrinks."""

    def __init__(self, draw: Callable[[Any], Any]) -> None:
        from hypothesis import strategies as st

        self.draw, self.st = draw, st

    def integer(self, low: int, high: int) -> int:
        return self.draw(self.st.integers(low, high))

    def choice(self, items: Sequence[T]) -> T:
        return self.draw(self.st.sampled_from(items))


@dataclass(frozen=True)
class Seed:
    game: str
    name: str  # a file name: its suffix guides detection
    data: bytes


@functools.cache
def seeds() -> tuple[Seed, ...]:
    """Every bundled example of every game, and each legal one as JSON and SGF too."""
    found = []
    for game in GAMES:
        for path in examples.legal(game) + examples.invalid(game):
            found.append(Seed(game, path.name, path.read_bytes()))
        for path in examples.legal(game):
            text = path.read_text(encoding="utf-8", errors="replace")
            try:
                loaded_game, record = parse_text(text, str(path))
            except KifuError:
                continue
            for target in ("json", *loaded_game.formats()):
                try:
                    out = dump(loaded_game, record, target)
                except KifuError:
                    continue  # SGF of a map board, say
                fmt = None if target == "json" else registry.format_of(loaded_game, target)
                suffix = ".json" if fmt is None else fmt.suffixes[0]
                binary = fmt is not None and fmt.binary  # bytes, one character each
                found.append(Seed(game, path.stem + suffix,
                                  out.encode("latin-1" if binary else "utf-8")))
    return tuple(found)


def seeds_of(game: str) -> tuple[Seed, ...]:
    return tuple(seed for seed in seeds() if seed.game == game)


# -- mutations ------------------------------------------------------------------------------

Mutation = Callable[[Chooser, bytes], bytes]

_ODD_TEXT = ["\x1b[31m", "\u202e", "\x00", "\r", "\r\n", "\t", "\u3000", "\ufeff", "\x85",
             "\x7f", "\u2028", "<script>alert(1)</script>", "]]>", "&amp;", "\"'", "{", "}",
             "(", ")", "[", "]", "\\", "%s", "\U0001f600", "\u0301", "Ａ", "１２", "²", "٣",
             "\n\n", ":", "：", "@", "*", "=", "-", "―", "、"]
_HUGE = ["9" * 21, "1" * 300, "1" * 4301, "7" * 5000, "18446744073709551616", "0" * 40 + "1",
         "1e400", "-1", "1.5e308", "NaN", "Infinity"]
_HEADERS = ["Board: /etc/passwd\n", "Board: ../../../etc/hosts\n", "Board: /proc/self/environ\n",
            "Board: " + "b" * 300 + "\n", "Board: grid:" + "9" * 5000 + "\n",
            "Komi: " + "9" * 400 + "\n", "Setup-1: " + "A1 " * 50 + "\n",
            "Setup-Black: a16 h8\n", "Players: 4\n", "Unit: " + "1" * 5000 + "\n",
            "DropCap: 99999999999999999999999\n", "Seed: -1\n", "Result: " + "x" * 200 + "\n",
            "Game: renju\n", "Game: freego\n", "Game: gungi\n", "Game: rengi\n",
            "Game: rengoma\n", "Stacks: c3=B1/R2/B3/R4/B1\n", "To-move: red 3\n"]


def _at(chooser: Chooser, data: bytes) -> int:
    return chooser.integer(0, len(data))


def flip(chooser: Chooser, data: bytes) -> bytes:
    if not data:
        return data
    at = chooser.integer(0, len(data) - 1)
    return data[:at] + bytes([data[at] ^ (1 << chooser.integer(0, 7))]) + data[at + 1:]


def insert_odd(chooser: Chooser, data: bytes) -> bytes:
    at = _at(chooser, data)
    return data[:at] + chooser.choice(_ODD_TEXT).encode() + data[at:]


def huge_number(chooser: Chooser, data: bytes) -> bytes:
    number = chooser.choice(_HUGE).encode()
    runs = [m.span() for m in re.finditer(rb"[0-9]+", data)]
    if runs and chooser.integer(0, 3):
        start, end = chooser.choice(runs)
        return data[:start] + number + data[end:]
    at = _at(chooser, data)
    return data[:at] + number + data[at:]


def nest(chooser: Chooser, data: bytes) -> bytes:
    """A move of the record (the word at some place) in variations nested deeply."""
    words = [m.span() for m in re.finditer(rb"[^\s(){}\[\],]+", data)]
    if not words:
        return data
    start, end = chooser.choice(words)
    word = data[start:end]
    depth = chooser.choice([2, 50, 100, 101, 300, 1200])
    return data[:end] + b" " + (b"(" + word + b" ") * depth + b")" * depth + data[end:]


def truncate(chooser: Chooser, data: bytes) -> bytes:
    return data[:_at(chooser, data)]


def delete(chooser: Chooser, data: bytes) -> bytes:
    at = _at(chooser, data)
    return data[:at] + data[at + chooser.integer(1, 40):]


def repeat(chooser: Chooser, data: bytes) -> bytes:
    at = _at(chooser, data)
    piece = data[at:at + chooser.integer(1, 40)]
    times = chooser.choice([2, 10, 100, 2000])
    return data[:at] + piece * times + data[at:]


def splice(chooser: Chooser, data: bytes) -> bytes:
    """A piece of any game's seed (the same game or another) put in."""
    other = chooser.choice(seeds()).data
    start = _at(chooser, other)
    at = _at(chooser, data)
    return data[:at] + other[start:start + chooser.integer(1, 300)] + data[at:]


def header(chooser: Chooser, data: bytes) -> bytes:
    """A header line that is hostile or huge, at the top or after the first line."""
    line = chooser.choice(_HEADERS).encode()
    if chooser.integer(0, 1):
        return line + data
    first = data.find(b"\n") + 1
    return data[:first] + line + data[first:]


#: What an SGF file's ``CA[]`` may name: charsets in SGF's spellings, Python codecs that are
#: no charset (``undefined`` and ``idna`` once ended in an internal error), nothing at all.
_CHARSETS = ["UTF-8", "utf8", "UTF16LE", "UTF-16", "UTF-32", "UTF-7", "Shift_JIS", "SJIS",
             "cp932", "EUC-JP", "GB2312", "GB18030", "Big5", "EUC-KR", "ISO-8859-1",
             "ISO8859_1", "latin-1", "windows-1252", "KOI8-R", "x-mac-japanese", "ascii",
             "undefined", "idna", "punycode", "unicode_escape", "raw_unicode_escape", "base64",
             "rot13", "zlib", "hex", "uu", "mbcs", "", "utf-8\\]", "\u00e9"]


def charset(chooser: Chooser, data: bytes) -> bytes:
    """A ``CA[]`` naming some charset, or some codec, put into the first node."""
    value = chooser.choice(_CHARSETS).encode("utf-8")
    found = re.search(rb"CA\[[^\]]*\]", data)
    if found and chooser.integer(0, 1):
        return data[:found.start()] + b"CA[" + value + b"]" + data[found.end():]
    first = data.find(b";") + 1
    return data[:first] + b"CA[" + value + b"]" + data[first:]


def json_value(chooser: Chooser, data: bytes) -> bytes:
    """One value of a JSON record replaced by one of another kind, or one key dropped."""
    try:
        document = json.loads(data)
    except (ValueError, RecursionError):
        return flip(chooser, data)
    places = list(_places(document))
    if not places:
        return data
    holder, key = chooser.choice(places)
    if chooser.integer(0, 4) == 0 and isinstance(holder, dict):
        del holder[key]
    else:
        holder[key] = chooser.choice(_odd_values())
    text = json.dumps(document, ensure_ascii=False)
    for mark, written in _WRITTEN.items():
        text = text.replace(f'"{mark}"', written)
    return text.encode()


#: Values json.dumps cannot make, put in by hand.
_WRITTEN = {"@@inf@@": "1e400", "@@big@@": "9" * 5000, "@@deep@@": "[" * 3000 + "]" * 3000,
            "@@nan@@": "NaN"}


def _odd_values() -> list[Any]:
    return [None, True, False, -1, 0, 10, 1.5, "", "x" * 1000, [], {}, [1, 2, 3], {"a": 1},
            *_WRITTEN, "h8", "pass", "兵", "\u202e", "a1", [[["h8"]]], {"type": "pass"},
            [{"move": {"type": "pass"}}]]


def _places(value: Any, depth: int = 0) -> list[tuple[Any, Any]]:
    """Every (container, key) of a JSON document, not too deep."""
    found: list[tuple[Any, Any]] = []
    if depth > 60:
        return found
    items = value.items() if isinstance(value, dict) else (
        enumerate(value) if isinstance(value, list) else [])
    for key, child in items:
        found.append((value, key))
        found.extend(_places(child, depth + 1))
    return found


def digits(chooser: Chooser, data: bytes) -> bytes:
    """A digit written in another script: full-width, superscript, Arabic-Indic."""
    runs = [m.start() for m in re.finditer(rb"[0-9]", data)]
    if not runs:
        return data
    at = chooser.choice(runs)
    return data[:at] + chooser.choice(["１", "²", "٣", "߀", "Ⅻ"]).encode() + data[at + 1:]


_WORD = re.compile("[^\\s(){}\\[\\],、。]+".encode())


def words(chooser: Chooser, data: bytes) -> bytes:
    """Words of the record moved, doubled or dropped: the syntax mostly holds, so the input
    reaches the referee, the writers and the drawings."""
    found = [m.span() for m in _WORD.finditer(data)]
    if len(found) < 2:
        return data
    (a, b), (c, d) = sorted((chooser.choice(found), chooser.choice(found)))
    action = chooser.integer(0, 2)
    if action == 0 and b <= c:  # swap
        return data[:a] + data[c:d] + data[b:c] + data[a:b] + data[d:]
    if action == 1:  # double
        return data[:b] + b" " + data[a:b] + data[b:]
    return data[:a] + data[b:]  # drop


MUTATIONS: tuple[Mutation, ...] = (flip, insert_odd, huge_number, nest, truncate, delete,
                                   repeat, splice, header, json_value, digits, words, words,
                                   words, charset)


def mutate(chooser: Chooser, seed: Seed) -> tuple[str, bytes]:
    """A seed after one to four mutations (mostly one or two): its file name and bytes."""
    data = seed.data
    for _ in range(chooser.choice((1, 1, 1, 2, 2, 3, 4))):
        data = chooser.choice(MUTATIONS)(chooser, data)[:MAX_INPUT]
    return seed.name, data


# -- generated records ----------------------------------------------------------------------

VOCABULARY = {
    "renju": ["h8", "i9", "g7", "a1", "o15", "p16", "z99", "h0", "pass", "swap", "offer[h8 i9]",
              "offer[]", "offer[g8, h6]", "1.", "2.", "12.", "{c}", "{", "}", "; x\n", "(", ")",
              ",", "\n", "Black: a\n", "Result: black\n", "Setup-Black: h8 i9\n",
              "Setup-White: a16\n", "To-Move: white\n"],
    "freego": ["D4", "E5", "A1", "T19", "J9", "pass", "パス", "D4@2", "pass@5", "長野", "新潟",
               "1.", "{c}", "(", ")", "→", "、", "\n", "Board: grid:9\n", "Board: japan\n",
               "Board: hex:3\n", "Players: a, b, c\n", "Komi: 6.5\n", "Setup-1: A1 B2\n",
               "Setup-2: C3\n", "To-Move: 2\n", "Prisoners: 0, 1\n", "Scoring: area\n",
               "Suicide: allowed\n", "Result: black+3.5\n"],
    "rengoma": ["A c3", "B d4", "C c3-c6", "*A e2", "*B b2", "*C e2-e5", "A c3=2", "1.", "2.",
                "{c}", "(", ")", "\n", "Board: 6x6\n", "Board: 4x4\n", "Pieces: 1 2 3 4\n",
                "Stock-black: 1 1 1 2 2 2 3 3 3 4 4 4\n",
                "Stock-red: 1 1 1 2 2 2 3 3 3 4 4 4\n", "Stacks: c3=B1/R3 d4=R2\n",
                "Field: B3 R2\n", "Chips: black 1, red 0\n", "To-move: red\n", "Players: 4\n"],
    "rengi": ["+3a", "-2U", "+23ab", "-11cd", "+P", "-P", "+R", "23赤緑", "2上", "{j:25}",
              "{j:3r+25}", "1.", "{c}", "(", ")", "\n", "Variant: 公連棋\n",
              "Tsumo: ab cd ba dc\n", "Seed: 42\n", "DropCap: 5\n", "[setup turn=first]\n",
              "|......|......|\n", "|a.....|b.....|\n", "[first warning=3 stock=0 tsumo=1]\n"],
    "gungi": ["▲1―7―1―兵", "▽9―3―1―兵", "▲同―鳳", "▽6―5―1―忍[5―3―2]", "▲同―不2―鳳",
              "▽6―2―1―侍⇔帥", "▲7―2―1―槍新[詰み]", "▲投了", "、", "。", "[打ち始め]", "[済み]",
              "「開戦」", "[終局]", "(", ")", "[コメント]", "(▲「3―7―1―さ、8―7―1―と」)",
              "B 1-6-1-hyou", "W same-x2-hou", "Black: a\n", "先手の持駒：兵2\n", "\n"],
}
SUFFIXES = {game: registry.get(game).suffixes[0] for game in GAMES}
#: What every kifu notation shares: move numbers, comments, variations, line ends.
SHARED_WORDS = ("1.", "2.", "12.", "{c}", "{", "}", "; x\n", "(", ")", ",", "\n")
_HEADER_LINE = re.compile(r"[A-Za-z][A-Za-z0-9_-]*[ \t]*:")


@functools.cache
def vocabulary(game: str) -> tuple[str, ...]:
    """The words records of ``game`` are generated from: :data:`VOCABULARY`'s, or, for a game
    it does not name (a sixth game), the header lines and words of the game's examples, legal
    and broken, and the words every notation shares."""
    if game in VOCABULARY:
        return tuple(VOCABULARY[game])
    found: set[str] = set()
    for path in examples.legal(game) + examples.invalid(game):
        for line in path.read_text(encoding="utf-8", errors="replace").splitlines():
            if _HEADER_LINE.match(line):
                found.add(line + "\n")
            else:
                found.update(line.split())
    return (*sorted(found), *SHARED_WORDS)


def generate(chooser: Chooser, game: str) -> tuple[str, bytes]:
    """A record of ``game`` made of its notation's words, in any order."""
    words = vocabulary(game)
    parts = [f"Game: {game}\n"] if chooser.integer(0, 1) else []
    for _ in range(chooser.integer(1, 40)):
        parts.append(chooser.choice(words))
        parts.append(chooser.choice([" ", " ", "\n", ""]))
    return "generated" + SUFFIXES[game], "".join(parts).encode()


def any_input(chooser: Chooser, game: str) -> tuple[str, bytes]:
    """A mutated seed of ``game`` (four times in five) or a generated record."""
    if chooser.integer(0, 4):
        return mutate(chooser, chooser.choice(seeds_of(game)))
    return generate(chooser, game)
