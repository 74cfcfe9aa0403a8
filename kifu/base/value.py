"""Value classes at the cost of a class: :func:`dataclass`, the dataclasses of kifu's start-up
made with methods written once, here, instead of compiled for each class.

``dataclasses.dataclass`` writes each class's ``__init__``, ``__repr__``, ``__eq__``,
``__hash__`` and a frozen class's ``__setattr__`` and ``__delattr__`` as source text and
compiles them, about 0.5 ms a class on this project's machines, and importing
:mod:`dataclasses` imports :mod:`inspect` (with ``ast``, ``dis`` and ``tokenize``), as much
again as the sixteen classes a run of ``kifu validate`` loads: together more than checking a
hundred files.  :func:`dataclass` makes the same class (the same fields in the same order,
defaults and factories, equality and hashing over the fields compared, the repr of the
fields shown, immutability, ``__match_args__``) from the class's annotations, with the methods
below that read the class's fields.  What :mod:`dataclasses` knows of a class (its
``__dataclass_fields__``, read by ``dataclasses.fields``, ``replace``, ``asdict`` and
``is_dataclass``) is made the first time it is asked for, by :mod:`dataclasses` itself, so
that these see a dataclass as before.  Type checkers see ``dataclasses.dataclass`` and
``dataclasses.field`` themselves.

What differs, for a program that looks: ``__dataclass_params__`` says ``init``, ``repr`` and
``eq`` false (the methods are these rather than compiled ones), and ``inspect.signature`` of
the class reads ``(*args, **kwargs)``; a wrong call raises the same ``TypeError`` in its own
words.  Only what kifu's classes use is supported (no bases,
``ClassVar``, ``InitVar``, ``kw_only``, ``order``, field metadata): anything else is a
``TypeError`` when the class is made, never a different class.
"""
from __future__ import annotations

import _thread
import reprlib
from typing import TYPE_CHECKING, Any

__all__ = ["dataclass", "field"]


class _Missing:
    """No default given (``dataclasses.MISSING``, without importing :mod:`dataclasses`)."""

    def __repr__(self) -> str:
        return "MISSING"


_MISSING: Any = _Missing()


class _Field:
    """What ``field(...)`` says of one field until :mod:`dataclasses` is asked about it."""

    __slots__ = ("default", "default_factory", "repr", "compare")

    def __init__(self, default: Any, default_factory: Any, repr: bool, compare: bool) -> None:
        if default is not _MISSING and default_factory is not _MISSING:
            raise ValueError("cannot specify both default and default_factory")
        self.default, self.default_factory = default, default_factory
        self.repr, self.compare = repr, compare

    def spelled(self) -> Any:
        """The same field as :mod:`dataclasses` spells it."""
        import dataclasses

        return dataclasses.field(
            default=dataclasses.MISSING if self.default is _MISSING else self.default,
            default_factory=dataclasses.MISSING if self.default_factory is _MISSING
            else self.default_factory, repr=self.repr, compare=self.compare)


def _field(*, default: Any = _MISSING, default_factory: Any = _MISSING, repr: bool = True,
           compare: bool = True) -> Any:
    return _Field(default, default_factory, repr, compare)


def _init(self: Any, *args: Any, **kwargs: Any) -> None:
    """A value's fields from the arguments, as a dataclass's ``__init__`` sets them (in the
    order of the fields, into the instance's ``__dict__`` as a frozen one's does)."""
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


def _frozen(self: Any, name: str) -> bool:
    """Whether ``name`` of ``self`` is frozen: any of a frozen class's own instances, a field of
    an instance of a class made from it (as a frozen dataclass has it)."""
    return "__value_names__" in type(self).__dict__ or name in self.__value_names__


def _frozen_setattr(self: Any, name: str, value: Any) -> None:
    if not _frozen(self, name):
        object.__setattr__(self, name, value)
        return
    import dataclasses

    raise dataclasses.FrozenInstanceError(f"cannot assign to field {name!r}")


def _frozen_delattr(self: Any, name: str) -> None:
    if not _frozen(self, name):
        object.__delattr__(self, name)
        return
    import dataclasses

    raise dataclasses.FrozenInstanceError(f"cannot delete field {name!r}")


#: Held while :mod:`dataclasses` is told of a class.
_MAKING = _thread.RLock()


