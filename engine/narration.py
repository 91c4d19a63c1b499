"""What every game's narrator (its ``narrator`` plug-in: sentences for people) has in common.

A narrator holds the game, one language's phrase table and optional seat names; the game's own
subclass writes the sentences.  :class:`Narrator` keeps that shared part in one place."""
from __future__ import annotations

import unicodedata
from typing import ClassVar, Dict, Optional, Sequence, Tuple

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

    #: Each word that starts a decision in the game's notation -> the decision kinds it answers, so a
    #: refusal of a typed move that does not fit the decision can say why (:meth:`why_unread`).
    VERBS: ClassVar[Dict[str, Tuple[str, ...]]] = {}

    def why_unread(self, core, text: str, viewer: Optional[int], error: Exception) -> str:
        """Why ``text``, which the game could not read as a move now, is refused, in one or two
        sentences before the question asked now: not a move of this game at all; a move of another
        decision (named by :meth:`decision_name`); or this decision's move written wrongly (the
        engine's own reason in English, an example of the right form in other languages).  Uses the
        narrator's phrases ``w_no_move``, ``w_other``, ``w_args``, ``w_args_en`` and the prompt."""
        words = text.strip().split()
        verb = words[0].lower() if words else ""
        kind = self.game.decision_kind(core)
        kinds = self.VERBS.get(verb)
        prompt = self.prompt(core, viewer)
        if kinds is None:
            return self._T("w_no_move", text=text.strip()) + " " + prompt
        if kind not in kinds:
            return self._T("w_other", text=text.strip(), verb=verb, when=self.decision_name(kinds[0])) + " " + prompt
        examples = [m for m in (self.game.action_to_string(core, a) for a in core.legal_actions())
                    if m.split()[0] == verb]
        message = getattr(error, "message", str(error))
        if message.startswith(f"{text.strip()!r}"):           # the engine's own message repeats the text
            message = message[len(repr(text.strip())):].lstrip(":  ")
        if self.lang == "en" and message:
            return self._T("w_args_en", text=text.strip(), reason=message) + " " + prompt
        return self._T("w_args", text=text.strip(), example=examples[0] if examples else verb) + " " + prompt

    def decision_name(self, kind: str) -> str:
        """A decision kind in the display language, for refusals (default: the game's words)."""
        return self.game.describe_decision(kind, self.lang).rstrip("?")

    def seat(self, seat: int, viewer: Optional[int]) -> str:
        """``"you"`` for the viewer, else the seat's given name, else ``"seat 2"``."""
        if viewer is not None and seat == viewer:
            return self.text["you"]
        if 0 <= seat < len(self.names) and self.names[seat]:
            return self.names[seat]
        return self.text["seat"].format(n=seat)


def display_width(text: str) -> int:
    """Columns ``text`` takes in a terminal: combining marks (Thai vowels and tones) take none, wide
    (East Asian) characters two."""
    return sum(0 if unicodedata.combining(ch) or unicodedata.category(ch) in ("Mn", "Me", "Cf")
               else 2 if unicodedata.east_asian_width(ch) in ("W", "F") else 1 for ch in text)


def pad_to(text: str, cols: int, right: bool = False) -> str:
    """``text`` padded with spaces to ``cols`` display columns (never cut)."""
    fill = " " * max(0, cols - display_width(text))
    return fill + text if right else text + fill
