"""The Free-form Go referee: the start position, one move with every rule it can break
(:mod:`.referee`), the count at the end and the result a record states (:mod:`.scoring`)."""
from __future__ import annotations

from kifu.builtin.freego.rules.legal import canonical_move, legal_moves
from kifu.builtin.freego.rules.referee import outcome, play, play_quietly, start
from kifu.builtin.freego.rules.scoring import count_to_json, result_matches, scores

__all__ = ["canonical_move", "count_to_json", "legal_moves", "outcome", "play", "play_quietly",
           "result_matches", "scores", "start"]
