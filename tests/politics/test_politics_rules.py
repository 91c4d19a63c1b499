"""One test per phase and per rule of politics.md, including each decision Dn that changes play.

Positions are built with explicit chance outcomes (``support.politics.dealt``), so every number
below is worked out by hand from the spec.
"""
import pytest

from intrigue.engine.errors import IllegalActionError, OptionError
from intrigue.engine.game import State
from support.politics import (coins, dealt, default_move, fail_attempt, first_chance, form, game, opp_turn,
                              pass_windows, play, propose_all, to_leader_draw)


# --- setup (section 4) ---------------------------------------------------------------------------
@pytest.mark.parametrize("players", [6, 7, 8])
def test_setup(players):
    s = dealt(players, roles=(0, players - 1))
    core = s.core
    assert s.decision().kind == "leader_draw"
    assert sum(core.pile) == 48 - 3 * players
    assert sum(core.backroom_pile) == 21 - players
    for p in range(players):
        assert core.hand_size(p) == 3 and core.backroom_count(p) == 1
        assert core.coins(p) == {"INF": 2, "LEG": 0, "UND": 0, "HON": 0, "BET": 0}
        assert core.flags(p)["right"]
    assert core.dark_seats() == [0, players - 1]
    # every candidate can be drawn, uniformly
    assert [p for _, p in s.chance_outcomes()] == pytest.approx([1 / players] * players)
    # the dark pair itself is seen by no one; each seat sees only its own role (and a DARK seat its partner)
    for seat in range(players):
        texts = [t for _, t in s.view(seat)]
        assert not any(t.startswith("roles") for t in texts)
        own = [t for t in texts if t.startswith("role ")]
        if seat in (0, players - 1):
            assert own == [f"role {seat} dark {players - 1 - seat}"]
        else:
            assert own == [f"role {seat} honest"]
    info = s.information_state(0).private_info()
    assert info["role"] == "dark" and info["partner"] == players - 1
    assert "partner" not in s.information_state(1).private_info()


def test_modules_off():
    s = dealt(6, "core")
    core = s.core
    assert sum(core.backroom_pile) == 0 and all(core.backroom_count(p) == 0 for p in range(6))
    play(s, "leader 0")                                   # no COUP window without backroom cards
    assert s.decision().kind == "invite"
    assert not any("join" in m for m in s.legal_moves())  # no contracts
    play(s, "invite 1", "accept", "invite 2", "accept")
    assert s.decision().kind == "propose"                 # no contract offers in Phase 2
    # contracts off: the 4 DEALBREAK cards leave the backroom deck (D5)
    s2 = game(6, contracts=False).new_initial_state()
    assert s2.core.backroom_pile == [6, 5, 0, 6]


def test_options_are_checked():
    assert game(6, length="half").new_initial_state().core.nrounds == 6
    with pytest.raises(OptionError) as err:
        game(6, max_invitations=6)
    assert err.value.field == "max_invitations"
    assert game(8, max_invitations=7).options["max_invitations"] == 7


# --- Phase 1: leader draw, fee, invitations (6.1, 6.2; D7-D12) ----------------------------------------
def test_failed_attempt_bars_the_leader_and_keeps_the_fee():
    s = dealt(6, max_invitations=2)
    play(s, "leader 0")
    pass_windows(s)
    play(s, "invite 1", "decline", "invite 2 offer 3", "decline")    # invitations run out (D9)
    core = s.core
    f = core.flags(0)
    assert f["barred"] and f["tried"] and f["right"]                  # right lost this round only (D7, rev. 2)
    assert coins(s, 0)["INF"] == 1                                    # fee not refunded (D11)
    assert core.fails == 0                                            # not a failed government (D12)
    assert s.decision().kind == "leader_draw"
    assert "leader 0" not in s.legal_moves()                          # tried: not drawn again (D7)
    play(s, "leader 1")
    pass_windows(s)
    assert not any(m.startswith("invite 0") for m in s.legal_moves())  # barred: cannot be invited (D9)


def test_invitation_rules():
    s = dealt(6)
    play(s, "leader 0")
    pass_windows(s)
    moves = s.legal_moves()
    assert "invite 1" in moves and "invite 1 offer 3 join 2" in moves
    assert not any(m.split()[1] == "0" for m in moves)                 # not the leader
    play(s, "invite 1 offer 2", "accept")
    moves = s.legal_moves()
    assert not any(m.split()[1] == "1" for m in moves)                 # each player once per attempt
    assert "invite 2 offer 1" in moves and "invite 2 offer 2" not in moves   # offers total at most 3 (D10)
    play(s, "invite 2 offer 1", "accept")
    core = s.core
    assert core.members == [0, 1, 2]
    assert [coins(s, p)["INF"] for p in range(3)] == [2 - 1 + 1 + 0, 2 + 1 + 2, 2 + 1 + 1]
    with pytest.raises(IllegalActionError):
        s.apply_action("invite 3")                                     # not an invitation decision


