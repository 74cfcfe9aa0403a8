"""The garbage computation: the 邪魔石表 against its transcription and every worked example of
the source, the two simple modes (including the source's disagreeing table entries), the 1-chain
reduction and the 4-stone exception, units and the stock, and offsetting."""
from __future__ import annotations

import json
from pathlib import Path

import pytest

from kifu.builtin.rengi import garbage
from kifu.builtin.rengi.garbage import ROW, finish_chain, generated, table_stones

TABLE = json.loads((Path(__file__).parent / "data" / "rengi_garbage_table.json")
                   .read_text(encoding="utf-8"))


def printed(text: str) -> int:
    """The source's 'a-b' (a rows, b stones), or whole rows ('5')."""
    rows, _, stones = text.partition("-")
    return ROW * int(rows) + int(stones or 0)


def chain(n: int, **big: int) -> list[int]:
    """Links of an n-chain: 4 stones each except ``big`` (link number -> stones)."""
    return [big.get(f"l{k}", 4) for k in range(1, n + 1)]


# -- the standard table, cell by cell ---------------------------------------------------------

@pytest.mark.parametrize("link", range(1, 20))
def test_table_chain_total_matches_transcription(link):
    entry = TABLE["links"][str(link)]
    assert garbage.CHAIN_TOTAL[link] == entry["chain_total_stones"]
    as_printed = entry["chain_total_as_printed"]  # a-b for links 1..3, whole rows from 4
    rows = printed(as_printed) if link < 4 else ROW * int(as_printed)
    assert garbage.CHAIN_TOTAL[link] == rows
    increment = garbage.CHAIN_TOTAL[link] - garbage.CHAIN_TOTAL[link - 1] if link > 1 else 0
    assert increment == entry["chain_increment_stones"]


@pytest.mark.parametrize("link", (1, 2, 3))
def test_table_early_link_bonus_matches_transcription(link):
    entry = TABLE["links"][str(link)]
    for stones, value in entry["bonus_stones_by_cleared"].items():
        assert garbage.bonus(link, int(stones)) == value
    for stones, text in entry["bonus_as_printed"].items():
        assert garbage.bonus(link, int(stones)) == printed(text)
    step = entry["beyond_17_per_stone"]
    assert garbage.bonus(link, 18) - garbage.bonus(link, 17) == step
    assert garbage.bonus(link, 20) - garbage.bonus(link, 17) == 3 * step


@pytest.mark.parametrize("link", range(4, 20))
def test_table_late_link_bonus_is_rows_per_extra_stone(link):
    entry = TABLE["links"][str(link)]
    per_stone = entry["per_extra_stone_rows"]
    for stones in range(4, entry["max_cleared_listed"] + 1):
        assert garbage.bonus(link, stones) == ROW * per_stone * (stones - 4)


def test_table_printed_rows_of_the_source():
    """Rows 4..19 of the source's table, as printed (増加量 per extra stone, in rows)."""
    source = {4: 1, 5: 2, 6: 3, 7: 3, 8: 4, 9: 4, 10: 5, 11: 6, 12: 7, 13: 8, 14: 8, 15: 9,
              16: 10, 17: 10, 18: 10, 19: 10}
    for link, rows in source.items():
        assert garbage.bonus(link, 17) == ROW * 13 * rows


def test_four_stones_give_no_bonus():
    assert all(garbage.bonus(k, 4) == 0 for k in range(1, 20))


# -- the worked examples of the published rules ----------------------------------------

WORKED = [
    ("5連鎖(6個消し)", chain(5, l5=6), 14),
    ("8連鎖(6連7個-8連8個)", chain(8, l6=7, l8=8), 75),
    ("8連鎖(6連7個-8連9個)", chain(8, l6=7, l8=9), 79),
    ("6連鎖(16個消し)", chain(6, l6=16), 56),
    ("12連鎖(11連7個-12連16個)", chain(12, l11=7, l12=16), 242),
    ("12連鎖(24個消し)", chain(12, l12=24), 280),
    ("12連鎖(25個消し)", chain(12, l12=25), 287),
]


@pytest.mark.parametrize("name, links, rows", WORKED, ids=[w[0] for w in WORKED])
def test_worked_examples_of_the_table(name, links, rows):
    assert table_stones(links) == ROW * rows


def test_worked_example_12_chain_25_stones_addend():
    """The source writes 140+140=287; the total is right, the addend is 147 (7 x 21)."""
    assert garbage.bonus(12, 25) == ROW * 147


