"""What the page needs to play and mark on a board, from the game's own rules: what it knows
of a game besides its name (its sides and their names in each language, how its positions are
set up by clicks), the moves a position allows (each where it is put down, on a grid), a move
played or why it cannot be, and the points a pattern or a position matched in a record's
position (:func:`matched`, from :mod:`kifu.corpus.marks`).  Nothing here knows a game by name.
"""
from __future__ import annotations

import re
from typing import Any

from kifu.base.errors import KifuError
from kifu.corpus.marks import laid
from kifu.corpus.marks import matched as matched
from kifu.plugin import AnyGame
from kifu.plugin.clicks import fitting
from kifu.plugin.symmetry import EMPTY, Grid
from kifu.serve import words

#: The most legal moves of a position the page is told of one by one (a Free-form Go map may
#: have thousands of cells: its moves are then typed).
MAX_LISTED = 2_000
#: The most places one move is clicked by that the server reads (a Renju offer of fifth moves
#: gathers as many points as the opening rule allows, up to a board's).
MAX_CLICKED = 400
#: A grid game's move written as a column's letters and a row's number (Go's ``C3``, Renju's
#: ``h8``): how a point no legal move names is named from its column's and row's names.
_NAMED = re.compile(r"([A-Za-z]+)([0-9]+)")


def described(game: AnyGame | None) -> dict[str, Any]:
    """What the page knows of ``game`` beyond its name, all from the game's own description:
    its sides, first seat first; their names for people in each language of the pages (the
    game's own, else the viewer's, else English: :func:`words.side_names`); and
    its positions' key as the board search's editor sets it up by clicks (``None``: as text
    alone).  A game kifu does not know (``None``) has none of them."""
    if game is None:
        return {"sides": [], "side_names": {}, "editor": None}
    layout = game.editor_layout()
    return {"sides": list(game.result_sides() or ()),
            "side_names": words.side_names(game.names_of_sides()),
            "editor": None if layout is None else layout.to_json()}


def moves(game: AnyGame, position: Any, begun: str | None = None) -> dict[str, Any]:
    """The legal moves of ``position`` as the game writes them, and on a grid where each puts
    its stone down (``point``: column and row from the top) with a name for every point (a
    point no legal move names is named from its column and row where the game writes a move
    so, else ``None``); then the moves that are no plies which clicks play (the game's
    ``moves_beyond``).  With ``begun`` (a move that may go on), the moves that go on from it
    instead (``moves_after``); a ``KifuError`` if the game cannot read it.  ``words``: what
    the page shows of the moves' clicks (their kinds, their buttons' names) in each language
    the game says them in."""
    if begun is None:
        listed = game.legal_moves(position)
        more = game.moves_beyond(position)
    else:
        listed, more = game.moves_after(position, game.parse_move(begun, game.copy(position))), []
    before = laid(game, position)
    found = []
    plies = min(len(listed), MAX_LISTED)
    for number, move in enumerate([*listed[:MAX_LISTED], *more]):
        name = game.move_notation(move, position)
        point = None
        if before is not None and number < plies:  # where a ply puts its stone
            after = game.copy(position)
            try:
                game.play(after, move)
            except KifuError:
                continue
            now = laid(game, after)
            if now is not None and now.grid == before.grid:
                put = [p for p, (was, held) in enumerate(zip(before.cells, now.cells))
                       if was == EMPTY and held != EMPTY]
                point = before.top_first(put[0]) if len(put) == 1 else None
        clicks = game.move_clicks(move, position)
        found.append({"move": name, "point": point, **(
            {"places": None, "kind": "", "unordered": False, "more": "", "gathers": 0}
            if clicks is None else clicks.to_json())})
    data: dict[str, Any] = {"moves": found, "complete": len(listed) <= MAX_LISTED,
                            "grid": None, "names": None, "drawn": _drawn(game, position),
                            "words": _words(game, found)}
    if before is not None:
        data["grid"] = {"width": before.grid.width, "height": before.grid.height,
                        "cells": [before.cells[point] for row in reversed(range(before.grid.height))
                                  for point in range(row * before.grid.width,
                                                     (row + 1) * before.grid.width)]}
        data["names"] = _names(before.grid, found)
    return data


def _words(game: AnyGame, found: list[dict[str, Any]]) -> dict[str, dict[str, str]]:
    """The kinds of the moves ``found`` and the names of their buttons (``do:extra-action``:
    ``extra action``) in each language the game's words give them in (English: as they are),
    a kind that fills a pattern of the game's words said as the pattern says it (Rengi's
    ``blue left, red right``: ``左に青、右に赤``)."""
    texts = {each["kind"] for each in found if each["kind"]}
    texts.update(place[3:].replace("-", " ") for each in found
                 for place in [*(each["places"] or ()), each["more"]] if place.startswith("do:"))
    return {language: {english: translated for english in sorted(texts)
                       if (translated := words.said(english, table)) is not None}
            for language, table in game.phrases().items()}


def _drawn(game: AnyGame, position: Any) -> list[dict[str, Any]] | None:
    """Where each place of a board clicked on its picture is drawn, and its name (the move a
    click there names), for the page's buttons over the picture."""
    drawn = game.drawn_places(position)
    if drawn is None:
        return None
    return [{"place": place, "x": x, "y": y, "r": r,
             "name": game.clicked_move(position, (place,)) or place}
            for place, (x, y, r) in drawn.items()]


def _names(grid: Grid, found: list[dict[str, Any]]) -> list[str | None]:
    """Every point's name, rows from the top: a legal move's where one is put there, else its
    column's letters and its row's number where moves are written so."""
    names: list[str | None] = [None] * (grid.width * grid.height)
    columns: dict[int, str] = {}
    rows: dict[int, str] = {}
    for each in found:
        if each["point"] is None:
            continue
        column, row = each["point"]
        names[row * grid.width + column] = each["move"]
        written = _NAMED.fullmatch(each["move"])
        if written:
            columns.setdefault(column, written.group(1))
            rows.setdefault(row, written.group(2))
    for index, name in enumerate(names):
        column, row = index % grid.width, index // grid.width
        if name is None and column in columns and row in rows:
            names[index] = columns[column] + rows[row]
    return names


def clicked(game: AnyGame, position: Any, places: str) -> str:
    """The move the clicks ``places`` (separated by spaces, as the page sends them) name in
    ``position``: the legal move they play where exactly one does, else the move the game
    reads them as (for the referee to say why it cannot be played); a ``KifuError`` where
    they name none."""
    clicked = tuple(places.split()[:MAX_CLICKED])
    listed = [(move, game.move_clicks(move, position))
              for move in [*game.legal_moves(position), *game.moves_beyond(position)]]
    fits = fitting([(str(index), clicks) for index, (_, clicks) in enumerate(listed)], clicked)
    if len(fits) == 1:
        return game.move_notation(listed[int(fits[0])][0], position)
    if fits:
        raise KifuError(f"{len(fits)} moves are played by these clicks: name one")
    named = game.clicked_move(position, clicked)
    if named is None:
        raise KifuError(f"no move is played by clicking {' then '.join(clicked)[:80]}")
    return named


def play(game: AnyGame, position: Any, text: str) -> tuple[Any, str]:
    """``position`` after the move ``text`` (in the game's notation) and the move as the game
    writes it; the game's ``KifuError`` (its rule named) for a move it does not allow."""
    after = game.copy(position)
    move = game.parse_move(text, after)
    written = game.move_notation(move, position)
    game.play(after, move)
    return after, written
