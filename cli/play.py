"""``intrigue play``: a person plays one seat in the terminal against bots.

The game runs on a :class:`~intrigue.search.table.Table` (the same referee the protocol uses),
the bots see only their own seat's information state, and the person sees what their seat sees:
the public log, their own cards and draws, every seat's coins and face-up cards.
"""
from __future__ import annotations

import os
import re
import random
import sys
import time
from typing import List, Optional, Sequence

import click

from intrigue.cli.tui import (RTL_LANGS, analysis_lines, has_rtl, narrate_history, narrator_for, os_reason, t, think,
                               visual, wants_color)
from intrigue.engine import GameRecord, IntrigueError, load_game
from intrigue.engine.narration import wrap
from intrigue.engine.registry import DEFAULT_GAME
from intrigue.search.bot import strongest_bot_spec
from intrigue.search.pacing import DecoyBot, Pacer, Pause
from intrigue.search.table import Step, Table
from intrigue.search.turn import bot_seed, play_turn, turn_seed
from intrigue.search.bot import Bot, make_bot
from intrigue.search.levels import level_names
from intrigue.cli.paths import check_writable

#: The columns the terminal's own lines are kept within (boards and narration keep to the same).
WIDTH = 80
NBSP = "\u00a0"

NUMBER = re.compile(r"[+-]?(\d+\.?\d*|\.\d+)")     # a typed number that is no choice's index
COMMAND_WORDS = {"hint", "save", "load", "log", "board", "rules", "help", "quit", "exit"}
NO_SAVE = {"n", "no", "quit", "exit", "q"}
"""Answers to the offer to save that mean: leave without saving (as Enter does)."""
SAVE_NUMBERS = 3
"""After this many numbers typed at the offer to save (a script answering "1" to everything), the game
is left without saving rather than asked again."""
"""The commands (``back`` is handled with the steps of a decision)."""


