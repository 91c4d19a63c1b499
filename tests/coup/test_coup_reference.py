"""The C kernel against the straightforward reference (tests/support/coup_reference.py), step by step.

Every legal-action list, every coin, every card in every hand, the deck and who is still in are
compared after every decision and chance event of thousands of seeded random games, for every
ruleset and player count.
"""
from __future__ import annotations

import random

import pytest

from support.coup_reference import ROLES, Ref
from intrigue.engine import CHANCE, TERMINAL, load_game


def kernel_snapshot(core):
    down, up = [], []
    for p in range(core.num_players):
        h = core.hand(p)
        down.append(sorted((ROLES[r] for r, is_up, _ in h if r is not None and not is_up), key=ROLES.index))
        up.append(sorted((ROLES[r] for r, is_up, _ in h if is_up), key=ROLES.index))
    return {"coins": core.coins, "treasury": core.treasury, "down": down, "up": up, "deck": core.deck,
            "alive": [bool(core.alive(p)) for p in range(core.num_players)]}


def play_side_by_side(ruleset: str, players: int, seed: int, options=None) -> int:
    game = load_game("coup", ruleset, players, options)
    state = game.new_initial_state()
    o = game.options
    ref = Ref(players, steal_amount=o["steal_amount"], exchange=o["exchange"], forced_coup_at=o["forced_coup_at"],
              two_player_start_coins=o["two_player_start_coins"], refund_on_failed_claim=o["refund_on_failed_claim"],
              max_turns=o["max_turns"], influence=o["influence"], copies={r: o[f"{r}_copies"] for r in ROLES},
              start_coins=o["start_coins"], income_amount=o["income_amount"], tax_amount=o["tax_amount"],
              coup_cost=o["coup_cost"], assassinate_cost=o["assassinate_cost"], assassin_limit=o["assassin_limit"],
              not_in_play=tuple(w for w in ("foreign_aid", "tax", "exchange", "assassinate", "steal")
                                if not o[f"allow_{w}"]))
    rnd = random.Random(seed)
    from intrigue.ext.game_api import Rng
    chance_rng = Rng(seed)
    steps = 0
    while True:
        assert kernel_snapshot(state.core) == ref.snapshot(), (seed, steps, state.view(None)[-5:])
        req = ref.request
        if req is None:
            assert state.is_terminal()
            assert list(state.result().placings) == ref.place
            return steps
        kind, seat = req[0], req[1]
        assert state.decision().kind == req[2], (seed, steps)
        if kind == "chance":
            assert state.current_player() == CHANCE
            assert state.core.asked == seat
            state.apply_chance(chance_rng)
            ref.answer(state.history[-1].text)
        else:
            assert state.current_player() == seat
            assert sorted(state.legal_moves()) == sorted(req[3]), (seed, steps, req)
            move = rnd.choice(req[3])
            state.apply_action(move)
            ref.answer(move)
        steps += 1


@pytest.mark.parametrize("ruleset", ["standard", "seed-th", "seed-he"])
@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_kernel_matches_reference(ruleset, players):
    total = 0
    for seed in range(150):
        total += play_side_by_side(ruleset, players, seed * 7 + players)
    assert total > 150 * 10


@pytest.mark.parametrize("ruleset", ["mini-a", "mini"])
def test_kernel_matches_reference_in_the_mini_rulesets(ruleset):
    total = sum(play_side_by_side(ruleset, 2, seed) for seed in range(600))
    assert total > 600 * 6


@pytest.mark.parametrize("players", [2, 3, 4, 6])
def test_kernel_matches_reference_with_variant_options(players):
    # one influence, a small deck with a role missing, other amounts, some actions out, a limit
    opts = {"influence": 1, "duke_copies": 2, "assassin_copies": 2, "captain_copies": 1, "ambassador_copies": 0,
            "contessa_copies": 2, "start_coins": 1, "income_amount": 2, "tax_amount": 2, "coup_cost": 4,
            "forced_coup_at": 6, "assassinate_cost": 2, "assassin_limit": 2, "allow_foreign_aid": False,
            "steal_amount": 1, "max_turns": 40}
    if players > 4:
        opts.update(captain_copies=2, ambassador_copies=1)      # the deck holds every hand and two more
    for seed in range(200):
        play_side_by_side("standard", players, seed, opts)
    # two influence with exchange on a small deck, and a published game with everything but income out
    for seed in range(100):
        play_side_by_side("standard", 2, seed, {"duke_copies": 1, "assassin_copies": 1, "captain_copies": 1,
                                                "ambassador_copies": 2, "contessa_copies": 1, "max_turns": 60})
        play_side_by_side("seed-he", 3, seed, {f"allow_{w}": False for w in
                                               ("foreign_aid", "tax", "exchange", "assassinate", "steal")}
                          | {"max_turns": 30})


def test_kernel_matches_reference_with_overrides():
    # a low turn cap (draws), a high forced-coup threshold, no refund, a big steal
    opts = {"max_turns": 12, "forced_coup_at": 7, "refund_on_failed_claim": False, "steal_amount": 5,
            "two_player_start_coins": 0}
    for seed in range(200):
        play_side_by_side("standard", 2 + seed % 5, seed, opts)


def test_treasury_runs_dry_in_reference_and_kernel():
    # long games with few influence losses: make challenges rare by biasing toward income/pass
    game = load_game("coup", "standard", 6, {"forced_coup_at": 50, "max_turns": 400})
    state = game.new_state(seed=5)
    dry = False
    while not state.is_terminal():
        moves = state.legal_moves()
        pick = next((m for m in ("income", "foreign_aid", "pass") if m in moves), moves[0])
        if "tax" in moves and state.core.turn % 3 == 0:
            pick = "tax"
        state.apply_action(pick)
        dry = dry or state.core.treasury == 0
        assert sum(state.core.coins) + state.core.treasury == 50
    assert dry
