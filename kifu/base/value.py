"""Value classes at the cost of a class: :func:`dataclass`, a dataclass whose methods are written
once, here, instead of compiled for each class.

``@dataclass`` writes each class's ``__init__``, ``__repr__``, ``__eq__``, ``__hash__`` and a
frozen class's ``__setattr__`` and ``__delattr__`` as source text and compiles them, about
0.5 ms a class on this project's machines: the classes a run of ``kifu validate`` loads cost
its start-up more than the checking of a hundred files.  :func:`dataclass` makes the same class
(the same fields, defaults, equality, hashing, repr and immutability) with methods written
once that read the class's fields, and leaves the fields to :mod:`dataclasses` itself, so
that ``dataclasses.fields``, ``replace``, ``asdict`` and ``is_dataclass`` see a dataclass
as before.  Type checkers see ``dataclasses.dataclass`` itself.

What differs, for a program that looks: ``__dataclass_params__`` says ``init``, ``repr`` and
``eq`` false (the methods are these rather than compiled ones), and ``inspect.signature`` of
the class reads ``(*fields)``; a wrong call raises the same ``TypeError`` with its own words.
"""
from __future__ import annotations

import dataclasses
import reprlib
from typing import TYPE_CHECKING, Any

__all__ = ["dataclass", "field"]

_MISSING = dataclasses.MISSING
field = dataclasses.field


def _init(self: Any, *args: Any, **kwargs: Any) -> None:
    """A value's fields from the arguments, as a dataclass's ``__init__`` sets them (in the
    order of the fields, straight into the instance's ``__dict__`` as a frozen one does)."""
    names = self.__value_names__
    if len(args) > len(names):
        raise TypeError(f"{type(self).__qualname__}.__init__() takes {len(names) + 1} "
                        f"positional arguments but {len(args) + 1} were given")
    fields = self.__dict__
    fields.update(zip(names, args))
    for name, default, factory in self.__value_init__[len(args):]:
        if name in kwargs:
            fields[name] = kwargs.pop(name)
        elif default is not _MISSING:
            fields[name] = default
        elif factory is not _MISSING:
            fields[name] = factory()
        else:
            raise TypeError(f"{type(self).__qualname__}.__init__() missing 1 required "
                            f"positional argument: {name!r}")
    for name in kwargs:
        raise TypeError(f"{type(self).__qualname__}.__init__() got "
                        + (f"multiple values for argument {name!r}" if name in names else
                           f"an unexpected keyword argument {name!r}"))


@reprlib.recursive_repr()
def _repr(self: Any) -> str:
    shown = ", ".join(f"{name}={getattr(self, name)!r}" for name in self.__value_repr__)
    return f"{type(self).__qualname__}({shown})"


def _key(self: Any) -> tuple[Any, ...]:
    return tuple([getattr(self, name) for name in self.__value_compare__])


def _eq(self: Any, other: object) -> Any:
    if other.__class__ is self.__class__:
        return _key(self) == _key(other)
    return NotImplemented


def _hash(self: Any) -> int:
    return hash(_key(self))


def _frozen_setattr(self: Any, name: str, value: Any) -> None:
    raise dataclasses.FrozenInstanceError(f"cannot assign to field {name!r}")


def _frozen_delattr(self: Any, name: str) -> None:
    raise dataclasses.FrozenInstanceError(f"cannot delete field {name!r}")


def _make(cls: type, frozen: bool) -> type:
    for method in ("__init__", "__repr__", "__eq__", "__hash__", "__setattr__", "__delattr__"):
        if method in cls.__dict__:  # a dataclass keeps a method its class writes: none does
            raise TypeError(f"{cls.__qualname__} writes {method}: make it a dataclass")
    # the fields, their defaults and __match_args__, with no method compiled
    dataclasses.dataclass(cls, init=False, repr=False, eq=False)
    fields = dataclasses.fields(cls)
    if any(not spec.init or spec.kw_only is True for spec in fields):
        raise TypeError(f"{cls.__qualname__}: a field outside __init__'s positions: make it a "
                        "dataclass")
    made: dict[str, Any] = {
        "__value_names__": tuple(spec.name for spec in fields),
        "__value_init__": tuple((spec.name, spec.default, spec.default_factory)
                                for spec in fields),
        "__value_repr__": tuple(spec.name for spec in fields if spec.repr),
        "__value_compare__": tuple(spec.name for spec in fields if spec.compare),
        "__init__": _init, "__repr__": _repr, "__eq__": _eq}
    if frozen:
        made.update(__hash__=_hash, __setattr__=_frozen_setattr, __delattr__=_frozen_delattr)
    else:  # mutable and compared by value: unhashable, as a dataclass is
        made["__hash__"] = None
    for name, attribute in made.items():
        setattr(cls, name, attribute)
    return cls


if TYPE_CHECKING:
    from dataclasses import dataclass
else:
    def dataclass(cls: type | None = None, /, *, frozen: bool = False) -> Any:
        """``@dataclass`` or ``@dataclass(frozen=True)``: the class as ``@dataclass`` makes it (see the
        module)."""
        if cls is None:
            return lambda made: _make(made, frozen)
        return _make(cls, frozen)
