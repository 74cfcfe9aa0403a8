"""Smart Game Format, the syntax layer: collections of game trees of nodes of properties.

This module knows nothing of any game (as sgfmill's ``sgf_grammar``): it reads SGF text into
:class:`SgfNode` trees, writes them out again, and says what it found on the way.  Each game
reads and writes its own properties on top (``kifu.sgf.lines`` maps trees to a record's lines).

Reading is one pass of one compiled regular expression over the whole text, whatever its
layout (one line, wrapped, comments between nodes); the tree is built with an explicit stack,
so nesting depth costs no recursion.  Values are kept *raw*, escapes and all, so that a file
written back is the file read (:func:`text` unescapes a value for reading).

What real files get wrong is repaired the way every SGF reader repairs it, and each repair is
a finding graded as SGFC grades its messages:

- ``pedantic``: the file breaks a rule of the specification that costs nothing (a lower-case
  FF[3] identifier, an unknown property, text around the game); reported on request only;
- ``repaired``: an error repaired without loss (a property given twice in a node, merged; a
  black and a white move in one node, split);
- ``critical``: information may be lost (junk inside a game tree, dropped; a truncated file,
  closed); an error unless the reader is lenient, and then a warning;
- ``fatal``: nothing can be read (no game tree at all): a :class:`NotationError` is raised.
"""
from __future__ import annotations

import bisect
import functools
import re
from array import array
from collections.abc import Iterator
from dataclasses import dataclass, field

from kifu.base.errors import (
    CRITICAL,
    FATAL,
    PEDANTIC,
    REPAIRED,
    EncodingError,
    KifuError,
    LimitError,
    NotationError,
)
from kifu.base.heap import no_cycles
from kifu.base.limits import MAX_MOVES
from kifu.base.record import Span

GRADES = (PEDANTIC, REPAIRED, CRITICAL, FATAL)
#: Findings of one kind listed per game; the rest are counted in one more finding.
MAX_SAME = 20
#: What the last finding of a kind that is listed says.
COUNTED_BELOW = " (and every later one of this kind in this game: counted below)"


def not_listed(count: int) -> str:
    """The message of the finding that counts those of a kind past ``MAX_SAME``."""
    return f"{count:,} more findings like this one are not listed"

#: A file holds at most this many nodes (every game, every variation) and values: each costs a
#: few hundred bytes (a value some fifty) once read, so this bounds the memory any file takes.
MAX_NODES = MAX_MOVES
MAX_VALUES = 2 * MAX_MOVES
#: A file holds at most this many games: each is checked on its own, at some cost of its own
#: (a start position, a report), which bounds the time a collection of tiny games takes.
MAX_GAMES = 50_000

#: Every property of FF[4] for Go and the general part (others are reported as unknown).
KNOWN_PROPERTIES = frozenset((
    "B", "KO", "MN", "W", "AB", "AE", "AW", "PL", "C", "DM", "GB", "GW", "HO", "N", "UC", "V",
    "BM", "DO", "IT", "TE", "AR", "CR", "DD", "LB", "LN", "MA", "SL", "SQ", "TR", "AP", "CA",
    "FF", "GM", "ST", "SZ", "AN", "BR", "BT", "CP", "DT", "EV", "GN", "GC", "ON", "OT", "PB",
    "PC", "PW", "RE", "RO", "RU", "SO", "TM", "US", "WR", "WT", "BL", "OB", "OW", "WL", "FG",
    "PM", "VW", "HA", "KM", "TB", "TW",
    "XH",  # kifu's own: headers that have no property of their own
))
#: Properties whose values are lists: a second occurrence in a node adds to the first.
LIST_PROPERTIES = frozenset(("AB", "AE", "AW", "AR", "CR", "DD", "LB", "LN", "MA", "SL", "SQ",
                             "TR", "VW", "TB", "TW", "XH"))
#: Text properties given twice in one node are joined into one value, a paragraph each.
TEXT_PROPERTIES = frozenset(("C", "GC"))
MOVE_PROPERTIES = frozenset(("B", "W"))
#: FF[4]'s game-information properties, and Go's: a value is what they are there for.
GAME_INFO = frozenset(("AN", "BR", "BT", "CP", "DT", "EV", "GN", "GC", "ON", "OT", "PB", "PC",
                       "PW", "RE", "RO", "RU", "SO", "TM", "US", "WR", "WT", "HA", "KM"))

