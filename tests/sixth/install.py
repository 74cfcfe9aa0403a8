"""Put a toy built-in game into a copy of the repository as ``kifu/builtin/README.md`` says a
built-in game goes in, and nothing more (``tests/house/test_sixth_game.py``).

A toy's folder (``tests/sixth/<name>/``) holds its files where they stand in the repository
(``grammars/``, ``kifu/builtin/<name>/``, ``examples/<name>/``, ``examples/invalid/<name>/``,
``tests/<name>/``, ``docs/games/<name>.md``) and ``card.txt``, its line of the table
``BUILT_IN``.  ``install`` copies the repository's files (``git ls-files``) to a folder, the
toy's over them, puts the card line into ``kifu/base/cards.py`` in name order and the page into
``mkdocs.yml``'s nav, and runs ``tools/make_types.py``: the files the guide lists, every one.

    python -m tests.sixth.install fourinarow /tmp/sixth    # a copy to try a toy in by hand
"""
from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
TOYS = Path(__file__).resolve().parent
#: What the toy's folder holds beside the files it puts into the repository.
OWN = ("card.txt",)


def copy_repository(target: Path) -> None:
    """The repository's files as they stand in the checkout, tracked or new (not ignored)."""
    listed = subprocess.run(["git", "ls-files", "-z", "--cached", "--others",
                             "--exclude-standard"], cwd=ROOT, capture_output=True, check=True
                            ).stdout.decode().split("\0")
    for name in filter(None, listed):
        source = ROOT / name
        if source.is_file() and not source.is_symlink():
            (target / name).parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(source, target / name)


def add_card(target: Path, line: str) -> None:
    """``line`` (a card) into ``BUILT_IN`` of ``kifu/base/cards.py``, in name order."""
    cards = target / "kifu" / "base" / "cards.py"
    text = cards.read_text(encoding="utf-8")
    name = re.match(r'\s*Card\("([^"]+)"', line)
    assert name, f"{line!r} is no card"
    table = text.index("BUILT_IN = (\n") + len("BUILT_IN = (\n")
    later = [m.start() for m in re.finditer(r'^    Card\("([^"]+)"', text[table:], re.MULTILINE)
             if m.group(1) > name.group(1)]
    at = table + later[0] if later else text.index("\n)\n", table) + 1
    cards.write_text(text[:at] + line.rstrip("\n") + "\n" + text[at:], encoding="utf-8")


def add_page(target: Path, name: str, title: str) -> None:
    """The game's page into ``mkdocs.yml``'s nav, after the other games'."""
    mkdocs = target / "mkdocs.yml"
    text = mkdocs.read_text(encoding="utf-8")
    games = list(re.finditer(r"^      - .*: games/[a-z0-9]+\.md\n", text, re.MULTILINE))
    at = games[-1].end()
    mkdocs.write_text(f"{text[:at]}      - {title}: games/{name}.md\n{text[at:]}",
                      encoding="utf-8")


def environment(target: Path) -> dict[str, str]:
    """The environment in which the copy's kifu, tests and tools are the ones imported."""
    return {**os.environ, "PYTHONPATH": str(target), "PYTHONDONTWRITEBYTECODE": "1"}


def install(name: str, target: Path) -> str:
    """A copy of the repository in ``target`` with the toy ``name`` put in; what
    ``tools/make_types.py`` said it wrote."""
    toy = TOYS / name
    copy_repository(target)
    for path in sorted(toy.rglob("*")):
        relative = path.relative_to(toy)
        if path.is_file() and relative.as_posix() not in OWN and "__pycache__" not in path.parts:
            (target / relative).parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(path, target / relative)
    card = (toy / "card.txt").read_text(encoding="utf-8")
    add_card(target, card)
    title = re.match(r'\s*Card\("[^"]+", "([^"]+)"', card)
    assert title
    add_page(target, name, title.group(1))
    made = subprocess.run([sys.executable, "tools/make_types.py"], cwd=target,
                          env=environment(target), capture_output=True, text=True, timeout=300)
    assert made.returncode == 0, made.stdout + made.stderr
    return made.stdout


if __name__ == "__main__":
    print(install(sys.argv[1], Path(sys.argv[2])), end="")
