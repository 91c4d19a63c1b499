"""How searching bots decide in Coup among three or more players: the heuristic's policy, corrected.

The belief (:mod:`intrigue.engine.coup.belief`) weighs every hand an opponent might hold by how
likely that hand makes the opponent's decisions.  Its ``truthful`` model reads them with the
heuristic bot's policy, bluffing a tenth as often.  Among four, the bots a search meets are mostly
searches, and they do not decide like the heuristic: the default's own self-play (300 games among
four at 3,000 iterations) has them take foreign aid and coup more, claim a role they do not hold
far less often than the heuristic, block an assassination with a Contessa they hold and a foreign
aid almost never, and challenge when the claim hurts them.  On held-out decisions the heuristic's
probabilities score a log-loss of 2.38 a turn action, 0.45 a challenge and 0.67 a block; the
correction here 1.25, 0.39 and 0.17 (docs/search.md, "Belief inference"; an earlier table, fitted
to an earlier default, scores 1.85, 0.50 and 0.20 on the same decisions).

The correction is a log-linear model per kind of decision (a turn action, a challenge of a claim or
of a block, a block)::

    P(a) proportional to exp(theta[category(a)]) * (p_heuristic(a) + EPS) ** beta

where the category says what the action is for the seat that takes it (``tax_t``: a tax holding a
Duke, ``tax_b``: a bluffed one; ``ch_blk_hurt_i1``: challenging a block of one's own action with one
influence left; ...), the reference actions (income, pass) score 0, and ``beta`` says how much of the
heuristic's own preferences remain.  :data:`FITTED` is fitted by maximum likelihood (Newton's
method with a small ridge; the problem is convex) by ``bench/fit_coup_policy.py`` from arena
records, which also prints the held-out log-losses above.  The opponent model ``fitted`` of the
belief applies it; the search uses it among three or more players (``Coup.seat_search_defaults``).
"""
from __future__ import annotations

import math
from typing import Any, Dict, Iterable, List, Optional, Sequence, Tuple

import numpy as np

from intrigue.ext.coup_core import FIT_EPS, Action, Kind, Phase, Role, policy_fitted

EPS = FIT_EPS                          # keeps log p finite where the heuristic never plays a move

GROUP_OF_PHASE = {Phase.ACTION: "act", Phase.CHALLENGE: "ch", Phase.BCHALLENGE: "ch",
                  Phase.BLOCK: "blk"}
_KIND_NAME = {Kind.FOREIGN_AID: "fa", Kind.ASSASSINATE: "ass", Kind.STEAL: "steal"}

# bench/fit_coup_policy.py DIR (DIR: intrigue arena --game coup --players 4 --workers 1 --bots
#   ismcts:iterations=3000 ismcts:iterations=3000 ismcts:iterations=3000 ismcts:iterations=3000
#   --games 300 --seed 21 --records DIR, with the default of the day), fitted on the first 70% of
#   the games.
#   The table lives in the kernel (``_POLICY_FITTED`` in ext/coup_policy.pxi), whose model of the
#   opponents inside the search applies it in C to the seats the belief reads as searches.
FITTED: Dict[str, Dict[str, float]] = policy_fitted()


