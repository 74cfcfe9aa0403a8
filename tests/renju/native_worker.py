"""Run by ``test_native.py`` under a build of Renju's compiled core with AddressSanitizer and
UndefinedBehaviorSanitizer (``_renju`` on the path before kifu's): judge N fuzzed inputs, and
inputs at the edges of a board and of a record's limits, both as kifu's notation and as psq,
so that any memory or arithmetic fault stops the process; and trace each for the index and
replay it for the library too, which must decide as judging does.  Prints how many it judged."""
from __future__ import annotations

import sys

import _renju  # the sanitized build, found first on the path

from kifu.builtin.renju import native
from tests.renju import native_inputs

LETTERS = "abcdefghijklmnopqrstuvwxyz"


def hostile() -> list[str]:
    """Inputs at the edges: the largest board filled, long records, huge values, truncations."""
    full = "Game: renju\nRule: freestyle\nSize: 26\n\n" + " ".join(
        f"{LETTERS[(i * 7) % 26]}{(i * 11) % 26 + 1}" for i in range(26 * 26 + 5)) + "\n"
    passes = "Game: renju\n\n" + "h8 " + "swap pass " * 3000 + "\n"
    psq = "Piskvorky 26x26, 0:0, 0\n" + "".join(
        f"{i % 26 + 1},{(i * 5) % 26 + 1},0\n" for i in range(700)) + "a\nb\n-1\n1,Renju\n"
    setup = "Game: renju\nOpening-stones: " + " ".join(
        f"{LETTERS[i % 26]}{i // 26 + 1}" for i in range(700)) + "\n\nh8\n"
    return [full, passes, psq, setup, full[: len(full) // 2], psq[: len(psq) // 3],
            "Game: renju\nSize: " + "9" * 5000 + "\n", "Game: renju\nResult: " + "b" * 999,
            "Game: renju\nRule: " + "renju, " * 999 + "\n", "1. " * 9999, "9" * 9999 + ".",
            "Piskvorky 15x15, 0:0, 0\n" + "1," * 5000, "Piskvorky " + "9" * 999, "", "\x00",
            "{" * 9999, "Game: renju\n\n" + "h" + "8" * 9999, "a:" * 999, "\ud800",
            "Piskvorky 15x15, 0:0, 0\n8,8,0\n" + "9,9,-0\n" * 5 + "x\ny\n-1\n1,Renju\n"]


def main() -> None:
    count = int(sys.argv[1])
    _renju.configure(*native.configuration())
    judged, edges = 0, len(hostile())
    for text in hostile() + native_inputs.inputs(count - len(hostile()), seed=39):
        for judge, trace, replay in (
                (_renju.judge_notation, _renju.trace_notation, _renju.replay_notation),
                (_renju.judge_psq, _renju.trace_psq, _renju.replay_psq)):
            verdict = judge(text)
            # (replay reads and plays as judge does, then packs the moves: run on every
            # record judge decides, and on the inputs at the edges, decided or not)
            replayed = replay(text) if judged < edges or not isinstance(verdict, str) else verdict
            if isinstance(verdict, str):
                assert isinstance(replayed, str), (text[:200], replayed)
            else:
                moves, size, steps, end, headers = replayed
                kinds = steps[::3]
                assert moves == verdict[0] and len(steps) % 3 == 0 and len(end) == 5
                assert all(isinstance(key, str) and isinstance(value, str)
                           for key, value in headers)
                assert moves == sum(kind != 2 for kind in kinds) and set(kinds) <= {0, 1, 2}
                assert max(steps, default=0) < size
            assert isinstance(verdict, (tuple, str)), verdict
            traced = trace(text, native._tables)
            if isinstance(verdict, str):
                assert isinstance(traced, str), (text[:200], traced)
            else:
                moves, size, hashes, images, changes, events, _, first, headers = traced
                assert headers == replayed[-1]
                assert moves == verdict[0] and len(hashes) == 8 * len(images)
                assert len(images) == moves + len(events) + 1 and len(first) <= 3
                assert changes[:4] == (size * size).to_bytes(4, "little")
        judged += 1
    print(f"judged {judged} inputs")


if __name__ == "__main__":
    main()
