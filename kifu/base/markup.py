"""Markup a record draws on a position: labels, shapes, arrows, lines and dimmed points.

Teachers and problem books speak with SGF's markup: ``LB`` (labels), ``TR``, ``SQ``, ``CR``,
``MA`` (triangles, squares, circles, crosses), ``AR``, ``LN`` (arrows, lines) and ``DD``
(dimmed points).  A record keeps them among a node's properties
(:attr:`kifu.base.record.Node.properties`, and for the start position among the record's
headers, as the root's labels have always been kept), by names that say what they are,
points written as the game writes them:

=============  ==================  ================================================
SGF            property            value
=============  ==================  ================================================
``LB[pt:A]``   ``Label-<point>``   the label's text (``Label-D4: A``)
``TR``         ``Triangle``        points, blank-separated (``D4 Q16``)
``SQ``         ``Square``          points
``CR``         ``Circle``          points
``MA``         ``Cross``           points
``AR``         ``Arrow``           pairs, blank-separated (``D4-Q16 C3-C5``)
``LN``         ``Line``            pairs
``DD``         ``Dim``             points; empty to undim (``DD[]``)
=============  ==================  ================================================

:func:`markup_of` reads them into a :class:`Markup` for a renderer.  Dimmed points last until
a later node dims others (SGF's ``DD`` is inherited): :func:`dimmed_along` finds what is in
force at a node of a line.
"""
from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass

LABEL = "Label-"
#: SGF's markup property and the name a record keeps it by (labels: ``LABEL`` + point).
PROPERTIES = {"TR": "Triangle", "SQ": "Square", "CR": "Circle", "MA": "Cross",
              "AR": "Arrow", "LN": "Line", "DD": "Dim"}
SGF_OF = {name: ident for ident, name in PROPERTIES.items()}
#: The properties that hold pairs of points (``from-to``).
PAIRS = frozenset({"Arrow", "Line"})
DIM = "Dim"


@dataclass(frozen=True)
class Markup:
    """What a node marks on its position; points as the game names them."""

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

    def points(self) -> set[str]:
        """Every point the markup names."""
        found = {p for p, _ in self.labels}
        found.update(*(self.triangles, self.squares, self.circles, self.crosses, self.dimmed))
        for a, b in (*self.arrows, *self.lines):
            found.update((a, b))
        return found


def is_markup(name: str) -> bool:
    """Whether a property (or header) name is one of the markup's."""
    return name.startswith(LABEL) or name in SGF_OF


def points(value: str) -> tuple[str, ...]:
    return tuple(value.split())


def pairs(value: str) -> tuple[tuple[str, str], ...]:
    found = []
    for item in value.split():
        first, dash, second = item.partition("-")
        if dash and first and second:
            found.append((first, second))
    return tuple(found)


def markup_of(properties: Mapping[str, str], dimmed: tuple[str, ...] | None = None) -> Markup:
    """The markup among ``properties`` (a node's, or a record's headers for its start);
    ``dimmed`` the points dimmed in force (by default what the properties dim)."""
    labels = tuple((name[len(LABEL):], text) for name, text in properties.items()
                   if name.startswith(LABEL) and len(name) > len(LABEL))
    return Markup(labels=labels,
                  triangles=points(properties.get("Triangle", "")),
                  squares=points(properties.get("Square", "")),
                  circles=points(properties.get("Circle", "")),
                  crosses=points(properties.get("Cross", "")),
                  arrows=pairs(properties.get("Arrow", "")),
                  lines=pairs(properties.get("Line", "")),
                  dimmed=points(properties.get(DIM, "")) if dimmed is None else dimmed)


def dimmed_along(properties: Iterable[Mapping[str, str]]) -> tuple[str, ...]:
    """The points dimmed at the end of a line whose nodes' properties (the record's headers
    first) are ``properties``: the last ``Dim`` said (``DD[]`` undims)."""
    found: tuple[str, ...] = ()
    for said in properties:
        if DIM in said:
            found = points(said[DIM])
    return found
