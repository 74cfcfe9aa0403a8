"""The renju.net database (RIF's ``renjunet_v10_*.rif``, XML): its tables, then every game.

```
<database>                          the root's name is not known to matter; its children are
  <countries><country id="1" name="Estonia" abbr="EST"/>...</countries>     tables of rows,
  <cities> <months> <rules> <openings> <players> <tournaments>              each with an id
  <games>
    <game id="1234" publisher="7" tournament="12" round="3" rule="1" black="5" white="9"
          bresult="1" btime="52" wtime="60" opening="4" alt="" swap="">
      <move>h8 h9 i9 g10 ...</move>
      <info>a comment</info>
    </game>
  </games>
</database>
```
The file is read as a stream (:mod:`xml.parsers.expat`, the parser under ``xml.etree``'s
``iterparse``, fed a block at a time): each game becomes a record as soon as its element ends,
and a caller done with a record before asking for the next holds one at a time, whatever the
number of games.  The tables stand before the games, so each game finds its players,
tournament, rule and opening in them.  Every record is named by the game's id
(``renjunet.rif#1234``).

A game's record: ``Black`` and ``White`` (the players' names), ``Result`` (``bresult``: 1 black
won, 0 white won, 0.5 a draw), ``Event``, ``Date`` and ``Place`` from its tournament (the date
is the tournament's start, else its year and month), ``Round``, ``Rule`` from the rule's name
(RIF, Yamaguchi, Soosyrv-8, Taraguchi-10; gomoku's, named Gomoku or Swap2, as gomoku: see
:func:`rule_of`; the name itself as ``RIF-Rule``), the opening's
name as ``RIF-Opening``, the times used (minutes, 0 for unknown) as ``Time-black`` and
``Time-white``, the id as ``RIF-Id``, who entered it as ``RIF-Publisher``, the offered fifth
moves and the swaps as written (``RIF-Alt``, ``RIF-Swap``: their syntax is not documented), the
game's ``<info>`` as its comment; an attribute kifu does not know keeps its name
(``RIF-<name>``).  No real database was at hand: this follows the readers of it that are
public (see ``docs/formats/rif.md``).
"""
from __future__ import annotations

import codecs
import re
from collections import deque
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from xml.parsers import expat

from kifu.builtin.renju.archives import common
from kifu.builtin.renju.moves import Place
from kifu.plugin import (
    HEAD_BYTES,
    MAX_MOVES,
    EncodingError,
    KifuError,
    LimitError,
    Node,
    NotationError,
    ReadError,
    Reading,
    Record,
    Span,
    check_encoding_name,
    read_int,
    shorten,
)

TABLES = ("countries", "cities", "months", "rules", "openings", "players", "tournaments")
GAMES, GAME = "games", "game"
#: How much of the text is parsed at a time.
BLOCK = 1 << 16
#: Rows a table may hold, and what a game's elements may hold: a stream stays small whatever
#: a file says.
MAX_ROWS = 1_000_000
MAX_TEXT = 1 << 20
#: RIF's rule names kifu's rules know (any case; ``-`` or a blank before the number).
RULES = {"rif": "renju, rif", "yamaguchi": "renju, yamaguchi", "soosyrv8": "renju, soosyrv-8",
         "soosõrv8": "renju, soosyrv-8", "soosorv8": "renju, soosyrv-8",
         "taraguchi10": "renju, taraguchi-10", "swap": "renju, swap"}
#: Gomoku's opening rules, as a gomoku rule's name gives them (RIF's gomoku is played with
#: swap2, and swap before it).
_GOMOKU_OPENINGS = (("swap2", "swap2"), ("swap1", "swap"), ("swap", "swap"))


