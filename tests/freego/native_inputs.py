"""Inputs for the compiled core of Go and pure Python to answer alike: random Go games written
as SGF (legal and illegal, every rule set, handicap, set-ups, results, properties kifu notes),
and the files those and the bundled records become when mutated (``tests/fuzz``'s mutations).
Shared by ``test_native.py`` and the sanitizer build's worker, ``native_worker.py``."""
from __future__ import annotations

import random
from pathlib import Path

from tests.cores import mutated

ROOT = Path(__file__).resolve().parents[2]
LETTERS = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ"
# What a game is made of: the common (first) and what the compiled core leaves to Python (second).
SIZES = (((2, 2), (3, 3), (4, 4), (5, 5), (5, 3), (7, 7), (9, 9), (13, 13), (19, 19), (21, 21),
          (1, 1), (52, 52)), ((53, 53), (0, 0)))
RULES = ((None, "Japanese", "Chinese", "AGA", "NZ", "Tromp-Taylor", "Free-form Go", "Korean",
          "koSITUATIONALscoreAREAsui1", "kosimplescoreTERRITORYtaxNONEsui0", "goe", "ing",
          "some club's", "koPOSITIONALscoreAREAtaxALLsui1", ""), ("Chinese\nrules", "中国"))
KOMI = ((None, "6.5", "0", "-3", "7", "0.50", "+5", ""), ("375", "650", "abc", "1234567890123.5"))
RESULTS = ((None, "?", "B+R", "W+3.5", "0", "Draw", "Void", "B+", "W+T", "B+0.5", "W+Resign",
            "", "W+1.5", "B+2", "W+0.0", " W+R "), ("black wins", "B+1000000", "b+r", "黑中盘胜"))
EXTRAS = (("AP[kifu:1]", "AP[CGoban]", "DT[2020-01-02]", "DT[2020-1-2]", "DT[2020-01-02,03]",
           "TM[600]", "TM[10 minutes]", "XX[unknown]", "C[a comment\\] here]", "GN[]", "PB[]",
           "PB[Honinbo]", "PW[\u3000]", "PB[李昌镐]", "ST[2]", "CA[UTF-8]", "FF[4]", "GM[1]",
           "EV[\\\nsoft break]", "US[]", "KO[]", "MN[3]", "N[node]"), ("GM[4]", "XH[a: b]"))
NODE_EXTRAS = (("BL[1795.3]", "WL[12]", "C[nice]", "C[a][b]", "TR[aa][bb]", "XY[z]", "LB[aa:x]",
                "OB[3]", "N[x]"), ("PB[late]", "KM[5]", "B[aa]", "AE[aa]", "PL[W]", "AB[cc]",
                                   "AW[ab][ba]", "SZ[9]", "TB[aa]"))


def random_game(rng: random.Random) -> str:
    """A random Go game on a grid as SGF: mostly legal moves (never-played points), now and
    then any point (a retaken ko, an occupied point, suicide), passes, a colour moving twice;
    the root's rules, komi, handicap, set-up, result and other properties drawn from lists
    that hold both what the compiled core decides and what it leaves to Python (a game in
    three is sloppy: it draws from both)."""
    sloppy = rng.random() < 0.3

    def pick(choices: tuple[tuple, tuple]) -> object:
        return rng.choice(choices[0] + choices[1] if sloppy else choices[0])

    columns, rows = pick(SIZES)  # type: ignore[misc]
    root = []
    if (columns, rows) != (19, 19) or rng.random() < 0.5:
        root.append(f"SZ[{columns}]" if columns == rows and rng.random() < 0.8
                    else f"SZ[{columns}:{rows}]")
    for name, choices in (("RU", RULES), ("KM", KOMI), ("RE", RESULTS)):
        value = pick(choices)
        if value is not None:
            root.append(f"{name}[{value}]")
    points = [LETTERS[c] + LETTERS[r] for c in range(min(columns, 52))
              for r in range(min(rows, 52))]
    rng.shuffle(points)
    fresh = list(points)
    if rng.random() < 0.2:
        stones = [fresh.pop() for _ in range(min(len(fresh), rng.randint(1, 4)))]
        root.append("AB" + "".join(f"[{p}]" for p in stones))
        root.append(f"HA[{rng.choice((len(stones), len(stones), 2, 0))}]")
    elif rng.random() < 0.1:
        root.append(f"HA[{rng.choice(('2', '3', '', 'x'))}]")
    if rng.random() < 0.1 and fresh:
        root.append(f"AW[{fresh.pop()}]")
    if rng.random() < 0.05 and len(fresh) > 3:
        root.append(f"AB[{fresh[-1]}:{fresh[-1]}]")
    if rng.random() < 0.1:
        root.append(f"PL[{rng.choice(('B', 'W', 'b', '2', 'x', ''))}]")
    root.extend(str(pick(EXTRAS)) for _ in range(rng.randint(0, 3)))
    rng.shuffle(root)
    nodes = []
    for _ in range(rng.choice((0, 0, 0, 0, 1, 2))):  # set-up nodes before the first move
        stones = [fresh.pop() for _ in range(min(len(fresh), rng.randint(1, 3)))]
        nodes.append(";" + "".join(f"{rng.choice(('AB', 'AW'))}[{p}]" for p in stones)
                     + rng.choice(("", "C[the problem]")))
    colour = rng.choice("BBBW")
    for _ in range(rng.randint(0, 80 if sloppy else min(80, len(points) * 2 // 3))):
        roll = rng.random()
        if roll < 0.08:
            point = rng.choice(("", "tt", " "))
        elif roll < (0.2 if sloppy else 0.04) or not fresh:
            point = rng.choice(points) if points else ""
        else:
            point = fresh.pop()
        node = f";{colour}[{point}]"
        if rng.random() < 0.03:
            node += str(pick(NODE_EXTRAS))
        if rng.random() < 0.03:
            nodes.append(";C[no move]" + rng.choice(("", "\n")))
        nodes.append(node)
        if not sloppy or rng.random() > 0.02:
            colour = "W" if colour == "B" else "B"
    if rng.random() < 0.5:
        nodes += [f";{colour}[]", f";{'W' if colour == 'B' else 'B'}[]"]
    separator = rng.choice(("", "\n", " ", "\r\n"))
    text = "(;" + "".join(root) + separator + separator.join(nodes) + ")"
    if rng.random() < 0.05:
        text = rng.choice(("prose before\n", "  ", "\ufeff")) + text
    if rng.random() < 0.05:
        text += rng.choice(("\n", "after", "(;B[aa])", "[x]"))
    if sloppy and rng.random() < 0.1 and len(nodes) > 2:
        text = text[:-1] + "(;B[aa])(;W[bb]))"
    return text


def seeds() -> list[str]:
    """The SGF files of Go the repository holds (examples, the SGF quirks' records)."""
    found = sorted((ROOT / "examples").rglob("*.sgf")) + sorted((ROOT / "tests").rglob("*.sgf"))
    return [path.read_text(encoding="utf-8", errors="replace") for path in found]


def inputs(count: int, seed: int) -> list[str]:
    """``count`` inputs: random games, and random games and the seeds mutated."""
    rng = random.Random(seed)
    base = seeds()
    found = []
    for index in range(count):
        game = random_game(rng)
        if index % 3 == 0:
            found.append(game)
        else:
            found.append(mutated(rng, rng.choice((game, *base)) if base else game))
    return found
