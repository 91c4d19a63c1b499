"""Exact tools: the game tree, best responses and NashConv, CFR, policy files, the solved bot, and the
``exploit`` and ``solve`` commands -- checked against hand-worked values and, where installed,
against OpenSpiel."""
from __future__ import annotations

import json
import time

import msgpack
import numpy as np
import pytest

from intrigue.cli.main import main
from intrigue.engine import load_game
from intrigue.search.bot import BotSpecError, make_bot
from intrigue.search.exploit import (TABLE_HEADER, Score, behaviour_policy, exploit, exploit_table, flat_tree,
                                     format_row, nash_conv, small_games)
from intrigue.search.policy import PolicyFileError, PolicyTable, TabularPolicy
from intrigue.search.solve import solve
from intrigue.search.tree import InfoSetKey, TreeTooLargeError, build_tree, key_of


@pytest.fixture(scope="module")
def kuhn2():
    return build_tree(load_game("kuhn", players=2))


@pytest.fixture(scope="module")
def kuhn3():
    return build_tree(load_game("kuhn", players=3))


def play(moves, players=2):
    """A Kuhn hand dealt J, Q (, K) to seats 0, 1 (, 2) and played by ``moves``."""
    state = load_game("kuhn", players=players).new_initial_state()
    for seat, card in enumerate("JQK"[:players]):
        state.apply_action(f"deal {seat} {card}")
    for m in moves:
        state.apply_action(m)
    return state.result()


# --- Kuhn poker pays chips ---------------------------------------------------------------------------
def test_kuhn_pays_chips_and_the_reward_is_the_chips_scaled_into_0_1():
    called = play(["bet", "bet"])                     # J bets, Q calls: Q wins the pot of 4
    assert called.scores == (-2.0, 2.0) and called.rewards == (0.0, 1.0)
    folded = play(["bet", "pass"])                    # J bets, Q folds: J wins the antes
    assert folded.scores == (1.0, -1.0) and folded.rewards == (0.75, 0.25)
    checked = play(["pass", "pass"])                  # a showdown for the antes
    assert checked.scores == (-1.0, 1.0) and checked.rewards == (0.25, 0.75)
    three = play(["pass", "bet", "bet", "pass"], players=3)   # Q bets, K calls, J folds after checking
    assert three.scores == (-1.0, -2.0, 3.0)
    assert three.rewards == pytest.approx(((-1 + 2) / 6, (-2 + 2) / 6, (3 + 2) / 6))


# --- the tree ----------------------------------------------------------------------------------------
def test_the_kuhn_tree_has_the_known_size(kuhn2, kuhn3):
    assert (kuhn2.num_nodes, kuhn2.num_infosets, kuhn2.num_slots) == (58, 12, 24)
    assert (kuhn3.num_nodes, kuhn3.num_infosets) == (617, 48)
    assert kuhn2.payoff == "scores" and kuhn2.payoff_range == 4.0


def test_an_information_set_is_what_its_seat_has_seen(kuhn2):
    index = kuhn2.index()
    for i in range(kuhn2.num_infosets):
        info = kuhn2.info_state(i)
        assert index[key_of(info)] == i
        assert info.legal_actions() == kuhn2.actions(i)
        assert kuhn2.moves[i] == tuple(info.legal_moves())
    # the first seat holding a Jack has seen its own deal and nothing of the other's
    assert InfoSetKey(0, ((-1, "deal 0 J"),)) in index


def test_a_game_too_large_is_refused_at_once_naming_its_size_and_the_limit():
    t0 = time.perf_counter()
    with pytest.raises(TreeTooLargeError) as err:
        build_tree(load_game("coup", players=2))
    assert time.perf_counter() - t0 < 30
    assert "too large for exact work" in str(err.value) and "the limit is 5,000,000" in str(err.value)
    with pytest.raises(TreeTooLargeError, match="limit is 10"):
        build_tree(load_game("kuhn"), max_nodes=10)


