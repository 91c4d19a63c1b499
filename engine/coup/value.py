"""Fit Coup's heads-up static evaluation (``coup_evaluate`` in ``ext/coup_core.pyx``) to real play.

The search can score a leaf with this evaluation instead of a random playout (``ismcts:leaf=eval``).
It is a logistic model of P(seat 0 wins) at the start of a turn, from the features
:func:`intrigue.ext.coup_core.value_features` reads off a full (determinized) state: per seat two
influences left, coins, coins >= 7, coins >= 3, the count of each face-down role and the same counts
with one influence left; then whether seat 0 acts next.  The fit is run by
``bench/fit_coup_value.py`` (its players are search bots, which this layer does not import)::

    python bench/fit_coup_value.py --bot ismcts:iterations=1000,leaf=playout --games 1500 --seed 1000

It plays seeded heads-up games of the bot against itself, records every turn's start with the game's
result (:func:`collect`), fits the model on the first 70% of the games (:func:`fit`: iteratively
reweighted least squares with a small ridge), reports the Brier score on the other 30% next to a
constant guess, and prints the weights as the ``_VALUE_FITTED`` table of ``ext/coup_core.pyx``
(:func:`table`).  Why a fitted value: on
the same positions, the mean of 64 uniformly random playouts predicts the result worse (Brier 0.186)
than this model (0.147; ``docs/search.md``, sixth round).
"""
from __future__ import annotations

from typing import Callable, List, Sequence, Tuple

import numpy as np

from intrigue.engine import InfoState
from intrigue.engine.registry import load_game
from intrigue.ext import coup_core
from intrigue.ext.coup_core import CONST as K

Player = Callable[[InfoState], int]            # an information state -> the action chosen


def collect(players: Sequence[Player], games: int, seed: int) -> Tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Play ``games`` seeded heads-up games between ``players`` (seat 0, seat 1); return the features of
    every turn's start, seat 0's result of that game (1 win, 0 loss, 0.5 shared) and the game index."""
    feats: List[Tuple[float, ...]] = []
    results: List[float] = []
    index: List[int] = []
    game = load_game("coup", "standard", 2)
    for g in range(games):
        state = game.new_state(seed + g)
        starts = []
        while not state.is_terminal():
            core = state.core
            if core.phase == K["PH_ACTION"]:
                starts.append(coup_core.value_features(core))
            seat = state.current_player()
            state.apply_action(players[seat](state.information_state(seat)), seat=seat)
        result = state.core.returns()[0]
        feats.extend(starts)
        results.extend([result] * len(starts))
        index.extend([g] * len(starts))
    return np.array(feats, float), np.array(results, float), np.array(index)


def fit(x: np.ndarray, y: np.ndarray, ridge: float = 1e-3, rounds: int = 50) -> np.ndarray:
    """Logistic regression by iteratively reweighted least squares; the weights, bias first."""
    xb = np.hstack([np.ones((len(x), 1)), x])
    w = np.zeros(xb.shape[1])
    for _ in range(rounds):
        p = 1.0 / (1.0 + np.exp(-xb @ w))
        h = xb.T @ (xb * (p * (1.0 - p))[:, None]) + ridge * np.eye(len(w))
        w += np.linalg.solve(h, xb.T @ (y - p) - ridge * w)
    return w


def predict(w: np.ndarray, x: np.ndarray) -> np.ndarray:
    """The model's P(seat 0 wins) for each row of ``x``."""
    return 1.0 / (1.0 + np.exp(-(w[0] + x @ w[1:])))


def brier(p: np.ndarray, y: np.ndarray) -> float:
    return float(np.mean((p - y) ** 2))


def table(w: Sequence[float]) -> str:
    """The weights as the ``_VALUE_FITTED`` tuple of ``ext/coup_core.pyx``."""
    items = [f"{v:.6f}" for v in w]
    lines = [", ".join(items[i:i + 10]) for i in range(0, len(items), 10)]
    return "_VALUE_FITTED = (\n    " + ",\n    ".join(lines) + ")"
