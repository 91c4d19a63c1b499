"""The Politics heuristic: legal, blind to hidden cards, plays its role, beats random, infers."""
from math import comb

import pytest

from intrigue.engine import load_game
from intrigue.ext.game_api import Rng
from intrigue.engine.politics.heuristic import PoliticsHeuristic
from support.politics import dealt, form, opp_turn, pass_windows, play, propose_all


def _play(game, seed, heuristic_seats):
    s = game.new_state(seed)
    bots = {p: PoliticsHeuristic(Rng(seed * 10 + p)) for p in heuristic_seats}
    rng = Rng(seed)
    while not s.is_terminal():
        p = s.current_player()
        if p in bots:
            info = s.information_state(p)
            a = bots[p].choose(info)
            assert a in info.legal_actions()
            probs = bots[p].action_probs(info)
            assert abs(sum(probs.values()) - 1.0) < 1e-9 and set(probs) <= set(info.legal_actions())
        else:
            legal = s.legal_actions()
            a = legal[rng.below(len(legal))]
        s.apply_action(a)
    return s


@pytest.mark.parametrize("players,opts", [(6, {}), (8, {"length": "half"}), (7, {"backroom": False}),
                                          (6, {"contracts": False, "max_invitations": 2})])
def test_heuristic_plays_legal_games(players, opts):
    g = load_game("politics", None, players, opts)
    for seed in range(4):
        s = _play(g, seed, range(players))
        assert s.is_terminal()


@pytest.mark.slow
def test_heuristic_beats_random():
    """One heuristic seat among random players wins far more than its 1/6 share (seeded)."""
    g = load_game("politics", None, 6)
    wins = 0.0
    games = 48
    for seed in range(games):
        seat = seed % 6
        s = _play(g, 1000 + seed, [seat])
        wins += s.result().rewards[seat] if not s.core.crisis else float(seat in s.result().winners)
    assert wins / games > 0.35


def test_heuristic_sees_only_the_information_state():
    """Two deals that differ only in what seat 0 cannot see (other hands, who is dark among the
    others) give seat 0 the same information state and the same choice."""
    worlds = [
        dict(roles=(1, 4), hands=["H0 H1 C1", "H2 C2 C3", "H0 H1 H2", "C1 C1 C2", "H0 C3 C3", "H2 C1 C2"],
             backroom=["block", "media", "coup", "dealbreak", "block", "media"]),
        dict(roles=(2, 5), hands=["H0 H1 C1", "C1 C1 C2", "H2 C2 C3", "H0 H1 H2", "H2 C1 C2", "H0 C3 C3"],
             backroom=["block", "coup", "media", "media", "dealbreak", "block"]),
    ]
    infos, choices = [], []
    for w in worlds:
        s = dealt(6, **w)
        play(s, "leader 3")
        pass_windows(s)
        play(s, "invite 0 offer 1")
        info = s.information_state(0)
        infos.append(info)
        choices.append(PoliticsHeuristic(Rng(5)).choose(info))
    assert infos[0] == infos[1] and choices[0] == choices[1]


def test_honest_member_places_honest_policies_and_dark_slips_corrupt_ones():
    s = dealt(6, "core", roles=(1, 4), hands=["H0 C2 C3", "H1 H2 C3", "H0 H1 C1", "H2 C1 C2", "H1 C2 C3", "H0 H2 C1"])
    form(s, 0, 1, 2)
    h = PoliticsHeuristic(Rng(1))
    best = lambda info: max(h.action_probs(info).items(), key=lambda kv: kv[1])[0]   # the mixed policy's mode
    a = best(s.information_state(0))
    assert s.action_to_string(a) == "propose H0 C3"     # honest: one C must go; most bags otherwise
    play(s, s.action_to_string(a))
    probs = h.action_probs(s.information_state(1))     # dark: corrupt policies far more often
    corrupt = sum(p for a, p in probs.items() if "C3" in s.action_to_string(a))
    assert corrupt > 0.3     # dark, unsuspected: the corrupt card and bags


def test_honest_leader_discards_corrupt_and_dark_leader_honest():
    for roles, want in (((1, 4), "discard C1"), ((0, 4), "discard H0")):
        s = dealt(6, "core", roles=roles, hands=["H0 C2 C3", "H1 H2 C3", "H0 H1 C1", "H2 C1 C2", "H1 C2 C3", "H0 H2 C1"])
        form(s, 0, 1, 2)
        propose_all(s, "propose H0 C2", "propose H1 C3", "propose H0 C1")
        for _ in range(3):
            opp_turn(s, "pass")
        assert s.decision().kind == "leader_discard"
        probs = PoliticsHeuristic(Rng(1)).action_probs(s.information_state(0))
        assert s.action_to_string(max(probs, key=probs.get)).split()[1][0] == want.split()[1][0]
        assert 0.0 < probs[s.core.legal_actions()[0]] < 0.5          # no_discard: possible, not likely


def test_tracker_blames_governments_that_pass_corrupt_policies():
    s = dealt(6, "core", roles=(1, 4), hands=["H0 H1 H2", "C1 C2 C3", "H0 H1 C1", "H0 H1 H2", "C1 C2 C3", "H2 C1 C3"])
    form(s, 1, 4, 5)
    propose_all(s, "propose C1 C2", "propose C1 C2", "propose C1 C3")
    for _ in range(3):
        opp_turn(s, "pass")
    play(s, "no_discard", "policies C1 C1 C1 C2 C2 C3")
    h = PoliticsHeuristic(Rng(1))
    susp = h.suspicion(s.information_state(0))
    assert susp[0] == 0.0
    assert min(susp[p] for p in (1, 4, 5)) > max(susp[p] for p in (2, 3))
    belief = h.dark_belief(s.information_state(0))
    assert abs(sum(belief.values()) - 1.0) < 1e-9 and len(belief) == comb(5, 2)
    assert h.dark_belief(s.information_state(1)) == {(1, 4): 1.0}     # a dark seat knows


@pytest.mark.slow
def test_belief_beats_the_prior_in_self_play():
    """Honest heuristic seats put far more than the prior on the true dark pair before the votes."""
    total, count = 0.0, 0
    for seed in range(8):
        g = load_game("politics", None, 6)
        s = g.new_state(500 + seed)
        bots = {p: PoliticsHeuristic(Rng(seed * 10 + p)) for p in range(6)}
        while s.decision().kind != "vote":
            p = s.current_player()
            s.apply_action(bots[p].choose(s.information_state(p)))
        truth = tuple(s.core.dark_seats())
        for p in range(6):
            if not s.core.is_dark(p):
                total += bots[p].dark_belief(s.information_state(p)).get(truth, 0.0)
                count += 1
    assert total / count > 2.5 * (1 / comb(5, 2))


def test_tracker_is_incremental_and_restarts_on_a_new_game():
    s = dealt(6, "core")
    h = PoliticsHeuristic(Rng(1))
    info = s.information_state(2)
    h.parametric_belief(info)
    tr = h._trackers[2]
    n = len(tr.view)
    form(s, 0, 1, 2)
    h.parametric_belief(s.information_state(2))
    assert h._trackers[2] is tr and len(tr.view) > n
    h.parametric_belief(dealt(6, "core", roles=(0, 5)).information_state(2))   # another game: fresh tracker
    assert h._trackers[2] is not tr
