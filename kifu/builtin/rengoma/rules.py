"""The Rengoma referee: the start position, one turn at a time with every rule by its name, and
the outcome.

A turn is the normal action, then up to two extra actions each paid with a chip, then the end of
the turn (the field refilled, the chips that B actions earned handed out, the next seat).  The
field is refilled only at the end of the turn, so a turn places at most one piece of each
colour; :class:`TurnPlay` keeps what the end of the turn owes while the actions are played.

The rules' names, as ``IllegalMoveError.rule`` gives them:

- ``off-board``: a square outside the board;
- ``occupied``: A and B place only on an empty square;
- ``field-empty``: A and B need that colour's field piece (none once its stock is spent, and
  none again in the turn after one was placed);
- ``field-strength``: a placement's stated strength (``A c3=2``) is not the field piece's;
- ``own-piece``: C moves a top piece of the mover's own colour;
- ``rook-move``: C goes along a row or a column, to another square;
- ``blocked``: C never passes a piece;
- ``stacking``: C stacks only on a strictly weaker top piece;
- ``chip``: an extra action costs a chip the side holds;
- ``game-over``: nothing is played after a win, not even the rest of the turn.
"""
from __future__ import annotations

from kifu.builtin.rengoma import setup
from kifu.builtin.rengoma.moves import Action, Place, Shift, Turn
from kifu.builtin.rengoma.position import (
    BLACK,
    COLOUR_NAMES,
    EMPTY,
    RED,
    STOCK,
    WALL,
    Position,
    other,
    piece,
    strength_of,
)
from kifu.plugin import Event, GameOverError, IllegalMoveError, KifuError, Outcome, Played, Record

#: Extra actions a turn may take (one per chip; there are two chips in all).
MAX_EXTRAS = 2


def start(record: Record) -> Position:
    """The position a record starts from, checked; raises ``HeaderError``/``SetupError``.

    Without a set-up, each side draws its field piece and the weaker one starts (black on a
    tie); a set-up in which the side to move has no legal action is already drawn.
    """
    found = setup.setup_of(record)
    spec = setup.spec_of(record, whole_stocks=found is None)
    position = Position.empty(spec.columns, spec.rows, spec.players, spec.names, spec.stocks)
    if found is None:
        black, red = position.draw(BLACK), position.draw(RED)
        position.seat = 1 if red < black else 0  # the weaker field piece starts; a tie: black
        return position
    setup.arrange(position, found, spec)
    if not has_action(position, position.to_move):
        position.outcome = Outcome(None, f"{position.to_move_name} has no legal action", "no-move")
    return position


def outcome(position: Position) -> Outcome | None:
    """How the game has ended (four in a row, no legal action), if it has."""
    return position.outcome


def play(position: Position, turn: Turn, lenient: bool = False) -> Played:
    """Play a whole turn on ``position`` (in place) and report what happened.

    With ``lenient``, a placement whose written strength is not the field piece's
    (``A c3=2`` when the field piece is a 3) places the field piece with a warning: the square
    says the move, the strength only annotates it.  Every other broken rule is an error.
    """
    current = TurnPlay(position, lenient=lenient)
    for action in turn.actions:
        current.act(action)
    current.finish()
    return Played(current.events, current.warnings)


