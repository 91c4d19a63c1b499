"""The engine protocol, in process: framing, handshake, errors, referee and advisor mode, searches.

Games here use the ``random`` bot (and a slow test bot for search plumbing), so they run before the
real search lands; the subprocess tests drive the same through a pipe."""
from __future__ import annotations

import json
import random
import re
import time

import msgpack
import pytest

from intrigue.engine import InfoState, new_game
from intrigue.protocol.commands import parse_text, validate
from intrigue.protocol.errors import CODES
from intrigue.protocol.framing import decode_line, encode, sanitize
from intrigue.protocol.server import Server
from support.protocol import REPLY_TYPES, Conn, decode_stream, register_slow_bot, run_stream


def of(msgs, type_):
    return [m for m in msgs if m["type"] == type_]


def one(msgs, type_):
    found = of(msgs, type_)
    assert len(found) == 1, msgs
    return found[0]


def play_out(conn, msgs, pick=lambda legal: legal[0], limit=2000):
    """Answer every ask with ``pick`` until game_over; returns all messages seen."""
    seen = list(msgs)
    for _ in range(limit):
        if of(seen, "game_over"):
            return seen
        asks = of(seen, "ask")
        ask = asks[-1]
        got = conn.send({"cmd": "move", "id": len(seen), "action": pick(ask["legal"])})
        assert got[0]["type"] == "ok", got
        seen += got
    raise AssertionError("the game did not end")


# --------------------------------------------------------------------------------------------------
# framing and commands
# --------------------------------------------------------------------------------------------------
def test_plain_text_maps_onto_json_commands():
    assert parse_text("go iterations=5000") == {"cmd": "go", "iterations": 5000}
    assert parse_text("go infinite id=7") == {"cmd": "go", "infinite": True, "id": 7}
    assert parse_text("move steal 2") == {"cmd": "move", "action": "steal 2"}
    assert parse_text("new_game coup players=3 engine_seats=1,2 bots=ismcts:time=1000 options.steal_amount=3") == {
        "cmd": "new_game", "game": "coup", "players": 3, "engine_seats": [1, 2], "bots": "ismcts:time=1000",
        "options": {"steal_amount": "3"}}
    assert parse_text("observe -1 draw 2 duke") == {"cmd": "observe", "event": [-1, "draw 2 duke"]}
    assert parse_text("setoption bot heuristic") == {"cmd": "setoption", "name": "bot", "value": "heuristic"}
    assert parse_text("state full") == {"cmd": "state", "view": "full"}
    assert parse_text("new_game view=0,2") == {"cmd": "new_game", "view": [0, 2]}
    text = validate(parse_text("go movetime=250 workers=2 id=x"))
    js = validate({"cmd": "go", "movetime": 250, "workers": 2, "id": "x"})
    assert text == js


@pytest.mark.parametrize("line, code, field", [
    (b"\xff\xfe garbage", "bad_json", "cmd"),
    (b'{"cmd": "go", "iterations": 5', "bad_json", "cmd"),
    (b'{"cmd": "go", "movetime": NaN}', "bad_json", "cmd"),
    (b"[1, 2]", "bad_request", "cmd"),
    (b'{"id": 3}', "bad_request", "cmd"),
    (b'{"cmd": 5}', "bad_request", "cmd"),
    (b'{"cmd": "fly"}', "unknown_command", "cmd"),
    (b'{"cmd": "go", "iterations": "many"}', "bad_request", "iterations"),
    (b'{"cmd": "go", "iterations": 0}', "bad_request", "iterations"),
    (b'{"cmd": "go", "movetim": 10}', "bad_request", "movetim"),
    (b'{"cmd": "go", "id": [1]}', "bad_request", "id"),
    (b'{"cmd": "new_game", "players": true}', "bad_request", "players"),
    (b'{"cmd": "position", "events": [[0, "income"]]}', "bad_request", "seat"),
    (b'{"cmd": "position", "seat": 0, "events": [[0]]}', "bad_request", "events[0]"),
    (b"go iterations=lots", "bad_request", "iterations"),
    (b"move", "bad_request", "action"),
    (b'go "unclosed', "bad_json", "cmd"),
])
def test_malformed_requests_get_coded_errors(line, code, field):
    item = decode_line(line)
    assert item.code == code and item.field == field, item.to_dict()
    conn = Conn()
    msgs = conn.send(line)
    assert len(msgs) == 1 and msgs[0]["type"] == "error" and msgs[0]["code"] == code
    assert msgs[0]["field"] == field and msgs[0]["message"]


