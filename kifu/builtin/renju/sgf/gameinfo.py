"""Renju's SGF game information: the headers SGF has properties for, and the board's size."""
from __future__ import annotations

from kifu.builtin.renju.variants import rules_of
from kifu.plugin import Record

SIZE = 15
HEADER_PROPERTIES = {
    "Black": "PB", "White": "PW", "Event": "EV", "Date": "DT", "Result": "RE", "Rule": "RU",
    "Opening": "ON", "Round": "RO", "Place": "PC", "Name": "GN", "Time": "TM", "Title": "N",
}
PROPERTY_HEADERS = {prop: key for key, prop in HEADER_PROPERTIES.items()}
TITLE, LABEL = "Title", "Label-"
#: SGF's game numbers Renju files are written with: Gomoku and Renju (4), and what Renju
#: programs write besides: Go's (1) and Nine Men's Morris' (5).
GAME_NUMBERS = ("4", "1", "5")


def board_size(record: Record) -> int:
    """The side of the board the record's ``Size:`` names (15 without one)."""
    return rules_of(record).size
