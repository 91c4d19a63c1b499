"""Fit Coup's leaf evaluation to a bot's self-play (a script, not a benchmark test).

``python bench/fit_coup_value.py --games 4000 --seed 5000`` plays seeded heads-up games of
``--bot`` against itself (default ``ismcts:iterations=1000``, the default search, which scores its
leaves with the built-in table; ``engine/coup/value.py`` says which play that table was fitted to),
fits the logistic model of :mod:`intrigue.engine.coup.value` on the first 70% of the games, prints
the Brier score on the other 30% next to a constant guess, and prints the weights as the
``_VALUE_FITTED`` table to paste into ``ext/coup_value.pxi``.  On one build the same command gives
the same table (the bot searches a fixed number of iterations, so the games are seeded).

``python bench/fit_coup_value.py --players 4 --games 2000 --seed 1000 --jobs 2`` does the same for
the conditional-logit model among three or more players (``_MULTI_FITTED``): the games are played in
batches of 50 by freshly seeded bots (so ``--jobs`` does not change the data), the Brier score is
the squared error summed over the seats, next to a uniform guess over the live seats, also per
count of live seats.
"""
from __future__ import annotations

import argparse
import multiprocessing

import numpy as np

from intrigue.engine.coup import value
from intrigue.search.bot import make_bot


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--bot", default="ismcts:iterations=1000", help="the bot whose self-play is fitted")
    ap.add_argument("--games", type=int, default=4000)
    ap.add_argument("--seed", type=int, default=5000)
    ap.add_argument("--players", type=int, default=2, help="2: the heads-up model; 3 to 6: the model for more")
    ap.add_argument("--jobs", type=int, default=1, help="processes playing the games (3+ players; same table for any)")
    ap.add_argument("--save", help="3+ players: save the positions collected to this .npz file")
    ap.add_argument("--data", help="3+ players: fit the positions of this .npz file (from --save) instead of playing")
    args = ap.parse_args()
    if args.players >= 3:
        fit_multi(args.bot, args.players, args.games, args.seed, args.jobs, args.save, args.data)
        return
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


CHUNK = 50                                      # games per batch of fresh bots (3+ players)


def _collect_chunk(job):
    """Games ``start .. start + count - 1`` with bots seeded by the batch, so the data do not depend
    on how many processes play them."""
    spec, n, seed, start, count = job
    bots = [make_bot(spec, seed=seed + start + s) for s in range(n)]
    players = [lambda info, b=b: b.choose(info).action for b in bots]
    x, live, y, g = value.collect_multi(players, count, seed + start)
    return x, live, y, g + start


def fit_multi(spec: str, n: int, games: int, seed: int, jobs: int, save=None, data=None) -> None:
    if data:
        saved = np.load(data)
        x, live, y, g = (saved[k] for k in ("x", "live", "y", "g"))
        games = int(g.max()) + 1
    else:
        chunks = [(spec, n, seed, start, min(CHUNK, games - start)) for start in range(0, games, CHUNK)]
        with multiprocessing.Pool(jobs) as pool:
            parts = pool.map(_collect_chunk, chunks)
        x, live, y, g = (np.concatenate([part[i] for part in parts]) for i in range(4))
    if save:
        np.savez_compressed(save, x=x, live=live, y=y, g=g)
    design = value.design_multi(x, live)
    train = g < int(games * 0.7)
    test = ~train
    w = value.fit_multi(design[train], live[train], y[train])
    p = value.predict_multi(w, design[test], live[test])
    uniform = live[test] / live[test].sum(axis=1, keepdims=True)
    print(f"{len(y)} positions from {games} games among {n}; tested on {int(test.sum())}")
    print(f"Brier on the test games (squared error summed over seats): model {value.brier_multi(p, y[test]):.4f}, "
          f"uniform over the live seats {value.brier_multi(uniform, y[test]):.4f}")
    alive = live[test].sum(axis=1)
    for k in sorted(set(alive.tolist()), reverse=True):
        m = alive == k
        print(f"  {k} live seats ({int(m.sum())} positions): model {value.brier_multi(p[m], y[test][m]):.4f}, "
              f"uniform {value.brier_multi(uniform[m], y[test][m]):.4f}")
    print(value.table_multi(w))


if __name__ == "__main__":
    main()
