"""``intrigue engine`` as a child process, the way a frontend uses it -- through the project's own
client (:mod:`intrigue.protocol.client`): complete games through the pipe in referee and advisor
mode, in JSON and msgpack; per-seat shaping; stop mid-search."""
from __future__ import annotations

import json
import random
import re
import subprocess
import time

import pytest

from intrigue.engine import game_names, new_game
from intrigue.protocol.client import EngineError, Limit
from support.protocol import ENGINE_CMD, REPLY_TYPES, start_engine

FORMATS = ["json", "msgpack"]


@pytest.mark.parametrize("fmt", FORMATS)
def test_referee_game_through_the_pipe(fmt):
    eng = start_engine(fmt)
    try:
        assert eng.hello["format"] == fmt
        game = eng.new_game(players=4, seed=17, bots="random", engine_seats=[0, 2], view=[1, 3])
        assert game["type"] == "game" and game["views"] == [1, 3]
        rng = random.Random(2)
        moves = 0
        while True:
            msg = eng.next_message("ask", "game_over")
            if msg["type"] == "game_over":
                break
            assert msg["seat"] in (1, 3) and msg["view"] == msg["seat"]
            reply = eng.move(rng.choice(msg["legal"]), seat=msg["seat"])
            assert reply["type"] == "ok", reply
            moves += 1
        assert moves > 0 and sorted(msg["result"]["placings"]) == [1, 2, 3, 4]
        for view in (1, 3):
            events = [m for m in eng.transcript if m["type"] == "event" and m["view"] == view]
            assert [e["seq"] for e in events] == list(range(len(events)))
            record = eng.record(view)
            assert record["events"] == [[e["seat"], e["text"]] for e in events]
            for e in events:                       # no other seat's deal, draw or kept cards
                m = re.match(r"(deal|draw) (\d+)", e["text"])
                assert m is None or int(m.group(2)) == view, e
                assert not e["text"].startswith("keep ") or e["seat"] == view, e
        assert not [m for m in eng.transcript if m["type"] == "info"]
        assert not [m for m in eng.transcript if m["type"] == "error"]
    finally:
        assert eng.quit() == 0
    assert b"Traceback" not in eng.stderr


def test_full_view_does_show_every_deal():
    """The shaping check above can fail: with the full view, other seats' deals do arrive."""
    with start_engine() as eng:
        eng.new_game(players=3, seed=5, bots="random", view="full")
        deals = [eng.next_message("event")["text"] for _ in range(3)]
        assert [d.split()[:2] for d in deals] == [["deal", "0"], ["deal", "1"], ["deal", "2"]]


@pytest.mark.parametrize("fmt", FORMATS)
def test_advisor_game_through_the_pipe(fmt):
    """The test referees a 3-player game itself; the engine advises seat 1 from its observations."""
    state = new_game("coup", ruleset="seed-he", players=3, seed=31)
    rng = random.Random(4)
    eng = start_engine(fmt)
    try:
        known = state.view(1)
        pos = eng.position(ruleset="seed-he", players=3, seat=1, events=known)
        assert pos["type"] == "position" and len(pos["private"]["cards"]) == 2
        n = len(known)
        decisions = 0
        while not state.is_terminal():
            seat = state.current_player()
            if seat == 1:
                dec = eng.go(Limit(iterations=50))
                assert dec["type"] == "decision" and dec["move"] in state.legal_moves(), dec
                state.apply_action(dec["move"])
                decisions += 1
            else:
                state.apply_action(rng.choice(state.legal_moves()))
            new = state.view(1)[n:]
            n += len(new)
            for ev in new:
                pos = eng.observe(ev)
                assert pos["type"] == "position", pos
        assert decisions > 0 and pos["over"] is True
        assert pos["result"]["placings"] == list(state.result().placings)
        with pytest.raises(EngineError) as err:              # errors arrive as exceptions
            eng.observe([0, "income"])
        assert err.value.code == "bad_record" and err.value.field == "events"
    finally:
        assert eng.quit() == 0


def test_plain_text_session_by_hand():
    script = "\n".join(["hello", "new_game coup players=2 seed=3 bots=random id=g", "state id=s",
                        "move tax id=m", "ping id=p", "quit id=q"]) + "\n"
    proc = subprocess.run(ENGINE_CMD, input=script.encode(), capture_output=True, timeout=30)
    msgs = [json.loads(line) for line in proc.stdout.splitlines()]
    replies = [(m["type"], m.get("id")) for m in msgs if m["type"] in REPLY_TYPES]
    assert replies[0] == ("hello", None) and ("game", "g") in replies and ("state", "s") in replies
    assert ("pong", "p") in replies and replies[-1] == ("bye", "q")
    assert proc.returncode == 0 and proc.stderr == b""


