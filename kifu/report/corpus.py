"""What ``kifu search``, ``stats`` and ``dedupe`` print: tables for people, JSON lines for
tools, and the HTML page of a search's results (each hit a link into a viewer page of its
record, opened at the matching move).

Whatever comes from a record (names, headers, paths) is made safe for a terminal in the tables
and escaped in the page.
"""
from __future__ import annotations

import html
from collections.abc import Mapping, Sequence
from dataclasses import asdict
from typing import Any

from kifu.base.terminal import simple_table
from kifu.base.unsafe import printable, safe_json
from kifu.corpus.values import Explored, Frequent, Group, Hit


def _cell(value: object) -> str:
    return printable("" if value is None else str(value))


def where(hit: Hit) -> str:
    """Where a hit stands: ``move 34``, ``move 12 of variation 9.2``, ``the start``."""
    place = hit.place
    said = f"move {place.move}" if place.depth else "the start"
    if place.depth and place.move == 0:
        said = f"entry {place.depth}"
    return said + (f" of variation {place.variation}" if place.variation else "")


def hits_table(hits: Sequence[Hit]) -> str:
    rows: list[list[object]] = [[_cell(h.record.name), where(h), h.record.game,
                                 _cell(h.record.black), _cell(h.record.white),
                                 _cell(h.record.date), _cell(h.record.result),
                                 "" if h.record.legal else "not legal", h.transform]
                                for h in hits]
    return simple_table(["record", "where", "game", "black", "white", "date", "result",
                         "legal", "found as"], rows)


def hits_json(hits: Sequence[Hit]) -> str:
    return "".join(safe_json(hit.to_json()) + "\n" for hit in hits)


def explored_table(explored: Explored) -> str:
    sides = list(explored.sides)
    header = ["move", "games", *(f"{side} wins" for side in sides), "draws", "unknown",
              "example"]
    rows: list[list[object]] = []
    for found in explored.continuations:
        rows.append([_cell(found.move), found.games,
                     *(found.wins.get(side, 0) for side in sides), found.wins.get("draw", 0),
                     found.wins.get("unknown", 0), _cell(found.example)])
    total = ", ".join(f"{side} {explored.wins.get(side, 0)}" for side in [*sides, "draw",
                                                                           "unknown"])
    records = f"{explored.games} records reach" if explored.games != 1 else "1 record reaches"
    head = f"{records} the position (won: {total})"
    if not rows:
        return head + "; no move is played from it"
    return head + "\n\n" + simple_table(header, rows)


def frequent_table(found: Sequence[Frequent]) -> str:
    rows: list[list[object]] = [[f.games, f.occurrences, _cell(f.example.record.name),
                                 where(f.example)] for f in found]
    return simple_table(["records", "times", "first reached in", "where"], rows)


def explored_json(explored: Explored) -> str:
    data = asdict(explored)
    return safe_json({"type": "position", **data}) + "\n"


def frequent_json(found: Sequence[Frequent]) -> str:
    return "".join(safe_json({"type": "frequent", "records": f.games, "times": f.occurrences,
                              **f.example.to_json()}) + "\n" for f in found)


def groups_text(groups: Sequence[Group]) -> str:
    out = []
    for group in groups:
        label = ("the same game" if group.kind == "same" else
                 "contains the records below")
        out.append(f"{_cell(group.first.name)} ({group.first.game}, {group.first.moves} "
                   f"moves): {label}")
        for member in group.members:
            out.append(f"  {_cell(member.record.name)}: {_cell(member.evidence)}")
    return "\n".join(out)


def groups_json(groups: Sequence[Group]) -> str:
    lines = []
    for group in groups:
        lines.append(safe_json({
            "kind": group.kind, "first": _info(group.first),
            "members": [{"record": _info(m.record), "evidence": m.evidence,
                         "transform": m.transform, "headers": list(m.headers)}
                        for m in group.members]}) + "\n")
    return "".join(lines)


def _info(info: Any) -> dict[str, Any]:
    data = asdict(info)
    data.pop("id")
    return dict(data)


# -- the page of results --------------------------------------------------------------------

