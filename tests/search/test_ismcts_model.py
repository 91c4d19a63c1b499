"""The opponent model inside the search: Coup's C model (``coup_core``) is the heuristic policy rule
for rule (a plain Python reference of it, tests/support/coup_heuristic_reference.py) and blind to the other seats' cards, its public context tracks the claims as the policy
parses them, the search samples the opponents' decisions from it, and the C loop still builds
exactly the reference's tree."""
import random

import pytest

from support.ismcts_positions import deal, play
from support.ismcts_reference import reference_search
from intrigue.engine import new_game
from intrigue.ext.game_api import Rng
from intrigue.ext.ismcts import Search, model_observe, model_probs
from intrigue.search.bot import BotSpecError, make_bot
from intrigue.engine.coup.heuristic import CoupHeuristic
from support.coup_heuristic_reference import ReferenceHeuristic


def _decisions(players, games, seed, ruleset="standard"):
    """(state, info) at every decision of seeded games played mostly by the heuristic, partly at random."""
    for g in range(games):
        state = new_game("coup", ruleset=ruleset, players=players, seed=seed + g)
        rnd = random.Random(seed + g)
        policy = CoupHeuristic(Rng(seed + g))
        while not state.is_terminal():
            seat = state.current_player()
            info = state.information_state(seat)
            yield state, info
            legal = info.legal_actions()
            state.apply_action(policy.choose(info) if rnd.random() < 0.7 else rnd.choice(legal))


@pytest.mark.parametrize("players", [2, 3, 4, 6])
def test_c_model_is_the_heuristic_policy_and_blind(players):
    policy = ReferenceHeuristic(Rng(0))
    checked = 0
    for state, info in _decisions(players, 12, 100 * players):
        expected = policy.action_probs(info)
        ctx = CoupHeuristic.model_context(info)
        legal = info.legal_actions()
        # on the seat's information state (placeholders for others' cards) and on the true state
        for core in (info.core, state.core):
            got = {a: p for a, p in zip(legal, model_probs(core, ctx)) if p > 0}
            assert set(got) == set(expected), (info.view[-3:], got, expected)
            for a, p in got.items():
                assert p == pytest.approx(expected[a], abs=1e-12)
        checked += 1
    assert checked > 100


@pytest.mark.parametrize("ruleset", ["mini-a", "mini"])
def test_c_model_is_the_heuristic_policy_in_the_mini_rulesets(ruleset):
    # one card each, a deck of a few copies, a blank card, other costs: the C model still follows the policy
    policy = ReferenceHeuristic(Rng(0))
    checked = 0
    for state, info in _decisions(2, 150, 7, ruleset):
        expected = policy.action_probs(info)
        ctx = CoupHeuristic.model_context(info)
        legal = info.legal_actions()
        for core in (info.core, state.core):
            got = {a: p for a, p in zip(legal, model_probs(core, ctx)) if p > 0}
            assert set(got) == set(expected), (info.view[-3:], got, expected)
            for a, p in got.items():
                assert p == pytest.approx(expected[a], abs=1e-12)
        checked += 1
    assert checked > 500


def test_model_reads_only_the_deciding_seats_cards():
    # seat 1 must answer a tax claim; seat 2's (unseen) cards differ between the two deals
    probs = []
    for other in (("duke", "duke"), ("ambassador", "captain")):
        state = play(3, deal(("duke", "captain"), ("contessa", "assassin"), other) + ["tax"])
        assert state.current_player() == 1
        probs.append(model_probs(state.core, CoupHeuristic.model_context(state.information_state(1))))
    assert probs[0] == probs[1]


def test_model_context_tracks_the_claims_of_the_view():
    for players in (2, 4):
        for state, info in _decisions(players, 10, 7):
            legal = info.legal_actions()
            a = legal[len(info.view) % len(legal)]
            before = CoupHeuristic.model_context(info)
            after_state = state.clone()
            after_state.apply_action(a)
            # the seat's own view after the action: what the Python policy would parse
            seen = after_state.information_state(info.seat)
            assert model_observe(state.core, before, a) == CoupHeuristic.model_context(seen)


@pytest.mark.parametrize("players,seed,moves", [
    (2, 3, []),
    (4, 5, []),
    (3, 8, ["tax"]),                         # a challenge decision (seat 1)
    (2, 4, ["tax", "pass", "tax"]),          # seat 1 answers its opponent's second tax claim
])
@pytest.mark.parametrize("playout", ["random", "mixed", "model"])
def test_c_loop_builds_the_reference_tree_with_the_model(players, seed, moves, playout):
    state = new_game("coup", players=players, seed=seed)
    for m in moves:
        state.apply_action(m)
    seat = state.current_player()
    info = state.information_state(seat)
    ctx = CoupHeuristic.model_context(info)
    search = Search(info.core, seat, 11, c=0.7, opponents="model", model_ctx=ctx, playout=playout)
    search.run(700)
    expected = reference_search(info.core, seat, 700, 11, c=0.7, model=True, ctx=ctx, playout=playout)
    assert search.root_stats() == expected


