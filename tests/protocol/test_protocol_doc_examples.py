"""docs/protocol.md as a frontend author reads it: its example sessions, piped into ``intrigue engine``
all at once, must give the answers the document shows -- the same as typing them one by one -- and
what such an author then tries (a request sent while the engine's seats are still playing, a key
given twice, an ``id`` handed to the Python client) must behave as the document promises."""
from __future__ import annotations

import json
import os
import re
import subprocess
import time

import msgpack
import pytest

from intrigue.protocol.framing import decode_line
from support.protocol import ENGINE_CMD, REPLY_TYPES, decode_stream, register_slow_bot, run_stream, start_engine
from support import DOCS

DOC = str(DOCS / "protocol.md")
ELIDED = "\u2026"          # the document's "…": a value shown once already, or a long list


def transcripts() -> dict:
    """The example sessions of docs/protocol.md, by section: ``{title: (requests, expected answers)}``.
    A session may span several code blocks (section 7 goes on after a paragraph)."""
    sessions: dict = {}
    section, block = None, None
    for line in open(DOC, encoding="utf-8").read().splitlines():
        if line.startswith("```"):
            block = [] if block is None else _transcript(sessions, section, block)
        elif block is not None:
            block.append(line)
        elif (m := re.match(r"## (\d+)\. ", line)):
            section = m.group(1)
    return sessions


def _transcript(sessions: dict, section: str, lines: list) -> None:
    """File a code block that is a session (``>`` requests, ``<`` answers) under its section."""
    if not lines or not lines[0].startswith("> "):
        return None
    key = f"{section}:{'json' if lines[0][2:].startswith('{') else 'text'}"
    requests, answers = sessions.setdefault(key, ([], []))    # section 7's session spans two blocks
    for line in lines:
        if line.startswith("> "):
            requests.append(line[2:])
        elif line.startswith("< "):
            answers.append(_expected(line[2:]))
    return None


def _expected(line: str) -> dict:
    """A shown answer as a dict; an elided value (``{…}``, ``[…]``) becomes ``…``, a trailing ``,…``
    (further fields left out) is dropped."""
    line = line.replace("{" + ELIDED + "}", json.dumps(ELIDED)).replace("[" + ELIDED + "]", json.dumps(ELIDED))
    line = line.replace("," + ELIDED + "}", "}")
    return json.loads(line)


def matches(expected, got, path="") -> list:
    """Differences between a shown answer and a real one (elided values match anything; fields the
    document leaves out are not compared)."""
    if expected == ELIDED:
        return []
    if isinstance(expected, dict):
        if not isinstance(got, dict):
            return [f"{path}: {got!r}"]
        return [d for k, v in expected.items() for d in (matches(v, got[k], f"{path}.{k}") if k in got
                                                         else [f"{path}.{k} missing"])]
    return [] if expected == got else [f"{path}: shown {expected!r}, sent {got!r}"]


def pipe(requests, timeout=60) -> list:
    """Every request written at once, stdin closed; the engine's messages."""
    data = "".join(r + "\n" for r in requests).encode("utf-8")
    proc = subprocess.run(ENGINE_CMD, input=data, capture_output=True, timeout=timeout)
    assert proc.returncode == 0 and b"Traceback" not in proc.stderr, proc.stderr
    return [json.loads(line) for line in proc.stdout.splitlines()]


SESSIONS = transcripts()


def test_the_document_has_the_three_sessions():
    assert set(SESSIONS) == {"6:json", "6:text", "7:json"}, list(SESSIONS)
    assert [len(SESSIONS[k][0]) for k in sorted(SESSIONS)] == [11, 6, 17]


@pytest.mark.parametrize("name", sorted(SESSIONS))
def test_doc_session_piped_at_once_gives_the_answers_shown(name):
    """Section 6's plain-text session used to work only typed by hand: piped, ``move foreign aid``
    met seat 2's turn still running and was refused ``not_your_turn`` before the events."""
    requests, shown = SESSIONS[name]
    got = pipe(requests)
    if name == "6:json":            # the analysis is the random bot's unseeded pick (the text says so)
        shown = [{k: v for k, v in m.items() if not (m["type"] == "analysis" and k in ("move", "action"))}
                 for m in shown]
    for m in shown:
        m.pop("version", None)
    assert [m["type"] for m in got] == [m["type"] for m in shown], [json.dumps(m)[:100] for m in got]
    diffs = [(i, d) for i, (s, g) in enumerate(zip(shown, got)) for d in matches(s, g)]
    assert not diffs, diffs


