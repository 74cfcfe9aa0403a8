"""The variants and their setting items: presets and header overrides, the open tsumo list of
公連棋 (its use from the front and the back, its construction, shuffling), the random pieces
and garbage columns of 天連棋 (SplitMix64), chigiri loss, the simple garbage modes and the
stock in play."""
from __future__ import annotations

import pytest

from kifu.base.errors import HeaderError, IllegalMoveError
from kifu.builtin.rengi import tsumo
from kifu.builtin.rengi.setup.parameters import PRESETS, read_settings
from kifu.plugin import driver
from tests.rengi.fields import GAME, events_of, field_of, record_text, replay
from tests.rengi.test_rengi_rules import THREE_CHAIN, TWO_CHAIN

OPEN_LIST = "ab cd ba dc ac bd ca db aa bb cc dd"
KOU = f"Variant: 公連棋\nTsumo: {OPEN_LIST}"
TEN = "Variant: 天連棋"


def header_error(text: str) -> HeaderError:
    with pytest.raises(HeaderError) as caught:
        replay(text)
    return caught.value


def illegal(text: str) -> IllegalMoveError:
    with pytest.raises(IllegalMoveError) as caught:
        replay(text)
    return caught.value


# -- presets and settings --------------------------------------------------------------------

def settings_of(headers: str):
    return read_settings(GAME.parse(record_text(headers=headers)))


def test_presets_of_the_three_variants():
    haku, kou, ten = PRESETS["haku"], PRESETS["kou"], PRESETS["ten"]
    assert (haku.colouring, haku.reduction, haku.unit, haku.stock) == ("free", True, 6, True)
    assert (kou.colouring, kou.next_shown, kou.reduction, kou.unit, kou.stock) == (
        "open", "all", False, 6, True)
    assert (ten.colouring, ten.next_shown, ten.unit, ten.stable_chigiri, ten.chain_chigiri) == (
        "random", "2", 1, True, True)
    assert all(p.garbage == "table" and p.drop_cap_rows == 5 and p.chain_time_extra == 1
               for p in (haku, kou, ten))


def test_a_record_without_variant_is_haku():
    assert settings_of("") == PRESETS["haku"]


def test_simplified_rules_override_the_base_variant():
    simple = settings_of("Variant: 天連棋 簡易")
    assert (simple.variant, simple.garbage, simple.unit, simple.stable_chigiri,
            simple.chain_chigiri, simple.colouring) == ("ten", "chain", 6, False, False, "random")
    assert settings_of("Variant: kou simplified\nGarbage: groups").garbage == "groups"


def test_headers_override_any_item():
    settings = settings_of("Variant: haku\nUnit: 1\nStock: off\nDropCap: 10\nChainTime: n+2\n"
                           "Reduction: 無し\nStableChigiri: on\nColouring: random\nNext: 2")
    assert (settings.unit, settings.stock, settings.drop_cap_rows, settings.chain_time_extra,
            settings.reduction, settings.stable_chigiri, settings.colouring,
            settings.next_shown) == (1, False, 10, 2, False, True, "random", "2")


@pytest.mark.parametrize("header, message", [
    ("Variant: 黒連棋", "unknown variant '黒連棋': use 白連棋, 公連棋 or 天連棋 (haku, kou, ten), "
                       "optionally with 簡易 (simplified)"),
    ("Unit: 3", "Unit: '3' is not 1 or 6 (stones)"),
    ("DropCap: 2", "DropCap: '2' is not 3 to 10 rows (or 18..60 stones in whole rows)"),
    ("Stock: maybe", "Stock: 'maybe' is not on or off"),
    ("Garbage: score", "Garbage: 'score' is not one of chain, groups, table"),
    ("ChainTime: n", "ChainTime: 'n' is not n+1 or n+2"),
    ("Seed: abc", "Seed: 'abc' is not a whole number"),
])
def test_bad_settings_are_header_errors(header, message):
    error = header_error(record_text("+3a", headers=header))
    assert error.message == message
    assert (error.span.line, error.span.column) == (2, header.index(":") + 3)


# -- the open list (公連棋) -----------------------------------------------------------------

def test_open_list_is_used_from_the_front_by_the_first_player_and_the_back_by_the_second():
    dealer = GAME.start(GAME.parse(record_text(headers=KOU))).dealer
    pairs = dealer.pairs
    assert dealer.piece(0, 0) == (0,)  # the fixed single stone ● = a
    assert [dealer.piece(0, m) for m in (1, 2, 12, 13)] == [pairs[0], pairs[1], pairs[11],
                                                            pairs[0]]
    assert [dealer.piece(1, m) for m in (0, 1, 11, 12)] == [pairs[11], pairs[10], pairs[0],
                                                            pairs[11]]


