"""The Rengi referee: the start position (:mod:`.start_position`: settings, pieces, set-up) and
one move with every rule it can break (:mod:`.referee`: turn order, chain time, placement,
drops, chigiri, the end).  The garbage a chain sends is reckoned in
:mod:`kifu.builtin.rengi.garbage`, chains are resolved on the fields' bitboards
(:mod:`kifu.builtin.rengi.bitboard`)."""
from __future__ import annotations

from kifu.builtin.rengi.rules.legal import canonical_move, legal_moves
from kifu.builtin.rengi.rules.referee import outcome, play
from kifu.builtin.rengi.rules.start_position import start

__all__ = ["canonical_move", "legal_moves", "outcome", "play", "start"]
