"""What FF[4] says of its properties, as far as every game shares it (which exist, which take a
list, which hold text, which are moves, which are game information, which games ``GM`` numbers),
and how much of SGF one file may hold.

Apart from the reader (:mod:`.syntax`, which gives these names too) because a game's compiled
core is told them, and a game's ``claims`` asks them, for every ``.sgf`` file: a record the core
decides is read without importing the reader, its trees and its writer.
"""
from __future__ import annotations

from kifu.base.limits import MAX_MOVES

#: A file holds at most this many nodes (every game, every variation) and values: each costs a
#: few hundred bytes (a value some fifty) once read, so this bounds the memory any file takes.
MAX_NODES = MAX_MOVES
MAX_VALUES = 2 * MAX_MOVES
#: A file holds at most this many games: each is checked on its own, at some cost of its own
#: (a start position, a report), which bounds the time a collection of tiny games takes.
MAX_GAMES = 50_000


#: Every property of FF[4] for Go and the general part (others are reported as unknown).
KNOWN_PROPERTIES = frozenset((
    "B", "KO", "MN", "W", "AB", "AE", "AW", "PL", "C", "DM", "GB", "GW", "HO", "N", "UC", "V",
    "BM", "DO", "IT", "TE", "AR", "CR", "DD", "LB", "LN", "MA", "SL", "SQ", "TR", "AP", "CA",
    "FF", "GM", "ST", "SZ", "AN", "BR", "BT", "CP", "DT", "EV", "GN", "GC", "ON", "OT", "PB",
    "PC", "PW", "RE", "RO", "RU", "SO", "TM", "US", "WR", "WT", "BL", "OB", "OW", "WL", "FG",
    "PM", "VW", "HA", "KM", "TB", "TW",
    "XH",  # kifu's own: headers that have no property of their own
))
#: Properties whose values are lists: a second occurrence in a node adds to the first.
LIST_PROPERTIES = frozenset(("AB", "AE", "AW", "AR", "CR", "DD", "LB", "LN", "MA", "SL", "SQ",
                             "TR", "VW", "TB", "TW", "XH"))
#: Text properties given twice in one node are joined into one value, a paragraph each.
TEXT_PROPERTIES = frozenset(("C", "GC"))
MOVE_PROPERTIES = frozenset(("B", "W"))
#: FF[4]'s game-information properties, and Go's: a value is what they are there for.
GAME_INFO = frozenset(("AN", "BR", "BT", "CP", "DT", "EV", "GN", "GC", "ON", "OT", "PB", "PC",
                       "PW", "RE", "RO", "RU", "SO", "TM", "US", "WR", "WT", "HA", "KM"))
#: The games FF[4] numbers in ``GM``: 1 Go, 2 Othello, 3 chess, 4 Gomoku and Renju, 5 Nine Men's
#: Morris, 6 backgammon ... 40 Kropki.
GAME_NUMBERS = range(1, 41)


def names_a_game(value: str) -> bool:
    """Whether a ``GM`` value is the number of a game FF[4] names (``GM[5.5]``, a komi a writer
    put in the wrong property, names none)."""
    text = value.strip()
    return text.isascii() and text.isdigit() and len(text) < 4 and int(text) in GAME_NUMBERS
