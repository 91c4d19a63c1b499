"""What a tester read in whole Politics games of ``intrigue play politics`` (English and Thai), each
problem pinned by a test of the narrator (engine/politics/narrate.py) or of the terminal driving it:
the end reason in words, verbs that agree with "You", the forced-move line, the person's own window
pass, the Phase 5 header, the game's Thai title, Thai spacing after "คุณ", window passes in replays."""
from __future__ import annotations

import io
import random
import re
import string
from pathlib import Path

import pytest

from intrigue.engine import Event, load_game
from intrigue.engine.politics import names
from intrigue.engine.politics.game import REASONS, WINDOW_CARD, PoliticsGame, reason_kind
from intrigue.engine.politics.narrate import TEXT, PoliticsNarrator
from intrigue.ext.game_api import Rng
from intrigue.ext.politics_core import Action, Phase
from intrigue.cli.tui import t
from support.politics import random_events
from support import DOCS

PASS_WORD = re.compile(r"\b(pass|passes)\b")
WINDOW_PHASES = (Phase.COUP, Phase.BLOCK, Phase.DEALBREAK, Phase.MEDIA)
NOTATION_COINS = re.compile(r"\b(INF|LEG|UND|HON|BET)\b")


def _terminal(args: dict, answer="1"):
    """A whole terminal game (``intrigue play politics``) answered ``answer`` at every prompt, as
    ``yes 1 | intrigue play politics ...``; its whole output."""
    from intrigue.cli.play import TerminalGame
    from intrigue.search.table import Table
    g = load_game("politics", args.get("ruleset"), args.get("players", 6), {"length": "half"})
    out = io.StringIO()
    tg = TerminalGame(Table(g, args["seed"]), args.get("seat", 0), ["heuristic"], args.get("lang", "en"),
                      args["seed"], out=out, status=io.StringIO(), names=args.get("names"))
    asked = [0]

    def ask(prompt):
        out.write(prompt)
        asked[0] += 1
        if prompt == t("save_offer", args.get("lang", "en")):     # the offer to save at the end: no
            return ""
        return answer if asked[0] < 2000 else "quit"
    tg.ask = ask
    tg.run()
    return out.getvalue()


# --- 1. the end reason ---------------------------------------------------------------------------------

TESTER_TIE = {"players": 8, "seat": 3, "names": "Ann,Bo,Chai,Dana,Eli,Fay,Gus,Hal".split(","),
              "ruleset": "core", "seed": 9}


@pytest.mark.parametrize("lang,words", [("en", "tie broken by influence"), ("th", "ตัดสินด้วยอิทธิพล")])
def test_a_tie_on_the_total_is_told_at_the_end_in_words_not_as_INF(lang, words):
    # `intrigue play politics --players 8 --seat 3 --names Ann,... --ruleset core --bots heuristic
    # --seed 9 -o length=half`, answering 1: "Winner: Hal. (normal end: the highest total wins
    # (tie broken by INF))" -- the engine's reason passed through, notation and all (and in Thai the
    # tie-break was not said at all)
    text = _terminal(dict(TESTER_TIE, lang=lang))
    last = text.rstrip().splitlines()[-2]                     # (the last: the offer to save the game)
    assert last.startswith(("Winner: Hal.", "ผู้ชนะ: Hal")) and words in last, last
    assert not NOTATION_COINS.search(last), last
    if lang == "th":
        assert not re.search(r"[A-Za-z]", last.replace("Hal", "")), last


@pytest.mark.parametrize("lang", ["en", "th"])
def test_every_end_reason_is_worded_in_the_display_language(lang):
    n = PoliticsNarrator(load_game("politics", None, 6), lang)
    for kind, reason in REASONS.items():
        assert reason_kind(reason) == kind
        said = n._reason(reason)
        assert said == TEXT[lang]["reason_" + kind], (kind, said)
        assert not NOTATION_COINS.search(said), said
        if lang == "th":
            assert not re.search(r"[A-Za-z]", said), said
    assert n._reason("some other end") == "some other end"


# --- 2. verbs that agree with "You" --------------------------------------------------------------------

THIRD_PERSON = re.compile(r"\bYou (is|has)\b|\b(pays|plays|sits|draws|gains|makes|inspects|passes|receives|"
                          r"sees|accepts|declines|offers|invites|keeps|breaks|discards|withdraws|places)\b")


