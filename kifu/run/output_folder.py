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
import re
from collections import Counter, OrderedDict
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass, replace

from kifu.base.diagnostics import Diagnostic, FileReport
from kifu.base.errors import ConversionError, KifuError, OutputError
from kifu.base.record import ReadOptions, Record
from kifu.base.rules import Rules
from kifu.plugin import registry
from kifu.reading.source import STDIN, SourceText
from kifu.reading.walk import Found, covers, within
from kifu.run.ledger import Ledger
from kifu.run.load import (
    Loaded,
    collection_pieces,
    collects,
    dump_pieces,
    leaves_out,
    load_source,
    parse_each_as,
    parse_text,
    read_file,
    reader,
    rewrite_pieces,
)
from kifu.run.outputs import Written, refuse_inputs, relocate, write_atomic
from kifu.run.validate import is_other_file


@dataclass(frozen=True)
class Job:
    """One input of a batch and where its output goes, less the suffix (``stem``)."""

    found: Found
    stem: str
    problem: KifuError | None = None


@dataclass(frozen=True)
class Inputs:
    """What a batch reads (the paths named) and where it writes (``output_dir``, which its walk
    passes over when met below a folder named): enough to tell, anywhere the work runs, whether
    a file is one of the run's inputs."""

    paths: tuple[str, ...]
    output_dir: str

    def covers(self, path: str) -> bool:
        return covers(self.paths, registry.suffixes(), path, skip=[self.output_dir])

    def overlap(self) -> bool:
        """Whether the output folder is, or holds, a path named: the run writes where it
        reads, and must keep a ledger of what it writes (:mod:`kifu.run.ledger`)."""
        return any(p != STDIN and within(p, self.output_dir) for p in self.paths)

    def rooted(self, folder: str) -> Inputs:
        return Inputs(tuple(os.path.join(folder, p) for p in self.paths),
                      os.path.join(folder, self.output_dir))


def plan(found: Iterable[Found], inputs: Inputs, *, writes: Callable[[str], bool],
         reserved: frozenset[str] = frozenset()) -> Iterator[Job]:
    """A job per input; an input whose output another input already claimed gets a problem.

    The output keeps the input's path below the folder it was found through, its suffix
    replaced by the output's; it keeps the input's suffix too (``x.renju.svg``) when the
    input's folder holds another record of the same name but for the suffix (``x.gungi``), or
    when the output would take a name the batch writes itself (``reserved``: an index page).
    So the name depends only on the input's folder, never on what else the run was given.

    Files in the output folder that are outputs (of this run, or of an earlier one, unchanged
    since: :mod:`kifu.run.ledger`) are not inputs and are passed over, unless named one by one:
    converting a folder into itself twice does the same both times.  ``writes(suffix)`` says
    whether the batch writes files of that suffix.

    The set of claimed outputs grows with the batch (a short string per file): a batch is as
    large as the folder it writes, unlike ``validate``, which keeps nothing per file.
    """
    output_dir = inputs.output_dir
    ledger = Ledger(output_dir)
    inside = _Inside(output_dir)
    siblings = _Siblings(ledger)
    claimed: dict[str, str] = {}
    key = _folded_key if case_blind(output_dir) else _key
    for item in found:
        if not item.named and item.problem is None and inside(item.path):
            head, suffix = os.path.splitext(item.path)
            if (writes(suffix.lower()) and key(head) in claimed) or siblings.wrote(item.path):
                continue  # an output of this run, or of an earlier one: not a record to read
        relative = os.path.splitext(item.relative)[0]
        if siblings.shares_name(item.path) or any(
                _key(os.path.splitext(name)[0]) == _key(relative)
                and writes(os.path.splitext(name)[1]) for name in reserved):
            relative = item.relative
        stem = os.path.join(output_dir, relative)
        first = claimed.setdefault(key(stem), item.path)
        problem = None
        if first != item.path:
            problem = OutputError(f"not written: its output {stem}.* is already that of {first}")
        yield Job(item, stem, problem)
    ledger.close()


