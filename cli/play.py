"""``intrigue play``: a person plays one seat in the terminal against bots.

The game runs on a :class:`~intrigue.search.table.Table` (the same referee the protocol uses),
the bots see only their own seat's information state, and the person sees what their seat sees:
the public log, their own cards and draws, every seat's coins and face-up cards.
"""
from __future__ import annotations

import os
import random
import sys
from typing import List, Optional, Sequence

import click

from intrigue.cli.tui import analysis_lines, event_line, move_label, t, think
from intrigue.engine import GameRecord, IntrigueError, load_game
from intrigue.engine.registry import DEFAULT_GAME
from intrigue.search.bot import strongest_bot_spec
from intrigue.search.table import Step, Table, seen
from intrigue.search.bot import Bot, make_bot
from intrigue.search.levels import level_names

COMMAND_WORDS = {"hint", "save", "load", "log", "board", "help", "quit", "exit"}


class TerminalGame:
    """One person at ``seat``; every other seat a bot from ``specs`` (cycled over the seats)."""

    def __init__(self, table: Table, seat: int, specs: Sequence[str], lang: str, seed: Optional[int],
                 out=None, status=None) -> None:
        self.table = table
        self.game = table.game
        self.seat = seat
        self.specs = list(specs)
        self.lang = lang
        self.seed = seed
        self.out = out if out is not None else sys.stdout
        self.status = status if status is not None else sys.stderr
        self.bots: dict = {}
        self.hint_bot: Optional[Bot] = None
        self._make_bots()

    # --- set-up ---------------------------------------------------------------------------------
    def _bot_seed(self, seat: int) -> Optional[int]:
        return None if self.seed is None else (self.seed * 1_000_003 + 7919 * (seat + 1)) & (2 ** 63 - 1)

    def _make_bots(self) -> None:
        self.close()
        others = [s for s in range(self.game.num_players) if s != self.seat]
        self.bots = {s: make_bot(self.specs[i % len(self.specs)], seed=self._bot_seed(s)) for i, s in enumerate(others)}

    def close(self) -> None:
        for bot in list(self.bots.values()) + ([self.hint_bot] if self.hint_bot else []):
            try:
                bot.close()
            except Exception:
                pass
        self.bots, self.hint_bot = {}, None

    def say(self, text: str = "") -> None:
        self.out.write(text + "\n")
        self.out.flush()

    # --- the game ---------------------------------------------------------------------------------
    def run(self, fresh: bool = True) -> int:
        g = self.game
        self.say(t("welcome", self.lang, title=getattr(g, "title", g.name), ruleset=g.ruleset, players=g.num_players,
                   seat=self.seat, bots=", ".join(sorted(set(b.spec for b in self.bots.values()))),
                   seed=self.table.seed))
        self.say(t("input_help", self.lang))
        if fresh:
            self.show_steps(self.table.start())
        while True:
            state = self.table.state
            if state.is_terminal():
                self.show_end()
                return 0
            to_move = state.current_player()
            if to_move != self.seat:
                self.bot_turn(to_move)
                continue
            if not self.human_turn():
                return 0

    def show_steps(self, steps: List[Step]) -> None:
        for step in steps:
            text = seen(step.event, self.seat)
            if text is not None:
                self.say(event_line(self.game, step.event.seat, text, self.lang, self.seat))

    def bot_turn(self, seat: int) -> None:
        state = self.table.state
        bot = self.bots[seat]
        try:
            analysis = think(bot, state.information_state(seat), who=f"{t('seat', self.lang)} {seat}",
                             lang=self.lang, status=self.status)
            steps = self.table.apply(analysis.action, seat=seat)
        except KeyboardInterrupt:
            raise
        except Exception as err:           # a bot bug must not end the person's game
            self.say(t("bot_failed", self.lang, seat=seat, error=f"{type(err).__name__}: {err}"))
            legal = state.legal_actions()
            steps = self.table.apply(legal[random.randrange(len(legal))], seat=seat)
        self.show_steps(steps)

    def show_board(self) -> None:
        self.say("-" * 60)
        self.say(self.table.state.render(self.seat, self.lang))

    def human_turn(self) -> bool:
        """Ask until a legal decision is made; False if the person quits."""
        state = self.table.state
        self.show_board()
        moves = state.legal_moves()
        self.say(t("your_decision", self.lang, kind=self.game.describe_decision(state.decision().kind, self.lang)))
        for i, move in enumerate(moves, 1):
            self.say(f"  {i:>2}. {move_label(self.game, move, self.lang)}")
        while True:
            try:
                line = input(f"{t('seat', self.lang)} {self.seat}> ")
            except EOFError:
                self.say()
                self.say(t("bye", self.lang))
                return False
            line = line.strip()
            if not line:
                continue
            choice = self.match(line, moves)
            if choice is None:
                word, _, arg = line.partition(" ")
                word = word.lower()
                if word in ("quit", "exit"):
                    self.say(t("bye", self.lang))
                    return False
                if word in COMMAND_WORDS:
                    if self.command(word, arg.strip()):
                        return True          # a loaded game: start over from its position
                    continue
                choice = line
            try:
                steps = self.table.apply(choice, seat=self.seat)
            except IntrigueError as err:
                if line.isdigit():
                    self.say(t("no_choice", self.lang, n=line, count=len(moves)))
                elif err.code == "bad_notation":
                    self.say(t("not_understood", self.lang, text=line, n=len(moves)))
                else:
                    self.say(t("not_possible", self.lang, message=err.message))
                continue
            self.show_steps(steps)
            return True

    def match(self, line: str, moves: List[str]) -> Optional[str]:
        """A numbered choice, or an action typed in notation or in the display language's words."""
        if line.isdigit():
            n = int(line)
            return moves[n - 1] if 1 <= n <= len(moves) else None
        low = " ".join(line.lower().split())
        for move in moves:
            if low == move.lower() or low == self.game.describe_action(move, self.lang).lower():
                return move
        return None

    # --- commands ---------------------------------------------------------------------------------
    def command(self, word: str, arg: str) -> bool:
        """Run a command; True if it replaced the game (load)."""
        if word == "help":
            self.say(t("input_help", self.lang))
        elif word == "board":
            self.show_board()
        elif word == "log":
            self.say(t("log", self.lang))
            for seat, text in self.table.state.view(self.seat):
                self.say(event_line(self.game, seat, text, self.lang, self.seat))
        elif word == "hint":
            try:
                self.hint()
            except IntrigueError as err:
                self.say(t("not_possible", self.lang, message=err.message))
        elif word in ("save", "load"):
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
            except (IntrigueError, OSError) as err:
                self.say(t("not_possible", self.lang, message=getattr(err, "message", None) or str(err)))
        return False

    def hint(self) -> None:
        if self.hint_bot is None:
            self.hint_bot = make_bot(self.specs[0], seed=self._bot_seed(-1))
        info = self.table.state.information_state(self.seat)
        analysis = think(self.hint_bot, info, who="hint", lang=self.lang, analyze=True, status=self.status)
        for line in analysis_lines(self.game, analysis, self.lang):
            self.say(line)

    def save(self, path: str) -> None:
        record = GameRecord.from_state(self.table.state, human_seat=self.seat,
                                       bots={str(s): b.spec for s, b in self.bots.items()}, lang=self.lang)
        record.save(path)
        self.say(t("saved", self.lang, path=path))

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
        self._make_bots()
        self.say(t("loaded", self.lang, path=path, events=len(record.events)))
        for s, text in state.view(self.seat):
            self.say(event_line(self.game, s, text, self.lang, self.seat))

    def show_end(self) -> None:
        state = self.table.state
        self.say("=" * 60)
        self.say(t("game_over", self.lang))
        self.say(state.render(None, self.lang))
        result = state.result()
        self.say(t("placings", self.lang))
        for seat in sorted(range(state.num_players), key=lambda s: result.placings[s]):
            you = f" ({t('you', self.lang)})" if seat == self.seat else ""
            self.say(f"  {result.placings[seat]}. {t('seat', self.lang)} {seat}{you}")


