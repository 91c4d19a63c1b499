"""A rule-based Politics Game player that plays its role, from one seat's InfoState only.

* HONEST: leads with and joins the least suspected players, places honest policies, inspects
  governments while failures are not close to a crisis, discards a corrupt policy as leader, flips
  corrupt passed policies with MEDIA when in government, votes for the most suspected player.
* DARK: slips corrupt policies through when its own suspicion is low (and pushes for failures when
  a crisis is near: five failed governments win the game for the dark team), discards an honest
  policy as leader, shields its partner, and votes for the honest player the table suspects most.

Suspicion is a belief over the dark pair: a likelihood per pair of seats from public evidence -- the
policies turned up in each government the pair was part of, WITHDRAW and INSPECT choices, votes and
revealed roles -- under a simple model of how each role places cards (:class:`PublicTracker`).
:meth:`PoliticsHeuristic.dark_belief` exposes it; it is the natural prior for a search's belief.
"""
from __future__ import annotations

import math
from itertools import combinations
from typing import Dict, List, Optional, Sequence, Tuple

from intrigue.engine.game import InfoState
from intrigue.ext.game_api import Rng
from intrigue.ext.politics_core import CONST as K

TYPES = ("H0", "H1", "H2", "C1", "C2", "C3")
# the card model: probability that a placed policy is corrupt, by the placer's role
P_C_HONEST = 0.33
P_C_DARK = 0.62
# opposition choices by role (per observed action): log likelihood ratios dark / honest
LLR_INSPECT = math.log(0.45 / 0.70)
LLR_WITHDRAW = math.log(0.30 / 0.08)
LLR_VOTED_HONEST = math.log(2.0)      # voted for a player then revealed honest
LLR_VOTED_DARK = math.log(0.4)        # voted for a player then revealed dark