def rule_of(name: str, info: str = "") -> str | None:
    """The ``Rule`` a rule of the database plays, from its name: Renju under the opening rules
    kifu knows; gomoku where the name says gomoku, or names swap2 and the rule's text does not
    say Renju (the RIF holds its gomoku championships under swap2).  Gomoku is RIF's: exactly
    five wins, nothing is forbidden (``standard``), or five or more where the name says free.
    Another name gives none: a Renju rule kifu has no opening rule for."""
    key = re.sub(r"[\s_-]", "", name).casefold()
    if key in RULES:
        return RULES[key]
    if "gomoku" in key or "swap2" in key:
        win = "freestyle" if "free" in key else "standard"
        if "gomoku" not in key and "renju" in info.casefold() + key:
            win = "renju"
        opening = next((rule for word, rule in _GOMOKU_OPENINGS if word in key), None)
        return win if opening is None else f"{win}, {opening}"
    return None
_WORD = re.compile(r"\S+")
#: The head of a database: the XML declaration, comments, the root, then (after comments, or a
#: few elements of the database's own, empty or holding text only: a version, a date) a table.
#: Each piece is matched one way only (possessive runs, atomic groups, the ``/`` of an empty
#: element looked back at), so that a head that is no database is refused in time linear in
#: it: a name and its attributes matched either way, eight times over, took minutes.
_HEAD = re.compile(
    rb"^(?:\xef\xbb\xbf)?\s*+(?:<\?xml[^>]*+(?<=\?)>\s*+)?"
    rb"(?:(?:<!--.*?-->|<!DOCTYPE[^>]*+>|<\?[^>]*+(?<=\?)>)\s*+)*+"
    rb"<[A-Za-z_][\w.-]*+[^>]*+>\s*+(?>(?:<!--.*?-->|<[A-Za-z_][\w.-]*+[^>]*+(?<=/)>"
    rb"|<([A-Za-z_][\w.-]*+)[^>]*+(?<!/)>[^<]*+</\1>)\s*+){0,8}"
    rb"<(countries|cities|months|rules|openings|players|tournaments|games)\b", re.DOTALL)


def claims_bytes(head: bytes) -> bool:
    """A RIF database: XML whose root's first element is one of the database's tables."""
    return _HEAD.match(head) is not None


def claims(text: str) -> bool:
    """:func:`claims_bytes` of a file's bytes as one character each."""
    return claims_bytes(text[:4096].encode("latin-1", "replace"))


# -- the stream -----------------------------------------------------------------------------

@dataclass
class _Game:
    """A ``<game>`` element as it is read: its attributes, where it starts, its moves' text and
    where that starts, its ``<info>``."""

    attributes: dict[str, str]
    start: tuple[int, int]
    moves: list[str] = field(default_factory=list)
    moves_at: tuple[int, int] | None = None
    info: list[str] = field(default_factory=list)


