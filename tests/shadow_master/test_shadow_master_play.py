"""Shadow Master in the terminal: every event told in a sentence (attacks and their outcome,
collapses, alliances, income, purchases, transfers), prompts that say what they answer, the board in
80 columns (boards; 100 for everything read) with colours only on a terminal, no other seat's hidden card ever shown, and hints, save,
load and replay as for the other games.  Whole games use random bots and a short round cap, so the
file runs in seconds."""
from __future__ import annotations

import os
import random
import re
import subprocess
import sys

import pexpect
import pytest

from intrigue.engine import load_game
from intrigue.engine.shadow_master import names
from intrigue.engine.shadow_master.narrate import ShadowMasterNarrator, width
from intrigue.ext.shadow_master_core import policy_choice
from support import terminal

PROMPT = re.compile(r"(seat|ที่นั่ง) (\d+)> ")
OVER = re.compile(r"={60}\r?\n(Game over\.|จบเกม)")
ANSI = "\033["


def played(game, seed: int, policy: bool = True):
    """A finished game: the kernel's rule-of-thumb player (which attacks and buys) with some random
    moves, or random moves only."""
    state = game.new_state(seed)
    rnd = random.Random(seed)
    while not state.is_terminal():
        if policy and rnd.random() < 0.9:
            state.apply_action(policy_choice(state.core, rnd.getrandbits(32)))
        else:
            state.apply_action(rnd.choice(state.legal_actions()))
    return state


def told(game, state, lang: str, viewer):
    """Every event of ``state``'s history as ``viewer`` reads it, with the turn headers."""
    n = ShadowMasterNarrator(game, lang)
    n.strict = True
    core = game.new_initial_state().core
    lines, last = [], None
    for event in state.history:
        header = n.turn_header(core, viewer)
        if header and header != last:
            lines.append(header)
            last = header
        lines.extend(n.event(core, event, viewer))
        core.apply(event.action)
    return lines, n


def test_the_narrator_is_the_games_plugin():
    assert load_game("shadow_master").plugin("narrator") is ShadowMasterNarrator


@pytest.mark.slow
@pytest.mark.parametrize("lang", ["en", "th"])
def test_every_event_is_told_in_every_player_count_and_ruleset(lang):
    for players in (3, 4, 5, 6):
        for ruleset, policy in (("standard", True), ("core", False)):
            g = load_game("shadow_master", ruleset, players)
            state = played(g, players, policy=policy)
            for viewer in (0, None):
                lines, _ = told(g, state, lang, viewer)
                assert len(lines) > len(state.history) // 3
                # a sentence, never the fallback "seat 2: place K1"
                assert not any(re.match(r"(seat|ที่นั่ง) \d: ", line) for line in lines)


@pytest.mark.slow
def test_the_sentences_say_who_did_what_where_and_with_what_result():
    text = ""
    for players in (3, 4, 5, 6):
        g = load_game("shadow_master", None, players)
        for seed in range(3):
            text += "\n".join(told(g, played(g, seed), "en", 0)[0]) + "\n"
    for pattern in [
        r"Seat \d is the First Player\.",
        r"── Round 1 · (you|seat \d) to play · money: you 10, ",
        r"You are dealt [A-N][1-5X]\.",
        r"(Seat \d rolls|You roll) \d dic?e: ",
        r"(Seat \d puts|You put) an? \w+ token on [A-N][1-5] \([A-N][1-5]: [ROYGBP][1-3]; \w+ rank \d+\)\.",
        r"\w+ \(\d+ tokens, \d+ cells\) attacks \w+ at [A-N][1-5] \(\d+ tokens, \d+ cells\)\.\n"
        r"Full strength: 4 removals from its front\.",
        r"\nEqual strength \(tempo\): 2 removals from its front\.",
        r"\nWeaker \(first strike\): 1 removal from its front\.",
        r"\w+ besieges the small \w+ group at [A-N][1-5]: its cells touched on 3 sides are cleared\.",
        r"Removed: [A-N][1-5] [ROYGBP]\d → (empty|[ROYGBP]\d)",
        r"touches several enemies: (you choose|seat \d chooses) the target\.",
        r"pays? \d+ Silver \(power damage\): money \d+ → \d+\.",
        r"(joins|leaves) the alliance",
        r"(buys?|draws?) .*(Faith|Tax|King|Queen|Land|Military)",
        r"(Seat \d buys|You buy) an? \w+ Power card for \d+ Silver\.",
        r"from \w+'s deck and keeps? it face up\.",
        r"Settlement of round \d+: income is paid",
        r"receives? \d+ Silver \(income, tax and upkeep\)",
        r"moves? \d+ Silver from (hand|the \w+ deposit) to (hand|the \w+ deposit)",
        r"puts? \d+ Silver (in hand|on the \w+ deposit)\.",
        r"takes? [A-N][1-5X] from open-row position \d+( \(skipping \d: \d Silver\))?( and collects? its \d+ Silver)?\.",
        r"draws? a Territory card from the pile, unseen\.",
        r"places? a black token on [A-N][1-5]",
        r"All six colours are on the board: black tokens are unlocked",
        r"[A-N][1-5X] is turned up into the open row \(position 10\)\.\nThe open row reached 10 cards: all of them go "
        r"to the discard pile\.",
        r"The end is triggered \(.+\): round \d+ is the final round\.",
    ]:
        assert re.search(pattern, text), pattern


