"""legal_moves in the cases the rules single out: ko and superko, suicide, Renju's offers and
forbidden points, Rengi's pass, Gungi's set-up, Rengoma's turns."""
from __future__ import annotations

import pytest

import kifu

# 5x5, black to take the ko at C2:      . . . . .
#                                        . . . . .
#                                        . X O . .     X black, O white
#                                        X O . O .
#                                        . X O . .
KO = "B3 C3 A2 B2 B1 D2 E5 C1 C2"


def go(moves: str, *headers: str) -> kifu.Record:
    return kifu.parse("\n".join(["Game: freego", "Board: grid:5", *headers, moves, ""]))


def cells(game: kifu.Game, position: object) -> set[str]:
    return {str(m) for m in game.legal_moves(position)} - {"pass"}


@pytest.mark.parametrize("ko", ["positional", "situational", "basic"])
def test_a_ko_is_not_retaken_at_once_but_after_a_move_elsewhere(ko: str) -> None:
    record = go(KO, f"Ko: {ko}")
    game, position = record.game, record.position()
    assert "B2" not in cells(game, position)
    with pytest.raises(kifu.IllegalMoveError):
        game.play(position, game.parse_move("B2", position))
    later = record.game.play(game.play(position, game.parse_move("E4", position)),
                             game.parse_move("E3", position))
    assert "B2" in cells(game, later)
    assert "pass" in {str(m) for m in game.legal_moves(later)}


def test_suicide_is_listed_only_where_the_rules_allow_it() -> None:
    # White to move; A2 would leave A1-A2 without a liberty (B1 B2 A3 are black).
    strict = go("B1 A1 B2 C5 A3")
    assert "A2" not in cells(strict.game, strict.position())
    allowed = go("B1 A1 B2 C5 A3", "Suicide: allowed")
    game, position = allowed.game, allowed.position()
    assert "A2" in cells(game, position)
    after = game.play(position, game.parse_move("A2", position))
    assert game.position_json(after)["stones"]["white"] == ["C5"]


def test_renju_lists_only_the_offered_points_after_an_offer() -> None:
    record = kifu.parse("Game: renju\n1. h8 2. h9 3. j10 4. g10 offer[f11 k11]\n")
    renju, position = record.game, record.position()
    assert [str(m) for m in renju.legal_moves(position)] == ["f11", "k11"]


def test_renju_leaves_out_black_s_forbidden_points_but_not_white_s() -> None:
    from kifu.builtin.renju.forbidden import forbidden_for_black

    record = kifu.read("examples/renju/double-three.renju")  # 23. f6 is black's 3-3
    renju, position = record.game, record.position(22)
    black = {str(m) for m in renju.legal_moves(position)}
    forbidden = {str(point) for point, _ in forbidden_for_black(position)}
    assert "f6" in forbidden and not forbidden & black
    assert len(black) == 225 - 22 - len(forbidden) + 1  # every other empty point and a pass
    white_to_move = renju.play(position, renju.parse_move("pass", position))
    assert forbidden <= {str(m) for m in renju.legal_moves(white_to_move)}
    lost = renju.play(position, renju.parse_move("f6", position))  # played, and it loses
    assert renju.outcome(lost).winner == "white"


def test_rengi_passes_only_while_the_opponent_s_chain_runs() -> None:
    record = kifu.read("examples/rengi/seven-chain.rengi")
    rengi = record.game
    seen_pass = False
    for step in record.replay():
        moves = rengi.legal_moves(step.position)
        side = step.position.current
        running = step.position.chain_running(1 - side)
        assert any(type(m).__name__ == "Pass" for m in moves) == (
            running and rengi.outcome(step.position) is None)
        seen_pass = seen_pass or running
    assert seen_pass


def test_gungi_lists_set_up_placements_then_battle_plies() -> None:
    record = kifu.read("examples/gungi/short-game.gungi")
    gungi = record.game
    kinds = [{type(m).__name__ for m in gungi.legal_moves(s.position)} for s in record.replay()]
    assert {"Placement"} in kinds and {"Ply"} in kinds


def test_rengoma_lists_turns_of_one_action() -> None:
    record = kifu.read("examples/rengoma/team-game.rengoma")
    rengoma, position = record.game, record.position(1)
    turns = rengoma.legal_moves(position)
    assert turns and all(len(t.actions) == 1 for t in turns)
    assert {a.kind for t in turns for a in t.actions} >= {"A", "B"}
