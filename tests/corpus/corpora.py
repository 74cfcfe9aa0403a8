"""Records written for the corpus tests: random legal games of Go (SGF) and Renju, their images
under the board's symmetries (and the colours swapped), and an oracle written apart from the
index: it replays every record and compares each position with the position asked about, by
their stones, turned the eight ways in this file's own code; and an index's rows as SQLite
dumps them, for comparing indexes made two ways.
"""
from __future__ import annotations

import random
import sqlite3
import string
from collections.abc import Callable, Iterable, Sequence
from pathlib import Path

import kifu
from kifu.plugin import driver
from kifu.plugin.keys import read_rows


def index_rows(index: Path) -> list[str]:
    """An index's rows, every table's, as SQLite dumps them (two indexes made alike dump
    alike, line for line)."""
    with sqlite3.connect(index) as db:
        return list(db.iterdump())


#: A point as (column, row), both from 0 at the bottom-left; ``None`` a pass.
Point = tuple[int, int]
Move = Point | None

#: The eight symmetries of an N x N board, in this file's own words.
TURNS: tuple[Callable[[int, int, int], Point], ...] = (
    lambda c, r, n: (c, r),
    lambda c, r, n: (n - r, c),
    lambda c, r, n: (n - c, n - r),
    lambda c, r, n: (r, n - c),
    lambda c, r, n: (n - c, r),
    lambda c, r, n: (c, n - r),
    lambda c, r, n: (r, c),
    lambda c, r, n: (n - r, n - c),
)


def random_game(game: str, size: int, length: int, rng: random.Random) -> list[Move]:
    """A random legal game of ``length`` moves at most (fewer if it ends), as points."""
    rules = kifu.game(game)
    position = rules.start({"Board": f"grid:{size}"} if game == "freego" else
                           ({"Size": str(size)} if size != 15 else {}))
    moves: list[Move] = []
    for _ in range(length):
        listed = [m for m in rules.legal_moves(position)
                  if rules.notation(m, position).lower() != "pass"]
        if not listed or rules.outcome(position) is not None:
            break
        move = rng.choice(listed)
        moves.append(parse_point(rules.notation(move, position), game))
        position = rules.play(position, move)
    return moves


#: The column letters of each game's points: Go's skip I, Renju's do not.
LETTERS = {"freego": "abcdefghjklmnopqrstuvwxyz", "renju": string.ascii_lowercase}


def parse_point(text: str, game: str) -> Point:
    """``D4`` (Go) or ``d4`` (Renju) as (column, row)."""
    letter = text[0].lower()
    return LETTERS[game].index(letter), int(text[1:]) - 1


def point_name(point: Point) -> str:
    return f"{string.ascii_lowercase[point[0]]}{point[1] + 1}"


def transformed(moves: Sequence[Move], turn: int, size: int) -> list[Move]:
    return [None if m is None else TURNS[turn](m[0], m[1], size - 1) for m in moves]


def sgf(moves: Sequence[Move], size: int, *, swap: bool = False,
        headers: dict[str, str] | None = None) -> str:
    """A Go game as SGF; ``swap``: white moves first (the colours swapped)."""
    colours = "WB" if swap else "BW"
    props = "".join(f"{key}[{value}]" for key, value in (headers or {}).items())
    if swap:
        props += "PL[W]"
    nodes = []
    for number, move in enumerate(moves):
        where = "" if move is None else (string.ascii_lowercase[move[0]]
                                         + string.ascii_lowercase[size - 1 - move[1]])
        nodes.append(f";{colours[number % 2]}[{where}]")
    return f"(;GM[1]FF[4]SZ[{size}]{props}{''.join(nodes)})\n"


def renju(moves: Sequence[Move], headers: dict[str, str] | None = None) -> str:
    lines = ["Game: renju", *(f"{k}: {v}" for k, v in (headers or {}).items()), ""]
    lines.append(" ".join(point_name(m) for m in moves if m is not None))
    return "\n".join(lines) + "\n"


def write(folder: Path, texts: Iterable[tuple[str, str]]) -> list[Path]:
    folder.mkdir(parents=True, exist_ok=True)
    written = []
    for name, text in texts:
        path = folder / name
        path.write_text(text, encoding="utf-8")
        written.append(path)
    return written


# -- the oracle ------------------------------------------------------------------------------

#: A position as the oracle compares them: the black stones, the white ones, the side to move
#: (``None`` once the game has ended) and the board's rows (its size).
Stones = tuple[frozenset[Point], frozenset[Point], str | None, str]


def stones_of(game: kifu.Game, position: object) -> Stones:
    """A position as its two colours' stones and the side to move, read from its key (whose
    form each game's page gives): the rows of the board from the top, ``x`` black, ``o``
    white, then the side to move."""
    fields = game.plugin.position_key(position).split(" ")
    if game.name == "freego":
        fields = fields[1:]
    rows = read_rows(fields[0])
    black = frozenset((c, len(rows) - 1 - r) for r, row in enumerate(rows)
                      for c, code in enumerate(row) if code == "x")
    white = frozenset((c, len(rows) - 1 - r) for r, row in enumerate(rows)
                      for c, code in enumerate(row) if code == "o")
    side = {"x": "black", "b": "black", "o": "white", "w": "white"}.get(fields[1])
    board = "/".join(str(len(row)) for row in rows)
    return black, white, side, board


def orbit(stones: Stones, size: int, colours: bool) -> set[Stones]:
    """Every image of a position under the board's eight symmetries (and with the colours
    swapped, the side to move with them, where ``colours``)."""
    black, white, side, board = stones
    found = set()
    for turn in TURNS:
        b = frozenset(turn(c, r, size - 1) for c, r in black)
        w = frozenset(turn(c, r, size - 1) for c, r in white)
        found.add((b, w, side, board))
        if colours:
            other = {"black": "white", "white": "black"}.get(side or "", side)
            found.add((w, b, other, board))
    return found


def replay_search(paths: Iterable[Path], wanted: set[Stones]) -> set[str]:
    """The records (by file name, ``#N`` for the N-th of a collection) with a position of
    any line in ``wanted``: every record replayed, every position compared (the baseline the
    index must agree with)."""
    return {name for name, seen in every_position(paths).items() if seen & wanted}


def every_position(paths: Iterable[Path]) -> dict[str, set[Stones]]:
    """Every position of every line of every record, by record (named as
    :func:`replay_search` names them): a replay done once for many questions."""
    found: dict[str, set[Stones]] = {}
    for path in paths:
        try:
            records = list(kifu.read_all(str(path)))
        except kifu.KifuError:
            continue
        for record in records:
            game, seen = record.game, set()
            try:
                seen.add(stones_of(game, game.plugin.start(record.data)))
            except kifu.KifuError:
                continue
            for step in driver.replay_tree(game.plugin, record.data):
                if not isinstance(step, kifu.KifuError):
                    seen.add(stones_of(game, step.position))
            found[Path(record.name).name] = seen
    return found

