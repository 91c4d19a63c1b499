"""Problems a new player met in whole games of ``intrigue play`` (Politics, Shadow Master, Coup, in
English and Thai), each pinned by a test: what the narrator says, what ``rules`` shows, the board
and the help line."""
from __future__ import annotations

import io

from intrigue.engine import load_game
from intrigue.engine.politics.narrate import PoliticsNarrator
from intrigue.ext.politics_core import Phase as PolPhase
from support.politics import random_events
from support.shadow_master import played_events


def test_a_media_flip_let_through_by_the_last_block_pass_is_marked_in_the_summary():
    # seed 1, -o length=half, round 1: seat 1's Media power turned C3 honest and everyone passed the
    # Block window; the summary read "passed H2 C2 C2 C3 C3" with no "*", because the round's cards
    # are cleared by the time the window closes.
    found = 0
    for seed in range(40):
        n = None
        for g, core, event in random_events(seed):
            n = n or PoliticsNarrator(g, "en")
            w = core.window or {}
            if not (core.phase == PolPhase.BLOCK and w.get("answers") == PolPhase.MEDIA
                    and w.get("media_phase") == 4 and event.text == "pass"):
                continue
            after = core.clone()
            after.apply(event.action)
            if after.revealed_cards or after.phase == PolPhase.BLOCK or after.failed_gov:
                continue
            lines = n.event(core, event, 0)
            summary = [line for line in lines if line.startswith("Summary:")]
            assert summary, lines
            assert "*" in summary[0] and "(* = flipped by Media power)" in summary[0], summary
            found += 1
    assert found >= 3


def test_rules_shows_the_phase_the_header_announced_at_every_decision():
    # at a Phase 2 contract offer ("Offer a contract?"), in the Media and Block windows of Phases 3
    # and 4 and at a Deal-break window, `rules` showed the Phase 1 text.
    import re
    seen = set()
    for seed in range(12):
        n = header = None
        for g, core, event in random_events(seed):
            n = n or PoliticsNarrator(g, "en")
            h = n.turn_header(core, 0)
            if h:
                header = h
            if event.seat < 0 or header is None:
                continue
            m = re.search(r"Phase (\d)", header)
            want = f"Phase {m.group(1)} —" if m else "Lie-catch —"
            first = n.rules(core, event.seat).split("\n")[0]
            assert first.startswith(want), (header, g.decision_kind(core), first)
            seen.add(g.decision_kind(core))
    assert {"offer_contract", "media_window", "block_window", "answer_contract", "dealbreak_window",
            "coup_window"} <= seen, seen


def test_the_thai_board_names_a_contracts_state_in_thai():
    # the Thai board read "สัญญา A: JOIN(1) จากที่นั่ง 5 ถึงที่นั่ง 3 [active]" (also [done], [lapsed])
    import re
    states = set()
    for seed in range(6):
        n = None
        for g, core, event in random_events(seed):
            n = n or PoliticsNarrator(g, "th")
            if not core.contracts:
                continue
            st = g.new_initial_state()
            st.core = core
            for line in n.board(st, 0).split("\n"):
                if line.startswith("สัญญา "):
                    status = re.search(r"\[(.*)\]$", line).group(1)
                    assert not re.search(r"[A-Za-z]", status), line
                    states.add(status)
    assert len(states) >= 3, states


def test_thai_lines_leave_a_space_after_a_seat_name():
    # "ตั้งรัฐบาลสำเร็จ: ผู้นำที่นั่ง 5 แนวร่วมที่นั่ง 3และที่นั่ง 2", "... ถ้าที่นั่ง 4ตรวจสอบ",
    # "จะเสนออิทธิพลให้ที่นั่ง 1เท่าไร?": the seat's number ran into the next word.
    import re
    glued = re.compile(r"ที่นั่ง \d[\u0E00-\u0E7F]")
    checked = 0
    for seed in range(4):
        n = None
        for g, core, event in random_events(seed):
            n = n or PoliticsNarrator(g, "th")
            texts = list(n.event(core, event, 0))
            if event.seat >= 0:
                texts.append(n.prompt(core, event.seat))
                texts.append(n.prompt(core, 0))
                actions = list(core.legal_actions())
                for depth in range(3):                    # the steps, down the last option each time
                    grouped = n.group(core, actions, event.seat, depth) if len(actions) > 1 else None
                    if not grouped:
                        break
                    texts.append(grouped[0])
                    actions = grouped[1][-1][1]
            for text in texts:
                assert not glued.search(text), text
                checked += 1
    assert checked > 1000


# --- Shadow Master ------------------------------------------------------------------------------------

