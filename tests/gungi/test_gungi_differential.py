"""The move generator against the referee, by brute force over random games (see
``bruteforce.py``): every action the generator lists plays, as the ply the generator's answer
writes; among every ply one could write, exactly the listed actions play; an origin bracket is
needed exactly where two listed moves of one piece name reach one square.

CI runs four short games (about twenty seconds); ``KIFU_THOROUGH=1`` runs 80 games of six plies
(about twenty minutes on one core; ``KIFU_GAMES`` sets another count) and prints the tally:

    KIFU_THOROUGH=1 python -m pytest tests/gungi/test_gungi_differential.py -s
"""
from __future__ import annotations

import os
import random

from tests.gungi import bruteforce

THOROUGH = bool(os.environ.get("KIFU_THOROUGH"))
GAMES = int(os.environ.get("KIFU_GAMES", 80 if THOROUGH else 4))
PLIES = 6 if THOROUGH else 3


def test_generator_and_referee_agree_on_every_ply_of_random_games() -> None:
    rng = random.Random(20261124)
    tally = bruteforce.Tally()
    for _ in range(GAMES):
        bruteforce.random_game(rng, PLIES, tally)
    if THOROUGH:
        print(f"\n{tally.games} games, {tally.positions} positions, {tally.plies} plies tried, "
              f"{tally.legal} legal actions, {len(tally.disagreements)} disagreements; "
              f"{dict(tally.features)}")
    assert not tally.disagreements, "\n".join(tally.disagreements[:20])
    assert tally.positions >= GAMES
    assert tally.plies > 20_000 * tally.positions
    assert tally.features["tier-3 drop"] > 0
    assert tally.features["origin bracket"] > 0
