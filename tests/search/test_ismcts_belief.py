"""Belief inference: the weighted re-deal chain against exact enumeration, and the Coup evidence
model on hand-worked histories."""
from itertools import product
from math import comb

import pytest

from support.ismcts_positions import deal, play
from intrigue.engine import new_game
from intrigue.ext.coup_core import BELIEF_TABLE_SIZE, HONEST_FACTOR, ModelType, Role, belief_hand_counts, pair_roles
from intrigue.search.belief import belief_model
from intrigue.engine.coup.belief import DEFAULT_PARAMS, HAND_ROLES, HANDS, CoupBelief

ROLES = ("duke", "assassin", "captain", "ambassador", "contessa")


def _ways(hand, pool):
    out = 1
    for r in set(hand):
        out *= comb(pool[r], hand.count(r))
    return out


def test_weighted_redeal_chain_samples_the_exact_posterior():
    # 3 players; seat 0 observes. Seat 1 has two face-down cards, seat 2 one (it lost a captain).
    state = play(3, deal(("duke", "captain"), ("assassin", "contessa"), ("captain", "ambassador")) + [
        "income", "income", "steal 1", "pass", "pass", "pass",
        # seat 0 taxes, seat 2 challenges and loses its captain, seat 0 draws a fresh card
        "tax", "pass", "challenge", "reveal duke", "reveal captain", "draw 0 duke",
    ])
    core = state.information_state(0).core
    assert [sum(1 for r, up, sh in core.hand(p) if not up) for p in range(3)] == [2, 2, 1]
    table = [1.0] * BELIEF_TABLE_SIZE
    for h in range(HANDS):           # arbitrary, uneven weights for seats 1 and 2
        table[1 * HANDS + h] = 0.1 + (h * 7 % 11) / 10.0
        table[2 * HANDS + h] = 0.2 + (h * 5 % 7) / 5.0
    # exact: the uniform deal of the unseen cards, weighted by the table
    pool = [3, 3, 3, 3, 3]
    for p in range(3):
        for r, up, shown in core.hand(p):
            if up or p == 0:
                pool[r] -= 1
    exact1, exact2, total = [0.0] * HANDS, [0.0] * HANDS, 0.0
    for h1, h2 in product(range(5, HANDS), range(0, 5)):
        a, b = HAND_ROLES[h1], HAND_ROLES[h2]
        rest = list(pool)
        w = _ways(a, rest)
        for r in a:
            rest[r] -= 1
        if min(rest) < 0:
            continue
        w *= _ways(b, rest) * table[HANDS + h1] * table[2 * HANDS + h2]
        exact1[h1] += w
        exact2[h2] += w
        total += w
    n = 200000
    counts = belief_hand_counts(core, 0, table, n, 64, seed=3)
    for h in range(HANDS):
        assert counts[1][h] / n == pytest.approx(exact1[h] / total, abs=0.01)
        assert counts[2][h] / n == pytest.approx(exact2[h] / total, abs=0.01)
    own = HAND_ROLES.index(tuple(sorted(r for r, up, _ in core.hand(0))))
    assert counts[0][own] == n                     # the observer's own cards never move


def test_uniform_chain_matches_card_counting():
    state = new_game("coup", players=4, seed=5)
    info = state.information_state(0)
    counts = belief_hand_counts(info.core, 0, None, 60000, 32, seed=1)
    mine = [r for r, up, _ in info.core.hand(0)]
    unseen = [3 - mine.count(r) for r in range(5)]
    for q in (1, 2, 3):
        per_role = [0.0] * 5
        for h, c in enumerate(counts[q]):
            for r in HAND_ROLES[h]:
                per_role[r] += c / 2
        for r in range(5):
            assert per_role[r] / sum(per_role) == pytest.approx(unseen[r] / 13, abs=0.01)


# --- the Coup evidence model --------------------------------------------------------------------------
def _row(info, seat, opponent="parametric"):
    table = CoupBelief(info.game, opponent=opponent).table(info)
    return None if table is None else table[seat * HANDS:(seat + 1) * HANDS]


def test_no_evidence_gives_no_table():
    state = new_game("coup", players=3, seed=1)
    for opponent in ("parametric", "heuristic"):
        assert CoupBelief(state.game, opponent=opponent).table(state.information_state(0)) is None


def test_a_tax_claim_favours_duke_hands():
    state = play(3, deal(("captain", "captain"), ("assassin", "contessa"), ("duke", "ambassador")) +
                 ["income", "tax", "pass", "pass"])
    row = _row(state.information_state(0), 1)
    for h in range(5, HANDS):
        want = 1.0 if 0 in HAND_ROLES[h] else DEFAULT_PARAMS["bluff_tax"]
        assert row[h] == pytest.approx(want)
    # seat 2 passed twice on challenges: no evidence for it; seat 0 (income) doubts its own duke
    assert _row(state.information_state(0), 2) == [1.0] * HANDS
    row0 = _row(state.information_state(1), 0)
    assert row0[5 + 0] == pytest.approx(DEFAULT_PARAMS["no_tax"] / 1.0)


