"""Applying one move to a Rengi position, with every rule a move can break.

The order of one turn: the mover places a piece (or passes while the opponent's chain runs);
the field resolves at once; a chain makes the mover sit out n of their next turns (chain time
n + 1 counting the firing move), after which its garbage is generated, offset against the
mover's own warning and sent; a placement that fires nothing lets the mover's pending garbage
fall (at most the drop cap) and costs the mover their next turn (drop time 1 move).  Turns whose
owner sits out are taken here, so the next written move is always by a side free to act.
"""
from __future__ import annotations

from kifu.builtin.rengi import garbage
from kifu.builtin.rengi.bitboard import (
    DEATH,
    FROM,
    ROWS,
    Link,
    bit,
    cells,
    height,
    occupied,
    resolve,
)
from kifu.builtin.rengi.moves import (
    FIRST,
    LETTERS,
    OFFSET,
    SIDE_NAMES,
    DropNote,
    Move,
    Pass,
    Place,
    Placement,
    Resign,
    Single,
    Turn,
)
from kifu.builtin.rengi.position import LastChain, Position
from kifu.builtin.rengi.tsumo import garbage_columns
from kifu.plugin import Event, IllegalMoveError, KifuError, Outcome, Played


def outcome(pos: Position) -> Outcome | None:
    """How the game has ended (a field filled at the losing cell, a resignation), if it has."""
    return pos.outcome


def play(pos: Position, move: Move, lenient: bool = False) -> Played:
    if isinstance(move, Resign):
        return _resign(pos, move)
    side = pos.current
    if move.side is not None and move.side != side:
        raise IllegalMoveError(_wrong_side(pos, move.side), rule="turn-order")
    if isinstance(move, Pass) and not pos.chain_running(1 - side):
        raise IllegalMoveError(
            f"the {SIDE_NAMES[side]} player may pass only while the "
            f"{SIDE_NAMES[1 - side]} player's chain is running", rule="pass")
    # A placement is checked as it is made; an illegal one must leave no trace.
    saved = (pos.sides[side].copy(), pos.rng, pos.last_cells, pos.last_chain, pos.last_sent,
             pos.waited)
    played = Played()
    pos.waited = []
    pos.last_sent = []
    pos.last_chain = None
    pos.last_cells = ()
    if isinstance(move, Pass):
        played.events.append({"type": "pass", "side": SIDE_NAMES[side]})
        _end_turn(pos, played.events, None)
    else:
        try:
            granted = _place(pos, side, move, played, lenient)
        except KifuError:
            (pos.sides[side], pos.rng, pos.last_cells, pos.last_chain, pos.last_sent,
             pos.waited) = saved
            raise
        if pos.outcome is None:
            _end_turn(pos, played.events, granted)
    pos.moves += 1
    return played


def _resign(pos: Position, move: Resign) -> Played:
    side = pos.current if move.side is None else move.side
    pos.outcome = Outcome(SIDE_NAMES[1 - side], f"the {SIDE_NAMES[side]} player resigned",
                          "resignation")
    pos.moves += 1
    return Played([{"type": "resign", "side": SIDE_NAMES[side]}, _end_event(pos)])


def _end_event(pos: Position) -> Event:
    assert pos.outcome is not None
    return {"type": "end", "winner": pos.outcome.winner, "reason": pos.outcome.reason}


def _wrong_side(pos: Position, side: int) -> str:
    now, name = SIDE_NAMES[pos.current], SIDE_NAMES[side]
    state = pos.sides[side]
    if state.chain:
        turns = "turn" if state.wait == 1 else "turns"
        why = (f"the {name} player's {len(state.chain)}-chain is still running "
               f"({state.wait} more {turns} to wait)")
    elif state.wait:
        why = f"the {name} player sits out a turn after garbage fell"
    elif (side, "chain") in pos.waited:
        why = f"the {name} player's turn went by while their chain ran"
    elif (side, "garbage") in pos.waited:
        why = f"the {name} player's turn went by as garbage fell on them"
    elif pos.turn_granted == pos.current:
        why = f"the {now} player has an extra move (chigiri)"
    else:
        why = "the players take turns"
    return f"it is the {now} player's move, not the {name} player's: {why}"


# -- placing a piece ------------------------------------------------------------------------

