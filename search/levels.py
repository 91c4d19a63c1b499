"""Named strengths: ``beginner``, ``casual``, ``strong``, ``max``.

A level is a name for an ``ismcts`` spec with a thinking time per move that a person at the table
accepts.  Levels work wherever a bot spec does (``intrigue play --bots max``, ``intrigue play
--level casual``, ``intrigue arena --bots strong heuristic``, the protocol's ``setoption bot``):
:func:`intrigue.search.bot.make_bot` expands the name, and options given after it override the
level's (``max:workers=2``).  Their iteration counts are placed by Coup's gauntlet (docs/search.md,
"Levels"): each level wins clearly more of it than the one below.
"""
from __future__ import annotations

from typing import Dict, Optional

# level -> (spec, what a player should expect); from weakest to strongest
LEVELS: Dict[str, tuple] = {
    "beginner": ("ismcts:iterations=10",
                 "ten iterations: instant; looks barely past its own move, so easy to outplay"),
    "casual": ("ismcts:iterations=100",
               "a hundred iterations (a few milliseconds a move): reads claims, often misjudges"),
    "strong": ("ismcts:iterations=300",
               "three hundred iterations (a few to a hundred milliseconds a move, by game): reads claims and "
               "plays soundly, a step below max"),
    "max": ("ismcts:time=1000",
            "the strongest setting measured: at most a second a move on average, less when the choice is "
            "clear (up to 2 s on a close one), answered at once when there is nothing to decide"),
}

DEFAULT_LEVEL = "max"


def level_names() -> list:
    """The levels, weakest first."""
    return list(LEVELS)


def level_spec(name: str) -> Optional[str]:
    """The bot spec a level stands for, or None when ``name`` is not a level."""
    entry = LEVELS.get(str(name).strip().lower())
    return entry[0] if entry else None
