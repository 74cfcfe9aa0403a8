"""From record files to viewer pages: reading every game a file holds, and a folder index."""
from __future__ import annotations

from collections.abc import Callable

from kifu.errors import KifuError
from kifu.game import Game, RenderOptions
from kifu.load import parse_as, record_texts
from kifu.render.viewer.model import GameView, build_view, failed_view

#: The drawing options for a game (a folder may hold records of several games).
OptionsFor = Callable[[Game], RenderOptions]


def views_of_text(text: str, path: str, options_for: OptionsFor, *, game_name: str | None = None,
                  lenient: bool = False) -> list[GameView]:
    """A view of each record ``text`` holds (each game of an SGF collection); a record that
    cannot be read becomes a view of its diagnostic, and the others are still shown."""
    try:
        game, fmt, texts = record_texts(text, path, game_name)
    except KifuError as error:
        return [failed_view(path, error, text)]
    views = []
    for part in texts:
        try:
            record = parse_as(game, fmt, part, path)
        except KifuError as error:
            views.append(failed_view(path, error, part, game))
            continue
        views.append(build_view(game, record, path, part, options_for(game), lenient=lenient))
    return views
