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
    from protocol_helpers import Conn
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
