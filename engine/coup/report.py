"""How each bot bluffs and challenges in Coup, read from the arena's game records.

``python -m intrigue.engine.coup.report DIR [DIR ...]`` reads every ``*.msgpack`` record in each DIR
(``intrigue arena --game coup ... --records DIR``; a record is the full game, so every hand is known
at every decision) and reports, per bot spec (the record's ``bots``):

* games and wins (a shared win counts 1 / the number of winners);
* bluffs: the share of its role claims (tax, steal, assassinate, exchange) and of its blocks made
  without holding the role face down;
* challenges: the share of its chances to challenge (a claim or a block by another seat) that it
  took, and how many of those were right (the claimant did not hold the role).

It is the measurement behind the belief's bluff rates (docs/search.md, "Belief inference"): a
belief model should assume the bluff rate the opponents really have. Nothing here is timed; the figures depend only on
the records.
"""
from __future__ import annotations

import glob
import json
import os
from collections import defaultdict
from typing import Any, Dict, List, Optional, Sequence

from intrigue.engine.coup.claims import challenged_role, claimed_role
from intrigue.ext.coup_core import Action, Phase

_FIELDS = ("games", "wins", "claims", "claim_bluffs", "blocks", "block_bluffs", "chances", "challenges",
           "right")


def _hidden(core: Any, seat: int) -> List[int]:
    """The roles ``seat`` holds face down (not turned up, not being shown)."""
    return core.face_down(seat)


def records(path: str) -> List[Any]:
    """The game records in a directory, in file order."""
    from intrigue.engine.records import GameRecord
    return [GameRecord.load(f) for f in sorted(glob.glob(os.path.join(path, "*.msgpack")))]


def report(recs: Sequence[Any]) -> Dict[str, Dict[str, Any]]:
    """Per bot spec: the counts of :data:`_FIELDS` and the shares of the module docstring."""
    counts: Dict[str, Dict[str, float]] = defaultdict(lambda: dict.fromkeys(_FIELDS, 0))
    for rec in recs:
        if rec.game != "coup":
            raise ValueError(f"a {rec.game} record, not a Coup one")
        bots = list((rec.meta or {}).get("bots") or ["?"] * rec.players)
        final = None
        for i, state in enumerate(rec.states()):
            final = state
            if i == len(rec.events):
                break
            seat, text = rec.events[i]
            if seat >= 0:
                core = state.core
                c = counts[bots[seat]]
                action = state.string_to_action(text)
                ph = core.phase
                role = claimed_role(core, action)
                if role is not None:
                    key = "claim" if ph == Phase.ACTION else "block"
                    c[key + "s"] += 1
                    if role not in _hidden(core, seat):
                        c[key + "_bluffs"] += 1
                elif ph in (Phase.CHALLENGE, Phase.BCHALLENGE):
                    c["chances"] += 1
                    if action == Action.CHALLENGE:
                        c["challenges"] += 1
                        claimant = core.actor if ph == Phase.CHALLENGE else core.blocker
                        claimed = challenged_role(core)
                        if claimed not in _hidden(core, claimant):
                            c["right"] += 1
        res = final.result() if final is not None else None
        winners = res.winners if res is not None else []      # an unfinished game: no winner yet
        for seat in range(rec.players):
            counts[bots[seat]]["games"] += 1
            if seat in winners:
                counts[bots[seat]]["wins"] += 1.0 / len(winners)
    out: Dict[str, Dict[str, Any]] = {}
    for bot, c in sorted(counts.items()):
        out[bot] = dict(c, claim_bluff_rate=_rate(c["claim_bluffs"], c["claims"]),
                        block_bluff_rate=_rate(c["block_bluffs"], c["blocks"]),
                        challenge_rate=_rate(c["challenges"], c["chances"]),
                        challenges_right=_rate(c["right"], c["challenges"]))
    return out


def _rate(k: float, n: float) -> Optional[float]:
    return round(k / n, 4) if n else None


def _pct(x: Optional[float]) -> str:
    return "-" if x is None else f"{100 * x:.1f}%"


def text(name: str, figures: Dict[str, Dict[str, Any]]) -> str:
    """The figures of :func:`report` as lines for people."""
    lines = [f"{name}:"]
    for bot, f in figures.items():
        lines.append(f"  {bot}: {f['games']} games, {f['wins']:g} wins; bluffs {_pct(f['claim_bluff_rate'])} of "
                     f"{f['claims']} claims and {_pct(f['block_bluff_rate'])} of {f['blocks']} blocks; challenged "
                     f"{_pct(f['challenge_rate'])} of {f['chances']} chances, right {f['right']} of "
                     f"{f['challenges']} ({_pct(f['challenges_right'])})")
    return "\n".join(lines)


if __name__ == "__main__":  # pragma: no cover - a measurement script
    import argparse

    ap = argparse.ArgumentParser(description="Bluffs and challenges per bot, from Coup arena records.")
    ap.add_argument("dirs", nargs="+", help="directories of game records (intrigue arena --records DIR)")
    ap.add_argument("--json", action="store_true", help="print the figures as JSON")
    args = ap.parse_args()
    result = {d: report(records(d)) for d in args.dirs}
    if args.json:
        print(json.dumps(result, indent=1))
    else:
        for d, f in result.items():
            print(text(d, f))
