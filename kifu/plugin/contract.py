"""The contract every game fulfils: :class:`GamePlugin`, the base class of a game plug-in.

A game is a plug-in: a package exposing ``GAME``, an instance of a :class:`GamePlugin`
subclass, and announced by a :class:`~kifu.base.cards.Card` (the built-in games' cards are in
:mod:`kifu.base.cards`, a third-party game's come through an entry point; see
:mod:`kifu.plugin.registry`).  The core (command line, reports, JSON, rendering helpers) only
ever talks to games through this class, so it never needs to know a game by name.

The referee side of the contract is two small functions: :meth:`GamePlugin.start` builds the
position a record starts from, :meth:`GamePlugin.play` applies one move to it.  Everything else
the rules offer (replaying a line, every variation, checking the stated result) is the driver
of :mod:`kifu.plugin.driver`, written once on top of them.
"""
from __future__ import annotations

import functools
import importlib
import sys
import typing
from abc import ABC, abstractmethod
from collections.abc import Callable, Collection, Iterable, Mapping, Sequence
from types import ModuleType
from typing import TYPE_CHECKING, Any, ClassVar, Generic, cast

from kifu.base.cards import Card
from kifu.base.errors import KifuError, NotationError, ResultError
from kifu.base.record import Node, Record
from kifu.base.value import dataclass
from kifu.plugin.typeparams import Event, MoveT, PositionT, SetupDefault, SetupT

if TYPE_CHECKING:
    import click

    from kifu.base.collection import Reading
    from kifu.base.markup import Markup
    from kifu.plugin import driver
    from kifu.plugin.clicks import Clicks
    from kifu.plugin.editor import EditorLayout
    from kifu.plugin.symmetry import Symmetry, Traced, Tracker
    from kifu.plugin.values import CompiledLine, Outcome, Played, RenderOptions


@dataclass(frozen=True)
class Format:
    """An interchange format a game reads and writes besides its own notation (SGF, say).

    ``claims(text)`` says whether a text with one of the format's ``suffixes`` is this game's;
    ``recognises(text)`` whether a text is in this format at all, whatever its game and name
    (SGF opens with ``(;``): it tells the format of a text whose game the user named
    (``--game``) or whose name says nothing (standard input).  Formats that share a suffix
    are asked in the order of their ``precedence``, highest first (Renju's SGF, which claims
    only Renju's texts, before Go's, which claims any SGF without a game number), then in the
    order of the games' cards.

    ``read_all(text, path, lenient)`` reads every record of a file, each with its findings
    (lazily, if it can: a caller done with a record before asking for the next holds one);
    ``rewrite(documents)`` writes documents it read back in the format, keeping what the game
    does not model, as text or as pieces of text one after the other; ``pieces(record)`` is
    ``write`` a piece at a time, so that a large output is never whole in memory (``kifu
    convert`` writes the pieces as they come); ``leaves_out(record)`` says in words what
    writing a record in the format loses (its variations, say), each a sentence a conversion
    reports.  All optional.

    A format of bytes rather than text (a binary file, or XML that names its own encoding)
    gives ``claims_bytes(head)``, which tells from the first bytes of a file (at most
    :data:`kifu.reading.source.HEAD_BYTES`) whether the file is its own.  Such a file is handed
    to it undecoded, as text of one character per byte (ISO-8859-1: ``text.encode("latin-1")``
    gives the bytes back), and what it writes is such text, to be written as bytes;
    ``max_bytes`` is then the largest file it reads (a database can be larger than a record).

    ``generic`` are those of its suffixes other programs use for files of their own (``.xml``,
    ``.pgn``): a file found in a folder with one of them that no format claims is left alone,
    as other programs' ``.json`` files are; named on the command line, it is an error.

    ``collection(records)``, where a file of the format may hold several records one after
    another (SGF's collection): the records' pieces, each record's given in turn, as one file,
    stopped with a ``ConversionError`` as soon as it would hold more than the format's reader
    reads; a file of several games read in any format is converted into it whole.

    ``decide(text)``, where the game has a compiled core for the format (see
    :mod:`kifu.base.native`): a record's text in, its verdict out, for the common record
    only: ``(moves, noted)`` for a text that holds one record of which reading and
    replaying find nothing to report but notes (the pedantic findings, shown on request;
    ``noted`` says whether there are any), the main line's count of moves; ``None`` for
    any other text, which is then read and replayed as always.  Python stays the reference
    and the only writer of diagnostics, so ``decide`` answers only where it is sure that
    Python would say the same.

    ``trace(text, source)``, where the game has a compiled core for the format: for a text
    ``decide`` would decide, whose record has one line of play, what a corpus index keeps
    of it (:class:`kifu.plugin.symmetry.Traced`: its headers, its positions' hashes under the
    game's symmetry and, on a grid, its changes), worked out without a position or a move in
    Python; ``None`` for every other text, which the index reads and replays as always.

    ``replay(text, source)``, where the game has a compiled core for the format: for a text
    ``decide`` would decide, whose record has one line of play, that line as the core
    replayed it (:class:`kifu.plugin.values.CompiledLine`: each step's move, and its events
    and position when asked for), so that the library's :meth:`kifu.Record.replay` of a
    record read from the text reads nothing and plays nothing in Python; ``None`` for every
    other text, which the library reads and replays as always.

    ``heads(text)`` gives the head of each record of a text alone, as a text of the format that
    reads as that record without its moves (SGF: each game's root node), found without reading
    the moves, for a catalogue that wants each record's headers and no more
    (:func:`kifu.read_headers`); a format without it is read whole.
    """

    name: str
    suffixes: tuple[str, ...]
    description: str
    read: Callable[[str, str], Record]
    write: Callable[[Record], str]
    claims: Callable[[str], bool] = lambda text: True
    read_all: Callable[[str, str, bool], Iterable[Reading]] | None = None
    rewrite: Callable[[list[Any]], str | Iterable[str]] | None = None
    pieces: Callable[[Record], Iterable[str]] | None = None
    recognises: Callable[[str], bool] | None = None
    precedence: int = 0
    leaves_out: Callable[[Record], list[str]] | None = None
    claims_bytes: Callable[[bytes], bool] | None = None
    max_bytes: int | None = None
    generic: tuple[str, ...] = ()
    heads: Callable[[str], Iterable[str]] | None = None
    collection: Callable[[Iterable[Iterable[str]]], Iterable[str]] | None = None
    decide: Callable[[str], tuple[int, bool] | None] | None = None
    trace: Callable[[str, str], Traced | None] | None = None
    replay: Callable[[str, str], CompiledLine | None] | None = None

    @property
    def binary(self) -> bool:
        """Whether the format reads and writes bytes (as text of one character per byte)."""
        return self.claims_bytes is not None

    def written(self, record: Record) -> Iterable[str]:
        """``record`` in the format, a piece at a time where the format can."""
        return self.pieces(record) if self.pieces is not None else [self.write(record)]


