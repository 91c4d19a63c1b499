"""Shadow Master bots: random and ismcts through the kernel table, the heuristic policy, the
terminal picture and the protocol-facing data."""
import importlib

import pytest

from intrigue.engine import new_game
from intrigue.engine.shadow_master.game import ShadowMasterGame
from intrigue.engine.shadow_master.heuristic import ShadowMasterHeuristic
from intrigue.ext.game_api import Rng
from intrigue.search.bot import Limits, make_bot


def _mid(players=4, seed=2, steps=400):
    s = new_game("shadow_master", players=players, seed=seed)
    rng = Rng(seed)
    for _ in range(steps):
        legal = s.legal_actions()
        s.apply_action(legal[rng.below(len(legal))])
    return s


@pytest.mark.parametrize("spec", ["random", "ismcts:iterations=200"])
def test_generic_bots_decide(spec):
    s = _mid()
    bot = make_bot(spec, seed=1)
    try:
        info = s.information_state(s.current_player())
        res = bot.choose(info, limits=Limits(iterations=200))
        assert res.action in s.legal_actions()
    finally:
        bot.close()


def test_plugin_names_the_heuristic():
    target = ShadowMasterGame.plugins["heuristic"]
    module, _, attr = target.partition(":")
    assert getattr(importlib.import_module(module), attr) is ShadowMasterHeuristic


def test_heuristic_plays_whole_games_legally_and_beats_random_play():
    wins = 0
    for g in range(4):
        s = new_game("shadow_master", players=4, seed=500 + g)
        bot = ShadowMasterHeuristic(Rng(g))
        rng = Rng(g + 50)
        while not s.is_terminal():
            p = s.current_player()
            if p == 0:
                a = bot.choose(s.information_state(0))
                assert a in s.legal_actions()
            else:
                legal = s.legal_actions()
                a = legal[rng.below(len(legal))]
            s.apply_action(a)
        res = s.result()
        wins += 0 in res.winners
        assert s.core.alive(0)                  # it never went bankrupt
    assert wins >= 3


def test_heuristic_is_seeded_and_reads_only_its_view():
    s = _mid(seed=4)
    seat = s.current_player()
    info = s.information_state(seat)
    a = ShadowMasterHeuristic(Rng(3)).choose(info)
    assert a == ShadowMasterHeuristic(Rng(3)).choose(info)
    d = info.determinize(Rng(9))                # another deal of the hidden cards: same choice
    assert ShadowMasterHeuristic(Rng(3)).choose(d.information_state(seat)) == a


@pytest.mark.slow
def test_heuristic_bot_is_the_c_player_of_the_balance_report_and_beats_the_rollout_policy():
    """The bot reads only its seat's view: the C player (``heuristic_choice``, which the balance report
    plays at every seat) decides the same on the true state and on the seat's information state; and
    it is the stronger of the kernel's two players (one heuristic seat wins about half of the games
    against three rollout-policy seats)."""
    from intrigue.ext.shadow_master_core import heuristic_choice, policy_choice
    wins, games, checked = 0.0, 24, 0
    for g in range(games):
        s = new_game("shadow_master", players=4, seed=900 + g)
        hero, rng = g % 4, Rng(g)
        while not s.is_terminal():
            p = s.current_player()
            seed = rng.next()
            if p == hero:
                a = heuristic_choice(s.information_state(p).core, seed)
                if g < 2:
                    assert heuristic_choice(s.core, seed) == a
                    checked += 1
            else:
                a = policy_choice(s.core, seed)
            s.apply_action(a)
        wins += s.returns()[hero]
    assert checked > 300
    assert wins / games >= 0.35                  # par is 0.25 (measured: 51.3 % over 1,000 games)


