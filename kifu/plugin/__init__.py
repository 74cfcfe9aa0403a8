"""The contract a game fulfils, and what kifu builds on it for every game.

A game plug-in subclasses :class:`GamePlugin` (:mod:`.contract`) and answers with the values of
:mod:`.values` (:class:`Outcome`, :class:`Played`, :class:`Step`, :class:`RenderOptions`); its
card (:class:`Card`) announces it.  The replay driver is written once for every game
(:mod:`.replay`); the registry finds games by their cards (:mod:`.registry`); a record's JSON
form is :mod:`.jsonform`.  These names are what a game of one's own imports.
"""
from __future__ import annotations

from kifu.base.cards import Card
from kifu.base.record import Reading
from kifu.plugin.contract import AnyGame, Console, Format, GamePlugin
from kifu.plugin.values import (
    Event,
    MoveT,
    Outcome,
    Played,
    PositionT,
    RenderOptions,
    SetupDefault,
    SetupT,
    Step,
)

__all__ = ["AnyGame", "Card", "Console", "Event", "Format", "GamePlugin", "MoveT", "Outcome",
           "Played", "PositionT", "Reading", "RenderOptions", "SetupDefault", "SetupT", "Step"]
