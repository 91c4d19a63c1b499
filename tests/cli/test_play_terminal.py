"""``intrigue play`` as a person meets it: the offer to save at the end of every game (and where the file
went), every board inside 80 columns in every game and language, Hebrew laid out from the right with its
columns in line, targets typed by the names the menu shows, a reason with every refusal, one question
per decision (a Politics Media window is not asked after every inspected card once the person says
so), and Shadow Master's target choice said once.  The save offer and the boards go through a real
pseudo-terminal (pexpect) of 80 columns."""
from __future__ import annotations

import io
import random
import re

import pexpect
import pytest

from intrigue.cli.play import TerminalGame
from intrigue.cli.tui import narrator_for, t, visual
from intrigue.engine import GameRecord, load_game, new_game
from intrigue.engine.narration import display_width
from intrigue.search.pacing import Pause
from intrigue.search.table import Table
from support import terminal

PROMPT = re.compile(r"((seat|ที่นั่ง) \d+|#\d+|\w+)> ")
OVER = re.compile(r"(Game over\.|จบเกม|המשחק נגמר\.)")
ANSI = re.compile(r"\033\[[0-9;?]*[A-Za-z]")
LONG_NAMES = "Alexandra,Bartholomew,Christopher,Dominique,Evangeline,Fitzgerald,Gwendolyn,Hieronymus"


def spawn(*args, columns=80, timeout=60):
    return terminal.spawn("play", *args, term="xterm", columns=columns, timeout=timeout)


# --- the offer to save, through a terminal -----------------------------------------------------------
def test_the_end_of_a_game_offers_to_save_it_and_says_where_it_went(tmp_path):
    path = tmp_path / "hand.msgpack"
    child = spawn("kuhn", "--bots", "random", "--seed", "4", "--no-bidi")
    for _ in range(20):
        if child.expect([PROMPT, OVER]) == 1:
            break
        child.sendline("1")
    child.expect("Save the game before leaving\\? Type a file name")
    child.sendline("2")                                     # a menu number out of habit: not a file name
    child.expect("'2' is a number, not a file name")
    child.expect("Save the game before leaving\\?")
    child.sendline(str(path))
    child.expect(re.escape(f"Saved to {path}."))
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 0
    record = GameRecord.load(path)
    assert record.replay().is_terminal() and record.meta["human_seat"] == 0


def test_enter_at_the_offer_leaves_without_saving(tmp_path):
    child = spawn("kuhn", "--bots", "random", "--seed", "5")
    child.logfile_read = log = io.StringIO()
    for _ in range(20):
        if child.expect([PROMPT, OVER]) == 1:
            break
        child.sendline("1")
    child.expect("Save the game before leaving\\?")
    child.sendline("")
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 0 and "Saved to" not in log.getvalue()


# --- every board in 80 columns, through a terminal of 80 columns --------------------------------------
BOARDS = [
    ("coup", ["--players", "6", "--names", LONG_NAMES.rsplit(",", 2)[0]], ["en", "th"]),
    ("coup", ["--players", "6", "--ruleset", "seed-he", "--names", "דנה,Eli,נועה,Bartholomew,יונתן,Ben"], ["he"]),
    ("politics", ["--players", "8", "--names", LONG_NAMES], ["en", "th"]),
    ("shadow_master", ["--players", "6", "--names", LONG_NAMES.rsplit(",", 2)[0]], ["en", "th"]),
]


@pytest.mark.parametrize("game, args, lang", [(g, a, lang) for g, a, langs in BOARDS for lang in langs],
                         ids=lambda x: x if isinstance(x, str) else None)
def test_the_board_fits_an_80_column_terminal(game, args, lang):
    child = spawn(game, *args, "--lang", lang, "--bots", "random", "--seed", "2", "--seat", "0")
    child.expect(PROMPT)
    child.sendline("board")
    child.expect("-" * 60)
    child.expect(PROMPT)
    board = ANSI.sub("", child.before).replace("\r", "").strip("\n").split("\n")
    child.sendline("quit")
    child.sendline("")
    child.expect(pexpect.EOF)
    assert len(board) >= 5
    widths = [display_width(line) for line in board]
    assert max(widths) <= 80, [line for line in board if display_width(line) > 80]


