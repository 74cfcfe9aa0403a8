"""PlayOK's gomoku games as PGN: chess's tag pairs and movetext, with points for moves.

```
[Event "?"]
[Site "PlayOK"]
[Date "2021.07.31"]
[Black "k56"]                     the first seat (who places the opening stones), not a colour
[White "runglathap"]              the second seat
[Result "0-1"]                    from the seats' view: the second seat won
[GameType "61,15"]                the kind of game and the board's size
[BlackElo "1826"]

1. g8 h8 2. j8 black 3. h9 h10 ... 0-1
```
Every token of the movetext (stones and the rest) takes a slot, and the slots alternate between
the seats, the first seat's first.  A stone's colour goes by its count (odd black); ``black``
and ``white`` are a seat's choice of colour in swap2's opening, and ``--`` an empty slot that
keeps the seats alternating.

Read into a record of the ``renju`` game: ``Black`` and ``White`` are the players by the colour
they played once the choices were made, the seats ``First-player`` and ``Second-player`` (with
their ``-Elo``); ``Result`` is by colour, the tag itself ``Seat-result``; a choice of colour is
the property ``Choice`` of the stone before it, and a ``swap`` follows where it gave the seats
each other's colour; ``Size`` and ``Rule`` come from ``GameType`` (61 games hold swap2's choices
and are standard gomoku, exactly five wins: real games of that kind go on after either side's
six or seven in a row, and are won by a five later; 60 games hold no choices and are read as
free-style gomoku, that kind being unconfirmed); the date is written kifu's way
(``2021-07-31``), PGN's ``Time`` (of day) is ``Time-of-day``, and every other tag keeps its
name.  kifu reads PlayOK's PGN, it does not write it.
"""
from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass, field

from kifu.builtin.renju.archives import common
from kifu.builtin.renju.moves import Place, Point, Swap
from kifu.plugin import (
    MAX_MOVES,
    KifuError,
    Node,
    NotationError,
    Reading,
    Record,
    Span,
    read_int,
    shorten,
    too_many_moves,
)

_TAG = re.compile(r'\[\s*([A-Za-z0-9_]+)\s+"((?:[^"\\]|\\.)*)"\s*\]')
#: A comment, a move number (also where a move follows it unspaced, ``1.h8``), any other word.
_TOKEN = re.compile(r'\{[^}]*\}?|;[^\n]*|[0-9]+\.+|[^\s{;]+')
_COMMENTS = re.compile(r'\{[^}]*\}?|;[^\n]*')
_NUMBER = re.compile(r"[0-9]+\.+")
_POINT = re.compile(r"[a-zA-Z][0-9]{1,2}")
_GAME_TYPE = re.compile(r"\s*([0-9]+)\s*,\s*([0-9]+)\s*")
RESULTS = ("1-0", "0-1", "1/2-1/2", "*")
CHOICES = ("black", "white")
FILLER = "--"
#: The tags that name seats, and the headers they become.
SEAT_TAGS = {"Black": "First-player", "White": "Second-player", "BlackElo": "First-player-Elo",
             "WhiteElo": "Second-player-Elo", "Result": "Seat-result", "Time": "Time-of-day"}
#: Kinds of game (``GameType``) whose games hold swap2's choices of colour: standard gomoku
#: (PlayOK's games of kind 61 play on after an overline, so six in a row does not win).
SWAP2_KINDS = ("61",)
#: How much of a text is looked at to tell a gomoku PGN.
_HEAD = 4096


def recognises(text: str) -> bool:
    """A gomoku PGN: tag pairs, one of them PlayOK's ``GameType`` (a kind and a board size),
    and a first game whose moves are points (a chess PGN's have pieces and captures)."""
    head = text[:_HEAD].lstrip("\ufeff \t\r\n")
    if not head.startswith("["):
        return False
    tags = dict(_TAG.findall(head))
    if not _GAME_TYPE.fullmatch(tags.get("GameType", "")):
        return False
    body = head.split("\n\n", 1)[1] if "\n\n" in head else ""
    words = [word for word in _TOKEN.findall(_COMMENTS.sub(" ", body.split("\n\n", 1)[0]))
             if not _NUMBER.fullmatch(word)][:40]
    return all(_POINT.fullmatch(word) or word.lower() in (*CHOICES, FILLER, *RESULTS)
               for word in words)