def test_errors_echo_the_request_id_and_blank_lines_are_ignored():
    conn = Conn()
    assert conn.send(b"   ") == [] and conn.send(b"# a comment") == []
    msgs = conn.send(b'{"cmd": "go", "id": "q1", "iterations": -1}')
    assert msgs[0]["id"] == "q1" and msgs[0]["code"] == "bad_request"
    msgs = conn.send({"cmd": "move", "id": 9, "action": "income"})
    assert msgs == [{"type": "error", "id": 9, "cmd": "move", "code": "no_game", "field": "cmd",
                     "message": msgs[0]["message"]}]


def test_output_never_holds_nan_or_infinity():
    data = {"a": float("nan"), "b": [float("inf"), -float("inf"), 1.5], 3: (1, 2), "c": {4: b"\x01"}}
    assert sanitize(data) == {"a": None, "b": [None, None, 1.5], "3": [1, 2], "c": {"4": "01"}}
    line = encode(data, "json")
    assert b"NaN" not in line and b"Infinity" not in line and line.endswith(b"\n")
    assert msgpack.unpackb(encode(data, "msgpack"), raw=False)["a"] is None


def test_hello_describes_games_options_and_features():
    conn = Conn()
    hello = one(conn.send({"cmd": "hello", "id": 1, "protocol": 1}), "hello")
    assert hello["id"] == 1 and hello["protocol"] == 1 and hello["engine"] == "intrigue" and hello["version"]
    coup = next(g for g in hello["games"] if g["name"] == "coup")
    assert set(coup["rulesets"]) == {"standard", "seed-th", "seed-he", "mini-a", "mini"}
    assert coup["rulesets"]["standard"]["players"] == [2, 6] and coup["rulesets"]["mini-a"]["players"] == [2, 2]
    steal = next(o for o in coup["options"] if o["name"] == "steal_amount")
    assert steal["type"] == "int" and steal["default"] == 2 and steal["min"] == 1
    assert {"referee", "advisor", "msgpack", "stop", "info"} <= set(hello["features"])
    assert {o["name"] for o in hello["options"]} >= {"bot", "seed", "info_interval"}
    assert any(b["name"] == "random" for b in hello["bots"])
    err = one(conn.send({"cmd": "hello", "id": 2, "protocol": 9}), "error")
    assert err["code"] == "unsupported" and err["field"] == "protocol"
    helped = one(conn.send("help"), "help")
    assert set(helped["errors"]) == set(CODES) and "new_game" in helped["commands"]


def test_setoption_checks_names_and_values():
    conn = Conn()
    assert one(conn.send("setoption seed 42"), "option") == {"type": "option", "name": "seed", "value": 42}
    assert conn.server.options["seed"] == 42
    err = one(conn.send("setoption bot warlock"), "error")
    assert err["code"] == "bad_bot" and err["field"] == "value" and conn.server.options["bot"] == "random"
    err = one(conn.send({"cmd": "setoption", "name": "info_interval", "value": -5}), "error")
    assert err["code"] == "bad_option" and err["field"] == "value"
    err = one(conn.send({"cmd": "setoption", "name": "colour", "value": 1}), "error")
    assert err["code"] == "bad_option" and err["field"] == "name"
    err = one(conn.send("setoption bot"), "error")             # no value: said so, not as Python's None
    assert err["code"] == "bad_option" and "needs a value" in err["message"] and "None" not in err["message"]
    assert conn.server.options["bot"] == "random"


def test_msgpack_is_negotiated_by_hello_and_text_still_parses_before():
    requests = (b'{"cmd":"hello","id":1,"format":"msgpack"}\n'
                + msgpack.packb({"cmd": "ping", "id": 2})
                + msgpack.packb({"cmd": "new_game", "id": 3, "players": 2, "seed": 5, "bots": "random"})
                + b"\xc1\xc1"                                   # never valid msgpack
                + msgpack.packb({"cmd": "ping", "id": 4})
                + msgpack.packb({"cmd": "hello", "id": 5, "format": "json"})
                + b"ping id=6\n")
    msgs = decode_stream_switching(run_stream(requests))
    types = [(m["type"], m.get("id")) for m in msgs if m["type"] in REPLY_TYPES]
    assert types[:3] == [("hello", 1), ("pong", 2), ("game", 3)]
    assert ("error", None) in types and ("pong", 4) in types and ("hello", 5) in types and ("pong", 6) in types


