"""What every game's narrator (its ``narrator`` plug-in: sentences for people) has in common.

A narrator holds the game, one language's phrase table and optional seat names; the game's own
subclass writes the sentences.  :class:`Narrator` keeps the shared part in one place: the whole
interface the frontends call (the terminal, the replays, the web table), each optional method with a
default here, so a frontend calls a narrator's methods without asking first whether it has them; and
the text helpers every game's narrator uses (:func:`cap`, :func:`clip`, :func:`display_width`,
:func:`pad_to`, :meth:`Narrator.join`).  A game without a narrator of its own is told by
:class:`Narrator` itself: its notation in words (:meth:`Game.describe_action`)."""
from __future__ import annotations

import unicodedata
from typing import Any, Callable, ClassVar, Dict, List, Optional, Sequence, Tuple

from intrigue.engine.game import Event, Game, State

#: The base narrator's phrases: the words a game without a narrator of its own is told in, and the
#: defaults of the optional methods (a game's ``TEXT`` may override any of them).
BASE_TEXT: Dict[str, Dict[str, str]] = {
    "en": {"you": "you", "seat": "seat {n}", "one_choice_played": "Only one choice, played for you: {label}",
           "list": ", ", "and": " and ",
           "w_no_move": "{text!r} is not a move of this game.",
           "w_other": "{text!r} does not answer this decision: '{verb}' belongs to another one ({when}).",
           "w_args": "{text!r} is not written as this decision takes it, e.g. '{example}'.",
           "w_args_en": "{text!r} is not possible here: {reason}."},
    "th": {"you": "คุณ", "seat": "ที่นั่ง {n}", "one_choice_played": "มีทางเลือกเดียว เลือกให้แล้ว: {label}",
           "list": " ", "and": " และ ",
           "w_no_move": "{text!r} ไม่ใช่การเดินของเกมนี้",
           "w_other": "{text!r} ไม่ใช่คำตอบของการตัดสินใจนี้: '{verb}' ใช้ใน{when}",
           "w_args": "{text!r} เขียนไม่ตรงกับการตัดสินใจนี้ ตัวอย่าง '{example}'"},
    "he": {"you": "את/ה", "seat": "מושב {n}", "one_choice_played": "יש רק אפשרות אחת, והיא נבחרה עבורך: {label}",
           "list": ", ", "and": " ו",
           "w_no_move": "{text!r} אינו מהלך במשחק הזה.",
           "w_other": "{text!r} אינו עונה על ההחלטה הזאת: '{verb}' שייך להחלטה אחרת ({when}).",
           "w_args": "{text!r} אינו כתוב בצורה שההחלטה הזאת מקבלת, למשל '{example}'."},
}


def cap(text: str) -> str:
    """``text`` with its first letter capitalised (a seat's name opening a sentence)."""
    return text[:1].upper() + text[1:] if text else text


