"""A rule-based Politics Game player that plays its role, from one seat's InfoState only.

It plays the kernel's mixed policy (``PoliticsCore.policy_probs``; the numbers are in
docs/politics.md section 5) -- the same policy the search uses for rollouts, as its opponent model
and as the belief model's likelihood -- acting on a belief over the dark pair: an HONEST seat its own
posterior (:class:`~intrigue.engine.politics.belief.PoliticsBelief`), a DARK seat the table's.
Every role takes every kind of action now and then, so no single decision gives a role away.

:meth:`PoliticsHeuristic.parametric_belief` is the cheap belief of
:mod:`intrigue.engine.politics.evidence` (the policies turned up in each government, WITHDRAW and
INSPECT choices, votes and revealed roles under a simple card model).
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Dict, List, Optional, Tuple

from intrigue.engine.game import InfoState
from intrigue.ext.game_api import Rng
from intrigue.engine.politics.evidence import PublicEvidence, PublicTracker, marginals

if TYPE_CHECKING:                      # imported when first needed (it builds the search's model)
    from intrigue.engine.politics.belief import PoliticsBelief

__all__ = ["PoliticsHeuristic", "PublicEvidence", "PublicTracker", "marginals"]

class PoliticsHeuristic:
    """``choose(info)`` returns a legal action id for ``info.seat``; uses only the InfoState.

    It plays the kernel's mixed policy (``PoliticsCore.policy_probs``, documented in
    docs/politics.md section 5) on its own information state, acting on a belief over the dark
    pair: an HONEST seat its own posterior (the search's belief model, :mod:`intrigue.engine.politics.belief`),
    a DARK seat the table's (what a public observer would think of everyone)."""

    def __init__(self, rng: Rng) -> None:
        self.rng = rng
        self._trackers: Dict[int, PublicTracker] = {}
        self._model: Optional[PoliticsBelief] = None
        self._memo: Dict[int, Tuple[int, List[float], Dict[Tuple[int, int], float]]] = {}

    # --- reading the information state ------------------------------------------------------------
    def tracker(self, info: InfoState) -> PublicTracker:
        """The replay of ``info.view`` into public evidence, continued across calls for the same
        seat while each view extends the last."""
        tr = self._trackers.get(info.seat)
        view = info.view
        if tr is None or tr.game is not info.game or not tr.extends(view):
            tr = self._trackers[info.seat] = PublicTracker(info.game, info.seat)
        if len(view) > len(tr.view):
            tr.feed(view[len(tr.view):])
        return tr

    def _beliefs(self, info: InfoState) -> Tuple[List[float], Dict[Tuple[int, int], float]]:
        """(the focal marginals it acts on, its own pair belief), cached per seat and view length."""
        memo = self._memo.get(info.seat)
        if memo is not None and memo[0] == len(info.view):
            return memo[1], memo[2]
        from intrigue.engine.politics.belief import PoliticsBelief, public_marginals
        core = info.core
        if self._model is None or self._model.game is not info.game:
            self._model = PoliticsBelief(info.game)
        model = self._model
        ll = model.loglik(info)
        table = model.table(info)
        own = model.pair_belief(info, table)
        if core.is_dark(info.seat) or core.roles_public:
            focal = public_marginals(core, ll)
        else:
            focal = marginals(own, core.num_players)
        focal = [min(1.0, max(0.0, x)) for x in focal]
        self._memo[info.seat] = (len(info.view), focal, own)
        return focal, own

    def dark_belief(self, info: InfoState) -> Dict[Tuple[int, int], float]:
        """This seat's belief over the dark pair (certain for a DARK seat)."""
        core = info.core
        if core.is_dark(info.seat) or core.roles_public:
            return {tuple(sorted(core.dark_seats())): 1.0}
        return self._beliefs(info)[1]

    def parametric_belief(self, info: InfoState) -> Dict[Tuple[int, int], float]:
        """The cheap belief of :class:`PublicTracker` (card model and fixed likelihood ratios)."""
        core = info.core
        tr = self.tracker(info)
        if core.is_dark(info.seat) or core.roles_public:
            return tr.belief(dark_pair=tuple(core.dark_seats()))
        return tr.belief(info.seat)

    def suspicion(self, info: InfoState) -> List[float]:
        """P(seat is dark) for every seat, as ``info.seat`` sees it."""
        return marginals(self.dark_belief(info), info.core.num_players)

    def public_suspicion(self, info: InfoState) -> List[float]:
        """P(seat is dark) as a player who knows nothing private would see it (what the table thinks)."""
        from intrigue.engine.politics.belief import public_marginals
        if self._model is None or self._model.game is not info.game:
            from intrigue.engine.politics.belief import PoliticsBelief
            self._model = PoliticsBelief(info.game)
        return public_marginals(info.core, self._model.loglik(info))

    # --- deciding ---------------------------------------------------------------------------------
    def action_probs(self, info: InfoState) -> Dict[int, float]:
        """The policy as a distribution over the legal actions."""
        legal = info.legal_actions()
        if not legal:
            return {}
        if len(legal) == 1:
            return {legal[0]: 1.0}
        focal, _ = self._beliefs(info)
        core = info.core.clone()
        core.set_focal(focal)
        return core.policy_probs()

    def choose(self, info: InfoState) -> int:
        probs = self.action_probs(info)
        if len(probs) == 1:
            return next(iter(probs))
        x = (self.rng.next() >> 11) * (1.0 / 9007199254740992.0)
        acc = 0.0
        for a, p in sorted(probs.items()):
            acc += p
            if x < acc:
                return a
        return max(probs, key=probs.__getitem__)


# --- seeded evaluation: python -m intrigue.engine.politics.heuristic ------------------------------
def evaluate(games: int = 100, players: int = 6, seed: int = 1) -> dict:
    """Seeded figures for the docs: one heuristic seat among random players (its win share), one
    random seat among heuristics, and the honest seats' belief on the true dark pair."""
    from math import comb

    from intrigue.engine import load_game

    def game(g_seed: int, heur) -> Tuple[object, Dict[int, PoliticsHeuristic], List[float]]:
        s = load_game("politics", None, players).new_state(g_seed)
        bots = {p: PoliticsHeuristic(Rng(g_seed * 16 + p)) for p in heur}
        rng = Rng(g_seed)
        probe: List[float] = []
        while not s.is_terminal():
            if len(heur) == players and not probe and s.core.round >= 3:
                truth = tuple(s.core.dark_seats())
                probe.extend(bots[p].dark_belief(s.information_state(p)).get(truth, 0.0)
                             for p in range(players) if not s.core.is_dark(p))
            if len(heur) == players and len(probe) == players - 2 and s.decision().kind == "vote":
                truth = tuple(s.core.dark_seats())
                probe.extend(bots[p].dark_belief(s.information_state(p)).get(truth, 0.0)
                             for p in range(players) if not s.core.is_dark(p))
            p = s.current_player()
            if p in bots:
                a = bots[p].choose(s.information_state(p))
            else:
                legal = s.legal_actions()
                a = legal[rng.below(len(legal))]
            s.apply_action(a)
        return s, bots, probe

    def won(s, p) -> float:          # a shared win counts 1/k; a team win 1 for each member
        return s.result().rewards[p]

    lone_h = sum(won(game(seed * 100000 + g, {g % players})[0], g % players) for g in range(games)) / games
    lone_r = sum(won(game(seed * 100000 + games + g, set(range(players)) - {g % players})[0], g % players)
                 for g in range(games)) / games
    r3, end = [], []
    for g in range(games):
        _, _, probe = game(seed * 100000 + 2 * games + g, set(range(players)))
        r3.extend(probe[:players - 2])
        end.extend(probe[players - 2:])
    return {"players": players, "games": games, "seed": seed, "chance": 1 / players,
            "heuristic_among_random": lone_h, "random_among_heuristics": lone_r,
            "belief_prior": 1 / comb(players - 1, 2),
            "belief_after_round_3": sum(r3) / max(1, len(r3)), "belief_before_votes": sum(end) / max(1, len(end))}


if __name__ == "__main__":  # pragma: no cover - a measurement script
    import argparse
    import json

    ap = argparse.ArgumentParser(description="Seeded figures for the Politics heuristic.")
    ap.add_argument("--games", type=int, default=100)
    ap.add_argument("--players", type=int, default=6)
    ap.add_argument("--seed", type=int, default=1)
    args = ap.parse_args()
    print(json.dumps(evaluate(args.games, args.players, args.seed), indent=1))
