"""kifu's value classes (``kifu.base.value.dataclass``, methods written once) behave as the
dataclasses they were: the same fields, defaults, equality, hashing, repr and immutability,
and ``dataclasses.fields``, ``replace`` and ``asdict`` see them as before."""
from __future__ import annotations

import copy
import dataclasses
import pickle

import pytest

from kifu.base import value
from kifu.base.diagnostics import Diagnostic, FileReport
from kifu.base.record import ReadOptions, Record
from kifu.reading.walk import Found


def pair(frozen: bool) -> tuple[type, type]:
    """The same class made by ``dataclasses`` and by kifu."""
    made = []
    for decorator, field in ((dataclasses.dataclass, dataclasses.field),
                             (value.dataclass, value.field)):
        class Sample:
            """A sample."""

            name: str
            count: int = 0
            kept: tuple[int, ...] = field(default_factory=tuple)
            note: str | None = field(default=None, compare=False, repr=False)
        made.append(decorator(frozen=frozen)(Sample))
    return made[0], made[1]


CALLS = [(("a",), {}), (("a", 2), {}), (("a",), {"kept": (1,)}), ((), {"name": "b", "note": "x"}),
         (("a", 2, (3,), "n"), {})]


@pytest.mark.parametrize("frozen", [True, False])
def test_a_value_is_made_compared_and_shown_as_its_dataclass(frozen):
    theirs, ours = pair(frozen)
    for args, kwargs in CALLS:
        one, other = theirs(*args, **kwargs), ours(*args, **kwargs)
        assert repr(one).replace("Sample", "S") == repr(other).replace("Sample", "S")
        assert vars(one) == vars(other) and list(vars(one)) == list(vars(other))
        assert other == ours(*args, **kwargs) and other != theirs(*args, **kwargs)
        assert other == dataclasses.replace(other, note="other")  # not compared
        assert (other == ours("z")) is (args == ("z",))
        assert dataclasses.asdict(one) == dataclasses.asdict(other)
        assert dataclasses.replace(other, count=7).count == 7
        assert copy.deepcopy(other) == other
        if frozen:
            assert hash(one) == hash(other)
            with pytest.raises(dataclasses.FrozenInstanceError, match="cannot assign to field"):
                other.count = 3
            with pytest.raises(dataclasses.FrozenInstanceError, match="cannot delete field"):
                del other.count
        else:
            assert ours.__hash__ is None and theirs.__hash__ is None
            other.count = 3
            assert other.count == 3
    # what dataclasses knows of the class, made when first asked for
    assert [(f.name, f.type, f.default, f.default_factory, f.repr, f.compare)
            for f in dataclasses.fields(ours)] == [
        (f.name, f.type, f.default, f.default_factory, f.repr, f.compare)
        for f in dataclasses.fields(theirs)]
    assert dataclasses.is_dataclass(ours) and dataclasses.is_dataclass(ours("a"))
    assert ours.count == 0 and not hasattr(ours, "kept") and ours.note is None
    assert ours.__match_args__ == theirs.__match_args__  # type: ignore[attr-defined]


@pytest.mark.parametrize(("args", "kwargs", "words"), [
    ((), {}, "missing 1 required positional argument: 'name'"),
    (("a", 1, (), None, 5), {}, "5 positional arguments but 6 were given"),
    (("a",), {"name": "b"}, "multiple values for argument 'name'"),
    (("a",), {"colour": "b"}, "an unexpected keyword argument 'colour'"),
])
def test_a_wrong_call_is_a_type_error_as_before(args, kwargs, words):
    theirs, ours = pair(True)
    for made in (theirs, ours):
        with pytest.raises(TypeError, match=words):
            made(*args, **kwargs)


def test_kifus_values_keep_their_dataclass_ways():
    found = Found("a/b.sgf", "b.sgf")
    assert pickle.loads(pickle.dumps(found)) == found and hash(found) == hash(Found("a/b.sgf",
                                                                                   "b.sgf"))
    assert repr(found) == "Found(path='a/b.sgf', relative='b.sgf', named=False, problem=None)"
    record = Record("renju", source="text")
    assert record == Record("renju") and "read_options" not in repr(record)
    assert record.read_options == ReadOptions()
    assert record.moves is not Record("renju").moves  # a factory's value each time
    diag = Diagnostic("a.sgf", "error", "E1", "bad", line=2)
    assert dataclasses.replace(diag, message="worse").message == "worse"
    assert dataclasses.asdict(FileReport("a.sgf", "freego", 3, [diag]))["diagnostics"][0][
        "line"] == 2


def test_a_class_made_of_a_value_is_a_dataclass_as_one_made_of_a_dataclass():
    theirs, ours = pair(True)
    for base in (theirs, ours):
        class Plain(base):  # type: ignore[misc, valid-type]
            pass

        made = dataclasses.dataclass(frozen=True)(type("Made", (base,), {"__annotations__": {
            "extra": "int"}, "extra": 1}))
        assert [f.name for f in dataclasses.fields(Plain("a"))] == ["name", "count", "kept",
                                                                     "note"]
        assert [f.name for f in dataclasses.fields(made)][-1] == "extra"
        plain = Plain("a")
        plain.other = 2  # not a field: a class made of a frozen one lets it be set
        with pytest.raises(dataclasses.FrozenInstanceError):
            plain.count = 2
