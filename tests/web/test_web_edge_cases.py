"""The web table's server after a walkthrough of the page: a binary frame, a saves folder that cannot
be written, the rules, the end in the page's language, the replay's seat names, the line said for a
forced move, the prompt said once, a move naming another seat, the errors the page says in its own
language, Coup's end without the placings, and the replay's rules.  Starlette's test client over the
WebSocket, every game seeded.  Skipped when the ``web`` extra (starlette, httpx) is not installed.
"""
from __future__ import annotations

import os
import random
import re

import pytest
from support import REPO, web


from starlette.testclient import TestClient  # noqa: E402

from intrigue.engine.game import State  # noqa: E402
from intrigue.web.app import WebServer, create_app  # noqa: E402
from intrigue.web.words import Narration  # noqa: E402
from support.web import client, join, new_table, server  # noqa: E402,F401  (fixtures)


def next_of(ws, kind, got=None):
    """The next message of type ``kind`` (the others, collected in ``got``, are the table's chatter)."""
    while True:
        m = ws.receive_json()
        if got is not None:
            got.append(m)
        if m["type"] == kind:
            return m
        assert m["type"] in ("state", "seats", "thinking", "notice"), m


def answer(ws):
    """The table's answer to the message just sent: its ``error``, or ``None`` if it took the message
    (a ``ping`` sent after it is answered in order, so a ``pong`` with no error before it means none)."""
    ws.send_json({"type": "ping"})
    error = None
    while True:
        m = ws.receive_json()
        if m["type"] == "pong":
            return error
        if m["type"] == "error" and error is None:
            error = m
        else:
            assert m["type"] in ("state", "seats", "thinking", "notice"), m


def decision(ws, got=None):
    """The next state in which the seat has buttons (or the game is over)."""
    while True:
        m = next_of(ws, "state", got)
        if m.get("legal") or m["over"]:
            return m


def play_out(ws, seed, got=None, first=None):
    """The seat's decisions by a seeded random choice until the game is over; the last state."""
    return web.play_out(ws, seed, got, first=first)[0]


# --------------------------------------------------------------------------------------------------
# 1. a binary frame
# --------------------------------------------------------------------------------------------------
def test_a_binary_frame_gets_an_error_and_the_socket_stays(client, server):
    table, tokens = new_table(client, game="coup", players=3, humans=[0], seed=9)
    t = server.tables[table]
    with client.websocket_connect("/ws") as ws:
        ws.send_bytes(b'{"type": "ping"}')                       # before joining
        err = ws.receive_json()
        assert err["type"] == "error" and err["code"] == "bad_message" and "binary" in err["message"]
        ws.send_json({"type": "ping"})                             # the connection is still there
        assert ws.receive_json() == {"type": "pong"}
        join(ws, table, 0, tokens[0])
        m = decision(ws)
        before = [e.text for e in t.state.history]
        ws.send_bytes(b'{"type": "move", "move": "income"}')       # a move as a binary frame: refused
        assert (answer(ws) or {}).get("code") == "bad_message"
        assert [e.text for e in t.state.history] == before and t.state.current_player() == 0
        ws.send_json({"type": "move", "move": "income", "seq": m["events"]})   # and the game goes on
        after = next_of(ws, "state")
        assert after["events"] > m["events"] and t.state.history[len(before)].text == "income"


# --------------------------------------------------------------------------------------------------
# 2. a saves folder that cannot be written
# --------------------------------------------------------------------------------------------------
@pytest.mark.parametrize("where", ["is_a_file", "under_a_file"])
def test_an_unusable_saves_folder_is_an_error_for_that_page(tmp_path, where):
    blocker = tmp_path / "blocker"
    blocker.write_text("not a folder")
    saves = blocker if where == "is_a_file" else blocker / "saves"
    server = WebServer(saves_dir=str(saves), default_bots=["random"])
    with TestClient(create_app(server)) as client:
        table, tokens = new_table(client, game="coup", players=3, humans=[0], seed=9)
        t = server.tables[table]
        with client.websocket_connect("/ws") as ws:
            join(ws, table, 0, tokens[0])
            m = decision(ws)
            before = [e.text for e in t.state.history]
            ws.send_json({"type": "save"})
            err = answer(ws)
            assert err is not None and err["code"] == "save_failed" and "not" in err["message"] and str(tmp_path) not in err["message"]
            assert [e.text for e in t.state.history] == before and not t.over
            assert blocker.read_text() == "not a folder" and os.listdir(tmp_path) == ["blocker"]
            ws.send_json({"type": "move", "move": "income", "seq": m["events"]})     # the page plays on
            assert next_of(ws, "state")["events"] > m["events"]


