"""The arena: seat rotation, statistics, reproducibility, records, and the ``intrigue arena`` command."""
import json
import math

import pytest

from intrigue.cli.main import main
from intrigue.engine.records import GameRecord
from intrigue.search.arena import Arena, ArenaError, MatchConfig, derive_seed, seating, wilson
from intrigue.search.bot import BotSpecError


def test_wilson_interval():
    lo, hi = wilson(50, 100)
    assert lo == pytest.approx(0.4038, abs=1e-4) and hi == pytest.approx(0.5962, abs=1e-4)
    lo, hi = wilson(0, 10)
    assert lo == 0.0 and hi == pytest.approx(0.2775, abs=1e-4)
    assert wilson(0, 0) == [0.0, 1.0]


def test_rotation_gives_every_bot_every_seat_equally():
    n = 4
    seen = {(seating(g, n)[s], s) for g in range(n) for s in range(n)}
    assert len(seen) == n * n
    for g in range(8):
        assert sorted(seating(g, n)) == list(range(n))


def test_seeds_are_derived_deterministically():
    assert derive_seed(1, 2, 3) == derive_seed(1, 2, 3)
    assert len({derive_seed(1, g) for g in range(100)}) == 100


def test_arena_statistics_and_reproducibility():
    first = Arena(MatchConfig(game="coup", ruleset="standard", players=3, seed=5),
                  specs=["heuristic", "random", "heuristic"], games=30).run()
    again = Arena(MatchConfig(game="coup", ruleset="standard", players=3, seed=5),
                  specs=["heuristic", "random", "heuristic"], games=30).run()
    for d in (first, again):
        d.pop("seconds")
        for b in d["bots"]:
            b.pop("ms_per_decision")
            b.pop("think_by_kind")
    assert first == again
    bots = first["bots"]
    assert [b["spec"] for b in bots] == ["heuristic", "random", "heuristic"]
    assert all(b["games"] == 30 for b in bots)
    assert sum(b["wins"] + b["draws"] for b in bots) >= 30
    for b in bots:
        lo, hi = b["ci95"]
        assert lo <= b["win_rate"] <= hi
        assert 1.0 <= b["mean_placing"] <= 3.0
    assert first["mean_turns"] > 0


def test_multi_seat_arena_rates_the_distinct_bots(capsys):
    # one heuristic seat against three random ones: the placings add up, the winners' Elo is Luce's
    # 400 log10(3p / (1 - p)) of the heuristic's win rate, and the whole order gives a second figure
    arena = Arena(MatchConfig(game="coup", ruleset="standard", players=4, seed=4),
                  specs=["heuristic", "random", "random", "random"], games=40)
    d = arena.run()
    heur = d["bots"][0]
    assert sum(heur["placings"]) == 40 and len(heur["placings"]) == 4
    assert sum((k + 1) * n for k, n in enumerate(heur["placings"])) == pytest.approx(40 * heur["mean_placing"])
    r = d["ratings"]
    assert r["bots"] == ["heuristic", "random"] and r["model"] == "plackett-luce"
    p = heur["wins"] / 40
    assert 0 < p < 1
    assert r["winners"]["difference"]["elo"] == pytest.approx(400 * math.log10(3 * p / (1 - p)), abs=0.1)
    assert r["order"]["difference"]["elo"] > 0 and r["order"]["error95"][0] > 0
    assert sum(r["winners"]["elo"]) == pytest.approx(0.0, abs=0.2)
    # heads-up, one spec in every seat, or a team match: no multi-player ratings
    assert "ratings" not in Arena(MatchConfig(game="coup", ruleset="standard", players=2, seed=1),
                                  specs=["heuristic", "random"], games=4).run()
    assert "ratings" not in Arena(MatchConfig(game="coup", ruleset="standard", players=3, seed=1),
                                  specs=["random"] * 3, games=3).run()
    rc = main(["arena", "--players", "4", "--bots", "heuristic", "random", "random", "random",
               "--games", "8", "--seed", "4", "-q"])
    assert rc == 0
    out = capsys.readouterr().out
    assert "from the finishing order" in out and "Elo heuristic - random:" in out


@pytest.mark.slow
def test_parallel_arena_plays_the_same_games():
    serial = Arena(MatchConfig(game="coup", ruleset="standard", players=2, seed=3),
                   specs=["heuristic", "ismcts:iterations=200"], games=8)
    serial.run()
    parallel = Arena(MatchConfig(game="coup", ruleset="standard", players=2, seed=3, workers=2),
                     specs=["heuristic", "ismcts:iterations=200"], games=8)
    parallel.run()
    key = lambda a: [(o.index, o.seats, o.placings, o.turns) for o in a.outcomes]  # noqa: E731
    assert key(serial) == key(parallel)


def test_records_replay_to_the_reported_result(tmp_path):
    arena = Arena(MatchConfig(game="coup", ruleset="seed-th", players=3, seed=2, records=str(tmp_path)),
                  specs=["heuristic", "random", "ismcts:iterations=100"], games=6)
    arena.run()
    files = sorted(tmp_path.glob("*.msgpack"))
    assert len(files) == 6
    for f, outcome in zip(files, arena.outcomes):
        rec = GameRecord.load(f)
        final = rec.replay()
        assert list(final.result().placings) == outcome.placings
        assert rec.meta["bots"] == [arena.specs[i] for i in outcome.seats]


