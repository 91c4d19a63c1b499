"""How long the default bot of ``intrigue play`` thinks, decision by decision (a benchmark, not a test).

``python bench/think_times.py --games 2 --seed 1`` plays seeded games of the default bot
(:func:`intrigue.search.bot.strongest_bot_spec`, the ``max`` level) against the heuristic, heads-up,
through the bot API, and reports on the referee's wall clock:

* forced decisions (one legal action): how fast they are answered (the issue asks < 50 ms), in the
  games above and over every forced decision of ``--forced-games`` seeded heuristic games;
* decisions with a choice: p50 / p95 / max of the time taken, of the allowance the bot gave itself
  (``Analysis.extra["budget_ms"]``: the spec's ``time`` plus what earlier decisions banked, at most
  ``time * stretch``), and how many went past their allowance;
* the whole game's thinking against ``time`` × its decisions with a choice (the budget's promise).

Timings depend on the machine's load; quote them with ``uptime``.
"""
from __future__ import annotations

import argparse
import json
import statistics
import time
from typing import Dict, List, Optional

from intrigue.engine import new_game
from intrigue.engine.errors import IntrigueError
from intrigue.search.bot import make_bot, strongest_bot_spec


def _pct(xs: List[float], q: float, digits: int = 2) -> Optional[float]:
    """The ``q`` quantile of ``xs`` rounded, or None (JSON null, not NaN) when there are none."""
    xs = sorted(xs)
    if not xs:
        return None
    k = min(len(xs) - 1, max(0, int(round(q * (len(xs) - 1)))))
    return round(xs[k], digits)


def run(games: int, seed: int, players: int, spec: str) -> Dict[str, object]:
    forced: List[float] = []
    took: List[float] = []
    budgets: List[float] = []
    over = 0
    per_game = []
    bot = make_bot(spec, seed=seed)
    time_ms = float(bot.config.get("time") or 0.0)
    others = [make_bot("heuristic", seed=seed + 100 + i) for i in range(players - 1)]
    for g in range(games):
        state = new_game("coup", players=players, seed=seed + g)
        me = g % players
        bot.reseed(seed * 1000 + g)
        spent, choices = 0.0, 0
        while not state.is_terminal():
            seat = state.current_player()
            info = state.information_state(seat)
            if seat != me:
                an = others[(seat - me - 1) % players].choose(info)
                state.apply_action(an.action, seat=seat)
                continue
            t = time.perf_counter()
            an = bot.choose(info)
            ms = (time.perf_counter() - t) * 1000.0
            if len(info.legal_actions()) == 1:
                forced.append(ms)
            else:
                took.append(ms)
                spent += ms
                choices += 1
                b = float(an.extra.get("budget_ms", 0.0))
                budgets.append(b)
                if b and ms > b:
                    over += 1
            state.apply_action(an.action, seat=seat)
        per_game.append({"choices": choices, "spent_ms": round(spent, 1),
                         "promised_ms": round(time_ms * choices, 1)})
    bot.close()
    summary = lambda xs: {"n": len(xs), "p50": _pct(xs, 0.5), "p95": _pct(xs, 0.95),
                          "max": round(max(xs), 2) if xs else None,
                          "mean": round(statistics.fmean(xs), 2) if xs else None}
    return {"spec": spec, "time_ms": time_ms, "forced_ms": summary(forced), "choice_ms": summary(took),
            "allowance_ms": summary(budgets), "over_allowance": over, "games": per_game}


def forced(games: int, seed: int, players: int, spec: str) -> Dict[str, object]:
    """Every forced decision (one legal action) of ``games`` seeded heuristic games, answered by
    ``spec``'s bot: how long the answer takes (the games themselves are played by the heuristic, so
    there are many forced decisions and no long search in between)."""
    bot = make_bot(spec, seed=seed)
    play = make_bot("heuristic", seed=seed + 1)
    ms: List[float] = []
    for g in range(games):
        state = new_game("coup", players=players, seed=seed + g)
        while not state.is_terminal():
            seat = state.current_player()
            info = state.information_state(seat)
            if len(info.legal_actions()) == 1:
                t = time.perf_counter()
                an = bot.choose(info)
                ms.append((time.perf_counter() - t) * 1000.0)
                # a searching bot answers at once, saying so; a bot that does not search says nothing
                assert an.extra.get("stop", "forced") == "forced", an.extra
            state.apply_action(play.choose(info).action, seat=seat)
    bot.close()
    return {"n": len(ms), "p50": _pct(ms, 0.5, 4), "p95": _pct(ms, 0.95, 4),
            "max": round(max(ms), 4) if ms else None}


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--games", type=int, default=2)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--players", type=int, default=2)
    ap.add_argument("--spec", default=None, help="bot spec (default: intrigue play's default bot)")
    ap.add_argument("--forced-games", type=int, default=40,
                    help="heuristic games whose forced decisions the bot answers (0: none)")
    a = ap.parse_args()
    spec = a.spec or strongest_bot_spec("coup")
    try:
        make_bot(spec, seed=0).close()                 # a bad spec or player count: one line, status 2
        new_game("coup", players=a.players, seed=0)
    except IntrigueError as err:
        ap.error(str(err))
    out = run(a.games, a.seed, a.players, spec)
    for key in ("spec", "time_ms", "forced_ms", "choice_ms", "allowance_ms", "over_allowance", "games"):
        print(f"{key}: {json.dumps(out[key])}")
    if a.forced_games:
        print(f"forced_in_{a.forced_games}_heuristic_games_ms: {json.dumps(forced(a.forced_games, a.seed, a.players, spec))}")


if __name__ == "__main__":
    main()
