"""A game's own drawing options take only their values: ``-O forbidden=maybe`` and
``-O names=bogus`` are refused naming the values they take (before, they were read as "no"
and as the default); ``kifu games`` lists the values."""
from __future__ import annotations

import pytest

import kifu
from kifu.commands.cli import EXIT_USAGE

RENJU = "examples/renju/four-three-win.renju"
MAP = "examples/freego/japan-opening.freego"
RENGI = "examples/rengi/seven-chain.rengi"


@pytest.mark.parametrize(("record", "option", "said"), [
    (RENJU, "forbidden=maybe", "forbidden takes yes|no"),
    (MAP, "names=bogus", "names takes label|id|auto"),
    (RENGI, "frame=two", "frame takes N"),
    (RENGI, "frame=-1", "frame takes N"),
    (RENGI, "frame=" + "9" * 400, "frame takes N, a whole number from 0 to 999999"),
    (RENGI, "frame=17e307", "from 0 to 999999"), (RENGI, "frame=nan", "from 0 to 999999"),
    (RENGI, "frame=inf", "from 0 to 999999"), (RENGI, "frame=3\x1b[2J", "3\\x1b[2J")])
def test_a_value_an_option_does_not_take_is_a_usage_error(kifu_cli, record, option, said):
    result = kifu_cli("render", record, "-O", option, exit_code=EXIT_USAGE)
    assert said in result.stderr
    assert len(result.stderr) < 400 and "\x1b" not in result.stderr  # the value cut short


@pytest.mark.parametrize(("record", "option"), [
    (RENJU, "forbidden"), (RENJU, "forbidden=NO"), (RENJU, "forbidden=on"),
    (MAP, "names=id"), (RENGI, "next=no")])
def test_the_values_an_option_takes_draw(kifu_cli, record, option):
    assert kifu_cli("render", record, "-O", option).stdout.startswith("<svg")


def test_the_library_checks_them_too():
    renju = kifu.game("renju")
    with pytest.raises(kifu.OptionError, match="forbidden takes yes\\|no"):
        kifu.svg(renju.start(), renju, forbidden="maybe")
    assert kifu.svg(renju.start(), renju, forbidden=True).startswith("<svg")


def test_kifu_games_lists_the_values_and_fits_a_narrow_terminal(kifu_cli, monkeypatch):
    monkeypatch.setenv("COLUMNS", "60")
    out = kifu_cli("games").stdout
    assert "forbidden=yes|no" in out and "names=label|id|auto" in out and "frame=N" in out
    assert max(len(line) for line in out.splitlines()) <= 60
