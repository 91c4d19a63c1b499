"""Leduc hold'em: two players, six cards, one private card each and one public card, two betting
rounds -- the field's second standard benchmark of imperfect-information play (after Kuhn poker).

Everything the engine knows about it is in this package (``game.py``: the rules face and notation;
``names.py``: display names; ``narrate.py``: sentences for people; ``heuristic.py``: the heuristic
bot's policy; ``benchmarks.py``: ``intrigue bench`` cases; ``web/``: the web table's drawing) plus its
kernel ``ext/leduc_core.pyx``, and one line in :mod:`intrigue.engine.registry`.  ``docs/leduc.md``
describes the representation and the choices; ``docs/rules/leduc.en.md`` is the players' guide.
"""
from intrigue.engine.leduc.game import LeducGame

__all__ = ["LeducGame"]
