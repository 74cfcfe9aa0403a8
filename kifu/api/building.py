"""Building a record move by move: what :meth:`kifu.Record.new`, :meth:`kifu.Record.play` and
:meth:`kifu.Record.add_variation` are made of.

A move is given as text (read at the position where it stands, as ``game.parse_move`` reads
it) or as a move value; either way it is checked by the rules there and kept as its canonical
value, so that a record built here replays as it was built and writes in every format.
"""
from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from kifu.base import record as tree
from kifu.base.errors import KifuError, OptionError, SetupError
from kifu.plugin import AnyGame, driver


def new_data(rules: AnyGame, headers: Mapping[str, str] | None, setup: Any) -> tree.Record:
    """A record of ``rules`` with ``headers`` and ``setup`` (the game's set-up value, or its
    JSON form), checked: its start position must stand."""
    for key, value in (headers or {}).items():
        if not isinstance(key, str) or not isinstance(value, str) or not key.strip():
            raise OptionError(f"a header is a name and a text, not {key!r}: {value!r}",
                              option="headers")
    if isinstance(setup, Mapping):
        try:
            setup = rules.setup_from_json(dict(setup))
        except (KeyError, ValueError, TypeError) as error:
            raise SetupError(f"not a {rules.title} set-up: {error}", rule="setup") from None
    data = tree.Record(rules.name, dict(headers or {}), setup)
    rules.start(data)  # the headers and the set-up make a start position, or raise
    return data


def own_nodes(data: tree.Record, path: tuple[int, ...]) -> list[tree.Node[Any]]:
    """The list that holds the nodes of the line ``path`` names after it branches off (the
    main line's own list for ``()``): the list a move played at the line's end goes into."""
    nodes = data.moves
    line = list(nodes)
    for index, choice in zip(path[::2], path[1::2]):
        nodes = line[index - 1].variations[choice - 1]
        line = line[:index - 1] + nodes
    return nodes


def position_after(rules: AnyGame, data: tree.Record, line: list[tree.Node[Any]],
                   count: int) -> Any:
    """The position after the first ``count`` entries of ``line``; the first illegal move on
    the way raises."""
    position = rules.start(data)
    for node in line[:count]:
        played = driver.play_on(rules, position, node.move)
        for warning in played.warnings:
            if warning.severity == "error":
                raise warning
    return position


def move_value(rules: AnyGame, position: Any, move: Any) -> Any:
    """``move`` (text or a move value) as the canonical move it is at ``position``."""
    if isinstance(move, str):
        move = rules.parse_move(move, position)
    elif (kinds := rules.move_classes()) and not isinstance(move, kinds):
        raise KifuError(f"{move!r} is not a {rules.title} move (give text or a move value)")
    return rules.canonical_move(position, move)


def played(rules: AnyGame, position: Any, move: Any) -> Any:
    """``move`` played on ``position`` in place (``GameOverError`` after the end, the rule's
    ``IllegalMoveError`` for a move it refuses)."""
    done = driver.play_on(rules, position, move)
    for warning in done.warnings:
        if warning.severity == "error":
            raise warning
    return position
