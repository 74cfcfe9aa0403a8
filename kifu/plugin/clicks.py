"""How a move is played by clicks on ``kifu serve``'s board (the explorer's "play any move"):
each legal move as the places clicked in turn (:class:`Clicks`), the move clicks name that no
legal move fits (for the referee to say why it cannot be played), and where the places of a
board drawn as a picture are (a Free-form Go map's cells).

A place is named as the page draws the board:

- ``"B:C,R"`` (:func:`point`): the point or square of column ``C`` and row ``R`` (from 0, rows
  from the top, as the key writes them) of the game's ``EditorLayout`` board ``B`` (from 0, in
  the order of its ``boards``);
- ``"B:C"`` (:func:`column`): any point of column ``C`` of board ``B`` (a piece dropped in a
  column, Rengi's);
- ``"hand:S:L"`` (:func:`in_hand`): a piece of side ``S``'s hand (from 0, in the order of the
  layout's ``side_codes``) by its label ``L``, as the key's hands write it;
- ``"cell:N"`` (:func:`cell`): cell ``N`` of a board drawn as a picture, where
  :meth:`GamePlugin.drawn_places` says it is;
- ``"do:NAME"`` (:func:`button`): a button beside the board, for a move no point plays (a pass,
  a swap of colours), named by ``NAME`` in the game's words (``-`` for a space).

A move may go on after its places (:attr:`Clicks.more`: a Rengoma turn's extra action paid with
a chip), the page then asks what follows (:meth:`GamePlugin.moves_after`); or gather points
after them (:attr:`Clicks.gathers`: the fifth moves a Renju player offers), which the page sends
to the referee as they are.

The page plays the legal move whose places the clicks make; where several fit the same
clicks, it offers them by their :attr:`Clicks.kind`; where none does, it asks the server what
the game's referee says of :meth:`GamePlugin.clicked_move`.  :func:`fitting` is what the page
does, in Python: the suite holds every game's clicks to it.
"""
from __future__ import annotations

import xml.etree.ElementTree as ET
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from kifu.base.markup import LETTERS, Markup
from kifu.draw.svg import element


@dataclass(frozen=True)
class Clicks:
    """A move as the page's clicks play it: ``places``, clicked in turn (see the module);
    ``kind``, what the move does where other moves are played by the same clicks, in the
    game's words in English (``capture``, ``blue left, red right``), the page saying it in
    its language from the game's ``words.json``; ``""`` where it need not say; ``note``,
    what of the move's notation tells it from others beside its kind, kept as written in
    every language (Gungi's re-placement ``[9―7―1―砦]``, a Rengi garbage note ``{j:25}``);
    ``unordered``, the places may be clicked in any order (the two columns of a pair);
    ``more``, the button (:func:`button`) by which the move goes on after its places, where
    the game lists what may follow (:meth:`GamePlugin.moves_after`), ``""`` where it ends
    there; ``gathers``, how many points of the board at most are clicked after its places
    (each once, the move's first place clicked again to send them: the move is then named by
    the game's ``clicked_move``), ``0`` for none."""

    places: tuple[str, ...]
    kind: str = ""
    unordered: bool = False
    note: str = ""
    more: str = ""
    gathers: int = 0

    def __post_init__(self) -> None:
        if not self.places or any(not place or " " in place for place in self.places):
            raise ValueError(f"a move is one or more places clicked, each named without "
                             f"spaces: {self.places!r}")

    def to_json(self) -> dict[str, Any]:
        return {"places": list(self.places), "kind": self.kind, "note": self.note,
                "unordered": self.unordered, "more": self.more, "gathers": self.gathers}

    def begun_by(self, clicked: Sequence[str]) -> bool:
        """Whether the clicks ``clicked`` (each a point, a hand's piece or a cell, as the page
        names what was clicked) are the first of this move's, in turn or, unordered, each
        one of its places."""
        if len(clicked) > len(self.places):
            return False
        if not self.unordered:
            return all(wanted in places_of(place) for wanted, place in zip(self.places, clicked))
        left = list(self.places)
        for place in clicked:
            found = next((wanted for wanted in left if wanted in places_of(place)), None)
            if found is None:
                return False
            left.remove(found)
        return True