class Narrator:
    """Base of the games' narrators: ``TEXT`` maps a language to its phrases ("you", "seat", ...);
    a language the game does not have falls back to English, and a phrase the game's table lacks to
    :data:`BASE_TEXT`'s.

    The interface, as the frontends call it (``viewer`` is the seat whose view is told, ``None`` the
    full view of a referee's replay; every method shows that view's information only):

    * required of a game's narrator (the base's are the plain notation words): :meth:`seat`,
      :meth:`event`, :meth:`action_label`, :meth:`prompt`;
    * optional, with defaults here: :meth:`event_for_replay`, :meth:`turn_header`, :meth:`why_illegal`,
      :meth:`auto_line`, :meth:`board`, :meth:`wants_board`, :meth:`group`, :meth:`standing_pass`,
      :meth:`rules`, :meth:`end_screen`, :meth:`decision_name` and the ``color`` switch.

    A narrator's ``end_screen(core, viewer, *, board=True, placings=True)`` is what the terminal
    prints when the game ends; a page that draws the table and the placings itself asks for it with
    ``board=False, placings=False`` (a score table that says more than the placings stays)."""

    TEXT: ClassVar[Dict[str, Dict[str, str]]] = BASE_TEXT

    strict = False
    """Raise on a wording error instead of falling back to the notation (tests set it)."""

    color = False
    """ANSI colours on the board; the terminal switches it on only when its output is a terminal (a
    narrator that has no colours ignores it)."""

    def __init__(self, game: Game, lang: str = "en", names: Optional[Sequence[str]] = None) -> None:
        self.game = game
        self.lang = lang if lang in self.TEXT else "en"
        self.names = list(names) if names else []
        self.text = {**BASE_TEXT.get(self.lang, BASE_TEXT["en"]), **self.TEXT[self.lang]}

    #: Each word that starts a decision in the game's notation -> the decision kinds it answers, so a
    #: refusal of a typed move that does not fit the decision can say why (:meth:`why_unread`).
    VERBS: ClassVar[Dict[str, Tuple[str, ...]]] = {}

    # --- the interface: what a narrator says --------------------------------------------------------
    def seat(self, seat: int, viewer: Optional[int]) -> str:
        """``"you"`` for the viewer, else the seat's given name, else ``"seat 2"``."""
        if viewer is not None and seat == viewer:
            return self.text["you"]
        if 0 <= seat < len(self.names) and self.names[seat]:
            return self.names[seat]
        return self.text["seat"].format(n=seat)

    def event(self, core: Any, event: Event, viewer: Optional[int]) -> List[str]:
        """The sentences of ``event`` (which happened at ``core``) as ``viewer`` sees it; ``[]`` when
        the viewer does not see it.  The base: the notation in words, after the seat's name."""
        text = event.seen_by(viewer)
        if text is None:
            return []
        words = self.game.describe_action(text, self.lang)
        return [words if event.seat < 0 else f"{self.seat(event.seat, viewer)}: {words}"]

    def event_for_replay(self, core: Any, event: Event, viewer: Optional[int]) -> List[str]:
        """The sentences of ``event`` in a replay, which steps through every event it shows (a game may
        tell more there than in play: a Politics window pass names its window).  Default: :meth:`event`."""
        return self.event(core, event, viewer)

    def action_label(self, core: Any, action: int, viewer: Optional[int]) -> str:
        """A legal action as a menu lists it."""
        return self.game.describe_action(self.game.action_to_string(core, action), self.lang)

    def prompt(self, core: Any, viewer: Optional[int]) -> str:
        """What the seat to decide is asked."""
        return self.game.describe_decision(self.game.decision_kind(core), self.lang)

    def decision_name(self, kind: str) -> str:
        """A decision kind in the display language, for refusals (default: the game's words)."""
        return self.game.describe_decision(kind, self.lang).rstrip("?")

    def turn_header(self, core: Any, viewer: Optional[int]) -> Optional[str]:
        """The header a new turn opens with in the log (None: the game has no turns to head)."""
        return None

    def why_illegal(self, core: Any, text: str, viewer: Optional[int]) -> str:
        """Why the typed move ``text`` is refused, in the game's terms ("": the frontend's own words)."""
        return ""

    def auto_line(self, core: Any, action: int, viewer: Optional[int]) -> str:
        """What the seat is told when its only legal move is played for it."""
        return self.text["one_choice_played"].format(label=self.action_label(core, action, viewer))

    def board(self, state: State, viewer: Optional[int]) -> str:
        """The table as ``viewer`` sees it (default: the game's text rendering)."""
        return state.render(viewer, self.lang)

    def wants_board(self, core: Any, viewer: Optional[int]) -> bool:
        """Whether the terminal shows the board before asking ``viewer`` this decision (default: before
        a turn's action)."""
        return self.game.decision_kind(core) == "action"

    def group(self, core: Any, actions: List[int], viewer: Optional[int],
              depth: int) -> Optional[Tuple[str, List[Tuple[str, List[int]]]]]:
        """A long menu asked in steps: ``(question, [(label, actions), ...])`` for step ``depth``, or
        None to list ``actions`` at once (default)."""
        return None

    def standing_pass(self, core: Any, viewer: Optional[int]) -> Optional[Dict[str, Any]]:
        """An offer to pass a question that comes again and again for the rest of its phase:
        ``{"key", "action", "label", "note"}``, or None (default: the game has none)."""
        return None

    def rules(self, core: Any, viewer: Optional[int]) -> Optional[str]:
        """The part of the rules that matters now (None: the game has no summary; the frontend says so)."""
        return None

    def end_screen(self, core: Any, viewer: Optional[int], *, board: bool = True, placings: bool = True) -> str:
        """What is shown when the game is over (``board=False``: without the drawing of the table;
        ``placings=False``: without the list of placings).  Default: the game's rendering for
        ``viewer``, which shows the cards the game reveals to that seat and the winner where it is
        public -- no placings of its own, since ``core`` may be a view's guess at the hidden cards
        (a seat's record) and placings computed from it could name a winner the seat never saw."""
        return State(self.game, core).render(viewer, self.lang) if board else ""

    # --- shared text helpers -------------------------------------------------------------------------
    def _T(self, key: str, **kw: Any) -> str:
        """Phrase ``key`` of the narrator's language filled in with ``kw``; a phrase that language lacks
        is taken from English (a game's narrator may add its own touches, e.g. Thai spacing)."""
        template = self.text.get(key)
        if template is None:
            template = {**BASE_TEXT["en"], **self.TEXT.get("en", {})}[key]
        return template.format(**kw)

    def join(self, items: Sequence[str], word: str = "and", empty: str = "") -> str:
        """``a, b and c`` in the narrator's language (its ``list`` and ``word`` phrases); ``empty`` for
        no items."""
        items = list(items)
        if not items:
            return empty
        if len(items) == 1:
            return items[0]
        return self.text["list"].join(items[:-1]) + self.text[word] + items[-1]

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