class later:  # noqa: N801 - named as the function it stands for: later("module").read
    """A module of a game's (or SGF's reader, the surface's ``sgf``), imported when one of its
    functions is first called:
    ``later("kifu.builtin.renju.sgf").read`` is a function that imports the module and calls
    its ``read``.  A game's :meth:`GamePlugin.formats` gives its formats' functions so, all
    but the one every file of the format's suffix asks (``claims``, in a module that imports
    little): a Go SGF file asks Renju's SGF whether the text is Renju's, and a record the
    compiled core decides is read by no Python reader."""

    def __init__(self, module: str) -> None:
        self.module = module

    def __getattr__(self, function: str) -> Callable[..., Any]:
        if function.startswith("__"):  # copy, pickle and the like find no function here
            raise AttributeError(function)
        module = self.module

        def call(*args: Any, **kwargs: Any) -> Any:
            return getattr(importlib.import_module(module), function)(*args, **kwargs)
        call.__name__ = call.__qualname__ = function
        return call


class Console(ABC):
    """What the ``kifu`` command line lends the commands a game brings (:meth:`GamePlugin.commands`):
    printing problems as every kifu command prints them (``path:line:col: error[rule]: ...``
    with the line quoted), and writing a file as every kifu command writes its outputs, so that
    a game needs nothing of kifu's report formatting or output machinery."""

    @abstractmethod
    def problems(self, problems: Iterable[KifuError], path: str, text: str | None) -> None:
        """Print ``problems`` found in the file ``path`` (whose ``text`` is quoted if given)."""

    @abstractmethod
    def write(self, path: str, text: str) -> None:
        """Write ``text`` to the file ``path`` as kifu writes every output: whole or not at
        all, never replacing what is not a plain file; an ``OutputError`` where it cannot."""

    @staticmethod
    def current() -> Console:
        """The console of the ``kifu`` command running now (from click's context)."""
        import click

        console = click.get_current_context().find_object(Console)  # type: ignore[type-abstract]
        if console is None:
            raise RuntimeError("a game's command runs under the kifu command line")
        return console


