"""The search loop's seeded results, pinned: every combination of options the loop supports, in every
game, gives exactly the tree stored in ``tests/data/ismcts_steps.json``.

The loop (``ext/ismcts.pyx``) is written as named steps -- determinize, descend (one helper per
selection rule), expand, evaluate the leaf, backpropagate.  Rewriting or reordering those steps must
not change a single statistic: the same random numbers are drawn in the same order and the same sums
are made.  The fixture holds, per case, the root's statistics and a digest of the whole tree (every
node's children and information-set records, in their order, with exact reward sums) produced by the
loop as it stood before it was split; a refactoring that changes any of it fails here.

A deliberate change of the search's behaviour (or of a kernel's rules, playout or model, which the
search reads) re-records the fixture: ``python tests/search/test_ismcts_steps.py --write``, with the reason
in the commit.
"""
from __future__ import annotations

import hashlib
import json
import os
import sys
from typing import Any, Dict, List, Tuple

import pytest

from intrigue.engine import new_game
from intrigue.ext.game_api import Rng
from intrigue.ext.ismcts import Search, belief_table_size, model_ctx_size, model_observe
from support import DATA

FIXTURE = str(DATA / "ismcts_steps.json")

# positions: (game, ruleset, players, deal seed, random decisions played before the search)
POSITIONS: Dict[str, Tuple[str, str, int, int, int]] = {
    "coup2": ("coup", "standard", 2, 5, 0),
    "coup3": ("coup", "standard", 3, 9, 3),
    "coup4": ("coup", "standard", 4, 5, 9),
    "coup6": ("coup", "standard", 6, 1, 7),
    "coup2he": ("coup", "seed-he", 2, 3, 4),
    "politics": ("politics", "standard", 6, 2, 5),
    "politics_core": ("politics", "core", 7, 4, 5),
    "sm": ("shadow_master", "standard", 4, 3, 8),
    "sm_core": ("shadow_master", "core", 3, 7, 5),
    "kuhn2": ("kuhn", "standard", 2, 1, 0),
    "kuhn3": ("kuhn", "standard", 3, 2, 0),
}

BELIEF = {"table": True}                 # a belief table of seeded random weights (see _table)
MODEL = {"opponents": "model", "model_ctx": True}     # the context tracked along the decisions played

