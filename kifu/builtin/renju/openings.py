"""The 26 openings of Renju, named from the first three stones up to the board's symmetries.

Black's first stone stands in the centre, white's beside it, straight (a *direct* opening) or
diagonally (an *indirect* one), and black's second within the centre's 5x5 square: up to
rotation and reflection that leaves thirteen shapes of each kind.  Turned so that the first
stone is on h8 and white's on h9 (direct) or i9 (indirect), each third stone names one, in the
order and with the names Renju players use (D1 寒星 Kansei ... I13 彗星 Suisei).
"""
from __future__ import annotations

from collections.abc import Sequence

from kifu.builtin.renju.moves import Point

#: The third stone, as (column, row) steps from the first, of each direct opening (white one
#: step up) and each indirect one (white one step up and right), with its names.
DIRECT = {
    (0, 2): ("D1", "寒星", "Kansei"), (1, 2): ("D2", "渓月", "Keigetsu"),
    (2, 2): ("D3", "疎星", "Sosei"), (1, 1): ("D4", "花月", "Kagetsu"),
    (2, 1): ("D5", "残月", "Zangetsu"), (1, 0): ("D6", "雨月", "Ugetsu"),
    (2, 0): ("D7", "金星", "Kinsei"), (0, -1): ("D8", "松月", "Shōgetsu"),
    (1, -1): ("D9", "丘月", "Kyūgetsu"), (2, -1): ("D10", "新月", "Shingetsu"),
    (0, -2): ("D11", "瑞星", "Zuisei"), (1, -2): ("D12", "山月", "Sangetsu"),
    (2, -2): ("D13", "遊星", "Yūsei"),
}
INDIRECT = {
    (2, 2): ("I1", "長星", "Chōsei"), (2, 1): ("I2", "峡月", "Kyōgetsu"),
    (2, 0): ("I3", "恒星", "Kōsei"), (2, -1): ("I4", "水月", "Suigetsu"),
    (2, -2): ("I5", "流星", "Ryūsei"), (1, 0): ("I6", "雲月", "Ungetsu"),
    (1, -1): ("I7", "浦月", "Hogetsu"), (1, -2): ("I8", "嵐月", "Rangetsu"),
    (0, -1): ("I9", "銀月", "Gingetsu"), (0, -2): ("I10", "明星", "Myōjō"),
    (-1, -1): ("I11", "斜月", "Shagetsu"), (-1, -2): ("I12", "名月", "Meigetsu"),
    (-2, -2): ("I13", "彗星", "Suisei"),
}

#: The eight symmetries of a square, as maps of (column, row) steps.
_SYMMETRIES = (
    lambda x, y: (x, y), lambda x, y: (-x, y), lambda x, y: (x, -y), lambda x, y: (-x, -y),
    lambda x, y: (y, x), lambda x, y: (-y, x), lambda x, y: (y, -x), lambda x, y: (-y, -x),
)


def opening_of(first: Sequence[Point]) -> tuple[str, str, str] | None:
    """The opening the first three stones make (black, white, black): its code, Japanese name
    and reading, or ``None`` when they make none of the 26 (white not beside black's first
    stone, or the third stone outside the 5x5 square around it).  The first stone need not be
    in the centre: the shape alone names the opening."""
    if len(first) < 3:
        return None
    one, two, three = first[:3]
    white = (two.column - one.column, two.row - one.row)
    third = (three.column - one.column, three.row - one.row)
    for turn in _SYMMETRIES:
        if turn(*white) == (0, 1):
            table = DIRECT
        elif turn(*white) == (1, 1):
            table = INDIRECT
        else:
            continue
        found = table.get(turn(*third))
        if found is not None:
            return found
    return None


def name_of(first: Sequence[Point]) -> str | None:
    """The opening's name as kifu writes it in ``Opening:``: ``D4 Kagetsu 花月``."""
    found = opening_of(first)
    return None if found is None else f"{found[0]} {found[2]} {found[1]}"


def code_of(stated: str) -> str | None:
    """The code (``D4``) of an opening as a record names it: by code, reading or Japanese name
    (``D4``, ``Kagetsu``, ``花月``, ``D4 Kagetsu 花月``; any case, long vowels or not)."""
    words = stated.replace(",", " ").split()
    for code, japanese, reading in (*DIRECT.values(), *INDIRECT.values()):
        plain = reading.translate(_PLAIN).casefold()
        for word in words:
            if word.casefold() in (code.casefold(), plain) or word == japanese \
                    or word.translate(_PLAIN).casefold() == plain:
                return code
    return None


#: Readings written without the long-vowel marks (Shōgetsu, Shogetsu).
_PLAIN = str.maketrans("ōūŌŪ", "ouOU")
