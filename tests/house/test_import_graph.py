"""The import graph of ``kifu/``: no circles, and imports that flow one way.

Every module under ``kifu/`` is read with ``ast`` (nothing is run) and every import it makes is
taken, at the top or inside a function, under ``TYPE_CHECKING`` too: a circle of imports is a
circle of dependencies whether or not Python can untangle it at run time.  An import names a
file: ``from kifu.builtin.freego import rules`` the package's ``rules/__init__.py``, ``from
kifu.builtin.freego.rules import scoring`` the submodule ``scoring.py``, ``from
kifu.builtin.freego.rules import play`` the ``__init__.py`` that hands the name on.
"""
from __future__ import annotations

import ast
from collections.abc import Iterator
from pathlib import Path

import kifu

ROOT = Path(kifu.__file__).parent
PACKAGE = "kifu"


def module_files() -> dict[str, Path]:
    """Every module under ``kifu/`` by its dotted name (a package by its own name)."""
    found = {}
    for path in sorted(ROOT.rglob("*.py")):
        parts = (PACKAGE, *path.relative_to(ROOT).with_suffix("").parts)
        if parts[-1] == "__init__":
            parts = parts[:-1]
        found[".".join(parts)] = path
    return found


def imported(module: str, path: Path, known: dict[str, Path]) -> Iterator[str]:
    """The modules of ``kifu`` that ``module`` imports, anywhere in its text."""
    package = module if path.name == "__init__.py" else module.rpartition(".")[0]
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"), str(path))):
        if isinstance(node, ast.Import):
            for alias in node.names:
                yield from _nearest(alias.name, known)
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                anchor = package.split(".")[: len(package.split(".")) - node.level + 1]
                base = ".".join([*anchor, base] if base else anchor)
            for alias in node.names:
                child = f"{base}.{alias.name}"
                yield from (child,) if child in known else _nearest(base, known)


def _nearest(name: str, known: dict[str, Path]) -> Iterator[str]:
    """The module ``name`` or, for a name inside one, the module that holds it."""
    while name:
        if name in known:
            yield name
            return
        name = name.rpartition(".")[0]


def graph() -> dict[str, set[str]]:
    known = module_files()
    return {module: {target for target in imported(module, path, known) if target != module}
            for module, path in known.items()}


def circles(edges: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected components of more than one module (Tarjan, iteratively)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    on_stack: set[str] = set()
    stack: list[str] = []
    found: list[list[str]] = []
    for root in sorted(edges):
        if root in index:
            continue
        work = [(root, iter(sorted(edges[root])))]
        index[root] = low[root] = len(index)
        stack.append(root)
        on_stack.add(root)
        while work:
            node, children = work[-1]
            child = next(children, None)
            if child is not None:
                if child not in index:
                    index[child] = low[child] = len(index)
                    stack.append(child)
                    on_stack.add(child)
                    work.append((child, iter(sorted(edges.get(child, ())))))
                elif child in on_stack:
                    low[node] = min(low[node], index[child])
                continue
            work.pop()
            if work:
                low[work[-1][0]] = min(low[work[-1][0]], low[node])
            if low[node] == index[node]:
                component = []
                while True:
                    member = stack.pop()
                    on_stack.discard(member)
                    component.append(member)
                    if member == node:
                        break
                if len(component) > 1:
                    found.append(sorted(component))
    return found


def describe(component: list[str], edges: dict[str, set[str]]) -> str:
    members = set(component)
    ties = [f"  {a} -> {b}" for a in component for b in sorted(edges[a] & members)]
    return "circle of " + ", ".join(component) + ":\n" + "\n".join(ties)


def test_the_graph_is_read_from_the_code() -> None:
    edges = graph()
    assert "kifu.commands.cli" in edges and "kifu.plugin.registry" in edges["kifu.commands.cli"]
    assert "kifu.plugin.contract" in edges["kifu.plugin.registry"]


def test_no_import_circles() -> None:
    edges = graph()
    found = circles(edges)
    assert not found, "import circles:\n" + "\n".join(describe(c, edges) for c in found)


def test_circles_are_found_and_listed() -> None:
    edges = {"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}, "e": {"e"}}
    assert circles(edges) == [["a", "b", "c"]]
    assert "a -> b" in describe(["a", "b", "c"], edges)


def _modules(package: object) -> Iterator[tuple[object, str]]:
    """Every package of kifu and the name of each module or package in it (``__main__``,
    which runs the command line, left out)."""
    import importlib
    import pkgutil

    for found in pkgutil.iter_modules(package.__path__):  # type: ignore[attr-defined]
        if found.name == "__main__":
            continue
        yield package, found.name
        if found.ispkg:
            yield from _modules(importlib.import_module(f"{package.__name__}.{found.name}"))  # type: ignore[attr-defined]


def test_no_module_is_shadowed_by_a_name_of_its_package() -> None:
    """``package.name`` is the module ``name`` itself, never a function its package exports
    under the module's name (``kifu.games`` was both: ``import kifu.games.x`` then failed or
    gave the function, depending on what was imported first)."""
    import importlib

    shadowed = []
    for package, name in _modules(kifu):
        full = f"{package.__name__}.{name}"  # type: ignore[attr-defined]
        if importlib.import_module(full) is not getattr(package, name):
            shadowed.append(full)
    assert shadowed == []
