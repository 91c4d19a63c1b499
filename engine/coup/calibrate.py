"""Calibrate the Coup belief model (:mod:`intrigue.engine.coup.belief`) on a bot's actual play.

Plays seeded games between bots with the full state in view and measures, for each kind of evidence
the model uses, how much likelier the decision is with the relevant role in hand than without:

    ratio = P(decision | role not held) / P(decision | role held)      (or the inverse, see below)

which is exactly the factor the model multiplies in.  Run::

    python -m intrigue.engine.coup.calibrate --bots heuristic --games 3000 --players 2,3,4,5,6

The defaults in ``belief.DEFAULT_PARAMS`` come from such a run (see ``docs/search.md``).  The script
plays this package's own policies (``heuristic``, ``random``); to calibrate on another bot, call
:func:`measure` with players made from the search layer, e.g.
``lambda seed: (lambda info: make_bot("ismcts", seed=seed).choose(info).action)``.
"""
from __future__ import annotations

import argparse
import collections
from typing import Callable, Dict, List, Tuple

from intrigue.engine import InfoState, new_game
from intrigue.engine.coup.claims import challenged_role
from intrigue.engine.coup.heuristic import CoupHeuristic
from intrigue.ext.coup_core import Action, Kind, Phase, Role
from intrigue.ext.game_api import Rng

Player = Callable[[InfoState], int]            # an information state -> the action chosen
PlayerFactory = Callable[[int], Player]        # a seed -> a player


def policy_player(name: str) -> PlayerFactory:
    """A player factory for one of this package's policies: ``heuristic`` or ``random``."""
    if name == "heuristic":
        return lambda seed: CoupHeuristic(Rng(seed)).choose
    if name == "random":
        def make(seed: int) -> Player:
            rng = Rng(seed)
            return lambda info: (lambda legal: legal[rng.below(len(legal))])(info.legal_actions())
        return make
    raise ValueError(f"unknown policy {name!r} (heuristic or random)")

DUKE, ASSASSIN, CAPTAIN, AMBASSADOR, CONTESSA = (Role.DUKE, Role.ASSASSIN, Role.CAPTAIN, Role.AMBASSADOR,
                                              Role.CONTESSA)


def _holds(core, p: int, roles) -> bool:
    return any(r in roles for r in core.face_down(p))


def measure(makers: List[PlayerFactory], games: int, players: List[int],
            seed: int = 1) -> Dict[str, Tuple[float, int, int]]:
    """``{parameter: (ratio, decisions with the role, decisions without)}`` over games where seat p
    is played by ``makers[p % len(makers)]``."""
    # counts[key] = [chosen & held, decisions & held, chosen & not held, decisions & not held]
    counts: Dict[str, List[int]] = collections.defaultdict(lambda: [0, 0, 0, 0])

    def tally(key: str, chosen: bool, held: bool) -> None:
        c = counts[key]
        if held:
            c[0] += chosen
            c[1] += 1
        else:
            c[2] += chosen
            c[3] += 1

    g = 0
    for n in players:
        for i in range(games // len(players)):
            g += 1
            state = new_game("coup", players=n, seed=seed * 100003 + g)
            bots = [makers[p % len(makers)](seed * 7919 + g * 11 + p) for p in range(n)]
            while not state.is_terminal():
                q = state.current_player()
                core = state.core
                legal = state.legal_actions()
                a = bots[q](state.information_state(q))
                ph = core.phase
                if len(legal) > 1:
                    if ph == Phase.ACTION and Action.INCOME in legal:
                        tally("bluff_tax", a == Action.TAX, _holds(core, q, (DUKE,)))
                        tally("bluff_exchange", a == Action.EXCHANGE, _holds(core, q, (AMBASSADOR,)))
                        tally("bluff_steal", Action.STEAL <= a < Action.PASS, _holds(core, q, (CAPTAIN,)))
                        if any(Action.ASSASSINATE <= x < Action.STEAL for x in legal):
                            tally("bluff_assassinate", Action.ASSASSINATE <= a < Action.STEAL,
                                  _holds(core, q, (ASSASSIN,)))
                        tally("no_tax", a in (Action.INCOME, Action.FOREIGN_AID), _holds(core, q, (DUKE,)))
                    elif ph == Phase.BLOCK:
                        kind = core.kind
                        if kind == Kind.FOREIGN_AID:
                            held = _holds(core, q, (DUKE,))
                            tally("bluff_block_duke", a != Action.PASS, held)
                            tally("pass_fa", a == Action.PASS, held)
                        elif kind == Kind.STEAL:
                            held = _holds(core, q, (CAPTAIN, AMBASSADOR))
                            tally("bluff_block_steal", a != Action.PASS, held)
                            tally("pass_steal", a == Action.PASS, held)
                        else:
                            held = _holds(core, q, (CONTESSA,))
                            key = "desperate" if core.influence(q) == 1 else "contessa"
                            tally("bluff_block_" + key, a != Action.PASS, held)
                            tally("pass_assassin", a == Action.PASS, held)
                    elif ph in (Phase.CHALLENGE, Phase.BCHALLENGE):
                        role = challenged_role(core)
                        tally("challenge_holding", a == Action.CHALLENGE, _holds(core, q, (role,)))
                    elif ph in (Phase.DEFEND, Phase.BDEFEND):
                        role = challenged_role(core)
                        tally("concede", a != Action.REVEAL + role, _holds(core, q, (role,)))
                state.apply_action(a)
    out = {}
    for key, (ch, nh, cn, nn) in counts.items():
        p_held = ch / nh if nh else float("nan")
        p_not = cn / nn if nn else float("nan")
        if key.startswith("bluff_"):
            ratio = p_not / p_held if p_held else float("nan")     # factor on hands without the role
        else:
            ratio = p_held / p_not if p_not else float("nan")      # factor on hands with the role
        out[key] = (ratio, nh, nn)
    return out


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--bots", default="heuristic", help="comma-separated policies (heuristic, random), seated in turn")
    ap.add_argument("--games", type=int, default=3000)
    ap.add_argument("--players", default="2,3,4,5,6")
    ap.add_argument("--seed", type=int, default=1)
    args = ap.parse_args()
    res = measure([policy_player(b.strip()) for b in args.bots.split(",")], args.games, [int(x) for x in args.players.split(",")], args.seed)
    for key in sorted(res):
        ratio, nh, nn = res[key]
        print(f"{key:<24} {ratio:8.3f}   (decisions with the role {nh}, without {nn})")


if __name__ == "__main__":
    main()
