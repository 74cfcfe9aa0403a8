"""The library's errors speak of the library: none names a command-line option (``--game``,
``--encoding``, ``--boards DIR``, ``-O``); each says the library's parameter instead."""
from __future__ import annotations

import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

import kifu
from kifu.api.parameters import LIBRARY_WORDS, words

ROOT = Path(__file__).resolve().parents[2]
#: A command-line option as messages write them.
OPTION = re.compile(r"(?<![\w-])--[a-z][a-z-]*|(?<!\w)-O ")


def raised(call: Callable[[], Any]) -> kifu.KifuError:
    with pytest.raises(kifu.KifuError) as caught:
        call()
    return caught.value


def test_no_error_of_the_library_names_an_option(tmp_path: Path) -> None:
    (tmp_path / "record.txt").write_text("hello, world\n", encoding="utf-8")
    (tmp_path / "board.freego").write_text("Game: freego\nBoard: missing.toml\n\nd4\n",
                                           encoding="utf-8")
    renju = kifu.game("renju")
    record = kifu.read(str(ROOT / "examples/renju/double-three.renju"))
    errors = [
        raised(lambda: kifu.read(str(tmp_path / "record.txt"))),
        raised(lambda: kifu.parse("hello, world\n", path="notes.txt")),
        raised(lambda: kifu.read(str(tmp_path / "board.freego")).position()),
        raised(lambda: kifu.read(str(ROOT / "examples/freego/nineteen.sgf"), index=5)),
        raised(lambda: record.position(99)),
        raised(lambda: record.replay("3.1").__next__()),
        raised(lambda: kifu.svg(renju.start(), renju, forbidden="maybe")),
        raised(lambda: kifu.svg(renju.start(), renju, size=3)),
        raised(lambda: list(kifu.read_all(str(tmp_path / "record.txt")))),
    ]
    for error in errors:
        assert not OPTION.search(str(error)), str(error)
        if isinstance(error, kifu.OptionError):
            assert not error.option.startswith("-"), error.option
    assert "game=NAME" in str(errors[0]) and "index=" not in str(errors[0])
    assert isinstance(errors[3], kifu.GameIndexError)
    assert (errors[4].option, errors[5].option) == ("n", "variation")
    problems: list[kifu.KifuError] = []
    assert list(kifu.read_all(str(tmp_path / "record.txt"),
                              on_error=lambda name, e: problems.append(e))) == []
    assert problems and not any(OPTION.search(str(e)) for e in problems)


def test_a_diagnostic_of_check_names_no_option() -> None:
    record = kifu.read(str(ROOT / "examples/renju/shift-jis-record.renju"))
    [guessed] = [d for d in record.check() if d.rule == "encoding-guessed"]
    assert "encoding=NAME" in guessed.message and not OPTION.search(guessed.message)


def test_every_option_a_shared_message_names_has_a_library_word() -> None:
    """The messages of the code the library shares with the command line (everything below
    the commands): each option they name is one the library says in its own words."""
    named = set()
    for path in (ROOT / "kifu").rglob("*.py"):
        if "commands" in path.parts or path == ROOT / "kifu" / "api" / "parameters.py":
            continue
        for text in re.findall(r'f?"([^"\n]*)"', path.read_text(encoding="utf-8")):
            named.update(re.findall(r"(?<![\w-])--[a-z][a-z-]*(?: [A-Z]+)?", text))
    unsaid = sorted(option for option in named
                    if OPTION.search(words(option)) and option.split()[0] not in CLI_ONLY)
    assert not unsaid, f"give {unsaid} a library word in kifu/api/parameters.py LIBRARY_WORDS"


#: Options of commands the library has no part in (batches, the viewer, runners, output).
CLI_ONLY = {"--output-dir", "--scheduler", "--format", "--to", "--jobs", "--shard", "--dialect",
            "--quiet", "--boards-dir", "--no-coords", "--no-last-move", "--index",
            "--game-index", "--every-game", "--output", "--tolerance"} - set(LIBRARY_WORDS)
