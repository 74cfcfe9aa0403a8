"""The library's games (kifu.game, kifu.games, kifu.Game) and drawing (kifu.svg, kifu.text),
for each of the five games."""
from __future__ import annotations

import json
import subprocess
import sys

import pytest

import kifu
from tests import examples
from tests.examples import legal

GAMES = examples.GAMES


def final(game: str) -> tuple[kifu.Game, object]:
    """The game and the last position of its first example record."""
    record = kifu.read(str(legal(game)[0]))
    return record.game, record.position(lenient=True)


def test_games_lists_the_five_games_by_name() -> None:
    assert [g.name for g in kifu.games()] == list(GAMES)
    assert all(kifu.game(g.name) is g for g in kifu.games())


@pytest.mark.parametrize("name", GAMES)
def test_game_finds_a_game_by_name_and_alias(name: str) -> None:
    found = kifu.game(name)
    assert found.name == name and name in repr(found)
    for alias in found.aliases:
        assert kifu.game(alias) is found
    assert kifu.game(name.upper()) is found


def test_an_unknown_game_is_an_unknown_game_error() -> None:
    with pytest.raises(kifu.UnknownGameError, match="chess"):
        kifu.game("chess")


@pytest.mark.parametrize("name", ["renju", "freego", "rengi"])
def test_start_is_the_usual_start_position(name: str) -> None:
    game = kifu.game(name)
    position = game.start()
    assert game.outcome(position) is None
    assert game.legal_moves(position)


def test_start_takes_the_headers_a_game_needs() -> None:
    rengoma = kifu.game("rengoma")
    with pytest.raises(kifu.KifuError, match="Stock-black"):
        rengoma.start()
    stock = "1 1 1 2 2 2 3 3 3 4 4 4"
    position = rengoma.start({"Stock-black": stock, "Stock-red": stock})
    assert rengoma.to_move(position) == "black"
    gungi = kifu.game("gungi")
    setup = gungi.play(gungi.start(), gungi.parse_move("[打ち始め]", gungi.start()))
    assert len(gungi.legal_moves(setup)) == 270  # 10 kinds of front piece, 27 squares


@pytest.mark.parametrize("name", GAMES)
def test_a_value_that_is_no_move_is_refused_clearly(name: str) -> None:
    game, position = final(name)
    with pytest.raises(kifu.KifuError, match="is not a .* move .read text with parse_move") \
            as raised:
        game.play(position, "h8")
    assert not isinstance(raised.value, kifu.IllegalMoveError)
    with pytest.raises(kifu.KifuError, match="is not a"):
        game.play(position, 42)


@pytest.mark.parametrize(("name", "text"), [
    ("renju", "h8 i9"), ("renju", "Black: x\nh8"), ("renju", "h8 {a comment}"), ("renju", "jj"),
    ("freego", "D4 D5"), ("gungi", "▲1―6―1―兵、▽9―4―1―兵"), ("rengi", "+23ab -45cd"),
    ("rengoma", "A c3 B d4"), ("rengoma", "")])
def test_parse_move_refuses_what_is_not_one_move(name: str, text: str) -> None:
    game, position = final(name)
    with pytest.raises(kifu.NotationError):
        game.parse_move(text, position)


def test_a_free_form_go_move_names_a_cell_of_the_board() -> None:
    go = kifu.game("freego")
    position = go.start({"Board": "grid:9"})
    assert str(go.parse_move("E5", position)) == "E5"
    with pytest.raises(kifu.NotationError, match="'Z99' is not a cell of the board 'grid:9'"):
        go.parse_move("Z99", position)


def test_renju_play_of_the_wrong_thing_never_names_a_rule_it_did_not_break() -> None:
    renju = kifu.game("renju")
    position = renju.play(renju.start(), renju.parse_move("h8", renju.start()))
    with pytest.raises(kifu.IllegalMoveError) as raised:
        renju.play(position, renju.parse_move("h8", position))
    assert raised.value.rule == "occupied"
    with pytest.raises(kifu.IllegalMoveError) as raised:  # the referee itself, below the library
        renju.plugin.play(position, "h8")
    assert raised.value.rule == "notation" and "'h8' is not a Renju move" in str(raised.value)


@pytest.mark.parametrize("name", GAMES)
def test_play_after_the_end_is_a_game_over_error(name: str) -> None:
    game, position = final(name)
    if game.outcome(position) is None:
        pytest.skip("this example ends before the game does")
    assert game.legal_moves(position) == []
    record = kifu.read(str(legal(name)[0]))
    with pytest.raises(kifu.GameOverError):
        game.play(position, record.moves[-1])


@pytest.mark.parametrize("name", GAMES)
def test_notation_in_each_dialect(name: str) -> None:
    game, position = final(name)
    record = kifu.read(str(legal(name)[0]))
    before = record.position(len([s for s in record.replay(lenient=True)
                                  if s.number is not None]) - 1, lenient=True)
    move = next(s.move for s in reversed(list(record.replay(lenient=True)))
                if s.number is not None)
    assert game.notation(move, before) == game.plugin.move_text(move)
    for dialect in game.dialects:
        assert game.notation(move, before, dialect)
    with pytest.raises(kifu.ConversionError, match="no dialect 'klingon'"):
        game.notation(move, before, "klingon")


