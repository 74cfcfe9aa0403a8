"""Smart Game Format, the syntax layer: SGF text read into collections of game trees of nodes
of properties, with what reading found on the way.

This layer knows nothing of any game (as sgfmill's ``sgf_grammar``): it reads SGF text into
:class:`SgfNode` trees and says what it found; each game reads and writes its own properties on
top (:mod:`kifu.sgf.lines` maps trees to a record's lines).  Its names are all here, for the
games.  The package holds, from the bottom up: the tokens of SGF text and their escapes
(:mod:`kifu.sgf.tokens`), the charset a file declares and how its bytes become text
(:mod:`kifu.sgf.charset`), nodes, game trees and collections as read (:mod:`kifu.sgf.tree`),
this module, the bridge from trees to a record's lines (:mod:`kifu.sgf.lines`) and writing
trees as text (:mod:`kifu.sgf.write`).

Here, in turn: how what reading finds is graded (as SGFC grades its messages); what FF[4] says
of its properties; a collection's games as the reader completes them; what the specification
asks beyond the syntax (pedantic findings); each game's head read alone, its moves skipped
(catalogues); and the reader itself, one pass over the tokens, a handler for each kind.
"""
from __future__ import annotations

import functools
import re
from collections.abc import Callable, Iterator

from kifu.base.errors import (
    CRITICAL,
    FATAL,
    PEDANTIC,
    REPAIRED,
    EncodingError,
    KifuError,
    LimitError,
    NotationError,
    Severity,
)
from kifu.base.heap import no_cycles
from kifu.base.record import Span
from kifu.sgf.charset import same_charset
from kifu.sgf.properties import (
    GAME_INFO,
    GAME_NUMBERS,
    KNOWN_PROPERTIES,
    LIST_PROPERTIES,
    MAX_GAMES,
    MAX_NODES,
    MAX_VALUES,
    MOVE_PROPERTIES,
    TEXT_PROPERTIES,
    names_a_game,
)
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
    escape,
    identifier,
    text,
    unescape,
)
from kifu.sgf.tree import Collection, GameTree, Locator, SgfNode
from kifu.sgf.write import Tree, collection, pieces, rewrite, rewritten, serialize

# -- What reading finds, graded --------------------------------------------------------------------
# What reading SGF finds, graded as SGFC grades its messages.
#
# What real files get wrong is repaired the way every SGF reader repairs it, and each repair is a
# finding of one of four grades:
#
# - ``pedantic``: the file breaks a rule of the specification that changes nothing a player sees
#   (a lower-case FF[3] identifier, an unknown property, text around the game, a property given
#   twice in a node and merged without loss): a note, reported on request only;
# - ``repaired``: an error repaired without loss, but whose repair a player may see or another
#   reader may make otherwise (a black and a white move in one node, split; a property that takes
#   one value given two);
# - ``critical``: information may be lost (junk inside a game tree, dropped; a truncated file,
#   closed); an error unless the reader is lenient, and then a warning;
# - ``fatal``: nothing can be read (no game tree at all): a :class:`NotationError` is raised.

GRADES = (PEDANTIC, REPAIRED, CRITICAL, FATAL)
#: Findings of one kind listed per game; the rest are counted in one more finding.
MAX_SAME = 20
#: What the last finding of a kind that is listed says.
COUNTED_BELOW = " (and every later one of this kind in this game: counted below)"


def not_listed(count: int) -> str:
    """The message of the finding that counts those of a kind past ``MAX_SAME``."""
    return f"{count:,} more findings like this one are not listed"


def finding(message: str, span: Span | None, grade: str, *, lenient: bool = False,
            rule: str | None = None) -> NotationError:
    """A graded finding: fatal ones are errors, critical ones errors unless ``lenient``,
    pedantic ones notes, the rest warnings."""
    return NotationError(message, span=span, severity=severity_of(grade, lenient), grade=grade,
                         rule=rule)


def severity_of(grade: str, lenient: bool = False) -> Severity:
    """The severity of a finding of ``grade`` (see :func:`finding`)."""
    if grade == FATAL or (grade == CRITICAL and not lenient):
        return "error"
    return "note" if grade == PEDANTIC else "warning"


# -- A collection's games as the reader completes them ---------------------------------------------
# The games of an SGF text as the reader completes them: each with what reading found in it
# (at most :data:`MAX_SAME` findings of a kind listed, the rest counted in one
# more), handed out once the next one begins, so that a caller holds one game at a time.

