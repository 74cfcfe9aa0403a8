"""``kifu render --format html --output-dir``: a viewer page per record file, on the batch runner.

Unlike a drawing, a page is written for every file that holds text, legal or not: a record
that breaks a rule, or cannot be read at all, gets a page showing its diagnostics in place, and
its problems are reported as ``kifu validate`` reports them.  Each game of an SGF collection is
on the page of its file.
"""
from __future__ import annotations

from dataclasses import dataclass, replace

from kifu.base.diagnostics import Diagnostic
from kifu.base.errors import KifuError
from kifu.plugin import registry
from kifu.render.drawing_task import RenderTask
from kifu.render.viewer.files import open_at, reports_of, views_of_text
from kifu.render.viewer.htmlpage import page
from kifu.render.viewer.index import PageWritten, index_rows
from kifu.run.output_folder import Job
from kifu.run.outputs import Written, write_atomic


@dataclass(frozen=True)
class HtmlTask(RenderTask):
    """The viewer page of one file of a batch."""

    format: str = "html"

    def __call__(self, job: Job) -> Written:
        path = job.found.path
        done = PageWritten(path, None, game=self.game or registry.guess(path))
        opened = self.open(replace(job, problem=None), done)
        if isinstance(opened, Written):
            return opened
        where, source = opened
        views = views_of_text(source.text, where, self.drawing.options_for, game_name=self.game,
                              format_name=self.format_in,
                              lenient=self.drawing.lenient, read_options=self.read_options,
                              problem=self.drawing.problem)
        open_at(views, self.drawing.move, self.drawing.path, strict=False)
        first = views[0]
        done.game = first.game.name if first.game else done.game
        done.reports = reports_of(views, path, self.rules, self.pedantic)
        done.rows = index_rows("", views)
        output = job.stem + ".html"
        target = self.located(output)
        try:
            if job.problem is not None:
                raise job.problem  # a collision: the record is still judged, for the index
            self.may_write(target, where)
            write_atomic(target, page(views, text=source.text), in_place=False)
        except KifuError as error:  # told with the file's first game: one file, one row counted
            done.reports[0].diagnostics.append(Diagnostic.from_error(error, path, source.text))
            return done
        done.output = output
        return done