def test_leader_must_keep_inviting_until_two_accept():
    s = dealt(6, max_invitations=4)
    play(s, "leader 0")
    pass_windows(s)
    play(s, "invite 1", "decline", "invite 2", "accept", "invite 3", "decline")
    assert s.decision().kind == "invite"                               # 3 of 4 used, one accepted
    play(s, "invite 4", "decline")
    assert s.decision().kind == "leader_draw" and s.core.flags(0)["barred"]


def test_fee_unpaid_loses_the_right_for_the_round_but_is_not_barred():
    s = dealt(6)
    form(s, 0, 1, 2)
    propose_all(s, "propose H0 H1", "propose H0 C1", "propose H1 C2")
    opp_turn(s, "deal")                                                # seat 3 pays INF 2 -> 0
    first_chance(s)
    to_leader_draw(s)
    assert coins(s, 3)["INF"] == 0
    play(s, "leader 3")
    f = s.core.flags(3)
    assert f["tried"] and f["right"] and not f["barred"]               # D7 (rev. 2) / D24: this round only
    assert s.decision().kind == "leader_draw" and "leader 3" not in s.legal_moves()
    # the next round seat 3 may be drawn again (it kept its right)
    form(s, 4, 5, 0)
    to_leader_draw(s)
    assert "leader 3" in s.legal_moves() and s.core.flags(3)["right"]


def test_rights_reset_mid_round_and_deadlock():
    s = dealt(6, max_invitations=2)
    form(s, 0, 1, 2)                                   # round 1: seat 0's right is used
    assert not s.core.flags(0)["right"] and all(s.core.flags(p)["right"] for p in range(1, 6))
    propose_all(s, "propose H0 H1", "propose H0 C1", "propose H1 C2")
    to_leader_draw(s)
    assert "leader 0" not in s.legal_moves()           # a used right: not a candidate
    for leader in (1, 2, 3, 4, 5):                     # round 2: seats 1-5 each fail to form
        fail_attempt(s, leader)
        assert s.core.flags(leader)["right"]           # failing keeps the right for later rounds (D7)
    # every holder has tried this round: the players not tried (seat 0) regain the right (D7)
    assert s.legal_moves() == ["leader 0"]
    assert all(s.core.flags(p)["right"] for p in range(6))
    # every other seat is barred, so seat 0 has no legal invitation and fails at once; everyone has
    # tried: the round is deadlocked (D8) -- it ends with no government and f unchanged
    play(s, "leader 0")
    assert s.decision().kind == "leader_draw" and s.core.round == 2
    assert s.core.fails == 0 and not s.core.formed
    assert all(s.core.stats(p)["gov_ok"] == (1 if p < 3 else 0) for p in range(6))
    # round 3: every seat still holds its right (no government formed), all are candidates
    assert len(s.legal_moves()) == 6


def test_right_used_only_when_the_government_forms():
    """D7 (revision 2): a failed attempt leaves the right; the right goes when a government forms,
    and rights reset once no one holds one."""
    s = dealt(6, max_invitations=2)
    fail_attempt(s, 0)                                 # round 1: seat 0 fails ...
    form(s, 1, 2, 3)                                   # ... then seat 1 forms
    assert s.core.flags(0)["right"] and not s.core.flags(1)["right"]
    to_leader_draw(s)
    assert s.legal_moves() == [f"leader {p}" for p in (0, 2, 3, 4, 5)]
    # rounds 2-6: seats 0, 2, 3, 4, 5 each form once; then no one holds a right and all regain it
    for i, leader in enumerate((0, 2, 3, 4, 5)):
        assert sum(s.core.flags(p)["right"] for p in range(6)) == 5 - i
        others = [p for p in range(6) if p != leader]
        form(s, leader, others[0], others[1])
        to_leader_draw(s)
    assert s.core.round == 6
    assert len(s.legal_moves()) == 6                   # the reset of §6.1 step 1
    assert all(s.core.flags(p)["right"] for p in range(6))


# --- COUP (7.2, D28) -------------------------------------------------------------------------------
def test_coup_takes_the_lead():
    s = dealt(6, backroom=["block", "media", "block", "coup", "block", "block"])
    play(s, "leader 0")
    assert coins(s, 0)["INF"] == 1
    assert s.current_player() == 1 and s.legal_moves() == ["pass"]
    play(s, "pass", "pass")
    assert s.current_player() == 3 and s.legal_moves() == ["pass", "play coup"]
    play(s, "play coup")
    assert s.decision().kind == "block_window" and s.current_player() == 4   # from the COUP player's left
    pass_windows(s)
    core = s.core
    assert core.leader == 3 and s.decision().kind == "invite" and s.current_player() == 3
    assert coins(s, 0)["INF"] == 2 and core.flags(0)["right"] and not core.flags(0)["tried"]
    assert coins(s, 3)["INF"] == 1 and coins(s, 3)["UND"] == 1 and core.flags(3)["tried"]
    assert core.backroom_gone == [0, 1, 0, 0]


