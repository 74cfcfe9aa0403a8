"""Free-form Go's compiled core: an SGF text of Go on a grid in, its verdict out.

``gosgf.c`` (a C extension, built where kifu is installed with a C compiler) reads one SGF
record of two players on a rectangular grid, its main line only, and replays it under the
rules the referee applies (captures, suicide, ko and superko as ``RU`` names them, passes,
handicap stones, the result), answering for the common record of which Python would report
nothing, or only notes.  Anything else it leaves to Python, which reads it as it always has
and writes every diagnostic: the compiled core never gives an answer of its own, only
"nothing to report", and only where Python would say the same (the differential tests in
``tests/freego/test_native.py`` hold it to that).  ``docs/architecture.md`` lists what it
decides and what goes to Python.

For the library's replay, ``replay`` hands over the main line of a record it decides, the
board after each step and what the step did, from which :mod:`.steps` makes each step's
move, events and position in Python when asked for (:attr:`kifu.plugin.Format.replay`).

For a corpus index, ``trace`` goes further (:attr:`kifu.plugin.Format.trace`): for a record it
decides (and for some it leaves to Python only for a warning, which an index does not keep),
the core also hashes every position of the main line under the board's symmetries
with the Zobrist lanes Python's tracker draws (:mod:`kifu.builtin.freego.index`, handed over
as bytes), and logs what changed from one position to the next, so that the index needs no
position, move or tracker in Python; the record's headers are read by Python from its head
(the root node alone), as ``kifu.read_headers`` reads them.
"""
from __future__ import annotations

import functools
from collections.abc import Callable
from types import ModuleType
from typing import TYPE_CHECKING, Any, cast

from kifu.builtin.freego.native import placing
from kifu.plugin import MAX_MOVES, KifuError, Record, compiled
from kifu.plugin import sgf_properties as core

if TYPE_CHECKING:  # what an index needs is imported when an index is made
    from kifu.plugin import CompiledLine, Grid, Lanes, Symmetry, Traced

#: The compiled module, where it was built.
MODULE = placing.MODULE

_configured: set[int] = set()


def _core() -> ModuleType | None:
    """The compiled module to run, told once what Python's reading knows
    (:func:`configuration`), so that both read by the same lists and numbers."""
    module = compiled(MODULE)
    if module is not None and id(module) not in _configured:
        module.configure(*configuration())
        _configured.add(id(module))
    return module


def configuration() -> tuple[str, str, str, int, int, int]:
    """What the compiled core is told of Python's reading: FF[4]'s properties, its game
    information and those whose values are merged where one is given again in its node (with
    a note: lists, and texts joined) as kifu knows them, and the limits of a file (nodes,
    values, moves)."""
    return (" ".join(sorted(core.KNOWN_PROPERTIES)), " ".join(sorted(core.GAME_INFO)),
            " ".join(sorted(core.LIST_PROPERTIES | core.TEXT_PROPERTIES)),
            core.MAX_NODES, core.MAX_VALUES, MAX_MOVES)


def pattern_matcher() -> Callable[..., Any] | None:
    """The compiled core's check of a grid record's log against a pattern's placements
    (``match_pattern``, of ``kifu/plugin/lanes.h``), where the core was built and runs; else
    ``None`` (:meth:`kifu.plugin.GamePlugin.pattern_matcher`)."""
    module = compiled(MODULE)
    return None if module is None else cast("Callable[..., Any]", module.match_pattern)


def judge(text: str) -> tuple[int, bool] | str | None:
    """What the compiled core says of ``text``: the moves of a record of which Python would
    report nothing (with ``True`` where it would report notes, the pedantic findings shown
    on request), or why it leaves the record to Python (a few words); ``None`` when no
    compiled core runs (not built, or ``KIFU_PURE_PYTHON`` set)."""
    module = _core()
    if module is None:
        return None
    verdict: tuple[int, bool] | str = module.judge(text)
    return verdict


def decide(text: str) -> tuple[int, bool] | None:
    """:attr:`kifu.plugin.Format.decide`: the moves of the main line of an SGF text holding
    one record that reading and replaying find nothing to report of, and whether they would
    note something; ``None`` for every other text, which Python reads."""
    verdict = judge(text)
    return None if verdict is None or isinstance(verdict, str) else verdict


