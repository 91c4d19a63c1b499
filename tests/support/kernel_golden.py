"""Seeded outputs of the Coup, Politics and Shadow Master kernels, condensed to digests.

A kernel may be reorganised or made faster, but it must keep playing the same games: the same legal
actions in the same order, the same states byte for byte (``encode()``), the same chance odds, the
same policy and heuristic choices, the same belief tables and the same search decisions from the same
seeds.  :func:`golden` computes all of these for a fixed set of seeds and options and condenses each
to a SHA-256 digest (or, where small, the value itself); ``tests/data/kernel_golden.json`` holds what
the kernels produced before they were split by concern, and ``tests/engine/test_kernel_golden.py`` checks
that they still produce it, section by section.

Regenerate the file only when a rule change is meant to change the games:
``python tests/support/kernel_golden.py > tests/data/kernel_golden.json``.
"""
from __future__ import annotations

import hashlib
import json
import os
import struct
import sys
from typing import Any, Callable, Dict, Iterable, List

from intrigue.engine import new_game
from intrigue.engine.registry import load_game
from intrigue.ext import coup_check, coup_core, politics_check, politics_core, shadow_master_check, shadow_master_core
from intrigue.ext.game_api import Rng
from support import DATA


class Digest:
    """SHA-256 over a sequence of values: bytes as they are, floats by their IEEE bytes (bit-exact),
    everything else by ``repr``."""

    def __init__(self) -> None:
        self.h = hashlib.sha256()
        self.count = 0

    def add(self, *values: Any) -> None:
        for v in values:
            if isinstance(v, (bytes, bytearray)):
                self.h.update(b"b" + bytes(v))
            elif isinstance(v, float):
                self.h.update(b"f" + struct.pack("<d", v))
            elif isinstance(v, (list, tuple)):
                self.h.update(b"[")
                self.add(*v)
                self.h.update(b"]")
            elif isinstance(v, dict):
                self.h.update(b"{")
                for k in sorted(v, key=repr):
                    self.add(k, v[k])
                self.h.update(b"}")
            else:
                self.h.update(b"r" + repr(v).encode())
        self.count += 1

    def hex(self) -> str:
        return self.h.hexdigest()[:32]


def _kernel_game(core: Any, rng: Rng, on_step: Callable[[Any, Digest], None], d: Digest) -> int:
    """Play ``core`` to the end uniformly at random (chance by its odds) from ``rng``; every step adds
    the legal actions (with their odds at a chance node) and the state's bytes to ``d``."""
    steps = 0
    while not core.is_terminal():
        if core.is_chance_node():
            d.add("c", core.chance_outcomes())
            d.add(core.sample_chance(rng))
        else:
            legal = core.legal_actions()
            d.add("d", core.current_player(), legal)
            a = legal[rng.below(len(legal))]
            on_step(core, d)
            core.apply(a)
        d.add(core.encode())
        steps += 1
    d.add("returns", core.returns())
    return steps


def _hidden_views(core: Any, d: Digest, rng: Rng) -> None:
    """Every seat's determinization, canonical form and re-deal consistent with the move about to be
    played: the hidden-information hooks along a game."""
    for seat in range(core.num_players):
        det = core.clone()
        det.determinize(seat, rng)
        can = core.clone()
        can.canonicalize(seat)
        d.add(det.encode(), can.encode())


def random_games(make: Callable[[], Any], seeds: Iterable[int], deep: bool = False) -> Dict[str, Any]:
    """Per seed, a uniformly random game's length and a digest of every step of it."""
    out = {}
    for seed in seeds:
        d = Digest()
        rng = Rng(seed)
        side = Rng(seed + 1000)
        steps = _kernel_game(make(), rng, (lambda core, dd: _hidden_views(core, dd, side)) if deep
                             else (lambda core, dd: None), d)
        out[str(seed)] = [steps, d.hex()]
    return out


