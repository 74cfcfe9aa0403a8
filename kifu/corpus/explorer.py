"""An opening explorer over an index: where each game's records start, and from any position
the moves played next, each with the key of the position it makes (so that a client steps on
by key alone), how the records ended for the side to move, and the most recent records that
reach it.

Everything is read from the index's hashes (:mod:`kifu.corpus.stats`): no record is replayed
to answer a step.  Only a game's start position is read from a record file, once, where the
index names the record that starts so.
"""
from __future__ import annotations

from array import array
from collections import Counter
from dataclasses import dataclass, field
from typing import Any

from kifu.base.errors import CorpusError, KifuError, NotationError
from kifu.base.record import Record
from kifu.corpus import continuations, stats
from kifu.corpus.checks import Damage
from kifu.corpus.reader import Filters, Reader
from kifu.corpus.search import Key, check_game, hits, key_of, occurrences
from kifu.corpus.store import unplace
from kifu.corpus.values import GameInfo, Hit, Place
from kifu.plugin import AnyGame, registry
from kifu.run.load import load

#: The most moves a position may be given as (``position=`` a line of moves from the start).
MAX_MOVES = 1000


@dataclass(frozen=True)
class Start:
    """A position the records of a game start from: the game, the position's key, how many
    records start there."""

    game: str
    title: str
    key: str
    games: int


@dataclass(frozen=True)
class Next:
    """A move played from the position explored: as written there, the key of the position it
    makes (``None`` for a move no legal move makes: it cannot be followed), the records that
    play it, and how they ended (``wins`` by side, ``draw``, ``unknown``) and as ``win``,
    ``draw``, ``loss`` for the side to move."""

    move: str
    key: str | None
    games: int
    wins: dict[str, int] = field(default_factory=dict)
    win: int = 0
    draw: int = 0
    loss: int = 0


@dataclass(frozen=True)
class Exploration:
    """What the explorer shows of a position: its game and key, the side to move (``None``
    where the game names none), the records that reach it and how they ended, the moves played
    next (most played first) and the most recent records that reach it."""

    game: str
    key: str
    to_move: str | None
    sides: tuple[str, ...]
    games: int
    wins: dict[str, int]
    moves: tuple[Next, ...]
    recent: tuple[Hit, ...]


def starts(reader: Reader) -> list[Start]:
    """The positions the index's records start from, most common first within each game (a
    game whose records start on several boards has several).  The trails name the starts;
    each is counted from its checked position rows (a damaged trail cannot change a count)."""
    reader.check_records()
    rows = reader.execute(
        "SELECT g.game, substr(t.hashes, 1, 8) AS first, MIN(g.id), COUNT(*) FROM trail t "
        "JOIN game g NOT INDEXED ON g.id = t.game WHERE g.game IS NOT NULL AND "
        "length(t.hashes) >= 8 GROUP BY g.game, first")
    # Every record with positions has its trail: the trails scanned are counted against the
    # records (a trail lost from the scan, a page out of place say, would leave a start out).
    scanned: Counter[str] = Counter()
    for name, _, _, count in rows:
        scanned[name] += count
    held = dict(reader.execute("SELECT game, COUNT(*) FROM game NOT INDEXED WHERE game IS NOT "
                               "NULL AND positions > 0 GROUP BY game"))
    if scanned != Counter(held):
        with reader.guarded():
            raise Damage("the trails of positions do not match the records: a trail is "
                         "missing, or was changed")
    counted = []
    for name, first, example, _ in rows:
        if not isinstance(first, bytes) or len(first) != 8 or not isinstance(example, int):
            raise Damage("a trail of positions is not what kifu writes", example)
        starting = {record for record, place in reader.positions(array("q", first)[0])
                    if unplace(place)[1] == 0}
        if starting:
            counted.append((name, -len(starting), min(starting)))
    counted.sort()
    infos = reader.infos([example for _, _, example in counted])
    found = []
    for name, count, example in counted:
        game = registry.find(name)
        info = infos[example]
        if game is None or info.game != name:
            continue
        try:
            position = load(info.path, game_index=info.number).position_at(0)[0]
        except (KifuError, OSError):  # the file is gone or changed: the game's usual start
            try:
                position = game.start(Record(game.name))
            except KifuError:
                continue
        found.append(Start(game.name, game.title, game.position_key(position), -count))
    return found


def position_of(game: AnyGame, text: str, start: str | None = None) -> Any:
    """The position ``text`` names in ``game``: a position's key, or moves played from the
    start (``start``, a key; the game's usual start without one), separated by spaces; a
    ``NotationError`` for anything else."""
    try:
        return game.position_from_key(text)
    except KifuError as error:
        said = error
    moves = text.split()
    if not moves or len(moves) > MAX_MOVES:
        raise NotationError(f"{text[:80]!r} is no {game.title} position: {said.message}")
    position = (game.position_from_key(start) if start is not None
                else game.start(Record(game.name)))
    for number, written in enumerate(moves, 1):
        try:
            move = game.parse_move(written, position)
            game.play(position, move)
        except KifuError as error:
            raise NotationError(f"{text[:80]!r} is no {game.title} position (a key), nor "
                                f"moves from the start: move {number}, {written!r}: "
                                f"{error.message}") from None
    return position


