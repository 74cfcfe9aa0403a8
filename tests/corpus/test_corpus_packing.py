"""One truth and safety for the index's packing (``kifu/corpus/packing.c``): each of its entry
points gives what its Python twin gives (hypothesis: random records' changes, boards, occupancy
entries, positions' rows, first runs' explorer rows and checksums' values, and the examples'
changes), refuses with an exception every call kifu never makes (empty, counts past the data,
bad bytes, other types, numbers out of range, arrays out of alignment), and a build under
AddressSanitizer and UndefinedBehaviorSanitizer does all of it without a fault."""
from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from kifu.base.native import built, compiled
from kifu.corpus import checks
from tests.cores import sanitized_core
from tests.corpus import packing_inputs

ROOT = Path(__file__).resolve().parents[2]
SOURCE = ROOT / "kifu" / "corpus" / "packing.c"

pytestmark = pytest.mark.skipif(
    compiled(checks.PACKING) is None,
    reason="the packing does not run: not built (no C compiler), or KIFU_PURE_PYTHON is set")


@pytest.fixture(scope="module")
def examples() -> list[packing_inputs.Changes]:
    found = packing_inputs.example_changes()
    assert len(found) > 5
    return found


@settings(max_examples=150, deadline=None)
@given(st.integers(0, 2**32 - 1))
def test_every_entry_point_gives_what_python_gives(examples, seed):
    packing_inputs.agree(built(checks.PACKING), seed, examples)


def test_a_large_first_runs_positions_are_arranged_as_python_sorts_them():
    packing_inputs.arranged_at_scale(built(checks.PACKING), 7)


def test_calls_kifu_never_makes_are_refused():
    packing = built(checks.PACKING)
    refused = []
    for what, call in packing_inputs.hostile(packing):
        with pytest.raises((ValueError, TypeError, OverflowError)):
            call()
        refused.append(what)
    assert len(refused) > 60


def test_a_sanitized_build_answers_alike_and_refuses_without_a_fault(tmp_path):
    ran = sanitized_core(SOURCE, "_packing", Path(__file__).with_name("packing_worker.py"),
                         tmp_path, 200)
    assert "asked 200 rounds, refused" in ran.stdout
