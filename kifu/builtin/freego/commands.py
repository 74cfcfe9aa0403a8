"""``kifu board``: check a board file, write its derived adjacency, list the built-in boards.

The game brings these through ``Game.commands()``; the core adds them to ``kifu`` without knowing
what they are.  Problems print as ``kifu validate`` prints them (``path:line:col:
error[board]: ...`` with the line and a caret), and exit codes follow kifu's: 0 clean (warnings
allowed), 1 the board has errors, 2 the file cannot be read or the command is misused.
"""
from __future__ import annotations

import sys
from pathlib import Path

import click
from tabulate import tabulate

from kifu.builtin.freego.boards import builtin
from kifu.builtin.freego.boards import files as boardfile
from kifu.builtin.freego.boards.board import BoardError
from kifu.plugin import INVALID as EXIT_INVALID
from kifu.plugin import USAGE as EXIT_USAGE
from kifu.plugin import Console, KifuError


def _print(problems: list[KifuError], path: str, text: str | None) -> None:
    Console.current().problems(problems, path, text)


def _read(path: str) -> str:
    try:
        return boardfile.read_text(Path(path))
    except BoardError as error:
        click.echo(f"kifu board: {error.message}", err=True)
        sys.exit(EXIT_USAGE)


@click.group("board")
def board_group() -> None:
    """Free-form Go boards: check a board file, derive its adjacency, list built-in boards."""


@board_group.command("check")
@click.argument("board", type=click.Path(dir_okay=False))
def check(board: str) -> None:
    """Check a board file (or a built-in board's name): known ids, symmetric adjacency, no
    self-loops, unique names; warn about isolated cells."""
    if not Path(board).exists():
        try:
            found = builtin.builtin(board)
        except KifuError as error:
            _print([error], board, None)
            sys.exit(EXIT_INVALID)
        if found is None:
            click.echo(f"kifu board: {board}: no such file and no built-in board of that name "
                       f"({', '.join(builtin.builtin_names())})", err=True)
            sys.exit(EXIT_USAGE)
        click.echo(f"{board}: ok, built-in board, {len(found.playable)} playable cells of "
                   f"{len(found)}, {len(found.edges())} adjacent pairs")
        return
    text = _read(board)
    checked = boardfile.check_text(text, Path(board).stem)
    _print(checked.problems, board, text)
    if checked.board is None:
        sys.exit(EXIT_INVALID)
    found = checked.board
    how = "derived from outlines" if checked.derived else "listed"
    warnings = len(checked.problems)
    click.echo(f"{board}: ok, {len(found.playable)} playable cells of {len(found)}, "
               f"{len(found.edges())} adjacent pairs ({how})"
               + (f", {warnings} warning{'s' * (warnings != 1)}" if warnings else ""))


@board_group.command("derive")
@click.argument("board", type=click.Path(dir_okay=False))
@click.option("--output", "-o", type=click.Path(dir_okay=False, allow_dash=True),
              help="Write the result here (- for standard output) instead of into BOARD.")
@click.option("--tolerance", type=click.FloatRange(min=0, min_open=True),
              help="Snap vertices closer than this (default: the file's 'tolerance', else "
                   "1/1000 of the drawing's diagonal).")
def derive(board: str, output: str | None, tolerance: float | None) -> None:
    """Derive adjacency from the cells' polygons and write it into the board file, so that
    replaying never needs geometry."""
    text = _read(board)
    try:
        new_text, pairs = boardfile.derive_text(text, tolerance)
    except BoardError as error:
        _print([error], board, text)
        sys.exit(EXIT_INVALID)
    checked = boardfile.check_text(new_text, Path(board).stem)
    if checked.board is None:  # the derived board must itself be sound
        _print(checked.problems, board if output is None else output, new_text)
        sys.exit(EXIT_INVALID)
    if output == "-":
        click.echo(new_text, nl=False)
    else:
        try:
            Console.current().write(board if output is None else output, new_text)
        except KifuError as error:
            click.echo(f"kifu board: {error.message}", err=True)
            sys.exit(EXIT_USAGE)
    click.echo(f"{board}: {pairs} adjacent pairs derived from {len(checked.board)} outlines",
               err=output == "-")


@board_group.command("list")
def list_boards() -> None:
    """The built-in boards."""
    click.echo(tabulate(sorted(builtin.builtin_names().items()), headers=["board", "what"]))
