"""kifu's layers are folders, held by import-linter's contracts in ``pyproject.toml`` (each layer
imports only from the layers below it; the games know nothing of one another; nothing outside
the games imports one), and ``docs/architecture.md`` shows the layers the contracts name, with
what each imports, as the import graph has it.
"""
from __future__ import annotations

import re
import subprocess
import sys
import tomllib
from collections import Counter
from pathlib import Path

from tests.house.test_import_graph import graph

ROOT = Path(__file__).resolve().parents[2]
PAGE = ROOT / "docs" / "architecture.md"


def layers() -> list[list[str]]:
    """The layers of the contract, from the top down, each a list of packages side by side."""
    config = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    contract = next(c for c in config["tool"]["importlinter"]["contracts"] if c["type"] == "layers")
    return [[part.strip() for part in layer.split("|")] for layer in contract["layers"]]


def test_the_import_contracts_are_kept() -> None:
    done = subprocess.run([sys.executable, "-c", "from importlinter.cli import lint_imports_command;"
                           " lint_imports_command()"], cwd=ROOT, capture_output=True, text=True,
                          timeout=300)
    assert done.returncode == 0, done.stdout[-4000:] + done.stderr[-2000:]
    assert "0 broken" in done.stdout


def test_every_module_of_kifu_is_in_a_layer() -> None:
    named = {package for layer in layers() for package in layer}
    loose = sorted(module for module in graph() if module.count(".") >= 1
                   and ".".join(module.split(".")[:2]) not in named
                   and module not in ("kifu.__main__",))
    assert not loose, f"modules in no layer: {loose}"


def diagram() -> str:
    """The layers from the top down: each with its folder and the layers it imports from."""
    edges = graph()
    order = [package for layer in layers() for package in layer]

    def layer_of(module: str) -> str | None:
        return next((p for p in order if module == p or module.startswith(p + ".")), None)

    flows: Counter[tuple[str, str]] = Counter()
    for module, targets in edges.items():
        here = layer_of(module)
        for target in targets:
            there = layer_of(target)
            if here and there and here != there:
                flows[(here, there)] += 1
    lines = []
    for number, layer in enumerate(layers()):
        shown = " | ".join(p.removeprefix("kifu.") + "/" for p in layer)
        lines.append(f"{len(layers()) - number}. {shown}")
        for package in layer:
            used = [p.removeprefix("kifu.") for p in order if flows[(package, p)]]
            if used:
                lines.append(f"   {package.removeprefix('kifu.')} imports {', '.join(used)}")
    return "\n".join(lines)


def test_the_architecture_page_shows_the_layers_as_they_are() -> None:
    page = PAGE.read_text(encoding="utf-8")
    shown = re.search(r"<!-- layers -->\n```text\n(.*?)\n```", page, re.DOTALL)
    assert shown is not None, "docs/architecture.md lost its layer diagram"
    assert shown.group(1) == diagram(), (
        "the layer diagram of docs/architecture.md is not the import graph's; paste:\n"
        + diagram())
