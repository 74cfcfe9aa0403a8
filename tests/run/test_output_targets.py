"""Outputs never destroy anything: what is not a regular file is written in place (or refused),
never replaced; a batch never writes onto one of its inputs; outputs of records that share a
name get names of their own; a folder converted into itself twice gives the same result.

The targets that are not regular files are made in a temporary folder (a pipe, a character
device made with mknod, links to them and to kifu's own standard output), or in a private mount
namespace for ``/dev/null`` itself: never the machine's real ``/dev``.
"""
from __future__ import annotations

import hashlib
import os
import shutil
import stat
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest

from kifu.commands.cli import EXIT_OK, EXIT_USAGE
from kifu.run.ledger import NAME as LEDGER

ROOT = Path(__file__).parents[2]
EXAMPLES = ROOT / "examples"
WIN = EXAMPLES / "renju" / "four-three-win.renju"
OTHER = EXAMPLES / "renju" / "double-four.renju"


def kifu(*args: object, cwd: Path | None = None,
         stdout: object = subprocess.PIPE) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "kifu", *map(str, args)], stdout=stdout,
                          stderr=subprocess.PIPE, text=True, timeout=120, cwd=cwd)


def digest(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def tree(folder: Path) -> dict[str, str]:
    """Every file below ``folder`` and a digest of it (the ledger left out)."""
    return {str(p.relative_to(folder)): digest(p) for p in sorted(folder.rglob("*"))
            if p.is_file() and p.name != LEDGER}


# -- -o onto what is not a regular file ----------------------------------------------------

def test_output_into_a_pipe_is_written_into_the_pipe_which_stays_a_pipe(tmp_path):
    fifo = tmp_path / "pipe"
    os.mkfifo(fifo)
    link = tmp_path / "link-to-pipe"
    link.symlink_to(fifo)
    for target in (fifo, link):
        got: list[bytes] = []
        reader = threading.Thread(target=lambda into=got: into.append(fifo.read_bytes()))
        reader.start()
        done = kifu("render", WIN, "-o", target)
        reader.join(timeout=60)
        assert done.returncode == EXIT_OK, done.stderr
        assert got and got[0].startswith(b"<svg")
        assert stat.S_ISFIFO(fifo.lstat().st_mode) and link.is_symlink()
    assert sorted(p.name for p in tmp_path.iterdir()) == ["link-to-pipe", "pipe"]


def test_output_to_a_link_to_standard_output_prints_and_leaves_the_link(tmp_path):
    link = tmp_path / "stdout"
    link.symlink_to("/proc/self/fd/1")
    for target in (link, "/dev/stdout", "/dev/fd/1"):
        done = kifu("render", "-f", "text", WIN, "-o", target)
        assert done.returncode == EXIT_OK, done.stderr
        assert "a b c d e f g h" in done.stdout
    assert os.readlink(link) == "/proc/self/fd/1"
    with (tmp_path / "out.txt").open("w") as handle:  # standard output a regular file
        done = kifu("render", "-f", "text", WIN, "-o", link, stdout=handle)
    assert done.returncode == EXIT_OK and "a b c" in (tmp_path / "out.txt").read_text()


def test_output_to_a_threads_own_view_of_standard_output_appends_to_it(tmp_path):
    """``/proc/thread-self/fd/1`` and ``/proc/self/task/TID/fd/1`` name kifu's own standard
    output as ``/dev/stdout`` does (the threads of a process share its descriptors): written
    through it, never replaced by a new file."""
    tid = "$$"  # the shell's id, which kifu takes over by exec
    for target in ("/proc/thread-self/fd/1", f"/proc/self/task/{tid}/fd/1"):
        out = tmp_path / "out.txt"
        out.write_text("before\n")
        with out.open("a") as handle:
            done = subprocess.run(["sh", "-c", f'exec "$0" -m kifu render -f text "$1" -o {target}',
                                   sys.executable, str(WIN)], stdout=handle,
                                  stderr=subprocess.PIPE, text=True, timeout=120)
        assert done.returncode == EXIT_OK, done.stderr
        written = out.read_text()
        assert written.startswith("before\n") and "a b c" in written, target


def test_output_to_another_processs_open_file_is_refused_and_the_file_kept(tmp_path):
    """``/proc/PID/fd/N`` of another process names its open file by no path of its own:
    replacing what it leads to would cut that process off from its file; it is refused."""
    held = tmp_path / "held.txt"
    held.write_text("held\n")
    link = tmp_path / "link"
    with held.open("a") as handle:
        other = subprocess.Popen(["sleep", "60"], stdout=handle)
    try:
        link.symlink_to(f"/proc/{other.pid}/fd/1")
        for target in (f"/proc/{other.pid}/fd/1", link):
            done = kifu("render", "-f", "text", WIN, "-o", target)
            assert done.returncode == EXIT_USAGE and "another process" in done.stderr
            assert held.read_text() == "held\n" and os.path.samefile(f"/proc/{other.pid}/fd/1",
                                                                     held)
    finally:
        other.kill()
        other.wait()


def test_output_to_a_character_device_writes_into_it_and_keeps_it(tmp_path):
    null = tmp_path / "null"
    try:
        os.mknod(null, 0o666 | stat.S_IFCHR, os.makedev(1, 3))
    except PermissionError:
        pytest.skip("making a device needs root (CI runs as root)")
    done = kifu("render", WIN, "-o", null)
    assert done.returncode == EXIT_OK, done.stderr
    assert stat.S_ISCHR(null.lstat().st_mode) and null.stat().st_rdev == os.makedev(1, 3)


def test_output_to_dev_null_leaves_dev_null_a_device_in_a_private_mount_namespace(tmp_path):
    unshare = shutil.which("unshare")
    script = (f"mount -t tmpfs none /dev && mknod -m 666 /dev/null c 1 3 && "
              f"{sys.executable} -m kifu render {WIN} -o /dev/null && stat -c %F /dev/null")
    if unshare is None:
        pytest.skip("no unshare(1) to make a private mount namespace")
    done = subprocess.run([unshare, "-m", "--propagation", "private", "sh", "-c", script],
                          capture_output=True, text=True, timeout=120,
                          env={**os.environ, "PYTHONPATH": str(ROOT)})
    if done.returncode != 0 and "unshare" in done.stderr:
        pytest.skip(f"no private mount namespace here: {done.stderr.strip()}")
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == "character special file"


def test_output_through_a_link_to_a_file_writes_the_file_and_keeps_the_link(tmp_path):
    real = tmp_path / "real.txt"
    real.write_text("old\n")
    link = tmp_path / "link.txt"
    link.symlink_to(real)
    assert kifu("render", "-f", "text", WIN, "-o", link).returncode == EXIT_OK
    assert link.is_symlink() and "a b c" in real.read_text()


# -- batches never write onto their inputs -------------------------------------------------

def test_output_dir_above_an_input_folder_never_writes_onto_its_records(tmp_path):
    (tmp_path / "a" / "sub").mkdir(parents=True)
    (tmp_path / "b" / "sub").mkdir(parents=True)
    shutil.copy(WIN, tmp_path / "a" / "sub" / "x.renju")
    assert kifu("convert", "--to", "json", OTHER, "-o", tmp_path / "b" / "sub" / "x.json"
                ).returncode == EXIT_OK
    before = tree(tmp_path)
    done = kifu("convert", "--output-dir", "a", "a/sub", "b", cwd=tmp_path)
    assert done.returncode == EXIT_USAGE
    assert "a/sub/x.renju is an input of this run" in done.stderr
    after = tree(tmp_path)
    assert {k: v for k, v in after.items() if k in before} == before  # every input unchanged
    assert set(after) - set(before) == {"a/x.renju"}


def test_an_input_named_in_the_output_dir_is_never_written_onto(tmp_path):
    for folder, record in (("a", WIN), ("b", OTHER)):
        (tmp_path / folder).mkdir()
        shutil.copy(record, tmp_path / folder / "x.renju")
    before = tree(tmp_path)
    done = kifu("convert", "--output-dir", "a", "b/x.renju", "a/x.renju", cwd=tmp_path)
    assert done.returncode == EXIT_USAGE
    assert tree(tmp_path) == before


def test_converting_a_folder_into_itself_twice_gives_the_same_result(tmp_path):
    folder = tmp_path / "g"
    folder.mkdir()
    for record in (EXAMPLES / "renju").glob("*.renju"):
        shutil.copy(record, folder)
    for target in ("sgf", "json"):
        first = kifu("convert", "--to", target, "--output-dir", "g", "g", cwd=tmp_path)
        after_first = tree(folder)
        second = kifu("convert", "--to", target, "--output-dir", "g", "g", cwd=tmp_path)
        assert first.returncode == second.returncode == EXIT_OK, second.stderr
        assert second.stderr == first.stderr
        assert tree(folder) == after_first


@pytest.mark.parametrize("fmt", ["html", "svg", "text"])
def test_rendering_a_folder_into_itself_twice_gives_the_same_files_byte_for_byte(tmp_path,
                                                                                  fmt):
    """A viewer page carries a font of kifu's outlines for CJK text, which fontTools stamped
    with the time it was made: every run's pages differed.  (Gungi's records have kanji.)"""
    folder = tmp_path / "g"
    folder.mkdir()
    for record in [*(EXAMPLES / "gungi").glob("*.gungi"), WIN]:
        shutil.copy(record, folder)
    first = kifu("render", "-f", fmt, "--output-dir", "g", "g", cwd=tmp_path)
    after_first = tree(folder)
    assert len(after_first) > 4
    time.sleep(1.1)  # a font's time stamp counts seconds
    second = kifu("render", "-f", fmt, "--output-dir", "g", "g", cwd=tmp_path)
    assert first.returncode == second.returncode, second.stderr
    assert second.stderr == first.stderr
    assert tree(folder) == after_first


def test_an_output_edited_since_is_the_users_record_and_is_never_replaced(tmp_path):
    folder = tmp_path / "g"
    folder.mkdir()
    shutil.copy(WIN, folder / "x.renju")
    assert kifu("convert", "--to", "sgf", "--output-dir", "g", "g", cwd=tmp_path).returncode == 0
    edited = (folder / "x.sgf").read_text().replace("PB[", "C[mine]PB[", 1)
    (folder / "x.sgf").write_text(edited)
    kifu("convert", "--to", "sgf", "--output-dir", "g", "g", cwd=tmp_path)
    assert (folder / "x.sgf").read_text() == edited  # the user's now: read, never replaced
    assert (folder / "x.renju.sgf").is_file()


def test_a_batch_refuses_to_replace_a_link_or_a_pipe_in_the_output_dir(tmp_path):
    out = tmp_path / "out"
    out.mkdir()
    victim = tmp_path / "victim.txt"
    victim.write_text("mine\n")
    (out / "four-three-win.svg").symlink_to(victim)
    os.mkfifo(out / "double-four.svg")
    (tmp_path / "in").mkdir()
    shutil.copy(WIN, tmp_path / "in")
    shutil.copy(OTHER, tmp_path / "in")
    done = kifu("render", "--output-dir", out, tmp_path / "in")
    assert done.returncode == EXIT_USAGE
    assert "is a symbolic link" in done.stderr and "is a pipe" in done.stderr
    assert victim.read_text() == "mine\n" and stat.S_ISFIFO((out / "double-four.svg").lstat().st_mode)


# -- outputs that would share a name -------------------------------------------------------

def test_records_of_one_name_in_several_games_get_pages_of_their_own(tmp_path):
    folder = tmp_path / "in"
    folder.mkdir()
    for name, source in (("mine.gungi", EXAMPLES / "gungi" / "short-game.gungi"),
                         ("mine.rengi", EXAMPLES / "rengi" / "ten-game.rengi"),
                         ("mine.rengoma", EXAMPLES / "rengoma" / "win-across.rengoma"),
                         ("mine.renju", WIN), ("index.renju", OTHER)):
        shutil.copy(source, folder / name)
    done = kifu("render", "-f", "html", "--output-dir", tmp_path / "site", folder)
    assert done.returncode == EXIT_OK, done.stderr
    pages = sorted(p.name for p in (tmp_path / "site").iterdir())
    assert pages == ["index.html", "index.renju.html", "mine.gungi.html", "mine.rengi.html",
                     "mine.rengoma.html", "mine.renju.html"]
    index = (tmp_path / "site" / "index.html").read_text(encoding="utf-8")
    assert "5 games in 5 files: 5 legal, 0 not legal" in index


def test_a_real_collision_is_reported_and_never_makes_a_legal_record_illegal(tmp_path):
    for folder in ("x", "y"):
        (tmp_path / folder).mkdir()
        shutil.copy(WIN, tmp_path / folder / "mine.renju")
    done = kifu("render", "-f", "html", "--output-dir", "site", "x", "y", cwd=tmp_path)
    assert done.returncode == EXIT_USAGE
    assert "y/mine.renju: error[output]: not written: its output site/mine.* is already that " \
           "of x/mine.renju" in done.stderr
    index = (tmp_path / "site" / "index.html").read_text(encoding="utf-8")
    assert "2 games in 2 files: 2 legal, 0 not legal" in index
    assert "not written: its output" in index


def test_names_differing_by_case_are_one_output_only_where_the_file_system_says_so(tmp_path):
    """On a file system that tells ``Mine`` from ``mine`` (this one), both records are written;
    where it takes them for one name (macOS's, Windows', vfat), the second is a collision, not
    written over the first.  The file system is asked by a file made there, which is gone."""
    from kifu.run.output_folder import case_blind

    for folder, name in (("x", "Mine.renju"), ("y", "mine.renju")):
        (tmp_path / folder).mkdir()
        shutil.copy(WIN, tmp_path / folder / name)
    blind = case_blind(str(tmp_path / "out"))
    assert sorted(p.name for p in tmp_path.iterdir()) == ["x", "y"]  # the probe left nothing
    done = kifu("convert", "--to", "json", "--output-dir", "out", "x", "y", cwd=tmp_path)
    written = sorted(p.name for p in (tmp_path / "out").iterdir() if p.suffix == ".json")
    if blind:
        assert done.returncode == EXIT_USAGE and "is already that of x/Mine.renju" in done.stderr
        assert len(written) == 1
    else:
        assert done.returncode == EXIT_OK, done.stderr
        assert written == ["Mine.json", "mine.json"]


def test_an_empty_batch_or_an_empty_output_dir_writes_nothing(tmp_path):
    (tmp_path / "empty").mkdir()
    done = kifu("render", "-f", "html", "--output-dir", "site", "empty", cwd=tmp_path)
    assert done.returncode == EXIT_USAGE and not (tmp_path / "site").exists()
    shutil.copy(WIN, tmp_path / "empty")
    done = kifu("render", "--output-dir", "", "empty", cwd=tmp_path)
    assert done.returncode == EXIT_USAGE and "an output folder must be named" in done.stderr
    assert sorted(p.name for p in tmp_path.iterdir()) == ["empty"]


@pytest.mark.parametrize("args", [
    ["convert", WIN, "-o", ""], ["render", WIN, "-o", " "], ["convert", WIN, "-o", "new/"],
    ["render", WIN, "--output-dir", ""], ["convert", WIN, OTHER, "--output-dir", " "],
    ["index", WIN, "-o", ""], ["index", WIN, "-o", "db/"],
    ["board", "derive", EXAMPLES / "freego" / "scribble.toml", "-o", ""],
])
def test_an_output_named_empty_or_as_a_folder_is_refused_and_nothing_is_written(tmp_path,
                                                                                  args):
    """``-o ''`` wrote into the record's own board file (``board derive``), an empty
    ``--output-dir`` wrote a search's pages into the current folder, ``-o new/`` a file
    named ``new``: each is refused, exit 2, and nothing is written anywhere."""
    board = EXAMPLES / "freego" / "scribble.toml"
    before = digest(board)
    done = kifu(*args, cwd=tmp_path)
    assert done.returncode == EXIT_USAGE, done.stderr
    assert list(tmp_path.iterdir()) == [] and digest(board) == before


def test_an_input_folder_reached_through_a_bind_mount_is_the_same_folder(tmp_path):
    """``--output-dir`` naming the records' folder by a path no link explains (a bind mount;
    on a file system that ignores case, another spelling): kifu took it for another folder,
    kept no ledger, and each run read the last one's outputs as records (``x.json.json``...).
    Folders are now told apart by what they are, and a second run does what the first did."""
    unshare = shutil.which("unshare")
    if unshare is None:
        pytest.skip("no unshare(1) to make a private mount namespace")
    (tmp_path / "g").mkdir()
    (tmp_path / "m").mkdir()
    shutil.copy(WIN, tmp_path / "g" / "x.renju")
    shutil.copy(OTHER, tmp_path / "g" / "y.renju")
    run = f"{sys.executable} -m kifu"
    script = (f"mount --bind g m && for to in json json sgf sgf; do {run} convert -q --to $to "
              f"--output-dir m g || exit 9; done && {run} render -q --output-dir m g && "
              f"{run} render -q --output-dir m g && ls -A g")
    done = subprocess.run([unshare, "-m", "--propagation", "private", "sh", "-c", script],
                          capture_output=True, text=True, timeout=300, cwd=tmp_path,
                          env={**os.environ, "PYTHONPATH": str(ROOT)})
    if done.returncode != 0 and ("unshare" in done.stderr or "mount" in done.stderr):
        pytest.skip(f"no private mount namespace here: {done.stderr.strip()}")
    assert done.returncode == 0, done.stderr
    assert sorted(done.stdout.split()) == [LEDGER, "x.json", "x.renju", "x.sgf", "x.svg",
                                           "y.json", "y.renju", "y.sgf", "y.svg"]
