"""``intrigue play`` in a pseudo-terminal (pexpect): whole games with scripted input, invalid input
included; hint, save and load; Ctrl-C; languages."""
from __future__ import annotations

import importlib.util
import io
import re

import pexpect
import pytest

from intrigue.engine import GameRecord
from support import terminal

PROMPT, OVER = terminal.PROMPT, terminal.OVER


def spawn(*args, timeout=30):
    return terminal.spawn("play", *args, columns=200, rows=50, timeout=timeout)


def play_to_end(child, answer="1", limit=600):
    """Answer every prompt with ``answer`` until the game ends; returns the number of decisions."""
    return terminal.play_to_end(child, (answer,), limit)


@pytest.mark.slow
def test_a_whole_game_with_invalid_input_hint_and_save(tmp_path):
    path = tmp_path / "mid.msgpack"
    child = spawn("coup", "--players", "3", "--bots", "random", "--seed", "11", "--seat", "1")
    child.expect("3 players. You are seat 1")
    child.expect(PROMPT)
    assert child.match.group(3) == "1"
    child.sendline("dance wildly")
    child.expect("Not understood: 'dance wildly'")
    child.expect(PROMPT)
    child.sendline("42")
    child.expect("There is no choice 42")
    child.expect(PROMPT)
    child.sendline("save")
    child.expect("needs a file name")
    child.expect(PROMPT)
    child.sendline("hint")
    child.expect("Engine suggests: ")
    child.expect(PROMPT)
    child.sendline(f"save {path}")
    child.expect("Saved to ")
    child.expect(PROMPT)
    child.sendline("log")
    child.expect("What you have seen so far:")
    child.expect(PROMPT)
    child.sendline("1")
    decisions = play_to_end(child)
    child.expect("Placings:")
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 0 and decisions > 0
    assert "Traceback" not in child.before
    record = GameRecord.load(path)
    assert record.seat is None and record.meta["human_seat"] == 1 and record.events


def test_a_label_is_accepted_without_its_note_in_brackets():
    child = spawn("coup", "--players", "2", "--bots", "random", "--seed", "3")
    child.expect(r"Steal from seat 1 \(claims Captain\)")
    child.expect(PROMPT)
    child.sendline("steal from SEAT 1")                   # the menu's words, without "(claims Captain)"
    child.expect("You claim Captain to steal from seat 1")
    child.sendline("quit")
    child.sendline("")
    child.expect(pexpect.EOF)
    child.close()
    assert "Not understood" not in child.before


def test_notation_and_translated_words_are_accepted_and_illegal_ones_refused():
    child = spawn("coup", "--players", "2", "--bots", "random", "--seed", "3", "--ruleset", "seed-th")
    child.expect(PROMPT)                      # Thai display by the ruleset; seat 0 opens with 2 coins
    child.sendline("coup 1")
    child.expect("ต้องใช้ 7 ทอง คุณมี 2 ทอง")      # why not: Coup costs 7 coins
    child.expect(PROMPT)
    child.sendline("เก็บทอง")                  # Income, typed in Thai
    child.expect(r"คุณ เก็บทอง: \+1 ทอง")
    play_to_end(child, answer="1")
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 0


@pytest.mark.slow
def test_load_continues_a_saved_game_to_the_end(tmp_path):
    path = tmp_path / "g.msgpack"
    child = spawn("coup", "--players", "3", "--bots", "random", "--seed", "5", "--lang", "he")
    child.expect(PROMPT)
    child.sendline("1")
    child.expect(PROMPT)
    child.sendline(f"save {path}")
    child.expect(PROMPT)
    child.sendline("quit")
    child.sendline("")                        # the offer to save: leave without saving
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 0
    saved = GameRecord.load(path)
    child = spawn("coup", "--players", "4", "--bots", "random", "--seed", "6")
    child.expect(PROMPT)
    child.sendline(f"load {tmp_path / 'missing.msgpack'}")
    child.expect("Could not load .*missing.msgpack: No such file")
    child.expect(PROMPT)
    child.sendline(f"load {path}")
    # a 3-player game loaded into a 4-player session: the line says what it now is
    child.expect(f"Loaded .*: Coup \\(standard\\), 3 players; you are seat 0; {len(saved.events)} events")
    play_to_end(child)
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 0


def test_ctrl_c_leaves_cleanly():
    child = spawn("coup", "--players", "3", "--bots", "random", "--seed", "2")
    child.expect(PROMPT)
    child.sendintr()
    child.expect("You left the game.")
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 130 and "Traceback" not in child.before