def test_a_collapse_is_told():
    g = load_game("shadow_master", None, 4)
    state = played(g, 26)
    assert state.core.flags()["collapses"] >= 1
    text = "\n".join(told(g, state, "en", None)[0])
    assert re.search(r"Removed: [A-N][1-5] \w\d → empty\.\n(\w+) collapses: no \1 token is left on the board\.\n"
                     r"Its Power cards go back to its deck; deposits on \1 are lost", text)


def _at_use(game, seed):
    state = game.new_state(seed)
    while state.decision().kind != "use":
        state.apply_action("roll" if state.decision().kind == "phase1" else state.legal_actions()[0])
    return state


def _rules_example(players: int):
    """The rules' own example: the placement on E3 makes a group of 5 cells and 7 tokens touching a
    4-cell enemy group of 6 tokens (a full-strength battle) and a 1-cell group (a siege).  Returns
    the state (the placing seat to use its colour) and the three colours."""
    g = load_game("shadow_master", "core", players)
    state = _at_use(g, 1)
    core, p = state.core, state.current_player()
    c, d, e = core.cur_col, (core.cur_col + 1) % 6, (core.cur_col + 2) % 6
    for h in range(70):
        if core.cells()[h][0] < 7:
            core.set_cell(h, 7)
    for name, col, k in [("E2", c, 2), ("D2", c, 2), ("E4", c, 1), ("F3", c, 1), ("G3", d, 1), ("G4", d, 2),
                         ("H3", d, 2), ("H4", d, 1), ("D3", e, 1)]:
        core.set_cell(names.cell_id(name), col, k)
    core.give_card(p, names.cell_id("E3"))
    return g, state, (c, d, e)


def _stepper(state, viewer):
    n = ShadowMasterNarrator(state.game, "en")
    n.strict = True

    def step(move):
        """The sentences of the move and of the chance events the state resolved after it."""
        core, k = state.core.clone(), len(state.history)
        state.apply_action(move)
        lines = []
        for event in state.history[k:]:
            lines.extend(n.event(core, event, viewer))
            core.apply(event.action)
        return lines
    return n, step


def test_a_multi_front_attack_its_target_removals_and_lost_removals_step_by_step():
    g, state, (c, d, e) = _rules_example(4)
    core, p = state.core, state.current_player()
    n, step = _stepper(state, p)
    C, D, E = (names.colour_name(x) for x in (c, d, e))
    assert f"Put {'an' if C == 'Orange' else 'a'} {C} token on E3 (empty → {names.COLOURS[c]}1)" in [
        n.action_label(core, a, p) for a in state.legal_actions()]
    lines = step("place E3")
    assert lines[1] == f"{C} (7 tokens, 5 cells) touches several enemies: you choose the target."
    assert n.prompt(state.core, p) == f"Your {C} group touches several enemies: which one do you attack?"
    labels = [n.action_label(state.core, a, p) for a in state.legal_actions()]
    assert labels == [f"Attack the {D} group at G3: full strength (4 removals)", f"Besiege the {E} group at D3"]
    lines = step(state.legal_actions()[0])
    # the choice is told by the attack it makes ("you choose the target" was said with the placement)
    assert lines[0:2] == [f"{C} (7 tokens, 5 cells) attacks {D} at G3 (6 tokens, 4 cells).",
                          "Full strength: 4 removals from its front."]
    assert not any("choose the target" in line for line in lines)
    assert n.prompt(state.core, p) == "Remove a token from which front cell? (4 removals left)"
    lines = step("remove G3")
    assert lines == [f"You remove {'an' if D == 'Orange' else 'a'} {D} token from G3 (G3: empty).",
                     f"Removed: G4 {names.COLOURS[d]}2 → empty.", "The front is empty: the remaining 1 removal is lost."]


