"""The referee's entry points: one move of any kind (a set-up ply, a section marker, a battle
ply, a resignation), the end of the record, the outcome."""
from __future__ import annotations

from kifu.builtin.gungi.moves import BackFaces, Claim, Placement, Ply, Resign, Section
from kifu.builtin.gungi.position import BATTLE, OVER, Position
from kifu.builtin.gungi.rules import battle, claims, formation
from kifu.plugin import IllegalMoveError, Outcome, Played


def outcome(pos: Position) -> Outcome | None:
    """How the game has ended (mate, a foul, 帥 taken, resignation, 千日手), if it has."""
    return pos.outcome


def play(pos: Position, move: object, lenient: bool) -> tuple[Played, object]:
    """Apply any move value; returns what happened and the move with its resolution."""
    if pos.phase == OVER:
        raise IllegalMoveError("the record has ended ([終局])", rule="game-over")
    if isinstance(move, Ply):
        played, move = battle.play_ply(pos, move, lenient)
    elif isinstance(move, Placement):
        number = sum(pos.placed) + 1
        try:
            played = formation.place(pos, move, lenient)
        except IllegalMoveError as error:
            raise error.located(message=f"set-up ply {number}: {error.message}") from None
        for warning in played.warnings:
            warning.message = f"set-up ply {number}: {warning.message}"
    elif isinstance(move, BackFaces):
        played = formation.back_faces(pos, move)
    elif isinstance(move, Section):
        played = formation.section(pos, move, lenient)
    elif isinstance(move, Resign):
        played = battle.resign(pos, move.side)
    elif isinstance(move, Claim):
        played = claims.claim(pos, move.side)
    else:
        raise IllegalMoveError(f"not a Gungi move: {move!r}", rule="notation")
    if getattr(move, "ends", False):
        _end(pos, lenient, played)
    return played, move


def _end(pos: Position, lenient: bool, played: Played) -> None:
    """[終局]: the record ends here, so the game must be over (or 千日手 must have struck)."""
    if pos.outcome is None and pos.repeated and pos.phase != BATTLE:
        pos.outcome = Outcome(None, "千日手 (sennichite), not replayed", "repetition")
    if pos.outcome is None:
        error = IllegalMoveError("the record says [終局], but the game is not over", rule="end")
        if not lenient:
            raise error
        played.warnings.append(error.as_warning())
    played.events.append({"type": "end"})

