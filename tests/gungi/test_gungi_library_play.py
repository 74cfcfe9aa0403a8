"""A program plays Gungi through the library from the start: set-up markers and placements
come from ``legal_moves`` like the plies of the battle, and what it plays is a record that
validates and reads back."""
from __future__ import annotations

import random

import kifu
from kifu.base.record import Node, Record
from kifu.builtin.gungi import GAME
from kifu.builtin.gungi.geometry import square
from kifu.builtin.gungi.moves import Section
from kifu.builtin.gungi.position import Piece, Position
from kifu.builtin.gungi.rules.formation import can_complete
from kifu.builtin.gungi.rules.plies import setup_placements
from kifu.plugin import driver

#: Battle plies played from the start (random play rarely mates sooner).
BATTLE_PLIES = 30


def test_start_offers_the_set_up_markers_and_plays_into_the_battle() -> None:
    game = kifu.game("gungi")
    rng = random.Random(2026)
    position = game.start()
    played: list[object] = []
    while game.outcome(position) is None and position.battle_plies < BATTLE_PLIES:
        moves = game.legal_moves(position)
        assert moves, f"no legal move in the {position.phase} phase"
        move = rng.choice(moves)
        played.append(move)
        position = game.play(position, move)
    markers = [str(move) for move in played if isinstance(move, Section)]
    assert markers[:3] == ["[打ち始め]", "[済み]", "「開戦」"]
    assert sum(type(move).__name__ == "Placement" for move in played) == 46
    record = Record(game="gungi", moves=[Node(move) for move in played])
    problems, _ = driver.check(GAME, GAME.parse(GAME.write(record)))
    assert [p for p in problems if p.severity == "error"] == []


def test_a_placement_that_leaves_a_file_without_room_for_its_pawn_is_not_listed() -> None:
    """Every file must end the set-up with a 兵 of each side, one each: a placement after
    which some file has no room left for the 兵 it still needs would leave no way to
    [済み].  ▲ has a 兵 on every file but file 1, which has one square with room left: no 謀
    may fill it."""
    position = Position()
    GAME.play(position, Section("begin"))
    assert position.to_place is not None
    position.to_place[0].clear()
    position.to_place[0].update({"兵": 1, "謀": 2})
    position.to_move = 0
    for rank, stack in ((7, ("侍", "弓", "忍")), (8, ("忍", "弓", "臥")), (9, ("雛", "侍"))):
        position.board[square(1, rank)].extend(Piece(0, face) for face in stack)
    for file in range(2, 10):
        position.board[square(file, 7)].append(Piece(0, "兵"))
    assert can_complete(position, 0, position.to_place[0])
    listed = {str(p) for p in setup_placements(position)}
    assert "▲1―9―3―謀" not in listed and "▲1―9―3―兵" in listed