def _stones(pos: Position, side: int, move: Placement) -> tuple[list[tuple[int, int]], bool]:
    """The stones a placement puts down, as (column 0..5, colour) lower first, and whether the
    pair stands vertically; checks the piece against the tsumo list."""
    columns = move.columns if isinstance(move, Place) else (move.column,)
    if not all(1 <= c <= 6 for c in columns) or abs(columns[0] - columns[-1]) > 1:
        raise IllegalMoveError(f"{move} is not a placement on the 6-column field",
                               rule="off-field")
    index = pos.sides[side].placed
    try:
        piece = pos.dealer.piece(side, index)
    except IndexError:
        raise IllegalMoveError(f"the tsumo list has no piece left for the {SIDE_NAMES[side]} "
                               f"player's placement {index + 1}", rule="tsumo") from None
    if side == FIRST and index == 0:
        return _first_stone(pos, move, piece), True
    if isinstance(move, Single):
        raise IllegalMoveError("only the first player's first move is a single stone; every "
                               "other move places a pair", rule="first-move")
    if isinstance(move, Place):
        if piece is not None and sorted(move.colours) != sorted(piece):
            raise IllegalMoveError(f"the {SIDE_NAMES[side]} player's piece is "
                                   f"{_piece_text(piece)}, not "
                                   f"{LETTERS[move.colours[0]]}{LETTERS[move.colours[1]]}",
                                   rule="tsumo")
        stones = [(move.columns[0] - 1, move.colours[0]), (move.columns[1] - 1, move.colours[1])]
        return stones, move.vertical
    if piece is None:
        raise IllegalMoveError(_needs_colours(pos), rule="tsumo")
    return _turned_pair(move, piece)


def _first_stone(pos: Position, move: Placement, piece: tuple[int, ...] | None
                 ) -> list[tuple[int, int]]:
    """The first player's first move: a single stone, of the colour the tsumo list gives."""
    if isinstance(move, Turn) and move.direction == "D":
        colour: int | None = 3  # a single stone has no direction: "3d" is a D stone
    elif isinstance(move, Single):
        colour = move.colour
    else:
        raise IllegalMoveError("the first player's first move places a single stone "
                               "(+3a, or +3 with a tsumo list)", rule="first-move")
    if colour is None:
        if piece is None:
            raise IllegalMoveError(_needs_colours(pos), rule="tsumo")
        colour = piece[0]
    elif piece is not None and piece[0] != colour:
        raise IllegalMoveError(f"the first stone is {LETTERS[piece[0]]}, not "
                               f"{LETTERS[colour]}", rule="tsumo")
    return [(move.column - 1, colour)]


def _turned_pair(move: Turn, piece: tuple[int, ...]) -> tuple[list[tuple[int, int]], bool]:
    """A pair placed by its axis column and the direction its child stone points."""
    axis, child = piece
    step_column, step_row = OFFSET[move.direction]
    child_column = move.column + step_column
    if not 1 <= child_column <= 6:
        raise IllegalMoveError(f"the child stone would land in column {child_column}, off the "
                               "field", rule="off-field")
    if step_row > 0:
        return [(move.column - 1, axis), (child_column - 1, child)], True
    if step_row < 0:
        return [(child_column - 1, child), (move.column - 1, axis)], True
    return [(move.column - 1, axis), (child_column - 1, child)], False


def _piece_text(piece: tuple[int, ...]) -> str:
    return "".join(LETTERS[c] for c in piece)


def _needs_colours(pos: Position) -> str:
    if pos.dealer.kind == "free":
        return "this game has free colours (フリー配色): write the colours, e.g. +23ab"
    return ("the pieces are random and the record gives neither a Tsumo: list nor a Seed:, "
            "so each move must carry its colours, e.g. +23ab")


def _place(pos: Position, side: int, move: Placement, played: Played, lenient: bool) -> int | None:
    """Put a piece down: its stones fall, a chain they fire starts, or else the garbage
    waiting for the side falls; a filled death cell ends the game.  The side that moves next
    (see :func:`_chigiri`), ``None`` when the game ended."""
    own = pos.sides[side]
    stones, vertical = _stones(pos, side, move)
    landed, discarded = _landing(occupied(own.boards), stones, vertical)
    split = len(landed) == 2 and not vertical and landed[0][1] != landed[1][1]
    stable = not pos.any_chain()
    opponent_chain = pos.chain_running(1 - side)
    seeds = 0
    for column, row, colour in landed:
        own.boards[colour] |= bit(column, row)
        seeds |= bit(column, row)
    own.placed += 1
    pos.last_cells = tuple((side, c, r) for c, r, _ in landed)
    played.events.append({
        "type": "place", "side": SIDE_NAMES[side],
        "stones": [[c + 1, r + 1, LETTERS[k]] for c, r, k in landed],
        "discarded": [[c + 1, LETTERS[k]] for c, k in discarded],
        "split": split,
    })
    _chain_or_garbage(pos, side, seeds, getattr(move, "drop", None), played, lenient)
    if occupied(own.boards) & DEATH:
        pos.outcome = Outcome(SIDE_NAMES[1 - side],
                              f"the {SIDE_NAMES[side]} player's column 3 row 12 is filled",
                              "capture")
        played.events.append(_end_event(pos))
        return None
    return _chigiri(pos, side, split, stable, opponent_chain, played.events)


