"""Renju's compiled core: a record's text in, its verdict out, for Renju and Gomoku.

``renju.c`` (a C extension, built where kifu is installed with a C compiler) reads one record
of kifu's own notation (``.renju``) or one Piskvork ``.psq`` file and replays it under the
rules the referee applies (every rule set: Renju with black's forbidden moves, the true and
false threes found recursively; free-style and standard gomoku; Caro; the opening rules'
zones and swaps; passes, a full board, a set-up), then compares the result the record states,
answering for the common record of which Python would report nothing.  Anything else it leaves
to Python, which reads it as it always has and writes every diagnostic: the compiled core
never gives an answer of its own, only "nothing to report", and only where Python would say
the same (``tests/renju/test_native.py`` holds it to that).  ``docs/architecture.md`` lists
what it decides and what goes to Python.

What the C code knows by name it is told here, once, from Python's own tables
(:func:`configuration`): the words of the ``Rule:`` header, the opening rules, the results
Python reads (each read by Python itself) and the game's names.

For a corpus index, ``trace_notation`` and ``trace_psq`` go further (:attr:`kifu.plugin.Format.
trace`): for a record the core decides, it also hashes every position under the board's
symmetries with the Zobrist lanes Python's tracker draws (:mod:`kifu.builtin.renju.index`,
handed over as bytes) and logs what changed from one position to the next, so that the index
needs no position, move or tracker in Python.  The record's headers (and set-up) are read by
Python: from its head alone in kifu's notation, as ``kifu.read_headers`` reads them; a
``.psq`` file, a few short lines, is read whole.  How the game ended is worded here from the
core's account of it (its kind, the winner, the point), as the referee words it.
"""
from __future__ import annotations

import functools
from collections.abc import Callable
from types import ModuleType
from typing import TYPE_CHECKING, Any, TypeVar, cast

from kifu.plugin import MAX_MOVES, MAX_TOKENS, KifuError, Record, compiled

if TYPE_CHECKING:  # what an index and the library's replay need is imported when used
    from kifu.builtin.renju.moves import Point
    from kifu.plugin import CompiledLine, Grid, Lanes, Outcome, Symmetry, Traced

#: The compiled module, where it was built.
MODULE = __name__ + "._renju"
T = TypeVar("T")

#: The results the core may meet, each read by Python (:func:`configuration`) before the core
#: is told what it reads as: the common ones of records and archives.  The plain ones Python
#: reads without its grammar of results (a side's name alone, SGF's form, the game's own names
#: for a result); the worded ones with it, which imports Lark: they are read only once a record
#: states one of them (the core then asks for them, :data:`WORDED_WANTED`).
PLAIN_RESULTS = ("black", "white", "b", "w", "1-0", "0-1", "1/2-1/2", "0", "b+", "w+", "b+r",
                 "w+r", "b+t", "w+t", "b+f", "w+f", "b+resign", "w+resign", "first", "second")
WORDED_RESULTS = ("draw", "?", "*", "unknown", "void", "black wins", "white wins", "jigo",
                  "black won", "white won")
#: What the core answers for a record whose result is worded while it has not been told how
#: Python reads such results.
WORDED_WANTED = "a worded result, not yet read"

#: The compiled modules told what Python's reading knows: each with whether it knows the
#: worded results too.
_configured: dict[int, bool] = {}


def _core(worded: bool = False) -> ModuleType | None:
    """The compiled module to run, told what Python's reading knows (the worded results
    where asked for)."""
    module = compiled(MODULE)
    if module is not None and _configured.get(id(module)) not in (True, worded):
        module.configure(*configuration(worded))
        _configured[id(module)] = worded
    return module


