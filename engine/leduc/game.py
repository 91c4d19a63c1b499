"""Leduc hold'em on the game interface.

Notation (``docs/leduc.md``):

* decisions, named as a poker player says them: ``check`` and ``bet`` when the seat is not facing a
  bet, ``fold``, ``call`` and ``raise`` when it is.  ``call`` is also read as ``check`` and ``raise``
  as ``bet`` (OpenSpiel's names: a call of nothing is a check, a raise from level stakes a bet);
  ``check`` and ``bet`` facing a bet, and ``fold`` when there is nothing to call, are refused;
* chance events: ``deal SEAT RANK`` (a private card, seen by its receiver only), ``public RANK``
  (the public card, seen by both) and ``show SEAT RANK`` (a card shown at the showdown, seen by both);
  ranks are ``J Q K``.

Who sees what: the deals are private, everything else public.  At a showdown both cards are shown
to both seats, by the ``show`` events; after a fold no card is shown, so a seat's view, its records
and the table's end screen never hold the other seat's card then (:meth:`LeducGame.revealed_at_end`).
"""
from __future__ import annotations

from typing import Any, ClassVar, Dict, Optional, Tuple

from intrigue.engine.errors import NotationError
from intrigue.engine.game import CHANCE, TERMINAL, Game, OptionSpec, Result, State
from intrigue.engine.leduc import names
from intrigue.ext.leduc_core import CARD, MAX_RAISES, Action, LeducCore, Phase
from intrigue.ext.leduc_core import RANKS as NUM_RANKS

RANKS = names.RANKS                  # ("J", "Q", "K"): rank 0, 1, 2
_DECISION_WORDS = {"fold": Action.FOLD, "call": Action.CALL, "check": Action.CALL, "raise": Action.RAISE, "bet": Action.RAISE}
_CHANCE_KIND = {Phase.DEAL: "deal", Phase.PUBLIC: "public", Phase.SHOW: "show"}


def facing_bet(core: LeducCore) -> bool:
    """Whether the seat to act must add chips to stay in (fold, call or raise) rather than check or bet."""
    return core.to_call > 0