#: The orders of the records an explorer lists: the latest, the strongest.
ORDERS = ("date", "strength")


def explore(reader: Reader, game: AnyGame, position: Any, filters: Filters,
            recent: int = 10, by: str = "date", *, table: bool = True) -> Exploration:
    """The explorer's view of ``position`` (a position of ``game``) among the records the
    filters keep, with the ``recent`` latest records that reach it (``by`` ``date``) or
    the strongest (``strength``); without ``table``, from the records' trails alone (the
    reference the explorer's table is held to)."""
    check_game(reader, game, filters, "position")
    key = key_of(game, position)
    made: dict[str, str] = {}
    explored = stats.explore(reader, key, position, filters, made, table=table,
                             examples=False)
    to_move = game.to_move(position)
    moves = tuple(_next(continuation.move, made.get(continuation.move), continuation.games,
                        continuation.wins, to_move)
                  for continuation in explored.continuations)
    return Exploration(game.name, game.position_key(position), to_move,
                       tuple(explored.sides), explored.games, explored.wins, moves,
                       tuple(latest(reader, key, filters, recent, by, table=table)))


def _next(move: str, after: str | None, games: int, wins: dict[str, int],
          to_move: str | None) -> Next:
    won, drawn, lost = outcome(wins, to_move)
    return Next(move, after, games, wins, won, drawn, lost)


def outcome(wins: dict[str, int], side: str | None) -> tuple[int, int, int]:
    """Records won, drawn and lost by ``side`` (none without a side), of ``wins`` by side."""
    if side is None:
        return 0, 0, 0
    drawn = wins.get("draw", 0)
    won = wins.get(side, 0)
    # every record but the side's wins, the draws and those not known (a step lists hundreds)
    lost = sum(wins.values()) - drawn - wins.get("unknown", 0) - (
        0 if side in ("draw", "unknown") else won)
    return won, drawn, lost


def latest(reader: Reader, key: Key, filters: Filters, count: int, by: str = "date",
           *, table: bool = True) -> list[Hit]:
    """The ``count`` records that reach the position with the latest dates (undated last),
    or with ``by`` ``strength`` the strongest (:func:`kifu.corpus.indexing.strength`; of no
    known strength last, then the latest), each where it first reaches it (every one
    checked, as search checks them).  Without filters, from the lists of the explorer's
    table where it holds the position; else (or without ``table``) from every record that
    reaches it."""
    if count <= 0:
        return []
    ranked = continuations.by_strength if by == "strength" else continuations.by_date
    row = reader.explored(key.hash) if table and filters.keep_all() else None
    if row is not None and row.complete(by, count):
        with reader.guarded():
            return _listed(reader, key, row.listed(by)[:count])
    first: dict[int, tuple[int, int]] = {}
    for record, node, image in occurrences(reader, key, filters):
        first.setdefault(record, (node, image))
    stored = reader.records(sorted(first))
    ids = sorted(first, key=lambda record: ranked(
        (record, stored[record].date, stored[record].strength)))
    ids = ids[:count]
    names = key.symmetry.names
    found = {record: (first[record][0], names[key.symmetry.between(key.image,
                                                                    first[record][1])])
             for record in ids}
    return _in_order(hits(reader, found), ids)


def _listed(reader: Reader, key: Key, listed: list[continuations.Listed]) -> list[Hit]:
    """The records a list of the explorer's table names, each where it first reaches the
    position, checked against its row (its date and strength as the list has them)."""
    ids = [entry[0] for entry in listed]
    stored = reader.records(ids)
    found = {}
    for record, trail in reader.each_trail(ids, stored):
        place = continuations.first_place(trail.hashes, trail.images, key.hash)
        if place is None:
            raise Damage("the explorer's table lists a record that does not reach its "
                         "position", record)
        found[record] = (place[0], key.symmetry.names[key.symmetry.between(key.image,
                                                                           place[1])])
    for entry in listed:
        if (stored[entry[0]].date, stored[entry[0]].strength) != entry[1:]:
            raise Damage("the explorer's table lists a record otherwise than its row says",
                         entry[0])
    return _in_order(hits(reader, found), ids)


def _in_order(found: list[Hit], ids: list[int]) -> list[Hit]:
    """``found`` in the order of their records' ids in ``ids``."""
    order = {record: number for number, record in enumerate(ids)}
    return sorted(found, key=lambda hit: order[hit.record.id])


def record_place(reader: Reader, record: int, node: int | None) -> tuple[GameInfo, Place]:
    """The index's record ``record`` (its :class:`~kifu.corpus.values.GameInfo`) and the
    place of its node ``node`` (its start without one); a ``CorpusError`` for a record or a
    node the index does not hold."""
    if not reader.execute("SELECT 1 FROM game WHERE id = ?", (record,)):
        raise CorpusError(f"the index holds no record {record}")
    infos = reader.infos([record])
    trail = reader.trail(record)
    if not trail.lines:
        raise CorpusError(f"record {record} has no position in the index")
    if node is not None and not 0 <= node < len(trail.hashes):
        raise CorpusError(f"record {record} has no node {node} in the index")
    return infos[record], trail.place(node or 0)