def configuration(worded: bool = True) -> tuple[str, str, str, str, int, int, int, int]:
    """What the compiled core is told of Python's reading, as lines of tab-separated fields:
    the opening rules (name, the zones of the first stones, the stone counts after which the
    colours may be swapped; kifu's permissive opening first, named ``-``), the words of the
    ``Rule:`` header with what each names, the results with how Python reads each (``1``
    black wins, ``2`` white, ``3`` a draw, ``0`` no verdict; ``-`` not read yet, for the
    worded ones unless ``worded``) and whether the players' names could read it otherwise,
    and the game's names; then the limits of a record and of a board's side."""
    from kifu.builtin.renju import variants
    from kifu.plugin import registry

    game = registry.get("renju")  # the game itself, by its name (this package is its part)
    openings = [f"{name or '-'}\t{','.join(map(str, rule.zones))}\t"
                f"{','.join(map(str, sorted(rule.swaps)))}"
                for name, rule in sorted(variants.OPENINGS.items(),
                                         key=lambda item: item[0] is not None)]
    named = {**{name: name for name in (*variants.WINS, *variants.OPENING_NAMES)},
             **variants.ALIASES}
    words = [f"{word}\t{target}" for word, target in sorted(named.items()) if word.isascii()]
    results = [f"{said}\t-\t1" for said in WORDED_RESULTS] if not worded else []
    for said in (*PLAIN_RESULTS, *(WORDED_RESULTS if worded else ())):
        read = _read_result(game, said, {})
        if read is None:
            continue
        # read alike whoever plays: no player's name can stand for a side in it
        alike = all(_read_result(game, said, {"Black": said, "White": other}) == read
                    for other in ("x", said + " "))
        results.append(f"{said}\t{read}\t{0 if alike else 1}")
    names = [name for name in (game.name, *game.aliases) if name.isascii()]
    return ("\n".join(openings), "\n".join(words), "\n".join(results), "\n".join(names),
            MAX_TOKENS, MAX_MOVES, variants.MIN_SIZE, variants.MAX_SIZE)


def _read_result(game: object, said: str, players: dict[str, str]) -> int | None:
    """How Python reads the result ``said`` of a record with ``players``: 1 black wins, 2
    white, 3 a draw, 0 no verdict; ``None`` for a result it warns of."""
    record = Record(game="renju", headers={"Result": said, **players})
    try:
        outcome = game.parse_result(said, record, strict=True)  # type: ignore[attr-defined]
    except KifuError:
        return None
    if not outcome.decided:
        return 0
    return 3 if outcome.is_draw else {"black": 1, "white": 2}[outcome.winner]


def _asked(name: str, *args: Any) -> Any:
    """What the compiled core's function ``name`` answers for ``args``, the worded results
    read first where the record states one; ``None`` when no compiled core runs."""
    module = _core()
    if module is None:
        return None
    found = getattr(module, name)(*args)
    if found == WORDED_WANTED:  # read them now (Lark's import), once a process
        found = getattr(_core(worded=True), name)(*args)
    return found


def _judge(name: str) -> Callable[[str], tuple[int, bool] | str | None]:
    def judge(text: str) -> tuple[int, bool] | str | None:
        verdict: tuple[int, bool] | str | None = _asked(name, text)
        return verdict
    judge.__doc__ = (f"What the compiled core says of a text of {name[6:]}: the moves of a "
                     "record of which Python would report nothing, or why it leaves the "
                     "record to Python (a few words); ``None`` when no compiled core runs.")
    return judge


judge_notation = _judge("judge_notation")
judge_psq = _judge("judge_psq")


def pattern_matcher() -> Callable[..., Any] | None:
    """The compiled core's check of a grid record's log against a pattern's placements
    (``match_pattern``, of ``kifu/plugin/lanes.h``), where the core was built and runs; else
    ``None`` (:meth:`kifu.plugin.GamePlugin.pattern_matcher`)."""
    module = compiled(MODULE)
    return None if module is None else cast("Callable[..., Any]", module.match_pattern)


def decide_notation(text: str) -> tuple[int, bool] | None:
    """:attr:`kifu.plugin.Format.decide` for kifu's own notation: the moves of a record of
    which reading and replaying find nothing to report; ``None`` for every other text."""
    verdict = judge_notation(text)
    return None if verdict is None or isinstance(verdict, str) else verdict


def decide_psq(text: str) -> tuple[int, bool] | None:
    """:attr:`kifu.plugin.Format.decide` for Piskvork's ``.psq``: as :func:`decide_notation`."""
    verdict = judge_psq(text)
    return None if verdict is None or isinstance(verdict, str) else verdict