# --------------------------------------------------------------------------------------------------
# 3. the rules
# --------------------------------------------------------------------------------------------------
@pytest.mark.parametrize("game,players,lang,words", [
    ("coup", 3, "en", "en"), ("coup", 3, "th", "th"), ("coup", 3, "he", "he"),
    ("politics", 6, "th", "th"), ("politics", 6, "he", "en"),      # no Hebrew Politics words: English ones
    ("shadow_master", 3, "en", "en"),
])
def test_rules_for_the_seat_in_the_page_language(client, server, game, players, lang, words):
    table, tokens = new_table(client, game=game, players=players, humans=[1], seed=5)
    t = server.tables[table]
    with client.websocket_connect("/ws") as ws:
        join(ws, table, 1, tokens[1], lang=lang)
        decision(ws)                          # the seat decides: the table waits for it, nothing moves
        ws.send_json({"type": "rules"})
        got = next_of(ws, "rules")
        core = t.state.core.clone()
        assert core.current_player() == 1
    narrator = type(t.game).plugin("narrator")(t.game, lang=words)
    assert got["text"] == narrator.rules(core, 1) and got["text"].strip()
    assert set(got) == {"type", "text"}
    if lang == "th":
        assert any("\u0e00" <= ch <= "\u0e7f" for ch in got["text"])


def test_rules_before_joining_and_for_a_game_without_a_narrator(client, server):
    with client.websocket_connect("/ws") as ws:
        ws.send_json({"type": "rules"})
        assert (answer(ws) or {}).get("code") == "not_joined"
    table, tokens = new_table(client, game="kuhn", players=2, humans=[0], seed=4, lang="th")
    with client.websocket_connect("/ws") as ws:
        join(ws, table, 0, tokens[0])
        decision(ws)
        ws.send_json({"type": "rules"})
        assert next_of(ws, "rules")["text"] == "ไม่มีสรุปกติกาของเกมนี้"


# --------------------------------------------------------------------------------------------------
# 4. the end, in the page's language
# --------------------------------------------------------------------------------------------------
@pytest.mark.parametrize("game,players,lang,seed", [("coup", 3, "th", 3), ("coup", 3, "he", 1),
                                                    ("politics", 6, "th", 3), ("shadow_master", 3, "th", 3)])
@pytest.mark.slow
def test_the_end_is_said_in_the_page_language(client, server, game, players, lang, seed):
    table, tokens = new_table(client, game=game, players=players, humans=[0], seed=seed, lang=lang)
    t = server.tables[table]
    with client.websocket_connect("/ws") as ws:
        join(ws, table, 0, tokens[0])
        final = play_out(ws, seed=2)
    narr = t.narration_for(lang)
    screen = narr.narrator.end_screen(t.state.core, 0)
    text = final["end_text"]
    assert text and text in screen                          # the terminal's end screen, without its board
    assert t.state.result().reason not in text               # not the engine's English reason
    letters = ("\u0e00", "\u0e7f") if lang == "th" else ("\u0590", "\u05ff")
    assert any(letters[0] <= ch <= letters[1] for ch in text.splitlines()[0] + text.splitlines()[-1])
    # the replay of the seat's record ends the same way
    up = client.post(f"/api/tables/{table}/replay", params={"seat": 0, "token": tokens[0]}).json()
    last = client.get(f"/api/replays/{up['replay']}/{up['steps']}").json()
    assert last["over"] and last["end_text"] == text


