"""The chain resolver on fields drawn in the tests: groups of four, gravity, row 13, garbage
removal, doubles; cross-checked against a brute-force resolver and against Puyo Puyo Tsu
scores computed from the links for fields with a known answer (puyoai's test fields)."""
from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from kifu.builtin.rengi import bitboard
from kifu.builtin.rengi.bitboard import FULL, resolve
from tests.rengi import bruteforce
from tests.rengi.fields import boards, draw


def run(diagram: str) -> tuple[list[bitboard.Link], list[int]]:
    field = boards(diagram)
    links = resolve(field, FULL)
    return links, field


def test_four_in_a_column_vanish():
    links, field = run("""
        a.....
        a.....
        a.....
        a.....
    """)
    assert [(link.stones, link.groups) for link in links] == [(4, 1)]
    assert bitboard.occupied(field) == 0


def test_three_do_not_vanish_and_diagonals_do_not_connect():
    links, _ = run("""
        .a....
        a.a...
        aa....
    """)
    assert links == []


def test_stones_above_fall_after_a_clear():
    links, field = run("""
        c.....
        b.....
        aaaa..
    """)
    assert len(links) == 1
    assert draw(field, 2) == "c.....\nb....."


def test_row_13_does_not_connect():
    """Three in row 12 and a fourth above in row 13 stay: row 13 is outside the connection
    check."""
    links, _ = run("""
        a.....
        aaa...
        bbcc..
        ccbb..
        bbcc..
        ccbb..
        bbcc..
        ccbb..
        bbcc..
        ccbb..
        bbcc..
        ccbb..
        dbdb..
    """)
    assert links == []


def test_row_13_stone_falls_and_joins_the_next_link():
    """The 'a' in row 13 connects with nothing; once the b's below vanish it falls to row 9,
    beside three a's, and makes link 2."""
    links, field = run("""
        a.....
        c.....
        c.....
        da....
        ca....
        da....
        cd....
        dc....
        cd....
        bc....
        bd....
        bc....
        bd....
    """)
    assert [(link.stones, link.groups) for link in links] == [(4, 1), (4, 1)]
    assert draw(field, 8) == "\n".join(
        ["c.....", "cd....", "dc....", "cd....", "dc....", "cd....", "dc....", "cd...."])


def test_row_13_rule_on_the_19_chain_field():
    """puyoai's 19-chain field uses row 13 (its top row has stones that fall in)."""
    links, _ = run(NINETEEN)
    assert len(links) == 19
    assert all(link.stones == 4 and link.groups == 1 for link in links)


def test_adjacent_garbage_vanishes_with_the_group():
    links, field = run("""
        j.....
        aj....
        aaaj..
    """)
    assert links[0].garbage == 3
    assert links[0].stones == 4  # the garbage table counts colour stones only
    assert draw(field, 2) == "......\n......"


def test_diagonal_garbage_stays():
    links, field = run("""
        .j....
        ab....
        aaa.j.
    """)
    assert links[0].garbage == 0
    assert draw(field, 3) == "......\n.j....\n.b..j."


def test_garbage_does_not_chain_through_garbage():
    links, field = run("""
        jj....
        aaaa..
    """)
    assert links[0].garbage == 2  # both are next to an 'a'
    links, field = run("""
        j.....
        j.....
        aaaa..
    """)
    assert links[0].garbage == 1  # the upper one touches only garbage; it falls
    assert draw(field, 1) == "j....."


def test_garbage_in_row_13_is_not_cleared_from_row_12():
    rows = """
        j.....
        a.....
        a.....
        a.....
        a.....
        b.....
        c.....
        b.....
        c.....
        b.....
        c.....
        b.....
        c.....
    """
    field = boards(rows)
    field[0] &= ~bitboard.bit(0, 8)  # rows 9..12 are a's below the row-13 garbage
    for r in range(8, 12):
        field[0] |= bitboard.bit(0, r)
    links = resolve(field, FULL)
    assert [link.garbage for link in links] == [0]
    assert bitboard.kind_at(field, 0, 8) == bitboard.GARBAGE  # it fell from row 13


