"""Drops (新, 地連) and the claim-based fouls: 二兵, ニへ, へ詰め, 手兵詰め; resignation."""
from __future__ import annotations

import json

from kifu.builtin.gungi.geometry import square

E = ". . . . . . . . ."


def board(*rows: str) -> str:
    assert len(rows) == 9
    return "\n".join(rows)


KINGS = board("v帥 . . . . . . . .", E, E, E, E, E, E, E, ". . . . . . . . 帥")


def test_drop_goes_on_an_empty_square_on_tier_one(gungi) -> None:
    result = gungi.replay(KINGS, "▲5―5―1―槍新", black="槍")
    assert result.problems == []
    assert result.position.hands[0] == []
    assert [p.rule for p in gungi.replay(KINGS, "▲5―5―1―槍新").errors] == ["drop-not-in-hand"]


def test_drop_never_captures(gungi) -> None:
    pos = board("v帥 . . . . . . . .", E, E, E, ". . . . v兵 . . . .", E, E, E, ". . . . . . . . 帥")
    assert [p.rule for p in gungi.replay(pos, "▲5―5―1―槍新", black="槍").errors] == ["drop-square"]


def test_drop_on_ground_pieces_follows_their_face_rules(gungi) -> None:
    """地連: on 砲/砦 anything; on 忍 back faces only; on 上 front faces only; never on an
    enemy's."""
    pos = board("v帥 . . . . . . . .", E, E, E, ". . 忍 . 上 . 砲 . .", E, ". . . . v忍 . . . .", E,
                ". . . . . . . . 帥")
    assert gungi.replay(pos, "▲7―5―2―槍新", black="槍").problems == []
    assert [p.rule for p in gungi.replay(pos, "▲7―5―2―侍新", black="侍").errors] == ["drop-square"]
    assert gungi.replay(pos, "▲5―5―2―侍新", black="侍").problems == []
    assert [p.rule for p in gungi.replay(pos, "▲5―5―2―槍新", black="槍").errors] == ["drop-square"]
    assert gungi.replay(pos, "▲3―5―2―侍新", black="侍").problems == []
    assert [p.rule for p in gungi.replay(pos, "▲5―7―2―槍新", black="槍").errors] == ["drop-square"]


def test_boar_is_not_dropped_where_it_could_never_move(gungi) -> None:
    assert [p.rule for p in gungi.replay(KINGS, "▲5―1―1―兵新", black="兵").errors] == ["drop-dead"]
    assert [p.rule for p in gungi.replay(KINGS, "▲5―2―1―忍新", black="忍").errors] == ["drop-dead"]
    assert gungi.replay(KINGS, "▲5―3―1―忍新", black="忍").problems == []


def test_ni_hyou_by_drop_is_a_foul_the_enemy_may_claim(gungi) -> None:
    pos = board("v帥 . . . . . . . .", E, E, E, E, E, ". . . . 兵 . . . .", E, ". . . . . . . . 帥")
    result = gungi.replay(pos, "▲5―5―1―兵新、▽9―2―1―帥", black="兵")
    assert [(p.rule, p.message, p.move_number) for p in result.errors] == [
        ("ni-hyou", "手二兵: ▲ dropped a 兵 on file 5, where it already has one; ▽ could claim "
                    "the win ([反則] on this ply, or ▽反則指摘 before ▽'s next ply; the record "
                    "has neither)", 1)]
    lenient = gungi.replay(pos, "▲5―5―1―兵新", black="兵", lenient=True)
    assert [p.severity for p in lenient.problems] == ["warning"]
    claimed = gungi.replay(pos, "▲5―5―1―兵新[反則]", black="兵")
    assert claimed.problems == []
    assert claimed.position.outcome.winner == "white"


def test_ni_hyou_by_moving_is_no_foul(gungi) -> None:
    pos = board("v帥 . . . . . . . .", E, E, E, ". . . . 兵 . . . .", ". . 侍兵 . . . . . .", E,
                E, ". . . . . . . . 帥")
    assert gungi.replay(pos, "▲5―6―1―兵").problems == []


