"""Seeded figures of Politics team matches, read from the arena's game records.

``python -m intrigue.engine.politics.report DIR [DIR ...]`` reads every ``*.msgpack`` record in
each DIR (``intrigue arena --game politics --team-bots ... --records DIR``) and reports, per DIR:

* team wins: a team wins a game when every winner is on it (a *draw* when winners are on both),
  with Wilson 95% intervals;
* contracts met and resolved (``keep`` / ``break``), by the creator's role, with the share kept;
* exposures: how often a dark player (and an honest one) was exposed by the lie-catch votes;
* lie-catch votes by role of the voter: the share cast for a dark player, for an honest player,
  and abstentions; per voting bot (the record's ``bots``);
* the honest voters' belief at each vote (this package's belief model on the voter's own view,
  the model the ``ismcts`` bot searches with): of the votes cast while it puts >= 0.9 on the true
  dark pair, the share cast for a dark player -- per voting bot.

Nothing here is timed; the figures depend only on the records.
"""
from __future__ import annotations

import glob
import json
import math
import os
from collections import defaultdict
from typing import Any, DefaultDict, Dict, List, Sequence, Set, Tuple

from intrigue.engine.politics.belief import PoliticsBelief


def wilson(k: float, n: int, z: float = 1.96) -> Tuple[float, float]:
    """The Wilson 95% interval of a proportion k / n (as fractions)."""
    if n <= 0:
        return (0.0, 1.0)
    p = k / n
    d = 1 + z * z / n
    c = (p + z * z / (2 * n)) / d
    h = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / d
    return (max(0.0, c - h), min(1.0, c + h))


def _share(k: int, n: int) -> Dict[str, Any]:
    lo, hi = wilson(k, n)
    return {"k": k, "n": n, "share": round(k / n, 4) if n else None, "ci95": [round(lo, 4), round(hi, 4)]}


def records(path: str) -> List[Any]:
    """The game records in a directory, in file order."""
    from intrigue.engine.records import GameRecord
    return [GameRecord.load(f) for f in sorted(glob.glob(os.path.join(path, "*.msgpack")))]


def report(recs: Sequence[Any], belief_threshold: float = 0.9) -> Dict[str, Any]:
    """The figures of the module docstring over the records ``recs``."""
    wins = {"DARK": 0, "HONEST": 0, "draw": 0}
    contracts: DefaultDict[str, Dict[str, int]] = defaultdict(lambda: {"keep": 0, "break": 0})   # by role
    exposed = {"DARK": 0, "HONEST": 0}
    players_of = {"DARK": 0, "HONEST": 0}
    votes: DefaultDict[Tuple[str, str], Dict[str, int]] = defaultdict(lambda: {"dark": 0, "honest": 0, "abstain": 0})
    sure: DefaultDict[str, Dict[str, int]] = defaultdict(lambda: {"dark": 0, "honest": 0, "abstain": 0})   # by bot
    bots_of: Dict[str, Set[str]] = {}
    for rec in recs:
        final = rec.replay()
        game = final.game
        core = final.core
        n = game.num_players
        dark = set(core.dark_seats())
        bots = list((rec.meta or {}).get("bots") or ["?"] * n)
        for p in range(n):
            team = "DARK" if p in dark else "HONEST"
            bots_of.setdefault(team, set()).add(bots[p])
            players_of[team] += 1
        winners = set(final.result().winners)
        if winners and winners <= dark:
            wins["DARK"] += 1
        elif winners and not winners & dark:
            wins["HONEST"] += 1
        else:
            wins["draw"] += 1
        # replay the game, reading each honest voter's belief at its vote decisions
        state = game.new_initial_state()
        models = {p: PoliticsBelief(game) for p in range(n) if p not in dark}
        pending: Dict[int, float] = {}
        for ev in final.history:
            if ev.seat >= 0:
                kind = state.decision().kind
                role = "DARK" if ev.seat in dark else "HONEST"
                if kind == "resolve_contract":
                    contracts[role][ev.text.split()[0]] += 1
                elif kind == "vote" and ev.seat in models:
                    info = state.information_state(ev.seat)
                    model = models[ev.seat]
                    pending[ev.seat] = model.pair_belief(info, model.table(info)).get(tuple(sorted(dark)), 0.0)
            else:
                words = ev.text.split()
                if words[0] == "votes":
                    voter = int(words[1])
                    cast = "abstain" if words[2] == "abstain" else ("dark" if int(words[2]) in dark else "honest")
                    role = "DARK" if voter in dark else "HONEST"
                    votes[(role, bots[voter])][cast] += 1
                    b = pending.pop(voter, None)
                    if b is not None and b >= belief_threshold:
                        sure[bots[voter]][cast] += 1
                elif words[0] == "exposed":
                    exposed["DARK" if words[2] == "dark" else "HONEST"] += 1
            state._apply_checked(ev.action)
    games = len(recs)
    out: Dict[str, Any] = {"games": games, "bots": {t: sorted(b) for t, b in bots_of.items()},
                           "wins": {t: _share(k, games) for t, k in wins.items()}}
    out["contracts"] = {role: dict(c, **{"kept": _share(c["keep"], c["keep"] + c["break"])})
                        for role, c in sorted(contracts.items())}
    out["exposed"] = {t: _share(exposed[t], players_of[t]) for t in exposed}
    out["votes"] = {}
    for (role, bot), v in sorted(votes.items()):
        total = sum(v.values())
        out["votes"][f"{role} {bot}"] = {cast: _share(k, total) for cast, k in v.items()}
    out[f"honest_votes_when_belief_ge_{belief_threshold}"] = {
        bot: {cast: _share(k, sum(v.values())) for cast, k in v.items()} for bot, v in sorted(sure.items())}
    return out


