"""How long the default bot of ``intrigue play`` thinks, decision by decision (a benchmark, not a test).

``python bench/think_times.py --game coup --games 2 --seed 1`` plays seeded games as ``intrigue play``
does: the default bot (:func:`intrigue.search.bot.strongest_bot_spec`, the ``max`` level) at every seat
but one, where the heuristic stands in for the person (seats rotate from game to game), through the bot
API, and reports on the referee's wall clock:

* forced decisions (one legal action): how fast they are answered (the issue asks < 50 ms), in the
  games above and over every forced decision of ``--forced-games`` seeded heuristic games;
* decisions with a choice: p50 / p95 / max of the time taken, of the allowance the bot gave itself
  (``Analysis.extra["budget_ms"]``: the spec's ``time`` plus what earlier decisions banked, at most
  ``time * stretch``), and how many went past their allowance;
* the whole game's thinking against ``time`` × its decisions with a choice (the budget's promise);
* in games that number their rounds (``public_info()["round"]``: Politics, Shadow Master), the bots'
  thinking per round: what a person waits for in a round.

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


def run(game: str, games: int, seed: int, players: int, spec: str) -> Dict[str, object]:
    forced: List[float] = []
    took: List[float] = []
    budgets: List[float] = []
    rounds: List[float] = []
    over = 0
    per_game = []
    bots = [make_bot(spec, seed=seed + i) for i in range(players)]
    person = make_bot("heuristic", seed=seed + 100)
    time_ms = float(bots[0].config.get("time") or 0.0)
    for g in range(games):
        state = new_game(game, players=players, seed=seed + g)
        human = g % players
        for i, bot in enumerate(bots):
            bot.reseed(seed * 1000 + g * players + i)
        spent, choices = 0.0, 0
        round_ms: Dict[object, float] = {}
        while not state.is_terminal():
            seat = state.current_player()
            info = state.information_state(seat)
            if seat == human:
                state.apply_action(person.choose(info).action, seat=seat)
                continue
            rnd = state.game.public_info(state.core).get("round")
            t = time.perf_counter()
            an = bots[seat].choose(info)
            ms = (time.perf_counter() - t) * 1000.0
            if rnd is not None:
                round_ms[rnd] = round_ms.get(rnd, 0.0) + ms
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
        rounds.extend(round_ms.values())
        per_game.append({"choices": choices, "spent_ms": round(spent, 1),
                         "promised_ms": round(time_ms * choices, 1)})
    for bot in bots:
        bot.close()
    summary = lambda xs: {"n": len(xs), "p50": _pct(xs, 0.5), "p95": _pct(xs, 0.95),
                          "max": round(max(xs), 2) if xs else None,
                          "mean": round(statistics.fmean(xs), 2) if xs else None}
    return {"spec": spec, "time_ms": time_ms, "forced_ms": summary(forced), "choice_ms": summary(took),
            "allowance_ms": summary(budgets), "over_allowance": over, "round_ms": summary(rounds),
            "games": per_game}


def forced(game: str, games: int, seed: int, players: int, spec: str) -> Dict[str, object]:
    """Every forced decision (one legal action) of ``games`` seeded heuristic games, answered by
    ``spec``'s bot: how long the answer takes (the games themselves are played by the heuristic, so
    there are many forced decisions and no long search in between)."""
    bot = make_bot(spec, seed=seed)
    play = make_bot("heuristic", seed=seed + 1)
    ms: List[float] = []
    for g in range(games):
        state = new_game(game, players=players, seed=seed + g)
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
    ap.add_argument("--game", default="coup", help="the game ('intrigue games' lists them)")
    ap.add_argument("--games", type=int, default=2)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--players", type=int, default=None, help="players (default: the game's default)")
    ap.add_argument("--spec", default=None, help="bot spec (default: intrigue play's default bot)")
    ap.add_argument("--forced-games", type=int, default=40,
                    help="heuristic games whose forced decisions the bot answers (0: none)")
    a = ap.parse_args()
    spec = a.spec or strongest_bot_spec(a.game)
    try:
        make_bot(spec, seed=0).close()                 # a bad spec, game or player count: one line, status 2
        players = new_game(a.game, players=a.players, seed=0).num_players
    except IntrigueError as err:
        ap.error(str(err))
    out = run(a.game, a.games, a.seed, players, spec)
    for key in ("spec", "time_ms", "forced_ms", "choice_ms", "allowance_ms", "over_allowance", "round_ms", "games"):
        print(f"{key}: {json.dumps(out[key])}")
    if a.forced_games:
        figures = forced(a.game, a.forced_games, a.seed, players, spec)
        print(f"forced_in_{a.forced_games}_heuristic_games_ms: {json.dumps(figures)}")


if __name__ == "__main__":
    main()
