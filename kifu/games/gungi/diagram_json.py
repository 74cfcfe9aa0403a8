"""JSON for set-up diagrams (a record's ``setup``) and for positions (``kifu show``).

```json
{"to_move": "black",
 "board": {"5-9": [["black", "帥"]], "1-9": [["black", "砲"], ["black", "弓"]]},
 "hands": {"black": [["へ"], ["兵", "さ"]], "white": []}}
```
Stacks are listed bottom to top; a piece is ``[side, face]`` on the board, ``[face]`` in hand,
with its hidden face (a 兵's back, a 香's front) appended when known.
"""
from __future__ import annotations

from typing import Any

from kifu.games.gungi.bod import Diagram, SetupPiece
from kifu.games.gungi.geometry import SQUARES, file_of, rank_of, square
from kifu.games.gungi.pieces import SIDE_NAMES, face_of
from kifu.games.gungi.position import Position
from kifu.limits import read_int


def _side(name: str) -> int:
    return SIDE_NAMES.index(name)


def to_json(diagram: Diagram) -> dict[str, Any]:
    board = {}
    for sq, stack in zip(SQUARES, diagram.stacks):
        if stack:
            board[f"{file_of(sq)}-{rank_of(sq)}"] = [
                [SIDE_NAMES[p.side], p.face, *([p.hidden] if p.hidden else [])] for p in stack]
    return {"to_move": SIDE_NAMES[diagram.to_move], "board": board,
            "hands": {SIDE_NAMES[side]: [[p.face, *([p.hidden] if p.hidden else [])]
                                         for p in diagram.hands[side]] for side in (0, 1)}}


def from_json(data: dict[str, Any]) -> Diagram:
    stacks: list[tuple[SetupPiece, ...]] = [() for _ in SQUARES]
    for key, items in data["board"].items():
        file, rank = (read_int(v) for v in key.split("-"))
        if file is None or rank is None or not (1 <= file <= 9 and 1 <= rank <= 9):
            raise ValueError(f"a square is written file-rank, each 1 to 9, not {key!r}")
        stacks[square(file, rank)] = tuple(
            SetupPiece(_side(item[0]), face_of(item[1]),
                       face_of(item[2]) if len(item) > 2 else None) for item in items)
    hands = tuple(tuple(SetupPiece(side, face_of(item[0]),
                                   face_of(item[1]) if len(item) > 1 else None)
                        for item in data["hands"].get(SIDE_NAMES[side], []))
                  for side in (0, 1))
    return Diagram(tuple(stacks), hands, _side(data["to_move"]))  # type: ignore[arg-type]


def position_to_json(pos: Position) -> dict[str, Any]:
    from kifu.games.gungi.diagram_position import to_diagram

    data = to_json(to_diagram(pos))
    data["phase"] = pos.phase
    data["battle_plies"] = pos.battle_plies
    if pos.last_square is not None:
        data["last"] = f"{file_of(pos.last_square)}-{rank_of(pos.last_square)}"
    if pos.outcome is not None:
        data["outcome"] = {"winner": pos.outcome.winner, "reason": pos.outcome.reason}
    if pos.repeated:
        data["sennichite"] = True
    return data
