"""intrigue: an AI-opponent engine for hidden-role games.

The package is organised in layers that can be read and changed one at a time:

* :mod:`intrigue.engine` -- the game interface and each game's rules, notation and records;
* :mod:`intrigue.ext` -- the C-speed kernels (compact states, move generation, playouts, ISMCTS);
* :mod:`intrigue.search` -- bots, belief models, search limits, the arena;
* :mod:`intrigue.cli` -- the ``intrigue`` command (play, engine protocol, arena, bench, replay).
"""

__version__ = "0.1.0"