class GamePlugin(SetupDefault, ABC, Generic[PositionT, MoveT, SetupT]):
    """Base class of a game plug-in; ``kifu/builtin/README.md`` describes the contract.

    A game subclasses ``GamePlugin[Position, Move, Setup]`` with its own position, move and
    set-up types (the set-up type may be left out: ``Any``), so that type checkers see them
    through the library (:class:`kifu.Game`, :class:`kifu.Record`).

    A game laid out as the built-in games are (a package whose modules each have one role:
    ``notation``, ``moves``, ``setup``, ``rules``, ``position``, ``render``, ``events``) needs
    to write nothing but its identity and what it does differently: each method here finds the
    function of its role in the game's own package, imported the first time it is asked for
    (:meth:`role`; the functions each role module offers are listed in ``ROLES``).  A game
    laid out otherwise overrides the methods instead.
    """

    #: What the default methods ask of each role module: the functions (and constants) it
    #: defines, each required unless it says it is optional (``kifu/builtin/README.md`` says
    #: what each is for).
    ROLES: ClassVar[Mapping[str, str]] = {
        "notation": "parse(text, source), write(record, dialect), write_pieces(record, dialect) "
                    "(optional), heads(text) (optional: a record's head alone, as "
                    "Format.heads gives it, where the notation reads heads its own way)",
        "moves": "move_to_json(move), move_from_json(data)",
        "setup": "to_json(setup), from_json(data) (both optional: a set-up is its own JSON)",
        "rules": "start(record), play(position, move, lenient), legal_moves(position), "
                 "outcome(position), play_quietly(position, move, lenient) (optional), "
                 "canonical_move(position, move, legal) (optional)",
        "position": "key(position), from_key(text) (the library's position keys, a corpus "
                    "index's default hashes), to_json(position) (optional), to_move(position) "
                    "(optional), EDITOR (optional: the key as the board search's editor "
                    "reads it, a kifu.plugin.EditorLayout)",
        "render": "render_svg(position, options, record[, markup]), render_text(position, "
                  "options), summary(position) (optional), problem_area(record, positions, "
                  "options) (optional), move_clicks(move, position), clicked_move(position, "
                  "places), drawn_places(position), moves_beyond(position), "
                  "moves_after(position, move) (each optional: a move played by clicks "
                  "on kifu serve's board, a kifu.plugin.Clicks)",
        "events": "Event (the union of the events' types; a built-in game's types in the "
                  "library are made from it), event_text(event) (optional), REPLAY_SCHEMA "
                  "(optional)",
        "index": "symmetry(position), tracker(position), facts(position), move_at(position, "
                 "point), successors(position, moves, wanted) (each optional)",
        "native": "decide_notation(text) (optional: the compiled core's verdict on a text of "
                  "the game's own notation, as Format.decide gives it), trace_notation(text, "
                  "source) (optional: what a corpus index keeps of it, as Format.trace gives "
                  "it), replay_notation(text, source) (optional: its main line replayed for "
                  "the library, as Format.replay gives it), pattern_matcher() (optional: the "
                  "compiled core's check of a grid record's log against a pattern, "
                  "kifu/plugin/lanes.h's match_pattern)",
    }

    #: The game's card: its name, title, aliases and file suffixes are written there once, and
    #: the class takes them from it (a built-in game's is ``built_in_card(name)``).
    card: ClassVar[Card]
    name: ClassVar[str]
    title: ClassVar[str]
    aliases: ClassVar[tuple[str, ...]] = ()
    suffixes: ClassVar[tuple[str, ...]]
    notation: ClassVar[str]
    #: Dialect name -> what it is; the native notation can be written in each.
    dialects: ClassVar[Mapping[str, str]] = {}
    #: Game-specific drawing options (``kifu render -O NAME``) -> what they do.
    render_options: ClassVar[Mapping[str, str]] = {}
    #: The values each drawing option takes (its words, or ``NUMBER``); an option not listed
    #: is yes/no.
    render_option_values: ClassVar[Mapping[str, tuple[str, ...]]] = {}
    #: Whether the game draws a record's markup (SGF's labels, shapes, arrows, lines and
    #: dimmed points, :mod:`kifu.base.markup`): its ``render_svg`` then takes a fourth
    #: argument, the :class:`~kifu.base.markup.Markup` of the position drawn.
    draws_markup: ClassVar[bool] = False
    #: Whether ``render_svg`` takes a ``Markup`` whose squares are the points a search matched
    #: (named by ``kifu.plugin.clicks.mark_name``) as a fourth argument, in a game whose
    #: records carry no markup: the viewer of a hit marks them.
    draws_matches: ClassVar[bool] = False
    #: The sides a result names, first player first (``Result: black``, SGF's ``B+R``); a game
    #: that names none has its results read as they are written, the winner's name compared
    #: with the outcome's (as before results were read as data).
    sides: ClassVar[tuple[str, ...] | None] = None
    #: The sides' names for people, by language (``en``, ``ja``, ``zh``, ``ko``...) and side:
    #: ``{"ja": {"black": "黒", "white": "白"}}``; a game may give some languages only (the
    #: English names default to the sides' own, capitalised: see :meth:`names_of_sides`).
    side_names: ClassVar[Mapping[str, Mapping[str, str]]] = {}
    #: Other ways records state a result (any case) -> the winner's name or ``draw``.
    result_names: ClassVar[Mapping[str, str]] = {}
    #: The header lines that name the players, in seat order (for indexes and titles).
    player_headers: ClassVar[tuple[str, ...]] = ("Black", "White")
    #: Headers whose value may name a file next to the record (a board file): a record
    #: written to another folder has them rewritten to still name that file.
    file_headers: ClassVar[tuple[str, ...]] = ()
    #: The classes of the game's move values (plies and events), for a clear error when
    #: something else is played; by default the move type the class's base names (the members
    #: of a union), found when first asked for (see :meth:`move_classes`).
    move_types: ClassVar[tuple[type, ...]] = ()

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        card = cls.__dict__.get("card")
        if card is not None:  # the identity is the card's, written there once
            cls.name, cls.title = card.name, card.title
            cls.aliases, cls.suffixes = tuple(card.aliases), tuple(card.suffixes)

    def type_arguments(self) -> tuple[Any, ...]:
        """The game's types as its ``GamePlugin[Position, Move, Setup]`` base names them (none
        if it names none), each a type.  A base may name them as text, each where it stands in
        the game's package (``GamePlugin["position.Position", "moves.Move", "setup.Setup"]``,
        the modules imported for type checkers alone): the built-in games do, so that loading
        a game's class imports none of its modules (checking a record the game's compiled core
        decides needs none of them).  Text is looked up here, when first asked for."""
        return _type_arguments(type(self))

    def position_type(self) -> type | None:
        """The class of the game's positions, as its ``GamePlugin[Position, Move]`` base names
        it (``None`` if it names none): the library checks positions it is given against it."""
        named = self.type_arguments()
        return named[0] if named and isinstance(named[0], type) else None

    def move_classes(self) -> tuple[type, ...]:
        """The classes of the game's move values: :attr:`move_types` where the class gives
        them, else the move type its base names (a class, or the classes of a union)."""
        return _move_classes(type(self))

    def role(self, name: str) -> ModuleType:
        """The game's module of one role (``rules``, ``notation``...): ``<package>.<name>``
        beside the module that defines the game's class, imported when first asked for."""
        return _role_module(type(self).__module__, name)

    def _optional(self, role: str, name: str) -> Any:
        """A function (or constant) a role module may leave out: ``None`` then."""
        return _role_attribute(type(self).__module__, role, name)

    # -- notation ---------------------------------------------------------------------------

    def parse(self, text: str, source: str = "<string>") -> Record:
        """Read the game's native notation; raises a located ``NotationError``."""
        record: Record = self.role("notation").parse(text, source)
        return record

    def write(self, record: Record, dialect: str | None = None) -> str:
        """The record in canonical notation, or in the named dialect."""
        text: str = self.role("notation").write(record, dialect)
        return text

    def write_pieces(self, record: Record, dialect: str | None = None) -> Iterable[str]:
        """What :meth:`write` writes, a few lines at a time, so that a long record's text is
        never whole in memory (``kifu convert`` writes the pieces as they come): the notation
        module's ``write_pieces`` where the game writes through its notation module, else the
        whole text as one piece."""
        pieces = self._optional("notation", "write_pieces")
        if pieces is None or getattr(self.write, "__func__", None) is not GamePlugin.write:
            return [self.write(record, dialect)]
        written: Iterable[str] = pieces(record, dialect)
        return written

    def notation_heads(self) -> Callable[[str], Iterable[str]] | None:
        """What finds the head of a text of the game's own notation alone, its headers and
        set-up (:attr:`Format.heads`), where the game's notation reads heads its own way: the
        ``heads`` of the game's ``notation`` module, else ``None`` (the items every native
        notation shares make its head: :func:`kifu.reading.movetext.native_head`)."""
        heads: Callable[[str], Iterable[str]] | None = self._optional("notation", "heads")
        return heads

    def decide_notation(self) -> Callable[[str], tuple[int, bool] | None] | None:
        """What decides a text of the game's own notation in its compiled core, where it has
        one (:attr:`Format.decide` of the native notation): the ``decide_notation`` of the
        game's ``native`` module, else ``None``."""
        decide: Callable[[str], tuple[int, bool] | None] | None = self._optional(
            "native", "decide_notation")
        return decide

    def trace_notation(self) -> Callable[[str, str], Traced | None] | None:
        """What traces a text of the game's own notation for a corpus index in its compiled
        core, where it has one (:attr:`Format.trace` of the native notation): the
        ``trace_notation`` of the game's ``native`` module, else ``None``."""
        trace: Callable[[str, str], Traced | None] | None = self._optional(
            "native", "trace_notation")
        return trace

    def trace_record(self) -> Callable[[Record, str], Traced | None] | None:
        """What traces a record Python read (one of a collection's games, say) for a corpus
        index in the game's compiled core, where it has one: the ``trace_record`` of the
        game's ``native`` module (for a record with no error, whose main line the core
        decides: what :attr:`Format.trace` gives of a text; ``None`` for any other), else
        ``None``."""
        trace: Callable[[Record, str], Traced | None] | None = self._optional(
            "native", "trace_record")
        return trace

    def replay_notation(self) -> Callable[[str, str], CompiledLine | None] | None:
        """What replays a text of the game's own notation for the library in its compiled
        core, where it has one (:attr:`Format.replay` of the native notation): the
        ``replay_notation`` of the game's ``native`` module, else ``None``."""
        replay: Callable[[str, str], CompiledLine | None] | None = self._optional(
            "native", "replay_notation")
        return replay

    def pattern_matcher(self) -> Callable[..., Any] | None:
        """What checks a grid record's log of changes against the ways a pattern lies on its
        board in the game's compiled core, where it has one and it runs (the ``native``
        module's ``pattern_matcher()``: ``match_pattern`` of ``kifu/plugin/lanes.h``, which
        both grid cores share), else ``None``: a pattern search then checks in Python
        (:func:`kifu.corpus.patterns.first_match`, the reference)."""
        matcher = self._optional("native", "pattern_matcher")
        found: Callable[..., Any] | None = None if matcher is None else matcher()
        return found

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

    def move_to_json(self, move: Any) -> dict[str, Any]:
        """A move as a JSON object with at least a ``type`` key."""
        data: dict[str, Any] = self.role("moves").move_to_json(move)
        return data

    def move_from_json(self, data: dict[str, Any]) -> Any:
        """The inverse of :meth:`move_to_json`; raises ``KeyError``/``ValueError`` on bad data."""
        return self.role("moves").move_from_json(data)

    def setup_to_json(self, setup: Any) -> Any:
        """A record's set-up as JSON (by default the set-up is its own JSON)."""
        convert = self._optional("setup", "to_json")
        return setup if convert is None else convert(setup)

    def setup_from_json(self, data: Any) -> Any:
        """The inverse of :meth:`setup_to_json`."""
        convert = self._optional("setup", "from_json")
        return data if convert is None else convert(data)

    # -- rules ------------------------------------------------------------------------------

    def start(self, record: Record) -> PositionT:
        """The position the record starts from (its set-up, or the usual start)."""
        position: PositionT = self.role("rules").start(record)
        return position

    def play(self, position: Any, move: Any, *, lenient: bool = False) -> Played:
        """Apply ``move`` to ``position`` in place, or raise ``IllegalMoveError`` naming the rule."""
        played: Played = self._optional("rules", "play")(position, move, lenient)
        return played

    def play_quietly(self, position: Any, move: Any, *, lenient: bool = False) -> list[KifuError]:
        """:meth:`play` where nobody reads what the move did: its warnings only.  Validation
        replays every move of every record and reads no event, so a game whose events cost
        time to describe may play without them here (``rules.play_quietly``); by default this
        is :meth:`play`."""
        quietly = self._optional("rules", "play_quietly")
        if quietly is not None:
            warnings: list[KifuError] = quietly(position, move, lenient)
            return warnings
        return self.play(position, move, lenient=lenient).warnings

    def replay_calls(self, quiet: bool) -> tuple[driver.PlayCall | None,
                                                 driver.OutcomeCall | None]:
        """:meth:`play` (:meth:`play_quietly` if ``quiet``) and :meth:`outcome` as the rules
        module's own functions, ``play(position, move, lenient)`` and ``outcome(position)``,
        where the game's class keeps these methods as they are here (``None`` where it
        overrides them: the replay driver then calls the methods), so that the driver finds
        them once per replay, not at every move."""
        kind = type(self)
        play: driver.PlayCall | None = None
        if quiet and kind.play_quietly is GamePlugin.play_quietly:
            play = self._optional("rules", "play_quietly")
            if play is None and kind.play is GamePlugin.play:
                play = self._optional("rules", "play")
        elif not quiet and kind.play is GamePlugin.play:
            play = self._optional("rules", "play")
        outcome = (self._optional("rules", "outcome") if kind.outcome is GamePlugin.outcome
                   else None)
        return play, outcome

    def copy(self, position: PositionT) -> PositionT:
        """An independent copy of a position (by default its own ``copy()``)."""
        copied: PositionT = position.copy()  # type: ignore[attr-defined]
        return copied

    def legal_moves(self, position: PositionT) -> list[MoveT]:
        """Every ply the player to move may make at ``position``, from the rules' own
        generator (``docs/library.md`` says what each game lists; events such as Renju's
        ``swap`` are not plies and are not listed)."""
        moves: list[MoveT] = self.role("rules").legal_moves(position)
        return moves

    def canonical_move(self, position: PositionT, move: MoveT, *, legal: bool = False) -> MoveT:
        """``move`` as :meth:`legal_moves` lists it at ``position``: the one value of a move
        however it was written (a cell by its label, a square by 同, a side left out...), so
        that moves read, parsed and listed compare equal and hash alike.  What the rules
        check rather than choose (a stated strength, a note) may stay, as it takes no part in
        equality; a move that cannot be placed (an illegal one) comes back as it is.
        ``legal``: the caller knows that the move plays as written (a replay, which plays it
        next), so the game need not check it.  By default ``rules.canonical_move``, or the
        move itself for a game whose moves have one spelling each."""
        canonical = self._optional("rules", "canonical_move")
        if canonical is None:
            return move
        found: MoveT = canonical(position, move, legal)
        return found

    def is_legal(self, position: PositionT, move: MoveT) -> bool:
        """Whether ``move``, in any spelling, is one of :meth:`legal_moves`; a game whose list
        leaves out moves the player may choose (Rengoma's extra actions) widens it."""
        return self.canonical_move(position, move) in self.legal_moves(position)

    def outcome(self, position: Any) -> Outcome | None:
        """How the game has ended in this position, or ``None`` while it goes on."""
        ended: Outcome | None = self._optional("rules", "outcome")(position)
        return ended

    def result_sides(self, record: Record | None = None) -> Sequence[str] | None:
        """The sides a result of ``record`` may name, first seat first: :attr:`sides`, or
        the seats the record names for a game whose seats are the record's (Free-form Go's
        ``Players:``)."""
        return self.sides

    def parse_result(self, stated: str, record: Record | None = None, *,
                     strict: bool = False) -> Outcome:
        """A ``Result:`` header as data: the winner (one of :meth:`result_sides`; ``None`` for
        a draw, no result or one not known, which the kind tells apart), the kind of end and
        the margin where it says them, its reason the text as written (the forms read:
        :mod:`kifu.plugin.results`).  Text no form reads is a result of kind ``unknown``, or
        with ``strict`` a ``ResultError`` (rule ``result-unread``) naming the forms read.
        ``record`` is the record it heads."""
        # the forms of results read, imported when a result is: a record the compiled core
        # decides has its result checked in C
        from kifu.plugin.results import read_result, unread_result

        sides = self.result_sides(record)
        if sides is None:
            return _as_written(stated, self.result_names)
        players = {} if record is None else {
            name: side for side, key in zip(sides, self.player_headers)
            if (name := record.header(key))}
        said = read_result(stated, sides, self.result_names, players)
        if said is not None:
            return said
        if strict:
            raise ResultError(
                f"the result {stated.strip()!r} is no result kifu reads (it is kept as "
                f"written); kifu reads the winner ({', '.join(sides)}), draw, SGF's form "
                f"({_examples(sides)}), ? when it is not known, and the same in Chinese, "
                "Japanese, Korean and English prose", rule="result-unread", severity="warning")
        return unread_result(stated)

    def result_matches(self, said: Outcome, outcome: Outcome | None,
                       position: Any) -> str | KifuError | None:
        """``None`` if the result a record states (``said``, as :meth:`parse_result` reads
        it) agrees with the replay, else what the replay gives (or a finding of the game's
        own, a warning say, where the rules cannot decide).

        The default compares the winner the record names with the outcome's; an unfinished
        game agrees with any result, as a record may end in resignation or on time, and a
        result that is void or not known agrees with any end.
        """
        if outcome is None or not said.decided:
            return None
        if said.is_draw == outcome.is_draw and \
                (said.winner or "").casefold() == (outcome.winner or "").casefold():
            return None
        return outcome.describe()

    # -- presentation -----------------------------------------------------------------------

    def render_svg(self, position: Any, options: RenderOptions, record: Record | None = None,
                   markup: Markup | None = None) -> str:
        """The position as a standalone SVG document, with ``markup`` on it (what the record
        marks on the position: see :meth:`markup_at`) where the game draws markup and
        ``options.markup`` asks for it."""
        if markup and (self.draws_markup or self.draws_matches) and options.markup:
            marked: str = self.role("render").render_svg(position, options, record, markup)
            return marked
        drawn: str = self.role("render").render_svg(position, options, record)
        return drawn

    def markup_at(self, record: Record, line: list[Node[Any]],
                  node: Node[Any] | None) -> Markup | None:
        """What ``record`` marks on the position after ``node`` of ``line`` (the start, where
        the record's properties and headers keep it, for ``None``), dimmed points as they stand
        there; ``None`` for a game that draws no markup."""
        if not self.draws_markup:
            return None
        said: list[Mapping[str, str]] = [{**record.headers, **record.properties}]
        for each in line:
            if node is None:
                break
            said.append(each.properties if each.has_properties() else {})
            if each is node:
                break
        from kifu.base.markup import dimmed_along, markup_of  # drawing's: not at start-up

        return markup_of(said[-1], dimmed_along(said))

    def problem_area(self, record: Record, positions: Iterable[Any],
                     options: RenderOptions) -> tuple[float, float, float, float] | None:
        """The part of the drawing a reader of a problem needs, as x, y, width and height in
        the units of the drawing made with ``options`` (the viewer crops a problem's board to
        it): the points the record shows (SGF's ``VW``), else the corner or side the stones
        of ``positions`` (the start and every position of the problem's tree, replayed as they
        are asked for) stand in (``render.problem_area``); ``None``, the whole drawing, by
        default."""
        area = self._optional("render", "problem_area")
        if area is None:
            return None
        found: tuple[float, float, float, float] | None = area(record, positions, options)
        return found

    def render_text(self, position: Any, options: RenderOptions) -> str:
        """The position as a diagram a person can read in a terminal."""
        drawn: str = self.role("render").render_text(position, options)
        return drawn

    def summary(self, position: Any) -> list[tuple[str, str]]:
        """Facts about a position for ``kifu show``: side to move, captures, score..."""
        facts = self._optional("render", "summary")
        return [] if facts is None else list(facts(position))

    def names_of_sides(self) -> dict[str, dict[str, str]]:
        """The sides' names for people in each language the game gives (:attr:`side_names`),
        and always in English: the game's, else each side of :meth:`result_sides` as it is
        named, capitalised (``black``: ``Black``)."""
        named = {language: dict(names) for language, names in self.side_names.items()}
        english = named.setdefault("en", {})
        for side in self.result_sides() or ():
            english.setdefault(side, side[:1].upper() + side[1:])
        return named

    def phrases(self) -> dict[str, dict[str, str]]:
        """What the game writes for people (how a game ended, what a move did, its drawings'
        captions) in other languages, ``{language: {English: words}}``: the game's
        ``words.json`` beside the module that defines its class, none without one.  An English
        key may be a pattern: its ``{0}``, ``{1}``... stand for words said again in the
        language (a side, another phrase), its ``{0!}``... for text kept as written (a
        player's name, a point); the words put each where the language says it."""
        return _phrases(type(self).__module__)

    def editor_layout(self) -> EditorLayout | None:
        """How a position's key is set up by clicks in ``kifu serve``'s board search
        (``position.EDITOR``, a :class:`~kifu.plugin.editor.EditorLayout`); ``None``, the
        default, leaves the key to be edited as text."""
        layout: EditorLayout | None = self._optional("position", "EDITOR")
        return layout

    def move_clicks(self, move: MoveT, position: PositionT) -> Clicks | None:
        """How ``move``, legal in ``position``, is played by clicks on ``kifu serve``'s board
        (``render.move_clicks``; see :mod:`kifu.plugin.clicks`): the places clicked in turn,
        and what the move does where other moves take the same clicks; ``None`` for a move
        no click plays (a pass, a resignation: typed or picked), and for every move of a game
        without the function."""
        found = self._optional("render", "move_clicks")
        return None if found is None else cast("Clicks | None", found(move, position))

    def clicked_move(self, position: PositionT, places: Sequence[str]) -> str | None:
        """The move, in the game's notation, that the clicks ``places`` name in ``position``
        where no legal move fits them (``render.clicked_move``): what the referee is asked,
        so that it says why the move cannot be played; ``None`` where the clicks name no move
        (nothing to move on the first place clicked)."""
        found = self._optional("render", "clicked_move")
        return None if found is None else cast("str | None", found(position, tuple(places)))

    def moves_beyond(self, position: PositionT) -> list[MoveT]:
        """Moves ``position`` allows that are no plies, and so not among :meth:`legal_moves`,
        which the page plays by clicks (``render.moves_beyond``): Renju's swap of colours and
        offer of fifth moves where the opening rule allows them; none for a game without the
        function."""
        found = self._optional("render", "moves_beyond")
        return [] if found is None else list(found(position))

    def moves_after(self, position: PositionT, move: MoveT) -> list[MoveT]:
        """The moves that go on from ``move`` (in ``position``), one step more each
        (``render.moves_after``): a Rengoma turn with one more extra action paid with a chip;
        none for a move that ends there, and for every move of a game without the function.
        The page asks for them where a move's clicks say it may go on (``Clicks.more``)."""
        found = self._optional("render", "moves_after")
        return [] if found is None else list(found(position, move))

    def drawn_places(self, position: PositionT) -> dict[str, tuple[float, float, float]] | None:
        """Where the places of ``position``'s drawing are (``render.drawn_places``), for a board
        the page clicks on the game's picture of it rather than on the layout's rows (a
        Free-form Go map): each ``cell:N`` place's centre and radius, as fractions of the
        picture's width (``x``, radius) and height (``y``); ``None`` for a board of rows."""
        found = self._optional("render", "drawn_places")
        return None if found is None else cast(
            "dict[str, tuple[float, float, float]] | None", found(position))

    def position_to_json(self, position: Any) -> dict[str, Any]:
        """A position as JSON (for ``kifu show --format json``)."""
        convert = self._optional("position", "to_json")
        return {} if convert is None else dict(convert(position))

    def to_move(self, position: Any) -> str | None:
        """Who moves next, as a side's name; ``None`` once the game has ended, in every game.
        The position module's ``to_move(position)`` where it has one (the viewer asks of every
        position it draws), else the ``to_move`` of :meth:`position_to_json`."""
        if self.outcome(position) is not None:
            return None
        named = self._optional("position", "to_move")
        side = named(position) if named is not None else self.position_to_json(position).get(
            "to_move")
        return None if side is None else str(side)

    def position_key(self, position: PositionT) -> str:
        """``position`` as one line of text that :meth:`position_from_key` reads back (see
        :mod:`kifu.plugin.keys`): ``position.key``, which every game gives (the library's
        positions are values by it, and a corpus index hashes them by it by default)."""
        write = self._optional("position", "key")
        if write is None:
            raise KifuError(f"{self.title} positions have no key")
        text: str = write(position)
        return text

    def position_from_key(self, text: str) -> PositionT:
        """The position a key gives (``position.from_key``); a ``NotationError`` for text
        that is no key of the game."""
        read = self._optional("position", "from_key")
        if read is None:
            raise KifuError(f"{self.title} positions have no key")
        position: PositionT = read(text)
        return position

    # -- searching a corpus -------------------------------------------------------------------

    def symmetry(self, position: PositionT) -> Symmetry:
        """The transformations under which a corpus index counts positions like ``position``
        (on its board) as one (``index.symmetry``; see :mod:`kifu.plugin.symmetry`): none by
        default."""
        from kifu.plugin.symmetry import IDENTITY  # a corpus index's: checking needs none

        found = self._optional("index", "symmetry")
        return IDENTITY if found is None else found(position)

    def tracker(self, position: PositionT) -> Tracker:
        """What hashes the positions of a record starting at ``position`` for a corpus index,
        each under :meth:`symmetry` (``index.tracker``); by default its key, with no
        symmetry."""
        from kifu.plugin.symmetry import KeyTracker

        make = self._optional("index", "tracker")
        if make is None:
            return KeyTracker(self.position_key)
        made: Tracker = make(position)
        return made

    def move_at(self, position: PositionT, point: int) -> MoveT | None:
        """The move of the side to move that puts a stone on the grid point ``point`` of
        ``position`` (numbered as the tracker's :attr:`~kifu.plugin.Tracker.grid` logs it), as
        :meth:`legal_moves` would list it, legal or not (``index.move_at``); ``None`` where
        the game names no such move.  An explorer names the moves played next from it, each
        point read from the index's log, rather than by playing every legal move: a game
        gives it where a move that leaves its stone on the board keeps the mover's other
        stones where they were (Go, Renju), so that two moves making one position up to
        symmetry put their stones on points a symmetry maps one to the other."""
        found = self._optional("index", "move_at")
        if found is None:
            return None
        move: MoveT | None = found(position, point)
        return move

    def successors(self, position: PositionT, moves: Sequence[MoveT],
                   wanted: Collection[int] | None = None) -> dict[int, tuple[int, str]]:
        """The positions ``moves`` (legal moves of ``position``, as :meth:`legal_moves` lists
        them) make, by their hashes in a corpus index (as :meth:`tracker` hashes them; only
        those of ``wanted``, if given): the first of ``moves`` that makes each (its place in
        ``moves``) and the position's key.  An explorer names the moves played next so.

        Worked out at once where the game can (:meth:`successors_at_once`); else each move is
        played on a copy and hashed by one tracker, a few at a time, until every hash wanted
        is found, which stays the reference."""
        found = self.successors_at_once(position, moves, wanted)
        if found is None:
            found = self._successors(position, moves, range(len(moves)), wanted)
        return found

    def successors_at_once(self, position: PositionT, moves: Sequence[MoveT],
                           wanted: Collection[int] | None = None
                           ) -> dict[int, tuple[int, str]] | None:
        """:meth:`successors` where the game works them out at once: its
        ``index.successors(position, moves, wanted)`` gives each move's hash and, at least
        for the hashes wanted, its position's key, or ``None`` for a move it leaves to kifu
        (played here; ``None`` altogether where it cannot: Free-form Go's compiled core puts
        the stones down on a grid).  ``None`` where it gives none (a caller may then choose
        fewer moves to play)."""
        quick = self._optional("index", "successors")
        made = None if quick is None else quick(position, moves, wanted)
        if made is None:
            return None
        found: dict[int, tuple[int, str]] = {}
        left = []
        for number, entry in enumerate(made):
            if entry is None:
                left.append(number)
            elif (wanted is None or entry[0] in wanted) and entry[0] not in found:
                assert entry[1] is not None, "a game gave no key for a position wanted"
                found[entry[0]] = (number, entry[1])
        # The moves left played where one may make a position wanted first (none may, that
        # come after every position wanted was found: a pass, listed last).
        if left and (wanted is None or len(found) < len(wanted) or
                     left[0] < max((number for number, _ in found.values()), default=-1)):
            for value, entry in self._successors(position, moves, left, wanted).items():
                if value not in found or entry[0] < found[value][0]:
                    found[value] = entry
        return found

    def _successors(self, position: PositionT, moves: Sequence[MoveT], chosen: Sequence[int],
                    wanted: Collection[int] | None) -> dict[int, tuple[int, str]]:
        """:meth:`successors` of the moves ``chosen`` (their places in ``moves``, in order),
        each played on a copy of ``position``."""
        tracker = self.tracker(position)
        tracker.unlogged()
        found: dict[int, tuple[int, str]] = {}
        done = 0  # the positions hashed so far (the tracker's)
        # A few moves at a time, so that the positions wanted are found without playing every
        # other move (deep in an opening tree, one or two of hundreds).
        for first in range(0, len(chosen), _MOVES_AT_ONCE):
            made = []
            for number in chosen[first:first + _MOVES_AT_ONCE]:
                after = self.copy(position)
                try:
                    self.play_quietly(after, moves[number])
                except KifuError:
                    continue
                made.append((number, after))
                tracker.visit_from(position, after)
            tracker.finish()
            for (number, after), value in zip(made, tracker.hashes[done:], strict=True):
                if (wanted is None or value in wanted) and value not in found:
                    found[value] = (number, self.position_key(after))
            done += len(made)
            if wanted is not None and len(found) == len(wanted):
                break
        return found

    def facts(self, position: PositionT) -> dict[str, str]:
        """What a corpus index files a record under besides its headers, from the main line's
        last position (``index.facts``): ``opening`` (Renju's name of it), ``rule``, ``sides``
        (the sides' names, a line each, where the record names them).  None by default."""
        found = self._optional("index", "facts")
        return {} if found is None else dict(found(position))

    def event_text(self, event: Event) -> str | None:
        """One event of :meth:`play` in words, for people (the viewer's notes and announcements);
        ``None`` for an event the move's own notation already says.  Games word their own
        events (``events.event_text``); the default names the event's type and fields."""
        worded = self._optional("events", "event_text")
        if worded is not None:
            said: str | None = worded(event)
            return said
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

    def komi(self, record: Record) -> float | None:
        """The komi a record states, in points, as a number: the second player's in a game of
        two (Go's, SGF's ``KM``); ``None`` in a game without komi, without one stated, or
        with komi given to other seats (games define ``setup.komi``)."""
        found = self._optional("setup", "komi")
        return None if found is None else found(record)

    def replay_schema(self) -> dict[str, Any] | None:
        """A JSON Schema for this game's part of ``kifu show --format json``
        (``events.REPLAY_SCHEMA``): its ``$defs`` hold ``event`` (one event) and, if the game
        describes it, ``position``."""
        schema: dict[str, Any] | None = self._optional("events", "REPLAY_SCHEMA")
        return schema

    def commands(self) -> list[click.Command]:
        """Extra ``kifu`` commands the game brings (``kifu board ...`` for maps, say); they
        print problems through :meth:`Console.current`, as every kifu command prints them."""
        return []


