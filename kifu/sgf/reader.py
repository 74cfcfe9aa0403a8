"""Reading SGF text into game trees: one pass over its tokens, whatever its layout (one line,
wrapped, comments between nodes), each token built into the trees by the handler of its kind.

The trees are built with an explicit stack, so nesting depth costs no recursion, and nodes keep
their offsets only: lines and columns are worked out when a span is asked for.  What real files
get wrong is repaired as it is met, each repair a graded finding (:mod:`kifu.sgf.findings`) of
the game being read; each game is handed out as soon as it is complete (:mod:`kifu.sgf.games`).
"""
from __future__ import annotations

import re
from collections.abc import Callable, Iterator

from kifu.base.errors import CRITICAL, FATAL, PEDANTIC, REPAIRED, LimitError, NotationError
from kifu.base.heap import no_cycles
from kifu.base.limits import MAX_MOVES
from kifu.base.record import Span
from kifu.sgf.games import Games
from kifu.sgf.properties import KNOWN_PROPERTIES, LIST_PROPERTIES, MOVE_PROPERTIES, TEXT_PROPERTIES
from kifu.sgf.tokens import (
    BLANK_CHARACTERS,
    BLANKS,
    GAME_START,
    JUNK,
    MORE,
    NAME,
    NODE_NAME,
    NODE_START,
    NODE_VALUE,
    SECOND_NAME,
    SECOND_VALUE,
    STRAY,
    TOKEN,
    VALUE,
    Token,
    identifier,
)
from kifu.sgf.tree import Collection, GameTree, Locator, SgfNode

#: A file holds at most this many nodes (every game, every variation) and values: each costs a
#: few hundred bytes (a value some fifty) once read, so this bounds the memory any file takes.
MAX_NODES = MAX_MOVES
MAX_VALUES = 2 * MAX_MOVES
#: A file holds at most this many games: each is checked on its own, at some cost of its own
#: (a start position, a report), which bounds the time a collection of tiny games takes.
MAX_GAMES = 50_000


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


#: A frame of the stack of open game trees: the node the tree hangs from (``None`` for a root)
#: and the last node of its sequence so far (``None`` before its first).
Frame = list[SgfNode | None]
#: What reads one token into the trees, and says where reading goes on.
Handler = Callable[[re.Match[str]], int]
#: A node's token with two properties, as a match names its kind (a plain ``int`` compares
#: faster than the enumeration's member, and every node is asked).
_NODE_TWO = Token.NODE_TWO.value


