"""Coup's variant options and the two small rulesets, ``mini-a`` and ``mini`` (docs/coup.md, "Mini
rulesets"): the options' checks, hand-worked games of mini-a, hidden information with one card each,
the blank card in words, the bots, the fitted evaluation staying out, records of the other rulesets
made before the options existed, and mini-a's exact value against the published one of the
Coup-Solver project's Variant A (0.666 for the first player, payoffs +1/-1)."""
from __future__ import annotations

import json
import os
from itertools import permutations

import pytest

from support import tree_cfr
from intrigue.engine import GameRecord, OptionError, PlayerCountError, load_game, new_game
from intrigue.engine.coup.heuristic import CoupHeuristic
from intrigue.engine.coup.narrate import CoupNarrator
from intrigue.ext import coup_core
from intrigue.ext.coup_core import ALL_ACTIONS, Action, Role
from intrigue.ext.game_api import Rng
from intrigue.search.bot import make_bot
from support import DATA

RECORDS = str(DATA / "coup_records")


def mini_a(card0: str, card1: str):
    """A mini-a game dealt ``card0`` to seat 0 and ``card1`` to seat 1 (``duke`` is the blank card)."""
    s = load_game("coup", "mini-a", 2).new_initial_state()
    s.apply_action(f"deal 0 {card0}")
    s.apply_action(f"deal 1 {card1}")
    return s


def play(s, *moves):
    for m in moves:
        s.apply_action(m)
    return s


# --- the options ------------------------------------------------------------------------------------
def test_defaults_are_the_published_game():
    game = load_game("coup", "standard", 4)
    rules = game._new_core().rules
    assert rules["influence"] == 2 and rules["copies"] == (3, 3, 3, 3, 3) and rules["actions"] == ALL_ACTIONS
    assert (rules["income"], rules["tax"], rules["coup_cost"], rules["assassinate_cost"]) == (1, 3, 7, 3)
    assert rules["assassin_limit"] == 0 and game.blank_roles == ()
    s = game.new_state(1)
    assert s.core.coins == [2, 2, 2, 2] and len(s.core.face_down(0)) == 2


@pytest.mark.parametrize("options,words", [
    ({"influence": 3}, ["influence", "from 1 to 2"]),
    ({"duke_copies": 4}, ["duke_copies", "from 0 to 3"]),
    ({"coup_cost": 0}, ["coup_cost", "from 1 to 50"]),
    ({"forced_coup_at": 0}, ["forced_coup_at", "from 1 to 50"]),
    ({"assassin_limit": 4}, ["assassin_limit", "from 0 to 3"]),
    ({"start_coins": 9}, ["start_coins", "from 0 to 8"]),
    ({"allow_tax": "maybe"}, ["allow_tax", "boolean"]),
    ({"allow_income": False}, ["allow_income", "no option"]),
    ({"tax_amount": 0}, ["tax_amount"]),
])
def test_a_bad_value_is_refused_naming_the_option(options, words):
    with pytest.raises(OptionError) as err:
        load_game("coup", "standard", 3, options)
    assert all(w in str(err.value) for w in words), str(err.value)


def test_options_are_checked_together():
    with pytest.raises(OptionError, match=r"forced_coup_at \(3\) is below coup_cost \(4\)"):
        load_game("coup", "mini", 2, {"forced_coup_at": 3})
    # 6 players with two cards each need 12 cards, and an Exchange two more
    with pytest.raises(OptionError, match=r"has 13 cards.*need 14: their hands and the two cards an Exchange"):
        load_game("coup", "standard", 6, {"duke_copies": 1})
    with pytest.raises(OptionError, match=r"has 1 cards .* 2 players with influence 1 need 2: their hands$"):
        load_game("coup", "mini-a", 2, {"contessa_copies": 0, "duke_copies": 0})
    assert load_game("coup", "standard", 6, {"duke_copies": 1, "allow_exchange": False}).copies == (1, 3, 3, 3, 3)


