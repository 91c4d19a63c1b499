"""The games intrigue knows, by name: the only list of games.  Frontends, the CLI, the search and the
protocol find games only here.  Adding a game is its package (``engine/<game>/``, whose game class
names its plug-ins), its kernel (``ext/<game>_*.pyx``, found by setup.py) and one line below."""
from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any, Dict, List, Mapping, Optional, Type

from intrigue.engine.errors import UnknownGameError

if TYPE_CHECKING:
    from intrigue.engine.game import Game, State

_GAMES: Dict[str, str] = {
    "coup": "intrigue.engine.coup.game:CoupGame",
    "politics": "intrigue.engine.politics.game:PoliticsGame",
    "shadow_master": "intrigue.engine.shadow_master.game:ShadowMasterGame",
    "kuhn": "intrigue.engine.kuhn.game:KuhnGame",
    "leduc": "intrigue.engine.leduc.game:LeducGame",
}

#: The game a command plays when none is named (``intrigue play``, ``intrigue arena``).
DEFAULT_GAME = "coup"


def game_names() -> List[str]:
    """Names of the games that are installed (importable)."""
    out = []
    for name in _GAMES:
        try:
            game_class(name)
        except UnknownGameError:
            continue
        out.append(name)
    return out


def game_class(name: str) -> "Type[Game]":
    """The game class registered as ``name`` (case and ``-``/``_`` do not matter)."""
    key = str(name).strip().lower().replace("-", "_")
    target = _GAMES.get(key)
    if target is None:
        raise UnknownGameError(f"unknown game {name!r} (known: {', '.join(game_names())})", field="game")
    module, _, attr = target.partition(":")
    try:
        return getattr(importlib.import_module(module), attr)
    except ImportError:
        raise UnknownGameError(f"the game {name!r} is not available in this installation", field="game") from None


def load_game(name: str, ruleset: Optional[str] = None, players: Optional[int] = None,
              options: Optional[Mapping[str, Any]] = None) -> "Game":
    """A :class:`Game` from its name, ruleset, player count and option overrides (all checked)."""
    return game_class(name)(ruleset=ruleset, players=players, options=options)


def new_game(name: str = "coup", ruleset: Optional[str] = None, players: Optional[int] = None,
             options: Optional[Mapping[str, Any]] = None, seed: Optional[int] = None) -> "State":
    """A new game ready for its first decision; chance events (the deal, draws) come from ``seed``.

    >>> s = new_game("coup", ruleset="seed-he", players=3, seed=7)
    >>> s.legal_moves()[:4]
    ['income', 'foreign_aid', 'tax', 'exchange']
    """
    return load_game(name, ruleset, players, options).new_state(seed)
