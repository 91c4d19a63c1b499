"""intrigue: an AI-opponent engine for hidden-role games.

The package is organised in layers that can be read and changed one at a time; each imports only the
layers below it (cli -> protocol -> search -> engine -> ext):

* :mod:`intrigue.ext` -- the C-speed kernels (the game ABI, each game's compact state, the ISMCTS loop);
* :mod:`intrigue.engine` -- the game interface, records, the registry, and one package per game with
  everything the game knows (rules face, notation, heuristic policy, belief model, benchmarks);
* :mod:`intrigue.search` -- bots, the generic search, workers, the refereed table, the arena;
* :mod:`intrigue.protocol` -- the engine protocol for frontends;
* :mod:`intrigue.cli` -- the ``intrigue`` command (play, engine, arena, bench, replay).

(This file is ``package_init.py`` in the repository; setup.py installs it as ``intrigue/__init__.py``.)
"""

__version__ = "0.1.0"