def test_the_last_settlement_sale_is_told_apart_from_the_income():
    # seed 5, 4 players, round 31: "Seat 3 sells Yellow Faith for 12 Silver." then only "Seat 3
    # receives 18 Silver (income, tax and upkeep): money 14 → 32." -- the 12 of the sale was counted
    # as income (the last sale of a settlement and the settlement itself are one step).
    import re
    from intrigue.engine.shadow_master.narrate import ShadowMasterNarrator
    from intrigue.ext.shadow_master_core import Phase as SMPhase
    found = 0
    for seed in range(30):
        n = None
        for g, core, event in played_events(seed):
            if core.phase != SMPhase.SETTLE_SELL or not event.action:
                continue
            n = n or ShadowMasterNarrator(g, "en")
            lines = n.event(core, event, None)
            who = n.seat(event.seat, None).capitalize()
            price = int(re.search(r"for (\d+) Silver", lines[0]).group(1))
            mine = [line for line in lines if line.startswith((f"{who} receives", f"{who} pays", f"{who} returns"))]
            assert mine[0] == f"{who} receives {price} Silver (sale): money " + mine[0].split("money ")[1], lines
            assert lines[1] == mine[0], lines           # right after the sale, before the settlement's lines
            a, b = map(int, re.search(r"money (\d+) → (\d+)", mine[0]).groups())
            assert b - a == price, lines
            if len(mine) > 1:                       # the settlement came in the same step
                # seed 4: selling the last Power card left a deposit with nowhere to go ("Seat 0
                # pays 5 Silver (sale): money 15 → 10")
                assert ("(income, tax and upkeep)" in mine[1] or "to the bank" in mine[1]), lines
                assert mine[1].split("money ")[1].startswith(f"{b} "), lines
                found += 1
    assert found >= 2


def test_the_land_cards_draw_is_told_to_the_other_seats():
    # seed 5, 4 players, round 1: "Seat 3 draws Red Land from Red's deck and keeps it face up." and
    # nothing about the Territory card the Land card draws at once (seen by the drawer only), yet
    # seat 3 went from 5 to 6 cards.
    from intrigue.engine.shadow_master.narrate import ShadowMasterNarrator
    from intrigue.ext.shadow_master_core import Phase as SMPhase
    told = untold = 0
    for seed in range(20):
        n = None
        for g, core, event in played_events(seed):
            if core.phase != SMPhase.C_POWER or not event.text.endswith(" land"):
                continue
            n = n or ShadowMasterNarrator(g, "en")
            after = core.clone()
            after.apply(event.action)
            drawer = core.active
            other = (drawer + 1) % g.num_players
            line = f"The Land card lets {n.seat(drawer, other)} draw a Territory card at once, unseen."
            if after.phase == SMPhase.C_DEAL and after.draw_for == drawer:
                assert line in n.event(core, event, other)
                assert "The Land card lets you draw" in " ".join(n.event(core, event, drawer))
                told += 1
            else:                                   # a hand already at its limit draws nothing
                assert not any("Land card lets" in x for x in n.event(core, event, other))
                untold += 1
    assert told >= 5


# --- the terminal -------------------------------------------------------------------------------------

def test_back_is_in_the_help_and_at_a_first_step_it_says_there_is_nothing_to_go_back_to():
    # "back" was missing from the help line, and typed at a first step it read "'back' is not a
    # choice now. ... (unknown action 'back' in 'back')" (Politics) or "Not understood: 'back'.
    # unknown action 'back' in 'back'" (Coup)
    from intrigue.cli.play import TerminalGame
    from intrigue.search.table import Table
    for game, players in (("coup", 3), ("politics", 6)):
        g = load_game(game, None, players, {"length": "half"} if game == "politics" else None)
        out = io.StringIO()
        tg = TerminalGame(Table(g, 3), 0, ["random"], "en", 3, out=out, status=io.StringIO())
        answers = iter(["back", "quit", ""])
        tg.ask = lambda prompt: next(answers, "")
        tg.run()
        text = out.getvalue()
        assert "save FILE, load FILE, back, help, quit." in text
        assert "There is no earlier step to go back to" in text and "unknown action" not in text, text[-600:]


def test_rules_at_the_lie_catch_say_what_the_end_bonuses_and_awards_give():
    # the last lines before the end screen ("Seat 1: +3 influence (11), +11 legitimacy (22).") were
    # not explained anywhere a player could look: neither `rules` nor the guide gave the awards' values
    for g, core, event in random_events(0):
        if event.seat >= 0 and g.decision_kind(core) == "vote":
            en = PoliticsNarrator(g, "en").rules(core, event.seat)
            th = PoliticsNarrator(g, "th").rules(core, event.seat)
            break
    assert "everyone +2 legitimacy" in en and "contracts +5 influence" in en and "betrayal +4 underground" in en
    assert "สัญญา อิทธิพล +5" in th and "บิดสัญญา อำนาจใต้ดิน +4" in th


