"""A Rengi position: two fields, each side's garbage and chain state, and whose turn it is.

The position is mutated in place by :func:`kifu.builtin.rengi.rules.play`; :meth:`Position.copy`
makes the deep copy the replay driver takes at variation branch points.  A field's chain is
resolved the moment it fires (the bitboards hold the settled field), but the chain is *running*
for n + 1 of the chainer's turns: ``Side.wait`` counts the turns still to sit out and
``Side.chain`` keeps the links whose garbage is sent when the wait ends.
"""
from __future__ import annotations

from dataclasses import dataclass, field, fields, replace
from typing import Any, TypedDict

from kifu.builtin.rengi import bitboard
from kifu.builtin.rengi.bitboard import Link
from kifu.builtin.rengi.moves import LETTERS, SIDE_NAMES
from kifu.builtin.rengi.setup.parameters import Settings, preset
from kifu.builtin.rengi.tsumo import MASK64, Dealer, RandomPieces
from kifu.plugin import (
    EditorLayout,
    EditorPiece,
    Fields,
    Keyed,
    Outcome,
    outcome_field,
    read_rows,
    rows_text,
)


@dataclass
class Side:
    """One player's field and what stands against them."""

    boards: list[int] = field(default_factory=lambda: [0] * 5)
    warning: int = 0  # garbage stones waiting to fall on this field (邪魔石予告)
    stock: int = 0  # remainder of less than a row carried to the next generation
    placed: int = 0  # pieces placed so far: the index into the tsumo list
    wait: int = 0  # own turns still to sit out (chain time or garbage drop time)
    chain: tuple[tuple[int, int], ...] = ()  # (stones, groups) of each link of the running chain
    chigiri: int = 0  # non-split placements while the opponent's chain runs (天連棋)

    def copy(self) -> Side:
        return Side(list(self.boards), self.warning, self.stock, self.placed, self.wait,
                    self.chain, self.chigiri)


@dataclass
class LastChain:
    """The chain a placement fired, kept for drawing it link by link."""

    side: int
    links: list[Link]
    frames: list[tuple[int, ...]]  # the field before link 1 and after each link


@dataclass(eq=False, repr=False)
class Position(Keyed):
    """Both fields, each side's garbage and chain state, whose turn it is, the settings and
    the pieces.  A value: equal to another position with the same key (:func:`key`),
    hashable, and its ``repr`` short."""

    game_name = "rengi"
    settings: Settings
    dealer: Dealer
    sides: list[Side] = field(default_factory=lambda: [Side(), Side()])
    current: int = 0  # the side whose turn it is (always free to act between moves)
    turn: int = 1  # turns so far, waited ones included, counting the current one
    marker: int = 1  # stable chigiri marker: -3 -2 -1 +1 +2 +3
    rng: int | None = None  # SplitMix64 state of the garbage-column stream
    outcome: Outcome | None = None
    turn_granted: int | None = None  # the side moving again on an extra move (chigiri)
    moves: int = 0  # written moves played
    last_cells: tuple[tuple[int, int, int], ...] = ()  # (side, column, row) just placed
    last_chain: LastChain | None = None
    last_sent: list[dict[str, Any]] = field(default_factory=list)  # garbage events since last move
    waited: list[tuple[int, str]] = field(default_factory=list)  # turns sat out since last move

    def copy(self) -> Position:
        return Position(self.settings, self.dealer, [s.copy() for s in self.sides],
                        self.current, self.turn, self.marker, self.rng, self.outcome,
                        self.turn_granted, self.moves, self.last_cells, self.last_chain,
                        list(self.last_sent), list(self.waited))

    def value_key(self) -> str:
        return key(self)

    def summary(self) -> str:
        stones = [bin(bitboard.occupied(side.boards)).count("1") for side in self.sides]
        said = f"{stones[0]} and {stones[1]} stones"
        if self.outcome is not None:
            return f"{said}, {self.outcome.describe()}"
        return f"{said}, the {self.current_name} player to move"

    @property
    def current_name(self) -> str:
        return SIDE_NAMES[self.current]

    def chain_running(self, side: int) -> bool:
        return bool(self.sides[side].chain)

    def any_chain(self) -> bool:
        return bool(self.sides[0].chain or self.sides[1].chain)

    def next_pieces(self, side: int) -> list[tuple[int, ...]]:
        """The pieces ``side`` sees coming, as many as the next-piece setting shows."""
        shown = self.settings.next_shown
        if shown == "none":
            return []
        count = 2 if shown == "2" else 12
        return self.dealer.upcoming(side, self.sides[side].placed, count)


# -- JSON -----------------------------------------------------------------------------------

#: A field's cells as JSON writes them: the colours a b c d, j garbage.
ALPHABET = "abcdj"
#: What each of them is drawn in: A blue, B red, C green, D yellow, garbage grey.
FILL = ("#2f6fd6", "#d93b3b", "#2e9e4f", "#e8b81c", "#9b9b9b")