# -- the text: games of tags and tokens -----------------------------------------------------

@dataclass
class _Game:
    tags: list[tuple[str, str, Span]] = field(default_factory=list)
    tokens: list[tuple[str, Span]] = field(default_factory=list)
    start: int = 1


def _games(text: str) -> Iterator[_Game]:
    """The games of a PGN text, one at a time: each its tags, then its movetext's tokens."""
    game = _Game()
    in_moves = False
    comment: list[str] | None = None  # a brace comment running over lines, as it is read
    for number, line in enumerate(text.lstrip("\ufeff").split("\n"), start=1):
        if comment is not None:
            head, closed, line = line.partition("}")
            comment.append(head)
            if not closed:
                continue
            text_so_far, span = game.tokens[-1]
            game.tokens[-1] = (text_so_far + "\n" + "\n".join(comment[1:]) + "}", span)
            comment = None
            line = " " * (len(head) + 1) + line  # the columns after it stay where they are
        stripped = line.strip()
        if not stripped:
            continue
        if stripped.startswith("[") and (in_moves or not game.tokens):
            if in_moves:
                yield game
                game, in_moves = _Game(start=number), False
            if not game.tags:
                game.start = number
            at = line.index("[")
            for match in _TAG.finditer(line):
                game.tags.append((match.group(1), _unescape(match.group(2)),
                                  Span(number, match.start() + 1, number, match.end() + 1)))
                at = match.end()
            rest = line[at:].strip()
            if rest:
                column = line.index(rest, at) + 1
                raise NotationError(f"{shorten(rest)!r} is not a PGN tag pair such as "
                                    '[Site "PlayOK"]', span=Span.point(number, column, len(rest)))
            continue
        in_moves = True
        for match in _TOKEN.finditer(line):
            game.tokens.append((match.group(),
                                Span(number, match.start() + 1, number, match.end() + 1)))
        last = game.tokens[-1][0] if game.tokens else ""
        if last.startswith("{") and not last.endswith("}"):
            comment = [last]
    if game.tags or game.tokens:
        yield game


def _unescape(value: str) -> str:
    return re.sub(r"\\(.)", r"\1", value)


# -- a game as a record ---------------------------------------------------------------------

def _record(game: _Game, source: str) -> Record:
    record = Record(game="renju", source=source, headers={"Game": "renju"})
    tags: dict[str, str] = {}
    for name, value, span in game.tags:
        if name in tags:
            raise NotationError(f"the tag {name} is given twice", span=span)
        tags[name] = value
        key = SEAT_TAGS.get(name, name)
        record.header_spans[key] = span
    kind, size = _game_type(tags, game)
    record.headers[common.SIZE_KEY] = str(size)
    if kind is not None:
        record.headers[common.RULE_KEY] = "standard, swap2" if kind in SWAP2_KINDS \
            else "freestyle"
    black_seat, moves, result = _moves(game, size, record)
    seats = (tags.get("Black", ""), tags.get("White", ""))
    for name, value in tags.items():
        if name == "Date":
            value = _date(value)
        record.headers[SEAT_TAGS.get(name, name)] = value
    if "Black" in tags and "White" in tags:
        record.headers["Black"] = seats[black_seat - 1]
        record.headers["White"] = seats[2 - black_seat]
    stated = tags.get("Result", result)
    if result is not None and tags.get("Result") not in (None, result):
        raise NotationError(f"the movetext ends in {result} but the Result tag says "
                            f"{tags['Result']}", span=record.header_spans.get("Seat-result"))
    winner = {"1-0": 1, "0-1": 2}.get(stated or "")
    if winner is not None:
        record.headers["Result"] = "black" if winner == black_seat else "white"
    elif stated == "1/2-1/2":
        record.headers["Result"] = "draw"
    if result is not None and "Result" not in tags:
        record.headers["Seat-result"] = result
    record.headers = _ordered(record.headers)
    record.moves = moves
    return record


