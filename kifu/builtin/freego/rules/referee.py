"""Free-form Go's referee for one move: captures, suicide, ko and superko, passes, set-ups in
play, each rule by its name.

A group is found by walking the board's neighbour tuples, stopping at the first liberty, so
the common case (nothing captured) touches a few cells only.

Positional superko ("同じ局面にするのはNGです", Free-form Go's rule) needs every position that
has stood: each is kept as a Zobrist hash (one random 64-bit key per seat and cell, XORed in and
out as stones come and go), so a move costs a few XORs, not a board copy.  A hash found again is
confirmed exactly by undoing the journal of placements back to that position and comparing
cells, so two positions that merely share a hash can never be mistaken for a repetition.
Situational superko (AGA, New Zealand) keys each position with the seat to move after it; basic
ko (Japanese rules) only forbids recreating the position before the opponent's last move.
"""
from __future__ import annotations

from kifu.builtin.freego import setup
from kifu.builtin.freego.boards.board import Board
from kifu.builtin.freego.moves import Edit, Move, Pass
from kifu.builtin.freego.position import EMPTY, OFF, Position
from kifu.builtin.freego.rules import scoring
from kifu.plugin import Event, IllegalMoveError, KifuError, Outcome, Played, Record, SetupError


def start(record: Record) -> Position:
    """The empty board the record's headers choose, with its set-up, checked."""
    position = Position(setup.rules_of(record))
    if record.setup is not None:
        setup.apply(record.setup, position)
    return position


def outcome(pos: Position) -> Outcome | None:
    """How the game has ended (counted after every seat passed), if it has."""
    return pos.outcome


def _dead_group(cells: list[int], nbrs: tuple[tuple[int, ...], ...], start: int,
                colour: int) -> list[int] | None:
    """The group at ``start`` if it has no liberty, else ``None`` (found at the first liberty)."""
    group = [start]
    members = {start}
    for p in group:
        for q in nbrs[p]:
            c = cells[q]
            if c == EMPTY:
                return None
            if c == colour and q not in members:
                members.add(q)
                group.append(q)
    return group


def play(pos: Position, move: Move, lenient: bool = False) -> Played:
    """Apply ``move`` in place; an illegal move raises and leaves the position as it was."""
    warnings: list[KifuError] = []
    return Played(_apply(pos, move, lenient, warnings, True), warnings)


def play_quietly(pos: Position, move: Move, lenient: bool = False) -> list[KifuError]:
    """:func:`play` without describing the move (validation reads no event): its warnings."""
    warnings: list[KifuError] = []
    _apply(pos, move, lenient, warnings, False)
    return warnings


def _apply(pos: Position, move: Move, lenient: bool, warnings: list[KifuError],
           describe: bool) -> list[Event]:
    """The move applied, each rule checked; its events if ``describe`` (a placement's are
    most of the cost of describing a game)."""
    seat = pos.to_move
    if pos.ended:
        _resume(pos, warnings)
    if isinstance(move, Edit):
        return _edit(pos, move, warnings)
    if move.seat is not None and move.seat != seat:
        seat = _out_of_turn(pos, move.seat, lenient, warnings)
    if isinstance(move, Pass):
        return _pass(pos, seat, move.elsewhere)
    cell = pos.board.exact.get(move.cell)  # the name as the board writes it: the usual case
    if cell is None:
        cell = _cell_named(pos, move.cell)
    if pos.cells[cell] != EMPTY:
        raise _occupied(pos, cell)
    # The stone goes down at once; a rule it breaks undoes it (and what it removed) exactly.
    pos.cells[cell] = seat + 1
    removed: list[tuple[int, int]] = []
    captured, free, new_hash = _capture(pos, cell, seat, removed)
    suicide = None
    if not free:  # no empty point beside the stone: its group may have no liberty
        suicide, new_hash = _own_group(pos, cell, seat, new_hash, removed)
    following = seat + 1 if seat + 1 < pos.seats else 0
    _check_repetition(pos, cell, new_hash, removed, following)
    _commit(pos, cell, seat, new_hash, removed, following)
    if captured or suicide is not None:
        _take_off(pos, seat, captured, suicide)
    if not describe:
        return _UNDESCRIBED
    events: list[Event] = [{"type": "place", "player": pos.rules.seats[seat],
                            "cell": pos.board.ids[cell]}]
    if captured or suicide is not None:
        events.extend(_removals(pos, seat, captured, suicide))
    return events


#: What :func:`_apply` returns when not asked to describe a placement (thrown away unread).
_UNDESCRIBED: list[Event] = []