def category(core: Any, seat: int, action: int, held: Optional[Sequence[int]] = None) -> Optional[str]:
    """What ``action`` is for ``seat`` deciding in ``core`` (its face-down cards, ``held`` or else
    ``core.face_down(seat)``, decide whether a claim is true), or None for a reference action
    (income, pass) and for phases the model leaves to the heuristic."""
    ph = core.phase
    held = core.face_down(seat) if held is None else held
    if ph == Phase.ACTION:
        if action == Action.INCOME:
            return None
        if action == Action.FOREIGN_AID:
            return "fa"
        if Action.COUP <= action < Action.ASSASSINATE:
            return "coup"
        for name, lo, hi, role in (("tax", Action.TAX, Action.TAX + 1, Role.DUKE),
                                   ("exch", Action.EXCHANGE, Action.EXCHANGE + 1, Role.AMBASSADOR),
                                   ("ass", Action.ASSASSINATE, Action.STEAL, Role.ASSASSIN),
                                   ("steal", Action.STEAL, Action.PASS, Role.CAPTAIN)):
            if lo <= action < hi:
                return name + ("_t" if role in held else "_b")
        return None
    if ph in (Phase.CHALLENGE, Phase.BCHALLENGE):
        if action != Action.CHALLENGE:
            return None
        of_block = ph == Phase.BCHALLENGE
        hurts = core.actor == seat if of_block else core.target == seat
        one = len(held) == 1
        return "ch_%s_%s_%s" % ("blk" if of_block else "act", "hurt" if hurts else "oth", "i1" if one else "i2")
    if ph == Phase.BLOCK:
        if not Action.BLOCK <= action < Action.REVEAL:
            return None
        true = action - Action.BLOCK in held
        return "blk_%s_%s" % (_KIND_NAME.get(core.kind, "other"), "t" if true else "b")
    return None


def adjust(core: Any, seat: int, legal: Sequence[int], probs: Dict[int, float],
           table: Optional[Dict[str, Dict[str, float]]] = None,
           held: Optional[Sequence[int]] = None) -> Dict[int, float]:
    """The heuristic's ``probs`` over ``legal`` corrected by the fitted model (``table``, default
    :data:`FITTED`) for ``seat`` holding ``held`` face down (default: what ``core`` says);
    unchanged in the phases the model does not cover (or with an empty table)."""
    par = (FITTED if table is None else table).get(GROUP_OF_PHASE.get(core.phase, ""))
    if not par or len(legal) < 2:
        return probs
    if held is None:
        held = core.face_down(seat)
    scores = _scores(par, [category(core, seat, a, held) for a in legal], [probs.get(a, 0.0) for a in legal])
    top = max(scores)
    e = [math.exp(s - top) for s in scores]
    z = sum(e)
    return {a: x / z for a, x in zip(legal, e)}


def _scores(par: Dict[str, float], cats: Sequence[Optional[str]], probs: Sequence[float]) -> List[float]:
    """The model's score of each action, given its category and the heuristic's probability."""
    beta = par.get("beta", 1.0)
    return [par.get(c or "", 0.0) + beta * math.log(p + EPS) for c, p in zip(cats, probs)]


# --- data and fit ---------------------------------------------------------------------------------
Row = Tuple[str, List[Optional[str]], List[float], int]   # group, categories, heuristic probs, chosen index


def rows_from_states(states: Iterable[Tuple[Any, int, int]], policy: Any) -> List[Row]:
    """One row per decision with a choice in a covered phase: ``states`` yields (state, seat, action
    chosen), the state full (every hand known, as in a record), ``policy`` the heuristic whose
    probabilities the model corrects (read from the seat's own information state)."""
    rows: List[Row] = []
    for state, seat, action in states:
        core = state.core
        group = GROUP_OF_PHASE.get(core.phase)
        if group is None:
            continue
        legal = state.legal_actions()
        if len(legal) < 2:
            continue
        p = policy.action_probs(state.information_state(seat))
        rows.append((group, [category(core, seat, a) for a in legal], [p.get(a, 0.0) for a in legal],
                     legal.index(action)))
    return rows