class TerminalGame:
    """One person at ``seat``; every other seat a bot from ``specs`` (in seat order, the last one
    repeated).  Everything the person reads comes from the game's narrator plug-in, so the terminal
    says what the web page and the replays say."""

    def __init__(self, table: Table, seat: int, specs: Sequence[str], lang: str, seed: Optional[int],
                 out=None, status=None, names: Optional[Sequence[str]] = None, bidi: bool = True,
                 save_path: Optional[str] = None, hint_spec: Optional[str] = None) -> None:
        self.table = table
        self.hint_spec = hint_spec          # the bot that answers 'hint' (None: hint_spec_for, when first asked)
        self.save_path = save_path          # --save: the record is written there on leaving, no question asked
        self.game = table.game
        self.seat = seat
        self.specs = list(specs)
        self.lang = lang
        self.seed = seed
        self.names = list(names) if names else None
        self.bidi = bidi
        self.out = out if out is not None else sys.stdout
        self.status = status if status is not None else sys.stderr
        self.bots: dict = {}
        self.hint_bot: Optional[Bot] = None
        self.narrator = narrator_for(self.game, lang, self.names, color=wants_color(self.out))
        self.last_header: Optional[str] = None
        self._board_at: Optional[int] = None
        self.standing_passes: set = set()     # questions the person passes for the rest of their phase
        # a forced move that another seat could not know was forced is shown after a seat's usual
        # thinking time, so that how fast a bot answers tells nothing about its cards (search/pacing.py)
        self.pacer = Pacer(seed)
        self._make_bots()

    # --- set-up ---------------------------------------------------------------------------------
    def _bot_seed(self, seat: int) -> Optional[int]:
        return None if self.seed is None else bot_seed(self.seed, seat)

    def _make_bots(self) -> None:
        self.close()
        others = [s for s in range(self.game.num_players) if s != self.seat]
        self.bots = {s: make_bot(self.specs[min(i, len(self.specs) - 1)], seed=self._bot_seed(s))
                     for i, s in enumerate(others)}

    def close(self) -> None:
        for bot in list(self.bots.values()) + ([self.hint_bot] if self.hint_bot else []):
            try:
                bot.close()
            except Exception:
                pass
        self.bots, self.hint_bot = {}, None

    def say(self, text: str = "") -> None:
        self.out.write((visual(text, self._width(), rtl=self.lang in RTL_LANGS) if self.bidi else text) + "\n")
        self.out.flush()

    def _width(self) -> int:
        """Columns to right-align right-to-left lines to: the terminal's, at most 100 (0: not a terminal)."""
        try:
            if not self.out.isatty():
                return 0
            import shutil
            return min(shutil.get_terminal_size().columns, 100)
        except Exception:
            return 0

    def ask(self, prompt: str) -> str:
        return input(visual(prompt) if self.bidi else prompt)

    # --- the game ---------------------------------------------------------------------------------
    def run(self, fresh: bool = True) -> int:
        g = self.game
        # each "seat N spec" kept on one line when the list wraps (no-break spaces inside an item)
        bots = ", ".join(f"{self.narrator.seat(s, self.seat)} {getattr(b, 'label', b.spec)}".replace(" ", NBSP)
                         for s, b in sorted(self.bots.items()))
        welcome = t("welcome", self.lang, title=g.title_in(self.lang), ruleset=g.ruleset, players=g.num_players,
                    seat=self.seat, bots=bots, seed=self.table.seed)
        for line in welcome.split("\n"):
            for part in wrap(line, WIDTH):
                self.say(part.replace(NBSP, " "))
        self.say(t("input_help", self.lang))
        if fresh:
            before = self.table.state.core.clone()
            self.show_steps(before, self.table.start())
        while True:
            state = self.table.state
            if state.is_terminal():
                self.show_end()
                self.offer_save()            # the record is kept only if the person says where
                return 0
            to_move = state.current_player()
            if to_move != self.seat:
                self.bot_turn(to_move)
                continue
            if not self.human_turn():
                return 0

    def show_steps(self, before, steps: List[Step]) -> None:
        """Tell each step as the person sees it; ``before`` is the position before the first one
        (advanced in place)."""
        for step in steps:
            self._header(before)
            for line in self.narrator.event(before, step.event, self.seat):
                self.say("  " + line)
            before.apply(step.event.action)

    def _header(self, core) -> None:
        """The turn header, once per turn."""
        header = self.narrator.turn_header(core, self.seat)
        if header and header != self.last_header:
            self.last_header = header
            self.say(header)

    def bot_turn(self, seat: int) -> None:
        """The bot of ``seat`` decides (search/turn.py: a forced move without searching, one seeded
        fallback move if the bot fails), paced as the seat's choices are (search/pacing.py)."""
        state = self.table.state
        before = state.core.clone()
        bot = self.bots[seat]
        kind = state.decision().kind
        forced = len(state.legal_actions()) == 1
        who = self.narrator.seat(seat, self.seat)
        info = state.information_state(seat)
        seed = turn_seed(self.table.seed, seat, len(state.history))
        pause = self.pacer.pause(state, seat, bot.spec) if forced else Pause()
        if pause.decoy is not None:
            self._decoy(seat, kind, bot.spec, pause.decoy, who, info)
        start = time.monotonic()
        turn = think(bot, info, who=who, lang=self.lang, status=self.status, at_least=pause.seconds,
                     bidi=self.bidi,
                     work=lambda on_info, stop: play_turn(bot, info, seed, on_info=on_info, stop=stop))
        if turn.fallback is not None:       # a bot bug must not end the person's game
            self.say(t("bot_failed", self.lang, seat=seat, error=turn.fallback.describe()))
        elif not forced:
            self.pacer.record(seat, kind, time.monotonic() - start, bot.spec)
        self.show_steps(before, self.table.apply(turn.action, seat=seat))

    def _decoy(self, seat: int, kind: str, spec: str, decoy, who: str, real) -> None:
        """A seat forced by its cards before any time was noted to pace it by: a fresh bot of its spec
        searches a position where the seat has a choice, shown as the seat thinking, and that time is
        noted as the seat's (search/pacing.py).  A failing decoy is passed over: the move is forced."""
        decoy_bot = DecoyBot(spec, self.pacer.decoy_seed(), real)
        try:
            start = time.monotonic()
            think(decoy_bot.bot, decoy, who=who, lang=self.lang, status=self.status, bidi=self.bidi,
                  work=lambda on_info, stop: decoy_bot.choose(decoy, on_info=on_info, stop=stop))
            self.pacer.record(seat, kind, time.monotonic() - start, spec)    # (only a search that ran)
        except KeyboardInterrupt:
            raise
        except Exception:
            pass
        finally:
            decoy_bot.close()

    def _board_is_stale(self) -> bool:
        """Whether anything but the person's own decisions happened since the board was last shown
        (a contract offer followed by a proposal does not show the same board twice)."""
        history = self.table.state.history
        since = history[self._board_at:] if self._board_at is not None else history
        return self._board_at is None or any(e.seat != self.seat for e in since)

    def show_board(self) -> None:
        self._board_at = len(self.table.state.history)
        self.say("-" * 60)
        self.say(self.narrator.board(self.table.state, self.seat))

    def _wants_board(self, core) -> bool:
        return self.narrator.wants_board(core, self.seat)

    def _apply(self, action, line: Optional[str] = None) -> bool:
        """Apply the person's decision; say why not (and return False) if it is not legal."""
        state = self.table.state
        before = state.core.clone()
        try:
            steps = self.table.apply(action, seat=self.seat)
        except IntrigueError as err:
            why = self.narrator.why_illegal(state.core, line if line is not None else str(action), self.seat)
            self.say(why or t("not_possible", self.lang, message=err.message))
            return False
        self.show_steps(before, steps)
        return True

    def human_turn(self) -> bool:
        """Ask until a legal decision is made; False if the person quits."""
        state = self.table.state
        core = state.core
        actions = state.legal_actions()
        self._header(core)
        if len(actions) == 1:              # nothing to choose: say so and play it
            self.say("  " + self.narrator.auto_line(core, actions[0], self.seat))
            return self._apply(actions[0]) or True
        standing = self._standing(core, actions)
        if standing is not None and standing["key"] in self.standing_passes:
            self.say("  " + standing["note"])         # the person said not to be asked again here
            return self._apply(standing["action"]) or True
        if self._wants_board(core) and self._board_is_stale():
            self.show_board()
        self.say(self.narrator.prompt(core, self.seat))
        path: List[List[int]] = [actions]
        while True:
            choices = path[-1]
            if len(choices) == 1 and len(path) > 1:   # the steps led to one action: play it
                self._apply(choices[0])
                return True
            groups = self.narrator.group(core, choices, self.seat, len(path) - 1) if len(choices) > 1 else None
            if groups:
                question, options = groups
                if len(options) == 1:          # only one way on: take it without asking
                    path.append(options[0][1])
                    continue
                self.say(question)
                labels = [label for label, _ in options]
            else:
                options = None
                labels = [self.narrator.action_label(core, a, self.seat) for a in choices]
            extra = standing if standing is not None and len(path) == 1 else None
            if extra is not None:
                labels = labels + [extra["label"]]
            for i, label in enumerate(labels, 1):
                self.say(f"  {i:>2}. {label}")
            picked = self._read(core, choices, options, len(labels), can_back=len(path) > 1)
            if picked is None:
                return False
            if extra is not None and picked == len(labels) - 1:     # pass, now and for the rest of it
                self.standing_passes.add(extra["key"])
                self._apply(extra["action"])
                return True
            if picked == "back":
                path = [actions]
                self.say(self.narrator.prompt(core, self.seat))
                continue
            if picked == "again":
                continue
            if picked == "done":
                return True
            if options is not None:
                path.append(options[picked][1])
                continue
            if self._apply(choices[picked]):
                return True

    def _read(self, core, choices: List[int], options, count: int, can_back: bool):
        """One line of input: an option index, "back", "again" (a command ran), "done" (a move was
        typed and played), or None (the person left)."""
        while True:
            try:
                line = self.ask(self.input_prompt())
            except EOFError:
                self.say()
                self.say(t("bye", self.lang))
                return None
            line = line.strip()
            if not line:
                continue
            if line.isdecimal():            # not isdigit: '²' and '①' are digits that int() refuses
                n = int(line) if len(line) <= 9 else 0     # (int() refuses 4,300 digits and more)
                if 1 <= n <= count:
                    return n - 1
                self.say(t("no_choice", self.lang, n=line, count=count))
                continue
            if NUMBER.fullmatch(line):      # "-1", "1.5": a number, but not one of the choices
                self.say(t("no_choice", self.lang, n=line, count=count))
                continue
            word, _, arg = line.partition(" ")
            word = word.lower()
            if word in ("back", "b") and can_back:
                return "back"
            if word == "back" and not arg:
                self.say(t("no_back", self.lang))
                continue
            if word in ("quit", "exit"):
                self.offer_save()
                self.say(t("bye", self.lang))
                return None
            if word in COMMAND_WORDS:
                if self.command(word, arg.strip()):
                    return "done"            # a loaded game: go on from its position
                return "again"
            action = self.match(core, line, choices if options is None else self.table.state.legal_actions())
            if action is None:
                numbered = self.seats_by_number(line)     # "steal Eli", as the menu names the seat
                if numbered != line:
                    action = self.match(core, numbered, choices if options is None else self.table.state.legal_actions())
                    if action is None and self._parses(numbered):
                        line = numbered
            if action is not None:
                return "done" if self._apply(action) else "again"
            if can_back and not self._parses(line):
                # inside a step of a choice: the top question's wording would not fit; list the way on
                self.say(t("not_listed", self.lang, text=line, count=count))
                continue
            if self._apply(line, line):     # notation typed in full ("steal 2")
                return "done"

    def _standing(self, core, actions: List[int]) -> Optional[dict]:
        """The narrator's offer to pass a question that comes again and again (a Politics Media window
        after each inspected card) for the rest of its phase: ``{"key", "action", "label", "note"}``,
        or None (its ``standing_pass`` plug-in hook)."""
        offer = self.narrator.standing_pass(core, self.seat)
        if offer is None or offer["action"] not in actions:
            return None
        return offer

    def seats_by_number(self, line: str) -> str:
        """``line`` with every seat named as the menus name it -- a name given with ``--names``, or the
        narrator's label ("seat 2", "ที่นั่ง 2", "מושב 2", "you") -- replaced by its number, so that a
        target can be typed by name in any language ("steal Eli" is "steal 1").  Longer names first,
        whole words only, any case."""
        labels = []
        for s in range(self.game.num_players):
            for label in {self.narrator.seat(s, self.seat), self.narrator.seat(s, None)}:
                if label and not label.isdecimal():
                    labels.append((label, s))
        out = line
        for label, s in sorted(labels, key=lambda x: -len(x[0])):
            out = re.sub(rf"(?<!\w){re.escape(label)}(?!\w)", str(s), out, flags=re.IGNORECASE)
        return out

    def _parses(self, text: str) -> bool:
        """Whether ``text`` reads as a move of this game (legal now or not)."""
        try:
            self.table.state.string_to_action(text)
        except IntrigueError:
            return False
        return True

    def input_prompt(self) -> str:
        """``seat 0> `` or the seat's name (``#0> `` in right-to-left languages or for a right-to-left
        name, which no terminal draws wrong: "דנה> " came out as "‹הנד", the typing glued to it)."""
        if self.lang == "he" or (self.names and has_rtl(self.names[self.seat])):
            return f"#{self.seat}> "
        if self.names:
            return f"{self.names[self.seat]}> "
        return f"{t('seat', self.lang)} {self.seat}> "

    def match(self, core, line: str, actions: List[int]) -> Optional[int]:
        """An action typed in notation or in the words of its label (any case), the label's closing
        note in brackets optional ("Steal from seat 1" for "Steal from seat 1 (claims Captain)")."""
        low = " ".join(line.lower().split())
        for a in actions:
            move = self.game.action_to_string(core, a)
            label = " ".join(self.narrator.action_label(core, a, self.seat).lower().split())
            if low in (move.lower(), self.game.describe_action(move, self.lang).lower(), label,
                       re.sub(r"\s*\([^()]*\)$", "", label)):
                return a
        return None

    def offer_save(self) -> None:
        """Before leaving a game, in progress or over, offer to save it (Enter leaves without saving;
        a save says where the file went); not with ``--save``, which saves on leaving anyway."""
        if self.save_path:
            return
        numbers = 0
        while True:                      # a save that fails is offered again: the game is not lost
            try:
                path = self.ask(t("save_offer", self.lang)).strip()
            except EOFError:
                return
            if not path or path.lower() in NO_SAVE:
                return
            if path.isdecimal():         # a menu number typed out of habit, not a file name
                numbers += 1
                if numbers >= SAVE_NUMBERS:
                    return
                self.say(t("save_name", self.lang, text=path))
                continue
            if self.file_command("save", path):
                return

    # --- commands ---------------------------------------------------------------------------------
    def command(self, word: str, arg: str) -> bool:
        """Run a command; True if it replaced the game (load)."""
        if word == "help":
            self.say(t("input_help", self.lang))
        elif word == "board":
            self.show_board()
        elif word == "rules":
            self.say(self.narrator.rules(self.table.state.core, self.seat) or t("rules_none", self.lang))
        elif word == "log":
            self.say(t("log", self.lang))
            for block in narrate_history(self.game, self.narrator, self.table.state.history, self.seat):
                for line in block:
                    self.say(line)
        elif word == "hint":
            try:
                self.hint()
            except IntrigueError as err:
                self.say(t("not_possible", self.lang, message=err.message))
        elif word in ("save", "load"):
            return self.file_command(word, arg) and word == "load"
        return False

    def file_command(self, word: str, arg: str) -> bool:
        """``save FILE`` or ``load FILE``; True if it was done, else the reason is said."""
        if not arg:
            self.say(t("needs_file", self.lang, cmd=word))
            return False
        path = os.path.expanduser(arg)
        try:
            if word == "save":
                self.save(path)
            else:
                self.load(path)
            return True
        except OSError as err:
            key = "cannot_save" if word == "save" else "cannot_load"
            self.say(t(key, self.lang, path=path, reason=os_reason(err, self.lang)))
        except IntrigueError as err:
            key = "cannot_save" if word == "save" else "cannot_load"
            reason = err.message
            if "not a readable game record" in reason or reason.startswith("not a game record"):
                reason = t("not_record", self.lang)
            elif reason.startswith("cannot read"):
                reason = reason.rpartition(": ")[2]
            self.say(t(key, self.lang, path=path, reason=reason))
        return False

    def hint(self) -> None:
        if self.hint_bot is None:
            self.hint_bot = make_bot(self.hint_spec or hint_spec_for(self.specs), seed=self._bot_seed(-1))
        info = self.table.state.information_state(self.seat)
        analysis = think(self.hint_bot, info, who="hint", lang=self.lang, analyze=True, status=self.status,
                         bidi=self.bidi)
        for line in analysis_lines(self.game, analysis, self.lang, narrator=self.narrator,
                                   core=self.table.state.core, viewer=self.seat):
            self.say(line)

    def save(self, path: str) -> None:
        record = GameRecord.from_state(self.table.state, human_seat=self.seat,
                                       bots={str(s): b.spec for s, b in self.bots.items()}, lang=self.lang)
        try:
            record.save(path)
        except OSError as err:            # the record's own temporary name is no business of the person's
            raise OSError(err.errno, err.strerror or str(err)) from None
        self.say(t("saved", self.lang, path=os.path.abspath(path)))

    def load(self, path: str) -> None:
        record = GameRecord.load(path)
        if record.seat is not None:
            raise IntrigueError(t("not_full", self.lang, path=path, seat=record.seat))
        state = record.replay()
        seat = record.meta.get("human_seat", self.seat)
        if not isinstance(seat, int) or not 0 <= seat < state.num_players:
            seat = min(self.seat, state.num_players - 1)
        self.table = Table(state.game, seed=None if self.seed is None else self.seed + 1, state=state)
        self.game = state.game
        self.seat = seat
        if self.names and len(self.names) != self.game.num_players:
            self.names = None                     # --names were for another number of seats
        self.narrator = narrator_for(self.game, self.lang, self.names, color=wants_color(self.out))
        self._make_bots()
        # the loaded game may be another game, size or seat: said, not left to be discovered
        self.say(t("loaded", self.lang, path=path, title=self.game.title_in(self.lang), ruleset=self.game.ruleset,
                   players=self.game.num_players, seat=seat, events=len(record.events)))
        self.last_header = None
        self._board_at = None
        for block in narrate_history(self.game, self.narrator, state.history, self.seat):
            for line in block:
                self.say(line)
            self.last_header = block[0]

    def show_end(self) -> None:
        state = self.table.state
        self.say("=" * 60)
        self.say(t("game_over", self.lang))
        self.say(self.narrator.end_screen(state.core, self.seat))