_BLANK = r"[ \t\n\r\f\v]*+"
_BLANK_CHARACTERS = " \t\n\r\f\v"
#: A value: possessive repeats (Python 3.11), so that no backtracking state is kept per
#: character or escape (the unrolled loop kept one per escape: 300 MB for 4 MB of "\\]").
_VALUE = r"\[((?:[^\]\\]++|\\.)*+)\]"
#: One token after any blanks: a node with its first property or two (the common cases, in one
#: match: ";B[pd]", ";B[pd]BL[1795.3]"), a lone ";", a property with its first value, one
#: more value, "(", ")", junk.
_TOKEN = re.compile(
    _BLANK + r"(?:"
    r";" + _BLANK + r"([A-Z]{1,2})" + _BLANK + _VALUE +  # 1, 2
    r"(?:" + _BLANK + r"([A-Z]{1,2})" + _BLANK + _VALUE + r")?"  # 3, 4
    r"|(;)"  # 5
    r"|([A-Za-z]+)" + _BLANK + _VALUE +  # 6, 7
    r"|" + _VALUE +  # 8
    r"|(\()"  # 9
    r"|(\))"  # 10
    r"|([^;()\[\]A-Z \t\n\r\f\v][^;()\[\]A-Z]*|[A-Za-z]+|\[)"  # 11: junk, a word, a "["
    r")", re.DOTALL)
#: Where a game tree starts: "(" and a node, or a property where its ";" was forgotten.
_GAME_START = re.compile(r"\(" + _BLANK + r"(?:;|[A-Za-z]+" + _BLANK + r"\[)")
_BLANKS = re.compile(_BLANK)
#: A node with a property: how a text whose game tree lost its "(" begins.
_NODE = re.compile(r";" + _BLANK + r"[A-Za-z]+" + _BLANK + r"\[")
_LINE_END = re.compile("\n")
_CA_NAME = re.compile(r"[A-Za-z0-9][A-Za-z0-9_.:+ -]{0,39}\Z")


class SgfNode:
    """One SGF node: properties in file order (identifier -> raw values) and the nodes after it.

    ``start`` and ``end`` are the offsets of the node in the text it was read from (-1 for a
    node made in memory); :meth:`Collection.span` gives its span, in lines and columns.
    """

    __slots__ = ("properties", "children", "start", "end")

    def __init__(self, properties: dict[str, list[str]] | None = None,
                 children: list[SgfNode] | None = None, start: int = -1, end: int = -1) -> None:
        self.properties = properties if properties is not None else {}
        self.children = children if children is not None else []
        self.start = start
        self.end = end

    def __repr__(self) -> str:
        return f"SgfNode({self.properties!r}, {len(self.children)} children)"

    def __eq__(self, other: object) -> bool:
        """Equal properties and equal subtrees (compared without recursion)."""
        if not isinstance(other, SgfNode):
            return NotImplemented
        pairs = [(self, other)]
        while pairs:
            a, b = pairs.pop()
            if a.properties != b.properties or len(a.children) != len(b.children):
                return False
            pairs.extend(zip(a.children, b.children))
        return True

    __hash__ = None  # type: ignore[assignment]

    def get(self, ident: str) -> str | None:
        """The first raw value of a property, or ``None``."""
        values = self.properties.get(ident)
        return values[0] if values else None

    def text(self, ident: str) -> str | None:
        """A property's value as text (unescaped, several values joined), or ``None``."""
        values = self.properties.get(ident)
        if not values:
            return None
        return "\n\n".join(text(v) for v in values) if len(values) > 1 else text(values[0])

    def main_line_end(self) -> SgfNode:
        """The last node of the main line from this node (first children, to the end)."""
        node = self
        while node.children:
            node = node.children[0]
        return node

    def main_line(self) -> list[SgfNode]:
        """This node and its first children, down to the end of the main line."""
        line = [self]
        while line[-1].children:
            line.append(line[-1].children[0])
        return line

    def walk(self) -> Iterator[SgfNode]:
        """Every node of the tree from here, in file order, without recursion."""
        stack = [self]
        while stack:
            node = stack.pop()
            yield node
            stack.extend(reversed(node.children))


