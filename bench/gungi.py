"""Gungi (Nishitsuji rules): kifu's own throughput, with its work defined; no peer to compare with.

    python -m bench.gungi [--quick] [--repeats N] [--rounds N]     (or python bench/gungi.py)

No other software plays the Nishitsuji rules.  The ``gungi`` package on PyPI plays the rule set of
the manga instead, and shares no position and no move with them: its 14 kinds of piece
(marshal, general, ..., tactician) are not the Nishitsuji set (謀 侍 兵 忍 砲 砦 臥 雛 帥
弓, each with a back face it turns to when captured), even the pieces that share a name move
otherwise (its marshal's reach grows with the tier it stands on; 帥's does not), and a position
of one game cannot be written in the other's notation.  A ratio between the two would compare
different work on different positions, so this benchmark reports kifu's figures alone:

1. validation: ``kifu.run.validate.check_text`` on each record of ``examples/gungi/`` (parse and
   replay timed together: detect, parse, replay with every rule, compare the result), texts in
   memory, one process, warmed up; each round validates every record ``--repeats`` times.  Plies
   are the moves kifu counts on each main line (set-up plies included).
2. legal-move generation: every legal action of the side to move (each tried for its own 帥's
   safety and for the fouls), in every battle position of those records, copied beforehand.

The inputs are the three records of ``examples/gungi/``: the sample game published with the
rules (real, with three slips of its own that kifu reports) and two written for kifu.  Checked:
kifu's verdicts on the records, and that every ply played in their battles is among the legal
actions generated for the position it was played in.
"""
from __future__ import annotations

import sys
from pathlib import Path

if __name__ == "__main__" and not __package__:  # run as a script: the repository root, not bench/
    sys.path[0] = str(Path(__file__).resolve().parents[1])

from bench.common import (
    FULL_ROUNDS,
    ROOT,
    Row,
    note,
    require,
    sized,
    standalone,
    take_turns,
)

SIZES = {"quick": {"repeats": 2, "rounds": 1}, "full": {"repeats": 20, "rounds": FULL_ROUNDS}}


def battle_positions(texts: list[tuple[str, str]]) -> tuple[list, int, int]:
    """Every battle position of the records (a copy, before each ply), how many of the plies
    played there are among the legal actions kifu generates for it, and the number of plies
    (set-up and battle) the records hold."""
    from kifu.builtin.gungi import GAME
    from kifu.builtin.gungi.moves import Placement, Ply
    from kifu.builtin.gungi.rules.legal import legal_actions
    from kifu.builtin.gungi.rules.resolve import read_ply

    positions, found, plies = [], 0, 0
    for name, text in texts:
        record = GAME.parse(text, name)
        position = GAME.start(record)
        for node in record.moves:
            plies += isinstance(node.move, (Ply, Placement))
            if position.phase == "battle" and position.outcome is None and \
                    isinstance(node.move, Ply):
                before = GAME.copy(position)
                positions.append(before)
                action = read_ply(GAME.copy(before), node.move, lenient=True).action
                found += action in set(legal_actions(before, before.to_move))
            GAME.play(position, node.move, lenient=True)
    return positions, found, plies


def measure(repeats: int, rounds: int) -> list[Row]:
    from kifu.builtin.gungi.rules.legal import legal_actions
    from kifu.run.validate import Options, check_text

    paths = sorted((ROOT / "examples" / "gungi").glob("*.gungi"))
    texts = [(path.name, path.read_text(encoding="utf-8")) for path in paths]
    options = Options()

    def validate() -> list:
        return [report for _ in range(repeats) for name, text in texts
                for report in check_text(text, name, options)]

    [(seconds, reports)] = take_turns([validate], rounds, [validate])
    positions, found, plies = battle_positions(texts)
    legal = sum(report.legal for report in reports) // repeats
    errors = sum(report.errors for report in reports) // repeats
    note(f"gungi: {len(texts)} records, {plies} plies; {legal} legal, {errors} errors found")
    require(errors > 0 and legal == len(texts) - 1,
            "gungi: kifu no longer finds the published sample's slips, or finds more")
    rows = [Row("Gungi", "parse + replay (validation as `kifu validate` does it per file); "
                "one process, warmed up, texts in memory",
                f"the {len(texts)} records of `examples/gungi/` (1 real, the rules' published "
                f"sample; 2 written for kifu), {plies} plies (set-up included), {repeats} times a "
                "round", "plies/s", plies * repeats / seconds,
                verdicts=f"{legal} legal, 1 illegal ({errors} errors: the sample's own slips)")]

    def generate() -> int:
        return sum(1 for pos in positions for _ in legal_actions(pos, pos.to_move))

    [(seconds, actions)] = take_turns([generate], rounds)
    require(found == len(positions),
            f"gungi: only {found} of the {len(positions)} plies played are among kifu's legal "
            "actions")
    rows.append(Row("Gungi", "generate every legal action of the side to move (each tried for "
                    "its own 帥's safety and the fouls); one process",
                    f"the {len(positions)} battle positions of the same records "
                    f"({actions / len(positions):.0f} legal actions each on average)",
                    "positions/s", len(positions) / seconds,
                    verdicts=f"each of the {found} plies played is among the actions generated"))
    return rows


run = sized(measure, SIZES)


if __name__ == "__main__":
    standalone(measure, SIZES, __doc__)
