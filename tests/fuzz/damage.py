"""The shape "damaged index": a corpus index of the input among records of every game, damaged
as disks, copies and hands damage files, and asked every question :class:`kifu.Corpus`
answers.

The damages (:data:`DAMAGES`), each past the file's first page (SQLite's header and schema,
which kifu's own check of the file covers):

- ``flips``: one to twenty bits changed, anywhere;
- ``truncation``: the file cut short;
- ``swap``: two pages exchanged;
- ``sql``: rows edited with SQL, as a hand or a tool would: a value set to another (``NULL``,
  a number, a text, a blob, the same column of another row), a row deleted, or two rows'
  values of one column exchanged;
- ``forged``: one to three such edits, and then every row's checksum and every tally made
  anew to match, as the maker of a hostile file would: each value is then only checked as it
  is decoded.

Each question (:func:`questions`: every kind :class:`kifu.Corpus` answers, and ``kifu search``,
``kifu stats`` and ``kifu dedupe`` run as the command line runs them) is asked of the intact
index, then again after each damage: its answer must be its answer before, or a
``CorpusError`` that names the index and says how to rebuild it (the library's call, or the
command line's ``kifu index --rebuild`` with exit status 2): never another exception, a
traceback, a wrong answer, or a file left beside the index.  A forged index says what it
says: its answers may differ, but each is an answer or a ``CorpusError`` (exit status 0 or
2), never another exception or a traceback.  One kind of damage is done to an
input's index one to three times (each to the intact index); the outcome says which kind, and
whether the answers were refused (``index:flips:refused``), all the same (``...:same``) or
both in turn (``...:both``).
"""
from __future__ import annotations

import contextlib
import os
import pickle
import re
import shutil
import sqlite3
import tempfile
from collections.abc import Callable
from pathlib import Path
from typing import Any

import kifu
from kifu.base.errors import CorpusError, KifuError
from kifu.corpus import checks, store
from kifu.corpus.checks import checksum
from kifu.plugin import registry
from tests import examples
from tests.fuzz import corpus
from tests.fuzz.pipeline import Defect, Outcome

ROOT = Path(__file__).resolve().parents[2]
SEARCH = ROOT / "docs" / "records" / "search"
#: SQLite's page size in kifu's indexes (its default).
PAGE = 4096
DAMAGES = ("flips", "truncation", "swap", "sql", "forged")
GO_PATTERN = "Game: freego\nAnchor: corner\n\n. . . .\n. . X .\n. . . .\n. . . .\n"
RENJU_PATTERN = "Game: renju\n\nX O\n"
#: The tables an edit picks from, with the columns it may change (a table's key columns too:
#: a row moved is damage as well).
TABLES = {
    "file": ("path", "size", "mtime_ns", "problem", "checksum"),
    "game": ("file", "number", "name", "game", "black", "white", "players", "event", "date",
             "result", "winner", "score", "ending", "rule", "opening", "strength", "sides",
             "headers",
             "moves", "positions", "legal", "problem", "grid", "symmetry", "swaps", "final",
             "final_image", "digest", "checksum", "keys"),
    "trail": ("game", "hashes", "images", "lines", "log", "checksum"),
    "position": ("hash", "place"),
    "symmetry": ("data", "checksum"),
    "occupancy": ("grid", "point", "content", "games", "checksum"),
    "tally": ("name", "rows", "low", "high"),
    "bucket": ("id", "rows", "low", "high"),
    "explored": ("hash", "games", "wins", "sides", "latest", "strongest", "rows", "low", "high",
                 "checksum"),
    "continuation": ("hash", "next", "games", "wins", "example", "checksum"),
    "meta": ("name", "value"),
}
#: What an edit sets a value to.
VALUES: tuple[Any, ...] = (None, 0, 1, -1, 2, 48, 2**31, 2**62, -2**63, 3.5, float("nan"),
                           "", "x", "Kato", "white", "black", "draw", "[]", "{}", "[1]", "[[]]",
                           '["black", 5]', '{"names": []}', '{"a": 1}', '[["", 0, 1, 0, []]]',
                           '[["1.x", 0, 1, 0, []]]', '{"names": ["identity"], "swaps": [false], '
                           '"compose": [[0]]}', "19x19", "0x5", "99999x99999", b"",
                           b"\x00", b"\xff" * 9, "\ud800".encode("utf-8", "surrogatepass"),
                           "é".encode("latin-1"))


