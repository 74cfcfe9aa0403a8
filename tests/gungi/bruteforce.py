"""Brute force for the Gungi differential test: random positions, every ply one could write,
and what the referee makes of each.

The move generator (``legal.legal_actions``) and the referee (``battle.play_ply``, the code that
reads records) are two ways of answering "what may be played here".  This module asks the
referee about every syntactically possible ply of a position, each on its own copy: every
piece name on every square at every tier, with no origin and with each origin the mover has a
piece of that name on, as a drop, as an in-place attack on each tier, as each swap; with the
notes a ply may need (a captured 兵's back, each betrayal list, each re-placement bracket).
A ply *plays* when the referee carries it out with no diagnostic except a foul of the other
side (the §二十五 trick makes the enemy's ニへ by betrayal) and the warning that a ply on the
square just played is written with 同 (both spellings play).  The set of actions that play must
equal the generator's list.
"""
from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterator
from dataclasses import dataclass, field, replace

from kifu.base.errors import KifuError, SetupError
from kifu.builtin.gungi.geometry import SQUARES, file_of, rank_of, square
from kifu.builtin.gungi.moves import Betrayed, Coord, Ply
from kifu.builtin.gungi.pieces import (
    BACK_OF,
    BACKS,
    FACES,
    FRONT_OF,
    FRONTS,
    NEVER_IN_HAND,
    PAWN_BACKS,
    SET,
)
from kifu.builtin.gungi.position import BATTLE, Position
from kifu.builtin.gungi.rules import battle, plies
from kifu.builtin.gungi.rules.actions import (
    DROP,
    EXCHANGE,
    MOVE,
    STRIKE,
    SUBSTITUTE,
    SWAP,
    Action,
)
from kifu.builtin.gungi.rules.legal import (
    is_clean,
    king_safe,
    legal_actions,
    mover_foul,
    swap_allowed,
    trials,
)
from kifu.builtin.gungi.rules.reach import pseudo_actions
from kifu.builtin.gungi.rules.start_position import LIMITS, from_diagram, kind_of
from kifu.builtin.gungi.setup import Diagram, SetupPiece

#: What identifies an action: kind, acting face, (file, rank, tier) after, origin, victim's
#: tier, the other face of a swap or exchange.
Key = tuple


def action_key(action: Action) -> Key:
    origin = None
    if action.origin is not None:
        origin = (file_of(action.origin), rank_of(action.origin), action.origin_tier or 1)
    return (action.kind, action.face, (file_of(action.to), rank_of(action.to), action.tier),
            origin, action.victim_tier, action.other)


def played_key(ply: Ply) -> Key:
    """The same key read off a ply the referee carried out (its resolution)."""
    res = ply.resolved
    assert res is not None and res.to is not None
    victim = None
    if res.kind == MOVE and res.captured is not None:
        victim = res.to.tier
    elif res.kind == STRIKE:
        victim = ply.strike
    elif res.kind == EXCHANGE:
        victim = 1
    other = {SWAP: ply.swap, SUBSTITUTE: "帥", EXCHANGE: ply.swap}.get(res.kind)
    origin = None if res.origin is None else (res.origin.file, res.origin.rank, res.origin.tier)
    return (res.kind, ply.piece, (res.to.file, res.to.rank, res.to.tier), origin, victim, other)


# -- random positions ------------------------------------------------------------------------

#: The faces a piece of each kind may show (兵: 兵 さ と へ; 香: 砲 砦 香 ...).
FACES_OF_KIND: dict[str, list[str]] = {}
for _front, _back in SET:
    _faces = FACES_OF_KIND.setdefault(kind_of(_front), [])
    _faces.extend(f for f in (_front, _back) if f and f not in _faces)


