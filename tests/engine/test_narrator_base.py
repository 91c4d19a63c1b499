"""One narrator base class (engine/narration.py): every game's narrator is a :class:`Narrator`, the
whole interface the frontends call exists on each (optional methods with the base's defaults), a game
without a narrator of its own is told by the base, and no frontend asks a narrator whether it has a
method before calling it."""
from __future__ import annotations

import ast
import io
import os

import pytest

from intrigue.cli.play import TerminalGame
from intrigue.engine import game_class, game_names, load_game
from intrigue.engine.narration import Narrator, cap, clip, display_width, narrator_for
from intrigue.search.bot import Analysis, Bot
from intrigue.search.pacing import Pause
from intrigue.search.table import Table

import intrigue.engine

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(intrigue.engine.__file__)))

INTERFACE = ("seat", "event", "event_for_replay", "action_label", "prompt", "decision_name", "turn_header",
             "why_illegal", "why_unread", "auto_line", "board", "wants_board", "group", "standing_pass", "rules",
             "end_screen", "join")


@pytest.mark.parametrize("name", game_names())
def test_every_game_is_told_by_a_narrator_with_the_whole_interface(name):
    game = load_game(name, None, None)
    narrator = narrator_for(game, "en")
    assert isinstance(narrator, Narrator)
    assert type(narrator) is (type(game).plugin("narrator") or Narrator)
    for method in INTERFACE:
        assert callable(getattr(type(narrator), method)), method
    assert narrator.color is False


@pytest.mark.parametrize("name", game_names())
@pytest.mark.slow
def test_a_whole_game_reads_through_the_interface_for_every_seat(name):
    """Every method a frontend calls answers at every decision of a seeded random game, for each seat's
    view, without raising; the base's defaults answer where the game has no method of its own."""
    import random

    game = load_game(name, None, None)
    table = Table(game, 3)
    table.start()
    rng = random.Random(3)
    narrators = [narrator_for(game, "en") for _ in range(game.num_players)]
    steps = 0
    while not table.state.is_terminal() and steps < 400:
        state = table.state
        core = state.core
        seat = state.current_player()
        n = narrators[seat]
        legal = list(state.legal_actions())
        assert isinstance(n.prompt(core, seat), str) and isinstance(n.wants_board(core, seat), bool)
        assert isinstance(n.board(state, seat), str)
        assert all(isinstance(n.action_label(core, a, seat), str) for a in legal)
        assert isinstance(n.auto_line(core, legal[0], seat), str)
        grouped = n.group(core, legal, seat, 0)
        assert grouped is None or (isinstance(grouped[0], str) and grouped[1])
        offer = n.standing_pass(core, seat)
        assert offer is None or offer["action"] in legal
        rules = n.rules(core, seat)
        assert rules is None or isinstance(rules, str)
        before = core.clone()
        table.apply(legal[rng.randrange(len(legal))], seat=seat)
        for event in table.state.history[-1:]:
            for viewer in range(game.num_players):
                lines = narrators[viewer].event_for_replay(before, event, viewer)
                assert all(isinstance(line, str) for line in lines)
        steps += 1
    if table.state.is_terminal():
        for viewer in range(game.num_players):
            assert isinstance(narrators[viewer].end_screen(table.state.core, viewer), str)
            assert isinstance(narrators[viewer].end_screen(table.state.core, viewer, board=False, placings=False), str)


def test_a_game_without_a_narrator_is_told_in_its_notation_words():
    game = load_game("kuhn", None, 2)
    assert type(game).plugin("narrator") is None
    n = narrator_for(game, "th", names=["Dana"])
    assert type(n) is Narrator
    assert n.seat(0, 0) == "คุณ" and n.seat(0, 1) == "Dana" and n.seat(1, 0) == "ที่นั่ง 1"
    state = game.new_state(1)
    core = state.core
    assert n.turn_header(core, 0) is None and n.why_illegal(core, "x", 0) == "" and n.rules(core, 0) is None
    assert n.group(core, list(state.legal_actions()), 0, 0) is None and n.standing_pass(core, 0) is None
    assert n.wants_board(core, 0) == (game.decision_kind(core) == "action")
    label = n.action_label(core, state.legal_actions()[0], 0)
    assert n.auto_line(core, state.legal_actions()[0], 0) == f"มีทางเลือกเดียว เลือกให้แล้ว: {label}"


def test_the_shared_text_helpers():
    assert cap("seat 2") == "Seat 2" and cap("") == ""
    assert clip("Alexandrina", 6) == "Alexa…" and display_width(clip("Alexandrina", 6)) == 6
    assert clip("Eli", 6) == "Eli"
    n = Narrator(load_game("kuhn", None, 2), "en")
    assert n.join([]) == "" and n.join(["a"]) == "a" and n.join(["a", "b", "c"]) == "a, b and c"
    assert n.join([], empty="nothing") == "nothing"


