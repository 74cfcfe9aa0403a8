"""Piskvork's ``.psq`` files, as Gomocup's tournament manager writes every game it plays.

```
Piskvorky 15x15, 11:11, 0         the board, the players' levels, who moved first (0 or 1)
8,9,0                             a stone: column from the left, row from the top (1-based),
9,8,0                               and the milliseconds its player thought; the tournament's
...                                 opening stones come first, with 0
9,9,69564
KATAGOMO21.R.zip                  the engine of players[0], then of players[1]
EMBRYO21.R.zip
-1                                Piskvork's error code (-1: unknown, a network tournament)
2,Renju                           Gomocup's line: the winning seat (1 or 2, 0 a draw), the league
```

Read into a record of the ``renju`` game: ``Size`` from the board, ``Rule`` from the league
(Renju, Freestyle and Fastgame, Standard), the leading stones of time 0 as
``Opening-stones`` (a set-up, not moves), ``Black`` and ``White`` the engines (``players[c]``
moved first, so played black), ``Result`` by colour from the winning seat (the seat that moves
first after the opening plays the colour to move then) and ``Winner-engine``; the times of
the moves as ``Move-times`` and Piskvork's other fields as ``Piskvork-Levels``,
``Piskvork-First`` and ``Piskvork-Code``.  Written back, such a record gives the same file,
with CRLF line ends (Piskvork writes in Windows text mode) and numbers without leading zeros.
"""
from __future__ import annotations

import re

from kifu.builtin.renju import setup
from kifu.builtin.renju.archives import common
from kifu.builtin.renju.forbidden import is_forbidden
from kifu.builtin.renju.moves import Place, Point
from kifu.builtin.renju.position import BLACK, WHITE, geometry
from kifu.builtin.renju.variants import MAX_SIZE, MIN_SIZE
from kifu.plugin import ConversionError, Node, NotationError, Record, Span, read_int

HEADER = re.compile(r"Piskvorky (\d+)x(\d+), (-?\d+):(-?\d+), (-?\d+)")
#: The header as Piskvork itself reads it (``fscanf`` with ``"Piskvorky %dx%d, %d:%d, %d"``):
#: a blank in the pattern matches any run of blanks, none included, and a number may follow
#: blanks; what Piskvork reads is read, and written back as Piskvork writes it (:data:`HEADER`).
READ_HEADER = re.compile(r"Piskvorky\s*(\d+)x\s*(\d+),\s*(-?\d+):\s*(-?\d+),\s*(-?\d+)")
#: A stone as Piskvork reads it (``fscanf("%d,%d,%d")``: a number may follow blanks).
_MOVE = re.compile(r"(\d+),\s*(\d+)(?:,\s*(-?\d+))?")
_LEAGUE = re.compile(r"(-?\d+),(.*)")
_CODE = re.compile(r"-?\d+")
#: A time that is not written (Piskvork reads ``x,y`` lines as well as ``x,y,ms``).
NO_TIME = "-"

LEVELS, FIRST, CODE = "Piskvork-Levels", "Piskvork-First", "Piskvork-Code"
LEAGUE, SEAT_RESULT, TIMES, WINNER = "League", "Gomocup-Result", "Move-times", "Winner-engine"
#: Every header a psq file fills; any other is left out when a record is written as psq.
KEYS = ("Game", common.SIZE_KEY, common.RULE_KEY, LEAGUE, "Black", "White", "Result", WINNER,
        common.OPENING_STONES_KEY, TIMES, LEVELS, FIRST, CODE, SEAT_RESULT)


def recognises(text: str) -> bool:
    """A psq file opens with Piskvork's header line."""
    return READ_HEADER.match(text.lstrip("\ufeff")) is not None


#: The rule of a file without Gomocup's line: Piskvork's own default (rule 0 of the Gomocup
#: protocol's ``INFO rule``: five or more in a row wins, nothing forbidden).
UNSTATED_RULE = "freestyle"


def rule_of_league(league: str) -> str | None:
    """The rule a Gomocup league plays: Renju; Freestyle and Fastgame, five or more wins;
    Standard, exactly five; Caro, five or more, but for exactly five closed at both ends."""
    name = league.strip().casefold()
    if name.startswith("renju"):
        return "renju"
    if name.startswith(("freestyle", "fastgame")):
        return "freestyle"
    if name.startswith("standard"):
        return "standard"
    if name.startswith("caro"):
        return "caro"
    return None


# -- reading --------------------------------------------------------------------------------