# --- best responses and NashConv ------------------------------------------------------------------
def test_uniform_play_in_kuhn_poker_has_the_known_nash_conv(kuhn2, kuhn3):
    assert nash_conv(TabularPolicy.uniform(kuhn2))[0] == pytest.approx(11 / 12, abs=1e-12)
    assert nash_conv(TabularPolicy.uniform(kuhn3))[0] == pytest.approx(2.0625, abs=1e-12)


def test_a_pure_policy_is_scored_as_a_best_response_worked_by_hand(kuhn2):
    """Everyone always bets and calls: every hand is a showdown for 2 chips, worth 0 to each seat.
    Seat 1's best response calls with K (+2) and Q (0: a J or a K opposite) and folds J (-1): 1/3.
    Seat 0's best response: K wins 2 either way, Q breaks even either way, J checks and folds (-1): 1/3."""
    always = TabularPolicy.from_function(kuhn2, lambda i: {1: 1.0})
    nc, brs, values = nash_conv(always)
    assert values == pytest.approx([0.0, 0.0], abs=1e-12)
    assert brs == pytest.approx([1 / 3, 1 / 3], abs=1e-12)
    assert nc == pytest.approx(2 / 3, abs=1e-12)
    value, best = flat_tree(kuhn2).best_response_value(always.probs, 1)
    index = kuhn2.index()
    facing_bet = {card: index[InfoSetKey(1, ((-1, f"deal 1 {card}"), (0, "bet")))] for card in "JQK"}
    assert [kuhn2.moves[i][best[i]] for i in facing_bet.values()] == ["pass", "bet", "bet"]


def test_cfr_plus_solves_kuhn_poker_to_its_value(kuhn2):
    solution = solve(kuhn2.game, 2000, "cfr+", target=0.001, tree=kuhn2)
    score = solution.last.score
    assert score.nash_conv <= 0.001
    assert score.values[0] == pytest.approx(-1 / 18, abs=0.001)
    assert solution.checkpoints[0].score.nash_conv > 0.5          # it started far off


@pytest.mark.parametrize("variant", ["dcfr", "linear", "cfr"])
def test_every_cfr_variant_converges_on_three_player_kuhn(kuhn3, variant):
    points = solve(kuhn3.game, 3000, variant, tree=kuhn3).checkpoints
    assert points[-1].score.nash_conv < points[0].score.nash_conv / 20


# --- bots' behaviour ---------------------------------------------------------------------------------
def test_bots_that_know_their_probabilities_are_scored_exactly(kuhn2):
    rnd = exploit(kuhn2.game, ["random"], tree=kuhn2)
    assert rnd.exact and rnd.score.nash_conv == pytest.approx(11 / 12, abs=1e-12)
    heur = exploit(kuhn2.game, ["heuristic"], tree=kuhn2)
    policy, _, exact = behaviour_policy(kuhn2, [make_bot("heuristic")] * 2)
    assert heur.exact and exact and heur.score.nash_conv == pytest.approx(nash_conv(policy)[0])


def test_a_search_bot_is_sampled_with_derived_seeds_and_the_result_is_reproducible(kuhn2):
    one = exploit(kuhn2.game, ["ismcts:iterations=200"], samples=3, seed=5, tree=kuhn2)
    two = exploit(kuhn2.game, ["ismcts:iterations=200"], samples=3, seed=5, tree=kuhn2)
    assert not one.exact and one.to_dict()["samples"] == 3
    assert one.score.nash_conv == two.score.nash_conv
    # three samples a set: every probability is a multiple of a third
    policy, _, _ = behaviour_policy(kuhn2, [make_bot("ismcts:iterations=200")] * 2, samples=3, seed=5)
    assert np.allclose(policy.probs * 3, np.round(policy.probs * 3))


@pytest.mark.slow
def test_asking_the_bots_in_worker_processes_gives_the_same_scores(kuhn2):
    one = exploit(kuhn2.game, ["ismcts:algorithm=uct,iterations=100"], samples=2, seed=3, tree=kuhn2)
    two = exploit(kuhn2.game, ["ismcts:algorithm=uct,iterations=100"], samples=2, seed=3, tree=kuhn2, workers=2)
    assert one.score.nash_conv == two.score.nash_conv and one.score.values == two.score.values


