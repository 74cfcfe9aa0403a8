"""The viewer as HTML: a self-contained page, or a fragment to paste into another page.

Everything a reader needs without a script is in the HTML itself: the headers, the final
position (the game's own SVG), the moves with their comments, variations in parentheses, and any
fault in place of the move that broke a rule.  The script (``viewer.js``, inlined) reads the
positions from a JSON block and turns that into a viewer; the style (``viewer.css``) is scoped
to the viewer's class, so fragments do not disturb the page around them.

Every text a record supplies goes through :func:`html.escape` here or through ``json`` with
``<``, ``>`` and ``&`` written as escapes, and stands in an element that isolates its direction,
so a name holding ``</script>`` or a right-to-left override cannot leave its place.
"""
from __future__ import annotations

import html
import json
from collections.abc import Iterator, Sequence
from functools import cache
from importlib import resources
from typing import Any

from kifu.render.glyphs import font_face
from kifu.render.svg import xml_text
from kifu.render.viewer.model import GameView, PositionNode
from kifu.render.viewer.svgdiff import pack

#: Marks a fault in the move list and the tree.
FAULT = "\u2717"
WARNING = "\u26a0"


@cache
def asset(name: str) -> str:
    """One of the viewer's own files (``viewer.js``, ``viewer.css``)."""
    return resources.files(__package__).joinpath(name).read_text(encoding="utf-8")


def page(views: Sequence[GameView], title: str | None = None) -> str:
    """A whole HTML document showing ``views`` (several for a collection of games)."""
    heading = title or (views[0].title if len(views) == 1 else f"{len(views)} games")
    return (
        "<!DOCTYPE html>\n"
        '<html lang="en">\n<head>\n<meta charset="utf-8">\n'
        '<meta name="viewport" content="width=device-width, initial-scale=1">\n'
        '<meta name="color-scheme" content="light dark">\n'
        f"<title>{_text(_plain(heading))} \u2013 kifu</title>\n"
        f"<style>\n{asset('viewer.css')}{_glyph_font(views)}</style>\n</head>\n"
        '<body class="kv-page">\n'
        f"{viewer(views)}"
        f"<script>\n{asset('viewer.js')}</script>\n</body>\n</html>\n")


def fragment(views: Sequence[GameView], key: str) -> str:
    """A block to paste into another page; ``key`` names it in links (``#KEY.move=12``), so
    that several blocks coexist on one page."""
    return (f"{viewer(views, key)}<style>\n{asset('viewer.css')}{_glyph_font(views)}</style>\n"
            f"<script>\n{asset('viewer.js')}</script>\n")


def _glyph_font(views: Sequence[GameView]) -> str:
    """The font of kifu's own glyphs that the page's own text uses (the games' names, the
    moves' notation, the statuses, the events in words), so that they read without the
    reader's CJK fonts (see :mod:`kifu.render.glyphs`); record text is left to the reader's
    fonts."""
    own = "".join(f"{view.game.title if view.game else ''}"
                  + "".join(node.notation + node.status + "".join(node.words)
                            for node in view.nodes) for view in views)
    rule = font_face(own)
    return rule + "\n" if rule else ""


def viewer(views: Sequence[GameView], key: str = "") -> str:
    """The viewer's HTML: a list of the games when there are several, then each game."""
    out = [(f'<section class="kifu-viewer" data-key="{_attr(key)}" tabindex="0" '
            f'aria-label="{_attr(_label(views))}">\n')]
    if len(views) > 1:
        out.append(_game_list(views, key))
    for index, view in enumerate(views):
        out.append(_article(view, index, len(views), key))
    out.append("</section>\n")
    return "".join(out)


def _label(views: Sequence[GameView]) -> str:
    if len(views) == 1:
        return "Game viewer: " + _plain(views[0].title)
    return f"Game viewer: {len(views)} games"


