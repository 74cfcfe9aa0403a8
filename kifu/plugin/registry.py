"""Finding games, and loading each only when it is needed.

kifu knows every game from its card (:class:`kifu.base.cards.Card`): the built-in games' cards
are the table :data:`kifu.base.cards.BUILT_IN`; a third-party package adds a game with an entry
point in the group ``kifu.games`` that names its card (see ``docs/architecture.md``), read only
when the built-in games do not answer.  A game itself is imported when a record of it is read, or when every
game is asked for (``kifu games``), so that checking one record loads one game.

A record's game is found from ``--game``, else a ``Game:`` header, else the file's suffix (with
the interchange formats, such as SGF, asked whether the text is theirs).
"""
from __future__ import annotations

import functools
import re
from collections.abc import Callable, Iterable, Iterator, Mapping, Set

from kifu.base.cards import BUILT_IN, Card
from kifu.base.errors import ConversionError, OptionError, UnknownGameError
from kifu.plugin.contract import AnyGame, Format, GamePlugin
from kifu.reading.walk import path_suffix

NATIVE = "native"
JSON = "json"
#: Smart Game Format, the interchange format kifu's core knows (``kifu/sgf``): where a game has
#: it, it keeps every property of a record's nodes, as JSON does.
SGF = "sgf"
#: The entry-point group through which other packages plug in games.
ENTRY_POINTS = "kifu.games"

#: Compiled when first searched for: most runs never search (see _game_header).
_GAME_HEADER = r"^[ \t\ufeff]*Game[ \t]*[:：][ \t]*(\S+)"
#: A JSON record: an object, after any blanks (matched, not stripped: no copy of the text).
_JSON_START = re.compile(r"\s*\{")
#: Only the head of a file is searched for a ``Game:`` header.
_HEADER_WINDOW = 4096

_loaded: dict[str, AnyGame] = {}
_failed: dict[str, str] = {}


# -- cards ----------------------------------------------------------------------------------

@functools.cache
def _plugged() -> tuple[tuple[Card, ...], dict[str, str]]:
    """The cards other packages announce, and the entry points that failed, with why."""
    from importlib.metadata import entry_points

    cards: list[Card] = []
    broken: dict[str, str] = {}
    taken = {card.name for card in BUILT_IN}
    for point in entry_points(group=ENTRY_POINTS):
        try:
            card = point.load()
        except Exception as error:  # noqa: BLE001 - one broken plug-in must not sink the rest
            broken[point.name] = f"{type(error).__name__}: {error}"
            continue
        if not isinstance(card, Card):
            broken[point.name] = f"the entry point {point.value} is no kifu.plugin.contract.Card"
        elif card.name in taken:
            broken[point.name] = f"a game named {card.name!r} is known already"
        else:
            taken.add(card.name)
            cards.append(card)
    return tuple(sorted(cards, key=lambda c: c.name)), broken


def cards(*, plugged: bool = True) -> Iterator[Card]:
    """Every game's card: the built-in games first, then (unless ``plugged`` is false) those
    other packages plug in, each group in name order."""
    yield from BUILT_IN
    if plugged:
        yield from _plugged()[0]


def _lookup(wanted: Callable[[Card], bool]) -> Card | None:
    """The first card ``wanted``: the built-in games are asked first, the plugged ones only
    when none of them answers."""
    found = next((card for card in BUILT_IN if wanted(card)), None)
    if found is None:  # only now are the entry points read
        found = next((card for card in _plugged()[0] if wanted(card)), None)
    return found


def card_of(name: str) -> Card:
    """A game's card by its name or one of its aliases, any case."""
    found = _named(name.strip().casefold())
    if found is None:
        known = ", ".join(card.name for card in cards())
        raise UnknownGameError(f"unknown game {name!r}; kifu knows {known}")
    return found


@functools.cache
def _named(wanted: str) -> Card | None:
    """The card of a game name or alias (case-folded), looked up once: every record with a
    ``Game:`` header asks."""
    return _lookup(lambda card: wanted == card.name
                   or wanted in (alias.casefold() for alias in card.aliases))


# -- games ----------------------------------------------------------------------------------

def load(card: Card) -> AnyGame:
    """The game a card announces, imported the first time it is asked for."""
    game = _loaded.get(card.name)
    if game is None:
        if card.name in _failed:
            raise UnknownGameError(f"the game {card.name!r} could not be loaded: "
                                   f"{_failed[card.name]}")
        try:
            game = _loaded[card.name] = _import(card)
        except Exception as error:  # noqa: BLE001 - reported as the game's, not kifu's
            _failed[card.name] = f"{type(error).__name__}: {error}"
            raise UnknownGameError(f"the game {card.name!r} could not be loaded: "
                                   f"{_failed[card.name]}") from None
    return game


