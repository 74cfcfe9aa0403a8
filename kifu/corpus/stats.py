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
from collections.abc import Callable, Mapping
from typing import Any

from kifu.base.errors import KifuError
from kifu.corpus import continuations
from kifu.corpus.checks import Changes, Damage
from kifu.corpus.continuations import on_screen, turned
from kifu.corpus.reader import Filters, Reader, Stored, Trail, chunks
from kifu.corpus.search import Key, check_game, hits, occurrences
from kifu.corpus.store import GAME_OF, NODE_OF, unplace
from kifu.corpus.values import Continuation, Explored, Frequent, GameInfo
from kifu.plugin import AnyGame
from kifu.run.load import line_of, load

#: How many records' trails an explorer's step holds at once.
TRAILS_AT_ONCE = 500


def explore(reader: Reader, key: Key, position: Any, filters: Filters,
            made: dict[str, str] | None = None, *, table: bool = True,
            examples: bool = True) -> Explored:
    """The records that reach the position ``key`` keys (``position`` itself), the moves
    played from it and how those records ended; ``made``, if given, is told the key of the
    position each move listed makes, by the move's text.  Without filters, from the explorer's table
    where it holds the position (:mod:`kifu.corpus.continuations`); else (or without
    ``table``) from the trails of every record that reaches it.  Without ``examples``, the
    continuations name no example (``""``: the explorer shows none, and leaves their rows
    unread)."""
    game = key.game
    check_game(reader, game, filters, "position")
    row = reader.explored(key.hash) if table and filters.keep_all() else None
    if row is not None:
        with reader.guarded():
            return _from_table(reader, key, position, row, made, examples)
    symmetry = key.symmetry
    found = occurrences(reader, key, filters)
    records = sorted({record for record, _, _ in found})
    sides: dict[int, list[str]] = {}
    winners: dict[int, str] = {}
    playing: dict[int, set[int]] = defaultdict(set)  # a continuation's hash -> records
    example: dict[int, tuple[int, int]] = {}
    trails: dict[int, Trail] = {}  # the examples' trails (a move no legal move makes)
    reaching: dict[int, int] = {}  # the node each continuation's example reaches it at
    grids: dict[int, Stored] = {}  # the examples' records
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
                    winners[record] = turned(stored[record].winner, sides[record], swapped)
                for child in trail.children(node):
                    after = trail.hashes[child]
                    playing[after].add(record)
                    if after not in example:
                        example[after] = (record, child)
                        reaching[after] = node
                        trails[record] = trail
                        grids[record] = stored[record]
    hints = None
    if table:  # the trails are the reference: without the table, every legal move played
        def hints() -> dict[int, int] | None:
            return points(key, {after: (grids[record], trails[record], reaching[after], child)
                                for after, (record, child) in example.items()})
    moves = moves_from(game, position, set(playing), hints)
    named = {after: move for after, (move, _) in moves.items()}
    if made is not None:
        made.update(moves.values())
    infos = reader.infos(sorted({record for after, (record, _) in example.items()
                                 if examples or after not in named}))
    continuations = []
    all_sides = tuple(game.sides or next(iter(sides.values()), ()))
    for after, playing_it in playing.items():
        wins = Counter(winners[record] for record in playing_it)
        record, child = example[after]
        move = named.get(after) or _as_played(game, infos.get(record), trails[record], child)
        info = infos.get(record)
        continuations.append(Continuation(move, len(playing_it), ordered(wins, all_sides),
                                          info.name if info and examples else ""))
    continuations.sort(key=lambda c: (-c.games, c.move))
    return Explored(game.name, all_sides, len(records), tuple(continuations),
                    ordered(Counter(winners.values()), all_sides))


