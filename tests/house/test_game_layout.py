"""Every built-in game package follows the one layout that ``kifu/builtin/README.md`` writes down.

A reader who knows one game finds a role in another by its file name: each game has every
role, as a module or a sub-package of the same name, and each file beside the roles is one the
README's table of game-only files names for that game.
"""
from __future__ import annotations

import re
from pathlib import Path

import pytest

from kifu.base.cards import BUILT_IN

GAMES = Path(__file__).resolve().parents[2] / "kifu" / "builtin"
README = (GAMES / "README.md").read_text(encoding="utf-8")

#: The roles every game has (a module ``<role>.py`` or a package ``<role>/``): the contract
#: requires a function of each (``kifu/builtin/README.md``).
ROLES = ("moves", "notation", "position", "rules", "events", "render")
#: Roles a game has only when it has that part, the contract asking nothing of them: set-up
#: positions and parameters, a corpus index's symmetries, SGF, commands of its own, a compiled
#: core, its words in other languages.
OPTIONAL = ("setup", "index", "sgf", "commands", "native", "words.json")
#: Files inside a role's sub-package that have the same job in every game that has them (a
#: ``rules/`` package holds the game's own rule modules beside ``referee.py``).
SUB_ROLES = {"notation": {"reader", "writer"}, "render": {"svg", "text", "clicks"},
             "setup": {"parameters", "positions", "dealer"},
             "sgf": {"reader", "writer", "gameinfo", "moves", "turns", "points"}}
TITLES = {card.name: card.title.split()[0] for card in BUILT_IN}
TITLES["freego"] = "Free-form Go"


def game_only_files(game: str) -> set[str]:
    """The files README's table of game-only files names for ``game``."""
    title = TITLES[game]
    rows = re.findall(rf"^\| {re.escape(title)} \| `([^`]+)` \|", README, re.MULTILINE)
    return {row.rstrip("/").removesuffix(".py") for row in rows}


def entries(folder: Path) -> set[str]:
    """Module and package names in ``folder`` (without ``.py``), and other files as they are."""
    found = set()
    for path in folder.iterdir():
        if path.name in ("__init__.py", "__pycache__"):
            continue
        if path.is_dir() and (path / "__init__.py").exists():
            found.add(path.name)
        elif path.suffix == ".py":
            found.add(path.stem)
        elif path.is_file():
            found.add(path.name)
    return found


@pytest.mark.parametrize("game", [card.name for card in BUILT_IN])
def test_every_game_has_every_role(game):
    package = GAMES / game
    missing = [role for role in ROLES if role not in entries(package)]
    if (package / "rules").is_dir():
        missing += [] if (package / "rules" / "referee.py").is_file() else ["rules/referee"]
    assert not missing, f"{game} lacks {missing}"
    assert (package / "DECISIONS.md").is_file()


@pytest.mark.parametrize("game", [card.name for card in BUILT_IN])
def test_every_file_beside_the_roles_is_named_in_the_readme(game):
    package = GAMES / game
    allowed = {*ROLES, *OPTIONAL, "DECISIONS.md"} | game_only_files(game)
    assert entries(package) <= allowed, (
        f"{game} has files the layout does not name: {sorted(entries(package) - allowed)}; "
        "give them a role or name them in kifu/builtin/README.md")


@pytest.mark.parametrize("game", [card.name for card in BUILT_IN])
def test_sub_packages_name_their_parts_alike(game):
    package = GAMES / game
    for role, parts in SUB_ROLES.items():
        folder = package / role
        if not folder.is_dir():
            continue
        own = {f"{role}/{name}" for name in entries(folder)} & {
            name.removesuffix(".py") for name in game_only_files(game)}
        others = {name for name in entries(folder) if f"{role}/{name}" not in own}
        unknown = others - parts
        assert not unknown, f"{game}/{role}/ has {sorted(unknown)} beside {sorted(parts)}"


def test_the_readme_names_only_files_that_exist():
    for card in BUILT_IN:
        for name in game_only_files(card.name):
            path = GAMES / card.name / name
            assert (path.is_dir() or path.with_suffix(".py").is_file()
                    or path.is_file()), f"README names {card.name}/{name}, which does not exist"
