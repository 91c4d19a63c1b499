"""The one bot-turn driver (search/turn.py) and the three tables that use it: the terminal, the
protocol's referee and the web table.

A forced move never asks the bot; a bot that raises or answers an illegal action is replaced by
exactly one legal move drawn from the decision's seed, and the table says so; the same seed plays
the same game whichever frontend runs it, and a terminal game replays from its seed."""
from __future__ import annotations

import io

import pytest

from intrigue.cli.play import TerminalGame
from intrigue.engine import load_game
from intrigue.ext.game_api import derive_seed
from intrigue.search.bot import Analysis, Bot, make_bot
from intrigue.search.pacing import Pause
from intrigue.search.table import Table
from intrigue.search.turn import SEED_TURN, Fallback, bot_seed, play_turn, turn_seed


class Counting(Bot):
    """A random bot that counts its calls and can be told to fail: ``mode`` is None (answer
    normally), ``"raise"`` or ``"illegal"``."""

    name = "counting"

    def __init__(self, seed=0, mode=None, inner="random"):
        super().__init__(seed=seed)
        self.inner = make_bot(inner, seed=seed)
        self.mode = mode
        self.calls = 0

    @property
    def spec(self):
        return self.inner.spec

    def choose(self, info, *, limits=None, on_info=None, stop=None):
        self.calls += 1
        if self.mode == "raise":
            raise RuntimeError("the bot broke")
        if self.mode == "illegal":
            return Analysis(info.seat, 10_000, "nonsense")
        return self.inner.choose(info, limits=limits, on_info=on_info, stop=stop)


def _decision(game="coup", players=3, seed=5, many=True):
    """A state whose player to move has several legal actions (``many``) or exactly one."""
    g = load_game(game, None, players)
    table = Table(g, seed)
    table.start()
    rng = __import__("random").Random(seed)
    for _ in range(5000):
        state = table.state
        assert not state.is_terminal(), "no such decision in this game"
        n = len(state.legal_actions())
        if (n > 1) == many:
            return table
        legal = state.legal_actions()
        table.apply(legal[rng.randrange(len(legal))], seat=state.current_player())
    raise AssertionError("no such decision")


# --- the driver ---------------------------------------------------------------------------------------
def test_a_single_legal_action_never_calls_the_bot():
    for game, players in (("coup", 3), ("politics", 6), ("shadow_master", 4)):
        table = _decision(game, players, many=False)
        state = table.state
        seat = state.current_player()
        bot = Counting(mode="raise")
        turn = play_turn(bot, state.information_state(seat), turn_seed(table.seed, seat, len(state.history)))
        assert bot.calls == 0
        assert turn.forced and turn.fallback is None and turn.analysis is None
        assert [turn.action] == list(state.legal_actions())


@pytest.mark.parametrize("mode, reason", [("raise", "error"), ("illegal", "illegal")])
def test_a_failing_bot_gives_one_legal_fallback_move_and_a_report(mode, reason):
    table = _decision()
    state = table.state
    seat = state.current_player()
    info = state.information_state(seat)
    legal = list(state.legal_actions())
    bot = Counting(mode=mode)
    seed = turn_seed(table.seed, seat, len(state.history))
    turn = play_turn(bot, info, seed)
    assert bot.calls == 1                                        # asked once, not again
    assert turn.action in legal and turn.analysis is None and not turn.forced
    assert isinstance(turn.fallback, Fallback) and turn.fallback.reason == reason
    assert ("broke" in turn.fallback.describe()) == (mode == "raise")
    # the fallback is the decision seed's uniform draw: the same seed, the same move; over seeds, every move
    assert play_turn(Counting(mode=mode), info, seed).action == turn.action
    drawn = {play_turn(Counting(mode=mode), info, derive_seed(9, k)).action for k in range(200)}
    assert drawn == set(legal)
    table.apply(turn.action, seat=seat)                          # and the table takes it


