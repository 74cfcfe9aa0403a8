"""Which core runs is read from the environment at each call (``kifu.base.native``): a test or
a program switches between the compiled core and pure Python within one process, by
``os.environ`` or ``monkeypatch``, and ``compiled`` follows at once."""
from __future__ import annotations

import os

from kifu.base import native as cores

PACKING = "kifu.corpus._packing"


def test_the_environment_switches_the_core_at_each_call(monkeypatch):
    built = cores.built(PACKING)  # None where no compiler built it: the switch holds the same
    monkeypatch.delenv(cores.PURE_PYTHON, raising=False)
    assert not cores.forced_pure() and cores.compiled(PACKING) is built
    for value, pure in (("1", True), ("0", False), ("", False), ("yes", True), ("0", False)):
        monkeypatch.setenv(cores.PURE_PYTHON, value)
        assert cores.forced_pure() is pure, value
        assert cores.compiled(PACKING) is (None if pure else built), value
    monkeypatch.delenv(cores.PURE_PYTHON)
    assert not cores.forced_pure() and cores.compiled(PACKING) is built
    os.environ[cores.PURE_PYTHON] = "1"
    try:
        assert cores.forced_pure() and cores.compiled(PACKING) is None
    finally:
        del os.environ[cores.PURE_PYTHON]
    assert not cores.forced_pure()
