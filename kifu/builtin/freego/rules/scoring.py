"""Counting a finished game, and reading the ``Result:`` a record states.

Scoring as the rules define it, every cell worth its ``value`` (1 unless the board says
otherwise; electoral votes on the US map):

- ``territory`` (default): empty regions bordered by one player only + prisoners (1 a stone) + komi
- ``area``: own stones + bordered empty regions + komi
- ``map`` (the source's US game): own stones + bordered empty regions + prisoners + komi

An empty region bordered by two or more players, or by none, is nobody's (seki counts for
nobody).  Under Free-form Go's own rules no stones are removed as dead: a dispute is played out,
so what stands at the end lives.  The winner is the seat with the highest total; a tie for first
is a draw.

Under the rules of Go (an SGF's ``RU``) the players agree which stones are dead, and the record
does not say: a count of the stones on the board cannot refute a score.  Such a score is checked
only against the record's own territory marks (``Territory-N``, SGF's ``TB``/``TW``), where the
opponent's stones on a seat's marked territory are its dead stones; a resignation, time or
forfeit is never refuted.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import TypedDict

from kifu.builtin.freego.position import EMPTY, Position, PositionJSON
from kifu.plugin import Event, Outcome, ResultError

EPSILON = 1e-9


@dataclass(frozen=True)
class Score:
    """One seat's count, split into what it is made of."""

    seat: str
    stones: float
    territory: float
    prisoners: int
    komi: float
    total: float

    def to_json(self) -> ScoreRowJSON:
        return {"player": self.seat, "stones": self.stones, "territory": self.territory,
                "prisoners": self.prisoners, "komi": self.komi, "total": self.total}


class ScoreRowJSON(TypedDict):
    """One seat's count as JSON (:meth:`Score.to_json`): in a position's ``score`` and in the
    ``end`` event."""

    player: str
    stones: float
    territory: float
    prisoners: int
    komi: float
    total: float


def fmt(value: float) -> str:
    """A score as people write it: ``12``, ``6.5``."""
    return f"{value:.6f}".rstrip("0").rstrip(".") if value != int(value) else str(int(value))


def territories(pos: Position) -> list[float]:
    """Each seat's bordered empty regions, counted by cell value."""
    board = pos.board
    cells, nbrs = pos.cells, board.neighbours
    owned = [0.0] * pos.seats
    done: set[int] = set()
    for start in board.playable:
        if cells[start] != EMPTY or start in done:
            continue
        region = [start]
        done.add(start)
        borders = 0
        for p in region:
            for q in nbrs[p]:
                c = cells[q]
                if c == EMPTY:
                    if q not in done:
                        done.add(q)
                        region.append(q)
                else:
                    borders |= 1 << (c - 1)
        if borders and borders & (borders - 1) == 0:  # exactly one seat borders it
            owner = borders.bit_length() - 1
            owned[owner] += sum(board.cells[x].value for x in region)
    return owned


def scores(pos: Position) -> list[Score]:
    """The score table of a position as if the game ended now."""
    rules = pos.rules
    stone_values = [0.0] * pos.seats
    for index, colour in enumerate(pos.cells):
        if colour > 0:
            stone_values[colour - 1] += pos.board.cells[index].value
    owned = territories(pos)
    table = []
    for seat, name in enumerate(rules.seats):
        stones = stone_values[seat] if rules.scoring in ("area", "map") else 0.0
        prisoners = pos.prisoners[seat] if rules.scoring in ("territory", "map") else 0
        komi = rules.komi[seat] + (rules.bonus[seat] if rules.bonus else 0.0)
        total = stones + owned[seat] + prisoners + komi
        table.append(Score(name, stones, owned[seat], prisoners, komi, total))
    return table


def winner(table: list[Score]) -> tuple[int | None, float]:
    """The winning seat (``None`` for a tie for first) and its margin over the runner-up."""
    ranked = sorted(range(len(table)), key=lambda s: -table[s].total)
    best, second = ranked[0], ranked[1]
    margin = table[best].total - table[second].total
    return (None if margin < EPSILON else best), margin


def finish(pos: Position) -> Event:
    """End the game (every seat has passed in succession): count it and name the winner."""
    table = scores(pos)
    pos.scores = table
    seat, margin = winner(table)
    counted = ", ".join(f"{s.seat} {fmt(s.total)}" for s in table)
    reason = f"{pos.rules.scoring} scoring: {counted}"
    pos.outcome = Outcome(None if seat is None else table[seat].seat, reason, "score",
                          None if seat is None else margin)
    return {"type": "end", "winner": pos.outcome.winner, "margin": margin,
            "scores": [s.to_json() for s in table]}


def result_text(pos: Position) -> str:
    """The result as a record states it: ``orange+0.5``, or ``draw``."""
    if pos.scores is None:
        return "?"
    seat, margin = winner(pos.scores)
    return "draw" if seat is None else f"{pos.scores[seat].seat}+{fmt(margin)}"