# (case name, position, iterations, options); c is always given
CASES: List[Tuple[str, str, int, Dict[str, Any]]] = [
    # Coup: every option of the loop
    ("coup2/plain", "coup2", 3000, {"c": 0.7}),
    ("coup3/plain", "coup3", 2500, {"c": 2.0, "playout": "policy"}),
    ("coup4/belief", "coup4", 2000, {"c": 2.0, **BELIEF}),
    ("coup4/selfdet", "coup4", 2000, {"c": 2.0, **BELIEF, "self_p": 0.5}),
    ("coup3/selfdet-uniform", "coup3", 2000, {"c": 2.0, "self_p": 0.5}),
    ("coup3/rootworlds-true", "coup3", 2000, {"c": 2.0, **BELIEF, "self_p": 0.5, "root_worlds": "true"}),
    ("coup6/multi", "coup6", 1500, {"c": 2.0, "observer": "multi"}),
    ("coup4/multi-public", "coup4", 2000, {"c": 2.0, **BELIEF, "self_p": 0.5, "observer": "multi",
                                           "opp_worlds": "public"}),
    ("coup3/opponents-observer", "coup3", 2000, {"c": 2.0, "self_p": 0.3, "observer": "opponents",
                                                 "opp_worlds": "public"}),
    ("coup4/model", "coup4", 2000, {"c": 2.0, **MODEL}),
    ("coup4/model-playout", "coup4", 1500, {"c": 2.0, **MODEL, "playout": "model"}),
    ("coup3/model-share-mixed", "coup3", 2000, {"c": 2.0, **MODEL, "model_share": 0.5, "playout": "mixed"}),
    ("coup3/model-multi-selfdet", "coup3", 2000, {"c": 2.0, **MODEL, "model_share": 0.5, "observer": "multi",
                                                  "opp_worlds": "public", **BELIEF, "self_p": 0.5}),
    ("coup4/smooth", "coup4", 2500, {"c": 2.0, "smooth": 0.9}),
    ("coup3/smooth-multi", "coup3", 2000, {"c": 2.0, "smooth": 0.7, "observer": "multi"}),
    ("coup4/rm", "coup4", 2500, {"c": 2.0, "rm": 0.3}),
    ("coup3/rm-multi-public", "coup3", 2500, {"c": 2.0, "rm": 0.1, "observer": "multi", "opp_worlds": "public",
                                              "self_p": 0.5}),
    ("coup3/rm-model-share", "coup3", 2000, {"c": 2.0, "rm": 0.2, **MODEL, "model_share": 0.5}),
    ("coup4/prior", "coup4", 2000, {"c": 2.0, "prior": 1.0, "model_ctx": True}),
    ("coup3/prior-model-rootworlds", "coup3", 2000, {"c": 2.0, "prior": 0.5, **MODEL, "model_share": 0.5,
                                                     "self_p": 0.5, "root_worlds": "true"}),
    ("coup2he/eval", "coup2he", 3000, {"c": 2.0, "leaf": "eval"}),
    ("coup2he/eval-policy-selfdet", "coup2he", 2000, {"c": 2.0, "leaf": "eval", "playout": "policy",
                                                      **BELIEF, "self_p": 0.5}),
    ("coup4/chance-tree", "coup4", 2000, {"c": 2.0, "_all_chance_public": True}),
    ("coup3/chance-tree-multi-rm", "coup3", 2000, {"c": 2.0, "_all_chance_public": True, "observer": "multi",
                                                   "rm": 0.3}),
    # the memory cap (the tree stops growing; with regret matching its array grows beside the nodes)
    ("coup4/cap", "coup4", 3000, {"c": 0.7, "max_nodes": 60, "initial_nodes": 16}),
    ("coup3/cap-multi", "coup3", 3000, {"c": 2.0, "max_nodes": 40, "initial_nodes": 16, "observer": "multi"}),
    ("coup3/cap-opponents-rm", "coup3", 3000, {"c": 2.0, "max_nodes": 300, "initial_nodes": 16,
                                               "observer": "opponents", "rm": 0.3}),
    ("coup4/cap-chance-rootworlds", "coup4", 3000, {"c": 2.0, "max_nodes": 100, "initial_nodes": 16,
                                                    "_all_chance_public": True, "self_p": 0.5,
                                                    "root_worlds": "true"}),
    # the Politics Game: scores, a model without context, chance outcomes made public
    ("politics/policy", "politics", 400, {"c": 2.0, "playout": "policy"}),
    ("politics/score-model", "politics", 400, {"c": 2.0, "playout": "policy", "score": 0.5, **MODEL,
                                               "model_share": 0.5, "prior": 0.5}),
    ("politics/multi-selfdet-rm", "politics", 400, {"c": 2.0, **BELIEF, "self_p": 0.5, "observer": "multi",
                                                    "opp_worlds": "public", "rm": 0.2}),
    ("politics_core/chance-tree-smooth", "politics_core", 400, {"c": 2.0, "_all_chance_public": True,
                                                                "smooth": 0.9, "playout": "policy"}),
    # Shadow Master: public chance outcomes in the tree
    ("sm/policy", "sm", 400, {"c": 2.0, "playout": "policy"}),
    ("sm/score-selfdet", "sm", 400, {"c": 2.0, "playout": "policy", "score": 0.5, **BELIEF, "self_p": 0.5,
                                     "root_worlds": "true"}),
    ("sm/multi-model", "sm", 400, {"c": 2.0, "observer": "multi", **MODEL, "model_share": 0.5,
                                   "playout": "mixed"}),
    ("sm_core/rm-cap", "sm_core", 600, {"c": 2.0, "rm": 0.3, "max_nodes": 200, "initial_nodes": 16}),
    ("sm_core/smooth-opponents", "sm_core", 500, {"c": 2.0, "smooth": 0.9, "observer": "opponents",
                                                  "self_p": 0.5}),
    # Kuhn poker: tiny trees searched to the end
    ("kuhn2/plain", "kuhn2", 3000, {"c": 0.7}),
    ("kuhn2/multi-rm", "kuhn2", 3000, {"c": 2.0, "observer": "multi", "rm": 0.2}),
    ("kuhn3/smooth", "kuhn3", 3000, {"c": 2.0, "smooth": 0.8}),
]


def _position(name: str):
    """The core, seat and model context of a position: the deal, then seeded random decisions."""
    game, ruleset, players, seed, moves = POSITIONS[name]
    state = new_game(game, ruleset=ruleset, players=players, seed=seed)
    ctx = bytes(model_ctx_size(state.core))
    pick = Rng(seed)
    for _ in range(moves):
        legal = state.legal_actions()
        a = legal[pick.below(len(legal))]
        ctx = model_observe(state.core, ctx, a)
        state.apply_action(a)
    seat = state.current_player()
    return state.information_state(seat).core, seat, ctx