def test_notation_follows_the_dialect_where_moves_are_written_differently() -> None:
    rengi = kifu.game("rengi")
    start = rengi.start()
    move = rengi.parse_move("+3a", start)
    assert [rengi.notation(move, start, d) for d in ("letters", "kanji", "symbols")] == [
        "+3a", "+3青", "+3●"]
    gungi = kifu.game("gungi")
    battle = kifu.read(str(legal("gungi")[0])).position(0)
    ply = gungi.legal_moves(battle)[0]
    assert gungi.notation(ply, battle, "ascii").isascii()


@pytest.mark.parametrize("name", GAMES)
def test_svg_and_text_draw_a_position_with_the_game_s_options(name: str) -> None:
    game, position = final(name)
    drawn = kifu.svg(position, game, size=300, flip=True, numbers=True)
    assert drawn.startswith("<svg") and drawn.rstrip().endswith("</svg>")
    assert kifu.svg(position, name) == kifu.svg(position, game)
    assert kifu.text(position, game, coords=False)
    for option in set(game.render_options) - {"frame"}:  # a frame needs a chain just fired
        values = game.plugin.render_option_values.get(option)
        value = values[0] if values else True  # a yes/no option takes True
        assert kifu.svg(position, game, **{option: value}).startswith("<svg")
    with pytest.raises(kifu.OptionError, match="no drawing option 'sparkles'"):
        kifu.text(position, game, sparkles=True)


def test_renju_draws_black_s_forbidden_points_on_request() -> None:
    record = kifu.read(str(next(p for p in legal("renju") if p.name == "double-three.renju")))
    position = record.position(record_moves := len(record.moves) - 1)
    assert record_moves > 0
    assert kifu.svg(position, "renju", forbidden=True) != kifu.svg(position, "renju")


def test_the_error_classes_are_exported_with_one_base() -> None:
    for name in kifu.__all__:
        value = getattr(kifu, name)
        if isinstance(value, type) and issubclass(value, Warning):  # what a conversion loses
            assert value is kifu.ConversionWarning and issubclass(value, UserWarning)
        elif isinstance(value, type) and issubclass(value, Exception):
            assert issubclass(value, kifu.KifuError)
    assert kifu.Diagnostic.__name__ == "Diagnostic"
    with pytest.raises(AttributeError):
        kifu.no_such_name  # noqa: B018


def test_no_module_shares_a_name_with_a_function_of_the_library() -> None:
    """No submodule of ``kifu`` is named as one of the library's functions (``kifu.game``,
    ``kifu.games``, ``kifu.read``...), so that importing every part of kifu (a game's package,
    every layer) leaves each name the function it is."""
    code = ("import kifu, importlib, pkgutil; "
            "[importlib.import_module(m.name) for m in pkgutil.walk_packages(kifu.__path__, 'kifu.') "
            "if not m.name.endswith('__main__')]; "
            "print(all(callable(getattr(kifu, n)) for n in ('game', 'games', 'read', 'parse', "
            "'read_all', 'svg', 'text')), callable(kifu.games), kifu.game('gungi').name)")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         check=True).stdout
    assert out.split() == ["True", "True", "gungi"]


def test_positions_are_json_able() -> None:
    for name in GAMES:
        game, position = final(name)
        json.dumps(game.position_json(position))
        assert game.to_move(position) is None or isinstance(game.to_move(position), str)


def test_the_old_import_paths_of_the_public_api_still_work_and_are_deprecated() -> None:
    """``kifu.errors``, ``kifu.record`` and ``kifu.game`` (the plug-in contract) moved into the
    layer folders, the games from ``kifu/games/`` to ``kifu/builtin/``; code written against
    the old paths still imports, with a dated deprecation, and ``kifu.game`` and
    ``kifu.games`` stay the functions."""
    code = ("import kifu.errors, kifu.record; from kifu.game import Game, Card, Outcome; "
            "from kifu.plugin import GamePlugin; from kifu.base.errors import KifuError; "
            "from kifu.api.games import Game as Api; assert Api is kifu.Game; "
            "print(Game is GamePlugin, kifu.errors.KifuError is KifuError, "
            "kifu.record.Record.__name__, callable(kifu.game), Card.__name__, Outcome.__name__)")
    done = subprocess.run([sys.executable, "-W", "always::DeprecationWarning", "-c", code],
                          capture_output=True, text=True, check=True)
    assert done.stdout.split() == ["True", "True", "Record", "True", "Card", "Outcome"]
    # each old path says it goes, when, and what to import instead
    assert ("DeprecationWarning: kifu.game.Game is deprecated and goes in kifu 0.3 (not before "
            "2027-06-30): import kifu.plugin.GamePlugin instead") in done.stderr
    assert "kifu.errors.KifuError is deprecated" in done.stderr


@pytest.mark.parametrize("name", GAMES)
def test_the_games_old_packages_are_the_same_modules(name: str) -> None:
    """``from kifu.games.renju.moves import Move`` (as the library's page once wrote it) gives
    the very class kifu uses, not a copy, and loads that game alone."""
    code = (f"import sys, kifu; from kifu.games.{name} import position as old; "
            f"import kifu.builtin.{name}.position as new; import kifu.games.{name}.moves; "
            "games = [n for n in sys.modules if n.count('.') == 2 and "
            "n.startswith('kifu.builtin.')]; "
            "print(old is new, new.__spec__.name, callable(kifu.games), games)")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         check=True).stdout.split(maxsplit=3)
    assert out[:3] == ["True", f"kifu.builtin.{name}.position", "True"]
    assert out[3].strip() == repr([f"kifu.builtin.{name}"])


def test_an_old_game_path_that_never_was_is_still_not_found() -> None:
    with pytest.raises(ModuleNotFoundError):
        __import__("kifu.games.chess")