@functools.lru_cache(maxsize=8)
def _tables(size: int) -> tuple[int, bytes]:
    """A board's Zobrist lanes as the compiled core reads them (:meth:`kifu.plugin.Lanes.
    table`), made once for each size (the core asks for them at every record)."""
    return _hashing(size)[2].table()


@functools.lru_cache(maxsize=8)
def _hashing(size: int) -> tuple[Symmetry, Grid, Lanes]:
    """What positions on a board of ``size`` are hashed under (:func:`kifu.builtin.renju.
    index.hashing`), made once for each size."""
    from kifu.builtin.renju import index

    return index.hashing(size)


#: How a record's head (its headers and set-up) is made: from its text, where it was read
#: from, and what the core found.
Head = Callable[[str, str, tuple[Any, ...]], Record]


def _answered(name: str, head: Head, made: Callable[[Record, Any], T], doc: str,
              *args: Any) -> Callable[[str, str], T | None]:
    """A format's call on a text (``source`` where it was read from) that asks the core's
    ``name`` (with ``args`` after the text) and, for a record it decides, makes its answer
    from the record's head (``head``) and what the core found (``made``); ``None`` for any
    other record."""
    def answer(text: str, source: str) -> T | None:
        found = _asked(name, text, *args)
        if found is None or isinstance(found, str):
            return None
        try:
            record = head(text, source, found)
        except KifuError:
            return None
        return made(record, found)
    answer.__doc__ = doc
    return answer


def _notation_head(text: str, source: str, found: tuple[Any, ...]) -> Record:
    """A record of kifu's notation made from the headers the core read (the last of what it
    found), in their order, as the scanner reads them (each value stripped of blanks at its
    end, Unicode's too), its set-up taken from them: wherever they stand before the moves
    (after a comment or a blank line too, which a head read line by line would miss)."""
    record = Record(game="renju", source=source,
                    headers={key: value.rstrip() for key, value in found[-1]})
    _setup().extract(record)
    return record


@functools.cache
def _setup() -> ModuleType:
    """:mod:`kifu.builtin.renju.setup`, imported once (an import statement costs a record
    microseconds even where the module is loaded)."""
    from kifu.builtin.renju import setup

    return setup


def _psq_record(text: str, source: str, found: tuple[Any, ...]) -> Record:
    from kifu.builtin.renju.archives import psq

    return psq.read(text, source)


def _traced(record: Record, found: tuple[Any, ...]) -> Traced:
    """The index's view of a record from what the core found: the facts and the outcome
    Python's position would give (:func:`kifu.builtin.renju.index.facts`, ``rules.outcome``)."""
    openings, variants, forbidden, Point, Outcome, Traced = _indexing()
    moves, size, hashes, images, changes, events, end, placed, _ = found
    symmetry, grid, _ = _hashing(size)
    rules = variants.rules_of(record)
    facts = {"rule": str(rules)}
    # The first three stones, as rules.start and rules._first_stones gather them: a set-up's
    # in the order placed, then the moves'; none where a set-up gives them in no order.
    setup = record.setup
    given = [] if setup is None or not setup.in_order else [
        *(p for pair in zip(setup.black, setup.white) for p in pair),
        *setup.black[len(setup.white):]]
    if given or setup is None or not (setup.black or setup.white):
        first = given[:3]
        first += [Point(column, row) for column, row in placed[:3 - len(first)]]
        opening = openings.name_of(first) if rules.names_openings else None
        if opening is not None:
            facts["opening"] = opening
    return Traced(record, moves, symmetry, hashes, images, grid, changes, facts,
                  _outcome(*end), events)


@functools.cache
def _indexing() -> tuple[ModuleType, ModuleType, ModuleType, type[Point], type[Outcome],
                         type[Traced]]:
    """What the index's view of a record asks of Python, imported once, when an index is
    first made (an import statement costs a record microseconds even where the module is
    loaded)."""
    from kifu.builtin.renju import forbidden, openings, variants
    from kifu.builtin.renju.moves import Point
    from kifu.plugin import Outcome, Traced

    return openings, variants, forbidden, Point, Outcome, Traced


