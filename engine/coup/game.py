"""Coup on the game interface: rulesets, options, notation, views and display.

The rules are in the C kernel :mod:`intrigue.ext.coup_core`; this module is the Python face of that
kernel: it checks options, speaks the notation of ``coup.md`` section 10 in both directions, says who
sees which event (section 9) and draws the table for people.
"""
from __future__ import annotations

from functools import cached_property
from typing import Any, Dict, List, Optional, Tuple

from intrigue.engine.errors import IllegalActionError, NotationError, OptionError
from intrigue.engine.game import CHANCE, PLAIN_ISMCTS, TERMINAL, Game, InfoState, OptionSpec, Result, State
from intrigue.engine.coup import names
from intrigue.engine.coup.claims import CLAIM_OF_KIND, KIND_WORDS
from intrigue.ext.coup_core import (ALL_ACTIONS, NROLES, NUM_ACTIONS, Action, Chance, CoupCore, Exchange, Kind, Phase,
                                    pair_index, pair_roles)

ROLES = names.ROLES
NR = NROLES

_SIMPLE = {Action.INCOME: "income", Action.FOREIGN_AID: "foreign_aid", Action.TAX: "tax",
           Action.EXCHANGE: "exchange", Action.PASS: "pass", Action.CHALLENGE: "challenge"}
_SIMPLE_BY_WORD = {v: k for k, v in _SIMPLE.items()}
_TARGETED = {"coup": Action.COUP, "assassinate": Action.ASSASSINATE, "steal": Action.STEAL}
_WORD_ALIASES = {"foreign-aid": "foreign_aid", "foreignaid": "foreign_aid", "aid": "foreign_aid",
                 "fa": "foreign_aid", "assassination": "assassinate", "assassin": "assassinate"}

DECISION_KINDS = {
    Phase.DEAL: "deal", Phase.ACTION: "action", Phase.CHALLENGE: "challenge",
    Phase.DEFEND: "defend", Phase.BLOCK: "block", Phase.BCHALLENGE: "challenge_block",
    Phase.BDEFEND: "defend_block", Phase.LOSE: "lose_influence", Phase.REPLACE: "draw",
    Phase.EXDRAW: "exchange_draw", Phase.EXCHANGE: "exchange", Phase.OVER: "over",
}
# the actions a ruleset may leave out (option allow_<word>; Income and Coup are always in play)
OPTIONAL_ACTIONS = {"foreign_aid": Kind.FOREIGN_AID, "tax": Kind.TAX, "exchange": Kind.EXCHANGE,
                    "assassinate": Kind.ASSASSINATE, "steal": Kind.STEAL}
COPIES_OPTIONS = tuple(f"{role}_copies" for role in ROLES)


def _role(word: str, text: str) -> int:
    r = names.role_index(word)
    if r is None:
        raise NotationError(f"{word!r} in {text!r} is not a role (roles: {', '.join(ROLES)})", field="action")
    return r



def hand_as_seen(core: CoupCore, p: int, viewer: Optional[int]) -> List[Tuple[Optional[int], bool, bool]]:
    """Seat ``p``'s cards (``(role or None, face_up, shown)``) in the order ``viewer`` is shown them.

    The kernel keeps a hand in deal order, sorted by role, and a card keeps its slot when it is
    turned up; so for a viewer who cannot see ``p``'s face-down cards the slot order would tell
    whether the hidden card ranks above or below the face-up one.  Such a viewer gets the cards
    it can see first (face up, then shown, each by role), then the hidden ones."""
    hand = core.hand(p)
    if viewer is None or viewer == p:
        return hand
    return sorted(hand, key=lambda c: (c[0] is None, not c[1], not c[2],
                                       c[0] if (c[1] or c[2]) and c[0] is not None else 0))

