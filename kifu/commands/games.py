"""``kifu games``: the games kifu knows (this loads every one of them), a block each, wrapped to
the terminal's width."""
from __future__ import annotations

import shutil
import textwrap

import click

from kifu.base.unsafe import printable
from kifu.plugin import AnyGame, registry
from kifu.plugin.values import option_values


@click.command("games")
def games() -> None:
    """The games kifu knows, their file suffixes, formats, dialects and drawing options (with
    the values each takes)."""
    width = max(60, min(shutil.get_terminal_size().columns, 100))
    blocks = [_block(game, width) for game in registry.games().values()]
    click.echo("\n\n".join(blocks))
    for name, problem in registry.broken().items():
        click.echo(f"warning: the game package {name!r} failed to load: {printable(problem)}",
                   err=True)


def _block(game: AnyGame, width: int) -> str:
    """One game: its name and title, then a line for each of its facts."""
    options = ", ".join(f"{name}={option_values(game.render_option_values.get(name, ()))}"
                        for name in game.render_options)
    facts = [("suffixes", " ".join(game.suffixes)),
             ("formats", ", ".join(["native", "json", *game.formats()])),
             ("dialects", ", ".join(game.dialects) or "-"),
             ("options (-O)", options or "-")]
    lines = [f"{game.name}  {game.title}"]
    for label, value in facts:
        lines.extend(textwrap.wrap(value, width, initial_indent=f"  {label:<13} ",
                                   subsequent_indent=" " * 16, break_on_hyphens=False))
    return "\n".join(lines)