def bot_games(game_name: str, players: int, spec: str, seeds: Iterable[int], ruleset: str = None,
              **options: Any) -> Dict[str, Any]:
    """Per seed, the full history (every event's text) and the result of a game between ``spec`` bots,
    as the engine plays them."""
    from intrigue.search.bot import make_bot
    out = {}
    for seed in seeds:
        s = new_game(game_name, ruleset=ruleset, players=players, options=options or None, seed=seed)
        bots = [make_bot(spec, seed=seed * 10 + p) for p in range(players)]
        while not s.is_terminal():
            p = s.current_player()
            s.apply_action(bots[p].choose(s.information_state(p)).action, seat=p)
        d = Digest()
        d.add(s.view(None), s.returns(), s.core.encode())
        out[str(seed)] = [len(s.view(None)), d.hex()]
    return out


def _positions(game_name: str, players: int, seed: int, every: int, spec: str = "heuristic", ruleset: str = None,
               **options: Any):
    """States along a game between ``spec`` bots, every ``every``-th decision."""
    from intrigue.search.bot import make_bot
    s = new_game(game_name, ruleset=ruleset, players=players, options=options or None, seed=seed)
    bots = [make_bot(spec, seed=seed * 10 + p) for p in range(players)]
    k = 0
    while not s.is_terminal():
        p = s.current_player()
        if k % every == 0:
            yield s
        k += 1
        s.apply_action(bots[p].choose(s.information_state(p)).action, seat=p)


def ismcts_decisions(game_name: str, players: int, seed: int, every: int, specs: List[str],
                     limit: int, ruleset: str = None) -> Dict[str, Any]:
    """The ``ismcts`` bot's decisions (action, iterations, root statistics) at positions along a
    heuristic game, with an iteration limit and a seed."""
    from intrigue.search.bot import make_bot
    out = {}
    for spec in specs:
        d = Digest()
        for i, s in enumerate(_positions(game_name, players, seed, every, ruleset=ruleset)):
            if i >= limit:
                break
            p = s.current_player()
            bot = make_bot(spec, seed=seed * 100 + i)
            a = bot.choose(s.information_state(p))
            d.add(a.action, a.iterations, [(st.action, st.visits, st.value) for st in a.stats])
            bot.close()
        out[spec] = d.hex()
    return out


# --- Coup -------------------------------------------------------------------------------------------
#: (ruleset, players) of the Coup configurations played at random
COUP_CONFIGS = {"2": ("standard", 2), "4": ("standard", 4), "6": ("standard", 6), "3-seed-he": ("seed-he", 3),
                "5-seed-th": ("seed-th", 5), "mini": ("mini", 2), "mini-a": ("mini-a", 2)}


def _coup_core(ruleset: str, players: int) -> Any:
    """A fresh Coup kernel state (before the deal) of ``ruleset`` for ``players``."""
    return load_game("coup", ruleset=ruleset, players=players)._new_core()


