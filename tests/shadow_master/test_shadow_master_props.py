"""Shadow Master properties over many seeded random games: the C checks (10,000 games) and the
Python paths the conformance suite uses (notation, views, determinization, records)."""
import pytest

from intrigue.engine import new_game
from intrigue.engine.game import CHANCE, InfoState, decode_state
from intrigue.engine.shadow_master.check import RULESETS
from intrigue.ext.game_api import Rng
from intrigue.ext.shadow_master_check import check_random_games, playouts
from intrigue.ext.shadow_master_core import Phase, ShadowMasterCore


@pytest.mark.slow
@pytest.mark.parametrize("players", [3, 4, 5, 6])
def test_ten_thousand_random_games_keep_every_invariant(players):
    """2,500 games per player count (10,000 in all), both rulesets, every state checked; the games use
    the smallest round cap (10) to keep the suite fast -- the script runs full-length games."""
    for i, (name, opts) in enumerate(RULESETS.items()):
        res = check_random_games(players, 1250, seed=100 * players + i, deep_every=25, max_rounds=10, **opts)
        assert res["first"] is None, (name, res)
        assert res["games"] == 1250 and res["steps"] > 1250 * 100


def test_checker_detects_a_broken_state():
    core = ShadowMasterCore(4)
    data = bytearray(core.encode())
    data[1 + 14] = 5            # col[0] is an inactive cell on the 4-player board: now "coloured"
    with pytest.raises(ValueError, match="corrupt"):
        ShadowMasterCore.decode(bytes(data))


def test_playouts_are_seeded():
    assert playouts(4, 20, seed=3) == playouts(4, 20, seed=3)
    assert playouts(4, 20, seed=3) != playouts(4, 20, seed=4)


def random_game(players, seed, ruleset="standard"):
    s = new_game("shadow_master", ruleset=ruleset, players=players, seed=seed)
    rng = Rng(seed + 77)
    return s, rng


@pytest.mark.parametrize("players, seed", [(3, 1), (4, 2), (6, 3)])
def test_notation_round_trip_views_and_determinization(players, seed):
    s, rng = random_game(players, seed)
    step = 0
    while not s.is_terminal():
        legal = s.legal_actions()
        for a in legal:
            assert s.string_to_action(s.action_to_string(a)) == a
        s.apply_action(legal[rng.below(len(legal))])
        step += 1
        if step % 150 == 0:
            for seat in range(players):
                info = s.information_state(seat)
                assert InfoState.from_view(s.game, seat, info.view) == info
                d = info.determinize(rng)
                assert d.core.hand_cards(seat) == s.core.hand_cards(seat)
                copy = d.core.clone()
                copy.canonicalize(seat)
                assert copy == info.core
    assert s.result() is not None
    # no seat's view holds another seat's blind draws
    for seat in range(players):
        for ev_seat, text in s.view(seat):
            if text.startswith("draw ") and ev_seat == CHANCE:
                assert int(text.split()[1]) == seat


def test_encode_decode_and_clone_independence():
    s, rng = random_game(4, 9)
    for _ in range(300):
        legal = s.legal_actions()
        s.apply_action(legal[rng.below(len(legal))])
    back = decode_state(s.game, s.encode())
    assert back.core == s.core
    c = s.clone()
    legal = c.legal_actions()
    c.apply_action(legal[0])
    assert c.core != s.core and back.core == s.core


def test_record_round_trip_and_replay():
    from intrigue.engine.records import GameRecord
    s, rng = random_game(3, 5)
    while not s.is_terminal():
        legal = s.legal_actions()
        s.apply_action(legal[rng.below(len(legal))])
    rec = s.record()
    again = GameRecord.from_bytes(rec.to_bytes())
    replayed = again.replay()
    assert replayed.core == s.core and replayed.result() == s.result()
    for seat in range(3):                       # a seat's record rebuilds its information state
        assert rec.view(seat).info_state() == s.information_state(seat)


