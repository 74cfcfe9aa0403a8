"""The contract every game fulfils, and the replay driver written once for all of them.

A game is a plug-in: a package exposing ``GAME``, an instance of a :class:`Game` subclass, and
announced by a :class:`Card` (the built-in games' cards are in ``kifu/games/__init__.py``, a
third-party game's come through an entry point; see :mod:`kifu.registry`).  The core (command
line, reports, JSON, rendering helpers) only ever talks to games through these classes, so it
never needs to know a game by name.

The referee side of the contract is two small functions: :meth:`Game.start` builds the position
a record starts from, :meth:`Game.play` applies one move to it.  Everything else the rules offer
(replaying a line, every variation, checking the stated result) is built here on top of them.
"""
from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Callable, Iterable, Iterator, Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, ClassVar, Generic, NamedTuple, TypeVar

from kifu.errors import GameOverError, KifuError, NotationError, ResultError
from kifu.limits import Problems
from kifu.record import Node, Record

if TYPE_CHECKING:
    import click

#: A JSON-able description of something a move did: ``{"type": "capture", "points": [...]}``.
Event = dict[str, Any]
#: A game's position type and its move type (see :class:`Game`).
PositionT = TypeVar("PositionT")
MoveT = TypeVar("MoveT")


@dataclass(frozen=True)
class Outcome:
    """How a game ended: the winner (a side's name, ``None`` for a draw) and why."""

    winner: str | None
    reason: str

    def describe(self) -> str:
        """The outcome in words: ``black wins (five at h8)``, ``draw (...)``."""
        if self.winner is None:
            return f"draw ({self.reason})"
        return f"{self.winner} wins ({self.reason})"


@dataclass(slots=True)
class Played:
    """What :meth:`Game.play` reports about one move besides the new position.

    ``warnings`` are diagnostics about the move that the replay could go past: repairs made
    under ``lenient``, or, with severity ``error``, faults in the record that a referee can
    still read one way only, so that every such place is reported rather than the first.
    """

    events: list[Event] = field(default_factory=list)
    warnings: list[KifuError] = field(default_factory=list)


class Step(NamedTuple):
    """One move replayed: the node, its move number, and the position after it.

    The position may be the same object at every step (games mutate it for speed); copy it with
    :meth:`Game.copy` to keep it past the next step.  A named tuple: one is made for every move
    replayed, and the driver builds it directly (``tuple.__new__``), the cheapest object there is.
    """

    node: Node
    number: int | None
    position: Any
    events: list[Event]
    warnings: list[KifuError]
    path: tuple[int, ...] = ()


@dataclass(frozen=True)
class RenderOptions:
    """Drawing options every renderer understands, plus the game's own (``extras``)."""

    size: int | None = None
    flip: bool = False
    coords: bool = True
    last_move: bool = True
    numbers: bool = False
    extras: Mapping[str, str] = field(default_factory=dict)

    def flag(self, name: str) -> bool:
        return self.extras.get(name, "no").lower() in ("", "1", "yes", "true", "on")


@dataclass
class Reading:
    """One record read from a file that may hold several (an SGF collection), with what the
    reading found on the way (located warnings, repairs, or the error that left ``record``
    ``None``) and the format's own form of it (``document``), for a lossless rewrite."""

    record: Record | None
    findings: list[KifuError] = field(default_factory=list)
    document: Any = None


@dataclass(frozen=True)
class Format:
    """An interchange format a game reads and writes besides its own notation (SGF, say).

    ``read_all(text, path, lenient)`` reads every record of a file, each with its findings
    (lazily, if it can: a caller done with a record before asking for the next holds one);
    ``rewrite(documents)`` writes documents it read back in the format, keeping what the game
    does not model.  Both are optional.
    """

    name: str
    suffixes: tuple[str, ...]
    description: str
    read: Callable[[str, str], Record]
    write: Callable[[Record], str]
    claims: Callable[[str], bool] = lambda text: True
    read_all: Callable[[str, str, bool], Iterable[Reading]] | None = None
    rewrite: Callable[[list[Any]], str] | None = None


