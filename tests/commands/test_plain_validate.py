"""``kifu validate``'s plain reading (``kifu.commands.plain``, no click) reads only options the
click command defines, as click reads them, and a run prints and ends the same whichever
reading took it: each command line below runs as ``python -m kifu`` (the plain reading where
it reads the line) and through click alone, and both give the same output, byte for byte, and
the same exit status."""
from __future__ import annotations

import json
import shutil
import subprocess
import sys
from pathlib import Path

import click
import pytest

from kifu.commands.plain import ACCEPTED, read
from kifu.commands.validate import validate

ROOT = Path(__file__).resolve().parents[2]
#: Runs ``kifu`` (``kifu.__main__.main``, as ``python -m kifu``) on each of the command lines
#: of the JSON file ``argv[1]``, each in its folder, its output and status written to
#: ``argv[2]``; with ``click`` as ``argv[3]`` the plain reading is left out, and click reads
#: every command line.  One process each way keeps the test cheap.
_RUNS = """
import json, os, sys
import kifu.__main__, kifu.commands.plain
lines, saved_to, reading = sys.argv[1:]
if reading == "click":
    kifu.commands.plain.validate = lambda args: None
ran = []
for index, (folder, args) in enumerate(json.load(open(lines))):
    os.chdir(folder)
    sys.argv[1:] = ["validate", *args]
    saved = [os.dup(1), os.dup(2)]
    for stream, name in ((1, "out"), (2, "err")):
        os.dup2(os.open(f"{saved_to}.{name}{index}", os.O_WRONLY | os.O_CREAT), stream)
    try:
        kifu.__main__.main()
        status = 0
    except SystemExit as end:
        status = end.code
    sys.stdout.flush(), sys.stderr.flush()
    for stream, copy in zip((1, 2), saved):
        os.dup2(copy, stream)
    ran.append([status, *(open(f"{saved_to}.{name}{index}").read() for name in ("out", "err"))])
json.dump(ran, open(saved_to, "w"))
"""


def test_the_plain_reading_takes_only_the_click_commands_own_options():
    params = {opt: param for param in validate.params for opt in param.opts}
    for option, (name, takes_value) in ACCEPTED.items():
        param = params[option]
        assert param.name == name and isinstance(param, click.Option)
        assert param.is_flag is not takes_value and not param.multiple
    jobs = params["--jobs"]
    assert isinstance(jobs.type, click.IntRange) and (jobs.type.min, jobs.type.max) == (1, None)


@pytest.mark.parametrize(("args", "reading"), [
    (["-q", "a"], (("a",), True, None)),
    (["a", "--jobs", "2", "b", "--quiet"], (("a", "b"), True, 2)),
    (["-j3", "a"], (("a",), False, 3)),
    (["--jobs=12", "a"], (("a",), False, 12)),
    # for click: help, other options, values click reads otherwise, standard input, no path
    (["--help", "a"], None), (["-qv", "a"], None), (["--quiet=1", "a"], None),
    (["-j", "0", "a"], None), (["-j", "+2", "a"], None), (["-j", "a"], None),
    (["-j", "1", "-j", "2", "a"], None), (["-"], None), (["--", "a"], None), (["-q"], None),
    (["--jobs"], None), (["--jo", "1", "a"], None), (["--statistics", "a"], None),
])
def test_what_the_plain_reading_reads(args, reading):
    assert read(args) == reading


#: Command lines of ``kifu validate`` and the folder each runs in: the plain reading's own,
#: and those it leaves to click, decided before or after its run.
LINES = [
    ("plain", ["-q", "legal.sgf"]),
    ("plain", ["legal.sgf", "records", "--jobs", "1"]),       # findings, the summary, status 1
    ("plain", ["-j1", "--quiet", "records"]),
    ("plain", ["empty"]),                                    # no record: click's usage error
    ("plain", ["notes.json", "-q"]),                         # a .json that is no record
    ("plain", ["absent.sgf", "legal.sgf"]),                  # click's usage error
    ("plain", ["--jobs", "4096", "legal.sgf"]),              # more jobs than cores: said
    ("plain", ["-j", "0", "legal.sgf"]),
    ("plain", ["--help"]),
    ("settings", ["records"]),                               # [tool.kifu] ignores a rule
    ("broken", ["-q", "legal.sgf"]),                         # a [tool.kifu] kifu cannot read
]


def test_both_readings_print_and_end_alike(tmp_path):
    for where in ("plain", "settings", "broken"):
        folder = tmp_path / where
        (folder / "records").mkdir(parents=True)
        (folder / "empty").mkdir()
        shutil.copy(ROOT / "examples/freego/nineteen.sgf", folder / "legal.sgf")
        for record in ("freego/ko-retaken-at-once.sgf", "renju/occupied-point.renju"):
            shutil.copy(ROOT / "examples/invalid" / record, folder / "records")
        (folder / "notes.json").write_text('{"notes": 1}\n', encoding="utf-8")
    (tmp_path / "settings/pyproject.toml").write_text('[tool.kifu]\nignore = ["ko"]\n',
                                                      encoding="utf-8")
    (tmp_path / "broken/pyproject.toml").write_text('[tool.kifu]\nignore = "ko"\n',
                                                    encoding="utf-8")
    lines = tmp_path / "lines.json"
    lines.write_text(json.dumps([[str(tmp_path / where), args] for where, args in LINES]),
                     encoding="utf-8")
    ran = {}
    for reading in ("plain", "click"):
        subprocess.run([sys.executable, "-c", _RUNS, str(lines), str(tmp_path / f"{reading}.json"),
                        reading], cwd=tmp_path, check=True)
        ran[reading] = json.loads((tmp_path / f"{reading}.json").read_text(encoding="utf-8"))
    for (where, args), plain, by_click in zip(LINES, ran["plain"], ran["click"], strict=True):
        assert plain == by_click, f"kifu validate {' '.join(args)} in {where}"
    statuses = [status for status, _, _ in ran["plain"]]
    assert statuses == [0, 1, 1, 2, 1, 2, 0, 2, 0, 1, 2], statuses
    assert all("Traceback" not in err for _, _, err in ran["plain"])