def piece_text(piece: tuple[int, ...]) -> str:
    """A piece's colours as letters (``ab``)."""
    return "".join(LETTERS[c] for c in piece)


class SideJSON(TypedDict):
    """One side of a Rengi position as JSON."""

    field: list[str]
    warning: int
    stock: int
    placed: int
    wait: int
    chain: list[list[int]]
    chigiri: int
    next: list[str]


class PositionJSON(TypedDict):
    """A Rengi position as JSON (:func:`to_json`): ``sides`` by ``first`` and ``second``."""

    sides: dict[str, SideJSON]
    to_move: str | None
    turn: int
    marker: int
    moves: int


def to_json(pos: Position) -> PositionJSON:
    """The position as JSON (``kifu show --format json``): each side's field and state, whose
    turn it is."""
    sides: dict[str, SideJSON] = {}
    for side in (0, 1):
        state = pos.sides[side]
        sides[SIDE_NAMES[side]] = {
            "field": bitboard.to_rows(state.boards, ALPHABET),
            "warning": state.warning,
            "stock": state.stock,
            "placed": state.placed,
            "wait": state.wait,
            "chain": [list(link) for link in state.chain],
            "chigiri": state.chigiri,
            "next": [piece_text(p) for p in pos.next_pieces(side)],
        }
    return {
        "sides": sides,
        "to_move": None if pos.outcome else pos.current_name,
        "turn": pos.turn,
        "marker": pos.marker,
        "moves": pos.moves,
    }


# -- the position key -----------------------------------------------------------------------

#: The settings a key names, in order, with how each is written and read back.
_SETTINGS: dict[str, tuple[str, type]] = {
    "colouring": ("colouring", str), "next_shown": ("next", str),
    "tsumo_method": ("tsumo-method", str), "garbage": ("garbage", str),
    "reduction": ("reduction", bool), "unit": ("unit", int), "stock": ("stock", bool),
    "stable_chigiri": ("stable-chigiri", bool), "chain_chigiri": ("chain-chigiri", bool),
    "drop_cap_rows": ("drop-cap", int), "chain_time_extra": ("chain-time", int),
    "seed": ("seed", int),
}
#: The key as ``kifu serve``'s board search sets it up by clicks: the two fields, a colour or
#: garbage a cell, and the player to move; each side's state (``sides:``) is edited as text.
EDITOR = EditorLayout(boards=(0, 1), side_field=2, side_codes={"f": "first", "s": "second"},
                      pieces=tuple(EditorPiece(letter, None, letter, colour)
                                   for letter, colour in zip(ALPHABET, FILL)),
                      board_sides=("first", "second"))


def key(pos: Position) -> str:
    """The position as one line (``docs/games/rengi.md``): each side's field, the first
    player's then the second's, rows from the top (row 13) separated by ``/``, ``a`` to ``d``
    the colours, ``j`` garbage, a number for a run of empty cells; ``f`` or ``s``, the player
    to move (``-`` once the game has ended); each side's state (``sides:`` warning, stock,
    pieces placed, turns to wait, the running chain's links as ``STONESxGROUPS``, chigiri,
    per side); then the settings that differ from 白連棋's (``variant:``, ``simplified:1``,
    one field per setting that differs from the variant's), the pieces (``pieces:``), the
    chigiri marker, the state of the garbage columns' random stream and the outcome."""
    fields_ = [_field(side) for side in pos.sides]
    fields_.append("-" if pos.outcome is not None else "fs"[pos.current])
    fields_.append("sides:" + "/".join(_state(side) for side in pos.sides))
    settings = pos.settings
    if settings.variant != "haku":
        fields_.append(f"variant:{settings.variant}")
    if settings.simplified:
        fields_.append("simplified:1")
    base = preset(settings.variant, settings.simplified)
    for attr, (name, kind) in _SETTINGS.items():
        value = getattr(settings, attr)
        if value != getattr(base, attr):
            shown = ("on" if value else "off") if kind is bool else value
            fields_.append(f"{name}:{shown}")
    pieces = _pieces(pos.dealer)
    if pieces:
        fields_.append("pieces:" + pieces)
    if pos.marker != 1:
        fields_.append(f"marker:{pos.marker}")
    if pos.rng is not None:
        fields_.append(f"rng:{pos.rng:x}")
    if pos.outcome is not None:
        fields_.append(outcome_field(pos.outcome))
    return " ".join(fields_)


def _field(side: Side) -> str:
    rows = bitboard.to_rows(side.boards, ALPHABET)
    return rows_text([["" if char == "." else char for char in row] for row in rows])


def _state(side: Side) -> str:
    chain = "+".join(f"{stones}x{groups}" for stones, groups in side.chain) or "-"
    return ",".join(map(str, (side.warning, side.stock, side.placed, side.wait, chain,
                              side.chigiri)))


