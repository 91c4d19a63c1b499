"""Coup, rule by rule (``coup.md`` sections 1-10), on hand-made positions.

Deals and draws are given explicitly (``deal 0 duke captain``, ``draw 1 contessa``) so that every
scenario is exactly the one the rule describes.
"""
from __future__ import annotations

import pytest

from intrigue.engine import (CHANCE, TERMINAL, GameOverError, IllegalActionError, NotationError, OptionError,
                             PlayerCountError, UnknownRulesetError, load_game, new_game)


def table(*hands, ruleset="standard", coins=None, **options):
    """A game dealt ``hands`` (one ``"role role"`` string per seat), optionally with coins set."""
    game = load_game("coup", ruleset, len(hands), options or None)
    s = game.new_initial_state()
    for p, hand in enumerate(hands):
        s.apply_action(f"deal {p} {hand}")
    if coins is not None:
        for p, c in enumerate(coins):
            s.core.set_coins(p, c)
    return s


def play(s, *moves):
    for m in moves:
        s.apply_action(m)
    return s


def hand(s, p):
    """(face-down roles, face-up roles) of seat p."""
    from intrigue.engine.coup import ROLES
    h = s.core.hand(p)
    return (sorted(ROLES[r] for r, up, _ in h if r is not None and not up),
            sorted(ROLES[r] for r, up, _ in h if up))


def to(s):
    return s.current_player(), s.decision().kind


# --- section 1: components ------------------------------------------------------------------------
def test_components_15_cards_3_each_and_50_coins():
    s = load_game("coup", players=6).new_initial_state()
    assert s.core.deck == [3, 3, 3, 3, 3]
    assert s.core.treasury + sum(s.core.coins) == 50


def test_treasury_cap_limits_income_foreign_aid_and_tax():
    s = table("duke duke", "captain captain", "contessa contessa", coins=[2, 20, 27], forced_coup_at=50)
    assert s.core.treasury == 1
    play(s, "tax", "pass", "pass")                     # +3 asked, 1 in the treasury
    assert s.core.coins[0] == 3 and s.core.treasury == 0
    play(s, "income")                                  # seat 1: nothing left to take
    assert s.core.coins[1] == 20
    play(s, "coup 0", "reveal duke")                   # seat 2 pays 7 into the treasury
    assert s.core.treasury == 7
    play(s, "foreign_aid", "pass", "pass")             # seat 0 takes 2 of the 7
    assert s.core.coins[0] == 5 and s.core.treasury == 5


# --- section 2: setup ---------------------------------------------------------------------------
@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_setup_two_cards_two_coins_seat_zero_starts(players):
    s = new_game("coup", players=players, seed=players)
    assert to(s) == (0, "action")
    for p in range(players):
        down, up = hand(s, p)
        assert len(down) == 2 and up == []
    expected = [2] * players
    if players == 2:
        expected[0] = 1
    assert s.core.coins == expected
    assert sum(s.core.deck) == 15 - 2 * players


@pytest.mark.parametrize("ruleset,start", [("standard", 1), ("seed-th", 2), ("seed-he", 2)])
def test_two_player_start_coins_per_ruleset(ruleset, start):
    s = new_game("coup", ruleset=ruleset, players=2, seed=3)
    assert s.core.coins == [start, 2]
    assert s.core.treasury == 50 - start - 2


def test_deals_come_in_seat_order_as_chance_events():
    s = new_game("coup", players=3, seed=9)
    chance = [e for e in s.history if e.seat == CHANCE]
    assert [e.text.split()[:2] for e in chance] == [["deal", "0"], ["deal", "1"], ["deal", "2"]]


def test_a_deal_out_of_order_is_refused_and_changes_nothing():
    s = load_game("coup", players=3).new_initial_state()
    before = s.encode()
    with pytest.raises(IllegalActionError):
        s.apply_action("deal 1 duke duke")
    assert s.encode() == before and s.history == []


# --- section 3: a turn ----------------------------------------------------------------------------
def test_income():
    s = play(table("duke captain", "contessa assassin"), "income")
    assert s.core.coins == [2, 2] and to(s) == (1, "action")      # 2-player: seat 0 started with 1


