"""Every rule a diagnostic can name is documented: a game's rules on the game's page
(``docs/games/<game>.md``), the rules every game shares on the command-line page.

The names are taken from the code (each ``rule="..."`` a game's package or the core writes, and
the SGF reader's graded findings) and from what ``kifu validate`` reports on every bundled
example, so a rule added without a word in the documentation fails here."""
from __future__ import annotations

import inspect
import json
import re
from pathlib import Path

import pytest
from click.testing import CliRunner

from kifu.commands.cli import main
from kifu.plugin import registry

ROOT = Path(__file__).parents[2]
CORE = ROOT / "kifu"
COMMAND_LINE_PAGE = ROOT / "docs" / "cli.md"
#: ``rule="occupied"``, and the SGF reader's ``note(message, start, end, REPAIRED, "two-moves")``
#: (a name opens with a letter: ``rule="1"`` is an XML attribute quoted in a docstring).
WRITTEN = re.compile(r'\brule\s*=\s*"([a-z][a-z0-9-]*)"|\b(?:PEDANTIC|REPAIRED|CRITICAL|FATAL),'
                     r'\s*"([a-z][a-z0-9-]*)"')


def written_rules(files: list[Path]) -> set[str]:
    """The rule names the code in ``files`` writes out."""
    found = set()
    for path in files:
        for match in WRITTEN.finditer(path.read_text(encoding="utf-8")):
            found.add(match.group(1) or match.group(2))
    return found


def documented(page: Path, rule: str) -> bool:
    """Whether a page names the rule as code (``occupied``), alone or in a list."""
    return f"`{rule}`" in page.read_text(encoding="utf-8")


def game_page(name: str) -> Path:
    return ROOT / "docs" / "games" / f"{name}.md"


def package_of(name: str) -> Path:
    return Path(inspect.getfile(type(registry.get(name)))).parent


@pytest.fixture(scope="module")
def reported() -> set[tuple[str, str]]:
    """(game, rule) of every diagnostic ``kifu validate`` gives on the bundled examples."""
    result = CliRunner().invoke(main, ["validate", "-q", "-j", "1", "-f", "json", "--pedantic",
                                       str(ROOT / "examples")], catch_exceptions=False)
    lines = [json.loads(line) for line in result.stdout.splitlines() if line.startswith("{")]
    return {(d["game"], d["rule"]) for d in lines if d["rule"]}


def test_the_patterns_find_rules_however_the_code_writes_them(tmp_path):
    code = tmp_path / "code.py"
    code.write_text('raise IllegalMoveError("x", rule="off-board")\n'
                    'self.note("y", start, end, REPAIRED, "two-moves")\n', encoding="utf-8")
    assert written_rules([code]) == {"off-board", "two-moves"}


@pytest.mark.parametrize("name", sorted(registry.games()))
def test_every_rule_a_game_writes_is_on_its_page(name):
    page = game_page(name)
    rules = written_rules(sorted(package_of(name).rglob("*.py")))
    assert rules, f"no rule found in {name}'s package"
    missing = sorted(rule for rule in rules if not documented(page, rule)
                     and not documented(COMMAND_LINE_PAGE, rule))
    assert not missing, f"{page.relative_to(ROOT)} does not name the rules {missing}"


def test_every_rule_the_core_writes_is_on_the_command_line_page():
    games = ROOT / "kifu" / "builtin"
    files = [path for path in sorted(CORE.rglob("*.py")) if games not in path.parents]
    missing = sorted(rule for rule in written_rules(files)
                     if not documented(COMMAND_LINE_PAGE, rule))
    assert not missing, f"docs/cli.md does not name the rules {missing}"


def test_every_rule_the_examples_meet_is_documented(reported):
    assert len(reported) >= 30
    missing = sorted((game, rule) for game, rule in reported
                     if not documented(game_page(game), rule)
                     and not documented(COMMAND_LINE_PAGE, rule))
    assert not missing


# -- the names --select and --ignore know (issue 36) --------------------------------------------

@pytest.mark.parametrize("name", sorted(registry.games()))
def test_every_rule_a_game_writes_is_on_its_card_and_every_one_there_documented(name):
    from kifu.base.rules import CORE_RULES

    declared = set(registry.card_of(name).rules)
    written = written_rules(sorted(package_of(name).rglob("*.py")))
    assert not sorted(written - declared - CORE_RULES), f"{name}'s card lacks rules"
    undocumented = sorted(rule for rule in declared if not documented(game_page(name), rule)
                          and not documented(COMMAND_LINE_PAGE, rule))
    assert not undocumented


def test_every_rule_the_core_writes_is_known_and_every_one_known_documented():
    from kifu.base.rules import CORE_RULES

    games = ROOT / "kifu" / "builtin"
    written = written_rules([path for path in sorted(CORE.rglob("*.py"))
                             if games not in path.parents])
    assert not sorted(written - CORE_RULES)
    assert not sorted(rule for rule in CORE_RULES if not documented(COMMAND_LINE_PAGE, rule))


def test_every_rule_the_examples_meet_is_known(reported):
    known = registry.rule_names()
    assert not sorted((game, rule) for game, rule in reported if rule not in known)
