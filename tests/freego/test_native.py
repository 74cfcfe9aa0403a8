"""One truth: Go's compiled core (``kifu/builtin/freego/native``) and pure Python give the same
reports, byte for byte, on every input: the examples, the real corpus, random games of every
rule set, and mutated files.  The core decides only records of which Python reports nothing (or
notes alone); these tests also check that it does decide the common record, and that a build
under AddressSanitizer and UndefinedBehaviorSanitizer reads hostile input without a fault."""
from __future__ import annotations

import os
import random
import subprocess
import sys
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from kifu.base import native as cores
from kifu.base.errors import KifuError
from kifu.builtin.freego import native
from kifu.plugin import registry
from kifu.run import validate
from kifu.run.load import read_file
from tests import realfiles
from tests.cores import pure_python, sanitized_core, validate_process
from tests.freego import native_inputs

ROOT = Path(__file__).resolve().parents[2]
SOURCE = ROOT / "kifu" / "builtin" / "freego" / "native" / "gosgf.c"

pytestmark = pytest.mark.skipif(
    cores.compiled(native.MODULE) is None,
    reason="no compiled core runs: not built (no C compiler), or KIFU_PURE_PYTHON is set")

PEDANTIC = validate.Options(pedantic=True)
PLAIN = validate.Options()


def agree(text: str, name: str = "game.sgf", found: tuple = ()) -> tuple[int, bool] | None:
    """Check ``text`` both ways, pedantic and not: the same reports, and where the core
    decided a text of Go (kifu tells a text's game before asking the game's core), reports
    with nothing (or only notes) in them.  What the core decided, for Go's texts."""
    try:
        game, fmt = registry.detect(text, name)
    except KifuError:
        game, fmt = None, None
    # the core reads Go's SGF: a text of Go in kifu's own notation ("Game: freego") is not its
    verdict = native.decide(text) if game is not None and game.name == "freego" and \
        fmt == "sgf" else None
    for options in (PLAIN, PEDANTIC):
        compiled = validate.check_text(text, name, options, found)
        with pure_python():
            python = validate.check_text(text, name, options, found)
        assert compiled == python, (text[:300], native.judge(text))
    if verdict is not None and not found:
        moves, noted = verdict
        [report] = python
        assert report.game == "freego" and report.moves == moves
        severities = {d.severity for d in report.diagnostics}
        assert severities <= ({"note"} if noted else set()), (text[:300], report)
    return verdict


def test_the_core_decides_a_clean_game_and_counts_its_moves():
    text = "(;GM[1]FF[4]SZ[9]KM[6.5]RU[Japanese]RE[B+R]\n;B[ee];W[ce];B[gc];W[];B[])"
    assert native.judge(text) == (5, False)
    assert agree(text) == (5, False)


def test_a_record_with_notes_only_is_decided_for_runs_that_show_no_notes():
    text = "(;GM[1]AP[SomeEditor]SZ[9]PB[];B[ee];W[cc])"  # AP without a version, PB empty
    assert agree(text) == (2, True)
    [shown] = validate.check_text(text, "game.sgf", PEDANTIC)
    assert {d.rule for d in shown.diagnostics} == {"value-format", "empty-value"}


@pytest.mark.parametrize(("text", "why"), [
    ("(;SZ[9];B[ee](;W[cc])(;W[dd]))", "variations"),
    ("(;SZ[3];B[aa];W[ab];B[ba];W[bb];B[aa])", "illegal: occupied"),
    ("(;SZ[3]AB[ab][ba];W[aa])", "illegal: suicide"),
    ("(;SZ[9];B[ee];B[cc])", "one colour moves twice"),
    ("(;SZ[9]KM[650];B[ee])", "KM in hundredths"),
    ("(;SZ[9]RU[Tromp-Taylor]KM[0.5]RE[W+3];B[];W[])", "the count differs from the result"),
    ("(;SZ[9];B[ee];W[];B[];W[cc])", "play after both passed"),
    ("(;SZ[9];B[ee]KM[0.5];W[cc])", "game information below the root"),
    ("(;SZ[9];B[aa];AW[ba][ab];W[ee];B[ca])", "a set-up in play"),
    ("(;SZ[9];C[x];AB[aa];W[ee])", "a set-up in play"),
    ("(;SZ[9]KM[6.5000000000000001];B[ee])", "KM not a number this core reads"),
    # given again in a node, with another value where it takes one (a warning), a move (the
    # node split), or a value the core reads
    ("(;SZ[9]PB[Ann]PB[Bob];B[ee])", "a property given twice in a node"),
    ("(;SZ[9];B[ee]B[cc];W[dd])", "a property given twice in a node"),
    ("(;SZ[9]KM[6.5]KM[6.5];B[ee])", "a property given twice in a node"),
    ("(;SZ[9];B[ee]N[x]N[y];W[dd])", "a property given twice in a node"),
    ("(;SZ[9]AB[aa]AB[bb][aa];W[ee])", "a set-up point listed twice"),
])
def test_what_the_core_leaves_to_python(text, why):
    assert native.judge(text) == why
    assert agree(text) is None