def decode_stream_switching(data):
    """JSON lines, msgpack after a hello that switched to it, JSON again after one that switched back."""
    msgs, pos, fmt = [], 0, "json"
    while pos < len(data):
        if fmt == "json":
            nl = data.index(b"\n", pos)
            msg = json.loads(data[pos:nl])
            pos = nl + 1
        else:
            unpacker = msgpack.Unpacker(raw=False)
            unpacker.feed(data[pos:])
            msg = unpacker.unpack()
            pos += unpacker.tell()
        msgs.append(msg)
        if msg["type"] == "hello":
            fmt = msg["format"]
    return msgs


def test_eof_ends_cleanly_after_answering_finite_searches():
    out = run_stream(b'{"cmd":"position","id":1,"players":3,"seat":0,"events":[[-1,"deal 0 duke duke"]]}\n'
                     b'{"cmd":"go","id":2,"iterations":10}\n')
    msgs = decode_stream(out)
    assert [m["type"] for m in msgs] == ["position", "decision", "bye"]
    assert msgs[1]["id"] == 2 and msgs[1]["move"] in msgs[0]["legal"]


def test_quit_answers_bye_and_ignores_the_rest():
    msgs = decode_stream(run_stream(b"ping id=1\nquit id=2\nping id=3\n"))
    assert [(m["type"], m.get("id")) for m in msgs] == [("pong", 1), ("bye", 2)]


# --------------------------------------------------------------------------------------------------
# referee mode
# --------------------------------------------------------------------------------------------------
def test_referee_game_plays_to_the_end_with_sequenced_events():
    conn = Conn()
    msgs = conn.send({"cmd": "new_game", "id": 1, "game": "coup", "players": 4, "seed": 3, "bots": "random",
                      "engine_seats": [1, 2, 3]})
    game = msgs[0]
    assert game["type"] == "game" and game["id"] == 1 and game["views"] == [0] and game["seed"] == 3
    assert game["bots"] == {"1": "random", "2": "random", "3": "random"}
    msgs = play_out(conn, msgs)
    events = of(msgs, "event")
    assert [e["seq"] for e in events] == list(range(len(events)))
    over = one(msgs, "game_over")
    assert sorted(over["result"]["placings"]) == [1, 2, 3, 4]
    assert set(over["revealed"]) == {"0", "1", "2", "3"}
    # the stream is exactly seat 0's view of the game, and the record says the same
    state = conn.server.session.table.state
    assert [[e["seat"], e["text"]] for e in events] == [list(v) for v in state.view(0)]
    rec = one(conn.send({"cmd": "record", "id": 5}), "record")["record"]
    assert rec["seat"] == 0 and rec["events"] == [[e["seat"], e["text"]] for e in events]
    err = one(conn.send({"cmd": "move", "id": 6, "action": "income"}), "error")
    assert err["code"] == "game_over"


def test_same_seed_and_moves_give_the_same_game():
    def transcript():
        conn = Conn()
        msgs = conn.send({"cmd": "new_game", "players": 3, "seed": 99, "bots": "random"})
        msgs = play_out(conn, msgs, pick=lambda legal: legal[-1])
        return [(m["type"], m.get("text"), m.get("legal")) for m in msgs if m["type"] in ("event", "ask")]
    assert transcript() == transcript()


def test_illegal_and_out_of_turn_moves_change_nothing():
    conn = Conn()
    msgs = conn.send({"cmd": "new_game", "players": 3, "seed": 4, "bots": "random"})
    ask = one(msgs, "ask")
    before = conn.server.session.table.state.clone()
    for bad, code, field in ([{"action": "coup 1"}, "illegal_action", "action"],
                             [{"action": "fly away"}, "bad_notation", "action"],
                             [{"action": "income", "seat": 2}, "not_your_turn", "seat"],
                             [{"action": "income", "seat": 7}, "bad_request", "seat"],
                             [{"action": 10 ** 6}, "illegal_action", "action"]):
        err = one(conn.send(dict(cmd="move", id="m", **bad)), "error")
        assert (err["code"], err["field"], err["id"]) == (code, field, "m"), err
        if code == "illegal_action" and isinstance(bad["action"], str):
            assert err["legal"] == ask["legal"]
    after = conn.server.session.table.state
    assert after.history == before.history and after.encode() == before.encode()