_STYLE = """
body { font: 15px/1.4 system-ui, sans-serif; margin: 1.5em; color: #222; }
table { border-collapse: collapse; }
th, td { padding: .25em .7em; border-bottom: 1px solid #ddd; text-align: left; }
th { background: #f3f3f3; }
td.num { text-align: right; }
.bad { color: #a00; }
"""


def results_page(hits: Sequence[Hit], links: Mapping[int, str], title: str,
                 asked: Sequence[str]) -> str:
    """A page listing ``hits``, each linking to ``links[record id]`` (a viewer page with the
    position's address) where there is one; ``asked`` says what was searched."""
    rows = []
    for hit in hits:
        info = hit.record
        name = html.escape(info.name)
        link = links.get(info.id)
        shown = f'<a href="{html.escape(link, quote=True)}">{name}</a>' if link else name
        problem = html.escape(info.problem or "", quote=True)
        legal = "" if info.legal else f'<span class="bad" title="{problem}">not legal</span>'
        rows.append("<tr>" + "".join(f"<td>{cell}</td>" for cell in (
            shown, html.escape(where(hit)), html.escape(info.game),
            html.escape(info.black or ""), html.escape(info.white or ""),
            html.escape(info.date or ""), html.escape(info.result or ""), legal,
            html.escape(hit.transform))) + "</tr>")
    header = "".join(f"<th>{name}</th>" for name in (
        "record", "where", "game", "black", "white", "date", "result", "legal", "found as"))
    query = "".join(f"<li>{html.escape(line)}</li>" for line in asked)
    count = f"{len(hits)} record{'s' * (len(hits) != 1)}"
    return (f'<!DOCTYPE html>\n<html lang="en">\n<head>\n<meta charset="utf-8">\n'
            f"<title>{html.escape(title)}</title>\n<style>{_STYLE}</style>\n</head>\n<body>\n"
            f"<h1>{html.escape(title)}</h1>\n<ul>{query}</ul>\n<p>{count}; each opens in "
            f"kifu's viewer at the place it was found.</p>\n<table>\n<thead><tr>{header}"
            f"</tr></thead>\n<tbody>\n" + "\n".join(rows) + "\n</tbody>\n</table>\n"
            "</body>\n</html>\n")


# -- the page of statistics -----------------------------------------------------------------

def stats_page(explored: Explored | None, common: Sequence[Frequent],
               pictures: Sequence[str | None]) -> str:
    """``kifu stats`` as a page: the moves played from the position asked about (as the
    table gives them), and the positions reached most often, each beside its picture
    (``pictures``, kifu's SVG of each, drawn by the record that first reached it; ``None``
    where it could not be drawn again).  Every text from a record is escaped, and the SVG is
    kifu's own, escaped as it was built."""
    parts = []
    if explored is not None:
        parts.append(f"<h2>Moves played from the position</h2>\n"
                     f"<pre>{html.escape(explored_table(explored))}</pre>")
    if common:
        rows = []
        for found, picture in zip(common, pictures):
            label = f"{where(found.example)} of {found.example.record.name}"
            drawn = (f'<figure role="img" aria-label="{html.escape(label, quote=True)}">'
                     f"{picture}</figure>" if picture else "(the record could not be read again)")
            rows.append("<tr>" + "".join(f"<td>{cell}</td>" for cell in (
                drawn, str(found.games), str(found.occurrences),
                html.escape(found.example.record.name), html.escape(where(found.example))))
                + "</tr>")
        header = "".join(f"<th>{name}</th>" for name in (
            "position", "records", "times", "first reached in", "where"))
        parts.append(f"<h2>Positions reached most often</h2>\n<table>\n<thead><tr>{header}"
                     f"</tr></thead>\n<tbody>\n" + "\n".join(rows) + "\n</tbody>\n</table>")
    body = "\n".join(parts) or "<p>Nothing to show.</p>"
    return (f'<!DOCTYPE html>\n<html lang="en">\n<head>\n<meta charset="utf-8">\n'
            f"<title>kifu stats</title>\n<style>{_STYLE}{_PICTURE_STYLE}</style>\n</head>\n"
            f"<body>\n<h1>kifu stats</h1>\n{body}\n</body>\n</html>\n")


_PICTURE_STYLE = """
figure { margin: 0; width: 14em; }
figure svg { width: 100%; height: auto; display: block; }
"""
