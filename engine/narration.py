"""What every game's narrator (its ``narrator`` plug-in: sentences for people) has in common.

A narrator holds the game, one language's phrase table and optional seat names; the game's own
subclass writes the sentences.  :class:`Narrator` keeps that shared part in one place."""
from __future__ import annotations

from typing import ClassVar, Dict, Optional, Sequence

from intrigue.engine.game import Game


class Narrator:
    """Base of the games' narrators: ``TEXT`` maps a language to its phrases ("you", "seat", ...);
    a language the game does not have falls back to English.

    A narrator's ``end_screen(core, viewer, *, board=True, placings=True)`` is what the terminal
    prints when the game ends; a page that draws the table and the placings itself asks for it with
    ``board=False, placings=False`` (a score table that says more than the placings stays)."""

    TEXT: ClassVar[Dict[str, Dict[str, str]]] = {}

    strict = False
    """Raise on a wording error instead of falling back to the notation (tests set it)."""

    def __init__(self, game: Game, lang: str = "en", names: Optional[Sequence[str]] = None) -> None:
        self.game = game
        self.lang = lang if lang in self.TEXT else "en"
        self.names = list(names) if names else []
        self.text = self.TEXT[self.lang]

    def seat(self, seat: int, viewer: Optional[int]) -> str:
        """``"you"`` for the viewer, else the seat's given name, else ``"seat 2"``."""
        if viewer is not None and seat == viewer:
            return self.text["you"]
        if 0 <= seat < len(self.names) and self.names[seat]:
            return self.names[seat]
        return self.text["seat"].format(n=seat)