@click.command()
@click.argument("game", default=DEFAULT_GAME)
@click.option("--players", type=int, default=None, help="Number of players (coup: 2-6; default 4).")
@click.option("--ruleset", default=None, help="Ruleset (coup: standard, seed-th, seed-he; default standard).")
@click.option("--lang", default=None, help="Display language: en, th, he (default: the ruleset's).")
@click.option("--bots", "bots", multiple=True,
              help="Bot spec of the opponents, e.g. 'max' (default), 'ismcts:time=500', 'heuristic', 'random'. "
                   "Give it several times to set each opponent in seat order.")
@click.option("--level", type=click.Choice(level_names(), case_sensitive=False), default=None,
              help="Strength of the opponents not set by --bots (default: max).")
@click.option("--seat", type=int, default=0, show_default=True, help="Your seat (0 starts).")
@click.option("--seed", type=int, default=None, help="Seed of the deal and the bots (default: random).")
def play(game: str, players: Optional[int], ruleset: Optional[str], lang: Optional[str],
         bots: Sequence[str], level: Optional[str], seat: int, seed: Optional[int]) -> None:
    """Play GAME (default coup) in the terminal against bots.

    \b
    At your turn type the number of a choice or the action itself ("steal 2", "pass"),
    or: hint (the engine's analysis), save FILE, load FILE, log, board, help, quit.
    """
    g = load_game(game, ruleset, players)
    lang = (lang or g.language).strip().lower()
    if lang not in g.languages:
        raise click.BadParameter(f"{lang!r} is not one of {', '.join(g.languages)}", param_hint="--lang")
    if not 0 <= seat < g.num_players:
        raise click.BadParameter(f"seat {seat} is not in a {g.num_players}-player game", param_hint="--seat")
    specs = list(bots) or [level.lower() if level else strongest_bot_spec()]
    if not bots and specs[0] in ("heuristic", "random"):
        click.echo(f"(the search bot is not installed: playing against '{specs[0]}')", err=True)
    for spec in specs:
        make_bot(spec, seed=0).close()               # a bad spec is refused before the game starts
    if seed is None:
        seed = random.SystemRandom().getrandbits(31)
    _utf8(sys.stdout)
    session = TerminalGame(Table(g, seed), seat, specs, lang, seed)
    try:
        session.run()
    except KeyboardInterrupt:
        click.echo("")
        click.echo(t("bye", lang))
        raise                                         # intrigue's main turns it into exit status 130
    finally:
        session.close()


def _utf8(stream) -> None:
    """Print Thai and Hebrew even where the locale is not UTF-8 (replacing what cannot be shown)."""
    try:
        if (stream.encoding or "").lower().replace("-", "") != "utf8":
            stream.reconfigure(errors="replace")
    except Exception:
        pass