class Games:
    """The game being read, the games read and not yet handed out (:attr:`done`), and what is
    found, which goes to the game being read (what is found before the first goes with it)."""

    __slots__ = ("locator", "lenient", "current", "done", "findings", "counts", "begun")

    def __init__(self, locator: Locator, lenient: bool) -> None:
        self.locator = locator
        self.lenient = lenient
        self.current: GameTree | None = None
        self.done: list[GameTree] = []
        self.findings: list[KifuError] = []  # the current game's
        self.counts: dict[str | None, int] = {}  # findings of each rule in ``findings``
        self.begun = 0

    def note(self, message: str, start: int, end: int, grade: str, rule: str | None = None) -> None:
        """A finding from offset ``start`` to ``end``; past :data:`MAX_SAME` of one rule in a
        game, the rest are counted, not listed."""
        seen = self.counts[rule] = self.counts.get(rule, 0) + 1
        if seen > MAX_SAME:
            return
        if seen == MAX_SAME:
            message += COUNTED_BELOW
        found = finding(message, self.locator.span(start, end), grade, lenient=self.lenient,
                        rule=rule)
        self.findings.append(found)

    def begin(self, root: SgfNode) -> GameTree:
        """A new game begins at ``root``: the one before is complete, and done."""
        self.begun += 1
        game = GameTree(root)
        if self.current is None:
            game.findings = self.findings
        else:
            self._tally()
            self.done.append(self.current)
            self.findings = game.findings
        self.current = game
        return game

    def rest(self) -> list[GameTree]:
        """Once the text ends: the games not handed out yet, the last one complete."""
        assert self.current is not None
        self._tally()
        return [*self.done, self.current]

    def _tally(self) -> None:
        """Name how many findings of a kind went unlisted, at the end of the game's list."""
        for rule, count in self.counts.items():
            if count > MAX_SAME:
                first = next(f for f in self.findings if f.rule == rule)
                self.findings.append(finding(not_listed(count - MAX_SAME), first.span,
                                             first.grade or PEDANTIC, lenient=self.lenient,
                                             rule=rule))
        self.counts = {}


# -- What the specification asks beyond the syntax -------------------------------------------------
# What the specification asks of a game beyond the syntax: pedantic findings, none of which
# stops a game from being read (SGFC reports them too).

_DATE = r"\d{4}(-\d\d(-\d\d)?)?(,(\d{4}(-\d\d(-\d\d)?)?|\d\d(-\d\d)?))*\Z"
_RESULT = r"(0|Draw|Void|\?|[BW]\+(\d+(\.\d+)?|R|Resign|T|Time|F|Forfeit)?)\Z"
_REAL = r"[+-]?\d+(\.\d+)?\Z"


@functools.cache
def _value_forms() -> tuple[tuple[str, re.Pattern[str], str], ...]:
    """Game information in the form FF[4] gives it: the property, its form, what is wrong
    otherwise (compiled when Python first reads a game: a record the compiled core decides
    never asks)."""
    return (("AP", re.compile(r".*:", re.DOTALL), "names no version (AP[name:version])"),
            ("DT", re.compile(_DATE), "is not an SGF date (YYYY-MM-DD)"),
            ("RE", re.compile(_RESULT), "is not an SGF result (B+3.5, W+R, 0, Void, ?)"),
            ("KM", re.compile(_REAL), "is not a number"),
            ("TM", re.compile(_REAL), "is not a number of seconds"))


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

    for ident, form, problem in _value_forms():
        value = root.get(ident)
        if value is not None and value.strip() and not form.match(text(value).strip()):
            note(f"{ident}[{text(value)[:30]}] {problem}", root, ident, "value-format")
    for ident, values in root.properties.items():
        if ident in GAME_INFO and not any(value.strip() for value in values):
            note(f"{ident}[] is empty (kept; SGFC deletes it)", root, ident, "empty-value")
    found.extend(_other_charset(collection, root))
    return found


def _other_charset(collection: Collection, root: SgfNode) -> list[KifuError]:
    """A later game whose ``CA`` names another charset than the first game's: the file was
    decoded in one charset, the first game's (the bytes checked against it), so a warning where
    the game holds any non-ASCII character, as its text may read otherwise than its writer
    meant, and a note where it holds none (SGFC stops on such a file unless told
    to decode game by game)."""
    said = root.get("CA")
    if said is None or not said.strip():
        return []
    first = collection.first_charset
    if first is None or same_charset(first[0], text(said)) or root.start <= first[1] < root.end:
        return []
    following = GAME_START.search(collection.text, root.end)
    game_text = collection.text[root.start:following.start() if following else None]
    grade = PEDANTIC if game_text.isascii() else REPAIRED
    return [EncodingError(f"CA[{text(said)[:30]}] differs from the first game's CA[{first[0]}]: "
                          "the whole file is read in the first game's charset",
                          span=collection.value_span(root, "CA"), severity=severity_of(grade),
                          grade=grade, rule="charset")]


