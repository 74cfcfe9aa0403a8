"""The replay driver, written once for every game: one line of a record move by move, every
line of its tree, the check of a whole record and of its stated result.

A game's referee offers two small functions (``start`` builds the position a record starts
from, ``play`` applies one move to it) and a few answers about a position (``copy``,
``outcome``, ``result_matches``); everything here is built on them, for any game, so it can be
tested with a referee of a few lines (:class:`Referee` says what the driver asks of one).
"""
from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from typing import Any, Protocol

from kifu.base.errors import GameOverError, KifuError, ResultError
from kifu.base.limits import Problems
from kifu.base.record import MAIN_LINE, Node, Record, VariationPath
from kifu.plugin.typeparams import Event
from kifu.plugin.values import Outcome, Played, Step


class Referee(Protocol):
    """What the driver asks of a game (:class:`kifu.plugin.GamePlugin` offers it all)."""

    def start(self, record: Record) -> Any: ...

    def play(self, position: Any, move: Any, *, lenient: bool = False) -> Played: ...

    def play_quietly(self, position: Any, move: Any, *,
                     lenient: bool = False) -> list[KifuError]: ...

    def copy(self, position: Any) -> Any: ...

    def outcome(self, position: Any) -> Outcome | None: ...

    def result_matches(self, said: Outcome, outcome: Outcome | None,
                       position: Any) -> str | KifuError | None: ...

    def parse_result(self, stated: str, record: Record | None = None, *,
                     strict: bool = False) -> Outcome: ...

    def canonical_move(self, position: Any, move: Any, *, legal: bool = False) -> Any: ...


def replay(game: Referee, record: Record, *, lenient: bool = False,
           path: tuple[int, ...] = ()) -> Iterator[Step]:
    """Replay one line (the main line, or the variation ``path`` selects) move by move.

    Raises the first illegal move as a ``KifuError`` carrying its span and move number.
    """
    position = game.start(record)
    number = 0
    calls = _calls(game, quiet=False)
    for node in record.line(path) if path else record.moves:
        step, number = _advance(position, node, number, lenient, path, *calls)
        yield step

def replay_moves(game: Referee, record: Record, *, lenient: bool = False,
                 path: tuple[int, ...] = ()) -> Iterator[tuple[Step, Any]]:
    """:func:`replay`, each step with its move made canonical where it stands (the value
    ``legal_moves`` lists, see :meth:`kifu.plugin.GamePlugin.canonical_move`): the library's
    replay, whose steps show one value of a move whatever the record's spelling."""
    position = game.start(record)
    number = 0
    calls = _calls(game, quiet=False)
    for node in record.line(path) if path else record.moves:
        move = game.canonical_move(position, node.move, legal=True)  # played next, or raises
        step, number = _advance(position, node, number, lenient, path, *calls)
        yield step, move


def position_after(game: Referee, record: Record, n: int | None = None, *,
                   lenient: bool = False, path: tuple[int, ...] = ()) -> Any:
    """The position after move ``n`` of a line (the end when ``None``), played quietly (no
    events described); the first fault raises, an error the referee could go past too."""
    position = game.start(record)
    number = 0
    if n == 0:
        return position
    calls = _calls(game, quiet=True)
    for node in record.line(path) if path else record.moves:
        step, number = _advance(position, node, number, lenient, path, *calls)
        for warning in step.warnings:
            if warning.severity == "error":
                raise warning
        if n is not None and number == n and not getattr(node.move, "is_event", False):
            break
    return position


def replay_tree(game: Referee, record: Record, *,
                lenient: bool = False) -> Iterator[Step | KifuError]:
    """Every line of the record, in the order the record writes them: each variation is
    replayed where it branches off, right after the move it replaces, and its line then
    goes on from there.

    An illegal move ends its own line only: it is yielded as an error and the other lines
    are still replayed.  The walk keeps one copy of the position per open variation, never
    one per branch point, and no recursion, so that neither a record with a variation at
    every move nor one nested deeply costs more than its depth.
    """
    return _replay_tree(game, record, lenient, quiet=False)