def test_render_shows_own_hand_only():
    s = _mid()
    from intrigue.engine.shadow_master.names import card_name
    text0 = s.render(seat=0)
    assert "Your hand" in text0 and "Seat 1" in text0 and "Open row" in text0
    mine = " ".join(card_name(t) for t in s.core.hand_cards(0))
    assert mine in text0
    line1 = [ln for ln in s.render(seat=0).splitlines() if ln.strip().startswith("Territory cards")]
    for ln in line1:
        assert "(known)" in ln
    th = s.render(seat=0, lang="th")
    assert "รอบ" in th
    assert s.game.describe_action("place K1", "th").startswith("วาง")
    assert s.game.describe_action("sell R faith") == "sell Red Faith"


def test_public_and_private_info():
    s = _mid()
    pub = s.game.public_info(s.core)
    assert set(pub["ranks"]) == set("ROYGBP") and len(pub["players"]) == 4
    priv = s.game.private_info(s.core, 1)
    assert len(priv["cards"]) == s.core.hand_size(1)


def test_ismcts_with_policy_playouts_decides():
    s = _mid(seed=6)
    bot = make_bot("ismcts:iterations=100,playout=policy", seed=2)
    try:
        res = bot.choose(s.information_state(s.current_player()), limits=Limits(iterations=100))
        assert res.action in s.legal_actions()
    finally:
        bot.close()


def test_protocol_referee_game_to_the_end():
    import random
    from support.protocol import Conn
    conn = Conn()
    msgs = conn.send({"cmd": "new_game", "id": 1, "game": "shadow-master", "players": 3, "seed": 4,
                      "bots": "random", "engine_seats": [1, 2]})
    assert msgs[0]["type"] == "game", msgs
    rng = random.Random(3)
    seen = list(msgs)
    for _ in range(3000):
        if any(m["type"] == "game_over" for m in seen):
            break
        ask = [m for m in seen if m["type"] == "ask"][-1]
        got = conn.send({"cmd": "move", "id": len(seen), "action": rng.choice(ask["legal"])})
        assert got[0]["type"] == "ok", got
        seen += got
    assert any(m["type"] == "game_over" for m in seen)
    # seat 0's events never hold another seat's blind draws
    draws = [m["text"] for m in seen if m["type"] == "event" and m["seat"] == -1 and m["text"].startswith("draw ")]
    assert len(draws) >= 5 and all(int(t.split()[1]) == 0 for t in draws)


# --- search abstractions and the belief hook -------------------------------------------------------------
from intrigue.engine.game import CHANCE, TERMINAL
from intrigue.engine.shadow_master.belief import ShadowMasterBelief
from intrigue.ext.shadow_master_core import AMOUNT_ALL, BELIEF_SIZE, NCARDT, NCELLS, Phase


def _random_cores(games=6, players=4, seed=0, abstraction=7):
    """Every decision state of a few random games (kernel states; chance sampled)."""
    g = ShadowMasterGame(players=players, options={"search_abstraction": abstraction})
    for k in range(games):
        c = g._new_core()
        rng = Rng(seed + k)
        while c.current_player() != TERMINAL:
            if c.current_player() == CHANCE:
                c.sample_chance(rng)
                continue
            yield c
            legal = c.legal_actions()
            c.apply(legal[rng.below(len(legal))])


def test_abstractions_prune_only_in_search_worlds_and_only_to_a_non_empty_subset():
    pruned = {}
    for c in _random_cores():
        full = c.legal_actions()
        w = c.clone()
        w.set_search_world(True)
        sub = w.legal_actions()
        assert sub and set(sub) <= set(full), (c.phase, sub, full)
        if len(sub) < len(full):
            pruned[c.phase] = pruned.get(c.phase, 0) + 1
        w.set_search_world(False)
        assert w.legal_actions() == full                  # off again: the rules' list
    # money macro-actions and the canonical removal order do prune in random games
    assert pruned.get(Phase.TR_AMOUNT, 0) > 0 and pruned.get(Phase.ALLOCATE, 0) > 0


