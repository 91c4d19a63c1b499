"""How much waiting pacing adds to terminal play (a benchmark, not a test).

``python bench/pacing_cost.py --game politics --players 6 --spec ismcts:time=100 --games 1 --seed 1``
plays seeded games of ``intrigue play`` (:class:`~intrigue.cli.play.TerminalGame`) with seat 0 a seeded
random person and every other seat the bot ``--spec``, and reports:

* the bots' decisions with a choice, and the time they took;
* their forced decisions, how many of them were forced only by the bot's hidden cards (and so paced:
  ``search/pacing.py``), and the pauses those were given (a decoy search's time counted as its pause).

The pauses are computed as play computes them but not waited for, so a run takes the bots' thinking
time only.  Times depend on the machine's load; quote them with ``uptime``.
"""
from __future__ import annotations

import argparse
import io
import json
import random
import time
from typing import Dict, List

import intrigue.cli.play as play
from intrigue.engine import load_game
from intrigue.search.table import Table


def run(game_name: str, players: int, spec: str, games: int, seed: int) -> Dict[str, object]:
    calls: List[tuple] = []
    real = play.think

    def noted(bot, info, **kw):
        pause = kw.get("at_least", 0.0)
        kw["at_least"] = 0.0                       # computed as play does, not waited for
        start = time.monotonic()
        result = real(bot, info, **kw)
        calls.append((len(info.legal_actions()), pause, time.monotonic() - start, info.view == []))
        return result

    play.think = noted
    try:
        game = load_game(game_name, players=players)
        for g in range(games):
            tg = play.TerminalGame(Table(game, seed + g), 0, [spec], "en", seed + g, out=io.StringIO(),
                                   status=io.StringIO())
            person = random.Random(seed + g)
            tg.table.start()
            while not tg.table.state.is_terminal():
                state = tg.table.state
                seat = state.current_player()
                if seat == 0:
                    legal = state.legal_actions()
                    tg.table.apply(legal[person.randrange(len(legal))], seat=0)
                else:
                    tg.bot_turn(seat)
            tg.close()
    finally:
        play.think = real
    decoys = [c for c in calls if c[3]]            # a decoy search: a position with no history
    choices = [c for c in calls if c[0] > 1 and not c[3]]
    forced = [c for c in calls if c[0] == 1]
    paced = [c for c in forced if c[1] > 0]
    return {"game": game_name, "players": players, "spec": spec, "games": games, "seed": seed,
            "choices": len(choices), "choice_s": round(sum(c[2] for c in choices), 2),
            "forced": len(forced), "paced": len(paced) + len(decoys),
            "pause_s": round(sum(c[1] for c in paced) + sum(c[2] for c in decoys), 2), "decoys": len(decoys)}


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--game", default="politics")
    ap.add_argument("--players", type=int, default=6)
    ap.add_argument("--spec", default="ismcts:time=100", help="the bots' spec")
    ap.add_argument("--games", type=int, default=1)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--json", action="store_true", help="print the figures as JSON")
    a = ap.parse_args()
    out = run(a.game, a.players, a.spec, a.games, a.seed)
    if a.json:
        print(json.dumps(out))
        return
    print(f"{out['game']}, {out['players']} players, bots {out['spec']}, {out['games']} game(s) from seed {out['seed']}:")
    print(f"  decisions with a choice: {out['choices']}, {out['choice_s']} s of thinking")
    print(f"  forced decisions: {out['forced']}, of which forced by the bot's cards (paced): {out['paced']}, "
          f"{out['pause_s']} s of pauses ({out['decoys']} of them timed by a decoy search)")


if __name__ == "__main__":
    main()
