"""The Coup bluff-and-challenge report (engine/coup/report.py) on hand-worked records."""
import pytest

from support.ismcts_positions import deal, play
from intrigue.engine.coup.report import report, text
from intrigue.engine.records import GameRecord


def _record(steps, bots=("A", "B")):
    return GameRecord.from_state(play(len(bots), steps), bots=list(bots))


def test_bluffs_and_challenges_are_counted_against_the_true_hands():
    rec = _record(deal(("duke", "captain"), ("contessa", "ambassador")) + [
        "tax", "challenge", "reveal duke", "reveal ambassador", "draw 0 duke",   # A's true tax, B wrong
        "steal 0", "challenge", "reveal contessa",                              # B bluffs a steal, A right
    ])
    f = report([rec])
    a, b = f["A"], f["B"]
    assert (a["claims"], a["claim_bluffs"], b["claims"], b["claim_bluffs"]) == (1, 0, 1, 1)
    assert (a["chances"], a["challenges"], a["right"]) == (1, 1, 1)   # B's steal, challenged rightly
    assert (b["chances"], b["challenges"], b["right"]) == (1, 1, 0)   # A's tax, challenged wrongly
    assert a["claim_bluff_rate"] == 0.0 and b["claim_bluff_rate"] == 1.0 and a["challenges_right"] == 1.0
    assert a["games"] == b["games"] == 1 and (a["wins"], b["wins"]) == (1, 0)   # B lost its last card
    assert "A: 1 games, 1 wins" in text("x", f)


def test_a_block_without_the_role_is_a_bluff():
    rec = _record(deal(("duke", "captain"), ("contessa", "ambassador")) + [
        "steal 1", "pass", "block captain", "pass",       # B blocks with a captain it does not hold
    ])
    b = report([rec])["B"]
    assert (b["blocks"], b["block_bluffs"]) == (1, 1)
    assert b["chances"] == 1 and b["challenges"] == 0       # it let A's steal claim stand


def test_a_finished_game_counts_its_winner_and_other_games_are_refused():
    from intrigue.engine import new_game
    from intrigue.search.arena import play_game
    from intrigue.search.bot import make_bot
    state = new_game("coup", players=2, seed=4)
    final = play_game(state.game, [make_bot("heuristic", seed=1), make_bot("random", seed=2)], 4, state=state)
    rec = GameRecord.from_state(final, bots=["heuristic", "random"])
    f = report([rec])
    assert f["heuristic"]["wins"] + f["random"]["wins"] == 1
    politics = new_game("politics", players=6, seed=1)
    with pytest.raises(ValueError, match="politics"):
        report([GameRecord.from_state(politics, bots=["x"] * 6)])