def coup_golden() -> Dict[str, Any]:
    cc, cchk = coup_core, coup_check
    out: Dict[str, Any] = {}
    out["random"] = {name: random_games(lambda c=c: _coup_core(*c), range(16)) for name, c in COUP_CONFIGS.items()}
    out["random_hidden"] = {name: random_games(lambda c=c: _coup_core(*c), range(3), deep=True)
                            for name, c in COUP_CONFIGS.items()}
    out["c_playouts"] = {str(n): [cchk.playouts(n, 200, seed=s) for s in range(4)] for n in (2, 3, 4, 5, 6)}
    out["c_playouts_long"] = cchk.playouts(4, 5000, seed=9)
    out["c_playouts_rules"] = [cchk.playouts(4, 100, seed=s, steal_amount=3, exchange_mode=1, start_coins_2p=2)
                               for s in range(2)]
    mid = new_game("coup", players=6, seed=1)
    for _ in range(12):
        mid.apply_action(mid.legal_actions()[0])
    out["c_clone_loop"] = cchk.clone_loop(mid.core, 1000)
    out["check_random_games"] = {str(n): cchk.check_random_games(n, 30, seed=n) for n in (2, 4, 6)}
    out["check_random_games_mini"] = cchk.check_random_games(
        2, 30, seed=7, influence=1, copies=(2, 2, 0, 0, 2), start_coins=1, start_coins_2p=0, tax=2, coup_cost=4,
        forced_coup_at=4, assassinate_cost=2, assassin_limit=1, actions=0x7F & ~(1 << 1) & ~(1 << 3) & ~(1 << 6))
    out["heuristic_games"] = {str(n): bot_games("coup", n, "heuristic", range(4)) for n in (2, 4, 6)}
    out["heuristic_games_rulesets"] = {r: bot_games("coup", n, "heuristic", range(3), ruleset=r)
                                       for r, n in (("seed-he", 3), ("mini", 2), ("mini-a", 2))}
    out["random_bot_games"] = {str(n): bot_games("coup", n, "random", range(3)) for n in (3, 5)}
    # the heuristic policy (every style), its likelihoods, the leaf evaluation, the belief chain and
    # the belief model along heuristic games
    from intrigue.engine.coup.belief import CoupBelief
    d_pol, d_lik, d_val, d_bel, d_chain = (Digest() for _ in range(5))
    types = list(range(len(cc.model_type_names())))
    for ruleset, n, seed in (("standard", 4, 1), ("standard", 6, 2), ("standard", 2, 3), ("mini", 2, 4)):
        model = CoupBelief(load_game("coup", ruleset=ruleset, players=n))
        for i, s in enumerate(_positions("coup", n, seed, 1, ruleset=ruleset)):
            core = s.core
            p = core.current_player()
            ctx = bytes((i * 5 + k) % 7 for k in range(cc.MODEL_CTX_SIZE))
            d_pol.add(cc.policy_action(core, seed=i), [cc.policy_probs(core, ctx, t) for t in types])
            for a in core.legal_actions():
                d_lik.add(a, cc.policy_likelihoods(core, p, ctx, a, types, 0.05))
            d_val.add(cc.evaluate(core, seed=i),
                      cc.value_features(core) if n == 2 else cc.multi_value_features(core))
            if i % 5 == 0:
                for seat in range(n):
                    d_bel.add(seat, model.table(s.information_state(seat)))
            if i % 9 == 0:
                table = [1.0 + ((k * 7 + i) % 5) for k in range(cc.BELIEF_TABLE_SIZE)]
                for seat in (-1, i % n):
                    d_chain.add(cc.belief_hand_counts(core, seat, None, 40, seed=i),
                                cc.belief_hand_counts(core, seat, table, 40, burn_in=8, seed=i))
    out["policy"] = d_pol.hex()
    out["policy_likelihoods"] = d_lik.hex()
    out["evaluation"] = d_val.hex()
    out["belief_tables"] = d_bel.hex()
    out["belief_hand_counts"] = d_chain.hex()
    out["ismcts"] = ismcts_decisions("coup", 4, 3, 6, [
        "ismcts:iterations=300", "ismcts:iterations=200,playout=random,opponents=search",
        "ismcts:iterations=200,playout=policy,leaf=eval", "ismcts:iterations=200,opponents=model,belief=true"],
        limit=6)
    out["ismcts_2"] = ismcts_decisions("coup", 2, 5, 3, ["ismcts:iterations=300"], limit=6)
    out["ismcts_mini"] = ismcts_decisions("coup", 2, 4, 1, ["ismcts:iterations=300",
                                                            "ismcts:iterations=300,algorithm=cfr"],
                                          limit=6, ruleset="mini")
    out["ismcts_mini_a"] = ismcts_decisions("coup", 2, 6, 1, ["ismcts:iterations=300,algorithm=cfr"],
                                            limit=4, ruleset="mini-a")
    return out


