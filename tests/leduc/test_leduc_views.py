"""Leduc hold'em's hidden information on every surface a seat reads: its view of the history, the
narration in each language, the terminal's table and end screen, a seat's record and its replay, the
web table's messages and the protocol's.  A seat never learns the other's card, except at a
showdown, where both cards are shown to both; after a fold nothing is shown."""
from __future__ import annotations

import json
import os
import subprocess
import sys

import pytest

from intrigue.engine import GameRecord, load_game
from intrigue.engine.leduc import names
from intrigue.engine.leduc.narrate import LeducNarrator

GAME = load_game("leduc")
# seat 0 holds a Jack, seat 1 a King; the public card is a Queen; seat 1 folds to seat 0's bet
FOLD = [(-1, "deal 0 J"), (-1, "deal 1 K"), (0, "check"), (1, "check"), (-1, "public Q"), (0, "bet"), (1, "fold")]
# the same cards called down to a showdown
SHOWDOWN = [(-1, "deal 0 J"), (-1, "deal 1 K"), (0, "check"), (1, "check"), (-1, "public Q"), (0, "bet"),
            (1, "call"), (-1, "show 0 J"), (-1, "show 1 K")]
CARD = {0: "J", 1: "K"}


def record(events) -> GameRecord:
    return GameRecord("leduc", "standard", 2, {}, list(events))


def secrets_of(seat: int):
    """Every way the other seat's card could be written: its notation and its name in each language."""
    other = CARD[1 - seat]
    rank = names.RANKS.index(other)
    return [f"deal {1 - seat} {other}"] + [names.rank_name(rank, lang) for lang in names.LANGUAGES]


def told(events, seat: int, lang: str):
    """Everything the narrator tells ``seat`` about a hand, in ``lang``: each event, the table and the
    end screen (not the rules, which name every rank)."""
    state = record(events).replay()
    narrator = LeducNarrator(GAME, lang)
    core = GAME.new_initial_state().core
    lines = []
    for ev in state.history:
        lines += narrator.event(core, ev, seat)
        core.apply(ev.action)
    lines += [narrator.board(state, seat), narrator.end_screen(state.core, seat)]
    return "\n".join(lines)


# --------------------------------------------------------------------------------------------------
# after a fold: nothing is shown
# --------------------------------------------------------------------------------------------------
@pytest.mark.parametrize("seat", [0, 1])
@pytest.mark.parametrize("lang", names.LANGUAGES)
def test_after_a_fold_no_narration_names_the_other_card(seat, lang):
    text = told(FOLD, seat, lang)
    own = names.rank_name(names.RANKS.index(CARD[seat]), lang)
    assert own in text                                   # the seat's own card is told
    for secret in secrets_of(seat):
        assert secret not in text, (secret, text)


@pytest.mark.parametrize("seat", [0, 1])
def test_after_a_fold_a_seats_view_render_and_record_hold_only_its_own_card(seat, tmp_path):
    state = record(FOLD).replay()
    view = state.view(seat)
    assert all(secret not in t for _, t in view for secret in secrets_of(seat))
    assert state.render(seat).count("??") == 1 and "King" in state.render(None) and "Jack" in state.render(None)
    path = tmp_path / "view.msgpack"
    state.record().view(seat).save(str(path))
    loaded = GameRecord.load(str(path))
    assert loaded.info_state() == state.information_state(seat)
    assert GAME.result(loaded.info_state().core) == state.result()     # a fold's result needs no card
    env = dict(os.environ, PYTHONIOENCODING="utf-8")
    out = subprocess.run([sys.executable, "-m", "intrigue.cli.main", "replay", str(path), "--all"],
                         capture_output=True, text=True, timeout=120, env=env)
    assert out.returncode == 0 and "Traceback" not in out.stderr
    assert all(secret not in out.stdout for secret in secrets_of(seat)), out.stdout


def test_after_a_fold_the_web_table_shows_neither_card():
    from intrigue.web.tables import TableConfig, WebTable
    table = WebTable.from_record(record(FOLD), TableConfig(game="leduc", humans=[0, 1], seed=1))
    try:
        for seat in (0, 1):
            view = table.view_for(seat)
            assert view["over"] and view["private"] == {"seat": seat, "card": CARD[seat]}
            assert view["revealed"] == {"0": {"seat": 0, "card": None}, "1": {"seat": 1, "card": None}}
            said = json.dumps({k: v for k, v in view.items() if k != "client"}, ensure_ascii=False)
            assert all(secret not in said for secret in secrets_of(seat)), said
            assert f'"card": "{CARD[1 - seat]}"' not in said
            assert "Seat 0 wins 1 chip" in view["end_text"] or "You win 1 chip" in view["end_text"]
    finally:
        table.close()


