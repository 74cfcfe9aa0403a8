"""The game information a Go game's root gives: the board ``SZ[19]`` or ``SZ[19:13]``
(missing: 19), komi ``KM`` (server komi written x100, ``KM[650]``, is read as 6.5; see
``DECISIONS.md``), the rules ``RU`` (which decide the ko rule, the scoring and whether dead
stones are agreed, see ``setup.parameters``), players, ranks, the result and every other
header SGF has a property for; headers it has none for travel as ``XH[key: value]``, kifu's own
count of prisoners among them.  Territory ``TB``/``TW`` at the end of the main line is read too.
"""
from __future__ import annotations

import functools
from dataclasses import replace

from kifu.builtin.freego.boards import grids
from kifu.builtin.freego.boards.board import MAX_SEATS
from kifu.builtin.freego.setup import Setup, parameters
from kifu.builtin.freego.sgf import points
from kifu.plugin import (
    HeaderError,
    KifuError,
    NotationError,
    Record,
    Span,
    UnknownGameError,
    read_int,
    shorten,
)
from kifu.plugin import sgf as core
from kifu.plugin import sgf_lines as sgflines

HEADER_PROPERTIES = {
    "Black": "PB", "White": "PW", "Black-Rank": "BR", "White-Rank": "WR", "Event": "EV",
    "Date": "DT", "Result": "RE", "Rules": "RU", "Round": "RO", "Place": "PC", "Name": "GN",
    "Time": "TM", "Overtime": "OT", "Handicap": "HA", "Source": "SO", "Annotator": "AN",
    "User": "US", "Copyright": "CP", "Opening": "ON", "Game-Comment": "GC",
}
PROPERTY_HEADERS = {prop: key for key, prop in HEADER_PROPERTIES.items()}
#: What the record takes of a root besides the headers: the file's own form (kifu writes its
#: own ``FF``, ``GM``, ``CA``), the board, komi, kifu's ``XH``, the set-up, comments, the
#: territory and a first move written there.  The rest of the root's properties the record
#: keeps as they are (``kifu.sgf.lines.kept``), ``AP`` among them (SGF written from the record
#: names kifu as the program that wrote it; JSON keeps the original).
ROOT_PROPERTIES = frozenset(("FF", "GM", "CA", "SZ", "KM", "XH", "AB", "AW", "AE", "PL",
                             "C", "TB", "TW", "B", "W", *PROPERTY_HEADERS))
#: The game information a node below the root may give the game (``kifu.sgf.lines.
#: game_info_below``): what the record's headers hold.
INFO_PROPERTIES = frozenset((*PROPERTY_HEADERS, "KM"))
#: The rules of a game whose SGF names none (no ``RU``): see ``parameters.rule_set``.
UNKNOWN_RULES = "unknown"
#: What kifu writes as ``RU`` for Free-form Go's own rules, and reads back as them.
OWN_RULES = "Free-form Go"


def check_go(root: core.SgfNode, collection: core.Collection,
             findings: list[KifuError]) -> None:
    """Another game in a collection of Go games is not judged, like a file of a game kifu does
    not know (exit 2), rather than called illegal.  A ``GM`` that names no game at all
    (``GM[5.5]``: a writer put the komi there) on a game whose content is Go's is read as Go,
    with a warning naming the repair."""
    game = root.get("GM")
    if game is None or game.strip() == "1":
        return
    span = collection.value_span(root, "GM")
    written = shorten(core.text(game).strip(), 10)
    if core.names_a_game(game):
        raise UnknownGameError(f"GM[{written}] is not Go (GM[1]): kifu does not check this "
                               "game", span=span)
    if not _go_content(root):
        raise UnknownGameError(f"GM[{written}] names no game, and nothing in the game tells it "
                               "for Go's: kifu does not check it", span=span)
    findings.append(NotationError(
        f"GM[{written}] names no game (FF[4] numbers them 1 to 40), and the game is Go's "
        "(its board, komi, handicap or rules): read as Go, GM[1]", span=span,
        severity="warning", rule="game-type"))