def test_power_damage_a_forced_sale_and_a_bankruptcy_are_told():
    g, state, (c, d, e) = _rules_example(3)
    p = state.current_player()
    q = (p + 1) % 3
    state.core.give_power(q, d, 0)            # a Faith card of the colour about to lose 2 cells
    state.core.set_money(q, 0)
    n, step = _stepper(state, None)
    step("place E3")
    step(state.legal_actions()[0])
    lines = step("remove G3")
    D = names.colour_name(d)
    assert f"Seat {q} still owes 4 Silver (power damage) and must sell Power cards to pay." in lines
    assert state.decision() == (q, "forced_sell")
    assert n.prompt(state.core, q) == "You owe 4 Silver and cannot pay: sell a Power card at its rank value."
    lines = step(state.legal_actions()[0])
    shown = [ev.text.split()[2] for ev in state.history if ev.text.startswith(f"show {q} ")]
    assert shown and lines == [f"Seat {q} must sell: {D} Faith goes back for 2 Silver.",
                               f"Seat {q} is bankrupt and out of the game."] + [
        f"Seat {q}'s Territory card {card} goes face up to the discard pile." for card in shown]
    assert not state.core.alive(q)
    assert "(bankrupt: out of the game)" in n.board(state, p)


@pytest.mark.slow
def test_no_other_seats_hidden_card_is_ever_shown():
    """Told to seat 0, a blind draw of another seat is never told, nor is it on the board; and the
    sentences are the same when seat 0's position has the others' hidden cards rearranged (what a
    seat's information state holds)."""
    for players, seed in ((3, 0), (4, 1), (6, 2)):
        g = load_game("shadow_master", None, players)
        state = played(g, seed)
        n = ShadowMasterNarrator(g, "en")
        n.strict = True
        core = g.new_initial_state().core
        full, canon = [], []
        for event in state.history:
            if event.private_to is not None and 0 not in event.private_to:
                assert n.event(core, event, 0) == []
            else:
                full.extend(n.event(core, event, 0))
                view = core.clone()
                view.canonicalize(0)
                canon.extend(n.event(view, event, 0))
            core.apply(event.action)
        assert full == canon
        assert not any(re.search(r"Seat \d (is dealt|draws) [A-N][1-5X]\.", line) for line in full)
        board = n.board(state, 0)
        assert board.count("Your Territory cards:") == 1 and "    Territory cards:" not in board
        for p in range(1, players):
            known = " ".join(names.card_name(t) for t in state.core.known_cards(p))
            assert known == "" or f"Known Territory cards: {known}" in board


@pytest.mark.parametrize("lang", ["en", "th"])
def test_the_board_fits_80_columns_names_cells_and_is_coloured_only_when_asked(lang):
    for players in (3, 4, 6):
        g = load_game("shadow_master", None, players)
        state = played(g, players)
        n = ShadowMasterNarrator(g, lang)
        plain = n.board(state, 1)
        assert ANSI not in plain
        assert max(width(line) for line in plain.split("\n")) <= 80
        assert max(width(line) for line in n.end_screen(state.core, 1).split("\n")) <= 80
        assert max(width(line) for line in n.rules(state.core, 1).split("\n")) <= 100
        rows = plain.split("\n")
        head = next(i for i, line in enumerate(rows) if re.fullmatch(r" +([A-N] *)+", line))   # the column letters
        grid = "\n".join(rows[head + 1:head + 11])                                            # 5 rows of 2 lines
        active = [names.cell_name(h) for h in range(70) if state.core.cells()[h][0] != 8]
        assert len(active) == {3: 50, 4: 60, 6: 70}[players]
        assert sorted(re.findall(r"([A-N][1-5]) (?=\S)", grid)) == sorted(active)   # every cell once, by name
        n.color = True
        painted = n.board(state, 1)
        assert ANSI in painted and max(width(re.sub(r"\033\[[0-9;]*m", "", line)) for line in painted.split("\n")) <= 80
        assert re.sub(r"\033\[[0-9;]*m", "", painted) == plain


