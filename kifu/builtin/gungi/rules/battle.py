"""The referee of the battle (開戦 onwards): one written ply resolved (:mod:`.resolve`), checked
and carried out.

With ``lenient``, what a ply gets wrong that the rules can mend (a missing [さ入手], say) is
repaired and reported as a warning.  Claim-based fouls (二兵, ニへ) are errors naming the side
that could claim them, warnings with ``lenient``, unless the record claims them later in the
line (▲反則指摘); they end the game when the record says [反則].  へ詰め and 手兵詰め lose at once.
"""
from __future__ import annotations

from dataclasses import replace

from kifu.builtin.gungi.geometry import file_of, name, rank_of
from kifu.builtin.gungi.moves import Coord, Ply, Resolved
from kifu.builtin.gungi.pieces import MARKS, SIDE_NAMES
from kifu.builtin.gungi.position import BATTLE, OVER, READY, REPEATED, Board, Piece, Position
from kifu.builtin.gungi.rules import claims, hands
from kifu.builtin.gungi.rules.actions import DROP, EXCHANGE, MOVE, SWAP, Action
from kifu.builtin.gungi.rules.board_ops import Effects, copy_board, perform, place
from kifu.builtin.gungi.rules.legal import (
    attempt,
    file_fouls,
    has_legal_action,
    mating_foul,
)
from kifu.builtin.gungi.rules.reach import in_check
from kifu.builtin.gungi.rules.resolve import Reading, problem, read_ply, where
from kifu.plugin import Event, IllegalMoveError, Outcome, Played

REPETITION_LIMIT = 4


def play_ply(pos: Position, ply: Ply, lenient: bool) -> tuple[Played, Ply]:
    """Carry out ``ply``; returns what happened and the ply with its resolution filled in."""
    played = Played()
    _check_phase(pos, ply, lenient, played)
    reading = read_ply(pos, ply, lenient, played)
    try:
        return carry_out(pos, ply, reading, lenient)
    except IllegalMoveError as error:
        if not reading.repairs:
            raise
        # Never re-read a ply as another without saying so: the fault found in carrying out
        # the repaired reading names that reading.
        raise error.located(message=f"{error.message} (the ply read as "
                                    f"{', '.join(reading.repairs)})") from None


def carry_out(pos: Position, ply: Ply, reading: Reading, lenient: bool) -> tuple[Played, Ply]:
    """Carry out a ply read by :func:`read_ply` in the same position."""
    played = reading.played
    resolved = _execute(pos, ply, reading.action, lenient, played, reading.repairs)
    return played, replace(ply, resolved=replace(resolved, needs_origin=reading.needs_origin))


def _check_phase(pos: Position, ply: Ply, lenient: bool, played: Played) -> None:
    if pos.phase == BATTLE:
        return
    if pos.phase == READY:
        problem(played, lenient, "「開戦」 must stand between the set-up and the first battle ply",
                 "section-order")
        pos.phase = BATTLE
        pos.to_move = pos.first_player
        return
    if pos.phase == REPEATED:
        raise IllegalMoveError("the position has occurred four times (千日手); the game is "
                               "set up again from [再び始め]", rule="sennichite")
    if pos.phase == OVER:
        raise IllegalMoveError("the record has ended ([終局])", rule="game-over")
    raise IllegalMoveError("battle plies come after the set-up: [打ち始め], the set-up plies, "
                           "[済み] and 「開戦」 (or a set-up diagram)", rule="section-order")


# -- carrying it out ------------------------------------------------------------------------

def _execute(pos: Position, ply: Ply, action: Action, lenient: bool, played: Played,
             repairs: list[str]) -> Resolved:
    """Carry out a resolved action: what it captures goes to the hand, the pieces under a へ
    turn, a 猪駒 that can no longer move is recovered, a captured 香 is re-placed; then the
    turn passes, and the fouls and the end of the game are judged."""
    side = pos.to_move
    board = pos.board
    victim = _victim(board, action)
    obtained = hands.reveal_capture(pos, ply, victim, lenient, played, repairs)
    betray = hands.betrayal(pos, ply, action, lenient, played)
    trial_board, trial = attempt(pos, action, side, betray)
    placements = hands.placements(pos, ply, trial.lances(), trial_board)
    hand_piece = _from_hand(pos, ply, action, side)
    board_before = copy_board(board)
    eff = perform(board, pos.geometry, action, side, betray=betray, hand_piece=hand_piece)
    place(board, placements)
    events: list[Event] = [_event(action, side)]
    if action.bonus:
        events.append({"type": "effect", "effect": "range-bonus", "fort": action.bonus})
    captured = None if victim is None else (victim.face, victim.owner)  # before it turns
    if victim is not None:
        events.append({"type": "capture", "piece": victim.face, "side": SIDE_NAMES[victim.owner],
                       "square": name(action.to), "tier": action.victim_tier,
                       **({"back": obtained} if obtained else {})})
        hands.to_hand(pos, side, victim, obtained)
    events.extend({"type": "betrayal", "square": name(action.to), "tier": tier,
                   "from": before.face, "to": after.face, "side": SIDE_NAMES[after.owner]}
                  for tier, before, after in eff.betrayed)
    recovered = _recover_to_hands(pos, ply, eff, events, captured and captured[0], lenient,
                                  played)
    events.extend({"type": "forced-replacement", "piece": piece.face, "square": name(at),
                   "side": SIDE_NAMES[piece.owner]} for at, piece in placements)
    _pass_turn(pos, action, side)
    fouls = _fouls(board_before, board, action, side, bool(eff.betrayed))
    _finish(pos, ply, action, side, fouls, lenient, played, events)
    played.events.extend(events)
    return _resolved(action, captured, recovered, repairs)


