"""Coup's static evaluation (``coup_evaluate``, the search's ``leaf=eval``): its features are what the
state shows, its value is the fitted logistic model heads-up and the fitted conditional-logit model
among three or more, it gives no value for a finished game, the search uses it where it exists, and
the fitting code recovers known models."""
import math
import random

import numpy as np
import pytest

from intrigue.engine import new_game
from intrigue.engine.coup import value
from intrigue.ext import coup_core
from intrigue.ext.coup_core import Phase
from intrigue.ext.ismcts import Search
from intrigue.search.bot import BotSpecError, make_bot


def _reference_seat_features(core, p):
    """Seat p's features as the comment above ``VALUE_W`` describes them, read through the Python face."""
    inf = core.influence(p)
    coins = min(core.coins[p], 12)
    roles = [0] * 5
    for role, face_up, _ in core.hand(p):
        if role is not None and not face_up:
            roles[role] += 1
    f = [float(inf == 2), float(coins), float(coins >= 7), float(coins >= 3)]
    return f + [float(r) for r in roles] + [float(r * (inf == 1)) for r in roles]


def _reference_features(core):
    """The heads-up features as the docstring of ``coup_evaluate`` describes them."""
    return tuple(_reference_seat_features(core, 0) + _reference_seat_features(core, 1) + [float(core.actor == 0)])


def _states(players, games, seed):
    """Every state of seeded games played uniformly at random."""
    for g in range(games):
        state = new_game("coup", players=players, seed=seed + g)
        rnd = random.Random(seed + g)
        while not state.is_terminal():
            yield state
            state.apply_action(rnd.choice(state.information_state(state.current_player()).legal_actions()))
        yield state


def test_features_and_value_at_a_turn_start_match_the_reference():
    w = coup_core.value_weights()
    checked = 0
    for state in _states(2, 30, 700):
        core = state.core
        if core.phase != Phase.ACTION:
            continue
        f = coup_core.value_features(core)
        assert f == _reference_features(core)
        z = w[0] + sum(wi * fi for wi, fi in zip(w[1:], f))
        p0, p1 = coup_core.evaluate(core, seed=5)
        assert p0 == pytest.approx(1.0 / (1.0 + math.exp(-z)), abs=1e-12)
        assert p0 + p1 == pytest.approx(1.0) and 0.0 < p0 < 1.0
        checked += 1
    assert checked > 100


def test_mid_turn_states_are_played_to_the_next_turn_and_seeded():
    seen = 0
    for state in _states(2, 20, 900):
        core = state.core
        if core.phase in (Phase.ACTION, Phase.OVER):
            continue
        a = coup_core.evaluate(core, seed=3)
        assert a == coup_core.evaluate(core, seed=3)       # the same seed plays the turn out the same way
        assert 0.0 <= a[0] <= 1.0 and a[0] + a[1] == pytest.approx(1.0)
        seen += 1
    assert seen > 100


def test_no_value_for_a_finished_game():
    finished = None
    for state in _states(2, 1, 5):
        finished = state
    assert finished.is_terminal() and coup_core.evaluate(finished.core) is None
    four = new_game("coup", players=4, seed=1)
    with pytest.raises(ValueError):
        coup_core.value_features(four.core)


def _reference_multi_features(core, p):
    """Seat p's features among three or more, read through the Python face: its heads-up seat
    features, then whether it acts now, next or third (live seats counted from the actor)."""
    f = _reference_seat_features(core, p)
    order, q = [], core.actor
    while True:
        if core.influence(q) > 0:
            order.append(q)
        q = (q + 1) % core.num_players
        if q == core.actor:
            break
    d = order.index(p)
    return tuple(f + [float(d == 0), float(d == 1), float(d == 2)])


@pytest.mark.parametrize("players", [3, 4, 6])
def test_multi_features_and_value_match_the_reference(players):
    w = np.array(coup_core.multi_value_weights())
    checked = 0
    for state in _states(players, 12, 300 + players):
        core = state.core
        if core.phase != Phase.ACTION:
            continue
        rows = coup_core.multi_value_features(core)
        live = [core.influence(p) > 0 for p in range(players)]
        assert [r is not None for r in rows] == live
        k = sum(live)
        z = {}
        for p, row in enumerate(rows):
            if row is not None:
                assert row == _reference_multi_features(core, p)
                # every count of live seats has the first block; two and three live seats add theirs
                z[p] = float(np.dot(w[:17], row) + (k == 2) * np.dot(w[17:34], row) + (k == 3) * np.dot(w[34:], row))
        top = max(z.values())
        total = sum(math.exp(v - top) for v in z.values())
        value = coup_core.evaluate(core, seed=5)
        assert len(value) == players and sum(value) == pytest.approx(1.0)
        for p in range(players):
            expected = math.exp(z[p] - top) / total if p in z else 0.0
            assert value[p] == pytest.approx(expected, abs=1e-12)
        checked += 1
    assert checked > 50


def test_multi_weights_can_be_replaced_in_process_and_are_checked():
    state = new_game("coup", players=4, seed=2)
    saved = coup_core.multi_value_weights()
    try:
        coup_core.set_multi_value_weights([0.0] * len(saved))
        assert coup_core.evaluate(state.core) == (0.25, 0.25, 0.25, 0.25)
        with pytest.raises(ValueError):
            coup_core.set_multi_value_weights([0.0] * 3)
    finally:
        coup_core.set_multi_value_weights(saved)
    assert coup_core.multi_value_weights() == saved