def read(text: str, source: str = "<psq>") -> Record:
    """A psq file as a record; a ``NotationError`` on the line that is not what psq writes."""
    lines = text.lstrip("\ufeff").split("\n")
    while lines and not lines[-1].strip():
        lines.pop()
    if not lines:
        raise NotationError("an empty psq file", span=Span.point(1, 1))
    header = READ_HEADER.fullmatch(lines[0].strip())
    if header is None:
        raise NotationError("a psq file opens with 'Piskvorky WxH, a:b, c'", span=_span(1, lines[0]))
    width, height = (read_int(header.group(i)) or 0 for i in (1, 2))
    if not 1 <= width <= common.MAX_SIZE or not 1 <= height <= common.MAX_SIZE:
        raise NotationError(f"a {width}x{height} board: kifu names the points of boards of 1 to "
                            f"{common.MAX_SIZE} lines", span=_span(1, lines[0]))
    if header.group(5) not in ("0", "1"):
        raise NotationError(f"who moved first is 0 or 1, not {header.group(5)}",
                            span=_span(1, lines[0]))
    record = Record(game="renju", source=source, headers={"Game": "renju"})
    record.headers[common.SIZE_KEY] = common.size_text(width, height)
    stones: list[tuple[Point, str | None, Span]] = []
    number = 1
    for number, line in enumerate(lines[1:], start=2):
        if not line.strip():
            continue  # Piskvork's fscanf skips blank lines between stones
        move = _MOVE.fullmatch(line.strip())
        if move is None:
            break
        x, y = read_int(move.group(1)) or 0, read_int(move.group(2)) or 0
        if not (1 <= x <= width and 1 <= y <= height):
            raise NotationError(f"{x},{y} is off the {width}x{height} board (columns and rows "
                                "count from 1)", span=_span(number, line))
        stones.append((Point(x - 1, height - y), move.group(3), _span(number, line)))
    else:
        number = len(lines) + 1
    trailer = lines[number - 1:] if number <= len(lines) else []
    opening = _trailer(record, trailer, number, stones, header.group(5))
    if opening:
        record.headers[common.OPENING_STONES_KEY] = common.points_text(
            [point for point, _, _ in stones[:opening]])
    played = stones[opening:]
    if any(time is not None for _, time, _ in played):
        record.headers[TIMES] = " ".join(NO_TIME if time is None else time
                                         for _, time, _ in played)
    record.headers[LEVELS] = f"{header.group(3)}:{header.group(4)}"
    record.headers[FIRST] = header.group(5)
    _order(record)
    setup.extract(record)  # the opening's stones: the set-up the game starts from
    record.moves = [Node(Place(point), span=span) for point, _, span in played]
    return record


def _trailer(record: Record, lines: list[str], first_line: int,
             stones: list[tuple[Point, str | None, Span]], first: str) -> int:
    """The lines after the moves: the engines' names, Piskvork's code, Gomocup's line; the
    number of opening stones (see :func:`_opening`)."""
    kept = [(first_line + index, line.strip()) for index, line in enumerate(lines)
            if line.strip()]  # blank lines say nothing
    rest = [line for _, line in kept]
    league = None
    # Two lines are the names, unless they are Piskvork's code and Gomocup's line (a file of
    # a tournament that named no engines).
    if rest and _LEAGUE.fullmatch(rest[-1]) and (len(rest) != 2 or _CODE.fullmatch(rest[0])):
        league = _LEAGUE.fullmatch(rest.pop())
    code = rest.pop() if rest and len(rest) != 2 and _CODE.fullmatch(rest[-1]) else None
    if len(rest) not in (0, 2):
        line = kept[2 if len(rest) > 2 else 0][0]
        raise NotationError("after the moves a psq file has the two engines' names, Piskvork's "
                            "code and Gomocup's result line, and nothing else",
                            span=_span(line, lines[line - first_line]))
    if rest:
        names = rest if first == "0" else rest[::-1]
        record.headers["Black"], record.headers["White"] = names
    if code is not None:
        record.headers[CODE] = code
    opening = _opening(stones, league.group(1) if league else None,
                       (rule_of_league(league.group(2)) if league else None) or UNSTATED_RULE,
                       common.board_size(record))
    if league is None:
        record.headers[common.RULE_KEY] = UNSTATED_RULE
        return opening
    record.headers[LEAGUE] = league.group(2)
    # A league kifu does not know (Caro, a league of another year) states no rule kifu judges:
    # Piskvork's default, as for a file without the line, never Renju's forbidden moves.
    record.headers[common.RULE_KEY] = rule_of_league(league.group(2)) or UNSTATED_RULE
    winner = _winner(league.group(1), opening)
    if winner is None:
        record.headers[SEAT_RESULT] = league.group(1)
        return opening
    record.headers["Result"] = winner
    if winner != "draw" and rest:
        record.headers[WINNER] = record.headers["Black" if winner == "black" else "White"]
    return opening


