"""Packaging glue that pyproject.toml alone cannot express.

Every file inside ``kifu/`` that is not Python (the Lark grammars in ``kifu/grammars/``, schemas,
board maps, tables) is package data, so a game can ship data next to its code without touching
this file.

``package_dir`` maps the root package folder onto the repository root, as a flat layout has it:
with that one mapping an editable install (``pip install -e``) is a plain path entry in a
``.pth`` file, which type checkers follow (mypy sees kifu's ``py.typed`` and every type),
rather than an import hook, which they cannot see through.  The price: in an editable install
the repository's ``tests`` and ``bench`` import too, as they do when pytest runs.
"""
from pathlib import Path

from setuptools import find_packages, setup

HERE = Path(__file__).parent


def data_files(package: Path) -> list[str]:
    """Every non-Python file below ``package``, relative to it."""
    return sorted(str(p.relative_to(package)) for p in package.rglob("*")
                  if p.is_file() and p.suffix not in (".py", ".pyc") and "__pycache__" not in p.parts)


setup(
    packages=find_packages(include=["kifu", "kifu.*"]),
    package_dir={"": "."},
    package_data={"kifu": data_files(HERE / "kifu")},
)
