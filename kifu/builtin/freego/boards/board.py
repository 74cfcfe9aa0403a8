"""A Free-form Go board: cells, their names and values, and which cells touch.

A board is data, not geometry: the referee only needs each playable cell's neighbours, as a tuple
of cell indexes, so that a group's liberties are found by walking small tuples.  Drawing data
(points, outlines) rides along for the renderer.  Boards are immutable and shared by every
position played on them.
"""
from __future__ import annotations

import functools
import random
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field

from kifu.plugin import KifuError

Point = tuple[float, float]

#: The most seats a game can have (the source plays with 2 to 4).
MAX_SEATS = 4


class BoardError(KifuError):
    """A board (a built-in name or a board file) that cannot be used."""

    code = "board"


@dataclass(frozen=True)
class Cell:
    """One cell: the id records use, a label (and aliases) they may use instead, its value."""

    id: str
    label: str
    value: float = 1
    playable: bool = True
    at: Point | None = None
    polygon: tuple[Point, ...] | None = None
    aliases: tuple[str, ...] = ()

    def names(self) -> tuple[str, ...]:
        """Every word that names this cell in a record, id first."""
        return (self.id, self.label, *self.aliases)

    def centre(self) -> Point | None:
        """Where a stone on this cell is drawn: its point, else its outline's centroid."""
        if self.at is not None:
            return self.at
        if self.polygon:
            return polygon_centroid(self.polygon)
        return None


@dataclass(frozen=True, eq=False)
class Board:
    """Cells in file order; ``links`` as the board declares them, ``neighbours`` for play.

    ``neighbours`` leaves out unplayable cells: a cell that can never hold a stone is no
    liberty either, or a group beside Hokkaido could never be captured.
    """

    name: str
    cells: tuple[Cell, ...]
    links: tuple[tuple[int, ...], ...]
    grid: tuple[int, int] | None = None  # (columns, rows) of a rectangular grid board
    y_down: bool = False  # drawing coordinates grow downwards (as in SVG) instead of upwards
    description: str = ""
    #: The name a record's ``Board:`` header gave the file the board was read from, by which a
    #: position key names it (``None`` for a built-in board, known by its name).
    reference: str | None = None
    #: The bytes of that file, which a position key holds (compressed), so that it reads back
    #: wherever it is read, whatever files stand there (``None`` for a built-in board).
    source: bytes | None = field(default=None, repr=False)
    neighbours: tuple[tuple[int, ...], ...] = field(init=False)
    playable: tuple[int, ...] = field(init=False)
    #: The stones of an empty board as a position keeps them: 0 a playable cell, -1 another.
    empty: tuple[int, ...] = field(init=False, repr=False)
    zobrist: tuple[tuple[int, ...], ...] = field(init=False, repr=False)
    #: Each cell's id by index (what every move's event names).
    ids: tuple[str, ...] = field(init=False, repr=False)
    #: Each cell's index by each of its names exactly as written (:meth:`find` folds case).
    exact: dict[str, int] = field(init=False, repr=False)
    _folded: dict[str, int] = field(init=False, repr=False)

    def __post_init__(self) -> None:
        playable = tuple(i for i, cell in enumerate(self.cells) if cell.playable)
        ok = set(playable)
        neighbours = tuple(tuple(n for n in self.links[i] if n in ok) if i in ok else ()
                           for i in range(len(self.cells)))
        exact: dict[str, int] = {}
        folded: dict[str, int] = {}
        for index, cell in enumerate(self.cells):
            for name in cell.names():
                exact.setdefault(name, index)
                folded.setdefault(name.casefold(), index)
        # One random 64-bit key per (seat, cell), the same for every board of this size, so
        # hashes are reproducible from run to run.
        rng = random.Random(f"freego-zobrist-{len(self.cells)}")
        zobrist = tuple(tuple(rng.getrandbits(64) for _ in self.cells) for _ in range(MAX_SEATS))
        empty = tuple(0 if cell.playable else -1 for cell in self.cells)
        ids = tuple(cell.id for cell in self.cells)
        for name, value in (("neighbours", neighbours), ("playable", playable), ("empty", empty),
                            ("zobrist", zobrist), ("ids", ids), ("exact", exact),
                            ("_folded", folded)):
            object.__setattr__(self, name, value)

    def __len__(self) -> int:
        return len(self.cells)

    def find(self, name: str) -> int | None:
        """The index of the cell ``name`` names (id, label or alias; any case), or ``None``."""
        index = self.exact.get(name)
        if index is None:
            index = self._folded.get(name.casefold())
        return index

    def nearest_names(self, name: str, count: int = 3) -> list[str]:
        """The names of cells spelt most like ``name`` (``sichaun``: ``sichuan``), for a
        message about a name that is no cell; none where nothing is close."""
        import difflib  # only for a name that is no cell: reading a record imports this module

        return difflib.get_close_matches(name.casefold(), self._folded, n=count, cutoff=0.75)

    def cell_id(self, index: int) -> str:
        return self.ids[index]

    @functools.cached_property
    def has_polygons(self) -> bool:
        """Whether any cell has an outline (asked once, then kept)."""
        return any(cell.polygon for cell in self.cells)

    def edges(self) -> list[tuple[int, int]]:
        """Each declared adjacency once, as ``(smaller index, larger index)``."""
        return [(a, b) for a, links in enumerate(self.links) for b in links if a < b]


def polygon_centroid(points: Sequence[Point]) -> Point:
    """The centroid of a simple polygon (its vertices' mean if it has no area)."""
    area = cx = cy = 0.0
    for (x1, y1), (x2, y2) in zip(points, [*points[1:], points[0]]):
        cross = x1 * y2 - x2 * y1
        area += cross
        cx += (x1 + x2) * cross
        cy += (y1 + y2) * cross
    if abs(area) < 1e-12:
        n = len(points)
        return (sum(p[0] for p in points) / n, sum(p[1] for p in points) / n)
    return (cx / (3 * area), cy / (3 * area))


def symmetric_links(pairs: Iterable[tuple[int, int]], count: int) -> tuple[tuple[int, ...], ...]:
    """Adjacency lists (sorted) from unordered pairs of cell indexes."""
    links: list[set[int]] = [set() for _ in range(count)]
    for a, b in pairs:
        links[a].add(b)
        links[b].add(a)
    return tuple(tuple(sorted(s)) for s in links)
