"""Records for Python users: :func:`read`, :func:`parse` and :func:`read_all` give
:class:`Record` objects, each with its game, its moves, a replay with independent positions,
its diagnostics and its text in any format.

Reading, replaying and checking are the command line's own code (:mod:`kifu.run.load`,
:mod:`kifu.run.validate`), so a record checks here exactly as ``kifu validate`` checks it.
"""
from __future__ import annotations

import reprlib
import warnings
from collections.abc import Iterable, Iterator, Mapping, Sequence
from typing import TYPE_CHECKING, Any, Generic, overload

from kifu.api import building
from kifu.api.gameobjects import Game, wrap
from kifu.api.terms import library_terms, reworded, reworded_diagnostic, texts_or_none, whole_number
from kifu.base import record as tree
from kifu.base.errors import ConversionError, ConversionWarning, KifuError, OptionError
from kifu.plugin import (
    AnyGame,
    Event,
    MoveT,
    Outcome,
    PositionT,
    SetupDefault,
    SetupT,
    registry,
    replay,
)
from kifu.run import load as loading

if TYPE_CHECKING:
    from kifu.api.builtin_types import (
        FreeGoEvent,
        FreeGoMove,
        FreeGoName,
        FreeGoPosition,
        FreeGoSetup,
        GungiEvent,
        GungiMove,
        GungiName,
        GungiPosition,
        GungiSetup,
        RengiEvent,
        RengiMove,
        RengiName,
        RengiPosition,
        RengiSetup,
        RengomaEvent,
        RengomaMove,
        RengomaName,
        RengomaPosition,
        RengomaSetup,
        RenjuEvent,
        RenjuMove,
        RenjuName,
        RenjuPosition,
        RenjuSetup,
    )
    from kifu.base.diagnostics import Diagnostic

#: A variation as a path of (entry, number) pairs, ``(12, 2)``, or as text, ``"12.2"``.
Variation = tuple[int, ...] | str | None


class _Events:
    """``Step.events``: what the move did, as the game's events (dicts with a ``type``).

    For a type checker, a built-in game's step gives its own events: a ``Step[renju.Position,
    ...]``'s are ``list[renju.events.Event]``, a union of ``TypedDict`` s told apart by their
    ``type``; any other game's are plain dicts.  The position type decides, as it decides
    what :meth:`kifu.Game.position_json` gives, rather than a fourth type parameter
    (``Game[Position, Move, Setup, Event]``, ``Step[Position, Move, Event]``): the generics
    stay as short as they were, and a record typed ``Record[renju.Position, renju.Move]`` (the
    way the documentation names a record read from a file) has typed events with nothing more
    to write.  Overloads on ``self`` need a descriptor: a property cannot be overloaded.
    """

    __slots__ = ()

    @overload
    def __get__(self, step: None, owner: type[object]) -> _Events: ...
    @overload
    def __get__(self, step: Step[RenjuPosition, Any], owner: type[object]) -> list[RenjuEvent]: ...
    @overload
    def __get__(self, step: Step[GungiPosition, Any], owner: type[object]) -> list[GungiEvent]: ...
    @overload
    def __get__(self, step: Step[RengiPosition, Any], owner: type[object]) -> list[RengiEvent]: ...
    @overload
    def __get__(self, step: Step[RengomaPosition, Any],
                owner: type[object]) -> list[RengomaEvent]: ...
    @overload
    def __get__(self, step: Step[FreeGoPosition, Any],
                owner: type[object]) -> list[FreeGoEvent]: ...
    @overload
    def __get__(self, step: Step[Any, Any], owner: type[object]) -> list[Event]: ...
    def __get__(self, step: Step[Any, Any] | None, owner: type[object]) -> Any:
        return self if step is None else step._events


class Step(Generic[PositionT, MoveT]):
    """One move of a replay: its number (``None`` for an event such as Renju's ``swap``), the
    move (the canonical value, equal to the move ``legal_moves`` lists however the record
    spells it), its ``notation`` as the record writes it, what it did (``events``: each game's
    own, typed per game, see ``docs/library.md``), the comments after it, the variation path
    of its line, and the position after it.

    The position is a snapshot of its own, made when it is first asked for: later steps do
    not change it, and a replay whose positions nobody reads costs no copies.  A step kept
    and read after the replay went on is played again from the nearest snapshot.
    """

    __slots__ = ("number", "move", "_events", "variation", "_node", "_line", "_index")

    #: What the move did: the game's events, each a dict with a ``type`` (see :class:`_Events`).
    events = _Events()

    def __init__(self, line: _Snapshots[PositionT], index: int, number: int | None,
                 move: MoveT, node: tree.Node[MoveT], events: list[Event],
                 variation: tuple[int, ...]) -> None:
        self.number = number
        self.move = move
        self._events = events
        self.variation = variation
        self._node = node
        self._line = line
        self._index = index

    @property
    def notation(self) -> str:
        """The move as the record writes it."""
        return self._line.rules.move_text(self._node.move)

    @property
    def comments(self) -> list[str]:
        """The comments after the move."""
        return list(self._node.comments)

    @property
    def position(self) -> PositionT:
        """The position after the move: a snapshot of its own."""
        return self._line.position(self._index)

    def __repr__(self) -> str:
        number = "" if self.number is None else f"{self.number}. "
        return f"<kifu.Step {number}{self.notation}>"