def text(raw: str) -> str:
    """A raw property value as text: ``\\`` escapes the next character and ``\\`` before a line
    end (a soft line break) vanishes with it."""
    if "\\" not in raw:
        return raw
    return _ESCAPED.sub(r"\1", raw)  # a soft line break matches without group 1: ""


#: An escape: a soft line break, or a backslash and the character it escapes (group 1).
_ESCAPED = re.compile(r"\\(?:\n|(.))", re.DOTALL)


unescape = text


def escape(value: str) -> str:
    """Text as a raw value: ``\\`` and ``]`` escaped."""
    return value.replace("\\", "\\\\").replace("]", "\\]")


class Locator:
    """Lines and columns (1-based, in characters) of offsets into one text: the first few by
    counting line ends (in C), later ones from an index of line starts, built once."""

    __slots__ = ("text", "_starts", "_asked")

    #: Points found by counting before the index is built.
    COUNTED = 32

    def __init__(self, text: str) -> None:
        self.text = text
        self._starts: array[int] | None = None
        self._asked = 0

    def _line_starts(self) -> array[int]:
        if self._starts is None:  # 8 bytes a line (a list of ints takes 36)
            self._starts = array("q", [0])
            self._starts.extend(m.end() for m in _LINE_END.finditer(self.text))
        return self._starts

    def point(self, offset: int) -> tuple[int, int]:
        if self._starts is None and self._asked < self.COUNTED:
            self._asked += 1
            text = self.text
            return text.count("\n", 0, offset) + 1, offset - text.rfind("\n", 0, offset)
        starts = self._line_starts()
        line = bisect.bisect_right(starts, offset)
        return line, offset - starts[line - 1] + 1

    def span(self, start: int, end: int) -> Span:
        line, column = self.point(start)
        if self.text.find("\n", start, end) < 0:
            return tuple.__new__(Span, (line, column, line, column + max(end - start, 1)))
        end_line, end_column = self.point(end)
        return tuple.__new__(Span, (line, column, end_line, end_column))


def finding(message: str, span: Span | None, grade: str, *, lenient: bool = False,
            rule: str | None = None) -> NotationError:
    """A graded finding: fatal ones are errors, critical ones errors unless ``lenient``, the
    rest warnings."""
    error = grade == FATAL or (grade == CRITICAL and not lenient)
    return NotationError(message, span=span, severity="error" if error else "warning",
                         grade=grade, rule=rule)


@dataclass
class GameTree:
    """One game of a collection as read: its root, what reading it found, and where each
    property outside FF[4] first appears (offsets, for pedantic findings)."""

    root: SgfNode
    findings: list[KifuError] = field(default_factory=list)
    unknown: dict[str, int] = field(default_factory=dict)


@dataclass
class Collection:
    """The game trees of an SGF text, with what reading found and where it stands."""

    text: str
    games: list[GameTree]
    locator: Locator
    #: Where each property's first value stands in a node (by the node's offset): the
    #: offsets inside the brackets.
    _values: dict[int, dict[str, tuple[int, int]]] = field(default_factory=dict, repr=False)

    @functools.cached_property
    def first_charset(self) -> tuple[str, int] | None:
        """The charset the first game's root declares (``CA``) and where, if it names one."""
        return _first_charset(self.text)

    def span(self, node: SgfNode) -> Span | None:
        """Where a node stands (``None`` for a node made in memory)."""
        start = node.start
        if start < 0:
            return None
        return self.locator.span(start, node.end if node.end > start else start + 1)

    def value_span(self, node: SgfNode, ident: str) -> Span:
        """Where a property's first value stands, ``[`` and ``]`` included (the node's own
        place if it has no such property).  ``node`` is one read from this text."""
        assert node.start >= 0, "a node made in memory stands nowhere in the text"
        places = self._values.get(node.start)
        if places is None:  # where every property of the node is, at once: headers ask for many
            places = self._values[node.start] = {}
            for match in _TOKEN.finditer(self.text, node.start, max(node.end, node.start + 1)):
                for name_group in (1, 3, 6):
                    name = match.group(name_group)
                    if name is not None:
                        places.setdefault(name if name.isupper() else _identifier(name),
                                          match.span(name_group + 1))
        place = places.get(ident)
        if place is None:
            return self.locator.span(node.start, max(node.end, node.start + 1))
        return self.locator.span(place[0] - 1, place[1] + 1)