class PublicTracker:
    """Reads one seat's view of the history (public events plus its own) into the evidence the
    belief needs.  Incremental: :meth:`feed` takes the events after those already read."""

    def __init__(self, n: int) -> None:
        self.n = n
        self.count = 0                                  # events read
        self.last: Optional[Tuple[int, str]] = None
        self.rounds: List[dict] = []                    # one entry per formed government
        self.seat_llr = [0.0] * n                       # evidence on single seats
        self.revealed: Dict[int, bool] = {}             # seat -> is dark
        self.leader: Optional[int] = None
        self.accepted: List[int] = []
        self.pending_invitee: Optional[int] = None
        self.pending_counterparty: Optional[int] = None
        self.gov: Optional[dict] = None
        self.inspector: Optional[int] = None
        self.votes: Dict[int, Optional[int]] = {}
        self.exposure_votes: List[Tuple[int, bool, List[int]]] = []

    def feed(self, events: Sequence[Tuple[int, str]]) -> None:
        for seat, text in events:
            self._event(seat, text)
            self.count += 1
            self.last = (seat, text)

    def _event(self, seat: int, text: str) -> None:
        w = text.split()
        head = w[0]
        if seat < 0:
            if head == "leader":
                self.leader = int(w[1])
                self.accepted = []
                self.gov = None
            elif head == "reveal" and self.gov is not None:
                self.gov["cards"].append(w[1])
                self.gov["inspected"].append((self.inspector, w[1]))
            elif head == "policies" and self.gov is not None:
                self.gov["cards"].extend(w[1:])
                self.gov["passed"] = list(w[1:])
            elif head == "votes":
                self.votes[int(w[1])] = None if w[2] == "abstain" else int(w[2])
            elif head == "exposed":
                target, dark = int(w[1]), w[2] == "dark"
                self.revealed[target] = dark
                voters = [v for v, t in self.votes.items() if t == target]
                for v in voters:
                    self.seat_llr[v] += LLR_VOTED_DARK if dark else LLR_VOTED_HONEST
                self.votes = {}
            elif head == "roles":
                a, b = int(w[1]), int(w[2])
                for p in range(self.n):
                    self.revealed[p] = p in (a, b)
            return
        if head == "invite":
            self.leader = seat
            self.pending_invitee = int(w[1])
        elif head in ("hold", "probe"):
            self.pending_counterparty = int(w[1])
        elif head == "accept" and seat == self.pending_invitee:
            self.pending_invitee = None
            self.accepted.append(seat)
            if len(self.accepted) == 2:
                self.gov = {"members": [self.leader] + self.accepted, "cards": [], "inspected": [],
                            "passed": [], "discarded": False}
                self.rounds.append(self.gov)
        elif head == "decline" and seat == self.pending_invitee:
            self.pending_invitee = None
        elif head == "inspect":
            self.inspector = seat
            self.seat_llr[seat] += LLR_INSPECT
        elif head == "withdraw":
            self.seat_llr[seat] += LLR_WITHDRAW
        elif head == "discard" and self.gov is not None and seat == self.gov["members"][0] and len(w) <= 2:
            if not self.gov["passed"]:
                self.gov["discarded"] = True

    # --- the belief -----------------------------------------------------------------------------
    def pair_loglik(self, a: int, b: int) -> float:
        """Log likelihood of the public evidence if seats a and b are the dark pair."""
        ll = self.seat_llr[a] + self.seat_llr[b]
        for g in self.rounds:
            k = (a in g["members"]) + (b in g["members"])
            p = (k * P_C_DARK + (3 - k) * P_C_HONEST) / 3.0
            c = sum(1 for card in g["cards"] if card[0] == "C")
            h = len(g["cards"]) - c
            ll += c * math.log(p) + h * math.log(1.0 - p)
            # a leader who saw every face, discarded, and still let corrupt policies pass
            if g["discarded"] and g["members"][0] in (a, b):
                ll += 0.35 * sum(1 for card in g["passed"] if card[0] == "C")
        return ll

    def belief(self, seat: Optional[int] = None, dark_pair: Optional[Tuple[int, int]] = None
               ) -> Dict[Tuple[int, int], float]:
        """Probability of each dark pair given the public evidence and, for ``seat``, what it knows
        (an HONEST seat is not dark; a DARK seat knows the pair)."""
        if dark_pair is not None:
            return {tuple(sorted(dark_pair)): 1.0}
        weights = {}
        for a, b in combinations(range(self.n), 2):
            if seat is not None and seat in (a, b):
                continue
            ok = True
            for p, dark in self.revealed.items():
                if dark != (p in (a, b)):
                    ok = False
                    break
            if ok:
                weights[(a, b)] = self.pair_loglik(a, b)
        if not weights:
            return {}
        top = max(weights.values())
        z = sum(math.exp(v - top) for v in weights.values())
        return {pair: math.exp(v - top) / z for pair, v in weights.items()}


def marginals(belief: Dict[Tuple[int, int], float], n: int) -> List[float]:
    out = [0.0] * n
    for (a, b), p in belief.items():
        out[a] += p
        out[b] += p
    return out