# --------------------------------------------------------------------------------------------------
# requests sent while the engine's seats play
# --------------------------------------------------------------------------------------------------
@pytest.mark.slow
def test_a_move_sent_during_the_engines_turns_waits_for_the_ask():
    """With slow engine seats (about 150 ms a decision) the race is certain: every move of this
    script arrives while seats 1 and 2 think.  Each is handled once the game asks seat 0 again, in
    order, with the ping and EOF behind them."""
    register_slow_bot()
    script = (b"new_game coup players=3 seed=7 bots=slow id=g\n"
              b"move income id=1\nmove foreign aid id=2\nmove pass id=3\nmove income id=4\nping id=p\n")
    msgs = decode_stream(run_stream(script))
    replies = [(m["type"], m.get("id"), m.get("code")) for m in msgs if m["type"] in REPLY_TYPES]
    assert replies[0] == ("game", "g", None) and replies[-2:] == [("pong", "p", None), ("bye", None, None)]
    moves = [m for m in msgs if m["type"] in ("ok", "error")]
    assert [m["id"] for m in moves] == [1, 2, 3, 4]
    assert all(m.get("code") not in ("not_your_turn", "busy") for m in moves), moves
    for move in moves:                     # each answered while the ask before it was outstanding
        before = msgs[:msgs.index(move)]
        last_ask = max(i for i, m in enumerate(before) if m["type"] == "ask")
        assert all(m["type"] != "event" or m["seat"] == 0 for m in before[last_ask:]), before[last_ask:]
        if move["type"] == "error":
            assert move["code"] == "illegal_action" and move["legal"] == before[last_ask]["legal"]


def test_a_spectators_move_is_refused_at_once_not_held():
    """The engine plays every seat: no ask will ever come, so a move is refused at once (it waits
    only where the frontend has a seat to be asked for)."""
    register_slow_bot()
    start = time.monotonic()
    msgs = decode_stream(run_stream(b"new_game coup players=2 seed=1 engine_seats=0,1 bots=slow\n"
                                    b"move income id=m\nquit id=q\n"))
    assert time.monotonic() - start < 5
    replies = [(m["type"], m.get("id"), m.get("code")) for m in msgs if m["type"] in REPLY_TYPES]
    assert replies[1:] == [("error", "m", "not_your_turn"), ("bye", "q", None)]


# --------------------------------------------------------------------------------------------------
# keys given twice
# --------------------------------------------------------------------------------------------------
@pytest.mark.parametrize("line,field,rid", [
    (b'{"cmd":"ping","cmd":"quit","id":1}', "cmd", 1),
    (b'{"cmd":"ping","id":1,"id":2}', "id", None),
    (b'{"cmd":"new_game","id":3,"options":{"steal_amount":2,"steal_amount":3}}', "options.steal_amount", 3),
    (b"go iterations=5 iterations=6 id=4", "iterations", 4),      # the id is read as in JSON
    (b"new_game options.steal_amount=2 options.steal_amount=3", "options.steal_amount", None),
    (b"""new_game options='{"steal_amount":2,"steal_amount":3}'""", "options.steal_amount", None),
])
def test_a_key_given_twice_is_refused(line, field, rid):
    err = decode_line(line)
    assert err.code == "bad_request" and err.field == field and err.request_id == rid, err


def test_a_key_given_twice_never_quits_the_engine():
    """``{"cmd":"ping","cmd":"quit"}`` used to be a quit (the last key won): refused in JSON and in
    msgpack, and the engine reads on."""
    twice = bytes([0x82]) + b"".join(msgpack.packb(x) for x in ("cmd", "ping", "cmd", "quit"))
    data = (b'{"cmd":"ping","cmd":"quit","id":1}\nping id=2\n{"cmd":"hello","format":"msgpack"}\n'
            + twice + msgpack.packb({"cmd": "ping", "id": 3}))
    msgs = decode_stream(run_stream(data))
    replies = [(m["type"], m.get("id"), m.get("code")) for m in msgs if m["type"] in REPLY_TYPES]
    assert replies == [("error", 1, "bad_request"), ("pong", 2, None), ("hello", None, None),
                       ("error", None, "bad_request"), ("pong", 3, None), ("bye", None, None)]


# --------------------------------------------------------------------------------------------------
# the Python client
# --------------------------------------------------------------------------------------------------
def test_the_client_refuses_an_id_of_the_callers_own():
    """The client matches answers by its own ids: an ``id`` passed along used to replace it, so the
    call waited for ever (until its timeout) while the answer went to ``next_message``."""
    with start_engine(timeout=10) as eng:
        with pytest.raises(ValueError, match="id"):
            eng.new_game(players=2, seed=1, bots="random", id="g")
        start = time.monotonic()
        eng.ping()
        assert time.monotonic() - start < 5
        assert not [m for m in eng.transcript if m["type"] == "game"]     # nothing was sent
