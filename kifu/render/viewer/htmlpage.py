"""The viewer as HTML: a self-contained page, or a fragment to paste into another page.

A page holds one game shown whole in its HTML, the game it opens at: its header, the position
(the game's own SVG) and, for readers without a script, its moves as text.  Every game of the
file travels as data (a JSON block each, one table of SVG lines shared by them all), from which
the script (``viewer.js``, inlined) draws the position asked for, the move list, the variations
and the game picker of a collection, so that a collection of a thousand problems costs the
browser one game's elements, not a thousand.  The style (``viewer.css``) is scoped to the
viewer's class, so fragments do not disturb the page around them.

Every text a record supplies goes through :func:`html.escape` here or through ``json`` with
``<``, ``>`` and ``&`` written as escapes (and is set as text by the script), and stands in an
element that isolates its direction, so a name holding ``</script>`` or a right-to-left override
cannot leave its place.
"""
from __future__ import annotations

import base64
import hashlib
import html
import json
import re
import zlib
from collections.abc import Iterator, Sequence
from contextlib import suppress
from functools import cache
from importlib import resources
from typing import Any

from kifu.base.errors import KifuError
from kifu.base.limits import shorten
from kifu.base.record import Record
from kifu.draw.glyphs import font_face
from kifu.draw.svg import xml_text
from kifu.plugin import jsonform
from kifu.render.viewer.model import NAME_WIDTH, GameView, PositionNode, text_changes
from kifu.render.viewer.problems import right_answers
from kifu.render.viewer.svgdiff import Packed, derived, glyph_block, merged, pack, renumbered

#: Marks a fault in the move list.
FAULT = "\u2717"
WARNING = "\u26a0"

#: The most characters of a file whose records a page offers to download (as written, once for
#: a collection, and each game as SGF and JSON): a larger file, or one of megabytes of
#: headers, is left to the reader's own copy rather than carried three times more.
MAX_DOWNLOAD = 256 * 1024

#: The headers a page's head shows (besides the title and the players), in this order.
FACTS = ("Event", "Round", "Date", "Place", "Result")


@cache
def words() -> dict[str, dict[str, str]]:
    """The interface's words (``words.json``): each language's name in itself (``names``),
    and a table a language besides English, keyed by the English."""
    found: dict[str, dict[str, str]] = json.loads(
        resources.files(__package__).joinpath("words.json").read_text("utf-8"))
    return found


@cache
def script() -> str:
    """The viewer's script as a page carries it, with the interface's words in their place."""
    return asset("viewer.js").replace('"@WORDS@"', _json(words()), 1)


@cache
def asset(name: str) -> str:
    """One of the viewer's own files (``viewer.js``, ``viewer.css``), as a page carries it:
    without its comments and indentation (neither file holds ``/*`` but in a comment)."""
    text = resources.files(__package__).joinpath(name).read_text(encoding="utf-8")
    text = re.sub(r"/\*.*?\*/", "", text, flags=re.DOTALL)
    return "".join(line.strip() + "\n" for line in text.splitlines() if line.strip())


def page(views: Sequence[GameView], title: str | None = None, text: str | None = None) -> str:
    """A whole HTML document showing ``views`` (several for a collection of games); ``text``,
    the file as written, to download from the page."""
    heading = title or _page_title(views)
    return (
        "<!DOCTYPE html>\n"
        '<html lang="en">\n<head>\n<meta charset="utf-8">\n'
        '<meta name="viewport" content="width=device-width, initial-scale=1">\n'
        '<meta name="color-scheme" content="light dark">\n'
        f"<title>{_text(_plain(heading))} \u2013 kifu</title>\n"
        f"<style>\n{asset('viewer.css')}{_glyph_font(views)}</style>\n</head>\n"
        '<body class="kv-page">\n'
        f"{viewer(views, heading=heading, text=text)}"
        f"<script>\n{script()}</script>\n</body>\n</html>\n")


def fragment(views: Sequence[GameView], key: str, text: str | None = None) -> str:
    """A block to paste into another page; ``key`` names it in links (``#KEY.move=12``), so
    that several blocks coexist on one page."""
    return (f"{viewer(views, key, text=text)}<style>\n{asset('viewer.css')}"
            f"{_glyph_font(views)}</style>\n<script>\n{script()}</script>\n")