def _list_name(view: GameView, index: int) -> str:
    """A game's name in the list: its title, or else (the games of a collection all come from
    one file) its number with the start of its first comment, as problem collections name
    their problems there."""
    if view.title != view.source:
        return view.title
    comments = view.record.comments if view.record is not None else []
    first = " ".join(comments[0].split()) if comments else ""
    return f"Game {index + 1}" + (f": {first[:60]}\u2026" if len(first) > 60
                                  else f": {first}" if first else "")


def _game_list(views: Sequence[GameView], key: str) -> str:
    items = []
    for index, view in enumerate(views):
        verdict = "legal" if view.legal else f"{FAULT} not legal"
        players = " \u2013 ".join(view.players)
        items.append(f'<li><a href="{_href(key, index, len(views), None)}" data-game="{index}">'
                     f"{_isolated(_list_name(view, index))}</a> <span class=\"kv-dim\">"
                     f"{_isolated(players)} {html.escape(verdict)}</span></li>")
    return ('<nav class="kv-games" aria-label="Games in this file"><ol>'
            + "".join(items) + "</ol></nav>\n")


def _article(view: GameView, index: int, count: int, key: str) -> str:
    head = _head(view)
    if view.failure is not None:
        body = f'<div class="kv-failed">{_diagnostic(view.failure)}</div>\n'
        return (f'<article class="kv-game kv-unreadable" data-game="{index}">\n{head}{body}'
                "</article>\n")
    board = _board_svg(view)
    moves = _move_list(view, index, count, key)
    tree = _tree(view, index, count, key)
    return (
        f'<article class="kv-game" data-game="{index}">\n{head}'
        f'<figure class="kv-board">{board}</figure>\n'
        '<div class="kv-side">\n'
        f"{_controls()}"
        '<div class="kv-now" aria-live="polite"></div>\n'
        '<div class="kv-note" hidden></div>\n'
        '<div class="kv-branches" hidden></div>\n'
        f'<div class="kv-moves">{moves}</div>\n'
        f"{tree}"
        "</div>\n"
        f'<script type="application/json" class="kv-data">{_json(_data(view))}</script>\n'
        "</article>\n")


def _head(view: GameView) -> str:
    game = view.game.title if view.game else "unknown game"
    rows = "".join(f"<div><dt>{_isolated(k)}</dt><dd>{_isolated(v)}</dd></div>"
                   for k, v in (view.record.headers.items() if view.record else ()))
    outcome = (f'<p class="kv-outcome">Outcome: {_isolated(view.outcome)}</p>'
               if view.outcome else "")
    return (f'<header class="kv-head">\n<h2 class="kv-title">{_isolated(view.title)}</h2>\n'
            f'<p class="kv-dim">{html.escape(game)} \u00b7 {_isolated(view.source)}</p>\n'
            f'<dl class="kv-headers">{rows}</dl>\n{outcome}{_verdict(view)}\n</header>\n')