# --- Politics ---------------------------------------------------------------------------------------
def politics_golden() -> Dict[str, Any]:
    pc, pol_check = politics_core, politics_check
    out: Dict[str, Any] = {}
    configs = {"6": dict(n=6), "7": dict(n=7), "8": dict(n=8),
               "6-core": dict(n=6, backroom=False, contracts=False, awards=False),
               "8-half-noawards": dict(n=8, nrounds=6, awards=False, max_inv=3),
               "7-nocontracts": dict(n=7, contracts=False)}
    out["random"] = {name: random_games(lambda c=c: pc.PoliticsCore(**c), range(12))
                     for name, c in configs.items()}
    out["random_hidden"] = {name: random_games(lambda c=c: pc.PoliticsCore(**c), range(3), deep=True)
                            for name, c in configs.items()}
    out["c_playouts"] = {str(n): [pol_check.playouts(n, 40, seed=s) for s in range(4)] for n in (6, 7, 8)}
    out["c_playouts_core"] = [pol_check.playouts(6, 40, seed=s, backroom=False, contracts=False, awards=False)
                              for s in range(3)]
    out["c_policy_playouts"] = {str(n): [pol_check.policy_playouts(n, 20, seed=s) for s in range(3)] for n in (6, 8)}
    out["check_random_games"] = {str(n): pol_check.check_random_games(n, 4, seed=n) for n in (6, 7, 8)}
    out["heuristic_games"] = {str(n): bot_games("politics", n, "heuristic", range(3)) for n in (6, 8)}
    out["heuristic_games_core"] = bot_games("politics", 7, "heuristic", range(2), ruleset="core")
    # the policy, its likelihoods and the belief model along heuristic games
    d_pol, d_hyp, d_bel, d_pair, d_step, d_misc = (Digest() for _ in range(6))
    for n, seed in ((6, 1), (8, 2)):
        game = load_game("politics", players=n)
        from intrigue.engine.politics.belief import PoliticsBelief
        model = PoliticsBelief(game)
        for i, s in enumerate(_positions("politics", n, seed, 1)):
            core = s.core
            d_pol.add(core.policy_probs())
            for a in core.legal_actions():
                d_hyp.add(a, core.hyp_likelihood(a, 0.7, 0.05))
            d_misc.add(core.policy_action(Rng(i)), core.known_table(i % n), core.focal)
            if i % 7 == 0:
                for seat in range(n):
                    info = s.information_state(seat)
                    d_bel.add(seat, model.table(info))
            if i % 23 == 0:
                for seat in (-1, i % n):
                    d_pair.add(pc.belief_pair_counts(core, seat, None, 50, seed=i))
                    table = [1.0 + ((k * 7 + i) % 5) for k in range(pc.BELIEF_TABLE_SIZE)]
                    d_pair.add(pc.belief_pair_counts(s.information_state(max(seat, 0)).core, seat, table, 50, seed=i))
                    c2 = core.clone()
                    c2.belief_step(seat, table, Rng(i))
                    d_step.add(c2.encode())
                d_misc.add(pc.policy_action_counts(core, 30, seed=i),
                           pol_check.determinize_loop(core, i % n, 50, seed=i), pol_check.clone_loop(core, 100))
    out["policy_probs"] = d_pol.hex()
    out["hyp_likelihood"] = d_hyp.hex()
    out["belief_tables"] = d_bel.hex()
    out["belief_pair_counts"] = d_pair.hex()
    out["belief_step"] = d_step.hex()
    out["policy_misc"] = d_misc.hex()
    out["no_discard_probability"] = [pc.no_discard_probability(n, c, dark).hex()
                                     for n in (6, 8) for dark in (False, True)
                                     for c in ([1, 1, 1, 1, 0, 0], [0, 2, 0, 0, 1, 1], [0, 0, 0, 2, 1, 1])]
    out["ismcts"] = ismcts_decisions("politics", 6, 3, 9, [
        "ismcts:iterations=300", "ismcts:iterations=200,playout=random,opponents=search",
        "ismcts:iterations=200,opponents=model,playout=policy,observer=multi"], limit=8)
    return out


