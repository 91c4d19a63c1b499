"""The web table's server without a browser: Starlette's test client over HTTP and the WebSocket.

Whole games of Coup (every ruleset, options) and the Politics Game played through the socket, bad
messages refused with nothing changed, and a second human seat's connection never receiving the
first seat's hidden cards.  Skipped when the ``web`` extra (starlette, httpx) is not installed.
"""
from __future__ import annotations

import json
import os
import random
import time

import pytest


from intrigue.engine import GameRecord  # noqa: E402
from intrigue.engine.game import State  # noqa: E402
from support.web import client, join, new_table, next_state, play_out, server  # noqa: E402,F401  (fixtures)


def next_error(ws):
    """The next 'error' message, skipping seat lists and bots' progress."""
    while True:
        m = ws.receive_json()
        if m["type"] == "error":
            return m
        assert m["type"] in ("seats", "thinking"), m


# --------------------------------------------------------------------------------------------------
# whole games
# --------------------------------------------------------------------------------------------------
@pytest.mark.parametrize("ruleset,players,options", [
    ("standard", 3, {}),
    ("seed-th", 2, {}),
    ("seed-he", 4, {}),
    ("standard", 5, {"steal_amount": 3, "exchange": "swap_one", "refund_on_failed_claim": False}),
    ("mini-a", 2, {}),
    ("mini", 2, {}),
])
def test_whole_coup_game(client, server, ruleset, players, options):
    table, tokens = new_table(client, game="coup", ruleset=ruleset, players=players, options=options,
                              humans=[0], seed=7)
    with client.websocket_connect("/ws") as ws:
        join(ws, table, 0, tokens[0])
        final, log = play_out(ws, seed=1)
    t = server.tables[table]
    assert t.game.ruleset == ruleset and t.game.options["steal_amount"] == (options.get("steal_amount") or
                                                                            t.game.options["steal_amount"])
    res = t.state.result()
    assert final["result"]["placings"] == list(res.placings)
    assert sorted(final["revealed"]) == [str(s) for s in range(players)]
    # the log is the seat's own view of the history, one entry per event it saw, in order
    seen = [i for i, e in enumerate(t.state.history) if e.seen_by(0) is not None]
    assert [e["index"] for e in log] == seen
    assert all(e["lines"] and all(isinstance(x, str) and x for x in e["lines"]) for e in log)


def test_the_coup_page_draws_a_rulesets_blank_card_plain():
    from intrigue.engine import load_game
    from intrigue.engine.coup.web import client_data
    data = client_data(load_game("coup", "mini-a", 2), "th")
    assert data["blank"] == ["duke"] and data["role_names"]["duke"] == "การ์ดเปล่า"
    assert data["role_names"]["assassin"] == "มือสังหาร"
    data = client_data(load_game("coup", "standard", 3), "en")
    assert data["blank"] == [] and data["role_names"]["duke"] == "Duke"


def test_whole_politics_game(client, server):
    table, tokens = new_table(client, game="politics", players=6, humans=[2], seed=3)
    with client.websocket_connect("/ws") as ws:
        join(ws, table, 2, tokens[2])
        final, log = play_out(ws, seed=2)
    t = server.tables[table]
    assert t.state.is_terminal()
    assert final["result"]["scores"] == list(t.state.result().scores)
    assert final["private"]["seat"] == 2
    assert len(log) == sum(1 for e in t.state.history if e.seen_by(2) is not None)


def test_a_forced_decision_is_played_for_the_person_and_said(client, server):
    """A reaction window the person has no card for is not offered as a lone Pass: the table plays
    it, tells that seat why, and every prompt the page gets has a real choice (as in the terminal)."""
    table, tokens = new_table(client, game="politics", players=6, humans=[2], seed=3)
    got: list = []
    with client.websocket_connect("/ws") as ws:
        join(ws, table, 2, tokens[2])
        final, _ = play_out(ws, seed=2, got=got)
    t = server.tables[table]
    assert t.state.is_terminal()
    states = [m for m in got if m["type"] == "state"]
    assert all(len(m["legal"]) >= 2 for m in states if m.get("legal"))
    # replay the game: the seat's forced decisions are exactly the notices it was sent
    forced = []
    for i, event in enumerate(t.state.history):
        before = State(t.game, t._before[i])
        if before.current_player() == 2 and len(before.legal_actions()) == 1:
            forced.append(event.action)
    notices = [m["message"] for m in got if m["type"] == "notice"]
    assert forced and len(notices) == len(forced)
    assert any("no" in n and "card" in n for n in notices)     # "You have no ... card to play here"