def test_play_alone_starts_four_player_standard_coup():
    child = spawn()
    child.expect(r"Coup \(standard\), 4 players\. You are seat 0\. Seed \d+\.\s+Opponents: seat 1 ([^,.]+)[,.]")
    opponents = child.match.group(1)
    if importlib.util.find_spec("intrigue.search.ismcts") is not None:
        assert opponents.startswith("max (ismcts:")    # strong by default: the max level, its spec shown
    else:
        assert opponents in ("heuristic", "random")
    child.expect(PROMPT)
    child.sendline("quit")
    child.sendline("")                        # the offer to save: leave without saving
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 0


@pytest.mark.parametrize("args, message", [
    (["--players", "9"], "2 to 6 players"),
    (["--bots", "warlock"], "unknown bot"),
    (["--lang", "fr"], "not one of en, th, he"),
    (["--seat", "5", "--players", "3"], "seat 5"),
    (["--level", "casual", "--bots", "heuristic"], "--level and --bots both choose"),
    (["--names", ",,,"], "seat 0 without a name"),
    (["--hint", "warlock"], "--hint: unknown bot"),
    (["--hint", " "], "--hint needs a bot spec"),
])
def test_bad_arguments_are_refused_in_one_line(args, message):
    child = spawn(*args)
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 2 and message in child.before and "Traceback" not in child.before


def test_a_thinking_bot_shows_progress_and_ctrl_c_stops_it():
    """The progress line of terminal play, with a slow bot and a fake terminal on stderr."""
    import io
    import threading

    from intrigue.cli.tui import think
    from intrigue.engine import new_game
    from intrigue.search.bot import Limits, make_bot
    from support.protocol import register_slow_bot

    class Tty(io.StringIO):
        def isatty(self):
            return True

    register_slow_bot()
    state = new_game("coup", players=3, seed=1)
    status = Tty()
    bot = make_bot("slow", seed=1)
    analysis = think(bot, state.information_state(0), who="seat 0", lang="en", status=status, delay=0.05,
                     limits=Limits(time_ms=400))
    assert analysis.move in state.legal_moves()
    shown = status.getvalue()
    # a seat's line shows no search count (a paced forced move has none: search/pacing.py) ...
    assert "seat 0 is thinking" in shown and "iterations" not in shown and shown.endswith("\r\033[K")
    # ... the person's own hint does
    status = Tty()
    think(bot, state.information_state(0), who="hint", lang="en", status=status, delay=0.05,
          limits=Limits(time_ms=400), analyze=True)
    assert "hint is thinking" in status.getvalue() and "iterations" in status.getvalue()

    stop_seen = threading.Event()
    original = bot.choose

    def watched(info, **kw):
        result = original(info, **kw)
        if kw["stop"].is_set():
            stop_seen.set()
        return result

    bot.choose = watched
    timer = threading.Timer(0.1, lambda: __import__("_thread").interrupt_main())
    timer.start()
    with pytest.raises(KeyboardInterrupt):
        think(bot, state.information_state(0), who="seat 0", lang="en", status=Tty(), limits=Limits(infinite=True))
    assert stop_seen.wait(2)


@pytest.mark.slow
def test_save_option_keeps_the_record_however_the_game_is_left(tmp_path):
    # --save FILE writes the record on leaving: at the end of the game (when there is no prompt left
    # to type 'save' at), and on quit without asking first
    done = tmp_path / "done.msgpack"
    child = spawn("coup", "--players", "2", "--bots", "random", "--seed", "3", "--save", str(done))
    play_to_end(child)
    child.expect(f"Saved to {re.escape(str(done))}")
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 0
    record = GameRecord.load(str(done))
    assert record.replay().is_terminal()
    left = tmp_path / "left.msgpack"
    child = spawn("coup", "--players", "3", "--bots", "random", "--seed", "3", "--save", str(left))
    log = io.StringIO()
    child.logfile_read = log
    child.expect(PROMPT)
    child.sendline("quit")
    child.expect("You left the game.")
    child.expect(f"Saved to {re.escape(str(left))}")
    child.expect(pexpect.EOF)
    assert "Save the game before leaving" not in log.getvalue()
    assert not GameRecord.load(str(left)).replay().is_terminal()
    # a file that cannot be written is refused before the game starts
    child = spawn("coup", "--save", str(tmp_path / "no" / "x.msgpack"))
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 2 and "there is no folder" in child.before