def test_new_game_errors_name_the_field_and_keep_the_old_game():
    conn = Conn()
    conn.send({"cmd": "new_game", "players": 3, "seed": 4, "bots": "random"})
    session = conn.server.session
    for req, code, field in (({"game": "chess"}, "unknown_game", "game"),
                             ({"ruleset": "house"}, "unknown_ruleset", "ruleset"),
                             ({"players": 9}, "bad_players", "players"),
                             ({"options": {"steal_amount": 99}}, "bad_option", "options.steal_amount"),
                             ({"options": {"colour": 1}}, "bad_option", "options.colour"),
                             ({"engine_seats": [5]}, "bad_request", "engine_seats"),
                             ({"bots": "warlock"}, "bad_bot", "bots"),
                             ({"bots": {"0": "random"}}, "bad_request", "bots"),
                             ({"view": 2}, "view_not_allowed", "view"),
                             ({"view": 8}, "bad_request", "view")):
        err = one(conn.send(dict(cmd="new_game", id="g", players=3, **{k: v for k, v in req.items()
                                                                        if k != "players"})
                            if "players" not in req else dict(cmd="new_game", id="g", **req)), "error")
        assert (err["code"], err["field"]) == (code, field), (req, err)
        assert conn.server.session is session


def test_views_shape_events_per_seat_and_never_leak_face_down_cards():
    """Seats 1 and 3 are played by the frontend; every message for one of them holds only what
    that seat may see, checked against the full history."""
    conn = Conn()
    msgs = conn.send({"cmd": "new_game", "players": 4, "seed": 21, "bots": "random", "engine_seats": [0, 2],
                      "options": {"exchange": "published"}})
    assert msgs[0]["views"] == [1, 3]
    rng = random.Random(5)
    msgs = play_out(conn, msgs, pick=lambda legal: rng.choice(legal))
    history = conn.server.session.table.state.history
    for view in (1, 3):
        stream = [m for m in msgs if m["type"] == "event" and m["view"] == view]
        assert [e["text"] for e in stream] == [t for e in history if (t := e.seen_by(view)) is not None]
        secret = [e.text for e in history if e.private_to is not None and view not in e.private_to]
        assert secret, "the game had no private event of another seat: the check would be empty"
        texts = [m["text"] for m in stream]
        for s in secret:
            if not s.startswith("keep"):
                assert s not in texts
        for m in stream:
            match = re.match(r"(deal|draw) (\d+)", m["text"])
            assert match is None or int(match.group(2)) == view, m
            if m["text"].startswith("keep"):
                assert m["text"] == "keep" or m["seat"] == view, m
    for m in msgs:
        if m["type"] == "ask":
            assert m["view"] == m["seat"] and m["private"]["seat"] == m["seat"]
        assert m["type"] != "info"          # the engine's seats never stream their thinking to a seat view


def test_full_view_gets_everything_and_state_views_are_checked():
    conn = Conn()
    msgs = conn.send({"cmd": "new_game", "players": 3, "seed": 8, "bots": "random", "view": "full",
                      "engine_seats": [1, 2]})
    deals = [m["text"] for m in of(msgs, "event") if m["text"].startswith("deal")]
    assert len(deals) == 3
    full = one(conn.send({"cmd": "state", "id": 1, "view": "full"}), "state")
    assert set(full["private"]) == {"0", "1", "2"}
    seat1 = one(conn.send({"cmd": "state", "id": 2, "view": 1}), "state")
    assert seat1["private"]["seat"] == 1 and "legal" not in seat1
    conn2 = Conn()
    conn2.send({"cmd": "new_game", "players": 3, "seed": 8, "bots": "random", "engine_seats": [1, 2]})
    err = one(conn2.send({"cmd": "state", "id": 3, "view": 1}), "error")
    assert err["code"] == "view_not_allowed" and err["field"] == "view"
    err = one(conn2.send({"cmd": "record", "id": 4, "view": "full"}), "error")
    assert err["code"] == "view_not_allowed"
    pub = one(conn2.send({"cmd": "state", "id": 5, "view": "public"}), "state")
    assert "private" not in pub and all(not t.startswith("deal") for _, t in pub["events"])


