"""Multi-observer statistics, public chance children, time management and levels of the ismcts bot."""
import pytest

from support.ismcts_positions import LAST_OPPONENT_ONE_INFLUENCE, deal, play
from intrigue.engine import new_game
from intrigue.ext.ismcts import Search, belief_table_size
from intrigue.search.bot import BotSpecError, Limits, make_bot
from intrigue.search.ismcts import SearchOptions, search_defaults
from intrigue.search.levels import LEVELS, level_names, level_spec

TAX, PASS, CHALLENGE = 2, 22, 23


# --- multi-observer statistics ---------------------------------------------------------------------
def test_multi_root_statistics_are_the_searchers_own_and_add_up():
    info = new_game("coup", players=3, seed=9).information_state(0)
    search = Search(info.core, 0, 5, c=0.7, observer="multi")
    search.run(3000)
    stats = search.root_stats()
    assert sum(v for _, v, _, _ in stats) == 3000          # no self-determinization: every world is the true one
    assert {a for a, *_ in stats} <= set(info.legal_actions())
    records = search.info_sets()
    assert list(records) and all(seat == 0 for seat, _ in records)
    assert len(records) == 1                               # the searcher's one information set at the root


def test_multi_opponents_decide_per_own_hand():
    # after seat 0's tax, seat 1 decides to challenge or pass once per hand it might hold
    info = new_game("coup", players=2, seed=5).information_state(0)
    search = Search(info.core, 0, 3, c=2.0, observer="multi")
    search.run(20000)
    records = search.info_sets([TAX])
    assert all(seat == 1 for seat, _ in records)
    assert len(records) >= 8                               # 15 two-card hands are possible for seat 1
    visits = sum(v for rows in records.values() for _, v, _, _ in rows)
    public = {a: v for a, _, v, _, _ in search.children([TAX])}
    assert visits == public[PASS] + public[CHALLENGE]      # each iteration through it used one record
    # single-observer statistics keep no records
    plain = Search(info.core, 0, 3, c=2.0)
    plain.run(2000)
    assert plain.info_sets([TAX]) == {}


def test_multi_opponents_learn_only_from_public_worlds_when_asked():
    info = new_game("coup", players=2, seed=5).information_state(0)
    table = [1.0] * belief_table_size(info.core)
    blind = Search(info.core, 0, 3, c=0.7, observer="multi", opp_worlds="public", table=table)   # no public worlds
    blind.run(4000)
    rows = [r for rows in blind.info_sets([TAX]).values() for r in rows]
    assert rows and all(v == 0 for _, v, _, _ in rows)
    taught = Search(info.core, 0, 3, c=0.7, observer="multi", opp_worlds="public", table=table, self_p=0.5)
    taught.run(4000)
    assert 0 < taught.self_iterations < 4000
    rows = [r for rows in taught.info_sets([TAX]).values() for r in rows]
    assert 0 < sum(v for _, v, _, _ in rows) < 4000
    assert sum(v for _, v, _, _ in taught.root_stats()) <= 4000


def test_multi_search_is_blind_to_hidden_cards_and_reproducible():
    history = ["tax", "pass", "pass", "income", "steal 0", "pass", "pass"]
    a = play(3, deal(("duke", "captain"), ("assassin", "contessa"), ("duke", "ambassador")) + history)
    b = play(3, deal(("duke", "captain"), ("captain", "captain"), ("contessa", "assassin")) + history)
    ia, ib = a.information_state(0), b.information_state(0)
    assert a.core != b.core and ia == ib
    spec = "ismcts:iterations=3000,observer=multi"
    ra, rb = make_bot(spec, seed=21).choose(ia).to_dict(), make_bot(spec, seed=21).choose(ib).to_dict()
    for d in (ra, rb):
        d.pop("elapsed_ms"), d.pop("per_s", None)
    assert ra == rb