def _identifier(word: str) -> str:
    """``AddBlack`` (FF[3]) is ``AB``: lower-case letters in an identifier are dropped."""
    return word if word.isupper() else "".join(c for c in word if c.isupper())


class _Reader:
    """The one pass that builds the trees; see :func:`read`."""

    def __init__(self, text: str, lenient: bool) -> None:
        self.text = text
        self.lenient = lenient
        self.locator = Locator(text)
        self.game: GameTree | None = None  # the game being read
        self.done: list[GameTree] = []  # games read and not yet handed out
        self.findings: list[KifuError] = []  # the game's findings (those before it, at first)
        self.counts: dict[str | None, int] = {}  # findings of each rule in ``findings``
        self.games = 0  # games begun

    def note(self, message: str, start: int, end: int, grade: str, rule: str | None = None) -> None:
        """Report a finding where the reading stands (with the game being read); past
        :data:`MAX_SAME` of one rule in a game, the rest are counted, not listed."""
        seen = self.counts[rule] = self.counts.get(rule, 0) + 1
        if seen > MAX_SAME:
            return
        if seen == MAX_SAME:
            message += COUNTED_BELOW
        found = finding(message, self.locator.span(start, end), grade, lenient=self.lenient,
                        rule=rule)
        self.findings.append(found)

    def tally(self) -> None:
        """Name how many findings of a kind went unlisted, at the end of the game's list."""
        for rule, count in self.counts.items():
            if count > MAX_SAME:
                first = next(f for f in self.findings if f.rule == rule)
                self.findings.append(finding(not_listed(count - MAX_SAME), first.span,
                                             first.grade or PEDANTIC, lenient=self.lenient,
                                             rule=rule))
        self.counts = {}

    def begin(self, root: SgfNode) -> GameTree:
        """A new game tree begins at ``root``: the one before is complete (what was found
        before the first game goes with the first)."""
        self.games += 1
        game = GameTree(root)
        if self.game is None:
            game.findings = self.findings
        else:
            self.tally()
            self.done.append(self.game)
            self.findings = game.findings
        self.game = game
        return game

    def each(self) -> Iterator[GameTree]:
        """The game trees, each handed out once the next one begins (or the text ends)."""
        text = self.text
        first = len(text) - len(text.lstrip())
        if text.startswith(";", first) and _NODE.match(text, first):
            # The text opens with a node: the game tree's "(" is missing (Fox writes such
            # files), and reading on as if it were there loses nothing.
            self.note("the game tree's '(' is missing before its first node: read as if it "
                      "were there", first, first + 1, REPAIRED, "missing-parenthesis")
            begin = first
            yield from self._scan(begin, opened=True)
        else:
            opening = _GAME_START.search(text)
            if opening is None:
                raise NotationError("no SGF game tree: a game starts with '(;'",
                                    span=Span.point(*self.locator.point(first)), grade=FATAL)
            begin = opening.start()
            if text[:begin].strip():
                self.note("text before the first game tree is skipped", 0, begin, PEDANTIC,
                          "text-outside-game")
            yield from self._scan(begin)
        if self.game is None:
            raise NotationError("no SGF game tree holds a node", span=Span.point(
                *self.locator.point(begin)), grade=FATAL)
        self.tally()
        yield from self.done
        yield self.game

    def _scan(self, pos: int, opened: bool = False) -> Iterator[GameTree]:
        """Tokens from ``pos`` to the end, built into trees with an explicit stack.

        ``frames`` holds one entry per open "(": the node the game tree hangs from (``None``
        for a root) and the last node of its sequence so far.  Nodes keep their offsets only:
        lines and columns are worked out when a span is asked for.
        """
        text, size = self.text, len(self.text)
        frames: list[list[SgfNode | None]] = [[None, None]] if opened else []
        node: SgfNode | None = None  # the node properties go to
        props: dict[str, list[str]] = {}
        values: list[str] = []
        ident = ""
        outside_from = -1  # where junk outside every game tree began
        known = KNOWN_PROPERTIES
        unknown: dict[str, int] = {}
        match_token = _TOKEN.match
        moves = MOVE_PROPERTIES
        nodes = 0
        more_values = 0  # values besides each property's first
        closed = False  # the last token was a ")"
        while pos < size:
            m = match_token(text, pos)
            if m is None:  # only blanks are left
                break
            kind = m.lastindex or 0  # some group always matches
            pos = m.end()
            if kind <= 5:  # ";B[pd]" or ";B[pd]BL[1795.3]" (a node with its properties), ";"
                start = m.start(1) - 1 if kind != 5 else pos - 1
                if text[start] != ";":  # blanks after the ";"
                    start = text.rfind(";", m.start(), start)
                if not frames:
                    outside_from = self._outside(outside_from, start)
                    continue
                if closed:  # "(;B[aa](;W[bb]);W[cc])": read as one more variation
                    closed = False
                    self.note("a node follows a variation in the same game tree: '(' is "
                              "missing, and the node is read as the start of one more "
                              "variation", start, start + 1, CRITICAL, "node-after-variation")
                node = SgfNode({}, [], start, pos)
                nodes += 1
                if nodes > MAX_NODES:
                    raise self._too_many(start, "nodes")
                frame = frames[-1]
                last = frame[1]
                if last is not None:  # the common case: the next node of a sequence
                    last.children.append(node)
                    frame[1] = node
                elif self._link(frame, node):  # a new game begins
                    unknown = self.begin(node).unknown
                    if self.done:
                        yield self.done.pop()
                    if self.games > MAX_GAMES:
                        raise self._too_many(start, "games")
                props = node.properties
                if kind != 5:
                    ident, value = m.group(1, 2)
                    values = props[ident] = [value]
                    if ident not in known and ident not in unknown:
                        unknown[ident] = m.start(1)
                    if kind == 4:  # a second property
                        second, value = m.group(3, 4)
                        if second == ident or (second in moves and ident in moves):
                            node, props, values = self._again(frame, node, second, value,
                                                              m.start(3), pos)
                        else:
                            values = props[second] = [value]
                        ident = second
                        if ident not in known and ident not in unknown:
                            unknown[ident] = m.start(3)
            elif kind == 7:  # "AB[dd]": a property and its first value
                ident, value = m.group(6, 7)
                if node is None:
                    if not frames:
                        outside_from = self._outside(outside_from, m.start(6))
                        continue
                    node = self._missing_semicolon(frames[-1], m.start(6))
                    props = node.properties
                    nodes += 1
                    assert self.game is not None
                    unknown = self.game.unknown
                    if self.done:
                        yield self.done.pop()
                    if self.games > MAX_GAMES:
                        raise self._too_many(node.start, "games")
                if not ident.isupper():
                    ident = self._lower_case(ident, m.start(6))
                    if not ident:
                        continue
                if ident in props or (ident in moves and not moves.isdisjoint(props)):
                    node, props, values = self._again(frames[-1], node, ident, value,
                                                      m.start(6), pos)
                else:
                    values = props[ident] = [value]
                if ident not in known and ident not in unknown:
                    unknown[ident] = m.start(6)
                node.end = pos
            elif kind == 8:  # "[dd]": one more value
                if node is None or not props:
                    self._junk(m.start(8) - 1, pos)
                    continue
                more_values += 1
                if more_values + nodes > MAX_VALUES:
                    raise self._too_many(m.start(8), "values")
                if ident in MOVE_PROPERTIES or ident in TEXT_PROPERTIES:
                    self.note(f"{ident} takes one value; the others are kept as they are",
                              m.start(8) - 1, pos, PEDANTIC, "one-value")
                values.append(m.group(8))
                node.end = pos
            elif kind == 9:  # "("
                closed = False
                if not frames:
                    if outside_from >= 0:
                        self._end_outside(outside_from, pos - 1)
                        outside_from = -1
                    frames.append([None, None])
                else:
                    frame = frames[-1]
                    if frame[1] is None:  # "((": a tree with no node of its own
                        self.note("a game tree opens before its first node; the extra '(' is "
                                  "ignored", pos - 1, pos, REPAIRED, "empty-tree")
                        frames.append([frame[0], None])
                    else:
                        frames.append([frame[1], None])
                node = None
            elif kind == 10:  # ")"
                if not frames:
                    outside_from = self._outside(outside_from, pos - 1)
                    continue
                tree = frames.pop()
                closed = True
                if tree[1] is None and (not frames or frames[-1][1] is not None):
                    self.note("an empty game tree '()' is ignored", pos - 1, pos, REPAIRED,
                              "empty-tree")
                node = None
            else:  # junk: text, a word without a value, or a "[" that never closes
                start, word = m.start(11), m.group(11)
                if not frames:
                    outside_from = self._outside(outside_from, start)
                    continue
                if word.isalpha():
                    blanks = _BLANKS.match(text, pos)
                    bracket = blanks.end() if blanks else pos
                    if bracket < size and text[bracket] == "[":  # "C[..." up to the end
                        if node is None:
                            node = self._missing_semicolon(frames[-1], start)
                        node.properties.setdefault(_identifier(word) or word, []).append(
                            text[bracket + 1:])
                        self._truncated(start)
                        break
                elif word == "[":
                    if node is not None and props:
                        values.append(text[start + 1:])
                    self._truncated(start)
                    break
                self._junk(start, pos)
        if outside_from >= 0:
            self._end_outside(outside_from, size)
        if frames:
            end = len(text.rstrip(_BLANK_CHARACTERS))  # no regex: "\s*\Z" is quadratic
            self.note(f"the file ends with {len(frames)} game tree(s) still open: ')' is "
                      "missing (truncated?)", max(end - 1, 0), end, CRITICAL, "truncated")

    def _too_many(self, start: int, what: str) -> LimitError:
        limit = {"nodes": MAX_NODES, "values": MAX_VALUES, "games": MAX_GAMES}[what]
        return LimitError(f"the file holds more than {limit:,} {what}; kifu reads no more",
                          span=self.locator.span(start, start + 1), grade=FATAL,
                          rule=f"{what[:-1]}-limit")

    def _link(self, frame: list[SgfNode | None], node: SgfNode) -> bool:
        """Hang ``node`` at the end of the sequence of the innermost open game tree; whether
        it is the root of a new game."""
        last = frame[1]
        frame[1] = node
        if last is not None:
            last.children.append(node)
        elif frame[0] is not None:
            frame[0].children.append(node)
        else:
            return True
        return False

    def _missing_semicolon(self, frame: list[SgfNode | None], start: int) -> SgfNode:
        self.note("a property stands where a node should begin: ';' is missing and added",
                  start, start + 1, REPAIRED, "missing-semicolon")
        node = SgfNode({}, [], start, start)
        if self._link(frame, node):
            self.begin(node)
        return node

    def _lower_case(self, word: str, start: int) -> str:
        ident = _identifier(word)
        if ident:
            self.note(f"property {word} is written with lower-case letters (FF[3]); read as "
                      f"{ident}", start, start + len(word), PEDANTIC, "lower-case-identifier")
        else:
            self.note(f"unexpected text {word!r} in a node is dropped", start,
                      start + len(word), CRITICAL, "junk")
        return ident

    def _again(self, frame: list[SgfNode | None], node: SgfNode, ident: str, value: str,
               start: int, end: int) -> tuple[SgfNode, dict[str, list[str]], list[str]]:
        """A property the node already has: a second move splits the node (what follows goes
        to the new node), anything else is merged."""
        props = node.properties
        if ident in MOVE_PROPERTIES:
            self.note(f"one node holds two moves; split into two nodes at {ident}", start, end,
                      REPAIRED, "two-moves")
            after = SgfNode({}, [], start, end)
            node.children.append(after)
            frame[1] = after
            values = after.properties[ident] = [value]
            return after, after.properties, values
        values = props[ident]
        if ident in TEXT_PROPERTIES:
            values[-1] = values[-1] + "\n\n" + value
            how = "its texts are joined"
        elif ident in LIST_PROPERTIES or value not in values:
            values.append(value)
            how = "the values are merged"
        else:
            how = "the repeated value is dropped"
        self.note(f"property {ident} appears twice in one node; {how}", start, end, REPAIRED,
                  "duplicate-property")
        return node, props, values

    def _truncated(self, start: int) -> None:
        self.note("a value opened with '[' is never closed: the file ends inside it "
                  "(truncated?)", start, len(self.text), CRITICAL, "truncated")

    def _junk(self, start: int, end: int) -> None:
        self.note(f"unexpected text {self.text[start:end][:20]!r} inside a game tree is dropped",
                  start, end, CRITICAL, "junk")

    def _outside(self, outside_from: int, start: int) -> int:
        return start if outside_from < 0 else outside_from

    def _end_outside(self, start: int, end: int) -> None:
        self.note("text outside the game trees is ignored", start, end, PEDANTIC,
                  "text-outside-game")