def test_engine_plays_every_seat_for_a_spectator():
    conn = Conn()
    msgs = conn.send({"cmd": "new_game", "players": 3, "seed": 2, "bots": "random", "engine_seats": [0, 1, 2]})
    assert msgs[0]["views"] == ["public"]
    over = one(msgs, "game_over")
    assert not of(msgs, "ask") and over["result"]["winners"]
    assert all(not m["text"].startswith(("deal", "draw")) for m in of(msgs, "event"))


def test_hint_for_the_frontend_seat_in_referee_mode():
    conn = Conn()
    conn.send({"cmd": "new_game", "players": 3, "seed": 4, "bots": "random"})
    ask_legal = conn.server.session.table.state.legal_moves()
    ans = one(conn.send({"cmd": "analyze", "id": "h", "iterations": 50}), "analysis")
    assert ans["id"] == "h" and ans["seat"] == 0 and ans["move"] in ask_legal
    err = one(conn.send({"cmd": "go", "id": "g", "seat": 1}), "error")
    assert err["code"] == "not_your_turn" and err["field"] == "seat"


# --------------------------------------------------------------------------------------------------
# advisor mode
# --------------------------------------------------------------------------------------------------
def test_advisor_follows_a_game_from_one_seats_observations():
    """A game refereed here; the engine advises seat 2 from what seat 2 sees, event by event."""
    rng = random.Random(3)
    state = new_game("coup", players=4, seed=13)
    conn = Conn()
    view = state.view(2)
    pos = one(conn.send({"cmd": "position", "id": 0, "players": 4, "seat": 2, "events": [list(e) for e in view]}),
              "position")
    assert pos["private"]["cards"] and pos["events"] == len(view)
    known = len(view)
    decisions = 0
    while not state.is_terminal():
        seat = state.current_player()
        if seat == 2:
            dec = one(conn.send({"cmd": "go", "id": decisions, "iterations": 20}), "decision")
            assert dec["id"] == decisions and dec["move"] in state.legal_moves()
            state.apply_action(dec["move"])
            decisions += 1
        else:
            state.apply_action(rng.choice(state.legal_moves()))
        new = state.view(2)[known:]
        known += len(new)
        if new:
            pos = one(conn.send({"cmd": "observe", "id": "o", "events": [list(e) for e in new]}), "position")
    assert decisions > 0 and pos["over"] and pos["result"]["placings"] == list(state.result().placings)
    assert conn.server.session.info == state.information_state(2)


def test_advisor_refuses_bad_observations_and_keeps_its_position():
    state = new_game("coup", players=3, seed=2)
    conn = Conn()
    conn.send({"cmd": "position", "players": 3, "seat": 1, "events": [list(e) for e in state.view(1)]})
    info = conn.server.session.info
    err = one(conn.send({"cmd": "observe", "id": 1, "event": [1, "income"]}), "error")
    assert err["code"] == "bad_record" and err["step"] == 1 and err["field"] == "event"
    err = one(conn.send("observe 0 coup 1"), "error")
    assert err["code"] == "bad_record"
    err = one(conn.send({"cmd": "observe", "id": 2, "event": [0, "income"], "events": []}), "error")
    assert err["code"] == "bad_request"
    err = one(conn.send({"cmd": "go", "id": 3}), "error")
    assert err["code"] == "not_your_turn"
    err = one(conn.send({"cmd": "move", "id": 4, "action": "income"}), "error")
    assert err["code"] == "wrong_mode"
    err = one(conn.send({"cmd": "state", "id": 5, "view": "full"}), "error")
    assert err["code"] == "view_not_allowed"
    assert conn.server.session.info is info
    # seat 1 never receives seat 0's cards, so a deal of seat 0 is not something seat 1 can observe
    err = one(conn.send({"cmd": "position", "id": 6, "players": 3, "seat": 1,
                         "events": [[-1, "deal 0 duke duke"]]}), "error")
    assert err["code"] == "bad_record" and err["step"] == 0 and err["field"] == "events"


def test_snapshot_resynchronises_the_advisor_at_any_time():
    state = new_game("coup", players=3, seed=6)
    rng = random.Random(1)
    for _ in range(12):
        state.apply_action(rng.choice(state.legal_moves()))
    conn = Conn()
    conn.send({"cmd": "position", "players": 3, "seat": 0, "events": [[-1, "deal 0 duke duke"]]})
    pos = one(conn.send({"cmd": "position", "id": 1, "players": 3, "seat": 0,
                         "events": [list(e) for e in state.view(0)]}), "position")
    assert conn.server.session.info == state.information_state(0)
    assert pos["public"] == state.information_state(0).public_info()
    rec = one(conn.send("record"), "record")["record"]
    assert InfoState.from_view(conn.server.session.game, 0, rec["events"]) == state.information_state(0)


