"""``kifu validate`` of one record imports what checking that record needs and nothing else:
a pre-commit hook or an editor runs kifu once per record, and pays every import each time (the
timed comparison is ``bench/startup.py``; ``docs/speed.md`` gives its figures).  Each run is a
real process, whose modules are listed once the command is done."""
from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from kifu.api import compat
from kifu.base.cards import BUILT_IN

ROOT = Path(__file__).resolve().parents[2]
#: Run in a process of its own: the command (the ``main`` of the module ``argv[1]``: the click
#: command line, or ``kifu`` itself), then every module the process imported.
_LISTED = """
import importlib, json, sys
entry, listing, sys.argv[1:] = sys.argv[1], sys.argv[2], sys.argv[3:]
try:
    importlib.import_module(entry).main()
except SystemExit as exit:
    status = exit.code
with open(listing, "w") as out:
    json.dump([status, sorted(sys.modules)], out)
"""
#: What checking a record never needs: the corpus and its database, the library's own
#: modules, drawing, other games' entry points (none is named), worker processes.
NEVER = ("kifu.corpus", "sqlite3", "kifu.render", "kifu.draw", "importlib.metadata",
         "concurrent.futures", "multiprocessing", "tabulate")


def imported(tmp_path: Path, *args: str, entry: str = "kifu.commands.cli") -> set[str]:
    listing = tmp_path / "modules.json"
    subprocess.run([sys.executable, "-c", _LISTED, entry, str(listing), *args], cwd=tmp_path,
                   check=True, capture_output=True)
    status, modules = json.loads(listing.read_text(encoding="utf-8"))
    assert status == 0, f"kifu {' '.join(args)} ended with {status}"
    return set(modules)


def under(modules: set[str], name: str) -> list[str]:
    return sorted(m for m in modules if m == name or m.startswith(name + "."))


@pytest.mark.parametrize(("record", "game", "never"), [
    # a common Renju record is read without the grammar (notation/scanner.py): no Lark
    ("examples/renju/forced-overline.renju", "renju", ("lark", "kifu.reading.grammar")),
    # its RE[B+45.5] read by hand; Renju is asked whether the SGF text is its own, and its
    # archives' readers (psq, PGN, RIF, RenLib) are not imported to answer
    ("examples/freego/nineteen.sgf", "freego",
     ("lark", *(f"kifu.builtin.renju.archives.{name}" for name in ("psq", "pgn", "rif", "renlib")))),
])
def test_validate_of_one_record_imports_only_what_it_uses(tmp_path, record, game, never):
    modules = imported(tmp_path, "validate", "-q", str(ROOT / record))
    for name in (*NEVER, *never):
        assert not under(modules, name), f"validate imported {under(modules, name)}"
    library = [m for m in under(modules, "kifu.api")
               if m not in ("kifu.api", "kifu.api.compat", *compat.MOVED)]
    assert not library, f"validate imported the library's {library}"
    suffix = Path(record).suffix  # the games that read it are asked whether the text is theirs
    others = [card.name for card in BUILT_IN if card.name != game
              and not any(suffix in suffixes for suffixes in card.formats.values())
              and under(modules, f"kifu.builtin.{card.name}")]
    assert not others, f"validate of a {game} record loaded {others}"


#: A game's modules that play, draw or read a record in Python: a record the compiled core
#: decides needs none of them, whichever game's class is loaded to tell its format.
PYTHON_READING = ("position", "rules", "moves", "setup", "notation", "render", "events",
                  "index", "boards", "sgf.reader", "sgf.writer", "forbidden")


@pytest.mark.parametrize(("name", "text", "native"), [
    ("common.sgf", "(;GM[1]FF[4]CA[UTF-8]SZ[19]KM[6.5]RU[Japanese]PB[b]PW[w]RE[?]\n"
                   ";B[pd];W[dp];B[pp];W[dd])\n", "kifu.builtin.freego.native"),
    ("common.renju", "Black: b\nWhite: w\n\n1. h8 2. h9 3. g9 4. i7\n", "kifu.builtin.renju.native"),
])
def test_a_record_the_compiled_core_decides_imports_no_python_reader(tmp_path, name, text,
                                                                    native):
    from importlib import import_module

    from kifu.base.native import compiled

    if compiled(import_module(native).MODULE) is None:
        pytest.skip("the compiled core is not built, or KIFU_PURE_PYTHON is set")
    (tmp_path / name).write_text(text, encoding="utf-8")
    modules = imported(tmp_path, "validate", "-q", str(tmp_path / name))
    assert native + "._" + ("gosgf" if "freego" in native else "renju") in modules
    for card in BUILT_IN:
        for role in PYTHON_READING:
            found = under(modules, f"kifu.builtin.{card.name}.{role}")
            assert not found, f"validate of {name} imported {found}"
    assert not under(modules, "lark")
    # nor SGF's reader, its trees and its writer (the core is told FF[4]'s properties, and
    # Go's claims asks them, from kifu.sgf.properties), nor the parsing of files, nor the
    # values a game's rules answer with and the markup drawn: each dataclass costs start-up
    # the compiling of its methods
    # (Renju's core is told what its results' words read as, by Python's reading of results)
    results = ("kifu.plugin.values", "kifu.plugin.results") if "freego" in native else ()
    for reader in ("kifu.sgf.syntax", "kifu.sgf.tree", "kifu.sgf.write", "kifu.sgf.lines",
                   "kifu.run.load", "kifu.base.markup", "kifu.base.collection", *results):
        assert reader not in modules, f"validate of {name} imported {reader}"


def test_validate_in_a_project_folder_imports_no_toml_parser_and_no_traceback(tmp_path):
    # a Python project's own pyproject.toml names kifu (a dependency) but holds no [tool.kifu]
    (tmp_path / "pyproject.toml").write_text('[project]\nname = "records"\ndependencies = '
                                             '["kifu"]\n', encoding="utf-8")
    modules = imported(tmp_path, "validate", "--quiet", str(ROOT / "examples/freego/nineteen.sgf"))
    for name in ("tomllib", "traceback", "difflib"):
        assert not under(modules, name), f"validate imported {under(modules, name)}"


def test_import_kifu_imports_none_of_the_library(tmp_path):
    code = "import json, sys, kifu; print(json.dumps(sorted(sys.modules)))"
    modules = set(json.loads(subprocess.run([sys.executable, "-c", code], check=True,
                                            capture_output=True, text=True).stdout))
    assert not under(modules, "kifu.plugin") and not under(modules, "kifu.run")
    assert [m for m in under(modules, "kifu.api")
            if m not in ("kifu.api", "kifu.api.compat", *compat.MOVED)] == []



def test_plain_validate_imports_no_click(tmp_path):
    # `kifu validate [-q] [--jobs N] PATHS` is read without click (kifu.commands.plain), and
    # writes what it prints without click where click would change nothing of it
    from kifu.base.native import compiled
    from kifu.builtin.freego import native

    modules = imported(tmp_path, "validate", "--jobs", "1",
                       str(ROOT / "examples/freego/nineteen.sgf"), entry="kifu.__main__")
    for name in ("click", "kifu.commands.cli", "kifu.commands.console", "kifu.commands.options"):
        assert not under(modules, name), f"validate imported {under(modules, name)}"
    # kifu's value classes are made without dataclasses (kifu.base.value), which imports
    # inspect; Python's reading of a record (the compiled core's absence) has dataclasses
    if compiled(native.MODULE) is not None:
        for name in ("dataclasses", "inspect"):
            assert not under(modules, name), f"validate imported {under(modules, name)}"
