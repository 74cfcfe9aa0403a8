"""Converting or drawing many records into an output folder (``--output-dir``).

Each input keeps its path below the folder it was found in (a file named directly keeps its
name) and takes the suffix of what is written: ``games/a/x.renju`` found through ``games``
becomes ``OUT/a/x.svg``.  Outputs are planned here, in input order, so that two inputs that
would write the same file are caught before either is written: the first wins and the second
is reported.  (Where the suffix depends on the record's game, as for ``--to native``, two inputs
with the same name but for the suffix count as one output.)  The work itself runs on the same
runners as ``kifu validate``, and one file's failure never ends the batch.
"""
from __future__ import annotations

import os
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field, replace
from pathlib import Path

from kifu import registry
from kifu.errors import KifuError, OutputError
from kifu.load import Loaded, dump, parse_text
from kifu.outputs import Written, refuse_inputs, relocate, write_atomic
from kifu.record import ReadOptions
from kifu.render.formats import RENDER_FORMATS, Drawing
from kifu.report import Diagnostic, FileReport
from kifu.source import SourceText, read_source
from kifu.validate import is_other_json
from kifu.walk import Found


@dataclass(frozen=True)
class Job:
    """One input of a batch and where its output goes, less the suffix (``stem``)."""

    found: Found
    stem: str
    problem: KifuError | None = None


def plan(found: Iterable[Found], output_dir: str) -> Iterator[Job]:
    """A job per input; an input whose output another input already claimed gets a problem.

    The set of claimed outputs grows with the batch (a short string per file): a batch is as
    large as the folder it writes, unlike ``validate``, which keeps nothing per file.
    """
    claimed: dict[str, str] = {}
    for item in found:
        stem = os.path.join(output_dir, os.path.splitext(item.relative)[0])
        key = os.path.normcase(os.path.normpath(stem))
        first = claimed.setdefault(key, item.path)
        problem = None
        if first != item.path:
            problem = OutputError(f"not written: its output {stem}.* is already that of {first}")
        yield Job(item, stem, problem)


@dataclass(frozen=True)
class OutputTask:
    """Reading a record and writing what it becomes; subclasses say what that is."""

    encoding: str | None = None
    game: str | None = None
    read_options: ReadOptions = ReadOptions()
    folder: str | None = None

    def make(self, loaded: Loaded, output: str) -> tuple[str, list[KifuError]]:
        """The text to write for a record, and warnings about it."""
        raise NotImplementedError

    def suffix(self, loaded: Loaded) -> str:
        """The suffix of the file written for a record."""
        raise NotImplementedError

    def __call__(self, job: Job) -> Written:
        done = Written(job.found.path, None, game=self.game or registry.guess(job.found.path))
        opened = self.open(job, done)
        if isinstance(opened, Written):
            return opened
        where, source = opened
        try:
            game, record = parse_text(source.text, where, self.game, self.read_options)
            done.game, done.headers = game.name, list(record.headers.items())
            loaded = Loaded(game, record, source)
            output = job.stem + self.suffix(loaded)
            target = self.located(output)
            refuse_inputs(target, [where])
            text, warnings = self.make(loaded, target)
            write_atomic(target, text)
        except KifuError as error:
            return self._with(done, [error], source.text)
        done.output = output
        return self._with(done, warnings, source.text)

    def open(self, job: Job, done: Written) -> tuple[str, SourceText] | Written:
        """Where the input is read from and its text; or ``done``, with the reason it cannot be
        read, or as it is for a file that is not a record (another program's JSON)."""
        where = self.located(job.found.path)
        problem = job.found.problem or job.problem
        if problem is not None:
            return self._with(done, [problem], None)
        try:
            source = read_source(where, self.encoding)
        except KifuError as error:
            return self._with(done, [error], None)
        if not job.found.named and is_other_json(job.found.path, source.text):
            return done  # another program's JSON in a folder: left alone, as validate does
        return where, source

    def located(self, path: str) -> str:
        """A path of the batch as this task reaches it (below its ``folder``, if rooted)."""
        return path if self.folder is None else os.path.join(self.folder, path)

    def _with(self, done: Written, problems: list[KifuError], text: str | None) -> Written:
        """``done`` with its report: ``problems`` located in ``text``, named by the path the
        user gave."""
        diagnostics = [Diagnostic.from_error(p, done.source, text) for p in problems]
        done.reports = [FileReport(done.source, done.game, 0, diagnostics)]
        return done

    def fault(self, job: Job, reason: str) -> Written:
        path = job.found.path
        return Written(path, None, [FileReport(path, self.game or registry.guess(path), 0,
                                               [Diagnostic.internal(path, reason)])])

    def local(self, job: Job) -> bool:
        return False

    def rooted(self, folder: str) -> OutputTask:
        return replace(self, folder=folder)


@dataclass(frozen=True)
class ConvertTask(OutputTask):
    """``kifu convert --output-dir``: the record in another notation or format."""

    target: str = registry.NATIVE
    dialect: str | None = None

    def suffix(self, loaded: Loaded) -> str:
        if self.target == registry.NATIVE:
            return loaded.game.suffixes[0]
        if self.target == registry.JSON:
            return ".json"
        return registry.format_of(loaded.game, self.target).suffixes[0]

    def make(self, loaded: Loaded, output: str) -> tuple[str, list[KifuError]]:
        warnings = relocate(loaded.game, loaded.record, loaded.source.path, output)
        return dump(loaded.game, loaded.record, self.target, self.dialect), warnings


@dataclass(frozen=True)
class RenderTask(OutputTask):
    """``kifu render --output-dir``: a drawing of each record, in one of the render formats."""

    format: str = "svg"
    drawing: Drawing = field(default_factory=Drawing)

    def suffix(self, loaded: Loaded) -> str:
        return RENDER_FORMATS[self.format].suffix

    def make(self, loaded: Loaded, output: str) -> tuple[str, list[KifuError]]:
        return RENDER_FORMATS[self.format].draw(loaded, self.drawing), []


def finish(format_name: str, output_dir: str, written: list[Written]) -> None:
    """Let a render format add its own pages to the output folder (an index, say); raises
    ``OutputError`` when they cannot be written."""
    index = RENDER_FORMATS[format_name].index
    if index is None:
        return
    try:
        index(Path(output_dir), written)
    except OSError as error:
        raise OutputError(f"cannot write the pages of {format_name} into {output_dir}: "
                          f"{error.strerror or error}") from None
