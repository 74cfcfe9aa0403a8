"""Reading a written battle ply: the one action it stands for, resolved against the actions the
rules allow (:mod:`.reach`, :mod:`.legal`), or why none fits.

Exactly one action must fit.  With ``lenient``, a ply that fits no action is repaired when
exactly one legal action comes closest (a missing or stray 新, a wrong tier), and the repair is
reported as a warning.  Nothing here changes the position: :mod:`.battle` carries the action out.
"""
from __future__ import annotations

from dataclasses import dataclass, replace

from kifu.builtin.gungi.geometry import name, square
from kifu.builtin.gungi.moves import Ply
from kifu.builtin.gungi.pieces import MARKS
from kifu.builtin.gungi.position import Piece, Position
from kifu.builtin.gungi.rules.actions import (
    DROP,
    EXCHANGE,
    MOVE,
    STRIKE,
    SUBSTITUTE,
    SWAP,
    Action,
)
from kifu.builtin.gungi.rules.board_ops import place
from kifu.builtin.gungi.rules.legal import (
    Trial,
    attempt,
    betrayal_problem,
    betrayed_pieces,
    can_betray,
    free_squares,
    is_legal,
    king_safe,
    mover_foul,
    swap_allowed,
)
from kifu.builtin.gungi.rules.reach import (
    drop_is_dead,
    drop_targets,
    exchanges_at,
    in_check,
    moves_from,
    needs_betrayal,
    pseudo_actions,
    reach,
    same_kind,
    strikes_at,
    substitutions,
    swaps_at,
)
from kifu.plugin import IllegalMoveError, Played


def where(sq: int, tier: int | None = None) -> str:
    return name(sq) + (f"―{tier}" if tier is not None else "")


@dataclass
class Reading:
    """A ply resolved to the one action it stands for, before anything is carried out."""

    action: Action
    needs_origin: bool
    played: Played
    repairs: list[str]


def read_ply(pos: Position, ply: Ply, lenient: bool, played: Played | None = None) -> Reading:
    """Resolve ``ply`` in ``pos`` (which it leaves as it is); raises when it fits no action.
    What it repairs (with ``lenient``, or to go on past an error) is in ``played.warnings``."""
    played = played or Played()
    side = pos.to_move
    if ply.side != side:
        raise IllegalMoveError(f"it is {MARKS[side]}'s turn, but the ply is marked "
                               f"{MARKS[ply.side]}", rule="turn")
    if ply.stray_new:
        problem(played, lenient, "a 新 stands before the mark, where it belongs to no ply "
                 "(it seems to belong to the ply before)", "notation")
    if ply.same:
        if pos.last_square is None:
            raise IllegalMoveError("同 refers to the previous ply's square, but there is none",
                                   rule="same-square")
        sq = pos.last_square
    else:
        assert ply.file is not None and ply.rank is not None
        if not (1 <= ply.file <= 9 and 1 <= ply.rank <= 9):
            raise IllegalMoveError(f"{ply.file}―{ply.rank} is off the board", rule="off-board")
        sq = square(ply.file, ply.rank)
        if sq == pos.last_square and ply.written is not None:  # the text's, not the move's
            _missing_same(played, ply.written, ply.as_same())
    _check_notes(ply)
    repairs: list[str] = []
    if ply.new_after and not ply.drop:
        late = _late_drop(pos, ply, sq)
        if late is not None:
            text = describe(late, ply.side)
            repairs.append(text)
            problem(played, lenient, "the 新 written after this ply's 、 is its own (a drop); "
                     f"the one legal reading is {text}", "notation")
            _check_tier(replace(ply, drop=True), late, lenient, repairs, played)
            return Reading(late, False, played, repairs)
        problem(played, lenient, "a 新 stands after this ply's 、, where it belongs to no ply",
                 "notation")
    action, needs_origin = _resolve(pos, ply, sq, lenient, repairs, played)
    if not repairs:  # a repair's one fault names the whole reading, its tier included
        _check_tier(ply, action, lenient, repairs, played)
    return Reading(action, needs_origin, played, repairs)