def test_a_move_forced_by_the_persons_cards_is_asked_for_when_other_people_watch():
    """Played at once, a window passed without the card would tell the other people at the table
    that the seat has no card (search/pacing.py): with a second person there the page asks for the
    lone move; with only bots there the table still plays it for the person."""
    from intrigue.engine import load_game
    from intrigue.ext.game_api import Rng
    from intrigue.search.pacing import forced_by_hidden_cards
    from intrigue.search.table import Table
    from intrigue.web.tables import SeatInfo, WebTable

    game = load_game("politics", players=6)
    table = Table(game, 3)
    table.start()
    rng, moves = random.Random(1), 0
    while True:
        state = table.state
        seat = state.current_player()
        if state.decision().kind.endswith("_window") and forced_by_hidden_cards(state, seat, Rng(1)):
            break
        legal = state.legal_actions()
        table.apply(legal[rng.randrange(len(legal))], seat=seat)
        moves += 1
    for people, asked in (({seat, (seat + 1) % 6}, True), ({seat}, False)):
        web = WebTable(game, table, [SeatInfo(s, s in people) for s in range(6)], "en")
        view = web.view_for(seat)
        assert ("legal" in view) == asked
        if asked:
            assert [m["move"] for m in view["legal"]] == table.state.legal_moves()
            assert view["prompt"].startswith("Only one choice here: Pass.")   # not "Play your ... card?"
            assert web.view_for(seat, lang="th")["prompt"].startswith("ตรงนี้มีทางเลือกเดียว: ผ่าน")
        assert "legal" not in web.view_for((seat + 1) % 6)


def test_a_bots_paced_move_sends_its_thinking_messages_on_the_same_beat_as_a_search():
    """A bot's move forced by its cards is held back (search/pacing.py); the 'thinking' messages meanwhile
    come on the fixed 0.25 s beat a search's do, and none marks the end of the pause."""
    import asyncio

    from intrigue.engine import load_game
    from intrigue.ext.game_api import Rng
    from intrigue.search.bot import make_bot
    from intrigue.search.pacing import forced_by_hidden_cards
    from intrigue.search.table import Table
    from intrigue.web.tables import SeatInfo, WebTable

    game = load_game("politics", players=6)
    table = Table(game, 3)
    table.start()
    rng = random.Random(1)
    while True:
        state = table.state
        seat = state.current_player()
        if seat != 0 and state.decision().kind.endswith("_window") and forced_by_hidden_cards(state, seat, Rng(1)):
            break
        legal = state.legal_actions()
        table.apply(legal[rng.randrange(len(legal))], seat=seat)
    seats = [SeatInfo(s, s == 0, spec=None if s == 0 else "random", bot=None if s == 0 else make_bot("random", seed=s))
             for s in range(6)]
    web = WebTable(game, table, seats, "en")
    web.pacer.record(seat, table.state.decision().kind, 0.6, "random")
    sent = []

    async def broadcast(message):
        sent.append(message)

    async def nothing():
        return None

    web.broadcast, web.after_change = broadcast, nothing
    before = len(table.state.history)
    asyncio.run(web._bot_turn(seat))
    assert len(table.state.history) == before + 1 and table.state.history[-1].seat == seat
    beats = [m["elapsed"] for m in sent if m["type"] == "thinking"]
    assert beats == [0.0, 0.25, 0.5]            # not one more at 0.6, when the pause ended


# --------------------------------------------------------------------------------------------------
# buttons: what each move claims and targets
# --------------------------------------------------------------------------------------------------
def test_coup_buttons_name_claim_and_target(client):
    table, tokens = new_table(client, game="coup", players=4, humans=[0], seed=5)
    with client.websocket_connect("/ws") as ws:
        join(ws, table, 0, tokens[0])
        m = next_state(ws)
    by_move = {x["move"]: x for x in m["legal"]}
    assert by_move["tax"]["claim"] == "duke" and by_move["exchange"]["claim"] == "ambassador"
    assert by_move["steal 2"]["claim"] == "captain" and by_move["steal 2"]["target"] == 2
    assert "claim" not in by_move["income"]
    assert by_move["foreign_aid"]["label"].startswith("Foreign Aid")   # the narrator's words, as in the terminal
    assert m["client"]["role_names"]["duke"] == "Duke" and m["prompt"]