def _from_table(reader: Reader, key: Key, position: Any, row: continuations.Row,
                made: dict[str, str] | None, examples: bool) -> Explored:
    """:func:`explore`'s answer from the explorer's rows of the position: the winners turned
    from the position's canonical image to the one asked about."""
    game, symmetry = key.game, key.symmetry
    if key.image >= len(symmetry):
        raise Damage("a position's image is not one of its game's")
    swapped = symmetry.swaps[key.image]
    sides = row.sides
    all_sides = tuple(game.sides or sides)

    def hints() -> dict[int, int]:
        found = {}
        screen = continuations.screen_points(symmetry, key.image)
        if screen is not None:
            for after, nxt in row.nexts.items():
                if nxt.point is not None and 0 <= nxt.point < len(screen):
                    found[after] = screen[nxt.point]
        return found

    moves = moves_from(game, position, set(row.nexts), hints)
    named = {after: move for after, (move, _) in moves.items()}
    if made is not None:
        made.update(moves.values())
    infos = reader.infos(sorted({nxt.example for after, nxt in row.nexts.items()
                                 if examples or after not in named}))
    found = []
    # The winners of each kind turned and ordered once: the rows of a kind share them
    # (:meth:`~kifu.corpus.reader.Reader.explored`), and a step lists hundreds.
    turned_wins: dict[int, dict[str, int]] = {}
    for after, nxt in row.nexts.items():
        move = named.get(after)
        if move is None:
            info = infos[nxt.example]
            trail = reader.trail(nxt.example)
            child = _first_child(trail, key.hash, after)
            if child is None:
                raise Damage("the explorer's table names as the example of a continuation a "
                             "record that does not play it", nxt.example)
            move = _as_played(game, info, trail, child[1])
        wins = turned_wins.get(id(nxt.wins))
        if wins is None:
            wins = turned_wins[id(nxt.wins)] = ordered(
                {turned(name, sides, swapped): count for name, count in nxt.wins.items()},
                all_sides)
        found.append(Continuation(move, nxt.games, dict(wins),
                                  infos[nxt.example].name if examples else ""))
    found.sort(key=lambda c: (-c.games, c.move))
    wins = Counter({turned(name, sides, swapped): count for name, count in row.wins.items()})
    return Explored(game.name, all_sides, row.games, tuple(found), ordered(wins, all_sides))


def _first_child(trail: Trail, value: int, after: int) -> tuple[int, int] | None:
    """The first node of a record that follows a place where it reaches the position
    ``value`` and makes the position ``after``: that place's node, and the node."""
    for node, found in enumerate(trail.hashes):
        if found == value:
            for child in trail.children(node):
                if trail.hashes[child] == after:
                    return node, child
    return None


#: A continuation as a record plays it: the record's row, its trail, the node where it
#: reaches the position explored, and the node that follows it there.
Playing = tuple[Stored, Trail, int, int]


def points(key: Key, played: dict[int, Playing] | None) -> dict[int, int] | None:
    """Where each continuation (by its hash) puts its stone on the board of the position
    ``key`` keys, as it stands there: read from the log of a record that plays it
    (:func:`~kifu.corpus.continuations.put_point`), turned from that record's image of the
    position to the canonical one and from there to the position's own (``None`` without a
    grid; a continuation that puts no one stone down has none: a pass, a set-up)."""
    symmetry = key.symmetry
    if played is None or symmetry.permutations is None:
        return None
    found: dict[int, int] = {}
    logs: dict[int, Changes | None] = {}
    for after, (record, trail, node, child) in played.items():
        if record.id not in logs:
            board = continuations.board_symmetry(record.grid, symmetry.names, record.id)
            logs[record.id] = None if trail.log is None or board is None or \
                board.permutations is None else Changes(
                    trail.log, len(board.permutations[0]), record.positions, record.id)
        changes = logs[record.id]
        point = None if changes is None else continuations.put_point(changes, node, child)
        if point is not None and trail.images[node] < len(symmetry):
            canonical = continuations.canonical_point(symmetry, trail.images[node], point)
            on = on_screen(symmetry, key.image, canonical)
            if on is not None:
                found[after] = on
    return found


def ordered(wins: Mapping[str, int], sides: tuple[str, ...]) -> dict[str, int]:
    """Records by how they ended, in the order of the game's sides, then draws, then other
    winners, then those not known."""
    rank = {side: number for number, side in enumerate(sides)}
    last = len(rank) + 2

    def place(name: str) -> tuple[int, str]:
        return (rank.get(name, len(rank) if name == "draw" else
                         last if name == "unknown" else len(rank) + 1), name)

    return {name: wins[name] for name in sorted(wins, key=place) if wins[name]}