def replay_lines(game: Referee, record: Record, *,
                 lenient: bool = False) -> Iterator[Step | KifuError]:
    """What :func:`replay_tree` yields, each line whole before the next: the main line, then
    each variation in the order the record writes them, a variation's own variations right
    after it (the order in which :func:`replay_tree` starts them), so that a reader can write
    each line as it comes and forget it.

    A line with variations is walked twice: once for its steps, once quietly for the positions
    its variations start from.  The walk keeps at most three positions per open variation,
    never one per branch point, and no recursion.
    """
    pending: _Line | None = _Line(record.moves, game.start(record), 0, MAIN_LINE)
    walks: list[_Line] = []  # lines whose variations are being handed out, innermost last
    while pending is not None or walks:
        if pending is not None:
            line, pending = pending, None
            again = game.copy(line.position) if any(n.variations for n in line.nodes) else None
            yield from _line_steps(game, line, lenient)
            if again is not None:  # ``index``: how far the line got; walked again from here
                walks.append(_Line(line.nodes[:line.index], again, line.number, line.path,
                                   line.offset))
            continue
        walk = walks[-1]
        if walk.branch is None and not _next_branch(game, walk, lenient):
            walks.pop()
            continue
        assert walk.branch is not None
        before, at_number, node = walk.branch
        choice = walk.choice
        walk.choice += 1
        last = choice == len(node.variations) - 1
        pending = _Line(node.variations[choice], before if last else game.copy(before),
                        at_number, walk.path + (walk.offset + walk.index + 1, choice + 1),
                        walk.offset + walk.index)
        if last:
            walk.branch, walk.choice = None, 0
            walk.index += 1


def _line_steps(game: Referee, line: _Line, lenient: bool) -> Iterator[Step | KifuError]:
    """Play ``line`` from its position to its end or its first illegal move, yielding each
    step (and the error); ``line.index`` ends as the count of nodes whose variations are still
    to replay (those up to the illegal move, which included)."""
    position, number, path = line.position, line.number, line.path
    calls = _calls(game, quiet=False)
    for index, node in enumerate(line.nodes):
        try:
            step, number = _advance(position, node, number, lenient, path, *calls)
        except KifuError as error:
            yield error.detached()
            line.index = index + 1
            return
        yield step
    line.index = len(line.nodes)


def _next_branch(game: Referee, walk: _Line, lenient: bool) -> bool:
    """Walk ``walk`` quietly to its next node with variations and set its ``branch`` (the
    position before the node, played on past it unless it is the last node walked); ``False``
    when none is left."""
    nodes, position, end = walk.nodes, walk.position, len(walk.nodes)
    calls = _calls(game, quiet=True)
    try:
        while walk.index < end:
            node = nodes[walk.index]
            if node.variations:
                walk.branch = (game.copy(position), walk.number, node)
                if walk.index < end - 1:  # the last may be the illegal one: never played
                    _, walk.number = _advance(position, node, walk.number, lenient,
                                              walk.path, *calls)
                return True
            _, walk.number = _advance(position, node, walk.number, lenient, walk.path,
                                      *calls)
            walk.index += 1
    except KifuError:  # the first walk played these: a referee that disagrees stops here
        walk.branch = None
    return False

def _replay_tree(game: Referee, record: Record, lenient: bool, *, quiet: bool,
                 main: _Line | None = None, positions: bool = False
                 ) -> Iterator[Step | KifuError]:
    """:func:`replay_tree`.  ``quiet``: moves played with ``play_quietly``, and only the steps
    with warnings yielded (validation reads nothing else); ``main``, the main line to walk, if
    the caller wants its final position and length from it; ``positions``: instead of steps,
    ``(path, depth, number, position)`` after every entry (:func:`replay_positions`)."""
    stack: list[_Line] = [main or _Line(record.moves, game.start(record), 0, MAIN_LINE)]
    play, outcome = _calls(game, quiet)
    while stack:
        line = stack[-1]
        if line.branch is not None:  # the alternatives of the node just played
            variation = _next_variation(game, line)
            if variation is not None:
                stack.append(variation)
            continue
        nodes, position, path = line.nodes, line.position, line.path
        index, number, end = line.index, line.number, len(nodes)
        # Most nodes have no variations: they are played in this tight loop.
        while index < end and not nodes[index].variations:
            try:
                step, number = _advance(position, nodes[index], number, lenient, path, play,
                                        outcome)
            except KifuError as error:
                yield error.detached()
                index = end  # an illegal move ends its line
                break
            index += 1
            if positions:
                yield path, line.offset + index, number, position  # type: ignore[misc]
            elif step.warnings or not quiet:
                yield step
        line.index, line.number = index, number
        if index == end:
            stack.pop()
            continue
        node = nodes[index]  # its variations start from the position before it
        line.branch = (game.copy(position), number, node)
        try:
            step, line.number = _advance(position, node, number, lenient, path, play, outcome)
        except KifuError as error:
            yield error.detached()
            line.failed = True
        else:
            if positions:
                yield path, line.offset + index + 1, line.number, position  # type: ignore[misc]
            elif step.warnings or not quiet:
                yield step
        if index == end - 1 and len(stack) > 1:
            # Nothing of the line is left to play but its last node's variations: its
            # position goes, so that a tree nested as deep as its moves (a variation at the
            # end of each line, as analysis files nest) holds one position a level, not two.
            line.position = None