def test_a_conceded_challenge_points_away_from_theclaimed_role():
    # seat 1 claims tax, is challenged and concedes by turning its captain face up
    state = play(3, deal(("duke", "ambassador"), ("captain", "contessa"), ("assassin", "assassin")) +
                 ["income", "tax", "pass", "challenge", "reveal captain"])
    row = _row(state.information_state(0), 1)
    # one card left: the hands then were (x, captain); tax claim and concession both weigh in
    t, c = DEFAULT_PARAMS["bluff_tax"], DEFAULT_PARAMS["concede"]
    raw = [c if r == 0 else t for r in range(5)]            # duke: claim true but conceded
    top = max(raw)
    assert row[:5] == pytest.approx([x / top for x in raw])
    assert row[5:] == [0.0] * 15


def test_evidence_is_dropped_when_the_hand_changes():
    # seat 1 claims steal, then exchanges: its earlier claim says nothing about the new hand
    state = play(2, deal(("duke", "captain"), ("ambassador", "captain")) +
                 ["income", "steal 0", "pass", "pass", "income", "exchange", "pass",
                  "draw 1 duke contessa", "keep duke contessa"])
    info = state.information_state(0)
    row = _row(info, 1)
    # only the exchange claim (an ambassador) remains ... and it was made with the old hand too
    assert row is None or row == [1.0] * HANDS


def test_a_proved_claim_resets_the_evidence():
    state = play(2, deal(("duke", "captain"), ("ambassador", "captain")) +
                 ["steal 1", "challenge", "reveal captain", "reveal ambassador", "draw 0 contessa"])
    info = state.information_state(1)
    assert _row(info, 0) is None or _row(info, 0) == [1.0] * HANDS


def test_incremental_tracking_equals_a_fresh_replay():
    state = new_game("coup", players=4, seed=17)
    from intrigue.search.bot import make_bot
    bots = [make_bot("heuristic", seed=p) for p in range(4)]
    models = {o: CoupBelief(state.game, opponent=o) for o in ("parametric", "heuristic")}
    steps = 0
    while not state.is_terminal() and steps < 60:
        seat = state.current_player()
        info = state.information_state(seat)
        for o, model in models.items():
            assert model.table(info) == CoupBelief(state.game, opponent=o).table(info)
        state.apply_action(bots[seat].choose(info).action)
        steps += 1


def test_model_registry():
    state = new_game("coup", players=3, seed=1)
    assert isinstance(belief_model(state.game), CoupBelief)
    with pytest.raises(ValueError):
        CoupBelief(state.game, bluff_everything=0.5)
    with pytest.raises(ValueError):
        CoupBelief(state.game, opponent="psychic")


def test_inference_shifts_the_search_belief():
    state = play(3, deal(("captain", "captain"), ("assassin", "contessa"), ("duke", "ambassador")) +
                 ["income", "tax", "pass", "pass"])
    info = state.information_state(2)
    from intrigue.search.bot import make_bot
    on = make_bot("ismcts:iterations=500", seed=1).choose(info).belief
    off = make_bot("ismcts:iterations=500,belief=false", seed=1).choose(info).belief
    assert on[1]["duke"] > off[1]["duke"] + 0.1     # seat 1 claimed the Duke
    assert on[0]["duke"] < off[0]["duke"]           # seat 0 took income instead of tax


def test_policy_model_uses_the_heuristics_own_probabilities():
    """The heuristic opponent model's likelihood of a decision, for each hand the seat might hold,
    equals the heuristic's probability of that decision in a real game where it holds that hand."""
    from intrigue.ext.game_api import Rng
    from intrigue.engine.coup.heuristic import CoupHeuristic
    eps = DEFAULT_PARAMS["policy_noise"]
    policy = CoupHeuristic(Rng(0))
    steps = ["income", "income", "steal 0"]          # seat 2 claims a captain, stealing from seat 0
    seen = play(3, deal(("duke", "contessa"), ("assassin", "ambassador"), ("captain", "duke")) + steps)
    info = seen.information_state(0)
    row = _row(info, 2, opponent="heuristic")
    raw = {}
    for h in range(5, HANDS):
        a, b = HAND_ROLES[h]
        hands = [("duke", "contessa"), ("assassin", "ambassador"), (ROLES[a], ROLES[b])]
        state = play(3, deal(*hands) + steps[:2])       # every pair is possible: at most 3 of a role
        legal = state.legal_actions()
        p = policy.action_probs(state.information_state(2)).get(state.string_to_action("steal 0"), 0.0)
        raw[h] = (1 - eps) * p + eps / len(legal)
    top = max(raw.values())
    for h, w in raw.items():
        assert row[h] == pytest.approx(w / top)
    assert row[5 + 9] > row[5 + 0]                   # (captain, captain) over (duke, duke)


