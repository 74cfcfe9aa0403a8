"""A deliberately naive Rengoma referee, written straight from the rules with no care for speed.

It is the yardstick of ``bench/rengoma.py`` (no other Rengoma software exists) and the oracle of
the differential tests in ``tests/rengoma``: a second, independent reading of the rules.  The
board is a dict of squares to lists of (colour, strength); every check scans the whole board;
legality is decided by trying every conceivable action.  Only colours are tracked, not seats:
in the team game the colours alternate exactly as with two players.

Actions are plain tuples: ``("A", (c, r))``, ``("B", (c, r))``, ``("C", (c, r), (c, r))``,
with 0-based column and row.
"""
from __future__ import annotations

import copy

OTHER = {"black": "red", "red": "black"}
LINES = ((1, 0), (0, 1), (1, 1), (1, -1))
ROOK = ((1, 0), (-1, 0), (0, 1), (0, -1))


class Illegal(Exception):
    """An action the rules forbid."""


class NaiveGame:
    def __init__(self, columns: int, rows: int, stock_black: list[int], stock_red: list[int]):
        self.columns, self.rows = columns, rows
        self.board = {(c, r): [] for c in range(columns) for r in range(rows)}
        self.stock = {"black": list(stock_black), "red": list(stock_red)}
        self.field = {"black": self.stock["black"].pop(0), "red": self.stock["red"].pop(0)}
        self.chips = {"stock": 2, "black": 0, "red": 0}
        self.to_move = "red" if self.field["red"] < self.field["black"] else "black"
        self.winner: str | None = None
        self.drawn = False

    def snapshot(self) -> dict:
        return copy.deepcopy({"board": self.board, "field": self.field, "stock": self.stock,
                              "chips": self.chips, "to_move": self.to_move,
                              "winner": self.winner, "drawn": self.drawn})

    def has_four(self, colour: str) -> bool:
        for (c, r) in self.board:
            for dc, dr in LINES:
                if all(self.board.get((c + i * dc, r + i * dr))
                       and self.board[(c + i * dc, r + i * dr)][-1][0] == colour
                       for i in range(4)):
                    return True
        return False

    def check_action(self, colour: str, action: tuple) -> None:
        """Raise ``Illegal`` unless ``colour`` may take ``action`` now (chips aside)."""
        kind = action[0]
        if kind in ("A", "B"):
            square = action[1]
            owner = colour if kind == "A" else OTHER[colour]
            if square not in self.board:
                raise Illegal("off-board")
            if self.board[square]:
                raise Illegal("occupied")
            if self.field[owner] is None:
                raise Illegal("field-empty")
            return
        origin, target = action[1], action[2]
        if origin not in self.board or target not in self.board:
            raise Illegal("off-board")
        if not self.board[origin] or self.board[origin][-1][0] != colour:
            raise Illegal("own-piece")
        if origin == target or (origin[0] != target[0] and origin[1] != target[1]):
            raise Illegal("rook-move")
        dc = (target[0] > origin[0]) - (target[0] < origin[0])
        dr = (target[1] > origin[1]) - (target[1] < origin[1])
        square = (origin[0] + dc, origin[1] + dr)
        while square != target:
            if self.board[square]:
                raise Illegal("blocked")
            square = (square[0] + dc, square[1] + dr)
        if self.board[target] and self.board[target][-1][1] >= self.board[origin][-1][1]:
            raise Illegal("stacking")

    def every_action(self) -> list[tuple]:
        squares = list(self.board)
        return ([("A", s) for s in squares] + [("B", s) for s in squares]
                + [("C", a, b) for a in squares for b in squares])

    def is_legal(self, colour: str, action: tuple) -> bool:
        try:
            self.check_action(colour, action)
        except Illegal:
            return False
        return True

    def legal_actions(self, colour: str) -> list[tuple]:
        return [action for action in self.every_action() if self.is_legal(colour, action)]

    def play_turn(self, actions: list[tuple]) -> None:
        colour = self.to_move
        placed_enemy = 0
        for index, action in enumerate(actions):
            if self.winner or self.drawn:
                raise Illegal("game-over")
            if index > 0:
                if index > 2 or self.chips[colour] == 0:
                    raise Illegal("chip")
                self.chips[colour] -= 1
                self.chips["stock"] += 1
            self.check_action(colour, action)
            if action[0] in ("A", "B"):
                owner = colour if action[0] == "A" else OTHER[colour]
                self.board[action[1]].append((owner, self.field[owner]))
                self.field[owner] = None
                placed_enemy += action[0] == "B"
            else:
                self.board[action[2]].append(self.board[action[1]].pop())
            if self.has_four(colour):
                self.winner = colour
            elif self.has_four(OTHER[colour]):
                self.winner = OTHER[colour]
        if self.winner:
            return
        for side in ("black", "red"):
            if self.field[side] is None and self.stock[side]:
                self.field[side] = self.stock[side].pop(0)
        for _ in range(placed_enemy):
            if self.chips["stock"]:
                self.chips["stock"] -= 1
                self.chips[colour] += 1
            elif self.chips[OTHER[colour]]:
                self.chips[OTHER[colour]] -= 1
                self.chips[colour] += 1
        self.to_move = OTHER[colour]
        if not any(self.is_legal(self.to_move, action) for action in self.every_action()):
            self.drawn = True