def _verdict(view: GameView) -> str:
    warnings = len(view.problems) - view.errors
    extra = f", {warnings} warning{'s' * (warnings != 1)}" if warnings else ""
    if view.legal:
        return f'<p class="kv-verdict kv-legal">Legal record: {view.moves} moves{extra}</p>'
    first = next(p for p in view.problems if p["severity"] == "error")
    return (f'<p class="kv-verdict kv-illegal">{FAULT} Not legal: {view.errors} '
            f"error{'s' * (view.errors != 1)}{extra}; first at "
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


def _controls() -> str:
    """The controls, hidden until the script runs (they do nothing without it)."""
    def button(action: str, label: str, content: str, extra: str = "") -> str:
        return (f'<button type="button" data-act="{action}" aria-label="{label}" '
                f'title="{label}"{extra}>{content}</button>')

    steps = "".join(button(a, label, content) for a, label, content in (
        ("first", "First position (Home)", _icon("first")),
        ("back10", "Back 10 (Page Up)", "\u221210"),
        ("prev", "Previous (Left arrow)", _icon("prev")),
        ("next", "Next (Right arrow)", _icon("next")),
        ("fwd10", "Forward 10 (Page Down)", "+10"),
        ("last", "Last position (End)", _icon("last"))))
    speeds = "".join(f'<option value="{ms}"{" selected" * (ms == 1000)}>{label}</option>'
                     for ms, label in ((250, "0.25 s"), (500, "0.5 s"), (1000, "1 s"),
                                       (2000, "2 s"), (4000, "4 s")))
    return (
        '<div class="kv-bar" role="group" aria-label="Moves" hidden>\n'
        f'<div class="kv-steps">{steps}</div>\n'
        '<div class="kv-tools">'
        + button("play", "Autoplay (P)", f"{_icon('play')} Play",
                 ' aria-pressed="false" class="kv-play"')
        + '<label class="kv-speed"><span>every</span> '
        + f'<select aria-label="Autoplay speed">{speeds}</select></label>'
        + button("flip", "Turn the board round (F)", "Flip", ' aria-pressed="false"')
        + button("coords", "Coordinates on or off (C)", "Coordinates", ' aria-pressed="true"')
        + "</div>\n</div>\n")


def _board_svg(view: GameView) -> str:
    """The final position as drawn, labelled for screen readers."""
    node = view.nodes[view.shown]
    label = _plain(_description(view, node))
    return view.svg(view.shown).replace(
        "<svg ", f'<svg role="img" aria-label="{_attr(label)}" ', 1)


def _description(view: GameView, node: PositionNode) -> str:
    game = view.game.title if view.game else ""
    where = "start position" if node.depth == 0 else f"after {_move_name(node)}"
    return ", ".join(part for part in (game, where, node.status) if part)


def _move_name(node: PositionNode) -> str:
    if node.number is None:
        return node.notation or f"entry {node.depth}"
    return f"move {node.number}" + (f" ({node.notation})" if node.notation else "")


# -- the move list --------------------------------------------------------------------------

def _move_list(view: GameView, game: int, games: int, key: str) -> str:
    out: list[str] = []
    if view.record is not None:
        out.extend(f'<p class="kv-c kv-intro">{_isolated(c)}</p>' for c in view.record.comments)
    out.append('<p class="kv-line">')
    for item in _walk_moves(view):
        if item == "(":
            out.append('<span class="kv-var">(')
        elif item == ")":
            out.append(")</span> ")
        elif isinstance(item, int):
            out.append(_entry(view, item, _href(key, game, games, view.nodes[item])))
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
        for alternative in reversed(_alternatives(view, item)):
            stack.extend((")", alternative, "("))


def _alternatives(view: GameView, index: int) -> list[int]:
    """The variations replacing node ``index`` (its later siblings, if it is a continuation)."""
    node = view.nodes[index]
    if node.choice or node.parent < 0:
        return []
    siblings = view.nodes[node.parent].children
    return siblings[1:] if siblings and siblings[0] == index else []


def _entry(view: GameView, index: int, href: str) -> str:
    node = view.nodes[index]
    current = ' aria-current="step"' if index == view.shown else ""
    link = (f'<a class="kv-m{" kv-current" * bool(current)}" data-i="{index}" href="{href}" '
            f'tabindex="{0 if current else -1}"{current}>')
    number = f'<span class="kv-n">{node.number}.</span>\u00a0' if node.number is not None else ""
    if node.fault:
        move = (f"{number}{_isolated(node.notation)}" if node.notation else "result")
        diags = "".join(_diagnostic(d) for d in node.diagnostics)
        return (f'<span class="kv-err" data-i="{index}">{link}{FAULT}\u00a0{move}</a>{diags}'
                "</span> ")
    parts = [f"{link}{number}{_isolated(node.notation)}</a> "]
    parts.extend(f'<span class="kv-c" data-i="{index}">{_isolated(c)}</span> '
                 for c in node.comments)
    parts.extend(f'<span class="kv-warn" data-i="{index}">{_diagnostic(d)}</span> '
                 for d in node.diagnostics)
    return "".join(parts)


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
    return (f'<span class="kv-diag kv-{html.escape(severity)}" role="note">'
            f'<span class="kv-msg">{mark} {_isolated(text)}</span>{quoted}</span>')


def location_of(problem: dict[str, Any]) -> str:
    where = str(problem.get("path") or "")
    if problem.get("line") is not None:
        where += f":{problem['line']}:{problem['column']}"
    return where


# -- the variation tree ---------------------------------------------------------------------

def _tree(view: GameView, game: int, games: int, key: str) -> str:
    """Every line of play as a nested list, each linking to its first move."""
    lines = sum(1 for node in view.nodes if node.choice)
    if not lines:
        return ""
    out = [(f'<details class="kv-tree" open><summary>Variations ({lines})</summary>'
            '<ul aria-label="Lines of play">')]
    first = view.nodes[0].children[0]
    stack: list[int | str] = [first]
    while stack:
        item = stack.pop()
        if item == "</ul></li>":
            out.append(str(item))
            continue
        assert isinstance(item, int)
        line = _line_nodes(view, item)
        out.append(_tree_item(view, line, _href(key, game, games, view.nodes[item])))
        branches = [alternative for node in line for alternative in _alternatives(view, node)]
        if branches:
            out.append("<ul>")
            stack.append("</ul></li>")
            stack.extend(reversed(branches))
        else:
            out.append("</li>")
    out.append("</ul></details>\n")
    return "".join(out)


def _line_nodes(view: GameView, first: int) -> list[int]:
    line = [first]
    while view.nodes[line[-1]].children:
        line.append(view.nodes[line[-1]].children[0])
    return line


def _tree_item(view: GameView, line: list[int], href: str) -> str:
    first = view.nodes[line[0]]
    name = "Main line" if not first.path else ".".join(map(str, first.path))
    shown = [view.nodes[i] for i in line[:3]]
    moves = " ".join((f"{n.number}.\u00a0" if n.number is not None else "")
                     + (n.notation or "result") for n in shown)
    more = " \u2026" if len(line) > 3 else ""
    fault = f" {FAULT}" if any(view.nodes[i].fault for i in line) else ""
    count = sum(view.nodes[i].number is not None and not view.nodes[i].fault for i in line)
    return (f'<li><a class="kv-t" data-i="{line[0]}" data-last="{line[-1]}" '
            f'href="{href}" tabindex="-1"><b>{html.escape(name)}</b> '
            f'{_isolated(moves + more)} <span class="kv-dim">({count} move'
            f"{'s' * (count != 1)}{fault})</span></a>")


# -- data for the script --------------------------------------------------------------------

def _data(view: GameView) -> dict[str, Any]:
    """The positions and what the script shows beside them, compactly."""
    nodes = view.nodes
    frames = [(i, f) for i, n in enumerate(nodes) for f in n.frames]
    packed = pack(view.table, [n.edits[0] for n in nodes] + [n.edits[1] for n in nodes]
                  + [f[0] for _, f in frames] + [f[1] for _, f in frames])
    drawn_frames: dict[str, list[list[str]]] = {}
    for offset, (index, _) in enumerate(frames):
        at = 2 * len(nodes) + offset
        drawn_frames.setdefault(str(index), []).append(
            [packed.edits[at], packed.edits[at + len(frames)]])
    statuses = list(dict.fromkeys(n.status for n in nodes))
    status_index = {status: index for index, status in enumerate(statuses)}
    return {
        "game": view.game.title if view.game else "",
        "title": view.title,
        "tokens": packed.tokens,
        "lines": packed.lines,
        "edits": packed.edits[:len(nodes)],
        "flipped": packed.edits[len(nodes):2 * len(nodes)],
        "frames": drawn_frames,
        "parent": [n.parent for n in nodes],
        "choice": [n.choice for n in nodes],
        "number": [n.number for n in nodes],
        "notation": [n.notation for n in nodes],
        "statuses": statuses,
        "status": [status_index[n.status] for n in nodes],
        "faults": [i for i, n in enumerate(nodes) if n.fault],
        "words": {str(i): n.words for i, n in enumerate(nodes) if n.words},
        "open": view.shown,
    }


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
