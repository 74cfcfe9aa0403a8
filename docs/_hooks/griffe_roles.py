"""A griffe extension for the API reference: docstrings are written for ``help()`` and read
as Markdown on the site.  The Sphinx roles some of them use (``:class:`~kifu.base.record.Span```,
``:meth:`Game.play```) become plain code (`Span`, `Game.play`), reST's double backticks single
ones, and doctest examples (``>>>`` lines and their output) code blocks."""
from __future__ import annotations

import re
from typing import Any

import griffe

ROLE = re.compile(r":(?:class|meth|func|mod|attr|data|exc|obj):`(~?)([^`]+)`")
DOUBLE_BACKTICKS = re.compile(r"``([^`]+)``")


def plain(text: str) -> str:
    """Docstring text with roles and double backticks as Markdown code spans."""
    def role(found: re.Match[str]) -> str:
        short, target = found.groups()
        return f"`{target.rsplit('.', 1)[-1] if short else target}`"

    return fence_examples(DOUBLE_BACKTICKS.sub(r"`\1`", ROLE.sub(role, text)))


def fence_examples(text: str) -> str:
    """Each run of doctest lines (from a ``>>>`` line to the next blank line) in a code block,
    unless it already stands in one."""
    out: list[str] = []
    fenced = in_example = False
    for line in text.split("\n"):
        if line.lstrip().startswith("```"):
            fenced = not fenced
        elif not fenced and not in_example and line.lstrip().startswith(">>>"):
            out.append("```pycon")
            in_example = True
        elif in_example and not line.strip():
            out.append("```")
            in_example = False
        out.append(line)
    if in_example:
        out.append("```")
    return "\n".join(out)


class PlainRoles(griffe.Extension):
    """Rewrite every docstring of the objects loaded for the reference."""

    def on_instance(self, *, obj: griffe.Object, **kwargs: Any) -> None:
        if obj.docstring is not None:
            obj.docstring.value = plain(obj.docstring.value)