def _glyph_font(views: Sequence[GameView]) -> str:
    """The font of kifu's own glyphs that the page's own text uses (the games' names, the
    moves' notation, the statuses, the events in words), so that they read without the
    reader's CJK fonts (see :mod:`kifu.draw.glyphs`); record text is left to the reader's
    fonts."""
    own = "".join(f"{view.game.title if view.game else ''}"
                  + "".join(node.notation + node.status + "".join(node.words)
                            for node in view.nodes) for view in views)
    rule = font_face(own)
    return rule + "\n" if rule else ""


def _page_title(views: Sequence[GameView]) -> str:
    if len(views) == 1:
        return views[0].title
    name = re.split(r"[\\/]", views[0].source.split("#")[0])[-1]
    return f"{name}: {len(views):,} games"


def viewer(views: Sequence[GameView], key: str = "", heading: str | None = None,
           text: str | None = None) -> str:
    """The viewer's HTML: the game it opens at, the picker of a collection, every game's
    data.  ``heading``: the page's own heading (a whole page); a fragment has none."""
    shown = _first_shown(views)
    tag = "main" if heading is not None else "section"
    out = [f'<{tag} class="kifu-viewer" data-key="{_attr(key)}" '
           f'aria-label="{_attr(_label(views))}">\n']
    if heading is not None:
        out.append(f'<h1 class="kv-h1">{_isolated(heading)}</h1>\n')
    out.append('<div class="kv-wrap">\n')
    if len(views) > 1:
        out.append(_picker(views, shown, key))
    out.append(_article(views[shown], shown, len(views), key, titled=heading is None
                        or len(views) > 1))
    out.append("</div>\n")
    shared, datas = _data(views, shown, text)
    out.insert(1, glyph_block(views[0].table.glyphs))  # complete once every view is packed
    out.append(f'<script type="application/json" class="kv-shared">{_json(shared)}</script>\n')
    out.extend(f'<script type="application/json" class="kv-data">{_json(data)}</script>\n'
               for data in datas)
    out.append(f"</{tag}>\n")
    return "".join(out)


def _first_shown(views: Sequence[GameView]) -> int:
    """The game a page opens at: the first asked to open somewhere, else the first."""
    return next((i for i, v in enumerate(views) if v.opened is not None), 0)


def _label(views: Sequence[GameView]) -> str:
    if len(views) == 1:
        return "Game viewer: " + _plain(views[0].title)
    return f"Game viewer: {len(views)} games"


def list_name(view: GameView, index: int) -> str:
    """A game's name in the picker: its title, or else (the games of a collection all come
    from one file) its number with the start of its first comment, as problem collections
    name their problems there."""
    if view.record is not None and any(view.record.header(k) for k in ("Event", "Title", "Name")):
        return view.title
    if len(view.players) >= 2:
        return f"{index + 1}. {view.title}"
    comments = view.record.comments if view.record is not None else []
    if not comments and view.nodes:
        comments = view.nodes[0].comments
    first = " ".join(comments[0].split()) if comments else ""
    return f"Game {index + 1}" + (f": {first[:60]}\u2026" if len(first) > 60
                                  else f": {first}" if first else "")


def _picker(views: Sequence[GameView], shown: int, key: str) -> str:
    items = []
    for index, view in enumerate(views):
        mark = f' <span class="kv-bad" title="not legal">{FAULT}</span>' if not view.legal else ""
        current = ' aria-current="true"' if index == shown else ""
        items.append(f'<li><a href="{_href(key, index, len(views), None)}" data-game="{index}"'
                     f"{current}>{_isolated(list_name(view, index))}</a>{mark}</li>")
    return ('<nav class="kv-picker" aria-label="Games in this file">\n'
            '<div class="kv-pick-bar" hidden>'
            '<button type="button" data-act="pgame" aria-label="Previous game" '
            'title="Previous game ([)">\u2039</button>'
            f'<span class="kv-pick-now">Game {shown + 1} of {len(views):,}</span>'
            '<button type="button" data-act="ngame" aria-label="Next game" '
            'title="Next game (])">\u203a</button></div>\n'
            + ('<p class="kv-progress" hidden><button type="button" data-act="unsolved" '
               'title="Next unsolved problem (U)">Next unsolved</button> '
               '<span class="kv-tally" aria-live="polite"></span></p>\n'
               if any(view.problem for view in views) else "")
            + '<ol class="kv-games">' + "".join(items) + "</ol>\n"
            f"<noscript><p>Without a script the page shows game {shown + 1} only: the "
            "others, their text diagrams and their records to download are in the page's "
            "data, which its script reads.</p></noscript></nav>\n")


