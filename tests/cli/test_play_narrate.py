"""Games told in sentences (the narrator plug-ins) and terminal play that a person can follow:
the resolution of each challenge and block, targets named, why a move is illegal, the Politics board
in 80 columns and its end screen, Hebrew in visual order.  Whole games through a pseudo-terminal use
random bots and small games, so the file runs in seconds."""
from __future__ import annotations

import random
import re

import pexpect
import pytest

from intrigue.cli.tui import visual
from intrigue.engine import load_game
from intrigue.engine.coup.narrate import CoupNarrator
from intrigue.engine.politics.narrate import PoliticsNarrator, width
from support import terminal

PROMPT, OVER = terminal.PROMPT, terminal.OVER


def narrated(game, seed, lang, viewer, pick=None):
    """Play ``game`` with seeded random moves (``pick(state)`` may choose instead) and tell every
    event as ``viewer`` reads it; returns the lines and the final state."""
    state = game.new_state(seed)
    rnd = random.Random(seed)
    narrator = game.plugin("narrator")(game, lang)
    narrator.strict = True
    while not state.is_terminal():
        legal = state.legal_actions()
        choice = pick(state) if pick else None
        state.apply_action(choice if choice is not None else rnd.choice(legal))
    core = game.new_initial_state().core
    lines = []
    for event in state.history:
        header = narrator.turn_header(core, viewer)
        if header:
            lines.append(header)
        lines.extend(narrator.event(core, event, viewer))
        core.apply(event.action)
    return lines, state


def test_plugin_resolves_the_narrators():
    assert load_game("coup").plugin("narrator") is CoupNarrator
    assert load_game("politics").plugin("narrator") is PoliticsNarrator
    assert load_game("coup").plugin("nothing") is None


@pytest.mark.parametrize("lang", ["en", "th", "he"])
def test_every_coup_event_is_told_without_error_and_hides_other_hands(lang):
    g = load_game("coup", None, 4)
    for seed in range(25):
        lines, state = narrated(g, seed, lang, viewer=0)
        assert lines
        # no card dealt to another seat is ever named to seat 0
        for event in state.history:
            if event.private_to is not None and 0 not in event.private_to:
                assert event.seen_by(0) in (None, "keep")


def test_challenges_and_blocks_are_resolved_in_words():
    g = load_game("coup", None, 3)
    text = "\n".join(line for seed in range(120) for line in narrated(g, seed, "en", viewer=0)[0])
    assert re.search(r"Seat \d shows an? \w+: the claim holds, so (you lose|seat \d loses) an influence", text)
    assert re.search(r"cannot show an? \w+: .* turns? up \w+ and loses? an influence\.\nThe \w[\w ]* is cancelled", text)
    assert re.search(r"The block stands: the (Steal|Assassination|Foreign Aid) is cancelled\.", text)
    assert re.search(r"cannot show an? \w+: .*\nThe block fails\.", text)
    assert re.search(r"Seat \d steals \d coins? from (you|seat \d)", text)
    assert re.search(r"── Turn \d+ · (you|seat \d) to act", text)


def test_labels_name_targets_and_claims_and_illegal_moves_say_why():
    g = load_game("coup", None, 3)
    state = g.new_state(1)
    n = CoupNarrator(g, "en")
    labels = [n.action_label(state.core, a, 0) for a in state.legal_actions()]
    assert "Tax (claims Duke; +3 coins)" in labels
    assert "Steal from seat 2 (claims Captain)" in labels
    assert n.why_illegal(state.core, "coup 1", 0) == "Coup costs 7 coins; you have 2."
    assert n.why_illegal(state.core, "assassinate 1", 0) == "Assassinate costs 3 coins; you have 2."
    assert n.prompt(state.core, 0).startswith("Your turn")
    state.apply_action("tax")
    assert n.prompt(state.core, 1) == "Seat 0 claims Duke to take Tax. Challenge?"
    assert n.seat(2, 1) == "seat 2" and CoupNarrator(g, "en", ["Ann", "Bo", "Cy"]).seat(2, 1) == "Cy"
    th = CoupNarrator(g, "th")
    assert th.why_illegal(g.new_state(1).core, "coup 1", 0) == "โค่นอำนาจต้องใช้ 7 ทอง คุณมี 2 ทอง"