#: A game of any kind, as the game-neutral core handles it (it never looks inside positions or
#: moves; a game's own code and the library's users see the real types).
AnyGame = GamePlugin[Any, Any, Any]


#: How many moves :meth:`GamePlugin.successors` plays and hashes before it looks whether it
#: has found every position it was asked for.
_MOVES_AT_ONCE = 48


def _as_written(stated: str, names: Mapping[str, str]) -> Outcome:
    """A result of a game that names no sides: its winner as written (or as ``names`` give
    it), ``None`` for a draw."""
    from kifu.plugin.values import Outcome  # made when a result is read: not at start-up

    said = stated.strip()
    winner = {key.casefold(): value for key, value in names.items()}.get(said.casefold(), said)
    if winner.casefold() == "draw":
        return Outcome(None, said, "draw")
    return Outcome(winner, said)


def _examples(sides: Sequence[str]) -> str:
    """SGF's form with the sides' initials (B and W when they share one)."""
    initials = [side[:1].upper() for side in sides]
    first, second = initials[:2] if len(set(initials)) == len(initials) else ("B", "W")
    return f"{first}+R, {second}+T, {first}+F, {second}+3.5"


@functools.cache
def _type_arguments(kind: type) -> tuple[Any, ...]:
    """The type arguments of the ``GamePlugin[...]`` base of the game class ``kind``, those
    written as text looked up in the game's package (:meth:`GamePlugin.type_arguments`)."""
    for base in getattr(kind, "__orig_bases__", ()):
        if typing.get_origin(base) is GamePlugin:
            return tuple(_named(kind.__module__, argument.__forward_arg__)
                         if isinstance(argument, typing.ForwardRef) else argument
                         for argument in typing.get_args(base))
    return ()


