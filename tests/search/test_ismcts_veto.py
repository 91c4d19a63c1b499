"""The belief's veto (``veto``, on by default): a move the belief model advises against
(``advised_against(info)``; Coup: Foreign Aid while an opponent blocks it habitually) is played only
when the search measures it apart from the other moves, beyond ``VETO_BAND`` standard errors;
otherwise the most visited of the others is played.  What it is for is in
``tests/coup/test_coup_adaptive.py``."""
import pytest

from intrigue.engine import new_game
from intrigue.search.bot import ActionStat, Analysis, BotSpecError, make_bot
from intrigue.search.ismcts import VETO_BAND, IsmctsBot


def _info(players=4, seed=3):
    s = new_game("coup", players=players, seed=seed)
    return s.information_state(s.current_player())


def _vetoed(info, rows, vetoed):
    """The move played after the veto (an index into the legal actions) and the move vetoed, given
    root statistics ``rows`` (visits, mean) in the order of the legal actions, the first being the
    search's move, and the indices the belief advises against."""
    legal = info.legal_actions()
    stats = [ActionStat(legal[i], info.action_to_string(legal[i]), n, v) for i, (n, v) in enumerate(rows)]
    out = Analysis(info.seat, stats[0].action, stats[0].move, stats)
    IsmctsBot._apply_veto(info, out, {legal[i] for i in vetoed})
    return legal.index(out.action), out.extra.get("veto")


def test_a_vetoed_move_within_noise_gives_way_to_the_most_visited_other_move():
    info = _info()
    n = len(info.legal_actions())
    assert n >= 4
    # the search's move (300 visits, 0.30) is advised against; moves 1 and 2 are 0.01-0.02 below it,
    # well within two standard errors (about 0.037): the more visited of them (move 2) is played
    rows = [(300, 0.30), (250, 0.29), (280, 0.28)] + [(10, 0.1)] * (n - 3)
    assert _vetoed(info, rows, {0}) == (2, info.action_to_string(info.legal_actions()[0]))
    # move 2 advised against as well: move 1
    assert _vetoed(info, rows, {0, 2})[0] == 1
    # nothing advised against, or only moves the search did not choose: the search's move stands
    assert _vetoed(info, rows, set()) == (0, None)
    assert _vetoed(info, rows, {1, 2}) == (0, None)


def test_a_vetoed_move_the_search_measures_apart_stands():
    info = _info()
    n = len(info.legal_actions())
    rows = [(300, 0.40), (250, 0.30), (280, 0.28)] + [(10, 0.1)] * (n - 3)
    gap, se = 0.40 - 0.30, (0.4 * 0.6 / 300 + 0.3 * 0.7 / 250) ** 0.5
    assert gap > VETO_BAND * se                          # measured better than every other move
    assert _vetoed(info, rows, {0}) == (0, None)
    # a move the search measures better than the vetoed one is never "apart" from it
    better = [(300, 0.30), (120, 0.45)] + [(10, 0.1)] * (n - 2)
    assert _vetoed(info, better, {0})[0] == 1


def test_moves_the_search_never_tried_are_not_alternatives():
    info = _info()
    n = len(info.legal_actions())
    rows = [(300, 0.30)] + [(0, 0.0)] * (n - 1)
    assert _vetoed(info, rows, {0}) == (0, None)


def test_veto_is_a_checked_switch():
    assert make_bot("ismcts:iterations=10", seed=1).config["veto"] is True
    assert make_bot("ismcts:iterations=10,veto=false", seed=1).config["veto"] is False
    with pytest.raises(BotSpecError, match="veto"):
        make_bot("ismcts:iterations=10,veto=often", seed=1)