class _Builder:
    """A random study position built piece by piece within the two sets and the stacking rules
    (the rest, such as check and boars that could never move, ``from_diagram`` checks)."""

    def __init__(self, rng: random.Random) -> None:
        self.rng = rng
        self.stacks: list[list[SetupPiece]] = [[] for _ in SQUARES]
        self.hands: tuple[list[SetupPiece], list[SetupPiece]] = ([], [])
        self.left = Counter(LIMITS)
        self.left["帥"] = 0

    def piece(self, side: int, face: str) -> SetupPiece | None:
        kind = kind_of(face)
        if self.left[kind] <= 0:
            return None
        self.left[kind] -= 1
        hidden = None
        if face == "兵" and self.rng.random() < 0.5:
            hidden = self.rng.choice(PAWN_BACKS)
        elif face == "香" and self.rng.random() < 0.5:
            hidden = self.rng.choice(("砲", "砦"))
        return SetupPiece(side, face, hidden)

    def fits(self, sq: int, side: int, face: str) -> bool:
        stack = self.stacks[sq]
        if len(stack) >= 3 or (stack and stack[-1].face == "帥"):
            return False
        if face in ("砲", "砦") and stack:
            return False
        return not any(p.side == side and p.face == face for p in stack)

    def put(self, sq: int, side: int, face: str) -> bool:
        if not self.fits(sq, side, face):
            return False
        item = self.piece(side, face)
        if item is None:
            return False
        self.stacks[sq].append(item)
        return True

    def any_face(self) -> str:
        kind = self.rng.choice([k for k, n in self.left.items() if n > 0] or ["兵"])
        return self.rng.choice(FACES_OF_KIND[kind])

    def scatter(self, count: int) -> None:
        """Pieces anywhere: on an empty square, or (often) on a stack."""
        for _ in range(count):
            side, face = self.rng.randint(0, 1), self.any_face()
            for _ in range(10):
                sq = self.rng.choice(SQUARES)
                if (not self.stacks[sq] or self.rng.random() < 0.6) and self.put(sq, side, face):
                    break

    def ground_with_room(self, side: int) -> None:
        """An uncovered own 忍 or 上 on tier 2: a drop on it lands on tier 3."""
        sq = self.rng.choice(SQUARES)
        if not self.stacks[sq] and self.put(sq, self.rng.randint(0, 1), self.any_face()):
            self.put(sq, side, self.rng.choice(("忍", "上")))

    def twins(self, side: int) -> None:
        """Two pieces of one name that may reach one square (an origin bracket)."""
        face = self.rng.choice(("へ", "槍", "忍", "上", "と", "さ", "謀", "侍", "龍", "鳳"))
        sq = self.rng.choice(SQUARES)
        for dx in (-1, 1):
            at = sq + dx
            if 0 <= at < 81 and at // 9 == sq // 9:
                self.put(at, side, face)

    def he_beside_a_stack(self, side: int) -> None:
        """An own へ beside a stack topped by an enemy piece (a betrayal to make)."""
        sq = self.rng.choice(SQUARES)
        beside = sq + self.rng.choice((-1, 1))
        if not 0 <= beside < 81 or beside // 9 != sq // 9 or self.stacks[sq]:
            return
        for _ in range(self.rng.randint(1, 2)):
            self.put(sq, self.rng.choice((side, 1 - side)), self.any_face())
        self.put(sq, 1 - side, self.any_face())
        if len(self.stacks[sq]) >= 2 and self.stacks[sq][-1].side != side:
            self.put(beside, side, "へ")

    def king_on_fortress(self, side: int) -> None:
        sq = self.rng.choice(SQUARES)
        if not self.stacks[sq] and self.put(sq, 1 - side, "砦"):
            self.stacks[sq].append(SetupPiece(side, "帥"))

    def hand(self, side: int, count: int) -> None:
        for _ in range(count):
            face = self.any_face()
            if face not in NEVER_IN_HAND:
                item = self.piece(side, face)
                if item is not None:
                    self.hands[side].append(item)

    def kings(self) -> None:
        for side in (0, 1):
            if any(p.face == "帥" and p.side == side for stack in self.stacks for p in stack):
                continue
            while True:
                sq = self.rng.choice(SQUARES)
                if self.fits(sq, side, "帥"):
                    self.stacks[sq].append(SetupPiece(side, "帥"))
                    break


