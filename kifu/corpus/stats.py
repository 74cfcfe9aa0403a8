"""Statistics of an index: what was played from a position and how it ended (an opening
explorer), and the positions reached most often.

The moves played from a position are found in the index as the positions that follow each
place it is reached (the next node of its line, the first of each variation from there); they
are named as moves *from the position asked about*, by playing each legal move there and
hashing what it makes: so a record that reached the position in another corner, or with the
colours swapped, counts its move as the move it is here, and its winner as the side it is here.
"""
from __future__ import annotations

from collections import Counter, defaultdict
from typing import Any

from kifu.base.errors import KifuError
from kifu.corpus.checks import Damage
from kifu.corpus.reader import Filters, Reader, Trail, chunks
from kifu.corpus.search import Key, check_game, hits, occurrences
from kifu.corpus.store import GAME_OF, NODE_OF, unplace
from kifu.corpus.values import Continuation, Explored, Frequent, GameInfo
from kifu.plugin import AnyGame
from kifu.run.load import line_of, load

#: How many records' trails an explorer's step holds at once.
TRAILS_AT_ONCE = 500


def explore(reader: Reader, key: Key, position: Any, filters: Filters,
            made: dict[str, Any] | None = None) -> Explored:
    """The records that reach the position ``key`` keys (``position`` itself), the moves
    played from it and how those records ended; ``made``, if given, is told the position
    each move listed makes, by the move's text."""
    game = key.game
    check_game(reader, game, filters, "position")
    symmetry = key.symmetry
    found = occurrences(reader, key, filters)
    records = sorted({record for record, _, _ in found})
    sides: dict[int, list[str]] = {}
    winners: dict[int, str] = {}
    playing: dict[int, set[int]] = defaultdict(set)  # a continuation's hash -> records
    example: dict[int, tuple[int, int]] = {}
    trails: dict[int, Trail] = {}  # the examples' trails (a move no legal move makes)
    places: dict[int, list[tuple[int, int]]] = defaultdict(list)
    for record, node, image in found:
        places[record].append((node, image))
    # The records and their trails read a few hundred at a time: the start of a large index
    # is reached by every record, and a server answers several such questions at once.
    for first in range(0, len(records), TRAILS_AT_ONCE):
        chunk = records[first:first + TRAILS_AT_ONCE]
        stored = reader.records(chunk)
        for record, trail in reader.each_trail(chunk, stored):
            sides[record] = list(stored[record].sides)
            for node, image in places[record]:
                if record not in winners:
                    swapped = symmetry.swaps[symmetry.between(key.image, image)]
                    winners[record] = _winner(stored[record].winner, sides[record], swapped)
                for child in trail.children(node):
                    after = trail.hashes[child]
                    playing[after].add(record)
                    if after not in example:
                        example[after] = (record, child)
                        trails[record] = trail
    moves = moves_from(game, position, set(playing))
    named = {after: move for after, (move, _) in moves.items()}
    if made is not None:
        made.update(moves.values())
    infos = reader.infos(sorted({record for record, _ in example.values()}))
    continuations = []
    for after, playing_it in playing.items():
        wins = Counter(winners[record] for record in playing_it)
        record, child = example[after]
        move = named.get(after) or _as_played(game, infos.get(record), trails[record], child)
        info = infos.get(record)
        continuations.append(Continuation(move, len(playing_it), dict(wins),
                                          info.name if info else ""))
    continuations.sort(key=lambda c: (-c.games, c.move))
    all_sides = tuple(game.sides or next(iter(sides.values()), ()))
    return Explored(game.name, all_sides, len(records), tuple(continuations),
                    dict(Counter(winners.values())))


def _winner(winner: str | None, sides: list[str], swapped: bool) -> str:
    """A record's winner as a side of the position asked about (``unknown`` if not known)."""
    if winner is None:
        return "unknown"
    if swapped and len(sides) >= 2 and winner in sides[:2]:
        return sides[1] if winner == sides[0] else sides[0]
    return str(winner)


def moves_from(game: AnyGame, position: Any,
               wanted: set[int] | None = None) -> dict[int, tuple[str, Any]]:
    """Each legal move of ``position``, written as it stands there, and the position it
    makes, by that position's hash in the index (the first move listed, of several that make
    positions the same up to symmetry); with ``wanted``, only the moves that make those
    hashes.  The positions are hashed by one tracker (a game's tracker follows any positions
    it is shown, as a replay's variations jump about; making one costs more than hashing a
    position: for Go, hundreds of moves)."""
    try:
        moves = game.legal_moves(position)
    except KifuError:
        return {}
    made = []
    for move in moves:
        after = game.copy(position)
        try:
            game.play(after, move)
        except KifuError:
            continue
        made.append((move, after))
    if not made:
        return {}
    tracker = game.tracker(position)
    for _, after in made:
        tracker.visit(after)
    tracker.finish()
    named: dict[int, tuple[str, Any]] = {}
    for (move, after), hashed in zip(made, tracker.hashes, strict=True):
        if (wanted is None or hashed in wanted) and hashed not in named:
            named[hashed] = (game.move_notation(move, position), after)
    return named


def _as_played(game: AnyGame, info: GameInfo | None, trail: Trail, node: int) -> str:
    """A move no legal move of the position makes (one that loses, say): as the record
    writes it, read again from its file."""
    if info is None:
        return "?"
    place = trail.place(node)
    try:
        loaded = load(info.path, game_index=info.number)
        path = tuple(int(p) for p in place.variation.split(".")) if place.variation else ()
        node_of = line_of(loaded.record, path)[place.depth - 1]
        return f"{game.move_text(node_of.move)} (as {info.name} plays it)"
    except (KifuError, IndexError, OSError):
        return f"? ({info.name}, entry {place.depth})"


#: More positions than an index can hold: ``top`` past it asks for all (SQLite's integers
#: stop at 2**63 - 1; a larger ``LIMIT`` was an ``OverflowError``).
ALL = 2**62


def frequent(reader: Reader, filters: Filters, top: int = 10) -> list[Frequent]:
    """The ``top`` positions the most records reach (besides the start), most first (counted
    over every position row and every record's, each checked first)."""
    reader.check_positions()
    reader.check_records()
    where, values = filters.sql()
    join = "" if where == "1" else f" JOIN game g NOT INDEXED ON g.id = {GAME_OF}"
    rows = reader.execute(
        f"SELECT p.hash, COUNT(DISTINCT {GAME_OF}) AS games, COUNT(*) AS times FROM position p"
        f"{join} WHERE {NODE_OF} > 0 AND {where} GROUP BY p.hash "
        "ORDER BY games DESC, times DESC, p.hash LIMIT ?", [*values, min(top, ALL)])
    found = []
    for value, games, times in rows:
        record, node = _first_kept(reader, value, filters)
        [hit] = hits(reader, {record: (node, "identity")})
        found.append(Frequent(games, times, hit))
    return found


def _first_kept(reader: Reader, value: int, filters: Filters) -> tuple[int, int]:
    """The first record the filters keep that reaches the position ``value`` past its start,
    and where: read from its bucket's rows (checked), the records asked about a few hundred
    at a time."""
    places = [(record, unplace(place)[1]) for record, place in reader.positions(value)]
    places = [(record, node) for record, node in places if node > 0]
    records = sorted({record for record, _ in places})
    for chunk in chunks(records):
        kept = reader.kept(chunk, filters)
        for record, node in places:
            if record in kept:
                return record, node
    raise Damage("the rows of the positions do not match the records they name")

