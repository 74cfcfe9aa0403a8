"""The header lines that fix a game: board, piece set, stock orders, players, result."""
from __future__ import annotations

import pytest

from kifu.base.errors import HeaderError
from kifu.builtin.rengoma import GAME
from kifu.plugin import driver

STOCKS = "Stock-black: 3 1 4 2 1 2 3 4 1 2 3 4\nStock-red: 2 2 1 3 4 1 3 4 1 2 3 4\n"


def start(headers: str):
    return GAME.start(GAME.parse("Game: rengoma\n" + headers))


def header_error(headers: str) -> HeaderError:
    with pytest.raises(HeaderError) as caught:
        start(headers)
    return caught.value


def test_defaults_are_a_6x6_board_and_three_pieces_of_each_strength_1_to_4():
    position = start(STOCKS)
    assert str(position.geo) == "6x6"
    assert sorted(position.stocks[1]) == [1, 1, 1, 2, 2, 2, 3, 3, 3, 4, 4, 4]


def test_board_and_piece_set_can_be_overridden():
    position = start("Board: 7 × 5\nPieces: 1, 2, 3\nStock-black: 3 2 1\nStock-red: 1 2 3\n")
    assert (position.geo.columns, position.geo.rows) == (7, 5)
    assert position.field[1:] == [3, 1]


@pytest.mark.parametrize("line, rule, message", [
    ("Board: 3x6", "board", "Board: 3x6 is outside 4x4 to 26x99"),
    ("Board: big", "board", "Board: 'big' is not a size such as 6x6 (columns x rows)"),
    ("Pieces: 1 2 x", "piece-set", "Pieces: '1 2 x' is not a list of strengths 1..99 such as "
                                   "'3 1 4 2'"),
    ("Pieces: -", "piece-set", "Pieces: a colour needs at least one piece"),
    ("Players: 3", "players", "Players: '3'; Rengoma is played by 2 players or by 4 in two teams"),
])
def test_bad_parameters_are_header_errors(line, rule, message):
    error = header_error(line + "\n" + STOCKS)
    assert (error.rule, error.message, error.span.line) == (rule, message, 2)


def test_stock_orders_are_required():
    error = header_error("Stock-black: 3 1 4 2 1 2 3 4 1 2 3 4\n")
    assert error.rule == "stock-order"
    assert error.message.startswith("the record has no Stock-red: header")


def test_a_stock_is_the_whole_piece_set_in_some_order():
    error = header_error("Stock-black: 3 1 4 2 1 2 3 4 1 2 3\nStock-red: 2 2 1 3 4 1 3 4 1 2 3 4\n")
    assert error.message == ("Stock-black lacks one 4: a stock lists every piece of the set "
                             "once (Pieces: 1 1 1 2 2 2 3 3 3 4 4 4)")
    assert error.span.line == 2


@pytest.mark.parametrize("said", ["black", "Black", "1-0", "黒", "b"])
def test_result_names_the_winner_in_several_ways(said):
    text = ("Game: rengoma\nPieces: 1 2 3 4\nStock-black: 1 2 3 4\nStock-red: 4 3 2 1\n"
            f"Result: {said}\n\n1. A a1 2. A b2 3. A b1 4. A c3 5. A c1 6. A d4 7. A d1\n")
    assert driver.check(GAME, GAME.parse(text)) == ([], 7)
