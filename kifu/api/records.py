"""Records for Python users: :func:`read`, :func:`parse` and :func:`read_all` give
:class:`Record` objects, each with its game, its moves, a replay with independent positions,
its diagnostics and its text in any format.

Reading, replaying and checking are the command line's own code (:mod:`kifu.run.load`,
:mod:`kifu.run.validate`), so a record checks here exactly as ``kifu validate`` checks it.
"""
from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from typing import TYPE_CHECKING, Any, Generic, overload

from kifu.api import building
from kifu.api.games import Game, wrap
from kifu.api.terms import library_terms, reworded, reworded_diagnostic
from kifu.base import record as tree
from kifu.base.errors import KifuError, OptionError
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
from kifu.reading.source import SourceText
from kifu.run import load as loading

if TYPE_CHECKING:
    from kifu.api.builtin_types import (
        FreeGoMove,
        FreeGoName,
        FreeGoPosition,
        FreeGoSetup,
        GungiMove,
        GungiName,
        GungiPosition,
        GungiSetup,
        RengiMove,
        RengiName,
        RengiPosition,
        RengiSetup,
        RengomaMove,
        RengomaName,
        RengomaPosition,
        RengomaSetup,
        RenjuMove,
        RenjuName,
        RenjuPosition,
        RenjuSetup,
    )
    from kifu.base.diagnostics import Diagnostic

#: A variation as a path of (entry, number) pairs, ``(12, 2)``, or as text, ``"12.2"``.
Variation = tuple[int, ...] | str | None


class Step(Generic[PositionT, MoveT]):
    """One move of a replay: its number (``None`` for an event such as Renju's ``swap``), the
    move (the canonical value, equal to the move ``legal_moves`` lists however the record
    spells it), its ``notation`` as the record writes it, what it did (``events``), the
    comments after it, the variation path of its line, and the position after it.

    The position is a snapshot of its own, made when it is first asked for: later steps do
    not change it, and a replay whose positions nobody reads costs no copies.  A step kept
    and read after the replay went on is played again from the nearest snapshot.
    """

    __slots__ = ("number", "move", "events", "variation", "_node", "_line", "_index")

    def __init__(self, line: _Snapshots[PositionT], index: int, number: int | None,
                 move: MoveT, node: tree.Node[MoveT], events: list[Event],
                 variation: tuple[int, ...]) -> None:
        self.number = number
        self.move = move
        self.events = events
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
                 fmt: str = registry.NATIVE, index: int = 1, decoding: int = 0,
                 lenient: bool = False) -> None:
        #: The record's :class:`~kifu.Game`.
        self.game = game
        #: The record as kifu holds it (:class:`kifu.base.record.Record`): headers, set-up, nodes.
        self.data = data
        #: The file it came from (``path#N`` for the N-th game of a collection).
        self.name = name
        #: What reading found: repairs, the encoding guessed, pedantic findings (warnings).
        self.findings = list(findings or [])
        self._text = text
        self._format = fmt
        self._index = index
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
        return f"<kifu.Record {self.game.name} {self.name!r}: {len(self.moves)} moves>"

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
        """The main line's moves (events such as Renju's ``swap`` included)."""
        return [node.move for node in self.data.moves]

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
        if n is not None and n < 0:
            raise OptionError(f"move numbers start at 0, not {n}", option="n")
        path = _path(variation)
        loading.check_move(self.data, n, path)
        found: PositionT = replay.position_after(self.game.plugin, self.data, n,
                                                 lenient=lenient, path=path)
        return found

    @library_terms
    def result(self) -> Outcome | None:
        """The result the record states (its ``Result:`` header, SGF's ``RE``) as data: the
        winner, the kind of end (``resignation``, ``time``, ``score``...) and the score where
        it gives one; ``None`` without one or when it says ``?``.  Raises ``ResultError`` for
        a header that is no result (see the game's page for the spellings read)."""
        stated = self.data.result
        return None if not stated else self.game.plugin.parse_result(stated, self.data)

    @library_terms
    def outcome(self, variation: Variation = None) -> Outcome | None:
        """How the game ended: the referee's outcome at the end of the line when the moves
        reach one (a five, mate, a count), else the result the record states (a resignation
        or time, which no position shows), else ``None``.  Raises the record's ``KifuError``
        if a move is illegal."""
        reached = self.game.plugin.outcome(self.position(variation=variation))
        if reached is not None:
            return reached
        return self.result() if variation is None else None

    def check(self, lenient: bool = False, *, pedantic: bool = False) -> list[Diagnostic]:
        """Every problem of the record, as ``kifu validate`` reports it (with ``--lenient``
        and ``--pedantic`` as given): path, line, column, move, rule, code, severity and
        message of each; an empty list for a legal record without findings."""
        from kifu.run.validate import Options, check_record

        data, findings = self._read_again(lenient)
        options = Options(lenient=lenient, pedantic=pedantic)
        found = check_record(self.game.plugin, data, findings, self.name, self._text,
                             options).diagnostics
        return [reworded_diagnostic(diagnostic) for diagnostic in found]

    @library_terms
    def dumps(self, to: str = registry.NATIVE, dialect: str | None = None) -> str:
        """The record as text: ``native`` (in ``dialect``, see ``game.dialects``), ``json``, or
        an interchange format the game has (``sgf`` for Renju and Free-form Go).  Raises
        ``ConversionError`` where the format cannot say the record."""
        if to not in (registry.NATIVE, registry.JSON):
            registry.format_of(self.game.plugin, to)
        return loading.dump(self.game.plugin, self.data, to, dialect)

    def _read_again(self, lenient: bool) -> tuple[tree.Record | None, list[KifuError]]:
        """The record and its findings as read with or without ``lenient`` (which changes how
        an interchange format's faults are repaired): read again if it was read otherwise."""
        if lenient == self._lenient or self._format in (registry.NATIVE, registry.JSON):
            return self.data, self.findings
        parsed = loading.parse_each_as(self.game.plugin, self._format, self._text,
                                       self.name.partition("#")[0], lenient=lenient,
                                       options=self.data.read_options)
        for index, one in enumerate(parsed, start=1):
            if index == self._index:
                return one.record, [*self.findings[:self._decoding], *one.findings]
        return self.data, self.findings


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
    return tuple(variation)