def test_ni_he_by_moving_and_by_dropping(gungi) -> None:
    pos = board("v帥 . . . . . . . .", E, E, E, ". . . . へ . . . .", E, ". . . . . へ . . .", E,
                ". . . . . . . . 帥")
    moved = gungi.replay(pos, "▲5―7―1―へ")
    assert [(p.rule, p.message) for p in moved.errors] == [
        ("ni-he", "ニへ: ▲ has two へ on file 5; ▽ could claim the win ([反則] on this ply, or "
                  "▽反則指摘 at any later time; the record has neither)")]
    dropped = gungi.replay(KINGS.replace(". . . . . . . . 帥", ". . . . へ . . . 帥"),
                           "▲5―5―1―へ新", black="へ")
    assert [p.message.split(":")[0] for p in dropped.errors] == ["手ニへ"]


def test_a_ni_he_may_be_claimed_any_time_later(gungi) -> None:
    """Line 405: a ニへ may be claimed whenever it is noticed, until a resignation: ▽反則指摘
    three plies on, after ▲ has even moved the へ back, ends the game, ▲ losing by the foul."""
    pos = board("v帥 . . . . . . . .", E, E, E, ". . . . へ . . . .", E, ". . . . . へ . . .", E,
                ". . . . . . . . 帥")
    result = gungi.replay(pos, "▲5―7―1―へ、▽9―2―1―帥、▲4―7―1―へ、▽反則指摘[終局]",
                          lenient=True)
    assert result.problems == []  # claimed: no fault where it was made (issue 36)
    assert result.position.outcome.winner == "white"
    assert result.position.outcome.reason == "反則 (ニへ: ▲ has two へ on file 5)"
    assert result.events[-1] == [{"type": "foul", "rule": "ni-he", "offender": "black",
                                  "claimed_by": "white"}, {"type": "end"}]
    resigned = gungi.replay(pos, "▲5―7―1―へ、▽投了、▽反則指摘", lenient=True)
    assert resigned.position.outcome.winner == "black"
    assert [p.rule for p in resigned.problems] == ["ni-he", "game-over"]


NI_HE = board("v帥 . . . . . . . .", E, E, E, ". . . . へ . . . .", E, ". . . . . へ . . .", E,
              ". . . . . . . . 帥")


def test_both_notations_of_a_claim_give_one_verdict(gungi, kifu_cli, tmp_path) -> None:
    """Issue 36: line 405 makes a claim one act, 指摘 (pointing the foul out), whenever it is
    made: 「そのニへに気付いた時…指摘して相手の反則を取ることが出来る」.  Written on the ply
    (``[反則]``) or later (``▽反則指摘``), the game ends by the foul and the record is legal;
    unclaimed, the foul is an error whose message asks for what the record lacks."""
    games = {
        "on-the-ply.gungi": "▲5―7―1―へ[反則]。[終局]",
        "later.gungi": "▲5―7―1―へ、▽9―2―1―帥、▲4―7―1―へ、▽反則指摘。[終局]",
        "at-once.gungi": "▲5―7―1―へ、▽反則指摘。[終局]",
        "unclaimed.gungi": "▲5―7―1―へ、▽9―2―1―帥、▲4―7―1―へ",
    }
    for name, moves in games.items():
        (tmp_path / name).write_text(gungi.bod(NI_HE) + moves, encoding="utf-8")
    for name in ("on-the-ply.gungi", "later.gungi", "at-once.gungi"):
        checked = kifu_cli("validate", "-q", tmp_path / name)
        assert checked.stdout == "", name
        shown = json.loads(kifu_cli("show", tmp_path / name, "--format", "json").stdout)
        assert shown["outcome"] == {"winner": "white",
                                    "reason": "反則 (ニへ: ▲ has two へ on file 5)"}, name
    unclaimed = kifu_cli("validate", "-q", tmp_path / "unclaimed.gungi", exit_code=1)
    assert unclaimed.stdout.count("error[illegal-move]") == 1
    assert ("▽ could claim the win ([反則] on this ply, or ▽反則指摘 at any later time; the "
            "record has neither) [rule: ni-he]") in unclaimed.stdout
    # a claim after a resignation claims nothing: the foul is reported where it was made
    resigned = gungi.replay(NI_HE, "▲5―7―1―へ、▽投了、▽反則指摘")
    assert [p.rule for p in resigned.problems] == ["ni-he", "game-over"]


