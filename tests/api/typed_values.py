"""A small checker of values against their static types, for the tests that hold the library's
``TypedDict`` s to what the code builds at run time (``typing.get_type_hints`` reads them): a
value matches ``int``, ``str``, ``float`` (an ``int`` too, as for a type checker), ``bool``,
``None``, a ``Literal``, a union, ``list[X]``, ``dict[K, V]`` and a ``TypedDict`` (its required
keys present, no key it does not name, each value of its type)."""
from __future__ import annotations

import types
import typing
from typing import Any, Literal, NotRequired, Required, Union, is_typeddict


def mismatches(value: Any, hint: Any, where: str = "") -> list[str]:
    """What in ``value`` does not match ``hint``, each a line naming where (``links[0].cells``);
    an empty list when it matches."""
    origin, args = typing.get_origin(hint), typing.get_args(hint)
    if hint is Any or hint is object:
        return []
    if hint is None or hint is type(None):
        return [] if value is None else [f"{where or 'value'}: {value!r} is not None"]
    if origin is Literal:
        return [] if value in args and type(value) in map(type, args) else \
            [f"{where or 'value'}: {value!r} is none of {args}"]
    if origin in (Union, types.UnionType):
        return _union(value, args, where)
    if is_typeddict(hint):
        return _typeddict(value, hint, where)
    if origin is list:
        if not isinstance(value, list):
            return [f"{where or 'value'}: {type(value).__name__} is not a list"]
        return [m for i, item in enumerate(value) for m in mismatches(item, args[0], f"{where}[{i}]")]
    if origin is dict:
        if not isinstance(value, dict):
            return [f"{where or 'value'}: {type(value).__name__} is not a dict"]
        return [m for key, item in value.items()
                for m in [*mismatches(key, args[0], f"{where}.<key>"),
                          *mismatches(item, args[1], f"{where}[{key!r}]")]]
    if hint is float:
        ok = isinstance(value, (int, float)) and not isinstance(value, bool)
    elif hint is int:
        ok = isinstance(value, int) and not isinstance(value, bool)
    elif isinstance(hint, type):
        ok = isinstance(value, hint)
    else:
        raise TypeError(f"the checker does not read {hint!r}")
    return [] if ok else [f"{where or 'value'}: {value!r} is not a {getattr(hint, '__name__', hint)}"]


def _union(value: Any, members: tuple[Any, ...], where: str) -> list[str]:
    """A value matches a union if it matches one member.  A union of ``TypedDict`` s tagged by
    ``type`` (an event union) is judged by the member whose tag the value bears, so that a
    mismatch names what is wrong with it rather than with every member."""
    tagged = [m for m in members if is_typeddict(m) and "type" in fields(m)[0]]
    if isinstance(value, dict) and tagged and len(tagged) == len(members):
        for member in tagged:
            if value.get("type") in typing.get_args(fields(member)[0]["type"]):
                return _typeddict(value, member, where)
        return [f"{where or 'value'}: no type of the union has the type {value.get('type')!r}"]
    found = [mismatches(value, member, where) for member in members]
    if any(not problems for problems in found):
        return []
    return [f"{where or 'value'}: {value!r} matches none of "
            f"{' | '.join(getattr(m, '__name__', str(m)) for m in members)}"]


def _typeddict(value: Any, kind: Any, where: str) -> list[str]:
    if not isinstance(value, dict):
        return [f"{where or 'value'}: {type(value).__name__} is not a dict ({kind.__name__})"]
    hints, required = fields(kind)
    name = kind.__name__
    problems = [f"{where or name}: lacks the key {key!r} of {name}"
                for key in sorted(required - value.keys())]
    problems += [f"{where or name}: has the key {key!r}, which {name} does not name"
                 for key in sorted(value.keys() - hints.keys())]
    for key, item in value.items():
        if key in hints:
            problems += mismatches(item, hints[key], f"{where}.{key}" if where else key)
    return problems


def fields(kind: Any) -> tuple[dict[str, Any], set[str]]:
    """A ``TypedDict``'s keys with their types, and its required keys.  Read from the hints
    rather than ``__required_keys__``: under ``from __future__ import annotations`` (kifu's
    modules) Python 3.11 does not see ``NotRequired`` in a class's string annotations."""
    hints, required = {}, set()
    for key, hint in typing.get_type_hints(kind, include_extras=True).items():
        origin = typing.get_origin(hint)
        if origin in (NotRequired, Required):
            hint = typing.get_args(hint)[0]
        if origin is Required or (origin is not NotRequired and kind.__total__):
            required.add(key)
        hints[key] = hint
    return hints, required