def test_the_tuners_table_scores_each_bot_at_each_budget_and_is_deterministic(kuhn2):
    specs = ["random", "ismcts:algorithm=uct", "ismcts"]
    one = exploit_table(specs, games=[kuhn2.game], iterations=(10, 300), samples=2, seed=4)
    two = exploit_table(specs, games=[kuhn2.game], iterations=(10, 300), samples=2, seed=4)
    assert [(r.bot, r.iterations) for r in one] == [("random", None), ("ismcts:algorithm=uct", 10),
                                                   ("ismcts:algorithm=uct", 300), ("ismcts", 10), ("ismcts", 300)]
    assert [r.exploitability for r in one] == [r.exploitability for r in two]
    assert one[0].policy == "exact" and one[0].exploitability == pytest.approx(11 / 24)
    assert one[1].policy == "behaviour" and one[3].policy == "reported"
    # online CFR (the default on Kuhn poker) improves with its budget; 300 iterations beat random play
    assert one[4].exploitability < one[3].exploitability and one[4].exploitability < one[0].exploitability
    assert all(len(format_row(r)) == len(TABLE_HEADER) for r in one)


def test_the_small_games_are_the_ones_under_the_limit():
    names = {(g.name, g.ruleset) for g in small_games(10_000)}
    assert {("kuhn", "standard"), ("leduc", "standard"), ("coup", "mini-a")} <= names
    assert ("coup", "mini") not in names and ("coup", "standard") not in names


# --- policy files and the solved bot --------------------------------------------------------------
def test_a_saved_policy_plays_as_the_solved_bot_with_the_same_score(kuhn2, tmp_path):
    solution = solve(kuhn2.game, 300, tree=kuhn2)
    path = tmp_path / "kuhn.policy"
    solution.policy.save(path, iterations=300)
    table = PolicyTable.load(path)
    assert np.allclose(table.to_policy(kuhn2).probs, solution.policy.probs)
    report = exploit(kuhn2.game, [f"solved:{path}"], tree=kuhn2)
    assert report.exact and report.score.nash_conv == pytest.approx(solution.last.score.nash_conv, abs=1e-12)
    bot = make_bot(f"solved:{path}", seed=1)
    info = kuhn2.info_state(0)
    answer = bot.choose(info)
    assert answer.action in info.legal_actions() and sum(answer.policy.values()) == pytest.approx(1.0)


def test_corrupt_or_foreign_policy_files_are_refused_saying_why(kuhn2, tmp_path):
    solution = solve(kuhn2.game, 10, tree=kuhn2)
    good = tmp_path / "kuhn.policy"
    solution.policy.save(good)
    junk = tmp_path / "junk.policy"
    junk.write_bytes(b"\xc1not msgpack")
    with pytest.raises(BotSpecError, match="not a policy file"):
        make_bot(f"solved:{junk}")
    data = msgpack.unpackb(good.read_bytes())
    data["infosets"][0][2] = [["pass", 0.7], ["bet", 0.7]]
    broken = tmp_path / "broken.policy"
    broken.write_bytes(msgpack.packb(data))
    with pytest.raises(BotSpecError, match="not a distribution"):
        make_bot(f"solved:{broken}")
    with pytest.raises(BotSpecError, match="no such file|cannot read"):
        make_bot(f"solved:{tmp_path / 'missing.policy'}")
    three = load_game("kuhn", players=3).new_state(1)
    bot = make_bot(f"solved:{good}")
    with pytest.raises(BotSpecError, match="player count 2, not 3"):
        bot.choose(three.information_state(three.current_player()))
    coup = load_game("coup", players=2).new_state(1)
    with pytest.raises(BotSpecError, match="game 'kuhn', not 'coup'"):
        bot.choose(coup.information_state(coup.current_player()))


@pytest.mark.slow
def test_the_solved_bot_beats_random_and_heuristic_in_the_arena(kuhn2, tmp_path):
    path = tmp_path / "kuhn.policy"
    solve(kuhn2.game, 1000, tree=kuhn2).policy.save(path)
    from intrigue.search.arena import Arena, MatchConfig
    for rival, games in (("random", 4000), ("heuristic", 40000)):
        summary = Arena(MatchConfig(game="kuhn", players=2, seed=3), specs=[f"solved:{path}", rival], games=games).run()
        solved = summary["bots"][0]
        assert solved["payoff_ci95"][0] > 0, (rival, solved)