# --------------------------------------------------------------------------------------------------
# bad input changes nothing
# --------------------------------------------------------------------------------------------------
def test_bad_messages_get_errors_and_change_nothing(client, server):
    table, tokens = new_table(client, game="coup", players=3, humans=[0], seed=9)
    t = server.tables[table]
    with client.websocket_connect("/ws") as ws:
        for raw, code in [("not json", "bad_message"), ("[1, 2]", "bad_message"), ('{"type": 3}', "bad_message"),
                          ('{"type": "move", "move": "income"}', "not_joined"),
                          ('{"type": "dance"}', "bad_message"), ("x" * 20000, "bad_message")]:
            ws.send_text(raw)
            err = ws.receive_json()
            assert err["type"] == "error" and err["code"] == code and err["message"], (raw[:30], err)
        for bad in [{"seat": 0, "token": "wrong"}, {"seat": 1, "token": tokens[0]}, {"seat": 7, "token": tokens[0]},
                    {"seat": "0", "token": tokens[0]}, {"seat": 0, "token": None}]:
            join(ws, table, bad["seat"], bad["token"])
            err = ws.receive_json()
            assert err["type"] == "error" and err["code"] in ("bad_token", "bad_seat"), err
        join(ws, "nosuchtable", 0, tokens[0])
        assert ws.receive_json()["code"] == "no_table"
        join(ws, table, 0, tokens[0])
        m = next_state(ws)
        before = len(t.state.history)
        for move, code in [("coup 1", "illegal_action"), ("steal 0", "illegal_action"), ("fly away", "bad_notation"),
                           (17, "bad_message"), ("", "bad_message"), (None, "bad_message")]:
            ws.send_json({"type": "move", "move": move, "seq": m["events"]})
            err = next_error(ws)
            assert err["type"] == "error" and err["code"] == code, (move, err)
            assert err["message"]
        ws.send_json({"type": "move", "move": "income", "seq": m["events"] - 1})
        assert next_error(ws)["code"] == "stale"
        redrawn = next_state(ws)                         # a stale page is redrawn: its position, not the log again
        assert redrawn["log_start"] == m["events"] == redrawn["events"] and redrawn["log"] == []
        assert redrawn["legal"] == m["legal"] and redrawn["private"] == m["private"]
        assert len(t.state.history) == before and t.state.current_player() == 0
        final, _ = play_out(ws, seed=4, first=redrawn, log=m["log"])
        n = len(t.state.history)
        ws.send_json({"type": "move", "move": "income"})
        assert next_error(ws)["code"] == "game_over"
        ws.send_json({"type": "hint"})
        assert next_error(ws)["code"] == "game_over"
        assert len(t.state.history) == n


def test_not_your_turn(client, server):
    table, tokens = new_table(client, game="coup", players=2, humans=[0, 1], seed=2)
    t = server.tables[table]
    with client.websocket_connect("/ws") as a, client.websocket_connect("/ws") as b:
        join(a, table, 0, tokens[0])
        join(b, table, 1, tokens[1])
        mb = next_state(b)
        mover = t.state.current_player()
        other, other_ws = (1, b) if mover == 0 else (0, a)
        other_ws.send_json({"type": "move", "move": "income"})
        m = next_error(other_ws)
        assert m["code"] == "not_your_turn"
        assert t.state.current_player() == mover and mb["seat"] == 1


# --------------------------------------------------------------------------------------------------
# hidden information: a second human seat never receives the first seat's cards
# --------------------------------------------------------------------------------------------------
@pytest.mark.parametrize("game,players", [("coup", 3), ("politics", 6), ("shadow_master", 3)])
@pytest.mark.slow
def test_second_seat_never_sees_first_seats_cards(client, server, game, players):
    table, tokens = new_table(client, game=game, players=players, humans=[0, 1], seed=11)
    t = server.tables[table]
    got_b = []
    rng = random.Random(5)
    with client.websocket_connect("/ws") as a, client.websocket_connect("/ws") as b:
        join(a, table, 0, tokens[0])
        join(b, table, 1, tokens[1])
        last = {0: next_state(a), 1: next_state(b, got_b)}
        moves = 0
        while not t.state.is_terminal() and moves < 400:
            cp = t.state.current_player()
            if cp in (0, 1):
                ws = a if cp == 0 else b
                m = last[cp]
                while t.state.current_player() == cp and (not m.get("legal") or m["events"] != len(t.log_for(cp))):
                    m = next_state(ws, got_b if cp == 1 else None)   # (a forced decision is played for the seat)
                if t.state.current_player() != cp or not m.get("legal"):
                    last[cp] = m
                    continue
                ws.send_json({"type": "move", "move": rng.choice(m["legal"])["move"], "seq": m["events"]})
                last[cp] = next_state(ws, got_b if cp == 1 else None)
                moves += 1
            else:
                last[1] = next_state(b, got_b)
        over = t.state.is_terminal()
    hidden = [i for i, e in enumerate(t.state.history) if e.seen_by(1) is None]
    private0 = [i for i, e in enumerate(t.state.history) if e.seen_by(1) != e.text]
    assert hidden, "the test needs events that seat 1 may not see"
    for m in got_b:
        if m["type"] != "state":
            assert "private" not in m and "revealed" not in m
            continue
        assert m["seat"] == 1 and m["private"]["seat"] == 1
        if not m["over"]:
            assert "revealed" not in m
        for e in m["log"]:
            assert e["index"] not in hidden
    # and in words: none of the sentences of what seat 1 may not see appears in anything it received
    blob = json.dumps(got_b, ensure_ascii=False)
    narr = t.narration_for("en")
    checked = 0
    allowed = {line for e in t.log_for(1) for line in e["lines"]}   # e.g. the roles, shown at the end
    for i in private0:
        ev = t.state.history[i]
        as_seen = set(narr.event(t._before[i], ev, 1))
        for line in narr.event(t._before[i], ev, None):
            if line not in as_seen and line not in allowed:
                assert line not in blob, blob[max(0, blob.find(line) - 300):blob.find(line) + 60]
                checked += 1
    assert checked
    assert moves > 0 and (over or moves == 400)