def point(board: int, column: int, row: int) -> str:
    """The place of column ``column``, row ``row`` (from the top) of layout board ``board``."""
    return f"{board}:{column},{row}"


def column(board: int, number: int) -> str:
    """Any point of column ``number`` of layout board ``board``."""
    return f"{board}:{number}"


def in_hand(side: int, label: str) -> str:
    """A piece labelled ``label`` in the hand of side ``side`` (the layout's order)."""
    return f"hand:{side}:{label}"


def cell(number: int) -> str:
    """Cell ``number`` of a board drawn as a picture."""
    return f"cell:{number}"


def button(name: str) -> str:
    """A button beside the board named ``name`` in the game's words, ``-`` for a space
    (``pass``, ``extra-action``)."""
    return f"do:{name}"


def point_of(place: str) -> tuple[int, int, int] | None:
    """``(board, column, row)`` of a point's place (:func:`point`); ``None`` for another."""
    board, _, rest = place.partition(":")
    column_text, _, row_text = rest.partition(",")
    if not (board.isdigit() and column_text.isdigit() and row_text.isdigit()):
        return None
    return int(board), int(column_text), int(row_text)


def mark_name(board: int, column: int, row: int) -> str:
    """A point of layout board ``board`` as a ``Markup`` names it (a search's matched pieces,
    drawn by a game that ``draws_matches``): SGF's two letters from the top-left corner
    (``ce``), after ``B.`` on a board other than the first (``1.ce``)."""
    letters = LETTERS[column] + LETTERS[row]
    return letters if board == 0 else f"{board}.{letters}"


def mark_point(name: str) -> tuple[int, int, int] | None:
    """``(board, column, row)`` of a point :func:`mark_name` names; ``None`` for another."""
    board, dot, letters = name.rpartition(".")
    if dot and not board.isdigit() or len(letters) != 2 or not all(
            letter in LETTERS for letter in letters):
        return None
    return int(board or 0), LETTERS.index(letters[0]), LETTERS.index(letters[1])


#: The colour of a square a search matched (the explorer's own blue; dark enough to be seen on
#: light boards and pieces, and around dark ones).
MATCHED = "#1565c0"


def draw_matches(root: ET.Element, markup: Markup | None, board: int,
                 square: Callable[[int, int], tuple[float, float, float] | None]) -> None:
    """The squares of ``markup`` on layout board ``board`` drawn as frames (a group of class
    ``matched``): ``square(column, row)`` gives a point's top-left corner and its size in the
    drawing (``None``: not drawn)."""
    frames = []
    for name in markup.squares if markup else ():
        found = mark_point(name)
        where = square(found[1], found[2]) if found and found[0] == board else None
        if where is not None:
            frames.append(where)
    if not frames:
        return
    group = element(root, "g", class_="matched", fill="none", stroke=MATCHED)
    for x, y, size in frames:
        inset = size * 0.06
        element(group, "rect", x=x + inset, y=y + inset, width=size - 2 * inset,
                height=size - 2 * inset, stroke_width=max(2.0, size * 0.07),
                rx=size * 0.08)


def places_of(place: str) -> tuple[str, ...]:
    """The names a click on ``place`` answers to: a point is also its column's."""
    board, _, rest = place.partition(":")
    if board.isdigit() and "," in rest:
        return place, f"{board}:{rest.split(',')[0]}"
    return (place,)


def fitting(listed: Sequence[tuple[str, Clicks | None]], clicked: Sequence[str]) -> list[str]:
    """The moves of ``listed`` (each move's text and its clicks) that the clicks ``clicked``
    play (each a point, a hand's piece or a cell, as the page names what was clicked): those
    whose places the clicks make (:meth:`Clicks.begun_by`)."""
    return [text for text, clicks in listed
            if clicks is not None and len(clicks.places) == len(clicked)
            and clicks.begun_by(clicked)]