class CoupGame(Game):
    """Coup, 2-6 players, rulesets ``standard`` (published), ``seed-th`` (seed 000), ``seed-he`` (seed 002),
    and two small heads-up rulesets that can be solved exactly, ``mini-a`` and ``mini``."""

    name = "coup"
    title = "Coup"
    titles = {"th": "เกมโค่นอำนาจ", "he": "הפיכה"}     # as the Thai and Hebrew guides name it
    min_players = 2
    max_players = 6
    default_players = 4
    default_ruleset = "standard"
    languages = names.LANGUAGES
    plugins = {
        "heuristic": "intrigue.engine.coup.heuristic:CoupHeuristic",
        "belief": "intrigue.engine.coup.belief:CoupBelief",
        "benchmarks": "intrigue.engine.coup.benchmarks:cases",
        "narrator": "intrigue.engine.coup.narrate:CoupNarrator",
        "web": "intrigue.engine.coup.web",
    }
    # measured best (docs/strength.md): half the opponents' tree decisions from the heuristic model
    search_defaults = {"opponents": "model", "playout": "random", "modelshare": 0.5, "belief": "truthful"}
    #: ``intrigue arena --gauntlet``: the heuristic's styles (docs/coup.md, "The heuristic and its
    #: styles"), uniform random play and plain ISMCTS
    gauntlet = (
        ("truthful", "heuristic:style=truthful", "never claims or blocks with a role it does not hold"),
        ("bluffer", "heuristic:style=bluffer", "claims and blocks roles it lacks four times as often"),
        ("challenger", "heuristic:style=challenger", "challenges every claim and block it can"),
        ("passive", "heuristic:style=passive", "never challenges"),
        ("random", "random", "a uniformly random legal move"),
        ("heuristic", "heuristic", "the rule-based bot: bluffs now and then, challenges unlikely claims"),
        ("ismcts-plain", PLAIN_ISMCTS, "plain single-observer ISMCTS, 1,000 iterations, no belief"),
    )

    def seat_search_defaults(self, info: "InfoState") -> Dict[str, Any]:
        """Coup's measured search settings for the seat deciding (docs/search.md, "What `auto` means
        per game").

        Among three or more players:
        * a long search is an ensemble of 10,000-iteration trees (``tree=10000``): among four, one tree
          of 50,000 iterations lost 35-65 to 10,000 iterations, while an ensemble of the same size beat
          it 56-43 (the deeper tree's opponents answer the searcher's cards, it seems); heads-up one tree
          measured no weaker;
        * the belief is ``adaptive``: each opponent is read as the truthful heuristic or as a search like
          this one (``engine/coup/policyfit.py``), whichever explains its decisions;
        * the opponents' decisions the search makes (half of them; the model makes the rest) use regret
          matching with exploration share 0.3 (``rm=0.3``): one seat with it won 27.6% of 800 games
          against three without at 10 ms, 27.5% of 1,200 at 3,000 iterations (par 25%); heads-up it did
          not pay.

        In the standard ruleset the leaves are scored with the fitted evaluation (``leaf=eval``,
        ``engine/coup/value.py``): heads-up +48.8 +- 23.1 Elo at 10,000 iterations over 400 paired
        games; among four, two seats with it won 117 of 200 games against two without at 1,000
        iterations.

        The mini rulesets are searched by online CFR from the game's start (``algorithm=cfr``): short
        enough to search whole, and the search then mixes as an equilibrium does (exploitability on
        mini-a below 0.001 at 1,000 iterations, where UCT's is 0.083; docs/exploitability.md)."""
        if self.ruleset in self.two_player_rulesets:
            return {"algorithm": "cfr"}
        out: Dict[str, Any] = {"tree": 10000, "belief": "adaptive", "rm": 0.3} if self.num_players >= 3 else {}
        if self.ruleset == "standard":
            out["leaf"] = "eval"
        return out

    option_specs = {
        spec.name: spec for spec in (
            OptionSpec("steal_amount", "int", 2, "coins a Steal takes (all the target has, if fewer)", 1, 12),
            OptionSpec("exchange", "choice", "published",
                       "published: keep as many of hand + 2 drawn as you have influence; "
                       "swap_one: keep the hand or swap one card for one drawn",
                       choices=("published", "swap_one")),
            OptionSpec("forced_coup_at", "int", 10,
                       "a player starting a turn with this many coins must Coup (at least coup_cost)", 1, 50),
            OptionSpec("two_player_start_coins", "int", 1, "coins of the starting player in a 2-player game", 0, 12),
            OptionSpec("refund_on_failed_claim", "bool", True,
                       "return an action's cost when a challenge cancels it"),
            OptionSpec("max_turns", "int", 300, "safety cap: the game ends as a draw among the survivors", 1, 65535),
            # variants (the mini rulesets); the defaults are the published game
            OptionSpec("influence", "int", 2, "face-down cards (influence) dealt to each player", 1, 2),
            *(OptionSpec(f"{role}_copies", "int", 3, f"copies of the {role} in the Court deck "
                         "(the deck must hold every player's cards, and two more with exchange)", 0, 3)
              for role in ROLES),
            OptionSpec("start_coins", "int", 2, "coins each player starts with "
                       "(in a 2-player game the starting player has two_player_start_coins)", 0, 8),
            OptionSpec("income_amount", "int", 1, "coins Income takes", 1, 12),
            OptionSpec("tax_amount", "int", 3, "coins Tax takes", 1, 12),
            OptionSpec("coup_cost", "int", 7, "coins a Coup costs (at most forced_coup_at)", 1, 50),
            OptionSpec("assassinate_cost", "int", 3, "coins an Assassinate costs", 0, 12),
            *(OptionSpec(f"allow_{word}", "bool", True, f"{word.replace('_', ' ')} is in play "
                         "(off: a role with no action or block left is a blank card)")
              for word in OPTIONAL_ACTIONS),
            OptionSpec("assassin_limit", "int", 0, "Assassinations each player may declare in a game (0: no limit)",
                       0, 3),
        )
    }
    rulesets = {
        "standard": {},
        "seed-th": {"exchange": "swap_one", "two_player_start_coins": 2},
        "seed-he": {"steal_amount": 3, "exchange": "swap_one", "two_player_start_coins": 2},
        # small enough to solve exactly (docs/coup.md, "Mini rulesets"): one influence each, a few cards.
        # Coup-Solver's "Variant A": one card each of Assassin, Contessa and a blank card (a Duke with no
        # Tax or Foreign Aid to claim or block), Income, Assassinate for 1 (once each), Coup for 2
        "mini-a": {"influence": 1, "duke_copies": 1, "assassin_copies": 1, "captain_copies": 0,
                   "ambassador_copies": 0, "contessa_copies": 1, "start_coins": 0, "two_player_start_coins": 0,
                   "coup_cost": 2, "forced_coup_at": 2, "assassinate_cost": 1, "assassin_limit": 1,
                   "allow_foreign_aid": False, "allow_tax": False, "allow_exchange": False, "allow_steal": False},
        # two each of Duke, Assassin and Contessa; Income +1, Tax +2, Assassinate for 2 (once each), Coup
        # for 4 (forced at 4); the second player starts with 1 coin.  Every turn gains a coin or uses up
        # the one Assassination, so every game ends (no turn cap is reached)
        "mini": {"influence": 1, "duke_copies": 2, "assassin_copies": 2, "captain_copies": 0,
                 "ambassador_copies": 0, "contessa_copies": 2, "start_coins": 1, "two_player_start_coins": 0,
                 "tax_amount": 2, "coup_cost": 4, "forced_coup_at": 4, "assassinate_cost": 2,
                 "assassin_limit": 1, "allow_foreign_aid": False, "allow_exchange": False, "allow_steal": False},
    }
    ruleset_language = {"standard": "en", "seed-th": "th", "seed-he": "he", "mini-a": "en", "mini": "en"}
    #: rulesets for two players only (a deck of a few cards)
    two_player_rulesets = frozenset({"mini-a", "mini"})

    @classmethod
    def player_range(cls, ruleset: Optional[str] = None) -> Tuple[int, int]:
        if ruleset in cls.two_player_rulesets:
            return 2, 2
        return cls.min_players, cls.max_players

    def _check_options(self) -> None:
        """The options together: the deck holds the deal (and an Exchange's draw), and a forced Coup
        can be paid.  (The ranges keep the starting coins within the treasury: 6 x 8 <= 50.)"""
        o, n = self.options, self.num_players
        deck = sum(o[name] for name in COPIES_OPTIONS)
        need = n * o["influence"] + (2 if o["allow_exchange"] else 0)
        if deck < need:
            extra = " and the two cards an Exchange draws (allow_exchange)" if o["allow_exchange"] else ""
            raise OptionError(f"the Court deck has {deck} cards ({', '.join(f'{name}={o[name]}' for name in COPIES_OPTIONS)}); "
                              f"{n} players with influence {o['influence']} need {need}: their hands{extra}",
                              field="duke_copies")
        if o["forced_coup_at"] < o["coup_cost"]:
            raise OptionError(f"forced_coup_at ({o['forced_coup_at']}) is below coup_cost ({o['coup_cost']}): "
                              "a player could be forced to Coup without the coins", field="forced_coup_at")

    @property
    def actions_mask(self) -> int:
        """The kernel's bit set of the actions in play (bit K_*)."""
        mask = ALL_ACTIONS
        for word, kind in OPTIONAL_ACTIONS.items():
            if not self.options[f"allow_{word}"]:
                mask &= ~(1 << kind)
        return mask

    @property
    def copies(self) -> Tuple[int, ...]:
        """The Court deck of this ruleset: copies per role."""
        return tuple(self.options[name] for name in COPIES_OPTIONS)

    @cached_property
    def blank_roles(self) -> Tuple[int, ...]:
        """Roles in the deck that claim and block nothing in this ruleset: blank cards (mini-a's third
        card), shown to people as a blank card and still written by role id in the notation."""
        core = self._new_core()
        return tuple(r for r in range(NR) if self.copies[r] and not core.role_has_use(r))

    @property
    def language(self) -> str:
        """The ruleset's default display language (``coup.md`` section 8)."""
        return self.ruleset_language[self.ruleset]

    def _new_core(self) -> CoupCore:
        o = self.options
        return CoupCore(self.num_players, steal_amount=o["steal_amount"], forced_coup_at=o["forced_coup_at"],
                        exchange_mode=Exchange.SWAP_ONE if o["exchange"] == "swap_one" else Exchange.PUBLISHED,
                        refund=o["refund_on_failed_claim"], start_coins_2p=o["two_player_start_coins"],
                        max_turns=o["max_turns"], influence=o["influence"], copies=self.copies,
                        start_coins=o["start_coins"], income=o["income_amount"], tax=o["tax_amount"],
                        coup_cost=o["coup_cost"], assassinate_cost=o["assassinate_cost"],
                        actions=self.actions_mask, assassin_limit=o["assassin_limit"])

    def max_events(self) -> int:
        """The deal (one event a seat), then at most ``max_turns`` turns of at most 2n + 6 events each:
        the action; its challenge window (n - 2 passes, a challenge, the reveal that proves the claim,
        the challenger's lost card and the actor's replacement draw: n + 2); the target's block; the
        block's challenge window (n + 2 again, or the failed blocker's reveal and the assassination's
        lost card).  An exchange (n + 2 after the action, then the draw and the kept hand) and foreign
        aid (n - 1 block decisions, then a block's challenge window) take fewer."""
        n = self.num_players
        return n + self.options["max_turns"] * (2 * n + 6)

    # --- notation (coup.md section 10) ----------------------------------------------------------
    def action_to_string(self, core: CoupCore, action: int) -> str:
        a = action
        if a in _SIMPLE:
            return _SIMPLE[a]
        if Action.COUP <= a < Action.ASSASSINATE:
            return f"coup {a - Action.COUP}"
        if Action.ASSASSINATE <= a < Action.STEAL:
            return f"assassinate {a - Action.ASSASSINATE}"
        if Action.STEAL <= a < Action.PASS:
            return f"steal {a - Action.STEAL}"
        if Action.BLOCK <= a < Action.REVEAL:
            return f"block {ROLES[a - Action.BLOCK]}"
        if Action.REVEAL <= a < Action.KEEP1:
            return f"reveal {ROLES[a - Action.REVEAL]}"
        if Action.KEEP1 <= a < Action.KEEP2:
            return f"keep {ROLES[a - Action.KEEP1]}"
        if Action.KEEP2 <= a < Chance.ONE:
            x, y = pair_roles(a - Action.KEEP2)
            return f"keep {ROLES[x]} {ROLES[y]}"
        seat = core.asked
        if Chance.ONE <= a < Chance.TWO:
            word = "deal" if core.phase == Phase.DEAL else "draw"
            return f"{word} {seat} {ROLES[a - Chance.ONE]}"
        if Chance.TWO <= a < NUM_ACTIONS:
            x, y = pair_roles(a - Chance.TWO)
            word = "deal" if core.phase == Phase.DEAL else "draw"
            return f"{word} {seat} {ROLES[x]} {ROLES[y]}"
        raise NotationError(f"{action!r} is not a Coup action id (0..{NUM_ACTIONS - 1})", field="action")

    def _role(self, word: str, text: str) -> int:
        """A role named in ``text``: as :func:`_role`, and ``blank`` (in any display language) for the
        ruleset's blank card where it has exactly one."""
        if names.is_blank_word(word) and len(self.blank_roles) == 1:
            return self.blank_roles[0]
        return _role(word, text)

    def string_to_action(self, core: CoupCore, text: str) -> int:
        if not isinstance(text, str):
            raise NotationError(f"notation must be text, not {type(text).__name__}", field="action")
        words = text.strip().lower().replace(",", " ").split()
        if not words:
            raise NotationError("empty action", field="action")
        if len(words) >= 2 and words[0] == "foreign" and words[1] == "aid":
            words = ["foreign_aid"] + words[2:]
        head = _WORD_ALIASES.get(words[0], words[0])
        rest = words[1:]
        if head in _SIMPLE_BY_WORD:
            if rest:
                raise NotationError(f"{head!r} takes nothing after it: {text!r}", field="action")
            return _SIMPLE_BY_WORD[head]
        if head in _TARGETED:
            if len(rest) != 1 or not rest[0].isdigit():
                raise NotationError(f"{head!r} needs one target seat number, e.g. '{head} 1': {text!r}", field="action")
            seat = int(rest[0])
            if not 0 <= seat < core.num_players:
                raise NotationError(f"seat {seat} is not in this game (0..{core.num_players - 1})", field="action")
            return _TARGETED[head] + seat
        if head in ("block", "reveal"):
            if len(rest) != 1:
                raise NotationError(f"{head!r} needs one role, e.g. '{head} duke': {text!r}", field="action")
            return (Action.BLOCK if head == "block" else Action.REVEAL) + self._role(rest[0], text)
        if head == "keep":
            if len(rest) == 1:
                return Action.KEEP1 + self._role(rest[0], text)
            if len(rest) == 2:
                return Action.KEEP2 + pair_index(self._role(rest[0], text), self._role(rest[1], text))
            raise NotationError(f"'keep' takes one or two roles: {text!r}", field="action")
        if head in ("deal", "draw"):
            if not rest or not rest[0].isdigit():
                raise NotationError(f"{head!r} needs a seat and roles, e.g. '{head} 0 duke captain': {text!r}",
                                    field="action")
            seat = int(rest[0])
            roles = [self._role(w, text) for w in rest[1:]]
            ph = core.phase
            due = {Phase.DEAL: ("deal", self.options["influence"]), Phase.REPLACE: ("draw", 1),
                   Phase.EXDRAW: ("draw", 2)}.get(ph)
            if due is None:
                raise IllegalActionError(f"{text!r}: no deal or draw is due now", field="action")
            if (head, len(roles)) != due:
                raise IllegalActionError(f"{text!r}: the chance event due is a '{due[0]}' of {due[1]} card(s) "
                                         f"for seat {core.asked}", field="action")
            if seat != core.asked:
                raise IllegalActionError(f"{text!r}: the {head} due is seat {core.asked}'s", field="action")
            if len(roles) == 1:
                return Chance.ONE + roles[0]
            return Chance.TWO + pair_index(roles[0], roles[1])
        raise NotationError(f"unknown action {words[0]!r} in {text!r}", field="action")

    # --- who sees what (coup.md section 9) -------------------------------------------------------
    def visibility(self, core: CoupCore, action: int) -> Tuple[Optional[Tuple[int, ...]], Optional[str]]:
        cp = core.current_player()
        if cp == CHANCE:
            return (core.asked,), None               # deals and draws: only the drawer sees them
        if core.phase == Phase.EXCHANGE:
            return (cp,), "keep"                     # what was kept and returned is private
        return None, None

    def chance_visible_to(self, core: CoupCore, seat: int) -> bool:
        return core.current_player() == CHANCE and core.asked == seat

    def redacted_action(self, core: CoupCore, text: str) -> Optional[int]:
        if core.phase != Phase.EXCHANGE or text.strip().lower() != "keep":
            return None
        hand = sorted(r for r, up, _ in core.hand(core.actor) if not up)
        if len(hand) == 1:
            return Action.KEEP1 + hand[0]
        return Action.KEEP2 + pair_index(hand[0], hand[1])

    def decision_kind(self, core: CoupCore) -> str:
        return DECISION_KINDS[core.phase]

    # --- the end -----------------------------------------------------------------------------------
    def result(self, core: CoupCore) -> Result:
        places = tuple(core.places)
        winners = tuple(p for p, pl in enumerate(places) if pl == 1)
        draw = len(winners) > 1
        return Result(winners=winners, placings=places, rewards=tuple(core.returns()), draw=draw,
                      reason=f"turn limit ({core.rules['max_turns']}) reached" if draw else "last player with influence")

    # --- information as data -----------------------------------------------------------------------
    def public_info(self, core: CoupCore) -> Dict[str, Any]:
        players = []
        for p in range(core.num_players):
            hand = core.hand(p)
            players.append({
                "seat": p, "coins": core.coins[p], "influence": core.influence(p), "alive": core.alive(p),
                "face_up": [ROLES[r] for r in sorted(r for r, up, _ in hand if up)],
                "shown": [ROLES[r] for r, up, shown in hand if shown],
                "place": core.places[p] or None,
            })
        kind = core.kind
        pending = None
        if kind is not None:
            pending = {"action": KIND_WORDS[kind], "actor": core.actor, "target": core.target,
                       "claim": ROLES[CLAIM_OF_KIND[kind]] if kind in CLAIM_OF_KIND else None,
                       "blocker": core.blocker,
                       "block_role": ROLES[core.block_role] if core.block_role is not None else None,
                       "challenger": core.challenger}
        cp = core.current_player()
        return {"turn": core.turn, "actor": core.actor if cp != TERMINAL else None,
                "to_decide": cp if cp >= 0 else None, "decision": self.decision_kind(core),
                "treasury": core.treasury, "deck_size": sum(core.deck), "players": players,
                "pending": pending}

    def private_info(self, core: CoupCore, seat: int) -> Dict[str, Any]:
        out: Dict[str, Any] = {"seat": seat, "cards": [ROLES[r] for r in sorted(core.face_down(seat))]}
        if core.phase == Phase.EXCHANGE and core.actor == seat:
            out["drawn"] = [ROLES[r] for r in core.drawn]
        return out

    # --- display -----------------------------------------------------------------------------------
    def render(self, state: State, seat: Optional[int] = None, lang: Optional[str] = None) -> str:
        lang = lang or self.language
        core = state.core
        t = lambda key: names.ui(key, lang)  # noqa: E731
        lines = [f"{t('turn')} {core.turn + 1}   {t('treasury')}: {core.treasury}   {t('deck')}: {sum(core.deck)}"]
        for p in range(core.num_players):
            cards = []
            for r, up, shown in hand_as_seen(core, p, seat):
                if r is None:
                    cards.append("--")
                elif up:
                    cards.append(f"[{self.role_name(r, lang)}]")
                elif shown or seat is None or seat == p:
                    cards.append(self.role_name(r, lang))
                else:
                    cards.append(t("hidden"))
            mark = "  <- " + t("to_move") if core.current_player() == p else ""
            you = f" ({t('you')})" if seat == p else ""
            status = "" if core.alive(p) else f"  ({t('out')})"
            coins = t('coin') if core.coins[p] == 1 else t('coins')
            lines.append(f"  {t('seat')} {p}{you}: {core.coins[p]:>2} {coins:<{len(t('coins'))}}  {' '.join(cards)}{status}{mark}")
        lines.append("  " + t("legend"))
        if state.is_terminal():
            res = state.result()
            assert res is not None                   # a finished game has its result
            if res.draw:
                lines.append(f"{t('draw')}: " + ", ".join(map(str, res.winners)))
            else:
                lines.append(f"{t('winner')}: {t('seat')} {res.winners[0]}")
        return "\n".join(lines)

    def role_name(self, role: int, lang: Optional[str] = None) -> str:
        """The role's name for people in ``lang``; a blank card of this ruleset (:attr:`blank_roles`) is
        called one."""
        return names.role_name(role, lang or self.language, blank=role in self.blank_roles)

    def describe_decision(self, kind: str, lang: Optional[str] = None) -> str:
        """A decision kind (``"block"``, ``"lose_influence"`` ...) in words for people in ``lang``."""
        return names.decision_name(kind, lang or self.language)

    def describe_action(self, text: str, lang: Optional[str] = None) -> str:
        """Notation rendered for people in ``lang`` (role and action words translated)."""
        lang = lang or self.language
        words = text.split()
        if not words:
            return text
        head = names.role_index(words[0]) if words[0] not in names.ACTION_NAMES["en"] else None
        out = [self.role_name(head, lang) if head is not None else names.action_name(words[0], lang)]
        for w in words[1:]:
            r = names.role_index(w) if not w.isdigit() else None
            out.append(self.role_name(r, lang) if r is not None else w)
        return " ".join(out)
