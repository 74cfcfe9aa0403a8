"""Loading the Lark grammars and turning Lark's exceptions into kifu errors.

Every notation is an LALR grammar with the contextual lexer, read from the repository's
``grammars/`` folder, which every install carries as ``kifu/grammars/`` (package data; see
``setup.py``), and an editable install reads where it stands.  A parser is built
once per process; Lark's own on-disk cache makes later processes start fast.

Parsing is safe from any number of threads: the parsers hold no state of a parse (Lark makes
that afresh for each call), and the callbacks of a streaming parse are each thread's own.

Two ways to parse: :func:`parse` returns Lark's whole tree, which suits small inputs; and
:func:`stream` hands each rule's children to a callback the moment the parser reduces the rule,
in source order, and keeps no tree, so that memory stays with what the callbacks keep (a
record) rather than growing with a tree of every token.  Either way a parser reads at most
``kifu.base.limits.MAX_TOKENS`` tokens.
"""
from __future__ import annotations

import functools
import threading
from collections.abc import Callable, Iterator, Mapping
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

from kifu.base.errors import KifuError, NotationError
from kifu.base.limits import MAX_TOKENS, too_many_tokens
from kifu.base.record import Span

#: Called with a rule's children when the parser reduces it; what it returns stands for the
#: rule in its parent's children.
RuleHandler = Callable[[list[Any]], Any]


@functools.cache
def grammar_dir() -> Path:
    """The folder that holds the ``.lark`` files: ``kifu/grammars/`` where kifu is installed
    from a wheel or an sdist, the checkout's ``grammars/`` in an editable install."""
    installed = Path(str(resources.files("kifu"))) / "grammars"
    # by its files, not the folder: a checkout from before the grammars moved out of kifu/ may
    # keep an empty kifu/grammars/ (a __pycache__ git leaves behind)
    if any(installed.glob("*.lark")):
        return installed
    return Path(__file__).resolve().parents[2] / "grammars"


class _TokenLimit:
    """A post-lexer that refuses a text once it has yielded ``MAX_TOKENS`` tokens."""

    always_accept: tuple[str, ...] = ()

    def process(self, tokens: Iterator[Token]) -> Iterator[Token]:
        for count, token in enumerate(tokens, start=1):
            if count > MAX_TOKENS:
                raise too_many_tokens(span_of(token))
            yield token


class _Forward:
    """Lark's embedded transformer: calls for the rules in ``names`` go to the handlers of the
    :func:`stream` call under way in the calling thread (Lark binds the callbacks once, when it
    builds the parser, and one parser serves every thread: each thread's handlers are its own).
    """

    def __init__(self, names: frozenset[str]) -> None:
        self._local = threading.local()
        for name in names:
            setattr(self, name, functools.partial(self._call, name))

    @property
    def handlers(self) -> Mapping[str, RuleHandler]:
        handlers: Mapping[str, RuleHandler] = getattr(self._local, "handlers", {})
        return handlers

    @handlers.setter
    def handlers(self, handlers: Mapping[str, RuleHandler]) -> None:
        self._local.handlers = handlers

    def _call(self, name: str, children: list[Any]) -> Any:
        return self._local.handlers[name](children)


def _build(name: str, positions: bool, forward: _Forward | None) -> Lark:
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
        postlex=_TokenLimit(),
        transformer=forward,
    )


#: Held while a parser is built: threads that meet an unbuilt parser at once build it once
#: (and never read Lark's cache file while another writes it).
_building = threading.Lock()


@functools.cache
def load(name: str, positions: bool = True) -> Lark:
    """The parser for ``grammars/<name>.lark``, built on first use.

    With ``positions`` every tree knows its span (``tree.meta``); without, only tokens do,
    which makes parsing a third faster: notations whose moves are single tokens can do without.
    """
    with _building:
        return _build(name, positions, None)


@functools.cache
def _streaming(name: str, rules: frozenset[str], positions: bool) -> tuple[Lark, _Forward]:
    forward = _Forward(rules)
    with _building:
        return _build(name, positions, forward), forward


#: What a game says of a word it could not read (the whitespace-delimited word around the
#: error): the nearest valid reading or what is expected there, in the game's own words.
Advice = Callable[[str], str | None]


