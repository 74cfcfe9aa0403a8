"""Nothing in the repository points to documents outside it: the code, the tests and the pages
say what they need in their own words, so that a clone is complete.  This fails on any tracked
text file that names the design notes, rule texts or rule summaries kifu's authors worked from
outside the repository."""
from __future__ import annotations

import re
import subprocess
from pathlib import Path

ROOT = Path(__file__).parents[2]
GAMES = "renju|gungi|rengi|rengoma|freego"
OUTSIDE = re.compile("|".join([
    r"\.\./shared",                       # a path out of the checkout
    r"(?<![\w-])shared/(?:rules|seeds)\b",
    r"/work/",                            # the machine the project was written on
    r"\bDESIGN\.md\b", r"\bSTYLE\.md\b",   # design notes that live outside the repository
    r"\bseeds/\d{3}_",                     # a rule text by its file name
    rf"(?<![\w/-])rules/(?:{GAMES})\.md\b",  # a rule summary by its file name
    # "the digest", "digest §3.2": a rule summary (not hashlib's digest)
    r"\b(?:the|rules|and)\s+digest\b|\bdigest(?:'s|\s*§|\s+\d)",
]), re.IGNORECASE)
NOT_TEXT = {".png", ".jpg", ".gif", ".ico", ".svgz", ".gz", ".zip", ".woff", ".woff2"}


def tracked_files() -> list[Path]:
    """The files git tracks in the checkout (every file below it, where git is not at hand)."""
    try:
        listed = subprocess.run(["git", "ls-files", "-z"], cwd=ROOT, capture_output=True,
                                check=True).stdout.decode("utf-8").split("\0")
        return [ROOT / name for name in listed if name]
    except (OSError, subprocess.CalledProcessError):
        return [path for path in ROOT.rglob("*") if path.is_file()
                and not any(part.startswith(".") or part == "__pycache__"
                            for part in path.relative_to(ROOT).parts)]


def outside_references(path: Path) -> list[str]:
    """``line: text`` for each line of a text file that points outside the repository."""
    try:
        text = path.read_text(encoding="utf-8")
    except (UnicodeDecodeError, OSError):
        return []  # binary data (or a file git lists but the checkout lacks)
    return [f"{number}: {line.strip()}" for number, line in enumerate(text.splitlines(), 1)
            if OUTSIDE.search(line)]


def test_the_patterns_catch_what_they_should_and_only_that():
    caught = ["see ../shared/rules/renju.md", "DESIGN.md says", "(`seeds/004_3d73c8a0.txt`)",
              "the digest's decisions", "digest §3.2", "(digest 16)",
              "follows the rules digest (`rules/rengi.md`)",
              "/work/shared/seeds/README.md", "shared/rules/freego.md"]
    missed = ["hashlib.sha256(data).digest()", "hexdigest", "digest = sha1(path).digest()",
              "int.from_bytes(digest[:8])", "the seeds of a chain", "kifu/games/renju/rules.py",
              "DECISIONS.md", "a random seed"]
    assert all(OUTSIDE.search(text) for text in caught)
    assert not any(OUTSIDE.search(text) for text in missed)


def test_no_tracked_file_points_outside_the_repository():
    this = Path(__file__).resolve()
    found = {path.relative_to(ROOT).as_posix(): lines for path in tracked_files()
             if path.suffix.lower() not in NOT_TEXT and path.resolve() != this
             and (lines := outside_references(path))}
    assert not found, "\n".join(f"{name}:{line}" for name, lines in found.items()
                                for line in lines)
