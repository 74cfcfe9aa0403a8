"""kifu's layers, read from the real import graph: each module imports only from its own layer
and the layers below, and ``docs/architecture.md`` shows the diagram this graph gives.

A module that fits no layer, or an import that reaches up a layer, fails the test: either the
module moves, or the architecture page (and the table here) says why the layers changed.
"""
from __future__ import annotations

import re
from collections import Counter
from pathlib import Path

from tests.core.test_import_graph import graph

ROOT = Path(__file__).resolve().parents[2]
PAGE = ROOT / "docs" / "architecture.md"

#: The layers from the bottom up, each with the modules of ``kifu`` that form it (a name
#: ending in ``.*`` stands for a package and everything in it).
LAYERS: tuple[tuple[str, tuple[str, ...]], ...] = (
    ("values", ("kifu.record", "kifu.errors", "kifu.limits", "kifu.exitcodes", "kifu.heap",
                "kifu.tasks", "kifu.progress", "kifu.report", "kifu.unsafe", "kifu.render",
                "kifu.render.text", "kifu.render.svg", "kifu.render.grid")),
    ("source and syntax", ("kifu.source", "kifu.access", "kifu.walk", "kifu.grammar",
                           "kifu.movetext", "kifu.sgf", "kifu.jsonvalues")),
    ("game contract", ("kifu.game", "kifu.games", "kifu.registry", "kifu.jsonform",
                       "kifu.sgflines")),
    ("replay and validate", ("kifu.load", "kifu.validate", "kifu.replayjson", "kifu.runner",
                             "kifu.dask_backend")),
    ("outputs", ("kifu.formatters", "kifu.outputs", "kifu.ledger", "kifu.render.formats", "kifu.batch",
                 "kifu.render.viewer.*")),
    ("command line and API", ("kifu", "kifu.__main__", "kifu.cli", "kifu.commands.*",
                              "kifu.api.*")),
)
#: ``from kifu import __version__`` names the package, whatever the layer of the importer.
VERSION = "kifu"
#: What a game package (``kifu.games.<name>.*``) may use besides its own modules: the layers up
#: to the game contract, the package's version (written into SGF files), and what a command
#: of its own needs to write files and exit.
GAME_MAY_USE = ("kifu", "kifu.outputs")
GAME_LAYER = 2


def layer_of(module: str) -> int | None:
    """The index of the layer ``module`` belongs to, ``None`` for a game's module."""
    if module.startswith("kifu.games."):
        return None
    for index, (_, members) in enumerate(LAYERS):
        for member in members:
            if module == member or (member.endswith(".*") and (
                    module == member[:-2] or module.startswith(member[:-1]))):
                return index
    raise AssertionError(f"{module} belongs to no layer: add it to LAYERS and to "
                         "docs/architecture.md")


def diagram() -> str:
    """The layers from the top down, each with its modules and the layers below it that it
    imports from (the games as one box beside the game contract)."""
    edges = graph()
    flows: Counter[tuple[str, str]] = Counter()
    names = [name for name, _ in LAYERS]
    for module, targets in edges.items():
        here = layer_of(module)
        source = "games" if here is None else names[here]
        for target in targets:
            there = layer_of(target)
            if target == VERSION or there is None:
                continue
            if source != names[there]:
                flows[(source, names[there])] += 1
    lines = []
    for index in range(len(LAYERS) - 1, -1, -1):
        name, members = LAYERS[index]
        shown = ", ".join(m.removeprefix("kifu.") for m in members)
        lines.append(f"{index + 1}. {name}: {shown}")
        if index == GAME_LAYER:
            lines.append("   beside it, the games: kifu/games/<name>/ (loaded from their cards)")
        for source in ([name, "games"] if index == GAME_LAYER else [name]):
            used = [target for target in (names if source == "games" else names[:index])[::-1]
                    if flows[(source, target)]]
            if used:
                who = "the games import" if source == "games" else f"{source} imports"
                lines.append(f"   {who} from: {', '.join(used)}")
    return "\n".join(lines)


def test_every_import_stays_in_its_layer_or_goes_down() -> None:
    edges = graph()
    wrong = []
    for module, targets in edges.items():
        here = layer_of(module)
        for target in targets:
            there = layer_of(target)
            if here is None:  # a game: its own package, the layers up to the contract
                own = ".".join(module.split(".")[:3])
                if target.startswith(own) or target in GAME_MAY_USE:
                    continue
                if there is None or there > GAME_LAYER:
                    wrong.append(f"{module} -> {target}")
            elif target != VERSION and (there is None or there > here):
                wrong.append(f"{module} ({LAYERS[here][0]}) -> {target}")
    assert not wrong, "imports that reach up a layer:\n" + "\n".join(sorted(wrong))


def test_the_architecture_page_shows_the_graph_as_it_is() -> None:
    page = PAGE.read_text(encoding="utf-8")
    shown = re.search(r"<!-- layers -->\n```text\n(.*?)\n```", page, re.DOTALL)
    assert shown is not None, "docs/architecture.md lost its layer diagram"
    assert shown.group(1) == diagram(), (
        "the layer diagram of docs/architecture.md is not the import graph's; paste:\n"
        + diagram())
