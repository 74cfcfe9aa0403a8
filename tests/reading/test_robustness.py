"""Whatever a file holds, kifu answers with diagnostics, never another exception: random
mutations of every bundled record (every game, every format) go through the whole pipeline
that ``kifu validate``, ``render`` and ``show`` run."""
from __future__ import annotations

import xml.etree.ElementTree as ET

from hypothesis import given
from hypothesis import strategies as st

from kifu.base.errors import KifuError
from kifu.plugin import RenderOptions, driver
from kifu.reading.source import decode
from kifu.run.load import parse_text
from kifu.run.replayjson import replay_json
from kifu.run.validate import Options, check_text
from tests import examples

RECORDS = [p for game in examples.GAMES
           for p in examples.legal(game) + examples.invalid(game)]


@st.composite
def mutated(draw) -> tuple[str, bytes]:
    path = draw(st.sampled_from(RECORDS))
    data = path.read_bytes()
    for _ in range(draw(st.integers(1, 3))):
        at = draw(st.integers(0, len(data)))
        action = draw(st.sampled_from(["delete", "insert", "truncate", "duplicate"]))
        if action == "delete":
            data = data[:at] + data[at + draw(st.integers(1, 8)):]
        elif action == "insert":
            data = data[:at] + draw(st.binary(min_size=1, max_size=4)
                                    | st.text(min_size=1, max_size=4).map(str.encode)) + data[at:]
        elif action == "truncate":
            data = data[:at]
        else:
            data = data[:at] + data[max(0, at - 12):at] + data[at:]
    return path.name, data


@given(mutated())
def test_mutated_records_give_only_diagnostics(case):
    name, data = case
    try:
        text = decode(data, name).text
    except KifuError:
        return
    [report] = check_text(text, name, Options())
    assert all(d.code and d.message for d in report.diagnostics)
    try:
        game, record = parse_text(text, name)
    except KifuError:
        return
    replay_json(game, record, variations=True)
    try:
        *_, last = driver.replay(game, record, lenient=True)
    except (KifuError, ValueError):
        return
    ET.fromstring(game.render_svg(last.position, RenderOptions(), record))
    game.render_text(last.position, RenderOptions())