def test_money_macro_amounts():
    for c in _random_cores(games=4, seed=30):
        if c.phase != Phase.TR_AMOUNT:
            continue
        w = c.clone()
        w.set_search_world(True)
        hand, deps, _, _ = c.money(c.asked)
        have = hand if c.tr_from == 0 else deps[c.tr_from - 1]
        for a in w.legal_actions():
            amount = have if a == AMOUNT_ALL else a + 1
            room = 10 - hand
            fill = max([x for x in range(1, have + 1) if x - x // 10 <= room] or [0]) if c.tr_to == 0 else -1
            assert amount in (1, 5, 10, fill, have // 2, have), (amount, have, fill)


def test_no_abstraction_without_the_option():
    for c in _random_cores(games=2, seed=40, abstraction=0):
        w = c.clone()
        w.set_search_world(True)
        assert w.legal_actions() == c.legal_actions()


def test_canonical_removal_order():
    from support.shadow_master import B, G as GREEN, R as RED, act, board, cid, kind, set_hand, start
    g, c = start(4)
    board(c, {"E2": (RED, 2), "D2": (RED, 2), "E4": (RED, 1), "F3": (RED, 1),
              "G3": (B, 1), "G4": (B, 2), "H3": (B, 2), "H4": (B, 1), "D3": (GREEN, 1)})
    set_hand(c, 0, "E3")
    for text in ("roll", "dice R", "place E3", "battle G3"):
        act(g, c, text)
    assert kind(g, c) == "remove" and c.legal_actions() == [cid("G3"), cid("G4")]
    c.apply(cid("G4"))                          # the rules allow G3 next; the canonical order does not
    assert c.legal_actions() == [cid("G3"), cid("G4")]
    w = c.clone()
    assert w.legal_actions() == [cid("G3"), cid("G4")]
    w.set_search_world(True)
    assert w.legal_actions() == [cid("G4")]     # non-decreasing cell ids: G3 (< G4) was for earlier


def _belief_setup():
    s = _mid(seed=6, steps=300)
    while s.current_player() < 0:
        s.apply_action(s.legal_actions()[0])
    seat = s.current_player()
    return s, seat, s.information_state(seat)


def test_belief_chain_follows_the_table():
    s, seat, info = _belief_setup()
    q = (seat + 1) % 4
    size = BELIEF_SIZE
    uniform = info.core.belief_sample(seat, [1.0] * size, 300, 1)
    cards = [t for t, n in enumerate(uniform[q][:NCELLS]) if n > 0]
    assert cards
    table = [1.0] * size
    for t in cards[: len(cards) // 2]:
        table[q * NCARDT + t] = 1e-9                 # q surely holds none of these
    weighted = info.core.belief_sample(seat, table, 300, 1)
    assert sum(weighted[q][t] for t in cards[: len(cards) // 2]) < 0.05 * max(1, sum(uniform[q][t] for t in cards[: len(cards) // 2]))
    assert uniform[seat] == [0] * NCARDT and weighted[seat] == [0] * NCARDT   # own cards are not dealt


def test_belief_learns_from_declines_after_a_roll():
    # random play declines often; the model marks the cells that could have taken the token
    for seed in range(10):
        s = _mid(seed=seed, steps=250)
        while s.current_player() < 0:
            s.apply_action(s.legal_actions()[0])
        seat = s.current_player()
        info = s.information_state(seat)
        model = ShadowMasterBelief(s.game)
        tr = model.tracker(info)
        if any(tr.declines[q] for q in range(4) if q != seat):
            w = model.weights(info)
            assert any(x < 1.0 for q in range(4) if q != seat for x in w[q])
            assert all(x == 1.0 for x in w[seat])
            assert len(model.table(info)) == BELIEF_SIZE
            marg = model.marginals(info, model.table(info), 3)
            assert seat not in marg and all(0 < p <= 1 for m in marg.values() for p in m.values())
            return
    pytest.fail("no decline after a roll in 10 random games")


def test_ismcts_uses_the_belief_model():
    s, seat, info = _belief_setup()
    bot = make_bot("ismcts:iterations=100", seed=2)
    try:
        res = bot.choose(info, limits=Limits(iterations=100))
        assert res.action in s.legal_actions()
        assert res.extra["belief_model"] == "shadow_master:heuristic"
        assert res.extra["playout"] == "policy"            # the game's measured default (search_defaults)
        assert bot.score_weight(info.game) == 0.5          # the score utility's measured weight
        assert make_bot("ismcts:score=0", seed=2).score_weight(info.game) == 0.0
    finally:
        bot.close()


def test_every_observed_action_can_be_made_consistent():
    """What the replay of a seat's view relies on: from the seat's canonical view of the position, any
    action the deciding seat really took can be made legal by re-dealing hidden cards (Military and
    Lord Theron depend on the whole hidden hand)."""
    checked = 0
    for c in _random_cores(games=6, seed=70, abstraction=0):
        q = c.current_player()
        for seat in range(c.num_players):
            if seat == q:
                continue
            for a in c.legal_actions()[:8]:
                view = c.clone()
                view.canonicalize(seat)
                assert view.make_consistent(seat, a), (c.phase, a)
                assert a in view.legal_actions(), (c.phase, a)
                checked += 1
    assert checked > 1000


def test_score_utility_is_zero_before_the_end_and_orders_the_final_scores():
    from intrigue.ext.ismcts import has_score_hook, score_utility
    from intrigue.ext.shadow_master_core import ShadowMasterCore, heuristic_choice
    seen_elim = False
    for g in range(40):
        n = 3 + g % 4
        core = ShadowMasterCore(n)
        assert has_score_hook(core)
        rng = Rng(900 + g)
        steps = 0
        while not core.is_terminal():
            if steps % 97 == 0:
                assert score_utility(core) == [0.0] * n
            if core.is_chance_node():
                core.sample_chance(rng)
            else:                               # heuristic play: it goes bankrupt now and then
                core.apply(heuristic_choice(core, seed=rng.next()))
            steps += 1
        u = score_utility(core)
        alive = [p for p in range(n) if core.alive(p)]
        assert all(0.0 <= x <= 1.0 for x in u)
        for p in range(n):
            if not core.alive(p):
                seen_elim = True
                assert u[p] == 0.0
        for p in alive:
            for q in alive:
                if core.score(p) > core.score(q):
                    assert u[p] > u[q]
                elif core.score(p) == core.score(q):
                    assert u[p] == u[q]
        winners = [p for p, r in enumerate(core.returns()) if r > 0]
        assert all(u[w] == max(u) and u[w] >= 0.5 for w in winners)
    assert seen_elim                             # the eliminated case was exercised


def test_ismcts_with_the_score_utility_plays_legal_actions():
    for seed in (2, 3):
        s = _mid(seed=seed, steps=300 + 40 * seed)
        bot = make_bot("ismcts:iterations=150,score=0.3", seed=seed)
        try:
            for _ in range(6):
                if s.is_terminal():
                    break
                p = s.current_player()
                res = bot.choose(s.information_state(p), limits=Limits(iterations=150))
                assert res.action in s.legal_actions()
                s.apply_action(res.action)
                while not s.is_terminal() and len(s.legal_actions()) == 1:
                    s.apply_action(s.legal_actions()[0])
        finally:
            bot.close()


def test_the_heuristic_places_received_silver_in_its_largest_chunk():
    # it placed one Silver at a time on its chosen deposit (a line of narration each: nine lines in a
    # row of "Seat 3 puts 1 Silver on the Green deposit."), ending where the largest chunk ends at once
    from intrigue.ext.shadow_master_core import ShadowMasterCore, heuristic_choice
    checked = 0
    for g in range(12):
        core = ShadowMasterCore(3 + g % 4)
        rng = Rng(1300 + g)
        while not core.is_terminal():
            if core.is_chance_node():
                core.sample_chance(rng)
                continue
            a = heuristic_choice(core, seed=rng.next())
            legal = core.legal_actions()
            if core.phase == Phase.ALLOCATE and len(legal) > 1:
                chunk, holding = divmod(a, 7)            # chunk 0..3: 1, 5, 10, all
                assert not any(b % 7 == holding and b // 7 > chunk for b in legal), (legal, a)
                checked += 1
            core.apply(a)
    assert checked > 200
