"""The ISMCTS loop (ext/ismcts.pyx) and the ismcts bot: cross-checked against a pure-Python
reference, blind to hidden cards, reproducible, within its memory cap, stoppable, parallel."""
import threading

import pytest

from support.ismcts_positions import LAST_OPPONENT_ONE_INFLUENCE, deal, play
from support.ismcts_reference import reference_search
from intrigue.engine import new_game
from intrigue.ext.ismcts import Search, node_size
from intrigue.search.bot import BotSpecError, Limits, make_bot


# --- the C loop against the reference --------------------------------------------------------------
@pytest.mark.parametrize("players,seed,moves", [
    (2, 3, []),
    (4, 5, []),
    (6, 1, []),
    (3, 8, ["tax"]),                         # a challenge decision (seat 1)
    (4, 2, ["steal 1", "pass", "pass"]),     # seat 3's challenge window
])
def test_c_loop_builds_the_reference_tree(players, seed, moves):
    state = new_game("coup", players=players, seed=seed)
    for m in moves:
        state.apply_action(m)
    seat = state.current_player()
    info = state.information_state(seat)
    search = Search(info.core, seat, 11, c=0.7, playout="random")
    search.run(1500)
    assert search.root_stats() == reference_search(info.core, seat, 1500, 11, c=0.7)


def test_root_statistics_add_up():
    state = new_game("coup", players=4, seed=9)
    info = state.information_state(0)
    search = Search(info.core, 0, 5, c=0.7)
    search.run(3000)
    stats = search.root_stats()
    assert sum(v for _, v, _, _ in stats) == 3000
    assert {a for a, *_ in stats} <= set(info.legal_actions())
    for _, visits, reward, avail in stats:
        assert 0 <= reward <= visits <= avail <= 3000


def test_search_refuses_a_root_that_is_not_the_seats_decision():
    state = new_game("coup", players=3, seed=1)
    with pytest.raises(ValueError):
        Search(state.information_state(1).core, 1, 0)


def test_node_is_at_most_48_bytes():
    assert node_size() <= 48


def _timeless(analysis):
    d = analysis.to_dict()
    d.pop("elapsed_ms"), d.pop("per_s", None)
    return d


# --- the bot ---------------------------------------------------------------------------------------
def test_takes_the_immediate_win():
    state = play(2, LAST_OPPONENT_ONE_INFLUENCE)
    info = state.information_state(0)
    for spec in ("ismcts:iterations=2000", "ismcts:iterations=2000,belief=false"):
        an = make_bot(spec, seed=3).choose(info)
        assert an.move == "coup 1", (spec, an.stats[:3])
        best = an.stats[0]
        assert best.move == "coup 1" and best.value == pytest.approx(1.0)


def test_blind_to_opponents_face_down_cards():
    # same public history, same seat-0 cards; seats 1 and 2 hold different cards
    history = ["tax", "pass", "pass", "income", "steal 0", "pass", "pass"]
    a = play(3, deal(("duke", "captain"), ("assassin", "contessa"), ("duke", "ambassador")) + history)
    b = play(3, deal(("duke", "captain"), ("captain", "captain"), ("contessa", "assassin")) + history)
    assert a.core != b.core
    ia, ib = a.information_state(0), b.information_state(0)
    assert ia == ib
    for spec in ("ismcts:iterations=3000", "ismcts:iterations=3000,belief=false,playout=random",
                 "ismcts:iterations=3000,selfdet=0.5", "ismcts:iterations=3000,opponent=fitted",
                 "ismcts:iterations=3000,opponent=truthful"):
        ra = _timeless(make_bot(spec, seed=21).choose(ia))
        rb = _timeless(make_bot(spec, seed=21).choose(ib))
        assert ra == rb


def test_reproducible_with_a_seed_and_an_iteration_limit():
    state = new_game("coup", players=4, seed=12)
    info = state.information_state(0)
    one = _timeless(make_bot("ismcts:iterations=4000", seed=5).choose(info))
    two = _timeless(make_bot("ismcts:iterations=4000", seed=5).choose(info))
    other = _timeless(make_bot("ismcts:iterations=4000", seed=6).choose(info))
    assert one == two
    assert one["stats"] != other["stats"]