def test_politics_board_fits_80_columns_and_40_lines_and_end_screen_names_roles_and_winner():
    g = load_game("politics", None, 8, {"length": "half"})
    for lang in ("en", "th"):
        lines, state = narrated(g, 3, lang, viewer=0)
        n = g.plugin("narrator")(g, lang)
        board = n.board(state, 0).split("\n")
        assert len(board) <= 40 and max(width(line) for line in board) <= 80
        end = n.end_screen(state.core, 0)
        winners = state.result().winners
        assert (("Winner" in end) if lang == "en" else ("ผู้ชนะ" in end))
        assert all(n.seat(w, 0).lower() in end.split("\n")[-1].lower() for w in winners)
        dark = "Dark power" if lang == "en" else "ฝ่ายอำนาจมืด"
        assert sum(dark in row for row in end.split("\n")) == 2
        assert max(width(line) for line in end.split("\n")) <= 80


def test_politics_invitation_is_asked_in_steps():
    g = load_game("politics", None, 6)
    state = g.new_state(2)
    while state.decision().kind != "invite":
        state.apply_action(state.legal_actions()[0])
    n = PoliticsNarrator(g, "en")
    p = state.current_player()
    legal = state.legal_actions()
    q, invitees = n.group(state.core, legal, p, 0)
    assert q == "Whom do you invite?" and len(invitees) <= 5 and len(legal) > 20
    q, offers = n.group(state.core, invitees[0][1], p, 1)
    assert q.startswith("How much influence do you offer") and offers[0][0] == "nothing"
    q, joins = n.group(state.core, offers[0][1], p, 2)
    assert all(len(acts) == 1 for _, acts in joins)


def test_hebrew_is_shown_in_visual_order_with_mirrored_brackets():
    g = load_game("coup", "seed-he", 2)
    state = g.new_state(1)
    state.apply_action("income")
    state.apply_action("coup 0") if "coup 0" in state.legal_moves() else None
    board = g.render(state, 0, "he")
    line = next(l for l in board.split("\n") if "מושב 0" in l)
    shown = visual(line)
    assert shown != line
    # "מושב 0" reads right to left: in visual order the letters come reversed, digits stay
    assert "0 בשומ" in shown
    # a bracketed word keeps its brackets facing the right way
    assert visual("[ויתור]") == "[רותיו]"
    assert visual("plain text [pass]") == "plain text [pass]"


def spawn(*args, timeout=120):
    child = terminal.spawn("play", *args, timeout=timeout)
    return child, child.logfile_read


def play_to_end(child, answers=("2", "1"), limit=2000, prompt=PROMPT):
    return terminal.play_to_end(child, answers, limit, prompt)


@pytest.mark.parametrize("lang, ruleset, words", [
    ("en", "standard", [r"Your turn: choose an action", r"Challenge\?", r"── Turn \d+",
                        r"Seat \d shows a Captain: the claim holds, so you lose an influence",
                        r"Seat \d cannot show a Captain: .*\s+The block fails\.",
                        r"cannot show an Assassin: .*\s+The Assassination is cancelled\.",
                        r"No one blocks\.", r"Seat \d wins the game!"]),
    ("th", "seed-th", [r"ตาของคุณ: เลือกการกระทำ", r"── เทิร์น \d+", r"เปิดขุนโจร: การอ้างเป็นจริง คุณ จึงเสียอิทธิพล",
                       r"ไม่มีขุนโจร: .*\s+การขัดขวางล้มเหลว", r"ชนะเกม"]),
    ("he", "seed-he", [r"תור \d+", r"חושף קפטן: הטענה נכונה", r"לא חושף קפטן: .*\s+הביטול נכשל",
                       r"ניצח במשחק"]),
])
def test_a_whole_coup_game_reads_as_sentences(lang, ruleset, words):
    child, log = spawn("coup", "--players", "3", "--ruleset", ruleset, "--lang", lang, "--bots", "random",
                       "--seed", "21", "--no-bidi")
    child.expect(PROMPT)
    child.sendline("coup 1")                 # 2 coins: not possible, and the reason is said
    child.expect({"en": "Coup costs 7 coins; you have 2", "th": "ต้องใช้ 7 ทอง คุณมี 2 ทอง",
                  "he": "הפיכה עולה 7 מטבעות; יש לך 2"}[lang])
    child.sendline("rules")
    child.expect({"en": "claims Duke", "th": "อ้างเจ้าพระยา", "he": "טענת דוכס"}[lang])
    play_to_end(child)
    child.expect(pexpect.EOF)
    child.close()
    text = log.getvalue()
    assert child.exitstatus == 0 and "Traceback" not in text
    for pattern in words:
        assert re.search(pattern, text), pattern
    if lang == "en":
        assert re.search(r"(Steal from|Assassinate|Coup against) seat \d", text)


