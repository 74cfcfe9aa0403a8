"""SGF's markup (``LB``, ``TR``, ``SQ``, ``CR``, ``MA``, ``AR``, ``LN``, ``DD``) both ways, for
every SGF game: read from a node into the record's properties (names and values as
:mod:`kifu.base.markup` gives them), and written back.  Each game names its points itself: it
passes a function from an SGF point to its own name of it, and one back."""
from __future__ import annotations

from collections.abc import Callable, Mapping

from kifu.base.errors import KifuError, NotationError
from kifu.base.limits import shorten
from kifu.base.markup import LABEL, PAIRS, PROPERTIES, SGF_OF, pairs, points
from kifu.base.record import Span
from kifu.sgf.syntax import Collection, SgfNode, escape, text

#: An SGF point (``dd``) to the game's name of it; raises a located ``KifuError`` if it
#: names no point of the board.
PointName = Callable[[str, Span | None], str]
#: The game's name of a point to SGF's; raises ``KifuError`` or ``ValueError`` if SGF cannot
#: write it.
SgfPoint = Callable[[str], str]

_LETTERS = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ"


def read(node: SgfNode, collection: Collection, name: PointName) -> dict[str, str]:
    """The markup of ``node`` as record properties (``Label-D4``, ``Triangle``...)."""
    found: dict[str, str] = {}
    props = node.properties
    for item in props.get("LB", []):
        span = collection.value_span(node, "LB")
        where, colon, said = item.partition(":")
        if not colon:
            raise NotationError(f"LB[{shorten(item)}] is no label (point:text)", span=span)
        found[f"{LABEL}{name(where.strip(), span)}"] = text(said)
    for ident, kept in PROPERTIES.items():
        if ident not in props:
            continue
        span = collection.value_span(node, ident)
        if kept in PAIRS:
            items = []
            for value in props[ident]:
                first, colon, second = value.strip().partition(":")
                if not colon:
                    raise NotationError(f"{ident}[{shorten(value)}] is no pair of points "
                                        "(point:point)", span=span)
                items.append(f"{name(first.strip(), span)}-{name(second.strip(), span)}")
        else:
            items = [name(point, span) for value in props[ident]
                     for point in _expanded(value.strip(), ident, span)]
        found[kept] = " ".join(items)
    return found


def _expanded(value: str, ident: str, span: Span | None) -> list[str]:
    """The points of one value of a point list: a point, or a rectangle ``aa:cc`` of them;
    nothing for ``DD[]``."""
    if not value:
        if ident == "DD":
            return []
        raise NotationError(f"{ident}[] names no point", span=span)
    first, colon, last = value.partition(":")
    if not colon:
        return [value]
    if len(first) != 2 or len(last) != 2 or any(c not in _LETTERS for c in first + last):
        raise NotationError(f"{ident}[{shorten(value)}] is no rectangle of points", span=span)
    a, b, c, d = (_LETTERS.index(x) for x in first + last)
    return [_LETTERS[column] + _LETTERS[row] for column in range(min(a, c), max(a, c) + 1)
            for row in range(min(b, d), max(b, d) + 1)]


def write(properties: Mapping[str, str], props: dict[str, list[str]],
          point: SgfPoint) -> list[str]:
    """The markup among ``properties`` into the SGF node ``props``; the names of markup that
    SGF cannot write (a point off the board), for the caller to keep another way."""
    left = []
    for key, value in properties.items():
        try:
            if key.startswith(LABEL):
                props.setdefault("LB", []).append(f"{point(key[len(LABEL):])}:{escape(value)}")
            elif key in PAIRS:
                props[SGF_OF[key]] = [f"{point(a)}:{point(b)}" for a, b in pairs(value)]
            elif key in SGF_OF:
                written = [point(p) for p in points(value)]
                props[SGF_OF[key]] = written or [""]
        except (KifuError, ValueError):
            left.append(key)
    return left

