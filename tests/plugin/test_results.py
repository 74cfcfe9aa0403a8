"""A record's stated result is read into the same data an outcome is, in every game and in the
languages players write it in: Chinese (simplified and traditional), Japanese, Korean and
English prose besides SGF's form.  A result kifu cannot read is a warning of its own rule
(``result-unread``), never an error, its text kept; only a result read that the final position
contradicts is an error.  The library gives the winner, the kind of end and the margin."""
from __future__ import annotations

import pytest

import kifu
from kifu.base.errors import ResultError
from kifu.plugin import registry
from kifu.plugin.results import read_result
from tests.examples import GAMES, legal

SIDES = ("black", "white")

#: Every form the issue saw on real files, and more of each kind: the text, then the winner,
#: the kind of end and the margin in points kifu reads.
FORMS = [
    # SGF's form
    ("B+R", "black", "resignation", None), ("W+Resign", "white", "resignation", None),
    ("B+Resign", "black", "resignation", None), ("b+t", "black", "time", None),
    ("W+Time", "white", "time", None), ("W+F", "white", "forfeit", None),
    ("B+3.5", "black", "score", 3.5), ("white+12", "white", "score", 12.0),
    ("W+0.5", "white", "score", 0.5), ("B+", "black", "unknown", None),
    ("Ｂ＋Ｒ", "black", "resignation", None),  # full-width, as some CJK programs write it
    # reasons real SGF gives that kifu does not name: the winner is still plain
    ("W+Illegal", "white", "unknown", None), ("B+J", "black", "unknown", None),
    ("B+1.5 ? W+timeout", "black", "unknown", None),
    # the winner alone, and English prose
    ("black", "black", "unknown", None), ("Black wins", "black", "unknown", None),
    ("WHITE won", "white", "unknown", None), ("W resigned", "black", "resignation", None),
    ("Black resigns.", "white", "resignation", None),
    ("White wins by 3.5", "white", "score", 3.5),
    ("White wins by 0.5 points", "white", "score", 0.5),
    ("White wins by resignation", "white", "resignation", None),
    ("Black wins on time", "black", "time", None), ("black won by forfeit", "black", "forfeit", None),
    ("white lost on time", "black", "time", None), ("Black timed out", "white", "time", None),
    ("the second player wins (a count)", "white", "unknown", None),
    # Chinese, simplified and traditional
    ("黑中盘胜", "black", "resignation", None), ("共115手 黑中盘胜", "black", "resignation", None),
    ("白中盘胜 共234手", "white", "resignation", None), ("黑中盤勝", "black", "resignation", None),
    ("黑胜3目", "black", "score", 3.0), ("白胜3目半", "white", "score", 3.5),
    ("白胜1/4子", "white", "score", 0.5), ("黑胜3又3/4子", "black", "score", 7.5),
    ("黑胜四分之一子", "black", "score", 0.5), ("黑胜2子", "black", "score", 4.0),
    ("白胜（超时）", "white", "time", None), ("黑超时胜", "black", "time", None),
    ("白超时负", "black", "time", None), ("黑认输", "white", "resignation", None),
    ("黑方中盘胜", "black", "resignation", None), ("白棋胜", "white", "unknown", None),
    # Japanese
    ("白中押し勝ち", "white", "resignation", None), ("黒中押勝", "black", "resignation", None),
    ("黒6目半勝ち", "black", "score", 6.5), ("白半目勝ち", "white", "score", 0.5),
    ("黒三目半勝ち", "black", "score", 3.5), ("黒の中押し勝ち", "black", "resignation", None),
    ("まで234手で白中押し勝ち", "white", "resignation", None),
    ("白時間切れ勝ち", "white", "time", None), ("黒反則勝ち", "black", "foul", None),
    ("白不戦勝", "white", "forfeit", None), ("黒投了", "white", "resignation", None),
    # Korean
    ("흑불계승", "black", "resignation", None), ("207수 흑불계승", "black", "resignation", None),
    ("백 3.5집승", "white", "score", 3.5), ("흑 반집승", "black", "score", 0.5),
    ("백 1집반승", "white", "score", 1.5), ("흑 시간승", "black", "time", None),
    ("백 기권승", "white", "forfeit", None), ("흑 불계패", "white", "resignation", None),
]

