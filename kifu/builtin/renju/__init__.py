"""Renju 連珠: five in a row on 15x15, with black's forbidden moves (3-3, 4-4, overline)."""
from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING

from kifu.plugin import Format, GamePlugin, built_in_card, later

if TYPE_CHECKING:  # the modules are imported when first used (a decided record needs none)
    from kifu.builtin.renju import moves, position, setup  # noqa: F401 - the base's text


class Renju(GamePlugin["position.Position", "moves.Move", "setup.Setup"]):
    card = built_in_card("renju")
    notation = "header lines, then moves a1..o15 (optionally numbered), pass, swap, offer[...]"
    dialects = {
        "numbered": "every move numbered, ten to a line (the default)",
        "plain": "a bare list of points, as Renju databases keep them",
    }
    render_options = {"forbidden": "mark black's forbidden points when black is to move"}
    draws_markup = True
    sides = ("black", "white")
    side_names = {"en": {"black": "Black", "white": "White"}, "ja": {"black": "黒", "white": "白"},
                  "zh": {"black": "黑", "white": "白"}, "ko": {"black": "흑", "white": "백"}}
    result_names = {"1-0": "black", "0-1": "white", "1/2-1/2": "draw", "0": "draw",
                    "黒勝ち": "black", "白勝ち": "white", "満局": "draw"}

    def formats(self) -> Mapping[str, Format]:
        # Readers and writers are imported when first called: a Go SGF file asks whether the
        # text is Renju's (claims, which imports nothing of Renju), and a record the compiled
        # core decides needs no reader (importing the four archives' costs as much as checking
        # a folder of Go games in C).
        from kifu.builtin.renju import native
        from kifu.builtin.renju.archives import RIF_MAX_BYTES
        from kifu.builtin.renju.sgf import claims

        sgf, core_sgf = later("kifu.builtin.renju.sgf"), later("kifu.sgf.syntax")
        psq, pgn, rif, renlib = (later(f"kifu.builtin.renju.archives.{name}")
                                 for name in ("psq", "pgn", "rif", "renlib"))
        return {
            "sgf": Format("sgf", (".sgf",), "Smart Game Format, GM[4] (and GM[1], GM[5] as "
                          "Renju programs write it)", sgf.read, sgf.write, claims,
                          sgf.read_games, core_sgf.rewritten, sgf.pieces,
                          recognises=core_sgf.recognises, precedence=1,
                          heads=core_sgf.roots, collection=core_sgf.collection),
            "psq": Format("psq", (".psq",), "Piskvork's .psq, as Gomocup writes its games",
                          psq.read, psq.write, psq.recognises, recognises=psq.recognises,
                          leaves_out=psq.leaves_out, decide=native.decide_psq,
                          trace=native.trace_psq, replay=native.replay_psq),
            "pgn": Format("pgn", (".pgn",), "PlayOK's gomoku PGN (read only)", pgn.read,
                          pgn.write, pgn.recognises, pgn.read_games, recognises=pgn.recognises,
                          generic=(".pgn",)),
            "rif": Format("rif", (".rif", ".xml"), "the renju.net (RIF) database, XML (read only)",
                          rif.read, rif.write, rif.claims, rif.read_games, recognises=rif.claims,
                          claims_bytes=rif.claims_bytes, max_bytes=RIF_MAX_BYTES,
                          generic=(".xml",)),
            "renlib": Format("renlib", (".lib",), "RenLib's opening library (binary)",
                             renlib.read, renlib.write, renlib.claims, renlib.read_games,
                             recognises=renlib.claims, leaves_out=renlib.leaves_out,
                             claims_bytes=renlib.claims_bytes, generic=(".lib",)),
        }


GAME = Renju()