#: How the core says a game ended (renju.c's END_ kinds) and who won (1 black, 2 white).
_FIVE, _FOUL, _FULL, _PASSES = 1, 2, 3, 4
_WINNERS = {1: "black", 2: "white"}
#: Black's forbidden shapes as the core numbers them (renju.c's OVERLINE, DOUBLE_FOUR...).
_SHAPES = {2: "overline", 3: "double-four", 4: "double-three"}


def _outcome(kind: int, winner: int, detail: int, column: int, row: int) -> Outcome | None:
    """The outcome the referee gives the position the core ended on (``rules._place``,
    ``rules._pass``), in its words."""
    _, _, forbidden, Point, Outcome, _ = _indexing()
    point = Point(column, row)
    if kind == _FIVE:
        return Outcome(_WINNERS[winner], f"{'overline' if detail > 5 else 'five'} at {point}",
                       "five")
    if kind == _FOUL:
        name = forbidden.FORBIDDEN_NAMES[_SHAPES[detail]]
        return Outcome("white", f"black's forbidden {name} at {point}", "foul")
    if kind == _FULL:
        return Outcome(None, "the board is full", "full-board")
    if kind == _PASSES:
        return Outcome(None, "both players passed", "passes")
    return None


def _line(record: Record, found: tuple[Any, ...]) -> CompiledLine | None:
    from kifu.builtin.renju.native import steps

    return steps.replay(record, found)


_TRACE = (":attr:`kifu.plugin.Format.trace` for {}: what a corpus index keeps of a record the "
          "compiled core decides (``source`` is where the text was read from); ``None`` for "
          "any other.")
_REPLAY = (":attr:`kifu.plugin.Format.replay` for {}: the main line of a record the compiled "
           "core decides (``source`` is where the text was read from), each step's position "
           "made from the core's moves (:mod:`.steps`); ``None`` for any other.")
trace_notation = _answered("trace_notation", _notation_head, _traced,
                           _TRACE.format("kifu's notation"), _tables)
trace_psq = _answered("trace_psq", _psq_record, _traced, _TRACE.format("psq"), _tables)


def _for_the_core(record: Record) -> Record:
    """``record`` as :func:`trace_record` writes it for the core: without its players' names
    where they do not change how Python reads its result (the core leaves to Python a result
    such as ``white`` that a player's name could stand for; a RIF database's games state
    theirs so), else as it is."""
    said = record.header("Result")
    players = {key: name for key in ("Black", "White") if (name := record.header(key))}
    if not said or not players:
        return record
    import dataclasses  # (an index's: validation imports no dataclasses)

    from kifu.plugin import registry

    game = registry.get("renju")
    if _read_result(game, said, players) != _read_result(game, said, {}):
        return record
    return dataclasses.replace(record, headers={
        key: value for key, value in record.headers.items()
        if key.casefold() not in ("black", "white")})


@functools.cache
def _writer() -> ModuleType:
    """:mod:`kifu.builtin.renju.notation.writer`, imported once."""
    from kifu.builtin.renju.notation import writer

    return writer


def trace_record(record: Record, source: str) -> Traced | None:
    """:meth:`kifu.plugin.GamePlugin.trace_record`: what a corpus index keeps of a record
    Python read (one of a collection's: a RIF database's game, say), where its main line,
    written in kifu's notation, is one the compiled core decides, its headers the record's
    own (``source`` is where it was read from); ``None`` for any other (a line with
    variations, one the core leaves to Python)."""
    if compiled(MODULE) is None or any(node.variations for node in record.moves):
        return None  # (no core, or more than a line: not written out for nothing)
    found = _asked("trace_notation", _writer().write(_for_the_core(record)), _tables)
    if found is None or isinstance(found, str):
        return None
    return _traced(record, found)


replay_notation = _answered("replay_notation", _notation_head, _line,
                            _REPLAY.format("kifu's notation"))
replay_psq = _answered("replay_psq", _psq_record, _line, _REPLAY.format("psq"))