def _victim(board: Board, action: Action) -> Piece | None:
    """The piece the action captures, if it captures (an exchange takes the bottom piece)."""
    if action.victim_tier is None:
        return None
    return board[action.to][0 if action.kind == EXCHANGE else action.victim_tier - 1]


def _from_hand(pos: Position, ply: Ply, action: Action, side: int) -> Piece | None:
    """The piece a drop or an exchange takes from the hand."""
    if action.kind not in (DROP, EXCHANGE):
        return None
    return hands.take_from_hand(pos, side, action.face if action.kind == DROP
                                else action.other or "", ply.back)


def _recover_to_hands(pos: Position, ply: Ply, eff: Effects, events: list[Event],
                      taken: str | None, lenient: bool, played: Played) -> list[str]:
    """強制回収: each recovered piece goes to its hand (the enemy's if the ply captured), a 兵
    going to the enemy with the back the ply's ``[X入手]`` names, if it names one; the faces
    recovered."""
    owners = [(piece, 1 - piece.owner if to_enemy else piece.owner)
              for _, piece, to_enemy in eff.recovered]
    hands.reveal_recovered(pos, ply, taken, owners, lenient, played)
    recovered = []
    for sq, piece, to_enemy in eff.recovered:
        owner = 1 - piece.owner if to_enemy else piece.owner
        hands.recover(pos, piece, owner)
        recovered.append(piece.face)
        events.append({"type": "forced-recovery", "piece": piece.face, "square": name(sq),
                       "to": SIDE_NAMES[owner]})
    return recovered


def _pass_turn(pos: Position, action: Action, side: int) -> None:
    """What the next ply needs to know of this one (the last swap, the last square), and the
    turn to the other side."""
    pos.last_swap[side] = pos.board[action.to][action.tier - 1].pid if action.kind == SWAP \
        else None
    pos.last_square = action.to
    pos.last_from = action.origin if action.kind == MOVE else None
    pos.battle_plies += 1
    pos.to_move = 1 - side


def _resolved(action: Action, captured: tuple[str, int] | None, recovered: list[str],
              repairs: list[str]) -> Resolved:
    """The ply as it was carried out (``captured``: the face and owner of the piece it took),
    for the normaliser to write back into the record."""
    origin = None if action.origin is None else Coord(
        file_of(action.origin), rank_of(action.origin), action.origin_tier or 1)
    return Resolved(
        kind=action.kind, origin=origin,
        to=Coord(file_of(action.to), rank_of(action.to), action.tier),
        captured=None if captured is None else captured[0],
        captured_side=None if captured is None else captured[1],
        stacked=action.kind in (MOVE, DROP) and action.victim_tier is None and action.tier > 1,
        bonus=action.bonus, recovered=tuple(recovered),
        repaired=tuple(repairs))


def _event(action: Action, side: int) -> Event:
    event: Event = {"type": action.kind, "side": SIDE_NAMES[side], "piece": action.face,
                    "to": name(action.to), "tier": action.tier}
    if action.origin is not None and action.kind == MOVE:
        event["from"] = where(action.origin, action.origin_tier)
    if action.bonus:
        event["bonus"] = action.bonus
    if action.other:
        event["with"] = action.other
    return event


MATE_FOULS = {"he-mate": ("へ詰め", "a へ"), "pawn-drop-mate": ("手兵詰め", "a 兵 just dropped")}


def _fouls(before: Board, after: Board, action: Action, side: int,
           betrayed: bool) -> list[tuple[int, str, str]]:
    """(offender, rule, message) for each claim-based foul the ply produced (二兵, ニへ)."""
    fouls = []
    file = file_of(action.to)
    for offender, rule in file_fouls(before, after, action, side, betrayed):
        mark = MARKS[offender]
        if rule == "ni-hyou":
            text = f"手二兵: {mark} dropped a 兵 on file {file}, where it already has one"
        else:
            kind = "手ニへ" if action.kind in (DROP, EXCHANGE) and offender == side else "ニへ"
            text = f"{kind}: {mark} has two へ on file {file}"
        fouls.append((offender, rule, text))
    return fouls