def _pieces(dealer: Dealer) -> str:
    """The dealer as ``KIND[:SINGLE:PAIRS]``: ``open:a:ab,cd,...``, ``random:b:cd,...`` (a
    list), ``random`` (drawn from the seed), ``unknown``; nothing for free colours."""
    if dealer.kind == "free":
        return ""
    if dealer.kind == "unknown" or dealer.generator is not None:
        return dealer.kind
    single = "-" if dealer.single is None else LETTERS[dealer.single]
    return f"{dealer.kind}:{single}:" + ",".join(piece_text(pair) for pair in dealer.pairs)


def from_key(text: str) -> Position:
    """The position a key (:func:`key`) gives; a ``NotationError`` for text that is no key."""
    fields_ = Fields(text, "Rengi", 3)
    boards = [fields_.read(lambda: _read_field(fields_.next()), "a field is 13 rows of 6 cells")
              for _ in (0, 1)]
    turn = fields_.next()
    if turn not in ("f", "s", "-"):
        raise fields_.error("its third field is f or s (to move), or - once the game has ended")
    states = (fields_.named("sides") or "").split("/")
    sides = [fields_.read(lambda b=board, t=state: _read_state(b, t),  # type: ignore[misc]
                          "sides: gives each side's state")
             for board, state in zip(boards, states)]
    if len(sides) != 2:
        raise fields_.error("sides: gives the state of both sides, separated by /")
    settings = _read_settings(fields_)
    dealer = _read_dealer(fields_, settings)
    marker = fields_.read(lambda: int(fields_.named("marker") or "1"), "marker:")
    rng = fields_.named("rng")
    pos = Position(settings, dealer, sides, current=1 if turn == "s" else 0, marker=marker,
                   rng=None if rng is None else fields_.read(lambda: int(rng, 16) & MASK64,
                                                             "rng:"))
    pos.outcome = fields_.outcome()
    fields_.done()
    if (pos.outcome is None) != (turn != "-"):
        raise fields_.error("- stands for the side to move exactly when it ends with end:...")
    return pos


def _read_field(text: str) -> list[int]:
    rows = read_rows(text, bitboard.COLUMNS)
    if len(rows) != bitboard.ROWS or any(c not in ALPHABET for row in rows for c in row if c):
        raise ValueError(f"{len(rows)} rows of a b c d j and numbers")
    return bitboard.from_rows(["".join(c or "." for c in row) for row in rows], ALPHABET)


def _read_state(boards: list[int], text: str) -> Side:
    warning, stock, placed, wait, chain, chigiri = text.split(",")
    links = () if chain == "-" else tuple(
        (int(stones), int(groups)) for stones, _, groups in
        (link.partition("x") for link in chain.split("+")))
    return Side(boards, int(warning), int(stock), int(placed), int(wait), links, int(chigiri))


def _read_settings(fields_: Fields) -> Settings:
    variant = fields_.named("variant") or "haku"
    simplified = fields_.named("simplified") == "1"
    if variant not in ("haku", "kou", "ten"):
        raise fields_.error(f"variant:{variant[:10]} is none of haku, kou, ten")
    changes: dict[str, Any] = {}
    for attr, (name, kind) in _SETTINGS.items():
        value = fields_.named(name)
        if value is None:
            continue
        if kind is bool:
            if value not in ("on", "off"):
                raise fields_.error(f"{name}: is on or off")
            changes[attr] = value == "on"
        elif kind is int:
            changes[attr] = fields_.read(lambda v=value: int(v),  # type: ignore[misc]
                                         f"{name}: is a number")
        else:
            changes[attr] = value
    allowed = {f.name for f in fields(Settings)}
    assert set(changes) <= allowed
    return replace(preset(variant, simplified), **changes)


def _read_dealer(fields_: Fields, settings: Settings) -> Dealer:
    text = fields_.named("pieces")
    if text is None:
        return Dealer("free")
    kind, _, rest = text.partition(":")
    if kind == "unknown" and not rest:
        return Dealer("unknown")
    if kind == "random" and not rest:
        if settings.seed is None:
            raise fields_.error("pieces:random without a list needs seed:")
        generator = RandomPieces(settings.seed)
        return Dealer("random", (), generator.single, generator)
    single, _, pairs = rest.partition(":")

    def colours(piece: str) -> tuple[int, ...]:
        return tuple(LETTERS.index(c) for c in piece)

    if kind not in ("open", "random"):
        raise fields_.error(f"pieces:{kind[:10]} is none of open, random, unknown")
    return fields_.read(lambda: Dealer(kind, tuple(colours(p) for p in pairs.split(",") if p),
                                       None if single == "-" else LETTERS.index(single)),
                        "pieces: is KIND:SINGLE:PAIRS")
