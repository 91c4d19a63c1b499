"""The arena's tools for search tuners: the ladder, the SPRT, paired deals, thinking time per decision
kind, and stopping (Ctrl-C) with the games finished."""
import dataclasses
import json

import pytest

from intrigue.cli.main import main
from intrigue.engine.records import GameRecord
from intrigue.search.arena import Arena, ArenaError, Ladder, MatchConfig, SprtMatch, pair_score
from intrigue.search.ratings import Sprt, fit_elo, llr


def _keys(match):
    return [o.key() for o in match.outcomes]


def test_ladder_plays_every_pair_and_rates_the_bots(tmp_path):
    specs = ["random", "heuristic", "ismcts:iterations=60"]
    lad = Ladder(MatchConfig(game="coup", ruleset="standard", players=2, seed=3, records=str(tmp_path)),
                 specs=specs, games=8, paired=True)
    summary = lad.run()
    assert summary["games"] == 24 and [p["games"] for p in summary["pairs"]] == [8, 8, 8]
    assert sorted(o.index for o in lad.outcomes) == list(range(24))
    elo = [b["elo"] for b in summary["bots"]]
    assert sum(elo) == pytest.approx(0, abs=0.5)                       # anchored at mean 0
    assert elo[1] > elo[0] and all(b["elo_error95"] > 0 for b in summary["bots"])
    # the ratings are the fit of the pairs' results, each deal's two games one unit
    games = [(*lad.pairs[o.index // 8], pair_score(o, lad.pairs[o.index // 8][0])) for o in lad.outcomes]
    fit = fit_elo(3, games, units=[(o.index // 8, (o.index % 8) // 2) for o in lad.outcomes], virtual_draws=1.0)
    assert elo == pytest.approx([round(x, 1) for x in fit.elo], abs=0.051)
    for p in summary["pairs"]:
        assert p["wins"] + p["draws"] + p["losses"] == 8
    # paired: games 2m and 2m+1 of a pair share the deal, the seats swapped; every pair plays the same deals
    recs = {int(f.stem.split("_")[1]): GameRecord.load(f) for f in tmp_path.glob("*.msgpack")}
    assert len(recs) == 24
    for p, (a, b) in enumerate(lad.pairs):
        for k in range(0, 8, 2):
            one, two = recs[p * 8 + k], recs[p * 8 + k + 1]
            assert one.meta["seed"] == two.meta["seed"] == recs[k].meta["seed"]
            assert one.meta["bots"] == [specs[a], specs[b]] and two.meta["bots"] == [specs[b], specs[a]]
        assert len({recs[p * 8 + k].meta["seed"] for k in range(8)}) == 4


def test_ladder_anchor_and_unpaired_deals():
    lad = Ladder(MatchConfig(game="coup", ruleset="standard", players=2, seed=1),
                 specs=["random", "heuristic"], games=6, anchor=0)
    summary = lad.run()
    assert summary["bots"][0]["elo"] == 0.0 and summary["bots"][1]["elo_error95"] > 0
    assert len({lad.deal(k) for k in range(6)}) == 6                   # unpaired: a deal per game
    assert [o.seats for o in lad.outcomes[:2]] == [[0, 1], [1, 0]]     # seats alternate
    four = Ladder(MatchConfig(game="coup", ruleset="standard", players=4, seed=1),
                  specs=["random", "heuristic"], games=2)
    assert four.layout(0, 1, 0) == [0, 1, 0, 1] and four.layout(0, 1, 1) == [1, 0, 1, 0]
    four.run()
    assert four.summary()["bots"][0]["games"] == 2


def test_bad_ladders_are_refused():
    with pytest.raises(ArenaError, match="two bots"):
        Ladder(MatchConfig(game="coup", players=2), specs=["random"], games=4)
    with pytest.raises(ArenaError, match="distinct"):
        Ladder(MatchConfig(game="coup", players=2), specs=["random", "random"], games=4)
    with pytest.raises(ArenaError, match="even"):
        Ladder(MatchConfig(game="coup", players=2), specs=["random", "heuristic"], games=5, paired=True)
    with pytest.raises(ArenaError, match="two bots"):
        SprtMatch(MatchConfig(game="coup", players=2), specs=["random", "heuristic", "random"], games=10, sprt=Sprt())


@pytest.mark.parametrize("paired", [False, True])
def test_sprt_stops_at_the_first_game_that_decides(paired):
    sprt = Sprt(0, 100, 0.05, 0.05)
    match = SprtMatch(MatchConfig(game="coup", ruleset="standard", players=2, seed=2),
                      specs=["heuristic", "random"], games=400, sprt=sprt, paired=paired)
    summary = match.run()
    s = summary["sprt"]
    assert s["decision"] == "H1" and summary["games"] < 400
    # recompute the counts game by game from the outcomes: the LLR first reaches a bound at the last game
    counts = [0] * (5 if paired else 3)
    scores = [pair_score(o, 0) for o in match.outcomes]
    assert [o.index for o in match.outcomes] == list(range(len(scores)))
    crossed_at = None
    for i, sc in enumerate(scores):
        if paired:
            if i % 2 == 0:
                continue
            counts[round(2 * (scores[i - 1] + sc))] += 1
        else:
            counts[round(2 * sc)] += 1
        if crossed_at is None and llr(counts, 0, 100) >= sprt.bounds[1]:
            crossed_at = i + 1
    assert crossed_at == len(scores) and s["results"] == counts
    assert s["llr"] == pytest.approx(llr(counts, 0, 100), abs=1e-4)
    low, high = s["elo_ci95"]                 # high is None (unbounded) when every counted game was won
    assert s["elo"] > 0 and low < s["elo"] and (high is None or s["elo"] < high)
    assert [h[0] for h in match.history] == sorted(h[0] for h in match.history)


def test_sprt_stops_at_the_same_game_with_workers():
    config = MatchConfig(game="coup", ruleset="standard", players=2, seed=4)
    kw = dict(specs=["heuristic", "random"], games=200, sprt=Sprt(0, 100), paired=True)
    serial = SprtMatch(config, **kw)
    serial.run()
    pooled = SprtMatch(dataclasses.replace(config, workers=2), **kw)
    pooled.run()
    assert _keys(serial) == _keys(pooled) and serial.status["llr"] == pooled.status["llr"]


def test_an_equal_pair_accepts_h0():
    match = SprtMatch(MatchConfig(game="coup", ruleset="standard", players=2, seed=1),
                      specs=["random", "random"], games=2000, sprt=Sprt(0, 150))
    assert match.run()["sprt"]["decision"] == "H0"


def test_thinking_time_per_decision_kind():
    arena = Arena(MatchConfig(game="coup", ruleset="standard", players=2, seed=1),
                  specs=["ismcts:iterations=50", "random"], games=4)
    summary = arena.run()
    kinds = summary["bots"][0]["think_by_kind"]
    assert "action" in kinds and kinds["action"]["decisions"] > 0
    # decisions with a choice add up to the moves counted per seat; forced ones are counted apart
    assert sum(k["decisions"] for k in kinds.values()) == sum(o.moves[s] for o in arena.outcomes
                                                               for s, i in enumerate(o.seats) if i == 0)
    for k in kinds.values():
        if k["decisions"]:
            assert 0 < k["mean_ms"] <= k["max_ms"]
    total_decisions = sum(o.decisions for o in arena.outcomes)
    counted = sum(k["decisions"] + k["forced"] for b in summary["bots"] for k in b["think_by_kind"].values())
    assert counted == total_decisions
    # the search's iterations are reported per decision with a choice (a fixed count here); random has none
    assert summary["bots"][0]["iterations_per_decision"] == 50.0
    assert all(k["mean_iterations"] == 50.0 for k in kinds.values() if k["decisions"])
    assert summary["bots"][1]["iterations_per_decision"] == 0.0


@pytest.mark.parametrize("workers", [1, 2])
def test_an_interrupted_run_reports_the_games_finished(workers):
    arena = Arena(MatchConfig(game="coup", ruleset="standard", players=2, seed=1, workers=workers),
                  specs=["heuristic", "random"], games=400)

    def stop_after_five(match, outcome):
        if len(match.outcomes) == 5:
            raise KeyboardInterrupt
    with pytest.raises(KeyboardInterrupt):
        arena.run(stop_after_five)
    summary = arena.summary()
    assert summary["games"] == 5 and sum(b["games"] for b in summary["bots"]) == 10
    full = Arena(MatchConfig(game="coup", ruleset="standard", players=2, seed=1),
                 specs=["heuristic", "random"], games=400)
    full.run()
    byindex = {o.index: o.key() for o in full.outcomes}
    assert all(byindex[o.index] == o.key() for o in arena.outcomes)


def test_ladder_and_sprt_commands(tmp_path, capsys):
    out = tmp_path / "ladder.json"
    rc = main(["arena", "--ladder", "--bots", "random", "heuristic", "--games", "6", "--paired", "--seed", "2",
               "--json", str(out), "-q"])
    assert rc == 0
    data = json.loads(out.read_text())
    assert data["mode"] == "ladder" and data["ladder"]["anchor"] == "mean 0" and len(data["pairs"]) == 1
    text = capsys.readouterr().out
    assert "Elo" in text and "±" in text
    out = tmp_path / "sprt.json"
    rc = main(["arena", "--bots", "heuristic", "random", "--sprt", "elo0=0", "elo1=100", "alpha=0.05",
               "--games", "300", "--seed", "2", "--json", str(out)])
    assert rc == 0
    data = json.loads(out.read_text())
    assert data["mode"] == "sprt" and data["sprt"]["decision"] == "H1"
    assert data["sprt"]["elo1"] == 100 and data["sprt"]["beta"] == 0.05
    cap = capsys.readouterr()
    assert "H1 accepted" in cap.out and "LLR" in cap.err            # the ratio shown as it goes
    for args in (["--bots", "random", "heuristic", "--paired"],
                 ["--bots", "random", "heuristic", "--sprt", "gamma=3"],
                 ["--bots", "random", "heuristic", "random", "--sprt", "elo1=5"],
                 ["--ladder", "--bots", "random", "random"],
                 ["--ladder", "--sprt", "elo1=5", "--bots", "random", "heuristic"],
                 ["--bots", "random", "heuristic", "--address", "localhost:1"]):
        rc = main(["arena", *args, "--games", "2", "-q"])
        assert rc == 2, args
        assert "Traceback" not in capsys.readouterr().err
    # a mistyped SPRT key is named, not taken for a third bot, wherever --sprt stands
    for args in (["--bots", "random", "heuristic", "--sprt", "elo0=0", "elo1=5", "alpah=0.05"],
                 ["--sprt", "elo0=0", "elo1=5", "alpah=0.05", "--bots", "random", "heuristic"]):
        assert main(["arena", *args, "--games", "2", "-q"]) == 2
        err = capsys.readouterr().err
        assert "'alpah=0.05'" in err and "got 3" not in err
    # an output file that cannot be written is refused before any game is played
    rc = main(["arena", "--bots", "random", "heuristic", "--games", "2", "--json", str(tmp_path / "no" / "x.json")])
    assert rc == 2
    cap = capsys.readouterr()
    assert "cannot write" in cap.err and "win rate" not in cap.out


def test_json_to_stdout_is_json_alone(capsys):
    # '--json -' printed the table and then the JSON on stdout, so stdout did not parse
    assert main(["arena", "--game", "coup", "--players", "4", "--bots", "heuristic", "random", "random", "random",
                 "--games", "4", "--seed", "1", "-q", "--json", "-"]) == 0
    cap = capsys.readouterr()
    summary = json.loads(cap.out)
    assert summary["games"] == 4 and "win rate" in cap.err     # the table goes to stderr


def test_one_game_is_said_in_the_singular(capsys):
    assert main(["arena", "--game", "kuhn", "--bots", "heuristic", "random", "--games", "1", "--seed", "1",
                 "-q"]) == 0
    assert "2 players, 1 game, seed 1" in capsys.readouterr().out


@pytest.mark.parametrize("game,unit", [("coup", "turns"), ("politics", "rounds"), ("kuhn", "events")])
def test_game_length_is_given_in_the_unit_the_game_counts(capsys, game, unit):
    # the Politics Game has no turn counter: its "turns" were its events (555 "turns" to 376 decisions)
    options = ["-o", "length=half"] if game == "politics" else []
    assert main(["arena", "--game", game, "--bots", "random", "--games", "2", "--seed", "1", "-q", *options,
                 "--json", "-"]) == 0
    cap = capsys.readouterr()
    summary = json.loads(cap.out)
    assert summary["length_unit"] == unit and f" {unit} (" in cap.err
    if game == "politics":
        assert summary["mean_turns"] == 6            # half length: six rounds
    if game != "kuhn":
        assert summary["mean_turns"] < summary["mean_decisions"]


@pytest.mark.slow
def test_a_local_worker_killed_mid_run_has_its_game_played_again(tmp_path, monkeypatch):
    from support.arena import GameKiller
    monkeypatch.setenv("INTRIGUE_ARENA_TRACE", str(tmp_path))       # spawned workers log each game
    killer = GameKiller(tmp_path)

    # games long enough (a few hundred ms) that the newest one is still running when it is killed,
    # even on a loaded machine (with 3000 iterations a game could end before the kill landed)
    specs = ["ismcts:iterations=9000", "ismcts:iterations=6000"]
    arena = Arena(MatchConfig(game="coup", ruleset="standard", players=2, seed=4, workers=2), specs=specs, games=8)
    arena.run(killer)
    assert killer.killed
    assert [o.index for o in arena.outcomes] == list(range(8))          # none lost, none twice
    assert killer.rerun() is not None                                    # a killed game ran again
    monkeypatch.delenv("INTRIGUE_ARENA_TRACE")
    serial = Arena(MatchConfig(game="coup", ruleset="standard", players=2, seed=4), specs=specs, games=8)
    serial.run()
    assert _keys(arena) == _keys(serial)


def test_the_ray_backend_without_ray_is_a_clear_error(monkeypatch, capsys):
    import sys
    monkeypatch.setitem(sys.modules, "ray", None)                      # import ray -> ImportError
    with pytest.raises(ArenaError, match=r"pip install 'intrigue\[ray\]'"):
        Arena(MatchConfig(game="coup", ruleset="standard", players=2, backend="ray"),
              specs=["random", "random"], games=2).run()
    rc = main(["arena", "--backend", "ray", "--bots", "random", "random", "--games", "2", "-q"])
    assert rc == 2 and "intrigue[ray]" in capsys.readouterr().err


@pytest.mark.slow
def test_sprt_records_only_the_games_it_counted(tmp_path):
    match = SprtMatch(MatchConfig(game="coup", ruleset="standard", players=2, seed=2, workers=2, records=str(tmp_path)),
                      specs=["heuristic", "random"], games=400, sprt=Sprt(0, 100))
    match.run()
    names = sorted(f.name for f in tmp_path.glob("*.msgpack"))
    assert names == [f"game_{o.index:05d}.msgpack" for o in match.outcomes]