def random_diagram(rng: random.Random) -> Diagram:
    """A random study position: a share of both sets stacked anywhere (both sides, any tier),
    some in each hand, and often what the rules make special: own 地駒 with room on them, two
    pieces of a name near each other, the 帥 on an enemy 砦."""
    build = _Builder(rng)
    to_move = rng.randint(0, 1)
    for _ in range(rng.randint(1, 3)):
        build.ground_with_room(rng.choice((to_move, to_move, 1 - to_move)))
    for _ in range(rng.randint(0, 3)):
        build.twins(rng.choice((to_move, to_move, 1 - to_move)))
    for _ in range(rng.randint(0, 2)):
        build.he_beside_a_stack(rng.choice((to_move, to_move, 1 - to_move)))
    if rng.random() < 0.1:
        build.king_on_fortress(rng.randint(0, 1))
    build.scatter(rng.randint(8, 30))
    build.kings()
    for side in (0, 1):
        build.hand(side, rng.randint(0, 8))
    return Diagram(tuple(tuple(s) for s in build.stacks),
                   (tuple(build.hands[0]), tuple(build.hands[1])), to_move)


def random_position(rng: random.Random) -> Position:
    """A random position that passes the set-up checks (retried until one does)."""
    while True:
        try:
            return from_diagram(random_diagram(rng))
        except SetupError:
            continue


# -- the generator's answer, written as plies ------------------------------------------------

def plies_for(pos: Position, action: Action, side: int) -> list[Ply]:
    """Texts that carry out ``action``: one per legal way (betrayal or not, re-placements),
    as the game's listing writes them (:mod:`kifu.builtin.gungi.rules.plies`), without an
    origin bracket and, for a move, with one."""
    out = []
    for written in plies.plies_for(pos, action, side, origin=False):
        out.append(written)
        if action.kind == MOVE and action.origin is not None:
            origin = Coord(file_of(action.origin), rank_of(action.origin), action.origin_tier or 1)
            out.append(replace(written, origin=origin))
    return out


# -- every ply one could write ---------------------------------------------------------------

def _other_faces(face: str) -> list[str]:
    """Every face the other side of a piece showing ``face`` may have."""
    if face == "兵":
        return list(PAWN_BACKS)
    if face == "香":
        return ["砲", "砦"]
    other = BACK_OF.get(face) or FRONT_OF.get(face)
    return [other] if other else []


def _betrayal_lists(stack: list) -> list[tuple[Betrayed, ...]]:
    """Every betrayal list for 1 .. len(stack) - 1 tiers, each tier to either side, with each
    face its piece's other side may show (top tier first, as written)."""
    out = []
    for depth in range(1, len(stack)):
        options = [[Betrayed(side, tier, face) for side in (0, 1)
                    for face in _other_faces(stack[tier - 1].face)]
                   for tier in range(depth, 0, -1)]
        combos: list[tuple[Betrayed, ...]] = [()]
        for choices in options:
            combos = [c + (b,) for c in combos for b in choices]
        out.extend(combos)
    return out


def _note_variants(pos: Position, side: int, sq: int, face: str) -> Iterator[dict]:
    """Notes worth trying on a move or strike of ``face`` onto ``sq``: each combination of a
    [X入手], a betrayal list and re-placement brackets that could apply there (the bare ply
    first)."""
    stack = pos.board[sq]
    obtained: list[dict] = [{}]
    if any(p.face == "兵" for p in stack) or face == "兵":
        obtained += [{"obtained": back} for back in PAWN_BACKS]
    betrayals: list[dict] = [{}]
    if face == "へ" and len(stack) >= 2:
        betrayals += [{"betrayal": betrayal} for betrayal in _betrayal_lists(stack)]
    placements: list[dict] = [{}]
    lance_here = any(p.face == "香" for p in stack)
    if lance_here or face == "香":
        placements += _placement_variants(pos, side, sq, both=lance_here and face == "香")
    for first in obtained:
        for second in betrayals:
            for third in placements:
                yield {**first, **second, **third}