def test_memory_cap_holds():
    state = new_game("coup", players=4, seed=4)
    info = state.information_state(0)
    search = Search(info.core, 0, 1, c=0.7, max_nodes=300, initial_nodes=16)
    search.run(20000)
    assert search.node_count <= 300
    assert search.tree_bytes <= 300 * node_size()
    an = make_bot("ismcts:iterations=20000,max_nodes=300", seed=1).choose(info)
    assert an.extra["nodes"] <= 300
    assert an.iterations == 20000
    assert an.action in info.legal_actions()
    # with regret matching each node also holds its regret, and the cap still holds
    regret = Search(info.core, 0, 1, c=0.7, max_nodes=300, initial_nodes=16, rm=0.3)
    regret.run(20000)
    assert regret.node_count <= 300
    assert regret.tree_bytes <= 300 * node_size(True) and node_size(True) > node_size()


def test_memory_option_bounds_the_tree():
    bot = make_bot("ismcts:memory=1", seed=1)
    assert bot._max_nodes() * node_size() <= 1 << 20
    assert bot._max_nodes(True) * node_size(True) <= 1 << 20 < bot._max_nodes() * node_size(True)


def test_analysis_covers_every_legal_action_and_reports_belief():
    state = new_game("coup", players=4, seed=3)
    state.apply_action("tax")
    info = state.information_state(1)
    an = make_bot("ismcts:iterations=3000", seed=2).choose(info)
    assert sorted(s.action for s in an.stats) == info.legal_actions()
    assert an.action == max(an.stats, key=lambda s: s.visits).action
    assert sum(s.visits for s in an.stats) == an.iterations == 3000
    assert set(an.belief) == {0, 2, 3}
    for seat, probs in an.belief.items():
        assert set(probs) == {"duke", "assassin", "captain", "ambassador", "contessa"}
        assert sum(probs.values()) == pytest.approx(1.0)
    # seat 0 claimed the Duke: the inference makes it likelier for seat 0 than for the others
    assert an.belief[0]["duke"] > an.belief[2]["duke"] + 0.05
    d = an.to_dict()
    assert d["move"] == an.move and d["iterations"] == 3000 and "belief" in d


def test_forced_decision_returns_at_once():
    state = play(2, LAST_OPPONENT_ONE_INFLUENCE + ["assassinate 1", "pass", "pass"])
    info = state.information_state(1)
    assert info.legal_moves() == ["reveal contessa"]
    an = make_bot("ismcts:iterations=100000", seed=1).choose(info)
    assert an.move == "reveal contessa" and an.iterations == 0 and an.extra["forced"]


def test_stop_event_ends_an_infinite_search_and_info_streams():
    state = new_game("coup", players=4, seed=6)
    info = state.information_state(0)
    bot = make_bot("ismcts:info_ms=20", seed=1)
    stop = threading.Event()
    seen = []

    def on_info(d):
        seen.append(d)
        if len(seen) >= 3:
            stop.set()

    an = bot.choose(info, limits=Limits(infinite=True), on_info=on_info, stop=stop)
    assert an.extra.get("stopped") is True
    assert an.action in info.legal_actions()
    assert len(seen) >= 3
    assert seen[-1]["iterations"] <= an.iterations
    assert {"iterations", "stats", "move", "belief", "nodes"} <= set(seen[0])
    with pytest.raises(BotSpecError):
        bot.choose(info, limits=Limits(infinite=True))     # nobody could ever stop it


def test_time_limit_stops_the_search():
    state = new_game("coup", players=4, seed=6)
    an = make_bot("ismcts:time=50", seed=1).choose(state.information_state(0))
    assert an.iterations > 0
    assert an.elapsed_ms < 5000            # not a speed check: only that the clock is obeyed at all


def test_limits_passed_at_call_override_the_spec():
    state = new_game("coup", players=3, seed=6)
    info = state.information_state(0)
    an = make_bot("ismcts:iterations=50000", seed=1).choose(info, limits=Limits(iterations=700))
    assert an.iterations == 700


def test_two_workers_return_a_valid_merged_decision():
    state = new_game("coup", players=4, seed=8)
    info = state.information_state(0)
    bot = make_bot("ismcts:iterations=6000,workers=2", seed=4)
    try:
        an = bot.choose(info)
        again = make_bot("ismcts:iterations=6000,workers=2", seed=4)
        try:
            an2 = again.choose(info)
        finally:
            again.close()
    finally:
        bot.close()
    assert an.action in info.legal_actions()
    assert an.iterations == 6000 and an.extra["workers"] == 2
    assert sum(s.visits for s in an.stats) == 6000
    assert [(s.action, s.visits) for s in an.stats] == [(s.action, s.visits) for s in an2.stats]