def _next_variation(game: Referee, line: _Line) -> _Line | None:
    """The next variation of the node of ``line`` just played (:attr:`_Line.branch`), to replay
    from the position before that node: the last on that position itself, the others on a
    copy.  ``None`` once all are replayed: ``line`` goes on after the node (or ends, if the
    node was illegal)."""
    assert line.branch is not None
    before, at_number, node = line.branch
    choice = line.choice
    line.choice += 1
    if choice < len(node.variations):
        last = choice == len(node.variations) - 1
        return _Line(node.variations[choice], before if last else game.copy(before), at_number,
                     line.path + (line.offset + line.index + 1, choice + 1),
                     line.offset + line.index)
    line.branch, line.choice = None, 0
    line.index = len(line.nodes) if line.failed else line.index + 1
    return None


def replay_positions(game: Referee, record: Record, *, lenient: bool = False
                     ) -> Iterator[tuple[Sequence[int], int, int, Any] | KifuError]:
    """Every position of every line, played quietly (no events), in the order of
    :func:`replay_tree`: the start first, then after each entry ``(path, depth, number,
    position)``: the variation path of its line, the entries played from the start, the move
    number so far and the position (the same object while a line goes on; a variation plays
    on a copy).  An illegal move ends its line: it is yielded as an error (the other lines go
    on); warnings are not reported.  What a corpus index reads (:mod:`kifu.corpus`)."""
    main = _Line(record.moves, game.start(record), 0, MAIN_LINE)
    yield MAIN_LINE, 0, 0, main.position
    yield from _replay_tree(game, record, lenient, quiet=True, main=main,  # type: ignore[misc]
                            positions=True)


def check(game: Referee, record: Record, *,
          lenient: bool = False) -> tuple[list[KifuError], int]:
    """Every problem of a record (one per line of play at most; past
    ``kifu.base.limits.MAX_PROBLEMS`` only counted) and the main line's length."""
    problems = Problems()
    main_line_failed = False
    try:
        # The main line, walked here: its position ends as the main line's final one, and
        # its count of moves is the main line's length.
        main = _Line(record.moves, game.start(record), 0, MAIN_LINE)
        for item in _replay_tree(game, record, lenient, quiet=True, main=main):
            if isinstance(item, KifuError):
                item = as_judged(record, item)
                problems.add(item)
                main_line_failed = main_line_failed or not item.variation
            else:
                problems.extend(item.warnings)
    except KifuError as error:  # the start position itself is wrong
        return [error], 0
    if not main_line_failed:
        problems.extend(check_result(game, record, main.position))
    return problems.reported(), main.number

def as_judged(record: Record, problem: KifuError) -> KifuError:
    """``problem`` as it counts in the record's verdict: an illegal move in a variation of a
    record whose format plays every move as written (:attr:`Record.variations_as_played`) is
    a warning, the main line deciding whether the record is legal."""
    if not problem.variation or not record.variations_as_played or problem.severity != "error":
        return problem
    return problem.located(severity="warning", message=problem.message + (
        "; a variation, which the record's format plays as written: the main line decides "
        "the verdict"))