class TurnPlay:
    """A turn being played: its actions so far and what the end of the turn owes.

    Creating one begins a turn on the position.  An action that breaks a rule raises before it
    changes anything, so :meth:`act` may be tried on a position and the turn carried on.
    """

    def __init__(self, position: Position, *, lenient: bool = False) -> None:
        self.position = position
        self.lenient = lenient
        self.warnings: list[KifuError] = []
        self.seat = position.seat
        self.colour = position.to_move
        self.actions = 0
        self.placed_enemy = 0  # B actions: each earns a chip at the end of the turn
        self.events: list[Event] = []
        self.marks: list[tuple[int | None, int]] = []
        position.turn += 1

    @property
    def actor(self) -> int:
        """The seat taking the next action: the extra actions are the partner's."""
        return self.seat if self.actions == 0 else self.position.partner(self.seat)

    def act(self, action: Action) -> None:
        """Play the turn's next action, or raise ``IllegalMoveError`` naming the rule."""
        position = self.position
        extra = self.actions > 0
        if position.outcome is not None:
            raise GameOverError(f"the game was already over: {position.outcome.describe()}; "
                                f"the extra action *{action} cannot follow", span=action.span,
                                rule="game-over")
        if extra:
            self._check_chip(action)
        before = len(self.events)
        side = COLOUR_NAMES[self.colour]
        base = {"action": self.actions + 1, "extra": extra, "kind": action.kind,
                "player": position.names[self.actor], "side": side}
        try:
            changed = self._place(action, base) if isinstance(action, Place) else self._shift(action, base)
        except IllegalMoveError as error:
            if not extra:
                raise
            said = error.message.removeprefix(f"{action}: ")
            raise IllegalMoveError(f"extra action *{action}: {said}", span=error.span,
                                   rule=error.rule) from None
        if extra:  # paid only now, so that an illegal action leaves the position as it was
            self._pay_chip(before)
        self.actions += 1
        self._check_win(changed, action)

    def legal(self) -> list[Action]:
        """Every action the turn may take next (the normal one, or a chip-paid extra)."""
        position = self.position
        if position.outcome is not None:
            return []
        if self.actions and (self.actions > MAX_EXTRAS or not position.chips[self.colour]):
            return []
        return legal_actions(position, self.colour)

    def finish(self) -> None:
        """The end of the turn: refill the field, hand out chips, pass to the next seat."""
        position = self.position
        position.last = tuple(self.marks)
        if position.outcome is not None:
            return  # the game ended with the action: nothing more happens
        for colour in (BLACK, RED):
            if not position.field[colour]:
                strength = position.draw(colour)
                if strength:
                    self.events.append({"type": "refill", "colour": COLOUR_NAMES[colour],
                                        "strength": strength,
                                        "stock": len(position.stock_left(colour))})
        for _ in range(self.placed_enemy):
            self._earn_chip()
        last_actor = self.seat if self.actions == 1 else position.partner(self.seat)
        position.seat = (last_actor + 1) % position.players
        if not has_action(position, position.to_move):
            position.outcome = Outcome(None, f"{position.to_move_name} has no legal action", "no-move")
            self.events.append({"type": "draw", "reason": position.outcome.reason})

    # -- the actions ---------------------------------------------------------------------------

    def _check_chip(self, action: Action) -> None:
        position, side = self.position, COLOUR_NAMES[self.colour]
        if self.actions > MAX_EXTRAS:
            raise IllegalMoveError(f"extra action *{action}: a turn takes at most {MAX_EXTRAS} "
                                   "extra actions", span=action.span, rule="chip")
        if not position.chips[self.colour]:
            where = _chips_text(position)
            raise IllegalMoveError(f"extra action *{action}: {side} holds no chip to pay for it "
                                   f"({where}); chips earned this turn come only at its end",
                                   span=action.span, rule="chip")

    def _pay_chip(self, at: int) -> None:
        """Return a chip to the stock; its event goes before the extra action's (at ``at``)."""
        position = self.position
        position.chips[self.colour] -= 1
        position.chips[STOCK] += 1
        self.events.insert(at, {"type": "chip-spent", "side": COLOUR_NAMES[self.colour],
                                "held": position.chips[self.colour],
                                "stock": position.chips[STOCK]})

    def _place(self, action: Place, event: Event) -> tuple[int, ...]:
        position, geo = self.position, self.position.geo
        colour = other(self.colour) if action.enemy else self.colour
        owner = COLOUR_NAMES[colour]
        if not geo.on_board(action.square):
            raise IllegalMoveError(f"{action.square} is off the board (a1..{geo.last_square})",
                                   span=action.span, rule="off-board")
        at = geo.index(*action.square)
        if position.top[at] != EMPTY:
            raise IllegalMoveError(f"{action.kind} {action.square}: the square holds "
                                   f"{_describe_top(position, at)}; pieces are placed only on "
                                   "empty squares", span=action.span, rule="occupied")
        strength = position.field[colour]
        if not strength:
            why = ("its stock is spent" if position.drawn[colour] >= len(position.stocks[colour])
                   else "its field piece was placed this turn, and the field is refilled only "
                        "at the turn's end")
            raise IllegalMoveError(f"{action.kind} {action.square}: there is no {owner} field "
                                   f"piece to place ({why})", span=action.span, rule="field-empty")
        if action.strength is not None and action.strength != strength:
            wrong = IllegalMoveError(f"{action}: the {owner} field piece is a {strength}, not a "
                                     f"{action.strength} (the stock order gives {strength})",
                                     span=action.span, rule="field-strength")
            if not self.lenient:
                raise wrong
            self.warnings.append(wrong.as_warning())
        position.field[colour] = 0
        position.push(at, piece(colour, strength))
        position.numbers[at] = position.turn
        self.placed_enemy += action.enemy
        self.marks.append((None, at))
        event.update(type="place", colour=owner, square=str(action.square), strength=strength)
        self.events.append(event)
        return (at,)

    def _shift(self, action: Shift, event: Event) -> tuple[int, ...]:
        position, geo = self.position, self.position.geo
        for square in (action.origin, action.target):
            if not geo.on_board(square):
                raise IllegalMoveError(f"{square} is off the board (a1..{geo.last_square})",
                                       span=action.span, rule="off-board")
        origin, target = geo.index(*action.origin), geo.index(*action.target)
        mover = COLOUR_NAMES[self.colour]
        if position.top[origin] != self.colour:
            held = ("is empty" if position.top[origin] == EMPTY
                    else f"has {_describe_top(position, origin)} on top")
            raise IllegalMoveError(f"{action}: {action.origin} {held}; {mover} moves only a "
                                   f"{mover} piece on top of its square", span=action.span,
                                   rule="own-piece")
        step = _rook_step(action, geo.stride)
        if step is None:
            raise IllegalMoveError(f"{action}: a piece moves like a rook, along a row or a column "
                                   "to another square", span=action.span, rule="rook-move")
        strength = position.power[origin]
        at = origin + step
        while at != target:
            if position.top[at] != EMPTY:
                raise IllegalMoveError(f"{action}: the path is blocked at {geo.name(at)} by "
                                       f"{_describe_top(position, at)}; a piece never passes "
                                       "another", span=action.span, rule="blocked")
            at += step
        below = position.top[target]
        stacked_on = None
        if below != EMPTY:
            if position.power[target] >= strength:
                raise IllegalMoveError(
                    f"{action}: the {mover} {strength} cannot stack on {_describe_top(position, target)}"
                    f" at {action.target}; a piece stacks only on a strictly weaker one",
                    span=action.span, rule="stacking")
            stacked_on = {"colour": COLOUR_NAMES[below], "strength": position.power[target]}
        code = position.pop(origin)
        revealed = None
        if position.top[origin] != EMPTY:
            revealed = {"colour": COLOUR_NAMES[position.top[origin]],
                        "strength": position.power[origin]}
        position.push(target, code)
        position.numbers[target] = position.turn
        self.marks.append((origin, target))
        event.update(type="move", colour=mover, strength=strength_of(code),
                     **{"from": str(action.origin), "to": str(action.target)},
                     stacked_on=stacked_on, height=len(position.stacks[target]), revealed=revealed)
        self.events.append(event)
        return (target, origin)

    def _check_win(self, changed: tuple[int, ...], action: Action) -> None:
        """The acting side wins with a row of its own; else the other side with one of its."""
        position = self.position
        for colour in (self.colour, other(self.colour)):
            for at in changed:
                line = position.four_through(at, colour)
                if line:
                    position.win_line = line
                    winner = COLOUR_NAMES[colour]
                    squares = " ".join(position.geo.name(i) for i in line)
                    by = "" if colour == self.colour else f", made by {COLOUR_NAMES[self.colour]}'s {action}"
                    position.outcome = Outcome(winner, f"four in a row {squares}{by}", "four")
                    self.events.append({"type": "win", "winner": winner,
                                        "squares": [position.geo.name(i) for i in line],
                                        "by": COLOUR_NAMES[self.colour]})
                    return

    def _earn_chip(self) -> None:
        position, colour = self.position, self.colour
        side = COLOUR_NAMES[colour]
        if position.chips[STOCK]:
            position.chips[STOCK] -= 1
            source = "stock"
        elif position.chips[other(colour)]:
            position.chips[other(colour)] -= 1
            source = COLOUR_NAMES[other(colour)]
        else:
            self.events.append({"type": "chip-none", "side": side,
                                "reason": f"{side} already holds every chip"})
            return
        position.chips[colour] += 1
        self.events.append({"type": "chip-gained", "side": side, "from": source,
                            "held": position.chips[colour]})


