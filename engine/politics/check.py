"""The long property run of the Politics Game kernel:
``python -m intrigue.engine.politics.check --games 100000``.

It spreads the games over 6-8 players and both rulesets and prints, per configuration, the games
played, the states checked and the first invariant violated, if any (see
:mod:`intrigue.ext.politics_check`): every state is valid (the 48 policy and the backroom cards add up,
two dark players, counters in range); the legal actions are listed in increasing order; chance odds
sum to 1 and a sampled outcome is legal; determinizing or canonicalizing for the deciding seat keeps
its own cards and its legal actions; every game ends.
"""
from __future__ import annotations

import sys

from intrigue.ext.politics_check import check_random_games

RULESETS = {
    "standard": {},
    "core": dict(backroom=False, contracts=False, awards=False),
}


def main(argv=None) -> int:
    import argparse
    import time
    ap = argparse.ArgumentParser(prog="python -m intrigue.engine.politics.check",
                                 description="Check Politics Game kernel invariants over many seeded random games.")
    ap.add_argument("--games", type=int, default=100_000, help="games in all, split over the configurations")
    ap.add_argument("--seed", type=int, default=1)
    args = ap.parse_args(argv)
    jobs = [(r, n) for r in RULESETS for n in range(6, 9)]
    failures = games = steps = 0
    t0 = time.perf_counter()
    for i, (name, n) in enumerate(jobs):
        share = args.games // len(jobs) + (1 if i < args.games % len(jobs) else 0)
        try:
            res = check_random_games(n, share, seed=args.seed * 1000 + i, **RULESETS[name])
        except AssertionError as err:
            failures += 1
            print(f"{name:<9} {n}p  violation: {err}", flush=True)
            continue
        games += res["games"]
        steps += res["steps"]
        print(f"{name:<9} {n}p  games {res['games']:>9,}  states {res['steps']:>13,}  crises {res['crises']}",
              flush=True)
    print(f"total: {games:,} games, {steps:,} states checked, {failures} configurations with a violation, "
          f"{time.perf_counter() - t0:.1f} s")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