def narrator_for(game: Game, lang: str = "en", names: Optional[Sequence[str]] = None) -> Narrator:
    """The game's narrator (its ``narrator`` plug-in, :meth:`Game.plugin`), or the base
    :class:`Narrator` (the notation in words) for a game without one."""
    cls = game.plugin("narrator") or Narrator
    return cls(game, lang, names)


def display_width(text: str) -> int:
    """Columns ``text`` takes in a terminal: combining marks (Thai vowels and tones) take none, wide
    (East Asian) characters two."""
    return sum(0 if unicodedata.combining(ch) or unicodedata.category(ch) in ("Mn", "Me", "Cf")
               else 2 if unicodedata.east_asian_width(ch) in ("W", "F") else 1 for ch in text)


def pad_to(text: str, cols: int, right: bool = False) -> str:
    """``text`` padded with spaces to ``cols`` display columns (never cut)."""
    fill = " " * max(0, cols - display_width(text))
    return fill + text if right else text + fill


def wrap(text: str, cols: int = 80, indent: str = "  ") -> List[str]:
    """``text`` broken at spaces into lines of at most ``cols`` display columns: the first keeps the
    text's own leading spaces, the others start with ``indent`` (a word longer than a line stands
    alone)."""
    body = text.lstrip(" ")
    lines: List[str] = []
    line = text[:len(text) - len(body)]
    for word in body.split(" "):
        if not line.strip():
            line += word
        elif display_width(f"{line} {word}") > cols:
            lines.append(line)
            line = indent + word
        else:
            line = f"{line} {word}"
    lines.append(line)
    return [part.rstrip(" ") if part.strip() else part for part in lines]


def clip(text: str, cols: int, width: Callable[[str], int] = display_width) -> str:
    """``text`` cut to ``cols`` display columns (as ``width`` counts them), with "…" where it was cut
    (a long seat name in a board's column)."""
    if width(text) <= cols:
        return text
    while text and width(text) > cols - 1:
        text = text[:-1]
    return text + "…"