NO_WINNER = [
    ("draw", "draw"), ("0", "draw"), ("Jigo", "draw"), ("1/2-1/2", "draw"), ("持碁", "draw"),
    ("和棋", "draw"), ("平局", "draw"), ("무승부", "draw"), ("draw (repetition)", "draw"),
    ("Void", "void"), ("無勝負", "void"), ("无胜负", "void"),
    ("?", "unknown"), ("? (No further moves known)", "unknown"), ("*", "unknown"),
    ("*RESULT*", "unknown"), ("unknown", "unknown"), ("打ち掛け", "unknown"),
]


@pytest.mark.parametrize(("written", "winner", "kind", "margin"), FORMS)
def test_every_form_reads_into_the_winner_the_kind_and_the_margin(written, winner, kind, margin):
    read = read_result(written, SIDES)
    assert (read.winner, read.kind, read.margin) == (winner, kind, margin)
    assert read.reason == written and read.decided


@pytest.mark.parametrize(("written", "kind"), NO_WINNER)
def test_draws_void_and_unknown_results_name_no_winner(written, kind):
    read = read_result(written, SIDES)
    assert (read.winner, read.kind, read.is_draw, read.decided) == (
        None, kind, kind == "draw", kind == "draw")


@pytest.mark.parametrize("written", ["wite", "blak+3", "black+white", "B+W", "rde", "1-2",
                                     "黑白", "Blak wins"])
def test_text_no_form_reads_is_no_result(written):
    assert read_result(written, SIDES) is None


def test_which_words_name_a_side_is_the_games_to_say():
    # Rengi's sides are its turns; black and white in any language name its first and second
    assert read_result("second", ("first", "second")).winner == "second"
    assert read_result("黒中押し勝ち", ("first", "second")).winner == "first"
    # a Free-form Go record's seats are its own, in any script
    seats = ("orange", "緑")
    assert read_result("orange+0.5", seats).margin == 0.5
    assert read_result("緑中押し勝ち", seats).winner == "緑"
    # among more than two seats, black and white name no one, nor does a loss name a winner
    three = ("orange", "green", "teal")
    assert read_result("green wins by 2", three).winner == "green"
    assert read_result("B+R", three) is None and read_result("teal resigned", three) is None
    # a game's own names: whole results (Rengi's + and -) and words for its sides
    rengi = registry.get("rengi")
    assert rengi.parse_result("+").winner == "first" and rengi.parse_result("-").winner == "second"
    rengoma = registry.get("rengoma")
    assert rengoma.parse_result("赤の勝ち").winner == "red"
    assert rengoma.parse_result("B+R").winner == "black"  # the R of how, not red


def test_a_result_kifu_cannot_read_is_kind_unknown_carrying_its_text():
    renju = registry.get("renju")
    said = renju.parse_result("wite wins?")
    assert (said.winner, said.kind, said.reason, said.decided) == (None, "unknown", "wite wins?",
                                                                    False)
    with pytest.raises(ResultError, match="'wite wins\\?' is no result kifu reads") as raised:
        renju.parse_result("wite wins?", strict=True)
    assert (raised.value.rule, raised.value.severity) == ("result-unread", "warning")


@pytest.mark.parametrize("game", GAMES)
def test_every_game_warns_of_a_result_it_cannot_read_and_keeps_it(game, tmp_path):
    record = legal(game)[0].read_text(encoding="utf-8")
    if "Result:" in record:
        record = "\n".join(line for line in record.splitlines()
                           if not line.startswith("Result:"))
    head, _, rest = record.partition("\n")
    path = tmp_path / legal(game)[0].name
    path.write_text(f"{head}\nResult: wite\n{rest}\n", encoding="utf-8")
    read = kifu.read(str(path))
    problems = [d for d in read.check() if d.code == "result"]
    assert [(d.rule, d.severity, d.line) for d in problems] == [("result-unread", "warning", 2)]
    assert "'wite' is no result kifu reads" in problems[0].message
    assert read.result().kind == "unknown" and read.result().reason == "wite"
    assert read.headers["Result"] == "wite" and "wite" in read.dumps()