def _fail(message: str) -> None:
    """A bad command line, said in one line in the same style as every other error (``error: ...``,
    exit status 2; no usage block)."""
    raise IntrigueError(message)


def bot_specs(values: Sequence[str]) -> List[str]:
    """``--bots`` values: each may hold several specs separated by commas (``heuristic,random``).
    A spec's own options are comma-separated too (``ismcts:iterations=2000,workers=2``): a part that
    is ``key=value`` without a bot name continues the spec before it.

    >>> bot_specs(["heuristic,ismcts:iterations=200,workers=2,random", "random"])
    ['heuristic', 'ismcts:iterations=200,workers=2', 'random', 'random']
    """
    out: List[str] = []
    for value in values:
        for part in (p.strip() for p in value.split(",")):
            if not part:
                continue
            if out and "=" in part and ":" not in part:
                out[-1] += "," + part
            else:
                out.append(part)
    return out


#: bots that answer with a move and no analysis: a hint from them would be a bare suggestion
NO_ANALYSIS = ("heuristic", "random")


def hint_spec_for(specs: Sequence[str]) -> str:
    """The default bot of ``hint``: the first opponent's spec when it searches (the hint then thinks as
    the opponents do), else the strongest bot installed (its analysis has values and beliefs)."""
    first = specs[0] if specs else strongest_bot_spec()
    return strongest_bot_spec() if first.split(":")[0].strip().lower() in NO_ANALYSIS else first