class _Stream:
    """Feeds expat a block at a time and collects the tables and the games as they end."""

    def __init__(self) -> None:
        self.tables: dict[str, dict[str, dict[str, str]]] = {name: {} for name in TABLES}
        self.ready: deque[_Game | KifuError] = deque()
        self.path: list[str] = []
        self.game: _Game | None = None
        self.text_of: str | None = None  # "move" or "info" inside a game; "info" of a rule
        self.rule_info: list[str] | None = None
        self.rule: dict[str, str] | None = None
        #: A table's row being read and its own text: its name, where it has no attribute for
        #: it (``<tournament id="7">Club cup</tournament>``).
        self.row: dict[str, str] | None = None
        self.row_text: list[str] = []
        self.rows = 0
        self.parser = expat.ParserCreate("UTF-8")  # given text: see _decoder
        self.parser.StartElementHandler = self.start
        self.parser.EndElementHandler = self.end
        self.parser.CharacterDataHandler = self.data
        self.parser.ordered_attributes = False
        self.parser.EntityDeclHandler = self.refuse_entity

    def where(self) -> tuple[int, int]:
        return self.parser.CurrentLineNumber, self.parser.CurrentColumnNumber + 1

    def start(self, name: str, attributes: dict[str, str]) -> None:
        self.path.append(name)
        depth = len(self.path)
        if depth == 3 and self.path[1] == GAMES and name == GAME:
            self.game = _Game(dict(attributes), self.where())
        elif depth == 4 and self.game is not None and name in ("move", "info"):
            self.text_of = name
        elif depth == 3 and self.path[1] in TABLES:
            self.rows += 1
            if self.rows > MAX_ROWS:
                line, column = self.where()
                raise LimitError(f"the database's tables hold more than {MAX_ROWS:,} rows; kifu "
                                 "reads no more", span=Span.point(line, column), rule="rif-rows")
            row = self.tables[self.path[1]][attributes.get("id", "")] = dict(attributes)
            self.row, self.row_text = row, []
            if self.path[1] == "rules":
                self.rule, self.rule_info = row, []
        elif depth == 4 and self.path[1] == "rules" and name == "info":
            self.text_of = "rule-info"

    def end(self, name: str) -> None:
        depth = len(self.path)
        self.path.pop()
        if depth == 3 and self.game is not None and name == GAME:
            self.ready.append(self.game)
            self.game = None
        elif depth == 4:
            self.text_of = None
        elif depth == 3 and self.row is not None:
            own = " ".join("".join(self.row_text).split())
            if own and "name" not in self.row:
                self.row["name"] = own
            self.row, self.row_text = None, []
            if self.rule is not None and self.rule_info is not None:
                self.rule["info"] = "".join(self.rule_info)
                self.rule, self.rule_info = None, None

    def data(self, text: str) -> None:
        if self.text_of is None:
            if self.row is not None and len(self.path) == 3 and len(self.row_text) < 64:
                self.row_text.append(text)
            return
        if self.text_of == "rule-info":
            assert self.rule_info is not None
            self.rule_info.append(text)
            return
        assert self.game is not None
        kept = self.game.moves if self.text_of == "move" else self.game.info
        if self.text_of == "move" and not kept:
            self.game.moves_at = self.where()
        if sum(map(len, kept)) + len(text) > MAX_TEXT:
            line, column = self.where()
            raise LimitError(f"a game's <{self.text_of}> holds more than {MAX_TEXT:,} "
                             "characters", span=Span.point(line, column), rule="rif-text")
        kept.append(text)

    def refuse_entity(self, name: str, *_: object) -> None:
        line, column = self.where()
        raise NotationError(f"the XML declares the entity {shorten(name)!r}: a RIF database "
                            "declares none, and kifu expands none (they only serve to make a "
                            "file larger than what it holds)", span=Span.point(line, column),
                            rule="xml-entity")

    def feed(self, text: str) -> Iterator[_Game | KifuError]:
        """The games of ``text``, as each one ends: a file's bytes, one character each, in the
        encoding its XML declaration names; or text decoded already (see :func:`_decoder`)."""
        if not text:
            raise NotationError("an empty file", span=Span.point(1, 1))
        decode = _decoder(text)
        for start in range(0, len(text), BLOCK):
            final = start + BLOCK >= len(text)
            block = decode(text[start:start + BLOCK], final)
            try:
                self.parser.Parse(block, final)
            except expat.ExpatError as error:
                while self.ready:
                    yield self.ready.popleft()
                raise NotationError(f"not well-formed XML: {expat.ErrorString(error.code)}",
                                    span=Span.point(error.lineno, error.offset + 1)) from None
            while self.ready:
                yield self.ready.popleft()


# -- the encoding ---------------------------------------------------------------------------

#: The encoding an XML declaration names (``<?xml version="1.0" encoding="windows-1251"?>``).
_DECLARED = re.compile(r"^(?:\xef\xbb\xbf)?\s*<\?xml\s[^>]*?\bencoding\s*=\s*([\"'])([^\"'>]*)\1")
_BOMS = (("\xef\xbb\xbf", "utf-8-sig"), ("\xff\xfe", "utf-16"), ("\xfe\xff", "utf-16"))