def test_prompts_labels_and_why_a_move_is_not_possible():
    g = load_game("shadow_master", None, 3)
    state = g.new_state(4)
    while state.current_player() != 0 or state.decision().kind != "phase1":
        state.apply_action(state.legal_actions()[0])
    n = ShadowMasterNarrator(g, "en")
    core = state.core
    assert n.prompt(core, 0).startswith("Your turn, Phase 1 (fate decides)")
    assert n.prompt(core, 1) == "Seat 0 is to decide."
    assert "Roll the dice (1 die)" in [n.action_label(core, a, 0) for a in state.legal_actions()]
    assert n.why_illegal(core, "black C1", 0) == (
        "Black tokens are locked until all six colours have been on the board at once.")
    assert n.why_illegal(core, "fly away", 0).startswith("'fly away' is not a Shadow Master move. Your turn")
    state.apply_action("roll")
    core = state.core
    if state.decision().kind == "use":
        missing = next(names.cell_name(h) for h in range(70) if core.cells()[h][0] == 7
                       and h not in core.hand_cards(0))
        assert n.why_illegal(core, f"place {missing}", 0) == f"You do not hold the {missing} card."
        assert n.prompt(core, 0).startswith(f"You use {names.colour_name(core.cur_col)} (rank ")
    assert ShadowMasterNarrator(g, "th").why_illegal(state.core, "black C1", 0) != ""


def test_a_large_transfer_amount_is_asked_in_ranges_of_ten():
    g = load_game("shadow_master", None, 3)
    state = g.new_state(2)
    while not (state.current_player() >= 0 and state.decision().kind == "phase1"):
        state.apply_action(state.legal_actions()[0])
    p = state.current_player()
    core = state.core
    core.give_power(p, 0, 0)
    core.give_power(p, 1, 0)
    core.set_money(p, 10, [45, 0, 0, 0, 0, 0])
    n = ShadowMasterNarrator(g, "en")
    assert "Transfer money first" in [n.action_label(core, a, p) for a in state.legal_actions()]
    state.apply_action("transfer")
    assert n.prompt(state.core, p).startswith("Transfer (once a round")
    assert "From the Red deposit (45 Silver)" in [n.action_label(state.core, a, p) for a in state.legal_actions()]
    state.apply_action("from R")
    state.apply_action("to O")
    assert n.prompt(state.core, p) == "Transfer from the Red deposit to the Orange deposit: how much (45 there)?"
    question, groups = n.group(state.core, state.legal_actions(), p, 0)
    assert question == "How much do you move?"
    assert [label for label, _ in groups][:2] == ["1-9 Silver", "10-19 Silver"]
    assert sum(len(acts) for _, acts in groups) == len(state.legal_actions())
    assert n.action_label(state.core, 24, p) == "Move 25 Silver (fee 2: 23 arrive)"
    before = state.core.clone()
    state.apply_action("amount 25")
    assert n.event(before, state.history[-1], None)[:2] == [
        f"Seat {p} moves 25 Silver from the Red deposit to the Orange deposit (fee 2: 23 arrive).",
        f"Seat {p} pays 2 Silver (fee): money 55 → 53."]


# --- in a terminal ----------------------------------------------------------------------------------
def spawn(*args, term="dumb", timeout=120):
    child = terminal.spawn(*args, term=term, timeout=timeout, keep_no_color=False)
    return child, child.logfile_read


def play_to_end(child, answers=("1",), limit=3000):
    return terminal.play_to_end(child, answers, limit, PROMPT, OVER)


@pytest.mark.parametrize("lang", ["en", "th"])
def test_a_whole_game_in_the_terminal_reads_as_sentences(lang):
    child, log = spawn("play", "shadow_master", "--players", "3", "--bots", "random", "--seed", "5", "--lang", lang,
                       "-o", "max_rounds=10")
    child.expect(PROMPT)
    child.sendline("rules")
    child.expect({"en": "Phase 1 — choose one", "th": "เฟส 1 — เลือกหนึ่งอย่าง"}[lang])
    child.expect(PROMPT)                  # typing while output is written can split a character's bytes
    child.sendline("black C1")
    child.expect({"en": "Black tokens are locked", "th": "โทเคนสีดำยังล็อก"}[lang])
    play_to_end(child, answers=("1", "2"))
    child.expect(pexpect.EOF)
    child.close()
    text = log.getvalue().replace("\r", "")
    assert child.exitstatus == 0 and "Traceback" not in text
    assert ANSI not in text                                   # TERM=dumb: no colours
    board = text.split("-" * 60)[1].split("\n")
    board = board[:next(i for i, line in enumerate(board) if line.startswith(("Your turn", "ตาของคุณ")))]
    assert 20 <= len(board) <= 40 and max(width(line) for line in board) <= 80
    if lang == "en":
        for pattern in [r"You are dealt [A-N][1-5X]\.", r"── Round 1 · ", r"Your turn, Phase 1 \(fate decides\)",
                        r"(Seat \d is|You are) the First Player\.", r"Your Territory cards: ", r"Final scores \(money",
                        r"\d\. ★ ", r"(Seat \d wins|You win|share the win) with \d+ points\.",
                        r"Take a Territory card \(\d to take\)", r"Phase 3 \(adjust deeds\)"]:
            assert re.search(pattern, text), pattern
        assert not re.search(r"Seat \d (is dealt|draws) [A-N][1-5X]\.", text)
        assert max(width(line) for line in text.split("\n")) <= 100     # every line read fits 100 columns
    else:
        assert "คุณได้รับการ์ด" in text and "คะแนนสุดท้าย" in text and "ตาของคุณ เฟส 1 (ชะตากำหนด)" in text