def _late_drop(pos: Position, ply: Ply, sq: int) -> Action | None:
    """The drop a ply stands for when the 新 after its 、 is its own (``▽6―6―1―筒、新▲…``, the
    one slip of the sample game): the ply read with 新 must fit one legal drop as written."""
    scratch, repairs = Played(), list[str]()
    try:
        action, _ = _resolve(pos, replace(ply, drop=True, new_after=False), sq, False, repairs,
                             scratch)
    except IllegalMoveError:
        return None
    return None if repairs or scratch.warnings else action


def _missing_same(played: Played, written: str, same: Ply) -> None:
    """A warning: the ply plays on the square just played, which the rules write with 同."""
    played.warnings.append(IllegalMoveError(
        f"{written} plays on the square of the ply before it, which the rules write with 同 "
        f"(§十八): {same}", rule="notation").as_warning())


def _check_notes(ply: Ply) -> None:
    """The squares a ply's notes name must be on the board (JSON may hold anything)."""
    for what, coord in (("origin", ply.origin), ("re-placement", ply.replace),
                        ("re-placement", ply.replace_next)):
        if coord is not None and not (1 <= coord.file <= 9 and 1 <= coord.rank <= 9
                                      and 1 <= coord.tier <= 3):
            raise IllegalMoveError(f"the {what} {coord} is off the board", rule="off-board")


def problem(played: Played, lenient: bool, message: str, rule: str) -> None:
    """A fault the replay can go on past: an error (a warning with ``lenient``), not raised."""
    error = IllegalMoveError(message, rule=rule)
    played.warnings.append(error.as_warning() if lenient else error)


def _candidates(pos: Position, ply: Ply, sq: int) -> list[Action]:
    """Pseudo-legal actions of the written form (before origin, tier and the own-帥 check)."""
    side, board, geo = pos.to_move, pos.board, pos.geometry
    if ply.swap is not None:
        return _swap_candidates(pos, ply, sq)
    if ply.strike is not None:
        return [a for a in strikes_at(board, sq, side)
                if a.face == ply.piece and a.victim_tier == ply.strike]
    if ply.drop:
        return _drop_candidates(pos, ply, sq)
    checked = in_check(board, geo, side)
    out: list[Action] = []
    for origin in range(81):
        stack = board[origin]
        if stack and stack[-1].owner == side and stack[-1].face == ply.piece:
            out.extend(a for a in moves_from(board, geo, origin, checked) if a.to == sq)
    return out


def _swap_candidates(pos: Position, ply: Ply, sq: int) -> list[Action]:
    """A ply written with ⇔: a 謀's swap, a 侍 taking the 帥's place, a 帥 trading an enemy
    砦 for a piece from its hand (⇔…新)."""
    side, board = pos.to_move, pos.board
    if ply.piece == "謀":
        return [a for a in swaps_at(board, sq, side)
                if a.other == ply.swap and a.origin_tier == ply.tier]
    if ply.piece == "侍" and ply.swap == "帥":
        return [a for a in substitutions(board, pos.geometry, side) if a.to == sq]
    if ply.piece == "帥" and ply.swap_drop:
        return [a for a in exchanges_at(pos, sq, side) if a.other == ply.swap]
    return []


def _drop_candidates(pos: Position, ply: Ply, sq: int) -> list[Action]:
    """A ply written with 新: the piece from the hand, on each tier of ``sq`` it may be
    dropped on and could move from."""
    side, board, geo = pos.to_move, pos.board, pos.geometry
    if ply.piece not in pos.hand_faces(side):
        return []
    return [Action(DROP, ply.piece, sq, tier)
            for s, tier in drop_targets(board, geo, ply.piece, side)
            if s == sq and not drop_is_dead(board, geo, sq, ply.piece, side, tier)]