def _terminal(game, players, answers, seed=1):
    """A terminal game of ``game`` with random bots, answered from ``answers``; its whole output."""
    from intrigue.cli.play import TerminalGame
    from intrigue.search.table import Table
    g = load_game(game, None, players, {"length": "half"} if game == "politics" else None)
    out = io.StringIO()
    tg = TerminalGame(Table(g, seed), 0, ["random"], "en", seed, out=out, status=io.StringIO())
    feed = iter(answers)

    def ask(prompt):
        out.write(prompt)
        return next(feed, "")
    tg.ask = ask
    tg.run()
    return out.getvalue()


def test_a_number_that_is_no_choice_is_refused_in_one_line_whatever_its_digits():
    # '²' and '①' passed str.isdigit() and crashed int() with a traceback; '-1' and '1.5' read
    # "unknown action '-1' in '-1'"
    text = _terminal("politics", 6, ["²", "①", "-1", "1.5", "9" * 5000, "quit", ""])
    for typed in ("²", "①"):
        assert f"'{typed}' is not a move of this game" in text
    for typed in ("-1", "1.5", "9" * 5000):           # (int() refuses 4,300 digits: it crashed too)
        assert f"There is no choice {typed}: pick 1 to" in text
    assert "unknown action" not in text and "Traceback" not in text


def test_a_word_typed_at_a_later_step_of_a_choice_names_that_steps_choices():
    # at "How much influence do you offer seat 2?" a typo read "'foo' is not a choice now. You lead
    # the attempt: ..." (the first step's question) with "(unknown action 'foo' in 'foo')"
    text = _terminal("politics", 6, ["2", "2", "foo", "quit", ""], seed=1)   # Block, then invite seat 2
    assert "How much influence do you offer" in text
    assert "'foo' is not one of these choices: pick 1 to 4, or type back." in text


def test_a_save_that_fails_on_quit_is_offered_again(tmp_path):
    # "quit", then a path that cannot be written: the game ended unsaved at once
    good = tmp_path / "kept.msgpack"
    text = _terminal("politics", 6, ["quit", str(tmp_path / "no" / "such" / "x.msgpack"), str(good)])
    assert text.count("Save the game before leaving?") == 2
    assert "Could not save to" in text and good.exists()


def test_a_file_that_cannot_be_saved_is_explained_in_the_display_language(tmp_path):
    # Thai read "บันทึกไปที่ /x ไม่ได้: No such file or directory" (the system's English reason)
    import errno
    from intrigue.cli.tui import os_reason
    try:
        open(tmp_path / "no" / "x", "w")
    except OSError as err:
        missing = err
    assert os_reason(missing, "th") == "ไม่มีไฟล์หรือโฟลเดอร์นี้"
    assert os_reason(missing, "he") == "אין קובץ או תיקייה כאלה"
    assert os_reason(missing, "en") == missing.strerror
    assert os_reason(OSError(errno.EXDEV, "Invalid cross-device link"), "th") == "Invalid cross-device link"


def test_hint_against_bots_without_analysis_comes_from_a_search():
    # with --bots heuristic, 'hint' asked the heuristic bot, which gives a bare suggestion: docs/play.md
    # promises values per action and beliefs
    from intrigue.cli.play import TerminalGame, hint_spec_for
    from intrigue.search.bot import strongest_bot_spec
    from intrigue.search.table import Table
    assert hint_spec_for(["heuristic"]) == hint_spec_for(["random", "ismcts"]) == strongest_bot_spec()
    assert hint_spec_for(["ismcts:time=50", "heuristic"]) == "ismcts:time=50"
    g = load_game("coup", None, 3, None)
    out = io.StringIO()
    tg = TerminalGame(Table(g, 3), 0, ["heuristic"], "en", 3, out=out, status=io.StringIO(),
                      hint_spec="ismcts:iterations=300")
    feed = iter(["hint", "quit", ""])
    tg.ask = lambda prompt: next(feed, "")
    tg.run()
    text = out.getvalue()
    assert "Engine suggests:" in text and "visits" in text and "value" in text
    assert "What the engine believes about face-down cards:" in text