def _finish(pos: Position, ply: Ply, action: Action, side: int,
            fouls: list[tuple[int, str, str]], lenient: bool, played: Played,
            events: list[Event]) -> None:
    """What the ply leaves, once carried out: check, a 帥 taken, a mate (given with a へ or a
    dropped 兵, a foul that loses), the fouls it committed (lost at once where the record
    claims them on it), no legal move left, 千日手; and the record's notes that say otherwise."""
    enemy = 1 - side
    claims.note(pos, fouls)
    checked = in_check(pos.board, pos.geometry, enemy)
    if checked:
        events.append({"type": "check", "side": SIDE_NAMES[enemy]})
    if pos.king(enemy) < 0 and pos.king(side) >= 0 and _king_taken(action):
        pos.outcome = Outcome(SIDE_NAMES[side], "帥 taken", "capture")
    # depth 1: the replies are judged as the move generator judges them a ply ahead
    stuck = pos.outcome is None and not has_legal_action(pos, enemy, 1)
    foul_mate = mating_foul(pos.board, pos.geometry, action, side) if stuck and checked else None
    if foul_mate is not None:
        _mate_foul(pos, ply, side, foul_mate, lenient, played, events)
        return
    if ply.foul and fouls:
        _claimed_foul(pos, fouls[0], events)
        return
    _fouls_committed(pos, ply, fouls, lenient, played, events)
    if stuck:
        _no_legal_move(pos, side, checked, events)
    elif ply.mate:
        problem(played, lenient, f"the record says [詰み], but {MARKS[enemy]} "
                 + ("is in check and can still answer it" if checked else "is not even in check"),
                 "mate-claim")
    if pos.outcome is None:
        _count_repetition(pos, ply, lenient, played, events)


def _claimed_foul(pos: Position, foul: tuple[int, str, str], events: list[Event]) -> None:
    """A foul the record claims on the ply that commits it (``[反則]``): the offender loses
    (§十七)."""
    offender, rule, message = foul
    pos.outcome = Outcome(SIDE_NAMES[1 - offender], f"反則 ({message})", "foul")
    events.append({"type": "foul", "rule": rule, "offender": SIDE_NAMES[offender]})


def _fouls_committed(pos: Position, ply: Ply, fouls: list[tuple[int, str, str]], lenient: bool,
                     played: Played, events: list[Event]) -> None:
    """The fouls of a ply whose record does not claim them on it, each an event: a fault
    unless the record claims it later (the other side may); a ``[反則]`` on a ply that
    commits none is a fault too."""
    if ply.foul and not fouls:
        problem(played, lenient, "the record says [反則], but this ply commits no foul",
                 "foul-claim")
    for offender, rule, message in fouls:
        events.append({"type": "foul", "rule": rule, "offender": SIDE_NAMES[offender]})
        if not claims.claimed_later(pos, ply, offender, rule):
            problem(played, lenient, f"{message}; {claims.could_claim(offender, rule)}", rule)


def _no_legal_move(pos: Position, side: int, checked: bool, events: list[Event]) -> None:
    """The other side has no legal action: mated (詰み) in check, and without a move
    otherwise; ``side`` wins either way."""
    reason = "詰み (mate)" if checked else "no legal move"
    pos.outcome = Outcome(SIDE_NAMES[side], reason, "mate" if checked else "no-move")
    events.append({"type": "mate" if checked else "no-legal-move", "winner": SIDE_NAMES[side]})


def _count_repetition(pos: Position, ply: Ply, lenient: bool, played: Played,
                      events: list[Event]) -> None:
    """The position counted once more: its fourth time is 千日手, the battle stopping until
    the set-up begins again (``[再び始め]``); a ``[千日手]`` the record writes before that
    is a fault."""
    key = pos.key()
    pos.repetitions[key] += 1
    if pos.repetitions[key] >= REPETITION_LIMIT:
        pos.phase = REPEATED
        pos.repeated = True
        events.append({"type": "sennichite"})
    elif ply.repetition:
        problem(played, lenient, "the record says [千日手], but this position has occurred "
                 f"{pos.repetitions[key]} times, not four", "sennichite-claim")


def _mate_foul(pos: Position, ply: Ply, side: int, rule: str, lenient: bool, played: Played,
               events: list[Event]) -> None:
    """へ詰め / 手兵詰め: a mate given so is a foul, and a foul loses at once (§十七); unlike
    二兵 and ニへ the rules give it no claim, so the game ends here whatever the record says."""
    foul, what = MATE_FOULS[rule]
    message = f"{foul}: {MARKS[side]} mated with {what}, a foul that loses"
    pos.outcome = Outcome(SIDE_NAMES[1 - side], f"反則 ({message})", "foul")
    events.append({"type": "foul", "rule": rule, "offender": SIDE_NAMES[side]})
    if not ply.foul:
        said = "[詰み]" if ply.mate else "nothing"
        problem(played, lenient, f"{message}; the record says {said}, where it should say "
                 "[反則]", rule)


def _king_taken(action: Action) -> bool:
    return action.victim_tier is not None


def resign(pos: Position, side: int) -> Played:
    """投了: either player may resign at any point of the battle."""
    if pos.phase not in (BATTLE, READY):
        raise IllegalMoveError("a player resigns during the battle", rule="resign")
    pos.outcome = Outcome(SIDE_NAMES[1 - side], "resignation (投了)", "resignation")
    return Played([{"type": "resign", "side": SIDE_NAMES[side]}])

