"""The Politics Game on the game interface: options, rulesets, notation, views, result and display.

The rules are in the C kernel :mod:`intrigue.ext.politics_core`; this module is its Python face: it
checks options, speaks the notation of ``docs/politics.md`` in both directions, says who sees which
event (``politics.md`` section 12) and draws the table for people.
"""
from __future__ import annotations

from typing import Any, Dict, List, Optional, Tuple

from intrigue.engine.errors import IllegalActionError, NotationError, OptionError
from intrigue.engine.game import CHANCE, TERMINAL, Game, InfoState, OptionSpec, Result, State
from intrigue.engine.politics import names
from intrigue.ext.politics_core import (NTYPES, NUM_ACTIONS, NUM_DECISIONS, Action, Chance, Phase, PoliticsCore,
                                        multiset_counts, multiset_index, pair_index, pair_seats)

TYPES = names.TYPES
BACKROOM = names.BACKROOM
NT = NTYPES

DECISION_KINDS = {
    Phase.ROLES: "roles", Phase.TELL: "role", Phase.DEAL: "deal", Phase.BRDEAL: "backroom_draw",
    Phase.LEADER: "leader_draw", Phase.COUP: "coup_window", Phase.INVITE: "invite",
    Phase.ANSWER_INVITE: "answer_invite", Phase.OFFER: "offer_contract",
    Phase.ANSWER_CONTRACT: "answer_contract", Phase.DEALBREAK: "dealbreak_window",
    Phase.BLOCK: "block_window", Phase.PROPOSE: "propose", Phase.LOOK: "look",
    Phase.OPP: "opposition_action", Phase.INSPECT: "inspection", Phase.MEDIA: "media_window",
    Phase.DRAW: "draw", Phase.WDISCARD: "withdraw_discard", Phase.LDISCARD: "leader_discard",
    Phase.REVEAL: "reveal", Phase.FAILDRAW: "failed_leader_draw", Phase.RESOLVE: "resolve_contract",
    Phase.VOTE: "vote", Phase.VOTE_REVEAL: "vote_reveal", Phase.ROLE_REVEAL: "role_reveal",
    Phase.FINAL_ROLES: "final_roles", Phase.OVER: "over",
}
WINDOW_CARD = {Phase.COUP: "coup", Phase.DEALBREAK: "dealbreak", Phase.BLOCK: "block",
               Phase.MEDIA: "media"}
PRIVATE_CHANCE = (Phase.TELL, Phase.DEAL, Phase.DRAW, Phase.BRDEAL, Phase.LOOK)
#: The result's ``reason`` by kind (``reason_kind`` reads it back): the engine's words, in English and
#: the notation (``INF``); the narrator words each kind for people in the display language
#: (engine/politics/narrate.py), it does not pass these through.
REASONS = {
    "normal": "normal end: the highest total wins",
    "shared": "normal end: the highest total wins (shared)",
    "tiebreak": "normal end: the highest total wins (tie broken by INF)",
    "honest": "crisis of faith: the honest team exposed both dark players",
    "dark": "crisis of faith: the dark team kept control",
}


def reason_kind(reason: str) -> Optional[str]:
    """The kind (a key of :data:`REASONS`) of a result's ``reason``; ``None`` for another text."""
    return next((kind for kind, text in REASONS.items() if text == reason), None)


AWARDS = ("GOLDEN_GOV", "HAWK_EYE", "SPLIT_GOV", "SURVIVOR", "PROMISER", "IDEALIST_HON", "IDEALIST_BET")

_SIMPLE = {Action.ACCEPT: "accept", Action.DECLINE: "decline", Action.NO_CONTRACT: "no_contract",
           Action.INSPECT: "inspect", Action.WITHDRAW: "withdraw", Action.DEAL: "deal",
           Action.NO_DISCARD: "no_discard", Action.NO_BUY: "pass", Action.BUY: "buy", Action.KEEP: "keep",
           Action.BREAK: "break", Action.ABSTAIN: "abstain"}
_WORD_ALIASES = {"no-contract": "no_contract", "nocontract": "no_contract", "no-discard": "no_discard",
                 "nodiscard": "no_discard", "yes": "accept", "no": "decline"}