def test_foreign_aid_unblocked_and_no_challenge_window():
    s = table("duke captain", "contessa assassin", "captain ambassador")
    play(s, "foreign_aid")
    assert to(s) == (1, "block")                       # no claim, so straight to the block window
    play(s, "pass", "pass")
    assert s.core.coins[0] == 4 and to(s) == (1, "action")


def test_coup_costs_seven_and_target_loses_influence():
    s = table("duke captain", "contessa assassin", "captain ambassador", coins=[7, 2, 2])
    play(s, "coup 2")
    assert s.core.coins[0] == 0 and to(s) == (2, "lose_influence")
    assert sorted(s.legal_moves()) == ["reveal ambassador", "reveal captain"]
    play(s, "reveal captain")
    assert hand(s, 2) == (["ambassador"], ["captain"]) and to(s) == (1, "action")


def test_coup_needs_seven_coins_assassinate_three():
    s = table("duke captain", "contessa assassin", coins=[6, 2])
    moves = s.legal_moves()
    assert "coup 1" not in moves and "assassinate 1" in moves
    s.core.set_coins(0, 2)
    assert "assassinate 1" not in s.legal_moves()
    with pytest.raises(IllegalActionError):
        s.apply_action("assassinate 1")


def test_forced_coup_at_ten_coins():
    s = table("duke captain", "contessa assassin", "captain ambassador", coins=[10, 2, 2])
    assert s.legal_moves() == ["coup 1", "coup 2"]
    s.core.set_coins(0, 9)
    assert "income" in s.legal_moves()


def test_forced_coup_threshold_is_an_option():
    s = table("duke captain", "contessa assassin", coins=[8, 2], forced_coup_at=8)
    assert s.legal_moves() == ["coup 1"]


def test_targets_are_living_other_players():
    s = table("duke captain", "contessa assassin", "captain ambassador", coins=[14, 7, 2], forced_coup_at=50)
    play(s, "coup 1", "reveal assassin", "coup 0", "reveal duke")
    play(s, "income", "coup 1", "reveal contessa")        # seat 1 is out
    assert not s.core.alive(1)
    assert s.current_player() == 2
    moves = s.legal_moves()
    assert "steal 1" not in moves and "steal 2" not in moves and "steal 0" in moves


def test_tax_is_three_and_bluffing_is_legal():
    s = table("captain captain", "contessa assassin")        # no duke, yet tax is legal
    play(s, "tax", "pass")
    assert s.core.coins[0] == 4


def test_coins_are_paid_when_declared():
    s = table("assassin captain", "contessa duke", "captain ambassador", coins=[3, 2, 2])
    play(s, "assassinate 2")
    assert s.core.coins[0] == 0 and to(s) == (1, "challenge")


@pytest.mark.parametrize("ruleset,amount", [("standard", 2), ("seed-th", 2), ("seed-he", 3)])
def test_steal_amount_per_ruleset(ruleset, amount):
    s = table("captain duke", "contessa assassin", ruleset=ruleset, coins=[2, 5])
    play(s, "steal 1", "pass", "pass")
    assert s.core.coins == [2 + amount, 5 - amount]


@pytest.mark.parametrize("target_coins,taken", [(1, 1), (0, 0)])
def test_steal_from_a_player_with_one_coin_and_with_none(target_coins, taken):
    s = table("captain duke", "contessa assassin", "duke duke", coins=[2, target_coins, 2])
    assert "steal 1" in s.legal_moves()
    play(s, "steal 1", "pass", "pass", "pass")
    assert s.core.coins[:2] == [2 + taken, target_coins - taken]


def test_exchange_claim_is_challengeable():
    s = table("captain duke", "contessa assassin")
    play(s, "exchange")
    assert to(s) == (1, "challenge")


# --- section 4: responses ------------------------------------------------------------------------
def test_action_challenge_asks_in_seat_order_from_actors_left():
    s = table("duke captain", "contessa assassin", "captain ambassador", "duke contessa")
    play(s, "income", "tax")                                    # seat 1 claims duke
    asked = []
    while s.decision().kind == "challenge":
        asked.append(s.current_player())
        s.apply_action("pass")
    assert asked == [2, 3, 0]
    assert to(s) == (2, "action") and s.core.coins[1] == 5