Decode = Callable[[str, bool], str]


def _decoder(text: str) -> Decode:
    """How each block of ``text`` becomes the characters expat is given (as UTF-8, whatever
    the declaration says: Python's codecs read every encoding a file may name, multi-byte ones
    included, where expat reads four).

    A text holding a character above U+00FF is no file's bytes: it was decoded already (a
    string handed to the library), and is read as it is, its declaration aside.  Otherwise
    each character is a byte, decoded in the encoding of the file's byte order mark, else of
    its declaration, else UTF-8 (XML's own default): a declaration of an encoding Python does
    not know, or of one in which the declaration itself cannot be written (UTF-16 declared in
    ASCII), is an ``EncodingError`` at the name it declares."""
    if not text.isascii() and max(text) > "\xff":
        return lambda block, final: block
    codec, named = _declared_codec(text[:HEAD_BYTES])
    decoder = codecs.getincrementaldecoder(codec)()
    lines, column = 1, 1  # where the next block starts, for a decoding error's place

    def decode(block: str, final: bool) -> str:
        nonlocal lines, column
        try:
            piece: str = decoder.decode(block.encode("latin-1"), final)
        except UnicodeDecodeError as error:
            before = error.object[:error.start].decode(codec, "replace")
            line = lines + before.count("\n")
            at = len(before) - before.rfind("\n") if "\n" in before else column + len(before)
            raise EncodingError(f"byte 0x{error.object[error.start]:02x} is not {named}",
                                span=Span.point(line, at)) from None
        breaks = piece.count("\n")
        lines += breaks
        column = len(piece) - piece.rfind("\n") if breaks else column + len(piece)
        return piece

    return decode


def _declared_codec(head: str) -> tuple[str, str]:
    """The codec of a file's bytes (see :func:`_decoder`), and where it comes from in words."""
    for bom, codec in _BOMS:
        if head.startswith(bom):
            return codec, f"{codec.removesuffix('-sig').upper()}, as the byte order mark says"
    declared = _DECLARED.match(head)
    if declared is None:
        return "utf-8", "UTF-8, XML's encoding where it declares none"
    name, start = declared.group(2), declared.start(2)
    line, column = head.count("\n", 0, start) + 1, start - head.rfind("\n", 0, start)
    at = Span(line, column, line, column + len(name))
    try:
        codec = check_encoding_name(name)
    except ReadError as error:
        raise EncodingError(f"the XML declaration names an encoding kifu cannot read: "
                            f"{error.message}", span=at, rule="xml-encoding") from None
    if "<?xml".encode(codec, "replace") != b"<?xml":
        raise EncodingError(f"the XML declaration names the encoding {codec}, but is written "
                            f"in an encoding of ASCII's letters, which {codec} is not",
                            span=at, rule="xml-encoding")
    return ("utf-8-sig" if codec == "utf-8" else codec,
            f"{shorten(name)}, the encoding the XML declaration names")


# -- a game as a record ---------------------------------------------------------------------

class _Lookup:
    """A game's attributes as its record takes them, each looked up in the tables once; a
    reference the tables do not hold is a warning (``rif-reference``), and the row stands in
    as its number."""

    def __init__(self, game: _Game, tables: dict[str, dict[str, dict[str, str]]]) -> None:
        self.attributes = dict(game.attributes)
        self.tables = tables
        self.at = Span.point(*game.start)
        self.findings: list[KifuError] = []

    def take(self, key: str) -> str | None:
        """An attribute, taken: what no rule took is kept as ``RIF-<name>`` at the end."""
        return self.attributes.pop(key, None)

    def row(self, table: str, key: str) -> dict[str, str] | None:
        """The row of ``table`` the attribute ``key`` names; none for no number, or 0."""
        value = self.take(key)
        if value is None or value in ("", "0"):
            return None
        found = self.tables[table].get(value)
        if found is None:
            self.findings.append(NotationError(
                f"the {key} {value} is not in the database's {table}", span=self.at,
                severity="warning", rule="rif-reference"))
            return {"id": value, "name": f"#{value}"}
        return found


