"""Everything kifu does with an input, through the library, with the properties that must hold.

:func:`exercise` decodes, detects and parses an input, checks it (strictly and leniently),
writes it back in every dialect, as JSON and in every interchange format and reads each again,
replays it as JSON, and draws its last position as SVG and text.  A ``KifuError`` is an answer;
anything else escaping, or a property broken, is a :class:`Defect`.
"""
from __future__ import annotations

import json
import xml.etree.ElementTree as ET
from dataclasses import dataclass
from typing import Any

from kifu.base.errors import KifuError
from kifu.base.record import Record
from kifu.plugin import GamePlugin, RenderOptions, driver, jsonform, registry
from kifu.reading.source import HEAD_BYTES, decode
from kifu.run.load import parse_as
from kifu.run.replayjson import replay_json

#: Elements and attributes that would make a drawing active (or reach outside itself).
_ACTIVE_TAGS = {"script", "foreignObject", "iframe", "object", "embed"}


class Defect(AssertionError):
    """kifu broke a promise on this input (see the module docstring)."""


@dataclass(frozen=True)
class Outcome:
    """What kifu answered: ``ok`` (legal), or ``kifu:<code>`` of the first error."""

    game: str | None
    result: str


def exercise(name: str, data: bytes) -> Outcome:
    """Run ``data`` (a file called ``name``) through the library; raise on a defect."""
    try:  # as kifu.run.load.read_file reads a file: bytes a format of bytes claims kept
        claimed = registry.byte_format(data[:HEAD_BYTES], name) if data else None
        text = data.decode("latin-1") if claimed is not None else decode(data, name).text
    except KifuError as error:
        return Outcome(registry.guess(name), f"kifu:{error.code}")
    try:
        game, fmt = registry.detect(text, name)
    except KifuError as error:
        return Outcome(registry.guess(name), f"kifu:{error.code}")
    try:
        record = parse_as(game, fmt, text, name)
    except KifuError as error:
        return Outcome(game.name, f"kifu:{error.code}")
    problems, _ = driver.check(game, record)
    driver.check(game, record, lenient=True)
    round_trips(game, record)
    try:
        json.dumps(replay_json(game, record, variations=True))
    except KifuError as error:  # a replay of more positions than it gives (replay-positions)
        if error.rule != "replay-positions":
            raise
    drawings(game, record)
    errors = [p for p in problems if p.severity == "error"]
    return Outcome(game.name, f"kifu:{errors[0].code}" if errors else "ok")


def round_trips(game: GamePlugin, record: Record) -> None:
    """Whatever kifu writes of a record it has read, it reads back: the same record from its
    notation (every dialect) and from JSON; a readable record from every interchange format."""
    for dialect in (None, *game.dialects):
        try:
            text = game.write(record, dialect)
        except KifuError:
            continue  # a dialect that cannot say some move says so
        again = _read_back(lambda: game.parse(text, "<written>"), f"{dialect or 'native'}",
                           text)
        difference = differs(game, record, again)
        if difference:
            raise Defect(f"written in the {dialect or 'default'} dialect, the record reads "
                         f"back differently ({difference}):\n{text[:2000]}")
    text = jsonform.dumps(record)
    if _read_back(lambda: jsonform.loads(text), "JSON", text) != record:
        raise Defect(f"the record reads back differently from its JSON:\n{text[:2000]}")
    for name, fmt in game.formats().items():
        try:
            written = fmt.write(record)
        except KifuError:
            continue  # SGF of a map board, say
        _read_back(lambda: fmt.read(written, "<written>"), name, written)


def differs(game: GamePlugin, first: Record, second: Record) -> str | None:
    """How two records differ beyond what a notation cannot say (how blanks and line ends run in
    header values and comments, and a comment's closing bracket inside it, written full-width:
    Gungi's ``]``, the others' ``}``), or ``None``.  Moves may be written differently if they
    replay alike: dialects such as Rengi's ``colours`` rewrite open forms as the pieces they place."""
    if first == second:
        return None
    if _headers(first) != _headers(second) or first.setup != second.setup:
        return "headers or set-up"
    if _comments(first.comments) != _comments(second.comments):
        return "comments before the moves"
    pending = [(first.moves, second.moves)]
    same_moves = True
    while pending:
        one, other = pending.pop()
        if len(one) != len(other):
            return "a line's length"
        for a, b in zip(one, other):
            if _comments(a.comments) != _comments(b.comments):
                return f"the comments of {game.move_text(a.move)}"
            if len(a.variations) != len(b.variations):
                return f"the variations of {game.move_text(a.move)}"
            same_moves = same_moves and a.move == b.move
            pending.extend(zip(a.variations, b.variations))
    if not same_moves and _replay(game, first) != _replay(game, second):
        return "moves that replay differently"
    return None


def _headers(record: Record) -> dict[str, str]:
    return {key: " ".join(value.split("\n")).strip() for key, value in record.headers.items()}


def _comments(comments: list[str]) -> list[str]:
    return [" ".join(text.replace("}", "\uff5d").replace("]", "\u3015").split())
            for text in comments]


def _replay(game: GamePlugin, record: Record) -> tuple[Any, ...]:
    """What replaying a record gives: its problems and the final position of its main line."""
    problems, moves = driver.check(game, record)
    final = None
    try:
        for step in driver.replay(game, record):
            final = game.position_to_json(step.position)
    except KifuError:
        pass
    return tuple((p.code, p.move_number, p.variation) for p in problems), moves, final


def _read_back(read: Any, what: str, text: str) -> Record:
    try:
        return read()
    except KifuError as error:
        raise Defect(f"kifu wrote {what} that it cannot read back ({error.describe()}):\n"
                     f"{text[:2000]}") from None


def drawings(game: GamePlugin, record: Record) -> None:
    """The last position kifu can reach, drawn as SVG (well-formed, nothing active in it) and
    as text, plainly and with every option."""
    try:
        position = game.start(record)
    except KifuError:
        return
    try:
        for step in driver.replay(game, record, lenient=True):
            position = step.position
    except KifuError:
        pass  # draw the position before the illegal move
    extras = {name: "yes" for name in game.render_options}
    for options in (RenderOptions(), RenderOptions(size=60, flip=True, coords=False,
                                                   numbers=True, extras=extras)):
        try:
            svg = game.render_svg(position, options, record)
            game.render_text(position, options)
        except KifuError:
            continue  # an option value the game refuses
        check_svg(svg)


def check_svg(svg: str) -> None:
    try:
        root = ET.fromstring(svg)
    except ET.ParseError as error:
        raise Defect(f"SVG is not well-formed ({error}):\n{svg[:2000]}") from None
    for element in root.iter():
        tag = element.tag.rsplit("}", 1)[-1]
        if tag in _ACTIVE_TAGS:
            raise Defect(f"SVG holds a <{tag}> element")
        for key, value in element.attrib.items():
            local = key.rsplit("}", 1)[-1].lower()
            if local.startswith("on") or (local == "href" and not value.startswith("#")):
                raise Defect(f"SVG holds an active or outside reference {key}={value[:80]!r}")
    defined = {e.get("id") for e in root.iter() if e.get("id")}
    for element in root.iter("{http://www.w3.org/2000/svg}use"):
        # <use> only places kifu's own glyphs, defined in the same document
        href = element.get("href", "")
        if not href.startswith("#kg-") or href[1:] not in defined:
            raise Defect(f"SVG uses something not its own glyph: {href[:80]!r}")