def moves_from(game: AnyGame, position: Any, wanted: set[int] | None = None,
               hints: Callable[[], dict[int, int] | None] | None = None
               ) -> dict[int, tuple[str, str]]:
    """Each legal move of ``position``, written as it stands there, and the key of the
    position it makes, by that position's hash in the index (the first move listed, of
    several that make positions the same up to symmetry); with ``wanted``, only the moves
    that make those hashes (:meth:`~kifu.plugin.GamePlugin.successors`: worked out at once
    where the game can, every legal move's, else each is played and hashed).

    ``hints`` gives where some of the wanted moves put their stone (:func:`points`, asked
    for only where the moves are played, and the moves wanted few beside the legal moves):
    those are named from the few moves on the points the board's symmetries map it to
    (:func:`_hinted`), the same moves as every legal move played would name; the others,
    and any a hint does not name, from every legal move."""
    try:
        moves = game.legal_moves(position)
    except KifuError:
        return {}
    at_once = game.successors_at_once(position, moves, wanted)
    if at_once is not None:
        return _written(game, position, moves, at_once)
    named: dict[int, tuple[str, str]] = {}
    hinted = hints() if wanted is not None and hints is not None and \
        _HINTED_SHARE * len(wanted) < len(moves) else None
    if wanted is not None and hinted:
        named = _hinted(game, position, moves, {value: point for value, point in
                                                 hinted.items() if value in wanted})
        if len(named) == len(wanted):
            return named
        wanted = wanted - named.keys()
    named.update(_played(game, position, moves, wanted))
    return named


#: How many legal moves a move wanted must stand for at least, for :func:`moves_from` to
#: choose the moves to play by their points rather than ask for every legal move's position
#: (choosing looks at each point's images: several a move).
_HINTED_SHARE = 4


def _hinted(game: AnyGame, position: Any, moves: list[Any],
            hints: dict[int, int]) -> dict[int, tuple[str, str]]:
    """The moves of ``moves`` (``position``'s legal moves, in order) that make the positions
    ``hints`` names, each by the point its stone goes on.  Two moves that make one position
    up to symmetry put their stones on points a symmetry maps one to the other (what
    :meth:`~kifu.plugin.GamePlugin.move_at` promises): so the first legal move making it is
    one on those points, no later in the list than the move on the hinted point; those are
    played, in the order of the list."""
    permutations = game.tracker(position).symmetry.permutations
    if permutations is None:
        return {}
    order: dict[Any, int] = {}
    for number in range(len(moves) - 1, -1, -1):  # each move's first place in the list
        order[moves[number]] = number
    ranks: dict[int, int | None] = {}  # each point asked about: its move's place, if legal

    def rank(point: int) -> int | None:
        if point not in ranks:
            move = game.move_at(position, point)
            ranks[point] = None if move is None else order.get(move)
        return ranks[point]

    chosen: set[int] = set()
    images = continuations.orbits(permutations)
    for point in set(hints.values()):
        last = rank(point)
        if last is None:
            continue
        for other in images[point]:
            found = rank(other)
            if found is not None and found <= last:
                chosen.add(found)
    return _named(game, position, [moves[number] for number in sorted(chosen)], set(hints))


def _played(game: AnyGame, position: Any, moves: list[Any],
            wanted: set[int] | None) -> dict[int, tuple[str, str]]:
    """:func:`moves_from` from every legal move (``moves``)."""
    return _named(game, position, moves, wanted)


def _named(game: AnyGame, position: Any, moves: list[Any],
           wanted: set[int] | None) -> dict[int, tuple[str, str]]:
    """The first of ``moves`` making each position wanted, written as it stands at
    ``position``, and the position's key, by its hash."""
    return _written(game, position, moves, game.successors(position, moves, wanted))


def _written(game: AnyGame, position: Any, moves: list[Any],
             found: dict[int, tuple[int, str]]) -> dict[int, tuple[str, str]]:
    """Positions found (by :meth:`~kifu.plugin.GamePlugin.successors`), each with its move
    written as it stands at ``position``."""
    return {value: (game.move_notation(moves[number], position), key)
            for value, (number, key) in found.items()}


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