@click.command()
@click.argument("game", default=DEFAULT_GAME)
@click.option("--players", type=int, default=None,
              help="Number of players (default: the game's usual count; 'intrigue games' lists each game's range).")
@click.option("--ruleset", default=None, help="Ruleset (default: the game's standard one; 'intrigue games' lists them).")
@click.option("--lang", default=None, help="Display language, e.g. en, th, he (default: the ruleset's).")
@click.option("--bots", "bots", multiple=True,
              help="Bot spec of the opponents, e.g. 'max' (default), 'ismcts:time=500', 'heuristic', 'random'. "
                   "Several, in seat order, separated by commas or by repeating --bots; the last one "
                   "plays every remaining seat.")
@click.option("--level", type=click.Choice(level_names(), case_sensitive=False), default=None,
              help="Strength of the opponents when --bots is not given (default: max); a level is also a "
                   "bot spec, so --bots casual,heuristic mixes them.")
@click.option("--seat", type=int, default=0, show_default=True, help="Your seat (0 starts).")
@click.option("--seed", type=int, default=None, help="Seed of the deal and the bots (default: random).")
@click.option("--names", default=None,
              help="Names of the seats in order, separated by commas, e.g. 'Ann,Bob,Chai,Dana' (default: seat numbers).")
@click.option("--option", "-o", "options", multiple=True, metavar="KEY=VALUE",
              help="A rule option over the ruleset's (repeatable; 'intrigue games' lists each game's options).")