def test_mini_rulesets_are_for_two_players():
    for ruleset in ("mini-a", "mini"):
        with pytest.raises(PlayerCountError, match="2 to 2 players"):
            load_game("coup", ruleset, 3)
        assert load_game("coup", ruleset).num_players == 2          # the default count is clamped


def test_the_kernel_refuses_a_bad_ruleset_on_its_own():
    with pytest.raises(ValueError, match="Court deck is too small"):
        coup_core.CoupCore(4, copies=(1, 1, 1, 1, 1))
    with pytest.raises(ValueError, match="Income and Coup"):
        coup_core.CoupCore(2, actions=ALL_ACTIONS & ~1)
    with pytest.raises(TypeError, match="no rule"):
        coup_core.CoupCore(2, coins=3)


# --- mini-a, hand-worked ------------------------------------------------------------------------------
def test_mini_a_setup_one_card_each_two_distinct_of_three():
    s = load_game("coup", "mini-a", 2).new_initial_state()
    assert s.core.deck == [1, 1, 0, 0, 1] and s.core.coins == [0, 0]
    odds = dict(s.core.chance_outcomes())
    assert sorted(s.game.action_to_string(s.core, a) for a in odds) == [
        "deal 0 assassin", "deal 0 contessa", "deal 0 duke"]
    assert all(p == pytest.approx(1 / 3) for p in odds.values())
    s.apply_action("deal 0 contessa")
    assert sorted(s.legal_moves()) == ["deal 1 assassin", "deal 1 duke"]
    with pytest.raises(Exception):
        s.apply_action("deal 1 contessa")                          # the only Contessa is dealt
    s.apply_action("deal 1 duke")
    assert s.core.deck == [0, 1, 0, 0, 0] and s.core.influence(0) == 1 and s.core.influence(1) == 1


def test_mini_a_both_take_income_then_the_first_must_coup():
    s = mini_a("duke", "contessa")
    assert s.legal_moves() == ["income"]                           # 0 coins: Assassinate costs 1
    play(s, "income")
    assert s.legal_moves() == ["income"]
    play(s, "income")
    assert s.core.coins == [1, 1]
    assert s.legal_moves() == ["income", "assassinate 1"]
    play(s, "income")
    play(s, "income")
    assert s.core.coins == [2, 2] and s.legal_moves() == ["coup 1"]  # 2 coins: Coup is forced
    play(s, "coup 1")
    assert s.core.coins == [0, 2] and s.decision().kind == "lose_influence"
    play(s, "reveal contessa")
    res = s.result()
    assert s.is_terminal() and res.winners == (0,) and res.rewards == (1.0, 0.0) and not res.draw


def test_mini_a_assassination_blocked_by_a_bluffed_contessa_then_challenged():
    # seat 1 holds the blank card and bluffs the Contessa; seat 0 (the Assassin) challenges the block
    s = mini_a("assassin", "duke")
    play(s, "income", "income", "assassinate 1")
    assert s.core.coins == [0, 1]                                  # paid when declared
    assert s.decision() == (1, "challenge") and s.legal_moves() == ["pass", "challenge"]
    play(s, "pass")
    assert s.decision() == (1, "block") and s.legal_moves() == ["pass", "block contessa"]
    play(s, "block contessa")
    assert s.decision() == (0, "challenge_block")
    play(s, "challenge")
    assert s.decision() == (1, "defend_block") and s.legal_moves() == ["reveal duke"]   # it cannot prove it
    play(s, "reveal duke")
    assert s.is_terminal() and s.result().winners == (0,)


def test_mini_a_a_true_contessa_block_stands_and_the_coin_stays_paid():
    s = mini_a("duke", "contessa")
    play(s, "income", "income", "assassinate 1", "pass", "block contessa", "pass")
    assert s.decision() == (1, "action") and s.core.coins == [0, 1]
    play(s, "income", "income")                                    # seat 1: 2 coins; seat 0: 1
    assert s.legal_moves() == ["coup 0"]
    # each seat's one Assassination used (seat 0 bluffs a Contessa against seat 1's): only Income is left
    s2 = mini_a("duke", "contessa")
    play(s2, "income", "income", "assassinate 1", "pass", "block contessa", "pass",
         "assassinate 0", "pass", "block contessa", "pass", "income", "income")
    assert s2.current_player() == 0 and s2.core.coins == [1, 1] and s2.legal_moves() == ["income"]
    assert s2.core.assassinations(0) == 1 and s2.core.assassinations(1) == 1