#: Root properties only Go has (FF[4]'s Go properties) and its boards, which tell a game whose
#: ``GM`` names no game for Go's.
_GO_PROPERTIES = ("HA", "KM", "TB", "TW")
_GO_BOARDS = ("9", "13", "19")


def _go_content(root: core.SgfNode) -> bool:
    """Whether a game tells itself for Go by its root: a property only Go has, rules kifu
    knows as Go's, or a Go board (``SZ`` of 9, 13 or 19, or none: SGF's default, 19)."""
    if any(root.get(prop) for prop in _GO_PROPERTIES):
        return True
    rules = root.text("RU")
    if rules and (parameters.rule_set(rules) is not parameters.JAPANESE  # not a name unknown
                  or "".join(c for c in rules.casefold() if c.isalpha()) in parameters.RULE_SETS):
        return True
    size = root.get("SZ")
    return size is None or size.strip() in _GO_BOARDS


def board_size(root: core.SgfNode, collection: core.Collection) -> tuple[int, int]:
    """``SZ``: the columns and rows of the grid."""
    text = root.get("SZ")
    if text is None:
        return (19, 19)
    columns, _, rows = text.strip().partition(":")
    found = (read_int(columns), read_int(rows or columns))
    if found[0] is None or found[1] is None:
        raise NotationError(f"SZ[{shorten(text)}] is not a board size",
                            span=collection.value_span(root, "SZ"))
    size = (found[0], found[1])
    if not all(1 <= s <= grids.MAX_GRID for s in size):
        raise NotationError(f"SZ[{text}]: kifu reads boards of 1 to {grids.MAX_GRID} lines",
                            span=collection.value_span(root, "SZ"))
    return size


def komi_reading(text: str, span: Span | None) -> tuple[float, str | None]:
    """``KM`` as points, and how a server's komi was read, in words, where it was (``None``
    for komi written in points): values of 100 or more are server komi x100 (``650`` is 6.5),
    and a quarter value after that is komi in stones (``375``: 3.75 stones, 7.5 points)."""
    value = parameters.number(text)
    if value is None or abs(value) > 100 * parameters.MAX_KOMI:
        raise NotationError(f"KM[{shorten(text)}] is not a komi kifu can read", span=span,
                            rule="komi")
    if abs(value) < 100:
        return value, None
    hundredths = value / 100
    if (hundredths * 2) % 1:
        return hundredths * 2, (f"{komi_text(hundredths)} stones in hundredths, as Fox writes "
                                "komi of Chinese counting (a stone is two points)")
    return hundredths, "komi in hundredths of a point, as Fox writes it"


def record_of(root: core.SgfNode, collection: core.Collection, source: str,
              size: tuple[int, int], findings: list[KifuError]) -> Record:
    """A record with the root's headers and comments (``XH`` and ``KM`` first)."""
    record = Record(game="freego", source=source, variations_as_played=True)
    record.headers["Game"] = "freego"
    record.headers["Board"] = grids.grid_name(*size)
    for item in root.properties.get("XH", []):  # a header is one line: line ends are blanks
        name, _, said = " ".join(core.text(item).split("\n")).partition(":")
        record.headers[name.strip()] = said.strip()
        record.header_spans[name.strip()] = collection.value_span(root, "XH")
    _komi(record, root, collection, findings)
    seats = _seats(record)
    taken = {name.casefold() for name in record.headers}  # XH and KM come first
    for prop, values in root.properties.items():
        key = PROPERTY_HEADERS.get(prop)
        if key and values and key.casefold() not in taken:
            taken.add(key.casefold())
            value = " ".join((root.text(prop) or "").split("\n")).strip()
            if prop == "RU" and value.casefold().startswith(OWN_RULES.casefold()):
                continue
            record.headers[key] = _native_result(value, seats) if prop == "RE" else value
            record.header_places[key] = functools.partial(collection.value_span, root, prop)
    if "RU" not in root.properties and record.header("Rules") is None:
        record.headers["Rules"] = UNKNOWN_RULES
    record.comments.extend(sgflines.split_comments(root.text("C")))
    return record