def test_the_viewers_own_sentences_say_you_with_verbs_that_agree():
    # "You make a backroom deal (pays 2 influence for a backroom card)." and "You inspect a face-down
    # policy (pays 1 influence).": the parenthesis kept the third person
    n = PoliticsNarrator(load_game("politics", None, 6), "en")
    checked = 0
    for key, template in TEXT["en"].items():
        if "{Who}" not in template or key.endswith(":you"):
            continue
        fields = {f for _, f, _, _ in string.Formatter().parse(template) if f and f not in ("Who", "who")}
        said = n._S(key, 2, 2, **{f: "seat 4" for f in fields})
        assert said.startswith("You") or said.startswith("As leader you"), (key, said)
        assert not THIRD_PERSON.search(said), (key, said)
        checked += 1
    assert checked >= 30
    assert n._S("o_deal", 2, 2) == "You make a backroom deal (pay 2 influence for a backroom card)."
    assert n._S("o_inspect", 2, 2) == "You inspect a face-down policy (pay 1 influence)."
    assert n._S("o_deal", 2, 1) == "Seat 2 makes a backroom deal (pays 2 influence for a backroom card)."


def test_your_backroom_deal_in_a_game_reads_pay():
    for g, core, event in random_events(3):
        if core.phase == Phase.OPP and event.text == "deal":
            n = PoliticsNarrator(g, "en")
            assert n.event(core, event, event.seat)[0] == \
                "You make a backroom deal (pay 2 influence for a backroom card)."
            return
    pytest.fail("no backroom deal in the game")


# --- 3. a forced move ------------------------------------------------------------------------------------

@pytest.mark.parametrize("lang", ["en", "th"])
def test_a_move_with_one_choice_is_played_with_the_words_of_the_other_games(lang):
    # "(only one choice: Place H0 (...) and H0 (...) (keep H0))"; docs/play.md (and Coup, Shadow
    # Master through the base narrator's words) say "Only one choice, played for you: ..."
    from intrigue.engine.narration import BASE_TEXT
    found = windows = 0
    for seed in range(30):
        n = None
        for g, core, event in random_events(seed):
            n = n or PoliticsNarrator(g, lang)
            if event.seat < 0 or len(core.legal_actions()) != 1:
                continue
            line = n.auto_line(core, event.action, event.seat)
            if core.phase in WINDOW_PHASES:       # the window without the card keeps its own line
                card = names.name(WINDOW_CARD[core.phase], lang)
                assert line == n._T("auto_window", card=card), line
                windows += 1
                continue
            words = BASE_TEXT[lang]["one_choice_played"]
            assert line == words.format(label=n.action_label(core, event.action, event.seat)), line
            found += 1
    assert found >= 3 and windows >= 10


# --- 4. the person's own window pass -----------------------------------------------------------------------

def test_your_own_chosen_window_pass_is_told_to_you_alone():
    # after typing 1 (Pass) at "The leader is seat 4. Play your Coup card to take the leadership?"
    # nothing was said; a seat without the card, passed for it, is still told nothing more, and no
    # one else hears of any pass
    chosen = forced = 0
    for seed in range(8):
        n = th = None
        for g, core, event in random_events(seed):
            n = n or PoliticsNarrator(g, "en")
            th = th or PoliticsNarrator(g, "th")
            if core.phase not in WINDOW_PHASES or event.action != Action.PASS:
                continue
            p = event.seat              # (the last pass closes the window: its consequences are told)
            for v in [None] + [q for q in range(g.num_players) if q != p]:
                assert not [line for line in n.event(core, event, v) if PASS_WORD.search(line)], (v, event)
            said = n.event(core, event, p)
            if len(core.legal_actions()) > 1:
                card = names.name(WINDOW_CARD[core.phase], "en")
                assert said[0] == f"You pass and keep your {card} card.", said
                assert not [line for line in said[1:] if PASS_WORD.search(line)], said
                assert th.event(core, event, p)[0].startswith("คุณผ่าน และเก็บการ์ด")
                chosen += 1
            else:
                assert not [line for line in said if PASS_WORD.search(line)], said
                forced += 1
    assert chosen >= 5 and forced >= 20