def test_coup_blocked():
    s = dealt(6, backroom=["block", "media", "block", "coup", "block", "block"])
    play(s, "leader 0", "pass", "pass", "play coup", "pass")               # seat 4 passes
    assert s.current_player() == 5
    play(s, "play block")
    core = s.core
    assert core.leader == 0 and s.decision().kind == "invite"
    assert coins(s, 5)["UND"] == 1 and coins(s, 3)["UND"] == 0 and coins(s, 0)["INF"] == 1
    assert core.backroom_gone == [0, 1, 0, 1]


def test_coup_window_asks_by_public_eligibility():
    s = dealt(6, max_invitations=2, backroom=["block", "coup", "block", "coup", "block", "block"])
    fail_attempt(s, 1)                             # seat 1: tried, barred, no right
    play(s, "leader 0")
    asked = []
    while s.decision().kind == "coup_window":
        asked.append(s.current_player())
        play(s, "pass")
    assert asked == [2, 3, 4, 5]                   # not the drawn leader, not seat 1 (tried)


# --- Phase 2 (6.3, D13) ------------------------------------------------------------------------------
def test_phase2_order_privacy_and_look():
    s = dealt(6, "core")
    play(s, "leader 0", "invite 3", "decline", "invite 2", "accept", "invite 1", "accept")
    core = s.core
    assert core.members == [0, 2, 1]                                     # partners by acceptance (D13)
    order = []
    for prop in ("propose H0 H1", "propose H1 H2", "propose H0 C1"):
        order.append(s.current_player())
        play(s, prop)
    assert order == [0, 2, 1]
    assert s.decision().kind == "look" and s.legal_moves() == ["table H0 H0 H1 H1 H2 C1"]
    play(s, "table H0 H0 H1 H1 H2 C1")
    own = {0: "propose H0 H1", 2: "propose H1 H2", 1: "propose H0 C1"}
    for seat in range(6):
        texts = [t for _, t in s.view(seat)]
        for member, text in own.items():
            assert (text in texts) == (member == seat)                # a member sees only its own cards
        assert texts.count("propose") == 3 - (seat in own)
        assert ("table H0 H0 H1 H1 H2 C1" in texts) == (seat == 0)    # only the leader sees the faces
    assert s.information_state(0).private_info()["table_known"] == ["H0", "H0", "H1", "H1", "H2", "C1"]
    assert s.information_state(2).private_info()["table_known"] == ["H1", "H2"]
    assert "table_known" not in s.information_state(4).private_info()


# --- Phase 3 (6.4, D14-D19) --------------------------------------------------------------------------
def _to_phase3(ruleset="core", **kw):
    s = dealt(6, ruleset, **kw)
    form(s, 0, 1, 2)
    propose_all(s, "propose H0 H1", "propose H0 C1", "propose H1 C2")
    return s


def test_inspection_rewards():
    s = _to_phase3()
    assert s.current_player() == 3
    play(s, "inspect")
    assert [m for m in s.legal_moves()] == ["reveal H0", "reveal H1", "reveal C1", "reveal C2"]
    assert dict(s.chance_outcomes()) == pytest.approx({209: 2 / 6, 210: 2 / 6, 212: 1 / 6, 213: 1 / 6})
    play(s, "reveal H1")
    assert coins(s, 3) == {"INF": 1, "LEG": 1, "UND": 0, "HON": 0, "BET": 0}
    play(s, "inspect", "reveal C2")
    assert coins(s, 4)["INF"] == 3 and s.core.stats(4)["caught"] == 1 and not s.core.failed_gov


def test_second_c_fails_at_once_and_penalties_floor_at_zero():
    s = _to_phase3()
    play(s, "inspect", "reveal C1", "inspect", "reveal C2")
    core = s.core
    assert core.failed_gov and core.fails == 1                          # D15
    assert not core.flags(5)["acted"]                                   # seat 5 never acts
    # members: INF after formation 0:5 1:3 2:3, then -1; LEG stays 0 (D24)
    assert [coins(s, p)["INF"] for p in range(3)] == [4, 2, 2]
    assert [coins(s, p)["LEG"] for p in range(3)] == [0, 0, 0]
    assert [core.stats(p)["gov_failed"] for p in range(6)] == [1, 1, 1, 0, 0, 0]
    assert s.decision().kind == "draw"                                  # core: no backroom draw; refill


def test_inspect_and_deal_need_influence():
    s = dealt(6)
    form(s, 0, 1, 2)
    propose_all(s, "propose H0 H1", "propose H0 C1", "propose H1 C2")
    opp_turn(s, "deal")
    first_chance(s)
    assert coins(s, 3)["INF"] == 0
    to_leader_draw(s)
    form(s, 4, 5, 0)                                   # round 2: seats 1, 2, 3 in opposition
    for _ in range(3):
        if s.decision().kind == "offer_contract":
            play(s, "no_contract")
        play(s, s.legal_moves()[0])
    first_chance(s)
    opp_turn(s, "pass")                                # seat 1
    opp_turn(s, "pass")                                # seat 2
    assert s.current_player() == 3 and s.legal_moves() == ["pass", "withdraw"]   # PASS always (D19)