def read(text: str, *, lenient: bool = False) -> Collection:
    """The game trees of ``text`` and what reading them found, repaired as the module says.

    Raises a ``fatal`` :class:`NotationError` only when there is no game tree at all.
    """
    reader = _Reader(text, lenient)
    with no_cycles():
        return Collection(text, list(reader.each()), reader.locator)


def read_each(text: str, *, lenient: bool = False) -> tuple[Collection, Iterator[GameTree]]:
    """:func:`read` one game at a time: the collection (with no games listed, for spans) and
    its game trees, each built as it is asked for, so that a caller that is done with a game
    before asking for the next holds one game at a time.  The fatal errors of :func:`read` are
    raised by the iterator."""
    reader = _Reader(text, lenient)
    return Collection(text, [], reader.locator), reader.each()


def parse(text: str) -> list[SgfNode]:
    """The root nodes of every game tree in ``text``; the first error found is raised."""
    collection = read(text)
    for game in collection.games:
        for found in game.findings:
            if found.severity == "error":
                raise found
    return [game.root for game in collection.games]


def declared_charset(data: bytes) -> tuple[str, int] | None:
    """The charset the first game's root declares (``CA``) and its byte offset, read with the
    real tokenizer (as ISO-8859-1, which keeps every byte), so that a ``CA[`` in a comment or
    a ``(`` in a header never misleads it."""
    return _first_charset(data.decode("latin-1"))


