"""``kifu show``: a record's headers, result and moves, and the position after a move."""
from __future__ import annotations

import sys
from typing import Any

import click

from kifu.base import exitcodes
from kifu.base.errors import KifuError
from kifu.base.record import ReadOptions
from kifu.base.rules import Rules
from kifu.base.unsafe import printable, safe_lines
from kifu.commands import console
from kifu.commands.console import handle_errors, quoting
from kifu.commands.options import (
    boards_option,
    findings_options,
    game_index_option,
    input_options,
    lenient_option,
    move_option,
    record_argument,
    variation_option,
)
from kifu.plugin import RenderOptions, Step, driver
from kifu.run.load import Loaded
from kifu.run.progress import is_terminal


@click.command()
@record_argument
@input_options
@boards_option
@move_option
@click.option("--format", "-f", "fmt", type=click.Choice(["text", "json"]), default="text",
              show_default=True, help="text: tables and a diagram; json: the replay, move "
              "by move.")
@click.option("--variations", is_flag=True, help="With --format json: replay every variation too.")
@variation_option
@lenient_option
@game_index_option
@findings_options
@handle_errors
def show(record: str, game: str | None, format_in: str | None, encoding: str | None,
         read_options: ReadOptions,
         move: int | None, fmt: str, variations: bool, path: tuple[int, ...],
         lenient: bool, game_index: int | None, rules: Rules, pedantic: bool) -> None:
    """Headers, result, moves and the position after a move (the last by default).

    With --format json, the replay of the line chosen (--variation, up to --move), or of every
    line with --variations; exit 1 when the record has an illegal move.
    """
    if variations and fmt != "json":
        raise click.UsageError("--variations needs --format json (text shows one line)")
    if variations and (move is not None or path):
        raise click.UsageError("--variations replays every line; it takes no --move or "
                               "--variation")
    loaded = console.load_record(record, encoding, game, read_options, game_index, lenient,
                                 format_in=format_in, rules=rules, pedantic=pedantic)
    if fmt == "json":
        _show_json(loaded, move, path, variations, lenient)
    else:
        _show_text(loaded, move, path, lenient)


def _show_text(loaded: Loaded, move: int | None, path: tuple[int, ...], lenient: bool) -> None:
    """The headers and facts as a table, the record's comments, then the position drawn; for
    a record with an illegal move on the way, the position before it, then the error (exit
    status 1)."""
    from tabulate import tabulate  # only where a table is printed

    loaded.check_move(move, path)
    fault: KifuError | None = None
    try:
        position, last = loaded.position_at(move, path, lenient)
    except KifuError as error:
        fault = error
        position, last = _before_fault(loaded, path, lenient)
    rec, g = loaded.record, loaded.game
    rows = [(key, value) for key, value in rec.headers.items()]
    # the rules the position is judged by, where the game names them (a game of several rule
    # sets), else the game itself
    facts = g.summary(position)
    rules = [value for name, value in facts if name == "rules"]
    rows.append(("rules", rules[0] if rules else g.title))
    outcome = g.outcome(position)
    rows.append(("outcome", outcome.describe() if outcome else "not decided"))
    if fault is not None:
        rows.append(("illegal", fault.describe()))
    if last is not None:
        rows.append(("last move", g.move_text(last.node.move)))
    rows.extend((name, value) for name, value in facts if name != "rules")
    click.echo(tabulate([(printable(k), printable(v)) for k, v in rows], tablefmt="plain"))
    if rec.comments:
        click.echo()
        for line in "\n".join(rec.comments).split("\n"):
            click.echo(printable(line))
    click.echo()
    click.echo(safe_lines(g.render_text(position, RenderOptions())), nl=False)
    if fault is not None:
        click.echo(err=True)
        with quoting(loaded):
            raise fault


def _before_fault(loaded: Loaded, path: tuple[int, ...], lenient: bool) -> tuple[Any, Step | None]:
    """The position after the last legal move of the line, and its step (``None`` at the
    start): what a record with an illegal move shows."""
    position, last = loaded.game.start(loaded.record), None
    try:
        for step in driver.replay(loaded.game, loaded.record, lenient=lenient, path=path):
            position, last = loaded.game.copy(step.position), step
    except KifuError:
        pass
    return position, last


def _show_json(loaded: Loaded, move: int | None, path: tuple[int, ...], variations: bool,
               lenient: bool) -> None:
    """The replay as JSON; exit 1 when a line has an illegal move."""
    from kifu.run.replayjson import replay_text

    if not variations:
        loaded.check_move(move, path)
    with quoting(loaded):  # a replay of too many positions is refused before it is written
        replay = replay_text(loaded.game, loaded.record, variations=variations,
                             lenient=lenient, path=path, move=move)
    # a long replay says how far it has got, where the JSON goes elsewhere than the terminal
    progress = None if is_terminal(sys.stdout) else console.work_progress(
        f"replaying {printable(loaded.name)}", "moves")
    if progress is not None:
        progress.expect(replay.positions)
        replay.step = progress.step
    try:
        for piece in replay:  # written as replayed: the whole document can be hundreds of MB
            click.echo(piece, nl=False)
    finally:
        if progress is not None:
            progress.close()
    if replay.failed:
        sys.exit(exitcodes.INVALID)
