"""Helpers for the Politics Game tests: build positions with explicit chance outcomes (no seed), so
every scenario of the spec can be written out move by move in notation."""
from __future__ import annotations

from typing import Callable, Dict, Optional, Sequence

from intrigue.engine import load_game
from intrigue.engine.game import CHANCE, State

WINDOWS = ("coup_window", "dealbreak_window", "block_window", "media_window")
DEFAULT_HANDS = ["H0 H1 H2", "H0 H1 C1", "H1 H2 C2", "H2 C1 C3", "C1 C2 C3", "H0 C2 C3", "H1 C1 C2", "H2 C2 C3"]


def game(players: int = 6, ruleset: str = "standard", **options):
    return load_game("politics", ruleset, players, options)


def dealt(players: int = 6, ruleset: str = "standard", roles=(1, 4), hands: Optional[Sequence[str]] = None,
          backroom: Optional[Sequence[str]] = None, **options) -> State:
    """A state right after setup: roles, policy hands (one string of 3 cards per seat) and one
    backroom card per seat (module on), all given explicitly; the next event is the leader draw."""
    g = game(players, ruleset, **options)
    s = g.new_initial_state()
    s.apply_action(f"roles {roles[0]} {roles[1]}")
    for _ in range(players):
        s.apply_action(s.legal_actions()[0])          # each seat learns its role (one outcome)
    hands = list(hands or DEFAULT_HANDS[:players])
    for p in range(players):
        for c in hands[p].split():
            s.apply_action(f"deal {p} {c}")
    if g.options["backroom"]:
        backroom = list(backroom or (["block"] * 6 + ["media"] * 2)[:players])
        for p in range(players):
            s.apply_action(f"backroom {p} {backroom[p]}")
    return s


def play(s: State, *moves: str) -> State:
    """Apply moves in notation; each must be legal (apply_action checks)."""
    for m in moves:
        s.apply_action(m)
    return s


def pass_windows(s: State, plays: Optional[Dict[int, str]] = None) -> None:
    """Answer the reaction windows asked now with 'pass', until a given seat's scripted play."""
    plays = dict(plays or {})
    while not s.is_terminal() and s.current_player() >= 0 and s.decision().kind in WINDOWS:
        p = s.current_player()
        if p in plays:
            s.apply_action(plays.pop(p))
            return                                  # a play closes the window (a BLOCK window may follow)
        s.apply_action("pass")


def first_chance(s: State) -> None:
    """Apply the first legal outcome of the chance event due."""
    assert s.current_player() == CHANCE
    s.apply_action(s.legal_actions()[0])


def form(s: State, leader: int, p1: int, p2: int, offers=(0, 0)) -> None:
    """Draw `leader`, pass the COUP window, invite p1 and p2 (both accept): a government."""
    play(s, f"leader {leader}")
    pass_windows(s)
    play(s, f"invite {p1}" + (f" offer {offers[0]}" if offers[0] else ""), "accept",
         f"invite {p2}" + (f" offer {offers[1]}" if offers[1] else ""), "accept")


def propose_all(s: State, *proposals: str) -> None:
    """Phase 2 without contracts: each member (leader, p1, p2) proposes; then the leader's look."""
    for prop in proposals:
        if s.decision().kind == "offer_contract":
            play(s, "no_contract")
        play(s, prop)
    assert s.decision().kind == "look"
    first_chance(s)


def opp_turn(s: State, action: str) -> None:
    if s.decision().kind == "offer_contract":
        play(s, "no_contract")
    assert s.decision().kind == "opposition_action", s.decision()
    play(s, action)


def finish_round(s: State, chooser: Optional[Callable[[State], str]] = None) -> None:
    """Resolve what is left of the round with the first legal outcome / 'pass' / 'break' until the
    next leader draw (or the game's lie-catch)."""
    while not s.is_terminal():
        kind = s.decision().kind
        if kind in ("leader_draw", "vote"):
            return
        if s.current_player() == CHANCE:
            first_chance(s)
        elif chooser is not None:
            play(s, chooser(s))
        elif kind in WINDOWS:
            play(s, "pass")
        else:
            play(s, s.legal_moves()[0])


def coins(s: State, p: int) -> Dict[str, int]:
    return s.core.coins(p)


def default_move(s: State) -> str:
    """A neutral choice: 'pass' / 'no_contract' / 'no_discard' where legal, else the first move."""
    moves = s.legal_moves()
    for m in ("pass", "no_contract", "no_discard", "decline"):
        if m in moves:
            return m
    return moves[0]


def to_leader_draw(s: State) -> None:
    """Finish the current round with neutral choices and first chance outcomes, up to the next
    leader draw (or the lie-catch)."""
    while not s.is_terminal() and s.decision().kind not in ("leader_draw", "vote"):
        if s.current_player() == CHANCE:
            first_chance(s)
        else:
            play(s, default_move(s))


def fail_attempt(s: State, leader: int) -> None:
    """Draw `leader`, pass the COUP window; every invitation is declined until the attempt fails."""
    play(s, f"leader {leader}")
    pass_windows(s)
    while s.decision().kind in ("invite", "answer_invite", "dealbreak_window"):
        play(s, s.legal_moves()[0] if s.decision().kind == "invite" else default_move(s))


def random_events(seed: int, players: int = 6, ruleset: str = "standard"):
    """A seeded random Politics game (half length): yields (game, core before, event) for every event,
    as the narrator words an event from the position before it."""
    import random
    g = load_game("politics", ruleset, players, {"length": "half"})
    s = g.new_initial_state()
    rnd = random.Random(seed)
    while not s.is_terminal():
        core, done = s.core.clone(), len(s.history)
        s.apply_action(rnd.choice(s.legal_actions()))
        for event in s.history[done:]:
            yield g, core.clone(), event
            core.apply(event.action)
