"""The arena on Ray (issue 16): the same games as the local pool, records by the driver, and no game lost
or counted twice when a worker dies.  Marked ``cluster`` (deselected by default; run with
``pip install '.[ray]' && pytest -m cluster``)."""
import dataclasses
import os

import pytest
from support.arena import GameKiller

from intrigue.engine.records import GameRecord
from intrigue.search.arena import Arena, Ladder, MatchConfig, SprtMatch
from intrigue.search.ratings import Sprt

pytestmark = pytest.mark.cluster


@pytest.fixture(scope="module")
def ray_local(tmp_path_factory):
    """A local Ray of 2 CPUs for this module, whose workers log every game start in ``trace``."""
    ray = pytest.importorskip("ray")
    trace = tmp_path_factory.mktemp("trace")
    ray.init(address="local", num_cpus=2, include_dashboard=False, logging_level="ERROR", log_to_driver=False,
             runtime_env={"env_vars": {"INTRIGUE_ARENA_TRACE": str(trace)}})
    try:
        yield ray, trace
    finally:
        ray.shutdown()


def _keys(match):
    return [o.key() for o in match.outcomes]


def test_seeded_arena_gives_the_local_pools_games(ray_local, tmp_path):
    specs = ["ismcts:iterations=150", "heuristic", "random"]
    local = Arena(MatchConfig(game="coup", ruleset="standard", players=3, seed=9, workers=2), specs=specs, games=12)
    local.run()
    on_ray = Arena(MatchConfig(game="coup", ruleset="standard", players=3, seed=9, records=str(tmp_path),
                               backend="ray"), specs=specs, games=12)
    summary = on_ray.run()
    assert _keys(on_ray) == _keys(local) and summary["backend"] == "ray"
    # the driver wrote the records, and they replay to the reported results
    files = sorted(tmp_path.glob("*.msgpack"))
    assert len(files) == 12
    for f, outcome in zip(files, on_ray.outcomes):
        assert list(GameRecord.load(f).replay().result().placings) == outcome.placings
    assert all(o.worker and o.worker.split(":")[1] != str(os.getpid()) for o in on_ray.outcomes)


def test_ladder_and_sprt_on_ray_match_the_local_runs(ray_local):
    specs = ["random", "heuristic", "ismcts:iterations=40"]
    local = Ladder(MatchConfig(game="coup", ruleset="standard", players=2, seed=2), specs=specs, games=4, paired=True)
    remote = Ladder(MatchConfig(game="coup", ruleset="standard", players=2, seed=2, backend="ray"),
                    specs=specs, games=4, paired=True)
    assert local.run()["ladder"]["elo"] == remote.run()["ladder"]["elo"]
    assert _keys(local) == _keys(remote)
    kw = dict(specs=["heuristic", "random"], games=200, sprt=Sprt(0, 100), paired=True)
    local = SprtMatch(MatchConfig(game="coup", ruleset="standard", players=2, seed=5), **kw)
    remote = SprtMatch(MatchConfig(game="coup", ruleset="standard", players=2, seed=5, backend="ray"), **kw)
    assert local.run()["sprt"] == remote.run()["sprt"]
    assert _keys(local) == _keys(remote)


def test_team_matches_and_multi_process_bots_on_ray(ray_local):
    config = MatchConfig(game="politics", players=6, seed=2, options={"length": "half"})
    kw = dict(games=3, team_bots={"dark": "heuristic", "honest": "random"})
    local = Arena(config, **kw)
    remote = Arena(dataclasses.replace(config, backend="ray"), **kw)
    local.run()
    assert remote.run()["bots"][0]["team"] == "dark"
    assert _keys(local) == _keys(remote) and [o.teams for o in local.outcomes] == [o.teams for o in remote.outcomes]
    # a bot searching in 2 processes takes 2 CPUs a game; it plays the same games as in one process
    specs = ["ismcts:iterations=200,workers=2", "heuristic"]
    local = Arena(MatchConfig(game="coup", ruleset="standard", players=2, seed=3), specs=specs, games=2)
    remote = Arena(MatchConfig(game="coup", ruleset="standard", players=2, seed=3, backend="ray"), specs=specs, games=2)
    local.run()
    remote.run()
    assert _keys(local) == _keys(remote)


def test_a_worker_killed_mid_run_has_its_game_played_again(ray_local):
    ray, trace = ray_local
    for f in trace.iterdir():
        f.unlink()
    killer = GameKiller(trace)
    specs = ["ismcts:iterations=4000", "ismcts:iterations=3000"]
    arena = Arena(MatchConfig(game="coup", ruleset="standard", players=2, seed=4, backend="ray", max_retries=3),
                  specs=specs, games=8)
    summary = arena.run(killer)
    assert killer.killed
    assert [o.index for o in arena.outcomes] == list(range(8))          # none lost, none twice
    assert summary["games"] == 8 and sum(b["games"] for b in summary["bots"]) == 16
    assert killer.rerun() is not None                                    # a killed game ran again
    local = Arena(MatchConfig(game="coup", ruleset="standard", players=2, seed=4), specs=specs, games=8)
    local.run()
    assert _keys(arena) == _keys(local)


def test_an_interrupted_ray_run_reports_the_games_finished(ray_local):
    def stop_after_three(match, outcome):
        if len(match.outcomes) == 3:
            raise KeyboardInterrupt
    arena = Arena(MatchConfig(game="coup", ruleset="standard", players=2, seed=6, backend="ray"),
                  specs=["heuristic", "random"], games=200)
    with pytest.raises(KeyboardInterrupt):
        arena.run(stop_after_three)
    assert arena.summary()["games"] == 3 and len({o.index for o in arena.outcomes}) == 3
    # the games that finished are the seeded games; the test's own Ray is still there for the next run
    local = Arena(MatchConfig(game="coup", ruleset="standard", players=2, seed=6),
                  specs=["heuristic", "random"], games=12)
    local.run()
    byindex = {o.index: o.key() for o in local.outcomes}
    assert all(byindex[o.index] == o.key() for o in arena.outcomes)
    again = Arena(MatchConfig(game="coup", ruleset="standard", players=2, seed=6, backend="ray"),
                  specs=["heuristic", "random"], games=12)
    again.run()
    assert _keys(again) == _keys(local)
