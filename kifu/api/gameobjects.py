"""A game's rules for Python users: :class:`Game`, one per game, generic over its position and
move types, and :func:`game` / :func:`games` to find them.

The plug-in a game package exposes (:class:`kifu.plugin.GamePlugin`) is the referee's contract, made
for speed: it changes a position in place.  :class:`Game` wraps it for people: :meth:`Game.play`
returns a new position and never changes the one it is given, moves are checked to be the
game's own values, and everything raises the documented :class:`~kifu.base.errors.KifuError`
subclasses.
"""
from __future__ import annotations

import reprlib
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Generic, overload

from kifu.base.errors import ConversionError, KifuError, OptionError
from kifu.plugin import MoveT, Outcome, PositionT, SetupDefault, SetupT, registry
from kifu.plugin import contract as plugin

if TYPE_CHECKING:
    from kifu.api.builtin_types import (
        FreeGoMove,
        FreeGoName,
        FreeGoPosition,
        FreeGoPositionJSON,
        FreeGoSetup,
        GungiMove,
        GungiName,
        GungiPosition,
        GungiPositionJSON,
        GungiSetup,
        RengiMove,
        RengiName,
        RengiPosition,
        RengiPositionJSON,
        RengiSetup,
        RengomaMove,
        RengomaName,
        RengomaPosition,
        RengomaPositionJSON,
        RengomaSetup,
        RenjuMove,
        RenjuName,
        RenjuPosition,
        RenjuPositionJSON,
        RenjuSetup,
    )