def test_mini_a_a_challenged_assassinate_without_the_assassin_loses():
    s = mini_a("contessa", "assassin")
    play(s, "income", "income", "assassinate 1", "challenge")
    assert s.decision() == (0, "defend") and s.legal_moves() == ["reveal contessa"]
    play(s, "reveal contessa")
    assert s.is_terminal() and s.result().winners == (1,)
    # and a proved claim ends the game at once: the challenger had one card, nothing is drawn
    t = mini_a("assassin", "contessa")
    play(t, "income", "income", "assassinate 1", "challenge", "reveal assassin")
    assert t.decision().kind == "lose_influence"
    play(t, "reveal contessa")
    assert t.is_terminal() and t.result().winners == (0,) and t.core.deck == [1, 0, 0, 0, 0]


def test_mini_a_a_target_may_also_simply_let_the_assassination_happen():
    s = mini_a("assassin", "contessa")
    play(s, "income", "income", "assassinate 1", "pass", "pass")
    assert s.decision() == (1, "lose_influence")
    play(s, "reveal contessa")
    assert s.result().winners == (0,)


def test_mini_games_always_end_without_the_turn_cap():
    # every turn gains a coin or uses up the one Assassination, so a game is short
    for ruleset, longest in (("mini-a", 10), ("mini", 16)):
        game = load_game("coup", ruleset, 2)
        for seed in range(300):
            s = game.new_state(seed)
            rng = Rng(seed)
            while not s.is_terminal():
                legal = s.legal_actions()
                s.apply_action(legal[rng.below(len(legal))])
            assert not s.result().draw and s.core.turn <= longest


# --- hidden information, the blank card -----------------------------------------------------------------
def test_a_seat_sees_its_own_card_only():
    a = mini_a("assassin", "duke")
    b = mini_a("assassin", "contessa")
    for s in (a, b):
        play(s, "income", "income")
    assert a.view(0) == b.view(0) == [(-1, "deal 0 assassin"), (0, "income"), (1, "income")]
    assert a.information_state(0) == b.information_state(0)
    assert a.information_state(1) != b.information_state(1)
    assert a.game.private_info(a.core, 0) == {"seat": 0, "cards": ["assassin"]}
    pub = a.game.public_info(a.core)
    assert [p["influence"] for p in pub["players"]] == [1, 1] and pub["deck_size"] == 1
    assert all(p["face_up"] == [] for p in pub["players"])
    for seed in range(20):                                      # determinization never moves seat 0's card
        d = a.information_state(0).determinize(Rng(seed))
        assert d.core.face_down(0) == [Role.ASSASSIN] and d.core.face_down(1)[0] in (Role.DUKE, Role.CONTESSA)


@pytest.mark.parametrize("ruleset,players,options", [
    ("mini-a", 2, None), ("mini", 2, None),
    ("standard", 3, {"influence": 1, "duke_copies": 2, "assassin_copies": 2, "captain_copies": 1,
                     "ambassador_copies": 1, "contessa_copies": 1, "max_turns": 40}),
])
def test_information_states_of_one_card_hands_are_valid_states(ruleset, players, options):
    # every seat's information state (its canonical arrangement of unseen cards) is a state decode accepts,
    # and a world sampled from it plays on legally to the end -- also while a proved card waits to go back
    from intrigue.ext.coup_core import CoupCore
    game = load_game("coup", ruleset, players, options)
    checked = shown = 0
    for seed in range(60):
        s = game.new_state(seed)
        rng = Rng(seed)
        while not s.is_terminal():
            for seat in range(players):
                info = s.information_state(seat)
                CoupCore.decode(info.core.encode())
                world = info.determinize(Rng(seed * 7 + seat))
                CoupCore.decode(world.core.encode())
                while not world.is_terminal():
                    legal = world.legal_actions()
                    world.apply_action(legal[rng.below(len(legal))])
                checked += 1
                shown += any(sh for p in range(players) for _, _, sh in info.core.hand(p))
            legal = s.legal_actions()
            s.apply_action(legal[rng.below(len(legal))])
    assert checked > 500 and shown > 0