def _article(view: GameView, index: int, count: int, key: str, titled: bool) -> str:
    head = f'<header class="kv-head">{head_html(view, titled)}</header>\n'
    if view.failure is not None:
        body = f'<div class="kv-failed">{_diagnostic(view.failure)}</div>\n'
        return (f'<article class="kv-game kv-unreadable" data-game="{index}">\n{head}{body}'
                "</article>\n")
    return (
        f'<article class="kv-game" data-game="{index}">\n{head}'
        f'<figure class="kv-board">{_board_svg(view)}</figure>\n'
        '<div class="kv-side">\n'
        f"{_controls()}"
        '<p class="kv-now" aria-live="polite"></p>\n'
        '<div class="kv-task" hidden></div>\n'
        '<div class="kv-note" role="region" aria-label="Notes on this position" tabindex="0" '
        "hidden></div>\n"
        '<div class="kv-branches" hidden></div>\n'
        '<div class="kv-tree" role="region" aria-label="Game tree" tabindex="0" hidden></div>\n'
        '<nav class="kv-moves" aria-label="Moves">'
        f"<noscript>{_static_moves(view)}</noscript></nav>\n"
        '<details class="kv-text" hidden><summary>The position as text</summary>'
        '<pre tabindex="0" aria-label="The position as text"></pre></details>\n'
        f"{_take_away()}"
        "</div>\n</article>\n")


def head_html(view: GameView, titled: bool = True) -> str:
    """The head people read: the title, the players, the event, date and result, the verdict;
    every header in a list shut by default."""
    record = view.record
    parts = []
    if titled:
        parts.append(f'<h2 class="kv-title">{_isolated(view.title)}</h2>')
    players = view.players
    if players and " vs ".join(players) != view.title:
        parts.append('<p class="kv-players">' + " \u2013 ".join(map(_isolated, players))
                     + "</p>")
    facts = []
    for name in FACTS if record is not None else ():
        value = record.header(name) if record is not None else None
        value = shorten(value, NAME_WIDTH) if value else value
        if not value or value == view.title or (name == "Result" and view.problem):
            continue
        facts.append(f'<span><span class="kv-dim">{name.lower()}</span> {_isolated(value)}</span>')
    if view.outcome and not view.problem:
        facts.append(f'<span class="kv-outcome"><span class="kv-dim">outcome</span> '
                     f"{_isolated(view.outcome)}</span>")
    if facts:
        parts.append('<p class="kv-facts">' + " \u00b7 ".join(facts) + "</p>")
    parts.append(_verdict(view))
    game = view.game.title if view.game else "unknown game"
    rows = "".join(f"<div><dt>{_isolated(k)}</dt><dd>{_isolated(v)}</dd></div>"
                   for k, v in (record.headers.items() if record else ()))
    parts.append(f'<details class="kv-all"><summary>{html.escape(game)}: every header'
                 f'</summary><dl class="kv-headers">{rows}</dl>'
                 f'<p class="kv-dim">{_isolated(view.source)}</p></details>')
    return "\n".join(parts)


def _verdict(view: GameView) -> str:
    warnings = len(view.problems) - view.errors
    # a part of its own, which the script puts in the reader's language as a whole
    extra = f"<span>, {warnings} warning{'s' * (warnings != 1)}</span>" if warnings else ""
    if view.legal:
        said = "Problem" if view.problem else f"Legal record: {view.moves} moves"
        return f'<p class="kv-verdict kv-legal">{said}{extra}</p>'
    first = next(p for p in view.problems if p["severity"] == "error")
    return (f'<p class="kv-verdict kv-illegal">{FAULT} Not legal: {view.errors} '
            f"error{'s' * (view.errors != 1)}{extra}<span>; first at</span> "
            f"{_isolated(location_of(first))}</p>")


#: Icons drawn inline, as no font can be relied on for media symbols.
_ICONS = {
    "first": "M3 3h2v10H3zM13 3v10L6 8z",
    "prev": "M11 3v10L4 8z",
    "next": "M5 3v10l7-5z",
    "last": "M11 3h2v10h-2zM3 3v10l7-5z",
    "play": "M4 2.5v11l9-5.5z",
}


