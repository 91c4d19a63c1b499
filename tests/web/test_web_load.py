"""A bounded load test of ``intrigue web`` on localhost (marker ``load``, deselected by default:
``pytest -m load -s`` prints its figures).

The server runs as ``intrigue web`` in a child process.  Twenty table workers keep twenty tables
going with fifty sockets between them (people at two or three seats of each, bots at the others:
rule-of-thumb and named levels up to ``max``), each person answering its decisions after a short
think, for ``INTRIGUE_LOAD_SECONDS`` (default 60) seconds; a finished game is followed by a new
table.  Measured: each person's move latency (the move sent to the state that shows it), the
server's resident memory before, at the peak and after, and whether every table is freed once all
sockets have closed (tables expire after ``--table-idle``).  Only 127.0.0.1 is contacted; every loop
is bounded in count and in time.
"""
from __future__ import annotations

import asyncio
import json
import os
import random
import re
import signal
import subprocess
import sys
import time

import pytest

pytestmark = pytest.mark.load

pytest.importorskip("starlette")
pytest.importorskip("uvicorn")
httpx = pytest.importorskip("httpx")
ws_client = pytest.importorskip("websockets.asyncio.client")

SECONDS = float(os.environ.get("INTRIGUE_LOAD_SECONDS", "60"))
TABLES = 20
SOCKETS = 50
IDLE_MINUTES = 0.05          # 3 s: tables nobody has open close that soon after the run
#: (game, players, people's seats, bots): 10 tables of three people and 10 of two -> 50 sockets
LAYOUTS = [("coup", 4, [0, 1, 2], ["heuristic"]), ("coup", 3, [0, 1], ["strong"]),
           ("politics", 6, [0, 2, 4], ["heuristic"]), ("shadow_master", 3, [0, 1], ["casual"]),
           ("coup", 5, [0, 2, 3], ["max", "heuristic"]), ("coup", 2, [0, 1], ["heuristic"])]


def rss_kb(pid: int) -> int:
    with open(f"/proc/{pid}/status") as f:
        for line in f:
            if line.startswith("VmRSS:"):
                return int(line.split()[1])
    return 0