def test_bad_arena_setups_are_refused():
    with pytest.raises(ArenaError):
        Arena(MatchConfig(game="coup", ruleset="standard", players=3), specs=["heuristic", "random"], games=10)
    with pytest.raises(BotSpecError):
        Arena(MatchConfig(game="coup", ruleset="standard", players=2), specs=["heuristic", "nobot"], games=10)


def test_arena_command(tmp_path, capsys):
    out = tmp_path / "out.json"
    rc = main(["arena", "--game", "coup", "--players", "2", "--bots", "heuristic", "random",
               "--games", "20", "--seed", "1", "--json", str(out), "--records", str(tmp_path / "rec"), "-q"])
    assert rc == 0
    data = json.loads(out.read_text())
    assert [b["spec"] for b in data["bots"]] == ["heuristic", "random"]
    for b in data["bots"]:
        assert {"spec", "games", "wins", "win_rate", "ci95", "mean_placing"} <= set(b)
    assert data["games"] == 20 and data["mean_turns"] > 0
    assert len(list((tmp_path / "rec").glob("*.msgpack"))) == 20
    table = capsys.readouterr().out
    assert "heuristic" in table and "95% CI" in table


def test_arena_command_errors_are_one_line(capsys):
    rc = main(["arena", "--players", "3", "--bots", "heuristic", "random", "--games", "2", "-q"])
    assert rc == 2
    err = capsys.readouterr().err
    assert err.startswith("error:") and "Traceback" not in err
    rc = main(["arena", "--bots", "ismcts:depth=2", "--games", "2", "-q"])
    assert rc == 2


def test_arena_help_lists_bot_options(capsys):
    rc = main(["arena", "--help"])
    assert rc == 0
    text = capsys.readouterr().out
    for word in ("ismcts", "iterations=", "workers=", "belief=", "heuristic", "random"):
        assert word in text


# --- team matches (games with hidden teams) -----------------------------------------------------------
@pytest.mark.slow
def test_team_bots_are_seated_by_the_dealt_roles(tmp_path):
    arena = Arena(MatchConfig(game="politics", players=6, options={"length": "half"}, seed=4, records=str(tmp_path)),
                  games=6, team_bots={"DARK": "ismcts:iterations=100", "honest": "heuristic"})
    summary = arena.run()
    assert [(b["team"], b["spec"]) for b in summary["bots"]] == [("dark", "ismcts:iterations=100"),
                                                                ("honest", "heuristic")]
    for f, outcome in zip(sorted(tmp_path.glob("*.msgpack")), arena.outcomes):
        final = GameRecord.load(f).replay()
        dark = final.core.dark_seats()
        assert outcome.teams == {"dark": dark, "honest": [p for p in range(6) if p not in dark]}
        assert GameRecord.load(f).meta["bots"] == ["ismcts:iterations=100" if p in dark else "heuristic"
                                                   for p in range(6)]
        res = final.result()
        assert outcome.winners == list(res.winners)
    dark, honest = summary["bots"]
    assert dark["games"] == honest["games"] == 6
    wins = sum(1 for o in arena.outcomes if set(o.winners) <= set(o.teams["dark"]))
    assert dark["wins"] == wins and honest["wins"] + dark["wins"] + dark["draws"] == 6
    assert dark["draws"] == honest["draws"] == summary["draws"]     # a tie inside one team is its win
    # the same seed plays the same deals whatever the bots: paired comparisons with the mirror match
    mirror = Arena(MatchConfig(game="politics", players=6, options={"length": "half"}, seed=4),
                   games=6, team_bots={"dark": "heuristic", "honest": "heuristic"})
    mirror.run()
    assert [o.teams for o in mirror.outcomes] == [o.teams for o in arena.outcomes]


def test_bad_team_setups_are_refused():
    with pytest.raises(ArenaError, match="no teams"):
        Arena(MatchConfig(game="coup", players=3), games=2, team_bots={"dark": "random", "honest": "random"})
    with pytest.raises(ArenaError, match="no team 'red'"):
        Arena(MatchConfig(game="politics", players=6), games=2, team_bots={"dark": "random", "red": "random"})
    with pytest.raises(ArenaError, match="one bot per team"):
        Arena(MatchConfig(game="politics", players=6), games=2, team_bots={"dark": "random"})
    with pytest.raises(ArenaError, match="not both"):
        Arena(MatchConfig(game="politics", players=6),
              specs=["random"] * 6, games=2, team_bots={"dark": "random", "honest": "random"})


def test_team_arena_command(tmp_path, capsys):
    out = tmp_path / "teams.json"
    rc = main(["arena", "--game", "politics", "--team-bots", "DARK=heuristic", "HONEST=random", "--games", "4",
               "--seed", "2", "-o", "length=half", "--json", str(out), "-q"])
    assert rc == 0
    data = json.loads(out.read_text())
    assert [b["team"] for b in data["bots"]] == ["dark", "honest"] and data["players"] == 6
    assert "dark: heuristic" in capsys.readouterr().out
    for args in (["--team-bots", "DARK"], ["--team-bots", "DARK=random", "DARK=heuristic"],
                 ["--bots", "random", "--team-bots", "DARK=random"], []):
        rc = main(["arena", "--game", "politics", *args, "--games", "1", "-q"])
        assert rc == 2
        assert "Traceback" not in capsys.readouterr().err
