"""Writing Rengi's notation: a record in any dialect, headers, set-up, then ``PER_LINE`` moves
a line.

The alphabets (``letters``, ``upper``, ``lower``, ``kanji``, ``symbols``) spell each move
(:func:`kifu.builtin.rengi.moves.text`).  Two dialects need the position, every move in colour
form or every move in open form (:func:`convert`): ``23ab`` and ``2R`` say the same thing only
once the piece is known, and the piece depends on how many pieces the mover has placed (passes
and waits use none), so converting replays the record, variations included, and rewrites each
placement with the piece it was dealt.
"""
from __future__ import annotations

import itertools
from collections.abc import Iterator
from typing import Any

from kifu.builtin.rengi import moves as m
from kifu.builtin.rengi.moves import FIRST, Move, Place, Single, Turn
from kifu.builtin.rengi.position import Position
from kifu.builtin.rengi.setup import write_setup
from kifu.plugin import (
    LINE_END,
    NODE,
    VARIATION,
    ConversionError,
    KifuError,
    Node,
    Record,
    header_lines,
    in_writing_order,
    joined,
)

PER_LINE = 10


def write(record: Record, dialect: str = "letters") -> str:
    """The record in the notation: headers, set-up, then ``PER_LINE`` moves a line."""
    return "".join(write_pieces(record, dialect))


def write_pieces(record: Record, dialect: str = "letters") -> Iterator[str]:
    """What :func:`write` writes, a few lines at a time."""
    out = header_lines(record.headers.items())
    if out:
        out.append("")
    out.extend(_comment(c) for c in record.comments)
    if record.setup is not None:
        out.extend(write_setup(record.setup))
        out.append("")
    return joined(itertools.chain(out, _lines(record.moves, dialect)))


def _lines(nodes: list[Node], dialect: str) -> Iterator[str]:
    current: list[str] = []
    for count, node in enumerate(nodes, start=1):
        current.extend(_node_tokens(node, dialect))
        if count % PER_LINE == 0:
            yield " ".join(current)
            current = []
    if current:
        yield " ".join(current)


def _node_tokens(node: Node, dialect: str) -> list[str]:
    """A node's move, its comments and its variations, each whole in parentheses (theirs
    within, walked :func:`in_writing_order`)."""
    tokens = [m.text(node.move, dialect)]
    tokens.extend(_comment(c) for c in node.comments)
    if not node.variations:
        return tokens
    pieces: list[str] = []
    for kind, child, index, _, depth in in_writing_order(node):
        if kind == VARIATION:
            pieces.append(" (" if pieces or depth else "(")
        elif kind == LINE_END:
            pieces.append(")")
            if depth == 1:  # a variation of ``node``: a token of its own
                tokens.append("".join(pieces))
                pieces = []
        elif kind == NODE:
            pieces.append(("" if index == 0 else " ") + " ".join(
                [m.text(child.move, dialect), *(_comment(c) for c in child.comments)]))
    return tokens


def _comment(text: str) -> str:
    """A comment in braces; a closing brace inside becomes a full-width one, and a comment
    that would read as a garbage note ({j:25}) gets a leading blank."""
    body = text.replace("}", "\uff5d")
    if body[:2].lower() in ("j:", "j："):
        body = " " + body
    return "{" + body + "}"


# -- dialects that need the position ----------------------------------------------------------


def convert(game: Any, record: Record, dialect: str) -> Record:
    """A copy of ``record`` whose placements are all in colour form or all in open form."""
    pos = game.start(record)
    if dialect == "open" and pos.dealer.kind in ("free", "unknown"):
        raise ConversionError("the open form needs a tsumo list or a seed; this record's "
                              "colours are chosen move by move")
    moves = _walk(game, pos, record.moves, dialect, 0)
    return Record(record.game, dict(record.headers), record.setup, list(record.comments), moves,
                  record.source, dict(record.header_spans))


