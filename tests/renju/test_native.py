"""One truth: Renju's compiled core (``kifu/builtin/renju/native``) and pure Python give the same
reports, byte for byte, on every input: the examples, the archives' quirks, the real corpus,
random games of every rule set (black steered onto forbidden points), and mutated files.  The
core decides only records of which Python reports nothing; these tests also check that it does
decide the common record, and that a build under AddressSanitizer and UndefinedBehaviorSanitizer
reads hostile input without a fault."""
from __future__ import annotations

import random
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from kifu.base import native as cores
from kifu.base.errors import KifuError
from kifu.builtin.renju import native
from kifu.plugin import registry
from kifu.run import validate
from kifu.run.load import read_file
from tests import realfiles
from tests.cores import pure_python, sanitized_core, validate_process
from tests.renju import native_inputs

ROOT = Path(__file__).resolve().parents[2]
SOURCE = ROOT / "kifu" / "builtin" / "renju" / "native" / "renju.c"

pytestmark = pytest.mark.skipif(
    cores.compiled(native.MODULE) is None,
    reason="no compiled core runs: not built (no C compiler), or KIFU_PURE_PYTHON is set")

PEDANTIC = validate.Options(pedantic=True)
PLAIN = validate.Options()
DECIDERS = {"native": native.decide_notation, "psq": native.decide_psq}


def agree(text: str, name: str = "game.renju", found: tuple = ()) -> tuple[int, bool] | None:
    """Check ``text`` both ways, pedantic and not: the same reports, and where the core
    decided a text (kifu tells a text's game and format before asking the core), a report
    with nothing in it.  What the core decided."""
    try:
        game, fmt = registry.detect(text, name)
    except KifuError:
        game, fmt = None, None
    decide = DECIDERS.get(fmt or "") if game is not None and game.name == "renju" else None
    verdict = decide(text) if decide is not None else None
    for options in (PLAIN, PEDANTIC):
        compiled = validate.check_text(text, name, options, found)
        with pure_python():
            python = validate.check_text(text, name, options, found)
        assert compiled == python, (text[:300], native.judge_notation(text),
                                    native.judge_psq(text))
    if verdict is not None and not found:
        [report] = python
        assert report.game == "renju" and report.moves == verdict[0] and not verdict[1]
        assert not report.diagnostics, (text[:300], report)
    return verdict


def test_the_core_decides_a_clean_game_and_counts_its_moves():
    text = "Game: renju\nResult: black\n\n1. h8 2. h9 3. i8 4. i9 5. j8 6. j9 7. k8 8. k9 9. l8\n"
    assert native.judge_notation(text) == (9, False)
    assert agree(text) == (9, False)


@pytest.mark.parametrize(("text", "why"), [
    ("Game: renju\n\n1. h8 2. i9 (2. i7) 3. j10\n", "variations"),
    ("Game: renju\n\nh8 i9 h8\n", "illegal: occupied"),
    ("Game: renju\nRule: renju, rif\n\nh8 i9 a1\n", "illegal: outside the opening's zone"),
    ("Game: renju\nResult: white\n\nh8 h9 i8 i9 j8 j9 k8 k9 l8\n", "the result differs"),
    ("Game: renju\n\nh8 h9 i8 i9 j8 j9 k8 k9 l8 a1\n", "illegal: a move after the end"),
    ("Game: renju\nOpening: D4\n\nh8 i9 j10\n",
     "an Opening header (the first stones name an opening: Python checks it)"),
    ("Game: renju\nRule: chess\n\nh8\n", "a rule's name this core does not know"),
    ("Game: renju\nSize: 27\n\nh8\n", "a size off the boards kifu names"),
    ("Game: renju\nResult: black by a nose\n\nh8\n", "a result this core does not read"),
    ("Game: renju\n\n1. h8 3. i9\n", "a move number that is not the move's"),
    ("Game: renju\n\nh8 i9 offer[a1 b2]\n", "a word this core does not read (an offer, say)"),
    ("Game: renju\nBlack: Ann\nWhite: Ben\nResult: draw\n\nh8 pass pass\n",
     "a result read by the players' names"),
    ("Game: renju\nSize: 5\n\nf1\n", "illegal: off the board"),
])
def test_what_the_core_leaves_to_python(text, why):
    assert native.judge_notation(text) == why
    assert agree(text) is None


@pytest.mark.parametrize(("setup", "moves", "winner"), [
    # black's double three (3-3) at h8: two open threes through it
    ("", "f8 a1 g8 a3 h10 a5 h9 a7 h8", "white"),
    # black's double four (4-4) at h8, on two lines and on one
    ("", "e8 a1 f8 a3 g8 a5 h11 a7 h10 a9 h9 a11 h8", "white"),
    ("", "d8 a1 e8 a3 g8 a5 j8 a7 k8 a9 h8", "white"),
    # black's overline at h8 (six in a row)
    ("", "d8 a1 e8 a3 f8 a5 i8 a7 g8 a9 h8", "white"),
    # black's five
    ("", "d8 a1 e8 a3 f8 a5 g8 a7 h8", "black"),
    # a three closed at one end is no three: no foul
    ("", "f8 e8 g8 a3 h10 a5 h9 a7 h8", None),
    # a false three: i5 makes two lines that look like threes, but a straight four's point
    # of one of them is forbidden to black itself (found recursively): i5 is no double three
    ("Setup-Black: k11 f7 i6 g9 g7 h11 h6 h7 i8 h8\nSetup-White: g11 e9 h9 j11 e5\n", "i5",
     None),
])
def test_forbidden_shapes_and_fives_as_the_referee_judges_them(setup, moves, winner):
    for result in ("black", "white", "draw", "?"):
        verdict = agree(f"Game: renju\n{setup}Result: {result}\n\n{moves}\n")
        # the core decides where the result agrees with the end, or the game goes on
        assert (verdict is not None) == (winner is None or result in (winner, "?")), \
            (moves, result)


