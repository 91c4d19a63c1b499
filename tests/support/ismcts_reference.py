"""A straightforward pure-Python single-observer ISMCTS, written from the algorithm's description,
used to cross-check the C loop in :mod:`intrigue.ext.ismcts` step for step.

It draws from one :class:`~intrigue.ext.game_api.Rng` in the same order as the C loop (determinize,
then per decision in the tree either one uniform pick among the untried actions -- the searcher --
or one draw from the opponent model -- a modelled opponent --, chance events, playout), keeps
children newest-first and breaks UCB ties towards the first child met, so on the same seed both
must build the same tree.

With ``model=True`` the opponents' decisions in the tree are sampled from the game's opponent model
(``model_probs``) given the public model context, which every decision on the path updates
(``model_observe``); ``playout="mixed"`` plays the opponents out by the model and the searcher
uniformly, ``"model"`` everyone by the model.
"""
import math

from intrigue.ext.game_api import Rng
from intrigue.ext.ismcts import model_ctx_size, model_observe, model_probs

CHANCE, TERMINAL = -1, -2


class RefNode:
    __slots__ = ("action", "player", "visits", "avail", "reward", "children")

    def __init__(self, action, player):
        self.action, self.player = action, player
        self.visits = self.avail = 0
        self.reward = 0.0
        self.children = []          # newest first


def _unit(rng):
    return (rng.next() >> 11) * (1.0 / 9007199254740992.0)


def _sample(legal, probs, rng):
    """The C loop's draw from a distribution over ``legal``: one uniform, walked cumulatively."""
    u = _unit(rng)
    pick = None
    for a, p in zip(legal, probs):
        if p > 0.0:
            pick = a
            if u < p:
                break
            u -= p
    return legal[-1] if pick is None else pick


def reference_search(core, seat, iterations, seed, c=0.7, model=False, ctx=None, playout="random"):
    model_playout = {"mixed": 1, "model": 2}.get(playout, 0)
    rng = Rng(seed)
    root = RefNode(-1, -1)
    size = model_ctx_size(core) if model else 0
    ctx0 = bytes(ctx) if ctx is not None else bytes(size)
    for _ in range(iterations):
        st = core.clone()
        st.determinize(seat, rng)
        cx = ctx0
        node, path = root, [root]
        while True:
            while st.current_player() == CHANCE:
                st.sample_chance(rng)
            p = st.current_player()
            if p < 0:
                break
            legal = st.legal_actions()
            modelled = model and p != seat
            pick = _sample(legal, model_probs(st, cx if size else None), rng) if modelled else None
            available = [ch for ch in node.children if ch.action in legal]
            best, bestv = None, -1e300
            for ch in available:
                if modelled:
                    if ch.action == pick:
                        best = ch
                else:
                    v = ch.reward / ch.visits + c * math.sqrt(math.log(ch.avail) / ch.visits)
                    if v > bestv:
                        best, bestv = ch, v
                ch.avail += 1
            have = {ch.action for ch in available}
            untried = [a for a in legal if a not in have]
            if (untried and not modelled) or (modelled and best is None):
                a = pick if modelled else untried[rng.below(len(untried))]
                fresh = RefNode(a, p)
                fresh.avail = 1
                node.children.insert(0, fresh)
                if size:
                    cx = model_observe(st, cx, a)
                st.apply(a)
                path.append(fresh)
                break
            if size:
                cx = model_observe(st, cx, best.action)
            st.apply(best.action)
            node = best
            path.append(best)
        if model_playout:
            while True:
                p = st.current_player()
                if p == CHANCE:
                    st.sample_chance(rng)
                    continue
                if p < 0:
                    break
                legal = st.legal_actions()
                if p == seat and model_playout == 1:
                    a = legal[rng.below(len(legal))]
                else:
                    a = _sample(legal, model_probs(st, cx if size else None), rng)
                if size:
                    cx = model_observe(st, cx, a)
                st.apply(a)
        else:
            st.playout(rng)
        ret = st.returns()
        root.visits += 1
        for nd in path[1:]:
            nd.visits += 1
            nd.reward += ret[nd.player]
    return sorted((ch.action, ch.visits, ch.reward, ch.avail) for ch in root.children)
