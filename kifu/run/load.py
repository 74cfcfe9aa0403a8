"""From a path or text to a game and its records, and from a record to text in any format.

A file may hold several records (an SGF collection): :func:`parse_all` gives each with its own
name (``game.sgf#3``) and what reading it found (repairs, pedantic findings, the encoding
guessed), so that every game is validated and reported on its own.  A file's text and the
format that reads it are :mod:`.sources`' (given here too).
"""
from __future__ import annotations

from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field, replace
from typing import TYPE_CHECKING, Any

from kifu.base.errors import (
    ConversionError,
    GameIndexError,
    HeaderError,
    KifuError,
    OptionError,
    UnknownGameError,
)
from kifu.base.limits import check_tree
from kifu.base.record import Node, ReadOptions, Record, is_event
from kifu.plugin import AnyGame, Format, registry
from kifu.reading.source import MAX_BYTES, SourceText, Stream

# given here too (as ... as: named again for the modules that read files and parse them)
from kifu.run.sources import read_file as read_file
from kifu.run.sources import reader as reader

if TYPE_CHECKING:
    from kifu.base.collection import Reading
    from kifu.plugin import Step


@dataclass
class Parsed:
    """One record of a file: the record (``None`` when reading it failed, the error then among
    ``findings``), what reading found, its name in reports, and the format's own form of it."""

    record: Record | None
    findings: list[KifuError]
    name: str
    document: Any = None


@dataclass
class Loaded:
    """A record together with its game and the text it was read from.

    ``name`` is the path, or ``path#N`` for the N-th game of a collection; ``findings`` are
    what decoding and reading found; ``fmt`` is the format read, and ``documents`` the format's
    own form of the records chosen (SGF game trees), for a rewrite that keeps what the game
    does not model.
    """

    game: AnyGame
    record: Record
    source: SourceText
    name: str = ""
    findings: list[KifuError] = field(default_factory=list)
    fmt: str = registry.NATIVE
    documents: list[Any] = field(default_factory=list)
    #: How many records the file holds (more than one for an SGF collection).
    games: int = 1

    def error(self) -> KifuError | None:
        """The first error decoding or reading the records found, if any."""
        return next((f for f in self.findings if f.severity == "error"), None)

    def line(self, path: tuple[int, ...] = ()) -> list[Node[Any]]:
        """The line a variation path selects (see :func:`line_of`)."""
        return line_of(self.record, path)

    def check_move(self, move: int | None, path: tuple[int, ...] = ()) -> None:
        """See :func:`check_move`."""
        check_move(self.record, move, path)

    def position_at(self, move: int | None = None, path: tuple[int, ...] = (),
                    lenient: bool = False) -> tuple[Any, Step | None]:
        """The position after move ``move`` of a line (the last when ``None``, the start when
        0) and the step that led to it.

        Raises ``OptionError`` when the line has no such move or variation, before replaying,
        and the record's own ``KifuError`` when a move on the way is illegal.
        """
        return position_at(self.game, self.record, move, path, lenient)


def position_at(game: AnyGame, record: Record, move: int | None = None,
                path: tuple[int, ...] = (), lenient: bool = False) -> tuple[Any, Step | None]:
    """The position after move ``move`` of a line of ``record`` (the last when ``None``, the
    start when 0) and the step that led to it; see :meth:`Loaded.position_at`."""
    check_move(record, move, path)
    position, last = game.start(record), None
    if move == 0:
        return position, None
    from kifu.plugin import driver  # the replay's: checking a record plays it otherwise

    for step in driver.replay(game, record, lenient=lenient, path=path):
        position, last = step.position, step
        if move is not None and step.number == move:
            break
    return position, last


def line_of(record: Record, path: tuple[int, ...] = ()) -> list[Node[Any]]:
    """The line a variation path selects; ``OptionError`` (for ``--variation``) if the
    record has no such variation."""
    try:
        return record.line(path)
    except ValueError as error:
        raise OptionError(str(error), option="--variation") from None


def check_move(record: Record, move: int | None, path: tuple[int, ...] = ()) -> None:
    """``OptionError`` unless the line ``path`` selects has a move ``move`` (any when
    ``None``), found without replaying."""
    line = line_of(record, path)
    moves = sum(not is_event(node.move) for node in line)
    if move is not None and move > moves:
        raise OptionError(f"the line has {moves} moves; there is no move {move}",
                          option="--move")


def parse_text(text: str, path: str, game_name: str | None = None,
               options: ReadOptions | None = None,
               format_name: str | None = None) -> tuple[AnyGame, Record]:
    """Detect the game and format of ``text`` (or take the format named) and parse it (one
    record: a file holding several is refused, see :func:`parse_all`)."""
    game, fmt = registry.detect(text, path, game_name, format_name)
    return game, parse_as(game, fmt, text, path, options)