class Game(SetupDefault, Generic[PositionT, MoveT, SetupT]):
    """One game's rules: its start position, legal moves, moves read and written, and play.

    Get one with :func:`kifu.game` (``kifu.game("renju")``) or from a record
    (``record.game``).  ``Game[Position, Move]`` names the game's own types for a type
    checker, e.g. ``kifu.Game[kifu.builtin.renju.position.Position,
    kifu.builtin.renju.moves.Move]``.

    Positions are the game's own objects; a :class:`Game` never changes one it is given.
    """

    __slots__ = ("plugin",)

    def __init__(self, rules: plugin.GamePlugin[PositionT, MoveT, SetupT]) -> None:
        #: The game's plug-in (:class:`kifu.plugin.GamePlugin`): the referee, its notation and drawing.
        self.plugin = rules

    def __repr__(self) -> str:
        return f"<kifu.Game {self.name}>"

    @property
    def name(self) -> str:
        """The game's name in kifu (``renju``, ``gungi``, ``rengi``, ``rengoma``, ``freego``)."""
        return self.plugin.name

    @property
    def title(self) -> str:
        """The game's name for people, e.g. ``Renju 連珠``."""
        return self.plugin.title

    @property
    def aliases(self) -> tuple[str, ...]:
        """Other names :func:`kifu.game` knows the game by."""
        return tuple(self.plugin.aliases)

    @property
    def suffixes(self) -> tuple[str, ...]:
        """The file suffixes of the game's native notation."""
        return tuple(self.plugin.suffixes)

    @property
    def dialects(self) -> Mapping[str, str]:
        """The dialects of the native notation (name -> what it is)."""
        return self.plugin.dialects

    @property
    def render_options(self) -> Mapping[str, str]:
        """The game's own drawing options for :func:`kifu.svg` and :func:`kifu.text`."""
        return self.plugin.render_options

    def start(self, headers: Mapping[str, str] | None = None) -> PositionT:
        """The position a record with these header lines starts from (the usual start when
        none are given; some games need some, e.g. Rengoma's ``Stock-black``)."""
        if headers is not None and not isinstance(headers, Mapping):
            raise OptionError(f"headers={reprlib.repr(headers)}: start takes header lines as a "
                              "mapping (name: value)", option="headers")
        text = "".join(f"{key}: {value}\n" for key, value in (headers or {}).items())
        return self.plugin.start(self.plugin.parse(text, "<headers>"))

    def legal_moves(self, position: PositionT) -> list[MoveT]:
        """Every ply the player to move may make, from the rules' own move generator; none
        once the game has ended.  What each game lists (and leaves out: opening events,
        resignation) is on the library page of the documentation."""
        self.check_position_value(position)
        return self.plugin.legal_moves(position)

    def parse_move(self, text: str, position: PositionT) -> MoveT:
        """One move in the game's notation, as it would be written next at ``position``: the
        canonical move (:meth:`canonical`), equal to the move :meth:`legal_moves` lists
        however the text spells it.

        Raises ``NotationError`` for text that is not one move of this game; whether the move
        is legal is for :meth:`play` (or :meth:`is_legal`) to say.
        """
        self.check_position_value(position)
        if not isinstance(text, str):
            raise KifuError(f"parse_move reads text, not {reprlib.repr(text)}")
        return self.plugin.canonical_move(position, self.plugin.parse_move(text, position))

    def canonical(self, position: PositionT, move: MoveT) -> MoveT:
        """``move`` as :meth:`legal_moves` lists it at ``position``: one value whatever the
        spelling it was written in (Go's ``D4`` and ``d4``, a map cell by its label, a Gungi
        ply by 同, a Rengi pair by its direction), so that it compares equal and hashes alike.
        A move the game cannot place at ``position`` (an illegal one) comes back as it is."""
        self.check_position_value(position)
        self.check_move_value(move)
        return self.plugin.canonical_move(position, move)

    def is_legal(self, position: PositionT, move: MoveT) -> bool:
        """Whether ``move`` (in any spelling) is a move :meth:`legal_moves` lists at
        ``position`` (Rengoma: or a turn extended by extra actions that plays).  What the
        list leaves out by design (Renju's forbidden moves, which are played and lose; the
        opening events) is not legal here, though :meth:`play` plays it."""
        self.check_position_value(position)
        self.check_move_value(move)
        return self.plugin.is_legal(position, move)

    def play(self, position: PositionT, move: MoveT) -> PositionT:
        """The position after ``move``: a new position; ``position`` is left as it was.

        Raises ``IllegalMoveError`` (with the rule broken in ``.rule``) for a move the rules
        refuse, ``GameOverError`` once the game has ended, and ``KifuError`` for a value that
        is not a move of this game (read text with :meth:`parse_move`).
        """
        self.check_position_value(position)
        self.check_move_value(move)
        after = self.plugin.copy(position)
        played = self.plugin.play_on(after, move)
        for problem in played.warnings:
            if problem.severity == "error":
                raise problem
        return after

    def notation(self, move: MoveT, position: PositionT, dialect: str | None = None) -> str:
        """``move`` written as it would be played at ``position``, in ``dialect`` (one of
        :attr:`dialects`; the canonical notation by default)."""
        self.check_position_value(position)
        self.check_move_value(move)
        if dialect is not None and dialect not in self.dialects:
            offered = ", ".join(self.dialects) or "none"
            raise ConversionError(f"{self.name} has no dialect {dialect!r} (it has {offered})")
        return self.plugin.move_notation(move, position, dialect)

    def outcome(self, position: PositionT) -> Outcome | None:
        """How the game has ended at ``position`` (winner and reason), ``None`` while it goes
        on."""
        self.check_position_value(position)
        return self.plugin.outcome(position)

    def to_move(self, position: PositionT) -> str | None:
        """Who moves next at ``position`` (a side's or a player's name); ``None`` once the game
        has ended (when :meth:`outcome` is not ``None``), in every game."""
        self.check_position_value(position)
        return self.plugin.to_move(position)

    def position_key(self, position: PositionT) -> str:
        """``position`` as one line of text (what FEN is to chess), read back by
        :meth:`position_from_key`: equal positions have equal keys.  The key holds the
        position, not how it was reached (move numbers, Go's superko history, Gungi's count
        of repetitions); the game's page describes it."""
        self.check_position_value(position)
        return self.plugin.position_key(position)

    def position_from_key(self, key: str) -> PositionT:
        """The position a key of :meth:`position_key` gives, equal to the position it was
        written from; ``NotationError`` for text that is no key of this game."""
        if not isinstance(key, str):
            raise KifuError(f"a position key is text, not {reprlib.repr(key)}")
        return self.plugin.position_from_key(key)

    @overload
    def position_json(self, position: RenjuPosition) -> RenjuPositionJSON: ...  # type: ignore[overload-overlap]
    @overload
    def position_json(self, position: GungiPosition) -> GungiPositionJSON: ...  # type: ignore[overload-overlap]
    @overload
    def position_json(self, position: RengiPosition) -> RengiPositionJSON: ...  # type: ignore[overload-overlap]
    @overload
    def position_json(self, position: RengomaPosition) -> RengomaPositionJSON: ...  # type: ignore[overload-overlap]
    @overload
    def position_json(self, position: FreeGoPosition) -> FreeGoPositionJSON: ...  # type: ignore[overload-overlap]
    @overload
    def position_json(self, position: PositionT) -> dict[str, Any]: ...
    def position_json(self, position: Any) -> Any:
        """``position`` as JSON-able data (as ``kifu show --format json`` gives it); for a type
        checker, a built-in game's position gives its own ``TypedDict`` (``renju.position.
        PositionJSON``...)."""
        self.check_position_value(position)
        return self.plugin.position_to_json(position)

    def check_position_value(self, position: object) -> None:
        """A ``KifuError`` unless ``position`` is a position of this game (one of another
        game, say), naming what it is."""
        kind = self.plugin.position_type()
        if kind is not None and not isinstance(position, kind):
            what = type(position)
            raise KifuError(f"{reprlib.repr(position)} is not a {self.title} position (it is "
                            f"a {what.__module__}.{what.__qualname__})")

    def check_move_value(self, move: object) -> None:
        """A ``KifuError`` unless ``move`` is one of the game's move values (a text, say)."""
        types = self.plugin.move_types
        if types and not isinstance(move, types):
            hint = " (read text with parse_move)" if isinstance(move, str) else ""
            raise KifuError(f"{move!r} is not a {self.title} move{hint}")


