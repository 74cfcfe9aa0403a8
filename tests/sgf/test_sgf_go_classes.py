"""What real Go programs write, class by class (the classes of false alarms real archives gave
kifu), each with a minimal reproducer: kifu reads it as what it is, and still reports what is
really wrong."""
from __future__ import annotations

from kifu.builtin.freego import GAME, sgf
from kifu.builtin.freego.moves import Edit, Pass, Place
from kifu.plugin import driver
from kifu.run.validate import Options, check_text

LETTERS = "abcdefghijklmnopqrs"


def diagnostics(text: str, **options: bool) -> list[tuple[str, str | None, str]]:
    """(severity, rule, message) of everything ``kifu validate`` says about an SGF text."""
    reports = check_text(text, "game.sgf", Options(**options))
    return [(d.severity, d.rule, d.message) for r in reports for d in r.diagnostics]


def errors(text: str) -> list[tuple[str, str | None, str]]:
    return [d for d in diagnostics(text) if d[0] == "error"]


def point(x: int, y: int) -> str:
    return LETTERS[x] + LETTERS[y]


# -- 1. results that depend on dead stones ---------------------------------------------------

# A 9x9 game that ends with black's dead stone inside white's area: counted as it stands,
# black is ahead; the players agree it is dead, and the result says white won.
DEAD_STONE_GAME = ("(;GM[1]FF[4]SZ[9]KM[6.5]RU[{rules}]RE[{result}]"
                   "AB[ca][cb][cc][cd][ce][cf][cg][ch][ci][gg]"
                   "AW[da][db][dc][dd][de][df][dg][dh][di]PL[W];W[ee];B[];W[]{marks})")


def dead_stone_game(result: str, rules: str = "Japanese", marks: str = "") -> str:
    return DEAD_STONE_GAME.format(result=result, rules=rules, marks=marks)


def test_result_that_depends_on_dead_stones_is_not_refuted():
    assert errors(dead_stone_game("W+27.5")) == []
    assert errors(dead_stone_game("B+10.5")) == []  # not refutable either: nothing is checked


def test_resignation_or_time_after_the_passes_is_not_an_error():
    for result in ("B+R", "W+Resign", "W+T", "B+F", "Void", "?"):
        assert errors(dead_stone_game(result)) == []


def white_territory() -> str:
    cells = [point(x, y) for x in range(4, 9) for y in range(9)]
    return "TW" + "".join(f"[{c}]" for c in cells) + "TB" + "".join(
        f"[{point(x, y)}]" for x in range(2) for y in range(9))


def test_territory_marks_decide_a_score_they_agree_with():
    # white: 44 marked points (its own stone on ee is no territory), the dead black stone on
    # gg one more prisoner, and 6.5; black: 18 points
    assert diagnostics(dead_stone_game("W+33.5", marks=white_territory())) == []


def test_territory_marks_that_disagree_with_the_result_give_a_warning():
    [(severity, rule, message)] = diagnostics(dead_stone_game("W+3.5", marks=white_territory()))
    assert (severity, rule) == ("warning", "result-marks")
    assert "give white+33.5" in message
    [(severity, rule, message)] = diagnostics(dead_stone_game("Draw", marks=white_territory()))
    assert (severity, rule) == ("warning", "result-marks") and "'draw'" in message


def test_area_count_gives_white_its_handicap_stones_back():
    # Chinese rules: white gets one point a handicap stone in an area count; AGA one less.
    base = ("(;GM[1]SZ[9]KM[0.5]HA[2]RU[{rules}]RE[{result}]AB[ga][gb][gc][gd][ge][gf][gg][gh]"
            "[gi]AW[ha][hb][hc][hd][he][hf][hg][hh][hi];W[];B[]"
            "TB" + "".join(f"[{point(x, y)}]" for x in range(6) for y in range(9))
            + "TW" + "".join(f"[{point(8, y)}]" for y in range(9)) + ")")
    # black: 54 territory + 9 stones = 63; white: 9 territory + 9 stones + komi 0.5 and its
    # handicap stones back (2 under Chinese rules, 1 under AGA's)
    assert diagnostics(base.format(rules="Chinese", result="B+42.5")) == []
    assert diagnostics(base.format(rules="AGA", result="B+43.5")) == []