@library_terms
def read(path: str, *, game: str | None = None, encoding: str | None = None,
         index: int | None = None, folders: tuple[str, ...] = (),
         lenient: bool = False) -> Record[Any, Any, Any]:
    """Read one record file: decoded (UTF-8, Shift_JIS... or ``encoding``), its game told by
    its suffix or content (or ``game``), its format by its suffix or content.

    A file holding several records (an SGF collection) gives its first, or the ``index``-th
    (from 1); :func:`read_all` gives them all.  ``folders`` are folders besides the record's own
    whose files it may name (a Free-form Go board file); ``lenient`` repairs what ``kifu
    validate --lenient`` repairs in an interchange format (SGF).  Raises ``ReadError`` for a
    file that cannot be read and the first error reading found (``NotationError`` for a syntax
    error).
    """
    loaded = loading.load(path, encoding, game, tree.ReadOptions(tuple(folders)),
                          game_index=index, lenient=lenient)
    return Record(wrap(loaded.game), loaded.record, name=loaded.name, text=loaded.source.text,
                  findings=loaded.findings, fmt=loaded.fmt, index=index or 1,
                  decoding=len(loaded.source.warnings), lenient=lenient)


@library_terms
def parse(text: str, *, game: str | None = None, path: str = "<string>",
          lenient: bool = False) -> Record[Any, Any, Any]:
    """Read a record from ``text``; ``path`` names it in messages (its suffix, if any, tells
    the game and format, as the text's own headers can).  A text holding several records
    gives its first; see :func:`read` for ``lenient`` and the errors."""
    loaded = loading.load_source(SourceText(text, path, "utf-8"), game, lenient=lenient)
    error = loaded.error()
    if error is not None:
        raise error
    return Record(wrap(loaded.game), loaded.record, name=loaded.name, text=text,
                  findings=loaded.findings, fmt=loaded.fmt, lenient=lenient)


#: What :func:`read_all` calls for a file or record that cannot be read: its name and error.
OnError = Callable[[str, KifuError], object]


@library_terms
def read_all(path: str, *, game: str | None = None, encoding: str | None = None,
             on_error: OnError | None = None, lenient: bool = False
             ) -> Iterator[Record[Any, Any, Any]]:
    """Every record of a file or of a folder's record files (walked in name order), every game
    of an SGF collection included, one at a time: a record is read when it is asked for, so
    that a caller done with each holds one.

    A file or record that cannot be read raises its error, or, with ``on_error``, is handed to
    it (``on_error(name, error)``) and the others are read on.  In a folder, JSON files that
    are not kifu records are skipped, as ``kifu validate`` skips them.  See :func:`read` for
    ``lenient``.
    """
    from kifu.reading.walk import walk
    from kifu.run.validate import is_other_file

    for found in walk([path], registry.suffixes()):
        try:
            if found.problem is not None:
                raise found.problem
            source = loading.read_file(found.path, encoding, game)
            if not found.named and is_other_file(found.path, source.text):
                continue
            yield from _records(source, game, on_error, lenient)
        except KifuError as error:
            if on_error is None:
                raise
            on_error(found.path, reworded(error))


def _records(source: SourceText, game: str | None, on_error: OnError | None,
             lenient: bool) -> Iterator[Record[Any, Any, Any]]:
    rules, fmt = registry.detect(source.text, source.path, game)
    found = list(source.warnings)
    index = 0
    for one in loading.parse_each_as(rules, fmt, source.text, source.path, lenient=lenient):
        index += 1
        decoding = len(found)
        findings, found = [*found, *one.findings], []
        if one.record is None:
            error = next(f for f in findings if f.severity == "error")
            if on_error is None:
                raise error
            on_error(one.name, reworded(error))
            continue
        yield Record(wrap(rules), one.record, name=one.name, text=source.text,
                     findings=findings, fmt=fmt, index=index, decoding=decoding,
                     lenient=lenient)
