"""A straightforward reference implementation of Coup, written from ``coup.md`` alone.

It is deliberately simple and slow: the game is one generator that reads like the rules text,
yielding each decision or chance event and receiving the answer in notation.  The tests play the
fast C kernel and this reference side by side and compare them after every step.
"""
from __future__ import annotations

from collections import Counter
from typing import Dict, Iterator, List, Tuple

ROLES = ["duke", "assassin", "captain", "ambassador", "contessa"]
CLAIM = {"tax": "duke", "assassinate": "assassin", "steal": "captain", "exchange": "ambassador"}
BLOCK_ROLES = {"foreign_aid": ["duke"], "assassinate": ["contessa"], "steal": ["captain", "ambassador"]}


def sort_roles(roles) -> List[str]:
    return sorted(roles, key=ROLES.index)


class Over(Exception):
    """Raised inside the flow when the game ends."""


class Ref:
    """Coup by the book.  ``step()`` gives the pending request; ``answer(text)`` answers it."""

    def __init__(self, n: int, steal_amount: int = 2, exchange: str = "published", forced_coup_at: int = 10,
                 two_player_start_coins: int = 1, refund_on_failed_claim: bool = True, max_turns: int = 300,
                 influence: int = 2, copies: Dict[str, int] = None, start_coins: int = 2, income_amount: int = 1,
                 tax_amount: int = 3, coup_cost: int = 7, assassinate_cost: int = 3, assassin_limit: int = 0,
                 not_in_play: Tuple[str, ...] = ()):
        """The keywords are the options of ``coup.md`` section 8 and of the variants (docs/coup.md):
        ``copies`` maps a role to its copies in the deck (3 each by default); ``not_in_play`` lists
        the actions left out (e.g. ``("tax", "steal")``)."""
        self.n = n
        self.steal_amount = steal_amount
        self.exchange = exchange
        self.forced = forced_coup_at
        self.refund = refund_on_failed_claim
        self.max_turns = max_turns
        self.influence = influence
        self.income, self.tax = income_amount, tax_amount
        self.coup_cost, self.assassinate_cost = coup_cost, assassinate_cost
        self.limit = assassin_limit
        self.assassinations = [0] * n
        self.copies = dict(copies) if copies is not None else {r: 3 for r in ROLES}
        # an action is declared only if it is in play and the deck has the role it claims
        self.in_play = {w for w in ("income", "foreign_aid", "tax", "exchange", "coup", "assassinate", "steal")
                        if w not in not_in_play and self.copies.get(CLAIM.get(w), 1) > 0}
        self.coins = [start_coins] * n
        if n == 2:
            self.coins[0] = two_player_start_coins
        self.treasury = 50 - sum(self.coins)
        self.down: List[List[str]] = [[] for _ in range(n)]
        self.up: List[List[str]] = [[] for _ in range(n)]
        self.deck: Counter = Counter({r: self.copies[r] for r in ROLES})
        self.alive = [True] * n
        self.place = [0] * n
        self.turn = 0
        self.over = False
        self._flow = self._game()
        self.request = next(self._flow)

    # --- driving ---------------------------------------------------------------------------------
    def answer(self, text: str) -> None:
        try:
            self.request = self._flow.send(text)
        except StopIteration:
            self.request = None

    # --- helpers ---------------------------------------------------------------------------------
    def others_from(self, p: int, exclude: int) -> Iterator[int]:
        """Seats in order from p's left, skipping ``exclude``; liveness is checked when asked."""
        for k in range(1, self.n):
            q = (p + k) % self.n
            if q != exclude:
                yield q

    def gain(self, p: int, k: int) -> None:
        k = min(k, self.treasury)
        self.coins[p] += k
        self.treasury -= k

    def turn_up(self, p: int, role: str) -> None:
        self.down[p].remove(role)
        self.up[p].append(role)
        if not self.down[p]:
            self.alive[p] = False
            self.treasury += self.coins[p]
            self.coins[p] = 0
            self.place[p] = sum(self.alive) + 1
            if sum(self.alive) == 1:
                self.place[self.alive.index(True)] = 1
                self.over = True
                raise Over

    def reveal_options(self, p: int) -> List[str]:
        return ["reveal " + r for r in sort_roles(set(self.down[p]))]

    def lose(self, p: int):
        text = yield ("decide", p, "lose_influence", self.reveal_options(p))
        self.turn_up(p, text.split()[1])

    def draw(self, p: int, k: int, kind: str):
        text = yield ("chance", p, kind, k)
        roles = text.split()[2:]
        for r in roles:
            assert self.deck[r] > 0, text
            self.deck[r] -= 1
        return roles

    def challenge(self, claimant: int, challenger: int, role: str, kind: str):
        """Resolve a challenge of ``claimant``'s claim of ``role``; True if the claim was proved."""
        text = yield ("decide", claimant, kind, self.reveal_options(claimant))
        shown = text.split()[1]
        if shown == role:
            yield from self.lose(challenger)
            self.down[claimant].remove(role)
            self.deck[role] += 1
            self.down[claimant] += (yield from self.draw(claimant, 1, "draw"))
            return True
        self.turn_up(claimant, shown)
        return False

    # --- the game --------------------------------------------------------------------------------
    def _game(self):
        try:
            for s in range(self.n):
                self.down[s] = (yield from self.draw(s, self.influence, "deal"))
            actor = 0
            while True:
                yield from self._turn(actor)
                self.turn += 1
                if self.turn >= self.max_turns:
                    for p in range(self.n):
                        if self.alive[p]:
                            self.place[p] = 1
                    self.over = True
                    return
                actor = (actor + 1) % self.n
                while not self.alive[actor]:
                    actor = (actor + 1) % self.n
        except Over:
            return

    def _turn(self, actor: int):
        targets = [q for q in range(self.n) if q != actor and self.alive[q]]
        if self.coins[actor] >= self.forced:
            legal = [f"coup {q}" for q in targets]
        else:
            legal = [w for w in ("income", "foreign_aid", "tax", "exchange") if w in self.in_play]
            if self.coins[actor] >= self.coup_cost:
                legal += [f"coup {q}" for q in targets]
            if ("assassinate" in self.in_play and self.coins[actor] >= self.assassinate_cost
                    and (not self.limit or self.assassinations[actor] < self.limit)):
                legal += [f"assassinate {q}" for q in targets]
            if "steal" in self.in_play:
                legal += [f"steal {q}" for q in targets]
        text = yield ("decide", actor, "action", legal)
        word, *rest = text.split()
        target = int(rest[0]) if rest else None
        if word == "income":
            self.gain(actor, self.income)
            return
        if word == "coup":
            self.coins[actor] -= self.coup_cost
            self.treasury += self.coup_cost
            yield from self.lose(target)
            return
        if word == "assassinate":
            self.coins[actor] -= self.assassinate_cost
            self.treasury += self.assassinate_cost
            self.assassinations[actor] += 1
        claim = CLAIM.get(word)
        if claim:
            for p in self.others_from(actor, exclude=actor):
                if not self.alive[p]:
                    continue
                if (yield ("decide", p, "challenge", ["pass", "challenge"])) == "challenge":
                    if not (yield from self.challenge(actor, p, claim, "defend")):
                        if word == "assassinate" and self.refund and self.alive[actor]:
                            self.gain(actor, self.assassinate_cost)
                        return
                    break
        if target is not None and not self.alive[target]:
            return
        if word in BLOCK_ROLES:
            blockers = list(self.others_from(actor, exclude=actor)) if word == "foreign_aid" else [target]
            for b in blockers:
                if not self.alive[b]:
                    continue
                options = ["pass"] + ["block " + r for r in BLOCK_ROLES[word] if self.copies[r] > 0]
                text = yield ("decide", b, "block", options)
                if text == "pass":
                    continue
                role = text.split()[1]
                block_stands = True
                for p in self.others_from(b, exclude=b):
                    if not self.alive[p]:
                        continue
                    if (yield ("decide", p, "challenge_block", ["pass", "challenge"])) == "challenge":
                        block_stands = (yield from self.challenge(b, p, role, "defend_block"))
                        break
                if block_stands:
                    return
                break                                   # a failed block: the action resolves
        if target is not None and not self.alive[target]:
            return
        if word == "foreign_aid":
            self.gain(actor, 2)
        elif word == "tax":
            self.gain(actor, self.tax)
        elif word == "assassinate":
            yield from self.lose(target)
        elif word == "steal":
            k = min(self.steal_amount, self.coins[target])
            self.coins[target] -= k
            self.coins[actor] += k
        elif word == "exchange":
            drawn = yield from self.draw(actor, 2, "exchange_draw")
            hand = list(self.down[actor])
            if self.exchange == "published" or len(hand) == 1:
                pool = hand + drawn
                import itertools
                keeps = {tuple(sort_roles(c)) for c in itertools.combinations(pool, len(hand))}
            else:
                keeps = {tuple(sort_roles(hand))}
                for i in range(len(hand)):
                    for d in drawn:
                        new = list(hand)
                        new[i] = d
                        keeps.add(tuple(sort_roles(new)))
            options = ["keep " + " ".join(k) for k in sorted(keeps, key=lambda k: [ROLES.index(r) for r in k])]
            text = yield ("decide", actor, "exchange", options)
            kept = text.split()[1:]
            pool = Counter(hand + drawn)
            pool.subtract(Counter(kept))
            self.deck.update(+pool)
            self.down[actor] = kept

    # --- a comparable picture --------------------------------------------------------------------
    def snapshot(self) -> Dict[str, object]:
        return {
            "coins": list(self.coins), "treasury": self.treasury,
            "down": [sort_roles(h) for h in self.down], "up": [sort_roles(h) for h in self.up],
            "deck": [self.deck[r] for r in ROLES], "alive": list(self.alive),
        }