_SIMPLE_WORDS = {v: k for k, v in _SIMPLE.items() if v != "pass"}     # word -> action (not 'pass')
_PASS_BY_PHASE = {Phase.FAILDRAW: Action.NO_BUY, Phase.OFFER: Action.NO_CONTRACT,
                  Phase.LDISCARD: Action.NO_DISCARD, Phase.VOTE: Action.ABSTAIN}   # what 'pass' means
_REDACTED_WORDS = ("propose", "discard", "vote")                        # redacted forms of private decisions
# notation whose reading depends on more than (text, phase, who is asked): see observed_action
_UNREMEMBERED = frozenset(("propose", "discard", "vote", "table", "policies"))


def cards_text(counts: List[int]) -> str:
    """``[1, 0, 0, 0, 0, 2]`` -> ``"H0 C3 C3"`` (canonical order)."""
    return " ".join(TYPES[t] for t in range(NT) for _ in range(counts[t]))


def _card(word: str, text: str) -> int:
    w = word.strip().upper()
    if w in TYPES:
        return TYPES.index(w)
    raise NotationError(f"{word!r} in {text!r} is not a policy card (cards: {' '.join(TYPES)})", field="action")


def _cards(words: List[str], text: str) -> List[int]:
    counts = [0] * NT
    for w in words:
        counts[_card(w, text)] += 1
    return counts


def _backroom(word: str, text: str) -> int:
    w = word.strip().lower()
    if w in BACKROOM:
        return BACKROOM.index(w)
    raise NotationError(f"{word!r} in {text!r} is not a backroom card (cards: {', '.join(BACKROOM)})",
                        field="action")


def _seat(word: str, core: PoliticsCore, text: str) -> int:
    if not word.isdigit():
        raise NotationError(f"{word!r} in {text!r} is not a seat number", field="action")
    seat = int(word)
    if not 0 <= seat < core.num_players:
        raise NotationError(f"seat {seat} is not in this game (0..{core.num_players - 1})", field="action")
    return seat


def _need(core: PoliticsCore, phases, text: str, what: str) -> None:
    if core.phase not in phases:
        raise IllegalActionError(f"{text!r}: {what} is not due now (the decision is {DECISION_KINDS[core.phase]})",
                                 field="action")


