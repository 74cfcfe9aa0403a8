"""What a Rengi record fixes before play: the setting items and variant presets its headers
choose (:mod:`.parameters`), who gets which piece (:mod:`.dealer`: the ``Tsumo``, ``TsumoBuild``
and ``Seed`` headers), and a set-up position, both fields and each side's state (:mod:`.positions`),
read, written and as JSON."""
from __future__ import annotations

from kifu.games.rengi.setup.dealer import make_dealer
from kifu.games.rengi.setup.parameters import Settings, header_value_span, read_settings
from kifu.games.rengi.setup.positions import (
    Setup,
    make_setup,
    parse_row,
    parse_state,
    setup_from_json,
    setup_to_json,
    write_setup,
)

__all__ = ["Settings", "Setup", "header_value_span", "make_dealer", "make_setup", "parse_row",
           "parse_state", "read_settings", "setup_from_json", "setup_to_json", "write_setup"]