def parse_as(game: AnyGame, fmt: str, text: str, path: str,
             options: ReadOptions | None = None) -> Record:
    """Parse ``text`` as a record of ``game`` written in format ``fmt``; the record carries
    ``options`` for the game's later use (files it may refer to).

    Whatever the format, the record is held to kifu's limits on moves and nesting
    (``kifu.base.limits``), so that every later step (replay, writing, JSON) is safe with it.
    """
    return _read(reader(game, fmt), text, path, options)


def _read(found: Format, text: str, path: str, options: ReadOptions | None) -> Record:
    record = found.read(text, path)
    check_tree(record.moves)
    record.read_options = options or ReadOptions()
    return record


def parse_all_as(game: AnyGame, fmt: str, text: str, path: str, *, lenient: bool = False,
                 options: ReadOptions | None = None) -> list[Parsed]:
    """Every record of ``text`` in format ``fmt`` of ``game``, each with what reading found,
    each held to kifu's limits (``kifu.base.limits``).

    A file-level failure (no game tree, a syntax error in a native record) is raised.
    """
    return list(parse_each_as(game, fmt, text, path, lenient=lenient, options=options))


def parse_each_as(game: AnyGame, fmt: str, text: str, path: str, *, lenient: bool = False,
                  options: ReadOptions | None = None, heads: bool = False) -> Iterator[Parsed]:
    """:func:`parse_all_as` one record at a time, read as it is asked for (the next one is
    read ahead, to know whether the file holds several), so that a caller done with each
    holds two at most.  A file-level failure is raised by the iterator.

    With ``heads``, each record is read from its head alone where the format finds heads
    (:attr:`kifu.plugin.Format.heads`): its headers and set-up, none of its moves."""
    found = reader(game, fmt)
    if heads and found.heads is not None and found.read_all is not None:
        read_all = found.read_all
        readings: Iterator[Reading] = (reading for head in found.heads(text)
                                       for reading in read_all(head, path, lenient))
    elif found.read_all is None:
        if heads and found.heads is not None:
            text = next(iter(found.heads(text)), "")
        record = _read(found, text, path, options)
        yield Parsed(record, game_overridden(game, record), path)
        return
    else:
        readings = iter(found.read_all(text, path, lenient))
    ahead = [one for one in (next(readings, None), next(readings, None)) if one is not None]
    several = len(ahead) > 1
    index = 0
    while ahead:  # no name holds a record once it is handed out: the caller may free it
        index += 1
        reading = ahead.pop(0)
        name = (f"{path}#{reading.label}" if reading.label is not None
                else f"{path}#{index}" if several else path)
        yield _checked(game, reading, name, options)
        if not ahead:
            ahead = [one for one in (next(readings, None),) if one is not None]


def _checked(game: AnyGame, reading: Reading, name: str, options: ReadOptions | None) -> Parsed:
    record, findings = reading.record, list(reading.findings)
    if record is not None:
        findings.extend(game_overridden(game, record))
        try:
            check_tree(record.moves)
        except KifuError as error:
            record = None
            findings.append(error)
        else:
            record.read_options = options or ReadOptions()
    return Parsed(record, findings, name, reading.document)


def game_overridden(game: AnyGame, record: Record) -> list[KifuError]:
    """A warning where ``record`` was read as ``game`` although its ``Game:`` header names
    another game kifu knows: only ``--game`` does that, and it wins, but never silently."""
    named = record.header("Game")
    other = None if named is None else registry.find(named.strip())
    if other is None or other.name == game.name:
        return []
    return [HeaderError(f"the record's Game: header names {other.name}; it is read as "
                        f"{game.name}, the game asked for", span=record.header_span("Game"),
                        severity="warning", rule="game")]


def parse_all(text: str, path: str, game_name: str | None = None, *, lenient: bool = False,
              options: ReadOptions | None = None,
              format_name: str | None = None) -> tuple[AnyGame, str, list[Parsed]]:
    """The game, the format and every record of ``text``."""
    game, fmt = registry.detect(text, path, game_name, format_name)
    return game, fmt, parse_all_as(game, fmt, text, path, lenient=lenient, options=options)


def load(path: str | Stream, encoding: str | None = None, game_name: str | None = None,
         options: ReadOptions | None = None, *, game_index: int | None = None,
         lenient: bool = False, format_name: str | None = None) -> Loaded:
    """Read, decode, detect and parse one record file (``-`` for standard input, or a binary
    stream).

    ``game_index`` (1-based) picks a game of a collection; without it a collection gives its
    first game.  ``format_name`` names the format instead of telling it.  The first error
    decoding or reading found is raised.
    """
    loaded = load_source(read_file(path, encoding, game_name, format_name), game_name, options,
                         game_index=game_index, lenient=lenient, format_name=format_name)
    error = loaded.error()
    if error is not None:
        raise error
    return loaded


