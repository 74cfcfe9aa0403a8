"""A copy of this checkout as it stands, for tests that install kifu the way users do."""
from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

ROOT = Path(__file__).parents[2]


def copy_checkout(into: Path) -> Path:
    """The files of this checkout (uncommitted edits included, ignored files left out) copied
    into ``into``."""
    listed = subprocess.run(["git", "ls-files", "-z", "--cached", "--others", "--exclude-standard"],
                            cwd=ROOT, capture_output=True, timeout=120) if shutil.which("git") else None
    if listed is not None and listed.returncode == 0:
        for name in listed.stdout.decode().split("\0"):
            if name and (ROOT / name).is_file():
                (into / name).parent.mkdir(parents=True, exist_ok=True)
                shutil.copy2(ROOT / name, into / name)
    else:  # not a git checkout (an unpacked source archive)
        shutil.copytree(ROOT, into, dirs_exist_ok=True, ignore=shutil.ignore_patterns(
            ".git", "__pycache__", "*.egg-info", "build", "dist", ".pytest_cache", ".hypothesis"))
    return into
