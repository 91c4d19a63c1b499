"""Hand-made Coup positions for the search and bot tests (explicit deals, every step in notation)."""
from intrigue.engine.registry import load_game


def play(players, steps, ruleset="standard"):
    """A state of a ``players``-player game after ``steps`` (notation, chance events included)."""
    state = load_game("coup", ruleset, players).new_initial_state()
    for step in steps:
        state.apply_action(step)
    return state


def deal(*hands):
    """``deal S ROLE ROLE`` steps, one per hand, in seat order."""
    return [f"deal {s} {a} {b}" for s, (a, b) in enumerate(hands)]


# heads-up: seat 1 is down to its Contessa and seat 0 holds 7 coins -- a coup wins at once
LAST_OPPONENT_ONE_INFLUENCE = deal(("duke", "captain"), ("contessa", "ambassador")) + [
    "tax", "challenge", "reveal duke", "reveal ambassador", "draw 0 duke",   # seat 0: 1 + 3 = 4 coins
    "income",                                                                # seat 1: 3
    "tax", "pass",                                                           # seat 0: 7
    "income",                                                                # seat 1: 4
]