def test_weights_can_be_replaced_in_process_and_are_checked():
    state = new_game("coup", players=2, seed=2)
    saved = coup_core.value_weights()
    try:
        coup_core.set_value_weights([0.0] * len(saved))
        assert coup_core.evaluate(state.core) == (0.5, 0.5)
        with pytest.raises(ValueError):
            coup_core.set_value_weights([0.0] * 3)
    finally:
        coup_core.set_value_weights(saved)
    assert coup_core.value_weights() == saved


def _root_after(players, leaf, seed=4):
    state = new_game("coup", players=players, seed=seed)
    info = state.information_state(state.current_player())
    search = Search(info.core, info.seat, 9, c=2.0, leaf=leaf)
    search.run(3000)
    return search.root_stats(), info


@pytest.mark.parametrize("players", [2, 4])
def test_search_uses_the_evaluation(players):
    with_eval, info = _root_after(players, "eval")
    plain, _ = _root_after(players, "playout")
    assert with_eval != plain                               # the leaves were scored differently
    assert {a for a, *_ in with_eval} <= set(info.legal_actions())
    assert with_eval == _root_after(players, "eval")[0]     # seeded
    with pytest.raises(ValueError):
        Search(info.core, info.seat, 1, leaf="guess")


def test_bot_option_leaf():
    state = new_game("coup", players=2, seed=8)
    bot = make_bot("ismcts:iterations=2000,leaf=eval", seed=1)
    while not state.is_terminal():                          # a whole game: every action legal
        seat = state.current_player()
        info = state.information_state(seat)
        decision = bot.choose(info)
        assert decision.action in info.legal_actions()
        state.apply_action(decision.action)
    with pytest.raises(BotSpecError, match="leaf must be"):
        make_bot("ismcts:leaf=guess")


def test_fit_recovers_a_known_logistic_model():
    rng = np.random.default_rng(3)
    x = rng.normal(size=(20000, 3))
    true = np.array([0.3, 1.5, -2.0, 0.5])
    y = (rng.random(20000) < 1.0 / (1.0 + np.exp(-(true[0] + x @ true[1:])))).astype(float)
    w = value.fit(x, y)
    assert np.allclose(w, true, atol=0.1)
    assert value.brier(value.predict(w, x), y) < value.brier(np.full(len(y), y.mean()), y)


def test_the_printed_table_is_the_kernel_table():
    text = value.table(coup_core.value_weights())
    numbers = tuple(float(v) for v in text.split("(", 1)[1].rstrip(")").replace("\n", " ").split(","))
    assert numbers == pytest.approx(coup_core.value_weights(), abs=1e-6)


def test_collect_records_turn_starts_with_the_result():
    rnd = random.Random(1)
    players = [lambda info: rnd.choice(info.legal_actions())] * 2
    x, y, g = value.collect(players, 5, 40)
    assert x.shape[1] == 29 and len(x) == len(y) == len(g)
    assert set(g) == set(range(5)) and set(y) <= {0.0, 0.5, 1.0}


@pytest.mark.slow
def test_fit_multi_recovers_a_known_conditional_logit_model():
    rng = np.random.default_rng(4)
    n, seats = 20000, 4
    x = rng.normal(size=(n, seats, 3))
    live = rng.random((n, seats)) < 0.8
    live[:, 0] = True                                       # at least one live seat
    true = np.array([1.0, -0.7, 0.4])
    p = value.predict_multi(true, x, live)
    winner = np.array([rng.choice(seats, p=row) for row in p])
    y = np.eye(seats)[winner]
    w = value.fit_multi(x, live, y)
    assert np.allclose(w, true, atol=0.08)
    uniform = live / live.sum(axis=1, keepdims=True)
    assert value.brier_multi(value.predict_multi(w, x, live), y) < value.brier_multi(uniform, y)
    assert np.all(value.predict_multi(w, x, live)[~live] == 0.0)


def test_the_printed_multi_table_is_the_kernel_table():
    text = value.table_multi(coup_core.multi_value_weights())
    assert text.startswith("_MULTI_FITTED = (")
    numbers = tuple(float(v) for v in text.split("(", 1)[1].rstrip(")").replace("\n", " ").split(","))
    assert numbers == pytest.approx(coup_core.multi_value_weights(), abs=1e-6)


def test_collect_multi_records_turn_starts_with_the_returns():
    rnd = random.Random(2)
    players = [lambda info: rnd.choice(info.legal_actions())] * 4
    x, live, y, g = value.collect_multi(players, 5, 60)
    assert x.shape[1:] == (4, len(coup_core.multi_value_weights()) // 3)
    design = value.design_multi(x, live)
    assert design.shape[2] == len(coup_core.multi_value_weights())
    k = live.sum(axis=1)
    assert np.all(design[k == 4][:, :, 17:] == 0.0) and np.all(design[k == 2][:, :, 17:34] == x[k == 2])
    assert len(x) == len(live) == len(y) == len(g) and set(g) == set(range(5))
    assert np.allclose(y.sum(axis=1), 1.0) and live.any(axis=1).all()
    assert np.all(x[~live] == 0.0) and np.all(live[:, :][g == 0][0])   # everyone is live at the first turn
    with pytest.raises(ValueError):
        value.collect_multi(players[:2], 1, 0)