def test_reconnect_gets_the_seat_back(client, server):
    table, tokens = new_table(client, game="coup", players=3, humans=[0], seed=21)
    with client.websocket_connect("/ws") as ws:
        join(ws, table, 0, tokens[0])
        m = next_state(ws)
        ws.send_json({"type": "move", "move": "income", "seq": m["events"]})
        next_state(ws)
    with client.websocket_connect("/ws") as ws:
        join(ws, table, 0, tokens[0])
        m = next_state(ws)
        assert m["seat"] == 0 and m["log_start"] == 0
        assert any("Income" in line for e in m["log"] for line in e["lines"])
        assert m["private"]["cards"] == server.tables[table].state.game.private_info(
            server.tables[table].state.core, 0)["cards"]


def test_hebrew_and_thai_words(client):
    table, tokens = new_table(client, game="coup", ruleset="seed-he", players=3, humans=[0], seed=1)
    with client.websocket_connect("/ws") as ws:
        join(ws, table, 0, tokens[0])
        m = next_state(ws)
        assert m["lang"] == "he" and m["client"]["role_names"]["duke"] == "דוכס"
    with client.websocket_connect("/ws") as ws:
        join(ws, table, 0, tokens[0], lang="th")
        m = next_state(ws)
        assert m["lang"] == "th" and m["client"]["role_names"]["duke"] == "เจ้าพระยา"


# --------------------------------------------------------------------------------------------------
# hints, records, saves, replays, pages
# --------------------------------------------------------------------------------------------------
def test_hint_has_action_values_and_beliefs(client):
    table, tokens = new_table(client, game="coup", players=3, humans=[0], seed=3)
    with client.websocket_connect("/ws") as ws:
        join(ws, table, 0, tokens[0])
        m = next_state(ws)
        ws.send_json({"type": "hint"})
        started = ws.receive_json()
        while started["type"] == "seats":
            started = ws.receive_json()
        assert started["type"] == "hint_started"
        h = ws.receive_json()
    assert h["type"] == "hint", h
    a = h["analysis"]
    assert {s["move"] for s in a["stats"]} == {x["move"] for x in m["legal"]}
    assert sum(s["visits"] for s in a["stats"]) > 0 and all(s["label"] for s in a["stats"])
    assert set(a["belief"]) == {"1", "2"}
    for dist in a["belief"].values():
        assert abs(sum(dist.values()) - 1.0) < 1e-3


def test_record_save_load_and_replay(client, server):
    table, tokens = new_table(client, game="coup", players=3, humans=[0], seed=13)
    t = server.tables[table]
    with client.websocket_connect("/ws") as ws:
        join(ws, table, 0, tokens[0])
        m = next_state(ws)
        ws.send_json({"type": "move", "move": "income", "seq": m["events"]})
        m = next_state(ws)
        while not m.get("legal"):                        # the bots play until seat 0 decides again
            m = next_state(ws)
        ws.send_json({"type": "save"})
        while True:
            s = ws.receive_json()
            if s["type"] == "saved":
                break
    assert client.get(f"/api/tables/{table}/record", params={"seat": 0, "token": "nope"}).status_code == 403
    r = client.get(f"/api/tables/{table}/record", params={"seat": 0, "token": tokens[0]})
    rec = GameRecord.from_bytes(r.content)
    assert rec.seat == 0 and rec.events == t.state.view(0)
    assert "seed" not in rec.meta
    # the server-side full save continues as a new table at the same position (once its table is
    # closed, as after a restart: while it is open a copy is refused)
    assert client.get("/api/saves").json()["saves"] == [s["name"]]
    assert client.post(f"/api/saves/{s['name']}").json()["code"] == "still_open"
    server.tables.pop(table)
    loaded = client.post(f"/api/saves/{s['name']}").json()
    t2 = server.tables[loaded["table"]]
    assert t2.state.view(None) == t.state.view(None) and t2.seats[0].human
    # a seat's record opens in the replay viewer, stepping through what that seat saw
    up = client.post("/api/records", content=r.content).json()
    assert up["steps"] == len(rec.events)
    f0 = client.get(f"/api/replays/{up['replay']}/0").json()
    fe = client.get(f"/api/replays/{up['replay']}/{up['steps']}").json()
    assert f0["step"] == 0 and f0["log"] == [] and fe["private"]["seat"] == 0
    assert [e["index"] for e in fe["log"]] == list(range(len(rec.events)))
    assert "revealed" not in fe
    assert fe["public"] == t.game.public_info(t.state.core)
    # who sat where, as at the table: the person is a person (a replay labelled every seat a bot)
    assert [(x["human"], x["bot"]) for x in fe["seats"]] == [(True, None), (False, "random"), (False, "random")]
    # the page's language selector rewords the replay: a frame in Hebrew, then back in English
    he = client.get(f"/api/replays/{up['replay']}/{up['steps']}", params={"lang": "he"}).json()
    assert he["lang"] == "he" and fe["lang"] == "en" and len(he["log"]) == len(fe["log"])
    assert [e["index"] for e in he["log"]] == [e["index"] for e in fe["log"]]
    hebrew = [line for e in he["log"] for line in e["lines"]]
    assert any("\u0590" <= ch <= "\u05ff" for line in hebrew for ch in line)
    assert hebrew != [line for e in fe["log"] for line in e["lines"]]
    assert client.get(f"/api/replays/{up['replay']}/{up['steps']}", params={"lang": "en"}).json() == fe
    assert client.get(f"/api/replays/{up['replay']}/{up['steps']}", params={"lang": "xx"}).json() == fe
    assert client.post("/api/records", content=b"garbage").status_code == 400


