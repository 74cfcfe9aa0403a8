"""The tokens of SGF text: what one regular expression reads at a time, and their kinds.

SGF's grammar (FF[4]), which the reader (:mod:`kifu.sgf.syntax`) builds trees from::

    Collection = GameTree { GameTree }
    GameTree   = "(" Sequence { GameTree } ")"
    Sequence   = Node { Node }
    Node       = ";" { Property }
    Property   = PropIdent PropValue { PropValue }
    PropValue  = "[" CValueType "]"

:data:`TOKEN` reads one token after any blanks, whatever the next significant character is;
its kind (a :class:`Token`) is the group of the expression that ends it.  The common cases of
real files are one token each: a node with its first property or two (``;B[pd]``,
``;B[pd]BL[1795.3]``).  A property's name may open with a digit, as some servers write one
(``5A[...]``), which other readers read; it is kept as an unknown property.
Values are kept *raw*, escapes and all (:func:`text` reads one as text,
:func:`escape` writes text as one), so that a file written back is the file read.
"""
from __future__ import annotations

import re
from enum import IntEnum

BLANK = r"[ \t\n\r\f\v]*+"
BLANK_CHARACTERS = " \t\n\r\f\v"


def _value(group: str) -> str:
    """A value in brackets, its raw text the group ``group``: possessive repeats (Python 3.11),
    so that no backtracking state is kept per character or escape (the unrolled loop kept one
    per escape: 300 MB for 4 MB of "\\]")."""
    return r"\[(?P<" + group + r">(?:[^\]\\]++|\\.)*+)\]"


#: One token after any blanks (the alternatives in the order they are tried).
TOKEN = re.compile(
    BLANK + r"(?:"
    r";" + BLANK + r"(?P<node_name>[A-Z]{1,2})" + BLANK + _value("node_value") +
    r"(?:" + BLANK + r"(?P<second_name>[A-Z]{1,2})" + BLANK + _value("second_value") + r")?"
    r"|(?P<semicolon>;)"
    r"|(?P<name>[A-Za-z]+|[0-9][A-Z]+)" + BLANK + _value("value") +
    r"|" + _value("more") +
    r"|(?P<open>\()"
    r"|(?P<close>\))"
    r"|(?P<stray>\])"
    r"|(?P<junk>[^;()\[\]A-Z \t\n\r\f\v][^;()\[\]A-Z]*|[A-Za-z]+|\[)"
    r")", re.DOTALL)
_GROUP = TOKEN.groupindex


class Token(IntEnum):
    """The kinds of token: each is the number of the group of :data:`TOKEN` that ends it (the
    match's ``lastindex``).  Only the end of the text, or blanks up to it, is no token at
    all."""

    NODE = _GROUP["node_value"]  #: ``;B[pd]``: a node and its first property
    NODE_TWO = _GROUP["second_value"]  #: ``;B[pd]BL[1795.3]``: a node and two properties
    SEMICOLON = _GROUP["semicolon"]  #: ``;`` on its own: a node, its properties after it
    PROPERTY = _GROUP["value"]  #: ``AB[dd]``: a property and its first value
    VALUE = _GROUP["more"]  #: ``[dd]``: one more value of the property before it
    OPEN = _GROUP["open"]  #: ``(``: a game tree begins
    CLOSE = _GROUP["close"]  #: ``)``: a game tree ends
    STRAY = _GROUP["stray"]  #: ``]`` with no value open (``;B[ee]]``)
    JUNK = _GROUP["junk"]  #: text, a word without a value, or a ``[`` that never closes


#: The groups of the properties a token holds, each a name and its first value: a node's
#: first and second, a property's.
NODE_NAME, SECOND_NAME, NAME = _GROUP["node_name"], _GROUP["second_name"], _GROUP["name"]
NODE_VALUE, SECOND_VALUE, VALUE = _GROUP["node_value"], _GROUP["second_value"], _GROUP["value"]
PROPERTY_GROUPS = ((NODE_NAME, NODE_VALUE), (SECOND_NAME, SECOND_VALUE), (NAME, VALUE))
#: The groups of the one more value, of a stray ``]``, and of the junk.
MORE, STRAY, JUNK = _GROUP["more"], _GROUP["stray"], _GROUP["junk"]

#: Where a game tree starts: "(" and a node, or a property where its ";" was forgotten.
GAME_START = re.compile(r"\(" + BLANK + r"(?:;|[A-Za-z]+" + BLANK + r"\[)")
BLANKS = re.compile(BLANK)
#: A node with a property: how a text whose game tree lost its "(" begins.
NODE_START = re.compile(r";" + BLANK + r"[A-Za-z]+" + BLANK + r"\[")


def identifier(word: str) -> str:
    """``AddBlack`` (FF[3]) is ``AB``: lower-case letters in an identifier are dropped."""
    return word if word.isupper() else "".join(c for c in word if c.isupper())


def text(raw: str) -> str:
    """A raw property value as text: ``\\`` escapes the next character and ``\\`` before a line
    end (a soft line break) vanishes with it."""
    if "\\" not in raw:
        return raw
    return _ESCAPED.sub(r"\1", raw)  # a soft line break matches without group 1: ""


#: An escape: a soft line break, or a backslash and the character it escapes (group 1).
_ESCAPED = re.compile(r"\\(?:\n|(.))", re.DOTALL)


unescape = text


def escape(value: str) -> str:
    """Text as a raw value: ``\\`` and ``]`` escaped."""
    return value.replace("\\", "\\\\").replace("]", "\\]")