def test_multi_takes_the_immediate_win_and_respects_the_memory_cap():
    info = play(2, LAST_OPPONENT_ONE_INFLUENCE).information_state(0)
    an = make_bot("ismcts:iterations=2000,observer=multi", seed=3).choose(info)
    assert an.move == "coup 1" and an.extra["observer"] == "multi"
    state = new_game("coup", players=4, seed=4)
    search = Search(state.information_state(0).core, 0, 1, c=0.7, max_nodes=300, initial_nodes=16, observer="multi")
    search.run(5000)
    assert search.node_count <= 300
    assert search.root_stats()


def test_multi_on_politics():
    state = new_game("politics", seed=3)
    while state.current_player() < 0 or len(state.legal_actions()) < 2:
        state.apply_action(state.legal_actions()[-1])
    seat = state.current_player()
    an = make_bot("ismcts:iterations=1500,observer=multi", seed=2).choose(state.information_state(seat))
    assert an.action in state.legal_actions() and an.iterations == 1500


# --- public chance children ------------------------------------------------------------------------
def test_public_chance_outcomes_get_their_own_children():
    # a challenged tax: the loser's card (or the Duke's replacement draw) is a chance event; marked
    # public (the test switch), each outcome gets a child with player -1
    state = new_game("coup", players=2, seed=5)
    info = state.information_state(0)
    search = Search(info.core, 0, 7, c=0.7, _all_chance_public=True)
    search.run(6000)
    chance_kids = []
    stack = [()]
    while stack and not chance_kids:
        path = stack.pop()
        for a, player, visits, _, _ in search.children(path):
            if player == -1:
                chance_kids.append((path, a, visits))
            elif len(path) < 4:
                stack.append(path + (a,))
    assert chance_kids, "no public chance child in the tree"
    plain = Search(info.core, 0, 7, c=0.7)
    plain.run(6000)
    assert all(player >= 0 for a, player, *_ in plain.children((TAX,)))
    assert sum(v for _, v, _, _ in search.root_stats()) == 6000


# --- named options ---------------------------------------------------------------------------------
def _challenge_share(search, first, more):
    """Seat 1's share of challenges against seat 0's Tax over ``more`` iterations after ``first``."""
    search.run(first)
    before = {a: v for a, _, v, _, _ in search.children([TAX])}
    search.run(more)
    after = {a: v for a, _, v, _, _ in search.children([TAX])}
    passes, challenges = after[PASS] - before[PASS], after[CHALLENGE] - before[CHALLENGE]
    return challenges / (passes + challenges)


def test_regret_matching_opponents_explore_by_gamma():
    # seat 0 holds the Duke and every world deals it its true cards, so challenging its Tax loses for
    # seat 1 (mean reward 0.24 against 0.38 for a pass): regret matching settles on the pass, trying the
    # challenge only in its exploration share gamma / 2 (UCB's share depends on its constant instead)
    info = play(2, deal(("duke", "captain"), ("contessa", "ambassador"))).information_state(0)
    assert _challenge_share(Search(info.core, 0, 11, c=2.0, rm=0.05), 20000, 40000) == pytest.approx(0.025, abs=0.008)
    wide = _challenge_share(Search(info.core, 0, 11, c=2.0, rm=0.3), 20000, 40000)
    assert wide == pytest.approx(0.15, abs=0.03)
    assert _challenge_share(Search(info.core, 0, 11, c=2.0), 20000, 40000) < wide / 2    # UCB, the same seed
    for bad in ({"rm": 1.5}, {"rm": -0.1}, {"rm": 0.1, "smooth": 0.9}):
        with pytest.raises(ValueError):
            Search(info.core, 0, 1, **bad)
    for spec in ("ismcts:rm=2", "ismcts:rm=0.1,smooth=0.9"):
        with pytest.raises(BotSpecError):
            make_bot(spec)