def _import(card: Card) -> AnyGame:
    """Import the card's module and return its ``GAME``, checked against the card."""
    import importlib

    game = getattr(importlib.import_module(card.module), "GAME", None)
    if not isinstance(game, GamePlugin):
        raise TypeError(f"{card.module} has no GAME that is a kifu.plugin.GamePlugin")
    told = (game.name, game.title, tuple(game.aliases), tuple(game.suffixes))
    if told != (card.name, card.title, tuple(card.aliases), tuple(card.suffixes)):
        raise TypeError(f"{card.module}.GAME says {told}, its card says "
                        f"{(card.name, card.title, card.aliases, card.suffixes)} (give the "
                        "game's class its card: card = ...)")
    return game


def get(name: str) -> AnyGame:
    """A game by its name or one of its aliases, any case."""
    return load(card_of(name))


def find(name: str) -> AnyGame | None:
    """A game by its name or alias, ``None`` if kifu knows none that loads."""
    try:
        return get(name)
    except UnknownGameError:
        return None


def games() -> dict[str, AnyGame]:
    """Every game that loads, by name, in name order (this imports them all)."""
    found = {}
    for card in cards():
        try:
            found[card.name] = load(card)
        except UnknownGameError:
            continue
    return dict(sorted(found.items()))


def broken() -> dict[str, str]:
    """Games that failed to load and entry points that failed, with the error: ``kifu games``
    lists them."""
    return {**_plugged()[1], **_failed}


# -- suffixes and formats -------------------------------------------------------------------

class _Suffixes(Set[str]):
    """Every file suffix some game reads, found when first asked (a walk through a folder asks;
    a run over files named one by one never needs them)."""

    @functools.cached_property
    def _all(self) -> frozenset[str]:
        return self._of(cards())

    @functools.cached_property
    def _built_in(self) -> frozenset[str]:
        return self._of(BUILT_IN)

    @staticmethod
    def _of(some: Iterable[Card]) -> frozenset[str]:
        found = {".json"}
        for card in some:
            found.update(card.suffixes)
            for suffixes in card.formats.values():
                found.update(suffixes)
        return frozenset(found)

    def __contains__(self, suffix: object) -> bool:
        # The built-in games answer first: a walk through a folder of their records never
        # reads the installed packages' entry points (a scan that costs as much as kifu's
        # start-up); only a suffix none of them reads asks the plug-ins.
        return suffix in self._built_in or suffix in self._all

    def __iter__(self) -> Iterator[str]:
        return iter(self._all)

    def __len__(self) -> int:
        return len(self._all)


def suffixes() -> Set[str]:
    """Every file suffix some game reads (native notations and interchange formats)."""
    return _Suffixes()


def detect(text: str, path: str, game_name: str | None = None,
           format_name: str | None = None) -> tuple[AnyGame, str]:
    """The game a record belongs to and the format it is written in (``native``, ``json``...).

    ``game_name`` (``--game``) names the game, not the format: the format is still told by
    the text (an SGF text is SGF wherever it comes from), then by the file's suffix.
    ``format_name`` (``--format-in``) names the format: the text is then read as that format
    whatever it looks like (so that a text not in it gets the format's own located error), and
    only the game is told, among the games that have the format (see :func:`named_format`).
    """
    if format_name is not None:
        return named_format(text, path, game_name, format_name)
    suffix = path_suffix(path)
    if _JSON_START.match(text):
        from kifu.reading.jsonvalues import game_of  # JSON names its game itself

        return get(game_name or game_of(text)), JSON
    if game_name:
        game = get(game_name)
        return game, _format_of_text(game, suffix, text) or NATIVE
    header = _game_header(text)
    if header:
        return get(header.group(1)), NATIVE
    # The built-in games first, the plug-ins only when none of them reads the suffix: the
    # entry points are read only then.
    found = _by_suffix(False, suffix, text) or _by_suffix(True, suffix, text)
    if found is None and not _reads_any(suffix):
        found = _by_content(BUILT_IN, text)  # a name that says nothing: standard input, say
    if found is not None:
        return found
    read_as = [fmt.description for fmt in _formats_of(suffix)]
    if read_as:
        raise UnknownGameError(f"kifu reads {suffix} files as {' or '.join(read_as)}, and this "
                               "one is none of them; if it is a record, give --game")
    raise UnknownGameError(
        "cannot tell which game this record is: give it a 'Game:' header, a known suffix "
        f"({', '.join(sorted(suffixes()))}) or --game")


def format_names() -> list[str]:
    """Every format some game reads, by name: ``native``, ``json``, then the interchange
    formats the games' cards list (no game is loaded to tell them)."""
    found = [NATIVE, JSON]
    for card in cards():
        found.extend(name for name in card.formats if name not in found)
    return found