@dataclass(frozen=True)
class Card:
    """What kifu knows of a game before loading it: enough to tell a record's game by its
    suffix, name or format, to list the commands it brings, and to load it when it is needed.

    ``module`` holds ``GAME`` (loaded by :meth:`load`); ``formats`` maps each interchange format
    to its file suffixes; ``commands`` maps each ``kifu`` command the game brings to its one
    line of help.  The game must say the same of itself: its name, title, aliases and
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

    def load(self) -> Game[Any, Any]:
        """Import the game's module and return its ``GAME``, checked against this card."""
        import importlib

        game = getattr(importlib.import_module(self.module), "GAME", None)
        if not isinstance(game, Game):
            raise TypeError(f"{self.module} has no GAME that is a kifu.game.Game")
        told = (game.name, game.title, tuple(game.aliases), tuple(game.suffixes))
        if told != (self.name, self.title, tuple(self.aliases), tuple(self.suffixes)):
            raise TypeError(f"{self.module}.GAME says {told}, its card says "
                            f"{(self.name, self.title, self.aliases, self.suffixes)}")
        return game


class Console(ABC):
    """What the ``kifu`` command line lends the commands a game brings (:meth:`Game.commands`):
    printing problems as every kifu command prints them (``path:line:col: error[rule]: ...``
    with the line quoted), so that a game needs nothing of kifu's report formatting."""

    @abstractmethod
    def problems(self, problems: Iterable[KifuError], path: str, text: str | None) -> None:
        """Print ``problems`` found in the file ``path`` (whose ``text`` is quoted if given)."""

    @staticmethod
    def current() -> Console:
        """The console of the ``kifu`` command running now (from click's context)."""
        import click

        console = click.get_current_context().find_object(Console)  # type: ignore[type-abstract]
        if console is None:
            raise RuntimeError("a game's command runs under the kifu command line")
        return console