def _landing(occ: int, stones: list[tuple[int, int]], vertical: bool
             ) -> tuple[list[tuple[int, int, int]], list[tuple[int, int]]]:
    """Where the stones come to rest (column, row, colour; 0-based), and those that vanish
    (column, colour): the upper stone of a pair standing in row 13 (the row-14 rule)."""
    landed: list[tuple[int, int, int]] = []
    discarded: list[tuple[int, int]] = []
    if vertical and len(stones) == 2:
        column = stones[0][0]
        row = height(occ, column)
        if row >= ROWS:
            raise _full(column)
        landed.append((column, row, stones[0][1]))
        if row + 1 < ROWS:
            landed.append((column, row + 1, stones[1][1]))
        else:
            discarded.append((column, stones[1][1]))
        return landed, discarded
    for column, colour in stones:
        row = height(occ, column)
        if row >= ROWS:
            raise _full(column)
        landed.append((column, row, colour))
    return landed, discarded


def _chain_or_garbage(pos: Position, side: int, seeds: int, drop: DropNote | None, played: Played,
                      lenient: bool) -> None:
    """The stones just placed (``seeds``) fire a chain, which starts running; or, if they fire
    none, the garbage warned against the side falls (where ``drop`` says)."""
    own = pos.sides[side]
    frames: list[tuple[int, ...]] = []
    links = resolve(own.boards, seeds, frames)
    if links:
        if drop is not None:
            raise IllegalMoveError("this move fires a chain, so no garbage falls on it",
                                   rule="garbage-columns")
        own.chain = tuple((link.stones, link.groups) for link in links)
        own.wait = len(links) + pos.settings.chain_time_extra - 1
        pos.last_chain = LastChain(side, links, frames)
        played.events.append(_chain_event(pos, side, links))
    elif own.warning > 0:
        _drop(pos, side, drop, played, lenient)
    elif drop is not None:
        raise IllegalMoveError("no garbage falls on this move (the warning is empty)",
                               rule="garbage-columns")


def _full(column: int) -> IllegalMoveError:
    return IllegalMoveError(f"column {column + 1} is full: a stone would land in row 14",
                            rule="full-column")


def _chain_event(pos: Position, side: int, links: list[Link]) -> Event:
    settings = pos.settings
    per_link = [(link.stones, link.groups) for link in links]
    return {
        "type": "chain", "side": SIDE_NAMES[side], "chain": len(links),
        "links": [{"link": k, "stones": link.stones, "groups": link.groups,
                   "sizes": list(link.sizes),
                   "colours": [LETTERS[c] for c in range(4) if link.colours >> c & 1],
                   "garbage_cleared": link.garbage,
                   "cells": [[c + 1, r + 1] for c, r in cells(link.cleared)]}
                  for k, link in enumerate(links, start=1)],
        "raw_garbage": garbage.generated(settings.garbage, per_link, settings.reduction),
        "wait": pos.sides[side].wait,
    }


def _drop(pos: Position, side: int, note: DropNote | None, played: Played,
          lenient: bool) -> None:
    """The garbage warned against the side falls, up to the cap: whole rows, then single
    stones in the columns the record (or the seed) gives; stones above row 13 are lost."""
    own, settings = pos.sides[side], pos.settings
    amount = min(own.warning, settings.drop_cap_rows * garbage.ROW)
    own.warning -= amount
    rows, singles = divmod(amount, garbage.ROW)
    if note is not None and note.rows is not None and note.rows != rows:
        raise IllegalMoveError(f"{rows} full rows of garbage fall here, not {note.rows}",
                               rule="garbage-columns")
    written = note.columns if note is not None else ()
    if singles:
        columns = _single_columns(pos, singles, written, played, lenient)
    elif written:
        raise IllegalMoveError(f"only whole rows of garbage fall here ({rows}), no single "
                               "stones", rule="garbage-columns")
    else:
        columns = ()
    boards = own.boards
    occ = occupied(boards)
    lost = 0
    for column in range(6):
        count = rows + (column + 1 in columns)
        if not count:
            continue
        start = height(occ, column)
        top = min(ROWS, start + count)
        lost += start + count - top
        boards[4] |= FROM[column][start] & ~FROM[column][top]
    own.wait = 1
    played.events.append({"type": "drop", "side": SIDE_NAMES[side], "stones": amount,
                          "rows": rows, "columns": list(columns), "lost": lost,
                          "warning": own.warning})