class _Known:
    """What :mod:`dataclasses` knows of a class (``__dataclass_fields__``,
    ``__dataclass_params__``), made by it when first asked for: the class's fields spelled
    as :mod:`dataclasses` spells them are handed to ``dataclasses.dataclass``, with none of
    its methods made, which puts its own answers in place of this one."""

    def __init__(self, name: str) -> None:
        self.name = name

    def __get__(self, instance: object, owner: type) -> Any:
        import dataclasses

        with _MAKING:  # once, whichever thread asks first (kifu serve's are many)
            for made in owner.__mro__:  # the value class itself, or the base a class made of
                if isinstance(made.__dict__.get(self.name), _Known):  # it inherits this from
                    for name, spec in made.__value_fields__:  # type: ignore[attr-defined]
                        setattr(made, name, spec.spelled())
                    frozen = made.__value_frozen__  # type: ignore[attr-defined]
                    if frozen:  # dataclasses writes its own, the same, or refuses the class
                        del made.__setattr__, made.__delattr__
                    dataclasses.dataclass(made, init=False, repr=False, eq=False, frozen=frozen)
        return getattr(owner, self.name)


def _make(cls: type, frozen: bool) -> type:
    if cls.__bases__ != (object,):
        raise TypeError(f"{cls.__qualname__} has a base class: make it a dataclass")
    for method in ("__init__", "__repr__", "__eq__", "__hash__", "__setattr__", "__delattr__",
                   "__match_args__"):
        if method in cls.__dict__:  # a dataclass keeps a method its class writes: none does
            raise TypeError(f"{cls.__qualname__} writes {method}: make it a dataclass")
    fields: list[tuple[str, _Field]] = []
    for name, annotation in cls.__dict__.get("__annotations__", {}).items():
        if not isinstance(annotation, str) or any(
                word in annotation for word in ("ClassVar", "InitVar", "KW_ONLY")):
            raise TypeError(f"{cls.__qualname__}.{name}: a field of a dataclass's own")
        given = cls.__dict__.get(name, _MISSING)
        spec = given if isinstance(given, _Field) else _Field(given, _MISSING, True, True)
        if spec.default is not _MISSING and type(spec.default).__hash__ is None:
            raise ValueError(f"mutable default {type(spec.default)} for field {name} is not "
                             "allowed: use default_factory")
        if fields and spec.default is spec.default_factory is _MISSING and (
                fields[-1][1].default is not _MISSING
                or fields[-1][1].default_factory is not _MISSING):
            raise TypeError(f"non-default argument {name!r} follows default argument")
        fields.append((name, spec))
    made: dict[str, Any] = {
        "__value_fields__": tuple(fields),
        "__value_frozen__": frozen,
        "__value_names__": tuple(name for name, _ in fields),
        "__value_init__": tuple((name, spec.default, spec.default_factory)
                                for name, spec in fields),
        "__value_repr__": tuple(name for name, spec in fields if spec.repr),
        "__value_compare__": tuple(name for name, spec in fields if spec.compare),
        "__match_args__": tuple(name for name, _ in fields),
        "__dataclass_fields__": _Known("__dataclass_fields__"),
        "__dataclass_params__": _Known("__dataclass_params__"),
        "__init__": _init, "__repr__": _repr, "__eq__": _eq}
    if frozen:
        made.update(__hash__=_hash, __setattr__=_frozen_setattr, __delattr__=_frozen_delattr)
    else:  # mutable and compared by value: unhashable, as a dataclass is
        made["__hash__"] = None
    for name, spec in fields:  # a class's defaults as a dataclass leaves them
        if spec.default is not _MISSING:
            setattr(cls, name, spec.default)
        elif name in cls.__dict__:
            delattr(cls, name)
    for name, attribute in made.items():
        setattr(cls, name, attribute)
    return cls


if TYPE_CHECKING:
    from dataclasses import dataclass, field
else:
    field = _field

    def dataclass(cls: type | None = None, /, *, frozen: bool = False) -> Any:
        """``@dataclass`` or ``@dataclass(frozen=True)``: the class as
        ``dataclasses.dataclass`` makes it (see the module)."""
        if cls is None:
            return lambda made: _make(made, frozen)
        return _make(cls, frozen)