def test_a_played_out_count_is_checked_exactly_under_tromp_taylor():
    text = "(;GM[1]SZ[5]KM[0.5]RU[Tromp-Taylor]RE[W+0.5]AB[aa][ba][ca][da][ea];W[];B[])"
    [(severity, rule, message)] = diagnostics(text)
    assert (severity, rule) == ("error", "result")
    assert "black+24.5" in message


# -- 2. the same property twice in one node ----------------------------------------------------

def test_property_twice_in_a_node_is_merged_with_a_note():
    # Merged without loss (the same value, a list of points, two comments): nothing a player
    # sees changes, so a note, shown with --pedantic only.
    text = "(;GM[1]FF[4]AP[kifu:1]AP[kifu:1]SZ[9]AB[cc]AB[gg]C[one]C[two];W[ee])"
    [reading] = sgf.read_games(text)
    assert reading.record.setup.stones == (("C7", "G3"),)
    assert reading.record.comments == ["one", "two"]
    assert [(f.severity, f.grade, f.rule) for f in reading.findings] == [
        ("note", "pedantic", "duplicate-property")] * 3
    assert errors(text) == []


def test_a_property_of_one_value_given_two_is_a_warning():
    # KM[6.5]KM[7.5]: both are kept, and which one the writer meant is not known.
    [reading] = sgf.read_games("(;GM[1]SZ[9]KM[6.5]KM[7.5];B[ee])")
    assert [(f.severity, f.grade, f.rule) for f in reading.findings] == [
        ("warning", "repaired", "conflicting-property")]


# -- 3. free handicap, and whose move it is ---------------------------------------------------

def test_free_handicap_written_as_black_moves():
    text = "(;GM[1]SZ[19]HA[3]KM[0.5];B[dd];B[pp];B[dp];W[pd];B[qf])"
    [reading] = sgf.read_games(text)
    assert reading.record.setup.stones == (("D16", "Q4", "D4"),)
    assert [n.move for n in reading.record.moves] == [Place("Q16"), Place("R14")]
    assert diagnostics(text) == []


def test_a_handicap_without_its_stones_is_named_before_the_moves_it_spoils():
    # Fox writes some handicap games without the stones: white moves first on an empty board
    text = "(;GM[1]SZ[9]HA[2]RU[Japanese];W[ee];B[cc];W[gg])"
    assert diagnostics(text) == [("warning", "handicap-stones", "HA[2] but no black stone is set "
                                  "up before white's first move: the record lacks handicap "
                                  "stones, so the moves are replayed without them [rule: handicap-stones]")]
    assert diagnostics("(;GM[1]SZ[9]HA[2]AB[cc][gg];W[ee])") == []
    assert diagnostics("(;GM[1]SZ[9]HA[2];B[cc];B[gg];W[ee])") == []


def test_problem_variations_may_start_with_either_colour():
    text = "(;GM[1]SZ[9]AB[cc][dc]AW[cd][dd](;B[ed];W[ee])(;W[ec];B[bd]))"
    [reading] = sgf.read_games(text)
    first, *_ = reading.record.moves
    assert [n.move for n in first.variations[0]] == [Pass(), Place("E7"), Place("B6")]
    assert diagnostics(text) == []


def test_one_colour_twice_in_a_variation_is_playing_elsewhere():
    text = "(;GM[1]SZ[9]AB[cc]AW[dd];B[ee](;W[ff];B[gg])(;W[aa];W[ab]))"
    assert diagnostics(text) == []


def test_playing_elsewhere_in_a_variation_never_ends_the_game():
    # joseki lines: each colour plays elsewhere in turn, written as passes or left out
    for line in (";W[ff];W[gg];B[cg];B[ch];W[aa]", ";W[];B[];W[ff];B[];W[];B[gg]"):
        text = f"(;GM[1]SZ[9]RU[Free-form Go];B[ee](;W[cc];B[dc])({line}))"
        assert diagnostics(text) == [], line
    [reading] = sgf.read_games("(;GM[1]SZ[9];B[ee](;W[cc])(;W[ff];W[gg]))")
    implied = reading.record.moves[1].variations[0][1].move
    assert implied == Pass() and implied.elsewhere