def test_withdraw_draws_two_discards_any_two_privately():
    s = _to_phase3()
    play(s, "withdraw")
    assert coins(s, 3)["UND"] == 1
    play(s, "draw 3 C3", "draw 3 H0")
    assert s.core.hand_size(3) == 5
    moves = s.legal_moves()
    assert "discard C3 C3" in moves and "discard H0 C3" in moves and "discard H2 C1" in moves   # D17
    play(s, "discard C3 C3")
    assert s.core.hand(3) == [1, 0, 1, 1, 0, 0] and s.core.hand_size(3) == 3
    # others see that a discard happened, not what; the draws are not in their view at all
    other = [t for p, t in s.view(4) if p in (3, -1)]
    assert "discard" in other and not any(t.startswith("draw 3") for t in other)
    assert "discard C3 C3" in [t for _, t in s.view(3)]


def test_deal_conditions():
    s = dealt(6)
    form(s, 0, 1, 2)
    propose_all(s, "propose H0 H1", "propose H0 C1", "propose H1 C2")
    opp_turn(s, "deal")
    play(s, "backroom 3 coup")
    assert coins(s, 3)["INF"] == 0 and s.core.backroom(3) == [0, 1, 0, 1]
    if s.decision().kind == "offer_contract":
        play(s, "no_contract")
    assert "deal" in s.legal_moves()                                     # seat 4: INF 2, 1 card
    assert s.current_player() == 4


def test_deal_illegal_with_two_cards():
    s = dealt(6)
    form(s, 0, 1, 2)
    propose_all(s, "propose H0 H1", "propose H0 C1", "propose H1 C2")
    opp_turn(s, "deal")                                 # seat 3: 2 backroom cards, INF 0
    play(s, "backroom 3 coup")
    to_leader_draw(s)
    form(s, 4, 3, 5, offers=(3, 0))                     # round 2: seat 3 a partner, INF 0 + 1 + 3
    to_leader_draw(s)
    form(s, 5, 4, 0)                                    # round 3: seat 3 in opposition, last
    while not (s.decision().kind == "opposition_action" and s.current_player() == 3):
        if s.current_player() < 0:
            first_chance(s)
        else:
            play(s, default_move(s))
    assert coins(s, 3)["INF"] >= 2 and s.core.backroom_count(3) == 2
    assert "deal" not in s.legal_moves() and "inspect" in s.legal_moves()      # hand limit 2 (D18)


# --- Phase 4 (6.5, D20-D23) --------------------------------------------------------------------------
def test_at_most_three_passed_no_discard_and_bag_tiers():
    s = _to_phase3()
    play(s, "inspect", "reveal H0", "inspect", "reveal H1", "inspect", "reveal H0")
    # three face-down cards left (H1 C1 C2): no leader discard (D20)
    assert s.decision().kind == "reveal" and s.legal_moves() == ["policies H1 C1 C2"]
    play(s, "policies H1 C1 C2")
    # h = 1, c = 2, B = 1 + 1 + 2 = 4 -> bonus 1 (D23); each member in full (D22)
    for p in range(3):
        c = coins(s, p)
        assert (c["LEG"], c["UND"]) == (1, 4)
    assert [coins(s, p)["INF"] for p in range(3)] == [5 + 1, 3 + 1, 3 + 1]
    assert [s.core.stats(p)["gov_ok"] for p in range(3)] == [1, 1, 1]


def test_leader_discard_is_optional_and_hidden():
    hands = ["H2 C3 C3", "C2 C3 H0", "C2 C3 H1", "H0 H1 H2", "H0 H1 H2", "H0 H1 H2"]
    s = dealt(6, "core", hands=hands)
    form(s, 0, 1, 2)
    propose_all(s, "propose C3 C3", "propose C2 C3", "propose C2 C3")
    for _ in range(3):
        opp_turn(s, "pass")
    assert s.decision().kind == "leader_discard"
    assert s.legal_moves() == ["no_discard", "discard C2", "discard C3"]                 # optional (D21)
    play(s, "no_discard")
    assert s.legal_moves() == ["policies C2 C2 C3 C3 C3 C3"]
    play(s, "policies C2 C2 C3 C3 C3 C3")
    # B = 2 + 2 + 3 * 4 = 16 -> bonus 4 (tiers, not cumulative); c = 6 -> UND 12
    assert coins(s, 1) == {"INF": 2 + 1 + 4, "LEG": 0, "UND": 12, "HON": 0, "BET": 0}


