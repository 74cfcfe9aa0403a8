"""The rules a record plays under, read from its headers: board, seats, komi, scoring, suicide.

```
Board: japan            # a built-in board or a board file in the record's folder or below
Players: orange, green  # seat order, 2 to 4 names (default: black, white)
Komi: 0, 6.5            # one per seat (a single number in a 2-seat game is the second seat's)
Scoring: territory      # territory (default), area or map
Suicide: forbidden      # forbidden (default) or allowed
Ko: positional          # positional superko (default), situational superko, or basic ko
Dead-Stones: played-out # played-out (default: what stands at the end lives) or agreed
```
A ``Rules:`` header naming a rule set of Go (an SGF's ``RU``: Japanese, Chinese, AGA, New
Zealand, Tromp-Taylor, ...) sets the defaults of the last four as that rule set has them; the
headers above still override it.  Without ``Rules:`` the game is Free-form Go under its own
rules.  ``Territory-N`` lists the cells seat N counts as its territory at the end (an SGF's
``TB``/``TW``), so a result that depends on dead stones can be checked.  Every problem is a
``HeaderError`` on its header line, so ``kifu validate`` points at it.
"""
from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass

from kifu.builtin.freego.boards import builtin
from kifu.builtin.freego.boards.board import MAX_SEATS, Board
from kifu.plugin import HeaderError, KifuError, Record, read_int, shorten

SCORINGS = ("territory", "area", "map")
DEFAULT_PLAYERS = ("black", "white")
_SUICIDE = {"allowed": True, "allow": True, "yes": True, "true": True, "on": True,
            "forbidden": False, "forbid": False, "no": False, "false": False, "off": False}
_SPLIT = re.compile(r"\s*[,、，]\s*")
#: Komi, scores and values need no more than a dozen digits either side of the point; a
#: longer number would not even be finite as a float.
_NUMBER = re.compile(r"[+-]?([0-9]{1,12}(\.[0-9]{0,12})?|\.[0-9]{1,12})$")
#: A komi beyond this is no komi (and would overflow on the way to a score).
MAX_KOMI = 10_000.0
KO_RULES = ("positional", "situational", "basic")
_DEAD_STONES = {"played-out": False, "played out": False, "agreed": True}


@dataclass(frozen=True)
class RuleSet:
    """What a rule set means for a replay: the ko rule, the scoring, whether suicide is
    allowed, whether dead stones are agreed by the players (and so not on the board), and the
    points white gets back per handicap stone in an area count (less one stone under AGA)."""

    ko: str
    scoring: str
    suicide: bool
    agreed: bool
    handicap_back: int = 0  # 1: one point a handicap stone; -1: one a stone less one (AGA)


#: Free-form Go's own rules: positional superko, and every dispute is played out.
FREE_FORM = RuleSet("positional", "territory", False, False)
#: Japanese rules, and any rule set kifu does not know: basic ko, dead stones agreed.
JAPANESE = RuleSet("basic", "territory", False, True)
RULE_SETS = {
    "japanese": JAPANESE, "korean": JAPANESE, "jp": JAPANESE, "kr": JAPANESE,
    "chinese": RuleSet("positional", "area", False, True, 1),
    "cn": RuleSet("positional", "area", False, True, 1),
    "aga": RuleSet("situational", "area", False, True, -1),
    "bga": RuleSet("situational", "area", False, True, -1),
    "newzealand": RuleSet("situational", "area", True, True),
    "nz": RuleSet("situational", "area", True, True),
    "tromptaylor": RuleSet("positional", "area", True, False),
    "ing": RuleSet("basic", "area", True, True),
    "goe": RuleSet("basic", "area", True, True),
}
_KATAGO = re.compile(r"ko(simple|positional|situational|spight)score(area|territory)"
                     r"(?:tax(?:none|seki|all))?sui([01])", re.IGNORECASE)
_KATAGO_KO = {"simple": "basic", "positional": "positional", "situational": "situational",
              "spight": "situational"}