# --- Hebrew: laid out from the right, columns in line --------------------------------------------------
def test_hebrew_board_columns_and_placings_line_up_from_the_right():
    game = load_game("coup", "seed-he", 4)
    state = new_game("coup", ruleset="seed-he", players=4, seed=3)
    rng = random.Random(5)
    for _ in range(12):
        state.apply_action(rng.choice(state.legal_actions()))
    narrator = narrator_for(game, "he", ["דנה", "Eli", "נועה", "Bartholomew"])
    shown = visual(narrator.board(state, 0), 80, rtl=True).split("\n")
    rows = [line for line in shown if "תועבטמ" in line or "עבטמ" in line]     # the seat rows ("מטבעות" reversed)
    assert len(rows) == 4
    # the coins column: its word ("מטבעות", drawn reversed) the same distance from the right edge in every
    # row, whatever the name (the whole-row bidi let "Eli: 2" run together and moved the column)
    coin_at = {len(line) - re.search(r"(תועבטמ|עבטמ)", line).end() for line in rows}
    assert len(coin_at) == 1, rows
    assert all(len(line) == 80 for line in rows)
    while not state.is_terminal():
        state.apply_action(rng.choice(state.legal_actions()))
    end = visual(narrator.end_screen(state.core, 0), 80, rtl=True).split("\n")
    placings = [line for line in end if re.search(r"\.\d\s*$", line)]
    assert len(placings) == 4, end
    assert all(len(line) == 80 for line in placings)                  # every placing from the right edge


# --- the terminal session, scripted --------------------------------------------------------------------
def session(game, seed, lang="en", players=None, names=None, ruleset=None, specs=("random",), answer=None):
    """A :class:`TerminalGame` whose person answers with ``answer(output_so_far, prompt)``."""
    g = load_game(game, ruleset, players)
    out = io.StringIO()
    tg = TerminalGame(Table(g, seed), 0, list(specs), lang, seed, out=out, status=io.StringIO(), names=names,
                      bidi=False)
    tg.pacer.pause = lambda *a, **k: Pause()

    def ask(prompt):
        out.write(prompt)
        reply = answer(out.getvalue(), prompt)
        if reply is None:
            raise EOFError
        out.write(reply + "\n")
        return reply
    tg.ask = ask
    return tg, out


@pytest.mark.parametrize("lang, ruleset", [("en", "standard"), ("th", "seed-th"), ("he", "seed-he")])
def test_a_target_is_typed_by_the_name_the_menu_shows(lang, ruleset):
    typed = iter(["steal Eli"])

    def answer(text, prompt):
        return next(typed, None)

    tg, out = session("coup", 3, lang=lang, players=3, names=["Dana", "Eli", "Noa"], ruleset=ruleset, answer=answer)
    try:
        tg.run()
    finally:
        tg.close()
    assert (0, "steal 1") in [(e.seat, e.text) for e in tg.table.state.history], out.getvalue()[-600:]
    assert tg.seats_by_number("steal ELI") == "steal 1" and tg.seats_by_number("steal Elias") == "steal Elias"


def _media_answer(choose_rest_in_round):
    """Answer 1 everywhere (Enter at the offer to save), but at the first Media question after an
    inspection in round ``choose_rest_in_round`` pick "pass for the rest of this phase"."""
    picked = []

    def answer(text, prompt):
        if prompt.startswith("Save the game"):
            return ""
        questions = [line for line in text.split("\n") if line.endswith("?")]
        header = text[text.rfind("══ Round"):].split("\n")[0]
        if (not picked and questions and "just inspected" in questions[-1]
                and header.startswith(f"══ Round {choose_rest_in_round}/")):
            option = re.findall(r"^\s+(\d+)\. Pass, and pass on Media power", text[-800:], re.M)
            picked.append(option[-1])
            return option[-1]
        return "1"
    return answer, picked