# -- Each game's head, its moves unread ------------------------------------------------------------
# The head of each game of an SGF text, found without reading its moves: a catalogue of a
# large collection wants each game's root properties (players, event, result) and no more.
#
# A game's root node is cut out of the text and closed into a game of its own, ``(;root)``, which
# the game's reader reads as it reads any game: the headers are those a full reading gives.  The
# rest of each game is skipped by its brackets alone (values jumped over whole, their escapes
# honoured), never tokenised node by node.  What is skipped is not checked: a fault in a game's
# moves shows only when the game is read.

#: A property value, ``[...]`` with ``\]`` and ``\\`` escaped; possessive, so that a value never
#: closed costs one pass to the end of the text, not one per character.
_VALUE = r"\[(?:[^\\\]]++|\\.)*+\]"
#: A game tree's opening and its root node: everything up to the next node, tree or end (the
#: root's ``;`` may be missing, as some editors leave it out and the reader repairs it).
_ROOT = re.compile(r"\(\s*;?(?:[^;()\[]++|" + _VALUE + r")*+", re.DOTALL)
#: Whatever holds no bracket of a tree outside a value.
_BETWEEN = re.compile(r"(?:[^()\[]++|" + _VALUE + r")*+", re.DOTALL)
#: An SGF text opens with a game tree (after a byte order mark and blanks).
_OPENS = re.compile(r"\ufeff?\s*\(\s*;")
#: A game tree at the start of a line, its root's first property: SGF after a preamble (GNU
#: Go's regression files open with their licence), looked for in the first ``PREAMBLE``
#: characters.
_TREE_LINE = re.compile(r"^\(\s*;\s*[A-Z]{1,2}\s*\[", re.MULTILINE)
PREAMBLE = 64 * 1024
#: kifu's own notations name their game in a header: such a text is no SGF, whatever it quotes.
_GAME_HEADER = re.compile(r"^\ufeff?\s*Game\s*:", re.MULTILINE | re.IGNORECASE)
#: Where the next game tree may open: ``(;``, or ``(`` and a property.
_NEXT = re.compile(r"\((?=\s*[;A-Za-z])")


def recognises(text: str) -> bool:
    """Whether ``text`` is SGF, whatever its game: a game tree opens it, ``(;``, or opens a line
    after lines of prose (a licence, a mail's headers) with its root's first property, and no
    ``Game:`` header of kifu's notations comes before it."""
    if _OPENS.match(text) is not None:
        return True
    tree = _TREE_LINE.search(text, 0, PREAMBLE)
    return tree is not None and _GAME_HEADER.search(text, 0, tree.start()) is None


def roots(text: str) -> Iterator[str]:
    """Each game of ``text`` as its root node alone, closed into a game of its own
    (``(;GM[1]PB[Ann]...)``), in the order the text holds them."""
    at = 0
    while True:
        opening = _NEXT.search(text, at)
        if opening is None:
            return
        root = _ROOT.match(text, opening.start())
        assert root is not None  # _NEXT found its opening
        yield root.group() + ")"
        at = _skip_tree(text, root.end())


def _skip_tree(text: str, at: int) -> int:
    """Where the game tree that is open at ``at`` (its root read) ends: past its closing
    bracket, or at the end of a text that never closes it."""
    depth = 1
    while depth:
        at = _BETWEEN.match(text, at).end()  # type: ignore[union-attr]  # it matches anywhere
        if at >= len(text):
            return at
        bracket = text[at]
        if bracket == "[":  # a value never closed: the rest of the text is in it
            return len(text)
        depth += 1 if bracket == "(" else -1
        at += 1
    return at


# -- Reading text into game trees ------------------------------------------------------------------
# Reading SGF text into game trees: one pass over its tokens, whatever its layout (one line,
# wrapped, comments between nodes), each token built into the trees by the handler of its kind.
#
# The trees are built with an explicit stack, so nesting depth costs no recursion, and nodes keep
# their offsets only: lines and columns are worked out when a span is asked for.  What real files
# get wrong is repaired as it is met, each repair a graded finding (above) of
# the game being read; each game is handed out as soon as it is complete (see above).

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

# -- the names the games use, from the modules below and beside ------------------------------

__all__ = [
    "COUNTED_BELOW", "GAME_INFO", "GAME_NUMBERS", "GRADES", "KNOWN_PROPERTIES", "LIST_PROPERTIES",
    "MAX_GAMES", "MAX_NODES", "MAX_SAME", "MAX_VALUES", "MOVE_PROPERTIES", "TEXT_PROPERTIES",
    "Collection", "GameTree", "Locator", "SgfNode", "Tree", "collection", "escape", "finding",
    "names_a_game", "not_listed", "parse", "pieces", "read", "read_each", "recognises",
    "rewrite", "rewritten", "roots", "serialize", "style", "text", "unescape",
]