def _icon(name: str) -> str:
    return (f'<svg class="kv-icon" viewBox="0 0 16 16" aria-hidden="true" focusable="false">'
            f'<path fill="currentColor" d="{_ICONS[name]}"/></svg>')


def _button(action: str, label: str, content: str, extra: str = "", key: str = "") -> str:
    """A button whose accessible name starts with its visible text (or is its icon's name)."""
    hint = f" ({key})" if key else ""
    return (f'<button type="button" data-act="{action}" title="{label}{hint}"'
            f'{f" aria-label={chr(34)}{label}{chr(34)}" if content.startswith("<svg") else ""}'
            f"{extra}>{content}</button>")


def _controls() -> str:
    """The controls, hidden until the script runs (they do nothing without it)."""
    steps = "".join(_button(a, label, content, key=k) for a, label, content, k in (
        ("first", "First position", _icon("first"), "Home"),
        ("back10", "Back 10", "\u221210", "Page Up"),
        ("prev", "Previous", _icon("prev"), "Left arrow"),
        ("next", "Next", _icon("next"), "Right arrow"),
        ("fwd10", "Forward 10", "+10", "Page Down"),
        ("last", "Last position", _icon("last"), "End")))
    speeds = "".join(f'<option value="{ms}"{" selected" * (ms == 1000)}>{label}</option>'
                     for ms, label in ((250, "0.25 s"), (500, "0.5 s"), (1000, "1 s"),
                                       (2000, "2 s"), (4000, "4 s")))
    toggles = "".join(_button(a, label, text, f' aria-pressed="{pressed}"', k)
                      for a, label, text, pressed, k in (
                          ("flip", "Flip: turn the board round", "Flip", "false", "F"),
                          ("coords", "Coordinates", "Coordinates", "true", "C"),
                          ("numbers", "Numbers on the stones", "Numbers", "false", "N"),
                          ("dark", "Dark board", "Dark", "false", "D")))
    return (
        '<div class="kv-bar" role="group" aria-label="Moves" hidden>\n'
        f'<div class="kv-steps">{steps}</div>\n'
        '<div class="kv-tools kv-playbar">'
        + _button("play", "Play: step on its own", f"{_icon('play')} <span>Play</span>",
                  ' aria-pressed="false" class="kv-play"', "P")
        + '<label class="kv-speed">every '
        + f"<select>{speeds}</select></label>"
        + '<label class="kv-jump">move <input type="number" min="0" inputmode="numeric" '
        'enterkeyhint="go" title="Jump to a move of the line shown (J)"></label>'
        + _button("main", "Main line", "Main line", "", "M")
        + "</div>\n"
        f'<div class="kv-tools kv-toggles">{toggles}</div>\n'
        "</div>\n")


def _take_away() -> str:
    """Downloads: the record, the position; filled by the script from the page's data."""
    return ('<details class="kv-take" hidden><summary>Download</summary>'
            '<p class="kv-files"></p><p>'
            + _button("svg", "This position as SVG", "Position (SVG)")
            + _button("png", "This position as PNG", "Position (PNG)")
            + "</p></details>\n")


def _board_svg(view: GameView) -> str:
    """The position the page opens at, as drawn, labelled for screen readers."""
    node = view.nodes[view.shown]
    label = _plain(_description(view, node))
    return view.page_svg(view.shown).replace(
        "<svg ", f'<svg role="img" aria-label="{_attr(label)}" ', 1)


def _description(view: GameView, node: PositionNode) -> str:
    game = view.game.title if view.game else ""
    where = "start position" if node.depth == 0 else f"after {_move_name(node)}"
    return ", ".join(part for part in (game, where, node.status) if part)


def _move_name(node: PositionNode) -> str:
    if node.number is None:
        return node.notation or f"entry {node.depth}"
    return f"move {node.number}" + (f" ({node.notation})" if node.notation else "")


# -- the moves without a script ---------------------------------------------------------------

