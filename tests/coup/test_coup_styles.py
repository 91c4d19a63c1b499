"""The heuristic bot's styles (``heuristic:style=NAME``) and the arena's gauntlet of styles."""
import json

import pytest

from intrigue.cli.main import main
from intrigue.engine import new_game
from intrigue.engine.coup.claims import claimed_role
from intrigue.engine.registry import load_game
from intrigue.ext.coup_core import Action, Phase
from intrigue.search.arena import ArenaError, Gauntlet, MatchConfig
from intrigue.search.bot import BotSpecError, make_bot


def _play(specs, seed, on_decision):
    """A seeded game of ``specs`` (one per seat); ``on_decision(state, seat, action)`` before each move."""
    state = new_game("coup", players=len(specs), seed=seed)
    bots = [make_bot(s, seed=seed * 10 + i) for i, s in enumerate(specs)]
    while not state.is_terminal():
        seat = state.current_player()
        a = bots[seat].choose(state.information_state(seat)).action
        on_decision(state, seat, a)
        state.apply_action(a)


def test_the_style_option_is_the_games_to_offer():
    assert make_bot("heuristic:style=bluffer", seed=0).config["style"] == "bluffer"
    info = new_game("coup", players=2, seed=0).information_state(0)
    with pytest.raises(BotSpecError, match="no style 'sneaky'.*truthful"):
        make_bot("heuristic:style=sneaky", seed=0).choose(info)
    kuhn = new_game("kuhn", seed=0)
    while kuhn.current_player() < 0:
        kuhn.apply_action(kuhn.legal_actions()[0])
    with pytest.raises(BotSpecError, match="has no styles"):
        make_bot("heuristic:style=bluffer", seed=0).choose(kuhn.information_state(kuhn.current_player()))
    make_bot("heuristic", seed=0).choose(kuhn.information_state(kuhn.current_player()))   # default: fine


def test_each_style_plays_as_documented():
    seen = {"truthful_bluffs": 0, "truthful_claims": 0, "challenger_chances": 0, "challenger_passes": 0,
            "passive_challenges": 0, "bluffer_bluffs": 0, "default_bluffs": 0, "bluffer_claims": 0,
            "default_claims": 0}
    specs = ["heuristic:style=truthful", "heuristic:style=challenger", "heuristic:style=passive",
             "heuristic:style=bluffer", "heuristic"]

    def check(state, seat, a):
        core = state.core
        style = specs[seat].partition("=")[2] or "default"
        role = claimed_role(core, a)
        bluff = role is not None and role not in core.face_down(seat)
        if style == "truthful" and role is not None:
            seen["truthful_claims"] += 1
            seen["truthful_bluffs"] += bluff
        if style in ("bluffer", "default") and role is not None:
            seen[style + "_claims"] += 1
            seen[style + "_bluffs"] += bluff
        if core.phase in (Phase.CHALLENGE, Phase.BCHALLENGE):
            if style == "challenger":
                seen["challenger_chances"] += 1
                seen["challenger_passes"] += a != Action.CHALLENGE
            if style == "passive":
                seen["passive_challenges"] += a == Action.CHALLENGE

    for seed in range(30):
        _play(specs, seed, check)
    assert seen["truthful_claims"] > 20 and seen["truthful_bluffs"] == 0
    assert seen["challenger_chances"] > 10 and seen["challenger_passes"] == 0
    assert seen["passive_challenges"] == 0
    rate = {s: seen[s + "_bluffs"] / seen[s + "_claims"] for s in ("bluffer", "default")}
    assert rate["bluffer"] > 1.5 * rate["default"] > 0, rate


def test_the_gauntlet_plays_each_deal_in_every_seat_against_each_opponent():
    opponents = [("random", "random", "uniform"), ("passive", "heuristic:style=passive", "never challenges")]
    g = Gauntlet(MatchConfig(game="coup", players=4, seed=3), bot="heuristic", games=8, opponents=opponents)
    tasks = list(g.tasks())
    assert len(tasks) == 16
    for j in range(2):
        mine = sorted((t for t in tasks if t["index"] // 8 == j), key=lambda t: t["index"])
        for k, t in enumerate(mine):
            assert t["layout"] == [0 if s == k % 4 else j + 1 for s in range(4)]
            assert t["deal"] == mine[4 * (k // 4)]["deal"]          # one deal per rotation of the seats
        assert mine[0]["deal"] != mine[4]["deal"]
    with pytest.raises(ArenaError, match="multiple of 4"):
        Gauntlet(MatchConfig(game="coup", players=4), bot="heuristic", games=6, opponents=opponents)


def test_the_games_name_their_gauntlets():
    coup = [name for name, _, _ in load_game("coup", None, 2).gauntlet]
    assert coup == ["truthful", "bluffer", "challenger", "passive", "random", "heuristic", "ismcts-plain"]
    for name, spec, _ in load_game("coup", None, 2).gauntlet:
        make_bot(spec, seed=0).close()                               # every spec is a bot
    assert [name for name, _, _ in load_game("kuhn", None, 2).gauntlet] == ["random", "heuristic", "ismcts-plain"]


def test_the_gauntlet_command_reports_each_opponent_and_the_worst(tmp_path, capsys):
    out = tmp_path / "g.json"
    rc = main(["arena", "--gauntlet", "--game", "kuhn", "--bots", "heuristic", "--games", "40", "--seed", "1",
               "--json", str(out), "-q"])
    assert rc == 0
    assert "worst case:" in capsys.readouterr().out
    summary = json.loads(out.read_text())
    rows = summary["gauntlet"]
    assert [r["opponent"] for r in rows] == ["random", "heuristic", "ismcts-plain"]
    assert all(r["games"] == 40 and r["ci95"][0] <= r["win_rate"] <= r["ci95"][1] for r in rows)
    assert summary["worst"]["win_rate"] == min(r["win_rate"] for r in rows)
