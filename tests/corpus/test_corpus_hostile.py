"""The index under hostile input (issue 38, the fourth campaign): a damaged index, two runs
into one index at once, a run killed, file names that are not UTF-8, options of the wrong
type, filters in every script and of any length, results no game reads, a pattern header given
twice, and a RenLib library of half a million nodes.  Each test is named for what went wrong;
the fuzz harness's shape "damaged index" (``tests/fuzz/damage.py``, run in
``tests/fuzz/test_fuzz.py``) damages indexes at random and asks every question."""
from __future__ import annotations

import contextlib
import os
import random
import signal
import sqlite3
import struct
import subprocess
import sys
import time
import zlib
from pathlib import Path

import pytest

import kifu
from tests.corpus.corpora import random_game, renju, sgf, write
from tests.fuzz import damage

ROOT = Path(__file__).parents[2]
MOVES = random_game("freego", 9, 24, random.Random(38))


def kifu_run(*args: object, cwd: Path, timeout: float = 300) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "kifu", *map(str, args)], capture_output=True,
                          text=True, timeout=timeout, cwd=cwd,
                          env={**os.environ, "PYTHONPATH": str(ROOT)})


def started(*args: object, cwd: Path) -> subprocess.Popen[str]:
    return subprocess.Popen([sys.executable, "-m", "kifu", *map(str, args)], cwd=cwd,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                            env={**os.environ, "PYTHONPATH": str(ROOT)})