def _game_type(tags: dict[str, str], game: _Game) -> tuple[str | None, int]:
    """The kind of game and the board's size ``GameType`` says (15 without it)."""
    value = tags.get("GameType")
    if value is None:
        return None, common.DEFAULT_SIZE
    match = _GAME_TYPE.fullmatch(value)
    size = read_int(match.group(2)) if match else None
    if match is None or size is None or not 5 <= size <= common.MAX_SIZE:
        span = next(s for n, _, s in game.tags if n == "GameType")
        raise NotationError(f'GameType "{shorten(value)}" is not a kind and a board size '
                            '(such as "61,15")', span=span)
    return match.group(1), size


def _date(value: str) -> str:
    """PGN's ``2021.07.31`` (unknown parts ``??``) as kifu writes a date: ``2021-07-31``."""
    parts = value.strip().split(".")
    known = []
    for part in parts:
        if not part.isdigit():
            break
        known.append(part)
    return "-".join(known) if known and len(parts) == 3 else value


def _moves(game: _Game, size: int, record: Record) -> tuple[int, list[Node], str | None]:
    """The stones, swaps and choices of the movetext; the seat that played black (1 or 2);
    the result token it ends in."""
    nodes: list[Node] = []
    colours = {1: "black", 2: "white"}  # each seat's colour, until a choice changes them
    slot = 0
    result = None
    for text, span in game.tokens:
        if result is not None:
            raise NotationError(f"{shorten(text)!r} after the result {result}", span=span)
        if _NUMBER.fullmatch(text):
            continue
        if text.startswith(("{", ";")):
            comment = text.strip("{}; \t")
            if comment:
                (nodes[-1].comments if nodes else record.comments).append(comment)
            continue
        if text in RESULTS:
            result = text
            continue
        seat = 1 if slot % 2 == 0 else 2
        slot += 1
        if text == FILLER:
            continue
        if text.lower() in CHOICES:
            chosen = text.lower()
            stone = next((node for node in reversed(nodes) if isinstance(node.move, Place)), None)
            if stone is None:
                raise NotationError(f"a choice of colour ({text}) before any stone", span=span)
            stone.properties["Choice"] = chosen
            if colours[seat] != chosen:
                colours = {1: colours[2], 2: colours[1]}
                nodes.append(Node(Swap(), span=span))
            continue
        if not _POINT.fullmatch(text):
            raise NotationError(f"{shorten(text)!r} is not a point, black, white, -- or a "
                                "result", span=span)
        point = Point.parse(text)
        if not (0 <= point.column < size and 0 <= point.row < size):
            raise NotationError(f"{text} is off the {size}x{size} board", span=span)
        if len(nodes) >= MAX_MOVES:
            raise too_many_moves(span)
        nodes.append(Node(Place(point), span=span))
    return (1 if colours[1] == "black" else 2), nodes, result


_ORDER = ("Game", common.SIZE_KEY, common.RULE_KEY, "Event", "Site", "Date", "Round", "Black",
          "White", "Result")


def _ordered(headers: dict[str, str]) -> dict[str, str]:
    first = {key: headers[key] for key in _ORDER if key in headers}
    return {**first, **{key: value for key, value in headers.items() if key not in first}}


# -- the format's functions -----------------------------------------------------------------

def read_games(text: str, source: str = "<pgn>", lenient: bool = False) -> Iterator[Reading]:
    """Every game of a PGN text, read as it is asked for; a game that cannot be read is a
    reading with its error, and the next game is read all the same."""
    found = False
    for game in _games(text):
        found = True
        try:
            yield Reading(_record(game, source))
        except KifuError as error:
            yield Reading(None, [error.detached()])
    if not found:
        raise NotationError("no game in this PGN file", span=Span.point(1, 1))


def read(text: str, source: str = "<pgn>") -> Record:
    """The one game of a PGN text (a file of several games is refused: read them one by one)."""
    return common.only_record(read_games(text, source), "this PGN file")


def write(record: Record) -> str:
    return common.not_written("PlayOK's PGN", record)
