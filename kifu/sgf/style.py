"""What the specification asks of a game beyond the syntax: pedantic findings, none of which
stops a game from being read (SGFC reports them too)."""
from __future__ import annotations

import re

from kifu.base.errors import PEDANTIC, REPAIRED, EncodingError, KifuError
from kifu.sgf.charset import same_charset
from kifu.sgf.findings import finding, severity_of
from kifu.sgf.properties import GAME_INFO
from kifu.sgf.tokens import GAME_START, text
from kifu.sgf.tree import Collection, GameTree, SgfNode

_DATE = re.compile(r"\d{4}(-\d\d(-\d\d)?)?(,(\d{4}(-\d\d(-\d\d)?)?|\d\d(-\d\d)?))*\Z")
_RESULT = re.compile(r"(0|Draw|Void|\?|[BW]\+(\d+(\.\d+)?|R|Resign|T|Time|F|Forfeit)?)\Z")
_REAL = re.compile(r"[+-]?\d+(\.\d+)?\Z")
#: Game information in the form FF[4] gives it: the property, its form, what is wrong otherwise.
_VALUE_FORMS = (
    ("AP", re.compile(r".*:", re.DOTALL), "names no version (AP[name:version])"),
    ("DT", _DATE, "is not an SGF date (YYYY-MM-DD)"),
    ("RE", _RESULT, "is not an SGF result (B+3.5, W+R, 0, Void, ?)"),
    ("KM", _REAL, "is not a number"),
    ("TM", _REAL, "is not a number of seconds"))


def style(collection: Collection, game: GameTree) -> list[KifuError]:
    """Pedantic findings about one game: properties outside FF[4] (where each first appears),
    and game-information values not in the form FF[4] gives them (``AP`` without a version,
    ``DT``, ``RE``, ``KM``, ``TM``).  None of them stops a game from being read."""
    root = game.root
    found: list[KifuError] = []
    locate = collection.locator.span
    for ident, offset in game.unknown.items():
        found.append(finding(f"unknown property {ident} (kept as it is)",
                             locate(offset, offset + len(ident)), PEDANTIC,
                             rule="unknown-property"))

    def note(message: str, node: SgfNode, ident: str, rule: str) -> None:
        found.append(finding(message, collection.value_span(node, ident), PEDANTIC, rule=rule))

    for ident, form, problem in _VALUE_FORMS:
        value = root.get(ident)
        if value is not None and value.strip() and not form.match(text(value).strip()):
            note(f"{ident}[{text(value)[:30]}] {problem}", root, ident, "value-format")
    for ident, values in root.properties.items():
        if ident in GAME_INFO and not any(value.strip() for value in values):
            note(f"{ident}[] is empty (kept; SGFC deletes it)", root, ident, "empty-value")
    found.extend(_other_charset(collection, root))
    return found


def _other_charset(collection: Collection, root: SgfNode) -> list[KifuError]:
    """A later game whose ``CA`` names another charset than the first game's: the file was
    decoded in one charset, the first game's (the bytes checked against it), so a warning where
    the game holds any non-ASCII character, as its text may read otherwise than its writer
    meant, and a note where it holds none (SGFC stops on such a file unless told
    to decode game by game)."""
    said = root.get("CA")
    if said is None or not said.strip():
        return []
    first = collection.first_charset
    if first is None or same_charset(first[0], text(said)) or root.start <= first[1] < root.end:
        return []
    following = GAME_START.search(collection.text, root.end)
    game_text = collection.text[root.start:following.start() if following else None]
    grade = PEDANTIC if game_text.isascii() else REPAIRED
    return [EncodingError(f"CA[{text(said)[:30]}] differs from the first game's CA[{first[0]}]: "
                          "the whole file is read in the first game's charset",
                          span=collection.value_span(root, "CA"), severity=severity_of(grade),
                          grade=grade, rule="charset")]
