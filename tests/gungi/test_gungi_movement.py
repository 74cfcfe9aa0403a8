"""Every piece's movement on each tier and on an enemy (§十一), drawn as the source describes it.

Each pattern is a 5x5 window around a black piece ``P`` on 5―5 (forward is up); ``o`` marks the
squares it may move to.  Sliding pieces' rays run on past the window; only the window is
compared.  The piece stands on tier 1, or on own pieces for tiers 2 and 3, or on a white piece
for 敵上.
"""
from __future__ import annotations

import pytest

from kifu.builtin.gungi import GAME
from kifu.builtin.gungi.geometry import file_of, rank_of
from kifu.builtin.gungi.rules.actions import MOVE
from kifu.builtin.gungi.rules.legal import legal_actions

PATTERNS = {
    ("謀", 1): ".....|.ooo.|..P..|.o.o.|.....",
    ("謀", 2): ".....|.ooo.|..P..|.ooo.|.....",
    ("謀", 3): ".....|.o.o.|o.P.o|.o.o.|o...o",
    ("侍", 1): ".....|.ooo.|.oPo.|..o..|.....",
    ("侍", 2): "..o..|.o.o.|.oPo.|.....|..o..",
    ("侍", 3): "..o..|.o.o.|.oPo.|.....|..o..",
    ("兵", 1): ".....|..o..|..P..|.....|.....",
    ("兵", 2): ".....|..o..|o.P.o|.....|.....",
    ("兵", 3): ".....|.o.o.|o.P.o|.....|.....",
    ("忍", 1): ".o.o.|.....|..P..|.....|.....",
    ("忍", 2): ".o.o.|.o.o.|..P..|.....|.....",
    ("忍", 3): ".o.o.|.o.o.|..P..|.....|.....",
    ("臥", 1): "..o..|..o..|ooPoo|..o..|..o..",
    ("臥", 2): ".....|.o.o.|..P..|.o.o.|.....",
    ("臥", 3): ".....|.o.o.|..P..|.o.o.|.....",
    ("雛", 1): "o...o|.o.o.|..P..|.o.o.|o...o",
    ("雛", 2): ".....|..o..|.oPo.|..o..|.....",
    ("雛", 3): ".....|..o..|.oPo.|..o..|.....",
    ("帥", 1): ".....|.ooo.|.oPo.|.ooo.|.....",
    ("帥", 2): ".....|.ooo.|.oPo.|.ooo.|.....",
    ("帥", 3): ".....|.ooo.|.oPo.|.ooo.|.....",
    ("弓", 1): "..o..|.....|o.P.o|.....|.....",
    ("弓", 2): "o...o|..o..|..P..|..o..|.....",
    ("弓", 3): "o...o|.....|o.P.o|.....|..o..",
    ("筒", 1): ".....|.o.o.|..P..|.o.o.|.....",
    ("筒", 2): ".....|..o..|.oPo.|..o..|.....",
    ("筒", 3): ".....|..o..|.oPo.|..o..|.....",
    ("槍", 1): "..o..|..o..|.oPo.|..o..|.....",
    ("槍", 2): ".....|.o.o.|..P..|.o.o.|.....",
    ("槍", 3): ".....|.o.o.|..P..|.o.o.|.....",
    ("さ", 1): ".....|..o..|.oPo.|..o..|.....",
    ("さ", 2): ".....|.o.o.|..P..|.o.o.|.....",
    ("さ", 3): ".....|.o.o.|..P..|.o.o.|.....",
    ("と", 1): ".....|.ooo.|.oPo.|..o..|.....",
    ("と", 2): ".....|.ooo.|.oPo.|..o..|.....",
    ("と", 3): ".....|.ooo.|.oPo.|..o..|.....",
    ("へ", 1): ".....|.....|.oPo.|.....|.....",
    ("へ", 2): ".....|.....|.oPo.|.....|.....",
    ("へ", 3): ".....|.....|.oPo.|.....|.....",
    ("上", 1): ".o.o.|.....|..P..|..o..|.....",
    ("上", 2): ".o.o.|.o.o.|..P..|..o..|.....",
    ("上", 3): ".o.o.|.o.o.|..P..|.....|oo.oo",
    ("龍", 1): "..o..|.ooo.|ooPoo|.ooo.|..o..",
    ("龍", 2): ".....|.o.o.|..P..|.o.o.|.....",
    ("龍", 3): ".....|.o.o.|..P..|.o.o.|.....",
    ("鳳", 1): "o...o|.ooo.|.oPo.|.ooo.|o...o",
    ("鳳", 2): ".....|..o..|.oPo.|..o..|.....",
    ("鳳", 3): ".....|..o..|.oPo.|..o..|.....",
    ("香", 1): "..o..|..o..|..P..|.....|.....",
    ("香", 2): ".....|.o.o.|..P..|.o.o.|.....",
    ("香", 3): ".....|.o.o.|..P..|.o.o.|.....",
    ("や", 1): ".....|..o..|..P..|.ooo.|.....",
    ("や", 2): ".....|..o..|..P..|..o..|o...o",
    ("や", 3): ".....|..o..|..P..|.ooo.|o...o",
}
ON_ENEMY = ".....|.ooo.|.oPo.|..o..|....."   # と's movement


def destinations(gungi, cell: str) -> str:
    """The 5x5 window of squares the top piece on 5―5 may move to, drawn like PATTERNS."""
    rows = [". " * 9] * 9
    rows[0] = ". v帥 . . . . . . ."
    rows[8] = ". . . . . . . 帥 ." if "帥" not in cell else ". " * 9
    rows[4] = ". . . . " + cell + " . . . ."
    position = GAME.start(GAME.parse(gungi.bod("\n".join(rows))))
    reached = {(file_of(a.to), rank_of(a.to)) for a in legal_actions(position, 0)
               if a.kind == MOVE and a.origin is not None and (file_of(a.origin),
                                                               rank_of(a.origin)) == (5, 5)}
    out = []
    for rank in range(3, 8):
        out.append("".join("P" if (f, rank) == (5, 5) else "o" if (f, rank) in reached else "."
                           for f in range(7, 2, -1)))
    return "|".join(out)


def stack_for(face: str, tier: int, enemy: bool = False) -> str:
    bases = [b for b in ("と", "さ", "筒") if b != face][: tier - 1]
    if enemy:
        bases = ["v槍" if face != "槍" else "v筒"]
    return "".join(bases) + face


@pytest.mark.parametrize("face,tier", sorted(PATTERNS))
def test_movement_table(gungi, face: str, tier: int) -> None:
    assert destinations(gungi, stack_for(face, tier)) == PATTERNS[face, tier]


@pytest.mark.parametrize("face", sorted({f for f, _ in PATTERNS} - {"帥"}))
def test_movement_on_enemy_is_to(gungi, face: str) -> None:
    """敵上: standing directly on an enemy piece, every piece but 帥 moves as と."""
    assert destinations(gungi, stack_for(face, 2, enemy=True)) == ON_ENEMY


def test_movement_king_on_enemy_has_none(gungi) -> None:
    """帥 has no movement on an enemy (敵上……なし); it stands on a 砦 that cannot strike it."""
    rows = [". v帥 . . . . . . .", *([". . . . . . . . ."] * 3),
            ". . . . v砦帥 . . . .", *([". . . . . . . . ."] * 4)]
    position = GAME.start(GAME.parse(gungi.bod("\n".join(rows))))
    kinds = {a.kind for a in legal_actions(position, 0)}
    assert kinds == {"strike"}