# --- Shadow Master ----------------------------------------------------------------------------------
def shadow_master_golden() -> Dict[str, Any]:
    sm, sm_check = shadow_master_core, shadow_master_check
    out: Dict[str, Any] = {}
    configs = {"3": dict(n=3), "4": dict(n=4), "5": dict(n=5), "6": dict(n=6),
               "4-core": dict(n=4, territory_combo=False, power_combos=False, persons=False, castles=False),
               "5-two-spaces": dict(n=5, alliance_spaces=2, max_rounds=12),
               "4-abstract": dict(n=4, search_abstraction=7)}
    out["random"] = {name: random_games(lambda c=c: sm.ShadowMasterCore(**c), range(10))
                     for name, c in configs.items()}
    out["random_hidden"] = {name: random_games(lambda c=c: sm.ShadowMasterCore(**c), range(2), deep=True)
                            for name, c in configs.items()}

    def search_world(c):
        core = sm.ShadowMasterCore(**c)
        core.set_search_world(True)
        return core
    out["random_search_world"] = random_games(lambda: search_world(dict(n=4, search_abstraction=7)), range(6))
    out["c_playouts"] = {str(n): [list(sm_check.playouts(n, 30, seed=s)) for s in range(4)] for n in (3, 4, 5, 6)}
    out["c_playouts_core"] = [list(sm_check.playouts(4, 30, seed=s, territory_combo=False, power_combos=False,
                                                     persons=False, castles=False)) for s in range(3)]
    out["c_policy_playouts"] = {f"{n}-{r}": [sm_check.policy_playouts(n, 10, seed=s, search_rollout=r)
                                             for s in range(3)]
                                for n in (3, 4, 6) for r in (0, 1)}
    out["balance_report"] = {f"{n}-{p}": sm_check.balance_report(n, 12, seed=n, player=p)
                             for n in (3, 4, 5) for p in ("heuristic", "policy")}
    out["check_random_games"] = {str(n): sm_check.check_random_games(n, 3, seed=n, deep_every=3) for n in (3, 4, 6)}
    out["heuristic_games"] = {str(n): bot_games("shadow_master", n, "heuristic", range(3)) for n in (3, 4, 6)}
    out["heuristic_games_core"] = bot_games("shadow_master", 4, "heuristic", range(2), ruleset="core")
    d_choice, d_bel, d_sample = Digest(), Digest(), Digest()
    for n, seed in ((4, 1), (5, 2)):
        game = load_game("shadow_master", players=n)
        from intrigue.engine.shadow_master.belief import ShadowMasterBelief
        model = ShadowMasterBelief(game)
        for i, s in enumerate(_positions("shadow_master", n, seed, 1)):
            core = s.core
            d_choice.add(sm.heuristic_choice(core, seed=i), sm.policy_choice(core, seed=i))
            w = core.clone()
            w.set_search_world(True)
            d_choice.add(w.legal_actions())
            if i % 15 == 0:
                for seat in range(n):
                    info = s.information_state(seat)
                    table = model.table(info)
                    d_bel.add(seat, table)
                    if i % 45 == 0:
                        d_sample.add(core.belief_sample(seat, table, 40, seed=i))
    out["policy_heuristic_choices"] = d_choice.hex()
    out["belief_tables"] = d_bel.hex()
    out["belief_sample"] = d_sample.hex()
    out["ismcts"] = ismcts_decisions("shadow_master", 4, 3, 40, [
        "ismcts:iterations=150", "ismcts:iterations=120,playout=random,opponents=search",
        "ismcts:iterations=120,opponents=model,observer=multi"], limit=6)
    return out




