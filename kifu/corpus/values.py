"""What a corpus answers with: hits of a search, the continuations of a position, the
positions reached most often, groups of duplicates.  Plain frozen values, the same for the
library (:class:`kifu.Corpus`) and the command line's formats."""
from __future__ import annotations

from dataclasses import dataclass, field, fields
from typing import Any


@dataclass(frozen=True)
class Place:
    """Where a position stands in a record: the node (``0`` the start; the main line's nodes
    first), the entries played to it (``depth``), the move number, and the variation path
    of its line (``""`` for the main line, ``"12.2"`` for the second variation of entry 12)."""

    node: int
    depth: int
    move: int
    variation: str = ""

    @property
    def path(self) -> tuple[int, ...]:
        """The variation path of its line as numbers (``(12, 2)``; ``()``, the main line)."""
        return tuple(int(part) for part in self.variation.split(".")) if self.variation else ()

    def fragment(self, game: int = 1, games: int = 1) -> str:
        """The viewer's address of this position in a page of the record
        (``#move=34&variation=12.2``)."""
        parts = [f"game={game}"] if games > 1 else []
        parts.append(f"entry={self.depth}")
        if self.variation:
            parts.append(f"variation={self.variation}")
        return "#" + "&".join(parts)


@dataclass(frozen=True)
class GameInfo:
    """A record of the index: its name (the file, ``#N`` for a game of a collection), its
    file and its place there (``number`` from 1, :attr:`index` from 0), its game, the headers a
    search filters on, and whether it is legal."""

    id: int
    name: str
    path: str
    number: int
    game: str
    black: str | None = None
    white: str | None = None
    event: str | None = None
    date: str | None = None
    result: str | None = None
    winner: str | None = None
    moves: int = 0
    legal: bool = True
    problem: str | None = None
    #: How strong its players are (the weaker's rank or rating, on one scale: see
    #: ``docs/serve.md``), ``None`` where the record says nothing of it.
    strength: float | None = None

    @property
    def index(self) -> int:
        """Which record of its file it is, from 0, as ``kifu.read(path, index=...)`` takes
        it; ``number`` counts from 1, as the command line's ``FILE#N`` does."""
        return self.number - 1


@dataclass(frozen=True)
class Hit:
    """A record that reaches what was searched: where first (``place``: its main line first,
    then its variations in order), and how the record's position is made from the one asked
    for (``transform``: ``identity``, ``turned 90°``, ``colours swapped``...)."""

    record: GameInfo
    place: Place
    transform: str = "identity"

    def to_json(self) -> dict[str, Any]:
        # Their fields are plain values: read as they are (dataclasses.asdict deep-copies
        # each, a tenth of an explorer's step that lists ten records).
        data = {name: getattr(self.record, name) for name in _GAME_INFO if name != "id"}
        data.update({name: getattr(self.place, name) for name in _PLACE})
        data["transform"] = self.transform
        return data


@dataclass(frozen=True)
class Page:
    """A page of a search's answer: how many records were found (``total``, every one of
    them checked), the page's records (``hits``: ``per_page`` at most, the ``page``-th such
    page of them all, sorted by ``sort``), and, where a pattern search was stopped at its
    time limit, why (``stopped``; ``total`` then counts what it had found)."""

    total: int
    page: int
    per_page: int
    sort: str
    hits: tuple[Hit, ...]
    stopped: str | None = None


@dataclass(frozen=True)
class Continuation:
    """One move played from a position: how it is written there (``move``), how many records
    play it (``games``), and how those records ended, by side (``wins``; ``draw`` and
    ``unknown`` too), each side as in the position asked about (a record found with the
    colours swapped counts its black's win as white's)."""

    move: str
    games: int
    wins: dict[str, int] = field(default_factory=dict)
    example: str = ""

    def share(self, side: str) -> float | None:
        decided = sum(count for name, count in self.wins.items() if name != "unknown")
        return None if not decided else self.wins.get(side, 0) / decided


@dataclass(frozen=True)
class Explored:
    """What an opening explorer shows of a position: the records that reach it, the moves
    played from it, and how the records that reach it ended."""

    game: str
    sides: tuple[str, ...]
    games: int
    continuations: tuple[Continuation, ...]
    wins: dict[str, int] = field(default_factory=dict)


@dataclass(frozen=True)
class Frequent:
    """A position reached by many records: how many, and one of them (where first)."""

    games: int
    occurrences: int
    example: Hit


@dataclass(frozen=True)
class Duplicate:
    """A member of a group of duplicates and what ties it to the group's first record."""

    record: GameInfo
    evidence: str
    transform: str = "identity"
    headers: tuple[str, ...] = ()


@dataclass(frozen=True)
class Group:
    """Records that are one game: ``kind`` is ``same`` (the same moves, up to symmetry: the
    evidence says whether the headers and the orientation agree) or ``contained`` (each
    later record's moves are a stretch of the first's)."""

    kind: str
    first: GameInfo
    members: tuple[Duplicate, ...]


#: The fields of a record and of a place, in order (:meth:`Hit.to_json`).
_GAME_INFO = tuple(item.name for item in fields(GameInfo))
_PLACE = tuple(item.name for item in fields(Place))
