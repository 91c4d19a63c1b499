"""The full game tree of a small game, its size, and an exact solution by CFR+ (a measuring script).

``python bench/game_tree.py --game coup --ruleset mini-a`` walks every history of the game from the
deal (chance explicit) through the game interface alone -- ``Game.new_initial_state``, the kernel's
legal actions and chance odds, ``Game.visibility`` for what each seat sees -- and prints the number of
nodes (decision, chance, terminal) and of information sets, where an information set is what the seat
deciding has seen: its own view of the history (its private cards and draws, and every public event),
exactly as :meth:`State.view` builds it.

``--solve N`` then runs N iterations of CFR+ (alternating updates, linear averaging) on that tree with
numpy, one tree level at a time, and prints every ``--every`` iterations the average policy's NashConv
(the sum over the seats of what a best response gains against it, computed exactly on the tree) and
each seat's value.  The rewards are the game's ``Result.rewards`` (Coup: 1 to the winner, 0 to the
loser, shares at the turn cap).  This is a yardstick for a ruleset's size, not the engine's solver.

Nothing here names a game; it needs a game whose information sets each lie at one depth of the tree
(checked), which every game whose chance events all come at the same points of every history has.
"""
from __future__ import annotations

import argparse
import json
import sys
import time
from typing import Dict, List, Tuple

import numpy as np

from intrigue.engine import load_game
from intrigue.engine.flow import CHANCE, TERMINAL

DECISION, CHANCE_NODE, TERMINAL_NODE = 0, 1, 2


class Tree:
    """A game's full tree as flat arrays, in depth-first order (a node's children are consecutive)."""

    def __init__(self, game) -> None:
        self.game = game
        n = game.num_players
        self.n = n
        kind: List[int] = []
        player: List[int] = []
        depth: List[int] = []
        first: List[int] = []            # index of the first child (children are consecutive)
        count: List[int] = []            # number of children
        prob: List[float] = []           # chance probability of reaching this node from its parent
        infoset: List[int] = []          # information set id (decision nodes), else -1
        returns: List[Tuple[float, ...]] = []
        keys: Dict[Tuple[int, Tuple[str, ...]], int] = {}
        self.infoset_actions: List[int] = []
        self.infoset_player: List[int] = []
        self.infoset_key: List[Tuple[int, Tuple[str, ...]]] = []

        def new_node(core, views, d: int, p: float) -> int:
            i = len(kind)
            cp = core.current_player()
            kind.append(TERMINAL_NODE if cp == TERMINAL else CHANCE_NODE if cp == CHANCE else DECISION)
            player.append(cp)
            depth.append(d)
            first.append(-1)
            count.append(0)
            prob.append(p)
            infoset.append(-1)
            returns.append(tuple(core.returns()) if cp == TERMINAL else ())
            if cp >= 0:
                key = (cp, views[cp])
                j = keys.get(key)
                if j is None:
                    j = keys[key] = len(self.infoset_actions)
                    self.infoset_actions.append(len(core.legal_actions()))
                    self.infoset_player.append(cp)
                    self.infoset_key.append(key)
                infoset[i] = j
            return i

        root = game.new_initial_state().core
        stack = [(root, tuple(() for _ in range(n)), new_node(root, tuple(() for _ in range(n)), 0, 1.0))]
        while stack:
            core, views, i = stack.pop()
            if kind[i] == TERMINAL_NODE:
                continue
            legal = core.legal_actions()
            odds = dict(core.chance_outcomes()) if kind[i] == CHANCE_NODE else {}
            first[i] = len(kind)
            count[i] = len(legal)
            children = []
            for a in legal:
                text = game.action_to_string(core, a)
                private_to, redacted = game.visibility(core, a)
                p = odds[a] if kind[i] == CHANCE_NODE else 1.0
                child = core.clone()
                child.apply(a)
                seen = tuple(v + ((text,) if private_to is None or s in private_to else
                                  ((redacted,) if redacted is not None else ()))
                             for s, v in enumerate(views))
                children.append((child, seen, new_node(child, seen, depth[i] + 1, p)))
            stack.extend(reversed(children))      # children were numbered consecutively above
        self.kind = np.array(kind, np.int8)
        self.player = np.array(player, np.int16)
        self.depth = np.array(depth, np.int32)
        self.first = np.array(first, np.int64)
        self.count = np.array(count, np.int64)
        self.prob = np.array(prob, float)
        self.infoset = np.array(infoset, np.int64)
        self.returns = np.zeros((len(kind), n))
        for i, r in enumerate(returns):
            if r:
                self.returns[i] = r
        self.infoset_actions_arr = np.array(self.infoset_actions, np.int64)
        self.infoset_player_arr = np.array(self.infoset_player, np.int64)

    # --- size ------------------------------------------------------------------------------------
    def sizes(self) -> Dict[str, int]:
        return {"nodes": int(len(self.kind)), "decision_nodes": int((self.kind == DECISION).sum()),
                "chance_nodes": int((self.kind == CHANCE_NODE).sum()),
                "terminal_nodes": int((self.kind == TERMINAL_NODE).sum()),
                "infosets": len(self.infoset_actions),
                "infosets_per_seat": [int((self.infoset_player_arr == s).sum()) for s in range(self.n)],
                "depth": int(self.depth.max()), "sequences": int(self.infoset_actions_arr.sum())}