def _placement_variants(pos: Position, side: int, sq: int, both: bool) -> Iterator[dict]:
    """Re-placement brackets on every square that may be free after a ply onto ``sq``: the
    empty ones, those the mover's pieces may leave, ``sq`` itself (a recovered 香 leaves it),
    and one occupied square to be refused; each naming 砲 and 砦."""
    geo = pos.geometry
    leaving = {s for s in SQUARES if pos.board[s] and pos.board[s][-1].owner == side}
    occupied = [s for s in SQUARES if pos.board[s] and s not in leaving][:1]
    candidates = [s for s in SQUARES if geo.playable(s) and (
        not pos.board[s] or s in leaving or s == sq or s in occupied)]
    brackets = {who: [(Coord(file_of(s), rank_of(s), 1), f) for s in candidates
                      if geo.in_territory(s, who) for f in ("砲", "砦")] for who in (0, 1)}
    for coord, fort in brackets[0] + brackets[1]:
        yield {"replace": coord, "replace_piece": fort}
    if both:
        for coord, fort in brackets[side]:
            for coord2, fort2 in brackets[1 - side]:
                yield {"replace": coord, "replace_piece": fort, "replace_next": coord2,
                       "replace_next_piece": fort2}


def every_ply(pos: Position) -> Iterator[Ply]:
    """Every syntactically possible battle ply of the side to move, without notes (see
    :func:`with_notes`), with no origin and with each the mover could mean."""
    side = pos.to_move
    on_board: dict[str, list[Coord]] = {}
    for sq in SQUARES:
        for tier, piece in enumerate(pos.board[sq], start=1):
            if piece.owner == side:
                on_board.setdefault(piece.face, []).append(Coord(file_of(sq), rank_of(sq), tier))
    for sq in SQUARES:
        file, rank = file_of(sq), rank_of(sq)
        for face in FACES:
            for tier in (1, 2, 3):
                yield Ply(side, face, file, rank, tier)
                for origin in on_board.get(face, ()):
                    yield Ply(side, face, file, rank, tier, origin=origin)
                yield Ply(side, face, file, rank, tier, drop=True)
                yield Ply(side, face, file, rank, None, strike=tier)
                yield Ply(side, "謀", file, rank, tier, swap=face)
                yield Ply(side, "帥", file, rank, tier, swap=face, swap_drop=True)
                yield Ply(side, face, file, rank, tier, swap="帥")
                if sq == pos.last_square:
                    yield Ply(side, face, None, None, tier)
                if face == "兵":
                    for back in PAWN_BACKS:
                        yield Ply(side, face, file, rank, tier, drop=True, back=back)
            if sq == pos.last_square:
                yield Ply(side, face, None, None, None)
                for victim in (1, 2, 3):
                    yield Ply(side, face, None, None, None, strike=victim)


#: Refusals that notes might cure: a note changes how a reading is carried out (and so whether
#: it leaves the own 帥 safe, or, by a betrayal, the stack within the same-kind rule), never
#: which pieces could make it.
NOTE_RULES = frozenset({"check", "ambiguous", "replacement", "betrayal", "obtained", "same-kind"})


def with_notes(pos: Position, ply: Ply) -> Iterator[Ply]:
    """The ply (a move or in-place attack) with each set of notes that could apply to it."""
    if ply.drop or ply.swap is not None or ply.file is None or ply.rank is None:
        return
    sq = square(ply.file, ply.rank)
    for notes in _note_variants(pos, ply.side, sq, ply.piece):
        if notes:
            yield replace(ply, **notes)


# -- the referee's answer --------------------------------------------------------------------