def _static_moves(view: GameView) -> str:
    """The moves as text, variations in parentheses, with comments and faults: what a reader
    without a script sees beside the position (a problem's solution included)."""
    out: list[str] = []
    if view.record is not None:
        out.extend(f'<p class="kv-c">{_isolated(c)}</p>' for c in view.record.comments)
    out.append("<p>")
    for item in _walk_moves(view):
        if item in ("(", ")"):
            out.append(f"{item} " if item == ")" else item)
            continue
        assert isinstance(item, int)
        node = view.nodes[item]
        number = f"{node.number}.\u00a0" if node.number is not None else ""
        current = ' class="kv-current"' if item == view.shown else ""
        if node.fault:
            move = f"{number}{_isolated(node.notation)}" if node.notation else "result"
            out.append(f'<span class="kv-err">{FAULT}\u00a0{move}'
                       + "".join(map(_diagnostic, node.diagnostics)) + "</span> ")
            continue
        out.append(f"<span{current}>{number}{_isolated(node.notation)}{node.annotation}</span> ")
        if node.assessment:
            out.append(f'<span class="kv-assess">({node.assessment})</span> ')
        out.extend(f'<span class="kv-c">{_isolated(c)}</span> ' for c in node.comments)
        out.extend(_diagnostic(d) for d in node.diagnostics)
    out.append("</p>")
    return "".join(out)


def _walk_moves(view: GameView) -> Iterator[int | str]:
    """The nodes in reading order, variations in parentheses after the move they replace:
    the same order as the native notation writes them.  No recursion, however deep."""
    nodes = view.nodes
    stack: list[int | str] = list(nodes[0].children[:1])
    while stack:
        item = stack.pop()
        yield item
        if isinstance(item, str):
            continue
        if nodes[item].children:
            stack.append(nodes[item].children[0])  # read after this move's alternatives
        node = nodes[item]
        if node.choice == 0 and node.parent >= 0:
            siblings = nodes[node.parent].children
            if siblings and siblings[0] == item:
                for alternative in reversed(siblings[1:]):
                    stack.extend((")", alternative, "("))


def _diagnostic(problem: dict[str, Any]) -> str:
    """A diagnostic as ``kifu validate`` prints it, with the source line and the culprit
    marked."""
    severity = problem["severity"]
    mark = FAULT if severity == "error" else WARNING
    rule = f" [rule: {problem['rule']}]" if problem.get("rule") and "[rule:" not in problem[
        "message"] else ""
    text = (f"{location_of(problem)}: {severity}[{problem['code']}]: {problem['message']}{rule}")
    quoted = ""
    source_line, column = problem.get("source_line"), problem.get("column")
    if source_line is not None and column:
        end = problem.get("end_column") if problem.get("end_line") == problem.get("line") else None
        stop = max(column, (end or column + 1) - 1)
        quoted = (f'<code class="kv-src"><span class="kv-dim">{problem["line"]} |</span> '
                  f"{_text(source_line[:column - 1])}<mark>{_text(source_line[column - 1:stop])}"
                  f"</mark>{_text(source_line[stop:])}</code>")
    return (f'<span class="kv-diag kv-{html.escape(severity)}" lang="en">'
            f'<span class="kv-msg">{mark} {_isolated(text)}</span>{quoted}</span>')


def location_of(problem: dict[str, Any]) -> str:
    where = str(problem.get("path") or "")
    if problem.get("line") is not None:
        where += f":{problem['line']}:{problem['column']}"
    return where


# -- data for the script ----------------------------------------------------------------------

