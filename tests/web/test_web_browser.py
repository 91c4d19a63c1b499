"""The web table in a real headless Chromium (Playwright for Python, Debian's ``chromium``).

Marked ``browser`` (deselected by default; ``.ci/run`` runs ``pytest -m browser`` after the default
suite).  Each test starts the server in a thread on a free port of 127.0.0.1 and clicks through pages.
"""
from __future__ import annotations

import json
import os
import random
import struct
import subprocess
import threading
import time
import zlib

import pytest

pytestmark = pytest.mark.browser

pytest.importorskip("starlette")
uvicorn = pytest.importorskip("uvicorn")
sync_api = pytest.importorskip("playwright.sync_api")

from intrigue.web.app import WebServer, create_app  # noqa: E402
from intrigue.search.levels import level_spec  # noqa: E402
from intrigue.web.limits import ServerLimits  # noqa: E402
from intrigue.web.tables import TableConfig  # noqa: E402

CHROMIUM = os.environ.get("INTRIGUE_CHROMIUM", "/usr/bin/chromium")
ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
        "--disable-background-networking", "--disable-component-update", "--disable-sync"]


@pytest.fixture(scope="module")
def browser():
    if not os.path.exists(CHROMIUM):
        pytest.skip(f"no Chromium at {CHROMIUM} (apt-get install chromium)")
    with sync_api.sync_playwright() as p:
        b = p.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        yield b
        b.close()


class LiveServer:
    """The web server in a thread, on a free port."""

    def __init__(self, **kw) -> None:
        # the tests click at machine speed, faster than a person: their sockets' rates are not limited
        kw.setdefault("limits", ServerLimits(messages_per_s=10_000.0, messages_burst=10_000, resyncs_per_s=1_000.0,
                                             resyncs_burst=1_000))
        self.web = WebServer(**kw)
        config = uvicorn.Config(create_app(self.web), host="127.0.0.1", port=0, log_level="warning")
        self.server = uvicorn.Server(config)
        self.thread = threading.Thread(target=self.server.run, daemon=True)
        self.thread.start()
        deadline = time.time() + 20
        while not self.server.started:
            assert time.time() < deadline, "the server did not start"
            time.sleep(0.05)
        port = self.server.servers[0].sockets[0].getsockname()[1]
        self.base = f"http://127.0.0.1:{port}"

    def table(self, **config):
        t = self.web.add_table(TableConfig(**config))
        return t, {int(s): self.base + link for s, link in self.web.links(t).items()}

    def stop(self) -> None:
        self.server.should_exit = True
        self.thread.join(10)


@pytest.fixture
def live(tmp_path):
    srv = LiveServer(hint_spec="ismcts:iterations=300", saves_dir=str(tmp_path / "saves"))
    yield srv
    srv.stop()


def click_until(page, done, rng, limit=2000):
    """Click a random enabled move (a listed group's Go button too) until ``done()``; the clicks."""
    clicks = 0
    while not done():
        assert clicks < limit, "too many clicks"
        buttons = page.locator("#actions button:enabled")
        try:
            page.wait_for_function("() => document.querySelector('#actions button:enabled') || "
                                   "!document.querySelector('#gameover').hidden || window.__stop", timeout=30000)
        except sync_api.TimeoutError:
            if done():
                break
            raise
        if done():
            break
        n = buttons.count()
        if n == 0:
            continue
        try:
            buttons.nth(rng.randrange(n)).click(timeout=2000)
            clicks += 1
        except sync_api.Error:
            continue                              # the page was redrawn under the pointer: look again
    return clicks


def view(page):
    return page.evaluate("() => window.intrigue.view")


def open_seat(browser, link, seat_selector="#seat-0", **page_kw):
    """A new page on a seat's link, drawn as far as ``seat_selector``; the page and the list its
    uncaught script errors go to."""
    page = browser.new_page(**page_kw)
    errors = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.goto(link)
    page.wait_for_selector(seat_selector)
    return page, errors


# --------------------------------------------------------------------------------------------------
def test_whole_coup_game_by_clicking(browser, live):
    table, links = live.table(game="coup", players=3, humans=[0], bots=["random"], seed=17)
    page, errors = open_seat(browser, links[0])
    # the buttons say what they claim and whom they target
    page.wait_for_selector('#actions button[data-move="tax"]')
    assert page.locator('#actions button[data-move="tax"] svg[data-role="duke"]').count() == 1
    steal = page.locator('#actions button[data-move="steal 1"]')
    assert steal.get_attribute("data-claim") == "captain" and steal.get_attribute("data-target") == "1"
    # its label names the seat already: no "→ seat 1" after it ("Steal from seat 1 (claims Captain) → seat 1")
    assert "seat 1" in steal.inner_text().lower() and steal.locator(".target-seat").count() == 0
    assert page.locator("#hand svg.card").count() == 2
    clicks = click_until(page, lambda: table.state.is_terminal(), random.Random(3))
    page.wait_for_selector("#gameover:not([hidden]) table.placings")
    rows = page.locator("#gameover tr[data-seat]")
    assert rows.count() == 3
    winner = table.state.result().winners[0]
    assert rows.first.get_attribute("data-seat") == str(winner)
    assert page.locator("#log li").count() >= len(table.state.view(0)) - 1
    assert clicks > 0 and not errors
    # the result box closes (it covered the final board and log) and a button opens it again
    page.click("#over-close")
    page.wait_for_selector("#gameover", state="hidden")
    page.click("#show-result")
    page.wait_for_selector("#gameover:not([hidden]) table.placings")
    # the replay viewer steps through the seat's own record
    page.click("#over-replay")
    page.wait_for_url("**/replay/**")
    page.wait_for_function("() => window.intrigue.view && window.intrigue.view.type === 'frame'")
    page.click("#next")
    page.wait_for_function("() => window.intrigue.step === 1")
    page.click("#last")
    page.wait_for_function("() => window.intrigue.step === window.intrigue.steps")
    assert page.locator("#log li").count() >= 1
    page.close()