def _resolve(pos: Position, ply: Ply, sq: int, lenient: bool, repairs: list[str],
             played: Played) -> tuple[Action, bool]:
    """The one action the ply stands for, and whether its canonical text names the origin.

    The readings are the actions of the written form that may be carried out as written
    (the own 帥 left safe).  Without an origin, a reading that commits no foul of the mover is
    preferred, as shogi notation counts only legal moves; the origin is needed exactly when the
    ply without it would be read otherwise or not at all.
    """
    side = pos.to_move
    candidates = _candidates(pos, ply, sq)
    readings = [a for a in candidates
                if swap_allowed(pos, a, side) and _betrays_as_needed(pos, a, ply)
                and king_safe(_as_written(pos, a, ply).board, pos.geometry, side)]
    clean = [a for a in readings if _clean(pos, a, ply)] if len(readings) > 1 else readings
    if ply.origin is not None:
        candidates = _from_origin(ply, sq, side, candidates)
        pool = [a for a in readings if a in candidates]
    else:
        pool = clean or readings
    if len(pool) == 1:
        (action,) = pool
        return action, len(readings) > 1 and (action not in clean or len(clean) > 1)
    if len(pool) > 1:
        origins = ", ".join(where(a.origin, a.origin_tier) for a in pool if a.origin is not None)
        raise IllegalMoveError(f"{len(pool)} of {MARKS[side]}'s {ply.piece} can go to "
                               f"{where(sq)} ({origins}); the ply must name its origin "
                               f"as in [{where(pool[0].origin or sq, pool[0].origin_tier)}]",
                               rule="ambiguous")
    return _repaired(pos, ply, sq, candidates, lenient, repairs, played)


def _from_origin(ply: Ply, sq: int, side: int, candidates: list[Action]) -> list[Action]:
    """The candidates from the origin the ply names (``[筋―段―層]``); an error where there
    are candidates, but none from there."""
    assert ply.origin is not None
    origin = square(ply.origin.file, ply.origin.rank)
    named = [a for a in candidates if a.origin == origin and a.origin_tier == ply.origin.tier]
    if candidates and not named:
        raise IllegalMoveError(f"no {MARKS[side]}{ply.piece} on {ply.origin} can go to "
                               f"{where(sq)}", rule="origin")
    return named


def _repaired(pos: Position, ply: Ply, sq: int, candidates: list[Action], lenient: bool,
              repairs: list[str], played: Played) -> tuple[Action, bool]:
    """A ply no action fits: the one legal action closest to it (:func:`_repair`), the
    repair a fault the replay goes on past (a warning with ``lenient``); raised, with why
    nothing fits, where there is none or the ply strikes or swaps."""
    error = _why_not(pos, ply, sq, candidates)
    fix = None if ply.swap is not None or ply.strike is not None else _repair(pos, ply, sq)
    if fix is None:
        raise error
    action, text = fix
    repairs.append(text)
    problem(played, lenient, f"{error.message}; the one legal reading is {text}",
             error.rule or "illegal")
    return action, False


def _as_written(pos: Position, action: Action, ply: Ply) -> Trial:
    """``action`` tried with the betrayal and re-placements the ply writes (where they fit;
    what does not fit is reported when the ply is carried out)."""
    side = pos.to_move
    betray = None
    if ply.betrayal is not None and can_betray(pos, action):
        below = betrayed_pieces(pos, action)
        faces = {b.tier: b.face for b in ply.betrayal}
        if set(faces) == set(range(1, len(below) + 1)) \
                and betrayal_problem(below, faces, side) is None:
            betray = faces
    board, effects = attempt(pos, action, side, betray)
    chosen: list[tuple[int, Piece]] = []
    for (owner, lance), (coord, face) in zip(effects.lances(), ply.placements):
        at = square(coord.file, coord.rank)
        if at in free_squares(board, pos.geometry, owner) and all(at != s for s, _ in chosen):
            chosen.append((at, Piece(owner, face or "砲", "香", None, lance.pid)))
    place(board, chosen)
    return Trial(board, effects, betray, chosen)


def _betrays_as_needed(pos: Position, action: Action, ply: Ply) -> bool:
    """A ply that can stand only by a betrayal (the same-kind rule) writes one."""
    return ply.betrayal is not None or not needs_betrayal(pos.board, action, pos.to_move)


def _notes_fit(pos: Position, action: Action, ply: Ply) -> bool:
    """Whether the ply's betrayal list (if any) can belong to ``action``: a へ taking the top of
    a stack, the list naming each tier under it."""
    if not _betrays_as_needed(pos, action, ply):
        return False
    if ply.betrayal is None:
        return True
    tiers = {b.tier for b in ply.betrayal}
    return can_betray(pos, action) and tiers == set(
        range(1, len(betrayed_pieces(pos, action)) + 1))


def _clean(pos: Position, action: Action, ply: Ply) -> bool:
    """Whether the reading, carried out as written, commits no foul of the mover."""
    trial = _as_written(pos, action, ply)
    return mover_foul(pos, action, pos.to_move, trial.board, 0, trial.betray is not None) is None


