"""The built-in games, one package each (``kifu/games/<name>/``, its ``__init__.py`` holding
``GAME``), and their cards: what :mod:`kifu.registry` knows of each before loading it.

A game is loaded only when a record of it is read (or ``kifu games`` lists them all), so a
card must say what the game says of itself; a test holds each card against its game.
``README.md`` beside this file describes the layout every game package follows.
"""
from __future__ import annotations

from kifu.game import Card

BUILT_IN = (
    Card("freego", "Free-form Go 囲碁自由形", "kifu.games.freego",
         aliases=("囲碁自由形", "free-form-go", "mapgo"), suffixes=(".freego",),
         formats={"sgf": (".sgf",)},
         commands={"board": "Free-form Go boards: check a board file, derive its adjacency, "
                            "list built-in boards."}),
    Card("gungi", "Gungi 軍儀 (Nishitsuji rules)", "kifu.games.gungi",
         aliases=("軍儀", "nishitsuji-gungi"), suffixes=(".gungi",)),
    Card("rengi", "Rengi 連棋", "kifu.games.rengi",
         aliases=("連棋", "puyo-rengi"), suffixes=(".rengi",)),
    Card("rengoma", "Rengoma 連駒", "kifu.games.rengoma",
         aliases=("連駒", "れんごま"), suffixes=(".rengoma",)),
    Card("renju", "Renju 連珠", "kifu.games.renju",
         aliases=("連珠", "gomoku-renju"), suffixes=(".renju",),
         formats={"sgf": (".sgf",)}),
)