# --------------------------------------------------------------------------------------------------
# 5. the replay names each seat once
# --------------------------------------------------------------------------------------------------
@pytest.mark.parametrize("lang", ["en", "he"])
def test_the_replay_names_seats_as_the_table_does(client, server, lang):
    table, tokens = new_table(client, game="coup", ruleset="seed-he" if lang == "he" else "standard", players=3,
                              humans=[0], seed=13)
    with client.websocket_connect("/ws") as ws:
        join(ws, table, 0, tokens[0])
        live = next_of(ws, "state")
    rec = client.get(f"/api/tables/{table}/record", params={"seat": 0, "token": tokens[0]}).content
    up = client.post("/api/records", content=rec).json()
    frame = client.get(f"/api/replays/{up['replay']}/0").json()
    # the page marks the viewer's seat "(you)" itself: the names carry no "you" of their own
    assert [s["name"] for s in frame["seats"]] == [s["name"] for s in live["seats"]]
    you = {"en": "you", "he": "את/ה"}[lang]
    assert all(you not in s["name"] for s in frame["seats"])
    assert [s["you"] for s in frame["seats"]] == [True, False, False]


# --------------------------------------------------------------------------------------------------
# 7. a forced move is said as the terminal says it
# --------------------------------------------------------------------------------------------------
@pytest.mark.parametrize("lang,line", [("en", "Only one choice, played for you: "),
                                       ("th", "มีทางเลือกเดียว เลือกให้แล้ว: "),
                                       ("he", "יש רק אפשרות אחת, והיא נבחרה עבורך: ")], ids=["en", "th", "he"])
def test_a_forced_move_is_said_in_a_sentence(client, server, lang, line):
    table, tokens = new_table(client, game="coup", players=3, humans=[0], seed=3, lang=lang)
    t = server.tables[table]
    got = []
    with client.websocket_connect("/ws") as ws:
        join(ws, table, 0, tokens[0])
        play_out(ws, seed=1, got=got)
    notices = [m["message"] for m in got if m["type"] == "notice"]
    forced = [i for i, e in enumerate(t.state.history)
              if e.seat == 0 and len(State(t.game, t._before[i]).legal_actions()) == 1]
    assert forced and len(notices) == len(forced)
    narr = t.narration_for(lang)
    for i, notice in zip(forced, notices):
        label = narr.action_label(t._before[i], t.state.history[i].action, 0)
        assert notice == line + label


# --------------------------------------------------------------------------------------------------
# 8. the prompt says "your turn" once
# --------------------------------------------------------------------------------------------------
def test_the_prompt_is_the_whole_line(client, server):
    table, tokens = new_table(client, game="coup", players=3, humans=[0], seed=5, lang="th")
    with client.websocket_connect("/ws") as ws:
        join(ws, table, 0, tokens[0])
        m = decision(ws)
    assert m["prompt"].count("ตาของคุณ") == 1 and m["prompt"].startswith("ตาของคุณ: ")
    # a game without a narrator: the decision's name, after "Your decision:" said once by the server
    table, tokens = new_table(client, game="kuhn", players=2, humans=[0], seed=4)
    t = server.tables[table]
    with client.websocket_connect("/ws") as ws:
        join(ws, table, 0, tokens[0])
        m = decision(ws)
    kind = t.game.describe_decision(t.game.decision_kind(t.state.core), "en")
    assert m["prompt"] == "Your decision: " + kind
    assert Narration(t.game, "th").decision_prompt(t.state.core, 0) == "ตาของคุณ: " + t.game.describe_decision(
        t.game.decision_kind(t.state.core), t.game.language)


