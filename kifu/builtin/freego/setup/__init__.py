"""What a Free-form Go record fixes before play: the rules its headers choose (board, seats,
komi, scoring, suicide, ko; :mod:`.parameters`) and the set-up position its ``Setup-N`` headers
give (:mod:`.positions`): read, checked and as JSON."""
from __future__ import annotations

from kifu.builtin.freego.setup.parameters import Rules, komi, number, rules_of, seat_names
from kifu.builtin.freego.setup.positions import (
           Setup,
           apply,
           extract,
           from_json,
           to_headers,
           to_json,
)

__all__ = ["Rules", "Setup", "apply", "extract", "from_json", "komi", "number", "rules_of",
           "seat_names", "to_headers", "to_json"]
