"""What a game's rules answer with, as values every layer above can hold: a move's events
(:data:`Event`), what playing a move did (:class:`Played`), one step of a replay
(:class:`Step`), how a game ended (:class:`Outcome`), and the drawing options every renderer
understands (:class:`RenderOptions`)."""
from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field, fields
from typing import Any, NamedTuple

from kifu.base.errors import KifuError, OptionError
from kifu.base.record import Node
from kifu.plugin.typeparams import Event

#: The kinds of end a game can have: a line of five or four, mate or the king taken, a counted
#: score, a player's resignation, time or forfeit, a foul, no legal move left, a repeated
#: position, every player passing, a full board, a draw the players state, no result (void:
#: the game does not count), or not known.
OUTCOME_KINDS = ("five", "four", "mate", "capture", "score", "resignation", "time", "forfeit",
                 "foul", "no-move", "repetition", "passes", "full-board", "draw", "void",
                 "unknown")
#: The kinds of an outcome without a winner that is no draw: no result, or not known.
NO_VERDICT = frozenset({"void", "unknown"})


#: Sides named by their turn (Rengi's): an outcome says "the second player wins".
ORDINALS = frozenset({"first", "second", "third", "fourth"})


@dataclass(frozen=True)
class Outcome:
    """How a game ended: the winner (a side's name; ``None`` for a draw, and for a result that
    is void or not known, which :attr:`kind` tells apart), why in words, what kind of end it
    was (one of :data:`OUTCOME_KINDS`) and, for a counted game, the winner's margin
    (``score``, in points).  A record's stated result reads into the same value, its reason
    the text as written (:func:`kifu.plugin.results.read_result`)."""

    winner: str | None
    reason: str
    kind: str = "unknown"
    score: float | None = None

    @property
    def margin(self) -> float | None:
        """The winner's margin in points, where the outcome gives one (``score``)."""
        return self.score

    @property
    def is_draw(self) -> bool:
        """Whether the game was drawn: no winner, and neither void nor of unknown result."""
        return self.winner is None and self.kind not in NO_VERDICT

    @property
    def decided(self) -> bool:
        """Whether the outcome names a winner or a draw (not a void result, nor one not
        known)."""
        return self.winner is not None or self.kind not in NO_VERDICT

    def describe(self) -> str:
        """The outcome in words: ``black wins (five at h8)``, ``the second player wins
        (...)``, ``draw (...)``, ``no result (void)``, ``result not known (?)``."""
        if self.winner is None:
            if self.kind == "void":
                return f"no result ({self.reason})"
            if self.kind == "unknown":
                return f"result not known ({self.reason})"
            return f"draw ({self.reason})"
        who = f"the {self.winner} player" if self.winner in ORDINALS else self.winner
        return f"{who} wins ({self.reason})"


@dataclass(slots=True)
class Played:
    """What :meth:`kifu.plugin.GamePlugin.play` reports about one move besides the new position.

    ``warnings`` are diagnostics about the move that the replay could go past: repairs made
    under ``lenient``, or, with severity ``error``, faults in the record that a referee can
    still read one way only, so that every such place is reported rather than the first.
    """

    events: list[Event] = field(default_factory=list)
    warnings: list[KifuError] = field(default_factory=list)


class Step(NamedTuple):
    """One move replayed: the node, its move number, and the position after it.

    The position may be the same object at every step (games mutate it for speed); copy it with
    :meth:`kifu.plugin.GamePlugin.copy` to keep it past the next step.  A named tuple: one is
    made for every move replayed, and the driver builds it directly (``tuple.__new__``), the
    cheapest object there is.
    """

    node: Node[Any]
    number: int | None
    position: Any
    events: list[Event]
    warnings: list[KifuError]
    path: Sequence[int] = ()  # a tuple, or a VariationPath equal to one


@dataclass(frozen=True, slots=True)
class CompiledLine:
    """A record's main line as a compiled core replayed it (:attr:`kifu.plugin.Format.replay`),
    for the library's :meth:`kifu.Record.replay`: each step's number (``None`` for an event)
    and canonical move (as :meth:`kifu.plugin.GamePlugin.canonical_move` gives it), and, when
    asked for, its events and the position after it (``events(index)``, ``position(index)``,
    the index counted from 0): a position of the caller's own, equal to the one Python's
    replay makes, so that a replay whose positions are read makes no move in Python."""

    numbers: Sequence[int | None]
    moves: Sequence[Any]
    events: Callable[[int], list[Event]]
    position: Callable[[int], Any]


#: The sizes a drawing may be asked for, in pixels (``--size``, ``size=``).
SIZES = range(50, 20_001)


#: The time each position of an animated GIF shows, in milliseconds (``--delay``).
DELAYS = range(20, 60_001)


