"""A move played by clicks on ``kifu serve``'s board (``GamePlugin.move_clicks``,
``clicked_move``, ``drawn_places``; :mod:`kifu.plugin.clicks`), for every game, over positions
of its example records: every legal move the page can click is played by its clicks, alone or
offered among the moves the same clicks play by what each does; every place clicked is on the
board the page draws (a layout's board, a hand's piece, a picture's cell); and clicks no legal
move fits name a move the referee refuses, so that the page says why in the rules' words."""
from __future__ import annotations

from collections import defaultdict
from typing import Any

import pytest

import kifu
from kifu.base.errors import KifuError
from kifu.plugin import Clicks, registry
from kifu.plugin.clicks import fitting, point_of
from tests.examples import GAMES, legal

#: The moves of each record whose positions are tried (its start, and some way into it).
MOVES = (0, 1, 2, 3, 7, 12, 40, 60)


def positions(game: str) -> list[Any]:
    found = []
    for path in legal(game):
        record = kifu.read(path)
        for number in MOVES:
            try:
                found.append(record.position(number))
            except kifu.KifuError:
                break
    return found


def places(plugin: Any, position: Any) -> set[str]:
    """Every place the page draws for ``position``: the points and columns of the layout's
    boards, the pieces of its hands, the cells of its picture."""
    drawn = plugin.drawn_places(position)
    if drawn is not None:
        return set(drawn)
    layout = plugin.editor_layout()
    setup = layout.read(plugin.position_key(position)) if layout else None
    if setup is None:
        return set()
    found = {f"{n}:{column}" + suffix for n, rows in enumerate(setup.boards)
             for row, points in enumerate(rows) for column in range(len(points))
             for suffix in ("", f",{row}")}
    for side, hand in enumerate(setup.hands or ()):
        found.update(f"hand:{side}:" + (piece.partition(layout.note[0])[0] if layout.note
                                         else piece) for piece in hand)
    return found


@pytest.mark.parametrize("game", GAMES)
def test_every_legal_move_clicked_is_played_alone_or_offered_by_what_it_does(game):
    plugin = registry.get(game)
    clicked = 0
    for position in positions(game):
        listed = [(plugin.move_notation(move, position), plugin.move_clicks(move, position))
                  for move in [*plugin.legal_moves(position), *plugin.moves_beyond(position)]]
        shown = places(plugin, position)
        alike: dict[tuple[str, ...], list[str]] = defaultdict(list)
        for text, clicks in listed:
            if clicks is None:
                continue
            clicked += 1
            # on the board, or a button beside it (a pass, a swap, an extra action)
            assert {place for place in clicks.places if not place.startswith("do:")} <= shown, (
                text, clicks)
            assert not clicks.more or clicks.more.startswith("do:")
            assert text in fitting(listed, clicks.places)
            alike[clicks.places].append((clicks.kind, clicks.note))
        for said in alike.values():  # moves the same clicks play: each in its own words
            if len(said) > 1:
                assert all(kind or note for kind, note in said), said
                assert len(set(said)) == len(said), said
    assert clicked > 0


@pytest.mark.parametrize("game", GAMES)
def test_clicks_no_legal_move_fits_name_a_move_the_referee_refuses(game):
    plugin = registry.get(game)
    refused = 0
    for position in positions(game)[:6]:
        listed = [(plugin.move_notation(move, position), plugin.move_clicks(move, position))
                  for move in plugin.legal_moves(position)]
        starts = sorted({clicks.places[0] for _, clicks in listed if clicks and
                         len(clicks.places) > 1})[:3]
        shown = sorted(place for place in places(plugin, position)
                       if point_of(place) or not place[0].isdigit())
        tries = [(place,) for place in shown] + [(first, place) for first in starts
                                                 for place in shown]
        for tried in tries:
            if any(clicks and clicks.begun_by(tried) for _, clicks in listed):
                continue
            named = plugin.clicked_move(position, tried)
            if named is None:
                continue
            with pytest.raises(KifuError):  # noqa: PT012 (reading it may be what fails)
                after = plugin.copy(position)
                plugin.play(after, plugin.parse_move(named, after))
            refused += 1
            if refused > 40:
                return
    assert refused > 0


@pytest.mark.parametrize("game", GAMES)
def test_a_board_drawn_as_a_picture_says_where_each_of_its_cells_is(game):
    plugin = registry.get(game)
    for position in positions(game):
        drawn = plugin.drawn_places(position)
        board = getattr(position, "board", None)
        mapped = getattr(board, "grid", 0) is None  # Free-form Go's maps, drawn as pictures
        if not mapped:
            assert drawn is None
            continue
        assert drawn is not None and len(drawn) == len(board.cells)
        for x, y, radius in drawn.values():
            assert 0 < x < 1 and 0 < y < 1 and 0 < radius < 0.5


def test_the_places_of_a_pair_may_be_clicked_in_either_order():
    pair = Clicks(("0:2", "0:3"), "blue left, red right", unordered=True)
    assert pair.begun_by(("0:3,7",)) and pair.begun_by(("0:3,0", "0:2,12"))
    assert not pair.begun_by(("0:3,0", "0:3,1"))
    ordered = Clicks(("0:2,2", "0:3,3"))
    assert ordered.begun_by(("0:2,2",)) and not ordered.begun_by(("0:3,3",))
    with pytest.raises(ValueError, match="without spaces"):
        Clicks(("0:1 2",))