class LeducGame(Game):
    """Leduc hold'em for 2 players (one ruleset, OpenSpiel's ``leduc_poker``)."""

    name = "leduc"
    title = "Leduc hold'em"
    titles = {"th": names.TITLES["th"], "he": names.TITLES["he"]}
    min_players = 2
    max_players = 2
    default_players = 2
    default_ruleset = "standard"
    languages = names.LANGUAGES
    option_specs: ClassVar[Dict[str, OptionSpec]] = {}
    rulesets = {"standard": {}}
    payoff = "scores"                               # exact tools measure chips, as the field reports Leduc
    # the search from the game's start that mixes (docs/exploitability.md gives the figures)
    search_defaults = {"algorithm": "cfr"}
    plugins = {
        "heuristic": "intrigue.engine.leduc.heuristic:LeducHeuristic",
        "benchmarks": "intrigue.engine.leduc.benchmarks:cases",
        "narrator": "intrigue.engine.leduc.narrate:LeducNarrator",
        "web": "intrigue.engine.leduc.web",
        "openspiel": "intrigue.engine.leduc.openspiel",
    }

    def _new_core(self) -> LeducCore:
        return LeducCore()

    # --- notation ---------------------------------------------------------------------------------
    def action_to_string(self, core: LeducCore, action: int) -> str:
        phase = core.phase
        if phase == Phase.BET and action in (Action.FOLD, Action.CALL, Action.RAISE):
            facing = facing_bet(core)
            if action == Action.FOLD:
                return "fold"
            if action == Action.CALL:
                return "call" if facing else "check"
            return "raise" if facing else "bet"
        rank = action - CARD
        if phase in _CHANCE_KIND and 0 <= rank < NUM_RANKS:
            if phase == Phase.DEAL:
                return f"deal {core.to_deal} {RANKS[rank]}"
            if phase == Phase.PUBLIC:
                return f"public {RANKS[rank]}"
            return f"show {core.showing} {RANKS[rank]}"
        raise NotationError(f"{action} is not a Leduc hold'em action here", field="action")

    def string_to_action(self, core: LeducCore, text: str) -> int:
        words = str(text).strip().lower().split()
        if len(words) == 1 and words[0] in _DECISION_WORDS:
            return self._decision(core, words[0], text)
        if words and words[0] in ("deal", "public", "show"):
            return self._chance(core, words, text)
        raise NotationError(f"{text!r} is not Leduc hold'em notation (fold, check, call, bet, raise; "
                            f"deal SEAT RANK, public RANK, show SEAT RANK)", field="action")

    def _decision(self, core: LeducCore, word: str, text: str) -> int:
        if core.phase == Phase.BET:
            facing = facing_bet(core)
            if facing and word in ("check", "bet"):
                raise NotationError(f"{text!r}: there is a bet of {core.to_call} to call (fold, call or raise)",
                                    field="action")
            if not facing and word == "fold":
                raise NotationError(f"{text!r}: there is no bet to fold to (check or bet)", field="action")
        return _DECISION_WORDS[word]

    def _chance(self, core: LeducCore, words, text: str) -> int:
        head = words[0]
        wants = 2 if head == "public" else 3
        rank = words[-1].upper()
        if len(words) != wants or rank not in RANKS:
            usage = {"deal": "deal SEAT RANK", "public": "public RANK", "show": "show SEAT RANK"}[head]
            raise NotationError(f"{text!r}: write {usage}, the rank one of J, Q, K", field="action")
        if head != _CHANCE_KIND.get(core.phase):
            raise NotationError(f"{text!r}: no {head} event is due now", field="action")
        if head != "public":
            seat = core.to_deal if head == "deal" else core.showing
            if words[1] != str(seat):
                raise NotationError(f"{text!r}: it is seat {seat}'s card now", field="action")
        return CARD + RANKS.index(rank)

    # --- who sees what -----------------------------------------------------------------------------
    def visibility(self, core: LeducCore, action: int) -> Tuple[Optional[Tuple[int, ...]], Optional[str]]:
        if core.phase == Phase.DEAL:
            return (core.to_deal,), None            # only the receiver sees a deal
        return None, None                           # the public card, a card shown, every decision

    def chance_visible_to(self, core: LeducCore, seat: int) -> bool:
        phase = core.phase
        return phase in (Phase.PUBLIC, Phase.SHOW) or (phase == Phase.DEAL and core.to_deal == seat)

    def decision_kind(self, core: LeducCore) -> str:
        cp = core.current_player()
        if cp == CHANCE:
            return _CHANCE_KIND[core.phase]
        if cp == TERMINAL:
            return "over"
        return "call" if facing_bet(core) else "bet"

    def describe_decision(self, kind: str, lang: Optional[str] = None) -> str:
        return names.decision_name(kind, lang or self.language)

    def describe_action(self, text: str, lang: Optional[str] = None) -> str:
        return names.describe(text, lang or self.language)

    # --- the end -----------------------------------------------------------------------------------
    def result(self, core: LeducCore) -> Result:
        w = core.winner
        chips = tuple(float(core.chips(p)) for p in range(2))
        if core.folded is not None:
            reason = f"seat {core.folded} folded"
        elif w is None:
            reason = f"showdown: the pot is split ({self._hand(core, 0)} each)"
        else:
            reason = f"showdown: {self._hand(core, w)} beats {self._hand(core, 1 - w)}"
        winners = (0, 1) if w is None else (w,)
        return Result(winners=winners, placings=tuple(1 if p in winners else 2 for p in range(2)),
                      rewards=tuple(core.returns()), draw=w is None, scores=chips, reason=reason)

    @staticmethod
    def _hand(core: LeducCore, seat: int) -> str:
        rank = RANKS[core.card(seat)]
        return f"a pair of {rank}s" if core.card(seat) == core.public_card else rank

    # --- information as data -----------------------------------------------------------------------
    def public_info(self, core: LeducCore) -> Dict[str, Any]:
        cp = core.current_player()
        betting = core.phase == Phase.BET
        public = core.public_card
        return {
            "round": core.round, "public_card": None if public is None else RANKS[public],
            "pot": core.pot, "to_decide": cp if cp >= 0 else None, "to_call": core.to_call,
            "raises": core.raises if betting else 0, "max_raises": MAX_RAISES,
            "raise_amount": core.raise_amount,
            "players": [{"seat": p, "stake": core.stake(p), "folded": core.folded == p,
                         "shown": RANKS[core.card(p)] if core.shown(p) else None} for p in range(2)],
        }

    def private_info(self, core: LeducCore, seat: int) -> Dict[str, Any]:
        card = core.card(seat)
        return {"seat": seat, "card": None if card is None else RANKS[card]}

    def revealed_at_end(self, core: LeducCore, seat: int) -> Dict[str, Any]:
        """A card is shown at the showdown only: after a fold nobody sees the other's card."""
        return {"seat": seat, "card": RANKS[core.card(seat)] if core.shown(seat) else None}

    def render(self, state: State, seat: Optional[int] = None, lang: Optional[str] = None) -> str:
        from intrigue.engine.leduc.narrate import LeducNarrator
        return LeducNarrator(self, lang or self.language).board(state, seat)