@pytest.mark.parametrize("lang", ["en", "th"])
@pytest.mark.slow
def test_a_whole_politics_game_ends_with_roles_scores_and_the_winner(lang):
    child, log = spawn("politics", "--bots", "random", "--seed", "4", "--lang", lang, "-o", "length=half")
    play_to_end(child, answers=("1",))
    child.expect(pexpect.EOF)
    child.close()
    text = log.getvalue()
    assert child.exitstatus == 0 and "Traceback" not in text
    if lang == "en":
        assert "Whom do you invite?" in text or "invites you" in text
        assert re.search(r"Final scores .*\n.*INF\s+LEG\s+UND\s+HON\s+BET\s+total", text)
        assert "INF influence · LEG legitimacy · UND underground" in text        # the short headings' legend
        assert re.search(r"Winners?: .+\(", text) and "Dark power" in text
        assert "Policies passed:" in text and "══ Round 1/6" in text and "Lie-catch" in text
        assert "Summary: the government of" in text and "count:" in text
    else:
        assert "คะแนนสุดท้าย" in text and "ผู้ชนะ:" in text and "ฝ่ายอำนาจมืด" in text


def test_several_bots_in_one_option_and_a_bot_given_as_game_are_explained():
    child, log = spawn("--bots", "heuristic", "random")
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 2 and "looks like a bot" in log.getvalue() and "Usage" not in log.getvalue()
    child, log = spawn("coup", "--players", "2", "--bots", "heuristic,random")
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 2 and "2 bots given for 1 opponent: give at most 1" in log.getvalue()


@pytest.mark.slow
def test_a_single_choice_is_played_for_the_person_and_quit_offers_to_save(tmp_path):
    child, log = spawn("coup", "--players", "2", "--bots", "random", "--seed", "3", "--names", "Ann,Bot")
    play_to_end(child, answers=("1",), prompt="Ann> ")
    child.expect(pexpect.EOF)
    text = log.getvalue()
    assert "Only one choice, played for you" in text
    assert "Steal from Bot" in text and "Opponents: Bot random" in text
    path = tmp_path / "left.msgpack"
    child, log = spawn("coup", "--players", "3", "--bots", "random", "--seed", "3")
    child.expect(PROMPT)
    child.sendline("quit")
    child.expect("Save the game before leaving")
    child.sendline(str(path))
    child.expect(pexpect.EOF)
    assert path.exists()
    bad = tmp_path / "bad.msgpack"
    bad.write_bytes(b"\x93\x01\x02garbage")
    child, log = spawn("coup", "--players", "3", "--bots", "random", "--seed", "3")
    child.expect(PROMPT)
    child.sendline(f"load {bad}")
    child.expect("is not a game record intrigue can read")
    child.sendline(f"save {tmp_path}/no/such/dir/x.msgpack")
    child.expect("Could not save to .*: No such file or directory")
    assert ".tmp" not in child.after
    child.sendintr()
    child.expect(pexpect.EOF)


@pytest.mark.slow
def test_hebrew_play_prints_visual_order_unless_no_bidi():
    child, log = spawn("coup", "--players", "2", "--ruleset", "seed-he", "--bots", "random", "--seed", "2")
    child.expect(PROMPT)
    child.sendline("quit")
    child.sendline("")
    child.expect(pexpect.EOF)
    shown = log.getvalue()
    assert "1 רות" in shown and "תור 1" not in shown          # "turn 1", drawn right to left
    assert "[ףלק]" in shown                                  # the legend's "[card]", brackets mirrored
    child, log = spawn("coup", "--players", "2", "--ruleset", "seed-he", "--bots", "random", "--seed", "2",
                       "--no-bidi")
    child.expect(PROMPT)
    child.sendline("quit")
    child.sendline("")
    child.expect(pexpect.EOF)
    assert "תור 1" in log.getvalue()


@pytest.mark.parametrize("name, players, options, seeds", [
    ("coup", 3, None, range(12)), ("coup", 5, None, range(4)),
    ("politics", 6, {"length": "half"}, range(3)), ("politics", 7, {"length": "half"}, range(2)),
])
def test_a_seat_reads_the_same_sentences_from_its_own_information_alone(name, players, options, seeds):
    """Honest about hidden cards: told from the seat's information state (other hands in a canonical
    arrangement, as a web page or a replay of a seat's view has it), every sentence is the same as
    told from the full game."""
    from intrigue.engine import Event, InfoState
    g = load_game(name, None, players, options)
    for seed in seeds:
        full, state = narrated(g, seed, "en", viewer=1)
        full = [line for line in full if not line.startswith(("──", "══"))]
        n = g.plugin("narrator")(g, "en")
        n.strict = True
        view = state.view(1)
        mine = []
        for i, (seat, text) in enumerate(view):
            core = InfoState.from_view(g, 1, view[:i]).core
            mine.extend(n.event(core, Event(seat, g.observed_action(core, 1, text), text), 1))
        assert mine == full


