"""Packaging glue that pyproject.toml alone cannot express.

The grammars live at the repository root (``grammars/``) but are imported as the package
``kifu.grammars``.  A ``package_dir`` mapping does that for both kinds of install: a built wheel
copies the folder into ``kifu/grammars/``, and an editable install maps the package name onto
the folder in place, so an edited grammar takes effect without reinstalling.

Every other file inside ``kifu/`` that is not Python (schemas, board maps, tables) is package
data, so a game can ship data next to its code without touching this file.
"""
from pathlib import Path

from setuptools import find_packages, setup

HERE = Path(__file__).parent


def data_files(package: Path) -> list[str]:
    """Every non-Python file below ``package``, relative to it."""
    return sorted(str(p.relative_to(package)) for p in package.rglob("*")
                  if p.is_file() and p.suffix not in (".py", ".pyc") and "__pycache__" not in p.parts)


setup(
    packages=find_packages(include=["kifu", "kifu.*"]) + ["kifu.grammars"],
    package_dir={"kifu.grammars": "grammars"},
    package_data={"kifu.grammars": ["*.lark"], "kifu": data_files(HERE / "kifu")},
)
