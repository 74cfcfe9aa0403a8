"""Positions drawn for Python users: :func:`svg` and :func:`text`, with the options of
``kifu render`` as keyword arguments."""
from __future__ import annotations

from typing import Any

from kifu.api.games import Game
from kifu.api.games import game as find_game
from kifu.game import RenderOptions


def svg(position: Any, game: Game[Any, Any] | str, *, size: int | None = None,
        flip: bool = False, coords: bool = True, last_move: bool = True,
        numbers: bool = False, **options: str | bool) -> str:
    """``position`` of ``game`` (a :class:`~kifu.Game` or its name) as a standalone SVG
    document.  ``size`` is the width in pixels; ``flip`` turns the board round; ``coords``
    draws the coordinates, ``last_move`` marks the last move, ``numbers`` numbers the stones;
    ``options`` are the game's own (``game.render_options``, e.g. ``forbidden=True`` for
    Renju).  Text from the record is escaped.  Raises ``OptionError`` for an option the game
    does not have."""
    rules = _game(game)
    return rules.plugin.render_svg(position, _options(rules, size, flip, coords, last_move,
                                                      numbers, options))


def text(position: Any, game: Game[Any, Any] | str, *, size: int | None = None,
         flip: bool = False, coords: bool = True, last_move: bool = True,
         numbers: bool = False, **options: str | bool) -> str:
    """``position`` of ``game`` as a diagram for a terminal, with the options of :func:`svg`;
    control characters from the record are shown escaped."""
    from kifu.unsafe import safe_lines

    rules = _game(game)
    return safe_lines(rules.plugin.render_text(position, _options(
        rules, size, flip, coords, last_move, numbers, options)))


def _game(game: Game[Any, Any] | str) -> Game[Any, Any]:
    return find_game(game) if isinstance(game, str) else game


def _options(game: Game[Any, Any], size: int | None, flip: bool, coords: bool,
             last_move: bool, numbers: bool, extras: dict[str, str | bool]) -> RenderOptions:
    from kifu.render.formats import Drawing

    common = RenderOptions(size=size, flip=flip, coords=coords, last_move=last_move,
                           numbers=numbers)
    named = tuple(f"{name}={_value(value)}" for name, value in extras.items())
    return Drawing(options=common, extras=named).options_for(game.plugin)


def _value(value: str | bool) -> str:
    if isinstance(value, bool):
        return "yes" if value else "no"
    return value
