"""``intrigue replay FILE``: step through a saved game record.

A full record can be watched as everything happened (``--seat`` omitted: all cards shown) or as
one seat saw it (``--seat N``: others' face-down cards, deals and draws hidden).  A seat's view
record (as ``intrigue engine``'s ``record`` command or ``GameRecord.view`` makes) is shown as that
seat saw it, rebuilt from its observations alone.
"""
from __future__ import annotations

import sys
from typing import Any, List, NamedTuple, Optional

import click

from intrigue.cli.play import _utf8
from intrigue.cli.tui import RTL_LANGS, event_line, narrator_for, t, visual, wants_color
from intrigue.engine import Event, GameRecord, InfoState, RecordError, State
from intrigue.search.table import seen


class Frame(NamedTuple):
    seat: Optional[int]       # the event's seat (None for the start)
    text: Optional[str]       # the event as the viewer saw it
    state: State              # the position after it
    lines: List[str] = []     # the event told in sentences (the game's narrator), header first if a new turn


def frames(record: GameRecord, seat: Optional[int], narrator=None) -> List[Frame]:
    """The start and the position after each event the viewer saw, each told by ``narrator``
    (the game's narrator plug-in) as the viewer reads it."""
    game = record.load_game()
    viewer = seat if seat is not None else record.seat
    last: List[Optional[str]] = [None]

    def tell(core, event: Event) -> List[str]:
        if narrator is None:
            return []
        out = []
        header = narrator.turn_header(core, viewer)
        if header and header != last[0]:
            last[0] = header
            out.append(header)
        # a narrator may tell a replay more than play (a Politics window pass names its window)
        return out + narrator.event_for_replay(core, event, viewer)

    out: List[Frame] = []
    if record.seat is not None:
        if seat is not None and seat != record.seat:
            raise RecordError(f"this record is seat {record.seat}'s view: it cannot be shown as seat {seat}",
                              field="seat")
        view_seat = record.seat
        before: Optional[InfoState] = None
        for i, info in enumerate(record.info_states()):   # one replay: linear in the record's length
            if before is None:
                out.append(Frame(None, None, State(game, info.core), []))
            else:
                ev_seat, ev_text = record.events[i - 1]
                try:
                    action = game.observed_action(before.core, view_seat, ev_text)
                    lines = tell(before.core, Event(ev_seat, action, ev_text))
                except Exception:
                    lines = []
                out.append(Frame(ev_seat, ev_text, State(game, info.core), lines))
            before = info
        return out
    prev: Optional[Any] = None
    # one replay, each frame a copy of the kernel state only (a board needs no history): linear in the
    # record's length, where a copy of the whole state per step was quadratic
    for state in record.states(copies=False):
        core = state.core.clone()
        if prev is None:
            out.append(Frame(None, None, State(game, core)))
        else:
            event = state.history[-1]
            text = seen(event, "full" if seat is None else seat)
            if text is not None:
                out.append(Frame(event.seat, text, State(game, core), tell(prev, event)))
            elif out:
                out[-1] = out[-1]._replace(state=State(game, core))   # an unseen event: the view's last frame moves on
        prev = core
    return out


@click.command()
@click.argument("file", type=click.Path(dir_okay=False))
@click.option("--seat", type=int, default=None, help="Show the game as this seat saw it (default: everything).")
@click.option("--lang", default=None, help="Display language: en, th, he (default: the ruleset's).")
@click.option("--all", "show_all", is_flag=True, help="Print the whole game at once (the default when not a terminal).")
@click.option("--bidi/--no-bidi", default=True, show_default=True,
              help="Put right-to-left text in visual order (--no-bidi for terminals that do it themselves).")
def replay(file: str, seat: Optional[int], lang: Optional[str], show_all: bool, bidi: bool) -> None:
    """Step through a saved game FILE (as written by 'save' in intrigue play, or GameRecord.save)."""
    try:
        record = GameRecord.load(file)
    except RecordError as err:
        if "not a readable game record" in err.message:    # the reader's own wording is no help to a person
            raise RecordError(f"{file}: not a readable game record (damaged, or another kind of file)") from None
        raise
    game = record.load_game()
    if seat is not None and not 0 <= seat < game.num_players:
        raise RecordError(f"--seat {seat} is not in this {game.num_players}-player game", field="seat")
    lang = (lang or game.language).strip().lower()
    if lang not in game.languages:
        raise RecordError(f"--lang {lang!r} is not one of {', '.join(game.languages)}", field="lang")
    viewer = seat if seat is not None else record.seat
    narrator = narrator_for(game, lang, color=wants_color(sys.stdout))
    shots = frames(record, seat, narrator)
    _utf8(sys.stdout)

    def echo(text: str = "") -> None:
        click.echo(visual(text, rtl=lang in RTL_LANGS) if bidi else text)

    def board(state: State) -> str:
        if state.is_terminal():
            return narrator.end_screen(state.core, viewer)
        return narrator.board(state, viewer)

    def lines_of(fr: Frame) -> List[str]:
        """The frame's sentences; an event the narrator leaves unsaid in play (a window pass) gets a
        line of its own here, the seat named as the narrator names it: "Seat 2: Pass", "You: Pass"."""
        if fr.lines:
            return fr.lines
        assert fr.seat is not None and fr.text is not None      # an event's frame, not the start
        if fr.seat >= 0:
            who = narrator.seat(fr.seat, viewer)
            return [f"{who[:1].upper()}{who[1:]}: {game.describe_action(fr.text, lang)}"]
        return [event_line(game, fr.seat, fr.text, lang, viewer).strip()]

    if show_all or not sys.stdin.isatty():
        echo(t("replay_title", lang, title=game.title_in(lang), ruleset=game.ruleset,
               players=game.num_players, events=len(shots) - 1))
        for i, fr in enumerate(shots[1:], 1):
            for j, line in enumerate(lines_of(fr)):
                echo(f"{i:>4} {line}" if j == len(lines_of(fr)) - 1 or not line.startswith("──")
                     and not line.startswith("══") else line)
        echo(board(shots[-1].state))
        return
    i = 0
    echo(t("replay_help", lang))
    while True:
        fr = shots[i]
        echo("-" * 60)
        if fr.text is None:
            echo(f"{t('step', lang)} {i}/{len(shots) - 1}: {t('start', lang)}")
        else:
            echo(f"{t('step', lang)} {i}/{len(shots) - 1}:")
            for line in lines_of(fr):
                echo("  " + line)
        echo(board(fr.state))
        try:
            cmd = input("> ").strip().lower()
        except EOFError:
            return
        if cmd in ("q", "quit", "exit"):
            return
        if cmd in ("", "n", "next"):
            i = min(i + 1, len(shots) - 1)
        elif cmd in ("b", "back", "p"):
            i = max(i - 1, 0)
        elif cmd in ("e", "end"):
            i = len(shots) - 1
        elif cmd in ("s", "start"):
            i = 0
        elif cmd.isdecimal():          # not isdigit: '³' is a digit that int() refuses
            i = min(int(cmd), len(shots) - 1)
        else:
            echo(t("replay_help", lang))
