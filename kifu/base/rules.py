"""Which findings a run reports: rules selected and ignored, as linters choose them.

Every finding has a rule name: its ``rule`` where it has one (``occupied``,
``duplicate-property``), else its code (``syntax``, ``encoding``).  A selector names a rule, a
code (every finding of that code: ``syntax`` selects the SGF reader's findings as well as a
native notation's syntax errors) or ``ALL``.  Where selectors of a finding disagree, the more
specific wins (a rule over its code, a code over ``ALL``), and of two as specific, ``ignore``;
the sources of a run's choice (the ``[tool.kifu]`` table, then the command line) are taken in
turn, and one that selects starts the choice afresh, as ruff takes them.

An error that says kifu could not judge a file at all (an unreadable file, an unknown game,
kifu's own failure: an error of exit status 2) is always reported, whatever is chosen; so is
an error that leaves nothing to check (a record that cannot be read), which is for the one
reporting it to keep (:meth:`Rules.keep`'s ``stopped``).
"""
from __future__ import annotations

from collections.abc import Iterable, Sequence

from kifu.base.errors import KifuError
from kifu.base.exitcodes import USAGE, for_problem
from kifu.base.value import dataclass

#: The selector of every rule.
ALL = "ALL"

#: The rules the game-neutral core writes (the games' own are on their cards:
#: :attr:`kifu.base.cards.Card.rules`); ``tests/docs/test_rule_names.py`` holds the list to the
#: code and the documentation.
CORE_RULES = frozenset((
    # reading any text
    "broken-character", "encoding-guessed", "nul-byte", "number-size", "token-limit",
    "move-limit", "unwritable-character",
    # SGF's syntax and charsets (kifu/sgf)
    "charset", "collection", "conflicting-property", "duplicate-property", "empty-tree",
    "empty-value", "junk", "lower-case-identifier", "missing-parenthesis", "missing-semicolon",
    "node-after-variation", "one-value", "stray-bracket", "text-outside-game", "truncated",
    "two-moves", "unknown-property", "value-format", "node-limit", "value-limit", "game-limit",
    # the files a record names
    "reference-folder", "reference-missing", "reference-name", "reference-outside",
    "reference-read", "reference-size",
    # replaying, results, outputs
    "game", "game-over", "result", "result-unread", "setup", "problem-limit",
    "replay-positions", "position-key", "left-out",
    # the viewer's page
    "viewer-positions", "viewer-drawings",
))


@dataclass(frozen=True)
class Choice:
    """The rules one source chooses: ``select`` (``None``: what the sources before it chose,
    every rule at first), then ``ignore``."""

    select: tuple[str, ...] | None = None
    ignore: tuple[str, ...] = ()


@dataclass(frozen=True)
class Rules:
    """The rules a run reports: its sources' choices, taken in turn (see the module)."""

    choices: tuple[Choice, ...] = ()

    @classmethod
    def of(cls, select: Iterable[str] | None = None, ignore: Iterable[str] = ()) -> Rules:
        """The rules of one choice."""
        return cls((Choice(None if select is None else tuple(select), tuple(ignore)),))

    def then(self, choice: Choice) -> Rules:
        """These rules, with ``choice`` taken after them."""
        return Rules((*self.choices, choice))

    def chooses(self, code: str, rule: str | None) -> tuple[bool, bool]:
        """Whether a finding of ``code`` and ``rule`` is chosen, and whether by its own rule's
        name in a ``select`` (which shows a note without ``--pedantic``)."""
        chosen, named = True, False
        levels = (ALL, code, rule or code)
        for choice in self.choices:
            if choice.select is not None:
                chosen, named = False, False
            for depth, name in enumerate(levels):
                if choice.select is not None and name in choice.select:
                    chosen, named = True, depth == len(levels) - 1
                if name in choice.ignore:
                    chosen, named = False, False
        return chosen, named

    def reports(self, code: str, rule: str | None, severity: str, pedantic: bool = False) -> bool:
        """Whether a finding is reported: chosen, and for a note, asked for (``pedantic``, or
        its rule selected by name); an error that says a file could not be judged always is."""
        if for_problem(code, severity) == USAGE:
            return True
        chosen, named = self.chooses(code, rule)
        return chosen and (severity != "note" or pedantic or named)

    def keep(self, problems: Iterable[KifuError], pedantic: bool = False,
             stopped: KifuError | None = None) -> list[KifuError]:
        """The problems reported, in order; ``stopped``, the error that left nothing to check,
        is kept whatever is chosen."""
        return [p for p in problems if p is stopped
                or self.reports(p.code, p.rule, p.severity, pedantic)]


#: Every rule reported: what a run chooses without a selection.
EVERY = Rules()


def unknown(names: Iterable[str], known: Iterable[str]) -> list[str]:
    """What is wrong with the selectors ``names``, a sentence each (none when all are known):
    a name no rule or code has, with the known names closest to it."""
    names = tuple(names)
    if not names:
        return []  # nothing to check: ``known`` is not asked (it reads every plug-in)
    import difflib  # only for a name not known: every run imports this module

    known = sorted({*known, ALL})
    problems = []
    for name in dict.fromkeys(names):
        if name not in known:
            close = difflib.get_close_matches(name, known, n=3, cutoff=0.6)
            problems.append(f"no rule or code is named {name!r}"
                            + (f" (did you mean {_either(close)}?)" if close else ""))
    return problems


def _either(names: Sequence[str]) -> str:
    quoted = [repr(name) for name in names]
    return quoted[0] if len(quoted) == 1 else ", ".join(quoted[:-1]) + " or " + quoted[-1]


def split(values: Iterable[str]) -> tuple[str, ...]:
    """Selectors as given: each value comma-separated (``--ignore a,b --ignore c``), blanks
    around them dropped."""
    return tuple(name.strip() for value in values for name in value.split(",") if name.strip())