def test_keyboard_interrupt_is_not_swallowed():
    class Interrupted(Counting):
        def choose(self, info, **kw):
            raise KeyboardInterrupt

    table = _decision()
    seat = table.state.current_player()
    with pytest.raises(KeyboardInterrupt):
        play_turn(Interrupted(), table.state.information_state(seat), 1)


def test_the_same_seed_gives_the_same_move_through_the_driver():
    table = _decision(seed=11)
    state = table.state
    seat = state.current_player()
    info = state.information_state(seat)
    seed = turn_seed(table.seed, seat, len(state.history))
    for spec in ("random", "heuristic", "ismcts:iterations=60"):
        moves = set()
        for _ in range(2):
            bot = make_bot(spec, seed=bot_seed(table.seed, seat))
            try:
                moves.add(play_turn(bot, info, seed).action)
            finally:
                bot.close()
        assert len(moves) == 1, spec
    assert turn_seed(1, 0, 5) == derive_seed(1, SEED_TURN, 0, 5) != turn_seed(1, 0, 6) != turn_seed(1, 1, 5)


# --- the three tables: the same seed plays the same game -------------------------------------------
SEED = 23
BOTS = "ismcts:iterations=40"


def _terminal_game(seed, specs=(BOTS,), bots=None, game=("coup", None, 3)):
    """A terminal game at seat 0 whose person plays the first legal action; its table and output."""
    g = load_game(*game)
    out = io.StringIO()
    tg = TerminalGame(Table(g, seed), 0, list(specs), "en", seed, out=out, status=io.StringIO(), bidi=False)
    tg.pacer.pause = lambda *a, **k: Pause()
    tg.offer_save = lambda: None
    if bots:
        tg.close()
        tg.bots = bots
    tg.human_turn = lambda: tg._apply(tg.table.state.legal_actions()[0]) or True
    try:
        tg.run()
    finally:
        tg.close()
    return tg.table, out.getvalue()


def _protocol_game(seed):
    from support.protocol import Conn

    conn = Conn()
    msgs = conn.send({"cmd": "new_game", "game": "coup", "players": 3, "seed": seed, "bots": BOTS,
                      "engine_seats": [1, 2], "view": 0})
    for _ in range(3000):
        if any(m["type"] == "game_over" for m in msgs):
            break
        ask = [m for m in msgs if m["type"] == "ask"][-1]
        msgs = conn.send({"cmd": "move", "action": ask["legal"][0]})
    table = conn.server.session.table
    assert table.state.is_terminal()
    return table


def _web_game(seed):
    from starlette.testclient import TestClient
    from intrigue.web.app import create_app
    from support.web import FAST, join, new_table
    from intrigue.web.app import WebServer
    from intrigue.web.limits import ServerLimits

    server = WebServer(hint_spec="random", default_bots=[BOTS], limits=ServerLimits(**FAST))
    with TestClient(create_app(server)) as client:
        table, tokens = new_table(client, game="coup", players=3, humans=[0], seed=seed, bots=[BOTS])
        with client.websocket_connect("/ws") as ws:
            join(ws, table, 0, tokens[0])
            for _ in range(3000):
                m = ws.receive_json()
                if m["type"] != "state":
                    continue
                if m["over"]:
                    break
                if m.get("legal"):
                    ws.send_json({"type": "move", "move": m["legal"][0]["move"], "seq": m["events"]})
        return server.tables[table].table


def test_the_same_seed_plays_the_same_game_on_every_frontend():
    terminal, _ = _terminal_game(SEED)
    protocol = _protocol_game(SEED)
    web = _web_game(SEED)
    texts = [[e.text for e in t.state.history] for t in (terminal, protocol, web)]
    assert texts[0] == texts[1] == texts[2]
    assert sum(1 for e in terminal.state.history if e.seat in (1, 2)) > 5      # the bots played


def test_a_terminal_game_replays_from_its_seed():
    first = _terminal_game(SEED)
    again = _terminal_game(SEED)
    other = _terminal_game(SEED + 1)
    assert first[1] == again[1]
    assert [e.text for e in first[0].state.history] == [e.text for e in again[0].state.history]
    assert [e.text for e in other[0].state.history] != [e.text for e in first[0].state.history]