def _walk(game: Any, pos: Position, nodes: list[Node], dialect: str, number: int) -> list[Node]:
    """The rewritten copy of ``nodes`` played from ``pos``, each node's variations rewritten
    (from the position before it) before the node is played.  An explicit stack, since
    variations may nest as deep as the record has moves: each frame a line to copy, its copy,
    the position it is played on and the number of the last move played; and, while a node's
    variations are rewritten, the node to play after them."""
    out: list[Node] = []
    lines: list[tuple[Iterator[Node], list[Node], Position, list[int]]] = [
        (iter(nodes), out, pos, [number])]
    waiting: list[tuple[int, Node, Position, list[int]]] = []  # (lines below, node, ...)
    while lines:
        if waiting and waiting[-1][0] == len(lines):
            _, played, position, count = waiting.pop()
            _play(game, position, played, count, dialect)
            continue
        pending, copied, position, count = lines[-1]
        node = next(pending, None)
        if node is None:
            lines.pop()
            continue
        variations: list[list[Node]] = [[] for _ in node.variations]
        copied.append(Node(_rewrite(position, node.move, dialect), list(node.comments),
                           variations, node.span))
        if not node.variations:
            _play(game, position, node, count, dialect)
            continue
        waiting.append((len(lines), node, position, count))
        lines.extend(reversed([(iter(line), made, game.copy(position), [count[0]])
                               for line, made in zip(node.variations, variations)]))
    return out


def _play(game: Any, position: Position, node: Node, count: list[int], dialect: str) -> None:
    count[0] += 1
    try:
        game.play(position, node.move)
    except KifuError as error:
        raise ConversionError(f"cannot rewrite move {count[0]} ({node.move}) in the "
                              f"{dialect} form: {error.message}", span=node.span) from None


def _rewrite(pos: Position, move: Move, dialect: str) -> Move:
    if not isinstance(move, (Place, Turn, Single)):
        return move
    side = pos.current if move.side is None else move.side
    index = pos.sides[side].placed
    try:
        piece = pos.dealer.piece(side, index)
    except IndexError:
        return move  # playing it reports the problem
    single_due = side == FIRST and index == 0
    if dialect == "colours":
        if piece is None:
            return move
        if isinstance(move, Single) and move.colour is None:
            return _single(move, piece[0])
        if isinstance(move, Turn) and not single_due:
            return _as_place(move, piece)
        return move
    if piece is None:
        return move
    if isinstance(move, Single) or (single_due and isinstance(move, Turn)):
        return Single(move.side, move.column, None, move.drop)
    if isinstance(move, Place):
        return _as_turn(move, piece) or move
    return move


def _single(move: Single, colour: int) -> Single | Turn:
    if colour == 3:
        return Turn(move.side, move.column, "D", move.drop)
    return Single(move.side, move.column, colour, move.drop)


def _as_place(move: Turn, piece: tuple[int, ...]) -> Place | Turn:
    axis, child = piece
    column = move.column
    if move.direction == "U":
        return Place(move.side, (column, column), (axis, child), move.drop)
    if move.direction == "D":
        return Place(move.side, (column, column), (child, axis), move.drop)
    other = column + (1 if move.direction == "R" else -1)
    if not 1 <= other <= 6:
        return move  # off the field: playing it reports the problem
    if other > column:
        return Place(move.side, (column, other), (axis, child), move.drop)
    return Place(move.side, (other, column), (child, axis), move.drop)


def _as_turn(move: Place, piece: tuple[int, ...]) -> Turn | None:
    axis, child = piece
    (first, second), (low, high) = move.columns, move.colours
    if move.vertical:
        if (low, high) == (axis, child):
            return Turn(move.side, first, "U", move.drop)
        if (low, high) == (child, axis):
            return Turn(move.side, first, "D", move.drop)
        return None
    if (low, high) == (axis, child):
        return Turn(move.side, first, "R" if second > first else "L", move.drop)
    if (low, high) == (child, axis):
        return Turn(move.side, second, "R" if first > second else "L", move.drop)
    return None