class _Inside:
    """Whether a file lies in the output folder (or below it), asked once per folder of the
    files asked about (a few kept): by what the folders are, not how they are spelled."""

    KEPT = 64

    def __init__(self, output_dir: str) -> None:
        self.output_dir = output_dir
        self.prefix = os.path.realpath(output_dir) + os.sep
        self._folders: OrderedDict[str, bool] = OrderedDict()

    def __call__(self, path: str) -> bool:
        if os.path.realpath(path).startswith(self.prefix):
            return True
        folder = os.path.dirname(path) or "."
        if folder not in self._folders:
            self._folders[folder] = within(folder, self.output_dir)
            if len(self._folders) > self.KEPT:
                self._folders.popitem(last=False)
        return self._folders[folder]


def _key(stem: str) -> str:
    return os.path.normcase(os.path.normpath(stem))


def _file_label(label: str, number: int) -> str:
    """A game's name in a folder of a file's games: its label (a database's id), its letters,
    digits, ``.``, ``-`` and ``_`` kept, others ``_``; its number where it has none."""
    kept = re.sub(r"[^\w.-]", "_", label, flags=re.ASCII).strip(".")
    return kept or str(number)


def _folded_key(stem: str) -> str:
    """:func:`_key` where a file system takes names that differ only by case for one name."""
    return _key(stem).casefold()


def case_blind(folder: str) -> bool:
    """Whether the file system ``folder`` is on (or would be made on: its nearest folder that
    exists) takes names differing only by case for one file (macOS's and Windows' by default,
    vfat, ext4 with casefold): asked of the file system itself, by a file made there for the
    purpose and looked for under its name in capitals.  Where nothing can be made there, the
    names are taken as they are."""
    import tempfile

    here = os.path.abspath(folder)
    while not os.path.isdir(here) and os.path.dirname(here) != here:
        here = os.path.dirname(here)
    try:
        with tempfile.NamedTemporaryFile(prefix=".kifu-case-", dir=here) as probe:
            head, name = os.path.split(probe.name)
            return os.path.exists(os.path.join(head, name.upper()))
    except OSError:
        return False


class _Siblings:
    """What the folders of a batch's inputs hold, asked once per folder (a few at a time)."""

    KEPT = 64

    def __init__(self, ledger: Ledger) -> None:
        self.ledger = ledger
        self._folders: OrderedDict[str, tuple[Counter[str], frozenset[str]]] = OrderedDict()

    def _folder(self, folder: str) -> tuple[Counter[str], frozenset[str]]:
        """The names (less suffix, case folded) of the records in ``folder`` that are not
        kifu's outputs, each with its count; and the names of those that are, as they stood
        when the folder was first looked at (before this run wrote into it)."""
        if folder in self._folders:
            self._folders.move_to_end(folder)
            return self._folders[folder]
        names: Counter[str] = Counter()
        outputs = set()
        wanted = registry.suffixes()
        try:
            with os.scandir(folder or ".") as entries:
                for entry in entries:
                    stem, suffix = os.path.splitext(entry.name)
                    if suffix.lower() not in wanted:
                        continue
                    if self.ledger.wrote(entry.path):
                        outputs.add(entry.name)
                    else:
                        names[stem.casefold()] += 1
        except OSError:
            pass  # an unreadable folder: its files are reported as they are met
        self._folders[folder] = names, frozenset(outputs)
        if len(self._folders) > self.KEPT:
            self._folders.popitem(last=False)
        return names, frozenset(outputs)

    def shares_name(self, path: str) -> bool:
        folder, name = os.path.split(path)
        return self._folder(folder)[0][os.path.splitext(name)[0].casefold()] > 1

    def wrote(self, path: str) -> bool:
        folder, name = os.path.split(path)
        return name in self._folder(folder)[1]


