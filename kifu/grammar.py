"""Loading the Lark grammars and turning Lark's exceptions into kifu errors.

Every notation is an LALR grammar with the contextual lexer, read from the package
``kifu.grammars`` (the repository's ``grammars/`` folder, see ``setup.py``).  A parser is built
once per process; Lark's own on-disk cache makes later processes start fast.
"""
from __future__ import annotations

import functools
from collections.abc import Callable, Mapping
from importlib import resources
from pathlib import Path
from typing import Any

from lark import Lark, Token, Tree
from lark.exceptions import (
    UnexpectedCharacters,
    UnexpectedEOF,
    UnexpectedInput,
    UnexpectedToken,
    VisitError,
)

from kifu.errors import KifuError, NotationError
from kifu.record import Span


def grammar_dir() -> Path:
    """The folder that holds the ``.lark`` files, in an editable install and a wheel alike."""
    return Path(str(resources.files("kifu.grammars")))


@functools.cache
def load(name: str, positions: bool = True) -> Lark:
    """The parser for ``grammars/<name>.lark``, built on first use.

    With ``positions`` every tree knows its span (``tree.meta``); without, only tokens do,
    which makes parsing a third faster: notations whose moves are single tokens can do without.
    """
    folder = grammar_dir()
    text = (folder / f"{name}.lark").read_text(encoding="utf-8")
    return Lark(
        text,
        parser="lalr",
        lexer="contextual",
        propagate_positions=positions,
        maybe_placeholders=False,
        import_paths=[str(folder)],
        source_path=str(folder / f"{name}.lark"),
        cache=True,
    )


def parse(name: str, text: str, terminals: Mapping[str, str] | None = None,
          positions: bool = True) -> Tree:
    """Parse ``text`` with grammar ``name``; a syntax error becomes a located ``NotationError``.

    ``terminals`` maps terminal names to what a user would call them ("a point such as h8"),
    for the "expected ..." part of messages.
    """
    if not text.endswith("\n"):
        text += "\n"  # so that a header or comment on the last line is complete
    try:
        return load(name, positions).parse(text)
    except UnexpectedInput as error:
        raise syntax_error(error, text, _describer(name, terminals or {})) from None


def transform(transformer: Any, tree: Tree) -> Any:
    """Run a Lark transformer, letting the kifu errors it raises through unwrapped."""
    try:
        return transformer.transform(tree)
    except VisitError as error:
        if isinstance(error.orig_exc, KifuError):
            raise error.orig_exc from None
        raise


def span_of(item: Token | Tree) -> Span | None:
    """The source span of a token or a tree (from its tokens when the parser kept no positions)."""
    if isinstance(item, Token):
        return Span(item.line, item.column, item.end_line, item.end_column)
    if not item.meta.empty:
        meta = item.meta
        return Span(meta.line, meta.column, meta.end_line, meta.end_column)
    tokens = list(item.scan_values(lambda v: isinstance(v, Token)))
    if not tokens:
        return None
    first, last = tokens[0], tokens[-1]
    return Span(first.line, first.column, last.end_line, last.end_column)


def syntax_error(error: UnexpectedInput, text: str, describe: Callable[[str], str | None]) -> NotationError:
    expected = _expected(error, describe)
    if isinstance(error, UnexpectedCharacters):
        char = text[error.pos_in_stream] if error.pos_in_stream < len(text) else ""
        what = f"unexpected character {char!r}" if char.strip() else "unexpected blank"
        return NotationError(what + expected, span=Span.point(error.line, error.column))
    if isinstance(error, UnexpectedToken) and error.token.type != "$END":
        return _unexpected_token(error.token, expected)
    if isinstance(error, (UnexpectedEOF, UnexpectedToken)):
        line = text.count("\n") + (0 if text.endswith("\n") else 1)
        last = text.rstrip("\n").rsplit("\n", 1)[-1]
        return NotationError("the record ends too early (truncated?)" + expected,
                             span=Span.point(max(line, 1), len(last) + 1))
    return NotationError(str(error))


def _unexpected_token(token: Token, expected: str) -> NotationError:
    """Name the offending word, not the rest of the line a catch-all terminal swallowed."""
    value = str(token.value)
    span = span_of(token)
    if not value.strip():
        return NotationError("the line ends too early" + expected, span=Span.point(
            span.line, span.column))
    if value.startswith("{") and "}" not in value:
        return NotationError("a comment opened with '{' is never closed", span=Span.point(
            span.line, span.column))
    word = value.split()[0] if value.split() else value
    if word != value:
        span = Span(span.line, span.column, span.line, span.column + len(word))
    return NotationError(f"unexpected {word!r}" + expected, span=span)


def _expected(error: UnexpectedInput, describe: Callable[[str], str | None]) -> str:
    names = getattr(error, "expected", None) or getattr(error, "allowed", None) or set()
    described = {text for text in map(describe, names) if text}
    if not described or len(described) > 10:
        return ""
    return "; expected " + " or ".join(sorted(described))


def _describer(grammar: str, terminals: Mapping[str, str]) -> Callable[[str], str | None]:
    """What to call a terminal in a message: the game's word for it, or the literal it matches."""
    parser = load(grammar)

    def describe(name: str) -> str | None:
        if name in terminals:
            return terminals[name]
        if name.startswith("_") or name == "$END":
            return None
        try:
            pattern = parser.get_terminal(name).pattern
        except KeyError:
            return None
        if pattern.type == "str":
            return repr(pattern.value)
        return name.lower().replace("_", " ")

    return describe
