"""When every move the search tried scores exactly the same, the search cannot tell them apart; it
then plays the game's heuristic choice instead of the first move in its list.

The case that matters: a Politics lie-catch vote when the result no longer depends on it (every
move scores 1, or every move 0). Without the tie-break the search abstained every time (the first
move); with it, the vote is the heuristic's, which follows the belief."""
import random

from intrigue.engine import new_game
from intrigue.search.bot import make_bot


def first_vote(seed: int):
    s = new_game("politics", players=6, seed=seed)
    bots = [make_bot("heuristic", seed=seed * 10 + i) for i in range(6)]
    rng = random.Random(seed)
    while not s.is_terminal():
        p = s.current_player()
        if p < 0:
            s.apply_action(rng.choice(s.legal_actions()))
        elif s.decision().kind == "vote":
            return s.information_state(p)
        else:
            s.apply_action(bots[p].choose(s.information_state(p)).action)
    raise AssertionError("no vote reached")


def test_a_vote_the_search_cannot_separate_is_the_heuristics():
    info = first_vote(0)
    plain = make_bot("ismcts:iterations=300,tiebreak=false", seed=5).choose(info)
    values = {round(s.value, 9) for s in plain.stats if s.visits}
    assert len(values) == 1                                  # a settled vote: every move scores the same
    assert plain.move == info.action_to_string(info.legal_actions()[0]) and "tiebreak" not in plain.extra
    bot = make_bot("ismcts:iterations=300", seed=5)
    broken = bot.choose(info)
    assert broken.extra.get("tiebreak") == "heuristic" and broken.move != plain.move
    bot.reseed(5)
    assert bot.choose(info).move == broken.move              # reproducible from the seed
    assert broken.move.startswith("vote")


def test_moves_with_different_values_are_left_to_the_search():
    s = new_game("coup", players=2, seed=3)
    a = make_bot("ismcts:iterations=2000", seed=1).choose(s.information_state(s.current_player()))
    values = {round(x.value, 9) for x in a.stats if x.visits}
    assert len(values) > 1 and "tiebreak" not in a.extra
