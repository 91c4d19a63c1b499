"""Solving small games: counterfactual regret minimisation over the whole tree, in C.

:func:`solve` builds the game's tree (:mod:`intrigue.search.tree`), runs a CFR variant
(:class:`intrigue.ext.tabular.Cfr`: ``dcfr`` by default, or ``cfr+``, ``linear``, ``cfr``) and scores
its average policy as it goes, at iterations 1, 2, 5, 10, 20, 50, ... and at the end, stopping early
once NashConv is at or below ``target``.  In two-player zero-sum games the average policy converges to
a Nash equilibrium and its values to the game's value per seat.  The policy can be saved
(:meth:`intrigue.search.policy.TabularPolicy.save`) and played by the ``solved:FILE`` bot.
"""
from __future__ import annotations

import dataclasses
import time
from typing import Any, Callable, Dict, Iterator, List, Optional

from intrigue.engine.errors import IntrigueError
from intrigue.engine.game import Game
from intrigue.search.exploit import Score, flat_tree
from intrigue.search.policy import TabularPolicy
from intrigue.search.tree import DEFAULT_MAX_NODES, GameTree, build_tree

DEFAULT_VARIANT = "dcfr"
VARIANTS = ("dcfr", "cfr+", "linear", "cfr")
MAX_ITERATIONS = 10_000_000


@dataclasses.dataclass
class Checkpoint:
    """The average policy's score after ``iteration`` iterations, ``seconds`` into the run (tree built)."""

    iteration: int
    seconds: float
    score: Score

    def to_dict(self) -> Dict[str, Any]:
        return {"iteration": self.iteration, "seconds": round(self.seconds, 4), **self.score.to_dict()}


@dataclasses.dataclass
class Solution:
    """The result of :func:`solve`."""

    tree: GameTree
    policy: TabularPolicy
    variant: str
    checkpoints: List[Checkpoint]
    build_seconds: float

    @property
    def last(self) -> Checkpoint:
        return self.checkpoints[-1]

    def to_dict(self) -> Dict[str, Any]:
        last = self.last
        return {"game": self.tree.game.to_dict(), "variant": self.variant, "tree": self.tree.describe(),
                "payoff": self.tree.payoff, "payoff_range": self.tree.payoff_range,
                "build_seconds": round(self.build_seconds, 3), "iterations": last.iteration,
                "seconds": round(last.seconds, 4), **last.score.to_dict(),
                "checkpoints": [c.to_dict() for c in self.checkpoints]}


def checkpoints(last: int) -> Iterator[int]:
    """1, 2, 5, 10, 20, 50, ... below ``last``, then ``last``."""
    k = 1
    while k < last:
        for m in (1, 2, 5):
            if k * m < last:
                yield k * m
        k *= 10
    yield last


def solve(game: Game, iterations: int = 1000, variant: str = DEFAULT_VARIANT, target: Optional[float] = None,
          max_nodes: int = DEFAULT_MAX_NODES, tree: Optional[GameTree] = None,
          on_checkpoint: Optional[Callable[[Checkpoint], None]] = None,
          on_build: Optional[Callable[[int], None]] = None) -> Solution:
    """Run ``iterations`` of CFR ``variant`` on ``game`` (stopping early once NashConv <= ``target``)."""
    if variant not in VARIANTS:
        raise IntrigueError(f"unknown solver {variant!r} (known: {', '.join(VARIANTS)})", field="variant")
    if not 1 <= iterations <= MAX_ITERATIONS:
        raise IntrigueError(f"iterations must be from 1 to {MAX_ITERATIONS:,}", field="iterations")
    from intrigue.ext.tabular import Cfr
    t0 = time.perf_counter()
    tree = tree if tree is not None else build_tree(game, max_nodes, progress=on_build)
    build_seconds = time.perf_counter() - t0
    cfr = Cfr(flat_tree(tree), variant)
    done: List[Checkpoint] = []
    t1 = time.perf_counter()
    scoring = 0.0                      # time spent scoring checkpoints, not counted as solving time
    for stop in checkpoints(iterations):
        cfr.run(stop - cfr.iterations)
        t2 = time.perf_counter()
        policy = TabularPolicy(tree, cfr.average_policy())
        point = Checkpoint(stop, t2 - t1 - scoring, Score.of(policy))
        scoring += time.perf_counter() - t2
        done.append(point)
        if on_checkpoint is not None:
            on_checkpoint(point)
        if target is not None and point.score.nash_conv <= target:
            break
    return Solution(tree, policy, variant, done, build_seconds)