# --- stored records ---------------------------------------------------------------------------------
#: The records under tests/data/records/, made by the kernels before they were split by concern:
#: (file, game, players, ruleset, options, bot spec, seed).
RECORDS = [
    ("coup-4-heuristic.msgpack", "coup", 4, "standard", {}, "heuristic", 31),
    ("coup-6-random.msgpack", "coup", 6, "standard", {}, "random", 32),
    ("coup-3-seed-he-heuristic.msgpack", "coup", 3, "seed-he", {}, "heuristic", 33),
    ("coup-2-mini-heuristic.msgpack", "coup", 2, "mini", {}, "heuristic", 34),
    ("politics-6-heuristic.msgpack", "politics", 6, "standard", {}, "heuristic", 11),
    ("politics-8-core-random.msgpack", "politics", 8, "core", {}, "random", 12),
    ("politics-7-half-heuristic.msgpack", "politics", 7, "standard", {"length": "half", "max_invitations": 3},
     "heuristic", 13),
    ("shadow_master-4-heuristic.msgpack", "shadow_master", 4, "standard", {}, "heuristic", 21),
    ("shadow_master-3-core-random.msgpack", "shadow_master", 3, "core", {"max_rounds": 12}, "random", 22),
    ("shadow_master-6-heuristic.msgpack", "shadow_master", 6, "standard", {"alliance_spaces": 2}, "heuristic", 23),
]


def record_digests(rec: Any) -> Dict[str, Any]:
    """What a stored record must replay to: the final state's bytes and, per seat, the bytes of the
    information state its view replays to (with the number of events)."""
    final = rec.replay()
    d = Digest()
    d.add(final.core.encode(), final.returns(), final.view(None))
    seats = {}
    for seat in range(rec.players):
        view = rec.view(seat)
        last = None
        for last in view.info_states():
            pass
        v = Digest()
        v.add(len(view.events), last.core.encode(), last.legal_actions() if not last.is_terminal() else [])
        seats[str(seat)] = v.hex()
    return {"events": len(rec.events), "final": d.hex(), "views": seats}


def make_records(folder: str, games: Iterable[str] = None) -> Dict[str, Any]:
    """Play and save the games of :data:`RECORDS` (of ``games`` only, if given) into ``folder``;
    returns their digests."""
    from intrigue.engine.records import GameRecord
    from intrigue.search.bot import make_bot
    out = {}
    for fname, game, players, ruleset, options, spec, seed in RECORDS:
        if games is not None and game not in games:
            continue
        s = new_game(game, ruleset=ruleset, players=players, options=options or None, seed=seed)
        bots = [make_bot(spec, seed=seed * 10 + p) for p in range(players)]
        while not s.is_terminal():
            p = s.current_player()
            s.apply_action(bots[p].choose(s.information_state(p)).action, seat=p)
        path = os.path.join(folder, fname)
        s.record(seed=seed, bots=[spec] * players).save(path)
        out[fname] = record_digests(GameRecord.load(path))
    return out


RECORDS_DIR = str(DATA / "records")


def stored_records() -> Dict[str, Any]:
    """The digests of the stored records (see :data:`RECORDS`)."""
    from intrigue.engine.records import GameRecord
    return {fname: record_digests(GameRecord.load(os.path.join(RECORDS_DIR, fname))) for fname, *_ in RECORDS}


def golden() -> Dict[str, Any]:
    return {"coup": coup_golden(), "politics": politics_golden(), "shadow_master": shadow_master_golden(),
            "records": stored_records()}


if __name__ == "__main__":
    if sys.argv[1:2] == ["records"]:         # play the games of RECORDS (of the games named) again and save them
        os.makedirs(RECORDS_DIR, exist_ok=True)
        make_records(RECORDS_DIR, sys.argv[2:] or None)
    else:
        json.dump(golden(), sys.stdout, indent=1, sort_keys=True)
        sys.stdout.write("\n")