def _cell_named(pos: Position, name: str) -> int:
    """The cell a move names in any of the board's spellings."""
    board = pos.board
    cell = board.find(name)
    if cell is None:
        raise IllegalMoveError(f"{name!r} is not a cell of the board {board.name!r}"
                               + _nearest(board, name), rule="unknown-cell")
    return cell


def _nearest(board: Board, name: str) -> str:
    """What a misspelt cell name may have meant: the cells spelt most like it, else one cell
    of the board to show how its cells are named."""
    near = board.nearest_names(name)
    if near:
        return f"; did you mean {' or '.join(near)}?"
    if not len(board):
        return ""
    return f"; its cells are named like {board.cell_id(0)} or {board.cell_id(len(board) - 1)}"


def _remove(pos: Position, group: list[int], colour: int, new_hash: int,
            removed: list[tuple[int, int]]) -> int:
    """Take ``group`` off the board, noting it in ``removed``; the hash without it."""
    cells, keys = pos.cells, pos.board.zobrist[colour - 1]
    for x in group:
        cells[x] = EMPTY
        new_hash ^= keys[x]
        removed.append((x, colour))
    return new_hash


def _capture(pos: Position, cell: int, seat: int, removed: list[tuple[int, int]]
             ) -> tuple[list[tuple[int, list[int]]], bool, int]:
    """Remove every enemy group the stone on ``cell`` leaves without a liberty: each with its
    seat; whether an empty point was beside the stone before; the hash of the position with
    the stone and without them."""
    cells, nbrs, colour = pos.cells, pos.board.neighbours, seat + 1
    new_hash = pos.hash ^ pos.board.zobrist[seat][cell]
    captured: list[tuple[int, list[int]]] = []
    free = False
    for n in nbrs[cell]:
        c = cells[n]
        if c == EMPTY:
            free = True
        elif c > 0 and c != colour:
            for q in nbrs[n]:
                if cells[q] == EMPTY:
                    break  # the stone itself has a liberty (the usual case: no search)
            else:
                if any(n in group for _, group in captured):
                    continue  # a group already found dead through another neighbour
                group = _dead_group(cells, nbrs, n, c)
                if group is not None:
                    captured.append((c - 1, group))
    # Every group the stone leaves without a liberty goes at once: removing one first could
    # give another player's group beside it a liberty (three or four players).
    for owner, group in captured:
        new_hash = _remove(pos, group, owner + 1, new_hash, removed)
    return captured, free, new_hash


def _own_group(pos: Position, cell: int, seat: int, new_hash: int,
               removed: list[tuple[int, int]]) -> tuple[list[int] | None, int]:
    """Suicide: the stone's own group, left without a liberty, is removed where the rules
    allow it, else the move is illegal.  The group (``None`` when it has a liberty) and the
    hash."""
    cells, nbrs = pos.cells, pos.board.neighbours
    for n in nbrs[cell]:
        if cells[n] == EMPTY:
            return None, new_hash
    suicide = _dead_group(cells, nbrs, cell, seat + 1)
    if suicide is not None:
        if not pos.rules.suicide:
            _undo(cells, cell, removed)
            raise IllegalMoveError(_suicide_message(pos, cell, suicide), rule="suicide")
        new_hash = _remove(pos, suicide, seat + 1, new_hash, removed)
    return suicide, new_hash


def _check_repetition(pos: Position, cell: int, new_hash: int,
                      removed: list[tuple[int, int]], following: int) -> None:
    """Basic ko (no retaking at once) or superko (no position that has stood, with
    ``following`` to move where the rules count it); a new position is remembered."""
    if pos.rules.ko == "basic":
        if new_hash == pos.before_last and pos.last is not None and _retakes(pos, cell, removed):
            _undo(pos.cells, cell, removed)
            raise IllegalMoveError(_ko_message(pos, cell), rule="ko")
        return
    key = pos.key(new_hash, following)
    earlier = pos.seen.get(key)
    if earlier is None:
        pos.seen.add(key, pos.placed + 1)
    elif _repeats(pos, cell, removed, earlier, following):
        _undo(pos.cells, cell, removed)
        raise IllegalMoveError(_superko_message(pos, cell, earlier), rule="superko")


def _commit(pos: Position, cell: int, seat: int, new_hash: int,
            removed: list[tuple[int, int]], following: int) -> None:
    """The move stands: the history, the move numbers and the turn move on."""
    pos.before_last = pos.hash
    pos.hash = new_hash
    pos.ply += 1
    pos.journal = ((cell, pos.ply, tuple(removed), seat), pos.journal)
    pos.placed += 1
    pos.last = cell
    pos.passed = 0
    pos.to_move = following
    pos.numbers[cell] = pos.ply