def check_format_name(name: str, game_name: str | None = None) -> str:
    """``name`` as a format name (any case), if some game reads it (``game_name``'s game, where
    one is named); else an ``OptionError`` (for ``--format-in``) naming those there are."""
    wanted = name.strip().lower()
    if game_name is not None:
        game = get(game_name)
        offered = [NATIVE, JSON, *formats(game)]
        if wanted not in offered:
            raise OptionError(f"{game.name} has no format {name!r}; it reads "
                              f"{', '.join(offered)}", option="--format-in")
    elif wanted not in format_names():
        raise OptionError(f"no game kifu knows has a format {name!r}; the formats are "
                          f"{', '.join(format_names())}", option="--format-in")
    return wanted


def named_format(text: str, path: str, game_name: str | None,
                 format_name: str) -> tuple[AnyGame, str]:
    """The game of a text the user says is in format ``format_name``, and that format.

    The game is ``game_name`` where given (an ``OptionError`` if it lacks the format); else,
    for ``native``, the ``Game:`` header, then the suffix; for ``json``, the record's own
    ``game`` field; for an interchange format, the one game that has it, or among several (SGF:
    Renju and Free-form Go) the first whose format claims the text, highest precedence first,
    and where none does the one of the lowest precedence, whose reader then says what is wrong
    with the text, where it is.
    """
    fmt = check_format_name(format_name, game_name)
    if game_name is not None:
        return get(game_name), fmt
    if fmt == JSON:
        from kifu.reading.jsonvalues import game_of  # JSON names its game itself

        return get(game_of(text)), JSON
    if fmt == NATIVE:
        header = _game_header(text)
        if header:
            return get(header.group(1)), NATIVE
        suffix = path_suffix(path)
        native = _lookup(lambda card: suffix in card.suffixes)
        if native is not None:
            return load(native), NATIVE
        raise UnknownGameError("cannot tell which game this record is: give it a 'Game:' "
                               "header, a known suffix or --game")
    candidates = sorted(((-formats(game)[fmt].precedence, order, game)
                         for order, game in enumerate(load(card) for card in cards()
                                                      if fmt in card.formats)),
                        key=lambda c: c[:2])
    return next((game for *_, game in candidates if formats(game)[fmt].claims(text)),
                candidates[-1][2]), fmt


def _reads_suffix(card: Card, suffix: str) -> bool:
    return suffix in card.suffixes or any(suffix in found for found in card.formats.values())


def _by_suffix(plugged: bool, suffix: str, text: str) -> tuple[AnyGame, str] | None:
    """The game among the built-in (or the ``plugged``) games whose native notation has
    ``suffix``, else the game whose interchange format of that suffix claims ``text``, with the
    format (formats of a higher precedence asked first)."""
    native, candidates = _suffix_readers(plugged, suffix)
    if native is not None:
        return native, NATIVE
    for game, name, fmt in candidates:
        if fmt.claims(text):
            return game, name
    return None


@functools.cache
def _suffix_readers(plugged: bool, suffix: str
                    ) -> tuple[AnyGame | None, tuple[tuple[AnyGame, str, Format], ...]]:
    """What :func:`_by_suffix` asks of the games, found once for each suffix (every file read
    asks): the game whose native notation has ``suffix``, else every interchange format of
    that suffix, highest precedence first, with its game and name."""
    some = _plugged()[0] if plugged else BUILT_IN
    native = next((card for card in some if suffix in card.suffixes), None)
    if native is not None:
        return load(native), ()
    candidates = []
    for order, card in enumerate(some):
        if any(suffix in found for found in card.formats.values()):
            game = load(card)
            for name, fmt in formats(game).items():
                if suffix in fmt.suffixes:
                    candidates.append((-fmt.precedence, order, game, name, fmt))
    return None, tuple((game, name, fmt) for *_, game, name, fmt in
                       sorted(candidates, key=lambda c: c[:2]))


def _by_content(some: Iterable[Card], text: str) -> tuple[AnyGame, str] | None:
    """The game whose interchange format recognises ``text`` by its content alone and claims
    it (only games whose cards list interchange formats are loaded to ask)."""
    candidates = []
    for order, card in enumerate(some):
        if not card.formats:
            continue
        game = load(card)
        for name, fmt in formats(game).items():
            if fmt.recognises is not None:
                candidates.append((-fmt.precedence, order, game, name, fmt))
    for *_, game, name, fmt in sorted(candidates, key=lambda c: c[:2]):
        assert fmt.recognises is not None
        if fmt.recognises(text) and fmt.claims(text):
            return game, name
    return None


