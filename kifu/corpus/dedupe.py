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

import json
from collections import defaultdict
from typing import Any

from kifu.corpus.reader import Filters, Reader, Trail
from kifu.corpus.store import GAME_OF, IMAGE_OF, NODE_OF
from kifu.corpus.values import Duplicate, GameInfo, Group

#: A record's row as read here: id, digest, final hash and image, moves, positions, headers
#: (JSON) and the headers compared.
Row = tuple[Any, ...]
#: The headers compared (and named when they differ) between copies of one game.
COMPARED = ("black", "white", "event", "date", "result")


def duplicates(reader: Reader, filters: Filters, min_moves: int = 20) -> list[Group]:
    """Every group of duplicates among the records the filters keep."""
    where, values = filters.sql()
    rows = reader.execute(
        "SELECT g.id, g.digest, g.final, g.final_image, g.moves, g.positions, g.headers, "
        f"g.black, g.white, g.event, g.date, g.result FROM game g WHERE {where} AND "
        "g.digest IS NOT NULL AND g.moves > 0 ORDER BY g.id", values)
    kept = {row[0]: row for row in rows}
    infos = reader.infos(list(kept))
    groups = _same(reader, kept, infos)
    grouped = {member.record.id for group in groups for member in group.members}
    groups.extend(_contained(reader, kept, infos, grouped, min_moves))
    return groups


def without_moves(reader: Reader, filters: Filters) -> int:
    """How many records the filters keep have no move on their main line, and so are not
    compared (the records :func:`duplicates` would compare but for that)."""
    where, values = filters.sql()
    [(count,)] = reader.execute(
        f"SELECT count(*) FROM game g WHERE {where} AND g.digest IS NOT NULL AND g.moves = 0",
        values)
    return int(count)


def _same(reader: Reader, kept: dict[int, Row], infos: dict[int, GameInfo]) -> list[Group]:
    by_digest: dict[bytes, list[int]] = defaultdict(list)
    for record, row in kept.items():
        by_digest[row[1]].append(record)
    groups = []
    for records in by_digest.values():
        if len(records) < 2:
            continue
        first, *others = records
        symmetry = reader.symmetry(first)
        members = []
        for other in others:
            transform = symmetry.names[symmetry.between(kept[first][3], kept[other][3])]
            differ = tuple(name for index, name in enumerate(COMPARED, 7)
                           if kept[first][index] != kept[other][index])
            members.append(Duplicate(infos[other], _evidence(kept[first], kept[other],
                                                             transform, differ),
                                     transform, differ))
        groups.append(Group("same", infos[first], tuple(members)))
    return groups


def _evidence(first: Row, other: Row, transform: str, differ: tuple[str, ...]) -> str:
    moves = f"the same {first[4]} moves"
    if transform != "identity":
        moves += f", {transform}"
    if differ:
        return f"{moves}, under other headers ({', '.join(differ)} differ)"
    if json.loads(first[6]) != json.loads(other[6]):
        return f"{moves}; the headers searched agree, others differ"
    return f"{moves} and the same headers: a copy"


def _contained(reader: Reader, kept: dict[int, Row], infos: dict[int, GameInfo],
               grouped: set[int], min_moves: int) -> list[Group]:
    containers: dict[int, list[Duplicate]] = defaultdict(list)
    for record, row in kept.items():
        if row[4] < min_moves or record in grouped:
            continue
        inside = _container(reader, record, row, kept)
        if inside is not None:
            container, evidence = inside
            containers[container].append(Duplicate(infos[record], evidence))
    groups = []
    for container in sorted(containers):
        info = infos.get(container) or reader.infos([container]).get(container)
        if info is not None:
            groups.append(Group("contained", info, tuple(containers[container])))
    return groups


def _container(reader: Reader, record: int, row: Row,
               kept: dict[int, Row]) -> tuple[int, str] | None:
    """The longest other record whose lines hold this one's main line, and where."""
    digest, final = row[1], row[2]
    mine = None
    best: tuple[int, int, str] | None = None
    for other, node, image in reader.execute(
            f"SELECT {GAME_OF}, {NODE_OF}, {IMAGE_OF} FROM position p WHERE p.hash = ? AND "
            f"{GAME_OF} != ? ORDER BY p.place", (final, record)):
        if other in kept and kept[other][1] == digest:
            continue
        if mine is None:
            mine = reader.trail(record)
        trail = reader.trail(other)
        start = node - (mine.main_count() - 1)
        if start < 0 or not _same_line(trail, start, node):
            continue
        if list(trail.hashes[start:node + 1]) != list(mine.hashes[:mine.main_count()]):
            continue
        first, last = trail.place(start), trail.place(node)
        where = f"moves {first.move + 1}-{last.move}" if first.move or last.move else "its start"
        if last.variation:
            where += f" of variation {last.variation}"
        symmetry = reader.symmetry(record)
        transform = symmetry.names[symmetry.between(row[3], image)]
        evidence = f"its {row[4]} moves are {where} of the container" + (
            f", {transform}" if transform != "identity" else "")
        moves = reader.execute("SELECT moves FROM game WHERE id = ?", (other,))[0][0]
        if best is None or moves > best[0]:
            best = (moves, other, evidence)
    return None if best is None else (best[1], best[2])


def _same_line(trail: Trail, start: int, end: int) -> bool:
    first = 0
    for _, _, count, _, _ in trail.lines:
        if first <= start < first + count:
            return bool(end < first + count)
        first += count
    return False
