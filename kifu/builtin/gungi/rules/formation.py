"""The set-up (初期陣形配置, §十二) and its markers, and the re-setup after 千日手 (§二十一).

Each side places its 23 front pieces in its own territory, one at a time in turn, stacks built
bottom up; every file must end up holding exactly one 兵 of each side (場二兵 is a foul during
the set-up only).  The back-face list says which 兵 carry さ and と.  After 千日手 each side sets
up again with what it owns then, in shifted territories, the other side placing first.
"""
from __future__ import annotations

from collections import Counter

from kifu.builtin.gungi.geometry import SQUARES, file_of, square
from kifu.builtin.gungi.moves import BackFaces, Placement, Section
from kifu.builtin.gungi.pieces import FORTS, FRONT_COUNTS, MARKS, PAWN_BACKS, SIDE_NAMES, UNSEEN
from kifu.builtin.gungi.position import (
    BATTLE,
    READY,
    REPEATED,
    SETUP,
    START,
    Foul,
    Piece,
    Position,
)
from kifu.builtin.gungi.rules import claims
from kifu.builtin.gungi.rules.reach import same_kind
from kifu.plugin import IllegalMoveError, Outcome, Played

ORDER = {"begin": START, "rebegin": REPEATED, "done": SETUP, "redone": SETUP,
         "battle": READY, "rebattle": READY}


def section(pos: Position, move: Section, lenient: bool) -> Played:
    kind = move.kind
    if kind in ("battle", "rebattle") and pos.phase == BATTLE and pos.battle_plies == 0:
        return Played()  # 「開戦」 after a set-up diagram
    expected = ORDER[kind]
    if pos.phase != expected or (kind.startswith("re") != pos.repeated and kind != "rebegin"):
        raise IllegalMoveError(f"{move} does not belong here (the record is in its "
                               f"{pos.phase} phase)", rule="section-order")
    if kind == "begin":
        pos.phase = SETUP
        pos.to_move = pos.first_player
        pos.to_place = [Counter(FRONT_COUNTS), Counter(FRONT_COUNTS)]
        pos.setup_pool = [pos.pools.new(Counter({"さ": 1, "と": 1, "へ": 7})) for _ in (0, 1)]
    elif kind == "rebegin":
        _gather_for_resetup(pos)
        claims.forget(pos)
    elif kind in ("done", "redone"):
        _check_complete(pos, first=kind == "done")
        pos.phase = READY
    else:
        pos.phase = BATTLE
        pos.to_move = pos.first_player
        pos.repetitions[pos.key()] += 1
    return Played([{"type": "section", "kind": kind}])


def _check_complete(pos: Position, first: bool) -> None:
    assert pos.to_place is not None
    for side in (0, 1):
        left = sum(pos.to_place[side].values())
        if left:
            plural = "s" if left != 1 else ""
            raise IllegalMoveError(f"{MARKS[side]} still has {left} piece{plural} to place "
                                   "before [済み]", rule="setup-incomplete")
    if first:
        for side in (0, 1):
            files = {file_of(sq) for sq in SQUARES
                     if any(p.owner == side and p.face == "兵" for p in pos.board[sq])}
            missing = sorted(set(range(1, 10)) - files)
            if missing:
                raise IllegalMoveError(f"every file must hold a 兵 of each side; {MARKS[side]} "
                                       f"has none on file {missing[0]}", rule="setup-pawns")


def _gather_for_resetup(pos: Position) -> None:
    """千日手: each side sets up again with everything it owns; the board shrinks."""
    owned: list[Counter[str]] = [Counter(), Counter()]
    pos.pending = [[], []]
    for stack in pos.board:
        for piece in stack:
            owned[piece.owner][piece.face] += 1
            pos.pending[piece.owner].append(piece)
        stack.clear()
    for side in (0, 1):
        for piece in pos.hands[side]:
            owned[side][piece.face] += 1
            pos.pending[side].append(piece)
        pos.hands[side].clear()
    pos.to_place = owned
    pos.geometry = pos.geometry.shifted()
    pos.first_player = 1 - pos.first_player
    pos.to_move = pos.first_player
    pos.phase = SETUP
    pos.repetitions.clear()
    pos.last_square = None


