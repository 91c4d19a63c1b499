"""A straightforward pure-Python single-observer ISMCTS, written from the algorithm's description,
used to cross-check the C loop in :mod:`intrigue.ext.ismcts` step for step.

It draws from one :class:`~intrigue.ext.game_api.Rng` in the same order as the C loop (determinize,
then per expansion one uniform pick among the untried actions, chance events, playout), keeps
children newest-first and breaks UCB ties towards the first child met, so on the same seed both
must build the same tree.
"""
import math

from intrigue.ext.game_api import Rng

CHANCE, TERMINAL = -1, -2


class RefNode:
    __slots__ = ("action", "player", "visits", "avail", "reward", "children")

    def __init__(self, action, player):
        self.action, self.player = action, player
        self.visits = self.avail = 0
        self.reward = 0.0
        self.children = []          # newest first


def reference_search(core, seat, iterations, seed, c=0.7):
    rng = Rng(seed)
    root = RefNode(-1, -1)
    for _ in range(iterations):
        st = core.clone()
        st.determinize(seat, rng)
        node, path = root, [root]
        while True:
            while st.current_player() == CHANCE:
                st.sample_chance(rng)
            p = st.current_player()
            if p < 0:
                break
            legal = st.legal_actions()
            available = [ch for ch in node.children if ch.action in legal]
            best, bestv = None, -1e300
            for ch in available:
                v = ch.reward / ch.visits + c * math.sqrt(math.log(ch.avail) / ch.visits)
                if v > bestv:
                    best, bestv = ch, v
                ch.avail += 1
            have = {ch.action for ch in available}
            untried = [a for a in legal if a not in have]
            if untried:
                a = untried[rng.below(len(untried))]
                fresh = RefNode(a, p)
                fresh.avail = 1
                node.children.insert(0, fresh)
                st.apply(a)
                path.append(fresh)
                break
            st.apply(best.action)
            node = best
            path.append(best)
        st.playout(rng)
        ret = st.returns()
        root.visits += 1
        for nd in path[1:]:
            nd.visits += 1
            nd.reward += ret[nd.player]
    return sorted((ch.action, ch.visits, ch.reward, ch.avail) for ch in root.children)