def records(folder: Path, name: str, data: bytes) -> None:
    """The records of an index: the input, the search page's Go games and one example of
    each game (so that every query kind has something to find)."""
    folder.mkdir()
    (folder / f"input{Path(name).suffix or '.txt'}").write_bytes(data)
    for path in sorted(SEARCH.glob("*.sgf")):
        shutil.copy(path, folder / path.name)
    for game in examples.GAMES:
        shutil.copy(examples.legal(game)[0], folder / f"example-{examples.legal(game)[0].name}")


def questions(folder: Path) -> dict[str, Callable[[kifu.Corpus], Any]]:
    """Every kind of question :class:`kifu.Corpus` answers, each once."""
    go = kifu.read(str(folder / "kato-lee.sgf"))
    renju = next(path for path in sorted(folder.iterdir()) if path.suffix == ".renju")
    return {
        "games": lambda c: c.games(),
        "headers": lambda c: c.search(),
        "player": lambda c: c.search(player="kato"),
        "date and result": lambda c: c.search(date="2024", result="W+"),
        "position": lambda c: c.search(go, move=6),
        "renju position": lambda c: c.search(str(renju)),
        "pattern": lambda c: c.search(pattern=GO_PATTERN),
        "renju pattern": lambda c: c.search(pattern=RENJU_PATTERN),
        "explorer": lambda c: c.stats(go, move=3, top=0).explored,
        "explorer's step": lambda c: c.explore(game="freego", recent=5),
        "explorer's strongest": lambda c: c.explore(go, move=2, recent=3, by="strength"),
        "explorer's renju step": lambda c: c.explore(game="renju", recent=2),
        "frequent": lambda c: c.stats(top=5).frequent,
        "duplicates": lambda c: c.duplicates(min_moves=2),
    }


def commands(folder: Path, index: Path) -> dict[str, list[str]]:
    """The command line's questions of the index, each once (``kifu search``, ``stats``,
    ``dedupe``; a pattern file written beside the records)."""
    pattern = folder.parent / "corner.pattern"
    pattern.write_text(GO_PATTERN, encoding="utf-8")
    go = f"{folder / 'kato-lee.sgf'}@6"
    return {
        "kifu search --player": ["search", str(index), "--player", "KATO"],
        "kifu search --position": ["search", str(index), "-p", go, "-f", "json"],
        "kifu search --pattern": ["search", str(index), "--pattern", str(pattern)],
        "kifu search --result": ["search", str(index), "--result", "B+", "--date", "2024.."],
        "kifu stats": ["stats", str(index), "--top", "5", "-f", "json"],
        "kifu stats --position": ["stats", str(index), "-p", go],
        "kifu dedupe": ["dedupe", str(index), "--min-moves", "2"],
    }


