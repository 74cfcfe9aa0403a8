"""What the archive formats share: the board size and rule a record names, points on a board
of any size, and the moves of a main line."""
from __future__ import annotations

import re
from collections.abc import Iterator

from kifu.builtin.renju.moves import LETTERS, Pass, Place, Point
from kifu.plugin import ConversionError, Node, NotationError, Reading, Record, Span, is_event, read_int

SIZE_KEY, RULE_KEY, OPENING_STONES_KEY = "Size", "Rule", "Opening-stones"
DEFAULT_SIZE = 15
#: The largest board a point's letter can name (a..z).
MAX_SIZE = len(LETTERS)
_SIZE = re.compile(r"\s*([0-9]+)\s*(?:[xX×]\s*([0-9]+)\s*)?")


def size_text(width: int, height: int) -> str:
    """The ``Size:`` header of a board: ``15``, or ``15x20`` for a board that is not square."""
    return str(width) if width == height else f"{width}x{height}"


def board_size(record: Record) -> tuple[int, int]:
    """The board a record is played on (``Size: N`` or ``Size: WxH``; 15x15 without one)."""
    value = record.header(SIZE_KEY)
    if value is None:
        return DEFAULT_SIZE, DEFAULT_SIZE
    match = _SIZE.fullmatch(value)
    width = read_int(match.group(1)) if match else None
    height = read_int(match.group(2) or match.group(1)) if match else None
    if not width or not height or width > MAX_SIZE or height > MAX_SIZE:
        raise ConversionError(f"Size: {value!r} names no board of 1 to {MAX_SIZE} lines")
    return width, height


def point_name(column: int, row: int) -> str:
    """A point as kifu writes it, 0-based column from the left and row from the bottom."""
    return str(Point(column, row))


def points_text(points: list[Point]) -> str:
    return " ".join(map(str, points))


def read_points(value: str, what: str) -> list[Point]:
    """The points of a header such as ``Opening-stones: h8 i9 h10``."""
    points = []
    for word in value.replace(",", " ").split():
        try:
            points.append(Point.parse(word))
        except ValueError as error:
            raise ConversionError(f"{what}: {error}") from None
    return points


def opening_stones(record: Record, fmt: str) -> list[Point]:
    """The stones a tournament placed before play, in the order placed (``Opening-stones``,
    which reading a record makes its set-up); any other set-up is a ``ConversionError``, as
    the format could not say it."""
    found = record.setup
    if found is None:
        value = record.header(OPENING_STONES_KEY)
        return read_points(value, OPENING_STONES_KEY) if value else []
    if not getattr(found, "in_order", False) or found.to_move != (
            "white" if len(found.black) > len(found.white) else "black"):
        raise ConversionError(f"{fmt} has no set-up positions but the stones of an opening in "
                              "the order placed (Opening-stones): the record starts from another")
    order = [point for pair in zip(found.black, found.white) for point in pair]
    return order + list(found.black[len(found.white):])


def main_line(record: Record, fmt: str, *, passes: bool = False) -> list[Node]:
    """The nodes of a record's main line a format of plain moves can write: stones (and
    passes where ``passes``); an opening event is a ``ConversionError``, as the format could
    not say the game."""
    nodes = []
    for node in record.moves:
        if isinstance(node.move, Place) or (passes and isinstance(node.move, Pass)):
            nodes.append(node)
        else:
            kind = "an opening event" if is_event(node.move) else "a pass"
            raise ConversionError(f"{fmt} cannot write {kind} ({node.move})", span=node.span)
    return nodes


def lost_parts(record: Record, fmt: str, *, comments: bool = True) -> list[str]:
    """What a format of one line of plain moves leaves out of a record: its variations and,
    unless it keeps them, its comments, and the properties of its nodes."""
    variations = node_comments = 0
    properties = len(record.properties)
    for _, _, nodes in record.walk():
        for node in nodes:
            variations += len(node.variations)
            node_comments += len(node.comments)
            properties += len(node.properties) if node.has_properties() else 0
    lost = []
    if variations:
        lost.append(f"{fmt} keeps the main line only: {variations} variation"
                    f"{'s' * (variations != 1)} left out")
    if not comments and (node_comments or record.comments):
        count = node_comments + len(record.comments)
        lost.append(f"{fmt} has no comments: {count} comment{'s' * (count != 1)} left out")
    if properties:
        lost.append(f"{fmt} has no place for properties of the game and its moves (titles, "
                    f"labels, marks, SGF's own): {properties} left out")
    return lost


def only_record(readings: Iterator[Reading], what: str) -> Record:
    """The one record of a file's readings: a file of none or of several games is refused
    (read its games one by one), and a game that could not be read raises its error."""
    first = next(readings, None)
    if first is None:
        raise NotationError(f"{what} holds no game", span=Span.point(1, 1))
    if next(readings, None) is not None:
        raise NotationError(f"{what} holds several games; read one at a time (kifu's "
                            "--game-index)", rule="collection")
    if first.record is None:
        raise first.findings[0]
    return first.record


def not_written(what: str, record: Record) -> str:
    """A format kifu only reads: writing is a ``ConversionError`` that says what to do."""
    raise ConversionError(f"kifu reads {what} but does not write it; write the record as SGF, "
                          "psq or kifu's own notation")
