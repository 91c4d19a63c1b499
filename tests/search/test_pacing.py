"""A forced move's timing tells nothing about the seat's cards (search/pacing.py).

* which forced decisions are forced only by hidden cards, checked against facts worked out from the
  position: a Coup influence lost from two cards of one role is (the pair leaves one thing to lose),
  from one card is not; a Politics reaction window passed without its card is;
* the pacer's pause: none for a public forced move, else one of the seat's own times for choices of
  that kind, with the fallbacks in order;
* terminal play waits that pause before showing a bot's forced move, and the game is the same move
  for move as without pacing (the pacer never touches the table's chance events);
* at a web table with two people, a person's move forced by hidden cards is asked for, not played at
  once; with one person it is still played for them.
"""
from __future__ import annotations

import random
from collections import Counter

import pytest

from intrigue.engine import load_game
from intrigue.ext.game_api import Rng
from intrigue.search.pacing import Pacer, Pause, forced_by_hidden_cards, run_decoy
from intrigue.search.table import Table


def _random_positions(game, games, seed):
    """Every decision of ``games`` random games: (state before it, the seat deciding)."""
    rng = random.Random(seed)
    for g in range(games):
        table = Table(game, seed=seed * 1000 + g)
        table.start()
        while not table.state.is_terminal():
            state = table.state
            seat = state.current_player()
            yield state, seat
            legal = state.legal_actions()
            table.apply(legal[rng.randrange(len(legal))], seat=seat)


def test_coup_influence_lost_from_a_pair_is_forced_by_hidden_cards():
    game = load_game("coup", players=4)
    rng = Rng(1)
    seen = Counter()
    for state, seat in _random_positions(game, 40, seed=3):
        if state.decision().kind != "lose_influence":
            continue
        info = state.information_state(seat)
        cards = info.private_info()["cards"]
        live = info.public_info()["players"][seat]["influence"]
        flagged = forced_by_hidden_cards(state, seat, rng)
        if len(state.legal_actions()) > 1:
            assert not flagged                                  # a choice is never "forced"
            seen["choice"] += 1
            continue
        seen[(live, flagged)] += 1
        if live == 1:
            assert not flagged, "one card left to lose is forced for everyone to see"
        else:
            assert live == 2 and cards[0] == cards[1]
            assert flagged, "two cards of one role leave one thing to lose: only the seat knows"
    assert seen["choice"] and seen[(2, True)] and seen[(1, False)], seen


def test_a_politics_window_passed_without_the_card_is_forced_by_hidden_cards():
    game = load_game("politics", players=6)
    rng = Rng(2)
    seen = Counter()
    for state, seat in _random_positions(game, 3, seed=4):
        kind = state.decision().kind
        n = len(state.legal_actions())
        if not kind.endswith("_window"):
            continue
        flagged = forced_by_hidden_cards(state, seat, rng)
        if n > 1:
            assert not flagged
            seen["choice"] += 1
        elif kind[:-len("_window")] not in state.information_state(seat).private_info()["backroom"]:
            seen[flagged] += 1
    # drawn worlds find the other seats' doubt nearly always (64 draws per seat; seeded, so exact)
    assert seen["choice"] and seen[True] >= 0.98 * (seen[True] + seen[False]), seen


def test_the_pause_is_one_of_the_seats_own_times_and_none_for_a_public_forced_move():
    coup = load_game("coup", players=4)
    pair = public = None
    for state, seat in _random_positions(coup, 60, seed=3):
        if state.decision().kind == "lose_influence" and len(state.legal_actions()) == 1:
            live = state.information_state(seat).public_info()["players"][seat]["influence"]
            if live == 2 and pair is None:
                pair = (state.clone(), seat)
            if live == 1 and public is None:
                public = (state.clone(), seat)
        if pair and public:
            break
    state, seat = pair
    other, third = (seat + 1) % 4, (seat + 2) % 4
    pacer = Pacer(seed=5)
    # nothing noted yet: a decoy, the seat's information in a world where it has a choice ...
    first = pacer.pause(state, seat, "ismcts:iterations=50")
    assert first.seconds == 0.0 and first.decoy is not None
    assert first.decoy.seat == seat and first.decoy.current_player() == seat and len(first.decoy.legal_actions()) > 1
    assert first.decoy.private_info() != state.information_state(seat).private_info()      # not its real cards
    assert first.decoy.view == []                                                         # nothing of its history
    # ... which a fresh bot of the seat's spec searches, leaving the seat's own bot alone
    assert run_decoy(first.decoy, "ismcts:iterations=50", pacer.decoy_seed()) > 0.0
    pacer.record(other, "lose_influence", 0.05, "heuristic")
    assert pacer.pause(state, seat, "ismcts:iterations=50").decoy is not None   # another bot's times: not used
    pacer.record(third, "action", 0.9, "ismcts:iterations=50")
    assert pacer.pause(state, seat, "ismcts:iterations=50") == Pause(0.9)       # the same bot's, any kind
    pacer.record(seat, "action", 0.25, "ismcts:iterations=50")
    assert pacer.pause(state, seat, "ismcts:iterations=50") == Pause(0.25)      # the seat's own, any kind, first
    pacer.record(third, "lose_influence", 0.6, "ismcts:iterations=50")
    assert pacer.pause(state, seat, "ismcts:iterations=50") == Pause(0.6)       # this kind (same bot) before any kind
    pacer.record(seat, "lose_influence", 0.30)
    pacer.record(seat, "lose_influence", 0.50)
    assert {pacer.pause(state, seat).seconds for _ in range(30)} == {0.30, 0.50}   # its own of this kind, drawn
    state, seat = public
    assert pacer.pause(state, seat) == Pause()                  # forced for everyone to see: at once


