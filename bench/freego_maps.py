"""Free-form Go drawings: kifu's map and grid drawing against the drawing before issue 23.11.

    python -m bench.freego_maps [--quick] [--side N] [--positions N] [--moves N] [--rounds N]
    python -m bench.freego_maps --write DIR    (the issue's cases as files, for kifu render)

No other software draws Free-form Go, so the yardstick is the drawing kifu had before issue
23.11, kept below as ``old_render_svg``: per position it compared every pair of cells for the
stones' radii, asked for every cell whether the board has outlines and values (each a walk
through all the cells), counted the board three times for the legend, and built the whole
document in ElementTree, board and all.  kifu now finds the radii through a grid of buckets and
keeps, per board object, the board's own drawing and each cell's drawing per state.  Both use
the same helpers otherwise (colours, title, legend, a cell's elements), so the figures compare
the algorithms, not two ways of writing SVG.

Inputs, generated (seed 11): a map of ``side`` x ``side`` cells at jittered points (valued 1
or 2, each linked to the next), the same map with square outlines, and ``grid:52``; on each, a
game of random legal play (``legal_moves`` of kifu's referee, passes left out), ``positions``
positions on the maps and ``moves`` on the grid.  Timed, in one process, CPU time, best of
``--rounds`` with the sides taking turns: every position drawn as it stands and turned round,
as the viewer's page draws them, the board never drawn before (kifu's drawings kept from an
earlier round are dropped first).  Verdict: every drawing is the same text, byte for byte.

``--write DIR`` writes the inputs of the issue's own cases, timed as whole ``kifu render``
processes in ``docs/speed.md``: a ``grid:52`` record of 5,600 random legal moves, one of 9,999
(the most positions a page draws), and board files of 10,000 cells (at points; with square
outlines) with a record of two moves on each.
"""
from __future__ import annotations

import hashlib
import random
import sys
import xml.etree.ElementTree as ET
from pathlib import Path
from typing import Any

if __name__ == "__main__" and not __package__:  # run as a script: the repository root, not bench/
    sys.path[0] = str(Path(__file__).resolve().parents[1])

from bench.common import (
    BASELINE,
    FULL_ROUNDS,
    Other,
    Row,
    note,
    same_verdicts,
    sized,
    standalone,
    take_turns,
)
from kifu.builtin.freego.boards import grids
from kifu.builtin.freego.boards.board import Board, Cell, symmetric_links
from kifu.builtin.freego.moves import Place
from kifu.builtin.freego.position import OFF, Position
from kifu.builtin.freego.render import layout, svg
from kifu.builtin.freego.rules import legal_moves, play, scoring
from kifu.builtin.freego.setup import Rules
from kifu.draw import grid as goboard
from kifu.draw.svg import document, element, to_string
from kifu.plugin import RenderOptions

SIZES = {"quick": {"side": 12, "positions": 6, "moves": 40, "rounds": 1},
         "full": {"side": 32, "positions": 12, "moves": 400, "rounds": FULL_ROUNDS}}
SEED = 11
BASELINE_NAME = ("`old_render_svg` in `bench/freego_maps.py` (the drawing before issue 23.11: "
                 "every pair of cells compared, the board walked for each cell, nothing kept)")
DRAWN = (RenderOptions(), RenderOptions(flip=True))


# -- the drawing before issue 23.11 ------------------------------------------------------------

def old_render_svg(pos: Position, options: RenderOptions) -> str:
    if pos.board.grid is not None:
        return _old_grid(pos, options)
    return _old_map(pos, options)


def _old_legend(pos: Position) -> list[str]:
    """The legend's lines, counted afresh each time as before (kifu now counts once)."""
    svg._last_count = None
    return svg._legend_lines(pos)


def _old_grid(pos: Position, options: RenderOptions) -> str:
    columns, rows = pos.board.grid or (0, 0)
    grid = goboard.Grid(columns, rows, flip=options.flip, margin=30.0 if options.coords else 20.0)
    lines = len(_old_legend(pos))
    size = svg.legend_size(_old_legend(pos), grid.width, grid.cell * 0.45)
    root = goboard.draw_board(grid, stars=svg._stars(columns, rows), coords=options.coords,
                              column_label=grids.column_name, row_label=lambda r: str(r + 1),
                              title=svg._title(pos, None), extra_height=size * 1.4 * (lines + 0.6),
                              pixel_width=options.size)
    colours = svg.seat_colours(pos.rules.seats)
    stones = element(root, "g", class_="stones")
    for index, what in enumerate(pos.cells):
        if what > 0:
            row, column = divmod(index, columns)
            label = str(pos.numbers.get(index, "")) if options.numbers else None
            goboard.draw_stone(stones, grid, column, row, colours[what - 1], label=label or None,
                               label_fill=svg._ink_on(colours[what - 1]))
    if options.last_move and pos.last is not None and not options.numbers:
        row, column = divmod(pos.last, columns)
        goboard.draw_last_move(root, grid, column, row, svg.LAST_MOVE)
    svg._draw_legend(root, pos, _old_legend(pos), grid.margin * 0.5, grid.height, size)
    return to_string(root)


