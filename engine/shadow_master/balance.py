"""A balance report for designers: ``python -m intrigue.engine.shadow_master.balance --games 10000``.

Plays games with the ``heuristic`` bot at every seat (its C implementation, the same player as
``intrigue arena ... --bots heuristic ...``; ``--player policy``: the search's cruder rollout rule of
thumb instead) and prints,
per player count, the win share by seat and by place in the first round's turn order, the game length
in rounds, which end trigger ended the game, and how often kingdoms collapse and players go bankrupt.
"""
from __future__ import annotations

import sys

from intrigue.ext.shadow_master_check import balance_report


def main(argv=None) -> int:
    import argparse
    import time
    ap = argparse.ArgumentParser(prog="python -m intrigue.engine.shadow_master.balance", description=__doc__.split("\n")[0])
    ap.add_argument("--games", type=int, default=10000, help="games per player count")
    ap.add_argument("--players", type=int, nargs="*", default=[3, 4, 5, 6])
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--ruleset", choices=("standard", "core"), default="standard")
    ap.add_argument("--player", choices=("heuristic", "policy"), default="heuristic",
                    help="the bot at every seat (default: the heuristic bot)")
    args = ap.parse_args(argv)
    opts = {} if args.ruleset == "standard" else dict(territory_combo=False, power_combos=False, persons=False,
                                                      castles=False)
    for n in args.players:
        t0 = time.perf_counter()
        r = balance_report(n, args.games, seed=args.seed * 100 + n, player=args.player, **opts)
        pct = lambda xs: " ".join(f"{100 * x:4.1f}" for x in xs)  # noqa: E731
        end = ", ".join(f"{k} {100 * v / r['games']:.1f}%" for k, v in r["end"].items())
        print(f"{n} players, {r['games']:,} games of {args.player} bots ({time.perf_counter() - t0:.1f} s)\n"
              f"  win % by seat:            {pct(r['win_by_seat'])}\n"
              f"  win % by turn order:      {pct(r['win_by_order'])}   (first player first)\n"
              f"  rounds per game:          {r['rounds']:.1f}\n"
              f"  end trigger:              {end}\n"
              f"  games with a collapse:    {100 * r['games_with_collapse']:.1f}%   "
              f"({r['collapses_per_game']:.3f} per game)\n"
              f"  games with a bankruptcy:  {100 * r['games_with_bankruptcy']:.1f}%   "
              f"({r['bankruptcies_per_game']:.3f} per game)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