def _table(core) -> List[float]:
    """Belief weights from a fixed generator (any non-negative weights exercise the chain)."""
    r = Rng(77)
    return [0.05 + r.below(1000) / 1000.0 for _ in range(belief_table_size(core))]


def _search(case: Tuple[str, str, int, Dict[str, Any]]) -> Search:
    _, position, iterations, options = case
    core, seat, ctx = _position(position)
    kw = dict(options)
    if kw.pop("table", False):
        kw["table"] = _table(core)
    if kw.pop("model_ctx", False):
        kw["model_ctx"] = ctx if ctx else None
    search = Search(core, seat, 1234567, **kw)
    search.run(iterations)
    return search


def _tree(search: Search, path: Tuple[int, ...] = (), out: Any = None) -> List[Any]:
    """Every node below ``path`` (children in list order, with their information-set records)."""
    out = [] if out is None else out
    kids = search.children(path)
    records = search.info_sets(path)
    out.append([list(path), [list(k) for k in kids],
                sorted([p, key, [list(r) for r in rows]] for (p, key), rows in records.items())])
    seen = set()
    for kid in kids:
        a = kid[0]
        if a in seen:               # a chance outcome and a decision with the same id: one path reaches both
            continue
        seen.add(a)
        _tree(search, path + (a,), out)
    return out


def _record(search: Search) -> Dict[str, Any]:
    nodes = _tree(search)
    tree = json.dumps(nodes, separators=(",", ":"))
    return {
        "iterations": search.iterations,
        "self_iterations": search.self_iterations,
        "node_count": search.node_count,
        "depth": search.depth,
        "tree_bytes": search.tree_bytes,
        "rng_state": search.rng_state(),
        "root_stats": [list(s) for s in search.root_stats()],
        "root_children": [list(k) for k in search.children()],
        "tree_sha256": hashlib.sha256(tree.encode()).hexdigest(),
        "chance_children": sum(1 for _, kids, _ in nodes for k in kids if k[1] == -1),
        "records": sum(len(records) for _, _, records in nodes),
    }


def _load() -> Dict[str, Any]:
    with open(FIXTURE, encoding="utf-8") as f:
        return json.load(f)


@pytest.mark.parametrize("case", CASES, ids=[c[0] for c in CASES])
def test_the_seeded_search_builds_exactly_the_recorded_tree(case):
    expected = _load()[case[0]]
    got = json.loads(json.dumps(_record(_search(case))))       # as stored: tuples become lists
    for field in ("iterations", "self_iterations", "node_count", "depth", "tree_bytes", "root_stats",
                  "root_children", "rng_state", "chance_children", "records", "tree_sha256"):
        assert got[field] == expected[field], field


def test_the_cases_exercise_what_they_name():
    # the options really were in play (a case that silently degenerates would pin nothing)
    recorded = _load()
    assert set(recorded) == {c[0] for c in CASES}
    for name, position, iterations, options in CASES:
        r = recorded[name]
        assert r["iterations"] == iterations
        if options.get("self_p"):
            assert 0 < r["self_iterations"] < iterations, name
        if "max_nodes" in options:
            assert r["node_count"] == options["max_nodes"], name       # the cap was reached
        else:
            assert r["node_count"] > len(r["root_children"]) and r["depth"] >= 2, name   # a tree, not a root
        if options.get("_all_chance_public") or position.startswith("sm"):
            assert r["chance_children"] > 0, name                       # public chance outcomes in the tree
        else:
            assert r["chance_children"] == 0, name
        assert (r["records"] > 0) == (options.get("observer", "single") != "single"), name
        if options.get("root_worlds") == "true":
            # the root's statistics count only the true-card worlds
            assert sum(v for _, v, _, _ in r["root_stats"]) < iterations, name


def _write() -> None:
    data = {case[0]: _record(_search(case)) for case in CASES}
    os.makedirs(os.path.dirname(FIXTURE), exist_ok=True)
    with open(FIXTURE, "w", encoding="utf-8") as f:
        json.dump(data, f, indent=1, sort_keys=True)
        f.write("\n")


if __name__ == "__main__":
    if sys.argv[1:] != ["--write"]:
        sys.exit("usage: python tests/search/test_ismcts_steps.py --write   (re-records the fixture)")
    _write()