def test_open_form_moves_take_the_dealt_piece():
    pos, _ = replay(record_text("+3 -1U +2R -6L", headers=KOU))
    assert field_of(pos, 0, 2) == "..b...\n.aa..."
    assert field_of(pos, 1, 2) == "d.....\nd...cc"


def test_colour_form_must_match_the_dealt_piece():
    pos, _ = replay(record_text("+3a -11dd +32ab", headers=KOU))
    assert field_of(pos, 0, 1) == ".ba..."
    error = illegal(record_text("+3a -11cc", headers=KOU))
    assert (error.rule, error.message) == ("tsumo", "the second player's piece is dd, not cc")
    error = illegal(record_text("+3b", headers=KOU))
    assert error.message == "the first stone is a, not b"


def test_passes_use_no_piece():
    text = record_text("+2U -P -1U", headers=KOU, first=TWO_CHAIN, first_state="tsumo=1")
    pos, _ = replay(text)
    assert field_of(pos, 1, 2) == "d.....\nd....."  # the second player's first piece, dd


def test_the_open_form_child_must_stay_on_the_field():
    error = illegal(record_text("+3 -6R", headers=KOU))
    assert (error.rule, error.message) == (
        "off-field", "the child stone would land in column 7, off the field")


def test_open_list_needs_six_stones_of_each_colour():
    text = record_text("+3", headers="Variant: 公連棋\nTsumo: ab cd ba dc ac bd ca db aa bb "
                                     "cc da")
    error = header_error(text)
    assert error.message == "the open tsumo list needs six stones of each colour (a:7, b:6, " \
                            "c:6, d:5)"
    assert (error.span.line, error.span.column) == (3, 8)


def test_open_list_entries_are_pairs_of_colours():
    error = header_error(record_text("+3", headers="Variant: 公連棋\nTsumo: ab cd bab"))
    assert error.message == "'bab' should be a pair (2 colours)"
    assert (error.span.line, error.span.column, error.span.end_column) == (3, 14, 17)
    error = header_error(record_text("+3", headers="Variant: 公連棋\nTsumo: ab cq"))
    assert error.message == "'q' is not a colour (a b c d, 青 赤 緑 黄, ● ○ ◎ ×)"
    assert (error.span.line, error.span.column) == (3, 12)


def test_open_colouring_needs_a_list():
    error = header_error(record_text("+3", headers="Variant: 公連棋"))
    assert error.rule == "tsumo-list"


def test_open_list_in_kanji_and_symbols():
    kanji = "青赤 緑黄 赤青 黄緑 青緑 赤黄 緑青 黄赤 青青 赤赤 緑緑 黄黄"
    symbols = "●○ ◎× ○● ×◎ ●◎ ○× ◎● ×○ ●● ○○ ◎◎ ××"
    for listed in (kanji, symbols):
        dealer = GAME.start(GAME.parse(record_text(headers=f"Variant: 公連棋\nTsumo: {listed}"))).dealer
        assert dealer.pairs == GAME.start(GAME.parse(record_text(headers=KOU))).dealer.pairs


SEED_LIST = "ba db ac ac cd bb ba da cc ad dd bc"  # the source's finished example list
SEED_BUILD = ("6/1b 7/2a 12/2c 10/2d 11/2d 6/2b 8/2a "
              "1/1b 1/2a 2/1d 2/2b 3/1a 3/2c 4/1a 4/2c 5/1c 5/2d 7/1b 8/1d 9/1c 9/2c 10/1a "
              "11/1d 12/1b")


def test_tsumo_build_replays_the_players_construction():
    text = record_text(headers=f"Variant: 公連棋\nTsumoBuild: {SEED_BUILD}\nTsumo: {SEED_LIST}")
    dealer = GAME.start(GAME.parse(text)).dealer
    assert " ".join("".join("abcd"[c] for c in p) for p in dealer.pairs) == SEED_LIST


def test_tsumo_build_chips_alternate_one_two_two_one():
    builders = [tsumo.builder_of(i) for i in range(24)]
    assert builders[:7] == [0, 1, 1, 0, 0, 1, 1] and builders[-1] == 0
    assert builders.count(0) == builders.count(1) == 12


def test_tsumo_build_rejects_a_second_chip_in_a_slot():
    build = SEED_BUILD.replace("8/2a", "6/2a")
    error = header_error(record_text("+3", headers=f"Variant: 公連棋\nTsumoBuild: {build}"))
    assert error.message == "chip 7: slot 6/2 already holds a chip"
    assert error.span.column == 13 + build.index("6/2a")


