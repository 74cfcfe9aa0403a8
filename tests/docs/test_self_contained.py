"""Nothing in the repository points to a document outside it: the code, the tests and the pages
say what they need in their own words, so that a clone is complete.

Two rules, checked on every tracked text file:

- a relative path that climbs with ``../`` stays inside the checkout, resolved from the folder
  of the file that names it;
- a document a file names (``NAME.md``, ``folder/NAME.md``, or a text file given with its
  folder, ``folder/NAME.txt``) is one the repository holds; ``<game>`` in a name stands for
  any one folder.
"""
from __future__ import annotations

import re
import subprocess
from functools import cache
from pathlib import Path

ROOT = Path(__file__).parents[2]
#: A relative path that begins by climbing: ``../x``, ``../../docs/y.md``.
CLIMBING = re.compile(r"(?<![\w.])(?:\.\./)+[\w.-]*(?:/[\w.-]+)*")
#: A document by its name: any ``.md``; ``.txt`` and ``.rst`` only with a folder, since tests
#: name many scratch files of their own (``notes.txt``).
DOCUMENT = re.compile(r"(?<![\w.<>-])(/?(?:[\w.<>-]+/)*[\w<>-][\w.<>-]*\.md"
                      r"|/?(?:[\w.<>-]+/)+[\w<>-][\w.<>-]*\.(?:txt|rst))\b")
NOT_TEXT = {".png", ".jpg", ".gif", ".ico", ".svgz", ".gz", ".zip", ".woff", ".woff2"}
#: The fuzz corpus, whose hostile board references climb out of the folder on purpose.
NOT_REFERENCES = ("tests/fuzz/corpus.py",)


@cache
def tracked_names() -> tuple[str, ...]:
    """The paths git tracks, relative to the checkout (every file below it, without git)."""
    try:
        listed = subprocess.run(["git", "ls-files", "-z"], cwd=ROOT, capture_output=True,
                                check=True).stdout.decode("utf-8").split("\0")
        return tuple(name for name in listed if name)
    except (OSError, subprocess.CalledProcessError):
        return tuple(path.relative_to(ROOT).as_posix() for path in ROOT.rglob("*")
                     if path.is_file() and not any(part.startswith(".") or part == "__pycache__"
                                                   for part in path.relative_to(ROOT).parts))


def leaves_checkout(reference: str, folder: Path) -> bool:
    """Whether the ``../`` path ``reference``, named in ``folder``, resolves outside ROOT."""
    return not (folder / reference).resolve().is_relative_to(ROOT.resolve())


def is_held(document: str, folder: Path) -> bool:
    """Whether the repository holds ``document``: by its path from the naming file's folder,
    or as the end of a tracked path (``games/renju.md``, ``kifu/builtin/<game>/DECISIONS.md``)."""
    if document.startswith("/"):
        return False  # an absolute path is a file of one machine, never of the repository
    target = (folder / document).resolve()
    if target.is_file() and target.is_relative_to(ROOT.resolve()):
        return True
    name = document.removeprefix("./")
    while name.startswith("../"):
        name = name[3:]
    pattern = re.compile("(?:^|/)" + re.sub(r"<[^>/]*>", "[^/]+", re.escape(name)
                                             .replace(r"\<", "<").replace(r"\>", ">")) + "$")
    return any(pattern.search(path) for path in tracked_names())


def outside_references(text: str, folder: Path) -> list[str]:
    """``line: text`` for each line of ``text`` (a file in ``folder``) that names a path out
    of the checkout or a document the repository does not hold."""
    found = []
    for number, line in enumerate(text.splitlines(), 1):
        if (any(leaves_checkout(m.group(), folder) for m in CLIMBING.finditer(line))
                or any(not is_held(m.group(1), folder) for m in DOCUMENT.finditer(line))):
            found.append(f"{number}: {line.strip()}")
    return found


def test_the_rules_catch_what_they_should_and_only_that():
    caught = ["see ../notes/rules.md", "as the notes in ../../../plans/ say",
              "NOTES.md says", "(`papers/004_3d73c8a0.txt`)",
              "the summary at /home/someone/plans/README.md", "docs/games/shogi.md"]
    missed = ["[the record](../json.md#the-record)", "kifu/builtin/renju/DECISIONS.md",
              "`kifu/builtin/<game>/DECISIONS.md`", "DECISIONS.md", "games/renju.md",
              "a scratch file notes.txt", "hashlib.sha256(data).digest()", "../x.toml",
              "version 1.5.md5"]
    docs_games = ROOT / "docs" / "games"
    assert all(outside_references(text, docs_games) for text in caught), \
        [text for text in caught if not outside_references(text, docs_games)]
    assert not any(outside_references(text, docs_games) for text in missed), \
        [text for text in missed if outside_references(text, docs_games)]


def test_no_tracked_file_points_outside_the_repository():
    found = {}
    for name in tracked_names():
        path = ROOT / name
        if (path.suffix.lower() in NOT_TEXT or name.startswith(NOT_REFERENCES)
                or path.resolve() == Path(__file__).resolve()):  # its examples are made up
            continue
        try:
            text = path.read_text(encoding="utf-8")
        except (UnicodeDecodeError, OSError):
            continue  # binary data (or a file git lists but the checkout lacks)
        if lines := outside_references(text, path.parent):
            found[name] = lines
    assert not found, "\n".join(f"{name}:{line}" for name, lines in found.items()
                                for line in lines)