def test_your_own_window_pass_reads_the_same_whatever_the_cards_you_cannot_see():
    # the line for the seat itself may depend only on what the seat knows (its own card)
    told = 0
    g = load_game("politics", None, 6, {"length": "half"})
    n = PoliticsNarrator(g, "en")
    for seed in range(6):
        s = g.new_initial_state()
        rnd = random.Random(seed)
        while not s.is_terminal():
            core = s.core
            if core.phase in WINDOW_PHASES and core.current_player() >= 0 and len(core.legal_actions()) > 1:
                p = core.current_player()
                info = s.information_state(p)
                event = Event(p, Action.PASS, "pass")
                base = n.event(core.clone(), event, p)
                for j in range(3):
                    alt = info.determinize(Rng(seed * 31 + j)).core
                    assert n.event(alt, event, p) == base
                told += bool(base)
            s.apply_action(rnd.choice(s.legal_actions()))
    assert told >= 5


def test_the_terminal_echoes_your_coup_pass():
    # `intrigue play politics --seat 0 --bots heuristic --seed 5 -o length=half`, answering 1
    text = _terminal({"seed": 5})
    at = text.index("Play your Coup card to take the leadership?")
    after = text[at:].split("> ", 1)[1].splitlines()[0]
    assert after.strip() == "You pass and keep your Coup card.", after


# --- 5. the Phase 5 header ----------------------------------------------------------------------------------

@pytest.mark.parametrize("ruleset", ["core", "standard"])
def test_the_refill_draws_come_under_the_phase_5_header_in_every_round(ruleset):
    # the header "Phase 5: wrap-up" was printed only when a contract was resolved (or a failed
    # leader asked to buy a card): the refill draws ("You draw ...") then came under Phase 4
    from intrigue.cli.tui import narrate_history
    for seed in range(3):
        g = n = None
        history = []
        for g, core, event in random_events(seed, ruleset=ruleset):
            n = n or PoliticsNarrator(g, "en")
            if core.phase == Phase.DRAW:
                header = n.turn_header(core, 0)
                if core.hand_size(core.asked) < 3:          # a refill (a Withdraw draws in Phase 3)
                    assert header is not None and "Phase 5: wrap-up" in header, header
                else:
                    assert header is None, header
            history.append(event)
        for viewer in range(g.num_players):
            blocks = narrate_history(g, n, history, viewer)
            headers = [b[0] for b in blocks if b[0].startswith("══ Round")]
            rounds = sorted({h.split(" · ")[0] for h in headers})
            for r in rounds[:-1]:        # every round played to its end (not cut by a crisis) that formed
                if f"{r} · Phase 2: secret proposals ══" in headers:       # a government: it has a wrap-up
                    assert f"{r} · Phase 5: wrap-up ══" in headers, (r, headers)
            assert headers[-1].endswith("Phase 5: wrap-up ══") or "crisis" in " ".join(
                line for b in blocks for line in b).lower(), headers[-3:]
            for b in blocks:
                if any(line.strip().startswith("You draw") for line in b):
                    assert "Phase 5" in b[0] or "Phase 3" in b[0], b


# --- 6. the game's title in Thai --------------------------------------------------------------------------

def test_the_game_has_its_thai_guides_title_in_thai():
    # the welcome line read "The Politics Game (standard) ผู้เล่น 6 คน ..."; the Thai guide calls the
    # game "เล่นการเมือง"
    guide = DOCS / "rules" / "politics.th.md"
    with open(guide, encoding="utf-8") as f:
        first = f.readline()
    assert PoliticsGame.title_in("th") == "เล่นการเมือง" and "เล่นการเมือง" in first
    assert PoliticsGame.title_in("en") == PoliticsGame.title == "The Politics Game"
    assert PoliticsGame.title_in("he") == PoliticsGame.title and PoliticsGame.title_in(None) == PoliticsGame.title
    assert load_game("politics").title_in("TH") == "เล่นการเมือง"


# --- 7. Thai: no space between "คุณ" and its verb -------------------------------------------------------

YOU_SPACED = re.compile(r"^คุณ [\u0E00-\u0E7F]|ถ้าคุณ ")


