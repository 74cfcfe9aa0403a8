"""What kifu reads from JSON it can write in every notation and read back: a string holding a
NUL or half of a surrogate pair, or a header holding a line break, is refused where it stands
(before, such a record validated, then ``convert`` crashed or wrote a file kifu refused)."""
from __future__ import annotations

import json
from pathlib import Path

import pytest

from kifu.commands.cli import EXIT_INVALID, EXIT_OK

WIN = Path(__file__).parents[2] / "examples" / "renju" / "four-three-win.renju"


@pytest.fixture
def record_json(kifu_cli) -> dict:
    return json.loads(kifu_cli("convert", "--to", "json", WIN).stdout)


@pytest.mark.parametrize(("value", "said"), [
    ("x\ud800y", "half of a surrogate pair (\\ud800)"),
    ("x\udfffy", "half of a surrogate pair (\\udfff)"),
    ("x\u0000y", "the NUL character"),
])
def test_a_string_no_record_can_hold_is_refused_where_it_stands(kifu_cli, tmp_path, record_json,
                                                                 value, said):
    record_json["headers"][1][1] = value
    path = tmp_path / "bad.json"
    path.write_text(json.dumps(record_json), encoding="utf-8")
    for command in (["validate"], ["convert", "--to", "sgf"], ["convert", "--to", "native"]):
        out = kifu_cli(*command, path, exit_code=EXIT_INVALID).output
        assert said in out and "bad.json:1:" in out and "Traceback" not in out


@pytest.mark.parametrize("value", ["a\nb", "a\rb"])
def test_a_header_with_a_line_break_is_refused(kifu_cli, tmp_path, record_json, value):
    record_json["headers"][1][1] = value
    path = tmp_path / "bad.json"
    path.write_text(json.dumps(record_json), encoding="utf-8")
    assert "holds a line break" in kifu_cli("validate", path, exit_code=EXIT_INVALID).output


def test_escapes_that_only_look_like_bad_ones_are_read(kifu_cli, tmp_path, record_json):
    record_json["comments"] = ["a backslash then u0000: \\u0000", "a pair: \U0001F600"]
    path = tmp_path / "ok.json"
    path.write_text(json.dumps(record_json), encoding="utf-8")
    kifu_cli("validate", path, exit_code=EXIT_OK)
    native = kifu_cli("convert", path).stdout
    assert "\\u0000" in native and "\U0001F600" in native