def _play_politics(monkeypatch, paced: bool):
    """A six-seat Politics game in terminal play, seat 0 played by a seeded random person; every
    bot decision's pause is noted (and not waited for, to keep the test fast)."""
    import io

    import intrigue.cli.play as play
    from intrigue.cli.play import TerminalGame

    calls = []
    real = play.think

    def noted(bot, info, **kw):
        calls.append((info.seat, info.decision().kind, len(info.legal_actions()),
                      kw.get("at_least", 0.0), info.private_info()["backroom"], info.view == []))
        kw["at_least"] = 0.0
        return real(bot, info, **kw)

    monkeypatch.setattr(play, "think", noted)
    game = load_game("politics", players=6)
    tg = TerminalGame(Table(game, 11), 0, ["ismcts:iterations=40"], "en", 11, out=io.StringIO(),
                      status=io.StringIO())
    if not paced:
        tg.pacer.pause = lambda *a, **k: Pause()
    person = random.Random(3)
    tg.table.start()
    while not tg.table.state.is_terminal():
        state = tg.table.state
        seat = state.current_player()
        if seat == 0:
            legal = state.legal_actions()
            tg.table.apply(legal[person.randrange(len(legal))], seat=0)
        else:
            tg.bot_turn(seat)
    return tg.table.state, calls


@pytest.mark.slow
def test_terminal_play_paces_a_bots_move_forced_by_its_cards_and_plays_the_same_game(monkeypatch):
    state, calls = _play_politics(monkeypatch, paced=True)
    choices = [c for c in calls if c[2] > 1]
    assert choices and all(c[3] == 0.0 for c in choices)        # a real choice is never made to wait
    # a window passed without the card waits as the bot's own choices took, or, before it has made
    # any, follows a decoy search (an information state with no history, where the seat has a choice)
    held = [i for i, c in enumerate(calls) if c[1].endswith("_window") and c[2] == 1 and c[1][:-7] not in c[4]
            and (c[3] > 0 or (i > 0 and calls[i - 1][5] and calls[i - 1][0] == c[0] and calls[i - 1][2] > 1))]
    windows = [c for c in calls if c[1].endswith("_window") and c[2] == 1 and c[1][:-7] not in c[4]]
    decoys = [c for c in calls if c[5]]
    assert decoys and len(decoys) <= 5 and {c[0] for c in decoys} <= {1, 2, 3, 4, 5}   # at most once a seat
    assert windows and len(held) >= 0.98 * len(windows)
    # pacing moves only the moment a move is shown: the same seeds give the same game, event for event
    unpaced, _ = _play_politics(monkeypatch, paced=False)
    assert [e.text for e in state.history] == [e.text for e in unpaced.history]


def _referee_turns(monkeypatch, setup=None, **game):
    """A six-seat Politics game refereed over the protocol, seat 0 the frontend's (first legal move)
    unless ``game`` says otherwise; every engine turn's (seat, kind, legal count, backroom, pause, and
    whether the seat still has its right to play backroom cards)."""
    from support.protocol import Conn
    from intrigue.protocol.server import Server

    turns = []
    real = Server.start_turn

    def noted(self, session, seat, bot, info, limits, emit_info, pause=None, decoy_seed=0):
        right = info.public_info()["players"][seat]["right"]        # (without it a window is public)
        held = pause is not None and (pause.seconds > 0 or pause.decoy is not None)
        turns.append((seat, info.decision().kind, len(info.legal_actions()), info.private_info()["backroom"], held,
                      right))
        return real(self, session, seat, bot, info, limits, emit_info)   # (not waited for)

    monkeypatch.setattr(Server, "start_turn", noted)
    conn = Conn()
    if setup:
        conn.send(setup)
    msgs = conn.send(dict({"cmd": "new_game", "game": "politics", "players": 6, "seed": 4, "bots": "random",
                           "engine_seats": [1, 2, 3, 4, 5]}, **game))
    for _ in range(3000):
        if any(m["type"] == "game_over" for m in msgs):
            break
        ask = [m for m in msgs if m["type"] == "ask"][-1]
        msgs = conn.send({"cmd": "move", "action": ask["legal"][0]})
    assert conn.server.session.table.state.is_terminal()
    return turns