def test_thai_writes_no_space_between_you_and_the_verb():
    # "คุณ ตอบรับ" but "คุณวาง ..."; "ได้ 1 อิทธิพลเมื่อจบรอบถ้าคุณ ตรวจสอบ" in the narration, "...ถ้าคุณตรวจสอบ"
    # in the prompt just below it
    checked = offers = 0
    for seed in range(4):
        n = None
        for g, core, event in random_events(seed):
            n = n or PoliticsNarrator(g, "th")
            for v in range(g.num_players):
                lines = n.event(core, event, v)
                if core.current_player() == v:
                    lines = lines + [n.prompt(core, v)]
                for line in lines:
                    assert not YOU_SPACED.search(line), line
                    checked += 1
            if core.phase == Phase.OFFER and event.text.split()[0] in ("hold", "probe"):
                target = int(event.text.split()[1])
                told = n.event(core, event, target)[0]
                after = core.clone()
                after.apply(event.action)
                asked = n.prompt(after, target)
                cond = told.rsplit("ถ้าคุณ", 1)[1]
                assert asked.split("ถ้าคุณ", 1)[1].startswith(cond), (told, asked)
                offers += 1
    assert checked > 2000 and offers >= 3
    n = PoliticsNarrator(load_game("politics", None, 6), "th", names=["Ann", "Bo", "Chai", "Dana", "Eli", "Fay"])
    assert n._S("accepts", 0, 0) == "คุณตอบรับ" and n._S("accepts", 1, 0) == "Bo ตอบรับ"
    assert n._S("accepts", 1, None) == "Bo ตอบรับ"
    assert n._T("formed", leader="คุณ", p1="Bo", p2="Chai") == "ตั้งรัฐบาลสำเร็จ: ผู้นำคุณ แนวร่วมBo และChai"


# --- 8. window passes in a replay ---------------------------------------------------------------------------

def test_a_replay_can_name_the_window_of_a_pass():
    # `intrigue replay FILE --seat 0 --all` told backroom-window passes as bare "Seat 5: Pass"
    seen = 0
    for g, core, event in random_events(1):
        if core.phase not in WINDOW_PHASES or event.action != Action.PASS:
            continue
        n, th = PoliticsNarrator(g, "en"), PoliticsNarrator(g, "th")
        card = {Phase.COUP: "Coup", Phase.BLOCK: "Block", Phase.DEALBREAK: "Deal-break",
                Phase.MEDIA: "Media power"}[core.phase]
        other = (event.seat + 1) % g.num_players
        for v in (other, None):    # the pass named, then what it brought about (a window closed), as in play
            assert n.event_for_replay(core, event, v) == [f"Seat {event.seat} passes ({card} window)."] + \
                n.event(core, event, v)
        mine, played = n.event_for_replay(core, event, event.seat), n.event(core, event, event.seat)
        if len(core.legal_actions()) > 1:                   # a chosen pass: told already, as in play
            assert mine == played and mine[0] == f"You pass and keep your {card} card."
        else:
            assert mine == [f"You pass ({card} window)."] + played
        assert th.event_for_replay(core, event, other)[0].startswith(f"ที่นั่ง {event.seat} ผ่าน (ช่วงเล่นการ์ด")
        seen += 1
    assert seen >= 5
    for g, core, event in random_events(1):      # any other event: as in play
        if event.seat >= 0 and core.phase not in WINDOW_PHASES:
            n = PoliticsNarrator(g, "en")
            assert n.event_for_replay(core, event, 0) == n.event(core, event, 0)


# --- and: the round's end in words ---------------------------------------------------------------------------

@pytest.mark.parametrize("lang", ["en", "th"])
def test_no_line_names_a_coin_by_its_notation(lang):
    # "End of round 3: seat 0 INF 5 LEG 1 UND 7 HON 0 BET 0; ..." (the same kind of slip as the end reason)
    told = 0
    for seed in range(3):
        n = None
        for g, core, event in random_events(seed):
            n = n or PoliticsNarrator(g, lang)
            for v in (None,) + tuple(range(g.num_players)):
                for line in n.event(core, event, v):
                    assert not NOTATION_COINS.search(line), line
                    told += line.startswith(("End of round", "จบวัฏจักรอำนาจ"))
    assert told >= 3


def test_the_welcome_line_and_the_web_page_give_the_title_in_the_display_language():
    import io
    from intrigue.cli.play import TerminalGame
    from intrigue.search.table import Table
    for game, players, lang, title in (("politics", 6, "th", "เล่นการเมือง"), ("coup", 3, "he", "הפיכה"),
                                       ("coup", 3, "th", "เกมโค่นอำนาจ"), ("coup", 3, "en", "Coup")):
        g = load_game(game, None, players, None)
        out = io.StringIO()
        tg = TerminalGame(Table(g, 1), 0, ["random"], lang, 1, out=out, status=io.StringIO(), bidi=False)
        tg.ask = _leave
        tg.run()
        assert out.getvalue().splitlines()[0].startswith(title), out.getvalue()[:200]


def _leave(prompt):
    raise EOFError                           # Ctrl-D at the first prompt: the person leaves