def test_first_challenge_ends_the_window():
    s = table("duke captain", "contessa assassin", "captain ambassador", "duke contessa")
    play(s, "tax", "pass", "challenge")                          # seat 2 challenges, seat 3 is never asked
    assert to(s) == (0, "defend")


def test_foreign_aid_block_window_in_seat_order_first_block_ends_it():
    s = table("duke captain", "contessa assassin", "captain ambassador", "duke contessa")
    play(s, "foreign_aid", "pass")
    assert to(s) == (2, "block") and s.legal_moves() == ["pass", "block duke"]
    play(s, "block duke")
    assert to(s) == (3, "challenge_block")                      # seat 3 is never asked to block


def test_only_the_target_may_block_steal_choosing_captain_or_ambassador():
    s = table("captain captain", "contessa assassin", "ambassador duke")
    play(s, "steal 2", "pass", "pass")
    assert to(s) == (2, "block")
    assert s.legal_moves() == ["pass", "block captain", "block ambassador"]
    play(s, "block ambassador")
    assert to(s) == (0, "challenge_block")                      # from the blocker's left: 0, then 1
    play(s, "pass", "pass")
    assert s.core.coins == [2, 2, 2]                             # block stood


def test_only_the_target_may_block_assassination_with_contessa():
    s = table("assassin captain", "contessa assassin", "ambassador duke", coins=[3, 2, 2])
    play(s, "assassinate 1", "pass", "pass")
    assert to(s) == (1, "block") and s.legal_moves() == ["pass", "block contessa"]


def test_block_challenge_window_includes_the_actor_in_order_from_blockers_left():
    s = table("duke captain", "contessa assassin", "captain ambassador", "duke contessa")
    play(s, "income", "foreign_aid", "pass", "block duke")      # seat 1 acts, seat 3 blocks
    asked = []
    while s.decision().kind == "challenge_block":
        asked.append(s.current_player())
        s.apply_action("pass")
    assert asked == [0, 1, 2]


def test_block_cancelled_by_challenge_resolves_the_action_without_second_block():
    s = table("captain duke", "contessa assassin", "captain ambassador")
    play(s, "foreign_aid", "block duke", "challenge")            # seat 1 blocks (bluff), seat 2 challenges
    assert to(s) == (1, "defend_block")
    play(s, "reveal assassin")                                   # the bluff fails: seat 1 loses a card
    assert hand(s, 1) == (["contessa"], ["assassin"])
    assert s.core.coins[0] == 4 and to(s) == (1, "action")       # foreign aid resolved, seat 2 never asked


def test_proved_block_stands():
    s = table("captain duke", "duke assassin", "captain ambassador")
    play(s, "foreign_aid", "block duke", "pass", "challenge")    # seat 0 challenges seat 1's duke
    play(s, "reveal duke")
    assert to(s) == (0, "lose_influence")
    play(s, "reveal captain")
    assert to(s) == (CHANCE, "draw")
    play(s, "draw 1 contessa")
    assert s.core.coins[0] == 2 and to(s) == (1, "action")


def test_player_eliminated_inside_a_window_takes_no_further_decision():
    # seat 0 claims captain to steal from seat 1; seat 2 (one influence) challenges and loses its
    # last card; seat 1 may still block, and the block-challenge window skips seat 2.
    s = table("captain duke", "contessa ambassador", "duke assassin", coins=[7, 2, 2])
    play(s, "coup 2", "reveal assassin")                         # seat 2 down to one card
    play(s, "income", "income")                                  # seats 1, 2
    play(s, "steal 1", "pass", "challenge")                      # seat 1 passes, seat 2 challenges
    play(s, "reveal captain")                                    # proved
    assert to(s) == (2, "lose_influence")
    play(s, "reveal duke")                                       # seat 2 is out
    assert not s.core.alive(2)
    play(s, "draw 0 contessa")
    assert to(s) == (1, "block")
    play(s, "block ambassador")
    assert to(s) == (0, "challenge_block")                       # seat 2 skipped
    play(s, "pass")
    assert to(s) == (1, "action")