def _record(stream: _Stream, game: _Game, source: str) -> tuple[Record, list[KifuError]]:
    lookup = _Lookup(game, stream.tables)
    record = Record(game="renju", source=source,
                    headers={"Game": "renju", common.SIZE_KEY: str(common.DEFAULT_SIZE)})
    headers = record.headers
    rule = lookup.row("rules", "rule")
    tournament = lookup.row("tournaments", "tournament")
    if rule is None and tournament is not None:  # a game that names none plays its event's
        rule = lookup.tables["rules"].get(tournament.get("rule", ""))
    _rule_played(headers, rule)
    if tournament is not None:
        _event(headers, tournament, lookup.tables)
    _players(headers, lookup)
    _result(headers, lookup.take("bresult"))
    _times(headers, lookup)
    headers["RIF-Id"] = lookup.take("id") or ""
    if rule is not None:
        headers["RIF-Rule"] = rule.get("name", "")
    _database_own(headers, lookup)
    for key, value in list(headers.items()):
        headers[key] = " ".join(value.split())  # a header is one line
    info = "".join(game.info).strip()
    if info:
        record.comments.append(info)
    record.moves = _moves(game)
    return record, lookup.findings


def _rule_played(headers: dict[str, str], rule: dict[str, str] | None) -> None:
    """``Rule``: the rule kifu judges the game under, where kifu knows the rule's name."""
    mapped = rule_of(rule.get("name", ""), rule.get("info", "")) if rule is not None else None
    if mapped:
        headers[common.RULE_KEY] = mapped


def _event(headers: dict[str, str], tournament: dict[str, str],
           tables: dict[str, dict[str, dict[str, str]]]) -> None:
    """``Event``, ``Date`` and ``Place``: the tournament's name, start and city and country."""
    headers["Event"] = tournament.get("name", "")
    date = _date(tournament)
    if date:
        headers["Date"] = date
    place = [tables[table].get(tournament.get(key, ""), {}).get("name", "")
             for table, key in (("cities", "city"), ("countries", "country"))]
    if any(place):
        headers["Place"] = ", ".join(p for p in place if p)


def _players(headers: dict[str, str], lookup: _Lookup) -> None:
    """``Round``, then ``Black`` and ``White`` by the players' names."""
    round_ = lookup.take("round")
    if round_ is not None:
        headers["Round"] = round_
    for colour in ("black", "white"):
        player = lookup.row("players", colour)
        if player is not None:
            headers[colour.title()] = _name(player)


def _result(headers: dict[str, str], result: str | None) -> None:
    """``bresult``, black's score: 1 black won, 0 white won, 0.5 a draw; another value is
    kept as written (``RIF-Result``)."""
    if result is None:
        return
    said = {"1": "black", "0": "white", "0.5": "draw"}.get(result.strip())
    if said:
        headers["Result"] = said
    elif result.strip():
        headers["RIF-Result"] = result


def _times(headers: dict[str, str], lookup: _Lookup) -> None:
    """The minutes each side used; 0 is unknown, so no header."""
    for key, header in (("btime", "Time-black"), ("wtime", "Time-white")):
        value = lookup.take(key)
        if value is not None and value.strip() not in ("", "0"):
            headers[header] = f"{value.strip()} min"