@functools.cache
def _move_classes(kind: type[GamePlugin[Any, Any, Any]]) -> tuple[type, ...]:
    """:meth:`GamePlugin.move_classes` of the game class ``kind``, found once (the library
    checks every move it is given)."""
    if kind.move_types:
        return kind.move_types
    named = _type_arguments(kind)
    move = named[1] if len(named) > 1 else None
    members = typing.get_args(move) if typing.get_origin(move) is not None else (move,)
    return tuple(member for member in members if isinstance(member, type))


def _named(defined_in: str, place: str) -> Any:
    """What ``place``, ``module.name`` (``position.Position``, ``setup.positions.Setup``),
    names in the package of the module ``defined_in``, the module imported when first asked
    for; an ``AttributeError`` if it has none."""
    module, _, name = place.rpartition(".")
    if not module:
        raise AttributeError(f"{place!r} names no module of the game's package (give "
                             "module.name: position.Position)")
    return getattr(_role_module(defined_in, module), name)


@functools.cache
def _role_attribute(defined_in: str, role: str, name: str) -> Any:
    """What the role module of the game defined in ``defined_in`` calls ``name``, ``None`` if
    it has no such module or name (found once: a replay asks for some of these every move)."""
    try:
        return getattr(_role_module(defined_in, role), name, None)
    except ModuleNotFoundError:
        return None