class CFRPlus:
    """CFR+ over a :class:`Tree`, vectorised by depth level."""

    def __init__(self, tree: Tree) -> None:
        self.t = t = tree
        # each information set's actions get consecutive slots of the regret and policy arrays
        self.slot0 = np.concatenate([[0], np.cumsum(t.infoset_actions_arr)[:-1]]).astype(np.int64)
        size = int(t.infoset_actions_arr.sum())
        self.regret = np.zeros(size)
        self.avg = np.zeros(size)
        self.iterations = 0
        # per edge (child node c of a decision or chance node): its parent, and its slot or odds
        parent = np.full(len(t.kind), -1, np.int64)
        index = np.zeros(len(t.kind), np.int64)        # the child's place among its siblings
        for i in np.nonzero(t.count)[0]:
            parent[t.first[i]:t.first[i] + t.count[i]] = i
            index[t.first[i]:t.first[i] + t.count[i]] = np.arange(t.count[i])
        self.parent = parent
        self.edge_slot = np.where((parent >= 0) & (t.kind[np.maximum(parent, 0)] == DECISION),
                                  self.slot0[t.infoset[np.maximum(parent, 0)]] + index, -1)
        self.levels = [np.nonzero(t.depth == d)[0] for d in range(int(t.depth.max()) + 1)]
        same_depth = np.zeros(len(t.infoset_actions), np.int64) - 1
        for d, nodes in enumerate(self.levels):
            ids = t.infoset[nodes][t.kind[nodes] == DECISION]
            if np.any((same_depth[ids] >= 0) & (same_depth[ids] != d)):
                raise ValueError("an information set spans several depths of the tree")
            same_depth[ids] = d

    def policy(self, average: bool) -> np.ndarray:
        """Per slot, the probability of its action at its information set."""
        x = self.avg if average else np.maximum(self.regret, 0.0)
        total = np.add.reduceat(x, self.slot0)
        k = self.t.infoset_actions_arr
        per = np.repeat(total, k)
        uniform = np.repeat(1.0 / k, k)
        return np.where(per > 0, x / np.where(per > 0, per, 1.0), uniform)

    def _edge_prob(self, pol: np.ndarray) -> np.ndarray:
        t = self.t
        return np.where(self.edge_slot >= 0, pol[np.maximum(self.edge_slot, 0)], t.prob)

    def reach(self, pol: np.ndarray) -> np.ndarray:
        """Per node and seat, the product of that seat's action probabilities on the way (chance:
        the last column)."""
        t = self.t
        edge = self._edge_prob(pol)
        r = np.ones((len(t.kind), t.n + 1))
        mover = np.where(self.edge_slot >= 0, t.player[np.maximum(self.parent, 0)], t.n)
        for nodes in self.levels[1:]:
            r[nodes] = r[self.parent[nodes]]
            r[nodes, mover[nodes]] *= edge[nodes]
        return r

    def values(self, pol: np.ndarray) -> np.ndarray:
        """Per node, every seat's expected return under ``pol`` (bottom-up)."""
        t = self.t
        edge = self._edge_prob(pol)
        v = t.returns.copy()
        for nodes in reversed(self.levels[1:]):
            np.add.at(v, self.parent[nodes], edge[nodes, None] * v[nodes])
        return v

    def iterate(self) -> None:
        t = self.t
        for seat in range(t.n):
            pol = self.policy(False)
            reach = self.reach(pol)
            v = self.values(pol)
            others = np.prod(np.delete(reach, seat, axis=1), axis=1)      # opponents' and chance's reach
            # regrets: for each of seat's decision nodes, the children's values minus the node's
            child = np.nonzero(self.edge_slot >= 0)[0]
            child = child[t.player[self.parent[child]] == seat]
            par = self.parent[child]
            gain = others[par] * (v[child, seat] - v[par, seat])
            delta = np.zeros_like(self.regret)
            np.add.at(delta, self.edge_slot[child], gain)
            self.regret = np.maximum(self.regret + delta, 0.0)
            # linear averaging of the policy just played, weighted by the seat's own reach
            w = reach[par, seat] * pol[self.edge_slot[child]] * (self.iterations + 1)
            # every node of an information set adds the same policy: count each set once per node
            np.add.at(self.avg, self.edge_slot[child], w)
        self.iterations += 1

    def best_response_values(self, pol: np.ndarray) -> List[float]:
        """Per seat, the value of a best response to ``pol`` for that seat (the others keep ``pol``)."""
        t = self.t
        reach = self.reach(pol)
        edge = self._edge_prob(pol)
        out = []
        for seat in range(t.n):
            others = np.prod(np.delete(reach, seat, axis=1), axis=1)
            v = t.returns[:, seat].copy()
            score = np.zeros(len(self.regret))
            for d in range(len(self.levels) - 2, -1, -1):
                ch = self.levels[d + 1]
                par = self.parent[ch]
                mine = (self.edge_slot[ch] >= 0) & (t.player[par] == seat)
                rest = ch[~mine]
                np.add.at(v, self.parent[rest], edge[rest] * v[rest])
                cm = ch[mine]
                if len(cm) == 0:
                    continue
                # the seat picks per information set the action of the best counterfactual value
                slots = self.edge_slot[cm]
                score[slots] = 0.0
                np.add.at(score, slots, others[self.parent[cm]] * v[cm])
                nodes = np.unique(self.parent[cm])
                ids = t.infoset[nodes]
                best = {}
                for j in np.unique(ids):
                    lo = self.slot0[j]
                    best[j] = int(np.argmax(score[lo:lo + t.infoset_actions_arr[j]]))
                pick = np.array([best[j] for j in ids], np.int64)
                v[nodes] = v[t.first[nodes] + pick]
            out.append(float(v[0]))
        return out

    def report(self) -> Dict[str, object]:
        pol = self.policy(True)
        value = self.values(pol)[0]
        br = self.best_response_values(pol)
        return {"iterations": self.iterations, "values": [float(x) for x in value],
                "best_response": br, "nash_conv": float(sum(b - x for b, x in zip(br, value)))}


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--game", default="coup")
    ap.add_argument("--ruleset", default=None)
    ap.add_argument("--players", type=int, default=2)
    ap.add_argument("--option", action="append", default=[], help="NAME=VALUE, repeatable")
    ap.add_argument("--solve", type=int, default=0, help="CFR+ iterations (0: only the size)")
    ap.add_argument("--every", type=int, default=100, help="report NashConv every this many iterations")
    ap.add_argument("--json", action="store_true")
    args = ap.parse_args()
    options = dict(o.split("=", 1) for o in args.option)
    game = load_game(args.game, args.ruleset, args.players, options)
    t0 = time.perf_counter()
    tree = Tree(game)
    sizes = tree.sizes()
    sizes["build_seconds"] = round(time.perf_counter() - t0, 2)
    out: Dict[str, object] = {"game": repr(game), "size": sizes}
    if not args.json:
        print(game, json.dumps(sizes), flush=True)
    if args.solve:
        solver = CFRPlus(tree)
        t0 = time.perf_counter()
        history = []
        while solver.iterations < args.solve:
            solver.iterate()
            if solver.iterations % args.every == 0 or solver.iterations == args.solve:
                rep = solver.report()
                rep["seconds"] = round(time.perf_counter() - t0, 2)
                history.append(rep)
                if not args.json:
                    print(json.dumps(rep), flush=True)
        out["solve"] = history
    if args.json:
        json.dump(out, sys.stdout)
        print()


if __name__ == "__main__":
    main()