class PoliticsHeuristic:
    """``choose(info)`` returns a legal action id for ``info.seat``; uses only the InfoState."""

    def __init__(self, rng: Rng) -> None:
        self.rng = rng
        self._trackers: Dict[int, PublicTracker] = {}

    # --- reading the information state ------------------------------------------------------------
    def tracker(self, info: InfoState) -> PublicTracker:
        """The public evidence in ``info.view``, read incrementally across calls for the same seat."""
        tr = self._trackers.get(info.seat)
        view = info.view
        if (tr is None or tr.n != info.core.num_players or tr.count > len(view)
                or (tr.count and tuple(view[tr.count - 1]) != tr.last)):
            tr = PublicTracker(info.core.num_players)
            self._trackers[info.seat] = tr
        tr.feed(view[tr.count:])
        return tr

    def dark_belief(self, info: InfoState) -> Dict[Tuple[int, int], float]:
        """This seat's belief over the dark pair (certain for a DARK seat)."""
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
        return marginals(self.tracker(info).belief(None), info.core.num_players)

    # --- deciding ---------------------------------------------------------------------------------
    def action_probs(self, info: InfoState) -> Dict[int, float]:
        """The policy as a distribution over legal actions (deterministic choices get 1.0; a few
        decisions are mixed)."""
        legal = info.legal_actions()
        if not legal:
            return {}
        if len(legal) == 1:
            return {legal[0]: 1.0}
        probs = self._policy(info, legal)
        probs = {a: p for a, p in probs.items() if a in legal and p > 0}
        if not probs:
            return {legal[0]: 1.0}
        z = sum(probs.values())
        return {a: p / z for a, p in probs.items()}

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
        return max(probs, key=probs.get)

    def _policy(self, info: InfoState, legal: List[int]) -> Dict[int, float]:
        core = info.core
        me = info.seat
        ph = core.phase
        dark = core.is_dark(me)
        partner = next((p for p in core.dark_seats() if p != me), None) if dark else None
        susp = self.suspicion(info)
        prior = 2.0 / (core.num_players - 1)
        n = core.num_players

        def one(a):
            return {a: 1.0}

        if ph == K["PH_INVITE"]:
            return one(self._invite(info, legal, susp, partner))
        if ph == K["PH_ANSWER_INVITE"]:
            leader = core.leader
            if dark:
                return one(K["A_ACCEPT"])
            ok = susp[leader] <= max(1.35 * prior, 0.5) and not (core.is_revealed(leader) and core.is_dark(leader))
            return one(K["A_ACCEPT"] if ok else K["A_DECLINE"])
        if ph == K["PH_ANSWER_CONTRACT"]:
            _, creator, _, _ = core.contract_offer
            return one(K["A_ACCEPT"] if creator == partner else K["A_DECLINE"])
        if ph == K["PH_OFFER"]:
            return self._offer(info, legal, susp, dark)
        if ph == K["PH_PROPOSE"]:
            return one(self._propose(info, legal, dark, susp, prior))
        if ph == K["PH_OPP"]:
            return self._opposition(info, legal, dark, partner, susp, prior)
        if ph == K["PH_WDISCARD"]:
            return one(self._withdraw_discard(info, legal, dark))
        if ph == K["PH_LDISCARD"]:
            return one(self._leader_discard(info, legal, dark, susp))
        if ph == K["PH_FAILDRAW"]:
            return one(K["A_BUY"] if core.coins(me)["INF"] >= 3 else K["A_NO_BUY"])
        if ph == K["PH_RESOLVE"]:
            return one(K["A_BREAK"])                  # BET +1 scores as HON +1, and costs nothing
        if ph == K["PH_VOTE"]:
            return one(self._vote(info, legal, dark, partner, susp))
        if ph == K["PH_COUP"]:
            if K["A_PLAY"] not in legal:
                return one(K["A_PASS"])
            drawn = core.drawn
            if dark:
                return one(K["A_PASS"] if drawn == partner else K["A_PLAY"])
            return one(K["A_PLAY"] if susp[drawn] > prior else K["A_PASS"])
        if ph == K["PH_DEALBREAK"]:
            return one(K["A_PASS"])
        if ph == K["PH_BLOCK"]:
            if K["A_PLAY"] not in legal:
                return one(K["A_PASS"])
            return one(K["A_PLAY"] if self._block_pays(info, dark, partner, susp, prior) else K["A_PASS"])
        if ph == K["PH_MEDIA"]:
            return one(self._media(info, legal, dark, partner))
        return one(legal[0])

    # --- Phase 1 ----------------------------------------------------------------------------------
    def _invite(self, info, legal, susp, partner) -> int:
        core = info.core
        me = info.seat
        n = core.num_players
        accepted, offered = core.accepted
        issued = core.invitations_issued
        best, best_key = legal[0], None
        for a in legal:
            k = a - K["A_INVITE"]
            seat = (me + k // 12 + 1) % n
            offer, join = (k % 12) // 3, k % 3
            trust = -susp[seat]
            if partner is not None:
                trust = 1.0 if seat == partner else -abs(susp[seat] - 0.3)
            if core.is_revealed(seat) and core.is_dark(seat) and partner is None:
                trust -= 5.0
            # offer more as refusals pile up; a JOIN(1) contract costs nothing to break later
            want_offer = min(3 - offered, max(0, issued - accepted))
            key = (round(trust, 6), -abs(offer - want_offer), join == 1)
            if best_key is None or key > best_key:
                best, best_key = a, key
        return best

    # --- contracts --------------------------------------------------------------------------------
    def _offer(self, info, legal, susp, dark) -> Dict[int, float]:
        core = info.core
        me = info.seat
        n = core.num_players
        if len(legal) == 1:
            return {legal[0]: 1.0}
        # a PROBE(1) to the opposition player most likely to inspect (an honest one with influence);
        # if the condition is met, breaking it scores BET +1 at no cost
        best, best_v = None, -1.0
        for a in legal:
            if a < K["A_CONTRACT"] or a >= K["A_PROPOSE"]:
                continue
            k = a - K["A_CONTRACT"]
            t, rest = divmod(k, 14)
            y = (me + rest // 2 + 1) % n
            amount = rest % 2 + 1
            if amount != 1:
                continue
            inf = core.coins(y)["INF"]
            v = (1.0 - susp[y]) * (inf >= 1) if t == 1 else (0.3 if inf == 0 else 0.0)
            if v > best_v:
                best, best_v = a, v
        if best is None or best_v <= 0.2:
            return {K["A_NO_CONTRACT"]: 1.0}
        return {best: 0.5, K["A_NO_CONTRACT"]: 0.5}

    # --- Phase 2 ----------------------------------------------------------------------------------
    def _propose(self, info, legal, dark, susp, prior) -> int:
        core = info.core
        me = info.seat
        hand = core.hand(me)
        cards = [t for t in range(6) for _ in range(hand[t])]

        def placed_value(kept: int) -> float:
            left = list(cards)
            left.remove(kept)
            c = sum(1 for t in left if t >= 3)
            bags = sum(t if t < 3 else t - 2 for t in left)
            return c, bags

        if not dark:
            # honest: place as few corrupt policies as possible, then as many bags as possible
            return max(legal, key=lambda a: (-placed_value(a - K["A_PROPOSE"])[0], placed_value(a - K["A_PROPOSE"])[1]))
        pub = self.public_suspicion(info)
        near_crisis = core.fails >= 3
        safe = pub[me] <= 1.3 * prior
        if near_crisis or safe:
            return max(legal, key=lambda a: placed_value(a - K["A_PROPOSE"]))
        # under suspicion: look honest this time
        return max(legal, key=lambda a: (-placed_value(a - K["A_PROPOSE"])[0], placed_value(a - K["A_PROPOSE"])[1]))

    # --- Phase 3 ----------------------------------------------------------------------------------
    def _opposition(self, info, legal, dark, partner, susp, prior) -> Dict[int, float]:
        core = info.core
        me = info.seat
        inf = core.coins(me)["INF"]
        members = core.members
        found_c = sum(1 for t, ins, fl in core.revealed_cards if ins and (t >= 3) != fl)
        can_inspect = K["A_INSPECT"] in legal
        if not dark:
            crisis_risk = core.fails >= 4 and found_c >= 1
            if can_inspect and not crisis_risk:
                gov_susp = sum(susp[m] for m in members) if members else 0.0
                p = 0.95 if gov_susp >= 3 * prior * 0.9 else 0.75
                return {K["A_INSPECT"]: p, K["A_PASS"]: 1.0 - p}
            if K["A_DEAL"] in legal and inf >= 5 and core.backroom_count(me) == 0:
                return {K["A_DEAL"]: 1.0}
            return {K["A_PASS"]: 1.0}
        # dark: protect a government holding the partner; otherwise push towards failures
        if partner in members:
            return {K["A_WITHDRAW"]: 0.4, K["A_PASS"]: 0.6}
        if can_inspect and (core.fails >= 2 or found_c >= 1):
            return {K["A_INSPECT"]: 0.85, K["A_WITHDRAW"]: 0.15}
        out = {K["A_WITHDRAW"]: 0.35, K["A_PASS"]: 0.25}
        if can_inspect:
            out[K["A_INSPECT"]] = 0.4
        if K["A_DEAL"] in legal and inf >= 4:
            out[K["A_DEAL"]] = 0.2
        return out

    def _withdraw_discard(self, info, legal, dark) -> int:
        core = info.core
        hand = core.hand(info.seat)

        def kept_value(a: int) -> float:
            from intrigue.ext.politics_core import multiset_counts
            gone = multiset_counts(2, a - K["A_WDISCARD"])
            kept = [t for t in range(6) for _ in range(hand[t] - gone[t])]
            c = sum(1 for t in kept if t >= 3)
            bags = sum(t if t < 3 else t - 2 for t in kept)
            return (min(c, 2) - 0.5 * max(0, c - 2), bags) if dark else (-c, bags)

        return max(legal, key=kept_value)

    # --- Phase 4 ----------------------------------------------------------------------------------
    def _leader_discard(self, info, legal, dark, susp) -> int:
        core = info.core
        down = core.table_down
        if dark:
            hs = [t for t in range(3) if down[t] > 0]
            return K["A_LDISCARD"] + hs[0] if hs else K["A_NO_DISCARD"]
        cs = [t for t in range(3, 6) if down[t] > 0]
        return K["A_LDISCARD"] + cs[0] if cs else K["A_NO_DISCARD"]

    # --- reaction windows -------------------------------------------------------------------------
    def _media(self, info, legal, dark, partner) -> int:
        core = info.core
        me = info.seat
        w = core.window or {}
        members = core.members
        if len(legal) == 1:
            return legal[0]
        if w.get("media_phase") == 3:
            t = legal[1] - K["A_MEDIA"]
            found_c = sum(1 for ty, ins, fl in core.revealed_cards if ins and (ty >= 3) != fl)
            if not dark:
                # save one's own government from failing on this card
                if me in members and t >= 3 and found_c >= 2:
                    return legal[1]
                return legal[0]
            # dark: turn an honest card corrupt to fail a government without the partner
            if t < 3 and found_c >= 1 and me not in members and partner not in members:
                return legal[1]
            return legal[0]
        if me not in members:
            return legal[0]
        types = [a - K["A_MEDIA"] for a in legal[1:]]
        if dark:
            hs = [t for t in types if t < 3]
            return K["A_MEDIA"] + hs[0] if hs else legal[0]
        cs = [t for t in types if t >= 3]
        return K["A_MEDIA"] + cs[-1] if cs else legal[0]

    def _block_pays(self, info, dark, partner, susp, prior) -> bool:
        core = info.core
        me = info.seat
        w = core.window or {}
        card, player = w.get("answers"), w.get("card_player")
        members = core.members
        if player == partner:
            return False
        if card == K["PH_COUP"]:
            drawn = core.drawn
            if drawn == me or (dark and drawn == partner):
                return True
            return not dark and susp[player] > prior
        if card == K["PH_DEALBREAK"]:
            cts = core.contracts
            slot = w.get("slot")
            return slot is not None and slot < len(cts) and cts[slot]["creator"] == me
        if card == K["PH_MEDIA"]:
            t = w.get("target")
            if t is None:
                return False
            if w.get("media_phase") == 3:
                found_c = sum(1 for ty, ins, fl in core.revealed_cards if ins and (ty >= 3) != fl)
                makes_c = t < 3
                fails = makes_c and found_c >= 1
                if me in members or (dark and partner in members):
                    return fails
                return False
            if me in members:
                return (t < 3) != dark           # honest members keep H; dark members keep C
        return False

    # --- lie-catch --------------------------------------------------------------------------------
    def _vote(self, info, legal, dark, partner, susp) -> int:
        core = info.core
        me = info.seat
        n = core.num_players
        targets = {(me + a - K["A_VOTE"] + 1) % n: a for a in legal if a >= K["A_VOTE"]}
        if not targets:
            return K["A_ABSTAIN"]
        if dark:
            pub = self.public_suspicion(info)
            honest = [p for p in targets if p != partner]
            if not honest:
                return K["A_ABSTAIN"]
            return targets[max(honest, key=lambda p: (pub[p], -p))]
        best = max(targets, key=lambda p: (susp[p], -p))
        threshold = 0.0 if core.crisis else 0.34
        return targets[best] if susp[best] >= threshold else K["A_ABSTAIN"]


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
