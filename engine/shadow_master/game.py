"""Shadow Master on the game interface: rulesets, options, notation, views, result and display.

The rules are in the C kernel :mod:`intrigue.ext.shadow_master_core`; this module is its Python face:
it checks options, speaks the notation of ``docs/shadow_master.md`` in both directions, says who sees
which event (only blind Territory draws are private, to the drawer) and draws the board for people.
"""
from __future__ import annotations

from typing import Any, Dict, List, Optional, Tuple

from intrigue.engine.errors import IllegalActionError, NotationError
from intrigue.engine.game import CHANCE, TERMINAL, Game, OptionSpec, Result, State
from intrigue.engine.shadow_master import names
from intrigue.ext.shadow_master_core import (AMOUNT_ALL, NCELLS, NUM_ACTIONS, XCARD, Cell, ExchangeAction, P1Action,
                                             Phase, ShadowAction, ShadowMasterCore, Target, UseAction)

COLOURS = names.COLOURS
TYPES = names.TYPES
PERSONS = names.PERSONS
CHUNKS = ("1", "5", "10", "all")

DECISION_KINDS = {
    Phase.C_DEAL: "deal", Phase.C_REVEAL: "reveal", Phase.C_FIRST: "first_player", Phase.C_DICE: "dice",
    Phase.C_POWER: "power_draw", Phase.P1: "phase1", Phase.PICK_DIE: "pick_die", Phase.USE: "use",
    Phase.ALLY_SPACE: "alliance_space", Phase.THERON_SRC: "theron_from", Phase.THERON_DST: "theron_to",
    Phase.TARGET: "target", Phase.REMOVE: "remove", Phase.BUY: "buy", Phase.COMBO_ROLL: "combo_roll",
    Phase.SHADOW: "shadow", Phase.TAKE: "take", Phase.EXCHANGE: "exchange",
    Phase.TR_FROM: "transfer_from", Phase.TR_TO: "transfer_to", Phase.TR_AMOUNT: "transfer_amount",
    Phase.ALLOCATE: "allocate", Phase.SETTLE_SELL: "settle_sell", Phase.FORCED_SELL: "forced_sell",
    Phase.DISCARD: "discard", Phase.OVER: "over", Phase.C_SHOW: "show",
}
CAND_WORDS = {Target.CAPTURE: "capture", Target.BATTLE: "battle", Target.SIEGE: "siege"}


def _bad(text: str, why: str) -> NotationError:
    return NotationError(f"{text!r}: {why}", field="action")


def _colour(word: str, text: str) -> int:
    w = word.strip().upper()
    if w in COLOURS:
        return COLOURS.index(w)
    raise _bad(text, f"{word!r} is not a colour (colours: {' '.join(COLOURS)})")


def _cell(word: str, text: str) -> int:
    h = names.cell_id(word)
    if h is None:
        raise _bad(text, f"{word!r} is not a cell name such as K1")
    return h


def _card(word: str, text: str) -> int:
    if word.strip().upper() == "X":
        return XCARD
    return _cell(word, text)


def _holding(word: str, text: str) -> int:
    if word.strip().lower() == "hand":
        return 0
    return 1 + _colour(word, text)


def _holding_name(h: int) -> str:
    return "hand" if h == 0 else COLOURS[h - 1]


def _power(words: List[str], text: str) -> int:
    if len(words) != 2:
        raise _bad(text, "a Power card is a colour and a type, e.g. 'R faith'")
    c = _colour(words[0], text)
    t = words[1].strip().lower()
    if t not in TYPES:
        raise _bad(text, f"{words[1]!r} is not a Power card type ({', '.join(TYPES)})")
    return c * 6 + TYPES.index(t)


def _power_name(card: int) -> str:
    return f"{COLOURS[card // 6]} {TYPES[card % 6]}"


def _mask_text(mask: int) -> str:
    return " ".join(COLOURS[c] for c in range(6) if mask >> c & 1)