def _first_charset(head: str) -> tuple[str, int] | None:
    opening = _GAME_START.search(head)
    if opening is None:
        return None
    nodes = 0
    for m in _TOKEN.finditer(head, opening.start() + 1):
        kind = m.lastindex or 0
        if kind <= 5:
            nodes += 1
        if kind in (9, 10) or nodes > 1:
            break
        for name_group in (1, 3, 6):
            ident = m.group(name_group)
            if ident is not None and _identifier(ident) == "CA":
                value = m.group(name_group + 1).strip()
                if _CA_NAME.match(value):
                    return value, m.start(name_group)
    return None


# -- writing --------------------------------------------------------------------------------

def serialize(roots: list[SgfNode], per_line: int = 10) -> str:
    """SGF text for game trees: the root node on a line of its own, then ``per_line`` nodes a
    line, each variation starting on a new line, so that diffs stay readable.  Values are
    written raw, as they are held; nesting costs no recursion."""
    out: list[str] = []
    write = out.append
    for root in roots:
        # Each entry: a node to open "(" before, or None to close a ")".
        stack: list[SgfNode | None] = [None, root]
        is_root = True
        while stack:
            node = stack.pop()
            if node is None:
                write(")")
                continue
            if not is_root:
                write("\n")
            write("(")
            write(_node_text(node))
            if is_root:
                write("\n")
            count = 0 if is_root else 1
            is_root = False
            while len(node.children) == 1:
                node = node.children[0]
                if count and count % per_line == 0:
                    write("\n")
                write(_node_text(node))
                count += 1
            for child in reversed(node.children):
                stack.append(None)
                stack.append(child)
        write("\n")
    return "".join(out)


