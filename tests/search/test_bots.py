"""Bots: specs, the heuristic's rules on hand-made positions, and legality over many seeded games."""
import pytest

from support.ismcts_positions import deal, play
from intrigue.engine import new_game
from intrigue.engine.registry import load_game
from intrigue.search.arena import Arena, MatchConfig, play_game
from intrigue.search.bot import BotSpecError, make_bot, parse_spec
from intrigue.search.heuristic import HeuristicBot, policy_class
from intrigue.engine.coup.heuristic import CoupHeuristic


def test_specs():
    assert parse_spec("ismcts:iterations=20000,workers=2") == ("ismcts", {"iterations": "20000", "workers": "2"})
    bot = make_bot("ismcts:iterations=20000,workers=2,belief=off", seed=1)
    assert bot.config["iterations"] == 20000 and bot.config["workers"] == 2 and bot.config["belief"] is False
    assert bot.spec == "ismcts:iterations=20000,workers=2,belief=False"
    bot.close()
    assert make_bot("ismcts:time=1000").config["time"] == 1000.0
    assert isinstance(make_bot("heuristic"), HeuristicBot)
    for bad in ("", "nobot", "heuristic:bluff=2", "random:x", "ismcts:workers=two"):
        with pytest.raises(BotSpecError):
            make_bot(bad)


def test_spec_writes_whole_number_times_without_a_decimal_point():
    # a float option given as a whole number reads as it was typed, and a level keeps its name for players
    assert make_bot("ismcts:time=1000", seed=0).spec == "ismcts:time=1000"
    assert make_bot("ismcts:time=12.5", seed=0).spec == "ismcts:time=12.5"
    bot = make_bot("max", seed=0)
    assert bot.label == f"max ({bot.spec})" and bot.spec.startswith("ismcts:")
    assert make_bot("heuristic", seed=0).label == "heuristic"
    # the spec alone rebuilds the same bot (records keep the spec, not the level's name)
    assert make_bot(bot.spec, seed=0).config == bot.config


def test_heuristic_registry_names_a_policy_per_game():
    assert policy_class("coup") is CoupHeuristic
    with pytest.raises(BotSpecError):
        policy_class("chess")


def _probs(state, seat=None):
    seat = state.current_player() if seat is None else seat
    info = state.information_state(seat)
    probs = CoupHeuristic(make_bot("random", seed=0).rng).action_probs(info)
    return {info.action_to_string(a): p for a, p in probs.items()}


def test_heuristic_distribution_is_over_legal_actions():
    state = new_game("coup", players=4, seed=3)
    bot = make_bot("heuristic", seed=1)
    for _ in range(80):
        if state.is_terminal():
            break
        info = state.information_state(state.current_player())
        probs = bot.action_probs(info)
        assert set(probs) <= set(info.legal_actions())
        assert sum(probs.values()) == pytest.approx(1.0)
        state.apply_action(bot.choose(info).action)


def test_heuristic_challenges_an_impossible_claim():
    # seat 0 holds two dukes and then sees the third turned face up: seat 2's tax must be a bluff
    state = play(3, deal(("duke", "duke"), ("duke", "ambassador"), ("captain", "contessa")) +
                 ["income", "steal 2", "pass", "challenge", "reveal duke",     # seat 1 concedes its duke
                  "tax"])
    assert state.current_player() == 0 and state.decision().kind == "challenge"
    assert _probs(state) == {"challenge": 1.0}
    # with one duke in sight the same claim is merely doubtful
    state = play(3, deal(("duke", "captain"), ("assassin", "ambassador"), ("captain", "contessa")) +
                 ["income", "income", "tax"])
    assert 0 < _probs(state).get("challenge", 0) < 0.5


def test_heuristic_blocks_with_the_card_it_holds_and_proves_claims():
    state = play(3, deal(("assassin", "duke"), ("contessa", "captain"), ("duke", "ambassador")) +
                 ["income", "income", "income", "assassinate 1", "pass", "pass"])
    assert _probs(state) == {"block contessa": 1.0}
    state = play(2, deal(("captain", "duke"), ("contessa", "ambassador")) + ["tax", "challenge"])
    assert _probs(state) == {"reveal duke": 1.0}


def test_heuristic_bluffs_a_contessa_rather_than_die():
    # seat 1 is down to one card (an ambassador) and is being assassinated
    state = play(3, deal(("assassin", "duke"), ("captain", "ambassador"), ("duke", "contessa")) +
                 ["tax", "challenge", "reveal duke", "reveal captain", "draw 0 duke",
                  "income", "income", "assassinate 1", "pass", "pass"])
    probs = _probs(state)
    assert probs["block contessa"] > 0.5


def test_heuristic_coups_when_rich_and_keeps_good_cards():
    state = play(2, deal(("duke", "captain"), ("contessa", "ambassador")) +
                 ["tax", "pass", "income", "tax", "pass", "income"])      # seat 0: 1 + 3 + 3 = 7
    assert max(_probs(state).items(), key=lambda kv: kv[1])[0] == "coup 1"
    state = play(2, deal(("ambassador", "contessa"), ("captain", "captain")) +
                 ["exchange", "pass", "draw 0 duke assassin"])
    assert _probs(state) == {"keep duke assassin": 1.0}


def test_heuristic_beats_random_heads_up():
    # a behaviour check over seeded games, not a tuned threshold: the measured rate is ~81%
    arena = Arena(MatchConfig(game="coup", ruleset="standard", players=2, seed=11),
                  specs=["heuristic", "random"], games=300)
    summary = arena.run()
    assert summary["bots"][0]["win_rate"] >= 0.7


@pytest.mark.slow
@pytest.mark.parametrize("ruleset", ["standard", "seed-th", "seed-he"])
def test_bots_never_play_an_illegal_action(ruleset):
    # play_game applies every decision with the rules' own check: an illegal one raises ArenaError
    count = 0
    for players in (2, 3, 4, 5, 6):
        game = load_game("coup", ruleset, players)
        for g in range(200 if players <= 3 else 100):
            specs = ["ismcts:iterations=24", "heuristic", "random",
                     "ismcts:iterations=16,belief=false,playout=policy",
                     "ismcts:iterations=16,selfdet=0.5,opponent=parametric", "heuristic"]
            rot = g % len(specs)
            bots = [make_bot(specs[(rot + p) % len(specs)], seed=1000 * g + p) for p in range(players)]
            state = play_game(game, bots, seed=g)
            assert state.is_terminal()
            count += 1
    assert count == 700                  # 2100 games over the three rulesets
