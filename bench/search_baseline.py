"""BASELINE WRITTEN IN THIS REPOSITORY, not kifu's index: searching records by replaying every
one of them, what anyone without an index does.  ``bench/search.py`` times kifu's index
against it (and against sgfmill doing the same) on the same files, and checks that both find
the same records.

Two replays, written here apart from kifu's index (no hash, no symmetry code of kifu's):

- ``kifu_replay``: every record read and replayed by kifu's own referee; each position's board
  compared with every image of the position asked about (its stones turned the eight ways,
  and with the colours swapped for Go), or each of the pattern's placements checked on it;
- ``sgfmill_replay`` (Go only): every SGF file read by sgfmill (``Sgf_game.from_bytes``,
  ``sgf_moves.get_setup_and_moves``) and played with ``Board.play``, compared the same way.
"""
from __future__ import annotations

from collections.abc import Iterable, Sequence
from pathlib import Path

from kifu.plugin import driver

#: A board as this file compares them: the stones of each colour as (column, row) sets, and
#: the side to move ("b", "w").
Board = tuple[frozenset[tuple[int, int]], frozenset[tuple[int, int]], str]
#: A pattern placed: (column, row) -> "b", "w" or "." (empty), and the side to move it asks
#: for (``None`` for either).
Placement = tuple[dict[tuple[int, int], str], str | None]

_TURNS = (
    lambda c, r, n: (c, r), lambda c, r, n: (n - r, c), lambda c, r, n: (n - c, n - r),
    lambda c, r, n: (r, n - c), lambda c, r, n: (n - c, r), lambda c, r, n: (c, n - r),
    lambda c, r, n: (r, c), lambda c, r, n: (n - r, n - c),
)


def images(board: Board, size: int, colours: bool) -> set[Board]:
    """Every image of a board: turned the eight ways, and with the colours swapped."""
    black, white, side = board
    found = set()
    for turn in _TURNS:
        b = frozenset(turn(c, r, size - 1) for c, r in black)
        w = frozenset(turn(c, r, size - 1) for c, r in white)
        found.add((b, w, side))
        if colours:
            found.add((w, b, {"b": "w", "w": "b"}[side]))
    return found


def placements(points: dict[tuple[int, int], str], size: int, colours: bool,
               side: str | None) -> list[Placement]:
    """A corner pattern (its points from the corner) laid on every corner, both ways round."""
    found = []
    for turn in _TURNS:
        laid = {turn(c, r, size - 1): what for (c, r), what in points.items()}
        found.append((laid, side))
        if colours:
            swapped = {p: {"b": "w", "w": "b"}.get(what, what) for p, what in laid.items()}
            found.append((swapped, None if side is None else {"b": "w", "w": "b"}[side]))
    return found


def holds(board: Board, placement: Placement) -> bool:
    black, white, side = board
    laid, wanted = placement
    if wanted is not None and side != wanted:
        return False
    for point, what in laid.items():
        held = "b" if point in black else "w" if point in white else "."
        if held != what:
            return False
    return True


# -- kifu's referee -------------------------------------------------------------------------

def kifu_boards(path: Path) -> Iterable[Board]:
    """Every position of a record's main line, replayed by kifu (Go or Renju)."""
    from kifu.run.load import load

    loaded = load(str(path))
    game, record = loaded.game, loaded.record
    position = game.start(record)
    yield _kifu_board(game.name, position)
    for step in driver.replay(game, record):
        yield _kifu_board(game.name, step.position)


def _kifu_board(game: str, position: object) -> Board:
    if game == "freego":
        columns = position.board.grid[0]  # type: ignore[attr-defined]
        cells = position.cells  # type: ignore[attr-defined]
        black = frozenset(divmod(i, columns)[::-1] for i, c in enumerate(cells) if c == 1)
        white = frozenset(divmod(i, columns)[::-1] for i, c in enumerate(cells) if c == 2)
        side = "bw"[position.to_move]  # type: ignore[attr-defined]
    else:
        board = position.board  # type: ignore[attr-defined]
        cells = position.cells  # type: ignore[attr-defined]
        black = frozenset(board.point_of(i) for i in board.all_points if cells[i] == 1)
        white = frozenset(board.point_of(i) for i in board.all_points if cells[i] == 2)
        side = "bw"[position.to_move - 1]  # type: ignore[attr-defined]
    return black, white, side


def kifu_replay(paths: Sequence[Path], wanted: set[Board] | None = None,
                laid: Sequence[Placement] = ()) -> set[str]:
    """The files whose main line reaches a board of ``wanted``, or one of the placements."""
    found = set()
    for path in paths:
        for board in kifu_boards(path):
            if (wanted is not None and board in wanted) or any(holds(board, p) for p in laid):
                found.add(path.name)
                break
    return found


# -- sgfmill --------------------------------------------------------------------------------

def sgfmill_boards(path: Path) -> Iterable[Board]:
    """Every position of an SGF file's main line, played by sgfmill."""
    from sgfmill import sgf, sgf_moves

    game = sgf.Sgf_game.from_bytes(path.read_bytes())
    board, plays = sgf_moves.get_setup_and_moves(game)
    side = "b"
    yield _mill_board(board, side)
    for colour, move in plays:
        if move is not None:
            board.play(move[0], move[1], colour)
        side = "w" if colour == "b" else "b"
        yield _mill_board(board, side)


def _mill_board(board: object, side: str) -> Board:
    black, white = set(), set()
    for colour, (row, column) in board.list_occupied_points():  # type: ignore[attr-defined]
        (black if colour == "b" else white).add((column, row))
    return frozenset(black), frozenset(white), side


def sgfmill_replay(paths: Sequence[Path], wanted: set[Board] | None = None,
                   laid: Sequence[Placement] = ()) -> set[str]:
    found = set()
    for path in paths:
        for board in sgfmill_boards(path):
            if (wanted is not None and board in wanted) or any(holds(board, p) for p in laid):
                found.add(path.name)
                break
    return found