@dataclass
class Verdict:
    """What the referee made of one ply: the action key if it played, else None."""

    key: Key | None
    needs_origin: bool = False
    rules: list[str | None] = field(default_factory=list)
    events: list[dict] = field(default_factory=list)


def referee_verdict(pos: Position, ply: Ply) -> Verdict:
    """Read the ply in ``pos`` and, if it reads cleanly, carry it out on a copy."""
    side = pos.to_move
    try:
        reading = battle.read_ply(pos, ply, False)
    except KifuError as error:
        return Verdict(None, rules=[error.rule])
    faults = [w for w in reading.played.warnings if w.severity == "error"]  # not a missing 同
    if faults:
        return Verdict(None, rules=[w.rule for w in faults])
    try:
        played, move = battle.carry_out(pos.copy(), ply, reading, False)
    except KifuError as error:
        return Verdict(None, rules=[error.rule])
    offenders = [e["offender"] for e in played.events if e["type"] == "foul"]
    mine = ("black", "white")[side]
    other_side_fouls = sum(1 for o in offenders if o != mine)
    faults = [w for w in played.warnings if w.severity == "error"]
    if mine in offenders or len(faults) != other_side_fouls:
        return Verdict(None, rules=[w.rule for w in faults])
    assert move.resolved is not None
    return Verdict(played_key(move), move.resolved.needs_origin, events=played.events)


@dataclass
class Tally:
    """Counts over a differential run, and every disagreement found."""

    games: int = 0
    positions: int = 0
    plies: int = 0
    legal: int = 0
    features: Counter = field(default_factory=Counter)
    disagreements: list[str] = field(default_factory=list)


def compare(pos: Position, tally: Tally) -> None:
    """Every listed action plays (as the ply the generator's answer writes), and the set of
    actions that play among every possible ply is the generator's list."""
    side = pos.to_move
    listed = list(legal_actions(pos, side))
    generated = {action_key(a) for a in listed}
    tally.positions += 1
    tally.legal += len(listed)
    readings = Counter((a.face, a.to) for a in listed if a.kind == MOVE)
    _count_fouls(pos, side, tally)
    for action in listed:
        _note_features(pos, action, readings, tally)
        for ply in plies_for(pos, action, side):
            verdict = referee_verdict(pos, ply)
            tally.plies += 1
            for event in verdict.events:
                if event["type"] in ("betrayal", "forced-recovery", "forced-replacement",
                                     "foul", "mate"):
                    tally.features[f"{event['type']} played"] += 1
            needs = action.kind == MOVE and readings[(action.face, action.to)] > 1
            if ply.origin is None and needs:
                if verdict.key is not None:
                    tally.disagreements.append(f"{ply}: read without its origin, though "
                                               "another legal reading exists")
            elif verdict.key != action_key(action):
                tally.disagreements.append(f"listed {action} but {ply} gives {verdict}")
            elif verdict.needs_origin != needs:
                tally.disagreements.append(f"{ply}: needs_origin {verdict.needs_origin}, "
                                           f"but {readings[(action.face, action.to)]} readings")
    played: set[Key] = set()

    def judge(ply: Ply) -> Verdict:
        verdict = referee_verdict(pos, ply)
        tally.plies += 1
        if verdict.key is not None:
            played.add(verdict.key)
            if verdict.key not in generated:
                tally.disagreements.append(f"{ply} plays as {verdict.key}, not listed")
        return verdict

    in_hand = {p.face for p in pos.hands[side]}
    for ply in every_ply(pos):
        verdict = judge(ply)
        if ply.drop and ply.back is None and ply.piece in in_hand:
            _check_drop(pos, ply, verdict, tally)
        if verdict.key is not None or NOTE_RULES.intersection(verdict.rules):
            for noted in with_notes(pos, ply):
                judge(noted)
    for key in generated - played:
        tally.disagreements.append(f"listed {key} never plays")


#: Why a drop the square allows may still be refused: the own 帥, a boar with no move, a foul.
DROP_REFUSALS = frozenset({"check", "drop-dead", "ni-hyou", "ni-he", "pawn-drop-mate",
                           "he-mate"})


