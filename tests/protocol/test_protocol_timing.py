"""What a frontend author relies on, as in UCI and KataGo: ``go movetime=N`` searches N milliseconds;
``info`` comes at the documented interval; every request gets exactly one answer, also a search
cancelled by a new game just before the input ends; and time limits have finite, documented maxima.

The timing checks are lower bounds (a search may take longer on a loaded machine, never less)."""
from __future__ import annotations

import io
import json
import pathlib
import re
import subprocess

import pytest

from intrigue.engine import new_game
from intrigue.protocol.server import Server, engine_options
from intrigue.search.bot import MAX_TIME_MS, BotSpecError, make_bot
from intrigue.search.ismcts import IsmctsBot
from support.protocol import ENGINE_CMD, REPLY_TYPES, Conn
from support import DOCS

DOC = (DOCS / "protocol.md").read_text(encoding="utf-8")


def taxed_four_player_game(conn: Conn, bot: str = "max") -> None:
    """Four-player Coup after seat 0's tax: seat 1's pass is every tree's choice, so a search under its
    own budget stops early there (``agreed``, ``decided``)."""
    conn.server.options["bot"] = bot
    conn.send({"cmd": "new_game", "id": "n", "players": 4, "seed": 6, "engine_seats": [], "view": "full"})
    conn.send({"cmd": "move", "id": "m", "action": "tax"})


def test_movetime_is_the_time_searched_even_when_the_decision_is_clear():
    conn = Conn()
    taxed_four_player_game(conn)
    msgs = conn.send({"cmd": "go", "id": 1, "seat": 1, "movetime": 700})
    decision = next(m for m in msgs if m["type"] == "decision")
    assert decision["move"] == "pass"
    assert decision["stop"] == "limit"
    assert decision["elapsed_ms"] >= 0.9 * 700


def test_without_movetime_the_bots_budget_still_stops_a_clear_decision_early():
    # the spec's time= is a budget (docs/search.md): clear decisions bank their time for close ones
    conn = Conn()
    taxed_four_player_game(conn)
    decision = next(m for m in conn.send({"cmd": "go", "id": 1, "seat": 1}) if m["type"] == "decision")
    assert decision["stop"] in ("agreed", "decided", "clear")


@pytest.mark.slow
def test_info_comes_at_the_documented_interval():
    default = engine_options()["info_interval"].default
    assert re.search(rf"\| `info_interval` \| int ms, [^|]+ \| {default} \|", DOC)
    # the search bot reports at least as often as the engine sends by default
    assert IsmctsBot.options["info_ms"][1] <= default
    conn = Conn()
    taxed_four_player_game(conn)
    msgs = conn.send({"cmd": "go", "id": 1, "seat": 1, "movetime": 1500})
    infos = [m for m in msgs if m["type"] == "info"]
    # every 100 ms of a 1.5 s search is 14; every 250 ms (the bot's old pace) at most 6
    assert len(infos) >= 9, [m.get("elapsed_ms") for m in infos]
    assert all(m["id"] == 1 and m["cmd"] == "go" for m in infos)


def test_a_larger_info_interval_thins_the_messages():
    conn = Conn()
    taxed_four_player_game(conn)
    conn.send({"cmd": "setoption", "name": "info_interval", "value": 400})
    msgs = conn.send({"cmd": "go", "id": 1, "seat": 1, "movetime": 1000})
    infos = [m for m in msgs if m["type"] == "info"]
    assert 1 <= len(infos) <= 3                 # at most one per 400 ms of the search (the server's clock)


# --- exactly one answer per request ---------------------------------------------------------------
POSITION = {"cmd": "position", "id": "p", "players": 3, "seat": 0, "events": [[-1, "deal 0 duke captain"]]}
NEW_GAME = {"cmd": "new_game", "id": "n", "players": 3, "engine_seats": [1, 2], "bots": "random", "seed": 1}


def answers(stream):
    out = io.BytesIO()
    server = Server(out, log=io.StringIO())
    server.options["bot"] = "ismcts"             # a real search, running when the new game comes
    data = b"".join(json.dumps(m).encode() + b"\n" for m in stream)
    server.run(io.BytesIO(data))
    return [json.loads(line) for line in out.getvalue().splitlines()]


