"""What the web table's server tests share: a server with a random default bot and a saves folder of
the test's own, Starlette's test client on it, a new table with its seats' tokens, and joining a seat.
Starlette, uvicorn and httpx come with the ``test`` extra."""
from __future__ import annotations

import random

import pytest
from starlette.testclient import TestClient

from intrigue.web.app import WebServer, create_app
from intrigue.web.limits import ServerLimits

# the tests' pages play at machine speed, far past a person's: their sockets' rates are not limited
# (tests/web/test_web_limits.py tests the limits themselves)
FAST = dict(messages_per_s=10_000.0, messages_burst=10_000, resyncs_per_s=1_000.0, resyncs_burst=1_000)


@pytest.fixture
def server(tmp_path):
    return WebServer(hint_spec="ismcts:iterations=150", saves_dir=str(tmp_path / "saves"), default_bots=["random"],
                     limits=ServerLimits(**FAST))


@pytest.fixture
def client(server):
    with TestClient(create_app(server)) as c:
        yield c


def new_table(client, **body):
    """A new table (random bots unless ``bots`` is given): its id and each human seat's token."""
    body.setdefault("bots", ["random"])
    r = client.post("/api/tables", json=body)
    assert r.status_code == 200, r.text
    data = r.json()
    links = {int(s): link.split("#")[1] for s, link in data["links"].items()}
    tokens = {s: dict(p.split("=") for p in frag.split("&"))["token"] for s, frag in links.items()}
    return data["table"], tokens


def join(ws, table, seat, token, **kw):
    ws.send_json({"type": "join", "table": table, "seat": seat, "token": token, **kw})


def next_state(ws, got=None):
    """The next 'state' message (others are collected in ``got``)."""
    while True:
        m = ws.receive_json()
        if got is not None:
            got.append(m)
        if m["type"] == "state":
            return m
        assert m["type"] in ("seats", "thinking", "error", "hint_started", "hint", "saved", "notice"), m


def play_out(ws, seed=0, got=None, max_moves=5000, first=None, log=None):
    """Play the seat's decisions with a seeded random choice until the game is over (``first``: a
    state already received, ``log``: the log the page has); the last state and the log."""
    rng = random.Random(seed)
    log = list(log or [])
    for _ in range(max_moves):
        m, first = (first, None) if first is not None else (next_state(ws, got), None)
        log = log[:m["log_start"]] + m["log"]
        assert m["log_start"] == len(log) - len(m["log"])
        if m["over"]:
            return m, log
        if m.get("legal"):
            ws.send_json({"type": "move", "move": rng.choice(m["legal"])["move"], "seq": m["events"]})
    raise AssertionError("the game did not end")