def test_a_list_given_again_in_a_node_is_merged_as_python_merges_it():
    # a handicap's stones in AB after AB (GNU Go writes them so), markup and comments: the
    # values merged, which Python notes
    assert agree("(;GM[1]SZ[9]HA[3]AB[cc]AB[gc]AB[cg];W[ff];B[ee])") == (2, True)
    assert agree("(;SZ[9]AB[cc]AW[dd]AB[ee:ff];AB[aa]AB[bb];W[hh])") == (1, True)
    assert agree("(;SZ[9];B[ee]LB[aa:x]LB[bb:y]C[one]C[two];W[dd]TR[cc]TR[dd])") == (2, True)
    assert agree("(;SZ[9]C[a]C[b]PB[x];B[ee])") == (1, True)
    nine = "".join(f"AB[{point}]" for point in ("cc", "gc", "cg", "gg", "ee", "ce", "ge", "ec",
                                                  "eg"))
    assert agree(f"(;SZ[9]HA[9]{nine};W[aa];B[ab])") == (2, True)


def test_stones_set_up_before_the_first_move_join_the_start():
    # a handicap in a node of its own, a problem's stones over two nodes (adding overwrites)
    assert agree("(;SZ[9]HA[2]RU[Chinese];AB[cc][gg];W[ee];B[ce])") == (2, False)
    assert agree("(;SZ[5]AB[aa];AB[bb]AW[aa]C[white to play];W[cc];B[dd])") == (2, False)
    assert agree("(;SZ[5];AB[aa];AW[ab][ba];B[cc])") is None  # a group without a liberty


def test_ko_and_superko_are_the_referees():
    # a ko on a 4x4 board: black takes at bb, white retakes at once
    ko = "(;SZ[4]{rules}AB[ba][ab][cb][bc]AW[ca][da][db][cc][dc];W[bb]C[takes?];B[ac];W[cb])"
    taking = "(;SZ[4]{rules}AB[ba][ab][bc]AW[ca][cb][db][cc];B[bb];W[aa];B[cb])"
    for rules in ("", "RU[Japanese]", "RU[Chinese]", "RU[AGA]", "RU[NZ]"):
        agree(ko.format(rules=rules))
        agree(taking.format(rules=rules))
    assert native.judge("(;SZ[3]AB[ab][ba]AW[bb][ca][cb][ac]"
                        ";B[bc];W[ab]C[retakes the ko at once])") in ("illegal: ko",
                                                                      "illegal: occupied")


def test_the_examples_and_the_quirks_give_the_same_reports():
    decided = [agree(text, f"seed{i}.sgf") for i, text in enumerate(native_inputs.seeds())]
    assert any(decided), "the compiled core decided none of the bundled records"


def test_random_games_give_the_same_reports():
    rng = random.Random(39)
    verdicts = [agree(native_inputs.random_game(rng)) for _ in range(600)]
    clean = sum(1 for v in verdicts if v is not None and not v[1])
    noted = sum(1 for v in verdicts if v is not None and v[1])
    left = verdicts.count(None)
    assert clean > 50 and noted > 50 and left > 100, (clean, noted, left)


@settings(max_examples=200, deadline=None)
@given(st.integers(0, 2**32 - 1))
def test_random_and_mutated_inputs_give_the_same_reports(seed):
    rng = random.Random(seed)
    game = native_inputs.random_game(rng)
    agree(game)
    agree(native_inputs.mutated(rng, game))
    agree(native_inputs.mutated(rng, rng.choice(native_inputs.seeds())))