def _node_text(node: SgfNode) -> str:
    return ";" + "".join(ident + "".join(f"[{v}]" for v in values)
                         for ident, values in node.properties.items())


def rewrite(roots: list[SgfNode]) -> str:
    """Game trees written back as read, in UTF-8: each root's ``CA`` says so (the one
    normalisation; every other property, value and node is kept)."""
    for root in roots:
        if "CA" in root.properties or not _is_ascii(root):
            root.properties["CA"] = ["UTF-8"]
    return serialize(roots)


def _is_ascii(root: SgfNode) -> bool:
    return all(value.isascii() for node in root.walk() for values in node.properties.values()
               for value in values)


# -- what the specification asks beyond the syntax (pedantic findings) -----------------------

_DATE = re.compile(r"\d{4}(-\d\d(-\d\d)?)?(,(\d{4}(-\d\d(-\d\d)?)?|\d\d(-\d\d)?))*\Z")
_RESULT = re.compile(r"(0|Draw|Void|\?|[BW]\+(\d+(\.\d+)?|R|Resign|T|Time|F|Forfeit)?)\Z")
_REAL = re.compile(r"[+-]?\d+(\.\d+)?\Z")
#: Game information in the form FF[4] gives it: the property, its form, what is wrong otherwise.
_VALUE_FORMS = (
    ("AP", re.compile(r".*:", re.DOTALL), "names no version (AP[name:version])"),
    ("DT", _DATE, "is not an SGF date (YYYY-MM-DD)"),
    ("RE", _RESULT, "is not an SGF result (B+3.5, W+R, 0, Void, ?)"),
    ("KM", _REAL, "is not a number"),
    ("TM", _REAL, "is not a number of seconds"))