def test_a_saved_game_of_several_people_reopens_at_its_own_links_only(client, server):
    # "Continue" on a save of a two-person table handed out every seat's link: Bob took Alice's seat
    # and saw her cards.  Now it reopens at the table's own id with the old secrets and hands out none.
    table, tokens = new_table(client, game="coup", players=3, humans=[0, 1], seed=21)
    with client.websocket_connect("/ws") as ws:
        join(ws, table, 1, tokens[1])
        next_state(ws)
        ws.send_json({"type": "save"})
        while (s := ws.receive_json())["type"] != "saved":
            pass
    position = server.tables[table].state.view(None)
    # while the table is open, the save is not opened a second time
    r = client.post(f"/api/saves/{s['name']}")
    assert r.status_code == 409 and r.json()["code"] == "still_open" and len(server.tables) == 1
    server.tables.pop(table).close()                     # as after a restart of the server
    r = client.post(f"/api/saves/{s['name']}").json()
    assert r == {"table": table, "links": {}, "reopened": True}
    reopened = server.tables[table]
    assert reopened.state.view(None) == position
    with client.websocket_connect("/ws") as ws:          # each old link works again, for its own seat
        for seat in (0, 1):
            join(ws, table, seat, tokens[seat])
            m = next_state(ws)
            assert m["seat"] == seat and m["private"]["seat"] == seat
        join(ws, table, 0, tokens[1])
        assert next_error(ws)["code"] == "bad_token"
    # a save of several people without the seats' secrets (made before they were kept) is refused
    record = reopened.full_record()
    path = server.saves_dir + "/old.msgpack"
    record.save(path)
    server.tables.pop(table).close()
    r = client.post("/api/saves/old")
    assert r.status_code == 400 and r.json()["code"] == "not_reopenable" and not server.tables
    # a one-person game still continues as a new table with its link, as before
    solo, solo_tokens = new_table(client, game="coup", players=3, humans=[0], seed=22)
    name = server.tables[solo].save()
    server.tables.pop(solo).close()
    r = client.post(f"/api/saves/{name}").json()
    assert list(r["links"]) == ["0"] and r["table"] != solo


def test_forged_tokens_and_saves_are_refused_not_crashed_on(client, server):
    # a token that is not ASCII made compare_digest raise (500, and the socket's handler died); a saves
    # file with an integer seat key or a non-ASCII secret raised too
    table, tokens = new_table(client, game="coup", players=3, humans=[0, 1], seed=23)
    assert client.get(f"/api/tables/{table}/record", params={"seat": 0, "token": "é"}).status_code == 403
    with client.websocket_connect("/ws") as ws:
        join(ws, table, 0, "é" * 24)
        assert next_error(ws)["code"] == "bad_token"
        join(ws, table, 0, tokens[0])                       # the same socket goes on
        assert next_state(ws)["seat"] == 0
    t = server.tables.pop(table)
    os.makedirs(server.saves_dir, exist_ok=True)
    good = {"0": tokens[0], "1": tokens[1]}
    for forged, table_id in (({0: tokens[0], 1: tokens[1]}, t.id), ({"0": "é" * 24, "1": tokens[1]}, t.id),
                             ({"0": tokens[0]}, t.id), (good, ["not", "a", "name"])):
        record = t.saved_record()
        record.meta["seat_tokens"], record.meta["table"] = forged, table_id
        record.save(server.saves_dir + "/forged.msgpack")
        r = client.post("/api/saves/forged")
        assert r.status_code == 400 and r.json()["code"] == "not_reopenable", (forged, r.text)
    t.close()
    # one person's save whose table id is a list: looking it up among the open tables raised (500)
    solo, _ = new_table(client, game="coup", players=3, humans=[0], seed=25)
    record = server.tables[solo].saved_record()
    record.meta["table"] = ["not", "a", "name"]
    record.save(server.saves_dir + "/forged1.msgpack")
    r = client.post("/api/saves/forged1")
    assert r.status_code == 200 and list(r.json()["links"]) == ["0"]