def test_a_stopped_replay_gives_up_and_resumes_later():
    import threading
    from intrigue.search.bot import make_bot
    state = new_game("coup", players=4, seed=23)
    bots = [make_bot("heuristic", seed=p) for p in range(4)]
    for _ in range(40):
        seat = state.current_player()
        state.apply_action(bots[seat].choose(state.information_state(seat)).action)
    while len(state.legal_actions()) < 2:
        seat = state.current_player()
        state.apply_action(bots[seat].choose(state.information_state(seat)).action)
    info = state.information_state(state.current_player())
    stop = threading.Event()
    stop.set()
    model = CoupBelief(info.game)
    assert model.table(info, stop=stop) is None
    assert model.table(info) == CoupBelief(info.game).table(info)
    # a bot asked to stop before it starts still answers, after a minimal search
    an = make_bot("ismcts", seed=1).choose(info, stop=stop)
    assert an.action in info.legal_actions() and an.extra.get("stopped")


# --- the truthful opponent model (Coup's default) -----------------------------------------------------
def test_the_truthful_model_is_the_heuristic_with_bluffs_scaled():
    # seat 1 taxes: under the heuristic policy a hand without a duke taxes as a bluff; the truthful
    # model makes that bluff HONEST_FACTOR times as likely (renormalized per hand), so every hand
    # without a duke loses weight against the duke hands, and the hands with a duke are unchanged
    state = play(3, deal(("captain", "captain"), ("assassin", "contessa"), ("duke", "ambassador")) +
                 ["income", "tax", "pass", "pass"])
    info = state.information_state(0)
    heur, truth = _row(info, 1, "heuristic"), _row(info, 1, "truthful")
    duke = [h for h in range(5, HANDS) if 0 in HAND_ROLES[h]]
    other = [h for h in range(5, HANDS) if 0 not in HAND_ROLES[h]]
    assert max(truth[h] for h in duke) == pytest.approx(1.0)
    for h in other:
        assert truth[h] < 0.5 * heur[h]             # the bluff is much less likely ...
    scale = HONEST_FACTOR
    noise = DEFAULT_PARAMS["policy_noise"]
    for h in other:                                 # ... but no less than the policy noise allows
        assert truth[h] > 0.0
    ratio = [truth[h] / heur[h] for h in other]
    assert min(ratio) > scale * (1 - noise) * 0.5 and max(ratio) < 1.0


def test_truthful_probabilities_stay_a_distribution():
    # the truthful reading is the kernel's honest policy type: each bluff (a block of a role not
    # held) HONEST_FACTOR times as likely as the heuristic makes it, the rest renormalized
    from intrigue.engine.coup.claims import claimed_role
    from intrigue.ext.coup_core import policy_probs
    for hand in (("captain", "duke"), ("duke", "contessa")):
        state = play(2, deal(("duke", "captain"), hand) + ["steal 1", "pass"])
        core = state.core
        assert core.asked == 1
        legal = core.legal_actions()
        blocks = [a for a in legal if claimed_role(core, a) is not None]
        assert {claimed_role(core, a) for a in blocks} == {Role.CAPTAIN, Role.AMBASSADOR}
        plain = dict(zip(legal, policy_probs(core, None, ModelType.HEURISTIC)))
        honest = dict(zip(legal, policy_probs(core, None, ModelType.HONEST)))
        assert sum(honest.values()) == pytest.approx(1.0)
        held = {ROLES.index(r) for r in hand}
        for a in blocks:
            if plain[a] == 0.0:
                continue
            if claimed_role(core, a) in held:
                assert honest[a] >= plain[a]
            else:
                assert honest[a] < plain[a]


def test_the_bot_uses_the_games_default_opponent_model():
    from intrigue.search.bot import BotSpecError, make_bot
    state = play(3, deal(("captain", "captain"), ("assassin", "contessa"), ("duke", "ambassador")) +
                 ["income", "tax", "pass", "pass"])
    info = state.information_state(2)
    out = make_bot("ismcts:iterations=200", seed=1).choose(info)
    assert out.extra["belief_model"] == "coup:adaptive"            # three or more players
    duel = play(2, deal(("captain", "captain"), ("duke", "ambassador")) + ["tax"])
    out = make_bot("ismcts:iterations=200", seed=1).choose(duel.information_state(1))
    assert out.extra["belief_model"] == "coup:truthful"            # heads-up
    out = make_bot("ismcts:iterations=200,opponent=heuristic", seed=1).choose(info)
    assert out.extra["belief_model"] == "coup:heuristic"
    with pytest.raises(BotSpecError):
        make_bot("ismcts:opponent=psychic")
    politics = new_game("politics", players=6, seed=3)
    while len(politics.legal_actions()) < 2:
        politics.apply_action(politics.legal_actions()[0])
    bot = make_bot("ismcts:iterations=50,opponent=truthful", seed=1)    # a name only Coup knows
    with pytest.raises(BotSpecError, match="truthful"):
        bot.choose(politics.information_state(politics.current_player()))