def _rook_step(action: Shift, stride: int) -> int | None:
    (c1, r1), (c2, r2) = action.origin, action.target
    if r1 == r2 and c1 != c2:
        return 1 if c2 > c1 else -1
    if c1 == c2 and r1 != r2:
        return stride if r2 > r1 else -stride
    return None


def _describe_top(position: Position, at: int) -> str:
    height = len(position.stacks[at])
    what = f"a {COLOUR_NAMES[position.top[at]]} {position.power[at]}"
    return what if height == 1 else f"{what} (on a stack of {height})"


def _chips_text(position: Position) -> str:
    return (f"black holds {position.chips[BLACK]}, red {position.chips[RED]}, "
            f"the stock {position.chips[STOCK]}")


# -- what can be played ----------------------------------------------------------------------

def legal_actions(position: Position, colour: int) -> list[Action]:
    """Every action ``colour`` may take now: placements, then moves (a generator for tests,
    analysis and the draw rule)."""
    geo = position.geo
    empties = [geo.square(at) for at in geo.squares if position.top[at] == EMPTY]
    found: list[Action] = []
    for enemy in (False, True):
        if position.field[other(colour) if enemy else colour]:
            found.extend(Place(enemy, square) for square in empties)
    top, power = position.top, position.power
    for origin in geo.squares:
        if top[origin] != colour:
            continue
        for step in geo.rook:
            at = origin + step
            while top[at] == EMPTY:
                found.append(Shift(geo.square(origin), geo.square(at)))
                at += step
            if top[at] != WALL and power[at] < power[origin]:
                found.append(Shift(geo.square(origin), geo.square(at)))
    return found