def test_politics_illegal_moves_say_why():
    g = load_game("politics", None, 6, {"length": "half"})
    n = PoliticsNarrator(g, "en")
    reasons = set()
    for seed in range(6):
        state = g.new_state(seed)
        rnd = random.Random(seed)
        while not state.is_terminal():
            core, p = state.core, state.current_player()
            if state.decision().kind == "opposition_action" and "deal" not in state.legal_moves():
                reasons.add(n.why_illegal(core, "deal", p))
            if state.decision().kind == "invite":
                reasons.add(n.why_illegal(core, f"invite {p} offer 1", p))
            state.apply_action(rnd.choice(state.legal_actions()))
    assert any(re.fullmatch(r"Backroom deal costs 2 influence; you have [01]\.", r) for r in reasons), reasons
    assert any("at most" in r or "already" in r or "cannot invite themself" in r for r in reasons)
    assert "" not in reasons


def test_bot_specs_split_on_commas_but_keep_a_specs_own_options():
    from intrigue.cli.play import bot_specs
    assert bot_specs(["heuristic,random"]) == ["heuristic", "random"]
    assert bot_specs(["ismcts:iterations=200,workers=2"]) == ["ismcts:iterations=200,workers=2"]
    assert bot_specs(["ismcts:time=500,opponents=model,heuristic", "random"]) == [
        "ismcts:time=500,opponents=model", "heuristic", "random"]


def test_politics_invitation_steps_in_play_and_back():
    child, log = spawn("politics", "--bots", "heuristic", "--seed", "1", "-o", "length=half")
    child.expect("Whom do you invite\\?")
    child.expect(PROMPT)
    child.sendline("1")
    child.expect("How much influence do you offer seat 1\\?")
    child.expect(PROMPT)
    child.sendline("back")
    child.expect("Whom do you invite\\?")
    child.expect(PROMPT)
    child.sendline("invite 2 offer 1")                 # notation works at any step
    child.expect("You invite seat 2, offering 1 influence\\.")
    child.sendline("quit")
    child.sendline("")
    child.expect(pexpect.EOF)
    board = log.getvalue().split("Forming a government")[1].split("Whom do you invite")[0]
    assert all(width(line) <= 80 for line in board.replace("\r", "").split("\n"))


def test_the_hint_line_gives_a_short_search_time_in_milliseconds():
    # a 50 ms hint read "0.0 s" when the time was rounded to tenths of a second
    from intrigue.cli.tui import analysis_lines
    from intrigue.engine import new_game
    from intrigue.search.bot import Analysis
    state = new_game("coup", ruleset="standard", players=2, seed=1)
    game, move = state.game, state.legal_moves()[0]
    short = analysis_lines(game, Analysis(0, 0, move, iterations=48886, elapsed_ms=48.9), "en")
    long = analysis_lines(game, Analysis(0, 0, move, iterations=900000, elapsed_ms=1234.0), "en")
    assert "48,886" in short[0] and "49 ms" in short[0]
    assert "1.2 s" in long[0]


def test_a_shadow_master_hint_names_cards_in_capitals_and_lists_the_likeliest():
    # the belief's card names read as the board writes them ("G4", "X"), not "g4"; with dozens of
    # possible cards per seat the hint lists the likeliest and counts the rest
    from intrigue.cli.tui import analysis_lines
    from intrigue.engine import new_game
    from intrigue.search.bot import Analysis
    state = new_game("shadow_master", players=4, seed=3)
    game, move = state.game, state.legal_moves()[0]
    dist = {"X": 0.3, **{f"{c}{r}": 0.2 - 0.002 * i for i, (c, r) in
                          enumerate((c, r) for c in "BCDEFGH" for r in "12345")}}
    lines = analysis_lines(game, Analysis(0, 0, move, belief={1: dist}), "en")
    seat_line = next(line for line in lines if "X 30%" in line)
    assert "B1 20%" in seat_line and "b1" not in seat_line
    assert seat_line.count("%") == 10 and seat_line.endswith(f"{len(dist) - 10} more")
    thai = analysis_lines(game, Analysis(0, 0, move, belief={1: dist}), "th")
    assert f"อีก {len(dist) - 10}" in thai[-1]
    # actions keep their translated verbs
    assert game.describe_action("roll", "en") != "ROLL"