def test_tsumo_build_rejects_a_seventh_chip_of_a_colour():
    build = SEED_BUILD.replace("12/1b", "12/1a")
    error = header_error(record_text("+3", headers=f"Variant: 公連棋\nTsumoBuild: {build}"))
    assert error.message == "chip 24: the pile of colour a is empty (six chips of each colour)"


def test_shuffled_list_comes_from_the_seed():
    text = record_text(headers="Variant: 公連棋\nTsumoMethod: shuffle\nSeed: 7")
    dealer = GAME.start(GAME.parse(text)).dealer
    assert " ".join("".join("abcd"[c] for c in p) for p in dealer.pairs) == \
        "ab ac bb db dd db bc aa dc dc aa cc"
    assert tsumo.check_open_list(dealer.pairs) is None


def test_a_listed_shuffle_must_match_its_seed():
    text = record_text(headers=f"Variant: 公連棋\nTsumoMethod: shuffle\nSeed: 7\nTsumo: {OPEN_LIST}")
    assert header_error(text).message == "the Tsumo list is not the one the Seed shuffles"


# -- random pieces (天連棋) -----------------------------------------------------------------

def test_splitmix64_reference_outputs():
    state, outputs = 0, []
    for _ in range(3):
        state, value = tsumo.splitmix64(state)
        outputs.append(value)
    assert outputs == [0xE220A8397B1DCDAF, 0x6E789E6AA1B965F4, 0x06C45D188009454F]


def test_random_pieces_from_a_seed_are_shared_by_both_players():
    dealer = GAME.start(GAME.parse(record_text(headers=f"{TEN}\nSeed: 7"))).dealer
    assert dealer.piece(0, 0) == (3,)
    pairs = [dealer.piece(1, i) for i in range(4)]
    assert ["".join("abcd"[c] for c in p) for p in pairs] == ["ac", "dc", "bc", "cb"]
    assert [dealer.piece(0, i + 1) for i in range(4)] == pairs


def test_random_pieces_from_a_tsumo_header():
    pos, _ = replay(record_text("+3 -1U +2U -3U +4U", headers=f"{TEN}\nTsumo: b ac dc"))
    assert field_of(pos, 0, 2) == ".c.c..\n.abd.." and field_of(pos, 1, 2) == "c.c...\na.d..."
    error = illegal(record_text("+3 -1U +2U -3U +4U -5U", headers=f"{TEN}\nTsumo: b ac dc"))
    assert (error.rule, error.message) == (
        "tsumo", "the tsumo list has no piece left for the second player's placement 3")


def test_random_colours_without_list_are_carried_by_each_move():
    pos, _ = replay(record_text("+3c -12dd", headers=TEN))
    assert field_of(pos, 1, 1) == "dd...."
    error = illegal(record_text("+3c -1U", headers=TEN))
    assert error.message.startswith("the pieces are random and the record gives neither")


def test_free_colours_need_colours():
    error = illegal(record_text("+3a -1U"))
    assert (error.rule, error.message) == (
        "tsumo", "this game has free colours (フリー配色): write the colours, e.g. +23ab")
    error = header_error(record_text(headers=f"Tsumo: {OPEN_LIST}"))
    assert error.message == "the colours are free (フリー配色, 白連棋): there is no tsumo list"


# -- garbage columns for unit-1 drops --------------------------------------------------------

TEN_DROP = dict(turn="second", second_state="warning=8", first_state="tsumo=1")


def test_unit_one_drop_needs_the_columns_of_single_stones():
    pos, events = replay(record_text("-11ab {j:25}", headers=TEN, **TEN_DROP))
    drop = events_of(events, "drop")[0]
    assert (drop["rows"], drop["columns"]) == (1, [2, 5])
    assert field_of(pos, 1, 3) == "j.....\nbj..j.\najjjjj"


def test_unit_one_drop_without_columns_is_an_error():
    error = illegal(record_text("-11ab", headers=TEN, **TEN_DROP))
    assert (error.rule, error.message) == (
        "garbage-columns", "2 single garbage stones fall here: write their columns after the "
        "move, e.g. {j:12}, or give a Seed: header")


def test_unit_one_drop_without_columns_is_repaired_when_lenient():
    pos, _ = replay(record_text("-11ab", headers=TEN, **TEN_DROP), lenient=True)
    assert field_of(pos, 1, 1).startswith("a")
    record = GAME.parse(record_text("-11ab", headers=TEN, **TEN_DROP))
    steps = list(driver.replay(GAME, record, lenient=True))
    assert [w.message for w in steps[0].warnings] == [
        "2 single garbage stones fall but the record does not say where; put in columns 12"]


