"""Which records the viewer shows as problems, and which of their moves are the right answers.

A record is a problem when ``--problem`` says so, when its header ``Problem`` does (any value
but ``no``), when its tree marks right or wrong answers, or when it starts from a set-up
position and its name or first comment sets a task ("Black to play", "White to live", "黒先").
A move is marked right by SGF's ``TE`` (tesuji) or a comment that opens with "Right",
"Correct" or 正解, wrong by ``BM`` (bad move) or a comment that opens with "Wrong",
"Incorrect", "Failure" or 失敗.  Where a record marks any answer right, a move is right when
the line it starts holds a right mark (and it is not marked wrong itself); where it marks none
right, the main line is the solution (but for a move marked wrong) and every variation of a
solver's move is wrong.
"""
from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Any

from kifu.base.record import Node, Record

_RIGHT = re.compile(r"\s*(right|correct|正解)", re.IGNORECASE)
_WRONG = re.compile(r"\s*(wrong|incorrect|failure|fail|失敗|不正解)", re.IGNORECASE)
_TASK = re.compile(r"\b(black|white|red|blue|first|second)\b[^.\n]{0,12}\bto (play|move|live|"
                   r"kill|win)\b|\bproblem\b|\btsumego\b|[黒白]先|詰|問題", re.IGNORECASE)
_NO = ("no", "false", "0", "off")


def mark_of(node: Node[Any]) -> int:
    """1 for a move the record marks good, -1 for one it marks bad, 0 for neither."""
    properties = node.properties if node.has_properties() else {}
    if "TE" in properties or "SGF-TE" in properties:  # as a format names it, or SGF's own
        return 1
    if "BM" in properties or "SGF-BM" in properties:
        return -1
    first = node.comments[0] if node.comments else ""
    if _RIGHT.match(first):
        return 1
    if _WRONG.match(first):
        return -1
    return 0


def is_problem(record: Record, nodes: Sequence[Any], title: str) -> bool:
    """Whether a record reads as a problem (see the module's docstring), from its tree of
    positions (:class:`~kifu.render.viewer.model.PositionNode`) and its title."""
    if not nodes:
        return False
    said = record.header("Problem")
    if said is not None:
        return said.strip().lower() not in _NO
    if any(node.mark for node in nodes):
        return True
    if record.setup is None:
        return False
    task = [title, *record.comments[:1], *nodes[0].comments[:1]]
    first = nodes[0].children[:1]
    task.extend(nodes[first[0]].comments[:1] if first else [])
    return any(_TASK.search(text) for text in task)


def right_answers(nodes: Sequence[Any]) -> list[int]:
    """The nodes of a tree of positions that are right answers when tried (see the module's
    docstring), whichever side plays them; the page asks only about the solver's."""
    if not any(node.mark == 1 for node in nodes):
        return [index for index, node in enumerate(nodes) if index and node.choice == 0
                and node.mark != -1 and not node.fault]
    holds = [node.mark == 1 for node in nodes]
    for index in range(len(nodes) - 1, 0, -1):  # children come after their parents
        if holds[index]:
            holds[nodes[index].parent] = True
    return [index for index, node in enumerate(nodes)
            if index and holds[index] and node.mark != -1 and not node.fault]
