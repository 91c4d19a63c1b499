"""The long property run of the Shadow Master kernel:
``python -m intrigue.engine.shadow_master.check --games 1000000``.

It spreads the games over 3-6 players and both rulesets and prints, per configuration, the games
played, the states checked and any invariant violated (see ``check_random_games`` in
:mod:`intrigue.ext.shadow_master_check`): every game ends; money is accounted for (the bank's in and out
equal the change in the players' money); tokens of every colour and the black tokens are conserved;
every state is valid and round-trips through its bytes; a seat's canonical view is the same whatever
the cards it cannot see (checked on every ``--deep-every``-th state).
"""
from __future__ import annotations

import sys

from intrigue.ext.shadow_master_check import check_random_games

RULESETS = {
    "standard": {},
    "core": dict(territory_combo=False, power_combos=False, persons=False, castles=False),
}


def main(argv=None) -> int:
    import argparse
    import time
    ap = argparse.ArgumentParser(prog="python -m intrigue.engine.shadow_master.check",
                                 description="Check Shadow Master kernel invariants over many seeded random games.")
    ap.add_argument("--games", type=int, default=1_000_000, help="games in all, split over the configurations")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--max-rounds", type=int, default=30, help="round cap of the games (the option max_rounds)")
    ap.add_argument("--deep-every", type=int, default=10, help="hidden-information check on every k-th state")
    args = ap.parse_args(argv)
    jobs = [(r, n) for r in RULESETS for n in range(3, 7)]
    bad_total = games = steps = 0
    t0 = time.perf_counter()
    for i, (name, n) in enumerate(jobs):
        share = args.games // len(jobs) + (1 if i < args.games % len(jobs) else 0)
        res = check_random_games(n, share, seed=args.seed * 1000 + i, deep_every=args.deep_every,
                                 max_rounds=args.max_rounds, **RULESETS[name])
        bad = sum(res["violations"].values())
        bad_total += bad
        games += res["games"]
        steps += res["steps"]
        print(f"{name:<9} {n}p  games {res['games']:>9,}  states {res['steps']:>13,}  violations {bad}"
              + (f"  first {res['first']}" if res["first"] else ""), flush=True)
    print(f"total: {games:,} games, {steps:,} states checked, {bad_total} violations, "
          f"{time.perf_counter() - t0:.1f} s")
    return 1 if bad_total else 0


if __name__ == "__main__":
    sys.exit(main())