def test_the_blank_card_is_named_plainly_in_every_language():
    s = mini_a("duke", "assassin")
    assert s.game.blank_roles == (Role.DUKE,) and load_game("coup", "mini").blank_roles == ()
    words = {"en": "Blank card", "th": "การ์ดเปล่า", "he": "קלף ריק"}
    for lang, word in words.items():
        n = CoupNarrator(s.game, lang)
        assert n.event(load_game("coup", "mini-a", 2).new_initial_state().core, s.history[0], 0) == [
            {"en": "You are dealt a Blank card.", "th": "คุณ ได้รับการ์ดเปล่า",
             "he": "מושב 0 (את/ה) מקבל קלף ריק."}[lang]]
        assert word in n.board(s, 0) and word in n.rules(s.core, 0)
        assert word in s.game.render(s, 0, lang)
    # the notation keeps the role id, and 'blank' is understood
    play(s, "income", "income", "income", "assassinate 0", "pass", "pass")
    assert s.legal_moves() == ["reveal duke"]
    assert s.string_to_action("reveal blank") == s.legal_actions()[0]
    assert s.game.describe_action("reveal duke") == "Reveal Blank card"
    with pytest.raises(Exception):
        load_game("coup", "standard", 2).new_state(1).string_to_action("block blank")


def test_moves_outside_the_ruleset_are_said_to_be_so():
    s = mini_a("duke", "assassin")
    play(s, "income", "income")
    n = CoupNarrator(s.game, "en")
    assert n.why_illegal(s.core, "tax", 0) == "Tax is not part of this ruleset."
    assert n.why_illegal(s.core, "steal 1", 0) == "Steal is not part of this ruleset."
    assert n.why_illegal(s.core, "coup 1", 0) == "Coup costs 2 coins; you have 1."
    play(s, "assassinate 1", "pass", "block contessa", "pass", "assassinate 0", "pass", "block contessa", "pass",
         "income", "income")
    assert n.why_illegal(s.core, "assassinate 1", 0) == \
        "You have made your 1 Assassination (the most this ruleset allows)."
    labels = [n.action_label(s.core, a, 0) for a in s.legal_actions()]
    assert labels == ["Income (+1 coin)"]


def test_the_rules_box_gives_the_rulesets_amounts():
    s = new_game("coup", ruleset="mini", players=2, seed=4)
    text = CoupNarrator(s.game, "en").rules(s.core, 0)
    assert "with 4 or more coins you must Coup" in text and "pay 4:" in text and "pay 2:" in text
    assert "+2 coins" in text and "Steal" not in text and "Exchange" not in text and "Foreign Aid" not in text
    assert "2 × Duke, 2 × Assassin and 2 × Contessa; each player holds one card" in text
    assert "at most once a game" in text
    standard = CoupNarrator(load_game("coup", "standard", 3), "en").rules(new_game("coup", players=3, seed=1).core, 0)
    assert "This ruleset" not in standard and "pay 7:" in standard and "Exchange" in standard


# --- the bots -----------------------------------------------------------------------------------------------
@pytest.mark.parametrize("ruleset", ["mini-a", "mini"])
@pytest.mark.parametrize("spec", ["random", "heuristic",
                                  pytest.param("ismcts:iterations=300", marks=pytest.mark.slow),
                                  pytest.param("ismcts:iterations=300,playout=policy,leaf=eval", marks=pytest.mark.slow)])
