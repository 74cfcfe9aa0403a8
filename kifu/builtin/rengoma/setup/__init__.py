"""What a Rengoma record fixes before play: the board size, piece set, stock orders and players
its headers name (:mod:`.parameters`), and a set-up position (:mod:`.positions`: the stacks, field
pieces, chips and the side to move, as header lines), read, checked, written and as JSON."""
from __future__ import annotations

from kifu.builtin.rengoma.setup.parameters import Spec, spec_of
from kifu.builtin.rengoma.setup.positions import (
    Setup,
    arrange,
    extract,
    from_json,
    header_lines,
    record_of,
    setup_of,
    to_json,
)

__all__ = ["Setup", "Spec", "arrange", "extract", "from_json", "header_lines", "record_of",
           "setup_of", "spec_of", "to_json"]