def test_a_politics_round(browser, live):
    table, links = live.table(game="politics", players=6, humans=[0], bots=["heuristic"], seed=5)
    page, errors = open_seat(browser, links[0], "#seat-5", viewport={"width": 1400, "height": 1000})
    assert page.locator("#hand svg.pcard").count() == len(table.game.private_info(table.state.core, 0)["policy"])
    clicks = click_until(page, lambda: table.state.core.round >= 1 or table.state.is_terminal(), random.Random(1))
    page.wait_for_function("() => window.intrigue.view.public.round >= 2")
    assert clicks > 0 and not errors
    assert "2/" in page.locator(".pmiddle .round").inner_text()
    page.close()


def test_shadow_master_board_and_clicks(browser, live):
    """The hex board has one SVG cell per board cell, in each cell's colour and stack height; the seat
    sees its own Territory cards; a few moves are played by clicking.  With INTRIGUE_SCREENSHOT set, the
    table is saved there (docs/web/shadow-master-table.png was made so)."""
    table, links = live.table(game="shadow_master", players=4, humans=[0], bots=["random"], seed=8,
                              options={"max_rounds": 10})
    page, errors = open_seat(browser, links[0], "#seat-3", viewport={"width": 1400, "height": 1000})
    page.wait_for_selector("svg.sm-board g.hex")

    def board_matches():
        cells = view(page)["public"]["cells"]
        shown = page.locator("svg.sm-board g.hex").evaluate_all(
            "els => els.map(e => [e.dataset.cell, e.dataset.colour, +e.dataset.tokens])")
        want = sorted([name, c["colour"] or "", c["tokens"]] for name, c in cells.items())
        return len(cells) == 60 and sorted(shown) == want

    # the bots may still be moving while the page loads: the board must match the view once it is drawn
    deadline = time.time() + 10.0
    while not board_matches() and time.time() < deadline:
        page.wait_for_timeout(100)
    assert board_matches()
    clicks = click_until(page, lambda: table.state.core.round >= 2 or table.state.is_terminal(), random.Random(4),
                         limit=400)
    page.wait_for_function("() => window.intrigue.view.public.round >= 2 || window.intrigue.view.over")
    assert clicks > 0 and not errors
    if not table.state.is_terminal():     # the seat decides: the position stands still, drawn as it is
        page.wait_for_selector("#actions button:enabled")
        assert view(page)["public"]["cells"] == table.game.public_info(table.state.core)["cells"]
    assert board_matches()
    mine = table.game.private_info(table.state.core, 0)["cards"]
    shown = page.locator("#hand svg.tcard").evaluate_all("els => els.map(e => e.dataset.card)")
    assert sorted(shown) == sorted(mine)
    assert page.locator(".smseat").count() == 4
    if os.environ.get("INTRIGUE_SCREENSHOT"):
        page.screenshot(path=os.environ["INTRIGUE_SCREENSHOT"], full_page=True)
    page.close()