def test_one_colour_twice_in_the_main_line_is_a_missing_pass_warned_about():
    text = "(;GM[1]SZ[9];B[ee];W[cc];W[gg];B[cg];W[aa])"
    [(severity, rule, message)] = diagnostics(text)
    assert (severity, rule) == ("warning", "turn-order")
    assert message.startswith("white moves twice in a row")
    [reading] = sgf.read_games(text)
    assert [n.move for n in reading.record.moves][2] == Pass()


# -- 4. set-up in any node ----------------------------------------------------------------------

def test_setup_in_any_node_changes_the_position_there():
    text = "(;GM[1]SZ[9];B[ee];W[cc];AB[dc][bc][cd]AE[ee]C[edited];B[gg];W[gc];B[cb])"
    [reading] = sgf.read_games(text)
    moves = [n.move for n in reading.record.moves]
    assert moves[2] == Edit((("D7", "B7", "C6"),), ("E5",))
    assert reading.record.moves[2].comments == ["edited"]
    assert diagnostics(text) == []
    # the stones set up leave white's C7 one liberty, which B[cb] (C8) fills
    steps = list(driver.replay(GAME, reading.record))
    assert [e["cells"] for e in steps[-1].events if e["type"] == "capture"] == [["C7"]]


def test_player_to_move_set_in_the_middle():
    text = "(;GM[1]SZ[9];B[ee];PL[B];B[cc];W[gg])"
    assert diagnostics(text) == []


def test_a_setup_that_leaves_a_group_without_liberty_keeps_it_with_a_warning():
    # FF[4]: "Adding a stone doesn't make any prisoners nor any other captures (e.g. suicide).
    # Thus it's possible to create illegal board positions."
    text = "(;GM[1]SZ[9];B[aa];AW[ba][ab];W[ee];B[ca])"
    [(severity, rule, message)] = diagnostics(text)
    assert (severity, rule) == ("warning", "no-liberty") and "black's group A9 " in message
    [reading] = sgf.read_games(text)
    steps = list(driver.replay(GAME, reading.record))
    assert steps[-1].position.cells[steps[-1].position.board.find("A9")] == 1  # still there


# -- 5. moves after both players passed --------------------------------------------------------

def test_play_after_two_passes_goes_on_with_a_warning():
    for moves in (";B[];W[];B[]", ";B[];W[];B[ee];W[dd]"):
        text = f"(;GM[1]SZ[9]RU[Japanese]RE[B+R];B[gg];W[cc]{moves})"
        assert [(s, r) for s, r, _ in diagnostics(text)] == [("warning", "play-after-passes")]


def test_free_form_go_rules_still_end_the_game_at_the_passes():
    text = "(;GM[1]SZ[9]RU[Free-form Go];B[gg];W[];B[];W[cc])"
    assert [r for _, r, _ in errors(text)] == ["game-over"]


# -- 6. text before the game -----------------------------------------------------------------

def test_text_before_the_game_is_skipped():
    text = ("This game is part of GNU Go's regression suite (c) FSF.\n"
            "Ask (nicely); see COPYING.\n(;GM[1]SZ[9];B[ee];W[cc])")
    assert diagnostics(text) == []
    assert [r for _, r, _ in diagnostics(text, pedantic=True)] == ["text-outside-game"]


# -- 7. ko per RU -------------------------------------------------------------------------------

def ko(x: int, y: int, capturer: str) -> tuple[list[str], list[str], str, str]:
    """A ko at (x, y) whose stone at (x, y) ``capturer`` can take by playing (x + 1, y):
    the black and white set-up stones, the empty point and the stone's point."""
    own = [point(x - 1, y), point(x, y - 1), point(x, y + 1)]
    other = [point(x + 2, y), point(x + 1, y - 1), point(x + 1, y + 1), point(x, y)]
    black, white = (own, other) if capturer == "B" else (other, own)
    return black, white, point(x + 1, y), point(x, y)