def test_a_one_person_save_is_not_copied_while_its_table_is_open(client, server):
    # Continue made a copy with a fresh link to the one person's seat: whoever pressed it saw that
    # person's cards mid-game
    table, _ = new_table(client, game="coup", players=3, humans=[0], seed=24)
    name = server.tables[table].save()
    assert "seat_tokens" not in server.tables[table].saved_record().meta      # one person: no secret kept
    r = client.post(f"/api/saves/{name}")
    assert r.status_code == 409 and r.json()["code"] == "still_open"
    t = server.tables[table]
    while not t.state.is_terminal():                    # once the game is over, its save opens
        t.table.apply(t.state.legal_actions()[0], seat=t.state.current_player())
    r = client.post(f"/api/saves/{name}").json()
    # the finished table stays (its person's "Download my record" and "Replay" still work)
    assert list(r["links"]) == ["0"] and server.tables[table] is t and r["table"] != table


def test_a_page_gets_the_title_and_the_direction_of_the_games_words():
    from intrigue.web.tables import TableConfig, WebTable
    politics = WebTable.create(TableConfig(game="politics", players=6, humans=[0], bots=["random"], seed=1,
                                           lang="th"))
    coup = WebTable.create(TableConfig(game="coup", players=3, humans=[0], bots=["random"], seed=1, lang="he"))
    kuhn = WebTable.create(TableConfig(game="kuhn", players=2, humans=[0], bots=["random"], seed=1))
    assert (politics.view_for(0)["title"], politics.view_for(0)["words_lang"]) == ("เล่นการเมือง", "th")
    assert politics.view_for(0, lang="he")["words_lang"] == "en"      # no Hebrew: English words, left to right
    assert (coup.view_for(0)["title"], coup.view_for(0)["words_lang"]) == ("הפיכה", "he")
    assert coup.view_for(0)["drawings"] and not kuhn.view_for(0)["drawings"]
    for t in (politics, coup, kuhn):
        t.close()


def test_pages_and_assets(client):
    assert "lobby.js" in client.get("/").text
    games = client.get("/api/games").json()["games"]
    assert {g["name"] for g in games if g["web"]} >= {"coup", "politics"}
    assert "drawTable" in client.get("/games/coup/table.js").text
    assert "drawTable" in client.get("/games/politics/table.js").text
    assert client.get("/games/coup/__init__.py").status_code == 404
    assert client.get("/games/coup/..%2Fgame.py").status_code == 404
    assert client.get("/t/nosuch").status_code == 404
    assert client.post("/api/tables", json={"game": "coup", "players": 9}).status_code == 400
    assert client.post("/api/tables", json={"game": "coup", "bots": ["nosuchbot"]}).json()["code"] == "bad_bot"


