"""Sentences for people: the game's narrator plug-in, or the game's display hooks when it has none.

Every game may name a narrator (``Game.plugin("narrator")``: a class taking ``(game, lang, names)``)
that turns events, actions and decisions into sentences in a language.  The web table asks only this
module, so the log, the buttons and the prompts read the same as in the terminal, and a game that has
no narrator yet still gets its notation turned into words by :meth:`Game.describe_action`.
"""
from __future__ import annotations

from typing import Any, List, Optional, Sequence

from intrigue.engine import Event, Game
from intrigue.engine.narration import Narrator

# the page's own words for the fallback sentences (the page's UI words live in static/ui.js)
_SEAT = {"en": "Seat {n}", "th": "ที่นั่ง {n}", "he": "מושב {n}"}
_YOU = {"en": "you", "th": "คุณ", "he": "את/ה"}
# a decision with one legal move, played for the person (the terminal's words for it)
_AUTO = {"en": "Only one choice, played for you: {label}", "th": "มีทางเลือกเดียว เลือกให้แล้ว: {label}",
         "he": "יש רק אפשרות אחת, והיא נבחרה עבורך: {label}"}
# a decision with one legal move that the person is asked for all the same (other people at the table
# must not learn from its speed that it was forced)
_ONLY = {"en": "Only one choice here: {label}. Choose it when you are ready; the other players cannot tell "
               "that you had no other choice.",
         "th": "ตรงนี้มีทางเลือกเดียว: {label} กดเมื่อพร้อม ผู้เล่นคนอื่นจะไม่รู้ว่าคุณไม่มีทางเลือกอื่น",
         "he": "יש כאן רק אפשרות אחת: {label}. בחר/י בה כשתהיה/י מוכן/ה; השחקנים האחרים לא יידעו שלא "
               "הייתה לך ברירה אחרת."}
# what another seat's page shows while a seat decides, when the game has no narrator to word it
_WAIT = {"en": "{who} is to decide ({what}).", "th": "ถึงตา{who} ตัดสินใจ ({what})", "he": "{who} מחליט/ה ({what})."}
# the prompt of a decision when the game has no narrator to word it
_DECIDE = {"en": "Your decision: {what}", "th": "ตาของคุณ: {what}", "he": "ההחלטה שלך: {what}"}
_NO_RULES = {"en": "No rules summary for this game.", "th": "ไม่มีสรุปกติกาของเกมนี้",
             "he": "אין סיכום חוקים למשחק הזה."}


def game_lang(game: Game, lang: str) -> str:
    """``lang`` if the game speaks it, else the game's own default language (for game words)."""
    return lang if lang in game.languages else game.language