def _data(views: Sequence[GameView], shown: int,
          text: str | None) -> tuple[dict[str, Any], list[dict[str, Any]]]:
    """The page's shared table of SVG lines and each game's data, compactly."""
    table = views[0].table
    flips: dict[int, int] = {}
    variants: list[list[list[Sequence[int]]]] = []  # per view, per variant, per node
    explicit: list[dict[int, dict[int, Sequence[int]]]] = []
    lists: list[Sequence[int]] = []
    for view in views:
        numbers = None if view.table is table else merged(table, view.table)

        def own(edits: Sequence[int], numbers: list[int] | None = numbers) -> Sequence[int]:
            return edits if numbers is None else renumbered(edits, numbers)

        edits = [[own(n.edits[k]) for n in view.nodes] for k in range(view.variants)]
        frames = [[[own(e) for e in f] for f in n.frames] for n in view.nodes]
        kept: dict[int, dict[int, Sequence[int]]] = {}
        for variant in range(1, view.variants, 2):  # turned round: from its counterpart
            kept[variant] = {i: after for i, (before, after) in
                             enumerate(zip(edits[variant - 1], edits[variant]))
                             if not derived(before, after, flips)}
            lists.extend(kept[variant].values())
        for variant in range(0, view.variants, 2):
            lists.extend(edits[variant])
        lists.extend(e for node_frames in frames for frame in node_frames for e in frame)
        variants.append([*edits, frames])  # type: ignore[list-item]
        explicit.append(kept)
    packed = pack(table, lists, flips)
    shared: dict[str, Any] = {"tokens": packed.tokens, "lines": packed.lines,
                              "pairs": packed.pairs, "others": packed.others}
    sides = {view.game.title: names for view in views if view.game is not None
             if (names := {language: named for language, named in
                           view.game.names_of_sides().items() if language != "en"})}
    if sides:  # each game's own names of its sides in the languages it gives (Gungi's 先手)
        shared["sideNames"] = sides
    phrases = {view.game.title: said for view in views if view.game is not None
               if (said := view.game.phrases())}
    if phrases:  # what each game writes for people, in the languages it gives (its words.json)
        shared["gameWords"] = phrases
    if any(view.problem and view.failure is None for view in views):
        shared["ids"] = [problem_id(view) if view.problem and view.failure is None else ""
                         for view in views]
    if text is not None and len(text) <= MAX_DOWNLOAD and views:
        name = re.split(r"[\\/]", views[0].source.split("#")[0])[-1] or "record"
        shared["file"] = [name, text]
    rows: dict[str, int] | None = {} if len(views) > 1 else None
    bases, based = _text_bases(views) if len(views) > 1 else ([], {})
    if bases:
        shared["bases"] = bases
    bodies: list[str] | None = [] if len(views) > 1 else None
    if "file" in shared and bodies is not None:
        shared["file"] = [shared["file"][0], _body(shared["file"][1], bodies)]
    datas = [_game_data(view, index == shown, packed, variants[index], explicit[index],
                        single=len(views) == 1, written=text, rows=rows,
                        base=(based[index], bases[based[index]]) if index in based else None,
                        bodies=bodies)
             for index, view in enumerate(views)]
    if rows:
        shared["rows"] = list(rows)
    if bodies:
        shared["bodies"] = _deflated(bodies)
    return shared, datas


def _text_bases(views: Sequence[GameView]) -> tuple[list[list[str]], dict[int, int]]:
    """The diagrams a collection's set-ups are written as the changes from (issue 41): for
    each shape of diagram (its rows' lengths) two set-ups or more share, the character most of
    them have at each place (for problems, the empty board, its coordinates and the side to
    play), so that each set-up travels as its stones; and which of them each game starts from."""
    shapes: dict[tuple[int, ...], list[int]] = {}
    starts: dict[int, list[str]] = {}
    for index, view in enumerate(views):
        if view.failure is None and view.nodes:
            starts[index] = view.text(0).split("\n")
            shapes.setdefault(tuple(map(len, starts[index])), []).append(index)
    bases: list[list[str]] = []
    based: dict[int, int] = {}
    for shape, members in shapes.items():
        if len(members) < 2:
            continue
        bases.append(["".join(max(set(column), key=column.count) for column in
                              zip(*(starts[member][row] for member in members)))
                      for row in range(len(shape))])
        based.update((member, len(bases) - 1) for member in members)
    return bases, based


def _body(text: str, bodies: list[str] | None) -> str | int:
    """A file to download as the page holds it: the text, or in a collection its number in
    the page's one deflated list of them (:func:`_deflated`)."""
    if bodies is None:
        return text
    bodies.append(text)
    return len(bodies) - 1


def _deflated(bodies: list[str]) -> str:
    """The files a collection offers to download, as one JSON list deflated (raw DEFLATE, as
    the browser's ``DecompressionStream("deflate-raw")`` reads it) in base64: the record of
    each of 900 problems as SGF and as JSON was 1.2 MB of a 4.1 MB page, alike enough to take
    a seventh of that deflated, and no reader downloads them all."""
    packer = zlib.compressobj(9, zlib.DEFLATED, -15)
    raw = json.dumps(bodies, ensure_ascii=False, separators=(",", ":")).encode("utf-8",
                                                                             "surrogatepass")
    return base64.b64encode(packer.compress(raw) + packer.flush()).decode("ascii")


