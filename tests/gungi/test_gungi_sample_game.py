"""The source's sample game, exactly as published: where the record is wrong, and the mate.

The record has two slips: ply 94 writes ``▽6―6―1―筒、新▲同―鳳`` (the 新 of the 筒 drop put after
the 、: one fault, of ply 94, with its one repair) and ply 111 writes ``▲5―5―2―謀`` for the drop
``▲5―5―2―謀新`` on black's own 上.  With those read as the only legal readings, the game replays
to the 詰み the source records.  Ply 122 plays on the square of ply 121 without writing 同 (§十八,
line 447): a warning, and kifu writes 同 there.
"""
from __future__ import annotations

import hashlib
from pathlib import Path

from kifu.builtin.gungi import GAME
from kifu.plugin import driver

ROOT = Path(__file__).resolve().parents[2]
SAMPLE = ROOT / "examples" / "gungi" / "nishitsuji-sample.gungi"
#: The SHA-256 of the game block as published (from [打ち始め] to [終局], 4,060 bytes of UTF-8).
PUBLISHED_SHA256 = "3ae3e9e3c01ab75562b3063bda1ddfa50585f1cc616501297b1a82fb4bc5cc5c"

EXPECTED = [
    (47, 6, 94, "notation", "the 新 written after this ply's 、 is its own (a drop); the one "
                            "legal reading is ▽6―6―1―筒新"),
    (52, 21, 111, "unreachable", "no ▲謀 can move to 5―5; the one legal reading is ▲5―5―2―謀新"),
]
#: A warning with or without --lenient: the rules write 同 there.
SAME = (56, 11, 122, "notation", "▽5―2―1―雛 plays on the square of the ply before it, which the "
                                 "rules write with 同 (§十八): ▽同―雛", "warning")


def diagnostics(lenient: bool) -> list[tuple]:
    text = SAMPLE.read_text(encoding="utf-8")
    problems, moves = driver.check(GAME, GAME.parse(text, str(SAMPLE)), lenient=lenient)
    assert moves == 137
    return [(p.span.line, p.span.column, p.move_number, p.rule, p.message, p.severity)
            for p in problems]


def test_sample_is_the_published_block_byte_for_byte() -> None:
    assert hashlib.sha256(SAMPLE.read_bytes()).hexdigest() == PUBLISHED_SHA256


def test_sample_game_errors_are_reported_with_line_column_and_ply() -> None:
    assert diagnostics(lenient=False) == [*((*e, "error") for e in EXPECTED), SAME]


def test_sample_game_lenient_repairs_with_warnings() -> None:
    assert diagnostics(lenient=True) == [*((*e, "warning") for e in EXPECTED), SAME]


def test_sample_game_replays_to_its_mate() -> None:
    record = GAME.parse(SAMPLE.read_text(encoding="utf-8"))
    steps = list(driver.replay(GAME, record, lenient=True))
    final = steps[-1].position
    assert final.outcome.winner == "black"
    assert final.outcome.reason == "詰み (mate)"
    assert steps[-1].node.move.mate
    assert final.battle_plies == 137


def test_sample_game_cli_diagnostics(kifu_cli) -> None:
    strict = kifu_cli("validate", "-q", SAMPLE, exit_code=1)
    assert strict.stdout.splitlines()[0] == (
        f"{SAMPLE}:47:6: error[illegal-move]: move 94: " + EXPECTED[0][4] + " [rule: notation]")
    lenient = kifu_cli("validate", "-q", "--lenient", SAMPLE)
    assert lenient.stdout.count("warning[illegal-move]") == 3


def test_sample_game_writes_back_byte_for_byte_in_both_dialects() -> None:
    """Byte for byte but for ply 122, which kifu writes with 同 as the rules do."""
    text = SAMPLE.read_text(encoding="utf-8")
    record = GAME.parse(text)
    text = text.replace("▽5―2―1―雛、▲同―筒", "▽同―雛、▲同―筒")
    assert GAME.write(record) == text
    ascii_text = GAME.write(record, "ascii")
    comment = "なぜ、6―2―2―臥新と打たなかった?"
    assert comment in ascii_text and ascii_text.replace(comment, "").isascii()
    assert GAME.parse(ascii_text) == record
    assert GAME.write(GAME.parse(ascii_text)) == text


def test_sample_game_normalised_moves() -> None:
    """What the notation leaves implicit, filled in by the normaliser (as Kifu for JS does)."""
    record = GAME.parse(SAMPLE.read_text(encoding="utf-8"))
    battle = [n.move for n in record.moves if type(n.move).__name__ == "Ply"]
    first = battle[1].resolved                        # ▽7―3―2―忍: stacks on its own 兵
    assert (first.kind, str(first.origin), str(first.to), first.stacked) == (
        "move", "8―1―1", "7―3―2", True)
    strike = battle[90].resolved                      # ▲同―不2―鳳
    assert (strike.kind, strike.captured, strike.captured_side) == ("strike", "上", 1)
    swap = battle[127].resolved                       # ▽6―2―1―侍⇔帥
    assert swap.kind == "substitute"
    repaired = battle[93].resolved                    # ▽6―6―1―筒 read as a drop
    assert (repaired.kind, repaired.repaired) == ("drop", ("▽6―6―1―筒新",))


def test_sample_game_json_replay_events() -> None:
    """Events per move for tools downstream: captures, effects, check."""
    record = GAME.parse(SAMPLE.read_text(encoding="utf-8"))
    events = {s.number: s.events for s in driver.replay(GAME, record, lenient=True) if s.number}
    assert [e["type"] for e in events[4]] == ["move"]
    assert events[5][1] == {"type": "capture", "piece": "忍", "side": "white", "square": "6―5",
                            "tier": 1}
    assert events[128][0]["type"] == "substitute"
    assert events[129][1]["back"] == "さ"
    assert [e["type"] for e in events[137]] == ["drop", "check", "mate", "end"]