def test_worked_example_13_chain_sums_to_274_not_276():
    """Every addend the source gives matches the table, but they sum to 274: the stated 276
    is an arithmetic slip."""
    links = chain(13, l5=5, l6=5, l8=6, l9=5, l10=5, l11=5, l12=8, l13=10)
    addends = [garbage.bonus(k, s) // ROW for k, s in enumerate(links, start=1) if s > 4]
    assert addends == [2, 3, 8, 4, 5, 6, 28, 48]
    assert table_stones(links) == ROW * 274


def test_one_link_of_four_stones_is_the_exception():
    assert table_stones([4]) == 1
    assert table_stones([4, 4]) == ROW  # inside a longer chain a 4-stone link 1 gives 0


def test_one_link_of_five_or_more_uses_link_one_column():
    assert [table_stones([s]) for s in range(5, 18)] == [
        printed(t) for t in ["0-2", "0-3", "0-4", "0-5", "1-0", "1-3", "2-0", "2-3", "3-0", "3-3",
                             "4-0", "4-3", "5-0"]]


def test_one_chain_reduction_table():
    reduced = TABLE["reduced_1chain_減補正"]["stones_by_cleared"]
    normal = TABLE["reduced_1chain_減補正"]["normal_stones_by_cleared"]
    for stones, value in reduced.items():
        assert table_stones([int(stones)], reduction=True) == value
        assert table_stones([int(stones)], reduction=False) == normal[stones]
    printed_reduced = ["0-1", "0-2", "0-3", "0-4", "0-5", "1-0", "1-1", "1-2", "1-3", "1-4",
                       "2-0", "2-2", "2-4", "3-0"]
    assert [table_stones([s], reduction=True) for s in range(4, 18)] == [
        printed(t) for t in printed_reduced]
    assert table_stones([18], reduction=True) - table_stones([17], reduction=True) == 2


def test_one_chain_reduction_applies_only_to_chains_of_one_link():
    assert table_stones([12, 4], reduction=True) == table_stones([12, 4], reduction=False)


def test_analog_board_typos_do_not_leak_into_the_table():
    """The analog board table prints 19 for 10 chains in 5-row units; the chain total is 18."""
    assert garbage.CHAIN_TOTAL[10] == ROW * 5 * 18
    assert garbage.bonus(1, 9) == ROW  # the analog table's '3~' is one column short


# -- the simple modes ----------------------------------------------------------------------

def test_chain_count_only_mode():
    expected = TABLE["simple_chain_only_rows"]
    for n, rows in expected.items():
        assert garbage.chain_only_rows(int(n)) == rows
        assert generated("chain", [(4, 1)] * int(n), False) == ROW * rows


def test_chain_count_only_mode_five_chain_is_ten_not_nine():
    """The source's prose says 1+2+3+4 = 9; its own table (and the rule) give 10."""
    assert garbage.chain_only_rows(5) == 10


def test_chain_count_only_mode_ignores_doubles():
    assert generated("chain", [(4, 1), (4, 1), (8, 2)], False) == \
        generated("chain", [(4, 1), (4, 1), (4, 1)], False)


GROUP_TABLE = TABLE["simple_chain_groups"]["seed_printed_totals_rows"]
GROUP_RULE = TABLE["simple_chain_groups"]["formula_totals_rows (multi-group in last link only)"]


@pytest.mark.parametrize("name", GROUP_RULE)
def test_chain_and_groups_mode_follows_the_rule(name):
    n = int(name[0])
    groups = {"ダブ": 2, "トリ": 3}[name[2:]]
    links = [1] * (n - 1) + [groups]
    assert garbage.chain_groups_rows(links) == GROUP_RULE[name]


def test_chain_and_groups_mode_documents_the_disagreeing_table_entries():
    """The source's table gives one row less than its own rule for 4連トリ, 5連ダブ, 5連トリ;
    kifu follows the rule."""
    disagreeing = {name for name in GROUP_TABLE if GROUP_TABLE[name] != GROUP_RULE[name]}
    assert disagreeing == {"4連トリ", "5連ダブ", "5連トリ"}
    for name in disagreeing:
        assert GROUP_RULE[name] == GROUP_TABLE[name] + 1


def test_chain_and_groups_mode_two_chain_double_is_two_rows_not_three():
    """The prose '2ダブ → 合計3段' contradicts the table (2) and the rule."""
    assert garbage.chain_groups_rows([1, 2]) == 2


def test_chain_and_groups_mode_caps_the_multiplier_at_four():
    assert garbage.chain_groups_rows([1, 5]) == garbage.chain_groups_rows([1, 4]) == 4


def test_simple_modes_give_nothing_for_a_one_chain():
    assert generated("chain", [(4, 1)], False) == 0
    assert generated("groups", [(8, 2)], False) == 0


# -- unit, stock and offset ----------------------------------------------------------------

def test_unit_one_sends_every_stone():
    result = finish_chain(15, simple=False, unit=1, stock_on=False, stock=0, links=3, warning=0)
    assert (result.generated, result.sent, result.stock) == (15, 15, 0)


def test_unit_six_without_stock_loses_the_remainder():
    result = finish_chain(15, simple=False, unit=6, stock_on=False, stock=0, links=3, warning=0)
    assert (result.generated, result.stock) == (12, 0)


def test_unit_six_with_stock_carries_the_remainder():
    result = finish_chain(15, simple=False, unit=6, stock_on=True, stock=4, links=3, warning=0)
    assert (result.total, result.generated, result.stock) == (19, 18, 1)


def test_stock_resets_after_a_chain_of_four_links():
    result = finish_chain(31, simple=False, unit=6, stock_on=True, stock=2, links=4, warning=0)
    assert (result.generated, result.stock) == (30, 0)


def test_stock_resets_when_the_total_exceeds_six_rows():
    result = finish_chain(36, simple=False, unit=6, stock_on=True, stock=3, links=3, warning=0)
    assert (result.total, result.generated, result.stock) == (39, 36, 0)
    kept = finish_chain(33, simple=False, unit=6, stock_on=True, stock=2, links=3, warning=0)
    assert (kept.total, kept.generated, kept.stock) == (35, 30, 5)


def test_offset_cancels_the_own_warning_first():
    result = finish_chain(60, simple=False, unit=6, stock_on=True, stock=0, links=5, warning=24)
    assert (result.offset, result.sent, result.warning) == (24, 36, 0)
    small = finish_chain(12, simple=False, unit=6, stock_on=True, stock=0, links=2, warning=30)
    assert (small.offset, small.sent, small.warning) == (12, 0, 18)


def test_simple_modes_ignore_unit_and_stock():
    result = finish_chain(18, simple=True, unit=6, stock_on=True, stock=3, links=3, warning=0)
    assert (result.generated, result.stock) == (18, 3)