# --------------------------------------------------------------------------------------------------
# 9. a move naming another seat
# --------------------------------------------------------------------------------------------------
def test_a_move_for_another_seat_is_refused(client, server):
    table, tokens = new_table(client, game="coup", players=3, humans=[0, 1], seed=2)
    t = server.tables[table]
    mover = t.state.current_player()
    other = 1 - mover
    with client.websocket_connect("/ws") as ws:
        join(ws, table, mover, tokens[mover])
        m = decision(ws)
        before = [e.text for e in t.state.history]
        for forged in (other, 2, "0", True, -1):
            ws.send_json({"type": "move", "move": "income", "seq": m["events"], "seat": forged})
            err = answer(ws)
            assert err is not None and err["code"] == "bad_seat" and str(mover) in err["message"], (forged, err)
            assert [e.text for e in t.state.history] == before and t.state.current_player() == mover
        ws.send_json({"type": "move", "move": "income", "seq": m["events"], "seat": mover})   # its own: fine
        assert next_of(ws, "state")["events"] > m["events"]
        assert t.state.history[len(before)].text == "income" and t.state.history[len(before)].seat == mover
    with client.websocket_connect("/ws") as ws:                  # no seat field: the joined seat's move
        join(ws, table, other, tokens[other])
        m = decision(ws)
        n = len(t.state.history)
        ws.send_json({"type": "move", "move": "income", "seq": m["events"]})
        next_of(ws, "state")
        assert t.state.history[n].text == "income" and t.state.history[n].seat == other


# --------------------------------------------------------------------------------------------------
# 10. the errors: each code the server sends has the page's sentence in every language, and an
#     error carries what that sentence names (the seat it is waiting for, why a save failed)
# --------------------------------------------------------------------------------------------------
WEB = str(REPO / "web")


def _page_errors():
    """The keys of each language in ``ERRORS`` of static/ui.js."""
    with open(os.path.join(WEB, "static", "ui.js"), encoding="utf-8") as f:
        src = f.read()
    block = re.search(r"export const ERRORS = \{\n(.*?)\n\};", src, re.S)
    assert block, "ui.js has no ERRORS table"
    out = {}
    for lang, body in re.findall(r"^  (\w+): \{\n(.*?)\n  \},?$", block.group(1), re.S | re.M):
        out[lang] = set(re.findall(r"^    (\w+): \"[^\"]+\",$", body, re.M))
    return out


def test_every_error_code_has_the_pages_sentence_in_each_language():
    codes = set()
    for name in ("app.py", "tables.py"):
        with open(os.path.join(WEB, name), encoding="utf-8") as f:
            src = f.read()
        codes |= set(re.findall(r'WebError\("(\w+)"', src)) | set(re.findall(r'"code": "(\w+)"', src))
    codes |= {"illegal_action", "bad_notation", "not_your_turn_who"}    # a move the engine refuses
    assert {"bad_message", "not_your_turn", "save_failed", "stale", "bot_failed"} <= codes
    table = _page_errors()
    assert set(table) == {"en", "th", "he"}
    for lang, keys in table.items():
        assert codes <= keys, (lang, sorted(codes - keys))


def test_an_error_carries_what_the_page_names_in_it(tmp_path):
    blocker = tmp_path / "blocker"
    blocker.write_text("not a folder")
    server = WebServer(saves_dir=str(blocker), default_bots=["random"])
    with TestClient(create_app(server)) as client:
        table, tokens = new_table(client, game="coup", players=3, humans=[0, 1], seed=9, lang="th")
        t = server.tables[table]
        with client.websocket_connect("/ws") as ws:
            join(ws, table, 0, tokens[0])
            m = decision(ws)
            ws.send_json({"type": "move", "move": "income", "seq": m["events"]})
            while m["to_decide"] != 1:
                m = next_of(ws, "state")
            ws.send_json({"type": "move", "move": "income", "seq": m["events"]})
            err = answer(ws)
            assert err["code"] == "not_your_turn" and err["seat"] == 1 and t.state.current_player() == 1
            ws.send_json({"type": "save"})
            err = answer(ws)
            assert err["code"] == "save_failed" and err["reason"] and f"({err['reason']})" in err["message"]
            assert str(tmp_path) not in err["reason"]
            ws.send_json({"type": "hint"})              # an error with nothing to name has no extra fields
            err = answer(ws)
            assert err["code"] == "not_your_turn" and set(err) == {"type", "code", "message"}


