"""The formats ``kifu render --format`` draws in, for one record or a whole batch.

A format turns a loaded record and what the user asked to see (:class:`Drawing`) into the text
of one output file.  A format may also add pages of its own to a batch's folder (``index``):
made with the output folder, it is given every input's :class:`~kifu.run.outputs.Written` entry as
it comes, in input order, and finished at the end, so that it can build a table of contents.
Adding a format means adding an entry to :data:`RENDER_FORMATS`; the command line and the batch
runner take it from there.
"""
from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any, Protocol

from kifu.base.errors import OptionError
from kifu.base.markup import Markup
from kifu.base.record import Node
from kifu.base.unsafe import safe_lines
from kifu.plugin import AnyGame, RenderOptions, driver
from kifu.plugin.values import check_option
from kifu.run.load import Loaded, check_move
from kifu.run.outputs import Written


@dataclass(frozen=True)
class Drawing:
    """What to draw: the position after ``move`` (the last when ``None``) of the line ``path``,
    with the drawing ``options`` and the game's own options ``extras`` (``NAME[=VALUE]``)."""

    move: int | None = None
    path: tuple[int, ...] = ()
    lenient: bool = False
    options: RenderOptions = field(default_factory=RenderOptions)
    extras: tuple[str, ...] = ()
    #: The viewer's problem mode: on, off, or (``None``) for the records that read as problems.
    problem: bool | None = None

    def options_for(self, game: AnyGame) -> RenderOptions:
        """The drawing options with the game's own; ``OptionError`` for one it does not have."""
        extras = {}
        for item in self.extras:
            name, _, value = item.partition("=")
            if name not in game.render_options:
                offered = ", ".join(game.render_options) or "none"
                raise OptionError(f"{game.name} has no drawing option {name!r} (it has "
                                  f"{offered})", option="--option")
            problem = check_option(name, value, game.render_option_values.get(name, ()))
            if problem is not None:
                raise OptionError(problem, option="--option")
            extras[name] = value or "yes"
        return replace(self.options, extras=extras)

    def position(self, loaded: Loaded) -> Any:
        """The position to draw (see :meth:`kifu.run.load.Loaded.position_at`)."""
        position, _ = loaded.position_at(self.move, self.path, self.lenient)
        return position

    def marked(self, loaded: Loaded) -> tuple[Any, Markup | None]:
        """The position to draw and what the record marks on it (see
        :meth:`kifu.plugin.GamePlugin.markup_at`)."""
        position, step = loaded.position_at(self.move, self.path, self.lenient)
        line = loaded.record.line(self.path) if step is not None else []
        return position, loaded.game.markup_at(loaded.record, line,
                                               step.node if step is not None else None)


class IndexSink(Protocol):
    """What a format adds to an output folder, built as the batch's results come in."""

    def add(self, entry: Written) -> None: ...

    def finish(self) -> Path: ...


@dataclass(frozen=True)
class RenderFormat:
    """One output format: its name, the suffix of the files it writes, how it draws one record,
    and optionally what it adds to an output folder during a batch (``index``: made with the
    folder, given each input's result, finished at the end) and the names of the files it
    adds there (``reserved``, relative to the folder: no record's output takes them)."""

    name: str
    suffix: str
    draw: Callable[[Loaded, Drawing], str]
    index: Callable[[Path], IndexSink] | None = None
    reserved: frozenset[str] = frozenset()
    #: The format is bytes, given as text of one character each (ISO-8859-1), as the binary
    #: formats of ``kifu convert`` are.
    binary: bool = False


def draw_svg(loaded: Loaded, drawing: Drawing) -> str:
    options = drawing.options_for(loaded.game)
    position, markup = drawing.marked(loaded)
    marked = (markup,) if markup else ()  # a game that draws no markup takes three arguments
    return loaded.game.render_svg(position, options, loaded.record, *marked)


def draw_png(loaded: Loaded, drawing: Drawing) -> str:
    """The SVG drawing as PNG (see :mod:`kifu.render.images`), as bytes in text."""
    from kifu.render import images  # imported when used: it needs the images extra

    return images.png(draw_svg(loaded, drawing)).decode("latin-1")


def draw_gif(loaded: Loaded, drawing: Drawing) -> str:
    """An animated GIF of a line of play (``--variation``) from its start to ``--move`` (by
    default its end), a position a frame, ``--delay`` milliseconds each."""
    from kifu.render import images

    drawings, positions = line_drawings(loaded, drawing)
    delay = drawing.options_for(loaded.game).delay
    return images.gif(drawings, delay, positions).decode("latin-1")


def line_drawings(loaded: Loaded, drawing: Drawing) -> tuple[Iterator[str], int]:
    """The SVG drawings of a GIF's frames (see :func:`draw_gif`), drawn as they are asked
    for, and how many there are."""
    game, record = loaded.game, loaded.record
    options = drawing.options_for(game)
    check_move(record, drawing.move, drawing.path)
    line = record.line(drawing.path)

    def drawn(position: Any, node: Node[Any] | None) -> str:
        markup = game.markup_at(record, line, node)
        return game.render_svg(position, options, record, *((markup,) if markup else ()))

    def frames() -> Iterator[str]:
        yield drawn(game.start(record), None)
        if drawing.move == 0:
            return
        for step in driver.replay(game, record, lenient=drawing.lenient, path=drawing.path):
            yield drawn(step.position, step.node)
            if drawing.move is not None and step.number == drawing.move:
                return

    positions = 1 + (len(line) if drawing.move is None else min(len(line), drawing.move))
    return frames(), positions


def draw_text(loaded: Loaded, drawing: Drawing) -> str:
    """A text diagram; what it takes from the record (a player's name) is shown escaped, as a
    diagram is read in a terminal."""
    options = drawing.options_for(loaded.game)
    return safe_lines(loaded.game.render_text(drawing.position(loaded), options))


def draw_html(loaded: Loaded, drawing: Drawing) -> str:
    """The viewer page of a record (see :mod:`kifu.render.viewer`), opened at the position
    asked for."""
    from kifu.render import viewer  # imported when used: drawing SVG or text needs none of it

    views = [viewer.build_view(loaded.game, loaded.record, loaded.source.path, loaded.source.text,
                               drawing.options_for(loaded.game), lenient=drawing.lenient,
                               problem=drawing.problem)]
    viewer.open_at(views, drawing.move, drawing.path, strict=True)
    return viewer.page(views, text=loaded.source.text)


def index_html(out_dir: Path) -> IndexSink:
    from kifu.render import viewer

    return viewer.IndexBuilder(out_dir)


RENDER_FORMATS: dict[str, RenderFormat] = {
    "svg": RenderFormat("svg", ".svg", draw_svg),
    "text": RenderFormat("text", ".txt", draw_text),
    "html": RenderFormat("html", ".html", draw_html, index_html, frozenset({"index.html"})),
    "png": RenderFormat("png", ".png", draw_png, binary=True),
    "gif": RenderFormat("gif", ".gif", draw_gif, binary=True),
}