def test_bad_specs_are_refused():
    for spec in ("ismcts:workers=0", "ismcts:selfdet=2", "ismcts:playout=smart", "ismcts:c=-1",
                 "ismcts:iterations=x", "ismcts:depth=3"):
        with pytest.raises(BotSpecError):
            make_bot(spec)


def test_self_determinization_is_used_where_the_root_allows_it():
    state = new_game("coup", players=3, seed=2)
    info = state.information_state(0)
    an = make_bot("ismcts:iterations=2000,selfdet=0.5", seed=1).choose(info)
    assert 700 < an.extra["self_iterations"] < 1300
    # losing a card: the choices depend on the own cards, so a self-determinized world is used only
    # when its re-deal happens to give the same two cards (rarely)
    state = play(2, LAST_OPPONENT_ONE_INFLUENCE[:5])
    info = state.information_state(1)
    assert info.legal_moves() == ["reveal ambassador", "reveal contessa"]
    an = make_bot("ismcts:iterations=500,selfdet=0.5", seed=1).choose(info)
    assert an.extra["self_iterations"] < 100


def test_root_worlds_true_decides_from_the_true_cards_only():
    state = new_game("coup", players=4, seed=3)
    info = state.information_state(0)
    search = Search(info.core, 0, 7, c=2.0, self_p=0.5, root_worlds="true")    # uniform deals
    search.run(4000)
    stats = search.root_stats()
    true_iterations = search.iterations - search.self_iterations
    assert 1500 < search.self_iterations < 2500
    # the root's statistics count only the iterations that dealt the searcher its own cards ...
    assert sum(v for _, v, _, _ in stats) == true_iterations
    assert {a for a, *_ in stats} == set(info.legal_actions())
    # ... while the re-dealt ones still grow (and teach) the tree below the root
    assert search.node_count > true_iterations + 1
    # without self-determinization the option changes nothing
    plain = Search(info.core, 0, 7, c=2.0)
    plain.run(2000)
    same = Search(info.core, 0, 7, c=2.0, root_worlds="true")
    same.run(2000)
    assert same.root_stats() == plain.root_stats()
    with pytest.raises(ValueError):
        Search(info.core, 0, 7, root_worlds="some")
    with pytest.raises(BotSpecError):
        make_bot("ismcts:rootworlds=some")
    an = make_bot("ismcts:iterations=2000,rootworlds=true", seed=1).choose(info)
    assert sum(m["visits"] for m in an.to_dict()["stats"]) == 2000 - an.extra["self_iterations"]


def test_policy_playouts_pick_legal_actions_and_search_with_them():
    from intrigue.ext.coup_core import policy_action
    for g in range(40):
        state = new_game("coup", players=2 + g % 5, seed=g)
        bots = [make_bot("random", seed=g * 10 + p) for p in range(state.num_players)]
        while not state.is_terminal():
            for k in range(3):
                assert policy_action(state.core, seed=g * 1000 + k) in state.legal_actions()
            seat = state.current_player()
            state.apply_action(bots[seat].choose(state.information_state(seat)).action)
    info = new_game("coup", players=4, seed=1).information_state(0)
    search = Search(info.core, 0, 3, c=0.7, playout="policy")
    search.run(2000)
    assert sum(v for _, v, _, _ in search.root_stats()) == 2000


def test_a_game_of_many_small_decisions_scales_the_time_budget_but_never_a_callers_limit():
    state = new_game("shadow_master", players=4, seed=3)
    info = state.information_state(state.current_player())
    share = make_bot("max", seed=1)
    assert share.time_share(info) == pytest.approx(0.2)            # Shadow Master's search_defaults
    assert share._plan(None, info).time_ms == pytest.approx(200.0)
    assert share._plan(Limits(time_ms=1000), info).time_ms == 1000  # the protocol's movetime: as given
    assert make_bot("max:timeshare=1")._plan(None, info).time_ms == 1000
    coup = new_game("coup", players=2, seed=1)
    assert share._plan(None, coup.information_state(coup.current_player())).time_ms == 1000
    with pytest.raises(BotSpecError, match="timeshare"):
        make_bot("ismcts:timeshare=0")
