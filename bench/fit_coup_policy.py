"""Fit the belief's model of how searching bots decide in Coup (a script, not a benchmark test).

    intrigue arena --game coup --players 4 --bots ismcts:iterations=3000 --games 200 --seed 21 --records DIR
    python bench/fit_coup_policy.py DIR

reads every record in DIR (full games: every hand is known at every decision), takes each decision
with a choice in a turn action, a challenge or a block, fits :mod:`intrigue.engine.coup.policyfit`'s
log-linear correction of the heuristic on the first 70% of the games (``--train``), prints the
held-out log-loss of the heuristic's own probabilities, of the table the kernel has now and of the
fitted model, per kind of decision, and prints the table as the ``_POLICY_FITTED`` literal to paste into ``ext/coup_policy.pxi`` (which
``engine/coup/policyfit.py`` reads as ``FITTED``).
The records are seeded and the bots search a fixed number of iterations, so the same commands give
the same table.
"""
from __future__ import annotations

import argparse
import glob
import os

from intrigue.engine.coup import policyfit
from intrigue.engine.coup.heuristic import CoupHeuristic
from intrigue.engine.records import GameRecord
from intrigue.ext.game_api import Rng


def record_decisions(rec):
    """(state, seat, action) for every seat decision of a record, the state before it."""
    for i, state in enumerate(rec.states()):
        if i == len(rec.events):
            return
        seat, text = rec.events[i]
        if seat >= 0:
            yield state, seat, state.string_to_action(text)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("dirs", nargs="+", help="directories of Coup game records (intrigue arena --records DIR)")
    ap.add_argument("--train", type=float, default=0.7, help="share of the games (in file order) fitted on")
    args = ap.parse_args()
    files = [f for d in args.dirs for f in sorted(glob.glob(os.path.join(d, "*.msgpack")))]
    if not files:
        raise SystemExit("no records (*.msgpack) in " + ", ".join(args.dirs))
    cut = int(len(files) * args.train)
    policy = CoupHeuristic(Rng(0))
    train, test = [], []
    for k, f in enumerate(files):
        rows = policyfit.rows_from_states(record_decisions(GameRecord.load(f)), policy)
        (train if k < cut else test).extend(rows)
    table = policyfit.fit(train)
    base, fitted = policyfit.log_loss(test, None), policyfit.log_loss(test, table)
    current = policyfit.log_loss(test, policyfit.FITTED)
    print(f"{len(train)} decisions from {cut} games fitted; {len(test)} from {len(files) - cut} tested")
    for group in table:
        n = sum(1 for r in test if r[0] == group)
        print(f"  {group}: held-out log-loss, heuristic {base.get(group, float('nan')):.4f}, "
              f"the kernel's table {current.get(group, float('nan')):.4f}, "
              f"fitted {fitted.get(group, float('nan')):.4f} ({n} decisions)")
    print(policyfit.table_text(table))


if __name__ == "__main__":
    main()
