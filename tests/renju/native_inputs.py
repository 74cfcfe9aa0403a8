"""Inputs for Renju's compiled core and pure Python to answer alike: random games of every rule
set written in kifu's notation and as Piskvork's psq (legal and illegal, with forbidden-move
positions sought out: black steered onto double threes, double fours and overlines, false
threes among them), and the files those and the bundled records become when mutated
(``tests/fuzz``'s mutations).  Shared by ``test_native.py`` and the sanitizer build's worker,
``native_worker.py``."""
from __future__ import annotations

import random
from pathlib import Path

from kifu.base.errors import KifuError
from kifu.base.record import Record
from kifu.builtin.renju import rules
from kifu.builtin.renju.forbidden import forbidden_points
from kifu.builtin.renju.moves import LETTERS, Pass, Place, Point, Swap
from kifu.builtin.renju.position import BLACK, EMPTY
from tests.cores import mutated

ROOT = Path(__file__).resolve().parents[2]
# What a record is made of: the common (first) and what the compiled core leaves to Python
# or Python refuses (second).
RULE_HEADERS = ((None, "renju", "Renju", "freestyle", "gomoku", "standard", "caro", "Caro rule",
                 "renju, yamaguchi", "renju, rif", "renju, swap", "renju, soosyrv-8",
                 "renju, taraguchi-10", "freestyle / swap2", "standard; none", "free style",
                 "exactly five", "renju, swap-2", ""),
                ("renju, offer-x", "chess", "renju,, rif ", "Renju\u3000", "soosõrv-8"))
SIZES = ((None, "15", "15", "15x15", "19", "20", "5", "9", "26"),
         ("27", "4", "7 X 7", "15x16", "x", "０15", "15x015", "1000"))
RESULTS = ((None, "black", "white", "draw", "1-0", "0-1", "1/2-1/2", "B+R", "W+", "?", "Void",
            "", "Black wins", " white ", "0"),
           ("黒勝ち", "black by a nose", "B+1000000", "W+Illegal", "none of these"))
HEADERS = (("Black: Aoki", "White: Brandt", "Event: club night", "Date: 2024-01-02",
            "Black:", "Round: 3", "Event: 東海連珠会", "Game: renju", "Game: gomoku-renju"),
           ("Opening: D4", "Game: gungi", "Black: draw", "Setup-Black: h8 h9",
            "Setup-White: a1", "To-Move: white", "To-Move: nobody", "Opening-stones: h8 i9 j10",
            "Opening-stones: h8 h8", "Setup-Black: h8 h9 h10 h11 h12", "Setup-Black: z99"))


def _near(size: int, stones: set[Point], rng: random.Random) -> Point:
    """A point near the stones (a cluster makes threes and fours), or anywhere."""
    if stones and rng.random() < 0.9:
        base = rng.choice(sorted(stones))
        return Point(min(size - 1, max(0, base.column + rng.randint(-2, 2))),
                     min(size - 1, max(0, base.row + rng.randint(-2, 2))))
    return Point(rng.randrange(size), rng.randrange(size))


def random_moves(rng: random.Random, rules_header: str | None, size: int,
                 setup: str | None = None) -> list[str]:
    """The moves of a random game on a board of ``size``, played by Python's referee to its
    end: clustered stones, black now and then steered onto a forbidden point (or a point that
    looks forbidden: a false three), passes and swaps; and now and then a move that breaks a
    rule (an occupied point, a move after the end)."""
    headers = {"Size": str(size)}
    if rules_header:
        headers["Rule"] = rules_header
    if setup:
        headers["Opening-stones"] = setup
    record = Record(game="renju", headers=headers)
    from kifu.builtin.renju import setup as setups

    try:
        setups.extract(record)
        position = rules.start(record)
    except KifuError:
        return ["h8", "i9"]
    moves: list[str] = []
    stones: set[Point] = {Point(*position.board.point_of(at)) for at in position.board.all_points
                          if position.cells[at] != EMPTY}
    seek_fouls = rng.random() < 0.5
    for _ in range(rng.randint(0, min(160, size * size))):
        if position.outcome is not None:
            if rng.random() < 0.05:
                moves.append(rng.choice(("h8", "pass", "a1")))  # after the end
            break
        roll = rng.random()
        if roll < 0.02:
            moves.append("pass")
            rules.play(position, Pass())
            continue
        if roll < 0.04 and position.stones < 6:
            try:
                rules.play(position, Swap())
            except KifuError:
                if rng.random() < 0.5:
                    moves.append("swap")  # refused: the record is illegal there
                    break
                continue
            moves.append("swap")
            continue
        point = None
        if seek_fouls and position.to_move == BLACK and position.rules.forbidden:
            fouls = [at for at, _ in forbidden_points(position.board, position.cells)]
            if fouls and rng.random() < 0.3:
                point = Point(*position.board.point_of(rng.choice(fouls)))
        zones = position.rules.allows.zones
        if point is None and position.stones < len(zones) and rng.random() < 0.95:
            reach, centre = zones[position.stones], size // 2  # the opening rule's zone
            point = Point(centre + rng.randint(-reach, reach), centre + rng.randint(-reach, reach))
        for _ in range(20):
            if point is not None:
                break
            candidate = _near(size, stones, rng)
            at = position.board.index(*candidate)
            if position.cells[at] == EMPTY or rng.random() < 0.01:
                point = candidate
        if point is None:
            break
        moves.append(f"{LETTERS[point.column]}{point.row + 1}")
        try:
            rules.play(position, Place(point))
        except KifuError:
            break  # an illegal move: the record ends on it
        stones.add(point)
    return moves