def test_a_seeded_game_of_every_bot_reaches_the_end(ruleset, spec):
    results = []
    for seed in (1, 2):
        bots = [make_bot(spec, seed=seed * 10 + seat) for seat in range(2)]
        s = load_game("coup", ruleset, 2).new_state(seed)
        while not s.is_terminal():
            seat = s.current_player()
            ans = bots[seat].choose(s.information_state(seat))
            assert ans.action in s.legal_actions()
            s.apply_action(ans.action)
        for b in bots:
            b.close()
        results.append((s.result().winners, len(s.history)))
    assert all(len(w) == 1 for w, _ in results)


@pytest.mark.parametrize("ruleset,options", [
    ("mini-a", None), ("mini", None),
    ("standard", {"ambassador_copies": 0, "contessa_copies": 0, "duke_copies": 1, "allow_exchange": False}),
])
def test_the_rollout_policy_only_plays_legal_moves(ruleset, options):
    game = load_game("coup", ruleset, 2, options)
    decisions = 0
    for seed in range(200):
        s = game.new_state(seed)
        rng = Rng(seed)
        while not s.is_terminal():
            for k in range(3):
                assert coup_core.policy_action(s.core, seed=seed * 3 + k) in s.legal_actions()
            decisions += 1
            legal = s.legal_actions()
            s.apply_action(legal[rng.below(len(legal))])
    assert decisions > 1000


def test_the_heuristic_challenges_a_claim_it_knows_is_false():
    # seat 1 holds the only Assassin: seat 0's Assassinate must be a bluff
    s = mini_a("contessa", "assassin")
    play(s, "income", "income", "assassinate 1")
    probs = CoupHeuristic(Rng(0)).action_probs(s.information_state(1))
    assert probs == {Action.CHALLENGE: 1.0}


def test_the_fitted_evaluation_stays_out_of_other_rulesets():
    standard = new_game("coup", players=2, seed=3)
    assert coup_core.evaluate(standard.core, seed=1) is not None
    for ruleset in ("mini-a", "mini"):
        s = new_game("coup", ruleset=ruleset, players=2, seed=3)
        assert coup_core.evaluate(s.core, seed=1) is None            # the search plays such leaves out
        assert "leaf" not in s.game.seat_search_defaults(s.information_state(0))
    odd = new_game("coup", players=2, seed=3, options={"coup_cost": 6})
    assert coup_core.evaluate(odd.core, seed=1) is None


def test_the_belief_chain_deals_one_card_hands_from_the_rulesets_deck():
    # mini: seat 0 holds an Assassin; seat 1's card is one of 2 Dukes, 1 Assassin, 2 Contessas unseen
    s = load_game("coup", "mini", 2).new_initial_state()
    play(s, "deal 0 assassin", "deal 1 duke")
    info = s.information_state(0)
    counts = coup_core.belief_hand_counts(info.core, 0, None, 20000, seed=3)[1]
    assert sum(counts[5:]) == 0                                   # one-card hands only
    total = sum(counts)
    for role, share in ((Role.DUKE, 0.4), (Role.ASSASSIN, 0.2), (Role.CONTESSA, 0.4)):
        assert counts[role] / total == pytest.approx(share, abs=0.02)
    assert counts[Role.CAPTAIN] == counts[Role.AMBASSADOR] == 0


# --- records of the other rulesets ------------------------------------------------------------------------
def _make_records(out_dir: str) -> None:  # pragma: no cover - run once with the build before the options
    """How ``tests/data/coup_records`` was made, with the engine as it was before the variant options
    (heuristic self-play, seeded): the records and what replaying them gave then."""
    expect = {}
    for ruleset, players, seed in (("standard", 2, 11), ("standard", 4, 12), ("standard", 6, 13),
                                   ("seed-th", 3, 14), ("seed-he", 5, 15)):
        game = load_game("coup", ruleset, players)
        state = game.new_state(seed)
        pol = CoupHeuristic(Rng(seed))
        while not state.is_terminal():
            state.apply_action(pol.choose(state.information_state(state.current_player())))
        name = f"{ruleset}-{players}p.msgpack"
        state.record(note="made before the variant options").save(os.path.join(out_dir, name))
        expect[name] = {"history": [[e.seat, e.text] for e in state.history],
                        "views": [state.view(s) for s in range(players)], "result": state.result().to_dict(),
                        "public": game.public_info(state.core), "board": game.render(state, None)}
    with open(os.path.join(out_dir, "expected.json"), "w") as f:
        json.dump(expect, f, ensure_ascii=False, separators=(",", ":"))