def test_leader_discard_whether_is_public_which_is_private():
    hands = ["H2 C3 C3", "C2 C3 H0", "C2 C3 H1", "H0 H1 H2", "H0 H1 H2", "H0 H1 H2"]
    s = dealt(6, "core", hands=hands)
    form(s, 0, 1, 2)
    propose_all(s, "propose C3 C3", "propose C2 C3", "propose C2 C3")
    for _ in range(3):
        opp_turn(s, "pass")
    play(s, "discard C3", "policies C2 C2 C3 C3 C3")
    assert "discard C3" in [t for _, t in s.view(0)]
    for seat in range(1, 6):
        texts = [t for p, t in s.view(seat) if p == 0]
        assert "discard" in texts and "discard C3" not in texts


# --- Phase 5 (6.6, D24-D26) --------------------------------------------------------------------------
def test_refill_and_reshuffle_over_a_game():
    """At each leader draw every hand holds 3 (D25) and the draw pile holds more than 8 cards unless
    the discard pile is empty, i.e. the reshuffle happened (D26)."""
    from intrigue.ext.game_api import Rng
    reshuffles = 0
    for seed in range(4):
        s = game(6).new_initial_state()
        rng = Rng(seed)
        rounds = set()
        while not s.is_terminal():
            core = s.core
            if s.decision().kind == "leader_draw":
                assert all(core.hand_size(p) == 3 for p in range(6))
                assert sum(core.pile) > 8 or sum(core.discard) == 0
                reshuffles += sum(core.discard) == 0 and core.round > 0
                rounds.add(core.round)
            if s.is_chance_node():
                s.apply_chance(rng)
            else:
                legal = s.legal_actions()
                s.apply_action(legal[rng.below(len(legal))])
        assert len(rounds) == 11
    assert reshuffles > 0


# --- backroom windows (7) ---------------------------------------------------------------------------
def test_media_flips_the_inspected_card():
    s = dealt(6, backroom=["block", "block", "block", "media", "block", "block"])
    form(s, 0, 1, 2)
    pass_windows(s)
    propose_all(s, "propose H0 H1", "propose H0 C1", "propose H1 C2")
    opp_turn(s, "inspect")
    play(s, "reveal C2")
    # window from the inspector's (seat 3's) left, ending with the inspector itself
    asked = []
    while s.current_player() != 3:
        asked.append(s.current_player())
        play(s, "pass")
    assert asked == [4, 5, 0, 1, 2] and s.legal_moves() == ["pass", "media C2"]
    play(s, "media C2")
    pass_windows(s)
    # C2 now counts as H: the inspector gains LEG 1, not INF 2, and nothing is caught
    assert coins(s, 3) == {"INF": 1, "LEG": 1, "UND": 1, "HON": 0, "BET": 0}
    assert s.core.stats(3)["caught"] == 0 and s.core.revealed_cards == [(4, True, True)]


def test_media_on_a_passed_policy_changes_the_gains():
    s = dealt(6, backroom=["media", "block", "block", "block", "block", "block"])
    form(s, 1, 2, 3)
    pass_windows(s)
    propose_all(s, "propose H0 H1", "propose H1 H2", "propose C1 C3")
    for _ in range(3):
        opp_turn(s, "pass")
    play(s, "no_discard", "policies H0 H1 H1 H2 C1 C3")
    pass_windows(s, {0: "media H1"})
    pass_windows(s)
    # one H1 counts as C: h = 3, c = 3; bags unchanged B = 0+1+1+2+1+3 = 8 -> INF 3
    for p in (1, 2, 3):
        assert (coins(s, p)["LEG"], coins(s, p)["UND"]) == (3, 6)
    assert coins(s, 0)["UND"] == 1


def test_windows_skip_players_without_cards_and_block_is_final():
    s = dealt(6, backroom=["block", "block", "block", "media", "block", "block"])
    form(s, 0, 1, 2)
    pass_windows(s)
    propose_all(s, "propose H0 H1", "propose H0 C1", "propose H1 C2")
    opp_turn(s, "inspect")
    play(s, "reveal H0")
    play(s, "pass", "pass", "pass", "pass", "pass", "media H0")      # seat 3, last, flips its own card
    play(s, "play block")                                             # seat 4 blocks at once
    assert s.decision().kind != "block_window"                        # a BLOCK cannot be blocked
    assert coins(s, 3)["LEG"] == 1 and coins(s, 4)["UND"] == 1        # the flip was cancelled
    assert s.core.backroom_count(3) == 0 and s.core.backroom_count(4) == 0
    # the next window does not ask seats 3 and 4 (no cards): public information only
    opp_turn(s, "inspect")
    play(s, "reveal H1")
    asked = []
    while s.decision().kind == "media_window":
        asked.append(s.current_player())
        play(s, "pass")
    assert asked == [5, 0, 1, 2]


