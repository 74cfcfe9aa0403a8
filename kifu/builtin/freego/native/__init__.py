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
"""
from __future__ import annotations

from types import ModuleType

from kifu.plugin import MAX_MOVES, compiled
from kifu.plugin import sgf as core

#: The compiled module, where it was built.
MODULE = __name__ + "._gosgf"

_configured: set[int] = set()


def _core() -> ModuleType | None:
    """The compiled module to run, told once what Python's reading knows
    (:func:`configuration`), so that both read by the same lists and numbers."""
    module = compiled(MODULE)
    if module is not None and id(module) not in _configured:
        module.configure(*configuration())
        _configured.add(id(module))
    return module


def configuration() -> tuple[str, str, int, int, int]:
    """What the compiled core is told of Python's reading: FF[4]'s properties and its game
    information as kifu knows them, and the limits of a file (nodes, values, moves)."""
    return (" ".join(sorted(core.KNOWN_PROPERTIES)), " ".join(sorted(core.GAME_INFO)),
            core.MAX_NODES, core.MAX_VALUES, MAX_MOVES)


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