def damaged_index(name: str, data: bytes, chooser: corpus.Chooser,
                  kind: str | None = None) -> Outcome:
    """Index the input with the others, damage the index (one kind of damage, ``kind`` or
    one chosen, one to three times, each to the intact index), and ask every question each
    time."""
    game = registry.guess(name)
    kind = kind or chooser.choice(DAMAGES)
    verdicts = set()
    with tempfile.TemporaryDirectory() as root_name:
        root = Path(root_name)
        folder = root / "records"
        records(folder, name, data)
        index = root / "corpus.db"
        kifu.Corpus(index).index(folder)
        asked = questions(folder)
        typed = commands(folder, index)
        right = {what: _answer(ask, kifu.Corpus(index)) for what, ask in asked.items()}
        for what, answer in right.items():
            if isinstance(answer, BaseException):
                raise Defect(f"{what} of the intact index: {answer!r}")
        said = _run_all(typed)
        for what, (status, _, errors) in said.items():
            if status != 0:
                raise Defect(f"{what} of the intact index exited {status}:\n{errors[-2000:]}")
        intact = index.read_bytes()
        # The answers of the intact index updated once a record changed (read again, its
        # record numbered anew), for those of the damaged index updated.
        _changed(folder)
        updated = root / "updated.db"
        updated.write_bytes(intact)
        kifu.Corpus(updated).index(folder)
        right_after = {what: _answer(ask, kifu.Corpus(updated)) for what, ask in asked.items()}
        updated.unlink()
        for _ in range(chooser.integer(1, 3)):
            index.write_bytes(intact)
            DAMAGE[kind](chooser, index)
            refused, same = _asked(asked, right, index, kind)
            for what, (status, output, errors) in _run_all(typed).items():
                if status == 2:
                    if kind != "forged":
                        _said_well(errors, index, "kifu index --rebuild", what)
                    refused += 1
                elif (status, output) != said[what][:2] and kind != "forged":
                    raise Defect(f"{what} of an index damaged by {kind} exited {status} and "
                                 f"answered otherwise than the intact index:\n{output[-1000:]}"
                                 f"\n---\n{said[what][1][-1000:]}\n{errors[-1000:]}")
                else:
                    same += 1
            verdicts.add("both" if refused and same else "refused" if refused else "same")
            if _updated(folder, index, kind):
                _asked(asked, right_after, index, kind, numbered=False)
            else:
                _asked(asked, right, index, kind)
        left = sorted(path.name for path in root.iterdir()
                      if path.name not in ("records", "corpus.db", "corner.pattern"))
        if left:
            raise Defect(f"files left beside the index: {left}")
    verdict = verdicts.pop() if len(verdicts) == 1 else "both"
    return Outcome(game, f"index:{kind}:{verdict}")


def _asked(asked: dict[str, Callable[[kifu.Corpus], Any]], right: dict[str, Any], index: Path,
           kind: str, numbered: bool = True) -> tuple[int, int]:
    """Each of the library's questions asked of the damaged index: how many were refused,
    and how many answered as the intact index did (without ``numbered``, the records'
    numbers aside: an update numbers the records it reads again after the last number the
    index gave, which a damaged index may hold otherwise, and a record's number says
    nothing of it)."""
    refused = same = 0
    for what, ask in asked.items():
        answer = _answer(ask, kifu.Corpus(index))
        if kind == "forged" and isinstance(answer, KifuError):
            refused += 1  # a forged index may hold what a question cannot be asked of
        elif isinstance(answer, CorpusError):
            _said_well(answer.message, index, "rebuild=True", what)
            refused += 1
        elif isinstance(answer, BaseException):
            raise Defect(f"{what} of an index damaged by {kind}: "
                         f"{type(answer).__name__}: {answer}") from answer
        elif kind != "forged" and (answer != right[what] if numbered else
                                   _unnumbered(answer) != _unnumbered(right[what])):
            raise Defect(f"{what} of an index damaged by {kind} answered otherwise than the "
                         f"intact index, in silence:\n{answer!r}\n---\n{right[what]!r}")
        else:
            same += 1
    return refused, same


def _unnumbered(answer: Any) -> str:
    """An answer as text, the records' numbers left out."""
    return re.sub(r"\bid=\d+", "id=?", repr(answer))


def _changed(folder: Path) -> None:
    """A record changed since it was indexed (its time), so that an update takes its rows
    out and writes them anew."""
    changed = folder / "kato-lee.sgf"
    state = changed.stat()
    os.utime(changed, ns=(state.st_atime_ns, state.st_mtime_ns + 1_000_000_000))


def _updated(folder: Path, index: Path, kind: str) -> bool:
    """The damaged index updated (a record changed since: :func:`_changed`): it is updated
    (``True``), or refused as damaged and left as it was (``False``), never another
    exception."""
    try:
        kifu.Corpus(index).index(folder)
        return True
    except CorpusError as error:
        if kind != "forged":
            _said_well(error.message, index, "rebuild=True", "an update")
        return False
    except Exception as error:  # noqa: BLE001 - the finding
        raise Defect(f"updating an index damaged by {kind}: {type(error).__name__}: {error}"
                     ) from error


def _answer(ask: Callable[[kifu.Corpus], Any], corpus: kifu.Corpus) -> Any:
    try:
        return ask(corpus)
    except Exception as error:  # noqa: BLE001 - a KifuError is an answer, another the finding
        return error


