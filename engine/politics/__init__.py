"""The Politics Game (seed 001, ``politics.md``): rules in :mod:`intrigue.ext.politics_core`, the game
interface, notation and display in :mod:`intrigue.engine.politics.game`."""