def test_search_takes_named_options_and_refuses_others():
    info = new_game("coup", players=2, seed=1).information_state(0)
    opts = SearchOptions(c=1.0, playout="policy", observer="multi", opp_worlds="public")
    s = Search(info.core, 0, 1, **opts.kwargs())
    s.run(200)
    assert s.iterations == 200
    for bad in ({"playout": "psychic"}, {"opponents": "oracle"}, {"observer": "both"},
                {"playout": "model"}, {"opp_worlds": "some"}):
        with pytest.raises(ValueError):
            Search(info.core, 0, 1, **bad)
    for spec in ("ismcts:observer=both", "ismcts:oppworlds=x", "ismcts:stretch=0.5"):
        with pytest.raises(BotSpecError):
            make_bot(spec)


def test_search_defaults_come_from_the_game_class():
    coup = new_game("coup", players=2, seed=1).game
    politics = new_game("politics", seed=1).game
    assert search_defaults(coup) == {"opponents": "model", "playout": "random", "modelshare": 0.5,
                                    "belief": "truthful"}
    assert search_defaults(politics) == {"opponents": "model", "playout": "policy", "tieband": 2.0}

    class Other(type(coup)):
        search_defaults = {"playout": "policy"}
    assert search_defaults(Other) == {"opponents": "search", "playout": "policy"}


# --- time management -------------------------------------------------------------------------------
def test_forced_decision_is_answered_without_search():
    state = play(2, LAST_OPPONENT_ONE_INFLUENCE)
    state.apply_action("coup 1")
    seat = state.current_player()
    info = state.information_state(seat)
    assert len(info.legal_actions()) == 1
    an = make_bot("max", seed=1).choose(info)
    assert an.extra["stop"] == "forced" and an.iterations == 0


@pytest.mark.slow
def test_timed_search_stops_once_the_best_cannot_be_overtaken():
    # one winning move among several: it gathers the visits and the search stops before its time
    info = play(2, LAST_OPPONENT_ONE_INFLUENCE).information_state(0)
    an = make_bot("ismcts:time=3000,observer=single", seed=3).choose(info)
    assert an.move == "coup 1"
    assert an.extra["stop"] in ("decided", "clear")
    fixed = make_bot("ismcts:time=3000,earlystop=false", seed=3).choose(info, limits=Limits(iterations=5000))
    assert fixed.iterations == 5000 and fixed.extra["stop"] == "limit"   # an iteration limit is never cut


def test_ensemble_stops_once_its_trees_agree():
    # among four the default is an ensemble; after a tax, seat 1's pass is every tree's choice, so the
    # search stops at the first tree count whose vote is lopsided enough: 9 of 9 (9 >= 3 * sqrt(9))
    state = new_game("coup", players=4, seed=6)
    state.apply_action("tax")
    info = state.information_state(1)
    an = make_bot("ismcts:time=30000,tree=500", seed=2).choose(info)
    assert an.move == "pass" and an.extra["stop"] == "agreed"
    assert an.extra["votes"] == {"pass": 9} and an.extra["trees"] == 9 and an.iterations == 9 * 500
    # off, the same trees go on until the deadline or another rule stops them
    off = make_bot("ismcts:time=1000,tree=500,vote=0", seed=2).choose(info)
    assert off.extra["stop"] != "agreed" and off.iterations > 9 * 500
    # an iteration limit is never cut short by the vote either
    fixed = make_bot("ismcts:iterations=6000,tree=500", seed=2).choose(info)
    assert fixed.iterations == 6000 and fixed.extra["stop"] == "limit"
    with pytest.raises(BotSpecError):
        make_bot("ismcts:vote=-1")


@pytest.mark.parametrize("votes,leader,expected", [
    ({7: 9}, 7, True),                     # 9 - 0 >= 3 * 3
    ({7: 8}, 7, False),                    # 8 < 3 * sqrt(8)
    ({7: 4}, 7, False),                    # fewer trees than MIN_VOTE_TREES
    ({7: 24, 9: 7}, 7, True),              # 17 >= 3 * sqrt(31) = 16.7
    ({7: 23, 9: 8}, 7, False),             # 15 < 16.7
    ({7: 24, 9: 7}, 9, False),             # the votes' leader is not the most visited action
])
def test_vote_rule(votes, leader, expected):
    from intrigue.search.ismcts import _agreed
    root = [(a, 100 if a == leader else 10, 0.0, 0) for a in (7, 9)]
    assert _agreed(votes, root, 3.0) is expected


