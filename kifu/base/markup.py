"""Markup a record draws on a position: labels, shapes, arrows, lines and dimmed points.

Teachers and problem books speak with SGF's markup: ``LB`` (labels), ``TR``, ``SQ``, ``CR``,
``MA`` (triangles, squares, circles, crosses), ``AR``, ``LN`` (arrows, lines) and ``DD``
(dimmed points).  A record keeps them as SGF's readers keep every property they have no other
place for (:data:`kifu.sgf.lines.KEPT`): in a node's properties as ``SGF-TR`` and so on, their
values as SGF writes them (``[dd][ee:gg]``), and the root's among the record's properties, for
the start position.  Renju's readers keep labels as ``Label-<point>`` (``Label-h8``, RenLib's
board texts and SGF's ``LB`` alike).  :func:`markup_of` reads all of them into a
:class:`Markup`, whose points are SGF's (two letters, from the top-left corner) or the game's
own names (``h8``), for the game's renderer to place.  Dimmed points last until a later node
dims others (SGF's ``DD`` is inherited): :func:`dimmed_along` finds what is in force.
"""
from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass

#: How labels are kept by name (Renju), and SGF's properties kept as they were written.
LABEL, KEPT = "Label-", "SGF-"
DIM = KEPT + "DD"
#: SGF's letters for the columns and rows of a point (``aa`` the top-left corner).
LETTERS = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ"


@dataclass(frozen=True)
class Markup:
    """What a node marks on its position; points as SGF writes them or as the game names
    them (see :func:`sgf_point`)."""

    labels: tuple[tuple[str, str], ...] = ()
    triangles: tuple[str, ...] = ()
    squares: tuple[str, ...] = ()
    circles: tuple[str, ...] = ()
    crosses: tuple[str, ...] = ()
    arrows: tuple[tuple[str, str], ...] = ()
    lines: tuple[tuple[str, str], ...] = ()
    #: The dimmed points in force (see :func:`dimmed_along`).
    dimmed: tuple[str, ...] = ()

    def __bool__(self) -> bool:
        return any((self.labels, self.triangles, self.squares, self.circles, self.crosses,
                    self.arrows, self.lines, self.dimmed))


def sgf_point(name: str, columns: int, rows: int) -> tuple[int, int] | None:
    """The column and row (from the bottom-left, 0-based) of an SGF point of a board of
    ``columns`` x ``rows`` (``None``: no SGF point of it, perhaps the game's own name)."""
    if len(name) != 2 or name[0] not in LETTERS or name[1] not in LETTERS:
        return None
    column, from_top = LETTERS.index(name[0]), LETTERS.index(name[1])
    if column >= columns or from_top >= rows:
        return None
    return column, rows - 1 - from_top


def values(written: str) -> list[str]:
    """The values of a kept property (``[a][b\\]c]``), escapes undone."""
    found: list[str] = []
    at = 0
    while at < len(written) and written[at] == "[":
        end, value = at + 1, []
        while end < len(written) and written[end] != "]":
            if written[end] == "\\" and end + 1 < len(written):
                end += 1
            value.append(written[end])
            end += 1
        found.append("".join(value))
        at = end + 1
    return found


def _points(written: str) -> tuple[str, ...]:
    """A list of points, compressed rectangles (``aa:cc``) spelt out."""
    found: list[str] = []
    for value in values(written):
        first, colon, last = value.strip().partition(":")
        if not colon:
            if first:
                found.append(first)
            continue
        corners = first + last
        if len(first) != 2 or len(last) != 2 or any(c not in LETTERS for c in corners):
            continue
        a, b, c, d = (LETTERS.index(x) for x in corners)
        found.extend(LETTERS[x] + LETTERS[y] for x in range(min(a, c), max(a, c) + 1)
                     for y in range(min(b, d), max(b, d) + 1))
    return tuple(found)


def markup_of(properties: Mapping[str, str], dimmed: tuple[str, ...] | None = None) -> Markup:
    """The markup among ``properties`` (a node's, or a record's properties and headers for
    its start); ``dimmed`` the points dimmed in force (by default what the properties dim)."""
    labels = [(name[len(LABEL):], text) for name, text in properties.items()
              if name.startswith(LABEL) and len(name) > len(LABEL)]
    for value in values(properties.get(KEPT + "LB", "")):
        point, colon, text = value.partition(":")
        if colon:
            labels.append((point.strip(), text))
    def shapes(ident: str) -> tuple[str, ...]:
        return _points(properties.get(KEPT + ident, ""))

    def pairs(ident: str) -> tuple[tuple[str, str], ...]:
        found = []
        for value in values(properties.get(KEPT + ident, "")):
            first, colon, second = value.strip().partition(":")
            if colon and first and second:
                found.append((first, second))
        return tuple(found)

    return Markup(labels=tuple(labels), triangles=shapes("TR"), squares=shapes("SQ"),
                  circles=shapes("CR"), crosses=shapes("MA"), arrows=pairs("AR"),
                  lines=pairs("LN"),
                  dimmed=_points(properties.get(DIM, "")) if dimmed is None else dimmed)


def view_points(properties: Mapping[str, str]) -> tuple[str, ...]:
    """The points SGF's ``VW`` shows of the board (compressed rectangles spelt out); none
    where it says nothing, or says ``VW[]``: the whole board."""
    return _points(properties.get(KEPT + "VW", ""))


def dimmed_along(properties: Iterable[Mapping[str, str]]) -> tuple[str, ...]:
    """The points dimmed at the end of a line whose nodes' properties (the start's first)
    are ``properties``: the last ``DD`` said (``DD[]`` undims)."""
    found: tuple[str, ...] = ()
    for said in properties:
        if DIM in said:
            found = _points(said[DIM])
    return found


def dims(properties: Mapping[str, str], before: tuple[str, ...]) -> tuple[str, ...]:
    """The points dimmed after a node of ``properties``, ``before`` those dimmed before it."""
    return _points(properties[DIM]) if DIM in properties else before