def test_the_web_command_serves_a_table(tmp_path):
    """``intrigue web`` starts the server on 127.0.0.1, prints each human seat's link, serves them."""
    import subprocess
    import sys
    import httpx
    proc = subprocess.Popen([sys.executable, "-m", "intrigue.cli.main", "web", "coup", "--players", "3",
                             "--humans", "0,2", "--bots", "random,heuristic", "-o", "steal_amount=3", "--port", "0",
                             "--no-browser", "--seed", "1",
                             "--saves", str(tmp_path)], stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        lines = [proc.stdout.readline() for _ in range(3)]
        assert "127.0.0.1" in lines[0], lines
        links = [line.split(": ", 1)[1].strip() for line in lines[1:]]
        assert [line.split(":")[0].strip() for line in lines[1:]] == ["seat 0", "seat 2"]
        page = httpx.get(links[0].split("#")[0], timeout=10)
        assert page.status_code == 200 and "app.js" in page.text
        assert "token" not in page.text                   # the page itself holds no seat's secret
        # the options as play takes them: -o, and several bot specs in one --bots
        base, frag = links[0].split("#")
        table = base.rstrip("/").rsplit("/", 1)[1]
        token = dict(p.split("=") for p in frag.split("&"))["token"]
        rec = httpx.get(base.split("/t/")[0] + f"/api/tables/{table}/record", params={"seat": 0, "token": token},
                        timeout=10)
        assert GameRecord.from_bytes(rec.content).options["steal_amount"] == 3
    finally:
        proc.terminate()
        proc.wait(10)
    # the server starts quietly: no deprecation warning of the installed uvicorn or websockets
    assert "Deprecat" not in proc.stderr.read()


def test_the_web_command_refuses_bad_options(capsys):
    from intrigue.cli.main import main
    assert main(["web", "coup", "--players", "9", "--no-browser"]) == 2
    assert "players" in capsys.readouterr().err
    assert main(["web", "coup", "--humans", "a,b", "--no-browser"]) == 2
    assert "--humans" in capsys.readouterr().err
    assert main(["web", "kuhn", "--no-browser"]) == 2                # no drawing code: said plainly
    err = capsys.readouterr().err
    assert err.startswith("error: ") and "no web table yet" in err and "intrigue play" in err


def test_a_game_without_a_web_plugin_is_played_through_the_generic_table(client, server):
    """Kuhn poker has no drawing code of its own (`intrigue web kuhn` refuses it), but the table's
    server is game-agnostic: a frontend speaking its WebSocket messages gets positions, legal moves
    and the narrator's log, and plays the game to the end."""
    from intrigue.engine.registry import game_class
    assert game_class("kuhn").plugin("web") is None
    table, tokens = new_table(client, game="kuhn", players=2, humans=[1], seed=4)
    with client.websocket_connect("/ws") as ws:
        join(ws, table, 1, tokens[1])
        final, log = play_out(ws, seed=3)
    t = server.tables[table]
    assert t.state.is_terminal() and final["private"] is not None
    assert len(log) == sum(1 for e in t.state.history if e.seen_by(1) is not None)


def test_whole_shadow_master_game(client, server):
    """A whole Shadow Master game through its web plug-in: the board's cells, the seats' public
    holdings and the seat's own hand in every state; the buttons name the cell they act on."""
    from intrigue.engine.registry import game_class
    assert game_class("shadow_master").plugin("web") is not None
    table, tokens = new_table(client, game="shadow_master", players=4, humans=[1], seed=4,
                              options={"max_rounds": 10})
    got = []
    with client.websocket_connect("/ws") as ws:
        join(ws, table, 1, tokens[1])
        first = next_state(ws, got)
        assert first["client"]["colours"] == ["R", "O", "Y", "G", "B", "P"]
        assert len(first["public"]["cells"]) == 60          # 4 players: columns B-M, rows 1-5
        final, log = play_out(ws, seed=3, max_moves=20000, first=first, got=got)
    t = server.tables[table]
    assert t.state.is_terminal() and final["result"]["placings"] == list(t.state.result().placings)
    assert final["private"]["cards"] == t.game.private_info(t.state.core, 1)["cards"]
    assert len(log) == sum(1 for e in t.state.history if e.seen_by(1) is not None)
    buttons = [item for m in got if m["type"] == "state" for item in m.get("legal") or []]
    placed = [item for item in buttons if item["move"].startswith("place ")]
    assert placed and all(item["cell"] == item["move"].split()[1] and item["group"] == "place" for item in placed)
    assert all(set(m["public"]["cells"]) == set(first["public"]["cells"]) for m in got if m["type"] == "state")


# --------------------------------------------------------------------------------------------------
# the table list, rematch, resync and saves: one seat's information only
# --------------------------------------------------------------------------------------------------
def _two_people_to_the_end(client, server, game="coup", players=3, seed=11):
    """A table of two people (seats 0 and 1) played to the end through both sockets; the table, the
    tokens, the two sockets (still open) and every message seat 1 received."""
    table, tokens = new_table(client, game=game, players=players, humans=[0, 1], seed=seed)
    t = server.tables[table]
    got_b: list = []
    rng = random.Random(5)
    a = client.websocket_connect("/ws").__enter__()
    b = client.websocket_connect("/ws").__enter__()
    join(a, table, 0, tokens[0])
    join(b, table, 1, tokens[1])
    last = {0: next_state(a), 1: next_state(b, got_b)}
    for _ in range(2000):
        if t.state.is_terminal():
            break
        cp = t.state.current_player()
        if cp not in (0, 1):
            last[1] = next_state(b, got_b)
            continue
        ws = a if cp == 0 else b
        m = last[cp]
        while t.state.current_player() == cp and (not m.get("legal") or m["events"] != len(t.log_for(cp))):
            m = next_state(ws, got_b if cp == 1 else None)
        if t.state.current_player() != cp or not m.get("legal"):
            last[cp] = m
            continue
        ws.send_json({"type": "move", "move": rng.choice(m["legal"])["move"], "seq": m["events"]})
        last[cp] = next_state(ws, got_b if cp == 1 else None)
    assert t.state.is_terminal()
    return t, tokens, a, b, got_b


def test_rematch_gives_each_person_their_own_seat_only(client, server):
    t, tokens, a, b, got_b = _two_people_to_the_end(client, server)
    try:
        a.send_json({"type": "rematch"})
        m = a.receive_json()
        while m["type"] != "rematch":
            m = a.receive_json()
        again = server.tables[m["table"]]
        assert again is not t and again.game.name == t.game.name and again.game.num_players == t.game.num_players
        assert [s.human for s in again.seats] == [s.human for s in t.seats]
        assert [s.spec for s in again.seats] == [s.spec for s in t.seats]
        assert m["link"] == f"/t/{again.id}#seat=0&token={again.seats[0].token}"
        # seat 1 is told a rematch is open, without anyone's secret, and gets its own link when it asks
        note = b.receive_json()
        while note["type"] != "rematch_open":
            got_b.append(note)
            note = b.receive_json()
        assert note == {"type": "rematch_open", "table": again.id}
        b.send_json({"type": "rematch"})
        mine = b.receive_json()
        while mine["type"] != "rematch":
            mine = b.receive_json()
        assert mine["table"] == again.id and len(server.tables) == 2          # one rematch table, not two
        assert mine["link"] == f"/t/{again.id}#seat=1&token={again.seats[1].token}"
        blob = json.dumps(got_b + [note, mine])
        for secret in (again.seats[0].token, t.seats[0].token):
            assert secret not in blob
        # before the end there is no rematch
        table, toks = new_table(client, game="coup", players=3, humans=[0], seed=2)
        with client.websocket_connect("/ws") as c:
            join(c, table, 0, toks[0])
            next_state(c)
            c.send_json({"type": "rematch"})
            assert next_error(c)["code"] == "not_over"
    finally:
        a.__exit__(None, None, None)
        b.__exit__(None, None, None)


def test_the_table_list_shows_public_facts_only(client, server):
    table, tokens = new_table(client, game="politics", players=6, humans=[0, 3], bots=["casual", "heuristic"], seed=4)
    t = server.tables[table]
    with client.websocket_connect("/ws") as ws:
        join(ws, table, 0, tokens[0])
        next_state(ws)
        listed = client.get("/api/tables").json()["tables"]
    (entry,) = [e for e in listed if e["table"] == table]
    assert set(entry) == {"table", "game", "titles", "ruleset", "players", "seats", "events", "over", "age", "idle"}
    assert all(set(s) == {"seat", "human", "bot", "level", "online"} for s in entry["seats"])
    assert [s["human"] for s in entry["seats"]] == [s.human for s in t.seats]
    assert entry["seats"][0]["online"] and not entry["seats"][3]["online"]
    assert entry["seats"][1]["level"] == "casual" and entry["seats"][2]["bot"] == "heuristic"
    assert entry["events"] == sum(1 for e in t.state.history if e.seen_by(None) is not None)
    blob = json.dumps(listed)
    for s in t.seats:
        if s.token:
            assert s.token not in blob
    # nothing any seat holds: the roles and cards of each seat's private information are not named
    for seat in range(6):
        private = t.game.private_info(t.state.core, seat)
        assert json.dumps(private) not in blob
    assert "private" not in blob and "revealed" not in blob and "legal" not in blob


def test_a_resync_is_that_seats_view_only(client, server):
    table, tokens = new_table(client, game="coup", players=3, humans=[0, 1], seed=12)
    t = server.tables[table]
    with client.websocket_connect("/ws") as a, client.websocket_connect("/ws") as b:
        join(a, table, 0, tokens[0])
        join(b, table, 1, tokens[1])
        first = next_state(b)
        b.send_json({"type": "move", "move": "income", "seq": first["events"] + 5})
        got = []
        while True:
            m = b.receive_json()
            got.append(m)
            if m["type"] == "state" and any(x.get("code") == "stale" for x in got):
                break
        redrawn = got[-1]
        assert redrawn["seat"] == 1 and redrawn["private"] == t.game.private_info(t.state.core, 1)
        assert "revealed" not in redrawn
        theirs = json.dumps(t.game.private_info(t.state.core, 0)["cards"])
        assert theirs not in json.dumps(redrawn["private"])


def test_saves_are_listed_with_what_they_are_and_when(client, server):
    table, tokens = new_table(client, game="coup", players=4, humans=[0, 2], bots=["strong"], seed=3)
    t = server.tables[table]
    before = time.time()
    with client.websocket_connect("/ws") as ws:
        join(ws, table, 0, tokens[0])
        next_state(ws)
        ws.send_json({"type": "save"})
        m = ws.receive_json()
        while m["type"] != "saved":
            m = ws.receive_json()
        ws.send_json({"type": "save"})                 # nothing new since: the same save, not a second file
        again = ws.receive_json()
        while again["type"] != "saved":
            again = ws.receive_json()
    assert again["name"] == m["name"]
    data = client.get("/api/saves").json()
    assert data["saves"] == [m["name"]]
    (about,) = data["about"]
    assert about["name"] == m["name"] and about["game"] == "coup" and about["players"] == 4
    assert about["people"] == [0, 2] and about["levels"] == {"1": "strong", "3": "strong"}
    assert about["titles"]["th"] and about["events"] == len(t.state.history) and about["over"] is False
    assert before - 1 <= about["saved"] <= time.time() + 1
    assert not any(s.token in json.dumps(data) for s in t.seats if s.token)