def test_double_counts_two_groups():
    links, _ = run("""
        ab....
        ab....
        ab....
        ab....
    """)
    assert [(link.stones, link.groups, link.sizes) for link in links] == [(8, 2, (4, 4))]
    assert links[0].colours == 0b11


def test_two_groups_of_one_colour_are_two_groups():
    links, _ = run("""
        a.a...
        a.a...
        a.a...
        abab..
    """)
    assert (links[0].stones, links[0].groups) == (8, 2)


def test_a_big_group_counts_every_stone():
    links, _ = run("""
        aaa...
        aaaa..
    """)
    assert (links[0].stones, links[0].groups, links[0].sizes) == (7, 1, (7,))


def test_two_link_chain():
    links, field = run("""
        b.....
        a.....
        a.....
        a.....
        abbb..
    """)
    assert [(link.stones, link.groups) for link in links] == [(4, 1), (4, 1)]
    assert bitboard.occupied(field) == 0


def test_frames_record_each_step():
    field = boards("""
        b.....
        a.....
        a.....
        a.....
        abbb..
    """)
    frames: list[tuple[int, ...]] = []
    links = resolve(field, FULL, frames)
    assert len(frames) == len(links) + 1
    assert draw(frames[1], 2) == "......\nbbbb.."


# -- oracles --------------------------------------------------------------------------------

NINETEEN = """
    .G.BRG
    GBRRYR
    RRYYBY
    RGYRBR
    YGYRBY
    YGBGYR
    GRBGYR
    BRBYBY
    RYYBYY
    BRBYBR
    BGBYRR
    YGBGBG
    RBGBGG
""".translate(str.maketrans("RGBY", "abcd"))

CHAIN_BONUS = [0, 8, 16, 32, 64, 96, 128, 160, 192, 224, 256, 288, 320, 352, 384, 416, 448,
               480, 512]
GROUP_BONUS = {4: 0, 5: 2, 6: 3, 7: 4, 8: 5, 9: 6, 10: 7}
COLOUR_BONUS = [0, 0, 3, 6, 12]


def tsu_score(links: list[bitboard.Link]) -> int:
    """Puyo Puyo Tsu's score, computed from the links, to compare with published answers."""
    score = 0
    for k, link in enumerate(links):
        bonus = CHAIN_BONUS[k] + sum(GROUP_BONUS.get(s, 10) for s in link.sizes)
        bonus += COLOUR_BONUS[bin(link.colours).count("1")]
        score += 10 * link.stones * max(1, bonus)
    return score


PUYOAI = [  # (field, chains, Puyo Puyo Tsu score) from puyoai's simulator tests
    ("""
        B.....
        RY....
        RY....
        RBBG..
        YBGG..
        RYBG..
     """, 4, 40 * 1 + 40 * 8 + 40 * 16 + 40 * 32),
    ("""
        ..BY..
        ..BR..
        ..BR..
        .BRR..
     """, 2, 40 * 1 + 40 * 8),
    (NINETEEN, 19, 175080),
]


def test_known_fields_give_the_published_chain_and_score():
    for diagram, chains, score in PUYOAI:
        links, _ = run(diagram.translate(str.maketrans("RGBY", "abcd")))
        assert (len(links), tsu_score(links)) == (chains, score)


CELL = st.sampled_from("abcdabcdabcdj")


@st.composite
def settled_fields(draw_: st.DrawFn) -> list[str]:
    """Random fields without floating stones (each column a random stack)."""
    columns = []
    for _ in range(bitboard.COLUMNS):
        height = draw_(st.integers(0, bitboard.ROWS))
        columns.append([draw_(CELL) for _ in range(height)] + ["."] * (bitboard.ROWS - height))
    return ["".join(columns[c][r] for c in range(bitboard.COLUMNS))
            for r in range(bitboard.ROWS - 1, -1, -1)]


@given(settled_fields())
def test_bitboard_resolver_agrees_with_brute_force(rows):
    field = bitboard.from_rows(rows)
    links = resolve(field, FULL)
    grid = bruteforce.grid_from_rows(rows)
    expected = bruteforce.resolve(grid)
    assert [(link.stones, link.groups, link.garbage) for link in links] == expected
    assert bitboard.to_rows(field) == bruteforce.rows_from_grid(grid)
    assert bitboard.floating(field) == 0
