"""kifu's move generator against a second one written from the rules text alone
(``independent.py``), on random games from random study positions: both sets of legal actions
must be equal in every position (the §二十六 trade aside; positions holding a face nobody has
seen yet are skipped, as the second generator knows every back).

CI runs a few games; ``KIFU_THOROUGH=1`` runs 400 (``KIFU_GAMES`` sets another count) and prints
the tally:

    KIFU_THOROUGH=1 python -m pytest tests/gungi/test_gungi_independent.py -s
"""
from __future__ import annotations

import os
import random

from kifu.base.errors import SetupError
from kifu.builtin.gungi.pieces import PAWN_BACKS, UNSEEN
from kifu.builtin.gungi.position import BATTLE, Position
from kifu.builtin.gungi.rules import battle
from kifu.builtin.gungi.rules.actions import DROP, EXCHANGE, MOVE, STRIKE, SUBSTITUTE, SWAP, Action
from kifu.builtin.gungi.rules.legal import legal_actions
from kifu.builtin.gungi.rules.start_position import from_diagram, kind_of
from kifu.builtin.gungi.setup import Diagram, SetupPiece
from tests.gungi import bruteforce, independent

THOROUGH = bool(os.environ.get("KIFU_THOROUGH"))
GAMES = int(os.environ.get("KIFU_GAMES", 400 if THOROUGH else 12))
PLIES = 10 if THOROUGH else 5


class _KnownBacks(bruteforce._Builder):
    """The differential test's random positions, every 兵's back and 香's front named."""

    def piece(self, side: int, face: str) -> SetupPiece | None:
        kind = kind_of(face)
        if self.left[kind] <= 0:
            return None
        self.left[kind] -= 1
        hidden = None
        if face == "兵":
            hidden = self.rng.choice(PAWN_BACKS)
        elif face == "香":
            hidden = self.rng.choice(("砲", "砦"))
        return SetupPiece(side, face, hidden)


def _position(rng: random.Random) -> Position:
    while True:
        build = _KnownBacks(rng)
        to_move = rng.randint(0, 1)
        for _ in range(rng.randint(1, 3)):
            build.ground_with_room(rng.choice((to_move, to_move, 1 - to_move)))
        for _ in range(rng.randint(0, 3)):
            build.twins(rng.choice((to_move, to_move, 1 - to_move)))
        for _ in range(rng.randint(0, 3)):
            build.he_beside_a_stack(rng.choice((to_move, to_move, 1 - to_move)))
        build.scatter(rng.randint(8, 30))
        build.kings()
        for side in (0, 1):
            build.hand(side, rng.randint(0, 8))
        diagram = Diagram(tuple(tuple(s) for s in build.stacks),
                          (tuple(build.hands[0]), tuple(build.hands[1])), to_move)
        try:
            return from_diagram(diagram)
        except SetupError:
            continue


def _key(action: Action) -> tuple:
    if action.kind == MOVE:
        return ("move", action.face, action.origin, action.origin_tier, action.to, action.tier)
    if action.kind == STRIKE:
        return ("strike", action.face, action.to, action.victim_tier)
    if action.kind == SWAP:
        return ("swap", action.to, action.origin_tier, action.other)
    if action.kind == SUBSTITUTE:
        return ("subst", action.to)
    assert action.kind == DROP
    return ("drop", action.face, action.to, action.tier)


def _hidden(pos: Position) -> bool:
    pieces = [p for stack in pos.board for p in stack] + [p for hand in pos.hands for p in hand]
    return any(p.face == UNSEEN or (p.other is None and p.face in ("兵", "香")) for p in pieces)


def _second_opinion(pos: Position) -> set[tuple]:
    side = pos.to_move
    board = [[[p.owner, p.face, p.other] for p in stack] for stack in pos.board]
    hands = tuple([[p.owner, p.face, p.other] for p in hand] for hand in pos.hands)
    last = pos.last_swap[side]

    def may_swap(sq: int) -> bool:  # the same 謀 does not swap on two turns running
        stack = pos.board[sq]
        return not any(p.face == "謀" and p.pid == last for p in (stack[0], stack[2]))

    keys = independent.legal_keys(board, hands, side, may_swap)
    return {key[:2] if key[0] == "subst" else key for key in keys}


def test_the_move_generator_agrees_with_one_written_from_the_text() -> None:
    rng = random.Random(20261127)
    positions = skipped = 0
    disagreements: list[str] = []
    for _ in range(GAMES):
        pos = _position(rng)
        for _ in range(PLIES + 1):
            if pos.outcome is not None or pos.phase != BATTLE:
                break
            listed = list(legal_actions(pos, pos.to_move))
            if _hidden(pos):
                skipped += 1
            else:
                positions += 1
                ours = {_key(a) for a in listed if a.kind != EXCHANGE}
                theirs = _second_opinion(pos)
                if ours != theirs:
                    disagreements.append(f"{pos!r}: kifu only {sorted(ours - theirs, key=str)}, "
                                         f"text only {sorted(theirs - ours, key=str)}")
            if not listed:
                break
            action = rng.choice(listed)
            plies = bruteforce.plies_for(pos, action, pos.to_move)
            ply = rng.choice(plies)
            if ply.origin is None and sum(1 for a in listed if a.kind == MOVE and a.face ==
                                          action.face and a.to == action.to) > 1:
                ply = next((p for p in plies if p.origin is not None), ply)
            battle.play_ply(pos, ply, False)
    if THOROUGH:
        print(f"\n{GAMES} games, {positions} positions compared, {skipped} skipped, "
              f"{len(disagreements)} disagreements")
    assert not disagreements, "\n".join(disagreements[:10])
    assert positions >= GAMES
