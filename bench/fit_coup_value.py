"""Fit Coup's heads-up leaf evaluation to a bot's self-play (a script, not a benchmark test).

``python bench/fit_coup_value.py --games 1500 --seed 1000`` plays seeded heads-up games of
``--bot`` against itself (default ``ismcts:iterations=1000,leaf=playout``, the search that produced
the built-in table), fits the logistic model of :mod:`intrigue.engine.coup.value` on the first 70%
of the games, prints the Brier score on the other 30% next to a constant guess, and prints the
weights as the ``_VALUE_FITTED`` table to paste into ``ext/coup_core.pyx``.  The same command gives
the same table (the bot searches a fixed number of iterations, so the games are seeded).
"""
from __future__ import annotations

import argparse

import numpy as np

from intrigue.engine.coup import value
from intrigue.search.bot import make_bot


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--bot", default="ismcts:iterations=1000,leaf=playout", help="the bot whose self-play is fitted")
    ap.add_argument("--games", type=int, default=1500)
    ap.add_argument("--seed", type=int, default=1000)
    args = ap.parse_args()
    bots = [make_bot(args.bot, seed=s) for s in range(2)]
    players = [lambda info, b=b: b.choose(info).action for b in bots]
    x, y, g = value.collect(players, args.games, args.seed)
    train = g < int(args.games * 0.7)
    test = ~train
    w = value.fit(x[train], y[train])
    print(f"{len(y)} positions from {args.games} games; tested on {int(test.sum())}")
    print(f"Brier on the test games: model {value.brier(value.predict(w, x[test]), y[test]):.4f}, "
          f"constant {value.brier(np.full(int(test.sum()), y[train].mean()), y[test]):.4f}")
    print(value.table(w))


if __name__ == "__main__":
    main()