# --------------------------------------------------------------------------------------------------
# 11. Coup's end text leaves the placings to the page's table (the terminal's end screen keeps them)
# --------------------------------------------------------------------------------------------------
@pytest.mark.parametrize("lang,seed", [("en", 3), ("th", 3), ("he", 1)])
def test_the_coup_end_text_does_not_repeat_the_placings(client, server, lang, seed):
    table, tokens = new_table(client, game="coup", players=3, humans=[0], seed=seed, lang=lang)
    t = server.tables[table]
    with client.websocket_connect("/ws") as ws:
        join(ws, table, 0, tokens[0])
        final = play_out(ws, seed=2)
    narrator = t.narration_for(lang).narrator
    core, res = t.state.core, t.state.result()
    text = final["end_text"]
    cap = lambda name: name[:1].upper() + name[1:]          # noqa: E731  (as the winner's line: "Seat 2", "You")
    placings = [narrator.text["placings"]] + [f"  {res.placings[p]}. {cap(narrator.seat(p, 0))}"
                                              for p in sorted(range(3), key=lambda q: (res.placings[q], q))]
    assert text and "\n" not in text                       # the winner's line alone
    assert narrator.text["placings"] not in text and "1. " not in text
    # the terminal's end screen is as it was: the board, the winner, the placings
    board = narrator.board(State(t.game, core), 0)
    assert narrator.end_screen(core, 0) == "\n".join([board, text] + placings)
    # the replay of the seat's record ends the same way
    up = client.post(f"/api/tables/{table}/replay", params={"seat": 0, "token": tokens[0]}).json()
    assert client.get(f"/api/replays/{up['replay']}/{up['steps']}").json()["end_text"] == text


# --------------------------------------------------------------------------------------------------
# 12. the replay's rules: the rules that matter at each step, for the record's seat, in its language
# --------------------------------------------------------------------------------------------------
@pytest.mark.parametrize("lang,seat", [("th", 0), ("he", 0), ("en", None)], ids=["th-seat", "he-seat", "en-full"])
def test_each_replay_frame_has_the_rules_of_its_position(client, server, lang, seat):
    table, tokens = new_table(client, game="coup", players=3, humans=[0], seed=7)
    t = server.tables[table]
    with client.websocket_connect("/ws") as ws:
        join(ws, table, 0, tokens[0])
        m = decision(ws)
        for _ in range(3):                      # a few decisions: challenge and block windows come up
            if m["over"]:
                break
            ws.send_json({"type": "move", "move": random.Random(len(m["log"])).choice(m["legal"])["move"],
                          "seq": m["events"]})
            m = decision(ws)
    record = t.record_for(0) if seat == 0 else t.full_record()
    replay = server.add_replay(record, lang)
    narration = Narration(t.game, lang)
    said = []
    for k in range(replay.steps + 1):
        frame = client.get(f"/api/replays/{replay.id}/{k}").json()
        assert frame["rules"] == narration.rules(replay.core_at(k), seat) and frame["rules"].strip()
        said.append(frame["rules"])
    assert len(set(said)) > 1                   # the rules follow the position
    if lang != "en":
        letters = ("\u0e00", "\u0e7f") if lang == "th" else ("\u0590", "\u05ff")
        assert any(letters[0] <= ch <= letters[1] for ch in said[0])


def test_a_bots_thinking_tells_no_search_progress(client, server):
    # the pages were told a bot's iteration count while it decided; a decision with one legal move (a
    # Politics reaction window passed without the card) searches nothing, so a 0 told the other seats
    # that the bot held no card. Every seat now hears who thinks and for how long, nothing more.
    server.bot_delay = 0.3
    table, tokens = new_table(client, game="coup", players=2, humans=[0], seed=4, bots=["ismcts:iterations=3000"])
    with client.websocket_connect("/ws") as ws:
        join(ws, table, 0, tokens[0])
        got = []
        state = next_of(ws, "state", got)
        for _ in range(40):
            if state.get("over") or any(m["type"] == "thinking" for m in got):
                break
            if state.get("legal"):
                ws.send_json({"type": "move", "move": state["legal"][0]["move"] if isinstance(state["legal"][0], dict)
                              else state["legal"][0]})
            state = next_of(ws, "state", got)
    thinking = [m for m in got if m["type"] == "thinking"]
    assert thinking, "the bot decided at least once"
    assert all(set(m) == {"type", "seat", "elapsed", "bot"} for m in thinking)