def _opening(stones: list[tuple[Point, str | None, Span]], seat: str | None, rule: str,
             size: tuple[int, int]) -> int:
    """How many of the first stones are the tournament's opening: those of time 0 that lead
    the file.  Two readings of those times are not Gomocup's and are set right:

    - stones of time 0 that make five or more in a row are no opening (a set-up holds no
      five): the file's times are a program's that writes 0 for every stone, and every stone
      is a move;
    - where the last stone won and the winning seat of Gomocup's line names the other colour,
      the last stone of time 0 was the first engine's answer in 0 ms, not an opening stone
      (seat 1 moves first after the opening: the opening's length decides its colour).  The
      last stone won where it makes a five that wins under the league's ``rule``, and where it
      makes no five and is no foul: the other side then lost without a five (a time-out, a
      crash, a foul Gomocup does not write), which in every real game of that end was the
      side that did not place the last stone (``docs/formats/psq.md`` gives the figures).  A
      five that does not win (black's overline in Renju; any overline in standard gomoku) and
      black's forbidden move in Renju say nothing of the winner.
    """
    run = 0
    while run < len(stones) and _is_zero(stones[run][1]):
        run += 1
    if not run:
        return 0
    board: dict[tuple[int, int], int] = {}
    longest = 0
    for index, (point, _, _) in enumerate(stones):
        board[point.column, point.row] = index % 2
        longest = _longest_line(board, point, index % 2)
        if longest >= 5 and index < run:
            return 0
    if seat in ("1", "2"):
        black = (len(stones) - 1) % 2 == 0
        if _winner(seat, run) != ("black" if black else "white") and _last_stone_won(
                stones, longest, black, rule, size):
            return run - 1
    return run


def _last_stone_won(stones: list[tuple[Point, str | None, Span]], longest: int, black: bool,
                    rule: str, size: tuple[int, int]) -> bool:
    """Whether the last stone, of the longest line ``longest``, won the game under ``rule``:
    a five that wins, or no five and no foul (see :func:`_opening`)."""
    if longest >= 5:
        exact = rule == "standard" or (rule == "renju" and black)
        return longest == 5 if exact else True
    return not (rule == "renju" and black and _forbidden_last(stones, size))


def _forbidden_last(stones: list[tuple[Point, str | None, Span]], size: tuple[int, int]) -> bool:
    """Whether black's last stone stands on a point forbidden to black (3-3, 4-4) of a square
    board (Renju's; kifu judges no other)."""
    if size[0] != size[1] or not MIN_SIZE <= size[0] <= MAX_SIZE:
        return False
    board = geometry(size[0])
    cells = board.empty_cells()
    for index, (point, _, _) in enumerate(stones[:-1]):
        cells[board.index(point.column, point.row)] = BLACK if index % 2 == 0 else WHITE
    last = stones[-1][0]
    return is_forbidden(board, cells, board.index(last.column, last.row)) is not None


def _longest_line(board: dict[tuple[int, int], int], point: Point, colour: int) -> int:
    """The longest line of stones of ``colour`` through ``point``."""
    longest = 1
    for dx, dy in ((1, 0), (0, 1), (1, 1), (1, -1)):
        run = 1
        for sign in (1, -1):
            x, y = point.column + sign * dx, point.row + sign * dy
            while board.get((x, y)) == colour:
                run += 1
                x, y = x + sign * dx, y + sign * dy
        longest = max(longest, run)
    return longest


def _is_zero(time: str | None) -> bool:
    """Whether a move's time is 0 ms (an opening stone's, when it leads the file)."""
    return time is not None and read_int(time.lstrip("-")) == 0


def _winner(seat: str, opening: int) -> str | None:
    """The winning colour of Gomocup's seat result: seat 1 moves first after the opening."""
    first = "black" if opening % 2 == 0 else "white"
    second = "white" if first == "black" else "black"
    return {"0": "draw", "1": first, "2": second}.get(seat)


