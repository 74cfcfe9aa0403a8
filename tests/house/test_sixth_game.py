"""A sixth built-in game, written from ``kifu/builtin/README.md`` alone, goes in as that guide
says and passes the suite's game-generic tests (issue 37).

The game is Four in a Row (``tests/sixth/fourinarow/``: its package, grammar, card line,
examples, own tests and page, each where the guide puts it).  A copy of the repository gets it
as the guide says (``tests/sixth/install.py``: the files copied in, the card into ``BUILT_IN``,
the page into the nav, ``tools/make_types.py`` run) and nothing else: no core file is edited by
hand, nothing is installed (the copy runs from ``PYTHONPATH``).  Then the test modules that take
their games from the cards run in the copy, in a process of their own, on the sixth game's share
of them (and the tests that go over every game at once), with CI's hypothesis profile.
"""
from __future__ import annotations

import re
import subprocess
import sys
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

from kifu.base.cards import BUILT_IN
from tests.sixth.install import OWN, TOYS, environment, install

ROOT = Path(__file__).resolve().parents[2]
NAME = "fourinarow"
TOY = TOYS / NAME
GUIDE = (ROOT / "kifu" / "builtin" / "README.md").read_text(encoding="utf-8")

#: The suite's game-generic test modules: each takes its games from the cards
#: (``tests/examples.GAMES``) or walks every example, and the sixth game's own tests.
GENERIC = (
    "tests/house/test_game_layout.py",       # the one layout, and the guide's table
    "tests/house/test_layers.py",            # import-linter: the game imports kifu.plugin alone
    "tests/api/test_api_games.py",          # the library's games, drawing, dialects
    "tests/api/test_api_values.py",         # moves and positions as values, keys read back
    "tests/api/test_api_legal_moves.py",    # legal_moves against the referee
    "tests/api/test_api_records.py",        # records read, replayed, written, checked
    "tests/api/test_api_building.py",       # records built move by move, every format
    "tests/api/test_api_event_types.py",    # events against the game's Event types
    "tests/api/test_api_foreign_values.py",  # another game's positions refused
    "tests/api/test_api_conversion_warnings.py",
    "tests/api/test_api_types.py",          # the types made from the cards, mypy strict
    "tests/plugin/test_results.py",           # results read as data, checked
    "tests/plugin/test_jsonform.py",          # JSON records and replays against their schemas
    "tests/draw/test_drawing_legibility.py",  # drawings legible on a phone
    "tests/docs/test_rule_names.py",        # every rule on the card and the game's page
    "tests/corpus/test_corpus_games.py",    # a corpus index of every game
    "tests/serve/test_serve_games.py",      # kifu serve's page: sides, names, editor layout
    "tests/fuzz/test_fuzz.py",              # mutated and generated records, every answer kifu's
    f"tests/{NAME}",                        # the game's own tests
)


def selection() -> str:
    """``-k``: the sixth game's parametrizations and the tests that name no other game (those
    that go over every game, and those not about games)."""
    others = " or ".join(card.name for card in BUILT_IN)
    return f"{NAME} or not ({others})"


@pytest.fixture(scope="module")
def copy(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, str]:
    """The repository with the sixth game put in, and what ``tools/make_types.py`` said."""
    target = tmp_path_factory.mktemp("sixth")
    return target, install(NAME, target)


def test_the_guide_lists_every_file_the_game_is_made_of() -> None:
    """Each of the toy's files stands where a row of the guide's table of files puts it."""
    rows = re.findall(r"^\| \d+ \| (.+?) \| ", GUIDE, re.MULTILINE)
    places = [place.replace("<name>", NAME) for row in rows
              for place in re.findall(r"`([^`]+)`", row)]
    files = [path.relative_to(TOY).as_posix() for path in TOY.rglob("*")
             if path.is_file() and "__pycache__" not in path.parts
             and path.relative_to(TOY).as_posix() not in OWN]
    assert len(files) >= 20
    for name in files:
        assert any(name == place or place.endswith("/") and name.startswith(place)
                   for place in places), f"the guide does not say where {name} goes"
    assert "kifu/base/cards.py" in places and "mkdocs.yml" in places


def test_make_types_writes_the_core_files_the_guide_names(copy: tuple[Path, str]) -> None:
    _, said = copy
    written = sorted(line.removesuffix(": written") for line in said.splitlines())
    assert written == ["kifu/api/builtin_types.py", "kifu/api/gameobjects.py",
                       "kifu/api/records.py"]
    assert all(f"`{path}`" in GUIDE for path in written)


def test_the_game_generic_tests_pass_on_a_sixth_game(copy: tuple[Path, str]) -> None:
    target, _ = copy
    report = target / "report.xml"
    done = subprocess.run(
        [sys.executable, "-m", "pytest", "-q", "-x", "-p", "no:cacheprovider", "-m",
         "not browser", "-k", selection(), f"--junit-xml={report}", *GENERIC],
        cwd=target, env={**environment(target), "HYPOTHESIS_PROFILE": "ci"},
        capture_output=True, text=True, timeout=900)
    assert done.returncode == 0, done.stdout[-6000:] + done.stderr[-3000:]
    cases = list(ET.parse(report).getroot().iter("testcase"))
    ours = [case for case in cases if NAME in case.get("name", "")
            or NAME in case.get("classname", "")]
    assert len(ours) >= 80, f"only {len(ours)} tests of the sixth game ran"
    assert not [case for case in ours if case.find("skipped") is not None]