class _Snapshots(Generic[PositionT]):
    """The positions of one replay's steps, copied only when asked for: the replay's own
    position while it stands at the step asked for, else played again from the nearest
    earlier snapshot (or the start), keeping one every :data:`_EVERY` moves on the way."""

    def __init__(self, rules: AnyGame, data: tree.Record, path: tuple[int, ...],
                 lenient: bool) -> None:
        self.rules = rules
        self.data = data
        self.nodes = data.line(path) if path else data.moves
        self.lenient = lenient
        self.live: Any = None  # the replay's position, standing at step ``current``
        self.current = -1
        self.saved: dict[int, PositionT] = {}

    def position(self, index: int) -> PositionT:
        found = self.saved.get(index)
        if found is not None:
            return found
        if index == self.current:
            snapshot: PositionT = self.rules.copy(self.live)
            self.saved[index] = snapshot
            return snapshot
        earlier = max((i for i in self.saved if i < index), default=-1)
        position: PositionT = (self.rules.start(self.data) if earlier < 0
                               else self.rules.copy(self.saved[earlier]))
        for at in range(earlier + 1, index + 1):
            self.rules.play_quietly(position, self.nodes[at].move, lenient=self.lenient)
            if at < index and at % _EVERY == 0:
                self.saved[at] = self.rules.copy(position)
        self.saved[index] = position
        return position


#: How often a replay played again keeps a snapshot on its way (so that reading every step's
#: position in any order costs a bounded number of moves each).
_EVERY = 16