# --------------------------------------------------------------------------------------------------
# at a showdown: both cards are shown to both
# --------------------------------------------------------------------------------------------------
@pytest.mark.parametrize("seat", [0, 1])
def test_at_a_showdown_both_cards_are_shown_to_both(seat):
    state = record(SHOWDOWN).replay()
    view = [t for _, t in state.view(seat)]
    assert view[-2:] == ["show 0 J", "show 1 K"] and f"deal {1 - seat} {CARD[1 - seat]}" not in view
    text = told(SHOWDOWN, seat, "en")
    other = "seat 1" if seat == 0 else "seat 0"
    assert f"{other.capitalize()} shows a {'King' if seat == 0 else 'Jack'}." in text
    assert "Seat 1 wins 5 chips (the pot of 10 chips): a King beats a Jack." in text or \
        "You win 5 chips (the pot of 10 chips): a King beats a Jack." in text
    assert "??" not in state.render(seat)
    info = GameRecord.from_bytes(state.record().view(seat).to_bytes()).info_state()
    assert info.core.card(1 - seat) == state.core.card(1 - seat)       # the shown card, not a stand-in
    assert GAME.result(info.core) == state.result()


def test_at_a_showdown_the_web_table_shows_both_cards():
    from intrigue.web.tables import TableConfig, WebTable
    table = WebTable.from_record(record(SHOWDOWN), TableConfig(game="leduc", humans=[0, 1], seed=1))
    try:
        view = table.view_for(0)
        assert view["revealed"] == {"0": {"seat": 0, "card": "J"}, "1": {"seat": 1, "card": "K"}}
        assert [p["shown"] for p in view["public"]["players"]] == ["J", "K"]
    finally:
        table.close()


# --------------------------------------------------------------------------------------------------
# the protocol
# --------------------------------------------------------------------------------------------------
def test_the_protocols_game_over_reveals_cards_only_after_a_showdown():
    from support.protocol import Conn
    ends = set()
    for seed in range(1, 30):
        conn = Conn()
        msgs = conn.send({"cmd": "new_game", "game": "leduc", "seed": seed, "bots": "random", "engine_seats": [1]})
        events = [m for m in msgs if m.get("type") == "event"]
        for _ in range(20):
            over = [m for m in msgs if m.get("type") == "game_over"]
            if over:
                break
            legal = conn.server.session.table.state.legal_moves()
            msgs = conn.send({"cmd": "move", "action": "fold" if "fold" in legal else "bet"})
            events += [m for m in msgs if m.get("type") == "event"]
        state = conn.server.session.table.state
        shown = any(e.text.startswith("show") for e in state.history)
        truth = {str(s): names.RANKS[state.core.card(s)] for s in (0, 1)}
        revealed = over[0]["revealed"]
        if shown:
            assert revealed == {s: {"seat": int(s), "card": c} for s, c in truth.items()}
        else:
            assert revealed == {s: {"seat": int(s), "card": None} for s in truth}
        mine = [e["text"] for e in events if e["view"] == 0]
        assert f"deal 1 {truth['1']}" not in mine and f"deal 0 {truth['0']}" in mine
        ends.add(shown)
    assert ends == {True, False}                    # both kinds of ending were seen


# --------------------------------------------------------------------------------------------------
# the narrator
# --------------------------------------------------------------------------------------------------
@pytest.mark.parametrize("lang", names.LANGUAGES)
def test_the_narrator_words_every_event_label_and_prompt_of_random_hands(lang):
    from intrigue.ext.game_api import Rng
    rng = Rng(9)
    for seed in range(60):
        state = GAME.new_state(seed)
        core = GAME.new_initial_state().core
        narrators = [LeducNarrator(GAME, lang) for _ in range(2)]
        for n in narrators:
            n.strict = True                       # a wording error raises instead of falling back
        while not state.is_terminal():
            seat = state.current_player()
            for a in state.legal_actions():
                assert narrators[seat].action_label(state.core, a, seat)
            assert narrators[seat].prompt(state.core, seat) and narrators[1 - seat].prompt(state.core, 1 - seat)
            legal = state.legal_actions()
            state.apply_action(legal[rng.below(len(legal))])
        for ev in state.history:
            for viewer in (0, 1, None):
                lines = narrators[0].event(core, ev, viewer)
                assert (lines != []) == (ev.seen_by(viewer) is not None)
                assert all(line and "{" not in line for line in lines)
            core.apply(ev.action)
        for viewer in (0, 1):
            assert narrators[viewer].end_screen(state.core, viewer)


@pytest.mark.parametrize("events, typed, says", [
    ([(-1, "deal 0 J"), (-1, "deal 1 K")], "fold", "There is no bet to fold to"),
    ([(-1, "deal 0 J"), (-1, "deal 1 K"), (0, "bet")], "check", "There is a bet of 2 chips to call"),
    ([(-1, "deal 0 J"), (-1, "deal 1 K"), (0, "bet"), (1, "raise")], "raise", "No more raises this round"),
    ([(-1, "deal 0 J"), (-1, "deal 1 K")], "shove", "Not understood"),
])
def test_why_a_move_is_not_possible_is_said_plainly(events, typed, says):
    state = record(events).replay()
    seat = state.current_player()
    assert LeducNarrator(GAME).why_illegal(state.core, typed, seat).startswith(says)
    assert LeducNarrator(GAME).why_illegal(state.core, "call", 1 - seat).startswith("It is not your decision")