@dataclass(frozen=True)
class OutputTask:
    """Reading a record and writing what it becomes; subclasses say what that is."""

    encoding: str | None = None
    game: str | None = None
    #: The format the inputs are in (``--format-in``), instead of telling it.
    format_in: str | None = None
    read_options: ReadOptions = ReadOptions()
    folder: str | None = None
    inputs: Inputs | None = None
    #: The findings reported (``--select``, ``--ignore``, ``--pedantic``): an error that kept
    #: an output from being written always is.
    rules: Rules = Rules()
    pedantic: bool = False

    def make(self, loaded: Loaded, output: str) -> tuple[str | Iterable[str], list[KifuError]]:
        """The text to write for a record (or its pieces, written as they come), and warnings
        about it."""
        raise NotImplementedError

    def suffix(self, loaded: Loaded) -> str:
        """The suffix of the file written for a record."""
        raise NotImplementedError

    def output_encoding(self, loaded: Loaded) -> str:
        """How the text made for a record is written: UTF-8, or ISO-8859-1 for the bytes of a
        binary format (one character each)."""
        return "utf-8"

    def writes(self, suffix: str) -> bool:
        """Whether this task writes files of ``suffix`` (lower case)."""
        raise NotImplementedError

    def __call__(self, job: Job) -> Written:
        done = Written(job.found.path, None, game=self.game or registry.guess(job.found.path))
        opened = self.open(job, done)
        if isinstance(opened, Written):
            return opened
        where, source = opened
        try:
            loaded = self.read(source, where)
            done.game = loaded.game.name
            if self.one_a_game(loaded):
                return self.write_each(job, done, loaded, where)
            output = job.stem + self.suffix(loaded)
            target = self.located(output)
            self.may_write(target, where)
            text, warnings = self.make(loaded, target)
            write_atomic(target, text, in_place=False,
                         encoding=self.output_encoding(loaded))
        except KifuError as error:
            return self._with(done, [error], source.text)
        done.output = output
        return self._with(done, self.reported(warnings), source.text)

    def reported(self, problems: list[KifuError]) -> list[KifuError]:
        """What is reported of the problems of an output written: those of the rules chosen."""
        return self.rules.keep(problems, self.pedantic)

    def read(self, source: SourceText, where: str) -> Loaded:
        """The record of an input's text (a file of several games is refused)."""
        game, record = parse_text(source.text, where, self.game, self.read_options,
                                  self.format_in)
        return Loaded(game, record, source)

    def one_a_game(self, loaded: Loaded) -> bool:
        """Whether an input of several games is written a file per game (:meth:`write_each`)."""
        return False

    def write_each(self, job: Job, done: Written, loaded: Loaded, where: str) -> Written:
        """An input of several games written a file per game (see :meth:`one_a_game`)."""
        raise NotImplementedError

    def may_write(self, target: str, where: str) -> None:
        """Raise ``OutputError`` unless ``target`` may be written: it is not the input being
        read, nor any other input of the run (a file kifu wrote there earlier may be
        replaced)."""
        refuse_inputs(target, [where])
        if self.inputs is None or not os.path.lexists(target) or \
                not self.inputs.covers(target):
            return
        if not Ledger(self.inputs.output_dir).wrote(target):
            raise OutputError(f"not written: {target} is an input of this run, and kifu never "
                              "writes onto its inputs; choose another --output-dir")

    def open(self, job: Job, done: Written) -> tuple[str, SourceText] | Written:
        """Where the input is read from and its text; or ``done``, with the reason it cannot be
        read, or as it is for a file that is not a record (another program's JSON)."""
        where = self.located(job.found.path)
        problem = job.found.problem or job.problem
        if problem is not None:
            return self._with(done, [problem], None)
        try:
            source = read_file(where, self.encoding, self.game, self.format_in)
        except KifuError as error:
            return self._with(done, [error], None)
        if not job.found.named and is_other_file(job.found.path, source.text):
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
        inputs = self.inputs.rooted(folder) if self.inputs is not None else None
        return replace(self, folder=folder, inputs=inputs)


