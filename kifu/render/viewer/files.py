"""From record files to viewer pages: every game a file holds, and what to report about them."""
from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

from kifu.base.diagnostics import Diagnostic, FileReport
from kifu.base.errors import KifuError, OptionError
from kifu.base.limits import moves_in
from kifu.base.record import Node, ReadOptions, Record
from kifu.base.rules import EVERY, Rules
from kifu.plugin import AnyGame, RenderOptions, registry
from kifu.render.viewer.model import DiagnosticJson, GameView, Marker, build_view, failed_view
from kifu.render.viewer.svgdiff import SvgTable
from kifu.run.load import parse_each_as
from kifu.run.progress import WorkProgress

#: The drawing options for a game (a folder may hold records of several games); may raise a
#: ``KifuError`` for an option the game does not have.
OptionsFor = Callable[[AnyGame], RenderOptions]
#: A position of a record marked besides what the record marks (where a search matched it):
#: the entry of its line (from 1; 0, the start) and the line (a variation path), and what
#: marks it.
Marked = tuple[int, tuple[int, ...], Marker]


def views_of_text(text: str, path: str, options_for: OptionsFor, *, game_name: str | None = None,
                  format_name: str | None = None, lenient: bool = False,
                  read_options: ReadOptions | None = None, problem: bool | None = None,
                  progress: WorkProgress | None = None,
                  marked: Mapping[int, Marked] | None = None) -> list[GameView]:
    """A view of each record ``text`` holds (each game of an SGF collection), sharing one
    table of drawings; a record that cannot be read becomes a view of its diagnostic, and the
    others are still shown.  ``problem``: show every record as a problem, or none (``None``:
    those that read as one); ``progress`` is told of every position drawn; ``marked``, by the
    record's number in the file (from 0), a position of it marked besides the record's own
    marks (the points a search matched there)."""
    views: list[GameView] = []
    table = SvgTable()
    try:
        game, fmt = registry.detect(text, path, game_name, format_name)
        for number, one in enumerate(parse_each_as(game, fmt, text, path, options=read_options)):
            try:
                if one.record is None:  # reading failed: the error is among the findings
                    raise next(f for f in one.findings if f.severity == "error")
                if progress is not None:
                    progress.expect(moves_in(one.record.moves))
                views.append(build_view(game, one.record, path, text, options_for(game),
                                        lenient=lenient, problem=problem, table=table,
                                        step=None if progress is None else progress.step,
                                        marked=_marked_node(one.record, (marked or {}).get(number))))
            except KifuError as error:  # unreadable, or a drawing option the game refuses
                views.append(failed_view(path, error, text, game))
    except KifuError as error:  # no game, or nothing in the file to read
        views.append(failed_view(path, error, text))
    return views


def _marked_node(record: Record, marked: Marked | None) -> tuple[Node[Any] | None, Marker] | None:
    """The node of ``record`` a search's marks go on (``None``: its start), and what marks it;
    ``None`` where the record no longer has that node (its file changed since it was indexed)."""
    if marked is None:
        return None
    depth, path, marker = marked
    try:
        line = record.line(path)
    except ValueError:
        return None
    if depth > len(line):
        return None
    return (line[depth - 1] if depth > 0 else None), marker


def open_at(views: Sequence[GameView], move: int | None, path: tuple[int, ...],
            strict: bool) -> None:
    """Open each view at move ``move`` of the line ``path`` (as ``--move``/``--variation`` say)
    where it has that position; with ``strict``, a single game without it is an
    ``OptionError``."""
    if move is None and not path:
        return
    for view in views:
        if view.nodes:
            view.opened = view.node_at(move, path)
    if strict and len(views) == 1 and views[0].nodes and views[0].opened is None:
        wanted = f"move {move}" if move is not None else "this variation"
        option = "--move" if move is not None else "--variation"
        raise OptionError(f"the record has no {wanted} in that line of play", option=option)


def reports_of(views: Sequence[GameView], path: str, rules: Rules = EVERY,
               pedantic: bool = False) -> list[FileReport]:
    """What ``kifu validate`` would report about each game, named by ``path``, with the rules
    chosen (why a view shows no position is always reported)."""
    return [FileReport(path, view.game.name if view.game else None, view.moves,
                       [diagnostic(problem, path) for problem in view.problems
                        if problem is view.failure or rules.reports(
                            problem["code"], problem.get("rule"), problem["severity"], pedantic)])
            for view in views]


def diagnostic(problem: DiagnosticJson, path: str | None = None) -> Diagnostic:
    """A problem of a view as the reports' :class:`~kifu.report.text.Diagnostic`."""
    fields = {key: value for key, value in problem.items()
              if key in Diagnostic.__dataclass_fields__}
    fields["variation"] = tuple(fields.get("variation") or ())
    if path is not None:
        fields["path"] = path
    return Diagnostic(**fields)