def test_opponents_in_the_tree_decide_as_the_model_says():
    # heads-up, seat 0 to act; after its tax claim seat 1 challenges or passes.  In the tree, the
    # share of visits that seat 1 challenges is the model's probability averaged over the deals the
    # search draws (uniform here): the statistics of seat 1 play no part in it.
    state = new_game("coup", players=2, seed=5)
    info = state.information_state(0)
    search = Search(info.core, 0, 3, c=0.7, opponents="model", model_ctx=CoupHeuristic.model_context(info))
    search.run(30000)
    kids = {a: v for a, _, v, _, _ in search.children([2])}      # 2 = tax
    pas, chal = 22, 23
    share = kids[chal] / (kids[chal] + kids[pas])
    rng = Rng(9)
    after = state.clone()
    after.apply_action("tax")
    core = after.information_state(0).core
    expected = 0.0
    for _ in range(4000):
        det = core.clone()
        det.determinize(0, rng)
        expected += model_probs(det, CoupHeuristic.model_context(after.information_state(0)))[1]
    expected /= 4000
    assert 0.0 < expected < 0.2
    assert share == pytest.approx(expected, abs=0.015)
    # the plain search lets seat 1 choose by its own statistics instead
    plain = Search(info.core, 0, 3, c=0.7)
    plain.run(30000)
    kids = {a: v for a, _, v, _, _ in plain.children([2])}
    assert abs(kids[chal] / (kids[chal] + kids[pas]) - expected) > 0.05


def test_bot_options_for_the_model():
    state = new_game("coup", players=3, seed=4)
    info = state.information_state(0)
    for spec in ("ismcts:iterations=1500,opponents=model", "ismcts:iterations=1500,opponents=model,playout=model",
                 "ismcts:iterations=1500,opponents=search"):
        an = make_bot(spec, seed=1).choose(info)
        assert an.action in info.legal_actions() and an.iterations == 1500
    for spec in ("ismcts:opponents=oracle", "ismcts:opponents=search,playout=model"):
        with pytest.raises(BotSpecError):
            make_bot(spec)
    with pytest.raises(ValueError):
        Search(info.core, 0, 1, opponents="model", model_ctx=b"\x00")         # wrong context size


def test_model_share_mixes_the_model_and_the_opponents_statistics():
    # seat 1's answer to a tax claim: with model_share=1 its challenge share is the model's (small);
    # with plain search its own statistics decide (and challenge far more).  With model_share=0.5 half
    # of its decisions follow the model, so the share is at most half the model's plus one half, and
    # the other half (UCB) raises it well above the model's
    state = new_game("coup", players=2, seed=5)
    info = state.information_state(0)
    ctx = CoupHeuristic.model_context(info)
    pas, chal = 22, 23

    def challenge_share(**kw):
        search = Search(info.core, 0, 3, c=0.7, **kw)
        search.run(20000)
        kids = {a: v for a, _, v, _, _ in search.children([2])}     # 2 = tax
        return kids[chal] / (kids[chal] + kids[pas])

    model = challenge_share(opponents="model", model_ctx=ctx)
    plain = challenge_share()
    half = challenge_share(opponents="model", model_ctx=ctx, model_share=0.5)
    assert abs(plain - model) > 0.05
    assert model < 0.2 < plain
    assert model + 0.2 < half < 0.5 * model + 0.5 + 0.02
    with pytest.raises(ValueError):
        Search(info.core, 0, 1, opponents="model", model_ctx=ctx, model_share=1.5)


def test_prior_biases_the_searchers_own_young_nodes_towards_the_model():
    # seat 0 holds a Duke: the model (the heuristic) taxes with weight 10 of ~17.  With a progressive
    # bias from the model, a short search gives tax more visits than the same search without it; the
    # bias is added to UCB, so every move is still tried
    state = play(2, deal(("duke", "contessa"), ("captain", "assassin")))
    info = state.information_state(0)
    ctx = CoupHeuristic.model_context(info)
    probs = dict(zip(info.legal_actions(), model_probs(info.core, ctx)))
    tax = max(probs, key=probs.get)
    assert info.action_to_string(tax) == "tax"

    def visits(**kw):
        total = {}
        for seed in range(4):
            search = Search(info.core, 0, seed, c=2.0, **kw)
            search.run(100)
            for a, v, _, _ in search.root_stats():
                total[a] = total.get(a, 0) + v
        return total

    plain, biased = visits(), visits(prior=20.0, model_ctx=ctx)
    assert biased[tax] > plain[tax] + 25
    assert set(biased) == set(plain) == set(info.legal_actions())
    with pytest.raises(ValueError):
        Search(info.core, 0, 1, prior=-1.0)
    with pytest.raises(BotSpecError):
        make_bot("ismcts:prior=-2")
    an = make_bot("ismcts:iterations=500,prior=3", seed=2).choose(info)
    assert an.iterations == 500 and an.action in info.legal_actions()