@pytest.fixture
def server(tmp_path):
    """``intrigue web`` in a child process on a free port of 127.0.0.1: (base url, pid)."""
    cmd = [sys.executable, "-c", "import sys; from intrigue.cli.main import main; sys.exit(main(sys.argv[1:]))",
           "web", "coup", "--no-browser", "--port", "0", "--bot-delay", "0", "--saves", str(tmp_path / "saves"),
           "--table-idle", str(IDLE_MINUTES), "--max-tables-per-client", "500", "--max-tables", "500",
           "--bots", "heuristic"]
    proc = subprocess.Popen(cmd, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    base = None
    deadline = time.monotonic() + 120
    while base is None and time.monotonic() < deadline:
        line = proc.stdout.readline()
        if not line:
            break
        m = re.search(r"at (http://127\.0\.0\.1:\d+)/", line)
        if m:
            base = m.group(1)
    assert base, "intrigue web did not start"
    yield base, proc.pid
    proc.send_signal(signal.SIGINT)
    try:
        proc.wait(20)
    except subprocess.TimeoutExpired:
        proc.kill()


async def person(base: str, table: str, seat: int, token: str, rng: random.Random, until: float,
                 latencies: list, errors: list) -> None:
    """One person's socket: join, answer each decision after a short think, note each move's latency."""
    url = base.replace("http://", "ws://") + "/ws"
    async with ws_client.connect(url, max_size=None) as ws:
        await ws.send(json.dumps({"type": "join", "table": table, "seat": seat, "token": token}))
        sent_at, sent_events = None, None
        while time.monotonic() < until + 30:
            try:
                raw = await asyncio.wait_for(ws.recv(), timeout=max(0.1, until + 30 - time.monotonic()))
            except asyncio.TimeoutError:
                break
            m = json.loads(raw)
            if m["type"] == "error":
                if m["code"] not in ("stale", "not_your_turn"):
                    errors.append(m)
                sent_at = None
                continue
            if m["type"] != "state":
                continue
            if sent_at is not None and m["events"] > sent_events:
                latencies.append(time.monotonic() - sent_at)
                sent_at = None
            if m["over"] or time.monotonic() > until:
                return
            if m.get("legal") and sent_at is None:
                await asyncio.sleep(rng.uniform(0.05, 0.3))          # a person's think, kept short
                sent_at, sent_events = time.monotonic(), m["events"]
                await ws.send(json.dumps({"type": "move", "move": rng.choice(m["legal"])["move"],
                                          "seq": m["events"]}))


async def table_worker(k: int, base: str, http, until: float, latencies: list, errors: list, counts: dict) -> None:
    rng = random.Random(k)
    game, players, humans, bots = LAYOUTS[k % len(LAYOUTS)]
    while time.monotonic() < until:
        r = await http.post(f"{base}/api/tables", json={"game": game, "players": players, "humans": humans,
                                                        "bots": bots, "seed": rng.getrandbits(31)})
        assert r.status_code == 200, r.text
        data = r.json()
        counts["tables"] += 1
        links = {int(s): link.split("token=")[1] for s, link in data["links"].items()}
        await asyncio.gather(*(person(base, data["table"], s, tok, random.Random(rng.getrandbits(32)), until,
                                      latencies, errors) for s, tok in links.items()))


async def run(base: str, pid: int) -> dict:
    latencies, errors = [], []
    counts = {"tables": 0}
    async with httpx.AsyncClient(timeout=60) as http:
        await asyncio.sleep(1.0)
        before = rss_kb(pid)
        until = time.monotonic() + SECONDS
        peak = before
        workers = [asyncio.create_task(table_worker(k, base, http, until, latencies, errors, counts))
                   for k in range(TABLES)]
        sockets_seen = 0
        while not all(w.done() for w in workers):
            await asyncio.sleep(1.0)
            peak = max(peak, rss_kb(pid))
            if time.monotonic() < until:
                listed = (await http.get(f"{base}/api/tables")).json()["tables"]
                sockets_seen = max(sockets_seen, sum(s["online"] for t in listed for s in t["seats"]))
        for w in workers:
            w.result()
        open_at_end = len((await http.get(f"{base}/api/tables")).json()["tables"])
        # every socket is closed now: the tables expire after --table-idle (and are saved where people played)
        deadline = time.monotonic() + IDLE_MINUTES * 60 + 10
        left = open_at_end
        while left and time.monotonic() < deadline:
            await asyncio.sleep(0.5)
            left = len((await http.get(f"{base}/api/tables")).json()["tables"])
        after = rss_kb(pid)
    latencies.sort()
    return {"moves": len(latencies), "tables_started": counts["tables"], "sockets_seen": sockets_seen,
            "p50_ms": 1000 * latencies[len(latencies) // 2], "p99_ms": 1000 * latencies[int(len(latencies) * 0.99)],
            "max_ms": 1000 * latencies[-1], "rss_before_mb": before / 1024, "rss_peak_mb": peak / 1024,
            "rss_after_mb": after / 1024, "open_at_end": open_at_end, "left_after_idle": left, "errors": errors}


def test_twenty_tables_fifty_sockets(server):
    base, pid = server
    figures = asyncio.run(run(base, pid))
    print("\nload: " + json.dumps({k: (round(v, 1) if isinstance(v, float) else v)
                                    for k, v in figures.items() if k != "errors"}))
    assert not figures["errors"], figures["errors"][:5]
    assert figures["sockets_seen"] >= SOCKETS * 0.9
    assert figures["moves"] >= 200
    assert figures["left_after_idle"] == 0, "tables were still held after every socket had closed"
    assert figures["p99_ms"] < 1000