def _single_columns(pos: Position, singles: int, written: tuple[int, ...], played: Played,
                    lenient: bool) -> tuple[int, ...]:
    """The columns the single garbage stones fall in: as written (and as the seed draws them,
    when there is one), else as the seed draws them; with ``lenient``, the first columns."""
    drawn = None
    if pos.rng is not None:
        pos.rng, drawn = garbage_columns(pos.rng, singles)
    if written:
        _check_columns(written, singles)
        if drawn is not None and tuple(sorted(written)) != drawn:
            raise IllegalMoveError(
                f"the seed puts the single garbage stones in columns "
                f"{''.join(map(str, drawn))}, not {''.join(map(str, written))}",
                rule="garbage-columns")
        return tuple(written)
    if drawn is not None:
        return drawn
    if not lenient:
        raise IllegalMoveError(
            f"{singles} single garbage stones fall here: write their columns after the "
            "move, e.g. {j:" + "".join(str(c) for c in range(1, singles + 1)) + "}, or "
            "give a Seed: header", rule="garbage-columns")
    columns = tuple(range(1, singles + 1))
    played.warnings.append(KifuError(
        f"{singles} single garbage stones fall but the record does not say where; "
        f"put in columns {''.join(map(str, columns))}", rule="garbage-columns").as_warning())
    return columns


def _check_columns(columns: tuple[int, ...], singles: int) -> None:
    if len(columns) != singles:
        raise IllegalMoveError(f"{singles} single garbage stones fall here, but the record "
                               f"names {len(columns)} columns", rule="garbage-columns")
    if len(set(columns)) != len(columns) or not all(1 <= c <= 6 for c in columns):
        raise IllegalMoveError("single garbage stones fall in distinct columns 1 to 6",
                               rule="garbage-columns")


def _chigiri(pos: Position, side: int, split: bool, stable: bool, opponent_chain: bool,
             events: list[Event]) -> int | None:
    """The chigiri-loss rules of 天連棋: who gains an extra move from this placement."""
    if split:
        return None
    settings = pos.settings
    granted = None
    if settings.stable_chigiri and stable:
        step = -1 if side == FIRST else 1
        marker = pos.marker + step
        if marker == 0:
            marker += step  # the track has no 0 square
        if abs(marker) == 3:
            granted = side
            events.append({"type": "extra-move", "side": SIDE_NAMES[side],
                           "reason": "stable chigiri"})
            marker = 1 if side == FIRST else -1
        pos.marker = marker
    elif settings.chain_chigiri and opponent_chain:
        own = pos.sides[side]
        own.chigiri += 1
        if own.chigiri == 3:
            own.chigiri = 0
            granted = side
            events.append({"type": "extra-move", "side": SIDE_NAMES[side],
                           "reason": "chigiri during the opponent's chain"})
    return granted


# -- turns ----------------------------------------------------------------------------------

def _end_turn(pos: Position, events: list[Event], granted: int | None) -> None:
    """Pass the turn on: to the mover again on an extra move, else to the opponent."""
    pos.current = granted if granted is not None else 1 - pos.current
    pos.turn_granted = granted
    pos.turn += 1
    settle(pos, events)


def settle(pos: Position, events: list[Event] | None = None) -> None:
    """Take every turn whose owner sits out (ending their chain when its time is up), so that
    the side to move is free to act."""
    while True:
        state = pos.sides[pos.current]
        if state.wait == 0:
            return
        state.wait -= 1
        reason = "chain" if state.chain else "garbage"
        pos.waited.append((pos.current, reason))
        if events is not None:
            events.append({"type": "wait", "side": SIDE_NAMES[pos.current], "reason": reason,
                           "turn": pos.turn})
        if state.wait == 0 and state.chain:
            send(pos, pos.current, events if events is not None else [])
        pos.current = 1 - pos.current
        pos.turn_granted = None
        pos.turn += 1


def send(pos: Position, side: int, events: list[Event]) -> None:
    """A chain has finished: generate its garbage, offset it, send the rest."""
    own, other, settings = pos.sides[side], pos.sides[1 - side], pos.settings
    raw = garbage.generated(settings.garbage, own.chain, settings.reduction)
    result = garbage.finish_chain(raw, simple=settings.simple_garbage, unit=settings.unit,
                                  stock_on=settings.stock, stock=own.stock,
                                  links=len(own.chain), warning=own.warning)
    event = {"type": "garbage", "side": SIDE_NAMES[side], "chain": len(own.chain),
             "raw": raw, "stock_in": own.stock, "total": result.total,
             "generated": result.generated, "stock": result.stock, "offset": result.offset,
             "sent": result.sent, "warning": result.warning,
             "opponent_warning": other.warning + result.sent}
    own.stock = result.stock
    own.warning = result.warning
    other.warning += result.sent
    own.chain = ()
    other.chigiri = 0
    events.append(event)
    pos.last_sent.append(event)