def test_the_protocol_paces_an_engine_seats_move_forced_by_its_cards(monkeypatch):
    turns = _referee_turns(monkeypatch)
    assert not any(t[4] for t in turns if t[2] > 1)
    no_card = [t for t in turns if t[1].endswith("_window") and t[2] == 1 and t[1][:-7] not in t[3] and t[5]]
    assert no_card and sum(t[4] for t in no_card) >= 0.98 * len(no_card)
    # off with `setoption pace false`, and with the full view (a tournament that sees every card)
    off = _referee_turns(monkeypatch, setup={"cmd": "setoption", "name": "pace", "value": False})
    full = _referee_turns(monkeypatch, view="full", engine_seats=[0, 1, 2, 3, 4, 5])
    assert off and full and not any(t[4] for t in off + full)


def test_a_position_the_game_cannot_sample_is_not_paced_and_does_not_stop_the_table(monkeypatch):
    game = load_game("coup", players=4)
    pair = next((s.clone(), seat) for s, seat in _random_positions(game, 60, seed=3)
                if s.decision().kind == "lose_influence" and len(s.legal_actions()) == 1
                and s.information_state(seat).public_info()["players"][seat]["influence"] == 2)
    pacer = Pacer(seed=1)
    pacer.record(pair[1], "lose_influence", 0.4)
    assert pacer.pause(*pair) == Pause(0.4)

    def broken(self, rng):
        raise RuntimeError("a determinization bug")

    from intrigue.engine.game import InfoState
    monkeypatch.setattr(InfoState, "determinize", broken)
    assert pacer.pause(*pair) == Pause()


def test_the_protocols_decoy_search_keeps_the_games_search_limits(monkeypatch):
    """A decoy must search as the seat's real choices do: under the game's ``iterations``/``movetime``."""
    import intrigue.protocol.server as server_module
    from support.protocol import Conn

    seen = []
    real_run = server_module.run_decoy

    def noted(decoy, spec, seed, stop=None, limits=None, real=None):
        seen.append((spec, limits))
        return real_run(decoy, spec, seed, stop, limits, real=real)

    monkeypatch.setattr(server_module, "run_decoy", noted)
    conn = Conn()
    bots = {str(s): f"ismcts:iterations={s + 4}" for s in range(1, 6)}     # five bots: no times to borrow
    msgs = conn.send({"cmd": "new_game", "game": "politics", "players": 6, "seed": 4, "bots": bots,
                      "engine_seats": [1, 2, 3, 4, 5], "iterations": 40})
    for _ in range(3000):
        if any(m["type"] == "game_over" for m in msgs) or seen:
            break
        ask = [m for m in msgs if m["type"] == "ask"][-1]
        msgs = conn.send({"cmd": "move", "action": ask["legal"][0]})
    assert seen and all(spec in bots.values() and limits.iterations == 40 for spec, limits in seen)


def test_a_decoy_first_pays_what_a_real_first_choice_pays_before_its_search():
    """A decoy's position has no history, so by itself it would skip reading the history into the
    belief, and run short; :class:`DecoyBot` prepares on the seat's real information first."""
    from intrigue.search.pacing import DecoyBot

    coup = load_game("coup", players=4)
    state, seat = next((s.clone(), seat) for s, seat in _random_positions(coup, 60, seed=3)
                       if s.decision().kind == "lose_influence" and len(s.legal_actions()) == 1
                       and s.information_state(seat).public_info()["players"][seat]["influence"] == 2)
    real = state.information_state(seat)
    decoy = Pacer(seed=5).pause(state, seat, "ismcts:iterations=20").decoy
    bot = DecoyBot("ismcts:iterations=20", 1, real)
    prepared = []
    original = bot.bot.prepare
    bot.bot.prepare = lambda info, stop=None: (prepared.append(info), original(info, stop=stop))
    analysis = bot.choose(decoy)
    assert prepared == [real] and analysis.seat == seat and analysis.iterations == 20
    # what prepare does for the search bot: the belief read from the seat's whole view
    fresh = DecoyBot("ismcts:iterations=20", 2).bot
    fresh.prepare(real)
    model = fresh._model(real)
    assert model._trackers[seat].view == real.view
    bot.close()
    fresh.close()
