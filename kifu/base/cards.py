"""What kifu knows of a game before loading it (its :class:`Card`), and the cards of the games
built into kifu (:data:`BUILT_IN`): enough to tell a record's game by its suffix, name or
format and to list the commands games bring, without importing any game.

A game is loaded only when a record of it is read (or ``kifu games`` lists them all), so a
card must say what the game says of itself; a test holds each card against its game, and the
registry checks it again when it loads the game.
"""
from __future__ import annotations

from collections.abc import Mapping

from kifu.base.value import dataclass, field


@dataclass(frozen=True)
class Card:
    """What kifu knows of a game before loading it: enough to tell a record's game by its
    suffix, name or format, to list the commands it brings, and to load it when it is needed.

    ``module`` holds ``GAME`` (loaded by :func:`kifu.plugin.registry.load`); ``formats`` maps
    each interchange format to its file suffixes; ``commands`` maps each ``kifu`` command the
    game brings to its one line of help.  The game must say the same of itself: its name, title, aliases and
    suffixes are checked when it is loaded (its formats and commands are not, as that would load
    them too).
    """

    name: str
    title: str
    module: str
    aliases: tuple[str, ...] = ()
    suffixes: tuple[str, ...] = ()
    formats: Mapping[str, tuple[str, ...]] = field(default_factory=dict)
    commands: Mapping[str, str] = field(default_factory=dict)
    rules: tuple[str, ...] = ()
    #: The compiled modules the game ships (optional C extensions, see :mod:`kifu.base.native`),
    #: each with what it decides: ``kifu --version`` says which of them run.
    compiled: Mapping[str, str] = field(default_factory=dict)


#: The games built into kifu (``kifu/builtin/<name>/``), in name order.
BUILT_IN = (
    Card("freego", "Free-form Go 囲碁自由形", "kifu.builtin.freego",
         aliases=("囲碁自由形", "free-form-go", "mapgo"), suffixes=(".freego",),
         formats={"sgf": (".sgf",)},
         compiled={"kifu.builtin.freego.native._gosgf": "SGF of Go on grids"},
         commands={"board": "Free-form Go boards: check a board file, derive its adjacency, "
                            "list built-in boards."},
         rules=("asymmetric-adjacency", "board", "board-file", "board-key", "cell-id",
                "cell-key", "dead-stones", "duplicate-adjacency", "duplicate-name", "edge-pass",
                "game-type", "handicap-stones", "inline-cell", "isolated-cell", "ko", "komi",
                "komi-hundredths", "no-adjacency", "no-cells", "no-liberty", "no-polygon",
                "occupied", "outline-mismatch", "play-after-passes", "point-repeated",
                "result-marks", "scoring", "seat", "seats", "self-adjacent", "setup-with-move",
                "suicide", "superko", "territory", "toml", "turn-order", "unknown-cell",
                "unknown-value", "unplayable")),
    Card("gungi", "Gungi 軍儀 (Nishitsuji rules)", "kifu.builtin.gungi",
         aliases=("軍儀", "nishitsuji-gungi"), suffixes=(".gungi",),
         rules=("ambiguous", "back-face", "betrayal", "check", "covered", "drop-dead",
                "drop-not-in-hand", "drop-square", "end", "fort-tier", "foul-claim", "he-mate",
                "king-on-top", "mate-claim", "ni-he", "ni-hyou", "no-piece", "notation",
                "obtained", "off-board", "origin", "pawn-drop-mate", "replacement", "resign",
                "same-kind", "same-square", "section-order", "sennichite", "sennichite-claim",
                "setup-incomplete", "setup-pawns", "setup-piece", "stack-height", "strike",
                "swap", "swap-twice", "territory", "tier", "turn", "unreachable")),
    Card("rengi", "Rengi 連棋", "kifu.builtin.rengi",
         aliases=("連棋", "puyo-rengi"), suffixes=(".rengi",),
         rules=("first-move", "full-column", "garbage-columns", "off-field", "pass", "settings",
                "tsumo", "tsumo-list", "turn-order")),
    Card("rengoma", "Rengoma 連駒", "kifu.builtin.rengoma",
         aliases=("連駒", "れんごま"), suffixes=(".rengoma",),
         rules=("blocked", "board", "chip", "extra-turn", "field-empty", "field-strength",
                "occupied", "off-board", "own-piece", "piece-count", "piece-set", "players",
                "rook-move", "stacking", "stock-order")),
    Card("renju", "Renju 連珠", "kifu.builtin.renju",
         aliases=("連珠", "gomoku-renju"), suffixes=(".renju",),
         formats={"sgf": (".sgf",), "psq": (".psq",), "pgn": (".pgn",),
                  "rif": (".rif", ".xml"), "renlib": (".lib",)},
         compiled={"kifu.builtin.renju.native._renju": "Renju and Gomoku in kifu's notation "
                                                       "and Piskvork's psq"},
         rules=("fifth-move-offer", "five-in-setup", "notation", "occupied", "off-board",
                "opening", "opening-zone", "renlib-lone-byte", "renlib-merged", "rif-reference",
                "rif-rows", "rif-text", "rule", "size", "swap", "unknown-value", "xml-encoding",
                "xml-entity")),
)


def built_in(name: str) -> Card:
    """The card of the built-in game ``name``: the one place its name, title, aliases and
    suffixes are written (the game's class takes them from it)."""
    return next(card for card in BUILT_IN if card.name == name)