_games: dict[str, Game[Any, Any, Any]] = {}


def wrap(rules: plugin.GamePlugin[PositionT, MoveT, SetupT]) -> Game[PositionT, MoveT, SetupT]:
    """The one :class:`Game` of a plug-in."""
    found = _games.get(rules.name)
    if found is None or found.plugin is not rules:
        found = _games[rules.name] = Game(rules)
    return found


@overload
def game(name: RenjuName) -> Game[RenjuPosition, RenjuMove, RenjuSetup]: ...
@overload
def game(name: GungiName) -> Game[GungiPosition, GungiMove, GungiSetup]: ...
@overload
def game(name: RengiName) -> Game[RengiPosition, RengiMove, RengiSetup]: ...
@overload
def game(name: RengomaName) -> Game[RengomaPosition, RengomaMove, RengomaSetup]: ...
@overload
def game(name: FreeGoName) -> Game[FreeGoPosition, FreeGoMove, FreeGoSetup]: ...
@overload
def game(name: str) -> Game[Any, Any, Any]: ...
def game(name: str) -> Game[Any, Any, Any]:
    """A game by its name or an alias, any case (``renju``, ``連珠``, ``freego``...); raises
    ``UnknownGameError`` for a name kifu does not know.  For a type checker, a built-in game's
    name gives its own types: ``kifu.game("renju")`` is a ``Game[renju.Position, renju.Move,
    renju.Setup]``."""
    return wrap(registry.get(name))


def games() -> list[Game[Any, Any, Any]]:
    """Every game kifu knows (this loads them all), in name order."""
    return [wrap(rules) for rules in registry.games().values()]