def test_budget_grows_with_saved_time_up_to_the_stretch():
    bot = make_bot("ismcts:time=40,stretch=2", seed=1)
    state = new_game("coup", players=3, seed=6)
    info = state.information_state(0)
    first = bot.choose(info)
    assert first.extra["budget_ms"] == pytest.approx(40.0)
    bot._bank_ms = 500.0                                   # as if earlier decisions had saved a lot
    second = bot.choose(info)
    assert second.extra["budget_ms"] == pytest.approx(80.0)  # never more than time * stretch
    bot.reseed(3)
    assert bot._bank_ms == 0.0
    # a caller's time limit is a limit for that decision, not a budget
    third = bot.choose(info, limits=Limits(time_ms=30))
    assert third.extra["budget_ms"] == pytest.approx(30.0)


def test_an_overrun_is_repaid_by_the_next_decisions():
    # a budget is an average: time a decision took beyond its allowance is taken from the next ones
    # (at most one budget of debt), and a decision in debt still gets a quarter of its budget
    from intrigue.search.ismcts import MIN_ALLOWANCE
    bot = make_bot("ismcts:time=40,stretch=2", seed=1)
    state = new_game("coup", players=3, seed=6)
    info = state.information_state(0)
    bot.choose(info)
    bot._bank_ms = -10.0                                   # as if the last decision ran 10 ms over
    assert bot.choose(info).extra["budget_ms"] == pytest.approx(30.0)
    bot._bank_ms = -500.0
    assert bot.choose(info).extra["budget_ms"] == pytest.approx(40.0 * MIN_ALLOWANCE)
    assert bot._bank_ms >= -40.0                           # the debt never exceeds one budget
    bot._bank_ms = -10.0
    bot.reseed(3)                                          # a new game starts clear
    assert bot._bank_ms == 0.0


def test_a_small_time_budget_is_not_overrun_by_the_first_chunk():
    # Shadow Master's playouts are long (a few hundred microseconds an iteration): a timed search must
    # not start with a chunk of 256 iterations, which alone would take ten times a 1 ms budget
    state = new_game("shadow_master", players=4, seed=5)
    walker = make_bot("random", seed=3)
    for _ in range(12):
        state.apply_action(walker.choose(state.information_state(state.current_player())).action)
    info = state.information_state(state.current_player())
    assert len(info.legal_actions()) > 1
    an = make_bot("ismcts:time=1", seed=1).choose(info)
    assert 0 < an.iterations < 256 and an.action in info.legal_actions()
    # an iteration limit still runs in full-size chunks and is reproducible
    a = make_bot("ismcts:iterations=300", seed=1).choose(info)
    b = make_bot("ismcts:iterations=300", seed=1).choose(info)
    assert a.iterations == 300 and [(s.action, s.visits) for s in a.stats] == [(s.action, s.visits) for s in b.stats]


# --- levels ----------------------------------------------------------------------------------------
def test_levels_are_bot_specs_everywhere():
    assert level_names() == ["beginner", "casual", "strong", "max"]
    for name in level_names():
        bot = make_bot(name, seed=1)
        assert bot.name == "ismcts"
        assert bot.spec == make_bot(level_spec(name), seed=1).spec
    assert make_bot("max:workers=1,time=300", seed=1).config["time"] == 300.0
    with pytest.raises(BotSpecError):
        make_bot("max:colour=red")
    with pytest.raises(BotSpecError):
        make_bot("grandmaster")
    assert set(LEVELS) == set(level_names())


def test_strongest_spec_is_the_max_level():
    from intrigue.protocol.server import strongest_bot_spec
    assert strongest_bot_spec() == "max"


def test_beginner_answers_with_few_iterations():
    info = new_game("coup", players=4, seed=2).information_state(0)
    an = make_bot("beginner", seed=1).choose(info)
    assert an.action in info.legal_actions() and 0 < an.iterations <= 100