def _design(rows: Sequence[Row], names: List[str]) -> Tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Per legal action of every row its features (one-hot category, then log p), the row's first
    action's index, and the chosen action's index."""
    col = {c: i for i, c in enumerate(names)}
    feats: List[List[float]] = []
    starts: List[int] = []
    chosen: List[int] = []
    for _, cats, probs, pick in rows:
        starts.append(len(feats))
        chosen.append(len(feats) + pick)
        for c, p in zip(cats, probs):
            f = [0.0] * (len(names) + 1)
            if c is not None:
                f[col[c]] = 1.0
            f[-1] = math.log(p + EPS)
            feats.append(f)
    return np.array(feats, float), np.array(starts), np.array(chosen)


def _loglik(w: np.ndarray, x: np.ndarray, starts: np.ndarray, chosen: np.ndarray):
    """Mean log-likelihood, its gradient and Hessian (multinomial logit, rows of varying length)."""
    s = x @ w
    rows = np.repeat(np.arange(len(starts)), np.diff(np.append(starts, len(s))))
    top = np.maximum.reduceat(s, starts)
    e = np.exp(s - top[rows])
    z = np.add.reduceat(e, starts)
    p = e / z[rows]
    ll = float((s[chosen] - top - np.log(z)).sum())
    mean = np.add.reduceat(p[:, None] * x, starts)            # rows x features: E[x] per row
    grad = x[chosen].sum(0) - mean.sum(0)
    hess = -(p[:, None, None] * x[:, :, None] * x[:, None, :]).sum(0) + (mean[:, :, None] * mean[:, None, :]).sum(0)
    n = len(starts)
    return ll / n, grad / n, hess / n


def fit(rows: Sequence[Row], ridge: float = 1e-4, rounds: int = 50) -> Dict[str, Dict[str, float]]:
    """The maximum-likelihood table, per group, of the rows (Newton's method; a ridge of ``ridge``
    on every weight, beta's towards 1)."""
    out: Dict[str, Dict[str, float]] = {}
    for group in sorted({r[0] for r in rows}):
        rs = [r for r in rows if r[0] == group]
        names = sorted({c for r in rs for c in r[1] if c is not None})
        x, starts, chosen = _design(rs, names)
        w = np.zeros(len(names) + 1)
        w[-1] = 1.0
        prior = np.zeros_like(w)
        prior[-1] = 1.0

        def objective(v: np.ndarray) -> float:
            return _loglik(v, x, starts, chosen)[0] - 0.5 * ridge * float(((v - prior) ** 2).sum())

        for _ in range(rounds):
            ll, g, h = _loglik(w, x, starts, chosen)
            now = ll - 0.5 * ridge * float(((w - prior) ** 2).sum())
            g = g - ridge * (w - prior)
            h = h - ridge * np.eye(len(w))
            step = np.linalg.solve(h, g)
            t = 1.0                                  # halve the Newton step until the objective rises
            while t > 1e-6 and objective(w - t * step) < now:
                t *= 0.5
            w = w - t * step
            if float(np.abs(t * step).max()) < 1e-8:
                break
        out[group] = {**{c: round(float(v), 4) for c, v in zip(names, w[:-1])}, "beta": round(float(w[-1]), 4)}
    return out


def log_loss(rows: Sequence[Row], table: Optional[Dict[str, Dict[str, float]]]) -> Dict[str, float]:
    """Mean negative log-likelihood per group of the rows' choices under ``table`` (None: the
    heuristic's own probabilities, smoothed by EPS as the model sees them)."""
    sums: Dict[str, List[float]] = {}
    for group, cats, probs, pick in rows:
        s = _scores((table or {}).get(group, {}), cats, probs)
        top = max(s)
        ll = s[pick] - top - math.log(sum(math.exp(v - top) for v in s))
        acc = sums.setdefault(group, [0.0, 0.0])
        acc[0] -= ll
        acc[1] += 1
    return {g: a / n for g, (a, n) in sums.items()}


def table_text(table: Dict[str, Dict[str, float]], width: int = 100) -> str:
    """``table`` as the ``_POLICY_FITTED`` literal to paste into ext/coup_policy.pxi (lines of at most
    about ``width`` characters)."""
    lines = ["_POLICY_FITTED = {"]
    for group, par in table.items():
        lines.append(f'    "{group}": {{')
        line = "       "
        for k, v in par.items():
            item = f' "{k}": {v},'
            if len(line) + len(item) > width:
                lines.append(line)
                line = "       "
            line += item
        lines.append(line)
        lines.append("    },")
    lines.append("}")
    return "\n".join(lines)
