"""Scenario helpers for the Shadow Master tests: a game at its first decision with hands, board
and money set by hand, and actions applied in notation."""
from __future__ import annotations

from typing import Optional, Tuple

from intrigue.engine.game import CHANCE
from intrigue.engine.shadow_master.game import ShadowMasterGame
from intrigue.engine.shadow_master.names import cell_id
from intrigue.ext.shadow_master_core import XCARD, Cell, Phase, ShadowMasterCore

R, O, Y, G, B, P = range(6)
FAITH, TAX, KING, QUEEN, LAND, MILITARY = range(6)
X = XCARD
BLACKTOK = Cell.BLACK


def cid(name: str) -> int:
    h = cell_id(name)
    assert h is not None, name
    return h


def start(n: int = 4, first: int = 0, ruleset: Optional[str] = None, **options) -> Tuple[ShadowMasterGame, ShadowMasterCore]:
    """A game at the First Player's first decision; chance resolved by the lowest outcome."""
    g = ShadowMasterGame(ruleset=ruleset, players=n, options=options)
    c = g._new_core()
    while c.current_player() == CHANCE:
        c.apply(first if c.phase == Phase.C_FIRST else c.legal_actions()[0])
    return g, c


def set_hand(c: ShadowMasterCore, p: int, *cards: str) -> None:
    """Replace seat p's Territory hand by ``cards`` (cell names or 'X')."""
    for t in c.hand_cards(p):
        c.drop_card(p, t)
    for name in cards:
        c.give_card(p, X if name == "X" else cid(name))


def board(c: ShadowMasterCore, layout: dict) -> None:
    """``{"E2": (R, 2), "K3": (6,)}``: put tokens on cells (colour 6 = black)."""
    for name, spec in layout.items():
        c.set_cell(cid(name), spec[0], spec[1] if len(spec) > 1 else 1)


def act(g: ShadowMasterGame, c: ShadowMasterCore, text: str) -> None:
    """Apply one action given in notation (it must be legal)."""
    a = g.string_to_action(c, text)
    assert c.is_legal(a), f"{text!r} not legal; legal: {moves(g, c)}"
    c.apply(a)


def moves(g: ShadowMasterGame, c: ShadowMasterCore) -> list:
    return [g.action_to_string(c, a) for a in c.legal_actions()]


def resolve_chance(c: ShadowMasterCore) -> None:
    while c.current_player() == CHANCE:
        c.apply(c.legal_actions()[0])


def kind(g: ShadowMasterGame, c: ShadowMasterCore) -> str:
    return g.decision_kind(c)


def cell(c: ShadowMasterCore, name: str) -> tuple:
    col, cnt, castle = c.cells()[cid(name)]
    return col, cnt


def finish_turn(g: ShadowMasterGame, c: ShadowMasterCore) -> None:
    """Play a turn that changes nothing on the board: the Shadow option, no purchase, end."""
    seat = c.active
    for _ in range(200):
        if c.active != seat or c.is_terminal():
            return
        if c.current_player() == CHANCE:
            c.apply(c.legal_actions()[0])
            continue
        k = kind(g, c)
        ms = moves(g, c)
        pick = {"phase1": "shadow", "shadow": "none", "buy": "pass", "take": "draw" if "draw" in ms else ms[0], "exchange": "end",
                "combo_roll": "stop", "settle_sell": "keep"}.get(k, ms[0])
        act(g, c, pick)
    raise AssertionError("turn did not end")


def played_events(seed: int, players: int = 4, rounds: int = 12):
    """A seeded game by the kernel's rule of thumb with some random moves: yields (game, core before,
    event) for every event (a decision may bring chance events with it, seeded)."""
    import random
    from intrigue.engine import load_game
    from intrigue.ext.shadow_master_core import policy_choice
    g = load_game("shadow_master", "standard", players, {"max_rounds": rounds})
    s = g.new_state(seed)
    rnd = random.Random(seed)
    while not s.is_terminal():
        core, done = s.core.clone(), len(s.history)
        if rnd.random() < 0.9:
            s.apply_action(policy_choice(s.core, rnd.getrandbits(32)))
        else:
            s.apply_action(rnd.choice(s.legal_actions()))
        for event in s.history[done:]:
            yield g, core.clone(), event
            core.apply(event.action)