# --- contracts (8; D30-D33) --------------------------------------------------------------------------
def test_join_contract_kept_and_lapsed():
    s = dealt(6, max_invitations=2, backroom=["block"] * 6)
    play(s, "leader 0")
    pass_windows(s)
    play(s, "invite 1 join 2", "accept")
    pass_windows(s)                                                   # DEALBREAK window: all pass
    assert s.core.contracts[0]["status"] == "active"
    play(s, "invite 2", "decline")                                    # the attempt fails: JOIN lapses
    assert s.core.contracts[0]["status"] == "lapsed"
    play(s, "leader 3")
    pass_windows(s)
    assert any("join" in m for m in s.legal_moves())                  # slot B is still free
    play(s, "invite 4 join 1", "accept")
    pass_windows(s)
    play(s, "invite 5", "accept")
    assert s.decision().kind == "propose"                             # both slots used: no offers
    for _ in range(3):
        play(s, s.legal_moves()[0])
    first_chance(s)
    for _ in range(3):
        opp_turn(s, "pass")
    while s.decision().kind != "resolve_contract":
        first_chance(s) if s.current_player() < 0 else play(s, default_move(s))
    assert s.current_player() == 3 and s.legal_moves() == ["keep", "break"]
    inf3, inf4 = coins(s, 3)["INF"], coins(s, 4)["INF"]
    play(s, "keep")
    assert coins(s, 3)["INF"] == inf3 - 1 and coins(s, 4)["INF"] == inf4 + 1 and coins(s, 3)["HON"] == 1
    assert s.decision().kind == "draw"                               # the lapsed JOIN asks nothing


def test_hold_and_probe_conditions():
    s = dealt(6, backroom=["block"] * 6)
    form(s, 0, 1, 2)
    pass_windows(s)
    play(s, "probe 3 2", "accept")
    pass_windows(s)
    play(s, "propose H0 H1", "hold 4 1", "accept")
    pass_windows(s)
    play(s, "propose H0 C1")
    assert s.decision().kind == "propose"                            # both slots used: no more offers
    play(s, "propose H1 C2")
    first_chance(s)
    opp_turn(s, "inspect")                                           # seat 3 inspects: PROBE met
    play(s, "reveal H0")
    pass_windows(s)
    opp_turn(s, "inspect")                                           # seat 4 inspects: HOLD not met
    play(s, "reveal H1")
    pass_windows(s)
    opp_turn(s, "pass")
    while s.decision().kind != "resolve_contract":
        first_chance(s) if s.current_player() < 0 else play(s, default_move(s))
    assert s.current_player() == 0                                   # slot A: seat 0's PROBE to seat 3
    play(s, "keep")
    assert coins(s, 0)["HON"] == 1 and coins(s, 3)["INF"] == 2 - 1 + 2
    assert s.decision().kind != "resolve_contract"                   # slot B lapsed (D32): no decision
    assert coins(s, 1)["HON"] == 0 and coins(s, 1)["BET"] == 0


def test_keep_needs_the_coins():
    s = dealt(6)
    form(s, 0, 1, 2)
    pass_windows(s)
    play(s, "no_contract", "propose H0 H1", "no_contract", "propose H0 C1", "no_contract", "propose H1 C2")
    first_chance(s)
    play(s, "hold 4 2", "accept")                                    # seat 3 offers HOLD(2) to seat 4
    pass_windows(s)
    play(s, "deal", "backroom 3 coup")                               # seat 3 spends its INF 2
    opp_turn(s, "pass")
    opp_turn(s, "pass")
    while s.decision().kind != "resolve_contract":
        first_chance(s) if s.current_player() < 0 else play(s, default_move(s))
    assert s.current_player() == 3 and s.legal_moves() == ["break"]  # D33
    play(s, "break")
    assert coins(s, 3)["BET"] == 1


def test_dealbreak_cancels_but_uses_the_slot():
    s = dealt(6, backroom=["block", "block", "block", "block", "dealbreak", "block"])
    form(s, 0, 1, 2)
    pass_windows(s)
    play(s, "hold 3 1", "accept")
    assert s.current_player() == 1                                   # from the creator's left, not 0 or 3
    play(s, "pass", "pass")
    assert s.current_player() == 4 and s.legal_moves() == ["pass", "play dealbreak"]
    play(s, "play dealbreak")
    pass_windows(s)
    assert s.core.contracts[0]["status"] == "cancelled" and coins(s, 4)["UND"] == 1
    play(s, "propose H0 H1")
    assert s.decision().kind == "offer_contract"                     # slot B still free
    play(s, "hold 5 1", "accept")
    pass_windows(s)
    play(s, "propose H0 C1")
    assert s.decision().kind == "propose"                            # both slots used (D30)


# --- lie-catch (10; D34-D36) and scoring (11) -------------------------------------------------------
def _to_vote(seed=3, players=6, ruleset="core", **options):
    from intrigue.ext.game_api import Rng
    s = game(players, ruleset, length="half", **options).new_state(seed)
    rng = Rng(seed)
    while s.decision().kind != "vote":
        legal = s.legal_actions()
        s.apply_action(legal[rng.below(len(legal))])
    return State(s.game, s.core.clone(), None, list(s.history))      # chance explicit from here on


