"""Benchmark cases as data: each game's ``benchmarks`` plug-in returns a list of :class:`Case`
(``cases(quick)``), and ``intrigue bench`` (:mod:`intrigue.cli.bench`) times them.

A case is one of three kinds:

* ``run(count)`` does ``count`` units of work (playouts, clones, search iterations); the figure is
  units per second;
* ``measure()`` returns the figure itself (a size, a ratio), reported as ``value``;
* ``bot`` (a bot spec) with ``position()`` (a :class:`~intrigue.engine.game.State` factory): a whole
  bot decision from that position with ``count`` iterations; the search layer builds the bot, so a
  game's package describes the case without importing the search.
"""
from __future__ import annotations

import dataclasses
from typing import Any, Callable, Optional


@dataclasses.dataclass
class Case:
    """One benchmark case (see the module docstring for the three kinds)."""

    name: str                                       # "<game>.<what>", e.g. "coup.random_playout"
    players: Optional[int]                          # the player count measured (None: not per count)
    run: Optional[Callable[[int], object]] = None   # do `count` units of work
    unit: str = "ops"                               # what one unit is ("playouts", "iterations")
    measure: Optional[Callable[[], float]] = None   # or: return the figure itself
    min_count: int = 1                              # the smallest sensible `count` for run
    bot: Optional[str] = None                       # or: a bot spec whose decision is timed ...
    position: Optional[Callable[[], Any]] = None    # ... from this position (a State factory)