class PoliticsGame(Game):
    """The Politics Game (seed 001), 6-8 players, rulesets ``standard`` (every module) and ``core``."""

    name = "politics"
    title = "The Politics Game"
    titles = {"th": "เล่นการเมือง"}        # as the Thai guide (docs/rules/politics.th.md) names it
    min_players = 6
    max_players = 8
    default_players = 6
    default_ruleset = "standard"
    languages = names.LANGUAGES
    plugins = {
        "heuristic": "intrigue.engine.politics.heuristic:PoliticsHeuristic",
        "belief": "intrigue.engine.politics.belief:PoliticsBelief",
        "benchmarks": "intrigue.engine.politics.benchmarks:cases",
        "narrator": "intrigue.engine.politics.narrate:PoliticsNarrator",
        "web": "intrigue.engine.politics.web",
    }
    # measured best (docs/politics.md): the opponents by the rollout policy's model, policy playouts,
    # and for an honest seat a statistical tie (within 2 standard errors of the move played) goes to
    # the heuristic (seat_search_defaults: a dark seat keeps exact ties)
    search_defaults = {"opponents": "model", "playout": "policy", "tieband": 2.0}

    def seat_search_defaults(self, info: "InfoState") -> Dict[str, Any]:
        """A DARK seat breaks only exact ties (``tieband=0``): the heuristic's choices follow its role,
        so a dark player who plays them whenever the search cannot tell its moves apart is read by
        the honest seats' belief (measured: docs/politics.md, "Ties within the noise")."""
        return {"tieband": 0.0} if info.core.is_dark(info.seat) else {}
    option_specs = {
        spec.name: spec for spec in (
            OptionSpec("length", "choice", "full", "full = 11 rounds, half = 6 rounds", choices=("full", "half")),
            OptionSpec("backroom", "bool", True, "backroom cards (media, coup, dealbreak, block) and DEAL"),
            OptionSpec("contracts", "bool", True, "power contracts (JOIN, HOLD, PROBE)"),
            OptionSpec("awards", "bool", True, "the seven end-of-game awards"),
            OptionSpec("max_invitations", "int", 4, "invitations per formation attempt (at most players - 1)", 2, 7),
        )
    }
    rulesets = {
        "standard": {},
        "core": {"backroom": False, "contracts": False, "awards": False},
    }

    def _check_options(self) -> None:
        if self.options["max_invitations"] > self.num_players - 1:
            raise OptionError(f"max_invitations is at most players - 1 = {self.num_players - 1}, "
                              f"not {self.options['max_invitations']}", field="max_invitations")

    @property
    def language(self) -> str:
        return "en"

    def _new_core(self) -> PoliticsCore:
        o = self.options
        return PoliticsCore(self.num_players, 11 if o["length"] == "full" else 6, o["backroom"], o["contracts"],
                            o["awards"], o["max_invitations"])

    #: An upper bound on the events of one round per player: about three times the most found in
    #: random and event-seeking games (tests/engine/test_records.py), the set-up counted as a round.
    EVENTS_PER_PLAYER_ROUND = 40

    def max_events(self) -> int:
        """The set-up and each of the rounds (11 or 6), at most ``EVENTS_PER_PLAYER_ROUND`` events a player."""
        rounds = 11 if self.options["length"] == "full" else 6
        return (rounds + 1) * self.EVENTS_PER_PLAYER_ROUND * self.num_players

    # --- notation (docs/politics.md) --------------------------------------------------------------
    def action_to_string(self, core: PoliticsCore, action: int) -> str:
        a = action
        if isinstance(a, bool) or not isinstance(a, int) or not 0 <= a < NUM_ACTIONS:
            raise NotationError(f"{action!r} is not a Politics action id (0..{NUM_ACTIONS - 1})", field="action")
        ph = core.phase
        n = core.num_players
        who = core.asked
        if a in _SIMPLE:
            return _SIMPLE[a]
        if a == Action.PASS:
            return "pass"
        if a == Action.PLAY:
            return "play " + WINDOW_CARD.get(ph, "card")
        if Action.MEDIA <= a < Action.MEDIA + NT:
            return f"media {TYPES[a - Action.MEDIA]}"
        if Action.INVITE <= a < Action.NO_CONTRACT:
            k = a - Action.INVITE
            seat = ((who or 0) + k // 12 + 1) % n
            offer, j = (k % 12) // 3, k % 3
            return f"invite {seat}" + (f" offer {offer}" if offer else "") + (f" join {j}" if j else "")
        if Action.CONTRACT <= a < Action.PROPOSE:
            k = a - Action.CONTRACT
            word = "probe" if k >= 14 else "hold"
            k %= 14
            return f"{word} {((who or 0) + k // 2 + 1) % n} {k % 2 + 1}"
        if Action.PROPOSE <= a < Action.INSPECT:
            kept = a - Action.PROPOSE
            hand = core.hand(who) if who is not None else [0] * NT
            if hand[kept] == 0 or sum(hand) != 3:
                raise NotationError(f"action {a}: no proposal keeping {TYPES[kept]} here", field="action")
            hand[kept] -= 1
            return "propose " + cards_text(hand)
        if Action.WDISCARD <= a < Action.NO_DISCARD:
            return "discard " + cards_text(multiset_counts(2, a - Action.WDISCARD))
        if Action.LDISCARD <= a < Action.NO_BUY:
            return f"discard {TYPES[a - Action.LDISCARD]}"
        if Action.VOTE <= a < NUM_DECISIONS:
            return f"vote {((who or 0) + a - Action.VOTE + 1) % n}"
        # chance outcomes
        if Chance.ROLES <= a < Chance.HONEST:
            x, y = pair_seats(a - Chance.ROLES)
            return f"roles {x} {y}"
        if a == Chance.HONEST:
            return f"exposed {who} honest" if ph == Phase.ROLE_REVEAL else f"role {who} honest"
        if Chance.DARK <= a < Chance.CARD:
            if ph == Phase.ROLE_REVEAL:
                return f"exposed {who} dark"
            return f"role {who} dark {a - Chance.DARK}"
        if Chance.CARD <= a < Chance.BR:
            t = TYPES[a - Chance.CARD]
            if ph == Phase.INSPECT:
                return f"reveal {t}"
            return f"{'deal' if ph == Phase.DEAL else 'draw'} {who} {t}"
        if Chance.BR <= a < Chance.LEADER:
            return f"backroom {who} {BACKROOM[a - Chance.BR]}"
        if Chance.LEADER <= a < Chance.MULTI:
            return f"leader {a - Chance.LEADER}"
        if Chance.MULTI <= a < Chance.VOTE:
            size = 6 if ph == Phase.LOOK else sum(core.table_down)
            try:
                counts = multiset_counts(size, a - Chance.MULTI)
            except ValueError:
                raise NotationError(f"action {a} is no set of {size} cards", field="action") from None
            return ("table " if ph == Phase.LOOK else "policies ") + cards_text(counts)
        target = a - Chance.VOTE
        return f"votes {who} {'abstain' if target == 8 else target}"

    def string_to_action(self, core: PoliticsCore, text: str) -> int:
        if not isinstance(text, str):
            raise NotationError(f"notation must be text, not {type(text).__name__}", field="action")
        words = text.strip().lower().replace(",", " ").split()
        if not words:
            raise NotationError("empty action", field="action")
        head = _WORD_ALIASES.get(words[0], words[0])
        rest = words[1:]
        ph = core.phase
        n = core.num_players
        who = core.asked

        def no_args() -> None:
            if rest:
                raise NotationError(f"{head!r} takes nothing after it: {text!r}", field="action")

        if head == "pass":
            no_args()
            return _PASS_BY_PHASE.get(ph, Action.PASS)
        simple = _SIMPLE_WORDS
        if head in simple and not (head == "deal" and rest):       # 'deal S T' is the setup deal
            no_args()
            return simple[head]
        if head == "play":
            if len(rest) != 1:
                raise NotationError(f"'play' names one backroom card, e.g. 'play block': {text!r}", field="action")
            card = BACKROOM[_backroom(rest[0], text)]
            if ph not in WINDOW_CARD:
                raise IllegalActionError(f"{text!r}: no reaction window is open", field="action")
            if card == "media":
                raise NotationError(f"MEDIA names the card it flips, e.g. 'media H2': {text!r}", field="action")
            if WINDOW_CARD[ph] != card:
                raise IllegalActionError(f"{text!r}: the open window is for {WINDOW_CARD[ph]}", field="action")
            return Action.PLAY
        if head == "media":
            if len(rest) != 1:
                raise NotationError(f"'media' names the card type it flips, e.g. 'media H2': {text!r}",
                                    field="action")
            return Action.MEDIA + _card(rest[0], text)
        if head == "invite":
            _need(core, (Phase.INVITE,), text, "an invitation")
            if not rest:
                raise NotationError(f"'invite' needs a seat, e.g. 'invite 3 offer 1 join 1': {text!r}", field="action")
            seat = _seat(rest[0], core, text)
            if seat == who:
                raise IllegalActionError(f"{text!r}: the leader cannot invite themself", field="action")
            opts = {"offer": 0, "join": 0}
            tail = rest[1:]
            if len(tail) % 2:
                raise NotationError(f"after the seat come 'offer K' and/or 'join K': {text!r}", field="action")
            for key, value in zip(tail[::2], tail[1::2]):
                if key not in opts or not value.isdigit():
                    raise NotationError(f"after the seat come 'offer K' and/or 'join K': {text!r}", field="action")
                opts[key] = int(value)
            if opts["offer"] > 3 or opts["join"] > 2:
                raise IllegalActionError(f"{text!r}: an offer is 0..3 INF, a JOIN contract 1 or 2", field="action")
            return Action.INVITE + 12 * ((seat - who) % n - 1) + 3 * opts["offer"] + opts["join"]
        if head in ("hold", "probe"):
            _need(core, (Phase.OFFER,), text, "a contract offer")
            if len(rest) != 2 or not rest[1].isdigit():
                raise NotationError(f"'{head}' needs a seat and an amount, e.g. '{head} 3 1': {text!r}", field="action")
            seat = _seat(rest[0], core, text)
            k = int(rest[1])
            if seat == who or k not in (1, 2):
                raise IllegalActionError(f"{text!r}: the counterparty is another player, the amount 1 or 2",
                                         field="action")
            return Action.CONTRACT + 14 * (head == "probe") + 2 * ((seat - who) % n - 1) + k - 1
        if head == "propose":
            _need(core, (Phase.PROPOSE,), text, "a proposal")
            if len(rest) != 2:
                raise NotationError(f"'propose' names the two cards placed, e.g. 'propose H0 C3': {text!r}",
                                    field="action")
            placed = _cards(rest, text)
            hand = core.hand(who)
            left = [hand[t] - placed[t] for t in range(NT)]
            if min(left) < 0 or sum(left) != 1:
                raise IllegalActionError(f"{text!r}: seat {who} holds {cards_text(hand)}", field="action")
            return Action.PROPOSE + left.index(1)
        if head == "discard":
            _need(core, (Phase.WDISCARD, Phase.LDISCARD), text, "a discard")
            if ph == Phase.LDISCARD:
                if rest == ["none"]:
                    return Action.NO_DISCARD
                if len(rest) != 1:
                    raise NotationError(f"the leader discards one card or none, e.g. 'discard C2': {text!r}",
                                        field="action")
                return Action.LDISCARD + _card(rest[0], text)
            if len(rest) != 2:
                raise NotationError(f"a WITHDRAW discards two cards, e.g. 'discard H0 C1': {text!r}", field="action")
            return Action.WDISCARD + multiset_index(_cards(rest, text))
        if head == "vote":
            _need(core, (Phase.VOTE,), text, "a vote")
            if len(rest) != 1:
                raise NotationError(f"'vote' names one seat, e.g. 'vote 3' (or 'abstain'): {text!r}", field="action")
            seat = _seat(rest[0], core, text)
            if seat == who:
                raise IllegalActionError(f"{text!r}: no one votes for themself", field="action")
            return Action.VOTE + (seat - who) % n - 1
        # chance events
        if head == "roles":
            _need(core, (Phase.ROLES, Phase.FINAL_ROLES), text, "the roles")
            if len(rest) != 2:
                raise NotationError(f"'roles' names the two dark seats: {text!r}", field="action")
            x, y = _seat(rest[0], core, text), _seat(rest[1], core, text)
            if x == y:
                raise NotationError(f"{text!r}: two different seats", field="action")
            return Chance.ROLES + pair_index(x, y)
        if head in ("role", "exposed"):
            _need(core, (Phase.TELL,) if head == "role" else (Phase.ROLE_REVEAL,), text,
                  "a role" if head == "role" else "a role reveal")
            if len(rest) < 2 or rest[1] not in ("honest", "dark"):
                raise NotationError(f"{head!r} needs a seat and 'honest' or 'dark': {text!r}", field="action")
            self._check_subject(core, _seat(rest[0], core, text), text)
            if rest[1] == "honest" or head == "exposed":
                if len(rest) != 2:
                    raise NotationError(f"too many words: {text!r}", field="action")
                return Chance.HONEST if rest[1] == "honest" else Chance.DARK
            if len(rest) != 3:
                raise NotationError(f"'role S dark P' names the partner P: {text!r}", field="action")
            return Chance.DARK + _seat(rest[2], core, text)
        if head in ("deal", "draw"):
            _need(core, (Phase.DEAL,) if head == "deal" else (Phase.DRAW,), text, f"a {head}")
            if len(rest) != 2:
                raise NotationError(f"{head!r} needs a seat and a card, e.g. '{head} 0 C3': {text!r}", field="action")
            self._check_subject(core, _seat(rest[0], core, text), text)
            return Chance.CARD + _card(rest[1], text)
        if head == "backroom":
            _need(core, (Phase.BRDEAL,), text, "a backroom draw")
            if len(rest) != 2:
                raise NotationError(f"'backroom' needs a seat and a card: {text!r}", field="action")
            self._check_subject(core, _seat(rest[0], core, text), text)
            return Chance.BR + _backroom(rest[1], text)
        if head == "leader":
            _need(core, (Phase.LEADER,), text, "a leader draw")
            if len(rest) != 1:
                raise NotationError(f"'leader' names one seat: {text!r}", field="action")
            return Chance.LEADER + _seat(rest[0], core, text)
        if head == "reveal":
            _need(core, (Phase.INSPECT,), text, "an inspection")
            if len(rest) != 1:
                raise NotationError(f"'reveal' names one card: {text!r}", field="action")
            return Chance.CARD + _card(rest[0], text)
        if head in ("table", "policies"):
            _need(core, (Phase.LOOK,) if head == "table" else (Phase.REVEAL,), text,
                  "the leader's look" if head == "table" else "the Phase 4 reveal")
            size = sum(core.table_down)
            if len(rest) != size:
                raise IllegalActionError(f"{text!r}: {size} face-down cards are on the table", field="action")
            return Chance.MULTI + multiset_index(_cards(rest, text))
        if head == "votes":
            _need(core, (Phase.VOTE_REVEAL,), text, "a vote reveal")
            if len(rest) != 2:
                raise NotationError(f"'votes' needs the voter and a seat or 'abstain': {text!r}", field="action")
            self._check_subject(core, _seat(rest[0], core, text), text)
            return Chance.VOTE + (8 if rest[1] == "abstain" else _seat(rest[1], core, text))
        raise NotationError(f"unknown action {words[0]!r} in {text!r}", field="action")

    @staticmethod
    def _check_subject(core: PoliticsCore, seat: int, text: str) -> None:
        if seat != core.asked:
            raise IllegalActionError(f"{text!r}: the event due concerns seat {core.asked}", field="action")

    # --- who sees what (politics.md section 12) ----------------------------------------------------
    def visibility(self, core: PoliticsCore, action: int) -> Tuple[Optional[Tuple[int, ...]], Optional[str]]:
        cp = core.current_player()
        ph = core.phase
        if cp == CHANCE:
            if ph == Phase.ROLES:
                return (), None                       # the dark pair itself: seen by no one
            if ph in PRIVATE_CHANCE:
                return (core.asked,), None            # own role, own cards, the leader's look
            return None, None
        if ph == Phase.PROPOSE:
            return (cp,), "propose"
        if ph == Phase.WDISCARD:
            return (cp,), "discard"
        if ph == Phase.LDISCARD and action != Action.NO_DISCARD:
            return (cp,), "discard"
        if ph == Phase.VOTE:
            return (cp,), "vote"
        return None, None

    def chance_visible_to(self, core: PoliticsCore, seat: int) -> bool:
        ph = core.phase
        if core.current_player() != CHANCE or ph == Phase.ROLES:
            return False
        if ph in PRIVATE_CHANCE:
            return core.asked == seat
        return True

    def observed_action(self, core: PoliticsCore, seat: int, text: str) -> int:
        """As :meth:`Game.observed_action`, remembered per (text, phase, who is asked, whether it is
        ``seat``'s own decision): for every notation but ``propose`` (it reads the hand), ``table`` /
        ``policies`` (their length is checked against the table) and the redacted forms (they read
        the legal moves), that decides the reading and every check it makes.  A belief replay reads
        the same few hundred texts again and again; this is a third of its Python time."""
        key = (text, core.phase, core.asked, core.current_player() == seat)
        memo = self.__dict__.setdefault("_observed", {})
        a = memo.get(key)
        if a is None:
            a = super().observed_action(core, seat, text)
            head = text.split(None, 1)[0].lower() if text.strip() else ""
            if head not in _UNREMEMBERED:
                if len(memo) >= 50000:
                    memo.clear()
                memo[key] = a
        return a

    def redacted_action(self, core: PoliticsCore, text: str) -> Optional[int]:
        word = text.strip().lower()
        ph = core.phase
        if word not in _REDACTED_WORDS or core.current_player() < 0:
            return None
        if (ph == Phase.PROPOSE and word == "propose") or (ph == Phase.WDISCARD and word == "discard"):
            return core.legal_actions()[0]
        if ph == Phase.LDISCARD and word == "discard":
            legal = core.legal_actions()
            if len(legal) > 1:
                return legal[1]
        if ph == Phase.VOTE and word == "vote":
            return Action.ABSTAIN
        return None

    def decision_kind(self, core: PoliticsCore) -> str:
        return DECISION_KINDS[core.phase]

    # --- the end -------------------------------------------------------------------------------------
    def result(self, core: PoliticsCore) -> Result:
        # The spec's outcome, seat by seat.  (The kernel's ``returns`` -- what the search maximises --
        # are team rewards; docs/politics.md section 4.)
        n = core.num_players
        scores = tuple(float(core.score(p)) for p in range(n))
        if core.crisis:
            honest_won = all(core.is_revealed(p) for p in core.dark_seats())
            winners = tuple(p for p in range(n) if core.is_dark(p) != honest_won)
            rewards = tuple(1.0 if p in winners else 0.0 for p in range(n))
            placings = tuple(1 if p in winners else len(winners) + 1 for p in range(n))
            reason = REASONS["honest" if honest_won else "dark"]
            return Result(winners=winners, placings=placings, rewards=rewards, draw=False, scores=scores,
                          reason=reason)
        # D40 (revision 2): a tie on the total goes to the higher INF; players still tied share.
        key = tuple((core.score(p), core.coins(p)["INF"]) for p in range(n))
        placings = tuple(1 + sum(1 for q in range(n) if key[q] > key[p]) for p in range(n))
        winners = tuple(p for p in range(n) if placings[p] == 1)
        rewards = tuple(1.0 / len(winners) if p in winners else 0.0 for p in range(n))
        top = max(scores)
        if len(winners) > 1:
            reason = REASONS["shared"]
        elif sum(1 for p in range(n) if scores[p] == top) > 1:
            reason = REASONS["tiebreak"]
        else:
            reason = REASONS["normal"]
        return Result(winners=winners, placings=placings, rewards=rewards, draw=len(winners) > 1, scores=scores,
                      reason=reason)

    # --- information as data -----------------------------------------------------------------------
    def public_info(self, core: PoliticsCore) -> Dict[str, Any]:
        n = core.num_players
        players = []
        for p in range(n):
            f = core.flags(p)
            role = None
            if core.roles_public or f["revealed"]:
                role = "dark" if core.is_dark(p) else "honest"
            players.append({"seat": p, **core.coins(p), **core.stats(p), "right": f["right"], "tried": f["tried"],
                            "barred": f["barred"], "acted": f["acted"], "policy_cards": core.hand_size(p),
                            "backroom_cards": core.backroom_count(p), "role": role,
                            "score": core.score(p) if core.phase == Phase.OVER else None})
        cp = core.current_player()
        revealed = [{"card": TYPES[t], "inspected": ins, "flipped": fl} for t, ins, fl in core.revealed_cards]
        votes = None
        if core.vote_no:
            votes = {"vote": core.vote_no, "committed": [p for p in range(n) if core.voted(p)]}
            if core.phase == Phase.VOTE_REVEAL:
                votes["shown"] = {p: core.vote(p) for p in range(n) if core.voted(p) and p < core.asked}
        return {
            "round": min(core.round + 1, core.nrounds), "rounds": core.nrounds, "failed_governments": core.fails,
            "decision": self.decision_kind(core), "to_decide": cp if cp >= 0 else None,
            "leader": core.leader, "drawn_leader": core.drawn, "government": core.members,
            "partners": [p for p in core.partners if p is not None], "players": players,
            "table": {"face_down": sum(core.table_down), "revealed": revealed,
                      "leader_discarded": core.leader_discard is not None},
            "contracts": core.contracts, "invitation": core.invitation, "contract_offer": core.contract_offer,
            "policy_pile": sum(core.pile), "discard_pile": sum(core.discard), "backroom_pile": sum(core.backroom_pile),
            "backroom_played": dict(zip(BACKROOM, core.backroom_gone)), "lie_catch": votes,
            "crisis": core.crisis, "rules": core.rules,
        }

    def private_info(self, core: PoliticsCore, seat: int) -> Dict[str, Any]:
        dark = core.is_dark(seat)
        out: Dict[str, Any] = {"seat": seat, "role": "dark" if dark else "honest",
                               "policy": cards_text(core.hand(seat)).split(),
                               "backroom": [BACKROOM[b] for b in range(4) for _ in range(core.backroom(seat)[b])]}
        if dark:
            out["partner"] = next(p for p in core.dark_seats() if p != seat)
        members = core.members
        if seat in members:
            prop = core.proposal(members.index(seat))
            if prop is not None:
                out["proposed"] = [TYPES[t] for t in prop]
            known = core.known_table(seat)
            if sum(known):
                out["table_known"] = cards_text(known).split()
            if seat == core.leader and core.leader_discard is not None:
                out["discarded"] = TYPES[core.leader_discard]
        if core.voted(seat) and core.phase in (Phase.VOTE, Phase.VOTE_REVEAL):
            out["vote"] = core.vote(seat)
        return out

    def teams(self, core: PoliticsCore) -> Optional[Dict[str, Tuple[int, ...]]]:
        """``{"dark": (a, b), "honest": (...)}`` once the roles are dealt (the referee's view)."""
        if core.phase == Phase.ROLES:
            return None
        dark = tuple(core.dark_seats())
        return {"dark": dark, "honest": tuple(p for p in range(core.num_players) if p not in dark)}

    # --- display -----------------------------------------------------------------------------------
    def render(self, state: State, seat: Optional[int] = None, lang: Optional[str] = None) -> str:
        lang = lang or self.language
        core = state.core
        t = lambda key: names.name(key, lang)  # noqa: E731
        n = core.num_players
        info = self.public_info(core)
        lines = [f"{t('round')} {info['round']}/{core.nrounds}   {t('failed')}: {core.fails}/5   "
                 f"{t('pile')}: {info['policy_pile']}   {t('discard')}: {info['discard_pile']}"
                 + (f"   {t('br_pile')}: {info['backroom_pile']}" if core.rules["backroom"] else "")]
        members = core.members
        if members:
            lines.append(f"{t('government').capitalize()}: {t('leader')} {members[0]}, {t('partner')} {members[1]}, "
                         f"{members[2]}")
        elif core.leader is not None:
            lines.append(f"{t('forming').capitalize()}: {t('leader')} {core.leader}")
        for p in range(n):
            c = core.coins(p)
            f = core.flags(p)
            you = f" ({t('you')})" if seat == p else ""
            role = ""
            if seat is None or seat == p or core.roles_public or f["revealed"] or (seat is not None and core.is_dark(seat)):
                role = f" [{t('dark') if core.is_dark(p) else t('honest')}]"
            marks = [t("right")] if f["right"] else []
            marks += [t(k) for k in ("tried", "barred") if f[k]]
            if seat is None or seat == p:
                pol = cards_text(core.hand(p)) or "-"
                br = ", ".join(t(BACKROOM[b]) for b in range(4) for _ in range(core.backroom(p)[b])) or "-"
            else:
                pol = f"{core.hand_size(p)} {t('cards')}"
                br = f"{core.backroom_count(p)} {t('cards')}"
            gov = f" <{t('leader') if p == core.leader else t('partner')}>" if p in members else ""
            mark = f"  <- {t('to_move')}" if core.current_player() == p else ""
            lines.append(f"  {t('seat')} {p}{you}{role}{gov}: INF {c['INF']} LEG {c['LEG']} UND {c['UND']} "
                         f"HON {c['HON']} BET {c['BET']} | {' '.join(marks)} | {t('policy')}: {pol}"
                         + (f" | {t('backroom')}: {br}" if core.rules["backroom"] else "") + mark)
        if members or core.revealed_cards:
            shown = []
            for ty, ins, fl in core.revealed_cards:
                shown.append(TYPES[ty] + ("*" if fl else "") + (f" ({t('inspected')})" if ins else ""))
            lines.append(f"{t('table')}: {sum(core.table_down)} {t('face_down')}"
                         + (f"; {', '.join(shown)}" if shown else ""))
            if seat is not None and seat in members and sum(core.known_table(seat)):
                lines.append(f"  ({t('you')}: {cards_text(core.known_table(seat))})")
        for ct in core.contracts:
            lines.append(f"{t('contract')} {ct['slot']}: {t(ct['template'])}({ct['k']}) "
                         f"{ct['creator']} -> {ct['counterparty']} [{ct['status']}]")
        res = state.result()
        if res is not None:
            lines.append(f"{t('total')}: " + "  ".join(f"{p}:{int(core.score(p))}" for p in range(n)))
            lines.append(f"{t('winners') if len(res.winners) > 1 else t('winner')}: "
                         + ", ".join(map(str, res.winners)) + f" ({res.reason})")
        return "\n".join(lines)

    def describe_action(self, text: str, lang: Optional[str] = None) -> str:
        """Notation rendered for people in ``lang`` (action and card words translated)."""
        lang = lang or self.language
        words = text.split()
        out = []
        for i, w in enumerate(words):
            key = w.lower()
            if i == 0 and key == "deal" and len(words) > 1:
                key = "deal_card"            # 'deal S T', the setup deal -- not the DEAL action
            elif i == 0 and key == "discard":
                key = "discard_cards"        # an action, not the discard pile
            out.append(names.name(key, lang) if key in names.NAMES["en"] else w)
        return " ".join(out)
