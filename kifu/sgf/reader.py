"""Reading SGF text into game trees: one pass over its tokens, whatever its layout (one line,
wrapped, comments between nodes).

The trees are built with an explicit stack, so nesting depth costs no recursion, and nodes keep
their offsets only: lines and columns are worked out when a span is asked for.  What real files
get wrong is repaired as it is met, each repair a graded finding (:mod:`kifu.sgf.findings`).
"""
from __future__ import annotations

from collections.abc import Iterator

from kifu.base.errors import CRITICAL, FATAL, PEDANTIC, REPAIRED, KifuError, LimitError, NotationError
from kifu.base.heap import no_cycles
from kifu.base.limits import MAX_MOVES
from kifu.base.record import Span
from kifu.sgf.findings import COUNTED_BELOW, MAX_SAME, finding, not_listed
from kifu.sgf.properties import KNOWN_PROPERTIES, LIST_PROPERTIES, MOVE_PROPERTIES, TEXT_PROPERTIES
from kifu.sgf.tokens import BLANK_CHARACTERS, BLANKS, GAME_START, NODE_START, TOKEN, identifier
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
        if text.startswith(";", first) and NODE_START.match(text, first):
            # The text opens with a node: the game tree's "(" is missing (Fox writes such
            # files), and reading on as if it were there loses nothing.
            self.note("the game tree's '(' is missing before its first node: read as if it "
                      "were there", first, first + 1, REPAIRED, "missing-parenthesis")
            begin = first
            yield from self._scan(begin, opened=True)
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
        match_token = TOKEN.match
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
                    blanks = BLANKS.match(text, pos)
                    bracket = blanks.end() if blanks else pos
                    if bracket < size and text[bracket] == "[":  # "C[..." up to the end
                        if node is None:
                            node = self._missing_semicolon(frames[-1], start)
                        node.properties.setdefault(identifier(word) or word, []).append(
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
            end = len(text.rstrip(BLANK_CHARACTERS))  # no regex: "\s*\Z" is quadratic
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
        ident = identifier(word)
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
