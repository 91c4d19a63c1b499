"""The conformance suite runs every registered game: nothing here names a game.

``CASES`` is every game x ruleset x player count worth checking (the smallest, the default and the
largest count of each ruleset); ``GAMES`` is one case per game and ruleset (the game's default count of
players where the ruleset allows it), for the heavier checks: records, the protocol, the terminal, bots.
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
def _games() -> List[Case]:
    out = []
    for name in game_names():
        cls = game_class(name)
        for ruleset in cls.rulesets:
            lo, hi = cls.player_range(ruleset)
            out.append(Case(name, ruleset, min(max(cls.default_players, lo), hi)))
    return out


GAMES = _games()


def pytest_generate_tests(metafunc):
    if "case" in metafunc.fixturenames:
        metafunc.parametrize("case", CASES, ids=str)
    if "game_case" in metafunc.fixturenames:
        metafunc.parametrize("game_case", GAMES, ids=str)