def test_hebrew_names_the_card_turned_up_with_its_article():
    # "הופך את רוזנת" lacked the article; Hebrew needs "את הרוזנת" (the other sentences say "את ה...")
    g = load_game("coup", None, 3)
    lines, _ = narrated(g, 4, "he", viewer=None)
    turned = [line for line in lines if "הופך את" in line]
    assert turned, "a random game turns up at least one card"
    from intrigue.engine.coup.names import ROLE_NAMES
    assert all(any(f"הופך את ה{r}" in line for r in ROLE_NAMES["he"]) for line in turned)


@pytest.mark.slow
def test_the_coup_board_does_not_tell_a_hidden_card_by_its_place():
    # a hand is kept in deal order (sorted by role) and a turned-up card keeps its slot, so
    # "[Assassin] ??" against "?? [Assassin]" told whether the hidden card ranked above or below
    from intrigue.engine.coup.game import hand_as_seen
    g = load_game("coup", None, 4)
    n = CoupNarrator(g, "en")
    seen = 0
    for seed in range(60):
        state = g.new_state(seed)
        rnd = random.Random(seed)
        while not state.is_terminal():
            state.apply_action(rnd.choice(state.legal_actions()))
            core = state.core
            for p in range(4):
                hand = core.hand(p)
                if sum(up for _, up, _ in hand) != 1 or any(shown and not up for _, up, shown in hand):
                    continue                                        # one card up, one the others cannot see
                for viewer in range(4):
                    if viewer == p:
                        continue
                    seen += 1
                    order = hand_as_seen(core, p, viewer)
                    assert order[0][1], (seed, p, hand)             # the face-up card first, always
                    for text in (n.board(state, viewer), g.render(state, viewer, "en")):
                        row = next(line for line in text.split("\n") if line.strip().startswith(f"seat {p}")
                                   or line.strip().startswith(f"Seat {p}"))
                        assert row.index("[") < row.index("??"), row
    assert seen > 100


def test_a_full_politics_replay_never_speaks_to_you_and_tells_private_draws_by_seat():
    # with no viewer (a referee's replay) the leader's look and discards read "You ...", and the
    # deals fell back to notation ("seat 0: C2 (...)")
    g = load_game("politics", None, 6, {"length": "half"})
    lines, _ = narrated(g, 1, "en", viewer=None)
    assert not [line for line in lines if line.startswith("You ") or "you see" in line]
    assert any(re.match(r"Seat \d is dealt [HC]\d", line) for line in lines)
    assert any(re.match(r"Seat \d, as leader, sees the six cards: ", line) for line in lines)
    assert any(re.match(r"Seat \d discards [HC]\d", line) for line in lines)
    assert not [line for line in lines if re.match(r"seat \d: ", line)]


def test_a_probe_offered_to_you_reads_if_you_inspect():
    g = load_game("politics", None, 6, {"length": "half"})
    said = []
    for seed in range(30):
        for viewer in range(6):
            lines, _ = narrated(g, seed, "en", viewer=viewer)
            said += [line for line in lines if "PROBE(" in line and "offers you" in line]
        if said:
            break
    assert said and all(line.endswith("if you inspect.") for line in said)


def test_a_hold_offered_to_you_reads_if_you_do_not_inspect():
    # it read "if you does not inspect" (the HOLD template did not follow the viewer, PROBE's did)
    g = load_game("politics", None, 6, {"length": "half"})
    said, others = [], []
    for seed in range(30):
        for viewer in range(6):
            lines, _ = narrated(g, seed, "en", viewer=viewer)
            said += [line for line in lines if "HOLD(" in line and "offers you" in line]
            others += [line for line in lines if "HOLD(" in line and "offers you" not in line]
        if said and others:
            break
    assert said and all(line.endswith("if you do not inspect.") for line in said)
    assert others and all(line.endswith(" does not inspect.") for line in others)


@pytest.mark.parametrize("lang,end,on", [("en", "You are out of the game.", "the others play on"),
                                         ("he", "יצאת מהמשחק.", "האחרים ממשיכים לשחק")])
def test_you_are_told_the_others_play_on_only_when_they_do(lang, end, on):
    # heads-up, the loser read "You are out of the game; the others play on." just before the winner
    seen_end = seen_on = False
    for players in (2, 4):
        g = load_game("coup", "seed-he" if lang == "he" else None, players)
        for seed in range(12):
            state = None
            for viewer in range(players):
                lines, state = narrated(g, seed, lang, viewer=viewer)
                if state.result().placings[viewer] == players:          # the first out: the others played on
                    assert any(on in line for line in lines) == (players > 2)
                    seen_on |= players > 2
                if state.result().placings[viewer] == 2:                # the last out: the game ended there
                    assert end in lines and not any(on in line for line in lines[lines.index(end):])
                    seen_end = True
    assert seen_end and seen_on