class _Reader:
    """The one pass that builds the trees; see :func:`read`."""

    __slots__ = ("text", "locator", "games", "note", "unknown", "frames", "node", "values",
                 "ident", "nodes", "more_values", "closed", "outside_from", "unclosed")

    def __init__(self, text: str, lenient: bool) -> None:
        self.text = text
        self.locator = Locator(text)
        self.games = Games(self.locator, lenient)
        self.note = self.games.note  # what is found goes to the game being read
        self.unknown: dict[str, int] = {}  # the game's properties outside FF[4], where first met
        # Where the reading stands: one frame per open "(", the node properties go to and the
        # values of its last property, nodes and values read (besides each property's first).
        self.frames: list[Frame] = []
        self.node: SgfNode | None = None
        self.values: list[str] = []
        self.ident = ""
        self.nodes = 0
        self.more_values = 0
        self.closed = False  # the last token was a ")"
        self.outside_from = -1  # where text outside every game tree began
        self.unclosed: tuple[int, str, int] | None = None  # a value the text ends inside

    # -- the text, token by token ------------------------------------------------------------

    def each(self) -> Iterator[GameTree]:
        """The game trees, each handed out once the next one begins (or the text ends)."""
        text = self.text
        first = len(text) - len(text.lstrip())
        if text.startswith(";", first) and NODE_START.match(text, first):
            # The text opens with a node: the game tree's "(" is missing (Fox writes such
            # files), and reading on as if it were there loses nothing.
            self.note("the game tree's '(' is missing before its first node: read as if it "
                      "were there", first, first + 1, REPAIRED, "missing-parenthesis")
            begin = first
            self.frames.append([None, None])
        else:
            opening = GAME_START.search(text)
            if opening is None:
                raise NotationError("no SGF game tree: a game starts with '(;'",
                                    span=Span.point(*self.locator.point(first)), grade=FATAL)
            begin = opening.start()
            if text[:begin].strip():
                self.note("text before the first game tree is skipped", 0, begin, PEDANTIC,
                          "text-outside-game")
        yield from self._scan(begin)
        if self.games.current is None:
            raise NotationError("no SGF game tree holds a node", span=Span.point(
                *self.locator.point(begin)), grade=FATAL)
        yield from self.games.rest()

    def _scan(self, pos: int) -> Iterator[GameTree]:
        """The tokens from ``pos`` to the end, each read by the handler of its kind; a game
        is handed out as soon as the next one begins."""
        text, size = self.text, len(self.text)
        match_token, handlers, done = TOKEN.match, self._handlers(), self.games.done
        while pos < size:
            m = match_token(text, pos)
            if m is None:  # only blanks are left
                break
            pos = handlers[m.lastindex](m)
            if done:  # the token began a game: the one before it is complete
                yield done.pop()
                if self.games.begun > MAX_GAMES:
                    assert self.games.current is not None
                    raise self._too_many(self.games.current.root.start, "games")
        self._end(size)

    def _end(self, size: int) -> None:
        """What the end of the text leaves open: a value (the file ends inside it), text
        outside the game trees, game trees."""
        if self.unclosed is not None:
            self._unclosed(*self.unclosed)
        if self.outside_from >= 0:
            self._end_outside(self.outside_from, size)
        if self.frames:
            end = len(self.text.rstrip(BLANK_CHARACTERS))  # no regex: "\s*\Z" is quadratic
            self.note(f"the file ends with {len(self.frames)} game tree(s) still open: ')' is "
                      "missing (truncated?)", max(end - 1, 0), end, CRITICAL, "truncated")

    # -- one handler per kind of token --------------------------------------------------------

    def _handlers(self) -> dict[int | None, Handler]:
        """The handler of each kind of token, by its number (as a match names it: a plain
        ``int``, which finds its entry faster than the enumeration's member would)."""
        return {kind.value: handler for kind, handler in (
            (Token.NODE, self._node), (Token.NODE_TWO, self._node),
            (Token.SEMICOLON, self._semicolon), (Token.PROPERTY, self._property),
            (Token.VALUE, self._value), (Token.OPEN, self._open), (Token.CLOSE, self._close),
            (Token.STRAY, self._stray), (Token.JUNK, self._junk))}

    def _node(self, m: re.Match[str]) -> int:
        """Node = ";" { Property }, with its first property or two in the token, as real files
        write most nodes: ``;B[pd]``, ``;B[pd]BL[1795.3]``."""
        end = m.end()
        text = self.text
        start = m.start(NODE_NAME) - 1
        if text[start] != ";":  # blanks after the ";"
            start = text.rfind(";", m.start(), start)
        ident, value = m.group(NODE_NAME, NODE_VALUE)
        values = [value]
        node = self._begin_node(start, end, {ident: values})
        if node is None:
            return end
        if ident not in KNOWN_PROPERTIES:
            self._unknown(ident, m.start(NODE_NAME))
        if m.lastindex == _NODE_TWO:
            second, value = m.group(SECOND_NAME, SECOND_VALUE)
            if second == ident or (second in MOVE_PROPERTIES and ident in MOVE_PROPERTIES):
                node, values = self._again(node, second, value, m.start(SECOND_NAME), end)
            else:
                values = node.properties[second] = [value]
            ident = second
            if ident not in KNOWN_PROPERTIES:
                self._unknown(ident, m.start(SECOND_NAME))
        self.node, self.values, self.ident = node, values, ident
        return end

    def _semicolon(self, m: re.Match[str]) -> int:
        """Node = ";" { Property }, its properties in the tokens after it."""
        end = m.end()
        self.node = self._begin_node(end - 1, end, {})  # None outside, as it was
        return end

    def _property(self, m: re.Match[str]) -> int:
        """Property = PropIdent PropValue: ``AB[dd]``, a property of the node being read and
        its first value (a node is made where its ";" is missing; FF[3]'s lower-case letters
        are dropped from the name)."""
        end = m.end()
        start = m.start(NAME)
        ident, value = m.group(NAME, VALUE)
        self.ident = ident
        node = self.node
        if node is None:
            if not self.frames:
                self._outside(start)
                return end
            node = self.node = self._missing_semicolon(self.frames[-1], start)
            self.nodes += 1
        if not ident.isupper():
            ident = self.ident = self._lower_case(ident, start)
            if not ident:
                return end
        props = node.properties
        if ident in props or (ident in MOVE_PROPERTIES and not MOVE_PROPERTIES.isdisjoint(props)):
            node, values = self._again(node, ident, value, start, end)
        else:
            values = props[ident] = [value]
        if ident not in KNOWN_PROPERTIES:
            self._unknown(ident, start)
        node.end = end
        self.node, self.values = node, values
        return end

    def _value(self, m: re.Match[str]) -> int:
        """PropValue = "[" CValueType "]": ``[dd]``, one more value of the property before."""
        end = m.end()
        start = m.start(MORE) - 1
        node = self.node
        if node is None and not self.frames:  # after the last game tree (a program's notes)
            self._outside(start)
            return end
        if node is None or not node.properties:
            self._junk_at(start, end)
            return end
        self.more_values += 1
        if self.more_values + self.nodes > MAX_VALUES:
            raise self._too_many(start + 1, "values")
        ident = self.ident
        if ident in MOVE_PROPERTIES or ident in TEXT_PROPERTIES:
            self.note(f"{ident} takes one value; the others are kept as they are", start, end,
                      PEDANTIC, "one-value")
        self.values.append(m.group(MORE))
        node.end = end
        return end

    def _open(self, m: re.Match[str]) -> int:
        """GameTree = "(" Sequence { GameTree } ")": a game, or a variation of the last node of
        the game tree it opens in."""
        end = m.end()
        self.closed = False
        frames = self.frames
        if not frames:
            if self.outside_from >= 0:
                self._end_outside(self.outside_from, end - 1)
                self.outside_from = -1
            frames.append([None, None])
        else:
            frame = frames[-1]
            if frame[1] is None:  # "((": a tree with no node of its own
                self.note("a game tree opens before its first node; the extra '(' is "
                          "ignored", end - 1, end, REPAIRED, "empty-tree")
                frames.append([frame[0], None])
            else:
                frames.append([frame[1], None])
        self.node = None
        return end

    def _close(self, m: re.Match[str]) -> int:
        """The ")" that ends a game tree (an empty one, ``()``, is dropped)."""
        end = m.end()
        frames = self.frames
        if not frames:
            self._outside(end - 1)
            return end
        tree = frames.pop()
        self.closed = True
        if tree[1] is None and (not frames or frames[-1][1] is not None):
            self.note("an empty game tree '()' is ignored", end - 1, end, REPAIRED,
                      "empty-tree")
        self.node = None
        return end

    def _stray(self, m: re.Match[str]) -> int:
        """A ``]`` with no value open (``;B[ee]];W[cc]``): it holds nothing, so it is skipped
        where it stands, as SGFC skips stray characters, and the nodes after it are read."""
        start = m.start(STRAY)
        end = start + 1
        if not self.frames:
            self._outside(start)
        else:
            self.note("a ']' with no value open is skipped", start, end, REPAIRED,
                      "stray-bracket")
        return end

    def _junk(self, m: re.Match[str]) -> int:
        """What is no SGF: text, a word without a value, a "[" that never closes.  Inside a game
        tree it is dropped, unless the text ends inside a value it opens (a truncated file)."""
        start, word, end = m.start(JUNK), m.group(JUNK), m.end()
        if not self.frames:
            self._outside(start)
            return end
        if word == "[":
            self.unclosed = (start, word, start)
            return len(self.text)
        if word.isalpha():
            blanks = BLANKS.match(self.text, end)
            bracket = blanks.end() if blanks else end
            if bracket < len(self.text) and self.text[bracket] == "[":  # "C[..." up to the end
                self.unclosed = (start, word, bracket)
                return len(self.text)
        self._junk_at(start, end)
        return end

    # -- what the handlers share ------------------------------------------------------------

    def _begin_node(self, start: int, end: int, properties: dict[str, list[str]]
                    ) -> SgfNode | None:
        """A node whose ";" stands at ``start``: the next of the innermost game tree's sequence
        (or the root of a new game); ``None`` outside every game tree."""
        frames = self.frames
        if not frames:
            self._outside(start)
            return None
        if self.closed:
            self._after_variation(start)
        node = SgfNode(properties, [], start, end)
        self.nodes = nodes = self.nodes + 1
        if nodes > MAX_NODES:
            raise self._too_many(start, "nodes")
        frame = frames[-1]
        last = frame[1]
        if last is not None:  # the common case: the next node of a sequence
            last.children.append(node)
            frame[1] = node
        elif self._link(frame, node):  # a new game begins
            self.unknown = self.games.begin(node).unknown
        return node

    def _after_variation(self, start: int) -> None:
        """A node after a variation's ")" in the same game tree, as in ``(;B[aa](;W[bb]);W[cc])``:
        read as one more variation."""
        self.closed = False
        self.note("a node follows a variation in the same game tree: '(' is missing, and the "
                  "node is read as the start of one more variation", start, start + 1, CRITICAL,
                  "node-after-variation")

    def _unknown(self, ident: str, start: int) -> None:
        """A property outside FF[4]: where it first stands in the game."""
        if ident not in self.unknown:
            self.unknown[ident] = start

    def _too_many(self, start: int, what: str) -> LimitError:
        limit = {"nodes": MAX_NODES, "values": MAX_VALUES, "games": MAX_GAMES}[what]
        return LimitError(f"the file holds more than {limit:,} {what}; kifu reads no more",
                          span=self.locator.span(start, start + 1), grade=FATAL,
                          rule=f"{what[:-1]}-limit")

    def _link(self, frame: Frame, node: SgfNode) -> bool:
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

    def _missing_semicolon(self, frame: Frame, start: int) -> SgfNode:
        self.note("a property stands where a node should begin: ';' is missing and added",
                  start, start + 1, REPAIRED, "missing-semicolon")
        node = SgfNode({}, [], start, start)
        if self._link(frame, node):
            self.unknown = self.games.begin(node).unknown
        return node

    def _lower_case(self, word: str, start: int) -> str:
        ident = identifier(word)
        if ident:
            self.note(f"property {word} is written with lower-case letters (FF[3]); read as "
                      f"{ident}", start, start + len(word), PEDANTIC, "lower-case-identifier")
        else:
            self.note(f"unexpected text {word!r} in a node is dropped", start,
                      start + len(word), CRITICAL, "junk")
        return ident

    def _again(self, node: SgfNode, ident: str, value: str, start: int,
               end: int) -> tuple[SgfNode, list[str]]:
        """A property the node already has: a second move splits the node (what follows goes
        to the new node), anything else is merged."""
        if ident in MOVE_PROPERTIES:
            self.note(f"one node holds two moves; split into two nodes at {ident}", start, end,
                      REPAIRED, "two-moves")
            after = SgfNode({}, [], start, end)
            node.children.append(after)
            self.frames[-1][1] = after
            values = after.properties[ident] = [value]
            return after, values
        values = node.properties[ident]
        if ident in TEXT_PROPERTIES:
            values[-1] = values[-1] + "\n\n" + value
            how = "its texts are joined"
        elif ident in LIST_PROPERTIES:
            values.append(value)
            how = "the values are merged"
        elif value in values:
            how = "the repeated value is dropped"
        else:  # PB[Ann]PB[Bob], KM[6.5]KM[7.5]: which one the writer meant is not known
            values.append(value)
            self.note(f"property {ident} appears twice in one node with another value, and it "
                      "takes one: both values are kept", start, end, REPAIRED,
                      "conflicting-property")
            return node, values
        # Merged, nothing is lost and nothing guessed: the game reads as its writer meant it,
        # and as other readers read it (sgfmill merges them too): a note.
        self.note(f"property {ident} appears twice in one node; {how}", start, end, PEDANTIC,
                  "duplicate-property")
        return node, values

    def _unclosed(self, start: int, word: str, bracket: int) -> None:
        """The text ends inside a value opened at ``bracket``: a property's (``C[...`` up to the
        end, the node made if ``;`` is missing) or one more of the property before (``[...``)."""
        node = self.node
        if word != "[":
            if node is None:
                node = self._missing_semicolon(self.frames[-1], start)
            node.properties.setdefault(identifier(word) or word, []).append(
                self.text[bracket + 1:])
        elif node is not None and node.properties:
            self.values.append(self.text[start + 1:])
        self.note("a value opened with '[' is never closed: the file ends inside it "
                  "(truncated?)", start, len(self.text), CRITICAL, "truncated")

    def _junk_at(self, start: int, end: int) -> None:
        self.note(f"unexpected text {self.text[start:end][:20]!r} inside a game tree is dropped",
                  start, end, CRITICAL, "junk")

    def _outside(self, start: int) -> None:
        if self.outside_from < 0:
            self.outside_from = start

    def _end_outside(self, start: int, end: int) -> None:
        self.note("text outside the game trees is ignored", start, end, PEDANTIC,
                  "text-outside-game")
