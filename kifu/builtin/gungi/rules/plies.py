"""The legal moves of a position written as plies: the move generator's actions
(:func:`.legal.legal_actions`) in the notation, and the set-up placements of the set-up phase.

An action may be carried out in several legal ways (a へ betraying or not, each face the
betrayed pieces may show, each square a forced re-placement may use); each way is a ply of its
own, with the notes that say it.  A move names its origin (``[筋―段―層]``) only where another
legal move of the same piece name reaches the same square, as the canonical notation does.
"""
from __future__ import annotations

from collections import Counter
from dataclasses import replace
from typing import Any

from kifu.builtin.gungi.geometry import FILES, RANKS, SQUARES, file_of, rank_of
from kifu.builtin.gungi.moves import Betrayed, Coord, Move, Placement, Ply, Section, plain_ply
from kifu.builtin.gungi.pieces import FORTS, UNSEEN
from kifu.builtin.gungi.position import BATTLE, READY, REPEATED, SETUP, START, Piece, Position
from kifu.builtin.gungi.rules.actions import DROP, EXCHANGE, MOVE, STRIKE, SUBSTITUTE, SWAP, Action
from kifu.builtin.gungi.rules.board_ops import board_for, perform
from kifu.builtin.gungi.rules.formation import can_complete
from kifu.builtin.gungi.rules.legal import Trial, is_clean, legal_ways, trials
from kifu.builtin.gungi.rules.reach import same_kind


def legal_moves(pos: Position) -> list[Move]:
    """Every ply the side to move may make: battle plies in the battle, set-up placements in
    the set-up phase; where no ply is to be made, the section marker that takes the record on
    (``[打ち始め]`` at the start, ``[済み]`` once every piece is placed, 「開戦」 after it, and
    ``[再び始め]`` ... 「再開戦」 after 千日手), so that a program can play a whole game from the
    start; nothing after the end."""
    if pos.outcome is not None:
        return []
    if pos.phase == BATTLE:
        return list(battle_plies(pos))
    if pos.phase == SETUP:
        assert pos.to_place is not None
        if any(sum(left.values()) for left in pos.to_place):
            return list(setup_placements(pos))
        return [Section("redone" if pos.repeated else "done")]
    marker = NEXT_SECTION.get(pos.phase)
    return [Section(("re" if pos.repeated else "") + marker)] if marker else []


#: The section marker a phase without plies goes on by (``re``-prefixed after 千日手).
NEXT_SECTION = {START: "begin", READY: "battle", REPEATED: "begin"}


def battle_plies(pos: Position) -> list[Ply]:
    """Every legal action of the side to move, each legal way of it as a ply."""
    side = pos.to_move
    ways = list(legal_ways(pos, side))
    readings = Counter((a.face, a.to) for a, _ in ways if a.kind == MOVE)
    found: list[Ply] = []
    backs: list[str] | None = None
    for action, trials_ in ways:
        kind, to = action.kind, action.to
        needs_origin = kind == MOVE and readings[(action.face, to)] > 1
        if trials_ is not None or (kind != MOVE and kind != DROP):
            found.extend(plies_for(pos, action, side, needs_origin, trials_))
            continue
        # one plain way (see legal_ways): written straight away, as most legal moves are
        origin = None
        if needs_origin:
            assert action.origin is not None
            origin = Coord(FILES[action.origin], RANKS[action.origin], action.origin_tier or 1)
        file, rank, tier = FILES[to], RANKS[to], action.tier
        drop = kind == DROP
        obtained = None if action.victim_tier is None else obtained_note(pos, action)
        ply = plain_ply(side, action.face, file, rank, tier, drop, origin, obtained)
        if obtained is not None and action.face == "兵":
            ply = replace(ply, obtained_next=second_obtained_note(pos, action))
        found.append(ply)
        if drop and action.face == "兵":  # the record may name the dropped 兵's back
            backs = pawn_backs(pos, side) if backs is None else backs
            found.extend(plain_ply(side, "兵", file, rank, tier, True, back=back)
                         for back in backs)
    return found


def bare_ply(action: Action, side: int) -> Ply:
    """The ply that says ``action`` without notes or origin."""
    file, rank = file_of(action.to), rank_of(action.to)
    if action.kind == MOVE:
        return Ply(side, action.face, file, rank, action.tier)
    if action.kind == DROP:
        return Ply(side, action.face, file, rank, action.tier, drop=True)
    if action.kind == STRIKE:
        return Ply(side, action.face, file, rank, None, strike=action.victim_tier)
    if action.kind == SWAP:
        return Ply(side, "謀", file, rank, action.origin_tier, swap=action.other)
    if action.kind == SUBSTITUTE:
        return Ply(side, "侍", file, rank, 1, swap="帥")
    assert action.kind == EXCHANGE
    return Ply(side, "帥", file, rank, 2, swap=action.other, swap_drop=True)