def test_the_same_result_in_other_words_agrees_with_the_moves():
    five = "h8 a1 i8 a2 j8 a3 k8 a4 l8"
    for said in ("black", "Black wins", "1-0", "B+", "黒勝ち", "黑胜", "흑승", "White resigned"):
        assert kifu.parse(f"Game: renju\nResult: {said}\n\n{five}\n").check() == [], said
    wrong = kifu.parse(f"Game: renju\nResult: 白中盘胜\n\n{five}\n").check()
    assert [(d.rule, d.severity) for d in wrong] == [("result", "error")]
    assert "says the result is '白中盘胜', but the moves say: black wins" in wrong[0].message


def test_void_and_unknown_results_agree_with_any_end():
    five = "h8 a1 i8 a2 j8 a3 k8 a4 l8"
    for said in ("void", "?", "無勝負", "*"):
        assert kifu.parse(f"Game: renju\nResult: {said}\n\n{five}\n").check() == [], said


def test_outcomes_are_data_with_a_kind_and_a_margin():
    five = kifu.parse("Game: renju\n\nh8 a1 i8 a2 j8 a3 k8 a4 l8\n")
    assert (five.outcome().winner, five.outcome().kind) == ("black", "five")
    resigned = kifu.parse("Game: renju\nResult: W+R\n\nh8\n")
    assert resigned.outcome().kind == "resignation" and resigned.outcome().winner == "white"
    counted = kifu.parse("Game: freego\nBoard: grid:5\nPlayers: orange, teal\n"
                         "Result: orange+3\n\nc3 pass pass\n")
    ended = counted.outcome()
    assert ended.kind == "score" and ended.winner == "orange" and ended.score == 24.0
    assert counted.result().margin == 3.0 and counted.result().winner == "orange"
    unknown = kifu.parse("Game: renju\nResult: ?\n\nh8\n")
    assert unknown.result().kind == "unknown" and unknown.outcome().describe() == \
        "result not known (?)"


def test_sgf_results_in_every_language_are_read_and_checked(kifu_cli, tmp_path):
    # a finished count: white wins by 0.5 (komi), written as Chinese, Japanese and Korean
    # programs write it; each agrees with the count, and the opposite claim is an error
    game = ";B[aa];W[bb];B[];W[]"
    for said in ("白胜1/4子", "白半目勝ち", "백 반집승", "White wins by 0.5", "W+0.5"):
        (tmp_path / "count.sgf").write_text(
            f"(;GM[1]FF[4]CA[UTF-8]SZ[2]KM[0.5]RU[Tromp-Taylor]RE[{said}]{game})", encoding="utf-8")
        kifu_cli("validate", "-q", tmp_path / "count.sgf")
    (tmp_path / "wrong.sgf").write_text(
        f"(;GM[1]FF[4]CA[UTF-8]SZ[2]KM[0.5]RU[Tromp-Taylor]RE[黑胜1/4子]{game})", encoding="utf-8")
    result = kifu_cli("validate", "-q", tmp_path / "wrong.sgf", exit_code=1)
    assert "error[result]: the record says the result is '黑胜1/4子'" in result.stdout


def test_an_unreadable_result_never_makes_a_file_illegal(kifu_cli, tmp_path):
    (tmp_path / "odd.sgf").write_text("(;GM[1]FF[4]SZ[9]RE[Black by a landslide];B[ee];W[cc])",
                                      encoding="utf-8")
    result = kifu_cli("validate", tmp_path / "odd.sgf")
    assert "warning[result]: the result 'Black by a landslide' is no result kifu reads" in \
        result.stdout and "[rule: result-unread]" in result.stdout


@pytest.mark.parametrize("game", GAMES)
def test_every_game_reads_prose_of_its_own_sides(game):
    rules = registry.get(game)
    for side in rules.result_sides():
        for said in (f"{side.title()} wins by resignation", f"{side}+R", f"the {side} player wins"):
            read = rules.parse_result(said)
            assert read.winner == side, said
        assert rules.parse_result(f"{side.title()} wins by resignation").kind == "resignation"
