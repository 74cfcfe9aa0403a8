"""The contract's type parameters, apart from the values (:mod:`.values`) so that loading a
game's class, which subscribes the contract with them, builds none of the values' classes: a
record the compiled core decides needs no outcome, step or drawing option in Python (each
dataclass costs start-up the compiling of its methods).  :data:`Event` is the form of a move's
events every game builds."""
from __future__ import annotations

from typing import TYPE_CHECKING, Any, TypeVar

#: A JSON-able description of something a move did: ``{"type": "capture", "points": [...]}``.
#: The general form every game builds; a game names its own events' types in its ``events``
#: module (``Event``, a union of ``TypedDict`` s), which the library's typed steps give.
Event = dict[str, Any]
#: A game's position type and its move type (see :class:`kifu.plugin.GamePlugin`).
PositionT = TypeVar("PositionT")
MoveT = TypeVar("MoveT")

if TYPE_CHECKING:
    from typing_extensions import TypeVar as DefaultedTypeVar

    #: A game's set-up type (a record's ``setup``), ``Any`` where it is not named.
    SetupT = DefaultedTypeVar("SetupT", default=Any)

    class SetupDefault:
        """See below."""
else:
    SetupT = TypeVar("SetupT")

    class SetupDefault:
        """Lets ``Game[Position, Move]`` stand for ``Game[Position, Move, Any]`` when it is
        evaluated, as the set-up type's default does for a type checker (PEP 696), without
        importing ``typing_extensions`` on every start."""

        __slots__ = ()

        def __class_getitem__(cls, params):
            if isinstance(params, tuple) and len(params) == 2:
                params = (*params, Any)
            return super().__class_getitem__(params)
