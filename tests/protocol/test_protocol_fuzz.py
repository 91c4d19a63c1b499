"""Fuzzing the protocol: malformed, truncated, wrong-typed and out-of-order requests.

Each example sends a batch of bad requests to a fresh in-process server, then plays a fixed valid
game.  The engine must answer every request exactly once (bad ones with a coded error), never fail
internally, and play the valid game exactly as a server that never saw the garbage."""
from __future__ import annotations

import json

import pytest

from hypothesis import HealthCheck, assume, given, settings, strategies as st

from intrigue.protocol.commands import COMMANDS
from intrigue.protocol.errors import CODES
from intrigue.protocol.framing import decode_line, switches_format
from support.protocol import REPLY_TYPES, Conn

VALID = [
    {"cmd": "hello", "id": 1}, {"cmd": "ping", "id": 2}, {"cmd": "go", "iterations": 5, "id": 3},
    {"cmd": "new_game", "game": "coup", "players": 3, "seed": 4, "bots": "random", "id": 4},
    {"cmd": "move", "action": "steal 2", "id": 5}, {"cmd": "observe", "event": [0, "income"], "id": 6},
    {"cmd": "position", "players": 3, "seat": 1, "events": [[-1, "deal 1 duke duke"]], "id": 7},
    {"cmd": "setoption", "name": "info_interval", "value": 50, "id": 8}, {"cmd": "state", "view": "full"},
]
# for each field type, values that type never accepts
WRONG = {
    "integer": ["7", 3.5, True, [], {}, 2 ** 70], "number": ["7", True, [], -1, 1e13],
    "string": [5, True, [], {}, "x" * 5000], "boolean": [1, "yes", [], {}],
    "list of integers": [5, "1,2", ["a"], [True], [1, 1], [-1]], "view": ["half", -1, 2.5, True, {}],
    "object": [[], 5, "x", {"a": []}, {"a": {}}], "bot spec or object": [5, [], True, {"x": "random"}, {"1": 5}],
    "[seat, text]": [[1], 5, [1, 2, 3], ["a", "b"], [True, "x"], [-2, "income"]],
    "list of [seat, text]": [5, [[1]], "x", [["a", 1]]], "notation": [[], {}, True, 2.5, -3],
    "scalar": [[], {}, [1]],
}

json_values = st.recursive(
    st.none() | st.booleans() | st.integers(-2 ** 70, 2 ** 70) | st.floats(allow_nan=False, allow_infinity=False)
    | st.text(max_size=20),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner, max_size=4),
    max_leaves=10)

# requests that are wrong by construction: every one must get a coded error
truncated = st.tuples(st.sampled_from(VALID), st.integers(1, 10_000)).map(
    lambda vc: json.dumps(vc[0])[:max(1, vc[1] % len(json.dumps(vc[0])))].encode())
unknown_cmd = st.text(min_size=1, max_size=12).filter(lambda s: s not in COMMANDS).map(
    lambda s: json.dumps({"cmd": s, "id": "u"}).encode())
raw_bytes = st.binary(min_size=1, max_size=80).filter(lambda b: b.strip(b" \t\r\n") and b"\n" not in b
                                                      and not b.strip().startswith(b"#"))
out_of_order = st.sampled_from([
    {"cmd": "move", "action": "income"}, {"cmd": "observe", "event": [0, "income"]}, {"cmd": "go"},
    {"cmd": "analyze", "iterations": 3}, {"cmd": "state"}, {"cmd": "record", "view": 0},
]).map(lambda m: json.dumps(m).encode())

# anything goes: random commands with random fields (may be valid)
random_request = st.tuples(st.sampled_from(sorted(COMMANDS) + ["", "x"]), st.dictionaries(
    st.sampled_from(["id", "game", "players", "seat", "action", "events", "event", "view", "seed", "bots",
                     "engine_seats", "iterations", "movetime", "infinite", "name", "value", "options", "zz"]),
    json_values, max_size=4)).map(lambda cf: json.dumps(dict(cf[1], cmd=cf[0])).encode())