# --- the ensemble of trees -------------------------------------------------------------------------
def test_tree_option_sums_fresh_trees_reproducibly():
    info = new_game("coup", players=3, seed=4).information_state(0)
    one = make_bot("ismcts:iterations=2500,tree=1000", seed=7).choose(info)
    two = make_bot("ismcts:iterations=2500,tree=1000", seed=7).choose(info)
    assert one.extra["trees"] == 3 and one.iterations == 2500
    assert sum(s.visits for s in one.stats) == 2500
    assert [(s.action, s.visits) for s in one.stats] == [(s.action, s.visits) for s in two.stats]
    single = make_bot("ismcts:iterations=2500", seed=7).choose(info)
    assert single.extra["trees"] == 1
    assert [(s.action, s.visits) for s in single.stats] != [(s.action, s.visits) for s in one.stats]
    # each tree is a search of its own: its nodes never exceed what its iterations can make
    assert one.extra["nodes"] <= 1000 + 1


def test_coup_among_three_or_more_searches_an_ensemble_by_default():
    # the game's seat defaults decide what tree=auto means: 10,000-iteration trees among 3+, one tree heads-up
    bot = make_bot("ismcts:iterations=25000", seed=3)
    four = new_game("coup", players=4, seed=4).information_state(0)
    two = new_game("coup", players=2, seed=4).information_state(0)
    assert bot.tree_size(four) == 10000 and bot.tree_size(two) == 0
    assert bot.choose(four).extra["trees"] == 3
    assert make_bot("ismcts:iterations=2500", seed=3).choose(two).extra["trees"] == 1
    assert make_bot("ismcts:tree=0", seed=3).tree_size(four) == 0          # the option overrides the game
    # ... and what rm=auto means: regret matching at the opponents' searched decisions among 3+ only
    assert bot.regret_matching(four) == 0.3 and bot.regret_matching(two) == 0.0
    assert bot.choose(four).extra["rm"] == 0.3
    assert make_bot("ismcts:rm=0", seed=3).regret_matching(four) == 0.0
    assert make_bot("ismcts:smooth=0.9", seed=3).regret_matching(four) == 0.0   # Smooth UCT instead
    for bad in ("-1", "1.5", "many"):
        with pytest.raises(BotSpecError):
            make_bot(f"ismcts:tree={bad}")


def test_coup_scores_leaves_with_the_evaluation_by_default():
    # leaf=auto: the fitted evaluation in the standard ruleset (heads-up and among four); playouts in
    # the seed rulesets (the evaluation was fitted and measured on standard)
    bot = make_bot("ismcts:iterations=2000", seed=3)
    two = new_game("coup", players=2, seed=4).information_state(0)
    four = new_game("coup", players=4, seed=4).information_state(0)
    seed_th = new_game("coup", ruleset="seed-th", players=2, seed=4).information_state(0)
    assert bot.leaf(two) == "eval" and bot.leaf(four) == "eval" and bot.leaf(seed_th) == "playout"
    assert bot.choose(two).extra["leaf"] == "eval"
    assert make_bot("ismcts:leaf=playout").leaf(two) == "playout"          # the option overrides the game
    assert make_bot("ismcts:leaf=playout").leaf(four) == "playout"
    # the default is the same search as leaf=eval written out, and differs from playouts
    for info in (two, four):
        a = make_bot("ismcts:iterations=2000", seed=5).choose(info)
        b = make_bot("ismcts:iterations=2000,leaf=eval", seed=5).choose(info)
        c = make_bot("ismcts:iterations=2000,leaf=playout", seed=5).choose(info)
        assert [(s.action, s.visits) for s in a.stats] == [(s.action, s.visits) for s in b.stats]
        assert [(s.action, s.visits) for s in a.stats] != [(s.action, s.visits) for s in c.stats]


def test_play_offers_the_levels():
    from intrigue.cli.play import play
    level = next(p for p in play.params if p.name == "level")
    assert list(level.type.choices) == level_names()
