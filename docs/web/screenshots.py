"""Take the screenshots of docs/web.md: ``python docs/web/screenshots.py`` (needs the web and browser
extras and Debian's chromium).  Seeded, so the same tables come out each time (the bots' timing may
differ).  The lobby with its level menu, the Politics table with its legend and a hand at 1366x768
are taken by the browser tests that check them (tests/web/test_web_browser.py, run here with
INTRIGUE_SHOTS naming this folder)."""
import os
import random
import subprocess
import sys
import threading
import time

import uvicorn
from playwright.sync_api import sync_playwright

from intrigue.web.app import WebServer, create_app
from intrigue.web.tables import TableConfig

HERE = os.path.dirname(os.path.abspath(__file__))
ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
        "--disable-background-networking", "--disable-component-update", "--disable-sync"]


def main() -> None:
    web = WebServer(hint_spec="ismcts:iterations=4000")
    server = uvicorn.Server(uvicorn.Config(create_app(web), host="127.0.0.1", port=0, log_level="warning"))
    threading.Thread(target=server.run, daemon=True).start()
    while not server.started:
        time.sleep(0.05)
    base = f"http://127.0.0.1:{server.servers[0].sockets[0].getsockname()[1]}"

    def table(**kw):
        t = web.add_table(TableConfig(**kw))
        return t, base + web.links(t)["0"]

    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path="/usr/bin/chromium", args=ARGS)
        rng = random.Random(2)
        # Coup: a few turns in, then the hint panel
        t, link = table(game="coup", players=4, humans=[0], bots=["heuristic"], seed=31)
        page = browser.new_page(viewport={"width": 1400, "height": 980})
        page.goto(link)
        for _ in range(4):
            page.wait_for_selector("#actions button:enabled")
            moves = [m for m in page.locator("#actions button:enabled").evaluate_all("e => e.map(b => b.dataset.move)")]
            pick = next((m for m in moves if m.startswith(("tax", "steal", "income"))), moves[0])
            page.click(f'#actions button[data-move="{pick}"]')
        page.wait_for_selector("#actions button:enabled")
        time.sleep(0.3)
        page.screenshot(path=os.path.join(HERE, "coup-table.png"))
        page.click("#hint-btn")
        page.wait_for_selector("#hint-panel .stats", timeout=60000)
        page.locator("#hint-panel").screenshot(path=os.path.join(HERE, "hint-panel.png"))
        page.close()
        # the Politics Game: six seats, a government forming
        t, link = table(game="politics", players=6, humans=[0], bots=["heuristic"], seed=8)
        page = browser.new_page(viewport={"width": 1400, "height": 1100})
        page.goto(link)
        for _ in range(6):
            page.wait_for_selector("#actions button:enabled")
            buttons = page.locator("#actions button:enabled")
            buttons.nth(rng.randrange(buttons.count())).click()
        page.wait_for_selector("#actions button:enabled")
        time.sleep(0.3)
        page.screenshot(path=os.path.join(HERE, "politics-table.png"))
        page.close()
        # Shadow Master: the hex board a few rounds in
        t, link = table(game="shadow_master", players=4, humans=[0], bots=["heuristic"], seed=12)
        page = browser.new_page(viewport={"width": 1400, "height": 900})
        page.goto(link)
        while t.state.core.round < 5:
            page.wait_for_selector("#actions button:enabled")
            moves = page.locator("#actions button:enabled").evaluate_all("e => e.map(b => b.dataset.move)")
            pick = next((m for m in moves if m and m.startswith(("roll", "place", "take"))), None)
            if pick:
                page.click(f'#actions button[data-move="{pick}"]')
            else:
                buttons = page.locator("#actions button:enabled")
                buttons.nth(rng.randrange(buttons.count())).click()
        page.wait_for_selector("#actions button:enabled")
        time.sleep(0.3)
        page.screenshot(path=os.path.join(HERE, "shadow-master-table.png"))
        page.close()
        # Hebrew, right to left
        t, link = table(game="coup", ruleset="seed-he", players=3, humans=[0], bots=["heuristic"], seed=5)
        page = browser.new_page(viewport={"width": 1400, "height": 900})
        page.goto(link)
        page.wait_for_selector("#actions button:enabled")
        time.sleep(0.3)
        page.screenshot(path=os.path.join(HERE, "coup-hebrew.png"))
        browser.close()
    server.should_exit = True


def tested_shots() -> None:
    """lobby-levels.png, politics-legend.png and hand-1366x768.png, from the browser tests."""
    root = os.path.dirname(os.path.dirname(HERE))
    tests = ["test_the_lobby_offers_levels_by_name_and_the_spec_on_demand",
             "test_every_abbreviation_has_a_legend and politics",
             "test_the_hand_is_in_sight_at_1366x768_and_never_covered and coup"]
    subprocess.run([sys.executable, "-m", "pytest", "-q", "-m", "browser", "tests/web/test_web_browser.py",
                    "-k", " or ".join(f"({t})" for t in tests)], cwd=root, check=True,
                   env=dict(os.environ, INTRIGUE_SHOTS=HERE))


if __name__ == "__main__":
    main()
    tested_shots()