@pytest.mark.parametrize("stream", [
    [POSITION, {"cmd": "go", "id": "g", "infinite": True}, NEW_GAME],
    [POSITION, {"cmd": "go", "id": "g", "infinite": True}, dict(POSITION, id="p2")],
    [POSITION, {"cmd": "go", "id": "g", "movetime": 600_000}, NEW_GAME],
    [POSITION, {"cmd": "analyze", "id": "g", "infinite": True}, NEW_GAME],
    [dict(NEW_GAME, id="n0"), {"cmd": "go", "id": "g", "infinite": True}, NEW_GAME],
    [POSITION, {"cmd": "go", "id": "g", "infinite": True}, NEW_GAME, {"cmd": "quit", "id": "q"}],
], ids=["go-infinite-new_game", "go-infinite-position", "go-movetime-new_game", "analyze-infinite-new_game",
        "referee-go-infinite-new_game", "then-quit"])
def test_every_request_is_answered_once_when_a_new_game_cancels_a_search_and_the_input_ends(stream):
    msgs = answers(stream)
    finals = [m for m in msgs if m["type"] in REPLY_TYPES and "id" in m]      # (the closing bye has none)
    by_id = {}
    for m in finals:
        by_id[m.get("id")] = by_id.get(m.get("id"), 0) + 1
    assert by_id == {req["id"]: 1 for req in stream}, [(m["type"], m.get("id")) for m in finals]
    search = next(m for m in finals if m["id"] == "g")
    assert search["type"] in ("decision", "analysis") and search["cancelled"] is True
    assert msgs[-1]["type"] == "bye"


def test_the_cancelled_go_answers_through_a_real_pipe_too():
    # the report's case: position, go infinite, new_game and the end of input, all at once
    stream = [POSITION, {"cmd": "go", "id": "g", "infinite": True}, NEW_GAME]
    data = "".join(json.dumps(m) + "\n" for m in stream)
    out = subprocess.run(ENGINE_CMD, input=data, capture_output=True, text=True, timeout=60)
    assert out.returncode == 0, out.stderr
    msgs = [json.loads(line) for line in out.stdout.splitlines()]
    ids = [m["id"] for m in msgs if m["type"] in REPLY_TYPES and "id" in m]
    assert sorted(ids) == ["g", "n", "p"] and msgs[-1]["type"] == "bye"


# --- the maxima of time limits --------------------------------------------------------------------
@pytest.mark.parametrize("spec", ["ismcts:time=1e308", "ismcts:time=1000000001", "max:time=1e10", "ismcts:time=-1"])
def test_a_time_beyond_the_maximum_is_refused_naming_it(spec):
    with pytest.raises(BotSpecError, match="from 0 to 1,000,000,000"):
        make_bot(spec)


def test_the_maximum_time_is_a_search_that_runs_and_stops():
    import threading
    bot = make_bot(f"ismcts:time={MAX_TIME_MS:.0f}", seed=1)
    stop = threading.Event()
    threading.Timer(0.2, stop.set).start()
    info = new_game("coup", players=3, seed=2).information_state(0)
    an = bot.choose(info, stop=stop)
    assert an.extra["stop"] == "stopped" and an.iterations > 0


def test_a_spec_over_the_maximum_is_refused_by_the_engine_with_its_message():
    conn = Conn()
    conn.send(POSITION)
    err = next(m for m in conn.send({"cmd": "go", "id": 1, "bot": "ismcts:time=1e308"}) if m["type"] == "error")
    assert err["code"] == "bad_bot" and "1,000,000,000" in err["message"]
    err = next(m for m in conn.send({"cmd": "setoption", "id": 2, "name": "bot", "value": "ismcts:time=1e308"})
               if m["type"] == "error")
    assert "1,000,000,000" in err["message"]


def test_the_maxima_are_documented():
    assert "10⁹" in DOC and "ismcts:time" in DOC
    assert re.search(r"`time`[^|\n]*10⁹", DOC), "docs/protocol.md names the spec's time maximum"