class ShadowMasterGame(Game):
    """Shadow Master, 3-6 players, rulesets ``standard`` (every option on) and ``core``."""

    name = "shadow_master"
    title = "Shadow Master"
    min_players = 3
    max_players = 6
    default_players = 4
    default_ruleset = "standard"
    languages = names.LANGUAGES
    option_specs = {
        spec.name: spec for spec in (
            OptionSpec("territory_combo", "bool", True, "the X + cell combo places 2 tokens"),
            OptionSpec("power_combos", "bool", True, "Queen+King, Land+Land and Military+Faith combos"),
            OptionSpec("persons", "bool", True, "the 4 Shadow Master persons can be bought"),
            OptionSpec("castles", "bool", True, "the 4 castles can be bought"),
            OptionSpec("alliance_spaces", "int", 1, "number of alliance spaces (X1, X2)", 1, 2),
            OptionSpec("max_rounds", "int", 30, "round cap: completing it triggers the final round", 10, 250),
            OptionSpec("search_abstraction", "int", 7, "not a rule: which action abstractions the ismcts bot's "
                       "worlds use (bits: 1 money macro-amounts, 2 canonical removal order, 4 pruned "
                       "Theron/castle cells; 0 none)", 0, 7),
            OptionSpec("search_rollout", "int", 0, "not a rule: who plays the ismcts bot's policy playouts "
                       "(0 the rule of thumb, 1 the heuristic bot)", 0, 1),
        )
    }
    rulesets = {
        "standard": {},
        "core": {"territory_combo": False, "power_combos": False, "persons": False, "castles": False},
    }
    plugins = {"heuristic": "intrigue.engine.shadow_master.heuristic:ShadowMasterHeuristic",
               "benchmarks": "intrigue.engine.shadow_master.benchmarks:cases",
               "belief": "intrigue.engine.shadow_master.belief:ShadowMasterBelief",
               "narrator": "intrigue.engine.shadow_master.narrate:ShadowMasterNarrator",
               "web": "intrigue.engine.shadow_master.web"}
    # measured: docs/shadow_master.md, "Bots" (score 0.5: the score utility's weight, ismcts score=auto;
    # timeshare 0.2: a round has about 30 decisions with a choice among four, so a timed bot (the max
    # level) spends a fifth of its time on each and a round's wait stays under 10 s)
    search_defaults = {"opponents": "search", "playout": "policy", "score": 0.5, "timeshare": 0.2}

    @property
    def language(self) -> str:
        return "en"

    def _new_core(self) -> ShadowMasterCore:
        o = self.options
        return ShadowMasterCore(self.num_players, territory_combo=o["territory_combo"], power_combos=o["power_combos"],
                                persons=o["persons"], castles=o["castles"], alliance_spaces=o["alliance_spaces"],
                                max_rounds=o["max_rounds"], search_abstraction=o["search_abstraction"],
                                search_rollout=o["search_rollout"])

    #: An upper bound on the events of one round per player: about three times the most found in
    #: random and event-seeking games (tests/engine/test_records.py), the set-up counted as a round.
    EVENTS_PER_PLAYER_ROUND = 40

    def max_events(self) -> int:
        """The set-up, at most ``max_rounds`` rounds and the final one, at most
        ``EVENTS_PER_PLAYER_ROUND`` events a player each."""
        return (self.options["max_rounds"] + 2) * self.EVENTS_PER_PLAYER_ROUND * self.num_players

    # --- notation (docs/shadow_master.md, "Notation") ---------------------------------------------------
    def action_to_string(self, core: ShadowMasterCore, action: int) -> str:
        a, ph = action, core.phase
        if not isinstance(a, int) or not 0 <= a < NUM_ACTIONS:
            raise NotationError(f"{action!r} is not a Shadow Master action id", field="action")
        cell = names.cell_name
        if ph == Phase.C_DEAL:
            return f"draw {core.draw_for} {names.card_name(a)}"
        if ph == Phase.C_REVEAL:
            return f"reveal {names.card_name(a)}"
        if ph == Phase.C_SHOW:
            return f"show {core.asked} {names.card_name(a)}"
        if ph == Phase.C_FIRST:
            return f"first {a}"
        if ph == Phase.C_DICE:
            return f"dice {_mask_text(a)}"
        if ph == Phase.C_POWER:
            return f"power {COLOURS[core.cur_col]} {TYPES[a % 6]}"
        if ph == Phase.P1:
            if a == P1Action.ROLL:
                return "roll"
            if a < P1Action.SHADOW:
                return f"military {COLOURS[a - P1Action.MIL]}"
            if a == P1Action.SHADOW:
                return "shadow"
            if a == P1Action.TRANSFER_P1:
                return "transfer"
            return f"black {cell(a - P1Action.BLACK)}"
        if ph == Phase.PICK_DIE:
            return f"pick {COLOURS[a % 6]}"
        if ph == Phase.USE:
            if a < UseAction.COMBO:
                return f"place {cell(a)}"
            if a < UseAction.ALLY:
                return f"combo {cell(a - UseAction.COMBO)}"
            if a == UseAction.ALLY:
                return "ally"
            if a == UseAction.THERON:
                return "theron"
            if a < UseAction.ENVOY:
                return f"turncloak {cell(a - UseAction.TURN)}"
            return {UseAction.ENVOY: "envoy", UseAction.DECLINE: "decline"}.get(a, "transfer")
        if ph == Phase.ALLY_SPACE:
            return f"space {a + 1}"
        if ph == Phase.THERON_SRC:
            return f"from {cell(a % NCELLS)}"
        if ph == Phase.THERON_DST:
            return f"to {cell(a % NCELLS)} {a // NCELLS + 1}"
        if ph == Phase.TARGET:
            cands = core.candidates()
            if a >= len(cands):
                return f"target {a}"
            kind, where, _ = cands[a]
            return f"{CAND_WORDS[kind]} {cell(where)}"
        if ph == Phase.REMOVE:
            return f"remove {cell(a % NCELLS)}"
        if ph == Phase.BUY:
            return "buy" if a else "pass"
        if ph == Phase.COMBO_ROLL:
            return "roll" if a else "stop"
        if ph == Phase.SHADOW:
            if a == ShadowAction.NONE:
                return "none"
            if a < ShadowAction.CASTLE:
                return f"buy {PERSONS[(a - ShadowAction.PERSON) % 4]}"
            return f"castle {cell(a - ShadowAction.CASTLE)}"
        if ph == Phase.TAKE:
            return "draw" if a == 0 else f"take {a}"
        if ph == Phase.EXCHANGE:
            if a == ExchangeAction.END:
                return "end"
            if a == ExchangeAction.TRANSFER:
                return "transfer"
            return f"discard {names.card_name(a - ExchangeAction.DISCARD)}"
        if ph == Phase.TR_FROM:
            return f"from {_holding_name(a % 7)}"
        if ph == Phase.TR_TO:
            return f"to {_holding_name(a % 7)}"
        if ph == Phase.TR_AMOUNT:
            return "amount all" if a == AMOUNT_ALL else f"amount {a + 1}"
        if ph == Phase.ALLOCATE:
            return f"put {CHUNKS[(a // 7) % 4]} {_holding_name(a % 7)}"
        if ph == Phase.SETTLE_SELL:
            return "keep" if a == 0 else f"sell {_power_name(a - 1)}"
        if ph == Phase.FORCED_SELL:
            return f"sell {_power_name(a)}"
        if ph == Phase.DISCARD:
            return f"discard {names.card_name(a)}"
        return str(a)

    def string_to_action(self, core: ShadowMasterCore, text: str) -> int:
        if not isinstance(text, str):
            raise NotationError(f"notation must be text, not {type(text).__name__}", field="action")
        words = text.strip().split()
        if not words:
            raise NotationError("empty action", field="action")
        head, rest = words[0].lower(), words[1:]
        ph = core.phase
        kind = DECISION_KINDS.get(ph, "?")

        def n_args(k: int) -> None:
            if len(rest) != k:
                raise _bad(text, f"{head!r} takes {k} argument(s) here ({kind})")

        def wrong() -> IllegalActionError:
            return IllegalActionError(f"{text!r} is not a {kind} action (the decision due is {kind!r})",
                                      field="action")

        if ph == Phase.C_DEAL:
            if head != "draw" or len(rest) != 2 or not rest[0].isdigit():
                raise wrong()
            if int(rest[0]) != core.draw_for:
                raise IllegalActionError(f"{text!r}: the draw due is seat {core.draw_for}'s", field="action")
            return _card(rest[1], text)
        if ph == Phase.C_REVEAL:
            if head != "reveal":
                raise wrong()
            n_args(1)
            return _card(rest[0], text)
        if ph == Phase.C_SHOW:
            if head != "show" or len(rest) != 2 or not rest[0].isdigit():
                raise wrong()
            if int(rest[0]) != core.asked:
                raise IllegalActionError(f"{text!r}: the cards shown are seat {core.asked}'s", field="action")
            return _card(rest[1], text)
        if ph == Phase.C_FIRST:
            if head != "first" or len(rest) != 1 or not rest[0].isdigit():
                raise wrong()
            return int(rest[0])
        if ph == Phase.C_DICE:
            if head != "dice" or not rest:
                raise wrong()
            mask = 0
            for w in rest:
                mask |= 1 << _colour(w, text)
            return mask
        if ph == Phase.C_POWER:
            if head != "power":
                raise wrong()
            card = _power(rest, text)
            if card // 6 != core.cur_col:
                raise IllegalActionError(f"{text!r}: the draw due is from {COLOURS[core.cur_col]}'s deck", field="action")
            return card % 6
        if ph == Phase.P1:
            if head == "roll":
                n_args(0)
                return P1Action.ROLL
            if head == "military":
                n_args(1)
                return P1Action.MIL + _colour(rest[0], text)
            if head == "shadow":
                n_args(0)
                return P1Action.SHADOW
            if head == "transfer":
                n_args(0)
                return P1Action.TRANSFER_P1
            if head == "black":
                n_args(1)
                return P1Action.BLACK + _cell(rest[0], text)
            raise wrong()
        if ph == Phase.PICK_DIE:
            if head != "pick":
                raise wrong()
            n_args(1)
            return _colour(rest[0], text)
        if ph == Phase.USE:
            simple = {"ally": UseAction.ALLY, "theron": UseAction.THERON, "envoy": UseAction.ENVOY,
                      "decline": UseAction.DECLINE, "transfer": UseAction.TRANSFER}
            if head in simple:
                n_args(0)
                return simple[head]
            base = {"place": UseAction.PLACE, "combo": UseAction.COMBO, "turncloak": UseAction.TURN}.get(head)
            if base is None:
                raise wrong()
            n_args(1)
            return base + _cell(rest[0], text)
        if ph == Phase.ALLY_SPACE:
            if head != "space" or rest not in (["1"], ["2"]):
                raise wrong()
            return int(rest[0]) - 1
        if ph == Phase.THERON_SRC:
            if head != "from":
                raise wrong()
            n_args(1)
            return _cell(rest[0], text)
        if ph == Phase.THERON_DST:
            if head != "to" or len(rest) not in (1, 2):
                raise wrong()
            n = int(rest[1]) if len(rest) == 2 and rest[1] in ("1", "2") else (1 if len(rest) == 1 else 0)
            if n == 0:
                raise _bad(text, "Lord Theron moves 1 or 2 tokens")
            return (n - 1) * NCELLS + _cell(rest[0], text)
        if ph == Phase.TARGET:
            if head not in ("battle", "siege", "capture"):
                raise wrong()
            n_args(1)
            h = _cell(rest[0], text)
            for i, (kind_id, where, _) in enumerate(core.candidates()):
                if CAND_WORDS[kind_id] == head and where == h:
                    return i
            raise IllegalActionError(f"{text!r} is not a listed target; legal: "
                                     + ", ".join(self.action_to_string(core, i) for i in core.legal_actions()),
                                     field="action")
        if ph == Phase.REMOVE:
            if head != "remove":
                raise wrong()
            n_args(1)
            return _cell(rest[0], text)
        if ph == Phase.BUY:
            if head in ("buy", "pass"):
                n_args(0)
                return 1 if head == "buy" else 0
            raise wrong()
        if ph == Phase.COMBO_ROLL:
            if head in ("roll", "stop"):
                n_args(0)
                return 1 if head == "roll" else 0
            raise wrong()
        if ph == Phase.SHADOW:
            if head == "none":
                n_args(0)
                return ShadowAction.NONE
            if head == "buy":
                n_args(1)
                if rest[0].lower() not in PERSONS:
                    raise _bad(text, f"{rest[0]!r} is not a person ({', '.join(PERSONS)})")
                return ShadowAction.PERSON + PERSONS.index(rest[0].lower())
            if head == "castle":
                n_args(1)
                return ShadowAction.CASTLE + _cell(rest[0], text)
            raise wrong()
        if ph == Phase.TAKE:
            if head == "draw":
                n_args(0)
                return 0
            if head == "take":
                n_args(1)
                if not rest[0].isdigit() or not 1 <= int(rest[0]) <= 10:
                    raise _bad(text, "take needs an open-row position 1-10")
                return int(rest[0])
            raise wrong()
        if ph == Phase.EXCHANGE:
            if head == "end":
                n_args(0)
                return ExchangeAction.END
            if head == "transfer":
                n_args(0)
                return ExchangeAction.TRANSFER
            if head == "discard":
                n_args(1)
                return ExchangeAction.DISCARD + _card(rest[0], text)
            raise wrong()
        if ph in (Phase.TR_FROM, Phase.TR_TO):
            want = "from" if ph == Phase.TR_FROM else "to"
            if head != want:
                raise wrong()
            n_args(1)
            return _holding(rest[0], text)
        if ph == Phase.TR_AMOUNT:
            if head != "amount":
                raise wrong()
            n_args(1)
            if rest[0].lower() == "all":
                return AMOUNT_ALL
            if not rest[0].isdigit() or not 1 <= int(rest[0]) <= AMOUNT_ALL:
                raise _bad(text, f"an amount is 1-{AMOUNT_ALL} or 'all'")
            return int(rest[0]) - 1
        if ph == Phase.ALLOCATE:
            if head != "put":
                raise wrong()
            n_args(2)
            if rest[0].lower() not in CHUNKS:
                raise _bad(text, "a chunk is 1, 5, 10 or all")
            return 7 * CHUNKS.index(rest[0].lower()) + _holding(rest[1], text)
        if ph == Phase.SETTLE_SELL:
            if head == "keep":
                n_args(0)
                return 0
            if head == "sell":
                return 1 + _power(rest, text)
            raise wrong()
        if ph == Phase.FORCED_SELL:
            if head != "sell":
                raise wrong()
            return _power(rest, text)
        if ph == Phase.DISCARD:
            if head != "discard":
                raise wrong()
            n_args(1)
            return _card(rest[0], text)
        raise IllegalActionError("the game is over: no more actions", field="action")

    # --- who sees what ---------------------------------------------------------------------------------
    def visibility(self, core: ShadowMasterCore, action: int) -> Tuple[Optional[Tuple[int, ...]], Optional[str]]:
        if core.current_player() == CHANCE and core.phase == Phase.C_DEAL:
            return (core.draw_for,), None          # a blind draw: only the drawer sees the card
        return None, None

    def chance_visible_to(self, core: ShadowMasterCore, seat: int) -> bool:
        if core.current_player() != CHANCE:
            return False
        return core.phase != Phase.C_DEAL or core.draw_for == seat

    def decision_kind(self, core: ShadowMasterCore) -> str:
        return DECISION_KINDS[core.phase]

    # --- the end ----------------------------------------------------------------------------------------
    def result(self, core: ShadowMasterCore) -> Result:
        n = core.num_players
        scores = [core.score(p) for p in range(n)]
        money = [core.total_money(p) for p in range(n)]
        elim = core.elimination_order()
        alive = [p for p in range(n) if core.alive(p)]

        def key(p: int) -> Tuple[int, int, int]:
            return (1, scores[p], money[p]) if core.alive(p) else (0, elim[p], 0)

        order = sorted(range(n), key=key, reverse=True)
        places = [0] * n
        for i, p in enumerate(order):
            places[p] = places[order[i - 1]] if i and key(order[i - 1]) == key(p) else i + 1
        rewards = tuple(core.returns())
        winners = tuple(p for p in range(n) if rewards[p] > 0)
        if len(alive) == 1:
            reason = "the last player not bankrupt"
        else:
            words = {"empty_cells": "at most 3 empty cells", "rank_30": "a kingdom of rank 30",
                     "two_supplies": "two colours out of tokens", "round_cap": "the round cap"}
            f = core.flags()
            reason = f"final round played (end triggered in round {f['end_round']} by {words.get(f['end_trigger'], '?')})"
        return Result(winners=winners, placings=tuple(places), rewards=rewards, draw=len(winners) > 1,
                      scores=tuple(float(s) for s in scores), reason=reason)

    # --- information as data -----------------------------------------------------------------------------
    def public_info(self, core: ShadowMasterCore) -> Dict[str, Any]:
        cells = {}
        for h, (col, cnt, castle) in enumerate(core.cells()):
            if col == Cell.OFF:
                continue
            entry: Dict[str, Any] = {"colour": COLOURS[col] if col < 6 else ("black" if col == Cell.BLACK else None),
                                     "tokens": cnt}
            if castle >= 0:
                entry["castle"] = castle
            cells[names.cell_name(h)] = entry
        players = []
        for p in range(core.num_players):
            hand, deps, pend, debt = core.money(p)
            players.append({
                "seat": p, "alive": core.alive(p), "hand_money": hand,
                "deposits": {COLOURS[c]: deps[c] for c in range(6) if deps[c]},
                "power": [f"{COLOURS[c]} {TYPES[t]}" for (c, t), k in sorted(core.power(p).items()) for _ in range(k)],
                "persons": [PERSONS[i] for i, o in enumerate(core.persons()) if o == p],
                "castles": [names.cell_name(cell) for o, cell in core.castles() if o == p and cell is not None],
                "territory_cards": core.hand_size(p),
                "known_cards": [names.card_name(t) for t in core.known_cards(p)],
                "pl": core.power_limit(p), "tl": core.territory_limit(p), "income": core.income(p),
                "score": core.score(p),
            })
        cp = core.current_player()
        return {"round": core.round, "first_player": core.first_player, "active": core.active,
                "to_decide": cp if cp >= 0 else None, "decision": self.decision_kind(core), "cells": cells,
                "ranks": dict(zip(COLOURS, core.ranks())), "supply": dict(zip(COLOURS, core.supply())),
                "alliance": {COLOURS[c]: s for c, s in enumerate(core.alliance()) if s},
                "open_row": [{"card": names.card_name(t), "silver": s} for t, s in core.row()],
                "draw_pile": core.draw_size(), "discard_pile": [names.card_name(t) for t in core.discard_pile()],
                "flags": core.flags(), "players": players}

    def private_info(self, core: ShadowMasterCore, seat: int) -> Dict[str, Any]:
        return {"seat": seat, "cards": [names.card_name(t) for t in core.hand_cards(seat)]}

    # --- display ----------------------------------------------------------------------------------------------
    def render(self, state: State, seat: Optional[int] = None, lang: Optional[str] = None) -> str:
        from intrigue.engine.shadow_master.render import render
        return render(self, state.core, seat, lang or self.language, state.result() if state.is_terminal() else None)

    def describe_decision(self, kind: str, lang: Optional[str] = None) -> str:
        return names.decision_name(kind, lang or self.language)

    def describe_action(self, text: str, lang: Optional[str] = None) -> str:
        """Notation in words for people: colour letters and card types named, the verb translated."""
        lang = lang or self.language
        words = text.split()
        if not words:
            return text
        # the verb in words; a first word that is no verb (a belief's card "G4") stays as written
        out = [names.action_word(words[0], lang)]
        for w in words[1:]:
            if w.upper() in COLOURS and len(w) == 1:
                out.append(names.colour_name(COLOURS.index(w.upper()), lang))
            elif w.lower() in TYPES:
                out.append(names.type_name(TYPES.index(w.lower()), lang))
            elif w.lower() in PERSONS:
                out.append(names.person_name(PERSONS.index(w.lower()), lang))
            elif w.lower() == "hand":
                out.append(names.ui("hand", lang))
            else:
                out.append(w)
        return " ".join(out)