@pytest.mark.parametrize("rule", ["freestyle", "standard", "caro", "renju"])
def test_every_rule_set_decides_alike(rule):
    overline = "c8 a1 d8 a3 e8 a5 f8 a7 g8 a9 i8 a11 h8"
    closed = "a8 h8 b8 i8 c8 j8 d8 k8 o1 l8 o3 g8 o5 m8"  # white's five closed by black at f8?
    for moves in (overline, closed, "h8 i9 h9 i10 h10 i11 h11 i12 h12"):
        for result in ("black", "white"):
            agree(f"Game: renju\nRule: {rule}\nResult: {result}\n\n{moves}\n")


def test_the_examples_and_the_quirks_give_the_same_reports():
    decided = [agree(text, f"seed{i}.renju") for i, text in enumerate(native_inputs.seeds())]
    assert any(decided), "the compiled core decided none of the bundled records"


def test_the_psq_quirks_give_the_same_reports():
    folder = ROOT / "tests" / "renju" / "data" / "psq"
    decided = [agree(path.read_text(encoding="utf-8"), path.name)
               for path in sorted(folder.rglob("*.psq"))]
    assert any(decided), "the compiled core decided none of the psq quirks"


def test_random_games_give_the_same_reports():
    rng = random.Random(39)
    verdicts = [agree(native_inputs.random_record(rng)) for _ in range(500)]
    decided = sum(v is not None for v in verdicts)
    assert decided > 150 and verdicts.count(None) > 100, decided


def test_random_psq_files_give_the_same_reports():
    rng = random.Random(3939)
    verdicts = [agree(native_inputs.random_psq(rng), "game.psq") for _ in range(300)]
    decided = sum(v is not None for v in verdicts)
    assert decided > 60 and verdicts.count(None) > 30, decided


@settings(max_examples=200, deadline=None)
@given(st.integers(0, 2**32 - 1))
def test_random_and_mutated_inputs_give_the_same_reports(seed):
    rng = random.Random(seed)
    game = native_inputs.random_record(rng)
    agree(game)
    agree(native_inputs.mutated(rng, game))
    psq = native_inputs.random_psq(rng)
    agree(psq, "game.psq")
    agree(native_inputs.mutated(rng, psq), "game.psq")
    agree(native_inputs.mutated(rng, rng.choice(native_inputs.seeds())))


def test_the_limits_of_a_record_are_pythons():
    """The core reads a record under the limits Python's reader does (handed over by
    ``configure``): past one, the record is Python's, which reports the limit."""
    module = cores.built(native.MODULE)
    *tables, tokens, moves, smallest, largest = native.configuration()
    text = "Game: renju\n\n" + " ".join(f"{'abcdefghijklmno'[i % 15]}{i // 15 + 1}"
                                         for i in range(0, 24, 2)) + "\n"
    assert native.judge_notation(text) == (12, False)
    try:
        module.configure(*tables, 10, moves, smallest, largest)
        assert module.judge_notation(text) == "past the limit of tokens"
        module.configure(*tables, tokens, 5, smallest, largest)
        assert module.judge_notation(text) == "past the limit of moves"
    finally:
        module.configure(*tables, tokens, moves, smallest, largest)
    assert native.judge_notation(text) == (12, False)


@realfiles.needs("renju")
def test_every_real_file_gives_the_same_reports():
    decided = 0
    for path in sorted(realfiles.folder("renju").rglob("*")):  # type: ignore[union-attr]
        if not path.is_file() or path.suffix not in (".psq", ".renju", ".pgn", ".sgf"):
            continue
        try:
            source = read_file(str(path))
        except KifuError:
            continue
        decided += agree(source.text, str(path), source.warnings) is not None
    assert decided > 300, decided


@pytest.mark.parametrize(("form", "pedantic"), [("text", []), ("text", ["--pedantic"]),
                                              ("json", [])])
def test_kifu_validate_writes_the_same_bytes_either_way(form, pedantic, tmp_path):
    folder = tmp_path / "games"
    folder.mkdir()
    rng = random.Random(form + str(pedantic))
    for index in range(100):
        (folder / f"g{index:03}.renju").write_text(native_inputs.random_record(rng),
                                                   encoding="utf-8")
        (folder / f"p{index:03}.psq").write_text(native_inputs.random_psq(rng), encoding="utf-8")
    paths = [str(folder), str(ROOT / "examples" / "renju"), str(ROOT / "examples" / "invalid"),
             str(ROOT / "tests" / "renju" / "data" / "psq")]
    real = realfiles.folder("renju")
    if real is not None:
        paths.append(str(real / "psq"))
    compiled = validate_process(["--format", form, *pedantic, *paths], pure=False)
    python = validate_process(["--format", form, *pedantic, *paths], pure=True)
    assert (compiled.returncode, compiled.stdout, compiled.stderr) == \
        (python.returncode, python.stdout, python.stderr)
    assert compiled.stdout


def test_a_sanitized_build_reads_hostile_input_without_a_fault(tmp_path):
    ran = sanitized_core(SOURCE, "_renju", Path(__file__).with_name("native_worker.py"),
                         tmp_path, 3000)
    assert "judged 3000 inputs" in ran.stdout