def test_target_eliminated_before_resolution_has_no_further_effect():
    # seat 1 (one influence) challenges the assassination aimed at it and loses: it is out, so the
    # assassination has nothing left to do and seat 0's 3 coins are not refunded
    s = table("assassin captain", "contessa duke", "captain ambassador", coins=[10, 2, 2])
    play(s, "coup 1", "reveal duke")
    play(s, "income", "income")
    play(s, "assassinate 1", "challenge", "reveal assassin", "reveal contessa")
    assert not s.core.alive(1)
    play(s, "draw 0 duke")
    assert to(s) == (2, "action") and s.core.coins[0] == 0


# --- section 5: exchange --------------------------------------------------------------------------
def test_exchange_published_two_influence_keeps_two_of_four():
    s = table("duke captain", "contessa assassin")
    play(s, "exchange", "pass", "draw 0 ambassador contessa")
    assert to(s) == (0, "exchange")
    assert sorted(s.legal_moves()) == sorted([
        "keep duke captain", "keep duke ambassador", "keep duke contessa",
        "keep captain ambassador", "keep captain contessa", "keep ambassador contessa"])
    play(s, "keep ambassador contessa")
    assert hand(s, 0) == (["ambassador", "contessa"], [])
    assert s.core.deck[0] == 3 and s.core.deck[2] == 3           # duke and captain went back


def test_exchange_published_one_influence_keeps_one_of_three():
    s = table("duke captain", "contessa assassin", coins=[2, 7])
    play(s, "income", "coup 0", "reveal captain")
    play(s, "exchange", "pass", "draw 0 duke contessa")
    assert sorted(s.legal_moves()) == ["keep contessa", "keep duke"]
    play(s, "keep contessa")
    assert hand(s, 0) == (["contessa"], ["captain"])


@pytest.mark.parametrize("ruleset", ["seed-th", "seed-he"])
def test_exchange_swap_one_two_influence(ruleset):
    s = table("duke captain", "contessa assassin", ruleset=ruleset)
    play(s, "exchange", "pass", "draw 0 ambassador contessa")
    assert sorted(s.legal_moves()) == sorted([
        "keep duke captain",                                     # keep the hand
        "keep captain ambassador", "keep captain contessa",     # swap the duke
        "keep duke ambassador", "keep duke contessa"])          # swap the captain
    assert "keep ambassador contessa" not in s.legal_moves()     # never both drawn cards
    play(s, "keep duke contessa")
    assert hand(s, 0) == (["contessa", "duke"], [])


def test_exchange_swap_one_one_influence():
    s = table("duke captain", "contessa assassin", ruleset="seed-th", coins=[2, 7])
    play(s, "income", "coup 0", "reveal duke")
    play(s, "exchange", "pass", "draw 0 ambassador contessa")
    assert sorted(s.legal_moves()) == ["keep ambassador", "keep captain", "keep contessa"]


def test_exchange_drawn_and_returned_cards_are_private():
    s = table("duke captain", "contessa assassin", "captain duke")
    play(s, "exchange", "pass", "pass", "draw 0 ambassador contessa", "keep ambassador contessa")
    mine = s.view(0)
    theirs = s.view(1)
    assert (-1, "draw 0 ambassador contessa") in mine and (0, "keep ambassador contessa") in mine
    assert not any("ambassador contessa" in t for _, t in theirs)
    assert (0, "keep") in theirs and all(t != "draw 0 ambassador contessa" for _, t in theirs)


# --- section 6: challenges and losing influence --------------------------------------------------
def test_proved_claim_challenger_loses_and_card_is_replaced_privately():
    s = table("duke captain", "contessa assassin", "captain ambassador")
    play(s, "tax", "challenge")
    assert to(s) == (0, "defend")
    play(s, "reveal duke")
    assert to(s) == (1, "lose_influence")
    play(s, "reveal assassin")
    assert to(s) == (CHANCE, "draw")
    deck_before = s.core.deck[0]
    play(s, "draw 0 duke")                                       # the duke can come straight back
    assert s.core.deck[0] == deck_before - 1
    assert s.core.coins[0] == 5                                  # the tax went through
    assert (-1, "draw 0 duke") in s.view(0) and (-1, "draw 0 duke") not in s.view(1)
    assert (0, "reveal duke") in s.view(1)                       # which card proved it is public