def test_the_limits_of_a_file_are_pythons():
    """The core reads a file under the limits Python's reader does (handed over by
    ``configure``): past one, the file is Python's, which reports the limit."""
    module = cores.built(native.MODULE)
    known, game_info, merged, *limits = native.configuration()
    text = "(;SZ[9]" + "".join(f";{'BW'[i % 2]}[{'abcdefghi'[i % 9]}{'abcdefghi'[i // 9]}]"
                               for i in range(12)) + ")"
    assert native.judge(text) == (12, False)
    try:
        module.configure(known, game_info, merged, 10, 100, 100)
        assert module.judge(text) == "past the limits of a file"
        module.configure(known, game_info, merged, 100, 15, 100)
        assert module.judge(text.replace("SZ[9]", "AB[ia][ib][ic][id]")) == \
            "past the limits of a file"
        module.configure(known, game_info, merged, 100, 100, 5)
        assert module.judge(text) == "past the limit of moves"
    finally:
        module.configure(known, game_info, merged, *limits)
    assert native.judge(text) == (12, False)


def _corpus_files() -> list[Path]:
    found = []
    for kind in ("sgf", "sgf-real"):
        folder = realfiles.folder(kind)
        if folder is not None:
            found.extend(sorted(folder.rglob("*.sgf")))
    return found


@realfiles.needs("sgf-real")
def test_every_real_file_gives_the_same_reports():
    decided = 0
    for path in _corpus_files():
        try:
            source = read_file(str(path))
        except KifuError:  # not text: kifu reports it before any game is told
            continue
        decided += agree(source.text, str(path), source.warnings) is not None
    assert decided > 1000, decided


@pytest.mark.parametrize(("form", "pedantic"), [("text", []), ("text", ["--pedantic"]),
                                              ("json", [])])
def test_kifu_validate_writes_the_same_bytes_either_way(form, pedantic, tmp_path):
    folder = tmp_path / "games"
    folder.mkdir()
    rng = random.Random(form + str(pedantic))
    for index in range(150):
        (folder / f"g{index:03}.sgf").write_text(native_inputs.random_game(rng), encoding="utf-8")
    paths = [str(folder), str(ROOT / "examples"), str(ROOT / "tests" / "sgf" / "quirks")]
    real = realfiles.folder("sgf")
    if real is not None:
        paths.append(str(real))
    compiled = validate_process(["--format", form, *pedantic, *paths], pure=False)
    python = validate_process(["--format", form, *pedantic, *paths], pure=True)
    assert (compiled.returncode, compiled.stdout, compiled.stderr) == \
        (python.returncode, python.stdout, python.stderr)
    assert compiled.stdout  # (exit 2 where a file of the corpus is no record kifu reads)


COMPILED_CORES = [
    "core: freego compiled (C), for SGF of Go on grids",
    "core: renju compiled (C), for Renju and Gomoku in kifu's notation and Piskvork's psq",
    "core: index packing compiled (C), for what the index keeps of each record, sorted, "
    "counted and checksummed",
    "core: everything else in pure Python"]


def _version(pure: bool, hidden: str | None = None) -> list[str]:
    """What ``kifu --version`` says after its first line, in pure Python where ``pure``, the
    compiled module ``hidden`` (if any) unimportable, as where it was not built."""
    env = {k: v for k, v in os.environ.items() if k != cores.PURE_PYTHON}
    if pure:
        env[cores.PURE_PYTHON] = "1"
    program = f"import sys; sys.modules[{hidden!r}] = None\n" if hidden else ""
    program += "from kifu.commands.cli import main; main(['--version'])"
    shown = subprocess.run([sys.executable, "-c", program], capture_output=True, text=True,
                           env=env, timeout=60)
    assert shown.returncode == 0, shown.stderr
    return shown.stdout.splitlines()[1:]


def test_kifu_version_says_which_core_runs_for_each_extension():
    assert _version(pure=False) == COMPILED_CORES
    assert _version(pure=True) == [
        "core: freego in pure Python (KIFU_PURE_PYTHON is set)",
        "core: renju in pure Python (KIFU_PURE_PYTHON is set)",
        "core: index packing in pure Python (KIFU_PURE_PYTHON is set)",
        "core: everything else in pure Python"]


def test_kifu_version_names_an_extension_that_was_not_built():
    not_built = "core: index packing in pure Python (not built when kifu was installed)"
    assert _version(pure=False, hidden="kifu.corpus._packing") == \
        [*COMPILED_CORES[:2], not_built, COMPILED_CORES[3]]
    # (not built is said over KIFU_PURE_PYTHON: unsetting it would not compile the module)
    assert _version(pure=True, hidden="kifu.corpus._packing")[2] == not_built


def test_a_sanitized_build_reads_hostile_input_without_a_fault(tmp_path):
    ran = sanitized_core(SOURCE, "_gosgf", Path(__file__).with_name("native_worker.py"),
                         tmp_path, 3000)
    assert "judged 3000 inputs" in ran.stdout
