"""The referee's entry points: the start position and one move of any kind."""
from __future__ import annotations

from kifu.errors import IllegalMoveError, SetupError
from kifu.game import Outcome, Played
from kifu.games.gungi import battle, setup_phase
from kifu.games.gungi.notation import BackFaces, Placement, Ply, Resign, Section
from kifu.games.gungi.position import BATTLE, OVER, Position
from kifu.record import Record


def start(record: Record) -> Position:
    if record.setup is None:
        return Position()
    from kifu.games.gungi.diagram_position import from_diagram

    try:
        return from_diagram(record.setup)
    except SetupError as error:
        raise error.located(span=error.span or getattr(record.setup, "span", None)) from None


def play(pos: Position, move: object, lenient: bool) -> tuple[Played, object]:
    """Apply any move value; returns what happened and the move with its resolution."""
    if pos.phase == OVER:
        raise IllegalMoveError("the record has ended ([終局])", rule="game-over")
    if isinstance(move, Ply):
        played, move = battle.play_ply(pos, move, lenient)
    elif isinstance(move, Placement):
        number = sum(pos.placed) + 1
        try:
            played = setup_phase.place(pos, move, lenient)
        except IllegalMoveError as error:
            raise error.located(message=f"set-up ply {number}: {error.message}") from None
        for warning in played.warnings:
            warning.message = f"set-up ply {number}: {warning.message}"
    elif isinstance(move, BackFaces):
        played = setup_phase.back_faces(pos, move)
    elif isinstance(move, Section):
        played = setup_phase.section(pos, move, lenient)
    elif isinstance(move, Resign):
        played = battle.resign(pos, move.side)
    else:
        raise IllegalMoveError(f"not a Gungi move: {move!r}", rule="notation")
    if getattr(move, "ends", False):
        _end(pos, lenient, played)
    return played, move


def _end(pos: Position, lenient: bool, played: Played) -> None:
    """[終局]: the record ends here, so the game must be over (or 千日手 must have struck)."""
    if pos.outcome is None and pos.repeated and pos.phase != BATTLE:
        pos.outcome = Outcome(None, "千日手 (sennichite), not replayed")
    if pos.outcome is None:
        error = IllegalMoveError("the record says [終局], but the game is not over", rule="end")
        if not lenient:
            raise error
        played.warnings.append(error.as_warning())
    played.events.append({"type": "end"})

