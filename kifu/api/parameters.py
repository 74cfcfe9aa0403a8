"""Errors in the library's own terms: what the reading and replaying code shared with the
command line says as an option (``--game``, ``--encoding``, ``--boards DIR``) is said as the
library's parameter (``game=``, ``encoding=``, ``folders=``), so that no library error names a
command-line option.
"""
from __future__ import annotations

import dataclasses
import functools
import re
import reprlib
from collections.abc import Callable, Iterator
from typing import TYPE_CHECKING, Any, TypeVar

from kifu.base.errors import KifuError, OptionError

if TYPE_CHECKING:
    from kifu.base.diagnostics import Diagnostic

#: Each option of the command line that a shared message names, and the library's word for it.
LIBRARY_WORDS = {
    "--game-index N": "index=N", "--game-index": "index=", "--game": "game=NAME",
    "--format-in FORMAT": "format=NAME", "--format-in": "format=NAME",
    "--encoding NAME": "encoding=NAME", "--encoding": "encoding=NAME",
    "--boards DIR": "folders=(DIR,)", "--boards": "folders=", "--variation PATH": "variation=",
    "--variation": "variation=", "--move N": "n", "--move": "n", "--option": "**options",
    "--size": "size=", "--flip": "flip=", "--coords": "coords=", "--last-move": "last_move=",
    "--numbers": "numbers=", "--lenient": "lenient=True", "--pedantic": "pedantic=True",
    "--select": "select=", "--ignore": "ignore=", "--position": "position=",
    "--delay": "delay=", "--markup": "markup=", "--no-markup": "markup=False", "--wait": "wait=True",
    "--rebuild": "rebuild=True",
}
_OPTIONS = re.compile("|".join(re.escape(option) for option in
                               sorted(LIBRARY_WORDS, key=len, reverse=True)) + r"|-O (?=\w+=)")


def words(text: str) -> str:
    """``text`` with every command-line option it names said in the library's terms (a
    drawing option ``-O name=value`` as ``name=value``)."""
    return _OPTIONS.sub(lambda found: LIBRARY_WORDS.get(found.group(), ""), text)


def reworded(error: KifuError) -> KifuError:
    """``error`` itself, its message and option said in the library's terms."""
    error.message = words(error.message)
    error.args = (error.message, *error.args[1:])
    if isinstance(error, OptionError):
        error.option = LIBRARY_WORDS.get(error.option, error.option).partition("=")[0]
    return error


def reworded_diagnostic(found: Diagnostic) -> Diagnostic:
    """A diagnostic of :meth:`kifu.Record.check` in the library's terms."""
    return dataclasses.replace(found, message=words(found.message))


def whole_number(value: Any, name: str, low: int, *, none: bool = False) -> None:
    """An ``OptionError`` unless ``value`` is a whole number from ``low`` (or ``None`` where
    ``none``): a float, a string or a bool reached SQLite or a comparison as it was."""
    if value is None and none:
        return
    if isinstance(value, bool) or not isinstance(value, int) or value < low:
        shown = reprlib.repr(value)
        raise OptionError(f"{name}={shown}: {name} is a whole number from {low}"
                          + (" (or None)" if none else ""), option=name)


def text_or_none(name: str, value: Any) -> None:
    """An ``OptionError`` unless ``value`` is a text (or ``None``): a number or a list reached
    the code that reads the text, and failed there with Python's own error."""
    if value is not None and not isinstance(value, str):
        raise OptionError(f"{name}={reprlib.repr(value)}: {name} is a text (or None), not "
                          f"{type(value).__name__}", option=name)


def texts_or_none(**values: Any) -> None:
    """:func:`text_or_none` for each keyword given."""
    for name, value in values.items():
        text_or_none(name, value)


F = TypeVar("F", bound=Callable[..., Any])


def library_terms(function: F) -> F:
    """``function`` (of the library) raising its errors in the library's terms; a generator
    function's errors too, as it is iterated."""
    if _is_generator(function):
        @functools.wraps(function)
        def iterate(*args: Any, **kwargs: Any) -> Iterator[Any]:
            try:
                yield from function(*args, **kwargs)
            except KifuError as error:
                raise reworded(error) from None

        return iterate  # type: ignore[return-value]

    @functools.wraps(function)
    def call(*args: Any, **kwargs: Any) -> Any:
        try:
            return function(*args, **kwargs)
        except KifuError as error:
            raise reworded(error) from None

    return call  # type: ignore[return-value]


def _is_generator(function: Callable[..., Any]) -> bool:
    import inspect

    return inspect.isgeneratorfunction(function)
