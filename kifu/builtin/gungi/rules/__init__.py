"""The Gungi referee (Nishitsuji rules).

Entry points: :func:`start` (:mod:`.start_position`: the set-up phase's empty board, or a diagram's
position), :func:`play` (:mod:`.referee`: one move of any kind, with the ply's resolution), and
:func:`normalise` / :func:`canonical` (:mod:`.normalise`: what the notation leaves implicit,
filled in by a lenient replay), :func:`canonical_move` (:mod:`.canonical_move`: one move as
the listing writes it, however a record spells it).  The parts: :mod:`.formation` (the set-up
phase, 初期陣形配置), :mod:`.battle` (a battle ply resolved, checked and carried out),
:mod:`.resolve` (which action a written ply stands for), :mod:`.reach` (where pieces can
go), :mod:`.legal` (whole actions and the mate search), :mod:`.board_ops` (an action carried
out on a board), :mod:`.hands` (pieces to and from hands), :mod:`.actions` (a resolved action).
"""
from __future__ import annotations

from kifu.builtin.gungi.rules.canonical_ply import canonical_move
from kifu.builtin.gungi.rules.normaliser import canonical, normalise
from kifu.builtin.gungi.rules.plies import legal_moves
from kifu.builtin.gungi.rules.referee import outcome, play
from kifu.builtin.gungi.rules.start_position import start

__all__ = ["canonical", "canonical_move", "legal_moves", "normalise", "outcome", "play", "start"]
