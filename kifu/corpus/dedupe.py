"""Duplicates in an index: records that are one game, each group with its evidence.

- **The same game** (kind ``same``): records whose main lines reach the same positions in the
  same order, up to the game's symmetries (the digest of their hashes agrees): an exact copy,
  the same game under other headers (the headers that differ are named), or the same game
  turned or mirrored (the transformation is named).
- **Contained** (kind ``contained``): a record whose main line (of at least ``min_moves``
  moves) is a stretch of another's line, from its start or from a set-up: a fragment, a game
  abandoned early, a joseki copied out; it is listed under the longest record containing it.
"""
from __future__ import annotations

from collections import defaultdict

from kifu.corpus.checks import Damage, headers_of
from kifu.corpus.reader import Filters, Reader, Stored, Trail
from kifu.corpus.store import unplace
from kifu.corpus.values import Duplicate, GameInfo, Group
from kifu.plugin.symmetry import Symmetry

#: The headers compared (and named when they differ) between copies of one game.
COMPARED = ("black", "white", "event", "date", "result")


def duplicates(reader: Reader, filters: Filters, min_moves: int = 20) -> list[Group]:
    """Every group of duplicates among the records the filters keep."""
    reader.check_records()
    where, values = filters.sql()
    ids = [row[0] for row in reader.execute(
        f"SELECT g.id FROM game g NOT INDEXED WHERE {where} AND g.digest IS NOT NULL AND g.moves > 0 "
        "ORDER BY g.id", values)]
    kept = reader.records(ids)
    infos = {record: stored.info() for record, stored in kept.items()}
    groups = _same(reader, kept, infos)
    grouped = {member.record.id for group in groups for member in group.members}
    groups.extend(_contained(reader, kept, infos, grouped, min_moves))
    return groups


def without_moves(reader: Reader, filters: Filters) -> int:
    """How many records the filters keep have no move on their main line, and so are not
    compared (the records :func:`duplicates` would compare but for that)."""
    reader.check_records()
    where, values = filters.sql()
    [(count,)] = reader.execute(
        f"SELECT count(*) FROM game g NOT INDEXED WHERE {where} AND g.digest IS NOT NULL AND g.moves = 0",
        values)
    return int(count)


def _same(reader: Reader, kept: dict[int, Stored], infos: dict[int, GameInfo]) -> list[Group]:
    by_digest: dict[bytes | None, list[int]] = defaultdict(list)
    for record, stored in kept.items():
        by_digest[stored.digest].append(record)
    groups = []
    for records in by_digest.values():
        if len(records) < 2:
            continue
        first, *others = records
        symmetry = reader.symmetry(kept[first].symmetry, first)
        members = []
        for other in others:
            transform = _transform(symmetry, kept[first].final_image, kept[other].final_image,
                                   other)
            differ = tuple(name for name in COMPARED
                           if getattr(kept[first], name) != getattr(kept[other], name))
            members.append(Duplicate(infos[other], _evidence(kept[first], kept[other],
                                                             transform, differ),
                                     transform, differ))
        groups.append(Group("same", infos[first], tuple(members)))
    return groups


def _transform(symmetry: Symmetry, first: int | None, second: int | None, game: int) -> str:
    """The name of how a record's final position (found as image ``second``) is made from
    another's (found as image ``first``)."""
    if first is None or second is None or max(first, second) >= len(symmetry):
        raise Damage("its final position's image is not one of its symmetry's", game)
    return symmetry.names[symmetry.between(first, second)]


def _evidence(first: Stored, other: Stored, transform: str, differ: tuple[str, ...]) -> str:
    moves = f"the same {first.moves} moves"
    if transform != "identity":
        moves += f", {transform}"
    if differ:
        return f"{moves}, under other headers ({', '.join(differ)} differ)"
    if headers_of(first.headers, first.id) != headers_of(other.headers, other.id):
        return f"{moves}; the headers searched agree, others differ"
    return f"{moves} and the same headers: a copy"


def _contained(reader: Reader, kept: dict[int, Stored], infos: dict[int, GameInfo],
               grouped: set[int], min_moves: int) -> list[Group]:
    reader.check_positions(ordered=True)  # each record's final position is looked up
    containers: dict[int, list[Duplicate]] = defaultdict(list)
    for record, stored in kept.items():
        if stored.moves < min_moves or record in grouped:
            continue
        inside = _container(reader, stored, kept)
        if inside is not None:
            container, evidence = inside
            containers[container].append(Duplicate(infos[record], evidence))
    groups = []
    for container in sorted(containers):
        info = infos.get(container) or reader.infos([container]).get(container)
        if info is not None:
            groups.append(Group("contained", info, tuple(containers[container])))
    return groups


def _container(reader: Reader, stored: Stored, kept: dict[int, Stored]) -> tuple[int, str] | None:
    """The longest other record whose lines hold this one's main line, and where."""
    record, digest, final = stored.id, stored.digest, stored.final
    if final is None:
        raise Damage("it has moves but no final position", record)
    mine = None
    best: tuple[int, int, str] | None = None
    for other, place in reader.positions(final):
        _, node, image = unplace(place)
        if other == record or (other in kept and kept[other].digest == digest):
            continue
        if mine is None:
            mine = reader.trail(record)
        found = reader.records([other]).get(other)
        if found is None:
            raise Damage(f"a position's row names a record (id {other}) that has no row")
        trail = reader.trails([other], {other: found})[other]
        start = node - (mine.main_count() - 1)
        if start < 0 or node >= len(trail.hashes) or not _same_line(trail, start, node):
            continue
        if list(trail.hashes[start:node + 1]) != list(mine.hashes[:mine.main_count()]):
            continue
        first, last = trail.place(start), trail.place(node)
        where = f"moves {first.move + 1}-{last.move}" if first.move or last.move else "its start"
        if last.variation:
            where += f" of variation {last.variation}"
        transform = _transform(reader.symmetry(stored.symmetry, record), stored.final_image,
                               image, record)
        evidence = f"its {stored.moves} moves are {where} of the container" + (
            f", {transform}" if transform != "identity" else "")
        if best is None or found.moves > best[0]:
            best = (found.moves, other, evidence)
    return None if best is None else (best[1], best[2])


def _same_line(trail: Trail, start: int, end: int) -> bool:
    first = 0
    for _, _, count, _, _ in trail.lines:
        if first <= start < first + count:
            return bool(end < first + count)
        first += count
    return False