class Game(ABC, Generic[PositionT, MoveT]):
    """Base class of a game plug-in; ``kifu/games/README.md`` describes the contract.

    A game subclasses ``Game[Position, Move]`` with its own position and move types, so that
    type checkers see them through the library (:class:`kifu.Game`).
    """

    name: ClassVar[str]
    title: ClassVar[str]
    aliases: ClassVar[tuple[str, ...]] = ()
    suffixes: ClassVar[tuple[str, ...]]
    notation: ClassVar[str]
    #: Dialect name -> what it is; the native notation can be written in each.
    dialects: ClassVar[Mapping[str, str]] = {}
    #: Game-specific drawing options (``kifu render -O NAME``) -> what they do.
    render_options: ClassVar[Mapping[str, str]] = {}
    #: Other ways records state a result (any case) -> the winner's name or ``draw``.
    result_names: ClassVar[Mapping[str, str]] = {}
    #: The header lines that name the players, in seat order (for indexes and titles).
    player_headers: ClassVar[tuple[str, ...]] = ("Black", "White")
    #: Headers whose value may name a file next to the record (a board file): a record
    #: written to another folder has them rewritten to still name that file.
    file_headers: ClassVar[tuple[str, ...]] = ()
    #: The classes of the game's move values (plies and events), for a clear error when
    #: something else is played.
    move_types: ClassVar[tuple[type, ...]] = ()

    # -- notation ---------------------------------------------------------------------------

    @abstractmethod
    def parse(self, text: str, source: str = "<string>") -> Record:
        """Read the game's native notation; raises a located ``NotationError``."""

    @abstractmethod
    def write(self, record: Record, dialect: str | None = None) -> str:
        """The record in canonical notation, or in the named dialect."""

    def move_text(self, move: Any) -> str:
        """One move in the native notation, as it stands alone (for JSON and messages)."""
        return str(move)

    def formats(self) -> Mapping[str, Format]:
        """Interchange formats besides the native notation and JSON."""
        return {}

    def parse_move(self, text: str, position: PositionT) -> MoveT:
        """One move written in the native notation, as it would stand next in a record at
        ``position``; a ``NotationError`` for anything else (several moves, headers, comments).

        The default reads ``text`` as a record and takes its one move; a game whose moves read
        differently by the position overrides it.
        """
        return self.one_move(self.parse(text, "<move>"), text)

    def one_move(self, record: Record, text: str) -> MoveT:
        """The one move of ``record``, read from ``text`` (see :meth:`parse_move`)."""
        nodes = record.moves
        if (len(nodes) != 1 or nodes[0].variations or nodes[0].comments or record.headers
                or record.comments or record.setup is not None):
            found = f"{len(nodes)} moves" if len(nodes) != 1 else "more than a move"
            raise NotationError(f"{text.strip()[:40]!r} is not one {self.title} move ({found})")
        move: MoveT = nodes[0].move
        return move

    def move_notation(self, move: MoveT, position: PositionT, dialect: str | None = None) -> str:
        """``move`` as it is written at ``position`` (before it is played), in ``dialect``; by
        default :meth:`move_text`, the same in every dialect."""
        return self.move_text(move)

    # -- JSON -------------------------------------------------------------------------------

    @abstractmethod
    def move_to_json(self, move: Any) -> dict[str, Any]:
        """A move as a JSON object with at least a ``type`` key."""

    @abstractmethod
    def move_from_json(self, data: dict[str, Any]) -> Any:
        """The inverse of :meth:`move_to_json`; raises ``KeyError``/``ValueError`` on bad data."""

    def setup_to_json(self, setup: Any) -> Any:
        return setup

    def setup_from_json(self, data: Any) -> Any:
        return data

    # -- rules ------------------------------------------------------------------------------

    @abstractmethod
    def start(self, record: Record) -> PositionT:
        """The position the record starts from (its set-up, or the usual start)."""

    @abstractmethod
    def play(self, position: Any, move: Any, *, lenient: bool = False) -> Played:
        """Apply ``move`` to ``position`` in place, or raise ``IllegalMoveError`` naming the rule."""

    def play_quietly(self, position: Any, move: Any, *, lenient: bool = False) -> list[KifuError]:
        """:meth:`play` where nobody reads what the move did: its warnings only.  Validation
        replays every move of every record and reads no event, so a game whose events cost
        time to describe may play without them here; by default this is :meth:`play`."""
        return self.play(position, move, lenient=lenient).warnings

    @abstractmethod
    def copy(self, position: PositionT) -> PositionT:
        """An independent copy of a position."""

    @abstractmethod
    def legal_moves(self, position: PositionT) -> list[MoveT]:
        """Every ply the player to move may make at ``position``, from the rules' own
        generator (``docs/library.md`` says what each game lists; events such as Renju's
        ``swap`` are not plies and are not listed)."""

    @abstractmethod
    def outcome(self, position: Any) -> Outcome | None:
        """How the game has ended in this position, or ``None`` while it goes on."""

    def result_matches(self, stated: str, outcome: Outcome | None,
                       position: Any) -> str | KifuError | None:
        """``None`` if a ``Result:`` header agrees with the replay, else what the replay gives
        (or a finding of the game's own, a warning say, where the rules cannot decide).

        The default understands the winner's name and ``draw`` (any case) and the game's
        ``result_names``; an unfinished game agrees with any result, as a record may end in
        resignation or on time.
        """
        if outcome is None:
            return None
        said = stated.strip().casefold()
        said = {k.casefold(): v for k, v in self.result_names.items()}.get(said, said).casefold()
        expected = "draw" if outcome.winner is None else outcome.winner.casefold()
        return None if said == expected else outcome.describe()

    # -- presentation -----------------------------------------------------------------------

    @abstractmethod
    def render_svg(self, position: Any, options: RenderOptions, record: Record | None = None) -> str:
        """The position as a standalone SVG document."""

    @abstractmethod
    def render_text(self, position: Any, options: RenderOptions) -> str:
        """The position as a diagram a person can read in a terminal."""

    def summary(self, position: Any) -> list[tuple[str, str]]:
        """Facts about a position for ``kifu show``: side to move, captures, score..."""
        return []

    def position_to_json(self, position: Any) -> dict[str, Any]:
        """A position as JSON (for ``kifu show --format json``)."""
        return {}

    def to_move(self, position: Any) -> str | None:
        """Who moves next, as a side's name (for descriptions of a position); by default the
        ``to_move`` of :meth:`position_to_json`."""
        side = self.position_to_json(position).get("to_move")
        return None if side is None else str(side)

    def event_text(self, event: Event) -> str | None:
        """One event of :meth:`play` in words, for people (the viewer's notes and announcements);
        ``None`` for an event the move's own notation already says.  The default names the
        event's type and fields; games word their own events."""
        fields = ", ".join(f"{key} {_words(value)}" for key, value in event.items()
                           if key != "type" and value not in (None, [], {}))
        kind = str(event.get("type", "event")).replace("-", " ")
        return f"{kind}: {fields}" if fields else kind

    def frames(self, position: Any) -> list[dict[str, str]]:
        """What the last move did, step by step: for each step, the game's own drawing options
        (``-O``) that draw it (a chain link by link); the viewer shows them on its way to the
        position.  None by default."""
        return []

    def players(self, record: Record) -> list[str]:
        """The players a record names, from its :attr:`player_headers`."""
        return [value for key in self.player_headers if (value := record.header(key))]

    def replay_schema(self) -> dict[str, Any] | None:
        """A JSON Schema for this game's part of ``kifu show --format json``: its ``$defs``
        hold ``event`` (one event) and, if the game describes it, ``position``."""
        return None

    def commands(self) -> list[click.Command]:
        """Extra ``kifu`` commands the game brings (``kifu board ...`` for maps, say); they
        print problems through :meth:`Console.current`, as every kifu command prints them."""
        return []

    # -- the replay driver ------------------------------------------------------------------

    def replay(self, record: Record, *, lenient: bool = False,
               path: tuple[int, ...] = ()) -> Iterator[Step]:
        """Replay one line (the main line, or the variation ``path`` selects) move by move.

        Raises the first illegal move as a ``KifuError`` carrying its span and move number.
        """
        position = self.start(record)
        number = 0
        for node in record.line(path) if path else record.moves:
            step, number = self._advance(position, node, number, lenient, path, self.play)
            yield step

    def replay_tree(self, record: Record, *, lenient: bool = False) -> Iterator[Step | KifuError]:
        """Every line of the record, in the order the record writes them: each variation is
        replayed where it branches off, right after the move it replaces, and its line then
        goes on from there.

        An illegal move ends its own line only: it is yielded as an error and the other lines
        are still replayed.  The walk keeps one copy of the position per open variation, never
        one per branch point, and no recursion, so that neither a record with a variation at
        every move nor one nested deeply costs more than its depth.
        """
        return self._replay_tree(record, lenient, quiet=False)

    def _replay_tree(self, record: Record, lenient: bool, *, quiet: bool,
                     main: _Line | None = None) -> Iterator[Step | KifuError]:
        """:meth:`replay_tree`.  ``quiet``: moves played with :meth:`play_quietly`, and only
        the steps with warnings yielded (validation reads nothing else); ``main``, the main
        line to walk, if the caller wants its final position and length from it."""
        stack: list[_Line] = [main or _Line(record.moves, self.start(record), 0, ())]
        advance, play = self._advance, self.play_quietly if quiet else self.play
        while stack:
            line = stack[-1]
            if line.branch is not None:  # the alternatives of the node just played
                before, at_number, node = line.branch
                choice = line.choice
                line.choice += 1
                if choice < len(node.variations):
                    last = choice == len(node.variations) - 1
                    stack.append(_Line(node.variations[choice],
                                       before if last else self.copy(before), at_number,
                                       line.path + (line.offset + line.index + 1, choice + 1),
                                       line.offset + line.index))
                    continue
                line.branch, line.choice = None, 0
                line.index = len(line.nodes) if line.failed else line.index + 1
                continue
            nodes, position, path = line.nodes, line.position, line.path
            index, number, end = line.index, line.number, len(nodes)
            # Most nodes have no variations: they are played in this tight loop.
            while index < end and not nodes[index].variations:
                try:
                    step, number = advance(position, nodes[index], number, lenient, path, play)
                except KifuError as error:
                    yield error.detached()
                    index = end  # an illegal move ends its line
                    break
                if step.warnings or not quiet:
                    yield step
                index += 1
            line.index, line.number = index, number
            if index == end:
                stack.pop()
                continue
            node = nodes[index]  # its variations start from the position before it
            line.branch = (self.copy(position), number, node)
            try:
                step, line.number = advance(position, node, number, lenient, path, play)
            except KifuError as error:
                yield error.detached()
                line.failed = True
            else:
                if step.warnings or not quiet:
                    yield step

    def check(self, record: Record, *, lenient: bool = False) -> tuple[list[KifuError], int]:
        """Every problem of a record (one per line of play at most; past
        ``kifu.limits.MAX_PROBLEMS`` only counted) and the main line's length."""
        problems = Problems()
        main_line_failed = False
        try:
            # The main line, walked here: its position ends as the main line's final one, and
            # its count of moves is the main line's length.
            main = _Line(record.moves, self.start(record), 0, ())
            for item in self._replay_tree(record, lenient, quiet=True, main=main):
                if isinstance(item, KifuError):
                    problems.add(item)
                    main_line_failed = main_line_failed or not item.variation
                else:
                    problems.extend(item.warnings)
        except KifuError as error:  # the start position itself is wrong
            return [error], 0
        if not main_line_failed:
            problems.extend(self.check_result(record, main.position))
        return problems.reported(), main.number

    def check_result(self, record: Record, position: Any) -> list[KifuError]:
        """The problem with the record's ``Result:`` header, if the final ``position`` (of the
        main line) contradicts it."""
        stated = record.result
        if not stated:
            return []
        actual = self.result_matches(stated, self.outcome(position), position)
        if actual is None:
            return []
        if isinstance(actual, KifuError):
            return [actual.located(span=actual.span or record.header_span("Result"))]
        return [ResultError(f"the record says the result is {stated!r}, but the moves give {actual}",
                            span=record.header_span("Result"), rule="result")]

    def _advance(self, position: Any, node: Node, number: int, lenient: bool,
                 path: tuple[int, ...], play: Callable[..., Played | list[KifuError]]
                 ) -> tuple[Step, int]:
        """Play one node with ``play`` (:meth:`play`, or :meth:`play_quietly` for a step
        without events); the step and the move number so far (events take none)."""
        move = node.move
        counted = not getattr(move, "is_event", False)  # is_event(move), for every move
        number += counted
        at = number if counted else None
        try:
            ended = self.outcome(position)
            if ended is not None and not getattr(move, "after_end", False):
                raise _game_over(ended)
            played = play(position, move, lenient=lenient)
        except KifuError as error:
            raise error.located(span=error.span or node.span, move_number=at,
                                variation=path) from None
        if isinstance(played, list):  # played quietly: its warnings
            if not played:  # nothing to report: the quiet walk yields no step for it
                return _CLEAN_STEP, number
            events, warnings = _NO_EVENTS, played
        else:
            events, warnings = played.events, played.warnings
        for warning in warnings:
            warning.span = warning.span or node.span
            warning.move_number = at
            warning.variation = path
        return tuple.__new__(Step, (node, at, position, events, warnings, path)), number

    def play_on(self, position: Any, move: Any, *, lenient: bool = False) -> Played:
        """:meth:`play`, refused with a ``GameOverError`` once the game has ended (unless the
        move may follow the end, a closing marker): how a move is played on a position (the
        replay driver does the same in :meth:`_advance`, where every call counts)."""
        ended = self.outcome(position)
        if ended is not None and not getattr(move, "after_end", False):
            raise _game_over(ended)
        return self.play(position, move, lenient=lenient)


