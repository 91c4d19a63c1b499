"""Seeded accuracy of the Politics belief model: the probability it puts on the true dark pair.

``python -m intrigue.engine.politics.accuracy --games 50 --players 6 --seed 1`` plays heuristic
self-play games (or reads ``--records DIR``, e.g. written by ``intrigue arena --records``) and
reports, for every HONEST seat, the belief model's probability on the true dark pair after round 3
and before the lie-catch votes, under each opponent model, with the uniform prior.  (A module of its
own: it plays the heuristic, which itself reads the belief model.)
"""
from __future__ import annotations

from typing import Any, Dict, List, Sequence

from intrigue.engine.politics.belief import PoliticsBelief
from intrigue.engine.politics.heuristic import PoliticsHeuristic
from intrigue.ext.game_api import Rng


def accuracy(states: Sequence[Any], opponents: Sequence[str] = ("heuristic", "parametric")) -> Dict[str, Any]:
    """The probability each model puts on the true dark pair, for every HONEST seat of every finished
    game in ``states`` (full states with history), after round 3 and before the lie-catch votes."""
    from math import comb

    out: Dict[str, Any] = {"games": 0, "prior": None}
    sums: Dict[str, List[float]] = {f"{o}_{w}": [] for o in opponents for w in ("round3", "end")}
    for final in states:
        game = final.game
        n = game.num_players
        out["prior"] = 1.0 / comb(n - 1, 2)
        truth = tuple(sorted(final.core.dark_seats()))
        hist = final.history
        # the points: the first decision of round 4, and the first lie-catch vote
        probe = game.new_initial_state()
        marks: Dict[str, int] = {}
        for i, ev in enumerate(hist):
            if "round3" not in marks and probe.core.round >= 3 and ev.seat >= 0:
                marks["round3"] = i
            if "end" not in marks and probe.decision().kind == "vote":
                marks["end"] = i
            probe._apply_checked(ev.action)
        out["games"] += 1
        for when, i in marks.items():
            cut = game.new_initial_state()
            for ev in hist[:i]:
                cut._apply_checked(ev.action)
            for seat in range(n):
                if cut.core.is_dark(seat):
                    continue
                info = cut.information_state(seat)
                for o in opponents:
                    model = PoliticsBelief(game, opponent=o)
                    belief = model.pair_belief(info, model.table(info))
                    sums[f"{o}_{when}"].append(belief.get(truth, 0.0))
    for key, vals in sums.items():
        out[key] = round(sum(vals) / len(vals), 4) if vals else None
        out[key + "_n"] = len(vals)
    return out


def _heuristic_games(games: int, players: int, seed: int, length: str) -> List[Any]:
    from intrigue.engine import load_game
    from intrigue.ext.game_api import derive_seed

    out = []
    for g in range(games):
        game = load_game("politics", None, players, {"length": length})
        s = game.new_state(derive_seed(seed, g, 0))
        bots = [PoliticsHeuristic(Rng(derive_seed(seed, g, p, 1))) for p in range(players)]
        while not s.is_terminal():
            p = s.current_player()
            s.apply_action(bots[p].choose(s.information_state(p)))
        out.append(s)
    return out


def _record_games(path: str) -> List[Any]:
    import glob
    import os

    from intrigue.engine.records import GameRecord
    files = sorted(glob.glob(os.path.join(path, "*.msgpack")))
    return [GameRecord.load(f).replay() for f in files]


if __name__ == "__main__":  # pragma: no cover - a measurement script
    import argparse
    import json

    ap = argparse.ArgumentParser(description="Accuracy of the Politics belief: the probability on the true "
                                             "dark pair, per honest seat, after round 3 and before the votes.")
    ap.add_argument("--games", type=int, default=50, help="heuristic self-play games (without --records)")
    ap.add_argument("--players", type=int, default=6)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--length", default="full")
    ap.add_argument("--records", default=None, help="a directory of game records (e.g. intrigue arena --records)")
    args = ap.parse_args()
    finals = (_record_games(args.records) if args.records
              else _heuristic_games(args.games, args.players, args.seed, args.length))
    print(json.dumps(accuracy(finals), indent=1))