def triple_ko(rules: str) -> str:
    """Three kos; six captures, none an immediate retake, bring back the start position."""
    kos = [ko(3, 3, "B"), ko(3, 12, "W"), ko(12, 3, "B")]
    black = [p for k in kos for p in k[0]]
    white = [p for k in kos for p in k[1]]
    (_, _, p1, q1), (_, _, p2, q2), (_, _, p3, q3) = kos
    moves = f";B[{p1}];W[{p2}];B[{p3}];W[{q1}];B[{q2}];W[{q3}]"
    return (f"(;GM[1]SZ[19]RU[{rules}]AB" + "".join(f"[{p}]" for p in black) + "AW"
            + "".join(f"[{p}]" for p in white) + "PL[B]" + moves + ")")


def test_japanese_rules_allow_a_triple_ko_cycle():
    assert diagnostics(triple_ko("Japanese")) == []
    assert diagnostics(triple_ko("")) == []  # rules kifu does not know: basic ko too


def test_superko_rules_forbid_the_repetition():
    for rules, kind in (("Chinese", "positional"), ("AGA", "situational"),
                        ("NZ", "situational"), ("Tromp-Taylor", "positional")):
        [(severity, rule, message)] = diagnostics(triple_ko(rules))
        assert (severity, rule) == ("error", "superko"), rules
        assert message.startswith("move 6:") and "at the start" in message
        assert ("situational" in message) == (kind == "situational")


def test_every_rule_set_forbids_retaking_a_ko_at_once():
    (black, white, empty, stone) = ko(3, 3, "B")
    for rules in ("Japanese", "Chinese", "AGA"):
        text = (f"(;GM[1]SZ[19]RU[{rules}]AB" + "".join(f"[{p}]" for p in black) + "AW"
                + "".join(f"[{p}]" for p in white) + f"PL[B];B[{empty}];W[{stone}])")
        [(severity, rule, _)] = diagnostics(text)
        assert rule == ("ko" if rules == "Japanese" else "superko")


# -- 9. collections ------------------------------------------------------------------------------

def test_every_game_of_a_collection_is_validated_and_named():
    text = "(;GM[1]SZ[9];B[ee])\n(;GM[1]SZ[9];B[ee];W[ee])\n(;GM[1]SZ[9];B[aa])"
    reports = check_text(text, "games.sgf", Options())
    assert [r.path for r in reports] == ["games.sgf#1", "games.sgf#2", "games.sgf#3"]
    assert [r.legal for r in reports] == [True, False, True]
    [diag] = reports[1].diagnostics
    assert (diag.path, diag.line, diag.location) == ("games.sgf#2", 2, "games.sgf#2:2:19")


def test_a_game_of_another_kind_in_a_collection_is_not_judged():
    # SGFC's own test collections hold a GM[12] game among Go games: kifu does not check it,
    # and says so as it says of a file of a game it does not know (exit status 2)
    text = "(;GM[1]SZ[9];B[ee])\n(;FF[4]GM[12])\n(;GM[1]SZ[9];B[aa])"
    reports = check_text(text, "games.sgf", Options())
    assert [r.exit_status for r in reports] == [0, 2, 0]
    [diag] = reports[1].diagnostics
    assert (diag.code, diag.line) == ("unknown-game", 2)
    assert "GM[12] is not Go" in diag.message


def test_what_sgfc_reports_and_kifu_reads_as_it_is_is_pedantic():
    # empty game information (SGFC deletes it) and a move in a node with set-up properties
    # (FF[4] keeps them apart; SGFC deletes the PL): read as written, reported with --pedantic
    text = "(;GM[1]SZ[9]GN[]TM[];B[cc]AW[dd];W[ee];B[ff]AE[dd]PL[B];W[gg])"
    assert diagnostics(text) == []
    found = [(rule, message) for _, rule, message in diagnostics(text, pedantic=True)]
    assert [rule for rule, _ in found] == ["empty-value", "empty-value", "setup-with-move"]
    assert "(and in 1 more node)" in found[2][1]
    [reading] = sgf.read_games(text)
    assert [type(n.move).__name__ for n in reading.record.moves] == [
        "Edit", "Place", "Place", "Edit", "Place", "Place"]
