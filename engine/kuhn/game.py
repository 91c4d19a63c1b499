"""Kuhn poker on the game interface.

Notation: the deciding seat's ``pass`` (check, or fold after a bet) and ``bet`` (bet, or call after a
bet); ``check``/``fold`` and ``call`` are read as ``pass`` and ``bet``.  A deal is ``deal SEAT CARD``
(cards ``J Q K``, and ``A`` with three players), seen by its receiver only.
"""
from __future__ import annotations

from typing import Any, ClassVar, Dict, Optional, Tuple

from intrigue.engine.errors import NotationError
from intrigue.engine.game import CHANCE, TERMINAL, Game, OptionSpec, Result, State
from intrigue.ext.kuhn_core import Action, DEAL, KuhnCore

CARDS = ("J", "Q", "K", "A")
_DECISIONS = {"bet": "check (pass) or bet", "call": "fold (pass) or call (bet)"}
_WORDS = {"pass": Action.PASS, "check": Action.PASS, "fold": Action.PASS, "bet": Action.BET, "call": Action.BET}


class KuhnGame(Game):
    """Kuhn poker for 2 or 3 players (one ruleset; the pot goes to the best card still in)."""

    name = "kuhn"
    title = "Kuhn poker"
    min_players = 2
    max_players = 3
    default_players = 2
    default_ruleset = "standard"
    option_specs: ClassVar[Dict[str, OptionSpec]] = {}
    rulesets = {"standard": {}}
    payoff = "scores"                               # chips, as Kuhn poker is defined
    # the search from the game's start that mixes (docs/exploitability.md gives the figures)
    search_defaults = {"algorithm": "cfr"}
    plugins = {"heuristic": "intrigue.engine.kuhn.heuristic:KuhnHeuristic",
               "openspiel": "intrigue.engine.kuhn.openspiel"}

    def _new_core(self) -> KuhnCore:
        return KuhnCore(self.num_players)

    def max_events(self) -> int:
        """A card dealt to each seat, then at most 2n - 1 decisions (checks round to a bet, then each
        other seat calls or folds)."""
        return 3 * self.num_players - 1

    # --- notation ---------------------------------------------------------------------------------
    def action_to_string(self, core: KuhnCore, action: int) -> str:
        if action == Action.PASS:
            return "pass"
        if action == Action.BET:
            return "bet"
        card = action - DEAL
        if 0 <= card <= core.num_players:
            return f"deal {core.to_deal} {CARDS[card]}"
        raise NotationError(f"{action} is not a Kuhn poker action", field="action")

    def string_to_action(self, core: KuhnCore, text: str) -> int:
        words = str(text).strip().split()
        if len(words) == 1 and words[0].lower() in _WORDS:
            return _WORDS[words[0].lower()]
        if len(words) == 3 and words[0].lower() == "deal" and words[2].upper() in CARDS[:core.num_players + 1]:
            if words[1] != str(core.to_deal):
                raise NotationError(f"{text!r}: the next card goes to seat {core.to_deal}", field="action")
            return DEAL + CARDS.index(words[2].upper())
        raise NotationError(f"{text!r} is not Kuhn poker notation (pass, bet, deal SEAT CARD)", field="action")

    # --- who sees what -----------------------------------------------------------------------------
    def visibility(self, core: KuhnCore, action: int) -> Tuple[Optional[Tuple[int, ...]], Optional[str]]:
        if core.current_player() == CHANCE:
            return (core.to_deal,), None            # only the receiver sees a deal
        return None, None

    def chance_visible_to(self, core: KuhnCore, seat: int) -> bool:
        return core.current_player() == CHANCE and core.to_deal == seat

    def decision_kind(self, core: KuhnCore) -> str:
        cp = core.current_player()
        if cp == CHANCE:
            return "deal"
        if cp == TERMINAL:
            return "over"
        return "bet" if core.bettor is None else "call"

    def describe_decision(self, kind: str, lang: Optional[str] = None) -> str:
        # the choices are "pass" and "bet": say what they mean here (a bare "bet" or "call" read as a move)
        return _DECISIONS.get(kind, kind)

    # --- the end -----------------------------------------------------------------------------------
    def result(self, core: KuhnCore) -> Result:
        """The pot's winner places first; ``scores`` are the chips won or lost (the payoff of Kuhn
        poker), ``rewards`` the same chips scaled into [0, 1] for the search."""
        w = core.winner
        n = core.num_players
        scores = tuple(float(core.chips(p)) for p in range(n))
        return Result(winners=(w,), placings=tuple(1 if p == w else 2 for p in range(n)),
                      rewards=tuple(core.returns()), scores=scores,
                      reason="showdown" if sum(not core.folded(p) for p in range(n)) > 1 else "the others folded")

    # --- information as data -----------------------------------------------------------------------
    def public_info(self, core: KuhnCore) -> Dict[str, Any]:
        n = core.num_players
        return {"bettor": core.bettor, "to_decide": core.current_player() if core.current_player() >= 0 else None,
                "players": [{"seat": p, "folded": core.folded(p), "paid": 1 + core.paid(p)} for p in range(n)]}

    def private_info(self, core: KuhnCore, seat: int) -> Dict[str, Any]:
        card = core.card(seat)
        return {"seat": seat, "card": None if card is None else CARDS[card]}

    def render(self, state: State, seat: Optional[int] = None, lang: Optional[str] = None) -> str:
        core = state.core
        lines = []
        for p in range(core.num_players):
            card = core.card(p)
            # a seat sees its own card only, at the end too: no event shows another card (not even
            # a showdown), so a seat's view record could only show an invented one
            shown = "--" if card is None else (CARDS[card] if seat is None or seat == p else "??")
            marks = " folded" if core.folded(p) else ""
            mark = "  <- to move" if core.current_player() == p else ""
            you = " (you)" if seat == p else ""
            lines.append(f"  seat {p}{you}: {shown}  chips in: {1 + core.paid(p)}{marks}{mark}")
        if state.is_terminal():
            left = [p for p in range(core.num_players) if not core.folded(p)]
            if seat is None or len(left) == 1:
                lines.append(f"Winner: seat {core.winner}")
            else:                       # decided by cards the seat never saw (see above)
                lines.append(f"Showdown between seats {', '.join(map(str, left))}: the highest card wins")
        return "\n".join(lines)
