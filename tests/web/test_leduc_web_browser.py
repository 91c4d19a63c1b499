"""Leduc hold'em's web table in a real headless Chromium (marked ``browser``, as
``test_web_browser.py``, whose server and page helpers it uses): whole hands played by clicking, drawn
by the game's own ``table.js`` without a script error, showing the seat its own card only."""
from __future__ import annotations

import random

import pytest

pytestmark = pytest.mark.browser

pytest.importorskip("starlette")
pytest.importorskip("uvicorn")
pytest.importorskip("playwright.sync_api")

from test_web_browser import browser, click_until, live, open_seat, view  # noqa: E402,F401


@pytest.mark.parametrize("lang", ["en", "th", "he"])
def test_whole_leduc_hands_by_clicking(browser, live, lang):  # noqa: F811
    for seed in (3, 4, 5):
        table, links = live.table(game="leduc", players=2, humans=[0], bots=["heuristic"], seed=seed, lang=lang)
        page, errors = open_seat(browser, links[0])
        page.wait_for_selector(".leduc-table .middle")
        own = table.state.core.card(0)
        other = table.state.core.card(1)
        assert page.locator("#hand svg.lcard").first.get_attribute("data-rank") == "JQK"[own]
        assert page.locator("#seat-1 svg.lcard.back").count() == 1       # the other card face down
        # a bet button shows the chips it puts in
        assert page.locator('#actions button[data-move="bet"] .move-chips').inner_text().strip() == "2"
        click_until(page, lambda: table.state.is_terminal(), random.Random(seed))
        page.wait_for_selector("#gameover:not([hidden]) table.placings")
        shown = table.state.core.shown(1)
        v = view(page)
        assert v["revealed"]["1"]["card"] == ("JQK"[other] if shown else None)
        assert page.locator("#seat-1 svg.lcard.back").count() == (0 if shown else 1)
        assert not errors, errors
        page.close()