#: A game of any kind, as the game-neutral core handles it (it never looks inside positions or
#: moves; a game's own code and the library's users see the real types).
AnyGame = Game[Any, Any]


@dataclass
class _Line:
    """A line of play being replayed by :meth:`Game.replay_tree`."""

    nodes: list[Node]
    position: Any
    number: int  # moves counted so far
    path: tuple[int, ...]
    offset: int = 0  # where ``nodes`` start in the line from the start of the game
    index: int = 0  # the next node to play
    failed: bool = False
    #: The node just played when it has variations: the position before it, its move number
    #: so far, the node; ``choice`` is the next of its variations to replay.
    branch: tuple[Any, int, Node] | None = None
    choice: int = 0


#: The events of a step played quietly (no one reads them; never changed).
_NO_EVENTS: list[Event] = []
#: What a move played quietly without a warning gives: a step nobody is shown (the quiet walk
#: yields only steps with warnings), made once rather than once a move.
_CLEAN_STEP = tuple.__new__(Step, (None, None, None, _NO_EVENTS, [], ()))


def _game_over(ended: Outcome) -> GameOverError:
    return GameOverError(f"the game was already over: {ended.describe()}", rule="game-over")


def _words(value: Any) -> str:
    """A JSON value of an event as plain words: lists joined, mappings as ``key value``."""
    if isinstance(value, dict):
        return ", ".join(f"{key} {_words(item)}" for key, item in value.items())
    if isinstance(value, (list, tuple)):
        return " ".join(_words(item) for item in value)
    return str(value)