def _take_off(pos: Position, seat: int, captured: list[tuple[int, list[int]]],
              suicide: list[int] | None) -> None:
    """Captured stones count as the mover's prisoners; the numbers of every stone taken off
    go with them."""
    numbers = pos.numbers
    for _, group in captured:
        pos.prisoners[seat] += len(group)
        for x in group:
            numbers.pop(x, None)
    for x in suicide or ():
        numbers.pop(x, None)


def _removals(pos: Position, seat: int, captured: list[tuple[int, list[int]]],
              suicide: list[int] | None) -> list[Event]:
    """Each capture and a suicide as an event."""
    ids, names = pos.board.ids, pos.rules.seats
    events: list[Event] = [{"type": "capture", "player": names[seat], "captured": names[owner],
                            "cells": [ids[x] for x in sorted(group)]}
                           for owner, group in captured]
    if suicide is not None:
        events.append({"type": "suicide", "player": names[seat],
                       "cells": [ids[x] for x in sorted(suicide)]})
    return events


def _undo(cells: list[int], cell: int, removed: list[tuple[int, int]]) -> None:
    for where, what in removed:
        cells[where] = what
    cells[cell] = EMPTY


def _repeats(pos: Position, cell: int, removed: list[tuple[int, int]], earlier: int,
             following: int) -> bool:
    """Whether the stones now on the board (the tentative move included), with ``following``
    to move where that counts, are exactly those after placement ``earlier``."""
    probe = _probe(pos, cell, removed)
    situational = pos.rules.ko == "situational"
    if probe.cells_after(earlier) == pos.cells and (
            not situational or pos.to_move_after(earlier) == following):
        return True
    for placements, cells in probe.undone():  # a hash collision: look everywhere (rare)
        if placements != earlier and cells == pos.cells and (
                not situational or pos.to_move_after(placements) == following):
            return True
    return False


def _retakes(pos: Position, cell: int, removed: list[tuple[int, int]]) -> bool:
    """Whether the stones now on the board are those before the opponent's last placement."""
    return _probe(pos, cell, removed).cells_after(pos.placed - 1) == pos.cells


def _probe(pos: Position, cell: int, removed: list[tuple[int, int]]) -> Position:
    """A stand-in holding the cells before the tentative move, to undo the journal on."""
    before = pos.cells.copy()
    _undo(before, cell, removed)
    probe = Position.__new__(Position)
    probe.cells, probe.journal, probe.placed = before, pos.journal, pos.placed
    return probe


def _resume(pos: Position, warnings: list[KifuError]) -> None:
    """Play after every seat passed, where the players settle the end themselves: the game goes
    on (they disagreed about the end, or a pass was one too many)."""
    warnings.append(IllegalMoveError(
        "play goes on after every player passed (the players resumed the game, to settle a "
        "dispute or by one pass too many)", rule="play-after-passes").as_warning())
    pos.ended = False


def _edit(pos: Position, edit: Edit, warnings: list[KifuError]) -> list[Event]:
    """Stones set up in the middle of a game: added, replaced or cleared without any rule of
    play.  They capture nothing, as SGF's set-up properties (``AB``, ``AW``, ``AE``), which
    they carry, capture nothing: a group left without a liberty stays on the board, with a
    warning (see ``DECISIONS.md``).  Ko and superko count afresh from here."""
    names = pos.rules.seats
    if len(edit.add) > pos.seats:
        raise SetupError(f"set-up stones for seat {len(edit.add)}, but this game has "
                         f"{pos.seats} players", rule="setup")
    touched = [_set_cell(pos, _edited_cell(pos, name), EMPTY) for name in edit.clear]
    for seat, names_of_seat in enumerate(edit.add):
        touched.extend(_set_cell(pos, _edited_cell(pos, name), seat + 1) for name in names_of_seat)
    warnings.extend(_without_liberties(pos, touched))
    if edit.to_move is not None:
        if edit.to_move >= pos.seats:
            raise SetupError(f"seat {edit.to_move + 1} is to move, but this game has "
                             f"{pos.seats} players", rule="setup")
        pos.to_move = edit.to_move
    pos.passed = 0
    pos.last = None
    pos.restart_history()
    event: Event = {"type": "setup",
                    "added": {names[s]: list(c) for s, c in enumerate(edit.add) if c},
                    "cleared": list(edit.clear), "to_move": names[pos.to_move]}
    return [event]