def old_radii(centres: list[tuple[float, float]]) -> list[float]:
    """Every pair of cells compared."""
    radii = []
    for i, (x, y) in enumerate(centres):
        nearest = min((layout.distance(x - u, y - v) for j, (u, v) in enumerate(centres)
                       if j != i), default=layout.ALONE)
        radii.append(layout.radius(nearest))
    return radii


def _old_map(pos: Position, options: RenderOptions) -> str:
    board = pos.board
    frame = layout.Frame(board, options.flip)
    lines = _old_legend(pos)
    size = svg.legend_size(_old_legend(pos), frame.width, 14.0)
    root = document(frame.width, frame.height + size * 1.4 * (len(lines) + 0.6),
                    svg._title(pos, None), options.size)
    element(root, "rect", x=0, y=0, width=frame.width, height=frame.height, fill="#fbf8ef")
    centres = layout.centres(board, frame)
    radii = old_radii(centres)
    if any(cell.polygon for cell in board.cells):
        outlines = element(root, "g", class_="cells", stroke=svg.INK, stroke_width=1,
                           stroke_linejoin="round")
        for index, cell in enumerate(board.cells):
            if cell.polygon:
                points = " ".join(f"{x:.1f},{y:.1f}" for x, y in map(frame.xy, cell.polygon))
                fill = svg.UNPLAYABLE if pos.cells[index] == OFF else svg.PAPER
                element(outlines, "polygon", points=points, fill=fill, class_="cell")
    if not any(cell.polygon for cell in board.cells) or options.flag("edges"):
        edges = element(root, "g", class_="adjacency", stroke="#9a8f7a", stroke_width=1.2)
        for a, b in board.edges():
            (x1, y1), (x2, y2) = centres[a], centres[b]
            element(edges, "line", x1=x1, y1=y1, x2=x2, y2=y2)
    _old_cells(element(root, "g", class_="stones"), pos, options, centres, radii)
    if options.last_move and pos.last is not None:
        x, y = centres[pos.last]
        element(root, "circle", cx=x, cy=y, r=radii[pos.last] + 2.5, fill="none",
                stroke=svg.LAST_MOVE, stroke_width=2.5, class_="last-move")
    svg._draw_legend(root, pos, _old_legend(pos), layout.MAP_MARGIN * 0.5, frame.height, size)
    return to_string(root)


def _old_cells(marks: ET.Element, pos: Position, options: RenderOptions,
               centres: list[tuple[float, float]], radii: list[float]) -> None:
    """Each cell, the board asked again for each whether it has outlines and values."""
    board = pos.board
    names = layout.names(board, options.extras.get("names", "auto"))
    colours = svg.seat_colours(pos.rules.seats)
    for index, cell in enumerate(board.cells):
        outlined = any(other.polygon for other in board.cells)
        value = scoring.fmt(cell.value) if svg.value_shown(board) else None
        numbered = options.numbers and index in pos.numbers
        svg._draw_cell(marks, pos.cells[index], centres[index], radii[index],
                       str(pos.numbers[index]) if numbered else names[index], numbered,
                       outlined, options.coords or options.numbers, value, colours)


# -- inputs ------------------------------------------------------------------------------------

def scattered(side: int, outlines: bool, rng: random.Random) -> Board:
    """``side`` x ``side`` cells at jittered points (squares around them), linked in rows and
    columns, valued 1 and 2 by rows."""
    cells, pairs = [], []
    for row in range(side):
        for column in range(side):
            x, y = column + rng.uniform(-0.25, 0.25), row + rng.uniform(-0.25, 0.25)
            square = ((x - 0.4, y - 0.4), (x + 0.4, y - 0.4), (x + 0.4, y + 0.4),
                      (x - 0.4, y + 0.4)) if outlines else None
            name = f"c{column}-{row}"
            cells.append(Cell(name, name, value=1 + row % 2, at=(x, y), polygon=square))
            index = row * side + column
            pairs += [(index, index + 1)] if column + 1 < side else []
            pairs += [(index, index + side)] if row + 1 < side else []
    kind = "outlined" if outlines else "points"
    return Board(f"{kind} {side}x{side}", tuple(cells), symmetric_links(pairs, len(cells)))


def random_play(board: Board, moves: int, rng: random.Random) -> list[Position]:
    """The positions of a game of random legal placements (passes left out)."""
    pos = Position(Rules(board, ("black", "white"), (0.0, 6.5)))
    positions = [pos.copy()]
    for _ in range(moves):
        placements = [m for m in legal_moves(pos) if isinstance(m, Place)]
        if not placements:
            break
        play(pos, rng.choice(placements))
        positions.append(pos.copy())
    return positions