def _run_all(typed: dict[str, list[str]]) -> dict[str, tuple[int, str, str]]:
    """:func:`_run` of each command, in a child process of this one (forked: click's test
    runner keeps a few kB of every run, which a long fuzzing run would gather), or here
    where there is no ``fork``."""
    if not hasattr(os, "fork"):
        return {what: _run(args) for what, args in typed.items()}
    reading, writing = os.pipe()
    child = os.fork()
    if child == 0:  # pragma: no cover - the child's
        status = 0
        try:
            answer: Any = {what: _run(args) for what, args in typed.items()}
        except BaseException as error:  # noqa: BLE001 - a Defect or worse, told to the parent
            answer, status = f"{type(error).__name__}: {error}", 1
        with os.fdopen(writing, "wb") as out:
            pickle.dump(answer, out)
        os._exit(status)
    os.close(writing)
    with os.fdopen(reading, "rb") as answers:
        data = answers.read()
    _, status = os.waitpid(child, 0)
    try:
        answer = pickle.loads(data)
    except (pickle.UnpicklingError, EOFError):
        raise Defect(f"the command line's questions ended the process (status {status})"
                     ) from None
    if isinstance(answer, str):
        raise Defect(answer)
    return answer  # type: ignore[no-any-return]


def _run(args: list[str]) -> tuple[int, str, str]:
    """``kifu ARGS`` as the command line runs it (in this process): its exit status, output
    and messages; a :class:`Defect` for an exception or a traceback."""
    from click.testing import CliRunner

    from kifu.commands.cli import main

    result = CliRunner().invoke(main, args, catch_exceptions=True)
    if result.exception is not None and not isinstance(result.exception, SystemExit):
        raise Defect(f"kifu {' '.join(args)} raised {type(result.exception).__name__}: "
                     f"{result.exception}") from result.exception
    if "Traceback" in result.output or "error[internal]" in result.output or \
            result.exit_code not in (0, 2):
        raise Defect(f"kifu {' '.join(args)} exited {result.exit_code}:\n{result.output[-2000:]}")
    return result.exit_code, result.stdout, result.stderr


def _said_well(message: str, index: Path, rebuild: str, what: str) -> None:
    """A damaged index is named, with the way to make it anew (``rebuild``: the library's
    words for it, or the command line's)."""
    if str(index) not in message or rebuild not in message:
        raise Defect(f"{what}: a damaged index said without its name or the way to rebuild it: "
                     f"{message}")


# -- damages -------------------------------------------------------------------------------

def flips(chooser: corpus.Chooser, index: Path) -> None:
    data = bytearray(index.read_bytes())
    for _ in range(chooser.choice((1, 1, 2, 5, 20))):
        at = chooser.integer(PAGE, len(data) - 1)
        data[at] ^= 1 << chooser.integer(0, 7)
    index.write_bytes(bytes(data))


def truncation(chooser: corpus.Chooser, index: Path) -> None:
    data = index.read_bytes()
    index.write_bytes(data[:chooser.integer(PAGE, len(data) - 1)])


def swap(chooser: corpus.Chooser, index: Path) -> None:
    data = bytearray(index.read_bytes())
    pages = len(data) // PAGE
    first, second = chooser.integer(1, pages - 1), chooser.integer(1, pages - 1)
    one = data[first * PAGE:(first + 1) * PAGE]
    data[first * PAGE:(first + 1) * PAGE] = data[second * PAGE:(second + 1) * PAGE]
    data[second * PAGE:(second + 1) * PAGE] = one
    index.write_bytes(bytes(data))


