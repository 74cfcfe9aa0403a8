"""Run by ``test_native.py`` under a build of the compiled core with AddressSanitizer and
UndefinedBehaviorSanitizer (``_gosgf`` on the path before kifu's): judge N fuzzed inputs, and
inputs past the size of a board and of a file's limits, so that any memory or arithmetic fault
stops the process; and trace each for the index and replay it for the library too, which
must decide as judging does, and write the position key of every board the replay kept.
Prints how many it judged."""
from __future__ import annotations

import sys
from array import array

import _gosgf  # the sanitized build, found first on the path

from kifu.builtin.freego import native
from kifu.builtin.freego.setup.parameters import MAX_KOMI
from tests.freego import native_inputs


def hostile() -> list[str]:
    """Inputs at the edges: the largest board, deep ko fights, huge values, truncations."""
    big = "(;SZ[52]" + "".join(f";{'BW'[i % 2]}[{native_inputs.LETTERS[i % 52]}"
                                f"{native_inputs.LETTERS[(i * 7) % 52]}]" for i in range(3000)) + ")"
    ko = "(;SZ[4]RU[Chinese]AB[ba][ab][cb][bc]AW[ca][da][db][cc][dc]" + ";W[bb];B[aa];W[]" * 400 + ")"
    return [big, ko, big[: len(big) // 2], "(;" + "C[" + "\\" * 9999, "(;SZ[" + "9" * 5000 + "])",
            "(;AB[aa:ZZ];B[aa])", "(;SZ[52]AB[aa:ZZ])", "(;KM[" + "1" * 300 + "])",
            "(;RE[B+" + "9" * 300 + "])", "(;RU[" + "ko" * 500 + "])", "(", "", "(;", "\x00(;)",
            "(;DT[" + "2020," * 500 + "])", "(;SZ[1];B[aa];W[])", "(;HA[99];B[aa];B[bb])",
            # what an index reads that validation leaves to Python (gosgf.c's Indexing), at
            # its edges: marks by the thousand, a set-up given again thousands of times, a
            # komi at the limits, results of every byte, passes left out and play resumed
            "(;SZ[52];B[aa];W[bb]TB" + "[aa:ZZ]" * 3000 + "TW[]" + "[\x01]" * 10 + ")",
            "(;SZ[52]" + "AB[aa]" * 5000 + ";W[bb])", "(;SZ[19]" + "AB[aa:ss]AW[aa]" * 50 + ")",
            "(;KM[999999999999.999999];B[aa])", "(;KM[-100];B[aa])", "(;KM[1e9];B[aa])",
            "(;RE[" + "".join(map(chr, range(1, 300))) + "];B[aa])", "(;RE[\\];B[aa])",
            "(;SZ[3]RU[Japanese]" + ";B[aa];B[];W[];W[]" * 500 + ")",
            "(;SZ[2]RU[Japanese]" + ";B[aa];B[bb];W[];B[]" * 400 + ")"]


def successors(board: bytes, columns: int, rows: int, seat: int) -> None:
    """The positions a stone on every cell of ``board`` makes (and off the board, on no
    cell): one answer a cell, ``None`` where a stone stands; arguments of other sizes
    refused."""
    points = columns * rows
    offsets, neighbours = array("i", [0]), array("i")
    for cell in range(points):
        column, row = cell % columns, cell // columns
        neighbours.extend(other for other, near in (
            (cell - 1, column > 0), (cell + 1, column < columns - 1),
            (cell - columns, row > 0), (cell + columns, row < rows - 1)) if near)
        offsets.append(len(neighbours))
    cells = array("i", [-1, *range(points), points]).tobytes()
    arguments = (board, offsets.tobytes(), neighbours.tobytes(), seat, True, cells,
                 native._tables(columns, rows), columns, rows)
    made = _gosgf.successors(*arguments)
    assert len(made) == points + 2 and made[0] is None is made[-1]
    assert all((entry is None) == (board[cell] != 0) for cell, entry in enumerate(made[1:-1]))
    legal = _gosgf.legal_cells(board, offsets.tobytes(), neighbours.tobytes(), seat, False,
                               bytes(range(256)) * (points // 16) + bytes(16 * (points % 16)),
                               2**64 - 1)
    assert all(made[1 + cell] is not None for cell, _ in legal)  # suicide allowed there
    for at, wrong in ((0, board[:-1]), (1, offsets.tobytes()[:-4]), (2, b"\x00" * 4),
                      (3, 2), (5, b"\x00"), (7, 53)):
        try:
            _gosgf.successors(*arguments[:at], wrong, *arguments[at + 1:])
        except ValueError:
            continue
        raise AssertionError(f"successors() took {wrong!r} as argument {at}")


#: Why judge() leaves a record to Python that trace() may read for an index (see gosgf.c's
#: Indexing): a warning alone, or territory marks handed over.  (A record trace() reads may
#: have more moves than judge() counts: a pass left out is a move of its own.)
INDEX_READS = ("KM in hundredths", "RE not plain", "RE of another form", "territory marks",
               "one colour moves twice", "play after both passed")


def main() -> None:
    count = int(sys.argv[1])
    _gosgf.configure(*native.configuration())
    judged = 0
    for text in hostile() + native_inputs.inputs(count - len(hostile()), seed=39):
        verdict = _gosgf.judge(text)
        assert isinstance(verdict, (tuple, str)), verdict
        traced = _gosgf.trace(text, native._tables, MAX_KOMI)
        # (what judge() leaves to Python for a warning alone, trace() reads for an index)
        if isinstance(verdict, str) and verdict not in INDEX_READS:
            assert isinstance(traced, str), (text[:200], traced)
        elif isinstance(verdict, tuple) or not isinstance(traced, str):
            moves, _, head, columns, rows, hashes, images, changes, marks = traced
            assert marks is None or all(isinstance(value, str) for values in marks
                                        for value in values)
            assert isinstance(verdict, str) or moves == verdict[0]
            assert len(hashes) == 8 * (moves + 1) == 8 * len(images)
            # the root's pairs, each value read as written, or the root's text for Python
            assert isinstance(head, str) or all(
                len(pair) == 2 and pair[0].isupper() and "\\" not in pair[1] for pair in head)
            assert changes[:4] == (columns * rows).to_bytes(4, "little")
        replayed = _gosgf.replay(text)
        if isinstance(verdict, str):
            assert isinstance(replayed, str), (text[:200], replayed)
        else:
            moves, _, _, columns, rows, _, boards, facts, removed = replayed
            assert moves == verdict[0] and len(boards) == (moves + 1) * columns * rows
            assert len(facts) == 48 * moves and len(removed) % 4 == 0
            for step in {0, moves // 2, moves}:
                assert _gosgf.rows(boards, step, columns, rows).count("/") == rows - 1
            successors(boards[moves // 2 * columns * rows:][:columns * rows], columns, rows,
                       moves % 2)
            for wrong in ((boards, moves + 1, columns, rows), (boards, -1, columns, rows),
                          (boards[:-1], moves, columns, rows), (b"", 0, columns, rows),
                          (boards, 0, 53, rows), (boards, 0, 0, rows)):
                try:
                    _gosgf.rows(*wrong)
                except ValueError:
                    continue
                raise AssertionError(f"rows() took {wrong[1:]}")
        judged += 1
    print(f"judged {judged} inputs")


if __name__ == "__main__":
    main()
