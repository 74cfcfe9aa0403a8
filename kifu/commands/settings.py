"""What a repository of records states once: the ``[tool.kifu]`` table of its
``pyproject.toml``, found from the working folder up, as ruff finds its own table.

The table holds ``select`` and ``ignore`` (lists of rule names or codes) and ``pedantic`` (a
boolean); the options of the command line are taken after it (:mod:`kifu.base.rules`).  A table
kifu cannot use (not TOML, a key it does not know, a value of the wrong kind, a rule no game
has) is a usage error naming the file and the key, never a traceback.

Nothing here needs click: ``kifu validate``'s plain reading (:mod:`kifu.commands.plain`) reads
the settings too, and leaves a file it cannot use to click's reading, whose options turn the
:class:`SettingsError` into click's usage error.
"""
from __future__ import annotations

import os
import re
from collections.abc import Iterable, Iterator
from typing import Any

from kifu.base.rules import Choice, Rules, unknown
from kifu.base.unsafe import printable
from kifu.base.value import dataclass
from kifu.plugin import registry

#: The file and the table kifu reads its settings from.
FILE, TABLE = "pyproject.toml", ("tool", "kifu")
#: The table's keys and what each holds.
KEYS = {"select": "a list of rule names", "ignore": "a list of rule names",
        "pedantic": "true or false"}


class SettingsError(Exception):
    """A settings file kifu cannot use: a usage error (exit status 2), said against the file."""

    def __init__(self, message: str) -> None:
        super().__init__(message)
        self.message = message


class RuleNames(Iterable[str]):
    """Every rule name, worked out when a name given is checked against them: only then are
    the installed packages' entry points read, for the rules of the games they plug in (a scan
    that costs as much as kifu's start-up, which a run that names no rule need not pay)."""

    def __iter__(self) -> Iterator[str]:
        return iter(registry.rule_names())


@dataclass(frozen=True)
class Settings:
    """The settings of one ``[tool.kifu]`` table (``path``: the file that holds it)."""

    path: str
    select: tuple[str, ...] | None = None
    ignore: tuple[str, ...] = ()
    pedantic: bool | None = None

    def choice(self) -> Choice:
        return Choice(self.select, self.ignore)


def find(start: str | None = None) -> str | None:
    """The first ``pyproject.toml`` with a ``[tool.kifu]`` table in the folder ``start`` (the
    working folder) or above it; ``None`` if there is none.  (Paths as text: every command
    that reports findings asks, and ``pathlib`` costs a run 3 ms to import.)"""
    try:
        folder = os.path.abspath(start or os.getcwd())
    except OSError:  # the working folder was removed under kifu
        return None
    while True:
        candidate = os.path.join(folder, FILE)
        if os.path.isfile(candidate) and _table(candidate) is not None:
            return candidate
        parent = os.path.dirname(folder)
        if parent == folder:
            return None
        folder = parent


def read(path: str, known: Iterable[str]) -> Settings:
    """The ``[tool.kifu]`` table of the file ``path`` (a usage error if it has none), its rule
    names checked against ``known``."""
    table = _table(path)
    shown = _shown(path)
    if table is None:
        raise SettingsError(f"{shown}: there is no [tool.kifu] table")
    for key in table:
        if key not in KEYS:
            raise SettingsError(f"{shown}: [tool.kifu] has no key {printable(repr(key))}; kifu "
                                f"reads {', '.join(KEYS)}")
    select, ignore = (_names(table, key, shown, known) for key in ("select", "ignore"))
    pedantic = table.get("pedantic")
    if pedantic is not None and not isinstance(pedantic, bool):
        raise SettingsError(f"{shown}: [tool.kifu] pedantic: must be {KEYS['pedantic']}")
    return Settings(shown, select, ignore or (), pedantic)


def _names(table: dict[str, Any], key: str, shown: str,
           known: Iterable[str]) -> tuple[str, ...] | None:
    value = table.get(key)
    if value is None:
        return None
    if not isinstance(value, list) or not all(isinstance(name, str) for name in value):
        raise SettingsError(f"{shown}: [tool.kifu] {key}: must be {KEYS[key]} (e.g. "
                            f"{key} = [\"duplicate-property\"])")
    names = tuple(name.strip() for name in value)
    problems = unknown(names, known)
    if problems:
        raise SettingsError(f"{shown}: [tool.kifu] {key}: {'; '.join(problems)}")
    return names


def _table(path: str) -> dict[str, Any] | None:
    """The ``[tool.kifu]`` table of ``path``, or ``None``; a file that says nothing of kifu
    is not parsed (another project's ``pyproject.toml`` higher up is none of kifu's business)."""
    try:
        with open(path, "rb") as file:
            text = file.read().decode("utf-8")
    except (OSError, UnicodeDecodeError) as error:
        reason = "not UTF-8" if isinstance(error, UnicodeDecodeError) else \
            error.strerror or str(error)
        raise SettingsError(f"{_shown(path)}: cannot be read ({reason})") from None
    if "kifu" not in text or not _may_hold_table(text):
        return None
    import tomllib  # only where a file may hold kifu's table

    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as error:
        raise SettingsError(f"{_shown(path)}: not valid TOML: {error}") from None
    table: Any = data
    for key in TABLE:
        table = table.get(key) if isinstance(table, dict) else None
    if table is None:
        return None
    if not isinstance(table, dict):
        raise SettingsError(f"{_shown(path)}: tool.kifu must be a table ([tool.kifu])")
    return table


def _may_hold_table(text: str) -> bool:
    """Whether ``text``, which names kifu, may hold a ``[tool.kifu]`` table however TOML spells
    it: a table's header naming ``tool`` then ``kifu``, a ``[tool]`` table, a key ``tool`` at a
    line's start (dotted, or an inline table), or an escape (a quoted key may spell a name
    so).  A file with none of them is not parsed: a Python project's own ``pyproject.toml``
    names kifu too (its dependencies, its scripts), and parsing it costs as much as checking a
    folder of records."""
    # compiled when first asked (re caches it): only a file that names kifu is asked
    return re.search(r"""^[ \t\ufeff]*\[[^\n]*tool[^\n]*kifu"""
                     r"""|^[ \t\ufeff]*\[[ \t]*["']?tool["']?[ \t]*\]"""
                     r"""|^[ \t\ufeff]*["']?tool["']?[ \t]*[.=]|\\[uU]""", text,
                     re.MULTILINE) is not None


def _shown(path: str) -> str:
    """``path`` as a message names it: relative to the working folder."""
    try:
        return printable(os.path.relpath(path))
    except (OSError, ValueError):  # no working folder, or another drive
        return printable(path)


def rules_of(select: Iterable[str], ignore: Iterable[str], settings: Settings | None) -> Rules:
    """The rules of a run: the table's choice, then the command line's."""
    rules = Rules()
    if settings is not None and (settings.select is not None or settings.ignore):
        rules = rules.then(settings.choice())
    select, ignore = tuple(select), tuple(ignore)
    if select or ignore:
        rules = rules.then(Choice(select or None, ignore))
    return rules