def _fmt(x: Dict[str, Any]) -> str:
    if not x["n"]:
        return "-"
    lo, hi = x["ci95"]
    return f"{100 * x['share']:.1f}% [{100 * lo:.1f}, {100 * hi:.1f}] ({x['k']}/{x['n']})"


def text(name: str, f: Dict[str, Any]) -> str:
    """The figures of :func:`report` as lines for people."""
    lines = [f"{name}: {f['games']} games; dark {', '.join(f['bots'].get('DARK', []))}, "
             f"honest {', '.join(f['bots'].get('HONEST', []))}"]
    lines.append("  wins: " + "; ".join(f"{t} {_fmt(x)}" for t, x in f["wins"].items()))
    for role, c in f["contracts"].items():
        lines.append(f"  contracts resolved by {role} creators: kept {_fmt(c['kept'])}, broken {c['break']}")
    lines.append("  exposed: " + "; ".join(f"{t} players {_fmt(x)}" for t, x in f["exposed"].items()))
    for who, v in f["votes"].items():
        lines.append(f"  votes of {who}: " + "; ".join(f"for {c} {_fmt(x)}" for c, x in v.items()))
    for key, per in f.items():
        if key.startswith("honest_votes_when_belief_ge_"):
            for bot, v in per.items():
                lines.append(f"  honest {bot} votes while its belief puts >= {key.rsplit('_', 1)[1]} on the "
                             f"true pair: " + "; ".join(f"for {c} {_fmt(x)}" for c, x in v.items()))
    return "\n".join(lines)


if __name__ == "__main__":  # pragma: no cover - a measurement script
    import argparse

    ap = argparse.ArgumentParser(description="Figures of Politics team matches from arena records.")
    ap.add_argument("dirs", nargs="+", help="directories of game records (intrigue arena --records DIR)")
    ap.add_argument("--threshold", type=float, default=0.9, help="belief on the true pair for the vote check")
    ap.add_argument("--json", action="store_true", help="print the whole figures as JSON")
    args = ap.parse_args()
    figures = {d: report(records(d), args.threshold) for d in args.dirs}
    if args.json:
        print(json.dumps(figures, indent=1))
    else:
        for d, f in figures.items():
            print(text(d, f))