class Bets(Bot):
    """Bets (or calls) whenever it can."""

    name = "bets"

    def choose(self, info, *, limits=None, on_info=None, stop=None):
        legal = list(info.legal_actions())
        bet = [a for a in legal if info.action_to_string(a) == "bet"]
        a = bet[0] if bet else legal[0]
        return Analysis(info.seat, a, info.action_to_string(a))


def test_the_terminal_end_of_a_folded_hand_does_not_show_the_other_card():
    # the terminal's end of a game without a narrator drew the full table: the card of the seat that
    # won by a fold, which the folding seat never saw
    game = load_game("kuhn", None, 2)
    for seed in range(40):
        out = io.StringIO()
        tg = TerminalGame(Table(game, seed), 0, ["random"], "en", seed, out=out, status=io.StringIO(), bidi=False)
        tg.pacer.pause = lambda *a, **k: Pause()
        tg.offer_save = lambda: None
        tg.close()
        tg.bots = {1: Bets()}
        moves = iter(["pass", "pass"])                            # check, then fold to the bet
        tg.human_turn = lambda: tg._apply(next(moves)) or True
        tg.run()
        history = [e.text for e in tg.table.state.history]
        if history[2:] != ["pass", "bet", "pass"]:
            continue
        hidden = history[1].split()[-1]                           # "deal 1 K": seat 1's card
        end = out.getvalue()[out.getvalue().index("Game over."):]
        assert "seat 1: ??" in end and hidden not in end.replace("Kuhn", ""), end
        return
    pytest.fail("no seed dealt the hand")


def _narrator_probes(path):
    """``hasattr(x, ...)`` / ``getattr(x, ..., default)`` calls in ``path`` whose object is a narrator."""
    tree = ast.parse(open(path, encoding="utf-8").read())
    found = []
    for node in ast.walk(tree):
        if (isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id in ("hasattr", "getattr")
                and node.args and "narrat" in ast.unparse(node.args[0]).lower()
                and (node.func.id == "hasattr" or len(node.args) == 3)):
            found.append(f"{path}:{node.lineno} {ast.unparse(node)}")
    return found


@pytest.mark.slow
def test_no_frontend_asks_a_narrator_whether_it_has_a_method():
    probes = []
    for top in ("cli", "protocol", "web", "engine"):
        for d, _, files in os.walk(os.path.join(ROOT, top)):
            probes += [p for f in files if f.endswith(".py") for p in _narrator_probes(os.path.join(d, f))]
    assert probes == []


def test_wrap_keeps_lines_within_the_columns_and_indents_the_rest():
    from intrigue.engine.narration import display_width, wrap
    line = "  Seat 7 offers seat 4 a PROBE(1) contract: 1 influence at the end of the round if seat 4 inspects."
    lines = wrap(line, 80, "    ")
    assert len(lines) == 2 and all(display_width(x) <= 80 for x in lines)
    assert lines[0].startswith("  Seat 7") and lines[1] == "    if seat 4 inspects."
    assert " ".join(x.strip() for x in lines) == line.strip()          # no word lost or changed
    assert wrap("short", 80) == ["short"] and wrap("", 80) == [""]
    thai = "คู่แข่ง: " + ", ".join(f"ที่นั่ง {s} random" for s in range(1, 8))    # combining marks take no column
    assert all(display_width(x) <= 40 for x in wrap(thai, 40)) and len(wrap(thai, 40)) > 1


@pytest.mark.parametrize("lang", ["en", "th", "he"])
def test_the_base_says_why_a_typed_move_is_unread_in_each_language(lang):
    """``why_unread`` works on the base narrator, in its own phrases (a game without a narrator of its
    own, or one that adds no refusal phrases, gets them): the text is quoted and the prompt follows."""
    game = load_game("kuhn", None, None)
    table = Table(game, 1)
    table.start()
    core = table.state.core
    narrator = Narrator(game, lang)
    prompt = narrator.prompt(core, 0)
    said = narrator.why_unread(core, " fold ", 0, ValueError("unused"))
    assert said == Narrator.TEXT[lang]["w_no_move"].format(text="fold") + " " + prompt


def test_the_base_says_which_decision_a_move_belongs_to_and_how_it_is_written():
    """With the game's verbs known (``VERBS``), a move of this decision written wrongly gets the
    engine's reason in English and an example elsewhere."""
    game = load_game("kuhn", None, None)
    table = Table(game, 1)
    table.start()
    core = table.state.core
    kind = game.decision_kind(core)

    class Told(Narrator):
        VERBS = {"bet": (kind,), "pass": (kind,)}

    try:
        game.string_to_action(core, "bet 3")
    except Exception as err:          # the engine's own refusal of the wrongly written move
        error = err
    en = Told(game, "en").why_unread(core, "bet 3", 0, error)
    assert en.startswith("'bet 3' is not possible here: ") and "notation" in en
    assert en.endswith(" " + Told(game, "en").prompt(core, 0))
    th = Told(game, "th").why_unread(core, "bet 3", 0, error)
    assert th.startswith("'bet 3' เขียนไม่ตรงกับการตัดสินใจนี้ ตัวอย่าง 'bet'")