class ScoreJSON(TypedDict):
    final: bool
    scoring: str
    table: list[ScoreRowJSON]


class CountJSON(TypedDict):
    """The count a Free-form Go position's JSON carries (:func:`count_to_json`)."""

    score: ScoreJSON
    result: str | None


class CountedPositionJSON(PositionJSON, CountJSON):
    """A Free-form Go position as ``game.position_json`` gives it: the position and its count."""


def count_to_json(pos: Position) -> CountJSON:
    """The count of a position as JSON: final once the game has ended, else as if it ended
    now; and the result, once there is one."""
    table = pos.scores or scores(pos)
    return {"score": {"final": pos.scores is not None, "scoring": pos.rules.scoring,
                      "table": [s.to_json() for s in table]},
            "result": result_text(pos) if pos.scores is not None else None}


# -- stated results -------------------------------------------------------------------------

#: The kinds of a stated result that a count cannot refute: the game ended otherwise.
_NOT_COUNTED = frozenset({"resignation", "time", "forfeit", "foul"})


def result_matches(said: Outcome, pos: Position) -> str | ResultError | None:
    """``None`` if the result a record states (``said``) agrees with the finished game, else
    what the game gives.

    Under rules where the players agree on dead stones, see :func:`marked_result_matches`.

    The winner is compared (a seat, or a draw), and the margin where the result gives one; a
    resignation, time or forfeit is compared by its winner only, and a result void or not
    known agrees with anything.
    """
    if pos.rules.agreed:
        return marked_result_matches(said, pos)
    if pos.outcome is None or pos.scores is None or not said.decided:
        return None
    actual = f"{result_text(pos)} ({pos.outcome.reason})"
    seat, margin = winner(pos.scores)
    if said.is_draw:
        return None if seat is None else actual
    if _seat(said, pos) != seat or seat is None:
        return actual
    if said.kind in _NOT_COUNTED or said.score is None:
        return None
    return actual if abs(said.score - margin) > EPSILON else None


def _seat(said: Outcome, pos: Position) -> int | None:
    """The seat a stated result names as the winner."""
    return None if said.winner is None else pos.rules.seat_of(said.winner)


def marked_scores(pos: Position, marks: tuple[frozenset[int], ...]) -> list[Score]:
    """The count with each seat's marked territory: the marked cells that do not hold its own
    stones, the opponents' stones on them taken as dead (prisoners under territory scoring,
    not on the board under area scoring)."""
    rules, cells, board = pos.rules, pos.cells, pos.board
    table = []
    dead_on = [sum(1 for x in marks[s] if cells[x] > 0 and cells[x] != s + 1)
               for s in range(pos.seats)]
    marked_anywhere = frozenset().union(*marks)
    for seat, name in enumerate(rules.seats):
        own = seat + 1
        territory = sum(board.cells[x].value for x in marks[seat] if cells[x] != own)
        stones = 0.0
        if rules.scoring in ("area", "map"):
            stones = sum(board.cells[x].value for x, c in enumerate(cells)
                         if c == own and x not in marked_anywhere)
        prisoners = 0
        if rules.scoring in ("territory", "map"):
            prisoners = pos.prisoners[seat] + dead_on[seat]
        komi = rules.komi[seat] + (rules.bonus[seat] if rules.bonus else 0.0)
        total = stones + territory + prisoners + komi
        table.append(Score(name, stones, territory, prisoners, komi, total))
    return table


def marked_result_matches(said: Outcome, pos: Position) -> ResultError | None:
    """A stated result against a game whose dead stones the players agree: after every seat
    passed, a score is compared with the record's territory marks when it has them, and a
    difference is a warning (programs mark territory by different conventions: dead stones'
    points, seki, dame); a result without marks, or a resignation, time or forfeit, cannot be
    refuted."""
    marks = pos.rules.territory
    if not pos.ended or marks is None or not said.decided:
        return None
    table = marked_scores(pos, marks)
    seat, margin = winner(table)
    counted = ", ".join(f"{s.seat} {fmt(s.total)}" for s in table)
    actual = ("draw" if seat is None else f"{table[seat].seat}+{fmt(margin)}") + \
        f" ({pos.rules.scoring} scoring with the record's territory marks: {counted})"
    if said.is_draw:
        differs = seat is not None
    else:
        if said.kind in _NOT_COUNTED:
            return None  # not a result the count decides
        differs = _seat(said, pos) != seat or \
            (said.score is not None and abs(said.score - margin) > EPSILON)
    if differs:
        return ResultError(f"the record says the result is {said.reason!r}, but its territory "
                           f"marks (TB/TW) and the captures give {actual}; dead stones are "
                           "agreed by the players, so this is not checked further",
                           rule="result-marks", severity="warning")
    return None