def test_no_replacement_draw_when_the_challengers_loss_ends_the_game():
    s = table("duke captain", "contessa assassin", coins=[7, 2])
    play(s, "coup 1", "reveal assassin")                         # seat 1: one card
    play(s, "tax", "pass")                                       # seat 1
    play(s, "tax", "challenge", "reveal duke", "reveal contessa")
    assert s.is_terminal() and s.result().winners == (0,)
    assert all(e.seat != CHANCE for e in s.history[-3:])


def test_concede_by_revealing_another_card_while_holding_the_role():
    s = table("duke captain", "contessa assassin")
    play(s, "tax", "challenge")
    assert s.legal_moves() == ["reveal duke", "reveal captain"]
    play(s, "reveal captain")                                    # hides the duke, loses the captain
    assert hand(s, 0) == (["duke"], ["captain"]) and s.core.coins[0] == 1


def test_all_face_down_cards_are_the_claimed_role_so_revealing_proves():
    s = table("duke duke", "contessa assassin")
    play(s, "tax", "challenge")
    assert s.legal_moves() == ["reveal duke"]
    play(s, "reveal duke")
    assert to(s) == (1, "lose_influence")


def test_failed_claim_refunds_the_assassination_cost():
    s = table("captain duke", "contessa assassin", "captain ambassador", coins=[5, 2, 2])
    play(s, "assassinate 1", "pass", "challenge", "reveal captain")
    assert s.core.coins[0] == 5 and to(s) == (1, "action")


def test_failed_claim_without_refund_option():
    s = table("captain duke", "contessa assassin", coins=[5, 2], refund_on_failed_claim=False)
    play(s, "assassinate 1", "challenge", "reveal duke")
    assert s.core.coins[0] == 2


def test_block_that_stands_does_not_refund_the_assassination():
    s = table("assassin duke", "contessa captain", "captain ambassador", coins=[5, 2, 2])
    play(s, "assassinate 1", "pass", "pass", "block contessa", "pass", "pass")
    assert s.core.coins[0] == 2 and hand(s, 1) == (["captain", "contessa"], [])


def test_losing_influence_turns_the_chosen_card_face_up_for_good():
    s = table("duke captain", "contessa assassin", "captain ambassador", coins=[7, 2, 2])
    play(s, "coup 1", "reveal contessa")
    assert hand(s, 1) == (["assassin"], ["contessa"])
    for _ in range(6):
        play(s, "income")
    assert hand(s, 1)[1] == ["contessa"]


def test_eliminated_players_coins_return_to_the_treasury():
    s = table("duke captain", "contessa assassin", "captain ambassador", coins=[7, 5, 2])
    play(s, "coup 1", "reveal contessa", "income", "income", "income", "tax", "pass", "challenge")
    # seat 1 claimed duke without one: conceding its last card eliminates it
    treasury = s.core.treasury
    play(s, "reveal assassin")
    assert not s.core.alive(1) and s.core.coins[1] == 0 and s.core.treasury == treasury + 6


def test_assassination_double_loss_after_failed_challenge():
    s = table("assassin duke", "contessa captain", "captain ambassador", coins=[3, 2, 2])
    play(s, "assassinate 1", "challenge")                        # the target challenges
    play(s, "reveal assassin")                                   # proved
    play(s, "reveal captain")                                    # first loss: the challenge
    play(s, "draw 0 duke")
    assert to(s) == (1, "block")                                 # still alive, may block
    play(s, "pass")
    play(s, "reveal contessa")                                   # second loss: the assassination
    assert not s.core.alive(1) and hand(s, 1) == ([], ["captain", "contessa"])