def drop_tier_by_text(pos: Position, side: int, face: str, sq: int) -> int | None:
    """The tier a drop lands on, straight from the text (None: not on that square): an empty
    square, or an uncovered own 地駒 at any tier (§十九 地連, §十一) that takes the piece — 砲 砦
    anything, 忍 back faces, 上 front faces — in a stack of three at most (§一) holding no own
    piece of that name (§十四)."""
    stack = pos.board[sq]
    if not stack:
        return 1 if pos.geometry.playable(sq) else None
    top = stack[-1]
    if len(stack) == 3 or top.owner != side or top.face not in ("砲", "砦", "忍", "上"):
        return None
    takes = {"砲": True, "砦": True, "忍": face in BACKS, "上": face in FRONTS}[top.face]
    if not takes or any(p.owner == side and p.face == face for p in stack):
        return None
    return len(stack) + 1


def _check_drop(pos: Position, ply: Ply, verdict: Verdict, tally: Tally) -> None:
    assert ply.file is not None and ply.rank is not None and ply.tier is not None
    tier = drop_tier_by_text(pos, ply.side, ply.piece, square(ply.file, ply.rank))
    if verdict.key is not None and tier != ply.tier:
        tally.disagreements.append(f"{ply} plays, but the text puts that drop on tier {tier}")
    elif verdict.key is None and tier == ply.tier and not DROP_REFUSALS.intersection(
            verdict.rules):
        tally.disagreements.append(f"{ply} is refused ({verdict.rules}), but the text allows "
                                   "that square")
    if tier == 3 and ply.tier == 3:
        tally.features["tier-3 drop tried"] += 1


def _count_fouls(pos: Position, side: int, tally: Tally) -> None:
    """Count the actions the generator leaves out although they keep the own 帥 safe: fouls."""
    for action in pseudo_actions(pos, side):
        ways = list(trials(pos, action, side))
        safe = [t for t in ways if king_safe(t.board, pos.geometry, side)]
        if safe and swap_allowed(pos, action, side) and not any(
                is_clean(pos, action, side, t) for t in safe):
            rule = mover_foul(pos, action, side, safe[0].board, 0, safe[0].betray is not None)
            tally.features[f"{rule} left out"] += 1


def _note_features(pos: Position, action: Action, readings: Counter, tally: Tally) -> None:
    if action.kind == DROP and action.tier == 3:
        tally.features["tier-3 drop"] += 1
    if action.kind == MOVE and readings[(action.face, action.to)] > 1:
        tally.features["origin bracket"] += 1
    if action.kind == EXCHANGE:
        tally.features["砦 exchange"] += 1
    if action.face == "へ" and action.victim_tier is not None and len(pos.board[action.to]) >= 2:
        tally.features["betrayal possible"] += 1
    if action.victim_tier is not None:
        index = 0 if action.kind == EXCHANGE else action.victim_tier - 1
        if pos.board[action.to][index].face == "香":
            tally.features["香 taken"] += 1


def random_game(rng: random.Random, plies: int, tally: Tally) -> None:
    """A random position and a random game of up to ``plies`` plies from it, each position
    compared in full."""
    pos = random_position(rng)
    tally.games += 1
    for _ in range(plies + 1):
        if pos.outcome is not None or pos.phase != BATTLE:
            return
        compare(pos, tally)
        listed = list(legal_actions(pos, pos.to_move))
        if not listed:
            return
        action = rng.choice(listed)
        ply = rng.choice(plies_for(pos, action, pos.to_move))
        if ply.origin is None and sum(1 for a in listed if a.kind == MOVE and a.face ==
                                      action.face and a.to == action.to) > 1:
            ply = next(p for p in plies_for(pos, action, pos.to_move) if p.origin is not None)
        played, _ = battle.play_ply(pos, ply, False)
        tally.features["plies played"] += 1