def test_records_made_before_the_options_load_and_replay_identically():
    with open(os.path.join(RECORDS, "expected.json")) as f:
        expect = json.load(f)
    assert len(expect) == 5
    for name, want in expect.items():
        record = GameRecord.load(os.path.join(RECORDS, name))
        assert "influence" not in record.options                   # an old record: the options then
        final = record.replay()
        assert [[e.seat, e.text] for e in final.history] == want["history"]
        assert [[list(x) for x in final.view(s)] for s in range(record.players)] == want["views"]
        assert final.result().to_dict() == want["result"]
        assert json.loads(json.dumps(final.game.public_info(final.core))) == want["public"]
        assert final.game.render(final, None) == want["board"]
        assert final.game.options["influence"] == 2 and final.game.copies == (3, 3, 3, 3, 3)


# --- mini-a's value ---------------------------------------------------------------------------------------
def variant_a_tree() -> tree_cfr.Node:
    """The Coup-Solver project's Variant A as its README and rules describe it, modelled directly (not
    through the engine): one card each of Assassin, Contessa, Civilian; coins from 0; Income +1;
    Assassinate costs 1, once per player; Coup costs 2 and is forced at 2.  An assassination's target
    either blocks (claiming Contessa) or challenges -- accepting it would lose, so it is not a choice
    there; the assassin may challenge a block or let it stand; any challenge ends the game (one card
    each).  Seat 0's reward: 1 for a win, 0 for a loss."""
    def win(p):
        return tree_cfr.Node(None, value=1.0 if p == 0 else 0.0)

    def turn(cards, coins, used, p, history):
        node = tree_cfr.Node(p, key=(p, cards[p], history))
        q = 1 - p
        if coins[p] >= 2:
            node.children.append(("coup", win(p)))
            return node
        c = list(coins)
        c[p] += 1
        node.children.append(("income", turn(cards, tuple(c), used, q, history + ("income",))))
        if coins[p] >= 1 and not used[p]:
            c = list(coins)
            c[p] -= 1
            u = list(used)
            u[p] = True
            h = history + ("assassinate",)
            answer = tree_cfr.Node(q, key=(q, cards[q], h))
            answer.children.append(("challenge", win(p if cards[p] == "A" else q)))
            block = tree_cfr.Node(p, key=(p, cards[p], h + ("block",)))
            block.children.append(("challenge", win(q if cards[q] == "C" else p)))
            block.children.append(("pass", turn(cards, tuple(c), tuple(u), q, h + ("block", "pass"))))
            answer.children.append(("block", block))
            node.children.append(("assassinate", answer))
        return node

    root = tree_cfr.Node(-1)
    for cards in permutations("ACX", 2):
        root.children.append((cards, turn(cards, (0, 0), (False, False), 0, ())))
        root.odds.append(1 / 6)
    return root


@pytest.mark.slow
def test_mini_a_is_solved_to_coup_solvers_published_value():
    ours, nash_ours, _ = tree_cfr.solve(tree_cfr.game_tree(load_game("coup", "mini-a", 2)), 1000)
    theirs, nash_theirs, _ = tree_cfr.solve(variant_a_tree(), 1000)
    assert nash_ours < 1e-4 and nash_theirs < 1e-4
    # seat 0 wins 5/6 of the time: 2 * 5/6 - 1 = 0.667 in the published +1/-1 payoffs (given as 0.666)
    assert ours == pytest.approx(5 / 6, abs=1e-4) and theirs == pytest.approx(5 / 6, abs=1e-4)
    assert 2 * ours - 1 == pytest.approx(0.666, abs=1e-3)