def load_source(source: SourceText, game_name: str | None = None,
                options: ReadOptions | None = None, *, game_index: int | None = None,
                lenient: bool = False, every_game: bool = False,
                format_name: str | None = None) -> Loaded:
    """:func:`load` for text already read, without raising what reading found (see
    :meth:`Loaded.error`).  With ``every_game`` and no ``game_index`` the documents of every
    game are kept (``Loaded.record`` is the first game's)."""
    path = source.path
    game, fmt = registry.detect(source.text, path, game_name, format_name)
    # One game at a time: only the games asked for are kept (every game only where the format
    # writes its documents back), so that a database of many games costs one game's memory.
    keep_all = every_game and game_index is None and reader(game, fmt).rewrite is not None
    kept: list[Parsed] = []
    count = 0
    for one in parse_each_as(game, fmt, source.text, path, lenient=lenient, options=options):
        count += 1
        if keep_all or count == (game_index or 1):
            kept.append(one)
    if not kept:
        raise no_such_game(path, count, game_index or 1)
    chosen = kept
    findings = list(source.warnings)
    first = chosen[0]
    for one in chosen:
        # A later game of another kind (GM[12] among Go games) is not judged, and its tree is
        # written back as read: a warning where every game is kept, not a failure of the file.
        findings.extend(f.as_warning() if one is not first and isinstance(f, UnknownGameError)
                        else f for f in one.findings)
    if first.record is None:  # reading failed: the error is among the findings
        raise next(f for f in first.findings if f.severity == "error")
    # Where every game is kept, findings name places in the whole file, not in its first game.
    name = path if len(chosen) > 1 else first.name
    return Loaded(game, first.record, source, name, findings, fmt,
                  [one.document for one in chosen if one.document is not None], count)


def pick(parsed: list[Parsed], game_index: int | None, path: str) -> Parsed:
    """The game ``game_index`` (1-based; the first without one) of a file's records."""
    index = game_index or 1
    if not 1 <= index <= len(parsed):
        raise no_such_game(path, len(parsed), index)
    return parsed[index - 1]


def no_such_game(path: str, count: int, index: int) -> GameIndexError:
    """The error for game ``index`` (from 1) of a file holding ``count`` games."""
    return GameIndexError(f"{path} holds {count} game{'s' * (count != 1)}; there is no game "
                          f"{index}", games=count)


def dump(game: AnyGame, record: Record, to: str, dialect: str | None = None) -> str:
    """``record`` written as ``native`` (in ``dialect``), ``json`` or an interchange format, as
    one text (see :func:`dump_pieces`)."""
    return "".join(dump_pieces(game, record, to, dialect))


def dump_pieces(game: AnyGame, record: Record, to: str,
                dialect: str | None = None) -> Iterator[str]:
    """``record`` written as ``native`` (in ``dialect``), ``json`` or an interchange format, a
    piece at a time, so that a writer never holds the whole text.

    ``dialect`` may name several dialects, comma-separated, applied in turn (Rengi's ``open``
    form in ``kanji`` colours is ``open,kanji``): each but the last is written and read back.

    kifu must read back whatever it writes, so a text larger than kifu reads
    (``kifu.reading.source.MAX_BYTES``) is a ``ConversionError``: raised here, before any
    piece, where the record's least size says so (its JSON takes some thirty times the bytes
    of its SGF), else by the pieces as soon as they pass that size, and whatever was writing
    them must throw away what it wrote (:func:`kifu.run.outputs.write_atomic` does).
    """
    if to == registry.JSON:
        from kifu.plugin import jsonform

        least = jsonform.least_size(record)
        if least > MAX_BYTES:
            raise _too_large(to, f"at least {least / 2**20:.1f} MiB, more than")
    return within_limit(_written(game, record, to, dialect), to)


def within_limit(pieces: Iterable[str], to: str) -> Iterator[str]:
    """``pieces``, counted as they go (in UTF-8 bytes); a ``ConversionError`` as soon as they
    pass the size kifu reads."""
    size = 0
    for piece in pieces:
        size += len(piece) if piece.isascii() else len(piece.encode("utf-8", "surrogateescape"))
        if size > MAX_BYTES:
            raise _too_large(to, "more than")
        yield piece


def _too_large(to: str, how: str) -> ConversionError:
    return ConversionError(f"written as {to}, this record takes {how} the "
                           f"{MAX_BYTES // 2**20} MiB kifu reads, so kifu could not read it back")


def leaves_out(game: AnyGame, record: Record, to: str) -> list[KifuError]:
    """What writing ``record`` as ``to`` (``native``, ``json`` or a format) loses, each as a
    warning a conversion reports (:func:`lost_parts`): the one account of it, which ``kifu
    convert`` prints and the library's writers warn with."""
    return [ConversionError(f"converting to {to}: {text}", severity="warning", rule="left-out")
            for text in lost_parts(game, record, to)]


