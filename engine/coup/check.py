"""The long property run of the Coup kernel: ``python -m intrigue.engine.coup.check --games 1000000``.

It spreads the games over the three rulesets and 2-6 players and prints, per configuration, the games
played, the states checked and any invariant violated (see :mod:`intrigue.ext.coup_check`).
"""
from __future__ import annotations

import sys

from intrigue.ext.coup_check import check_random_games


def main(argv=None):
    import argparse
    import time
    ap = argparse.ArgumentParser(prog="python -m intrigue.engine.coup.check",
                                 description="Check Coup kernel invariants over many seeded random games.")
    ap.add_argument("--games", type=int, default=1_000_000, help="games per ruleset and player count split")
    ap.add_argument("--seed", type=int, default=1)
    args = ap.parse_args(argv)
    rulesets = {"standard": dict(steal_amount=2, exchange_mode=0, start_coins_2p=1),
                "seed-th": dict(steal_amount=2, exchange_mode=1, start_coins_2p=2),
                "seed-he": dict(steal_amount=3, exchange_mode=1, start_coins_2p=2)}
    total = {"games": 0, "steps": 0}
    bad_total = 0
    t0 = time.perf_counter()
    jobs = [(r, n) for r in rulesets for n in range(2, 7)]
    for i, (name, n) in enumerate(jobs):
        share = args.games // len(jobs) + (1 if i < args.games % len(jobs) else 0)
        res = check_random_games(n, share, seed=args.seed * 1000 + i, **rulesets[name])
        bad = sum(res["violations"].values())
        bad_total += bad
        total["games"] += res["games"]
        total["steps"] += res["steps"]
        print(f"{name:<9} {n}p  games {res['games']:>9,}  states {res['steps']:>12,}  violations {bad}"
              + (f"  first {res['first']}" if res["first"] else ""))
    print(f"total: {total['games']:,} games, {total['steps']:,} states checked, {bad_total} violations,"
          f" {time.perf_counter() - t0:.1f} s")
    return 1 if bad_total else 0


if __name__ == "__main__":
    sys.exit(main())