def test_votes_are_hidden_until_all_are_in():
    s = _to_vote()
    assert s.current_player() == 0 and not s.core.crisis
    assert "vote 0" not in s.legal_moves() and "abstain" in s.legal_moves()   # no self-vote (D35)
    play(s, "vote 3", "vote 3", "abstain", "vote 1", "vote 1")
    assert [t for _, t in s.view(4)][-5:] == ["vote", "vote", "vote", "vote", "vote 1"]
    assert s.information_state(4).core.vote(0) is None                # hidden in seat 4's information
    play(s, "vote 3")
    assert s.decision().kind == "vote_reveal"
    shown = []
    while s.decision().kind == "vote_reveal":
        shown.append(s.legal_moves()[0])
        first_chance(s)
    assert shown == ["votes 0 3", "votes 1 3", "votes 2 abstain", "votes 3 1", "votes 4 1", "votes 5 3"]


def test_vote_effects_and_no_silence_at_a_normal_end():
    s = _to_vote()
    core = s.core
    dark = core.dark_seats()
    honest = [p for p in range(6) if p not in dark]
    target = dark[0]
    before = {p: dict(core.coins(p)) for p in range(6)}
    for p in range(6):
        play(s, "abstain" if p == target else f"vote {target}")
    while s.decision().kind == "vote_reveal":
        first_chance(s)
    assert s.legal_moves() == [f"exposed {target} dark"]
    first_chance(s)
    assert core.is_revealed(target)
    assert core.coins(target)["INF"] == max(0, before[target]["INF"] - 5)
    for p in range(6):
        if p != target:
            assert core.coins(p)["LEG"] == before[p]["LEG"] + 2
    # vote 2: the exposed dark player still votes at a normal end (D34); revealed players are not targets
    assert s.decision().kind == "vote" and s.current_player() == 0
    assert f"vote {target}" not in s.legal_moves()
    # an honest player revealed: each voter loses LEG 1
    h = honest[0]
    voters = [p for p in range(6) if p != h]
    legs = {p: core.coins(p)["LEG"] for p in range(6)}
    for p in range(6):
        play(s, "abstain" if p == h else f"vote {h}")
    while s.decision().kind == "vote_reveal":
        first_chance(s)
    play(s, f"exposed {h} honest")
    for p in voters:
        assert core.coins(p)["LEG"] == max(0, legs[p] - 1)
    assert s.decision().kind == "final_roles"


def test_vote_tie_reveals_no_one():
    s = _to_vote()
    for mv in ("vote 1", "vote 0", "vote 1", "vote 0", "abstain", "abstain"):
        play(s, mv)
    while s.decision().kind == "vote_reveal":
        first_chance(s)
    assert s.decision().kind == "vote" and s.core.vote_no == 2               # D36: straight to vote 2
    assert not any(s.core.is_revealed(p) for p in range(6))


def _crisis_state(roles=(1, 4)):
    """Five failed governments in five rounds (core ruleset): two C turned up each round."""
    hands = ["C1 C2 C3", "C1 C2 C3", "C1 C2 C3", "C1 C2 C3", "C1 C2 C3", "C1 C2 C3"]
    s = dealt(6, "core", roles=roles, hands=hands)
    for r in range(5):
        leader, a, b = r, (r + 1) % 6, (r + 2) % 6
        play(s, f"leader {leader}", f"invite {a}", "accept", f"invite {b}", "accept")
        for _ in range(3):
            play(s, s.legal_moves()[-1])
        first_chance(s)
        for _ in range(2):
            play(s, "inspect")
            play(s, [m for m in s.legal_moves() if m.split()[1][0] == "C"][0])
        assert s.core.fails == r + 1
        if r < 4:
            while s.decision().kind != "leader_draw":
                moves = s.legal_moves()
                cs = [m for m in moves if m.split()[-1][0] == "C"]
                play(s, cs[0] if cs else moves[0])
    return s


def test_crisis_silences_the_exposed_and_honest_team_wins():
    s = _crisis_state()
    core = s.core
    assert core.crisis and s.decision().kind == "vote" and core.round == 4   # the rest of round 5 skipped
    for p in range(6):
        play(s, "vote 0" if p == 1 else "vote 1")
    while s.decision().kind == "vote_reveal":
        first_chance(s)
    play(s, "exposed 1 dark")
    voters = []
    while s.decision().kind == "vote":
        voters.append(s.current_player())
        play(s, "vote 0" if s.current_player() == 4 else "vote 4")
    assert voters == [0, 2, 3, 4, 5]                                          # seat 1 silenced
    while s.decision().kind == "vote_reveal":
        first_chance(s)
    play(s, "exposed 4 dark", "roles 1 4")
    res = s.result()
    assert res.winners == (0, 2, 3, 5) and res.rewards == (1.0, 0.0, 1.0, 1.0, 0.0, 1.0)
    assert res.placings == (1, 5, 1, 1, 5, 1) and "honest" in res.reason


def test_crisis_dark_team_wins_unless_both_exposed():
    s = _crisis_state()
    for _ in range(2):
        for p in range(6):
            play(s, "abstain")
        while s.decision().kind == "vote_reveal":
            first_chance(s)
    play(s, "roles 1 4")
    res = s.result()
    assert res.winners == (1, 4) and res.rewards == (0.0, 1.0, 0.0, 0.0, 1.0, 0.0)
    assert "dark" in res.reason and not res.draw