def test_assassination_double_loss_after_failed_contessa_bluff():
    s = table("assassin duke", "duke captain", "captain ambassador", coins=[3, 2, 2])
    play(s, "assassinate 1", "pass", "pass", "block contessa", "pass", "challenge")
    assert to(s) == (1, "defend_block") and s.legal_moves() == ["reveal duke", "reveal captain"]
    play(s, "reveal duke")                                       # first loss: the bluff
    assert to(s) == (1, "lose_influence")                        # the assassination still resolves
    play(s, "reveal captain")
    assert not s.core.alive(1)


def test_target_blocks_after_losing_its_challenge_of_the_action():
    s = table("assassin duke", "contessa captain", "captain ambassador", coins=[3, 2, 2])
    play(s, "assassinate 1", "challenge", "reveal assassin", "reveal captain", "draw 0 ambassador")
    assert to(s) == (1, "block")
    play(s, "block contessa", "pass", "pass")                    # the block stands
    assert hand(s, 1) == (["contessa"], ["captain"]) and to(s) == (1, "action")


# --- section 7: the end ---------------------------------------------------------------------------
def test_last_player_with_influence_wins_and_placings_reverse_elimination():
    s = table("duke captain", "contessa assassin", "captain ambassador", coins=[7, 7, 2])
    play(s, "coup 2", "reveal captain", "coup 2", "reveal ambassador")        # seat 2 out first
    play(s, "income", "income", "tax", "challenge", "reveal duke")           # seat 0 proves; seat 1 loses
    play(s, "reveal assassin", "draw 0 captain", "income", "income", "income")
    assert not s.is_terminal()
    s.core.set_coins(0, 7)
    play(s, "coup 1", "reveal contessa")
    assert s.is_terminal()
    res = s.result()
    assert res.winners == (0,) and res.placings == (1, 2, 3) and res.rewards == (1.0, 0.0, 0.0)
    assert not res.draw
    with pytest.raises(GameOverError):
        s.apply_action("income")


def test_turn_cap_ends_as_a_draw_among_survivors():
    s = table("duke captain", "contessa assassin", "captain ambassador", coins=[7, 2, 2], max_turns=4)
    play(s, "coup 2", "reveal captain", "income", "income", "income")
    assert s.is_terminal()
    res = s.result()
    assert res.draw and res.winners == (0, 1, 2) and res.placings == (1, 1, 1)
    assert res.rewards == pytest.approx((1 / 3, 1 / 3, 1 / 3))


# --- section 8: rulesets and options ----------------------------------------------------------------
@pytest.mark.parametrize("ruleset,expected", [
    ("standard", dict(steal_amount=2, exchange="published", forced_coup_at=10, two_player_start_coins=1,
                      refund_on_failed_claim=True)),
    ("seed-th", dict(steal_amount=2, exchange="swap_one", forced_coup_at=10, two_player_start_coins=2,
                     refund_on_failed_claim=True)),
    ("seed-he", dict(steal_amount=3, exchange="swap_one", forced_coup_at=10, two_player_start_coins=2,
                     refund_on_failed_claim=True)),
])
def test_ruleset_table(ruleset, expected):
    g = load_game("coup", ruleset, 4)
    assert {k: g.options[k] for k in expected} == expected
    assert g.language == {"standard": "en", "seed-th": "th", "seed-he": "he"}[ruleset]


def test_every_option_overridable_one_by_one():
    g = load_game("coup", "seed-he", 3, {"steal_amount": "4", "exchange": "published", "forced_coup_at": 12,
                                         "two_player_start_coins": 0, "refund_on_failed_claim": "false",
                                         "max_turns": 50})
    assert g.options["steal_amount"] == 4 and g.options["exchange"] == "published"
    assert g.options["forced_coup_at"] == 12 and g.options["refund_on_failed_claim"] is False
    assert g.overrides() == {"steal_amount": 4, "exchange": "published", "forced_coup_at": 12,
                             "two_player_start_coins": 0, "refund_on_failed_claim": False, "max_turns": 50}
    s = g.new_state(seed=1)
    assert s.core.rules["steal_amount"] == 4 and s.core.rules["max_turns"] == 50