def check_result(game: Referee, record: Record, position: Any) -> list[KifuError]:
    """The finding on the record's ``Result:`` header: a warning where kifu cannot read it
    (rule ``result-unread``: the text stays the record's, whether or not the game has
    ended), an error where the final ``position`` (of the main line) contradicts it."""
    stated = record.result
    if not stated:
        return []
    try:
        said = game.parse_result(stated, record, strict=True)
    except KifuError as unreadable:
        return [unreadable.located(span=unreadable.span or record.header_span("Result"))]
    actual = game.result_matches(said, game.outcome(position), position)
    if actual is None:
        return []
    if isinstance(actual, KifuError):
        return [actual.located(span=actual.span or record.header_span("Result"))]
    return [ResultError(f"the record says the result is {stated!r}, but the moves say: {actual}",
                        span=record.header_span("Result"), rule="result")]


#: A game's play as the driver calls it: ``play(position, move, lenient)``, its ``Played`` or,
#: played quietly, its warnings.
PlayCall = Callable[[Any, Any, bool], "Played | list[KifuError]"]
OutcomeCall = Callable[[Any], "Outcome | None"]


def _calls(game: Referee, quiet: bool) -> tuple[PlayCall, OutcomeCall]:
    """The game's ``play`` (``play_quietly`` if ``quiet``) and ``outcome``, as the driver calls
    them for every move: the game's own functions where it offers them
    (:meth:`kifu.plugin.GamePlugin.replay_calls`, found once per replay rather than at every
    move), else its methods."""
    offered = getattr(game, "replay_calls", None)
    play, outcome = offered(quiet) if offered is not None else (None, None)
    if play is None:
        method = game.play_quietly if quiet else game.play

        def play(position: Any, move: Any, lenient: bool) -> Played | list[KifuError]:
            return method(position, move, lenient=lenient)
    return play, outcome or game.outcome


def _advance(position: Any, node: Node[Any], number: int, lenient: bool, path: Sequence[int],
             play: PlayCall, outcome: OutcomeCall) -> tuple[Step, int]:
    """Play one node with ``play`` (the game's ``play``, or ``play_quietly`` for a step without
    events); the step and the move number so far (events take none)."""
    move = node.move
    counted = not getattr(move, "is_event", False)  # is_event(move), for every move
    number += counted
    at = number if counted else None
    try:
        ended = outcome(position)
        if ended is not None and not getattr(move, "after_end", False):
            raise _game_over(ended)
        played = play(position, move, lenient)
    except KifuError as error:
        raise error.located(span=error.span or node.span, move_number=at,
                            variation=path) from None
    if isinstance(played, list):  # played quietly: its warnings
        if not played:  # nothing to report: the quiet walk yields no step for it
            return _CLEAN_STEP, number
        events, warnings = _NO_EVENTS, played
    else:
        events, warnings = played.events, played.warnings
    for warning in warnings:
        warning.span = warning.span or node.span
        warning.move_number = at
        warning.variation = path
    return tuple.__new__(Step, (node, at, position, events, warnings, path)), number

def play_on(game: Referee, position: Any, move: Any, *, lenient: bool = False) -> Played:
    """The game's ``play``, refused with a ``GameOverError`` once the game has ended (unless
    the move may follow the end, a closing marker): how a move is played on a position (the
    replay driver does the same in :func:`_advance`, where every call counts)."""
    ended = game.outcome(position)
    if ended is not None and not getattr(move, "after_end", False):
        raise _game_over(ended)
    return game.play(position, move, lenient=lenient)




@dataclass
class _Line:
    """A line of play being replayed by :func:`replay_tree`."""

    nodes: list[Node[Any]]
    position: Any
    number: int  # moves counted so far
    path: VariationPath
    offset: int = 0  # where ``nodes`` start in the line from the start of the game
    index: int = 0  # the next node to play
    failed: bool = False
    #: The node just played when it has variations: the position before it, its move number
    #: so far, the node; ``choice`` is the next of its variations to replay.
    branch: tuple[Any, int, Node[Any]] | None = None
    choice: int = 0


#: The events of a step played quietly (no one reads them; never changed).
_NO_EVENTS: list[Event] = []
#: What a move played quietly without a warning gives: a step nobody is shown (the quiet walk
#: yields only steps with warnings), made once rather than once a move.
_CLEAN_STEP = tuple.__new__(Step, (None, None, None, _NO_EVENTS, [], ()))


def _game_over(ended: Outcome) -> GameOverError:
    return GameOverError(f"the game was already over: {ended.describe()}", rule="game-over")


