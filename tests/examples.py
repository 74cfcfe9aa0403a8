"""The bundled example records, as the per-game tests check them: every legal one validates
cleanly, every broken one under ``examples/invalid/<game>/`` fails with one exact diagnostic."""
from __future__ import annotations

from pathlib import Path

from kifu.base.cards import BUILT_IN
from kifu.base.diagnostics import Diagnostic
from kifu.plugin import registry
from kifu.run.validate import Options, check_file

EXAMPLES = Path(__file__).resolve().parent.parent / "examples"
#: The built-in games, from the card table: every suite takes its games from here, so that a
#: sixth game is covered everywhere (and a table of one record per game that leaves it out
#: fails, see :func:`one_per_game`).
GAMES = tuple(card.name for card in BUILT_IN)


def one_per_game(table: dict[str, Path]) -> dict[str, Path]:
    """``table`` (a record for each game), checked to name every built-in game."""
    assert sorted(table) == sorted(GAMES), f"give a record for {sorted(set(GAMES) - set(table))}"
    return table


def _records(folder: Path) -> list[Path]:
    suffixes = registry.suffixes()
    return sorted(p for p in folder.iterdir() if p.is_file() and p.suffix in suffixes)


def legal(game: str) -> list[Path]:
    """The records of ``examples/<game>/``."""
    return _records(EXAMPLES / game)


def invalid(game: str) -> list[Path]:
    """The records of ``examples/invalid/<game>/``."""
    return _records(EXAMPLES / "invalid" / game)


def _about_the_record(diagnostics: list[Diagnostic]) -> list[Diagnostic]:
    """The diagnostics besides the warning that a legacy encoding (the Shift_JIS examples')
    was guessed from the text."""
    return [d for d in diagnostics if d.rule != "encoding-guessed"]


def assert_validates(path: Path, game: str) -> None:
    [report] = check_file(str(path), Options())
    assert report.game == game
    assert _about_the_record(report.diagnostics) == []
    assert report.moves > 0


def only_diagnostic(path: Path, game: str, options: Options | None = None) -> Diagnostic:
    """The one diagnostic ``kifu validate`` gives for ``path``."""
    [report] = check_file(str(path), options or Options())
    assert report.game == game
    found = _about_the_record(report.diagnostics)
    assert len(found) == 1, report.diagnostics
    return found[0]