def test_garbage_columns_from_the_seed():
    _, events = replay(record_text("-11ac", headers=f"{TEN}\nSeed: 7", **TEN_DROP))
    assert events_of(events, "drop")[0]["columns"] == [4, 5]
    replay(record_text("-11ac {j:45}", headers=f"{TEN}\nSeed: 7", **TEN_DROP))
    wrong = record_text("-11ac {j:25}", headers=f"{TEN}\nSeed: 7", **TEN_DROP)
    assert illegal(wrong).message == "the seed puts the single garbage stones in columns 45, " \
                                     "not 25"


@pytest.mark.parametrize("note, message", [
    ("{j:2}", "2 single garbage stones fall here, but the record names 1 columns"),
    ("{j:22}", "single garbage stones fall in distinct columns 1 to 6"),
    ("{j:2r+25}", "1 full rows of garbage fall here, not 2"),
])
def test_garbage_notes_are_checked(note, message):
    assert illegal(record_text(f"-11ab {note}", headers=TEN, **TEN_DROP)).message == message


def test_a_garbage_note_where_nothing_falls_is_an_error():
    assert illegal(record_text("+3a -11ab {j:25}", headers=TEN)).message == \
        "no garbage falls on this move (the warning is empty)"


# -- chigiri loss (天連棋) ------------------------------------------------------------------

def test_stable_chigiri_marker_follows_the_source_s_worked_sequence():
    """F non-split, S non-split, F non-split, S split, F non-split, S split, F non-split: the
    marker reaches -3, the first player moves again and the marker resets to +1; the extra
    move, non-split, moves it on to -1."""
    text = record_text("+3a -11ab +11cd -12ab +22ab -12cd +33cd +44ab -55ab", headers=TEN)
    pos, events = replay(text)
    extra = events_of(events, "extra-move")
    assert extra == [{"type": "extra-move", "side": "first", "reason": "stable chigiri"}]
    assert "extra-move" in [e["type"] for e in events[6]]
    assert pos.marker == 1  # -1 after the extra move, +1 after the second player's non-split


def test_stable_chigiri_marker_reaching_plus_3_gives_the_second_player_a_move():
    text = record_text("-11ab -22cd", headers=TEN, turn="second", marker=2,
                       first_state="tsumo=1", second_state="tsumo=1")
    pos, events = replay(text)
    assert events_of(events, "extra-move") == [
        {"type": "extra-move", "side": "second", "reason": "stable chigiri"}]
    assert pos.marker == 1  # reset to -1, then the extra move's non-split moves it to +1


def test_stable_chigiri_marker_without_the_extra_move_goes_by_turns():
    error = illegal(record_text("+3a -11ab +11cd -12ab +22ab -12cd +33cd -44ab", headers=TEN))
    assert error.message == ("it is the first player's move, not the second player's: the "
                             "first player has an extra move (chigiri)")


def test_chigiri_during_the_opponent_s_chain_gains_a_move_on_the_third():
    text = record_text("+22ab -11ab -22cd -33ab -44cd -55ab {j:135} +66cd", headers=TEN,
                       first=THREE_CHAIN, first_state="tsumo=1")
    pos, events = replay(text)
    assert events_of(events, "extra-move") == [
        {"type": "extra-move", "side": "second", "reason": "chigiri during the opponent's chain"}]
    assert pos.sides[1].chigiri == 0


def test_chigiri_count_resets_when_the_chain_ends():
    text = record_text("+22ab -11ab -22ab -33ab", headers=TEN, first=TWO_CHAIN,
                       first_state="tsumo=1")
    pos, events = replay(text)
    assert events_of(events, "extra-move") == []
    assert pos.sides[1].chigiri == 0


def test_no_chigiri_outside_ten():
    pos, events = replay(record_text("+3a -11ab +11cd -12ab +22ab -12cd +33cd -44ab"))
    assert events_of(events, "extra-move") == [] and pos.marker == 1


# -- garbage modes and the stock in play ------------------------------------------------------

def test_simplified_chain_count_mode_in_play():
    _, events = replay(record_text("+22ab -55cc -55dd -66cd", headers="Variant: 白連棋 簡易",
                                   first=THREE_CHAIN, first_state="tsumo=1"))
    sent = events_of(events, "garbage")[0]
    assert (sent["raw"], sent["generated"], sent["stock"]) == (18, 18, 0)  # 0 + 1 + 2 rows


def test_haku_one_chain_of_four_goes_to_the_stock_then_into_the_next_chain():
    text = record_text("+1a -66bb +12aa -66bb +23cd +45cd", headers="Variant: 白連棋")
    pos, events = replay(text)
    sent = events_of(events, "garbage")[0]
    assert (sent["raw"], sent["generated"], sent["stock"], sent["sent"]) == (1, 0, 1, 0)
    assert pos.sides[1].stock == 1
