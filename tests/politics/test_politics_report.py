"""The team-match figures read from arena records (engine/politics/report.py): counts that agree
with the games' events, and Wilson intervals."""
from __future__ import annotations

import math

from intrigue.engine import new_game
from intrigue.engine.records import GameRecord
from intrigue.engine.politics.heuristic import PoliticsHeuristic
from intrigue.engine.politics.report import records, report, text, wilson
from intrigue.ext.game_api import Rng


def test_wilson_interval():
    lo, hi = wilson(0, 10)
    assert lo == 0.0 and math.isclose(hi, 0.2775, abs_tol=1e-4)
    lo, hi = wilson(50, 100)
    assert math.isclose(lo, 0.4038, abs_tol=1e-4) and math.isclose(hi, 0.5962, abs_tol=1e-4)


def test_report_counts_agree_with_the_recorded_events(tmp_path):
    finals = []
    for g in range(2):
        s = new_game("politics", players=6, options={"length": "half"}, seed=40 + g)
        bots = [PoliticsHeuristic(Rng(g * 10 + p)) for p in range(6)]
        while not s.is_terminal():
            p = s.current_player()
            s.apply_action(bots[p].choose(s.information_state(p)))
        GameRecord.from_state(s, bots=["heuristic"] * 6).save(tmp_path / f"game_{g}.msgpack")
        finals.append(s)
    f = report(records(str(tmp_path)))
    assert f["games"] == 2 and sum(x["k"] for x in f["wins"].values()) == 2
    dark = [set(s.core.dark_seats()) for s in finals]
    resolved = {"DARK": 0, "HONEST": 0}
    shown = {"DARK": 0, "HONEST": 0}
    exposed_dark = 0
    for s, d in zip(finals, dark):
        probe = s.game.new_initial_state()
        for ev in s.history:
            if ev.seat >= 0 and probe.decision().kind == "resolve_contract":
                resolved["DARK" if ev.seat in d else "HONEST"] += 1
            if ev.seat < 0 and ev.text.startswith("votes "):
                shown["DARK" if int(ev.text.split()[1]) in d else "HONEST"] += 1
            if ev.seat < 0 and ev.text.startswith("exposed ") and ev.text.endswith("dark"):
                exposed_dark += 1
            probe.apply_action(ev.action)
    for role in ("DARK", "HONEST"):
        got = f["contracts"].get(role, {"keep": 0, "break": 0})
        assert got["keep"] + got["break"] == resolved[role]
        votes = f["votes"].get(f"{role} heuristic")
        assert (sum(x["k"] for x in votes.values()) if votes else 0) == shown[role]
    assert f["exposed"]["DARK"]["k"] == exposed_dark and f["exposed"]["DARK"]["n"] == 4
    sure = f["honest_votes_when_belief_ge_0.9"].get("heuristic", {})
    assert sum(x["k"] for x in sure.values()) <= shown["HONEST"]
    assert "wins: DARK" in text("x", f)