def test_garbage_through_the_pipe_then_a_clean_game():
    junk = [b"\x00\x01\x02\n", b"{\n", b'{"cmd":"new_game","players":"x"}\n', b"move\n", b"go infinite\n",
            b'{"cmd":"observe","event":[1]}\n', b"}" * 5000 + b"\n", "ปิง\n".encode(), b'{"cmd":"stop"}\n',
            b'"just a string"\n', b'{"cmd":"go","iterations":1e400}\n', b"x" * (2 << 20) + b"\n"]
    eng = start_engine()
    try:
        for line in junk:
            eng.send_raw(line)
        for _ in junk:
            msg = eng.next_message(*REPLY_TYPES)
            assert msg["type"] in ("error", "ok"), msg
        errors = [m for m in eng.transcript if m["type"] == "error"]
        assert len(errors) == len(junk) - 1 and all(m["code"] != "internal" for m in errors)
        assert {"too_long", "bad_json", "bad_request", "no_game"} <= {m["code"] for m in errors}
        eng.new_game(players=2, seed=1, bots="random")
        while True:
            msg = eng.next_message("ask", "game_over")
            if msg["type"] == "game_over":
                break
            assert eng.move(msg["legal"][0])["type"] == "ok"
    finally:
        assert eng.quit() == 0


@pytest.mark.parametrize("fmt", FORMATS)
@pytest.mark.slow
def test_stop_mid_search_answers_within_100ms(fmt):
    """With the real search: stop an infinite search; its final answer (with info before it) comes
    within 100 ms."""
    eng = start_engine(fmt)
    try:
        assert eng.setoption("bot", "ismcts") == "ismcts"
        state = new_game("coup", players=4, seed=3)
        eng.position(players=4, seat=0, events=state.view(0))
        search = eng.search(Limit(infinite=True))
        info = next(iter(search))
        assert info["id"] == search.id and info["seat"] == 0
        time.sleep(0.3)
        t0 = time.monotonic()
        assert eng.stop() == 1
        answer = search.wait(5)
        elapsed = time.monotonic() - t0
        assert answer["type"] == "decision" and answer["stopped"] is True and answer["move"] in state.legal_moves()
        assert elapsed < 0.1, f"{elapsed * 1000:.0f} ms"
        assert [m for m in eng.transcript if m.get("id") == search.id and m["type"] == "decision"] == [answer]
    finally:
        eng.quit()


@pytest.mark.parametrize("name", game_names())
@pytest.mark.slow
def test_every_registered_game_through_a_fresh_engine(name):
    """What a new user of each game meets: a fresh ``intrigue engine``, a refereed game to the end
    with wrong moves refused and changing nothing, corrupt observations refused in advisor mode,
    unknown options and rulesets refused by name, and a decision of the game's heuristic."""
    rng = random.Random(3)

    def snapshot() -> dict:
        return {k: v for k, v in eng.state().items() if k != "id"}

    with start_engine("msgpack" if name == "kuhn" else "json", timeout=60) as eng:
        assert name in [g["name"] for g in eng.hello["games"]]
        game = eng.new_game(name, seed=5, bots="random")
        players = game["game"]["players"]
        moves = 0
        while (msg := eng.next_message("ask", "game_over"))["type"] == "ask":
            if moves < 3:                          # a few wrong moves per game: each refused, nothing changed
                before = snapshot()
                for bad in ("no such move", "", 10 ** 6):
                    with pytest.raises(EngineError) as err:
                        eng.move(bad)
                    assert err.value.code in ("illegal_action", "bad_notation", "bad_request"), err.value
                with pytest.raises(EngineError) as err:
                    eng.move(msg["legal"][0], seat=(msg["seat"] + 1) % players)
                assert err.value.code == "not_your_turn"
                assert snapshot() == before
            eng.move(rng.choice(msg["legal"]))
            moves += 1
        assert moves > 0 and sorted(msg["result"]["placings"])[0] == 1
        record = eng.record()
        events = record["events"]
        half = eng.position(name, seat=0, players=players, events=events[:len(events) // 2])
        for corrupt in (events[:2] + [[0, "no such move"]], [[players, "x"]], [["a", "b"]], events[1:]):
            before = snapshot()
            with pytest.raises(EngineError) as err:
                eng.position(name, seat=0, players=players, events=corrupt)
            assert err.value.code in ("bad_record", "bad_request", "bad_notation"), err.value
            assert snapshot() == before and before["events"] == half["events"]
        for fields, code, field in ((dict(options={"no_such_option": 1}), "bad_option", "options"),
                                    (dict(ruleset="no_such_ruleset"), "unknown_ruleset", "ruleset"),
                                    (dict(bots="heuristic:no_such=1"), "bad_bot", "bots")):
            with pytest.raises(EngineError) as err:
                eng.new_game(name, **fields)
            assert err.value.code == code and err.value.field.split(".")[0] == field, err.value
        eng.new_game(name, seed=6, bots="random")
        ask = eng.next_message("ask")
        decision = eng.go(bot="heuristic")
        assert decision["move"] in ask["legal"]
    assert eng.returncode == 0 and b"Traceback" not in eng.stderr