def place(pos: Position, move: Placement, lenient: bool = False) -> Played:
    """One set-up ply (初期陣形配置): a piece from the set goes into the mover's territory, on
    top of a stack there; 二兵 on a file is a foul the other side could claim."""
    if pos.phase != SETUP:
        raise IllegalMoveError("set-up plies stand between [打ち始め] and [済み]",
                               rule="section-order")
    assert pos.to_place is not None
    side = move.side
    if side != pos.to_move:
        raise IllegalMoveError(f"the set-up alternates: it is {MARKS[pos.to_move]}'s turn to "
                               "place", rule="turn")
    if pos.to_place[side][move.piece] <= 0 and not _show_unseen(pos, side, move.piece):
        what = "a back face; the set-up uses front faces only" if move.piece not in FRONT_COUNTS \
            and not pos.repeated else f"no {move.piece} left to place"
        raise IllegalMoveError(f"{MARKS[side]} has {what}", rule="setup-piece")
    sq = _set_up_square(pos, move)
    stack = pos.board[sq]
    _check_stacking(stack, move)
    played = Played()
    fouls = _file_fouls(pos, move)
    if not move.foul:
        for offender, rule, message in fouls:
            if claims.claimed_later(pos, move, offender, rule):
                continue
            error = IllegalMoveError(f"{message}; {claims.could_claim(offender, rule)}",
                                     rule=rule)
            played.warnings.append(error.as_warning() if lenient else error)
    elif not fouls:
        error = IllegalMoveError("the record says [反則], but this set-up ply commits no foul",
                                 rule="foul-claim")
        played.warnings.append(error.as_warning() if lenient else error)
    piece = _next_piece(pos, side, move.piece)
    if move.back is not None and (move.piece != "兵" or not pos.settle(piece, move.back)):
        raise IllegalMoveError(f"[裏駒{move.back}] cannot hold for this {move.piece}",
                               rule="back-face")
    stack.append(piece)
    claims.note(pos, fouls)
    pos.to_place[side][move.piece] -= 1
    pos.placed[side] += 1
    other = 1 - side
    if sum(pos.to_place[other].values()):
        pos.to_move = other
    played.events.append({"type": "placement", "side": SIDE_NAMES[side], "piece": move.piece,
                          "square": f"{move.file}―{move.rank}", "tier": move.tier})
    if move.foul and fouls:  # claimed on the ply: the offender loses (§十七)
        offender, rule, message = fouls[0]
        pos.outcome = Outcome(SIDE_NAMES[1 - offender], f"反則 ({message})", "foul")
        played.events.append({"type": "foul", "rule": rule, "offender": SIDE_NAMES[offender]})
    return played


def _file_fouls(pos: Position, move: Placement) -> list[Foul]:
    """場二兵 (a foul of the set-up, §十七 「初期陣形配置の時のみ、場二兵も反則となる」, and of the
    re-setup, §二十一 「場ニ兵にならないようにすれば良い」) and ニへ (「ニへは如何なる時も禁止である」:
    the re-setup places back faces, へ among them): claim-based fouls of the other side."""
    side, file = move.side, move.file
    if move.piece == "兵" and pos.faces_on_file(side, "兵", file):
        return [(side, "ni-hyou", f"場二兵: {MARKS[side]} already has a 兵 on file {file}, a foul "
                                  "during the set-up")]
    if move.piece == "へ" and pos.faces_on_file(side, "へ", file):
        return [(side, "ni-he", f"ニへ: {MARKS[side]} already has a へ on file {file}, a foul at "
                                "any time")]
    return []


def can_complete(pos: Position, side: int, left: Counter[str]) -> bool:
    """Whether ``side`` can still place the pieces ``left`` (its own territory, as it stands):
    each 砲/砦 on an empty square, and each 兵 (and in a re-setup each へ) on a file of its own
    that has none (a second one, or a second へ, would be a foul), every file of the first
    set-up having room for one (every file must end it with a 兵).  A file takes one on an own
    stack with room, or on an empty square (which a 砲 or 砦 may share: the 兵 then stands on
    it).  Everything else has room to spare: 27 squares, three tiers, 23 pieces."""
    board = pos.board
    files = pos.geometry.territory_files(side)
    forts = left["砲"] + left["砦"]
    if forts > 0 and forts > sum(1 for squares in files for sq in squares if not board[sq]):
        return False
    for face in ("兵", "へ"):
        if left[face] <= 0:
            continue
        room, lacking = _file_room(pos, files, side, face)
        # the first set-up fills every file lacking a 兵; a re-setup only needs room
        if left[face] > room or (face == "兵" and not pos.repeated and room < lacking):
            return False
    return True


