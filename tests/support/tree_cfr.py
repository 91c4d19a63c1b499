"""A plain-Python CFR+ for small two-player games given as explicit trees (a reference for tests).

A tree is made of :class:`Node` objects; :func:`game_tree` builds one from any game of the engine
through its public interface (chance odds from the kernel, information sets from ``Game.visibility``:
what the seat deciding has seen), and a test can build one by hand from a rules text.  :func:`solve`
runs CFR+ (alternating updates, regrets floored at 0, linearly weighted average) and returns seat 0's
value under the average policy and the policy's NashConv from exact best responses.  Slow and simple
on purpose: it is the yardstick, not the tool.
"""
from __future__ import annotations

from typing import Dict, Hashable, List, Optional, Sequence, Tuple


class Node:
    """``player`` is a seat (decision), -1 (chance) or None (terminal, ``value``: seat 0's reward, and
    seat 1 gets ``total - value``); ``children`` pairs each action's label with its child (and, at
    chance, ``odds`` the probabilities); ``key`` names the decision's information set."""

    __slots__ = ("player", "key", "children", "odds", "value")

    def __init__(self, player: Optional[int], key: Hashable = None, value: float = 0.0) -> None:
        self.player = player
        self.key = key
        self.children: List[Tuple[Hashable, "Node"]] = []
        self.odds: List[float] = []
        self.value = value


def game_tree(game) -> Node:
    """The full tree of a two-player ``game`` of the engine (rewards: ``core.returns()``)."""
    def build(core, views) -> Node:
        if core.is_terminal():
            return Node(None, value=core.returns()[0])
        cp = core.current_player()
        odds = dict(core.chance_outcomes()) if cp < 0 else {}
        node = Node(-1) if cp < 0 else Node(cp, key=(cp, views[cp]))
        for a in core.legal_actions():
            text = game.action_to_string(core, a)
            private_to, redacted = game.visibility(core, a)
            seen = tuple(v + ((text,) if private_to is None or s in private_to else
                              ((redacted,) if redacted is not None else ()))
                         for s, v in enumerate(views))
            child = core.clone()
            child.apply(a)
            node.children.append((text, build(child, seen)))
            if cp < 0:
                node.odds.append(odds[a])
        return node

    return build(game.new_initial_state().core, ((),) * game.num_players)


def _infosets(root: Node) -> Dict[Hashable, int]:
    """Every information set's number of actions (checking that its nodes agree)."""
    out: Dict[Hashable, int] = {}
    stack = [root]
    while stack:
        n = stack.pop()
        if n.player is not None and n.player >= 0:
            k = len(n.children)
            assert out.setdefault(n.key, k) == k, n.key
        stack.extend(c for _, c in n.children)
    return out


def _policy(table: Sequence[float]) -> List[float]:
    pos = [max(x, 0.0) for x in table]
    total = sum(pos)
    return [x / total for x in pos] if total > 0 else [1.0 / len(table)] * len(table)


def solve(root: Node, iterations: int, total: float = 1.0) -> Tuple[float, float, Dict[Hashable, List[float]]]:
    """CFR+ for ``iterations``; returns (seat 0's value, NashConv, average policy by information set)."""
    sizes = _infosets(root)
    regret = {k: [0.0] * m for k, m in sizes.items()}
    avg = {k: [0.0] * m for k, m in sizes.items()}

    def utility(node: Node, seat: int) -> float:
        return node.value if seat == 0 else total - node.value

    def cfr(node: Node, seat: int, reach_me: float, reach_other: float, t: int) -> float:
        if node.player is None:
            return utility(node, seat)
        if node.player < 0:
            return sum(p * cfr(c, seat, reach_me, reach_other * p, t) for p, (_, c) in zip(node.odds, node.children))
        sigma = _policy(regret[node.key])
        if node.player == seat:
            vals = [cfr(c, seat, reach_me * s, reach_other, t) for s, (_, c) in zip(sigma, node.children)]
            v = sum(s * x for s, x in zip(sigma, vals))
            r = regret[node.key]
            for i, x in enumerate(vals):
                r[i] += reach_other * (x - v)
            return v
        a = avg[node.key]
        for i, s in enumerate(sigma):
            a[i] += t * reach_other * s          # the opponent's own reach is reach_other here
        return sum(s * cfr(c, seat, reach_me, reach_other * s, t) for s, (_, c) in zip(sigma, node.children))

    for t in range(1, iterations + 1):
        for seat in (0, 1):
            cfr(root, seat, 1.0, 1.0, t)
            for r in regret.values():            # CFR+: regrets are floored at zero
                for i, x in enumerate(r):
                    if x < 0.0:
                        r[i] = 0.0
    policy = {k: _policy(v) for k, v in avg.items()}
    value = _expected(root, policy)
    nash_conv = sum(best_response(root, policy, seat, total) for seat in (0, 1)) - total
    return value, nash_conv, policy


def _expected(node: Node, policy: Dict[Hashable, List[float]]) -> float:
    if node.player is None:
        return node.value
    probs = node.odds if node.player < 0 else policy[node.key]
    return sum(p * _expected(c, policy) for p, (_, c) in zip(probs, node.children))


def best_response(root: Node, policy: Dict[Hashable, List[float]], seat: int, total: float = 1.0) -> float:
    """The value for ``seat`` of its best response to ``policy`` (the other seat plays ``policy``)."""
    # the seat's information sets, later ones first (by the number of the seat's own decisions before
    # them, which perfect recall makes the same at every node of a set), each choosing its action by
    # counterfactual value
    groups: Dict[Hashable, List[Tuple[Node, float]]] = {}
    depth: Dict[Hashable, int] = {}

    def collect(node: Node, reach: float, d: int) -> None:
        if node.player is None:
            return
        if node.player == seat:
            groups.setdefault(node.key, []).append((node, reach))
            assert depth.setdefault(node.key, d) == d, "not a game of perfect recall"
            for _, c in node.children:
                collect(c, reach, d + 1)
            return
        probs = node.odds if node.player < 0 else policy[node.key]
        for p, (_, c) in zip(probs, node.children):
            collect(c, reach * p, d)

    collect(root, 1.0, 0)
    choice: Dict[Hashable, int] = {}

    def value(node: Node) -> float:
        if node.player is None:
            return node.value if seat == 0 else total - node.value
        if node.player == seat:
            return value(node.children[choice[node.key]][1])
        probs = node.odds if node.player < 0 else policy[node.key]
        return sum(p * value(c) for p, (_, c) in zip(probs, node.children))

    for key in sorted(groups, key=lambda k: -depth[k]):       # deeper sets are decided first
        nodes = groups[key]
        scores = [sum(r * value(n.children[i][1]) for n, r in nodes) for i in range(len(nodes[0][0].children))]
        choice[key] = max(range(len(scores)), key=scores.__getitem__)
    return value(root)