class Narration:
    """One table's sentences in one language, from the narrator plug-in or the display hooks."""

    def __init__(self, game: Game, lang: str = "en", names: Optional[Sequence[str]] = None) -> None:
        self.game = game
        self.lang = lang
        self.words_lang = game_lang(game, lang)
        self.names = list(names) if names else None
        narrator_class = type(game).plugin("narrator")
        self.narrator: Optional[Narrator] = None
        if narrator_class is not None:
            try:
                self.narrator = narrator_class(game, lang=self.words_lang, names=self.names)
            except Exception:           # a broken narrator must not take the table down
                self.narrator = None

    def _ask(self, method: str, *args: Any, **kw: Any) -> Any:
        """The narrator's answer (every method is :class:`Narrator`'s interface), or None: the game has
        no narrator of its own (the page's words below then speak), or it failed (a broken narrator
        must not take the table down)."""
        if self.narrator is None:
            return None
        try:
            return getattr(self.narrator, method)(*args, **kw)
        except Exception:
            return None

    # --- the narrator's interface, each with its fallback --------------------------------------
    def seat(self, seat: int, viewer: Optional[int]) -> str:
        said = self._ask("seat", seat, viewer)
        if said:
            return said
        if self.names and 0 <= seat < len(self.names):
            name = self.names[seat]
        else:
            name = _SEAT.get(self.lang, _SEAT["en"]).format(n=seat)
        return f"{name} ({_YOU.get(self.lang, _YOU['en'])})" if viewer is not None and seat == viewer else name

    def event(self, core_before: Any, event: Event, viewer: Optional[int]) -> List[str]:
        """The sentences of ``event`` as ``viewer`` sees it (``[]`` if it does not see it)."""
        text = event.seen_by(viewer)
        if text is None:
            return []
        said = self._ask("event", core_before, event, viewer)
        if said is not None:
            return [str(s) for s in said]
        words = self.game.describe_action(text, self.words_lang)
        if event.seat < 0:
            return [f"· {words}"]
        return [f"{self.seat(event.seat, viewer)}: {words}"]

    def replay_event(self, core_before: Any, event: Event, viewer: Optional[int]) -> List[str]:
        """The sentences of ``event`` in a replay, which steps through every event it shows: the
        narrator's ``event_for_replay`` where it has one (a Politics window pass, unsaid in play, names
        its window), else :meth:`event`."""
        if event.seen_by(viewer) is None:
            return []
        said = self._ask("event_for_replay", core_before, event, viewer)
        return [str(s) for s in said] if said is not None else self.event(core_before, event, viewer)

    def action_label(self, core: Any, action: int, viewer: Optional[int]) -> str:
        said = self._ask("action_label", core, action, viewer)
        if said:
            return str(said)
        return self.game.describe_action(self.game.action_to_string(core, action), self.words_lang)

    def prompt(self, core: Any, viewer: Optional[int]) -> str:
        """What the seat to decide is asked (for ``viewer``: the decider's own prompt, or, for anyone
        else, what is being waited for)."""
        said = self._ask("prompt", core, viewer)
        if said:
            return str(said)
        kind = self.game.decision_kind(core)
        cp = core.current_player()
        if viewer is not None and viewer != cp and cp >= 0:   # the game's prompt words speak to the decider
            return _WAIT.get(self.lang, _WAIT["en"]).format(who=self.seat(cp, viewer), what=kind.replace("_", " "))
        return self.game.describe_decision(kind, self.words_lang)

    def decision_prompt(self, core: Any, viewer: int) -> str:
        """The whole line the deciding seat's page shows over its buttons: the narrator's prompt
        (it already speaks to the decider: "Your turn: choose an action ..."), else the decision's
        name after the page's own "Your decision:" -- said once either way."""
        said = self._ask("prompt", core, viewer)
        if said:
            return str(said)
        what = self.game.describe_decision(self.game.decision_kind(core), self.words_lang)
        return _DECIDE.get(self.lang, _DECIDE["en"]).format(what=what)

    def rules(self, core: Any, viewer: Optional[int]) -> str:
        """The part of the rules that matters now, as ``viewer`` reads it (the terminal's ``rules``)."""
        said = self._ask("rules", core, viewer)
        return str(said) if said else _NO_RULES.get(self.lang, _NO_RULES["en"])

    def end_text(self, core: Any, viewer: Optional[int]) -> Optional[str]:
        """The narrator's end screen (winner, reason, scores) for ``viewer`` without what the page
        draws itself: the text drawing of the board and the list of placings (the narrator leaves
        them out when asked: ``board=False, placings=False``); ``None`` without a narrator's."""
        said = self._ask("end_screen", core, viewer, board=False, placings=False)
        if said is None:
            return None
        return str(said).strip("\n") or None

    def why_illegal(self, core: Any, text: str, viewer: Optional[int], fallback: str) -> str:
        said = self._ask("why_illegal", core, text, viewer)
        return str(said) if said else fallback

    def auto_line(self, core: Any, action: int, viewer: Optional[int]) -> str:
        """What the seat is told when its only legal move is played for it (as the terminal does)."""
        said = self._ask("auto_line", core, action, viewer)
        if said:
            return str(said)
        return _AUTO.get(self.lang, _AUTO["en"]).format(label=self.action_label(core, action, viewer))

    def only_choice_prompt(self, core: Any, action: int, viewer: Optional[int]) -> str:
        """The prompt of a lone legal move the person is asked for rather than have it played for them
        (other people at the table: search/pacing.py)."""
        return _ONLY.get(self.lang, _ONLY["en"]).format(label=self.action_label(core, action, viewer))

    def turn_header(self, core: Any, viewer: Optional[int]) -> Optional[str]:
        said = self._ask("turn_header", core, viewer)
        return str(said) if said else None
