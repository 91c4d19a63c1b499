"""Kuhn poker: the smallest hidden-card game, and the example of adding a game to intrigue.

Everything the engine knows about it is in this package (``game.py``: the rules face and notation;
``heuristic.py``: the heuristic bot's policy) plus its kernel ``ext/kuhn_core.pyx``, and one line in
:mod:`intrigue.engine.registry`.  The conformance suite (``tests/conformance/``) runs it like every game.
"""
from intrigue.engine.kuhn.game import KuhnGame

__all__ = ["KuhnGame"]
