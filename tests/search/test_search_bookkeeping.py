"""Correctness review of the search (ext/ismcts.pyx, search/ismcts.py): the memory cap with
multi-observer statistics, and the bookkeeping of an iteration-limited ensemble."""
import pytest

from intrigue.engine import new_game
from intrigue.ext.ismcts import Search
from intrigue.search.bot import make_bot


# --- the memory cap with multi-observer statistics ------------------------------------------------
def _record_mismatches(search, searcher, record_self, path=(), depth=0, out=None):
    """Public nodes (to ``depth`` 8) where the iterations through the node's decision children are
    not exactly those counted by the deciding seat's information-set records, as ``(path, public,
    records)``; with ``record_self`` False the searcher's own decisions keep no records and are skipped."""
    out = [] if out is None else out
    kids = search.children(path)
    deciders = {p for _, p, *_ in kids if p >= 0}
    public = sum(v for _, p, v, _, _ in kids if p >= 0)
    if public and (record_self or deciders != {searcher}):
        records = sum(v for rows in search.info_sets(path).values() for _, v, _, _ in rows)
        if records != public:
            out.append((path, public, records))
    if depth < 8:
        for a, *_ in kids:
            _record_mismatches(search, searcher, record_self, path + (a,), depth + 1, out)
    return out


@pytest.mark.parametrize("players,seed", [(2, 5), (3, 9), (4, 5)])
@pytest.mark.parametrize("observer", ["multi", "opponents"])
@pytest.mark.parametrize("cap", [40, 300, 3000])
def test_at_the_memory_cap_multi_observer_decisions_never_use_the_pooled_public_statistics(
        players, seed, observer, cap):
    # With multi-observer statistics each decision is taken from the deciding seat's information-set
    # record: every iteration through a decision's public children used exactly one record.  At the
    # cap a record may not be makeable; the iteration must then play out from there like any other
    # iteration that meets the cap -- not choose by the public node's statistics, which pool every
    # information set (the searcher's true cards included) and keep no availability counts.
    info = new_game("coup", players=players, seed=seed).information_state(0)
    search = Search(info.core, 0, 3, c=0.7, observer=observer, max_nodes=cap, initial_nodes=16)
    search.run(4000)
    assert search.node_count == cap                         # the cap was reached
    assert _record_mismatches(search, 0, observer == "multi") == []
    stats = search.root_stats()
    assert stats and sum(v for _, v, _, _ in stats) <= 4000


def test_below_the_cap_every_multi_observer_decision_uses_a_record():
    info = new_game("coup", players=3, seed=9).information_state(0)
    search = Search(info.core, 0, 3, c=0.7, observer="multi")
    search.run(4000)
    assert search.node_count < search.max_nodes
    assert _record_mismatches(search, 0, True) == []


# --- an iteration-limited ensemble ----------------------------------------------------------------
@pytest.mark.parametrize("iterations,tree,trees", [(3000, 1000, 3), (1000, 1000, 1), (3500, 1000, 4)])
def test_an_iteration_limited_ensemble_reports_the_trees_it_searched(iterations, tree, trees):
    # the last tree ends the search: no fresh, empty tree is started after it, and what the trees did
    # (self-determinized iterations) is summed over all of them, not read from the last one only
    info = new_game("coup", players=4, seed=5).information_state(0)
    an = make_bot(f"ismcts:iterations={iterations},tree={tree}", seed=3).choose(info)
    assert an.iterations == iterations
    assert an.extra["trees"] == trees
    assert sum(an.extra["votes"].values()) == iterations // tree      # one vote per finished tree
    assert 0.2 * iterations < an.extra["self_iterations"] < 0.8 * iterations   # selfdet=0.5


def test_ensemble_statistics_sum_the_trees_once():
    # the merged root statistics are the trees' own, each counted once: the first tree of a two-tree
    # ensemble is the one-tree search with the same seed
    info = new_game("coup", players=4, seed=5).information_state(0)
    one = make_bot("ismcts:iterations=1000,tree=1000,tiebreak=false", seed=3).choose(info)
    two = make_bot("ismcts:iterations=2000,tree=1000,tiebreak=false", seed=3).choose(info)
    assert sum(s.visits for s in one.stats) == 1000
    assert sum(s.visits for s in two.stats) == 2000
    first = {s.action: s.visits for s in one.stats}
    assert all(s.visits >= first[s.action] for s in two.stats)