@functools.cache
def _role_module(defined_in: str, role: str) -> ModuleType:
    """The module of ``role`` in the package of the module ``defined_in`` (the package itself
    when ``defined_in`` is one)."""
    module = sys.modules[defined_in]
    package = defined_in if hasattr(module, "__path__") else defined_in.rpartition(".")[0]
    return importlib.import_module(f"{package}.{role}")


@functools.cache
def _phrases(defined_in: str) -> dict[str, dict[str, str]]:
    """The ``words.json`` of the package of the module ``defined_in`` (``{}`` without one)."""
    module = sys.modules[defined_in]
    package = defined_in if hasattr(module, "__path__") else defined_in.rpartition(".")[0]
    import json
    from importlib import resources  # the viewer's: checking records reads no words

    try:
        table = resources.files(package).joinpath("words.json").read_text("utf-8")
    except (OSError, ModuleNotFoundError, TypeError, ValueError):  # none, or no package
        return {}
    found: dict[str, dict[str, str]] = json.loads(table)
    return found


def _words(value: Any) -> str:
    """A JSON value of an event as plain words: lists joined, mappings as ``key value``."""
    if isinstance(value, dict):
        return ", ".join(f"{key} {_words(item)}" for key, item in value.items())
    if isinstance(value, (list, tuple)):
        return " ".join(_words(item) for item in value)
    return str(value)