def _why_not(pos: Position, ply: Ply, sq: int, candidates: list[Action]) -> IllegalMoveError:
    """Why no action fits the ply: why none of its candidates may be carried out, or why the
    written form has none."""
    side = pos.to_move
    mark = MARKS[side]
    if candidates:
        return _why_none_legal(pos, ply, sq, candidates)
    if ply.swap is not None:
        return IllegalMoveError(f"no {ply.piece}⇔{ply.swap} is possible at {where(sq, ply.tier)}",
                                rule="swap")
    if ply.strike is not None:
        return IllegalMoveError(f"{mark} has no {ply.piece} next to an enemy piece on tier "
                                f"{ply.strike} of {where(sq)} to take it in place (不動攻撃)",
                                rule="strike")
    if ply.drop:
        return _why_no_drop(pos, ply, sq)
    pieces = [s for s in range(81) if any(p.owner == side and p.face == ply.piece
                                          for p in pos.board[s])]
    if not pieces:
        return IllegalMoveError(f"{mark} has no {ply.piece} on the board"
                                + (" (is it a drop, 新?)" if ply.piece in
                                   pos.hand_faces(side) else ""), rule="no-piece")
    reason = _landing_reason(pos, ply.piece, sq)
    if reason is not None:
        return reason
    return IllegalMoveError(f"no {mark}{ply.piece} can move to {where(sq)}", rule="unreachable")


def _why_none_legal(pos: Position, ply: Ply, sq: int, candidates: list[Action]
                    ) -> IllegalMoveError:
    """Why none of the written form's candidates may be carried out: the same-kind rule
    wants a betrayal the ply does not write, the 謀 swapped on the turn before, or the own
    帥 is left in check."""
    side = pos.to_move
    mark = MARKS[side]
    if not any(_betrays_as_needed(pos, a, ply) for a in candidates):
        return IllegalMoveError(f"{mark} already has a へ in the stack on {where(sq)}; the へ "
                                "may take there only by betraying the pieces under it, with "
                                "the betrayal list (the same-kind rule judges the stack "
                                "after the ply)", rule="same-kind")
    if any(a.kind == SWAP and not swap_allowed(pos, a, side) for a in candidates):
        return IllegalMoveError("the same 謀 may not swap on two turns running",
                                rule="swap-twice")
    if in_check(pos.board, pos.geometry, side):
        return IllegalMoveError(f"{ply} leaves {mark}'s 帥 in check", rule="check")
    return IllegalMoveError(f"{ply} would put {mark}'s own 帥 in check", rule="check")


def _why_no_drop(pos: Position, ply: Ply, sq: int) -> IllegalMoveError:
    """Why a piece may not be dropped on ``sq``: the hand has none, the square does not take
    it, or it could never move from there."""
    side = pos.to_move
    if ply.piece not in pos.hand_faces(side):
        held = "、".join(sorted(pos.hand_faces(side))) or "nothing"
        return IllegalMoveError(f"{MARKS[side]} has no {ply.piece} in hand (it holds {held})",
                                rule="drop-not-in-hand")
    if not any(drop_targets(pos.board, pos.geometry, ply.piece, side, (sq,))):
        return IllegalMoveError(f"{ply.piece} cannot be dropped on {where(sq)}: a drop goes "
                                "on an empty square, or on an uncovered own 地駒 that takes "
                                "it (three tiers at most)", rule="drop-square")
    tier = len(pos.board[sq]) + 1
    return IllegalMoveError(f"{ply.piece} dropped on {where(sq, tier)} could never move "
                            "(猪駒)", rule="drop-dead")


def _landing_reason(pos: Position, face: str, sq: int) -> IllegalMoveError | None:
    """Why a piece that reaches ``sq`` may still not land there (stacking rules), or why it
    cannot move at all (covered)."""
    stack = pos.board[sq]
    if stack and _reaches(pos, face, sq):
        reason = _stacking_reason(pos.to_move, face, sq, stack)
        if reason is not None:
            return reason
    side = pos.to_move
    covered = [o for o in range(81) if any(p.owner == side and p.face == face
                                           for p in pos.board[o][:-1])]
    if covered and not any(pos.board[o] and pos.board[o][-1].owner == side
                           and pos.board[o][-1].face == face for o in range(81)):
        return IllegalMoveError(f"{MARKS[side]}'s {face} is covered by another piece and cannot "
                                "move", rule="covered")
    return None