@pytest.mark.parametrize("options,field", [
    ({"steal_amont": 3}, "steal_amont"),
    ({"steal_amount": 0}, "steal_amount"),
    ({"steal_amount": "lots"}, "steal_amount"),
    ({"exchange": "swap_two"}, "exchange"),
    ({"forced_coup_at": 6}, "forced_coup_at"),
    ({"refund_on_failed_claim": "maybe"}, "refund_on_failed_claim"),
    ({"max_turns": 0}, "max_turns"),
])
def test_unknown_option_or_bad_value_is_refused_naming_it(options, field):
    with pytest.raises(OptionError) as err:
        load_game("coup", "standard", 4, options)
    assert err.value.field == field and field in str(err.value)


def test_unknown_ruleset_and_bad_player_count_are_refused():
    with pytest.raises(UnknownRulesetError) as err:
        load_game("coup", "seed-fr", 4)
    assert "seed-fr" in str(err.value) and "standard" in str(err.value)
    for n in (1, 7, "many"):
        with pytest.raises(PlayerCountError):
            load_game("coup", "standard", n)


# --- section 9: observation -----------------------------------------------------------------------
def test_information_state_holds_own_cards_and_public_history_only():
    s = table("duke captain", "contessa assassin", "ambassador ambassador")
    play(s, "tax", "pass", "pass")
    info = s.information_state(1)
    assert info.private_info() == {"seat": 1, "cards": ["assassin", "contessa"]}
    assert info.view == [(-1, "deal 1 assassin contessa"), (0, "tax"), (1, "pass"), (2, "pass")]
    pub = info.public_info()
    assert [p["coins"] for p in pub["players"]] == [5, 2, 2] and pub["deck_size"] == 9


# --- section 10: notation ---------------------------------------------------------------------------
def test_notation_round_trips_for_every_legal_action_in_random_games():
    import random
    rnd = random.Random(4)
    for seed in range(60):
        s = new_game("coup", ruleset=["standard", "seed-th"][seed % 2], players=2 + seed % 5, seed=seed)
        while not s.is_terminal():
            for a in s.legal_actions():
                assert s.string_to_action(s.action_to_string(a)) == a
            s.apply_action(rnd.choice(s.legal_actions()))
        for e in s.history:
            assert e.text.split()[0] in {"deal", "draw", "income", "foreign_aid", "coup", "tax", "assassinate",
                                         "steal", "exchange", "challenge", "pass", "block", "reveal", "keep"}


def test_notation_accepts_display_names_and_aliases():
    s = table("duke captain", "contessa assassin", "ambassador duke")
    play(s, "foreign_aid")
    for text in ("block Duke", "block เจ้าพระยา", "block ท่านขุน", "block דוכס", "BLOCK duke"):
        assert s.string_to_action(text) == s.string_to_action("block duke")
    assert s.string_to_action("block รัชทายาท") == s.string_to_action("block โหรหลวง") == \
        s.string_to_action("block contessa")
    assert s.string_to_action("foreign aid") == s.string_to_action("foreign_aid")


@pytest.mark.parametrize("text", ["", "fly", "coup", "coup x", "coup 9", "block", "block king", "keep duke duke duke",
                                  "income 2", "reveal"])
def test_bad_notation_is_refused_and_changes_nothing(text):
    s = table("duke captain", "contessa assassin", "ambassador duke")
    before, hist = s.encode(), list(s.history)
    with pytest.raises((NotationError, IllegalActionError)):
        s.apply_action(text)
    assert s.encode() == before and s.history == hist


def test_illegal_action_names_the_legal_ones_and_changes_nothing():
    s = table("duke captain", "contessa assassin", "ambassador duke")
    before = s.encode()
    with pytest.raises(IllegalActionError) as err:
        s.apply_action("block duke")
    assert "income" in err.value.legal and s.encode() == before
    with pytest.raises(IllegalActionError):
        s.apply_action("income", seat=2)                         # not seat 2's decision
    with pytest.raises(IllegalActionError):
        s.apply_action(999)


def test_every_decision_is_recorded_even_with_one_legal_choice():
    s = table("duke duke", "contessa assassin")
    play(s, "tax", "challenge", "reveal duke")                   # 'reveal duke' was the only choice
    assert [e.text for e in s.history[-3:]] == ["tax", "challenge", "reveal duke"]
