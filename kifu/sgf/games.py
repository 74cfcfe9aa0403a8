"""The games of an SGF text as the reader completes them: each with what reading found in it
(at most :data:`~kifu.sgf.findings.MAX_SAME` findings of a kind listed, the rest counted in one
more), handed out once the next one begins, so that a caller holds one game at a time."""
from __future__ import annotations

from kifu.base.errors import PEDANTIC, KifuError
from kifu.sgf.findings import COUNTED_BELOW, MAX_SAME, finding, not_listed
from kifu.sgf.tree import GameTree, Locator, SgfNode


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