def style(collection: Collection, game: GameTree) -> list[KifuError]:
    """Pedantic findings about one game: properties outside FF[4] (where each first appears),
    and game-information values not in the form FF[4] gives them (``AP`` without a version,
    ``DT``, ``RE``, ``KM``, ``TM``).  None of them stops a game from being read."""
    root = game.root
    found: list[KifuError] = []
    locate = collection.locator.span
    for ident, offset in game.unknown.items():
        found.append(finding(f"unknown property {ident} (kept as it is)",
                             locate(offset, offset + len(ident)), PEDANTIC,
                             rule="unknown-property"))

    def note(message: str, node: SgfNode, ident: str, rule: str) -> None:
        found.append(finding(message, collection.value_span(node, ident), PEDANTIC, rule=rule))

    for ident, form, problem in _VALUE_FORMS:
        value = root.get(ident)
        if value is not None and value.strip() and not form.match(text(value).strip()):
            note(f"{ident}[{text(value)[:30]}] {problem}", root, ident, "value-format")
    for ident, values in root.properties.items():
        if ident in GAME_INFO and not any(value.strip() for value in values):
            note(f"{ident}[] is empty (kept; SGFC deletes it)", root, ident, "empty-value")
    found.extend(_other_charset(collection, root))
    return found


def _charset_key(name: str) -> str:
    """A charset name without its spelling (``UTF-8``, ``utf8`` and ``UTF_8`` are one)."""
    return "".join(c for c in name.casefold() if c.isalnum())


def _other_charset(collection: Collection, root: SgfNode) -> list[KifuError]:
    """A later game whose ``CA`` names another charset than the first game's: the file was
    decoded in one charset, the first game's (the bytes checked against it), so a warning where
    the game holds any non-ASCII character, as its text may read otherwise than its writer
    meant, and a pedantic finding where it holds none (SGFC stops on such a file unless told
    to decode game by game)."""
    said = root.get("CA")
    if said is None or not said.strip():
        return []
    first = collection.first_charset
    if first is None or _charset_key(first[0]) == _charset_key(text(said)) or \
            root.start <= first[1] < root.end:
        return []
    following = _GAME_START.search(collection.text, root.end)
    game_text = collection.text[root.start:following.start() if following else None]
    grade = PEDANTIC if game_text.isascii() else REPAIRED
    return [EncodingError(f"CA[{text(said)[:30]}] differs from the first game's CA[{first[0]}]: "
                          "the whole file is read in the first game's charset",
                          span=collection.value_span(root, "CA"), severity="warning", grade=grade,
                          rule="charset")]