def _file_room(pos: Position, files: tuple[tuple[int, ...], ...], side: int,
               face: str) -> tuple[int, int]:
    """Of the territory's ``files``, those without an own ``face`` that have room for one
    (an own stack with room and no 帥 on top, or an empty square), and those without."""
    board = pos.board
    room = lacking = 0
    for squares in files:
        stacks = [board[sq] for sq in squares]
        if any(p.owner == side and p.face == face for stack in stacks for p in stack):
            continue
        lacking += 1
        room += any(len(stack) < 3 and not (stack and stack[-1].face == "帥")
                    for stack in stacks)
    return room, lacking


def _set_up_square(pos: Position, move: Placement) -> int:
    """The square a set-up ply names: on the board, in the mover's own territory."""
    if not (1 <= move.file <= 9 and 1 <= move.rank <= 9):
        raise IllegalMoveError(f"{move.file}―{move.rank} is off the board", rule="off-board")
    sq = square(move.file, move.rank)
    if not pos.geometry.in_territory(sq, move.side):
        low, high = pos.geometry.territories[move.side]
        raise IllegalMoveError(f"{MARKS[move.side]} sets up in its own territory (ranks "
                               f"{low}-{high}), not on rank {move.rank}", rule="territory")
    return sq


def _check_stacking(stack: list[Piece], move: Placement) -> None:
    """Stacks are built bottom up, three high at most, nothing on a 帥, 砲/砦 on tier 1 only,
    no two own pieces of a kind in one stack."""
    if move.tier != len(stack) + 1:
        raise IllegalMoveError(f"stacks are built bottom up: {move.file}―{move.rank} holds "
                               f"{len(stack)} piece(s), so the next goes on tier {len(stack) + 1}, "
                               f"not {move.tier}", rule="tier")
    if move.tier > 3:
        raise IllegalMoveError("a stack holds at most three pieces", rule="stack-height")
    if stack and stack[-1].face == "帥":
        raise IllegalMoveError("nothing may stand on a 帥", rule="king-on-top")
    if move.piece in FORTS and move.tier != 1:
        raise IllegalMoveError(f"{move.piece} stands on tier 1 only", rule="fort-tier")
    if same_kind(stack, move.side, move.piece):
        raise IllegalMoveError(f"{MARKS[move.side]} already has a {move.piece} in this stack "
                               "(the same-kind rule)", rule="same-kind")


def _show_unseen(pos: Position, side: int, face: str) -> bool:
    """In the re-setup, a piece not seen yet (a 兵's back, in hand) is placed showing ``face``
    if it may: the record now shows it."""
    assert pos.to_place is not None
    for piece in pos.pending[side] if pos.repeated else ():
        if piece.face == UNSEEN and pos.show(piece, face):
            pos.to_place[side][UNSEEN] -= 1
            pos.to_place[side][face] += 1
            return True
    return False


def _next_piece(pos: Position, side: int, face: str) -> Piece:
    pending = getattr(pos, "pending", None)
    if pos.repeated and pending:
        for piece in pending[side]:
            if piece.face == face:
                pending[side].remove(piece)
                return piece
    if face == "兵":
        return pos.new_piece(side, "兵", None, pos.setup_pool[side])
    if face in FORTS:
        return pos.new_piece(side, face, "香")
    return pos.new_piece(side, face)


def back_faces(pos: Position, move: BackFaces) -> Played:
    if pos.phase not in (SETUP, READY):
        raise IllegalMoveError("the back-face list belongs to the set-up, before [済み]",
                               rule="section-order")
    for side, coord, face in move.entries:
        if face not in PAWN_BACKS:
            raise IllegalMoveError(f"a 兵's back is さ, と or へ, not {face}", rule="back-face")
        sq = square(coord.file, coord.rank)
        stack = pos.board[sq]
        if not (1 <= coord.tier <= len(stack)) or stack[coord.tier - 1].face != "兵" \
                or stack[coord.tier - 1].owner != side:
            raise IllegalMoveError(f"{MARKS[side]} has no 兵 on {coord}", rule="back-face")
        if not pos.settle(stack[coord.tier - 1], face):
            raise IllegalMoveError(f"{MARKS[side]} has no more 兵 with {face} on the back "
                                   f"(the set has one さ and one と)", rule="back-face")
    return Played([{"type": "back-faces", "count": len(move.entries)}])