def random_record(rng: random.Random) -> str:
    """A random game in kifu's notation: headers drawn from lists that hold what the compiled
    core decides and what it leaves to Python (a record in three is sloppy: it draws from
    both), moves numbered or bare, comments, now and then a variation or an offer."""
    sloppy = rng.random() < 0.3

    def pick(choices: tuple[tuple, tuple]) -> object:
        return rng.choice(choices[0] + choices[1] if sloppy else choices[0])

    rule, size_text, result = pick(RULE_HEADERS), pick(SIZES), pick(RESULTS)
    try:
        size = int(str(size_text).lower().split("x")[0]) if size_text else 15
    except ValueError:
        size = 15
    size = min(max(size, 5), 26)
    setup = None
    if rng.random() < 0.1:
        setup = " ".join(f"{LETTERS[rng.randrange(size)]}{rng.randrange(size) + 1}"
                         for _ in range(rng.randint(1, 5)))
    moves = random_moves(rng, str(rule) if rule else None, size, setup)
    lines = []
    if rng.random() < 0.9:
        lines.append(rng.choice(("Game: renju", "Game: Renju", "game: renju")))
    for key, value in (("Rule", rule), ("Size", size_text), ("Result", result)):
        if value is not None:
            lines.append(f"{key}: {value}" if value else f"{key}:")
    for _ in range(rng.randint(0, 2)):
        header = str(pick(HEADERS))
        key = header.split(":")[0].casefold()
        if sloppy or all(line.split(":")[0].casefold() != key for line in lines):
            lines.append(header)  # (a sloppy record may give a header twice)
    if setup:
        lines.append(f"Opening-stones: {setup}")
    rng.shuffle(lines)
    numbered = rng.random() < 0.5
    words, number = [], 0
    for move in moves:
        if move != "swap":
            number += 1
        word = f"{number}. {move}" if numbered and move != "swap" else move
        if rng.random() < 0.03:
            word += rng.choice((" {a comment}", " ; to the line's end\n", " {multi\nline}"))
        if sloppy and rng.random() < 0.01:
            word += rng.choice((" (4. a1)", " offer[a1 b2]", " 7.", " )", " h8x", " H08"))
        words.append(word)
    separator = rng.choice((" ", " ", "\n", ", ", "  \t"))
    body = separator.join(words)
    text = "\n".join(lines) + ("\n\n" if lines else "") + body + rng.choice(("\n", "\n", ""))
    if sloppy and rng.random() < 0.1:
        text = rng.choice(("\ufeff", "\r\n", " ", "{lead}\n")) + text
    return text


def random_psq(rng: random.Random) -> str:
    """A random game written as Gomocup writes it: Piskvork's header, the opening's stones in
    0 ms, the moves, the engines, Piskvork's code and Gomocup's line (each now and then left
    out or bent)."""
    sloppy = rng.random() < 0.3
    league = rng.choice(("Renju", "Freestyle1", "Standard2", "Fastgame", "Caro", "Other", ""))
    rule = {"Renju": "renju", "Standard2": "standard", "Caro": "caro"}.get(league, "freestyle")
    size = rng.choice((15, 15, 20)) if rule != "renju" or rng.random() < 0.2 else 15
    opening = rng.choice((0, 2, 3, 4, 5))
    moves = random_moves(rng, rule, size)
    points = [m for m in moves if m not in ("pass", "swap")]
    lines = [f"Piskvorky {size}x{size}, {rng.randint(0, 20)}:{rng.randint(0, 20)}, "
             f"{rng.choice('01')}"]
    for index, move in enumerate(points):
        column, row = LETTERS.index(move[0]) + 1, size - int(move[1:]) + 1
        time = "0" if index < opening else str(rng.choice((0, 1, 47, 5000)))
        lines.append(f"{column},{row},{time}" if rng.random() > 0.02 else f"{column},{row}")
    if rng.random() < 0.8:
        lines += ["ENGINE_A.zip", "ENGINE_B.zip"]
    if rng.random() < 0.8:
        lines.append(rng.choice(("-1", "0", "3")))
    if rng.random() < 0.85:
        lines.append(f"{rng.choice(('1', '2', '0', '1', '2', '3', '01'))},{league}")
    if sloppy:
        roll = rng.random()
        if roll < 0.2:
            lines.insert(rng.randrange(1, len(lines) + 1), rng.choice(("", "x", "1,1,1", "99,99,0")))
        elif roll < 0.3:
            lines[0] = rng.choice(("Piskvorky 15x20, 1:1, 0", "Piskvorky 15x15, 1:1, 2",
                                   "Piskvorky  15x 15,1: 1,  1", "Piskvorky 4x4, 0:0, 0"))
    return rng.choice(("\n", "\r\n")).join(lines) + rng.choice(("\n", ""))


def seeds() -> list[str]:
    """The Renju records and psq files the repository holds (examples, the archives' quirks)."""
    found = (sorted((ROOT / "examples").rglob("*.renju"))
             + sorted((ROOT / "tests" / "renju" / "data" / "psq").rglob("*.psq"))
             + sorted((ROOT / "tests" / "renju").rglob("*.renju")))
    return [path.read_text(encoding="utf-8", errors="replace") for path in found]


def inputs(count: int, seed: int) -> list[str]:
    """``count`` inputs: random records and psq files, and those and the seeds mutated."""
    rng = random.Random(seed)
    base = seeds()
    found = []
    for index in range(count):
        game = random_record(rng) if index % 2 else random_psq(rng)
        if index % 3 == 0:
            found.append(game)
        else:
            found.append(mutated(rng, rng.choice((game, *base)) if base else game))
    return found