def _database_own(headers: dict[str, str], lookup: _Lookup) -> None:
    """What only the database says, each as ``RIF-<name>``: the opening, who entered the
    game, the offered fifth moves and the swaps as written, and any attribute kifu does not
    know."""
    opening = lookup.row("openings", "opening")
    if opening is not None:
        name, abbr = opening.get("name", ""), opening.get("abbr", "")
        headers["RIF-Opening"] = f"{name} ({abbr})" if abbr and name else name or abbr
    publisher = lookup.row("players", "publisher")
    if publisher is not None:
        headers["RIF-Publisher"] = _name(publisher)
    for key in ("alt", "swap"):
        value = lookup.take(key)
        if value:
            headers[f"RIF-{key.title()}"] = value
    for key, value in lookup.attributes.items():
        headers[f"RIF-{key.title()}"] = value


def _name(player: dict[str, str]) -> str:
    return " ".join(part for part in (player.get("name", ""), player.get("surname", "")) if part)


def _date(tournament: dict[str, str]) -> str | None:
    """The tournament's start (``YYYY-MM-DD``), else its year and month, else its year."""
    start = tournament.get("start", "")
    if re.fullmatch(r"\d{4}-\d{2}-\d{2}", start):
        return start
    year, month = tournament.get("year", ""), tournament.get("month", "")
    if not re.fullmatch(r"\d{4}", year):
        return None
    number = read_int(month)
    if number is not None and 1 <= number <= 12:
        return f"{year}-{number:02d}"
    return year


class _MoveText:
    """Where the words of a game's ``<move>`` text stand in the file, worked out only for the
    spans asked for (an error's): most moves never need theirs."""

    def __init__(self, text: str, line: int, column: int) -> None:
        self.text, self.line, self.column = text, line, column

    def span(self, start: int, end: int) -> Span:
        before = self.text[:start]
        breaks = before.count("\n")
        if not breaks:
            return Span(self.line, self.column + start, self.line, self.column + end)
        column = start - before.rfind("\n")
        return Span(self.line + breaks, column, self.line + breaks, column + end - start)


#: Moves are immutable: one value per word serves every game (and saves reading it again).
_PLACES: dict[str, Place] = {}


def _moves(game: _Game) -> list[Node]:
    text = "".join(game.moves)
    located = _MoveText(text, *(game.moves_at or game.start))
    nodes: list[Node] = []
    for word in _WORD.finditer(text):
        place = _PLACES.get(word.group())
        if place is None:
            place = _place(word.group(), located.span(*word.span()))
            if len(_PLACES) < 4096:
                _PLACES[word.group()] = place
        if len(nodes) >= MAX_MOVES:
            raise NotationError("a game of more moves than kifu reads",
                                span=located.span(*word.span()))
        nodes.append(Node(place, place=(located, *word.span())))
    return nodes


def _place(word: str, span: Span) -> Place:
    point = common.point_on(word, common.DEFAULT_SIZE, common.DEFAULT_SIZE, span)
    if point is None:
        raise NotationError(f"{shorten(word)!r} is not a point such as h8", span=span)
    return Place(point)


# -- the format's functions -----------------------------------------------------------------

def read_games(text: str, source: str = "<rif>", lenient: bool = False) -> Iterator[Reading]:
    """Every game of a database, each as soon as it is read, named by its id; a game that
    cannot be read is a reading with its error (located in the file), and the next game is
    read all the same.  Raises for a file that is not a RIF database at all."""
    stream = _Stream()
    count = 0
    for game in stream.feed(text):
        assert isinstance(game, _Game)
        count += 1
        label = game.attributes.get("id") or f"game{count}"
        try:
            record, findings = _record(stream, game, source)
        except KifuError as error:
            yield Reading(None, [error.detached()], label=label)
            continue
        yield Reading(record, findings, label=label)
    if not count and not any(stream.tables.values()):
        raise NotationError("no table and no game: this XML is not a RIF database",
                            span=Span.point(1, 1))


def read(text: str, source: str = "<rif>") -> Record:
    """The one game of a database (one of several games is refused: read them one by one)."""
    return common.only_record(read_games(text, source), "this database")


def write(record: Record) -> str:
    return common.not_written("the renju.net database", record)
