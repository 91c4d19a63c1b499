"""A search tuner's walk through the arena and the benchmarks: what a short run prints and writes,
Ctrl-C, mistakes refused in one line, the pytest-benchmark cases and bench/think_times.py."""
import importlib.util
import json
import pathlib
import subprocess
import sys

import pytest

from intrigue.cli import arena as cli_arena
from intrigue.cli.main import main
from intrigue.search.arena import Arena, Match, MatchConfig
from support import REPO

ROOT = REPO


def test_multi_seat_ratings_are_refused_rather_than_read_plus_minus_zero(capsys):
    # eight games among four are two deals: three bots' ratings from them printed +2068 +- 64,
    # +2037 +- 64, -4105 +- 0.0 from the winners and +220.0 +- 1.3 from the finishing order
    specs = ["ismcts:iterations=50", "heuristic", "heuristic", "random"]
    r = Arena(MatchConfig(game="coup", ruleset="standard", players=4, seed=2), specs=specs, games=8).run()["ratings"]
    assert "2 deals" in r["winners"]["error"] and "2 deals" in r["order"]["error"]
    # twelve games (three deals) in which random never won: no rating from the winners (it printed
    # -4207.9 +- 0.0), one from the finishing order, where random did finish ahead of someone
    arena = Arena(MatchConfig(game="coup", ruleset="standard", players=4, seed=1),
                  specs=["heuristic", "random", "random", "ismcts:iterations=50"], games=12)
    d = arena.run()
    assert d["bots"][1]["wins"] == d["bots"][2]["wins"] == 0
    assert d["ratings"]["winners"]["error"].startswith("random never won a game against heuristic")
    assert min(d["ratings"]["order"]["error95"]) > 10.0
    assert main(["arena", "--players", "4", "--bots", "heuristic", "random", "random", "ismcts:iterations=50",
                 "--games", "12", "--seed", "1", "-q"]) == 0
    out = capsys.readouterr().out
    assert "no ratings from the winners: random never won" in out and "± 0.0" not in out


def _stop_after(monkeypatch, games):
    """Ctrl-C (a KeyboardInterrupt in the driver) once ``games`` games have finished."""
    def progress(self, match, outcome):
        if len(match.outcomes) >= games:
            raise KeyboardInterrupt
    monkeypatch.setattr(cli_arena._Progress, "__call__", progress)


def test_ctrl_c_prints_the_games_finished_and_exits_130(tmp_path, monkeypatch, capsys):
    # an interrupted run exited 0, so `intrigue arena ... && next` went on and a loop of runs in a
    # script could not be stopped with Ctrl-C; it now ends with 130 as every other command does
    _stop_after(monkeypatch, 3)
    out = tmp_path / "run.json"
    rc = main(["arena", "--bots", "heuristic", "random", "--games", "40", "--seed", "1", "--json", str(out)])
    assert rc == 130
    cap = capsys.readouterr()
    data = json.loads(out.read_text())
    assert data["interrupted"] is True and data["games"] == 3
    assert "interrupted after 3 games" in cap.err and "Traceback" not in cap.err
    assert f"{data['bots'][0]['wins']:>5}" in cap.out and "mean game length" in cap.out


def test_ctrl_c_before_any_game_prints_no_none(monkeypatch, capsys):
    def interrupted(self, progress=None):
        raise KeyboardInterrupt
    monkeypatch.setattr(Match, "run", interrupted)
    for args in (["--bots", "heuristic", "random"], ["--ladder", "--bots", "heuristic", "random"],
                 ["--bots", "heuristic", "random", "--sprt", "elo1=10"]):
        assert main(["arena", *args, "--games", "4", "-q"]) == 130
        cap = capsys.readouterr()
        # the last line read "mean game length None turns (None decisions)"
        assert "None" not in cap.out and "no game finished" in cap.err, cap.out


def _bench_module(path):
    spec = importlib.util.spec_from_file_location(f"bench_{path.stem}", path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_pytest_benchmark_cases_have_a_group_and_distinct_names():
    # `pytest bench/` printed Coup's test_clone and test_random_playout[6] and Politics' ones of the
    # same names in one table (group None in --benchmark-json), with nothing to tell them apart
    seen = {}
    for path in sorted((ROOT / "bench").glob("test_bench_*.py")):
        module = _bench_module(path)
        marks = module.pytestmark if isinstance(module.pytestmark, list) else [module.pytestmark]
        groups = [m.kwargs["group"] for m in marks if m.name == "benchmark"]
        assert len(groups) == 1, path.name
        for name in dir(module):
            if name.startswith("test_"):
                assert (groups[0], name) not in seen, (path.name, seen.get((groups[0], name)))
                seen[(groups[0], name)] = path.name
    assert {g for g, _ in seen} >= {"coup", "politics", "shadow_master"}


def _think_times(*args):
    return subprocess.run([sys.executable, str(ROOT / "bench" / "think_times.py"), *args], capture_output=True,
                          text=True, timeout=120)


@pytest.mark.slow
def test_think_times_prints_json_and_refuses_mistakes_in_one_line():
    # a bot that does not search stopped on an AssertionError; empty figures printed NaN, which is
    # not JSON; a bad spec or player count was a traceback
    r = _think_times("--games", "1", "--seed", "1", "--spec", "heuristic", "--forced-games", "1")
    assert r.returncode == 0, r.stderr
    figures = {line.split(": ", 1)[0]: json.loads(line.split(": ", 1)[1]) for line in r.stdout.splitlines()}
    assert figures["round_ms"] == {"n": 0, "p50": None, "p95": None, "max": None, "mean": None}   # Coup: no rounds
    assert figures["forced_in_1_heuristic_games_ms"]["n"] > 0 and figures["choice_ms"]["n"] > 0
    # a game that numbers its rounds: the bots' thinking per round, what a person waits for
    r = _think_times("--game", "shadow_master", "--players", "4", "--games", "1", "--spec", "heuristic",
                     "--forced-games", "0")
    assert r.returncode == 0, r.stderr
    rounds = json.loads(r.stdout.split("round_ms: ", 1)[1].splitlines()[0])
    assert rounds["n"] > 1 and rounds["max"] >= rounds["p50"] > 0
    for args in (["--spec", "bogus"], ["--spec", "heuristic", "--players", "9"], ["--game", "chess"]):
        r = _think_times("--games", "1", *args)
        assert r.returncode == 2 and "Traceback" not in r.stderr
        assert r.stderr.strip().splitlines()[-1].startswith("think_times.py: error: ")


@pytest.mark.parametrize("workers", [1, 2])
@pytest.mark.slow
def test_a_seeded_rerun_gives_the_same_table_and_json(tmp_path, capsys, workers):
    # the table's figures are the --json's, and a rerun (or another --workers) gives the same games
    outs = []
    for w in (1, workers):
        path = tmp_path / f"l{w}.json"
        assert main(["arena", "--ladder", "--bots", "random", "heuristic", "ismcts:iterations=50", "--games", "4",
                     "--paired", "--seed", "5", "--workers", str(w), "-q", "--json", str(path)]) == 0
        outs.append((json.loads(path.read_text()), capsys.readouterr().out))
    (one, text), (two, _) = outs
    assert one["ladder"] == two["ladder"] and one["pairs"] == two["pairs"]
    for b in one["bots"]:
        assert f"{b['elo']:>+7.1f}  {'±' + format(b['elo_error95'], '.1f'):>7}" in text
    for d, p in zip(one["ladder"]["differences"], one["pairs"]):
        assert f"+{p['wins']} ={p['draws']} -{p['losses']}, Elo difference {d['elo']:+.1f} ± {d['error95']:.1f}" in text