# --- revision 2 scoring: D39 (tokens only through awards) and D40 (ties broken by INF) ---------------
def _at_final_scoring(counters):
    """A standard game at its final reveal (both votes abstained), with every seat's counters set:
    ``counters(dark_seats, honest_seats) -> {seat: {counter: value}}`` (unset counters are 0)."""
    s = _to_vote(ruleset="standard")
    for _ in range(2):
        for _ in range(6):
            play(s, "abstain")
        while s.decision().kind == "vote_reveal":
            first_chance(s)
    assert s.decision().kind == "final_roles"
    core = s.core
    dark = core.dark_seats()
    honest = [p for p in range(6) if p not in dark]
    zero = dict.fromkeys(("INF", "LEG", "UND", "HON", "BET", "gov_ok", "gov_failed", "joined", "caught"), 0)
    for p, values in counters(dark, honest).items():
        core.set_counters(p, **dict(zero, **values))
    for p in set(range(6)) - set(counters(dark, honest)):
        core.set_counters(p, **zero)
    first_chance(s)
    assert s.is_terminal()
    return s, dark, honest


def test_contract_tokens_score_only_through_awards():
    """D39 (revision 2), worked by hand: HON and BET add nothing to the total themselves.
    h0 (honest): INF 4, LEG 4, HON 2.  d0 (dark): INF 3, UND 3, BET 3.  Others small, no awards 1-4.
    S2 LEG +2 for all; S3 most UND (d0, 3): INF +2 -> 5; S4 no penalty (opposite coin < 5);
    S5 award 5 (HON+BET, d0 with 3): INF +5 -> 10; award 6 (HON, h0): LEG +3 -> 9;
    award 7 (BET, d0): UND +4 -> 7.  Totals: h0 = 4 + 9 = 13, d0 = 10 + 7 = 17 (the old rule, a point
    per token, gave 15 and 20)."""
    s, dark, honest = _at_final_scoring(lambda d, h: {
        h[0]: {"INF": 4, "LEG": 4, "HON": 2}, d[0]: {"INF": 3, "UND": 3, "BET": 3},
        h[1]: {"INF": 5, "LEG": 5}, h[2]: {"INF": 2, "LEG": 2, "UND": 1}, d[1]: {"INF": 2, "LEG": 1, "UND": 2},
        h[3]: {"INF": 1, "LEG": 1}})
    core = s.core
    want = {honest[0]: 13, dark[0]: 17, honest[1]: 5 + 7, honest[2]: 2 + 4, dark[1]: 2 + 2, honest[3]: 1 + 3}
    assert {p: core.score(p) for p in range(6)} == want
    assert core.coins(honest[0])["HON"] == 2 and core.coins(dark[0])["BET"] == 3   # tokens kept, not scored
    res = s.result()
    assert res.winners == (dark[0],) and not res.draw
    assert s.returns() == [1.0 if p in dark else 0.0 for p in range(6)]


def test_a_tie_for_the_win_goes_to_the_higher_influence():
    """D40 (revision 2), by hand: h0 INF 6, LEG 4 -> LEG 6, total 12; d0 INF 3, UND 7 -> S3 (most
    UND) INF 5, total 12.  Tied on 12: h0 has more INF (6 > 5) and wins alone."""
    s, dark, honest = _at_final_scoring(lambda d, h: {h[0]: {"INF": 6, "LEG": 4}, d[0]: {"INF": 3, "UND": 7}})
    core = s.core
    assert core.score(honest[0]) == core.score(dark[0]) == 12
    res = s.result()
    assert res.winners == (honest[0],) and not res.draw and "INF" in res.reason
    assert res.placings[honest[0]] == 1 and res.placings[dark[0]] == 2
    assert s.returns() == [0.0 if p in dark else 1.0 for p in range(6)]     # the honest team's win


def test_a_tie_on_total_and_influence_is_shared():
    """D40: h0 INF 5, LEG 5 -> total 12 with INF 5; d0 as above, total 12 with INF 5: shared."""
    s, dark, honest = _at_final_scoring(lambda d, h: {h[0]: {"INF": 5, "LEG": 5}, d[0]: {"INF": 3, "UND": 7}})
    res = s.result()
    assert set(res.winners) == {honest[0], dark[0]} and res.draw and "shared" in res.reason
    assert res.rewards[honest[0]] == res.rewards[dark[0]] == 0.5
    assert s.returns() == [0.5] * 6                                        # each team's share 1/2


def test_set_counters_refuses_bad_input():
    core = dealt(6).core
    before = core.coins(0)
    with pytest.raises(ValueError):
        core.set_counters(0, INF=3, GOLD=1)
    with pytest.raises(ValueError):
        core.set_counters(0, INF=256)
    assert core.coins(0) == before