def test_a_claim_in_a_variation_answers_for_its_own_line(gungi) -> None:
    """The foul's ply is shared by the main line and a variation after it: a claim written
    only in the variation does not answer for the main line, which goes on unclaimed."""
    result = gungi.replay(NI_HE, "▲5―7―1―へ、▽9―2―1―帥 (▽反則指摘[終局])")
    assert [p.rule for p in result.problems] == ["ni-he"]
    claimed = gungi.replay(NI_HE, "▲5―7―1―へ、▽反則指摘 (▽9―2―1―帥)。[終局]")
    assert claimed.problems == []


def test_a_ni_hyou_may_be_claimed_only_before_the_claimers_next_ply(gungi) -> None:
    """Line 416: 二兵 is claimed before the claimer plays its next ply, or never."""
    pos = board("v帥 . . . . . . . .", E, E, E, E, ". . . . 兵 . . . .", E, E,
                ". . . . . . . . 帥")
    at_once = gungi.replay(pos, "▲5―5―1―兵新、▽反則指摘", black="兵", lenient=True)
    assert at_once.position.outcome.winner == "white"
    late = gungi.replay(pos, "▲5―5―1―兵新、▽9―2―1―帥、▽反則指摘", black="兵", lenient=True)
    assert [(p.rule, p.message) for p in late.problems][1:] == [
        ("foul-claim", "▽ claims a foul (反則指摘), but ▲ has made none it may claim: a ニへ at "
                       "any time, a 二兵 only before the claimer's next ply")]


def test_a_claim_reads_and_writes_in_both_dialects_and_json(gungi) -> None:
    from kifu.builtin.gungi import GAME
    from kifu.builtin.gungi.moves import Claim

    record = GAME.parse(gungi.bod(KINGS) + "▲2―8―1―帥、▽反則指摘")
    assert record.moves[-1].move == Claim(1)
    assert GAME.write(record).endswith("▲2―8―1―帥、▽反則指摘。\n")
    assert GAME.write(record, "ascii").endswith("B 2-8-1-sui, W claim.\n")
    assert GAME.parse(GAME.write(record, "ascii")) == record
    assert GAME.move_to_json(Claim(1)) == {"type": "claim", "side": 1}
    assert GAME.move_from_json({"type": "claim", "side": 1}) == Claim(1)


def test_mate_with_a_dropped_pawn_is_a_foul(gungi) -> None:
    pos = board("v帥 . . . . . . . .", ". . と . . . . . .", ". と . . . . . . .", E, E, E, E, E,
                ". . . . . . . . 帥")
    result = gungi.replay(pos, "▲9―2―1―兵新[詰み]", black="兵")
    assert [p.rule for p in result.errors] == ["pawn-drop-mate"]
    assert result.position.outcome.winner == "white"


def test_resignation_ends_the_game(gungi) -> None:
    result = gungi.replay(KINGS, "▲5―9―1―帥、▽投了")
    assert result.problems == [] or [p.rule for p in result.problems] == ["unreachable"]
    resigned = gungi.replay(KINGS, "▲2―8―1―帥、▽投了[終局]")
    assert resigned.problems == []
    assert resigned.position.outcome.winner == "black"
    after = gungi.replay(KINGS, "▽投了、▲2―8―1―帥")
    assert [p.rule for p in after.errors] == ["game-over"]


def test_end_marker_needs_a_finished_game(gungi) -> None:
    result = gungi.replay(KINGS, "▲2―8―1―帥。[終局]")
    assert [p.rule for p in result.errors] == ["end"]


def test_captured_pawn_back_must_be_written(gungi) -> None:
    """[さ入手]: a captured 兵 known to carry さ must be noted; へ is the default."""
    pos = board("v帥 . . . . . . . .", E, E, E, ". . . . v兵(さ) . . . .", ". . . . 侍 . . . .",
                E, E, ". . . . . . . . 帥")
    assert gungi.replay(pos, "▲5―5―1―侍[さ入手]").problems == []
    missing = gungi.replay(pos, "▲5―5―1―侍")
    assert [(p.rule, p.message) for p in missing.errors] == [
        ("obtained", "the captured 兵 carries さ on its back, but the record says nothing (so "
                     "へ); it should say [さ入手]")]
    assert [p.face for p in missing.position.hands[0]] == ["さ"]
    unknown = pos.replace("v兵(さ)", "v兵")
    assert [p.face for p in gungi.replay(unknown, "▲5―5―1―侍").position.hands[0]] == ["へ"]
    assert [p.face for p in gungi.replay(unknown, "▲5―5―1―侍[と入手]").position.hands[0]] == ["と"]
    assert square(5, 5) == 40