@click.option("--save", metavar="FILE", default=None,
              help="Write the game's record to FILE when you leave it, at its end or before (no question "
                   "asked); replay it with 'intrigue replay FILE'.")
@click.option("--hint", "hint_spec", default=None, metavar="SPEC",
              help="Bot spec of 'hint' (default: the first opponent's, or 'max' when the opponents are "
                   "'heuristic' or 'random', which give no analysis).")
@click.option("--bidi/--no-bidi", default=True, show_default=True,
              help="Put right-to-left text (Hebrew) in visual order for display. Use --no-bidi in a "
                   "terminal that applies the bidi algorithm itself (e.g. mlterm, Konsole with bidi on).")
def play(game: str, players: Optional[int], ruleset: Optional[str], lang: Optional[str],
         bots: Sequence[str], level: Optional[str], seat: int, seed: Optional[int], names: Optional[str],
         options: Sequence[str], save: Optional[str], hint_spec: Optional[str], bidi: bool) -> None:
    """Play GAME (default: the first game 'intrigue games' lists) in the terminal against bots.

    \b
    At your turn type the number of a choice or the action itself ("steal 2", "pass"),
    or: rules, hint (the engine's analysis), log, board, save FILE, load FILE, back, help, quit.
    """
    from intrigue.engine.registry import game_names
    known = game_names()
    if game.strip().lower().replace("-", "_") not in known:          # "shadow-master" too, as load_game takes it
        hint = ""
        if any(game.lower().startswith(b) for b in ("random", "heuristic", "ismcts")):
            hint = (f" ('{game}' looks like a bot: give several bots with commas, --bots heuristic,{game}, "
                    f"or by repeating --bots)")
        _fail(f"unknown game {game!r} (known: {', '.join(known)}){hint}")
    overrides = {}
    for item in options:
        key, eq, value = item.partition("=")
        if not eq or not key.strip():
            _fail(f"--option {item!r}: write it as KEY=VALUE, e.g. length=half")
        overrides[key.strip()] = value.strip()
    try:
        g = load_game(game, ruleset, players, overrides or None)
    except IntrigueError as err:
        _fail(err.message)
    lang = (lang or g.language).strip().lower()
    if lang not in g.languages:
        _fail(f"--lang {lang!r} is not one of {', '.join(g.languages)} for {g.name}")
    if not 0 <= seat < g.num_players:
        _fail(f"--seat {seat} is not in a {g.num_players}-player game (0 to {g.num_players - 1})")
    if bots and level:
        _fail(f"--level and --bots both choose the opponents: give one (a level is a bot spec too: "
              f"--bots {level.lower()})")
    specs = bot_specs(bots) or [level.lower() if level else strongest_bot_spec()]
    if not bots and not level and specs[0] in ("heuristic", "random"):
        click.echo(f"(the search bot is not installed: playing against '{specs[0]}')", err=True)
    if len(specs) > g.num_players - 1:
        n = g.num_players - 1
        _fail(f"{len(specs)} bots given for {n} {'opponent' if n == 1 else 'opponents'}: give at most {n}")
    seat_names = None
    if names is not None:
        seat_names = [n.strip() for n in names.split(",")]
        if len(seat_names) != g.num_players:
            _fail(f"--names gives {len(seat_names)} names for {g.num_players} seats: give one per seat, "
                  f"separated by commas")
        if not all(seat_names):
            _fail(f"--names leaves seat {seat_names.index('')} without a name: give one per seat")
    if hint_spec is not None and not hint_spec.strip():
        _fail("--hint needs a bot spec, e.g. --hint max or --hint ismcts:time=200")
    for spec in specs + ([hint_spec] if hint_spec else []):
        try:
            make_bot(spec, seed=0).close()           # a bad spec is refused before the game starts
        except IntrigueError as err:
            _fail(err.message if spec != hint_spec or spec in specs else f"--hint: {err.message}")
    if seed is None:
        seed = random.SystemRandom().getrandbits(31)
    _utf8(sys.stdout)
    if save:
        check_writable(save, "--save")
    session = TerminalGame(Table(g, seed), seat, specs, lang, seed, names=seat_names, bidi=bidi, save_path=save,
                           hint_spec=hint_spec)
    try:
        session.run()
    except KeyboardInterrupt:
        click.echo("")
        click.echo(visual(t("bye", lang)) if bidi else t("bye", lang))
        raise                                         # intrigue's main turns it into exit status 130
    finally:
        if save:                                      # however the game was left: at its end, quit, Ctrl-D, Ctrl-C
            session.command("save", save)
        session.close()


def _utf8(stream) -> None:
    """Print Thai and Hebrew even where the locale is not UTF-8 (replacing what cannot be shown)."""
    try:
        if (stream.encoding or "").lower().replace("-", "") != "utf8":
            stream.reconfigure(errors="replace")
    except Exception:
        pass
