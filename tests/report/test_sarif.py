"""``kifu validate --format sarif``: a SARIF 2.1.0 log, valid by the SARIF object model of the
package ``sarif-pydantic`` (every object, field and value of the standard), with a result per
diagnostic where GitHub code scanning shows it."""
from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest
from sarif_pydantic import Sarif

from kifu.commands.cli import EXIT_INVALID, EXIT_USAGE

ROOT = Path(__file__).parents[2]
EXAMPLES = ROOT / "examples"


def valid_sarif(text: str) -> dict:
    """The log, checked by the SARIF 2.1.0 object model (a ``ValidationError`` names the first
    field that breaks it)."""
    Sarif.model_validate_json(text)
    log: dict = json.loads(text)
    assert log["$schema"].endswith("sarif-schema-2.1.0.json") and log["version"] == "2.1.0"
    return log


def test_every_example_gives_a_valid_log_with_a_result_per_diagnostic(kifu_cli, monkeypatch):
    monkeypatch.chdir(ROOT)
    sarif = kifu_cli("validate", "-q", "-f", "sarif", "examples", exit_code=EXIT_INVALID).stdout
    lines = kifu_cli("validate", "-q", "-f", "json", "examples", exit_code=EXIT_INVALID).stdout
    diagnostics = [json.loads(line) for line in lines.splitlines()]
    log = valid_sarif(sarif)
    [run] = log["runs"]
    assert log["version"] == "2.1.0" and run["tool"]["driver"]["name"] == "kifu"
    assert run["columnKind"] == "unicodeCodePoints"
    results = run["results"]
    assert len(results) == len(diagnostics)
    rules = [rule["id"] for rule in run["tool"]["driver"]["rules"]]
    for result, diag in zip(results, diagnostics):
        assert result["ruleId"] == diag["code"] == rules[result["ruleIndex"]]
        assert result["message"]["text"] == diag["message"]
        place = result["locations"][0]["physicalLocation"]
        assert place["artifactLocation"] == {"uri": diag["path"], "uriBaseId": "%SRCROOT%"}
        if diag["line"] is not None:
            assert place["region"]["startLine"] == diag["line"]
            assert place["region"]["startColumn"] == diag["column"]


def test_odd_file_names_and_texts_stay_valid(kifu_cli, tmp_path):
    name = "a game, with spaces %20 & \x01 control 連珠.renju"
    shutil.copy(EXAMPLES / "invalid" / "renju" / "occupied-point.renju", tmp_path / name)
    (tmp_path / "evil.renju").write_text("Game: renju\n1. h8 2. \x1b[31m\u202e\n",
                                         encoding="utf-8")
    sarif = kifu_cli("validate", "-q", "-f", "sarif", tmp_path, exit_code=EXIT_INVALID).stdout
    assert "\x1b" not in sarif and "\x01" not in sarif and "\u202e" not in sarif
    log = valid_sarif(sarif)
    uris = [r["locations"][0]["physicalLocation"]["artifactLocation"]["uri"]
            for r in log["runs"][0]["results"]]
    assert uris[0].startswith("file:///") and "%20%2520%20%26%20%01%20control%20" in uris[0]
    assert "%E9%80%A3%E7%8F%A0" in uris[0]  # 連珠, percent-encoded as UTF-8


@pytest.mark.parametrize("fmt", ["sarif", "junit", "json", "github"])
def test_machine_formats_report_unreadable_and_internal_problems_too(kifu_cli, tmp_path, fmt):
    (tmp_path / "gone.renju").symlink_to(tmp_path / "nowhere.renju")
    out = kifu_cli("validate", "-q", "-f", fmt, tmp_path / "gone.renju", exit_code=EXIT_USAGE).stdout
    assert "io" in out
    if fmt == "sarif":
        assert valid_sarif(out)["runs"][0]["results"][0]["ruleId"] == "io"