def rule_set(name: str | None) -> RuleSet:
    """The rule set a ``Rules:`` header (an SGF's ``RU``) names; Free-form Go's own without one,
    Japanese-style (basic ko) for a name kifu does not know."""
    if name is None or name.strip().casefold().startswith("free-form go"):
        return FREE_FORM
    katago = _KATAGO.search(name)
    if katago is not None:
        ko = _KATAGO_KO.get(katago.group(1).casefold(), "basic")
        scoring = "area" if katago.group(2).casefold() == "area" else "territory"
        return RuleSet(ko, scoring, katago.group(3) == "1", True)
    key = "".join(c for c in name.casefold() if c.isalpha())
    return RULE_SETS.get(key, JAPANESE)


@dataclass(frozen=True)
class Rules:
    """Everything a position needs to know about the game besides its stones."""

    board: Board
    seats: tuple[str, ...]
    komi: tuple[float, ...]
    scoring: str = "territory"
    suicide: bool = False
    ko: str = "positional"
    #: Dead stones are agreed by the players: the stones on the board do not decide a count.
    agreed: bool = False
    #: The cells each seat counts as its territory at the end, where the record says so.
    territory: tuple[frozenset[int], ...] | None = None
    #: Points each seat gets in a count besides komi: white's handicap stones given back in
    #: an area count, as Chinese and AGA rules do.
    bonus: tuple[float, ...] = ()

    def seat_of(self, name: str) -> int | None:
        """A seat (0-based) by its name (any case) or its number (1-based)."""
        wanted = name.strip().casefold()
        for index, seat in enumerate(self.seats):
            if seat.casefold() == wanted:
                return index
        number = read_int(wanted)
        if number is not None and 1 <= number <= len(self.seats):
            return number - 1
        return None


def _error(record: Record, key: str, message: str, rule: str) -> HeaderError:
    return HeaderError(message, span=record.header_span(key), rule=rule)


def seat_names(record: Record) -> tuple[str, ...]:
    """The seats a ``Players`` header names, in order."""
    text = record.header("Players")
    if text is None:
        return DEFAULT_PLAYERS
    names = tuple(name for name in _SPLIT.split(text.strip()) if name)
    if not 2 <= len(names) <= MAX_SEATS:
        raise _error(record, "Players", f"Free-form Go is played by 2 to {MAX_SEATS} players, "
                     f"but 'Players' names {len(names)}", "seats")
    seen: set[str] = set()
    for name in names:
        if name.casefold() in seen:
            raise _error(record, "Players", f"player {name!r} is named twice", "seats")
        if "+" in name or "@" in name or name.isdigit():
            raise _error(record, "Players", f"player name {name!r} cannot be a number or hold "
                         "'+' or '@' (results and moves use them)", "seats")
        seen.add(name.casefold())
    return names


def number(text: str) -> float | None:
    """A number as people write it (full-width digits included, at most twelve digits before
    and after the point), or ``None``."""
    plain = unicodedata.normalize("NFKC", text).strip()
    if not _NUMBER.match(plain):
        return None
    return float(plain)


def komi_of(record: Record, seats: int) -> tuple[float, ...]:
    text = record.header("Komi")
    if text is None:
        return (0.0,) * seats
    parts = [p for p in re.split(r"[\s,、，]+", unicodedata.normalize("NFKC", text).strip()) if p]
    values = [number(p) for p in parts]
    if any(v is None for v in values) or not values:
        raise _error(record, "Komi", f"komi {shorten(text)!r} is not a list of numbers", "komi")
    if any(abs(v or 0) > MAX_KOMI for v in values):
        raise _error(record, "Komi", f"komi {shorten(text)!r} is out of range (at most "
                     f"{MAX_KOMI:,.0f} points)", "komi")
    if len(values) == 1 and seats == 2:
        return (0.0, float(values[0] or 0))  # Go's single komi is the second player's
    if len(values) != seats:
        raise _error(record, "Komi", f"komi gives {len(values)} values for {seats} players; "
                     "give one per seat, in seat order", "komi")
    return tuple(float(v or 0) for v in values)