def plies_for(pos: Position, action: Action, side: int, origin: bool,
              ways: list[Trial] | None = None) -> list[Ply]:
    """The plies that carry out ``action``: one per legal way (``ways``, found here when not
    given), with its notes; naming the move's origin if ``origin``."""
    ply = bare_ply(action, side)
    if origin and action.origin is not None:
        ply = replace(ply, origin=Coord(file_of(action.origin), rank_of(action.origin),
                                        action.origin_tier or 1))
    found = []
    if ways is None:
        ways = [t for t in trials(pos, action, side) if is_clean(pos, action, side, t)]
    for trial in ways:
        notes: dict[str, Any] = {}
        if trial.betray is not None:
            stack = pos.board[action.to]
            notes["betrayal"] = tuple(Betrayed(1 - stack[t - 1].owner, t, trial.betray[t])
                                      for t in sorted(trial.betray, reverse=True))
        brackets = (("replace", "replace_piece"), ("replace_next", "replace_next_piece"))
        for (at, piece), (name, face_name) in zip(trial.placements, brackets, strict=False):
            notes[name] = Coord(file_of(at), rank_of(at), 1)
            notes[face_name] = piece.face
        obtained = obtained_note(pos, action)
        if obtained:
            notes["obtained"] = obtained
            notes["obtained_next"] = second_obtained_note(pos, action)
        found.append(replace(ply, **notes))
    if action.kind == DROP and action.face == "兵" and found:
        # The player knows the back of the 兵 it drops; the record may say it ([裏駒X]).
        found.extend(replace(found[0], back=back) for back in pawn_backs(pos, side))
    return found


def pawn_backs(pos: Position, side: int) -> list[str]:
    """The backs a 兵 dropped from ``side``'s hand may carry: each one some 兵 there may have
    (the 兵 of a hand are shuffled, so any of them may be the one dropped)."""
    backs: set[str] = set()
    for piece in pos.hands[side]:
        if piece.face == "兵":
            backs |= pos.possible_other(piece)
    return sorted(backs)


def obtained_note(pos: Position, action: Action) -> str | None:
    """The ``[X入手]`` a capture of a 兵 needs: its back when it is known and not へ; on a ply
    that takes another piece, the back of a 兵 it recovers into the enemy's hand (line 440),
    when it is known and not へ (a hidden one stays unseen without a note)."""
    if action.victim_tier is None:
        return None
    index = 0 if action.kind == EXCHANGE else action.victim_tier - 1
    victim = pos.board[action.to][index]
    if victim.face != "兵":
        return _recovered_note(pos, action)
    possible = pos.possible_other(victim)
    return None if "へ" in possible else min(possible)


def second_obtained_note(pos: Position, action: Action) -> str | None:
    """The second ``[X入手]`` of a ply that takes a 兵 (its note comes first): the back of the
    兵 it recovers into the enemy's hand, when known and not へ."""
    index = 0 if action.kind == EXCHANGE else (action.victim_tier or 1) - 1
    if pos.board[action.to][index].face != "兵":
        return None
    return _recovered_note(pos, action)


def _recovered_note(pos: Position, action: Action) -> str | None:
    """The back of the 兵 a capture recovers into the enemy's hand, when known and not へ."""
    if action.face != "兵" or action.kind not in (MOVE, STRIKE):
        return None
    effects = perform(board_for(pos.board, action), pos.geometry, action, pos.to_move)
    for _, piece, to_enemy in effects.recovered:
        possible = pos.possible_other(piece)
        if to_enemy and len(possible) == 1 and "へ" not in possible:
            return min(possible)
    return None


def setup_placements(pos: Position) -> list[Placement]:
    """Every set-up ply of the side to place (§十二): a piece it has left to place, in its
    own territory, on top of a stack of fewer than three with no 帥 on top, 砲 and 砦 on the
    ground only, no second piece of a name in one stack, no second 兵 (nor, in a re-setup,
    へ) on a file; and none after which the side could no longer place everything (a file
    left without room for its 兵, no empty square for a 砲), which would leave no way to the
    battle."""
    side = pos.to_move
    assert pos.to_place is not None
    feasible = can_complete(pos, side, pos.to_place[side])
    completes: dict[tuple[int, str], bool] = {}
    faces = sorted(_faces_to_place(pos, side))
    found = []
    for sq in SQUARES:
        if not pos.geometry.in_territory(sq, side):
            continue
        stack = pos.board[sq]
        tier = len(stack) + 1
        if tier > 3 or (stack and stack[-1].face == "帥"):
            continue
        file, rank = file_of(sq), rank_of(sq)
        for face in faces:
            if face in FORTS and tier != 1 or same_kind(stack, side, face):
                continue
            if face in ("兵", "へ") and pos.faces_on_file(side, face, file):
                continue  # 場二兵 and ニへ are fouls, and no foul is a legal move
            if feasible and not _completes(pos, side, sq, face, completes):
                continue
            found.append(Placement(side, file, rank, tier, face))
    return found


def _faces_to_place(pos: Position, side: int) -> set[str]:
    """The faces ``side`` has left to place; in a re-setup, also each face a piece not seen
    yet (a 兵's back, in hand) may show."""
    assert pos.to_place is not None
    faces = {face for face, left in pos.to_place[side].items() if left > 0 and face != UNSEEN}
    for piece in pos.pending[side] if pos.repeated else ():
        if piece.face == UNSEEN:
            faces |= pos.possible_faces(piece)
    return faces


def _completes(pos: Position, side: int, sq: int, face: str,
               known: dict[tuple[int, str], bool]) -> bool:
    """:func:`_completes_after`, worked out once a square for each role (what a placement does
    to the rest is the same for every piece of a role), ``known`` keeping the answers."""
    role = face if face in ("兵", "へ", "帥", "砲", "砦") else ""
    if (sq, role) not in known:
        known[sq, role] = _completes_after(pos, side, sq, face)
    return known[sq, role]


def _completes_after(pos: Position, side: int, sq: int, face: str) -> bool:
    """Whether the set-up can still be completed after ``side`` places ``face`` on ``sq``."""
    assert pos.to_place is not None
    left = Counter(pos.to_place[side])
    left[face] -= 1
    stack = pos.board[sq]
    stack.append(Piece(side, face))
    try:
        return can_complete(pos, side, left)
    finally:
        stack.pop()