class Record(SetupDefault, Generic[PositionT, MoveT, SetupT]):
    """A game record: its game, headers, set-up, moves with their variations, and what reading
    it found.  Get one with :func:`read`, :func:`parse` or :func:`read_all`, or make one with
    :meth:`new` and grow it with :meth:`play` and :meth:`add_variation`."""

    def __init__(self, game: Game[PositionT, MoveT, SetupT], data: tree.Record, *, name: str,
                 text: str, findings: list[KifuError] | None = None,
                 fmt: str = registry.NATIVE, index: int = 0, decoding: int = 0,
                 lenient: bool = False, path: str | None = None) -> None:
        #: The record's :class:`~kifu.Game`.
        self.game = game
        #: The record as kifu holds it (:class:`kifu.base.record.Record`): headers, set-up, nodes.
        self.data = data
        #: What the record is called in its diagnostics, as ``kifu validate`` calls it: the
        #: file it came from, ``FILE#N`` for the N-th game (from 1, as the command line counts)
        #: of a file holding several, ``<string>`` (or ``parse``'s ``path``) for a text,
        #: ``<new>`` for a record made with :meth:`new`.
        self.name = name
        #: The file it came from: the path given to ``read``/``read_all`` (a file of a folder
        #: walked), a stream's file name, ``parse``'s ``path``; ``None`` for a text without
        #: one, a stream without a file and a new record.
        self.path = path
        #: Which record of its file it is, counted from 0 as Python counts (``read``'s
        #: ``index``): 0 for the first or only one.
        self.index = index
        #: What reading found: repairs, the encoding guessed, pedantic findings (warnings).
        self.findings = list(findings or [])
        self._text = text
        self._format = fmt
        self._decoding = decoding  # the first findings, from decoding the file
        self._lenient = lenient  # how it was read
        #: The end of the line last played on: its path, its nodes' count, its last node and
        #: the position there, so that building a record move by move replays nothing.
        self._end: tuple[tuple[int, ...], int, tree.Node[MoveT] | None, PositionT] | None = None

    @overload
    @classmethod
    def new(cls, game: RenjuName, headers: Mapping[str, str] | None = None, *,
            setup: Any = None) -> Record[RenjuPosition, RenjuMove, RenjuSetup]: ...
    @overload
    @classmethod
    def new(cls, game: GungiName, headers: Mapping[str, str] | None = None, *,
            setup: Any = None) -> Record[GungiPosition, GungiMove, GungiSetup]: ...
    @overload
    @classmethod
    def new(cls, game: RengiName, headers: Mapping[str, str] | None = None, *,
            setup: Any = None) -> Record[RengiPosition, RengiMove, RengiSetup]: ...
    @overload
    @classmethod
    def new(cls, game: RengomaName, headers: Mapping[str, str] | None = None, *,
            setup: Any = None) -> Record[RengomaPosition, RengomaMove, RengomaSetup]: ...
    @overload
    @classmethod
    def new(cls, game: FreeGoName, headers: Mapping[str, str] | None = None, *,
            setup: Any = None) -> Record[FreeGoPosition, FreeGoMove, FreeGoSetup]: ...
    @overload
    @classmethod
    def new(cls, game: str | Game[PositionT, MoveT, SetupT],
            headers: Mapping[str, str] | None = None, *,
            setup: SetupT | Mapping[str, Any] | None = None) -> Record[PositionT, MoveT, SetupT]: ...
    @classmethod
    @library_terms
    def new(cls, game: str | Game[Any, Any, Any], headers: Mapping[str, str] | None = None,
            *, setup: Any = None) -> Record[Any, Any, Any]:
        """A new record of ``game`` (a name or a :class:`~kifu.Game`) with these header lines
        (the rules it names, the players, ``Result``...) and a set-up to start from (the game's
        own value, or its JSON form as ``docs/json.md`` gives it: Renju's ``{"black": ["h8"],
        "white": [], "to_move": "white"}``), without moves.  Raises ``HeaderError`` or
        ``SetupError`` where they make no start position."""
        found = game if isinstance(game, Game) else wrap(registry.get(game))
        data = building.new_data(found.plugin, headers, setup)
        return Record(found, data, name="<new>", text="")

    @library_terms
    def play(self, move: MoveT | str, *, variation: Variation = None) -> tree.Node[MoveT]:
        """Play ``move`` (a move value, or text read where it stands) at the end of the main
        line, or of the variation given (as :meth:`line` takes it); returns the new node,
        whose ``comments`` a comment after the move goes into.  The move is checked by the
        rules there and kept as its canonical value: ``IllegalMoveError`` for a move they
        refuse, ``GameOverError`` after the end."""
        rules, path = self.game.plugin, _path(variation)
        line = loading.line_of(self.data, path)
        end = self._end
        last = line[-1] if line else None
        if end is not None and end[:3] == (path, len(line), last):
            position: PositionT = rules.copy(end[3])
        else:
            position = building.position_after(rules, self.data, line, len(line))
        value = building.move_value(rules, position, move)
        building.played(rules, position, value)
        node = tree.Node(value)
        building.own_nodes(self.data, path).append(node)
        self._end = (path, len(line) + 1, node, position)
        return node

    @library_terms
    def add_variation(self, entry: int, moves: Iterable[MoveT | str], *,
                      variation: Variation = None) -> tuple[int, ...]:
        """A variation replacing the ``entry``-th entry (from 1, events counted) of the main
        line (or of the line ``variation`` names), made of ``moves`` played from the position
        before it, each checked as :meth:`play` checks it; returns its path, for :meth:`line`,
        :meth:`replay` and :meth:`play` (to go on with it)."""
        whole_number(entry, "entry", 1)
        rules, path = self.game.plugin, _path(variation)
        line = loading.line_of(self.data, path)
        if not 1 <= entry <= len(line):
            raise OptionError(f"the line has {len(line)} entries; there is no entry {entry}",
                              option="entry")
        position = building.position_after(rules, self.data, line, entry - 1)
        nodes = []
        for move in moves:
            value = building.move_value(rules, position, move)
            building.played(rules, position, value)
            nodes.append(tree.Node(value))
        if not nodes:
            raise OptionError("a variation has at least one move", option="moves")
        line[entry - 1].variations.append(nodes)
        return (*path, entry, len(line[entry - 1].variations))

    def __repr__(self) -> str:
        return f"<kifu.Record {self.game.name} {self.name!r}: {self.move_count} moves>"

    @property
    def headers(self) -> dict[str, str]:
        """The header lines, in order (``{"Black": "...", "Result": "black"}``)."""
        return self.data.headers

    def header(self, key: str, default: str | None = None) -> str | None:
        """A header's value, looked up without regard to case."""
        return self.data.header(key, default)

    @property
    def setup(self) -> SetupT | None:
        """The set-up position the record declares (the game's own value, whose JSON form
        ``docs/json.md`` describes), or ``None``."""
        found: SetupT | None = self.data.setup
        return found

    @property
    def comments(self) -> list[str]:
        """The comments before the first move."""
        return self.data.comments

    @property
    def format(self) -> str:
        """The format it was read from: ``native``, ``json`` or an interchange format (``sgf``)."""
        return self._format

    @property
    def nodes(self) -> list[tree.Node[MoveT]]:
        """The main line's nodes: each a move with its comments and its variations (lines of
        nodes that replace it)."""
        return self.data.moves

    @property
    def moves(self) -> list[MoveT]:
        """The main line's entries: its moves and the events that take no move number (Renju's
        ``swap``, Gungi's set-up placements and section markers), so that ``len(record.moves)``
        counts entries; :attr:`move_count` counts moves."""
        return [node.move for node in self.data.moves]

    @property
    def move_count(self) -> int:
        """How many moves the main line has, events left out: the count ``kifu validate -v``
        and ``kifu show`` give, and the highest ``n`` :meth:`position` takes."""
        return sum(not tree.is_event(node.move) for node in self.data.moves)

    @library_terms
    def line(self, variation: Variation = None) -> list[MoveT]:
        """The moves of a line from the start: the main line, or the variation given as a
        path (``(12, 2)``: the second variation of the 12th entry) or as text (``"12.2"``)."""
        return [node.move for node in loading.line_of(self.data, _path(variation))]

    def variations(self) -> list[Sequence[int]]:
        """The path of every variation, in the order :meth:`check` replays them (each equal
        to the tuple of its numbers, which it gives when iterated: a tuple each would cost the
        square of the depth of a record nested deeply)."""
        return [path for path, _, _ in self.data.walk() if path]

    @library_terms
    def replay(self, variation: Variation = None, *,
               lenient: bool = False) -> Iterator[Step[PositionT, MoveT]]:
        """Replay a line move by move; each step's move is the canonical value
        (``game.legal_moves`` lists the same), and its position a snapshot that later steps
        leave as it is.  Raises the first illegal move as a located ``KifuError``; with
        ``lenient``, what ``kifu validate --lenient`` repairs is repaired."""
        rules = self.game.plugin
        path = _path(variation)
        loading.line_of(self.data, path)
        line: _Snapshots[PositionT] = _Snapshots(rules, self.data, path, lenient)
        for index, (step, move) in enumerate(replay.replay_moves(rules, self.data, path=path,
                                                                 lenient=lenient)):
            _raise_errors(step.warnings)
            line.live, line.current = step.position, index
            yield Step(line, index, step.number, move, step.node, step.events, tuple(step.path))

    @library_terms
    def position(self, n: int | None = None, *, variation: Variation = None,
                 lenient: bool = False) -> PositionT:
        """The position after move ``n`` of a line (0: the start; ``None``: the end).

        Raises ``OptionError`` if the line has no move ``n`` or no such variation, and the
        record's own ``KifuError`` if a move on the way is illegal (repaired where it can be,
        with ``lenient``).  The position is the caller's own.
        """
        if isinstance(n, int) and not isinstance(n, bool) and n < 0:
            raise OptionError(f"move numbers start at 0, not {n}", option="n")
        whole_number(n, "n", 0, none=True)
        path = _path(variation)
        loading.check_move(self.data, n, path)
        found: PositionT = replay.position_after(self.game.plugin, self.data, n,
                                                 lenient=lenient, path=path)
        return found

    @property
    def komi(self) -> float | None:
        """The komi the record states, in points, as a number (the ``Komi`` header, SGF's
        ``KM`` as kifu reads it: ``KM[375]`` is 7.5): the second player's in a game of two;
        ``None`` in a game without komi, without one stated, or where the record gives other
        seats komi too (each seat's: ``record.position(0).rules.komi`` in Free-form Go)."""
        return self.game.plugin.komi(self.data)

    @library_terms
    def result(self) -> Outcome | None:
        """The result the record states (its ``Result:`` header, SGF's ``RE``) as data: the
        winner, the kind of end (``resignation``, ``time``, ``forfeit``, ``score``,
        ``draw``, ``void``, ``unknown``...) and the margin where it gives one, its
        ``reason`` the text as written; ``None`` without one.  Written in a form kifu does
        not read, it is a result of kind ``unknown`` carrying the text (``check()`` warns of
        it, rule ``result-unread``): reading a file's result never raises."""
        stated = self.data.result
        return None if not stated else self.game.plugin.parse_result(stated, self.data)

    @library_terms
    def outcome(self, variation: Variation = None) -> Outcome | None:
        """How the game ended: the referee's outcome at the end of the line when the moves
        reach one (a five, mate, a count), else the result the record states (a resignation
        or time, which no position shows; one void or not known included), else ``None``.
        Raises the record's ``KifuError`` if a move is illegal."""
        reached = self.game.plugin.outcome(self.position(variation=variation))
        if reached is not None:
            return reached
        return self.result() if variation is None else None

    def check(self, lenient: bool = False, *, pedantic: bool = False,
              select: Iterable[str] | None = None, ignore: Iterable[str] = ()
              ) -> list[Diagnostic]:
        """Every problem of the record, as ``kifu validate`` reports it (with ``--lenient``,
        ``--pedantic``, ``--select`` and ``--ignore`` as given: rule names or codes): path,
        line, column, move, rule, code, severity and message of each; an empty list for a
        legal record without findings.  A name no rule or code has raises ``OptionError``."""
        from kifu.base.rules import Rules, unknown
        from kifu.run.validate import Options, check_record

        chosen = Rules.of(None if select is None else _names(select), _names(ignore))
        for option, names in (("select", chosen.choices[0].select or ()),
                              ("ignore", chosen.choices[0].ignore)):
            problems = unknown(names, registry.rule_names())
            if problems:
                raise OptionError("; ".join(problems), option=option)
        data, findings = self._read_again(lenient)
        options = Options(lenient=lenient, pedantic=pedantic, rules=chosen)
        found = check_record(self.game.plugin, data, findings, self.name, self._text,
                             options).diagnostics
        return [reworded_diagnostic(diagnostic) for diagnostic in found]

    @library_terms
    def dumps(self, to: str = registry.NATIVE, dialect: str | None = None, *,
              strict: bool = False) -> str:
        """The record as text: ``native`` (in ``dialect``, see ``game.dialects``), ``json``, or
        an interchange format the game has (``sgf`` for Renju and Free-form Go).  Raises
        ``ConversionError`` where the format cannot say the record.

        What the format has no place for (a variation in psq, a label in the native notation)
        is left out and said, as ``kifu convert`` says it: a :class:`~kifu.ConversionWarning`
        for each thing (Python's :mod:`warnings`); with ``strict``, a ``ConversionError``
        instead, and nothing is written."""
        texts_or_none(to=to, dialect=dialect)
        rules = self.game.plugin
        if to not in (registry.NATIVE, registry.JSON):
            registry.format_of(rules, to)
        lost = loading.leaves_out(rules, self.data, to)
        if strict and lost:
            raise ConversionError(f"converting to {to} loses what it has no place for (strict): "
                                  + "; ".join(loading.lost_parts(rules, self.data, to)),
                                  rule="left-out")
        text = loading.dump(rules, self.data, to, dialect)
        for finding in lost:  # the caller's line, past this method and its wrapper
            warnings.warn(ConversionWarning(reworded(finding)), stacklevel=3)
        return text

    def _read_again(self, lenient: bool) -> tuple[tree.Record | None, list[KifuError]]:
        """The record and its findings as read with or without ``lenient`` (which changes how
        an interchange format's faults are repaired): read again if it was read otherwise."""
        if lenient == self._lenient or self._format in (registry.NATIVE, registry.JSON):
            return self.data, self.findings
        parsed = loading.parse_each_as(self.game.plugin, self._format, self._text,
                                       self.name.partition("#")[0], lenient=lenient,
                                       options=self.data.read_options)
        for index, one in enumerate(parsed):
            if index == self.index:
                return one.record, [*self.findings[:self._decoding], *one.findings]
        return self.data, self.findings


def _names(given: Iterable[str]) -> tuple[str, ...]:
    """Rule names as ``check`` takes them: a list, or one string (``"occupied"``, or several
    comma-separated, as on the command line)."""
    from kifu.base.rules import split

    return split([given] if isinstance(given, str) else given)


def _raise_errors(warnings: list[KifuError]) -> None:
    """A fault the referee could go past (to report every one, as ``kifu validate`` does) is
    still an illegal move: the library raises the first."""
    for warning in warnings:
        if warning.severity == "error":
            raise warning


def _path(variation: Variation) -> tuple[int, ...]:
    if variation is None:
        return ()
    if isinstance(variation, str):
        try:
            return tree.variation_path(variation)
        except ValueError as error:
            raise OptionError(str(error), option="variation") from None
    try:
        path = tuple(variation)
    except TypeError:
        path = None
    if path is None or not all(isinstance(number, int) and not isinstance(number, bool)
                               for number in path):
        raise OptionError(f"variation={reprlib.repr(variation)}: a variation is a path of "
                          "numbers, (12, 2), or its text, '12.2'", option="variation")
    return path
