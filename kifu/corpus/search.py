"""Searching an index: the records that reach a position (any symmetry, any move order), or a
pattern (:mod:`kifu.corpus.patterns`), or whose headers match, each combined with the header
filters.

A position is looked up by its canonical hash, in the index's tree of ``(hash, game, node)``:
one lookup, however many records the index holds.  Each record is named once, at the first
place it reaches the position (its main line first), with how its position is made from the
one asked for (:meth:`kifu.plugin.symmetry.Symmetry.between`).
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from kifu.base.errors import CorpusError
from kifu.corpus.checks import Damage
from kifu.corpus.reader import Filters, Reader, chunks
from kifu.corpus.store import unplace
from kifu.corpus.values import Hit, Place
from kifu.plugin import AnyGame
from kifu.plugin.symmetry import Symmetry


@dataclass(frozen=True)
class Key:
    """A position as the index keys it: its game, canonical hash, the image it was found as,
    and the game's symmetry on its board."""

    game: AnyGame
    hash: int
    image: int
    symmetry: Symmetry


def key_of(game: AnyGame, position: Any) -> Key:
    """The index's key of ``position``, a position of ``game``."""
    tracker = game.tracker(position)
    tracker.visit(position)
    tracker.finish()
    return Key(game, tracker.hashes[0], tracker.images[0], tracker.symmetry)


def check_game(reader: Reader, game: AnyGame, filters: Filters, what: str) -> None:
    """A ``CorpusError`` when a position or pattern of ``game`` cannot be asked of the index:
    the filters name another game, or the index holds no record of it."""
    wanted = filters.game_name()
    if wanted is not None and wanted != game.name:
        raise CorpusError(f"the {what} is a {game.title} one, but --game asks for {wanted}")
    if not reader.holds(game.name):
        held = reader.games()
        raise CorpusError(f"the {what} is a {game.title} one, but {reader.path} holds no "
                          f"{game.title} record (it holds {', '.join(held) or 'none'})")


def occurrences(reader: Reader, key: Key, filters: Filters) -> list[tuple[int, int, int]]:
    """``(game, node, image)`` for every place a filtered record reaches the position, in
    index order (each record's nodes in order).  Every record found is checked (its row, and
    so what the filters read of it), and the place against it."""
    rows = reader.positions(key.hash)
    stored = reader.records(sorted({game for game, _ in rows}))
    kept = reader.kept(sorted(stored), filters, key.game.name)
    found = []
    images = len(key.symmetry)
    for game, place in rows:
        record = stored.get(game)
        if record is None:
            raise Damage(f"a position's row names a record (id {game}) that has no row")
        _, node, image = unplace(place)
        if node >= record.positions or image >= images:
            raise Damage(f"a position's row names node {node}, image {image}, which it does not "
                         "have", game)
        if game in kept:
            found.append((game, node, image))
    return found


#: What a search found: for each record (by its id, in index order), the first node where it
#: reaches what was asked, and how its position there is made from the one asked for
#: (``identity``, ``turned 90°``...).  :func:`hits` answers with them.
Places = dict[int, tuple[int, str]]


def search_position(reader: Reader, key: Key, filters: Filters) -> list[Hit]:
    """The records that reach the position, each once (where first)."""
    return hits(reader, position_places(reader, key, filters))


def position_places(reader: Reader, key: Key, filters: Filters) -> Places:
    """The records that reach the position, each once (where first, and how)."""
    check_game(reader, key.game, filters, "position")
    first: dict[int, tuple[int, int]] = {}
    for game, node, image in occurrences(reader, key, filters):
        first.setdefault(game, (node, image))
    return {game: (node, key.symmetry.names[key.symmetry.between(key.image, image)])
            for game, (node, image) in first.items()}


def hits(reader: Reader, found: Places) -> list[Hit]:
    """Hits from ``game -> (node, transform)``, in index order."""
    ids = sorted(found)
    done = []
    for chunk in chunks(ids):
        stored = reader.records(chunk)
        for game, trail in reader.each_trail(chunk, stored):
            node, transform = found[game]
            place = trail.place(node) if trail.lines else Place(0, 0, 0)
            done.append(Hit(stored[game].info(), place, transform))
    return done

