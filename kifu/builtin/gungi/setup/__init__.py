"""What a Gungi record may fix before play: a set-up diagram (a study or a problem) in the style
of shogi's BOD, read, written and as JSON (:mod:`.positions`).  The referee turns a diagram into
the start position, with every check a diagram needs (:mod:`kifu.builtin.gungi.rules.start_position`)."""
from __future__ import annotations

from kifu.builtin.gungi.setup.positions import (
    Diagram,
    SetupPiece,
    from_json,
    to_diagram,
    to_json,
)

__all__ = ["Diagram", "SetupPiece", "from_json", "to_diagram", "to_json"]