def _order(record: Record) -> None:
    """The headers in the order of :data:`KEYS`."""
    record.headers = {key: record.headers[key] for key in KEYS if key in record.headers}


def _span(line: int, text: str) -> Span:
    return Span(line, 1, line, max(len(text.rstrip()), 1) + 1)


# -- writing --------------------------------------------------------------------------------

def write(record: Record) -> str:
    """The record as Piskvork writes it (CRLF line ends)."""
    width, height = common.board_size(record)
    levels = record.header(LEVELS) or "0:0"
    first = (record.header(FIRST) or "0").strip()
    if first not in ("0", "1"):
        raise ConversionError(f"{FIRST}: who moved first is 0 or 1, not {first!r}")
    lines = [f"Piskvorky {width}x{height}, {levels.strip()}, {first}"]
    if not HEADER.fullmatch(lines[0]):
        raise ConversionError(f"{LEVELS}: Piskvork's levels are two whole numbers a:b, not "
                              f"{levels!r}")
    opening = common.opening_stones(record, "psq")
    for point in opening:
        lines.append(_point(point, width, height, "opening stone") + ",0")
    nodes = common.main_line(record, "psq")
    times = (record.header(TIMES) or "").split()
    for index, node in enumerate(nodes):
        time = times[index] if index < len(times) else NO_TIME
        if time != NO_TIME and not _CODE.fullmatch(time):
            raise ConversionError(f"{TIMES}: {time!r} is no time in milliseconds")
        text = _point(node.move.point, width, height, "move", node)
        lines.append(text if time == NO_TIME else f"{text},{time}")
    names = _names(record)
    if names is not None:
        lines.extend(names if first == "0" else names[::-1])
    code = _code(record)
    if code is not None:
        lines.append(code)
    league = record.header(LEAGUE)
    seat = _seat(record, len(opening))
    if league is not None and seat is not None:
        lines.append(f"{seat},{league}")
    return "\r\n".join(lines) + "\r\n"


def _names(record: Record) -> tuple[str, str] | None:
    """The engines' names as psq can write them (both, each a line that reads back as a
    name: not blank, no move, no number), else ``None``."""
    names = tuple((record.header(key) or "").strip() for key in ("Black", "White"))
    if all(name and not _MOVE.fullmatch(name) and not _CODE.fullmatch(name)
           and not _LEAGUE.fullmatch(name) for name in names):
        return names[0], names[1]
    return None


def _code(record: Record) -> str | None:
    """Piskvork's code as written (a whole number), else ``None``."""
    code = (record.header(CODE) or "").strip()
    return code if _CODE.fullmatch(code) else None


def _point(point: Point, width: int, height: int, what: str, node: Node | None = None) -> str:
    if not (0 <= point.column < width and 0 <= point.row < height):
        raise ConversionError(f"the {what} {point} is off the {width}x{height} board",
                              span=node.span if node else None)
    return f"{point.column + 1},{height - point.row}"


def _seat(record: Record, opening: int) -> str | None:
    """Gomocup's seat result: as read where it named no colour, else from ``Result``."""
    raw = record.header(SEAT_RESULT)
    if raw is not None:
        return raw.strip()
    result = (record.header("Result") or "").strip().casefold()
    for seat in ("0", "1", "2"):
        if _winner(seat, opening) == result:
            return seat
    return None


def leaves_out(record: Record) -> list[str]:
    """What writing ``record`` as psq loses, in words."""
    lost = common.lost_parts(record, "psq", comments=False)
    others = [key for key in record.headers if key not in KEYS]
    if others:
        lost.append("psq has no place for the header" + "s" * (len(others) > 1) + " "
                    + ", ".join(others) + ": left out")
    if record.header(LEAGUE) is None:
        kept = [key for key in ("Result", common.RULE_KEY) if record.header(key) is not None
                and not (key == common.RULE_KEY and record.header(key) == UNSTATED_RULE)]
        if kept:
            lost.append(f"psq keeps {' and '.join(kept)} only in Gomocup's line, which needs a "
                        f"{LEAGUE} header: left out")
    elif _seat(record, len(common.opening_stones(record, "psq"))) is None:
        lost.append("Gomocup's line needs a result (black, white or draw): left out")
    if (record.header("Black") is not None or record.header("White") is not None) and \
            _names(record) is None:
        lost.append("psq names both engines, each on a line of its own that reads as a name: "
                    "the names left out")
    if record.header(CODE) is not None and _code(record) is None:
        lost.append(f"{CODE} is a whole number in psq: left out")
    return lost
