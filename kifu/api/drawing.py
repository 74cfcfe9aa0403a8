"""Positions drawn for Python users: :func:`svg`, :func:`png` and :func:`text`, with the
options of ``kifu render`` as keyword arguments."""
from __future__ import annotations

from typing import Any

from kifu.api.gameobjects import Game
from kifu.api.gameobjects import game as find_game
from kifu.api.parameters import library_terms
from kifu.base.unsafe import safe_lines
from kifu.plugin import RenderOptions


@library_terms
def svg(position: Any, game: Game[Any, Any] | str, **options: Any) -> str:
    """``position`` of ``game`` (a :class:`~kifu.Game` or its name) as a standalone SVG
    document.  ``options`` are those of ``kifu render``: every game's (the fields of
    :class:`~kifu.plugin.RenderOptions`: ``size`` the width in pixels, ``flip`` turns the board
    round, ``coords`` draws the coordinates, ``last_move`` marks the last move, ``numbers``
    numbers the stones) and the game's own (``game.render_options``, e.g. ``forbidden=True``
    for Renju).  Text from the record is escaped.  Raises ``OptionError`` for an option the
    game does not have or a value it cannot take."""
    rules = _game(game)
    rules.check_position_value(position)
    return rules.plugin.render_svg(position, _options(rules, options))


@library_terms
def png(position: Any, game: Game[Any, Any] | str, **options: Any) -> bytes:
    """``position`` of ``game`` as a PNG picture: :func:`svg`'s drawing, with its options,
    drawn by resvg.  Needs kifu's images extra (``pip install '.[images]'`` in kifu's
    checkout); without it, an ``OptionError`` says so."""
    from kifu.render import images  # imported when used: it needs the images extra

    return images.png(svg(position, game, **options))


@library_terms
def text(position: Any, game: Game[Any, Any] | str, **options: Any) -> str:
    """``position`` of ``game`` as a diagram for a terminal, with the options of :func:`svg`;
    control characters from the record are shown escaped."""
    rules = _game(game)
    rules.check_position_value(position)
    return safe_lines(rules.plugin.render_text(position, _options(rules, options)))


def _game(game: Game[Any, Any] | str) -> Game[Any, Any]:
    return find_game(game) if isinstance(game, str) else game


def _options(game: Game[Any, Any], options: dict[str, Any]) -> RenderOptions:
    from kifu.render.formats import Drawing

    common = RenderOptions(**{name: options.pop(name) for name in RenderOptions.common()
                              if name in options})
    named = tuple(f"{name}={_value(value)}" for name, value in options.items())
    return Drawing(options=common, extras=named).options_for(game.plugin)


def _value(value: Any) -> str:
    if isinstance(value, bool):
        return "yes" if value else "no"
    return str(value)