def legal_moves(position: Position) -> list[Turn]:
    """Every turn of one action the side to move may play (none once the game is over).  A
    turn that goes on with extra actions paid with chips (``A c3 *B d4``) is not listed:
    with chips in hand there are tens of thousands; :func:`extra_actions` gives the actions
    that may extend a turn."""
    if position.outcome is not None:
        return []
    return [Turn((action,)) for action in legal_actions(position, position.to_move)]


def canonical_move(position: Position, turn: Turn, legal: bool = False) -> Turn:
    """``turn`` as :func:`legal_moves` lists it: without the strengths its placements state
    (``A c3=2`` is ``A c3``), which the referee checks; a turn that does not play keeps them
    (``legal``: the caller knows it plays)."""
    if not isinstance(turn, Turn) or not any(
            isinstance(action, Place) and action.strength is not None for action in turn.actions):
        return turn
    if not legal:
        try:
            play(position.copy(), turn)
        except KifuError:
            return turn
    return Turn(tuple(Place(action.enemy, action.square) if isinstance(action, Place) else action
                      for action in turn.actions))


def is_legal(position: Position, turn: Turn) -> bool:
    """Whether ``turn`` is listed (one action) or, extended with extra actions paid with chips,
    plays: each extra action one :func:`extra_actions` gives."""
    if len(turn.actions) == 1:
        return canonical_move(position, turn) in legal_moves(position)
    if position.outcome is not None:
        return False
    try:
        play(position.copy(), turn)
    except KifuError:
        return False
    return True


def extra_actions(position: Position, turn: Turn) -> list[Action]:
    """The extra actions that may follow ``turn``'s actions at ``position`` (each paid with a
    chip); raises ``IllegalMoveError`` if ``turn`` itself breaks a rule.  ``position`` is left
    as it was."""
    current = TurnPlay(position.copy())
    for action in turn.actions:
        current.act(action)
    return current.legal() if current.actions else []


def has_action(position: Position, colour: int) -> bool:
    """Whether ``colour`` has any legal action (without listing them: the draw rule asks this
    after every turn)."""
    if position.empties and (position.field[BLACK] or position.field[RED]):
        return True
    top, power = position.top, position.power
    for origin in position.geo.squares:
        if top[origin] == colour:
            for step in position.geo.rook:
                near = top[origin + step]
                if near == EMPTY or (near != WALL and power[origin + step] < power[origin]):
                    return True
    return False

