"""Real files other programs wrote, for the tests that need them: never in the repository.

The folder named by the environment variable ``KIFU_CORPUS`` holds them (whoever runs CI sets
it; see docs/contributing.md, "Real files"), one folder per kind (``sgf/``, ``sgf-real/``,
``renju/``), each with a ``MANIFEST.tsv`` naming every file's source.  Without it, the tests
that need real files are skipped with a reason: the project's own small records in ``tests/``
cover each quirk those files taught (see ``tests/sgf/quirks/``).
"""
from __future__ import annotations

import os
from pathlib import Path

import pytest

VARIABLE = "KIFU_CORPUS"


def folder(kind: str) -> Path | None:
    """``$KIFU_CORPUS/<kind>`` when the variable names a folder that holds it, else ``None``."""
    root = os.environ.get(VARIABLE)
    if not root:
        return None
    found = Path(root) / kind
    return found if found.is_dir() else None


def skip_reason(kind: str) -> str:
    return (f"needs real {kind} files: set {VARIABLE} to a folder holding {kind}/ (CI sets it "
            "to the shared corpus)")


def needs(kind: str) -> pytest.MarkDecorator:
    """A mark that skips a test (or a module, as ``pytestmark``) without the real files."""
    return pytest.mark.skipif(folder(kind) is None, reason=skip_reason(kind))
