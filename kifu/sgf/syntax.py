"""Smart Game Format, the syntax layer: collections of game trees of nodes of properties.

This layer knows nothing of any game (as sgfmill's ``sgf_grammar``): it reads SGF text into
:class:`SgfNode` trees, writes them out again, and says what it found on the way.  Each game
reads and writes its own properties on top (``kifu.sgf.lines`` maps trees to a record's lines).
Its names are all here, for the games; each lives in the module that holds its part:

- :mod:`kifu.sgf.tokens`: the tokens of SGF text and their kinds, values and their escapes;
- :mod:`kifu.sgf.tree`: nodes, game trees and collections as read, and where they stand;
- :mod:`kifu.sgf.reader`: one pass over the tokens, a handler for each kind, building the
  trees and repairing what real files get wrong, each repair a graded finding
  (:mod:`kifu.sgf.findings`) of the game it is found in (:mod:`kifu.sgf.games`);
- :mod:`kifu.sgf.style`: what the specification asks beyond the syntax (pedantic findings);
- :mod:`kifu.sgf.write`: trees as text, whole or a piece at a time;
- :mod:`kifu.sgf.heads`: each game's root node alone, its moves skipped unread (catalogues);
- :mod:`kifu.sgf.properties`: what FF[4] says of its properties.

The charset a file declares, and how its bytes are decoded, is :mod:`kifu.sgf.charset`'s.
"""
from __future__ import annotations

from kifu.sgf.findings import COUNTED_BELOW, GRADES, MAX_SAME, finding, not_listed
from kifu.sgf.heads import recognises, roots
from kifu.sgf.properties import (
    GAME_INFO,
    GAME_NUMBERS,
    KNOWN_PROPERTIES,
    LIST_PROPERTIES,
    MOVE_PROPERTIES,
    TEXT_PROPERTIES,
    names_a_game,
)
from kifu.sgf.reader import parse, read, read_each
from kifu.sgf.style import style
from kifu.sgf.tokens import escape, text, unescape
from kifu.sgf.tree import Collection, GameTree, Locator, SgfNode
from kifu.sgf.write import Tree, collection, pieces, rewrite, rewritten, serialize

__all__ = [
    "COUNTED_BELOW", "GAME_INFO", "GAME_NUMBERS", "GRADES", "KNOWN_PROPERTIES", "LIST_PROPERTIES",
    "MAX_SAME", "MOVE_PROPERTIES", "TEXT_PROPERTIES", "Collection", "GameTree", "Locator",
    "SgfNode", "Tree", "collection", "escape", "finding", "names_a_game", "not_listed", "parse", "pieces",
    "read", "read_each", "recognises", "rewrite", "rewritten", "roots", "serialize", "style",
    "text", "unescape",
]