def stream(name: str, text: str, handlers: Mapping[str, RuleHandler],
           terminals: Mapping[str, str] | None = None, positions: bool = True,
           advise: Advice | None = None) -> Any:
    """Parse ``text`` with grammar ``name``, calling ``handlers[rule](children)`` as each of
    those rules is reduced; returns what the handler of ``start`` returns.

    Rules without a handler become trees as usual (inside a handled rule's children).  A rule
    is reduced once its last token has been read, so handlers run in source order, and a
    handler for a rule that opens a bracket runs before the bracket's contents.  Syntax errors
    become located ``NotationError`` (with ``advise``'s word on the word at fault); errors the
    handlers raise pass through.
    """
    if not text.endswith("\n"):
        text += "\n"
    parser, forward = _streaming(name, frozenset(handlers), positions)
    outer, forward.handlers = forward.handlers, handlers  # a handler may parse again
    try:
        return parser.parse(text)
    except UnexpectedInput as error:
        raise syntax_error(error, text, _describer(name, terminals or {}), advise) from None
    finally:
        forward.handlers = outer


def parse(name: str, text: str, terminals: Mapping[str, str] | None = None,
          positions: bool = True, advise: Advice | None = None) -> Tree[Token]:
    """Parse ``text`` with grammar ``name``; a syntax error becomes a located ``NotationError``.

    ``terminals`` maps terminal names to what a user would call them ("a point such as h8"),
    for the "expected ..." part of messages; ``advise`` adds the game's word on the word at
    fault (the nearest valid reading).
    """
    if not text.endswith("\n"):
        text += "\n"  # so that a header or comment on the last line is complete
    try:
        return load(name, positions).parse(text)
    except UnexpectedInput as error:
        raise syntax_error(error, text, _describer(name, terminals or {}), advise) from None


def transform(transformer: Any, tree: Tree[Token]) -> Any:
    """Run a Lark transformer, letting the kifu errors it raises through unwrapped."""
    try:
        return transformer.transform(tree)
    except VisitError as error:
        if isinstance(error.orig_exc, KifuError):
            raise error.orig_exc from None
        raise


def token_span(token: Token) -> Span:
    """The source span of a token the parser read (Lark leaves positions out only of tokens
    made by hand, which kifu never reads spans of)."""
    line, column, end_line, end_column = token.line, token.column, token.end_line, token.end_column
    assert line is not None and column is not None and end_line is not None \
        and end_column is not None, f"the token {token!r} has no position"
    return Span(line, column, end_line, end_column)


def span_of(item: Token | Tree[Token]) -> Span | None:
    """The source span of a token or a tree: from its meta if the parser kept positions, else
    from its first and last tokens (or values a handler made of them, which carry a ``span``)."""
    if isinstance(item, Token):
        return token_span(item)
    if not item.meta.empty:
        meta = item.meta
        return Span(meta.line, meta.column, meta.end_line, meta.end_column)
    first, last = _edge(item, 0), _edge(item, -1)
    if first is None or last is None:
        return None
    return Span(first.line, first.column, last.end_line, last.end_column)


def _edge(tree: Tree[Token], end: int) -> Span | None:
    """The span of the first (``end`` 0) or last (-1) token of a tree, found without walking
    all of it."""
    pending: list[Any] = [tree]
    while pending:
        item = pending.pop()
        if isinstance(item, Token):
            return token_span(item)
        if isinstance(item, Tree):
            pending.extend(item.children if end == -1 else item.children[::-1])
        else:
            span = getattr(item, "span", None)
            if isinstance(span, Span):
                return span
    return None


def syntax_error(error: UnexpectedInput, text: str, describe: Callable[[str], str | None],
                 advise: Advice | None = None) -> NotationError:
    found = _syntax_error(error, text, describe)
    at = getattr(error, "pos_in_stream", None)
    if isinstance(error, UnexpectedToken) and error.token.start_pos is not None:
        at = error.token.start_pos
    word = _word_at(text, at) if advise is not None and at is not None else ""
    said = advise(word) if advise is not None and word else None
    if not said:
        return found
    advised = found.located(message=f"{found.message}; {said}")
    assert isinstance(advised, NotationError)
    return advised


def _word_at(text: str, at: int) -> str:
    """The whitespace-delimited word of ``text`` around offset ``at``."""
    if at >= len(text) or text[at].isspace():
        return ""
    start = at
    while start > 0 and not text[start - 1].isspace():
        start -= 1
    end = at
    while end < len(text) and not text[end].isspace():
        end += 1
    return text[start:end]


def _syntax_error(error: UnexpectedInput, text: str,
                  describe: Callable[[str], str | None]) -> NotationError:
    expected = _expected(error, describe)
    if isinstance(error, UnexpectedCharacters):
        at = error.pos_in_stream
        char = text[at] if at is not None and at < len(text) else ""
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
    span = token_span(token)
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
