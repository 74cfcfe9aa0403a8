"""Renju records as SGF: the properties Renju software reads and writes.

kifu writes ``GM[4]``, SGF's number for Gomoku and Renju; it reads ``GM[1]`` and ``GM[5]`` as
well, which Renju programs write (GOWrite, ZJRenju, Gomoku Quest, RenLib's converters).  Such
a file is taken for Renju without ``--game renju`` when it says ``GM[5]`` or, with ``GM[1]``,
when its board is 15x15 and its writer (``AP``) is a Renju program (:func:`claims`).

SGF names a point by two letters counted from the *top-left* corner, so ``h8`` is ``hh`` and
``a1`` is ``ao``; ``SZ[N]`` is the record's ``Size: N``.  Headers map to their SGF properties
(``Black`` to ``PB`` ...); a header SGF has no property for travels as ``XH[key: value]``, and
the opening events ``swap`` and ``offer[...]`` as ``KE[swap]`` and ``KE[offer j7 k10]`` in a
node of their own, so that a record goes to SGF and back without loss.  What a format says of a
position beyond comments (:attr:`kifu.base.record.Node.properties`) travels too: a ``Title`` as
``N``, labels ``Label-h8`` as ``LB[hh:...]`` (on the root: labels of the empty board, the
record's headers), any other as ``XH[key: value]`` in the node.  Other properties of a file
(markup, a program's own) are kept by an SGF to SGF conversion, which writes the file's own
trees back.
"""
from __future__ import annotations

import importlib
import re
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from kifu.builtin.renju.sgf.gameinfo import board_size
    from kifu.builtin.renju.sgf.points import point_from_sgf, sgf_point
    from kifu.builtin.renju.sgf.reader import read, read_games
    from kifu.builtin.renju.sgf.writer import pieces, write

__all__ = ["board_size", "claims", "pieces", "point_from_sgf", "read", "read_games", "sgf_point",
           "write"]
#: Where the names not defined here are: reading and writing are imported when one of their
#: names is first asked for (every ``.sgf`` file asks Renju whether it :func:`claims` it).
_FOUND_IN = {"board_size": "gameinfo", "point_from_sgf": "points", "sgf_point": "points",
             "read": "reader", "read_games": "reader", "pieces": "writer", "write": "writer"}
_GM = re.compile(r"GM\s*\[\s*(\w*)\s*\]")
_SZ_15 = re.compile(r"SZ\s*\[\s*15\s*(?::\s*15\s*)?\]")
# The patterns below are asked of a 15x15 board's file alone: compiled then (re keeps them),
# not by every Go file that asks whether it is Renju's.
_AP = r"AP\s*\[((?:[^\]\\]|\\.)*)\]"
#: Writers (``AP``) of Renju programs: their ``GM[1]`` files on a 15x15 board are Renju's.
RENJU_WRITERS = (r"renju|renlib|gomoku|gowrite|piskvork|yixin|rapfi|embryo|katagomo|"
                 r"wuziqi|wzq|gobang|omok|오목|五子|五目|连珠|連珠")
#: Writers of Go programs: their files are Go's, whatever their first moves.
GO_WRITERS = (r"cgoban|sabaki|kgs|gogui|leela|katago|q5go|qgo|drago|multigo|foxwq|"
              r"igowin|gnu ?go|smartgo|many ?faces|jago|kombilo|eidogo|online-go|ogs|"
              r"tygem|wbaduk|goproblems|besogo|wgo|lizzie|kaya|golaxy|baduk|weiqi|"
              r"围棋|圍棋|囲碁|바둑")
#: How much of a text is searched for game numbers and writers.
_HEAD = 8192
#: The first two moves of a game as Renju and Gomoku open: black on the centre, white next to
#: it (a Renju opening's second stone stands in the centre's 3x3 square).
_RENJU_START = r";\s*B\s*\[\s*hh\s*\][^;()]*\(?\s*;\s*W\s*\[\s*[ghi][ghi]\s*\]"
#: Properties only Go's files have: komi, handicap, territory, overtime.
_GO_ONLY = r"(?<![A-Z])(?:KM|HA|TB|TW|OT)\s*\["


def claims(text: str) -> bool:
    """An SGF file is Renju's when one of its games says ``GM[4]`` or ``GM[5]`` (no other
    game is written with 5), or, saying ``GM[1]`` (or nothing), when its board is 15x15 and a
    Renju program wrote it (``AP[GOWrite]``, ``AP[ZJRenju]``...), or no Go program did (RenLib's
    converters write no ``AP``) and the game opens as Renju does, black on the centre and
    white next to it, with nothing only Go has (komi, handicap...)."""
    head = text[:_HEAD]
    numbers = {found.group(1) for found in _GM.finditer(head)}
    if numbers & {"4", "5"}:
        return True
    if numbers - {"1"} or not _SZ_15.search(head):
        return False
    writers = [found.group(1) for found in re.finditer(_AP, head)]
    if any(re.search(RENJU_WRITERS, writer, re.IGNORECASE) for writer in writers):
        return True
    if any(re.search(GO_WRITERS, writer, re.IGNORECASE) for writer in writers):
        return False
    return re.search(_RENJU_START, head) is not None and re.search(_GO_ONLY, head) is None


def __getattr__(name: str) -> Any:
    if name not in _FOUND_IN:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    return getattr(importlib.import_module(f"{__name__}.{_FOUND_IN[name]}"), name)
