"""A record's stated result read as data: who won, how, and by how much.

Every game states its result the same few ways, and each is read into the same
:class:`~kifu.plugin.values.Outcome` the referee gives, so that the two can be compared and a
program can count wins without parsing prose:

- the winner's name, alone or followed by ``wins``/``won`` (``black``, ``Black wins``), or a
  name the game gives results (``1-0``, ``黒勝ち``: :attr:`GamePlugin.result_names`);
- a draw: ``draw``, ``jigo``, ``0``, ``=``, ``1/2-1/2``, ``引き分け``, ``満局``, ``持碁``;
- SGF's form, the winner's initial or name, ``+`` and how: ``B+R`` (resignation), ``W+T``
  (time), ``B+F`` (forfeit), ``W+3.5`` (the score), ``B+`` (the winner alone);
- nothing known: ``?``, ``void``, ``unknown``, ``*`` (no outcome).

Anything else is no result: a ``ResultError`` saying which spellings are read, so a typo
(``wite``) is never taken for an unfinished game.
"""
from __future__ import annotations

import re
from collections.abc import Mapping, Sequence

from kifu.base.errors import ResultError
from kifu.plugin.values import Outcome

DRAWS = frozenset({"draw", "jigo", "0", "=", "1/2-1/2", "½-½", "引き分け", "引分け", "満局",
                   "持碁", "和棋", "tie"})
UNKNOWN = frozenset({"?", "void", "unknown", "*", "none", "no result", "unfinished"})
#: SGF's ways of saying how a game was won, besides a score.
HOW = {"r": "resignation", "resign": "resignation", "resignation": "resignation",
       "中押し": "resignation", "中押": "resignation", "中盘": "resignation",
       "t": "time", "time": "time", "f": "forfeit", "forfeit": "forfeit", "": "unknown"}
_SGF_FORM = re.compile(r"^(?P<who>[^+]+?)\s*\+\s*(?P<how>[^+]*)$")
_WINS = re.compile(r"^(?P<who>.+?)\s+(?:wins|won|win|victory)$", re.IGNORECASE)


def read_result(stated: str, sides: Sequence[str],
                names: Mapping[str, str] = {}) -> Outcome | None:
    """``stated`` as an outcome: the winner (one of ``sides``, ``None`` for a draw), its kind
    and score; ``None`` when it says the result is unknown.  ``names`` are the game's own
    spellings (``1-0``: ``black``).  Raises ``ResultError`` for text that is no result."""
    said = " ".join(stated.split())
    folded = said.casefold()
    if not folded or folded in UNKNOWN:
        return None
    if folded in DRAWS:
        return Outcome(None, said, "agreement")
    named = {key.casefold(): value for key, value in names.items()}.get(folded)
    if named is not None:
        return _named(named, said, sides)
    side = _side(said, sides)
    if side is not None:
        return Outcome(side, said, "unknown")
    wins = _WINS.match(said)
    if wins is not None and _side(wins.group("who"), sides) is not None:
        return Outcome(_side(wins.group("who"), sides), said, "unknown")
    form = _SGF_FORM.match(said)
    if form is not None:
        side = _side(form.group("who"), sides)
        how = form.group("how").strip()
        if side is not None:
            kind = HOW.get(how.casefold())
            if kind is not None:
                return Outcome(side, said, kind)
            score = _number(how)
            if score is not None:
                return Outcome(side, said, "score", score)
    raise ResultError(
        f"the result {stated.strip()!r} is no result kifu reads: write the winner "
        f"({', '.join(sides)}), draw, or SGF's form ({_examples(sides)}); ? when it is not "
        "known", rule="result")


def _named(value: str, said: str, sides: Sequence[str]) -> Outcome:
    if value.casefold() == "draw":
        return Outcome(None, said, "agreement")
    side = _side(value, sides)
    assert side is not None, f"a result name gives {value!r}, no side of {sides}"
    return Outcome(side, said, "unknown")


def _side(who: str, sides: Sequence[str]) -> str | None:
    """The side ``who`` names: its name (any case) or, where the sides' initials differ, its
    initial (``B``, ``W``: SGF's)."""
    wanted = who.strip().casefold()
    for side in sides:
        if wanted == side.casefold():
            return side
    initials = [side[:1].casefold() for side in sides]
    if len(wanted) == 1 and len(set(initials)) == len(initials) and wanted in initials:
        return sides[initials.index(wanted)]
    if len(sides) == 2 and wanted in ("b", "w") and set(initials) != {"b", "w"}:
        return sides[0 if wanted == "b" else 1]  # SGF's B and W: the first and second seat
    return None


def _examples(sides: Sequence[str]) -> str:
    """SGF's form with the sides' initials (B and W when they share one)."""
    initials = [side[:1].upper() for side in sides]
    first, second = initials[:2] if len(set(initials)) == len(initials) else ("B", "W")
    return f"{first}+R, {second}+T, {first}+F, {second}+3.5"


def _number(text: str) -> float | None:
    try:
        value = float(text)
    except ValueError:
        return None
    return value if abs(value) < 1e6 else None