def _option(help: str, flag: str | None = None, values: range | None = None) -> dict[str, Any]:
    """What the command line and the library say of one drawing option: its help, the flag
    of ``kifu render`` when it is not ``--name`` (``--coords/--no-coords``), and the values a
    whole number takes (by default a size's)."""
    return {"help": help, **({"flag": flag} if flag else {}),
            **({"values": values} if values else {})}


@dataclass(frozen=True)
class RenderOptions:
    """Drawing options every renderer understands, plus the game's own (``extras``).

    This one definition makes ``kifu render``'s options (:func:`kifu.commands.options.
    drawing_options`) and the keywords of :func:`kifu.svg` and :func:`kifu.text`: a field's
    ``metadata`` holds its help.  A value outside what a drawing can take (a ``size`` outside
    :data:`SIZES`) is an ``OptionError``.
    """

    size: int | None = field(default=None, metadata=_option(
        f"SVG width in pixels ({SIZES.start} to {SIZES.stop - 1})."))
    flip: bool = field(default=False, metadata=_option(
        "Turn the board round (the other side's view)."))
    coords: bool = field(default=True, metadata=_option(
        "Draw the coordinates (--no-coords leaves them out).", "--coords/--no-coords"))
    last_move: bool = field(default=True, metadata=_option(
        "Mark the last move.", "--last-move/--no-last-move"))
    numbers: bool = field(default=False, metadata=_option(
        "Number the stones by move (where the game has stones)."))
    delay: int = field(default=500, metadata=_option(
        f"GIF: the milliseconds each position shows ({DELAYS.start} to {DELAYS.stop - 1}; "
        "the last shows four times as long).", values=DELAYS))
    markup: bool = field(default=True, metadata=_option(
        "Draw the record's markup: labels, triangles, squares, circles, crosses, arrows, "
        "lines, dimmed points (where the game draws it).", "--markup/--no-markup"))
    extras: Mapping[str, str] = field(default_factory=dict)

    def __post_init__(self) -> None:
        size = self.size
        if size is not None and (isinstance(size, bool) or not isinstance(size, int)
                                 or size not in SIZES):
            raise OptionError(f"a drawing's size is a whole number of pixels from {SIZES.start} "
                              f"to {SIZES.stop - 1}, not {str(size)[:40]!r}", option="--size")
        delay = self.delay
        if isinstance(delay, bool) or not isinstance(delay, int) or delay not in DELAYS:
            raise OptionError(f"a GIF's delay is a whole number of milliseconds from "
                              f"{DELAYS.start} to {DELAYS.stop - 1}, not {str(delay)[:40]!r}",
                              option="--delay")
        for name in ("flip", "coords", "last_move", "numbers", "markup"):
            if not isinstance(getattr(self, name), bool):
                raise OptionError(f"{name} is true or false, not {getattr(self, name)!r}",
                                  option="--" + name.replace("_", "-"))

    @classmethod
    def common(cls) -> tuple[str, ...]:
        """The names of the options every game has (all but ``extras``)."""
        return tuple(f.name for f in fields(cls) if f.name != "extras")

    def flag(self, name: str) -> bool:
        return self.extras.get(name, "no").lower() in YES


#: The words a yes/no drawing option of a game takes (``-O forbidden``, ``-O stacks=no``).
YES = ("", "1", "yes", "true", "on")
NO = ("0", "no", "false", "off")
#: A game's drawing option whose value is a whole number (a frame number, say), of at most
#: ``NUMBER_DIGITS`` digits.
NUMBER = "<number>"
NUMBER_DIGITS = 6


def option_values(allowed: tuple[str, ...]) -> str:
    """The values of a game's drawing option, as ``kifu games`` and errors name them."""
    if not allowed:
        return "yes|no"
    return "|".join("N" if value == NUMBER else value for value in allowed)


def check_option(name: str, value: str, allowed: tuple[str, ...]) -> str | None:
    """What is wrong with ``value`` for a game's drawing option (``allowed``: its words, or
    :data:`NUMBER`; none for a yes/no option), else ``None``."""
    word = value.strip().casefold()
    if not allowed:
        ok = word in YES or word in NO
    elif allowed == (NUMBER,):
        ok = word.isascii() and word.isdigit() and len(word) <= NUMBER_DIGITS
    else:
        ok = word in allowed
    if ok:
        return None
    # The value as given, cut short and with what a terminal would act on escaped.
    shown = value if len(value) <= 40 else value[:37] + "..."
    shown = "".join(c if c.isprintable() else repr(c)[1:-1] for c in shown)
    if allowed == (NUMBER,):
        return (f"-O {name}={shown}: {name} takes N, a whole number from 0 to "
                f"{10 ** NUMBER_DIGITS - 1}")
    return f"-O {name}={shown}: {name} takes {option_values(allowed)}"