def sql(chooser: corpus.Chooser, index: Path) -> None:
    """A row of a table edited: a value changed, the row deleted, or a column's values of two
    rows exchanged (an edit the table's constraints refuse leaves it as it was)."""
    table = chooser.choice(tuple(TABLES))
    with contextlib.closing(sqlite3.connect(index)) as db:
        keys = _keys(db, table)
        rows = db.execute(f"SELECT {keys} FROM {table}").fetchall()
        if not rows:
            return
        row = chooser.choice(rows)
        where = " AND ".join(f"{key} IS ?" for key in keys.split(", "))
        action = chooser.integer(0, 4)
        column = chooser.choice(TABLES[table])
        with contextlib.suppress(sqlite3.IntegrityError):
            if action == 0:
                db.execute(f"DELETE FROM {table} WHERE {where}", row)
            elif action == 1 and len(rows) > 1:
                other = chooser.choice(rows)
                mine, theirs = (db.execute(f"SELECT {column} FROM {table} WHERE {where}",
                                           key).fetchone()[0] for key in (row, other))
                db.execute(f"UPDATE {table} SET {column} = ? WHERE {where}", (theirs, *row))
                db.execute(f"UPDATE {table} SET {column} = ? WHERE {where}", (mine, *other))
            else:
                db.execute(f"UPDATE {table} SET {column} = ? WHERE {where}",
                           (chooser.choice(VALUES), *row))
        db.commit()


def forged(chooser: corpus.Chooser, index: Path) -> None:
    """One to three edits (:func:`sql`), then every checksum and tally made to match."""
    for _ in range(chooser.integer(1, 3)):
        sql(chooser, index)
    reseal(index)


def reseal(index: Path) -> None:
    """Every checksum and tally of the index made anew to match its rows, as kifu writes
    them (:mod:`kifu.corpus.checks`); a row whose text is not UTF-8 (which no checksum kifu
    makes can match) keeps its own."""
    with contextlib.closing(sqlite3.connect(index)) as db:
        db.create_function("kifu_check", -1, checksum, deterministic=True)
        for table, columns in (("file", store.FILE_COLUMNS), ("game", store.GAME_COLUMNS),
                               ("trail", store.TRAIL_COLUMNS),
                               ("symmetry", store.SYMMETRY_COLUMNS),
                               ("occupancy", store.OCCUPANCY_COLUMNS),
                               ("continuation", store.CONTINUATION_COLUMNS)):
            keys = _keys(db, table).split(", ")
            where = " AND ".join(f"{key} IS ?" for key in keys)
            for row in db.execute(f"SELECT {', '.join(keys)} FROM {table}").fetchall():
                with contextlib.suppress(sqlite3.IntegrityError, sqlite3.OperationalError):
                    db.execute(f"UPDATE {table} SET checksum = kifu_check('{table}', "
                               f"{', '.join(columns)}) WHERE {where}", row)
        db.execute(f"UPDATE game SET keys = {store.keys()}")
        db.execute("DELETE FROM tally")
        db.execute(f"INSERT INTO tally SELECT 'file', {checks.ROW_TALLY} FROM file")
        db.execute(f"INSERT INTO tally SELECT 'game', {checks.ROW_TALLY} FROM game")
        db.execute(f"INSERT INTO tally SELECT 'occupancy ' || grid, {checks.ROW_TALLY} FROM "
                   "occupancy GROUP BY grid")
        db.execute("UPDATE explored SET (rows, low, high) = (SELECT "
                   f"{checks.ROW_TALLY} FROM continuation c WHERE c.hash = explored.hash)")
        columns = ", ".join(store.EXPLORED_COLUMNS)
        for (value,) in db.execute("SELECT hash FROM explored").fetchall():
            with contextlib.suppress(sqlite3.IntegrityError, sqlite3.OperationalError):
                db.execute(f"UPDATE explored SET checksum = kifu_check('explored', {columns}) "
                           "WHERE hash IS ?", (value,))
        db.execute("DELETE FROM bucket")
        db.execute(f"INSERT OR REPLACE INTO bucket SELECT hash >> {checks.BUCKET_SHIFT}, "
                   f"{checks.POSITION_TALLY} FROM position GROUP BY 1")
        db.commit()


def _keys(db: sqlite3.Connection, table: str) -> str:
    """The columns that name a row of ``table`` (a rowid table's rowid)."""
    if table in ("position", "occupancy", "continuation"):
        return {"position": "hash, place", "occupancy": "grid, point, content",
                "continuation": "hash, next"}[table]
    return "rowid"


DAMAGE: dict[str, Callable[[corpus.Chooser, Path], None]] = {
    "flips": flips, "truncation": truncation, "swap": swap, "sql": sql, "forged": forged}