def trace(text: str, source: str) -> Traced | None:
    """:attr:`kifu.plugin.Format.trace`: what a corpus index keeps of a record the compiled
    core decides, or leaves to Python for validation for a warning alone (an index keeps no
    warning: a server's komi, a result of another form, territory marks, a pass left out,
    play resumed; ``gosgf.c``'s ``Indexing``) (``source`` is where the text was read from);
    ``None`` for any other, and for a game the count ended (its outcome is the referee's
    count, made in Python)."""
    module = _core()
    if module is None:
        return None
    index, setup, gameinfo, sgf, Traced = _indexing()
    # (a server's komi, KM[650], which Python reads with a warning, is read by the core as
    # Python reads it: an index keeps no warning)
    found = module.trace(text, _tables, setup.parameters.MAX_KOMI)
    if isinstance(found, str):
        return None
    moves, over, head, columns, rows, hashes, images, changes, marks = found
    record = None if over else (_head(head, source) if type(head) is str
                                else _paired_head(gameinfo, sgf, head, (columns, rows), source))
    if record is None:
        return None
    if marks is not None:  # the last node's territory marks, as Python's reading keeps them
        last = sgf.SgfNode({name: list(values) for name, values in zip(("TB", "TW"), marks)
                            if values})
        gameinfo.territory(record, last, _UNREAD, (columns, rows), [])
    symmetry, grid, _ = _hashing(columns, rows)
    try:
        seats = setup.seat_names(record)
    except KifuError:
        return None
    return Traced(record, moves, symmetry, hashes, images, grid, changes,
                  index.seat_facts(seats))


def replay(text: str, source: str) -> CompiledLine | None:
    """:attr:`kifu.plugin.Format.replay`: the main line of a record the compiled core decides
    (``source`` is where the text was read from), each step's position made from what the
    core kept (:mod:`.steps`); ``None`` for any other, and for a game the count ended."""
    module = _core()
    if module is None:
        return None
    found = module.replay(text)
    if isinstance(found, str) or found[1]:
        return None
    from kifu.builtin.freego.native import steps

    return steps.replay(module, text, source, _head(found[2], source), found)


def _head(head: str, source: str) -> Record | None:
    """The record of a game's root alone: its headers, as reading the whole game gives them
    (headers come from the root only)."""
    from kifu.builtin.freego import sgf

    try:
        reading = next(iter(sgf.read_games(head, source)), None)
    except KifuError:
        return None
    return None if reading is None else reading.record


@functools.cache
def _indexing() -> tuple[ModuleType, ModuleType, ModuleType, ModuleType, type[Traced]]:
    """What ``trace`` asks of Python, imported once, when an index is first made (an import
    statement costs a record microseconds even where the module is loaded)."""
    from kifu.builtin.freego import index, setup
    from kifu.builtin.freego.sgf import gameinfo
    from kifu.plugin import Traced, sgf

    return index, setup, gameinfo, sgf, Traced


def _paired_head(gameinfo: ModuleType, sgf: ModuleType, pairs: tuple[tuple[str, str], ...],
                 size: tuple[int, int], source: str) -> Record | None:
    """The record of a game's root from its properties as the core read them (``trace``'s
    pairs: each value one, as it is written, read by Python as itself): its headers, made by
    Python's reading of a root (``gameinfo.record_of``) from the same values, without
    reading the root's text again."""
    root = sgf.SgfNode({name: [value] for name, value in pairs})
    try:
        gameinfo.check_go(root, _UNREAD, [])
        record: Record = gameinfo.record_of(root, _UNREAD, source, size, [])
    except KifuError:
        return None
    return record


class _Unread:
    """Where the values of a root the core read stand: not known (a span is asked for only to
    place a finding, and the core reads only records of which Python finds nothing to say
    that the index keeps; a header's place, asked for by ``kifu validate``, is not)."""

    @staticmethod
    def value_span(node: object, ident: str) -> None:
        return None


_UNREAD: Any = _Unread()


@functools.lru_cache(maxsize=8)
def _hashing(columns: int, rows: int) -> tuple[Symmetry, Grid | None, Lanes]:
    """What the positions of a grid are hashed under, as Python's tracker hashes them."""
    from kifu.builtin.freego import index
    from kifu.builtin.freego.boards import builtin, grids

    board = builtin.builtin(grids.grid_name(columns, rows))
    assert board is not None
    return index.hashing(board, 2)


@functools.lru_cache(maxsize=8)
def _tables(columns: int, rows: int) -> tuple[int, bytes]:
    """A grid's Zobrist lanes as the compiled core reads them (:meth:`kifu.plugin.Lanes.table`)."""
    return _hashing(columns, rows)[2].table()
