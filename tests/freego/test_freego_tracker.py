"""The tracker an explorer's step hashes the moves of a position with: each position one move
after another, worked out from that parent's hash (``visit_from``), is hashed exactly as a
tracker that reads it whole hashes it, captures and a position not made from the parent
included."""
from __future__ import annotations

import random
from typing import Any

from kifu.base.errors import KifuError
from kifu.base.record import Record
from kifu.plugin import AnyGame, registry


def hashed_whole(game: AnyGame, positions: list[Any]) -> list[tuple[int, int]]:
    found = []
    for position in positions:  # a tracker of its own each: every position read whole
        tracker = game.tracker(position)
        tracker.visit(position)
        tracker.finish()
        found.append((tracker.hashes[0], tracker.images[0]))
    return found


def test_children_hash_as_read_whole() -> None:
    game = registry.get("freego")
    rng = random.Random(40)
    position = game.start(Record("freego"))
    for _ in range(140):  # a crowded board: stones taken by the moves that follow it
        moves = [move for move in game.legal_moves(position) if str(move) != "pass"]
        game.play(position, rng.choice(moves))
    children = []
    for move in game.legal_moves(position):
        after = game.copy(position)
        try:
            game.play_quietly(after, move)
        except KifuError:
            continue
        children.append(after)
    assert any(sum(1 for cell in child.cells if cell > 0) <=
               sum(1 for cell in position.cells if cell > 0) for child in children)
    stranger = game.start(Record("freego"))  # made from no parent of the tracker's
    game.play(stranger, game.parse_move("D4", stranger))
    walked = [*children, stranger, children[0]]
    tracker = game.tracker(position)
    tracker.unlogged()
    for child in walked:
        tracker.visit_from(position, child)
    tracker.finish()
    assert list(zip(tracker.hashes, tracker.images, strict=True)) == hashed_whole(game, walked)
    assert len(tracker.log) == 0
