"""The conformance suite runs every registered game: nothing here names a game.

``CASES`` is every game x ruleset x player count worth checking (the smallest, the default and the
largest count of each ruleset); ``GAMES`` is one case per game (its defaults), for the heavier checks.
"""
from __future__ import annotations

import os
import sys
from typing import List, NamedTuple

import pytest

from intrigue.engine import game_class, game_names

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))   # tests/ helpers


class Case(NamedTuple):
    game: str
    ruleset: str
    players: int

    def __str__(self) -> str:
        return f"{self.game}-{self.ruleset}-{self.players}p"


def _cases() -> List[Case]:
    out = []
    for name in game_names():
        cls = game_class(name)
        for ruleset in cls.rulesets:
            lo, hi = cls.player_range(ruleset)
            counts = sorted({lo, hi, min(max(cls.default_players, lo), hi)})
            out.extend(Case(name, ruleset, n) for n in counts)
    return out


CASES = _cases()
GAMES = [Case(n, game_class(n).default_ruleset, game_class(n).default_players) for n in game_names()]


def pytest_generate_tests(metafunc):
    if "case" in metafunc.fixturenames:
        metafunc.parametrize("case", CASES, ids=str)
    if "game_case" in metafunc.fixturenames:
        metafunc.parametrize("game_case", GAMES, ids=str)