# --------------------------------------------------------------------------------------------------
# searches: go, analyze, info, stop, infinite, busy, ping
# --------------------------------------------------------------------------------------------------
@pytest.fixture
def slow():
    register_slow_bot()
    conn = Conn()
    conn.server.options["bot"] = "slow"
    conn.server.options["info_interval"] = 0
    state = new_game("coup", players=3, seed=2)
    conn.send({"cmd": "position", "players": 3, "seat": 0, "events": [list(e) for e in state.view(0)]})
    return conn


def test_go_streams_info_then_exactly_one_answer(slow):
    msgs = slow.send({"cmd": "go", "id": 1, "iterations": 8})
    assert [m["type"] for m in msgs] == ["info"] * 8 + ["decision"]
    assert all(m["id"] == 1 and m["seat"] == 0 for m in msgs)
    assert msgs[3]["score"] is None and msgs[3]["belief"] == {"1": {"duke": None}}
    assert msgs[-1]["iterations"] == 8 and msgs[-1]["stopped"] is False


def test_stop_is_answered_at_once_and_the_search_answers_within_100ms(slow):
    slow.send({"cmd": "go", "id": "g", "movetime": 60_000}, pump=False)
    time.sleep(0.1)
    ping = slow.send({"cmd": "ping", "id": "p"}, pump=False)
    assert [m["type"] for m in ping if m["type"] != "info"] == ["pong"]      # the loop did not wait
    busy = one(slow.send({"cmd": "observe", "id": "o", "event": [0, "income"]}, pump=False), "error")
    assert busy["code"] == "busy"
    t0 = time.monotonic()
    slow.server.handle(validate({"cmd": "stop", "id": "s"}))
    assert one(slow.take(), "ok")["stopped"] == 1
    deadline = t0 + 2
    answer = None
    while answer is None and time.monotonic() < deadline:
        kind, payload = slow.server.events.get(timeout=2)
        slow.server._handle_event(kind, payload)
        answer = next((m for m in slow.take() if m["type"] == "decision"), None)
    elapsed = time.monotonic() - t0
    assert answer["id"] == "g" and answer["stopped"] is True
    assert elapsed < 0.1, elapsed


def test_infinite_search_answers_only_after_stop(slow):
    slow.server.options["bot"] = "random"        # returns at once, still held until stop
    assert of(slow.send({"cmd": "go", "id": 1, "infinite": True}), "decision") == []
    stop = slow.send("stop id=2")
    assert [(m["type"], m["id"]) for m in stop] == [("ok", 2), ("decision", 1)]
    assert slow.send("stop id=3") == [{"type": "ok", "id": 3, "cmd": "stop", "stopped": 0}]


def test_analyze_and_a_bot_per_request(slow):
    ans = one(slow.send({"cmd": "analyze", "id": 1, "iterations": 3, "bot": "random"}), "analysis")
    assert ans["id"] == 1 and ans["move"]
    err = one(slow.send({"cmd": "go", "id": 2, "bot": "nobody"}), "error")
    assert err["code"] == "bad_bot"


def test_new_position_cancels_a_running_search_which_still_answers(slow):
    slow.send({"cmd": "go", "id": "old", "infinite": True}, pump=False)
    msgs = slow.send({"cmd": "position", "id": "new", "players": 2, "seat": 0,
                      "events": [[-1, "deal 0 duke duke"]]})
    dec = one(msgs, "decision")
    assert dec["id"] == "old" and dec["cancelled"] is True
    assert one(msgs, "position")["id"] == "new"


def test_internal_errors_are_reported_and_the_engine_goes_on(monkeypatch):
    conn = Conn()
    monkeypatch.setattr(Server, "cmd_ping", lambda self, req: 1 / 0)
    err = one(conn.send("ping id=1"), "error")
    assert err["code"] == "internal" and err["id"] == 1
    assert "ZeroDivisionError" in conn.errlog.getvalue()
    assert one(conn.send("state id=2"), "error")["code"] == "no_game"