def draw_all(draw: Any, positions: list[Position]) -> list[str]:
    return [draw(pos, options) for pos in positions for options in DRAWN]


def digests(drawings: list[str]) -> list[str]:
    """The drawings as their SHA-256 digests, so that a difference is told in a line."""
    return [hashlib.sha256(text.encode()).hexdigest()[:16] for text in drawings]


def kifu_draw_all(positions: list[Position]) -> list[str]:
    """kifu's drawings, the board never drawn before."""
    layout._KEPT.clear()
    return draw_all(svg.render_svg, positions)


def measure(side: int, positions: int, moves: int, rounds: int) -> list[Row]:
    rng = random.Random(SEED)
    games = [(scattered(side, False, rng), positions), (scattered(side, True, rng), positions),
             (grids.grid_board(52, 52), moves)]
    rows = []
    for board, length in games:
        played = random_play(board, length, rng)
        drawings = len(played) * len(DRAWN)
        inputs = (f"{board.name} ({len(board):,} cells), {len(played):,} positions of random "
                  f"legal play, {drawings:,} drawings")
        note(f"freego maps: {inputs}; {rounds} round(s)")
        (ours, new), (theirs, old) = take_turns(
            [lambda: kifu_draw_all(played), lambda: draw_all(old_render_svg, played)], rounds)
        names = [f"position {i // len(DRAWN)}{' turned' if i % len(DRAWN) else ''}"
                 for i in range(drawings)]
        agree = same_verdicts("drawings (SVG text, byte for byte)", names, digests(new),
                              digests(old), "the old drawing")
        rows.append(Row("Free-form Go", "draw every position as it stands and turned round "
                        "(the viewer's page), the board not drawn before; one process",
                        inputs, "drawings/s", drawings / ours,
                        Other(BASELINE_NAME, BASELINE, drawings / theirs), agree))
    return rows


run = sized(measure, SIZES)


# -- the cases as files ----------------------------------------------------------------

def grid_record(moves: int, seed: int, eyes: bool) -> str:
    """A ``grid:52`` record of random legal placements through the library (``eyes``: a
    placement filling one's own eye only when there is nothing else), numbered 8 to a line."""
    import kifu

    game = kifu.game("freego")
    pos = game.start({"Board": "grid:52"})
    rng = random.Random(seed)
    played: list[str] = []
    while len(played) < moves and game.outcome(pos) is None:
        legal = game.legal_moves(pos)
        places = [m for m in legal if isinstance(m, Place)]
        if eyes:
            colour, board = pos.to_move + 1, pos.board
            open_ = [m for m in places if not all(
                pos.cells[n] == colour for n in board.neighbours[board.find(m.cell)])]
            places = open_ or places or legal
        move = rng.choice(places)
        played.append(game.notation(move, pos))
        pos = game.play(pos, move)
    lines = [" ".join(f"{i + j + 1}. {m}" for j, m in enumerate(played[i:i + 8]))
             for i in range(0, len(played), 8)]
    return "Game: freego\nBoard: grid:52\n\n" + "\n".join(lines) + "\n"


def board_file(side: int, outlines: bool) -> str:
    """``side`` x ``side`` cells with adjacency listed, at points (and squares around them)."""
    out = [f'name = "a {side}x{side} scribble"\n']
    for r in range(side):
        for c in range(side):
            out.append(f"[cells.c{c}_{r}]")
            out.append(f"at = [{c * 1.0 + (r % 3) * 0.1}, {r * 1.0}]")
            if outlines:
                out.append(f"polygon = [[{c - .5}, {r - .5}], [{c + .5}, {r - .5}], "
                           f"[{c + .5}, {r + .5}], [{c - .5}, {r + .5}]]")
            near = [f'"c{c + dc}_{r + dr}"' for dc, dr in ((1, 0), (-1, 0), (0, 1), (0, -1))
                    if 0 <= c + dc < side and 0 <= r + dr < side]
            out.append(f"adjacent = [{', '.join(near)}]")
            out.append("")
    return "\n".join(out)


def write_cases(folder: Path) -> list[Path]:
    folder.mkdir(parents=True, exist_ok=True)
    files = {"long52.freego": grid_record(5600, 1, eyes=False),
             "max52.freego": grid_record(9999, 2, eyes=True)}
    for name, outlines in (("cells10k", False), ("cells10k-poly", True)):
        files[f"{name}.toml"] = board_file(100, outlines)
        files[f"{name}.freego"] = f"Game: freego\nBoard: {name}.toml\n\nc50_50 c51_50\n"
    for name, text in files.items():
        (folder / name).write_text(text, encoding="utf-8")
    return [folder / name for name in files]


if __name__ == "__main__":
    if sys.argv[1:2] == ["--write"] and len(sys.argv) == 3:
        for path in write_cases(Path(sys.argv[2])):
            print(path)
    else:
        standalone(measure, SIZES, __doc__)
