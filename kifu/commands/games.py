"""``kifu games``: the games kifu knows (this loads every one of them)."""
from __future__ import annotations

import click

from kifu.base.unsafe import printable
from kifu.plugin import registry


@click.command("games")
def games() -> None:
    """The games kifu knows, their file suffixes, formats, dialects and drawing options."""
    from tabulate import tabulate  # only where a table is printed

    rows = []
    for game in registry.games().values():
        formats = ", ".join(["native", "json", *game.formats()])
        rows.append([game.name, game.title, " ".join(game.suffixes), formats,
                     ", ".join(game.dialects) or "-", ", ".join(game.render_options) or "-"])
    click.echo(tabulate(rows, headers=["game", "title", "suffixes", "formats", "dialects",
                                       "render options (-O)"]))
    for name, problem in registry.broken().items():
        click.echo(f"warning: the game package {name!r} failed to load: {printable(problem)}",
                   err=True)
