"""Which core runs: the compiled parts kifu's games ship, or pure Python.

A game may ship a compiled core (a C extension built when kifu is installed, where a compiler
is at hand) that decides the common record faster than Python does and hands everything else
to Python, which stays the reference (see ``docs/architecture.md``).  Such a module is
optional: where it was not built, or where ``KIFU_PURE_PYTHON`` is set in the environment
(to anything but ``0`` or nothing), :func:`compiled` gives ``None`` and the game runs in pure
Python, with the same verdicts.  The environment is read at each call, so that a test or a
program may switch cores within one process.
"""
from __future__ import annotations

import importlib
import os
from collections.abc import Iterable
from types import ModuleType
from typing import Any

#: The environment variable that makes kifu run in pure Python.
PURE_PYTHON = "KIFU_PURE_PYTHON"

#: Each compiled module asked for, imported once: the module, or ``None`` where it was not built.
_imported: dict[str, ModuleType | None] = {}


def forced_pure() -> bool:
    """Whether the environment asks for pure Python (``KIFU_PURE_PYTHON=1``)."""
    if _ENCODED is not None and _ENCODED_NAME not in _ENCODED:  # not set: the common case
        return False
    return os.environ.get(PURE_PYTHON, "") not in ("", "0")


# ``os.environ.get`` of a name that is not set raises and catches two exceptions (0.7 us, and
# an index asks three times a record); the mapping of encoded names behind ``os.environ``
# (CPython's and PyPy's ``os`` keep it, and update it with the environment) says so in one
# lookup.  Where it is not there, the environment is asked as above.
_ENCODED: Any = getattr(os.environ, "_data", None)
_ENCODED_NAME: Any = (os.environ.encodekey(PURE_PYTHON)
                      if _ENCODED is not None and hasattr(os.environ, "encodekey") else None)
if _ENCODED_NAME is None:
    _ENCODED = None


def built(module: str) -> ModuleType | None:
    """The compiled module ``module`` if it was built with kifu, whatever the environment."""
    if module not in _imported:
        try:
            _imported[module] = importlib.import_module(module)
        except ImportError:
            _imported[module] = None
    return _imported[module]


def compiled(module: str) -> ModuleType | None:
    """The compiled module ``module`` to run: ``None`` where it was not built or pure Python
    is asked for."""
    return None if forced_pure() else built(module)


def core_lines(modules: Iterable[tuple[str, str, str]]) -> list[str]:
    """Which core runs, a line for each compiled module kifu ships (``kifu --version``):
    ``modules`` are each module with its name and what it does (``freego``, ``SGF of Go on
    grids``): compiled, or pure Python and why (not built, which no setting changes, before
    ``KIFU_PURE_PYTHON``); and a line for everything else, which is Python's."""
    lines = []
    for module, name, what in modules:
        if built(module) is None:
            lines.append(f"core: {name} in pure Python (not built when kifu was installed)")
        elif forced_pure():
            lines.append(f"core: {name} in pure Python ({PURE_PYTHON} is set)")
        else:
            lines.append(f"core: {name} compiled (C), for {what}")
    return [*lines, "core: everything else in pure Python"]
