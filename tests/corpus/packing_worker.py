"""Run by ``test_corpus_packing.py`` under a build of the index's packing with AddressSanitizer
and UndefinedBehaviorSanitizer (``_packing`` on the path before kifu's, and put in its place,
so that kifu's index code runs it): every entry point asked N rounds of the questions its
Python twin answers alike (the examples' changes and random ones, occupancy entries,
positions' rows, and once as many as a large first run's, a first run's explorer rows,
checksums' values), and every call off kifu's (``packing_inputs.hostile``), which must
raise, so that any memory or arithmetic fault stops the process.  Prints how many rounds and
calls it made."""
from __future__ import annotations

import sys

import _packing  # the sanitized build, found first on the path

from kifu.base import native
from kifu.corpus import checks
from tests.corpus import packing_inputs


def main() -> None:
    rounds = int(sys.argv[1])
    native._imported[checks.PACKING] = _packing  # (kifu's own calls run the sanitized build)
    changes = packing_inputs.example_changes()
    assert changes, "no example of a grid game"
    for seed in range(rounds):
        packing_inputs.agree(_packing, seed, changes)
    packing_inputs.arranged_at_scale(_packing, rounds)
    refused = 0
    for what, call in packing_inputs.hostile(_packing):
        try:
            call()
        except (ValueError, TypeError, OverflowError):
            refused += 1
            continue
        raise AssertionError(f"the packing took {what}")
    print(f"asked {rounds} rounds, refused {refused} calls")


if __name__ == "__main__":
    main()
