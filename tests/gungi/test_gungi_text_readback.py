"""What ``kifu render --format text`` prints for Gungi reads back as a study: the diagram is the
set-up format, and the lines under it (last ply, status) are notes in brackets."""
from __future__ import annotations

from pathlib import Path

import pytest

ROOT = Path(__file__).parents[2]
STUDY = ROOT / "examples" / "gungi" / "effects-study.gungi"


@pytest.mark.parametrize("record, move", [(STUDY, "0"), (STUDY, None),
                                          (ROOT / "examples" / "gungi" / "short-game.gungi", None)])
def test_the_text_diagram_reads_back_as_the_same_position(kifu_cli, tmp_path, record, move):
    moved = ["--move", move] if move is not None else []
    drawn = kifu_cli("render", "-f", "text", *moved, record).stdout
    assert drawn.splitlines()[-1].startswith("[") and drawn.splitlines()[-1].endswith("]")
    study = tmp_path / "drawn.gungi"
    study.write_text(drawn, encoding="utf-8")
    kifu_cli("validate", "-q", study)
    again = kifu_cli("render", "-f", "text", "--move", "0", study).stdout
    diagram = [line for line in drawn.splitlines() if not line.startswith("[")]
    assert [line for line in again.splitlines() if not line.startswith("[")] == diagram