@pytest.mark.slow
def test_colours_only_on_a_colour_terminal_never_in_a_pipe():
    child, log = spawn("play", "shadow-master", "--players", "3", "--bots", "random", "--seed", "5", term="xterm")
    child.expect(PROMPT)
    child.sendline("quit")
    child.sendline("")
    child.expect(pexpect.EOF)
    assert "\033[3" in log.getvalue()                         # a colour on the board
    env = dict(os.environ, TERM="xterm", PYTHONIOENCODING="utf-8")
    out = subprocess.run([sys.executable, "-m", "intrigue.cli.main", "play", "shadow_master", "--players", "3",
                          "--bots", "random", "--seed", "5"], input="quit\n\n", capture_output=True, text=True,
                         env=env, timeout=120)
    assert "Your turn" in out.stdout or "Round 1" in out.stdout
    assert ANSI not in out.stdout


@pytest.mark.slow
def test_hint_save_load_and_replay(tmp_path):
    path = tmp_path / "sm.msgpack"
    child, log = spawn("play", "shadow_master", "--players", "3", "--bots", "random", "--seed", "8")
    child.expect(PROMPT)
    child.sendline("hint")
    child.expect("Engine suggests: ")
    child.expect(PROMPT)
    child.sendline("1")
    child.expect(PROMPT)
    child.sendline(f"save {path}")
    child.expect("Saved to ")
    child.sendline("quit")
    child.sendline("")
    child.expect(pexpect.EOF)
    assert path.exists()
    child, log = spawn("play", "shadow_master", "--players", "3", "--bots", "random", "--seed", "9")
    child.expect(PROMPT)
    child.sendline(f"load {path}")
    child.expect(r"Loaded .*: Shadow Master \(standard\), \d players; you are seat \d; \d+ events\.")
    child.expect(PROMPT)
    child.sendline("log")
    child.expect("What you have seen so far:")
    child.expect("is the First Player")
    play_to_end(child)
    child.expect(pexpect.EOF)
    text = log.getvalue()
    assert "Traceback" not in text and "Final scores" in text
    out = subprocess.run([sys.executable, "-m", "intrigue.cli.main", "replay", str(path), "--seat", "0"],
                         capture_output=True, text=True, timeout=120, stdin=subprocess.DEVNULL)
    assert out.returncode == 0, out.stderr
    assert "is the First Player." in out.stdout and "You are dealt" in out.stdout and ANSI not in out.stdout


def test_a_castle_capture_and_the_collapse_it_causes_are_told():
    """A castle with five of its six sides in the attacking group is captured (it is the only
    target: a castle cell is never besieged), and its colour, left with no cell, collapses."""
    g = load_game("shadow_master", "standard", 3)
    state = _at_use(g, 1)
    core, p = state.core, state.current_player()
    q = (p + 1) % 3
    c, d = core.cur_col, (core.cur_col + 1) % 6
    for h in range(70):
        if core.cells()[h][0] < 7:
            core.set_cell(h, 7)
    for name, col, k in [("D2", c, 1), ("D3", c, 1), ("E2", c, 1), ("E4", c, 1), ("E3", d, 2)]:
        core.set_cell(names.cell_id(name), col, k)
    core.set_castle(names.cell_id("E3"), q)
    core.give_card(p, names.cell_id("F2"))
    n, step = _stepper(state, q)
    C, D = names.colour_name(c), names.colour_name(d)
    lines = step("place F2")
    assert lines[1:] == [f"{C} surrounds the castle on E3 and captures it: its tokens turn {C} and the castle card "
                         f"passes to seat {p}.", f"{D} collapses: no {D} token is left on the board.",
                         f"Its Power cards go back to its deck; deposits on {D} are lost."]
    assert (p, names.cell_id("E3")) in state.core.castles()
    assert f"E3 {names.COLOURS[c]}2^" in n.board(state, q)
