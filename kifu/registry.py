"""Finding games: every package under ``kifu/games/`` that exposes ``GAME`` is one.

Adding a game means adding its package and grammar; nothing here changes.  A record's game is
found from ``--game``, else a ``Game:`` header, else the file's suffix (with the interchange
formats, such as SGF, asked whether the text is theirs).
"""
from __future__ import annotations

import functools
import importlib
import pkgutil
import re
from pathlib import PurePath

import kifu.games
from kifu.errors import ConversionError, UnknownGameError
from kifu.game import Format, Game

NATIVE = "native"
JSON = "json"

_GAME_HEADER = re.compile(r"^[ \t\ufeff]*Game[ \t]*[:：][ \t]*(\S+)", re.IGNORECASE | re.MULTILINE)
#: Only the head of a file is searched for a ``Game:`` header.
_HEADER_WINDOW = 4096


@functools.cache
def _discover() -> tuple[dict[str, Game], dict[str, str]]:
    found: dict[str, Game] = {}
    broken: dict[str, str] = {}
    for info in pkgutil.iter_modules(kifu.games.__path__):
        try:
            module = importlib.import_module(f"{kifu.games.__name__}.{info.name}")
        except Exception as error:  # noqa: BLE001 - one broken plug-in must not sink the rest
            broken[info.name] = f"{type(error).__name__}: {error}"
            continue
        game = getattr(module, "GAME", None)
        if isinstance(game, Game):
            found[game.name] = game
    return dict(sorted(found.items())), broken


def games() -> dict[str, Game]:
    """Every installed game by name, in name order."""
    return _discover()[0]


def broken() -> dict[str, str]:
    """Game packages that failed to import, with the error: ``kifu games`` lists them."""
    return _discover()[1]


def get(name: str) -> Game:
    """A game by its name or one of its aliases, any case."""
    wanted = name.strip().casefold()
    for game in games().values():
        if wanted == game.name or wanted in (alias.casefold() for alias in game.aliases):
            return game
    known = ", ".join(games())
    raise UnknownGameError(f"unknown game {name!r}; kifu knows {known}")


def suffixes() -> set[str]:
    """Every file suffix some game reads (native notations and interchange formats)."""
    found = {".json"}
    for game in games().values():
        found.update(game.suffixes)
        for fmt in game.formats().values():
            found.update(fmt.suffixes)
    return found


def detect(text: str, path: str, game_name: str | None = None) -> tuple[Game, str]:
    """The game a record belongs to and the format it is written in (``native``, ``json``...)."""
    suffix = PurePath(path).suffix.lower()
    if text.lstrip().startswith("{"):
        from kifu import jsonform  # JSON names its game itself

        return get(game_name or jsonform.game_of(text)), JSON
    if game_name:
        game = get(game_name)
        return game, _format_by_suffix(game, suffix, text) or NATIVE
    header = _GAME_HEADER.search(text[:_HEADER_WINDOW])
    if header:
        return get(header.group(1)), NATIVE
    for game in games().values():
        if suffix in game.suffixes:
            return game, NATIVE
    claimants = [(game, fmt) for game in games().values()
                 if (fmt := _format_by_suffix(game, suffix, text))]
    if claimants:
        game, fmt = claimants[0]
        return game, fmt
    raise UnknownGameError(
        "cannot tell which game this record is: give it a 'Game:' header, a known suffix "
        f"({', '.join(sorted(suffixes()))}) or --game")


def guess(path: str) -> str | None:
    """The game a file's native suffix names, for reports on files that could not be read."""
    suffix = PurePath(path).suffix.lower()
    for game in games().values():
        if suffix in game.suffixes:
            return game.name
    return None


def _format_by_suffix(game: Game, suffix: str, text: str) -> str | None:
    for name, fmt in game.formats().items():
        if suffix in fmt.suffixes and fmt.claims(text):
            return name
    return None


def format_of(game: Game, name: str) -> Format:
    """An interchange format of a game, by name."""
    try:
        return game.formats()[name]
    except KeyError:
        offered = ", ".join([NATIVE, JSON, *game.formats()])
        raise ConversionError(f"{game.name} has no format {name!r}; it offers {offered}") from None