def test_a_media_window_after_each_inspection_is_not_asked_again_once_passed_for_the_phase():
    answer, picked = _media_answer(6)
    tg, out = session("politics", 15, players=6, answer=answer)     # (a seed whose round 6 has such a phase)
    try:
        tg.run()
    finally:
        tg.close()
    text = out.getvalue()
    assert picked, "the person was asked about Media after an inspection in round 6"
    phase = text[text.index("══ Round 6/11 · Phase 3"):]
    phase = phase[:phase.index("\n══ ")]
    assert phase.count("just inspected") == 1                   # asked once, at the first inspection
    assert phase.count("as you chose, for the rest of this phase") >= 1   # the next windows: passed, and said
    later = text[text.index("══ Round 7/11"):]
    assert "Play Media power" in later                         # a new phase asks again


# --- refusals say why ----------------------------------------------------------------------------------
def test_shadow_masters_unknown_cell_is_named():
    g = load_game("shadow_master", None, 4)
    state = g.new_state(5)
    while not (state.current_player() == 0 and state.decision().kind == "phase1"):
        state.apply_action(state.legal_actions()[0])
    for lang, words in (("en", "Z9 is no cell of the board"), ("th", "Z9 ไม่ใช่ช่องบนกระดาน")):
        assert narrator_for(g, lang).why_illegal(state.core, "place Z9", 0).startswith(words)


WRONG = {"coup": ["dance", "block duke", "keep duke duke"],
         "politics": ["dance", "inspect", "propose H0 H0", "vote 1"],
         "shadow_master": ["dance", "place Z9", "buy", "take 2", "end"]}


@pytest.mark.parametrize("game", sorted(WRONG))
def test_every_refusal_gives_a_reason_not_only_the_question(game):
    g = load_game(game)
    rng = random.Random(7)
    checked = 0
    for lang in g.languages:
        narrator = narrator_for(g, lang)
        state = g.new_state(11)
        for _ in range(60):
            if state.is_terminal():
                break
            p = state.current_player()
            prompt = narrator.prompt(state.core, p)
            for text in WRONG[game]:
                try:
                    if state.core.is_legal(g.string_to_action(state.core, text)):
                        continue
                except Exception:
                    pass
                why = narrator.why_illegal(state.core, text, p)
                assert why, (lang, text)
                reason = why.replace(prompt, "").strip()
                # more than "'x' is not a choice now." before the question: what is wrong is said
                assert reason and not re.fullmatch(r"('.*' is not a choice now\.|That is not a choice now\.)", reason), \
                    (lang, text, why)
                checked += 1
            state.apply_action(rng.choice(state.legal_actions()))
    assert checked > 50


def test_shadow_master_says_once_who_chooses_the_target():
    for seed in range(40):
        g = load_game("shadow_master", None, 4)
        state = g.new_state(seed)
        rng = random.Random(seed)
        while not state.is_terminal() and state.decision().kind != "target":
            state.apply_action(rng.choice(state.legal_actions()))
        if state.is_terminal():
            continue
        # the placement that opened the choice, then the choice: told once between them
        target_at = len(state.history)
        start = max(i for i, e in enumerate(state.history) if e.seat == state.current_player() and
                    e.text.startswith(("place", "combo", "turncloak", "to ")))
        state.apply_action(state.legal_actions()[0])
        for viewer in (state.history[start].seat, (state.history[start].seat + 1) % 4):
            n = narrator_for(g, "en")
            core = g.new_initial_state().core
            lines = []
            for i, event in enumerate(state.history):
                if i >= start:
                    lines.extend(n.event(core, event, viewer))
                core.apply(event.action)
            told = [line for line in lines if "the target" in line]
            assert len(told) == 1, lines
        assert target_at > start
        return
    pytest.skip("no multi-front attack in the seeds tried")
