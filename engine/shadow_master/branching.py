"""What each search abstraction does to the branching: ``python -m intrigue.engine.shadow_master.branching``.

Plays heuristic games inside a search world (the kernel's ``abs_on`` set, as in the ``ismcts`` bot's
worlds) for each ``search_abstraction`` value -- none, each bit alone, all -- and prints, per decision
kind, the mean number of legal actions of the decisions with a choice and how many there were.
"""
from __future__ import annotations

import collections
import random
import sys
from typing import Dict, List, Optional, Tuple

from intrigue.engine import load_game
from intrigue.ext.game_api import Rng
from intrigue.ext.shadow_master_core import heuristic_choice


def branching(players: int, seeds: range, bits: int) -> Tuple[Dict[str, int], Dict[str, int], int]:
    """``(legal actions summed per kind, decisions with a choice per kind, decisions)``."""
    g = load_game("shadow_master", None, players, options={"search_abstraction": bits})
    width: Dict[str, int] = collections.Counter()
    count: Dict[str, int] = collections.Counter()
    decisions = 0
    for seed in seeds:
        core = g.new_state(seed).core.clone()
        core.set_search_world(True)
        rng, rnd = Rng(seed), random.Random(seed)
        while not core.is_terminal():
            if core.is_chance_node():
                core.sample_chance(rng)
                continue
            legal = core.legal_actions()
            decisions += 1
            if len(legal) > 1:
                kind = g.decision_kind(core)
                width[kind] += len(legal)
                count[kind] += 1
            core.apply(heuristic_choice(core, rnd.getrandbits(32)))
    return width, count, decisions


def main(argv: Optional[List[str]] = None) -> int:
    import argparse
    ap = argparse.ArgumentParser(prog="python -m intrigue.engine.shadow_master.branching",
                                 description=__doc__.split("\n")[0])
    ap.add_argument("--players", type=int, default=4)
    ap.add_argument("--games", type=int, default=10)
    ap.add_argument("--seed", type=int, default=300, help="first game's seed")
    args = ap.parse_args(argv)
    seeds = range(args.seed, args.seed + args.games)
    res = {b: branching(args.players, seeds, b) for b in (0, 1, 2, 4, 7)}
    print("decision".ljust(16) + "".join(f"bits={b}".rjust(15) for b in res))
    for kind in sorted(res[0][1], key=lambda k: -res[0][1][k]):
        print(kind.ljust(16) + "".join(f"{w[kind] / max(1, c[kind]):6.1f} ({c[kind]:6d})" for w, c, _ in res.values()))
    print("all".ljust(16) + "".join(f"{sum(w.values()) / max(1, sum(c.values())):6.2f} ({sum(c.values()):6d})"
                                    for w, c, _ in res.values()))
    return 0


if __name__ == "__main__":
    sys.exit(main())