def komi(record: Record) -> float | None:
    """The komi a record states as a number: the second seat's in a game of two seats where
    the first has none (Go's komi); ``None`` without a ``Komi`` header, with one kifu cannot
    read (its error is the record's), or where other seats get komi (see :attr:`Rules.komi`)."""
    if record.header("Komi") is None:
        return None
    try:
        given = komi_of(record, len(seat_names(record)))
    except HeaderError:
        return None
    return given[1] if len(given) == 2 and given[0] == 0 else None


def rules_of(record: Record) -> Rules:
    """The rules a record's headers set, each problem located on its header."""
    seats = seat_names(record)
    komi = komi_of(record, len(seats))
    base = rule_set(record.header("Rules"))
    scoring = _choice(record, "Scoring", SCORINGS, base.scoring)
    suicide_text = (record.header("Suicide") or ("allowed" if base.suicide else "forbidden")
                    ).strip().casefold()
    if suicide_text not in _SUICIDE:
        raise _error(record, "Suicide", f"'Suicide' is 'allowed' or 'forbidden', not "
                     f"{suicide_text!r}", "suicide")
    ko = _choice(record, "Ko", KO_RULES, base.ko)
    dead = _choice(record, "Dead-Stones", tuple(_DEAD_STONES),
                   "agreed" if base.agreed else "played-out")
    name = record.header("Board") or builtin.DEFAULT
    try:
        board = builtin.resolve(name, record.source, record.read_options)
    except KifuError as error:  # a board file's own errors too, located in the record
        raise error.located(span=record.header_span("Board")) from None
    return Rules(board, seats, komi, scoring, _SUICIDE[suicide_text], ko, _DEAD_STONES[dead],
                 _territory(record, board, len(seats)), _bonus(record, base, scoring, len(seats)))


def _bonus(record: Record, base: RuleSet, scoring: str, seats: int) -> tuple[float, ...]:
    """White's handicap stones given back in an area count (Chinese: one point a stone, AGA:
    one a stone less one); nothing otherwise."""
    try:
        handicap = int((record.header("Handicap") or "0").strip()[:3])
    except ValueError:
        handicap = 0
    if seats != 2 or scoring != "area" or handicap < 2 or not base.handicap_back:
        return (0.0,) * seats
    return (0.0, float(handicap if base.handicap_back > 0 else handicap - 1))


def _choice(record: Record, key: str, allowed: tuple[str, ...], default: str) -> str:
    said = (record.header(key) or default).strip().casefold()
    if said not in allowed:
        raise _error(record, key, f"unknown {key.casefold()} {said!r}; kifu knows "
                     f"{', '.join(allowed)}", key.casefold())
    return said


def _territory(record: Record, board: Board, seats: int) -> tuple[frozenset[int], ...] | None:
    """The ``Territory-N`` headers as cells per seat, or ``None`` where the record has none."""
    found: dict[int, frozenset[int]] = {}
    for key, value in record.headers.items():
        match = _TERRITORY_KEY.fullmatch(key.casefold())
        if match is None:
            continue
        seat = int(match.group(1)) - 1
        if not 0 <= seat < seats:
            raise _error(record, key, f"{key!r}: this game has {seats} players", "territory")
        cells = set()
        for word in _SPLIT_WORDS.split(value.strip()):
            if not word:
                continue
            cell = board.find(word)
            if cell is None:
                raise _error(record, key, f"{key!r} names {word[:20]!r}, which is not a cell of "
                             f"the board", "territory")
            cells.add(cell)
        found[seat] = frozenset(cells)
    if not found:
        return None
    return tuple(found.get(seat, frozenset()) for seat in range(seats))


_SPLIT_WORDS = re.compile(r"[\s,、，]+")
_TERRITORY_KEY = re.compile(r"territory-(\d)")