def _shared_rows(changes: list[list[Any]], rows: dict[str, int] | None) -> list[list[Any]]:
    """A text diagram's changes, each whole row replaced (``[row, text]``) given as its number
    in the page's table of rows (``rows``), where there is one: the games of a collection of
    problems share most rows of their diagrams (the empty ones, the coordinates), which a
    page of 900 problems carried 900 times (a megabyte of its 3.6)."""
    if rows is None:
        return changes
    return [[change[0], rows.setdefault(change[1], len(rows))]
            if len(change) == 2 and isinstance(change[1], str) else change
            for change in changes]


def _game_data(view: GameView, shown: bool, packed: Packed, edits: list[Any],
               explicit: dict[int, dict[int, Sequence[int]]], single: bool,
               written: str | None, rows: dict[str, int] | None = None,
               base: tuple[int, list[str]] | None = None,
               bodies: list[str] | None = None) -> dict[str, Any]:
    data: dict[str, Any] = {"title": view.title, "game": view.game.title if view.game else ""}
    if not shown:
        data["head"] = head_html(view, True)
    if view.failure is not None:
        data["failed"] = _diagnostic(view.failure)
        return data
    nodes = view.nodes
    data.update(_tree_data(nodes))
    data.update(_drawings_data(packed, edits, explicit))
    text = [n.text_edits for n in nodes]
    if base is not None:  # the set-up as the changes from the collection's common diagram
        data["base"] = base[0]
        text[0] = text_changes(base[1], view.text(0).split("\n"))
    data.update({
        "text": [_shared_rows(changes, rows) for changes in text],
        "open": view.shown, "final": view.final,
        "intro": view.record.comments if view.record is not None else [],
        "files": _files(view, single, written, bodies),
    })
    if view.variants > 2:
        data["withNumbers"] = 1  # drawn with numbers; the button takes them off
        data["numbered"] = [packed.encode(e) for e in edits[2]]
        data["numflipped"] = {i: packed.encode(e) for i, e in explicit.get(3, {}).items()}
    if view.problem:
        data["problem"] = right_answers(view.nodes)
        if any(view.crop):
            data["crop"] = list(view.crop)
    return data


def problem_id(view: GameView) -> str:
    """A name of a problem that stays the same from page to page, by which the reader's
    browser keeps what became of it: a hash of the game, its start position as text and every
    move of its tree (a new page of the same collection, or the problem in another, finds the
    same name)."""
    digest = hashlib.blake2b(digest_size=6)
    for part in (view.game.name if view.game else "", view.text(0),
                 *(node.notation for node in view.nodes)):
        digest.update(part.encode("utf-8", "surrogatepass") + b"\0")
    return digest.hexdigest()


def _tree_data(nodes: Sequence[PositionNode]) -> dict[str, Any]:
    """What the script needs of each position of a game: the tree's shape (:func:`_jumps`),
    the notation, the status and the side to move (as indexes into tables of the few there
    are), the faults, comments, diagnostics and words."""
    jumps, numbers = _jumps(nodes)
    statuses = list(dict.fromkeys(n.status for n in nodes))
    sides = list(dict.fromkeys(n.side for n in nodes))
    return {
        "jumps": jumps, "numbers": numbers,
        "notation": [n.notation for n in nodes],
        "statuses": statuses, "status": _indexes(statuses, (n.status for n in nodes)),
        "sides": sides, "side": _indexes(sides, (n.side for n in nodes)),
        "faults": [i for i, n in enumerate(nodes) if n.fault],
        "comments": {i: n.comments for i, n in enumerate(nodes) if n.comments},
        "diags": {i: [_diagnostic(d) for d in n.diagnostics]
                  for i, n in enumerate(nodes) if n.diagnostics},
        "words": {i: n.words for i, n in enumerate(nodes) if n.words},
        "annotations": {i: n.annotation for i, n in enumerate(nodes) if n.annotation},
        "assessments": {i: n.assessment for i, n in enumerate(nodes) if n.assessment},
    }


def _jumps(nodes: Sequence[PositionNode]) -> tuple[list[int], list[Any]]:
    """Where the tree jumps, as (index, parent) pairs flattened: the nodes whose parent is not
    the node before them; and the move numbers the script cannot count on from the parent's
    (one more), as (index, number) pairs."""
    numbers: list[Any] = []
    jumps: list[int] = []
    counted: list[int] = []
    for index, node in enumerate(nodes):
        if node.parent != index - 1:
            jumps.extend((index, node.parent))
        before = counted[node.parent] if node.parent >= 0 else 0
        if node.number != before + 1:
            numbers.extend((index, node.number))
        counted.append(node.number if node.number is not None else before)
    return jumps, numbers