def _edited_cell(pos: Position, name: str) -> int:
    """The cell a set-up names: one of the board's, and one that can hold a stone."""
    board = pos.board
    cell = board.find(name)
    if cell is None:
        raise SetupError(f"{name!r} is not a cell of the board {board.name!r}",
                         rule="unknown-cell")
    if pos.cells[cell] == OFF:
        raise SetupError(f"{board.cells[cell].id} cannot hold a stone on this board",
                         rule="unplayable")
    return cell


def _set_cell(pos: Position, cell: int, what: int) -> int:
    """Put ``what`` (a seat's stone, or ``EMPTY``) on ``cell``, the hash kept in step; the
    cell."""
    zobrist, old = pos.board.zobrist, pos.cells[cell]
    if old > 0:
        pos.hash ^= zobrist[old - 1][cell]
    if what > 0:
        pos.hash ^= zobrist[what - 1][cell]
    pos.cells[cell] = what
    pos.numbers.pop(cell, None)
    return cell


def _without_liberties(pos: Position, touched: list[int]) -> list[KifuError]:
    """A warning for each group on or beside the cells a set-up changed that it leaves without
    a liberty (kept on the board: set-ups capture nothing)."""
    board, cells = pos.board, pos.cells
    found: list[KifuError] = []
    seen: set[int] = set()
    for cell in touched:
        for start in (cell, *board.neighbours[cell]):
            if cells[start] <= 0 or start in seen:
                continue
            group = _dead_group(cells, board.neighbours, start, cells[start])
            if group is None:
                continue
            seen.update(group)
            names = " ".join(board.cells[c].id for c in sorted(group))
            found.append(SetupError(
                f"the set-up leaves {pos.rules.seats[cells[start] - 1]}'s group {names} without "
                "a liberty: kept on the board, as set-ups capture nothing", rule="no-liberty",
                severity="warning"))
    return found


def _out_of_turn(pos: Position, seat: int, lenient: bool, warnings: list[KifuError]) -> int:
    names = pos.rules.seats
    if seat >= pos.seats:
        raise IllegalMoveError(f"there is no seat {seat + 1}: this game has {pos.seats} players",
                               rule="seat")
    message = (f"{names[seat]} moves out of turn: {names[pos.to_move]} is to move "
               "(a move missing, or one colour moving twice)")
    if not lenient:
        raise IllegalMoveError(message, rule="turn-order")
    warnings.append(IllegalMoveError(message + "; accepted (lenient)", rule="turn-order")
                    .as_warning())
    return seat


def _pass(pos: Position, seat: int, elsewhere: bool = False) -> list[Event]:
    pos.ply += 1
    pos.last = None
    pos.before_last = pos.hash
    if elsewhere:  # a move the record does not show: no pass towards the end
        pos.passed = 0
        pos.to_move = seat + 1 if seat + 1 < pos.seats else 0
        return [{"type": "pass", "player": pos.rules.seats[seat]}]
    pos.passed |= 1 << seat
    pos.to_move = seat + 1 if seat + 1 < pos.seats else 0
    events: list[Event] = [{"type": "pass", "player": pos.rules.seats[seat]}]
    if pos.passed == (1 << pos.seats) - 1:
        if pos.rules.agreed:  # the players, not the board, decide the dead stones
            pos.ended = True
            pos.passed = 0
        else:
            events.append(scoring.finish(pos))
    return events


def _occupied(pos: Position, cell: int) -> IllegalMoveError:
    what = pos.cells[cell]
    name = pos.board.cells[cell].id
    if what == OFF:
        return IllegalMoveError(f"{name} cannot be played on this board (it is drawn, not "
                                "played)", rule="unplayable")
    owner = pos.rules.seats[what - 1]
    return IllegalMoveError(f"{name} is already occupied by {owner}", rule="occupied")


def _suicide_message(pos: Position, cell: int, group: list[int]) -> str:
    name = pos.board.cells[cell].id
    if len(group) == 1:
        return f"{name} would have no liberty: suicide is forbidden (Suicide: allowed lifts it)"
    return (f"{name} would leave its group of {len(group)} stones without a liberty: suicide is "
            "forbidden (Suicide: allowed lifts it)")


def _superko_message(pos: Position, cell: int, earlier: int) -> str:
    name = pos.board.cells[cell].id
    when = "at the start" if earlier == 0 else f"after move {pos.placement(earlier)[1]}"
    if pos.rules.ko == "situational":
        return (f"{name} recreates the whole-board position that stood {when}, with the same "
                "player to move (situational superko)")
    return (f"{name} recreates the whole-board position that stood {when} (positional "
            "superko: 同じ局面にするのはNG)")


def _ko_message(pos: Position, cell: int) -> str:
    return (f"{pos.board.cells[cell].id} retakes the ko at once, recreating the position before "
            "the opponent's last move (ko: play elsewhere first)")