# --------------------------------------------------------------------------------------------------
def _png_pixel(png: bytes, x: int, y: int):
    """The (r, g, b) of one pixel of an 8-bit RGB/RGBA PNG (a screenshot), decoded here."""
    assert png[:8] == b"\x89PNG\r\n\x1a\n"
    pos, idat, width = 8, b"", 0
    while pos < len(png):
        length, kind = struct.unpack(">I4s", png[pos:pos + 8])
        data = png[pos + 8:pos + 8 + length]
        if kind == b"IHDR":
            width, height, depth, color = struct.unpack(">IIBB", data[:10])
            assert depth == 8 and color in (2, 6)
            bpp = 3 if color == 2 else 4
        elif kind == b"IDAT":
            idat += data
        pos += 12 + length
    raw = zlib.decompress(idat)
    stride = width * bpp
    prev = bytearray(stride)
    for row in range(y + 1):
        f = raw[row * (stride + 1)]
        line = bytearray(raw[row * (stride + 1) + 1:(row + 1) * (stride + 1)])
        for i in range(stride):
            a = line[i - bpp] if i >= bpp else 0
            b = prev[i]
            c = prev[i - bpp] if i >= bpp else 0
            if f == 1:
                line[i] = (line[i] + a) & 255
            elif f == 2:
                line[i] = (line[i] + b) & 255
            elif f == 3:
                line[i] = (line[i] + (a + b) // 2) & 255
            elif f == 4:
                p = a + b - c
                pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
                line[i] = (line[i] + (a if pa <= pb and pa <= pc else b if pb <= pc else c)) & 255
        prev = line
    return tuple(prev[x * bpp:x * bpp + 3])


def test_hebrew_page_is_right_to_left(browser, live, tmp_path):
    table, links = live.table(game="coup", ruleset="seed-he", players=3, humans=[0], bots=["random"], seed=4)
    results = {}
    for lang in ("he", "en"):
        page = browser.new_page(viewport={"width": 1200, "height": 800})
        page.goto(links[0].replace("#", f"?lang={lang}#"))
        page.evaluate(f"() => localStorage.setItem('intrigue-lang', '{lang}')")
        page.reload()
        page.wait_for_function(f"() => window.intrigue.view && window.intrigue.view.lang === '{lang}'")
        page.wait_for_selector("#seat-0")
        direction = page.evaluate("() => document.documentElement.getAttribute('dir')")
        box = page.locator(".side-col").bounding_box()
        shot = page.screenshot(path=str(tmp_path / f"coup-{lang}.png"))
        results[lang] = (direction, box, shot, page.locator("#prompt").inner_text())
        page.close()
    he_dir, he_box, he_shot, he_prompt = results["he"]
    en_dir, en_box, en_shot, _ = results["en"]
    assert he_dir == "rtl" and en_dir == "ltr"
    # the log column sits on the left in Hebrew, on the right in English
    assert he_box["x"] + he_box["width"] < 600 < en_box["x"]
    # and the screenshot agrees: the log panel's light paper colour at the left edge only in Hebrew
    y = int(he_box["y"] + he_box["height"] / 2)
    x_left = int(he_box["x"] + 20)
    paper = (0xff, 0xfa, 0xf0)
    assert _png_pixel(he_shot, x_left, y) == paper
    assert _png_pixel(en_shot, x_left, y) != paper
    assert any("\u0590" <= ch <= "\u05ff" for ch in he_prompt)      # Hebrew letters in the prompt


# --------------------------------------------------------------------------------------------------
def test_two_humans_never_see_each_others_cards(browser, live):
    table, links = live.table(game="coup", players=3, humans=[0, 1], bots=["random"], seed=23)
    frames = {0: [], 1: []}
    pages = {}
    contexts = []
    for seat in (0, 1):
        ctx = browser.new_context()
        contexts.append(ctx)
        page = ctx.new_page()
        page.on("websocket", lambda ws, seat=seat: ws.on("framereceived",
                                                         lambda payload, seat=seat: frames[seat].append(payload)))
        page.goto(links[seat])
        page.wait_for_selector("#seat-2")
        pages[seat] = page
    rng = random.Random(9)
    clicks = 0
    deadline = time.time() + 120
    while not table.state.is_terminal() and clicks < 60 and time.time() < deadline:
        cp = table.state.current_player()
        if cp not in (0, 1):
            time.sleep(0.05)
            continue
        page = pages[cp]
        buttons = page.locator("#actions button:enabled")
        if buttons.count() == 0:
            time.sleep(0.05)
            continue
        # what each page shows: its own cards face up, the other human's face down
        for seat, other in ((0, 1), (1, 0)):
            roles_in_other_box = pages[seat].locator(f"#seat-{other} svg.card:not(.lost)[data-role]").count()
            assert roles_in_other_box == 0
        try:
            buttons.nth(rng.randrange(buttons.count())).click(timeout=2000)
            clicks += 1
        except sync_api.Error:
            pass
    time.sleep(0.5)
    assert clicks > 0
    if not table.state.is_terminal():
        for seat in (0, 1):            # a quiet moment: each page shows exactly its own cards
            shown = sorted(pages[seat].locator("#hand svg.card").evaluate_all("els => els.map(e => e.dataset.role)"))
            assert shown == sorted(table.game.private_info(table.state.core, seat)["cards"])
    for seat, other in ((0, 1), (1, 0)):
        msgs = [json.loads(f) for f in frames[seat] if isinstance(f, str)]
        states = [m for m in msgs if m.get("type") == "state"]
        assert states
        for m in states:
            assert m["seat"] == seat and m["private"]["seat"] == seat
            if not m["over"]:
                assert "revealed" not in m
        hidden = {i for i, e in enumerate(table.state.history) if e.seen_by(seat) is None}
        assert hidden
        for m in states:
            for e in m["log"]:
                assert e["index"] not in hidden
        # the other seat's deal never reaches this page, in notation or in words
        blob = "\n".join(f for f in frames[seat] if isinstance(f, str))
        deal = table.state.history[[i for i, e in enumerate(table.state.history)
                                    if e.seat == -1 and e.text.startswith(f"deal {other} ")][0]]
        assert deal.text not in blob
        words = table.game.describe_action(deal.text, "en")
        assert words not in blob
    for ctx in contexts:
        ctx.close()


# --------------------------------------------------------------------------------------------------
# what a walkthrough of the page found: the rules, the prompt said once, the end in the page's
# language, the replay's "(you)" once, and English lines in a Hebrew page in their own order
# --------------------------------------------------------------------------------------------------
def _finished_coup(seed: int):
    """A whole Coup game (3 players) played by a seeded random choice, as a full record."""
    from intrigue.engine import GameRecord, load_game
    game = load_game("coup", None, 3, {})
    state = game.new_initial_state()
    rng = random.Random(seed)
    while not state.is_terminal():
        state.apply_action(rng.choice(state.legal_actions()))
    return GameRecord.from_state(state, human_seats=[0], bots={"1": "random", "2": "random"})


def _open(browser, link, lang):
    page = browser.new_page(viewport={"width": 1300, "height": 900})
    errors = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.goto(link.replace("#", f"?lang={lang}#") if "#" in link else f"{link}?lang={lang}")
    page.evaluate(f"() => localStorage.setItem('intrigue-lang', '{lang}')")
    page.reload()
    page.wait_for_function(f"() => window.intrigue.view && window.intrigue.view.lang === '{lang}'")
    return page, errors


def test_rules_button_shows_the_seats_rules_in_the_page_language(browser, live):
    table, links = live.table(game="coup", players=3, humans=[0], bots=["random"], seed=5, lang="th")
    page, errors = _open(browser, links[0], "th")
    page.wait_for_selector("#actions button:enabled")
    assert page.locator("#rules-btn").count() == 1 and page.locator("#rules-panel").is_hidden()
    assert page.locator("#rules-btn").inner_text() == "กติกา"
    page.click("#rules-btn")
    page.wait_for_selector("#rules-panel:not([hidden])")
    want = table.narration_for("th").narrator.rules(table.state.core, 0)
    assert page.locator("#rules-text").evaluate("el => el.textContent") == want
    assert page.locator("#rules-panel h3").inner_text().startswith("กติกา")
    page.click("#rules-close")
    assert page.locator("#rules-panel").is_hidden()
    assert not errors
    page.close()


@pytest.mark.parametrize("lang,words", [("th", "ตาของคุณ"), ("en", "Your turn")], ids=["th", "en"])
def test_the_prompt_says_your_turn_once(browser, live, lang, words):
    table, links = live.table(game="coup", players=3, humans=[0], bots=["random"], seed=5, lang=lang)
    page, errors = _open(browser, links[0], lang)
    page.wait_for_selector("#actions button:enabled")
    assert table.state.current_player() == 0
    text = page.locator("#prompt").inner_text()          # seat 0 opens the game: its turn's action
    assert text.startswith(words) and text.count(words) == 1 and "Your decision" not in text, text
    assert text == table.narration_for(lang).prompt(table.state.core, 0)
    assert not errors
    page.close()


def test_game_over_says_why_in_the_page_language(browser, live):
    from intrigue.web.tables import TableConfig as Config
    record = _finished_coup(seed=6)
    table = live.web.add_table(Config(game="coup", humans=[0], bots=["random"], lang="th"), record)
    link = live.base + live.web.links(table)[str(0)]
    page, errors = _open(browser, link, "th")
    page.wait_for_selector("#gameover:not([hidden]) table.placings")
    assert page.locator("#gameover .end-screen").count() == 1
    shown = page.locator("#gameover .end-screen").evaluate("el => el.textContent")
    assert shown == table.view_for(0, 0, "th")["end_text"] and "ผู้ชนะ" in shown
    dialog = page.locator("#gameover").inner_text()
    assert table.state.result().reason not in dialog          # "last player with influence"
    assert not errors
    page.close()


def test_the_replay_says_you_once(browser, live):
    table, links = live.table(game="coup", ruleset="seed-he", players=3, humans=[0], bots=["random"], seed=4)
    for lang, you in (("he", "את/ה"), ("en", "you")):
        replay = live.web.add_replay(table.record_for(0), lang)
        page, errors = _open(browser, f"{live.base}/replay/{replay.id}", lang)
        page.wait_for_selector("#seat-0 .seat-name")
        name = page.locator("#seat-0 .seat-name").inner_text()
        assert name.count(you) == 1, name
        assert not errors
        page.close()


_ORDER = """(sel) => {
  const out = [];
  for (const el of document.querySelectorAll(sel)) {
    const node = el.firstChild, text = el.textContent;
    if (!node || node.nodeType !== 3 || node.textContent !== text) continue;
    if (!/^[A-Za-z]/.test(text) || !/[.?!:)]$/.test(text)) continue;   // an English sentence
    const r = document.createRange();
    r.setStart(node, 0); r.setEnd(node, 1);
    const first = r.getBoundingClientRect();
    r.setStart(node, text.length - 1); r.setEnd(node, text.length);
    const last = r.getBoundingClientRect();
    if (Math.abs(first.top - last.top) > 2) continue;                  // one line only
    out.push([text, first.left, last.left]);
  }
  return out;
}"""


def test_english_lines_in_a_hebrew_page_keep_their_order(browser, live):
    """Politics has no Hebrew game words: its log lines in a Hebrew page are English, and each reads
    left to right with its full stop at its end ("You are dealt ... .", not ".You are dealt ...")."""
    table, links = live.table(game="politics", players=6, humans=[0], bots=["heuristic"], seed=5, lang="he")
    page, errors = _open(browser, links[0], "he")
    page.wait_for_selector("#log li")
    assert page.evaluate("() => document.documentElement.dir") == "rtl"
    lines = page.evaluate(_ORDER, "#log li")
    assert lines, "the test needs English log lines"
    for text, first, last in lines:
        assert last > first, (text, first, last)
    # the page's notices take their own direction too
    page.evaluate("() => { const el = document.querySelector('#toast'); "
                  "el.textContent = 'Only one choice, played for you: Pass.'; el.hidden = false; }")
    (text, first, last), = page.evaluate(_ORDER, "#toast")
    assert last > first
    assert not errors
    page.close()


# --------------------------------------------------------------------------------------------------
# the server's errors in the page's language; the replay's Rules panel
# --------------------------------------------------------------------------------------------------
def _said(page, script, arg=None):
    """The toast shown after running ``script`` in the page (the toast is emptied first)."""
    page.evaluate("() => { const el = document.querySelector('#toast'); el.textContent = ''; el.hidden = true; }")
    page.evaluate(script, arg)
    page.wait_for_function("() => !document.querySelector('#toast').hidden && "
                           "document.querySelector('#toast').textContent !== ''")
    return page.locator("#toast").evaluate("el => el.textContent")


_SEND = "(m) => window.intrigue.ws.send(typeof m === 'string' ? m : JSON.stringify(m))"
_ISO = lambda s: "\u2068" + s + "\u2069"      # noqa: E731  (a value in a Hebrew sentence)


@pytest.mark.parametrize("lang", ["th", "he"])
def test_server_errors_are_said_in_the_page_language(browser, live, tmp_path, lang):
    blocker = tmp_path / "blocker"
    blocker.write_text("not a folder")
    live.web.saves_dir = str(blocker)                 # a save fails on this table
    table, links = live.table(game="coup", players=3, humans=[0, 1], bots=["random"], seed=5, lang=lang)
    page, errors = _open(browser, links[0], lang)
    page.wait_for_selector("#actions button:enabled")
    no = {"th": "ทำไม่ได้: ", "he": "לא אפשרי: "}[lang]
    # a message the table cannot read
    text = _said(page, _SEND, "nonsense")
    assert text == no + {"th": "โต๊ะอ่านข้อความที่หน้าเว็บส่งมาไม่ได้",
                         "he": "השולחן לא הצליח לקרוא את ההודעה שהדף שלח."}[lang]
    # an illegal move: the sentence in the page's language, the narrator's reason as it gives it
    events = view(page)["events"]
    why = table.narration_for(lang).why_illegal(table.state.core, "coup 1", 0, "?")
    text = _said(page, _SEND, {"type": "move", "move": "coup 1", "seq": events})
    assert text == no + {"th": "ตอนนี้เดินแบบนี้ไม่ได้: " + why,
                         "he": "אי אפשר לשחק את המהלך הזה עכשיו: " + _ISO(why)}[lang]
    # a save the server cannot write
    text = _said(page, "() => document.querySelector('#save-btn').click()")
    start = {"th": "บันทึกเกมบนเซิร์ฟเวอร์ไม่สำเร็จ (", "he": "לא ניתן היה לשמור את המשחק בשרת ("}[lang]
    assert text.startswith(no + start) and "could not be saved" not in text, text
    # out of turn: seat 1 (a person without a page here) decides after seat 0's income
    page.click('#actions button[data-move="income"]')
    page.wait_for_function("() => window.intrigue.view.to_decide === 1")
    who = view(page)["seats"][1]["name"]
    text = _said(page, _SEND, {"type": "move", "move": "income", "seq": view(page)["events"]})
    assert text == no + {"th": f"ตอนนี้ยังไม่ใช่ตาของคุณ ({who} กำลังตัดสินใจ)",
                         "he": f"זה לא התור שלך עכשיו ({_ISO(who)} מחליט/ה)."}[lang]
    assert "not your decision" not in text
    # an error the page has no sentence for: the server's own message
    page.evaluate("() => window.intrigue.ws.onmessage({data: JSON.stringify("
                  "{type: 'error', code: 'no_such_code', message: 'as the server said it'})})")
    assert page.locator("#toast").evaluate("el => el.textContent") == no + (
        _ISO("as the server said it") if lang == "he" else "as the server said it")
    assert table.state.current_player() == 1 and not errors
    page.close()


def test_the_replay_has_the_rules_panel(browser, live):
    table, links = live.table(game="coup", players=3, humans=[0], bots=["random"], seed=7, lang="th")
    page, errors = _open(browser, links[0], "th")
    rng = random.Random(3)
    click_until(page, lambda: len(table.state.history) >= 12 or table.state.is_terminal(), rng)
    page.close()
    replay = live.web.add_replay(table.record_for(0), "th")
    rules = [replay.frame(k)["rules"] for k in range(replay.steps + 1)]
    k = next(k for k in range(replay.steps) if rules[k + 1] != rules[k])     # a step that changes them
    page, errors = _open(browser, f"{live.base}/replay/{replay.id}", "th")
    page.wait_for_function("() => window.intrigue.view && window.intrigue.view.step === 0")
    assert page.locator("#rules-btn").is_visible() and page.locator("#rules-btn").inner_text() == "กติกา"
    assert page.locator("#rules-panel").is_hidden()
    page.click("#rules-btn")
    page.wait_for_selector("#rules-panel:not([hidden])")
    narrator = table.narration_for("th").narrator
    assert page.locator("#rules-text").evaluate("el => el.textContent") == rules[0] == narrator.rules(
        replay.core_at(0), 0)
    for step in range(1, k + 2):
        page.click("#next")
        page.wait_for_function(f"() => window.intrigue.view.step === {step}")
    assert page.locator("#rules-text").evaluate("el => el.textContent") == rules[k + 1] != rules[k]
    page.click("#rules-close")
    assert page.locator("#rules-panel").is_hidden()
    page.click("#prev")
    page.wait_for_function(f"() => window.intrigue.view.step === {k}")
    assert page.locator("#rules-panel").is_hidden()          # closed stays closed while stepping
    assert not errors
    page.close()


def test_the_language_selector_rewords_a_replay(browser, live):
    table, links = live.table(game="coup", ruleset="seed-he", players=3, humans=[0], bots=["random"], seed=4)
    page, errors = _open(browser, links[0], "en")
    click_until(page, lambda: len(table.state.history) >= 10 or table.state.is_terminal(), random.Random(2))
    page.close()
    replay = live.web.add_replay(table.record_for(0), "en")
    page, errors = _open(browser, f"{live.base}/replay/{replay.id}", "en")
    page.click("#last")
    page.wait_for_function(f"() => window.intrigue.view.step === {replay.steps}")
    english = page.locator("#log").inner_text()
    page.select_option("#lang", "he")
    page.wait_for_function("() => window.intrigue.view.lang === 'he'")
    page.wait_for_function(f"() => window.intrigue.view.step === {replay.steps}")   # at the same step
    hebrew = page.locator("#log").inner_text()
    assert hebrew != english and any("\u0590" <= ch <= "\u05ff" for ch in hebrew)
    assert page.evaluate("() => document.documentElement.dir") == "rtl"
    expected = [line for e in replay.frame(replay.steps, "he")["log"] for line in e["lines"]]
    assert expected and all(line in hebrew for line in expected[-3:])
    assert not errors
    page.close()


def test_a_game_without_drawings_is_played_on_the_plain_table(browser, live):
    # the server takes a table of a game without a web plug-in (Kuhn poker), and the page stayed blank:
    # "Failed to fetch dynamically imported module /games/kuhn/table.js"
    table, links = live.table(game="kuhn", players=2, humans=[0], bots=["random"], seed=5)
    page, errors = open_seat(browser, links[0])
    assert page.locator("#hand .plain-info").count() == 1
    click_until(page, lambda: table.state.is_terminal(), random.Random(5))
    page.wait_for_selector("#gameover:not([hidden]) table.placings")
    assert not errors
    page.close()


@pytest.mark.parametrize("game,players,width", [("coup", 6, 800), ("politics", 8, 1000), ("politics", 7, 1400),
                                                ("politics", 8, 800)])
def test_the_seats_do_not_overlap_in_a_narrow_window(browser, live, game, players, width):
    # at 900 px and less the six seats of a Coup table overlapped (the log kept a 340 px column); so
    # did the seven and eight seats of a Politics table, even at 1400 px
    options = {"length": "half"} if game == "politics" else {}
    table, links = live.table(game=game, players=players, humans=[0], bots=["random"], seed=6, options=options)
    page = browser.new_page(viewport={"width": width, "height": 900})
    page.goto(links[0])
    page.wait_for_selector("#table .seat")
    boxes = page.evaluate("() => [...document.querySelectorAll('#table .seat')].map(e => {"
                          "const r = e.getBoundingClientRect(); return [r.left, r.top, r.right, r.bottom]})")
    assert len(boxes) == players and all(b[0] >= 0 for b in boxes)
    for i, a in enumerate(boxes):
        for b in boxes[i + 1:]:
            assert a[2] <= b[0] or b[2] <= a[0] or a[3] <= b[1] or b[3] <= a[1], (a, b)
    page.close()


def test_a_page_waits_for_its_table_and_joins_when_it_reopens(browser, live):
    # after a restart a page got "There is no such table" once and then looked live, its buttons
    # answering "Join a seat first"; now it says the table is not open, shows no moves, and joins by
    # itself once the saved game of several people reopens at its link
    import urllib.request
    table, links = live.table(game="coup", players=3, humans=[0, 1], bots=["random"], seed=8)
    name = table.save()
    page = browser.new_page()
    page.goto(links[0])
    page.wait_for_selector("#seat-0")
    live.web.tables.pop(table.id).close()                   # as after a restart: the table is gone
    page.evaluate("() => window.intrigue.ws.close()")      # and the page's socket with it
    page.wait_for_selector("#banner:not([hidden])")
    page.wait_for_function("() => document.querySelector('#banner').textContent.includes('not open')")
    assert page.locator("#actions button").count() == 0
    request = urllib.request.Request(f"{live.base}/api/saves/{name}", method="POST")
    assert json.load(urllib.request.urlopen(request))["reopened"]
    page.wait_for_selector("#seat-0", timeout=10000)
    page.wait_for_selector("#banner", state="hidden")
    assert page.evaluate("() => window.intrigue.view.private.seat") == 0
    page.close()


# --------------------------------------------------------------------------------------------------
# everyday play: the level menu, the legend, the hand in sight, rematch, the lobby's tables and saves,
# a wrong link, Thai letters in a Thai font.  Three tests save their screenshots where docs/web.md
# shows them when INTRIGUE_SHOTS names that folder (python docs/web/screenshots.py does)
# --------------------------------------------------------------------------------------------------
def shot(page, tmp_path, name, **kw):
    folder = os.environ.get("INTRIGUE_SHOTS") or str(tmp_path)
    path = os.path.join(folder, name)
    png = page.screenshot(path=path, **kw)
    width, height = struct.unpack(">II", png[16:24])
    return path, width, height


def test_the_lobby_offers_levels_by_name_and_the_spec_on_demand(browser, live, tmp_path):
    page = browser.new_page(viewport={"width": 1366, "height": 768})
    errors = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.goto(live.base + "/")
    page.evaluate("() => localStorage.setItem('intrigue-lang', 'en')")
    page.reload()
    page.wait_for_selector("#level option", state="attached")
    names = page.locator("#level option").all_inner_texts()
    assert names[:4] == ["Beginner", "Casual", "Strong", "Strongest"]
    assert "Rule of thumb" in names and "Random" in names and names[-1].startswith("Custom")
    page.select_option("#level", "max")
    assert page.locator("#level-about").inner_text().strip()
    assert page.locator("#level-spec").is_hidden()                # the spec only on demand
    page.click("#spec-box summary")
    assert page.locator("#level-spec").inner_text() == "ismcts:time=1000"
    assert page.locator("#bots").is_hidden()
    page.select_option("#level", "strong")
    assert page.locator("#level-spec").inner_text() == level_spec("strong")
    # a table of two people, its open seats offered again in the lobby's list of open tables
    page.check("#humans input[value='1']")
    page.click("#start")
    page.wait_for_selector("#links:not([hidden]) a[data-seat='1']")
    table_id = next(iter(live.web.tables.keys() - {None}))
    table = live.web.tables[table_id]
    assert [s.level for s in table.seats] == [None, None, "strong", "strong"]
    page.reload()
    page.wait_for_selector(f"#tables li[data-table='{table_id}'] a[data-seat='1']")
    row = page.locator(f"#tables li[data-table='{table_id}']").inner_text()
    assert "Strong" in row and "ismcts" not in row
    page.select_option("#level", "max")
    page.click("#spec-box summary")
    page.wait_for_selector("#level-spec", state="visible")
    _, w, h = shot(page, tmp_path, "lobby-levels.png")
    assert (w, h) == (1366, 768)
    # at the table the bots are named by level, their spec in the seat's tooltip
    seat_page, seat_errors = open_seat(browser, live.base + page.locator("#tables a[data-seat='0']").get_attribute("href"))
    who = seat_page.locator("#seat-2 .seat-who")
    assert "Strong" in who.inner_text() and who.get_attribute("title") == level_spec("strong")
    assert not errors and not seat_errors
    seat_page.close()
    page.close()


@pytest.mark.parametrize("game,players,words", [
    ("politics", 6, ["INF", "influence", "LEG", "legitimacy", "UND", "underground", "HON", "honour", "BET", "betrayal",
                     "H0–H2", "C1–C3"]),
    ("shadow_master", 4, ["PL", "Power Limit", "TL", "Territory Limit", "X1, X2"]),
    ("coup", 3, ["?", "face-down"]),
])
def test_every_abbreviation_has_a_legend(browser, live, tmp_path, game, players, words):
    table, links = live.table(game=game, players=players, humans=[0], bots=["heuristic"], seed=8)
    page, errors = open_seat(browser, links[0], viewport={"width": 1366, "height": 768})
    page.wait_for_selector("#legend:not([hidden]) dt")
    text = page.locator("#legend").inner_text()
    for w in words:
        assert w in text, (w, text)
    assert page.locator("#legend").evaluate("el => el.open")
    if game == "politics":
        page.wait_for_selector("#actions button:enabled")
        time.sleep(0.3)
        _, w, h = shot(page, tmp_path, "politics-legend.png")
        assert (w, h) == (1366, 768)
        # the chips the legend explains are on the table
        assert page.locator("#table .chip[data-coin='INF']").count() == players
    page.close()
    page, errors = _open(browser, links[0], "th")
    page.wait_for_selector("#legend:not([hidden]) dt")
    if game == "politics":
        assert "อิทธิพลทางการเมือง" in page.locator("#legend").inner_text()
    assert not errors
    page.close()


@pytest.mark.parametrize("game,players", [("coup", 6), ("politics", 6), ("politics", 8), ("shadow_master", 6)])
def test_the_hand_is_in_sight_at_1366x768_and_never_covered(browser, live, tmp_path, game, players):
    options = {"length": "half"} if game == "politics" else {}
    table, links = live.table(game=game, players=players, humans=[0], bots=["heuristic"], seed=9, options=options)
    page, errors = open_seat(browser, links[0], viewport={"width": 1366, "height": 768})
    page.wait_for_selector("#actions button:enabled")
    page.wait_for_selector("#hand h3")

    def in_sight():
        return page.evaluate("""() => {
          const hand = document.querySelector('#hand'), r = hand.getBoundingClientRect();
          const cards = [...hand.querySelectorAll('svg')];
          const seen = cards.every((c) => { const b = c.getBoundingClientRect();
            const at = document.elementFromPoint(b.left + b.width / 2, b.top + b.height / 2);
            return at && hand.contains(at); });
          return {top: r.top, bottom: r.bottom, left: r.left, right: r.right, cards: cards.length, seen,
                  scrollY: window.scrollY, innerHeight: window.innerHeight};
        }""")

    where = in_sight()
    assert where["scrollY"] == 0 and where["cards"] >= 1
    assert 0 <= where["top"] and where["bottom"] <= where["innerHeight"], where
    assert where["seen"], "something covers the hand"
    # a notice (a refused move) comes and does not cover the hand
    page.evaluate("() => window.intrigue.ws.send(JSON.stringify({type: 'move', move: 'no such move', seq: window.intrigue.view.events}))")
    page.wait_for_selector("#toast:not([hidden])")
    toast = page.locator("#toast").bounding_box()
    assert toast["y"] + toast["height"] <= where["top"] or toast["y"] >= where["bottom"] or \
        toast["x"] + toast["width"] <= where["left"] or toast["x"] >= where["right"], (toast, where)
    assert in_sight()["seen"]
    # scrolled down to the end of the table, the hand is still in sight
    page.mouse.wheel(0, 2000)
    time.sleep(0.3)
    after = in_sight()
    assert 0 <= after["top"] and after["bottom"] <= after["innerHeight"] and after["seen"], after
    # and the seats do not overlap at this size either
    boxes = page.evaluate("() => [...document.querySelectorAll('#table .seat')].map(e => {"
                          "const r = e.getBoundingClientRect(); return [r.left, r.top, r.right, r.bottom]})")
    for i, a in enumerate(boxes):
        for b in boxes[i + 1:]:
            assert a[2] <= b[0] or b[2] <= a[0] or a[3] <= b[1] or b[3] <= a[1], (a, b)
    if (game, players) == ("coup", 6):
        page.mouse.wheel(0, -4000)
        time.sleep(0.7)
        page.wait_for_selector("#toast", state="hidden", timeout=10000)
        _, w, h = shot(page, tmp_path, "hand-1366x768.png")
        assert (w, h) == (1366, 768)
    assert not errors
    page.close()


def test_rematch_from_the_end_screen(browser, live):
    old = live.web.add_table(TableConfig(game="coup", humans=[0], bots=["random"]), _finished_coup(4))
    link = live.base + live.web.links(old)["0"]
    page, errors = open_seat(browser, link)
    page.wait_for_selector("#gameover:not([hidden]) #over-rematch")
    page.click("#over-rematch")
    page.wait_for_function(f"() => location.pathname.startsWith('/t/') && !location.pathname.endsWith('{old.id}')")
    page.wait_for_selector("#seat-0")
    new_id = page.evaluate("() => location.pathname.split('/')[2]")
    again = live.web.tables[new_id]
    assert old.rematch_id == new_id and not again.state.is_terminal()
    assert page.evaluate("() => window.intrigue.view.over") is False
    assert [s.spec for s in again.seats] == [s.spec for s in old.seats]
    assert not errors
    page.close()


def test_a_wrong_link_gets_a_page_that_says_what_to_do(browser, live):
    page = browser.new_page()
    errors = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    for lang, words in [("en", "does not open"), ("th", "ไม่ได้เปิด"), ("he", "לא פותח")]:
        page.goto(live.base + "/")
        page.evaluate(f"() => localStorage.setItem('intrigue-lang', '{lang}')")
        response = page.goto(live.base + "/t/nosuchtable#seat=0&token=x")
        assert response.status == 404
        page.wait_for_function("() => document.querySelectorAll('#missing-do li').length > 0")
        text = page.locator("#missing").inner_text()
        assert words in text and page.locator("#missing-lobby").get_attribute("href") == "/"
        assert page.evaluate("() => document.documentElement.dir") == ("rtl" if lang == "he" else "ltr")
    response = page.goto(live.base + "/replay/nosuchreplay")
    assert response.status == 404
    page.wait_for_function("() => document.querySelectorAll('#missing-do li').length > 0")
    # a table that is open, with a seat token that is not right: a page that says so, not a blank table
    table, links = live.table(game="coup", players=3, humans=[0], bots=["random"], seed=2)
    page.evaluate("() => localStorage.setItem('intrigue-lang', 'en')")
    page.goto(links[0].replace("token=", "token=x"))
    page.wait_for_selector("#link-problem:not([hidden])")
    assert "does not open a seat" in page.locator("#link-problem").inner_text()
    assert page.locator("main.layout").is_hidden()
    assert not errors
    page.close()


def _thai_families():
    try:
        out = subprocess.run(["fc-list", ":lang=th", "family"], capture_output=True, text=True, timeout=20).stdout
    except (OSError, subprocess.SubprocessError):
        return set()
    return {name.strip() for line in out.splitlines() for name in line.split(",") if name.strip()}


def test_thai_renders_with_a_thai_font(browser, live):
    families = _thai_families()
    if not families:
        pytest.skip("no font with Thai letters is installed (Debian: apt-get install fonts-thai-tlwg)")
    table, links = live.table(game="coup", ruleset="seed-th", players=3, humans=[0], bots=["random"], seed=3)
    page, errors = _open(browser, links[0], "th")
    page.wait_for_selector("#hand h3")
    stack = page.evaluate("() => getComputedStyle(document.body).fontFamily")
    for name in ("Noto Sans Thai", "Loma", "Leelawadee UI", "Noto Sans Hebrew", "Arial Hebrew"):
        assert name in stack, stack
    text = page.locator("#hand h3").inner_text()
    assert text == "การ์ดของคุณ"
    cdp = page.context.new_cdp_session(page)
    cdp.send("DOM.enable")
    cdp.send("CSS.enable")
    root = cdp.send("DOM.getDocument", {"depth": -1})["root"]["nodeId"]
    node = cdp.send("DOM.querySelector", {"nodeId": root, "selector": "#hand h3"})["nodeId"]
    used = cdp.send("CSS.getPlatformFontsForNode", {"nodeId": node})["fonts"]
    assert used and all(f["familyName"] in families for f in used if f["glyphCount"]), (used, sorted(families))
    assert not errors
    page.close()