def test_chance_public_flags():
    core = ShadowMasterCore(4)
    assert core.phase == Phase.C_DEAL and not core.chance_is_public()
    s = new_game("shadow_master", players=4, seed=1)
    s.apply_action("roll")
    assert s.core.phase == Phase.USE or s.core.phase == Phase.PICK_DIE
    core = s.core.clone()
    assert core.max_legal == 256


def test_policy_playouts_end_and_policy_choices_are_legal():
    from intrigue.ext.shadow_master_check import policy_playouts
    from intrigue.ext.shadow_master_core import policy_choice
    assert policy_playouts(4, 30, seed=2) > 0
    s, rng = random_game(4, 11)
    for _ in range(400):
        if s.current_player() >= 0:
            assert policy_choice(s.core, seed=rng.below(1000)) in s.legal_actions()
        legal = s.legal_actions()
        s.apply_action(legal[rng.below(len(legal))])


def test_balance_report_accounts_for_every_game():
    from intrigue.ext.shadow_master_check import balance_report
    for player in ("heuristic", "policy"):
        rep = balance_report(4, 200, seed=1, player=player)
        assert sum(rep["win_by_seat"]) == pytest.approx(1.0) and sum(rep["win_by_order"]) == pytest.approx(1.0)
        assert sum(rep["end"].values()) == 200 and 1 <= rep["rounds"] <= 31
    with pytest.raises(ValueError, match="player"):
        balance_report(4, 1, player="ismcts")


def test_check_and_balance_scripts_run(capsys):
    from intrigue.engine.shadow_master import balance, check
    assert check.main(["--games", "16", "--max-rounds", "10", "--deep-every", "5"]) == 0
    assert "0 violations" in capsys.readouterr().out
    assert balance.main(["--games", "20", "--players", "3"]) == 0
    assert "win % by seat" in capsys.readouterr().out


def test_search_rollout_1_makes_the_policy_playouts_heuristic_games():
    """Option search_rollout=1: the search's policy playouts are the heuristic bot at every seat (the
    same games as the balance report's, seed for seed); 0 keeps the rule of thumb."""
    from intrigue.ext.shadow_master_check import balance_report, policy_playouts
    heur = balance_report(4, 30, seed=7, player="heuristic")["rounds"] * 30
    rule = balance_report(4, 30, seed=7, player="policy")["rounds"] * 30
    assert policy_playouts(4, 30, 7, search_rollout=1) == pytest.approx(heur)
    assert policy_playouts(4, 30, 7, search_rollout=0) == pytest.approx(rule)
    assert heur != rule
    with pytest.raises(ValueError, match="search_rollout"):
        policy_playouts(4, 1, 7, search_rollout=2)


def _ranks_by_search(core):
    """Each colour's largest group, found again from the cells (breadth-first, in Python)."""
    from intrigue.ext.shadow_master_core import neighbours
    cells = core.cells()
    ranks, seen = [0] * 6, set()
    for h, (col, _, _) in enumerate(cells):
        if col >= 6 or h in seen:
            continue
        group, todo = 0, [h]
        seen.add(h)
        while todo:
            x = todo.pop()
            group += 1
            for y in neighbours(core.board, x):
                if y not in seen and cells[y][0] == col:
                    seen.add(y)
                    todo.append(y)
        ranks[col] = max(ranks[col], group)
    return ranks


def test_ranks_stay_the_largest_groups_through_attacks():
    """The kernel keeps ranks up to date incrementally (an attack that empties or takes no cell does
    not recompute them); at every state of purposeful and random games they equal the largest groups."""
    from intrigue.ext.shadow_master_core import policy_choice
    attacks = 0
    for players, seed in ((3, 1), (4, 2), (6, 3)):
        s = new_game("shadow_master", players=players, seed=seed)
        rng = Rng(seed)
        while not s.is_terminal():
            assert list(s.core.ranks()) == _ranks_by_search(s.core), len(s.history)
            legal = s.legal_actions()
            a = policy_choice(s.core, rng.next()) if rng.below(4) else legal[rng.below(len(legal))]
            s.apply_action(a)
            attacks += s.history[-1].text.split()[0] in ("battle", "siege", "capture", "remove")
    assert attacks > 0