random_text = st.text(alphabet=st.characters(blacklist_categories=("Cs",), blacklist_characters="\n\r\x0b\x0c\x1c\x1d\x1e\x85\u2028\u2029"),
                      min_size=1, max_size=40).map(lambda s: s.encode("utf-8"))


@st.composite
def wrong_field(draw):
    cmd = draw(st.sampled_from(sorted(c for c in COMMANDS if COMMANDS[c].fields)))
    spec = COMMANDS[cmd]
    field = draw(st.sampled_from(sorted(spec.fields)))
    value = draw(st.sampled_from(WRONG[spec.fields[field].name]))
    msg = {"cmd": cmd, "id": "w", field: value}
    for req in spec.required:
        msg.setdefault(req, {"name": "seed", "action": "income", "seat": 0}[req])
    return json.dumps(msg).encode()


bad_line = st.one_of(truncated, unknown_cmd, raw_bytes, wrong_field())
any_line = st.one_of(bad_line, out_of_order, random_request, random_text)


def valid_game(conn):
    """A fixed game; its messages without ids, for comparison."""
    msgs = conn.send({"cmd": "new_game", "id": "V0", "players": 2, "seed": 123, "bots": "random",
                      "engine_seats": [1], "options": {}})
    for i in range(500):
        if any(m["type"] == "game_over" for m in msgs):
            break
        ask = [m for m in msgs if m["type"] == "ask"][-1]
        msgs += conn.send({"cmd": "move", "id": f"V{i + 1}", "action": ask["legal"][-1]})
    return [m for m in msgs if m["type"] in ("game", "event", "ask", "game_over", "ok")]


REFERENCE = valid_game(Conn())


def check_batch(lines, must_fail):
    conn = Conn()
    for line, bad in zip(lines, must_fail):
        item = decode_line(line)
        assume(switches_format(item) is None and not (item is not None and getattr(item, "cmd", None) == "quit"))
        replies = [m for m in conn.send(line) if m["type"] in REPLY_TYPES]
        if item is None:                                   # blank or comment: ignored
            assert replies == []
            continue
        assert len(replies) == 1, (line, replies)
        reply = replies[0]
        if reply["type"] == "error":
            assert reply["code"] in CODES and reply["code"] != "internal", (line, reply)
            assert reply["message"] and reply["field"]
        else:
            assert not bad, (line, reply)
    conn.send("stop")                                      # release a held infinite search, if any
    conn.take()
    assert valid_game(conn) == REFERENCE
    assert "internal error" not in conn.errlog.getvalue()


@pytest.mark.slow
@settings(max_examples=250, deadline=None, suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much])
@given(st.lists(bad_line, min_size=5, max_size=40))
def test_bad_requests_each_get_an_error_and_leave_the_engine_sound(lines):
    check_batch(lines, [True] * len(lines))


@pytest.mark.slow
@settings(max_examples=250, deadline=None, suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much])
@given(st.lists(any_line, min_size=5, max_size=40))
def test_any_request_gets_one_answer_and_a_following_game_is_unaffected(lines):
    check_batch(lines, [False] * len(lines))


# --------------------------------------------------------------------------------------------------
# the hostile classes of issue 13 (huge and non-finite numbers, deep nesting, over-long lines and
# messages, bad bot specs, msgpack garbage), through the engine's real loop: a small seeded sample of
# tests/support/fuzz_engine.py, which runs the same at scale
# --------------------------------------------------------------------------------------------------

from support import fuzz_engine  # noqa: E402


@pytest.mark.slow
@pytest.mark.parametrize("framing, n", [("json", 400), ("msgpack", 150)])
def test_seeded_hostile_inputs_never_stop_or_silently_change_the_engine(framing, n):
    stats = fuzz_engine.sample(seed=13, n=n, framing=framing)
    assert stats["inputs"] == n
    assert (stats["exits"], stats["hangs"], stats["silent_changes"], stats["internal"],
            stats["multiple_answers"]) == (0, 0, 0, 0, 0), stats["findings"][:5]
    assert sum(v for k, v in stats["answers"].items() if k.startswith("error:")) > n // 3
