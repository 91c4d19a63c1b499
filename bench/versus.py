"""Two engine builds head to head: an independent referee plays seeded games between two ``intrigue
engine`` commands through the protocol (advisor mode), on paired deals, with an SPRT.

The arena pits bots of one installation against each other; this pits two *installations* -- today's
build against an earlier one, or against another engine that speaks the protocol -- as a frontend
would drive them: each seat has its own engine process, which is told the seat's view of the game
(``position``) and asked for its decision (``go``); the referee (this process, with the installation
it runs in) holds the true game and applies the decisions.

    python bench/versus.py --game coup --players 2 --bot "ismcts:time=100" \\
        --a "intrigue engine" --b "/path/to/old/venv/bin/intrigue engine" \\
        --games 2000 --sprt elo0=0 elo1=20 --seed 1 --parallel 2

Seats alternate between the two sides (A at even seats in even games of a pair, at odd seats in the
other game), games 2m and 2m + 1 share a deal (paired), and the SPRT counts each pair's score as a
pentanomial (search/ratings.py), as ``intrigue arena --sprt --paired`` does.  Timed bots should be
measured on an otherwise quiet machine: at most two games at once on two cores.
"""
from __future__ import annotations

import argparse
import json
import shlex
import sys
import threading
import time
from concurrent.futures import ThreadPoolExecutor
from typing import Any, Dict, List, Optional, Sequence, Tuple

from intrigue.engine.registry import load_game
from intrigue.ext.game_api import derive_seed
from intrigue.protocol.client import Engine
from intrigue.search.ratings import Sprt, elo_estimate

DEAL_TAG = 0x7E55


def layout(players: int, k: int) -> List[int]:
    """The side (0: A, 1: B) at each seat in game ``k``: alternating seats, swapped in odd games."""
    first = k % 2
    return [first if s % 2 == 0 else 1 - first for s in range(players)]


def score_a(winners: Sequence[int], sides: Sequence[int]) -> float:
    """A's score in one game: 1 when only A's seats won, 0 when only B's, 1/2 when winners span both."""
    ours = any(sides[w] == 0 for w in winners)
    theirs = any(sides[w] == 1 for w in winners)
    return 1.0 if ours and not theirs else 0.0 if theirs and not ours else 0.5


class Side:
    """One build: its engine command and the bot spec its engines play."""

    def __init__(self, command: str, bot: str) -> None:
        self.command = shlex.split(command)
        self.bot = bot

    def start(self, seed: int) -> Engine:
        engine = Engine.popen(self.command, timeout=600.0)
        engine.setoption("bot", self.bot)
        engine.setoption("seed", seed)
        return engine


def play(args: argparse.Namespace, sides: Tuple[Side, Side], k: int) -> Dict[str, Any]:
    """Game ``k``: its deal is shared with its pair's other game; one engine per seat."""
    game = load_game(args.game, args.ruleset, args.players)
    state = game.new_state(derive_seed(args.seed, DEAL_TAG, k // 2))
    seating = layout(args.players, k)
    engines = [sides[side].start(derive_seed(args.seed, k, seat)) for seat, side in enumerate(seating)]
    think = [0.0, 0.0]
    try:
        while not state.is_terminal():
            seat = state.current_player()
            engine = engines[seat]
            engine.position(game.name, seat=seat, events=state.view(seat), ruleset=game.ruleset,
                            players=game.num_players)
            t0 = time.perf_counter()
            decision = engine.go(seat=seat)
            think[seating[seat]] += time.perf_counter() - t0
            state.apply_action(decision["move"], seat=seat)
    finally:
        for engine in engines:
            engine.quit()
    result = state.result()
    return {"index": k, "sides": seating, "winners": list(result.winners),
            "score_a": score_a(result.winners, seating), "think": think}


def main(argv: Optional[Sequence[str]] = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--game", default="coup")
    parser.add_argument("--ruleset", default=None)
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--a", required=True, help="engine command of side A (the change)")
    parser.add_argument("--b", required=True, help="engine command of side B (the base)")
    parser.add_argument("--bot", default="ismcts:time=100", help="bot spec of both sides")
    parser.add_argument("--bot-a", default=None, help="bot spec of side A (default: --bot)")
    parser.add_argument("--bot-b", default=None, help="bot spec of side B (default: --bot)")
    parser.add_argument("--games", type=int, default=200, help="at most this many games (even)")
    parser.add_argument("--sprt", nargs="*", default=["elo0=0", "elo1=20"], metavar="KEY=VALUE")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--parallel", type=int, default=1, help="games at once")
    parser.add_argument("--json", default=None, help="write the summary here")
    args = parser.parse_args(argv)
    if args.games % 2:
        parser.error("--games must be even: deals come in pairs")
    sides = (Side(args.a, args.bot_a or args.bot), Side(args.b, args.bot_b or args.bot))
    sprt = Sprt.parse(args.sprt)
    counts = [0, 0, 0, 0, 0]
    results: Dict[int, Dict[str, Any]] = {}
    lock = threading.Lock()
    status: Dict[str, Any] = sprt.status(counts)
    t0 = time.perf_counter()
    counted = 0
    with ThreadPoolExecutor(max_workers=args.parallel) as pool:
        futures = [pool.submit(play, args, sides, k) for k in range(args.games)]
        for fut in futures:
            res = fut.result()
            with lock:
                results[res["index"]] = res
                while counted + 1 in results and counted in results and status["decision"] is None:
                    pair = results[counted]["score_a"] + results[counted + 1]["score_a"]
                    counts[int(round(2 * pair))] += 1
                    counted += 2
                    status = sprt.status(counts)
                    print(f"{counted} games: pentanomial {counts}, LLR {status['llr']:+.2f} "
                          f"[{status['lower']:+.2f}, {status['upper']:+.2f}]", file=sys.stderr, flush=True)
            if status["decision"] is not None:
                for f in futures:
                    f.cancel()
                break
    games = [results[k] for k in sorted(results) if k < counted]
    score = sum(g["score_a"] for g in games) / max(1, len(games))
    summary = {"game": args.game, "players": args.players, "a": args.a, "b": args.b,
               "bot_a": sides[0].bot, "bot_b": sides[1].bot, "games": len(games), "pentanomial": counts,
               "score_a": round(score, 4), "elo": elo_estimate(counts),
               "sprt": status, "seconds": round(time.perf_counter() - t0, 1),
               "think_s_per_game": [round(sum(g["think"][s] for g in games) / max(1, len(games)), 3) for s in (0, 1)]}
    print(json.dumps(summary, indent=1))
    if args.json:
        with open(args.json, "w") as f:
            json.dump(summary, f, indent=1)
    return 0


if __name__ == "__main__":
    sys.exit(main())