# --- the three tables: a failing bot ---------------------------------------------------------------
@pytest.mark.parametrize("mode", ["raise", "illegal"])
def test_the_terminal_says_a_failing_bot_played_a_fallback_and_goes_on(mode):
    bots = {1: Counting(1, mode=mode), 2: Counting(2)}
    table, text = _terminal_game(SEED, bots=bots)
    assert table.state.is_terminal()
    choices_1 = sum(1 for line in text.splitlines() if "The bot of seat 1 failed" in line)
    assert choices_1 == bots[1].calls > 0                         # told once per failed decision
    assert "The bot of seat 2 failed" not in text and "Traceback" not in text
    assert ("broke" in text) == (mode == "raise")


def test_a_bot_asked_only_about_decisions_with_a_choice():
    bots = {1: Counting(1), 2: Counting(2)}
    asked = []
    real = Counting.choose

    def spy(self, info, **kw):
        asked.append(len(info.legal_actions()))
        return real(self, info, **kw)

    Counting.choose = spy
    try:
        table, _ = _terminal_game(SEED, bots=bots)
    finally:
        Counting.choose = real
    assert asked and min(asked) > 1
    assert len(asked) == bots[1].calls + bots[2].calls


def test_the_protocol_reports_a_failing_engine_seat_and_plays_on(monkeypatch):
    from support.protocol import Conn
    import intrigue.protocol.server as server_module

    made = []

    def failing(spec, seed=None):
        bot = Counting(seed or 0, mode="raise")
        made.append(bot)
        return bot

    monkeypatch.setattr(server_module, "make_bot", failing)
    conn = Conn()
    msgs = conn.send({"cmd": "new_game", "game": "coup", "players": 3, "seed": SEED, "bots": "random",
                      "engine_seats": [1, 2], "view": 0})
    errors = []
    for _ in range(3000):
        errors += [m for m in msgs if m["type"] == "error"]
        if any(m["type"] == "game_over" for m in msgs):
            break
        ask = [m for m in msgs if m["type"] == "ask"][-1]
        msgs = conn.send({"cmd": "move", "action": ask["legal"][0]})
    assert conn.server.session.table.state.is_terminal()
    calls = sum(b.calls for b in made)
    assert calls > 0 and len(errors) == calls                     # one report per failed decision
    assert all(e["code"] == "internal" and e["seat"] in (1, 2) and "RuntimeError" in e["message"] for e in errors)
    assert "Traceback" not in conn.errlog.getvalue() and "the bot broke" in conn.errlog.getvalue()


def test_the_web_table_reports_a_failing_bot_and_plays_on(monkeypatch):
    from starlette.testclient import TestClient
    import intrigue.web.tables as tables_module
    from intrigue.web.app import WebServer, create_app
    from intrigue.web.limits import ServerLimits
    from support.web import FAST, join, new_table

    made = []

    def illegal(spec, seed=None):
        bot = Counting(seed or 0, mode="illegal")
        made.append(bot)
        return bot

    monkeypatch.setattr(tables_module, "make_bot", illegal)
    server = WebServer(hint_spec="random", default_bots=["random"], limits=ServerLimits(**FAST))
    errors = []
    with TestClient(create_app(server)) as client:
        table, tokens = new_table(client, game="coup", players=3, humans=[0], seed=SEED)
        with client.websocket_connect("/ws") as ws:
            join(ws, table, 0, tokens[0])
            for _ in range(5000):
                m = ws.receive_json()
                if m["type"] == "error":
                    errors.append(m)
                if m["type"] != "state":
                    continue
                if m["over"]:
                    break
                if m.get("legal"):
                    ws.send_json({"type": "move", "move": m["legal"][0]["move"], "seq": m["events"]})
        assert server.tables[table].state.is_terminal()
    calls = sum(b.calls for b in made)
    assert calls > 0 and len(errors) == calls
    assert all(e["code"] == "bot_failed" and "IllegalAction" in e["message"] for e in errors)