def test_a_hint_chosen_by_the_tie_break_says_so():
    # the hint suggested "Play Block" while its own figures put Pass ahead: the search had scored them
    # level and the heuristic broke the tie, which nothing said
    from intrigue.cli.tui import analysis_lines
    from intrigue.search.bot import ActionStat, Analysis
    g = load_game("coup", None, 3, None)
    stats = [ActionStat(0, "income", 164, 0.55), ActionStat(1, "foreign_aid", 136, 0.51)]
    tied = Analysis(0, 1, "foreign_aid", stats, iterations=300, extra={"tiebreak": "heuristic"})
    lines = analysis_lines(g, tied, "en")
    assert any("rule-of-thumb player chose" in line for line in lines)
    assert not any("rule-of-thumb" in line for line in analysis_lines(g, Analysis(0, 0, "income", stats), "en"))
    # a hint lists the six most searched moves, and says how many more there are (it left one out silently)
    many = [ActionStat(a, m, 100 - a, 0.5) for a, m in enumerate(["income", "foreign_aid", "tax", "exchange",
                                                                   "steal 1", "steal 2", "coup 1"])]
    lines = analysis_lines(g, Analysis(0, 0, "income", many), "en")
    assert sum("visits" in line for line in lines) == 6 and lines[-1].strip() == "… and 1 more"


def test_a_right_to_left_name_or_language_gets_the_seat_number_prompt():
    # "דנה> " was drawn "‹הנד" with the typing glued to it
    from intrigue.cli.play import TerminalGame
    from intrigue.search.table import Table
    g = load_game("coup", None, 3, None)

    def prompt(lang, names):
        return TerminalGame(Table(g, 1), 0, ["random"], lang, 1, out=io.StringIO(), status=io.StringIO(),
                            names=names).input_prompt()
    assert prompt("en", ["דנה", "אלי", "נועה"]) == "#0> " and prompt("he", ["Dana", "Eli", "Noa"]) == "#0> "
    assert prompt("en", ["Dana", "Eli", "Noa"]) == "Dana> " and prompt("en", None) == "seat 0> "


def test_the_thinking_line_is_put_in_visual_order_in_hebrew():
    # every Hebrew line was reordered for the terminal except the live "thinking" line
    import time
    from intrigue.cli.tui import think, visual
    from intrigue.engine import new_game

    class Slow:
        spec = "slow"

        def choose(self, info, limits=None, on_info=None, stop=None):
            time.sleep(0.5)
            return "done"

    class Tty(io.StringIO):
        def isatty(self):
            return True
    import re
    state = new_game("coup", players=3, seed=1)
    shown = {}
    for bidi in (True, False):
        status = Tty()
        think(Slow(), state.information_state(0), who="מושב 1", lang="he", status=status, delay=0.1, bidi=bidi)
        shown[bidi] = re.sub(r"\d\.\d", "0.0", status.getvalue().split("\r")[1].replace("\033[K", ""))
    assert "מושב 1 חושב/ת" in shown[False]                  # --no-bidi: as stored
    assert shown[True] == visual(shown[False]) != shown[False]


def test_load_says_what_it_loaded_and_drops_names_for_another_seat_count(tmp_path):
    # "load" printed only "Loaded FILE: 5 events." though the game, its size and the person's seat had
    # changed; --names given for three seats then failed on seat 3 of a loaded four-player game
    from intrigue.cli.play import TerminalGame
    from intrigue.engine import GameRecord, new_game
    from intrigue.search.table import Table
    state = new_game("coup", players=4, seed=2)
    state.apply_action(state.legal_actions()[0])
    path = tmp_path / "four.msgpack"
    GameRecord.from_state(state, human_seat=3).save(path)
    out = io.StringIO()
    tg = TerminalGame(Table(load_game("coup", None, 3, None), 1), 0, ["random"], "en", 1, out=out,
                      status=io.StringIO(), names=["Ann", "Bo", "Chai"])
    assert tg.file_command("load", str(path))
    assert "Coup (standard), 4 players; you are seat 3;" in out.getvalue()
    assert tg.names is None and tg.input_prompt() == "seat 3> "


def test_a_seat_that_is_not_in_the_game_is_named_in_every_language():
    # in Thai and Hebrew "steal 9" read only "Not understood: 'steal 9'" (the reason was English only),
    # and in English "Not understood: 'foo'. unknown action 'foo' in 'foo'" said it twice
    from intrigue.engine import new_game
    from intrigue.engine.coup.narrate import CoupNarrator
    s = new_game("coup", players=4, seed=1)
    while s.current_player() < 0:
        s.apply_action(s.legal_actions()[0])
    p = s.current_player()
    said = {lang: CoupNarrator(s.game, lang).why_illegal(s.core, "steal 9", p) for lang in ("en", "th", "he")}
    assert said == {"en": "There is no seat 9: the seats are 0 to 3.", "th": "ไม่มีที่นั่ง 9: ที่นั่งมี 0 ถึง 3",
                    "he": "אין מושב 9: המושבים הם 0 עד 3."}
    assert CoupNarrator(s.game, "en").why_illegal(s.core, "foo", p) == "Not understood: 'foo'."
