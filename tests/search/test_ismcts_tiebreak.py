"""When every move the search tried scores exactly the same, the search cannot tell them apart; it
then plays the game's heuristic choice instead of the first move in its list.

The case that matters: a Politics lie-catch vote when the result no longer depends on it (every
move scores 1, or every move 0). Without the tie-break the search abstained every time (the first
move); with it, the vote is the heuristic's, which follows the belief.  With ``tieband=z`` a
statistical tie (the heuristic's move within z standard errors of the move played) counts too."""
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


class _Fixed:
    """A stand-in for the heuristic tie-breaker that always names one move."""

    def __init__(self, action: int) -> None:
        self.action = action

    def choose(self, info):
        return self


def _band_choice(info, z: str, stats, pick: int) -> str:
    from intrigue.search.bot import ActionStat, Analysis
    bot = make_bot(f"ismcts:iterations=10,tieband={z}", seed=1)
    bot._tiebreaker = _Fixed(pick)
    legal = info.legal_actions()
    rows = [ActionStat(legal[i], info.action_to_string(legal[i]), n, v) for i, (n, v) in enumerate(stats)]
    out = Analysis(info.seat, rows[0].action, rows[0].move, rows)
    bot._break_tie(info, out)
    return out.move


def test_a_statistical_tie_goes_to_the_heuristic_only_within_the_band():
    info = first_vote(0)
    legal = info.legal_actions()
    # the move played (40 visits, 0.90) against the heuristic's (38 visits, 0.87): 0.03 apart, about
    # 0.4 standard errors (the Bernoulli bound) -- tied at z = 2 or 1, not with exact ties only
    close = [(40, 0.90), (38, 0.87)] + [(30, 0.5)] * (len(legal) - 2)
    assert _band_choice(info, "2", close, legal[1]) == info.action_to_string(legal[1])
    assert _band_choice(info, "1", close, legal[1]) == info.action_to_string(legal[1])
    assert _band_choice(info, "0", close, legal[1]) == info.action_to_string(legal[0])
    # 0.4 apart is many standard errors: the search's move stands at any sensible band
    far = [(40, 0.90), (38, 0.50)] + [(30, 0.5)] * (len(legal) - 2)
    assert _band_choice(info, "2", far, legal[1]) == info.action_to_string(legal[0])
    # a move the search never tried is not a tie
    untried = [(40, 0.90), (0, 0.0)] + [(30, 0.5)] * (len(legal) - 2)
    assert _band_choice(info, "10", untried, legal[1]) == info.action_to_string(legal[0])


def test_tieband_is_checked():
    import pytest
    from intrigue.search.bot import BotSpecError
    for bad in ("-1", "11", "wide"):
        with pytest.raises(BotSpecError, match="tieband"):
            make_bot(f"ismcts:iterations=10,tieband={bad}", seed=1)