def _reaches(pos: Position, face: str, sq: int) -> bool:
    """Whether an own ``face`` on top of a stack reaches ``sq`` (by its table, before the
    stacking rules)."""
    side, board = pos.to_move, pos.board
    for origin in range(81):
        here = board[origin]
        if here and here[-1].owner == side and here[-1].face == face and any(
                dest == sq for dest, _ in reach(board, pos.geometry, origin, len(here) - 1)):
            return True
    return False


def _stacking_reason(side: int, face: str, sq: int, stack: list[Piece]) -> IllegalMoveError | None:
    """Why a piece of ``side`` may not land on ``stack``: three high already, a 帥 on top, an
    own piece of its kind in it (the same-kind rule), or it is the 帥, in check, fleeing
    onto an own piece."""
    top = stack[-1]
    if top.owner == side and len(stack) >= 3:
        return IllegalMoveError(f"{where(sq)} already holds three pieces", rule="stack-height")
    if top.owner == side and top.face == "帥":
        return IllegalMoveError("nothing may stand on a 帥", rule="king-on-top")
    if same_kind(stack, side, face, skip_top=top.owner != side):
        return IllegalMoveError(f"{MARKS[side]} already has a {face} in the stack on "
                                f"{where(sq)} (the same-kind rule)", rule="same-kind")
    if face == "帥":
        return IllegalMoveError("a 帥 in check may not flee to a square where its own "
                                "piece stands, not even by taking the enemy on top",
                                rule="check")
    return None


REPAIR_LIMIT = 2


def _repair(pos: Position, ply: Ply, sq: int) -> tuple[Action, str] | None:
    """The one legal action on the same square closest to what is written (a differing piece
    name costs two, each other difference one), if there is exactly one within two."""
    side = pos.to_move
    by_cost: dict[int, list[Action]] = {}
    for action in pseudo_actions(pos, side, to=sq):
        cost = _distance(ply, action)
        if cost <= REPAIR_LIMIT:
            by_cost.setdefault(cost, []).append(action)
    for cost in sorted(by_cost):
        found = [a for a in by_cost[cost] if _notes_fit(pos, a, ply) and is_legal(pos, a, side)]
        if found:
            return (found[0], describe(found[0], ply.side)) if len(found) == 1 else None
    return None


def _distance(ply: Ply, action: Action) -> int:
    cost = (action.face != ply.piece) * 2 + ((action.kind == DROP) != ply.drop)
    cost += (action.kind == STRIKE) != (ply.strike is not None)
    cost += (action.kind in (SWAP, SUBSTITUTE, EXCHANGE)) != (ply.swap is not None)
    if ply.origin is not None and action.origin is not None:
        cost += square(ply.origin.file, ply.origin.rank) != action.origin
    return cost


def describe(action: Action, side: int) -> str:
    mark = MARKS[side]
    if action.kind == DROP:
        return f"{mark}{where(action.to, action.tier)}―{action.face}新"
    if action.kind == STRIKE:
        return f"{mark}{name(action.to)}―不{action.victim_tier}―{action.face}"
    if action.kind == MOVE and action.origin is not None:
        return (f"{mark}{where(action.to, action.tier)}―{action.face}"
                f"[{where(action.origin, action.origin_tier)}]")
    return f"{mark}{where(action.to, action.tier)}―{action.face}⇔{action.other}"


def _check_tier(ply: Ply, action: Action, lenient: bool, repairs: list[str],
                played: Played) -> None:
    if ply.tier is None or ply.strike is not None:
        return
    expected = action.origin_tier if action.kind in (SWAP, SUBSTITUTE, EXCHANGE) else action.tier
    if action.kind == SUBSTITUTE:
        expected = 1
    assert expected is not None  # a swap and an exchange name the tier they act from
    if ply.tier != expected:
        message = (f"{ply.piece} ends on tier {expected} of {where(action.to)}, not tier "
                   f"{ply.tier}")
        if action.kind == MOVE and action.victim_tier is not None and ply.tier == expected + 1:
            message += " (a piece takes the top of an enemy stack; it never stacks on it)"
        repairs.append(f"tier {expected}")
        problem(played, lenient, f"{message}; read as tier {expected}", "tier")
