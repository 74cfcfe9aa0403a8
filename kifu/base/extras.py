"""kifu's optional extras (``[project.optional-dependencies]`` of ``pyproject.toml``) and how to
install one where kifu comes from today: its checkout, since kifu is not on the package index
(``pip install 'kifu[images]'`` would find nothing there, or another project's)."""
from __future__ import annotations


def install_hint(extra: str) -> str:
    """The command that installs kifu with ``extra``, as a message says it."""
    return (f"pip install '.[{extra}]' in kifu's checkout (pip install 'kifu[{extra}]' once "
            "kifu is on the package index)")
