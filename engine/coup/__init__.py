"""Coup (``../shared/rules/coup.md``): :class:`CoupGame` and its display names."""
from intrigue.engine.coup.game import CoupGame, ROLES

__all__ = ["CoupGame", "ROLES"]
