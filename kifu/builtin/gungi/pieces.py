"""The pieces of Gungi (Nishitsuji rules): faces, their pairs, the set, and their names.

A physical piece has two faces.  Most pairs are fixed (謀/筒, 侍/槍 ...); 兵 has one of three
backs (さ, と, へ) and 香 is the back of both 砲 and 砦, so for those two the other face is a
property of the individual piece (see :mod:`kifu.builtin.gungi.hidden`).
"""
from __future__ import annotations

from collections import Counter

BLACK, WHITE = 0, 1
SIDE_NAMES = ("black", "white")
MARKS = ("▲", "▽")

FRONTS = ("謀", "侍", "兵", "忍", "砲", "砦", "臥", "雛", "帥", "弓")
BACKS = ("筒", "槍", "さ", "と", "へ", "上", "龍", "鳳", "香", "や")
FACES = FRONTS + BACKS

#: Fixed pairs front -> back; 兵's back and 香's front belong to the piece.
BACK_OF = {"謀": "筒", "侍": "槍", "忍": "上", "臥": "龍", "雛": "鳳", "弓": "や",
           "砲": "香", "砦": "香", "帥": None}
FRONT_OF = {"筒": "謀", "槍": "侍", "上": "忍", "龍": "臥", "鳳": "雛", "や": "弓",
            "さ": "兵", "と": "兵", "へ": "兵"}
PAWN_BACKS = ("さ", "と", "へ")
#: The face of a piece in hand that the record has not shown yet: a 兵 whose back is hidden
#: turns over when it is recovered into the enemy's hand (強制回収), and what it then shows, さ,
#: と or へ, is seen only when it is dropped.  A diagram writes it ``裏(兵)`` ("a back of a 兵").
UNSEEN = "裏"

#: One side's set: 23 pieces, as (front, back) pairs.
SET: tuple[tuple[str, str | None], ...] = (
    ("謀", "筒"), ("謀", "筒"), ("侍", "槍"), ("侍", "槍"),
    ("兵", "さ"), ("兵", "と"), *(("兵", "へ"),) * 7,
    ("忍", "上"), ("忍", "上"), ("忍", "上"), ("砲", "香"), ("砦", "香"),
    ("臥", "龍"), ("雛", "鳳"), ("帥", None), ("弓", "や"), ("弓", "や"),
)
FRONT_COUNTS = Counter(front for front, _ in SET)

#: Pieces that may never be in hand, and so never dropped.
NEVER_IN_HAND = frozenset({"帥", "砲", "砦"})
#: Pieces that cannot move at all (不動駒) and give the range bonus to what stands on them.
FORTS = frozenset({"砲", "砦"})
#: 地駒: a drop may land directly on one of these (if nothing stands on it).
GROUND = frozenset({"砲", "砦", "忍", "上"})
#: 猪駒: recovered into a hand when they can make no further move.
BOARS = frozenset({"兵", "忍", "香"})
#: Pieces that may leap over others.
JUMPERS = frozenset({"忍", "弓", "上"})
#: Pieces that never receive the range bonus of 砲 / 砦.
NO_BONUS = frozenset({"臥", "龍", "鳳", "雛", "帥", "香"})


# -- the romanised (ASCII) names ----------------------------------------------------------------

ROMAJI = {
    "謀": "hakaru", "侍": "samurai", "兵": "hyou", "忍": "shinobi", "砲": "oozutsu",
    "砦": "toride", "臥": "ga", "雛": "hina", "帥": "sui", "弓": "yumi",
    "筒": "tsutsu", "槍": "yari", "さ": "sa", "と": "to", "へ": "he", "上": "jou",
    "龍": "ryuu", "鳳": "hou", "香": "kaoru", "や": "ya",
}
FROM_ROMAJI = {name: face for face, name in ROMAJI.items()}
UNSEEN_ROMAJI = "ura"
#: Spellings a reader accepts besides the canonical ones (katakana ヘ for へ, common kanji).
ALIASES = {"ヘ": "へ", "竜": "龍", "サ": "さ", "ト": "と", "ヤ": "や"}


def face_of(text: str) -> str:
    """The canonical face for a written piece name (kanji, kana, alias or romaji)."""
    text = str(text)
    text = ALIASES.get(text, text)
    if text in FACES:
        return text
    if text == UNSEEN or text.lower() == UNSEEN_ROMAJI:
        return UNSEEN
    return FROM_ROMAJI[text.lower()]


def face_name(face: str, ascii_names: bool = False) -> str:
    """A face as the notation writes it (the romanised name in the ASCII dialect)."""
    if not ascii_names:
        return face
    return UNSEEN_ROMAJI if face == UNSEEN else ROMAJI[face]