def _komi(record: Record, root: core.SgfNode, collection: core.Collection,
          findings: list[KifuError]) -> None:
    """``KM`` as the record's komi; one kifu cannot read (not a number, or absurdly large)
    is reported, and the komi taken as 0 (only a count checked against it is affected)."""
    written = root.get("KM")
    if written is None or not written.strip() or record.header("Komi") is not None:
        return
    try:
        komi, scaled = komi_reading(core.text(written), None)
    except NotationError as error:
        findings.append(error.located(message=error.message + "; the komi is taken as 0",
                                      span=collection.value_span(root, "KM"),
                                      severity="warning"))
        return
    if scaled is not None:  # Fox and other servers: KM[375], KM[650]
        findings.append(NotationError(
            f"KM[{written.strip()}] is read as komi {komi_text(komi)}: {scaled}",
            span=collection.value_span(root, "KM"), rule="komi-hundredths",
            severity="warning"))
    record.headers["Komi"] = komi_text(komi)
    record.header_places["Komi"] = functools.partial(collection.value_span, root, "KM")


def with_prisoners(record: Record, setup: Setup | None) -> Setup | None:
    """The set-up with the prisoners kifu's own ``XH[Prisoners: ...]`` counts, if it does."""
    prisoners = record.headers.pop("Prisoners", None)
    if prisoners is None:
        return setup
    span = record.header_spans.pop("Prisoners", None)
    counts = [read_int(c) for c in prisoners.replace(",", " ").split()]
    if not counts or len(counts) > MAX_SEATS or None in counts:
        raise NotationError(f"XH[Prisoners: {shorten(prisoners)}] is not a count per seat",
                            span=span)
    return replace(setup or Setup(), prisoners=tuple(c for c in counts if c is not None))


def territory(record: Record, root: core.SgfNode, collection: core.Collection,
              size: tuple[int, int], findings: list[KifuError]) -> None:
    """``TB``/``TW`` of the main line's last node: each side's territory at the end.  Marks
    change no move and decide no result alone (see ``DECISIONS.md``), so a value that is no
    point of the board is a warning and that side's marks are ignored."""
    last = root.main_line_end()
    for prop, seat in (("TB", 1), ("TW", 2)):
        values = last.properties.get(prop)
        if values and any(v.strip() for v in values):
            span = collection.value_span(last, prop)
            try:
                cells = points.cells([v for v in values if v.strip()], size, span)
            except NotationError as error:
                findings.append(error.located(
                    message=f"{prop}: {error.message}; the territory marks are ignored",
                    severity="warning", rule="unknown-value"))
                continue
            record.headers[f"Territory-{seat}"] = " ".join(cells)
            record.header_spans[f"Territory-{seat}"] = span


def komi_text(value: float) -> str:
    """A komi as written: ``6.5``, ``7``."""
    return str(int(value)) if value == int(value) else repr(value)


def _seats(record: Record) -> tuple[str, ...]:
    try:
        return parameters.seat_names(record)
    except HeaderError:
        return parameters.DEFAULT_PLAYERS


def _native_result(value: str, seats: tuple[str, ...]) -> str:
    """``B+6.5`` -> ``black+6.5`` (with the seats' own names), ``0``/``Draw`` -> ``draw``."""
    said = value.strip()
    if said.upper() in ("0", "DRAW", "JIGO"):
        return "draw"
    if len(said) >= 2 and said[0].upper() in "BW" and said[1] == "+":
        return seats[0 if said[0].upper() == "B" else 1] + said[1:]
    return said
