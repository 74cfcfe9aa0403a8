"""What a Rengi record fixes before play: the setting items and variant presets its headers
choose (:mod:`.parameters`), who gets which piece (:mod:`.dealer`: the ``Tsumo``, ``TsumoBuild``
and ``Seed`` headers), and a set-up position, both fields and each side's state (:mod:`.positions`),
read, written and as JSON."""
from __future__ import annotations

from kifu.builtin.rengi.setup.dealer import make_dealer
from kifu.builtin.rengi.setup.parameters import Settings, header_value_span, read_settings
from kifu.builtin.rengi.setup.positions import (
    Setup,
    from_json,
    make_setup,
    parse_row,
    parse_state,
    to_json,
    write_setup,
)

__all__ = ["Settings", "Setup", "from_json", "header_value_span", "make_dealer", "make_setup",
           "parse_row", "parse_state", "read_settings", "to_json", "write_setup"]
