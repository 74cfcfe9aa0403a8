"""The examples: legal ones validate, broken ones fail with exactly the diagnostic expected."""
from __future__ import annotations

from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
LEGAL = ROOT / "examples" / "gungi"
INVALID = ROOT / "examples" / "invalid" / "gungi"

EXPECTED = {
    "false-mate.gungi": (17, 1, "illegal-move", "move 1: the record says [詰み], but ▽ is not "
                         "even in check [rule: mate-claim]"),
    "into-check.gungi": (17, 1, "illegal-move", "move 1: ▲2―8―1―帥 would put ▲'s own 帥 in "
                         "check [rule: check]"),
    "missing-replacement.gungi": (17, 1, "illegal-move", "move 1: taking a 香 forces its 砲 to "
                                  "be re-placed at once in the own territory; the ply must say "
                                  "where, as in [1―8―1―砲] [rule: replacement]"),
    "pawn-drop-on-pawn-file.gungi": (17, 1, "illegal-move", "move 1: 手二兵: ▲ dropped a 兵 on "
                                     "file 1, where it already has one; ▽ could claim the win "
                                     "([反則] on this ply, or ▽反則指摘 before ▽'s next ply; "
                                     "the record has neither) [rule: ni-hyou]"),
    "setup-outside-territory.gungi": (6, 1, "illegal-move", "set-up ply 9: ▲ sets up in its own "
                                      "territory (ranks 7-9), not on rank 6 [rule: territory]"),
    "syntax-error.gungi": (4, 17, "syntax", "unexpected character '犬'; expected '不' or a "
                           "piece name such as 兵"),
    "two-kings.gungi": (2, 1, "setup", "the diagram holds 3 pieces of the 帥 kind; the two sets "
                        "have 2"),
}


def test_every_invalid_example_is_listed() -> None:
    assert sorted(p.name for p in INVALID.glob("*.gungi")) == sorted(EXPECTED)


@pytest.mark.parametrize("name", sorted(EXPECTED))
def test_invalid_example_diagnostic(kifu_cli, name: str) -> None:
    result = kifu_cli("validate", "-q", "--format", "json", INVALID / name, exit_code=1)
    import json

    diagnostics = [json.loads(line) for line in result.stdout.splitlines() if line.strip()]
    first = diagnostics[0]
    line, column, code, message = EXPECTED[name]
    assert (first["line"], first["column"], first["code"], first["message"]) == (
        line, column, code, message)
    assert len(diagnostics) == 1


@pytest.mark.parametrize("name", ["effects-study.gungi", "short-game.gungi"])
def test_own_examples_validate_cleanly(kifu_cli, name: str) -> None:
    kifu_cli("validate", "-q", LEGAL / name)
