"""How quickly a running search answers ``stop``: the time from writing ``stop`` to reading the
search's final ``decision``, over many tries, through :mod:`intrigue.protocol.client`.

    python tests/support/stop_latency.py --tries 200                                   # the default bot
    python tests/support/stop_latency.py --tries 200 --bot ismcts:time=1000,workers=2  # root-parallel

One engine process; one Coup position (3 players, seat 0 to act, seeded deal); each try sends a
``go`` without limits (the bot's own, one second for the default), waits a seeded random 20-200 ms
so the search is under way, then sends ``stop`` and waits for the ``decision`` (which must say
``"stopped": true``).  The first try of a multi-worker bot also starts its worker processes; it is
reported apart (``first_ms``) and left out of the distribution.  Prints the figures as JSON.
"""
from __future__ import annotations

import argparse
import json
import random
import statistics
import sys
import time
from typing import Any, Dict, List

from intrigue.engine import new_game
from intrigue.protocol.client import Engine, Limit


def percentile(values: List[float], q: float) -> float:
    """The ``q`` quantile (0..1) of ``values``, nearest rank."""
    ordered = sorted(values)
    rank = max(1, min(len(ordered), round(q * len(ordered) + 0.5)))
    return ordered[rank - 1]


def measure(bot: str, tries: int, seed: int) -> Dict[str, Any]:
    rng = random.Random(seed)
    state = new_game("coup", players=3, seed=seed)
    events = [list(e) for e in state.view(0)]
    times: List[float] = []
    first_ms = None
    unstopped = 0
    with Engine.popen(timeout=60) as engine:
        engine.setoption("bot", bot)
        engine.position(players=3, seat=0, events=events)
        for i in range(tries + 1):
            search = engine.search(Limit())
            time.sleep(rng.uniform(0.02, 0.2))
            t0 = time.perf_counter()
            search.stop()
            decision = search.wait()
            ms = (time.perf_counter() - t0) * 1000
            if not decision.get("stopped"):
                unstopped += 1                  # it ended on its own before the stop: not a stop time
                continue
            if i == 0:
                first_ms = ms
            else:
                times.append(ms)
    return {"bot": bot, "tries": len(times), "not_stopped": unstopped, "first_ms": round(first_ms or 0, 1),
            "p50_ms": round(statistics.median(times), 1), "p90_ms": round(percentile(times, 0.9), 1),
            "p99_ms": round(percentile(times, 0.99), 1), "max_ms": round(max(times), 1),
            "min_ms": round(min(times), 1)}


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--tries", type=int, default=200)
    ap.add_argument("--bot", default="max", help="bot spec (default: max, the engine's default bot)")
    ap.add_argument("--seed", type=int, default=1)
    args = ap.parse_args()
    print(json.dumps(measure(args.bot, args.tries, args.seed)))
    sys.stdout.flush()


if __name__ == "__main__":
    main()
