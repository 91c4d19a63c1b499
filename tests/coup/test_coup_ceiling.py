"""bench/coup_ceiling.py: the table it gives the bot is the truth, and only for the other seats."""
import importlib.util
import pathlib

import pytest

from intrigue.engine.coup.belief import HAND_INDEX, HANDS, TABLE_SIZE
from intrigue.engine.registry import load_game
from support import REPO

_PATH = REPO / "bench" / "coup_ceiling.py"


@pytest.fixture(scope="module")
def ceiling():
    spec = importlib.util.spec_from_file_location("coup_ceiling", _PATH)
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


def _hidden(core, q):
    return tuple(sorted(core.face_down(q)))


def test_true_table_is_one_hot_on_the_others_hands(ceiling):
    state = load_game("coup", players=4).new_state(11)
    core = state.core
    base = [0.5] * TABLE_SIZE
    table = ceiling.true_table(core, 2, base)
    assert len(table) == TABLE_SIZE
    for q in range(4):
        row = table[q * HANDS:(q + 1) * HANDS]
        if q == 2:
            assert row == base[q * HANDS:(q + 1) * HANDS]      # its own row: what the bot believed
        else:
            assert row[HAND_INDEX[_hidden(core, q)]] == 1.0
            assert sum(row) == 1.0


def test_the_bot_searches_with_the_truth_in_real_games(ceiling):
    seen = []

    class Spy(ceiling.TrueBelief):
        def table(self, info, stop=None):
            t = super().table(info, stop)
            seen.append((self.state.core.clone(), self.seat, t))
            return t

    real = ceiling.TrueBelief
    ceiling.TrueBelief = Spy
    try:
        wins, games = ceiling.play("ismcts:iterations=50", "ismcts:iterations=50", 3, 2, 5)
    finally:
        ceiling.TrueBelief = real
    assert games == 2 and 0.0 <= wins <= 2.0
    assert seen
    for core, seat, t in seen:
        for q in range(3):
            if q != seat and _hidden(core, q):
                assert t[q * HANDS + HAND_INDEX[_hidden(core, q)]] == 1.0