def _game_header(text: str) -> re.Match[str] | None:
    """The ``Game:`` header in the head of ``text``.  A head with no "game" in it, in any case,
    is not searched: the search (case-blind, at every line's start) costs a record without the
    header, an SGF file say, as much as the compiled core takes to decide it."""
    if "game" not in text[:_HEADER_WINDOW].lower():
        return None
    return _game_header_pattern().search(text, 0, _HEADER_WINDOW)


@functools.cache
def _game_header_pattern() -> re.Pattern[str]:
    return re.compile(_GAME_HEADER, re.IGNORECASE | re.MULTILINE)


def guess(path: str) -> str | None:
    """The game a file's native suffix names, for reports on files that could not be read."""
    suffix = path_suffix(path)
    found = _lookup(lambda card: suffix in card.suffixes)
    return None if found is None else found.name


@functools.cache
def formats(game: AnyGame) -> Mapping[str, Format]:
    """A game's interchange formats, asked of the game once (every file read asks for them)."""
    return game.formats()


def _format_of_text(game: AnyGame, suffix: str, text: str) -> str | None:
    """The format of a text of ``game`` (named by the user): the first of its formats that
    recognises the text, else the one its suffix names."""
    for name, fmt in formats(game).items():
        if fmt.recognises is not None and fmt.recognises(text):
            return name
    return next((name for name, fmt in formats(game).items() if suffix in fmt.suffixes), None)


def byte_format(head: bytes, path: str, game_name: str | None = None,
                format_name: str | None = None) -> Format | None:
    """The format of bytes that claims a file from its first bytes ``head`` (see
    :attr:`Format.claims_bytes`): among the named game's formats; else among the formats of
    the file's suffix; else, for a name no game reads (standard input, say), among every
    built-in game's.  A format named (``format_name``) takes the file if it is a format of
    bytes, whatever its head (its reader says what is wrong with it), and none other does."""
    suffix = path_suffix(path)
    if format_name is not None:
        if format_name in (NATIVE, JSON):
            return None
        game, name = named_format("", path, game_name, format_name)
        named = formats(game)[name]
        return named if named.binary else None
    if game_name:
        found = tuple(formats(get(game_name)).values())
    elif _reads_any(suffix):
        found = _formats_of(suffix)
    else:
        found = _formats_of(None)
    return next((fmt for fmt in found
                 if fmt.claims_bytes is not None and fmt.claims_bytes(head)), None)


def _format_suffixes(card: Card) -> set[str]:
    return {suffix for found in card.formats.values() for suffix in found}


@functools.cache
def _formats_of(suffix: str | None) -> tuple[Format, ...]:
    """The built-in games' interchange formats of ``suffix`` (``None``: all of them), found
    once for each suffix: every file read asks."""
    if suffix is None:
        return tuple(fmt for card in BUILT_IN if card.formats
                     for fmt in formats(load(card)).values())
    return tuple(fmt for card in BUILT_IN if suffix in _format_suffixes(card)
                 for fmt in formats(load(card)).values() if suffix in fmt.suffixes)


@functools.cache
def _reads_any(suffix: str) -> bool:
    return _lookup(lambda card: _reads_suffix(card, suffix)) is not None


def generic(path: str) -> bool:
    """Whether a file's suffix is one other programs use too (``.json``, ``.xml``, ``.pgn``):
    a file with it that no format claims is some other program's, left alone in a folder."""
    return _generic(path_suffix(path))


@functools.cache
def _generic(suffix: str) -> bool:
    if suffix == ".json":
        return True
    return any(suffix in fmt.generic for card in BUILT_IN if suffix in _format_suffixes(card)
               for fmt in formats(load(card)).values())


def format_of(game: AnyGame, name: str) -> Format:
    """An interchange format of a game, by name."""
    try:
        return formats(game)[name]
    except KeyError:
        offered = ", ".join([NATIVE, JSON, *formats(game)])
        raise ConversionError(f"{game.name} has no format {name!r}; it offers {offered}") from None


def commands() -> dict[str, Card]:
    """The ``kifu`` commands games bring, each with the card of its game (none is loaded)."""
    return {command: card for card in cards() for command in card.commands}


def rule_names() -> frozenset[str]:
    """Every name ``--select`` and ``--ignore`` take: the rules of the core and of every game
    (from its card: no game is loaded) and the code of every kind of error."""
    from kifu.base.errors import KifuError
    from kifu.base.rules import CORE_RULES
    from kifu.reading.access import AccessError  # its code, "reference", is the reading's own

    codes, pending = {AccessError.code}, list(KifuError.__subclasses__())
    while pending:
        kind = pending.pop()
        codes.add(kind.code)
        pending.extend(kind.__subclasses__())
    return frozenset({*CORE_RULES, *codes, *(rule for card in cards() for rule in card.rules)})