@pytest.fixture
def records(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """Go games (one, a copy of it under other headers, another) and a Renju game, indexed
    into ``corpus.db``; the current folder is ``tmp_path``."""
    monkeypatch.chdir(tmp_path)
    write(tmp_path / "records", [
        ("kato-lee.sgf", sgf(MOVES, 9, headers={"PB": "Kato", "PW": "Lee", "RE": "B+R",
                                                "DT": "2024-05-01"})),
        ("copy.sgf", sgf(MOVES, 9, headers={"PB": "Kato", "PW": "Lee", "RE": "B+R",
                                            "EV": "Copied"})),
        ("other.sgf", sgf(MOVES[:9], 9, headers={"PB": "Abe", "PW": "Ito", "RE": "W+3.5"})),
        ("five.renju", renju([(7, 7), (8, 8), (7, 8), (8, 9), (7, 9)], {"Black": "Kato"})),
    ])
    kifu.Corpus("corpus.db").index("records")
    return tmp_path


# -- a damaged index ------------------------------------------------------------------------

#: Each question, as the library asks it and as the command line does.
QUESTIONS = {
    "position": (lambda c: c.search("records/kato-lee.sgf", move=6),
                 ["search", "corpus.db", "-p", "records/kato-lee.sgf@6"]),
    "headers": (lambda c: c.search(), ["search", "corpus.db"]),
    "player": (lambda c: c.search(player="kato"), ["search", "corpus.db", "--player", "kato"]),
    "duplicates": (lambda c: c.duplicates(min_moves=2),
                   ["dedupe", "corpus.db", "--min-moves", "2"]),
    "stats": (lambda c: c.stats(top=3), ["stats", "corpus.db", "--top", "3"]),
}
KATO = "(SELECT id FROM game WHERE CAST(name AS TEXT) LIKE '%kato-lee.sgf')"
COPY = "(SELECT id FROM game WHERE CAST(name AS TEXT) LIKE '%copy.sgf')"

#: Values a damaged index holds, each made by a row edited with SQL, and the question that
#: meets it.  Met by kifu 0.x before issue 38, such values raised ``KeyError: 48`` (a record
#: named by a position's row and not found), ``IndexError: tuple index out of range`` (an
#: image past the symmetry's), ``JSONDecodeError``, ``UnicodeDecodeError``, ``TypeError:
#: startswith first arg must be bytes`` and ``AttributeError: 'float' object has no attribute
#: 'startswith'`` (a name of the wrong type), or answered otherwise in silence (a row lost, a
#: name changed).
DAMAGES = {
    "a position's row names a record that has none": (
        f"UPDATE position SET place = place + (48 << 32) WHERE place >> 32 = {KATO}",
        "position"),
    "a final image past the game's symmetry": (
        f"UPDATE game SET final_image = 31 WHERE id = {COPY}", "duplicates"),
    "a record's lines cut short": (
        f"UPDATE trail SET lines = substr(lines, 1, 5) WHERE game = {KATO}", "headers"),
    "a player's name not in UTF-8": (
        f"UPDATE game SET players = CAST(x'ff4b61746f' AS TEXT) WHERE id = {KATO}", "player"),
    "a record's name a text, not bytes": (
        f"UPDATE game SET name = CAST(name AS TEXT) WHERE id = {KATO}", "headers"),
    "a record's name a number": (
        f"UPDATE game SET name = 3.5 WHERE id = {KATO}", "headers"),
    "a position's row lost": (
        f"DELETE FROM position WHERE place >> 32 = {COPY} AND (place >> 5 & 134217727) = 6",
        "position"),
    "a record's row lost": (f"DELETE FROM game WHERE id = {COPY}", "player"),
    "a player's name changed": (
        f"UPDATE game SET players = 'Mori' || char(10) || 'Lee' WHERE id = {KATO}", "player"),
}


@pytest.mark.parametrize("forged", [False, True], ids=["edited", "checksums-made-anew"])
@pytest.mark.parametrize("damage_name", list(DAMAGES))
def test_a_damaged_index_is_a_corpus_error_naming_the_index_and_the_rebuild(records, damage_name,
                                                                            forged):
    """Asked through ``kifu.Corpus``, a damaged index raised Python's own exceptions (36
    distinct ones over eight questions); a value changed that decodes cleanly (a player's
    name) gave another answer in silence.  Now each is a ``CorpusError`` naming the index, the
    record where one is concerned, and the call that makes the index anew, and the command
    line says the same with its own command.  Edited by hand, a row no longer matches its
    checksum; forged (the checksums and tallies made anew, as a hostile file's maker would),
    the value is checked as it is decoded."""
    edit, question = DAMAGES[damage_name]
    with contextlib.closing(sqlite3.connect("corpus.db")) as db:
        db.execute(edit)
        db.commit()
    if forged:
        damage.reseal(Path("corpus.db"))
    ask, command = QUESTIONS[question]
    if forged and damage_name in ("a position's row lost", "a record's row lost",
                                  "a player's name changed"):
        ask(kifu.Corpus("corpus.db"))  # says what the file says: a record fewer, another name
        return
    with pytest.raises(kifu.CorpusError) as raised:
        ask(kifu.Corpus("corpus.db"))
    said = raised.value.message
    what, _, remedy = said.partition(": rebuild it with ")
    assert what.startswith("corpus.db is damaged")
    assert remedy == "kifu.Corpus('corpus.db').index(paths, rebuild=True)"
    if damage_name.startswith("a position's row names"):  # the record named has no row
        assert "names a record (id " in what or "do not match their tally" in what
    elif "a record's name" in damage_name:  # the record's number, and its file
        assert "(record id 3, of records/kato-lee.sgf)" in what
    elif "lost" not in damage_name:
        assert "(record records/kato-lee.sgf)" in what or "(record records/copy.sgf)" in what
    done = kifu_run(*command, cwd=records)
    assert (done.returncode, done.stdout) == (2, "")
    assert done.stderr == (f"corpus.db: error[corpus]: {what}: rebuild it with kifu index "
                           "--rebuild PATH... -o corpus.db\n")
    kifu.Corpus("corpus.db").index("records", rebuild=True)
    assert ask(kifu.Corpus("corpus.db")) is not None


def _varint(data: bytes | bytearray, at: int) -> tuple[int, int]:
    """SQLite's variable-length integer at ``at``: its value and where the next begins."""
    value = 0
    for step in range(9):
        byte = data[at + step]
        if step == 8:
            return value << 8 | byte, at + 9
        value = value << 7 | byte & 0x7F
        if not byte & 0x80:
            return value, at + step + 1
    raise AssertionError("unreachable")


def test_a_record_whose_number_a_flipped_byte_changed_is_not_left_out_in_silence(records):
    """A byte flipped in a row's number made two records number 1 (found by the fuzzing):
    every list left the other out, the tally of the rows being whole.  The number is among
    the values each row keeps a copy of."""
    with contextlib.closing(sqlite3.connect("corpus.db")) as db:
        [(root,)] = db.execute("SELECT rootpage FROM sqlite_master WHERE name = 'game'")
        [(size,)] = db.execute("PRAGMA page_size")
    data = bytearray(Path("corpus.db").read_bytes())
    page = (root - 1) * size
    assert data[page] == 13  # a leaf of a table: the four records' rows fit in it
    for cell in range(int.from_bytes(data[page + 3:page + 5], "big")):
        at = page + int.from_bytes(data[page + 8 + 2 * cell:page + 10 + 2 * cell], "big")
        _, rowid_at = _varint(data, at)
        number, _ = _varint(data, rowid_at)
        if number == 3:
            data[rowid_at] = 1  # record 3 numbered 1, as the flipped bit made it
    Path("corpus.db").write_bytes(bytes(data))
    with pytest.raises(kifu.CorpusError, match="its searched values are not those it was "
                       "written with"):
        kifu.Corpus("corpus.db").search(player="o")


def test_the_trails_of_a_games_records_lost_from_view_are_damage_not_another_start(records):
    """A page swapped left every Go record's trail out of the scan that finds where the games
    start (found by the fuzzing): the explorer then began from Go's usual empty board and
    answered that no record reaches it.  The trails scanned are counted against the
    records."""
    with contextlib.closing(sqlite3.connect("corpus.db")) as db:
        db.execute("DELETE FROM trail WHERE game IN (SELECT id FROM game WHERE game = "
                   "'freego')")
        db.commit()
    with pytest.raises(kifu.CorpusError, match="the trails of positions do not match the "
                       "records"):
        kifu.Corpus("corpus.db").explore(game="freego")


def test_a_log_of_changes_that_decompresses_but_ends_inside_its_points_is_damage(records):
    """A record's log of changes, compressed as kifu writes it and under a checksum made
    anew, whose points end half-way: its counts were read as Python's ``ValueError``."""
    with contextlib.closing(sqlite3.connect("corpus.db")) as db:
        [(game, positions)] = db.execute(f"SELECT id, positions FROM game WHERE id = {KATO}")
        cut = zlib.compress(struct.pack("<II", 81, positions) + b"\x01\x00")
        db.execute("UPDATE trail SET log = ? WHERE game = ?", (cut, game))
        db.commit()
    damage.reseal(Path("corpus.db"))
    with pytest.raises(kifu.CorpusError, match=r"\(record records/kato-lee.sgf\): its log of "
                       "changes is not what kifu writes"):
        kifu.Corpus("corpus.db").search(pattern="Game: freego\nAnchor: anywhere\n\nX\n")


# -- writing an index -----------------------------------------------------------------------

@pytest.mark.parametrize("edit", [
    f"UPDATE game SET headers = CAST(x'7b22ff223a2231227d' AS TEXT) WHERE id = {KATO}",
    "DELETE FROM file WHERE CAST(path AS TEXT) LIKE '%kato-lee.sgf'",
    f"UPDATE game SET positions = positions + 1 WHERE id = {KATO}",
    "UPDATE occupancy SET checksum = checksum + 1",  # read at the end: aside with --jobs
], ids=["a text not UTF-8", "a file's row lost", "a count changed", "an occupancy row"])
def test_an_update_of_a_damaged_index_is_refused_with_the_rebuild(records, edit):
    """An update reads the index it updates: a text that is not UTF-8 was "the index could not
    be written", a file's row lost had the file indexed again beside its old records."""
    with contextlib.closing(sqlite3.connect("corpus.db")) as db:
        db.execute(edit)
        db.commit()
    changed = records / "records" / "kato-lee.sgf"
    os.utime(changed, ns=(changed.stat().st_atime_ns, changed.stat().st_mtime_ns + 10**9))
    before = (records / "corpus.db").read_bytes()
    done = kifu_run("index", "records", "-o", "corpus.db", cwd=records)
    assert done.returncode == 2
    assert done.stderr.startswith("corpus.db: error[corpus]: corpus.db is damaged")
    assert done.stderr.endswith(": rebuild it with kifu index --rebuild PATH... -o corpus.db\n")
    assert (records / "corpus.db").read_bytes() == before
    assert kifu_run("index", "records", "-o", "corpus.db", "--rebuild", cwd=records
                    ).returncode == 0


def _lock_held(folder: Path) -> bool:
    """Whether a run holds the index's lock (its process number written in the lock file)."""
    try:
        return (folder / ".corpus.db.lock").read_text().strip().isdigit()
    except OSError:
        return False


def test_two_index_runs_into_one_index_never_lose_a_run_s_records(tmp_path):
    """Two runs into one index each copied it and renamed their copy over it: the last to end
    won, and the other's records were lost with both saying "N records", both exiting 0.  Now
    one run at a time writes an index: another stops at once (exit 2), or with --wait waits
    and then updates what the first wrote."""
    write(tmp_path / "first", [(f"g{n:03d}.sgf", sgf(MOVES[:n % 20 + 1], 9)) for n in range(60)])
    write(tmp_path / "second", [("other.sgf", sgf(MOVES[:5], 9))])
    first = started("index", "first", "-o", "corpus.db", "-q", cwd=tmp_path)
    deadline = time.monotonic() + 60
    while not _lock_held(tmp_path) and time.monotonic() < deadline and first.poll() is None:
        time.sleep(0.005)
    os.kill(first.pid, signal.SIGSTOP)  # holding the lock, half-way
    try:
        assert first.poll() is None, "the first run ended before it could be held"
        refused = kifu_run("index", "second", "-o", "corpus.db", cwd=tmp_path)
        assert refused.returncode == 2
        assert refused.stderr == (f"corpus.db: error[corpus]: corpus.db: another kifu index "
                                  f"(process {first.pid}) is writing this index; run this one "
                                  "when it is done, or give --wait to wait for it\n")
        with pytest.raises(kifu.CorpusError, match=r"is writing this index; run this one "
                           r"when it is done, or give wait=True to wait for it"):
            kifu.Corpus(tmp_path / "corpus.db").index(tmp_path / "second")
        waiting = started("index", "second", "-o", "corpus.db", "--wait", cwd=tmp_path)
        time.sleep(1)
        assert waiting.poll() is None
    finally:
        os.kill(first.pid, signal.SIGCONT)
    assert first.wait(120) == 0
    assert waiting.wait(120) == 0, waiting.stderr.read() if waiting.stderr else ""
    assert len(kifu.Corpus(tmp_path / "corpus.db").search()) == 61
    assert sorted(p.name for p in tmp_path.iterdir()) == ["corpus.db", "first", "second"]


def test_a_run_killed_leaves_temporary_files_the_next_run_removes(tmp_path):
    """SIGKILL during ``kifu index`` left ``.corpus.db.*.tmp`` files no later run removed."""
    write(tmp_path / "records", [(f"g{n:03d}.sgf", sgf(MOVES, 9)) for n in range(60)])
    run = started("index", "records", "-o", "corpus.db", "-q", cwd=tmp_path)
    deadline = time.monotonic() + 60
    while not list(tmp_path.glob(".corpus.db.*.tmp")) and time.monotonic() < deadline:
        time.sleep(0.005)
    os.kill(run.pid, signal.SIGSTOP)
    left = list(tmp_path.glob(".corpus.db.*.tmp"))
    os.kill(run.pid, signal.SIGKILL)
    run.wait(60)
    assert left and all(path.exists() for path in left)
    assert kifu_run("index", "records", "-o", "corpus.db", "-q", cwd=tmp_path).returncode == 0
    assert sorted(p.name for p in tmp_path.iterdir()) == ["corpus.db", "records"]


def test_a_file_name_that_is_not_utf8_is_indexed(tmp_path):
    """``bad\\xff.renju`` in a folder stopped ``kifu index`` with an internal error, and no
    index at all; ``validate`` read the folder."""
    (tmp_path / "records").mkdir()
    name = os.fsdecode(b"bad\xff.renju")
    (tmp_path / "records" / name).write_text(renju([(7, 7), (8, 8)], {"Black": "Kato"}),
                                             encoding="utf-8")
    done = kifu_run("index", "records", "-o", "corpus.db", cwd=tmp_path)
    assert done.returncode == 0 and "1 records" in done.stderr, done.stderr
    [hit] = kifu.Corpus(tmp_path / "corpus.db").search(player="kato")
    assert hit.record.path == str(tmp_path / "records" / name)
    found = kifu_run("search", "corpus.db", "--player", "kato", cwd=tmp_path)
    assert found.returncode == 0 and "records/bad\\udcff.renju" in found.stdout
    again = kifu_run("index", "records", "-o", "corpus.db", cwd=tmp_path)
    assert "0 files read" in again.stderr and "1 unchanged" in again.stderr


def test_corpus_index_takes_a_text_as_one_path(tmp_path, monkeypatch):
    """``Corpus.index("ab")`` indexed the folders ``a/`` and ``b/`` (and given an absolute
    path, walked the whole file system from ``/``)."""
    monkeypatch.chdir(tmp_path)
    for folder in ("a", "b", "ab"):
        write(tmp_path / folder, [(f"{folder}.sgf", sgf(MOVES[:5], 9))])
    assert kifu.Corpus("corpus.db").index("ab").records == 1
    assert kifu.Corpus("corpus.db").index(str(tmp_path / "ab")).records == 0  # unchanged
    assert [Path(hit.record.path).name for hit in kifu.Corpus("corpus.db").search()] == \
        ["ab.sgf"]
    with pytest.raises(kifu.OptionError, match="give a path, or a list of paths"):
        kifu.Corpus("corpus.db").index(5)  # type: ignore[arg-type]


# -- the library's options ------------------------------------------------------------------

WRONG_TYPES = {
    "Corpus.search(player=5)": lambda c, r: c.search(player=5),
    "Corpus.search(date=2024)": lambda c, r: c.search(date=2024),
    "Corpus.search(result=1.5)": lambda c, r: c.search(result=1.5),
    "Corpus.search(game=5)": lambda c, r: c.search(game=5),
    "Corpus.duplicates(event=[])": lambda c, r: c.duplicates(event=[]),
    "Corpus.search(pattern=5)": lambda c, r: c.search(pattern=5),
    "Corpus.index(scheduler=5)": lambda c, r: c.index("records", scheduler=5),
    "parse(format=5)": lambda c, r: kifu.parse("Game: renju\n\nh8\n", format=5),
    "read(game=5)": lambda c, r: kifu.read("records/five.renju", game=5),
    "Record.dumps(dialect=5)": lambda c, r: r.dumps(dialect=5),
    "Record.dumps(to=5)": lambda c, r: r.dumps(to=5),
}


@pytest.mark.parametrize("call", list(WRONG_TYPES))
def test_a_text_option_of_the_wrong_type_is_an_option_error(records, call):
    """Eight calls with a wrong type raised ``AttributeError`` or ``TypeError`` from inside
    kifu where their neighbours (``move=``, ``top=``) gave an ``OptionError``."""
    record = kifu.read("records/five.renju")
    with pytest.raises(kifu.OptionError, match=r"is a text \(or None\)|a pattern is a Pattern"):
        WRONG_TYPES[call](kifu.Corpus("corpus.db"), record)


# -- filters --------------------------------------------------------------------------------

def test_a_filter_folds_case_in_every_script(tmp_path):
    """``--player öberg``, ``иван`` and ``élodie`` found nothing: "any case" was ASCII only."""
    write(tmp_path / "records", [
        ("a.sgf", sgf(MOVES[:5], 9, headers={"PB": "Öberg", "PW": "ИВАН"})),
        ("b.sgf", sgf(MOVES[:6], 9, headers={"PB": "Élodie", "PW": "Straße", "EV": "ÅRETS"})),
    ])
    kifu.Corpus(tmp_path / "corpus.db").index(tmp_path / "records")
    for player, found in (("öberg", "a.sgf"), ("иван", "a.sgf"), ("élodie", "b.sgf"),
                          ("STRASSE", "b.sgf"), ("ÉLODIE", "b.sgf")):
        done = kifu_run("search", "corpus.db", "--player", player, "-f", "json", cwd=tmp_path)
        assert done.returncode == 0 and f'/{found}"' in done.stdout, (player, done.stderr)
        assert len(done.stdout.splitlines()) == 1
    assert len(kifu.Corpus(tmp_path / "corpus.db").search(event="årets")) == 1


@pytest.mark.parametrize("option", ["--player", "--event", "--date", "--result", "--rule",
                                    "--opening"])
def test_a_long_filter_finds_nothing_and_is_not_blamed_on_the_index(records, option):
    """A filter of 50,001 characters was "damaged: rebuild it", the index blamed for SQLite's
    limit on a pattern's length."""
    done = kifu_run("search", "corpus.db", option, "x" * 50_001, cwd=records)
    assert (done.returncode, done.stdout, done.stderr) == (0, "", "0 records found\n")
    assert kifu.Corpus("corpus.db").search(player="é" * 50_001) == []


def test_a_result_with_words_after_the_plus_no_game_reads_keeps_no_other_win(records):
    """``--result W+<21 digits>`` found every white win: a margin no game reads was dropped
    and the winner alone compared."""
    assert [Path(h.record.path).name for h in kifu.Corpus("corpus.db").search(result="W+")] == \
        ["other.sgf"]
    for text in ("W+" + "1" * 21, "W+1e400", "W+Illegal", "B+" + "9" * 21):
        assert kifu.Corpus("corpus.db").search(result=text) == [], text
        done = kifu_run("search", "corpus.db", "--result", text, cwd=records)
        assert (done.returncode, done.stdout, done.stderr) == (0, "", "0 records found\n")


def test_a_pattern_header_given_twice_is_an_error(records):
    """A pattern with ``Anchor:`` twice was read with the second."""
    (records / "two.pattern").write_text("Anchor: corner\nAnchor: edge\n\n. X\n",
                                         encoding="utf-8")
    done = kifu_run("search", "corpus.db", "--pattern", "two.pattern", cwd=records)
    assert done.returncode == 2
    assert done.stderr.startswith("two.pattern:2:1: error[pattern]: Anchor: is given twice "
                                  "(first on line 1)")
    with pytest.raises(kifu.PatternError, match="given twice"):
        kifu.Corpus("corpus.db").search(pattern="Game: freego\nAnchor: corner\nAnchor: corner"
                                        "\n\n. X\n")


# -- memory ---------------------------------------------------------------------------------

def wide_library(path: Path) -> int:
    """A RenLib library of 499,745 nodes in 1 MB (two bytes a node), every line legal: h8,
    each of White's 224 replies, each of Black's 223 answers, and nine of White's moves after
    each; how many nodes."""
    points = [column + 16 * row for row in range(15) for column in range(1, 16)]
    centre = 0x78  # h8
    rest = [point for point in points if point != centre]
    data = bytearray(b"\xffRenLib\xff\x03\x04" + b"\xff" * 10 + bytes([centre, 0]))
    for i, white in enumerate(rest):
        data += bytes([white, 0x80 if i < len(rest) - 1 else 0])
        blacks = [point for point in rest if point != white]
        for j, black in enumerate(blacks):
            data += bytes([black, 0x80 if j < len(blacks) - 1 else 0])
            after = [point for point in rest if point not in (white, black)][:9]
            for k, move in enumerate(after):
                data += bytes([move, (0x80 if k < len(after) - 1 else 0) | 0x40])
    path.write_bytes(bytes(data))
    return (len(data) - 20) // 2


def test_a_renlib_library_of_half_a_million_nodes_is_indexed_in_bounded_memory(tmp_path):
    """Indexing a 1 MB RenLib library of 499,000 nodes took 972 MB (its lines kept as lists
    of lists, a position's hashes all pending at once); the bound for an input under 16 MiB
    is 600 MB."""
    assert wide_library(tmp_path / "wide.lib") == 499_745
    measure = ("import resource, sys\nfrom kifu.commands.cli import main\n"
               "try:\n    main(sys.argv[1:])\nexcept SystemExit as end:\n    status = end.code\n"
               "print(resource.getrusage(resource.RUSAGE_SELF).ru_maxrss, status)\n")
    done = subprocess.run([sys.executable, "-c", measure, "index", "wide.lib", "-o", "wide.db",
                           "-j", "1", "-q"], capture_output=True, text=True, cwd=tmp_path,
                          timeout=600, env={**os.environ, "PYTHONPATH": str(ROOT)})
    peak_kb, status = done.stdout.split()
    assert status == "0", done.stderr
    assert int(peak_kb) < 600 * 1024
    assert kifu.Corpus(tmp_path / "wide.db").search()[0].record.moves == 4