@dataclass(frozen=True)
class ConvertTask(OutputTask):
    """``kifu convert --output-dir``: the record in another notation or format."""

    target: str = registry.NATIVE
    dialect: str | None = None

    def suffix(self, loaded: Loaded) -> str:
        return reader(loaded.game, self.target).suffixes[0]

    def writes(self, suffix: str) -> bool:
        if self.target == registry.JSON:
            return suffix == ".json"
        return any(suffix in (card.suffixes if self.target == registry.NATIVE
                              else card.formats.get(self.target, ()))
                   for card in registry.cards())

    def read(self, source: SourceText, where: str) -> Loaded:
        """The input's first record, and how many it holds: a file of several goes whole into
        a format that holds several (SGF), in its own format as its own documents, and a file
        a game into any other, where a game that cannot be read is one game's fault."""
        try:
            loaded = load_source(source, self.game, self.read_options, every_game=True,
                                 format_name=self.format_in)
        except KifuError:
            game, fmt = registry.detect(source.text, where, self.game, self.format_in)
            games = sum(1 for _ in parse_each_as(game, fmt, source.text, where,
                                                 options=self.read_options))
            several = Loaded(game, Record(game.name), source, where, fmt=fmt, games=games)
            if not self.one_a_game(several):
                raise
            return several
        failed = loaded.error()
        if failed is not None and not self.one_a_game(loaded):
            raise failed
        return loaded

    def make(self, loaded: Loaded, output: str) -> tuple[str | Iterable[str], list[KifuError]]:
        warnings = relocate(loaded.game, loaded.record, loaded.source.path, output)
        if loaded.games == 1 and len(loaded.documents) <= 1:
            pieces = dump_pieces(loaded.game, loaded.record, self.target, self.dialect)
            return pieces, warnings + leaves_out(loaded.game, loaded.record, self.target)
        rewritten = rewrite_pieces(loaded.game, loaded.fmt, loaded.documents) \
            if self.target == loaded.fmt else None
        if rewritten is not None:
            return rewritten, warnings
        source = loaded.source
        pieces = collection_pieces(loaded.game, loaded.fmt, source.text, source.path,
                                   self.target, warnings, options=self.read_options)
        return pieces, warnings

    def output_encoding(self, loaded: Loaded) -> str:
        return "latin-1" if reader(loaded.game, self.target).binary else "utf-8"

    def one_a_game(self, loaded: Loaded) -> bool:
        """A file of several games goes whole into a format that holds several (SGF) or into
        its own format; into any other (kifu's notation, JSON, psq...), a file per game."""
        several = loaded.games > 1 or len(loaded.documents) > 1
        return several and not collects(loaded.game, self.target) and not (
            self.target == loaded.fmt and reader(loaded.game, loaded.fmt).rewrite is not None)

    def write_each(self, job: Job, done: Written, loaded: Loaded, where: str) -> Written:
        """A file of several games into a format of one: a folder named as its output would
        be, less the suffix, holding a file per game named by the game's label in the file (a
        database's id) or its number (``OUT/games/7001.json``; a second game of one id
        ``7001-5.json``, its number after it).  A game that cannot be read or written is reported
        by its name (``games.rif#7001``) and the others written all the same."""
        text, suffix = loaded.source.text, self.suffix(loaded)
        encoding = self.output_encoding(loaded)
        reports = []
        taken: set[str] = set()
        for number, one in enumerate(parse_each_as(loaded.game, loaded.fmt, text, where,
                                                   options=self.read_options), start=1):
            name = job.found.path + one.name[len(where):] if one.name.startswith(where) \
                else one.name
            label = _file_label(one.name.rpartition("#")[2] if "#" in one.name else "",
                                number)
            if os.path.normcase(label).casefold() in taken:  # two games of one id: both kept
                label = f"{label}-{number}"
            taken.add(os.path.normcase(label).casefold())
            output = os.path.join(job.stem, label + suffix)
            problems: list[KifuError] = []
            try:
                failed = next((f for f in one.findings if f.severity == "error"), None)
                if failed is not None or one.record is None:
                    raise failed or ConversionError("this game cannot be read")
                target = self.located(output)
                self.may_write(target, where)
                problems = relocate(loaded.game, one.record, where, target)
                write_atomic(target, dump_pieces(loaded.game, one.record, self.target,
                                                 self.dialect), in_place=False,
                             encoding=encoding)
                problems = self.reported(problems + leaves_out(loaded.game, one.record,
                                                               self.target))
                done.outputs.append(output)
            except KifuError as error:  # the game's output is not written: always said
                problems = [*self.reported(problems), error]
            reports.append(FileReport(name, loaded.game.name, 0,
                                      [Diagnostic.from_error(p, name, text) for p in problems]))
        done.reports = reports
        return done