# --- the commands ------------------------------------------------------------------------------------
def test_exploit_command_prints_json_with_nash_conv_and_exploitability(capsys):
    assert main(["exploit", "--game", "kuhn", "--bots", "random", "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["nash_conv"] == pytest.approx(11 / 12) and out["exploitability"] == pytest.approx(11 / 24)
    assert out["exact"] is True and out["payoff"] == "scores"


def test_exploit_refuses_a_search_budget_beyond_what_a_search_counts(capsys, monkeypatch):
    def scored(*args, **kwargs):
        raise AssertionError("the budget was taken")     # not a 2x10^9-iteration search per decision
    monkeypatch.setattr("intrigue.cli.exact.exploit_bots", scored)
    monkeypatch.setattr("intrigue.cli.exact.exploit_table", scored)
    for args in (["exploit", "--game", "kuhn", "--bots", "ismcts", "--iterations", "2000000001"],
                 ["bench", "--exploit", "--bots", "ismcts", "--iterations", "100,2000000001"]):
        assert main(args) == 2
        err = capsys.readouterr().err
        assert "--iterations" in err and "2000000000" in err and "Traceback" not in err


def test_solve_command_converges_saves_and_reports_the_value(capsys, tmp_path):
    path = tmp_path / "k.policy"
    assert main(["solve", "--game", "kuhn", "--iterations", "2000", "--json", "--save", str(path)]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["nash_conv"] <= 0.001 and out["values"][0] == pytest.approx(-1 / 18, abs=0.001)
    assert [c["iteration"] for c in out["checkpoints"]][:4] == [1, 2, 5, 10]
    assert path.exists() and out["saved"] == str(path)


def test_bench_exploit_prints_the_tuners_table_and_refuses_mistakes_in_one_line(capsys):
    assert main(["bench", "--exploit", "--bots", "random", "--bots", "ismcts", "--iterations", "10,100",
                 "--seed", "2", "--json"]) == 0
    out = capsys.readouterr()
    rows = json.loads(out.out)["rows"]
    assert {r["game"] for r in rows} == {"kuhn/standard/2", "leduc/standard/2", "coup/mini-a/2"}
    assert [(r["bot"], r["iterations"]) for r in rows if r["game"] == "kuhn/standard/2"] == [
        ("random", None), ("ismcts", 10), ("ismcts", 100)]
    assert out.err.splitlines()[0].split()[:3] == ["game", "bot", "iterations"]      # the text rows on stderr
    for args, why in ((["--bots", "nope"], "unknown bot"), (["--bots", "random", "--iterations", "0"], "--iterations"),
                      ([], "--bots SPEC")):
        assert main(["bench", "--exploit", *args]) == 2
        err = capsys.readouterr().err
        assert why in err and "Traceback" not in err


def test_commands_refuse_a_large_game_with_one_line(capsys):
    assert main(["solve", "--game", "coup", "--players", "2"]) == 2
    err = capsys.readouterr().err
    assert err.startswith("error: Coup (standard, 2 players) is too large for exact work") and "Traceback" not in err


# --- OpenSpiel, the reference ------------------------------------------------------------------------
def test_nash_conv_agrees_with_openspiel(kuhn2, kuhn3):
    from open_spiel.python.algorithms import exploitability
    from intrigue.search.openspiel import openspiel_game, to_openspiel
    for tree in (kuhn2, kuhn3):
        policies = [TabularPolicy.uniform(tree), solve(tree.game, 100, tree=tree).policy,
                    behaviour_policy(tree, [make_bot("ismcts:iterations=100")] * tree.num_players, samples=4)[0]]
        for policy in policies:
            theirs = exploitability.nash_conv(openspiel_game(tree.game), to_openspiel(policy))
            assert nash_conv(policy)[0] == pytest.approx(theirs, abs=1e-9)