def lost_parts(game: AnyGame, record: Record, to: str) -> list[str]:
    """What writing ``record`` as ``to`` loses, in words: node properties the native notation
    has no place for, and what a format says it leaves out
    (:attr:`kifu.plugin.Format.leaves_out`); nothing for JSON, which keeps everything."""
    if to == registry.JSON:
        return []
    if to != registry.NATIVE:
        fmt = registry.format_of(game, to)
        return fmt.leaves_out(record) if fmt.leaves_out is not None else []
    found: dict[str, int] = {}
    for name in record.properties:
        found[_kind(name)] = found.get(_kind(name), 0) + 1
    for _, _, nodes in record.walk():
        for node in nodes:
            if node.has_properties():
                for name in node.properties:
                    found[_kind(name)] = found.get(_kind(name), 0) + 1
    if not found:
        return []
    keeping = " or ".join(["json", *(name for name in registry.formats(game)
                                    if name == registry.SGF)])
    return ["the native notation has no place for the properties of the game and its moves ("
            + ", ".join(f"{name} {count}" for name, count in found.items())
            + f"); left out: {keeping} keeps them"]


def _kind(name: str) -> str:
    """What a property is, for a count of those left out: a label whatever its point, an SGF
    property by its identifier (``SGF-TR``: ``TR``)."""
    if name.startswith("Label-"):
        return "Label"
    return name.removeprefix("SGF-")


def _written(game: AnyGame, record: Record, to: str, dialect: str | None) -> Iterable[str]:
    if to == registry.NATIVE:
        record = naming_its_game(game, record)
        for name in (dialect or "").split(",") if dialect is not None else ():
            if name not in game.dialects:
                offered = ", ".join(game.dialects) or "none"
                raise ConversionError(f"{game.name} has no dialect {name!r} (it has {offered})")
        *first, last = (dialect or "").split(",")
        for step in first:
            options = record.read_options
            record = game.parse(game.write(record, step or None), record.source or "<string>")
            record.read_options = options
        return game.write_pieces(record, last or None)
    return reader(game, to).written(record)


def naming_its_game(game: AnyGame, record: Record) -> Record:
    """``record`` with a ``Game:`` header first if it has none (one read from a file named
    ``.renju``, from SGF, made with ``kifu.Record.new``), so that the native text kifu writes
    says its game wherever it goes: standard input, a file of another name, ``kifu.parse``."""
    if record.header("Game") is not None:
        return record
    return replace(record, headers={"Game": game.name, **record.headers})


def collects(game: AnyGame, fmt: str) -> bool:
    """Whether a file of ``game`` in format ``fmt`` holds several records, one after another
    (:attr:`kifu.plugin.Format.collection`)."""
    return fmt not in (registry.NATIVE, registry.JSON) and reader(game, fmt).collection is not None


def collection_pieces(game: AnyGame, fmt: str, text: str, path: str, to: str,
                      said: list[KifuError], *, lenient: bool = False,
                      options: ReadOptions | None = None) -> Iterator[str]:
    """Every record of a file of several (a database, a PGN file, an SGF collection) written
    in turn as ``to``, a format that :func:`collects` them, read one at a time as the pieces
    are asked for; what each conversion leaves out is added to ``said`` (each thing once).
    The first record that cannot be read stops it, with its error."""
    def each() -> Iterator[Iterable[str]]:
        told: set[str] = set()
        for one in parse_each_as(game, fmt, text, path, lenient=lenient, options=options):
            failed = next((f for f in one.findings if f.severity == "error"), None)
            if failed is not None or one.record is None:
                raise failed or ConversionError(f"{one.name} cannot be read")
            for lost in leaves_out(game, one.record, to):
                if lost.message not in told:
                    told.add(lost.message)
                    said.append(lost)
            yield _written(game, one.record, to, None)

    whole = reader(game, to).collection
    assert whole is not None, f"{to} holds one record a file"
    return within_limit(whole(each()), to)


def rewrite(game: AnyGame, fmt: str, documents: list[Any]) -> str | None:
    """Documents read in format ``fmt`` written back in it, keeping all the game does not model
    (``None`` where the format cannot), as one text."""
    pieces = rewrite_pieces(game, fmt, documents)
    return None if pieces is None else "".join(pieces)


def rewrite_pieces(game: AnyGame, fmt: str, documents: list[Any]) -> Iterator[str] | None:
    """:func:`rewrite` a piece at a time, refused as soon as it passes the size kifu reads (a
    file of a legacy charset takes more bytes in UTF-8)."""
    found = reader(game, fmt)
    if not documents or found.rewrite is None:
        return None
    written = found.rewrite(documents)
    return within_limit([written] if isinstance(written, str) else written, fmt)