def _drawings_data(packed: Packed, edits: list[Any],
                   explicit: dict[int, dict[int, Sequence[int]]]) -> dict[str, Any]:
    """Each position's drawing as the edits from its parent's; turned round, where those do
    not follow from them (:func:`~kifu.render.viewer.svgdiff.derived`); the steps of what each
    move did (``Game.frames``), as edits from its drawing, as drawn and turned round."""
    return {
        "edits": [packed.encode(e) for e in edits[0]],
        "flipped": {i: packed.encode(e) for i, e in explicit.get(1, {}).items()},
        "frames": {i: [[packed.encode(f[0]), packed.encode(f[1])] for f in frames]
                   for i, frames in enumerate(edits[-1]) if frames},
    }


def _indexes(table: list[str], values: Iterator[str]) -> list[int]:
    number = {value: index for index, value in enumerate(table)}
    return [number[value] for value in values]


def _files(view: GameView, single: bool, written: str | None,
           bodies: list[str] | None = None) -> list[list[str | int]]:
    """The record to download besides the file as written: as SGF (where the game has it and
    the file is not the same record in SGF already) and as kifu's JSON."""
    record, game = view.record, view.game
    if record is None or game is None or (written is not None and len(written) > MAX_DOWNLOAD):
        return []
    stem = re.split(r"[\\/]", view.source)[-1].replace("#", "-").rsplit(".", 1)[0] or "record"
    files: list[list[str | int]] = []
    sgf = game.formats().get("sgf")
    if sgf is not None and not (single and written is not None and written.lstrip().startswith(
            "(;")):
        with suppress(KifuError):  # a record SGF cannot hold: the other forms still
            files.append(["SGF", f"{stem}.sgf", _body("".join(sgf.written(record)), bodies)])
    with suppress(KifuError):
        files.append(["JSON", f"{stem}.json", _body(_json_download(record), bodies)])
    return files


def _json_download(record: Record) -> str:
    """kifu's JSON of a record, without the places in the file each move was read from (the
    download is a record, not a report on a file)."""
    return jsonform.dumps(record, spans=False)


def _href(key: str, game: int, games: int, node: PositionNode | None) -> str:
    """The link to a position: ``#move=N`` (``entry=K`` for an entry without a number), the
    variation path, the game of a collection; each name prefixed by the fragment's key."""
    params = []
    if games > 1:
        params.append(("game", str(game + 1)))
    if node is not None:
        if node.number is not None and not node.fault:
            params.append(("move", str(node.number)))
        else:
            params.append(("entry", str(node.depth)))
        if node.path:
            params.append(("variation", ".".join(map(str, node.path))))
    prefix = f"{key}." if key else ""
    return "#" + "&amp;".join(f"{prefix}{name}={value}" for name, value in params)


# -- escaping -------------------------------------------------------------------------------

def _text(value: object) -> str:
    """Record text as HTML text: escaped, and without characters HTML cannot carry."""
    return html.escape(xml_text(value), quote=True)


def _attr(value: object) -> str:
    return _text(value)


def _isolated(value: object) -> str:
    """Record text in an element of its own direction, so that a right-to-left override in a
    name cannot reorder what follows it."""
    return f"<bdi>{_text(value)}</bdi>"


def _plain(value: str) -> str:
    """Text for an attribute or a title, with direction controls left out."""
    return "".join(c for c in xml_text(value) if not _is_direction_control(c))


def _is_direction_control(char: str) -> bool:
    code = ord(char)
    return code in (0x200E, 0x200F, 0x061C) or 0x202A <= code <= 0x202E or 0x2066 <= code <= 0x2069


def _json(data: Any) -> str:
    """JSON safe inside a ``<script>`` element: no ``<``, ``>`` or ``&`` left as such."""
    text = json.dumps(_clean(data), ensure_ascii=False, separators=(",", ":"))
    return (text.replace("<", "\\u003c").replace(">", "\\u003e").replace("&", "\\u0026")
            .replace("\u2028", "\\u2028").replace("\u2029", "\\u2029"))


def _clean(data: Any) -> Any:
    if isinstance(data, str):
        return xml_text(data)
    if isinstance(data, list):
        return [_clean(item) for item in data]
    if isinstance(data, dict):
        return {str(key): _clean(value) for key, value in data.items()}
    return data
