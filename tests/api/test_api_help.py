"""``help(kifu)`` shows a working example: the package docstring's doctest runs."""
from __future__ import annotations

import doctest

import kifu


def test_the_package_docstring_example_runs() -> None:
    assert ">>> import kifu" in (kifu.__doc__ or "")
    failures, tried = doctest.testmod(kifu, verbose=False)
    assert tried > 5 and failures == 0


def test_every_public_name_has_a_docstring() -> None:
    for name in kifu.__all__:
        value = getattr(kifu, name)
        if callable(value):
            assert value.__doc__, name
            for member in vars(value).values() if isinstance(value, type) else ():
                if callable(member) and not getattr(member, "__name__", "_").startswith("_"):
                    assert member.__doc__, f"{name}.{member.__name__}"
