"""Independent rules audit of the Politics Game against the rules specification (revision 2).

Each test builds the smallest position that exercises one rule the other politics tests do not
already pin down, and every expected number is worked out by hand from the spec text (the section
is cited in a comment).  Positions use explicit chance outcomes (``support.politics.dealt``); the
scoring tests reach the lie-catch of a seeded random game and then set every counter by hand.
"""
import pytest

from intrigue.engine.game import State
from intrigue.ext.game_api import Rng
from support.politics import (coins, dealt, default_move, first_chance, form, game, opp_turn,
                              pass_windows, play, propose_all, to_leader_draw)

FAIL_HANDS = ["H0 C1 C2", "H1 C1 C3", "H2 C2 C3", "H0 H1 H2", "H0 H1 H2", "H0 H1 H2"]


def _until(s, kind):
    """Neutral choices (pass / no_contract / ...) and first chance outcomes until `kind` is due."""
    while s.decision().kind != kind:
        if s.current_player() < 0:
            first_chance(s)
        else:
            play(s, default_move(s))


# --- §6.1 / §6.2: rights, the fee, attempts (D7 revision 2, D9, D11) ---------------------------------
def test_unpaid_fee_player_can_still_be_invited_and_join_that_round():
    """§6.2 step 2 (D7 rev. 2): a leader who cannot pay is `tried` but not `barred`; §6.2 step 5:
    "Rights do not matter for invitees" -- it may join a government the same round, as may a player
    whose right is used."""
    s = dealt(6)
    form(s, 0, 1, 2)                                  # round 1: seat 0's right is used
    propose_all(s, "propose H0 H1", "propose H0 C1", "propose H1 C2")
    opp_turn(s, "deal")                               # seat 3: INF 2 -> 0
    first_chance(s)
    to_leader_draw(s)
    assert coins(s, 3)["INF"] == 0
    play(s, "leader 3")                               # round 2: cannot pay the fee
    assert s.decision().kind == "leader_draw" and s.core.leader is None
    play(s, "leader 4")
    pass_windows(s)
    moves = s.legal_moves()
    assert "invite 3" in moves and "invite 0" in moves
    play(s, "invite 3 offer 2", "accept", "invite 0", "accept")
    core = s.core
    assert core.members == [4, 3, 0]
    # §6.2 step 7: seat 3 INF 0 + 1 + offer 2 = 3; joined 1; seat 4: 2 - 1 + 1 + 3 - 2 = 3
    assert coins(s, 3)["INF"] == 3 and core.stats(3)["joined"] == 1
    # seat 0: round 1 leader 2 - 1 + 1 + 3, Phase 4 bonus (B = 0+1+0+1+1+2 = 5) +1, now +1 = 7
    assert coins(s, 4)["INF"] == 3 and coins(s, 0)["INF"] == 7
    f3 = core.flags(3)
    assert f3["tried"] and f3["right"] and not f3["barred"]   # keeps the right for later rounds
    assert not core.flags(4)["right"]                          # the forming leader's right is used


def test_failed_attempt_acceptances_and_offers_lapse():
    """§6.2 step 6: acceptances and offers lapse -- an invitee who accepted in a failed attempt gains
    nothing, is not `barred`, keeps no `joined`, and may be invited again by the next leader; the
    failed leader's fee is kept (D11) and it stays opposition (D7, D9)."""
    s = dealt(6, max_invitations=2)
    play(s, "leader 0")
    pass_windows(s)
    play(s, "invite 1 offer 2", "accept", "invite 2", "decline")
    core = s.core
    assert s.decision().kind == "leader_draw"
    assert coins(s, 1)["INF"] == 2 and core.stats(1)["joined"] == 0 and not core.flags(1)["barred"]
    assert coins(s, 0)["INF"] == 1
    play(s, "leader 3")
    pass_windows(s)
    assert "invite 1 offer 3" in s.legal_moves()              # offers of the failed attempt are gone
    assert not any(m.split()[1] == "0" for m in s.legal_moves())   # the barred leader is not invitable
    play(s, "invite 1 offer 1", "accept", "invite 2 offer 2", "accept")
    assert core.members == [3, 1, 2]
    assert [coins(s, p)["INF"] for p in (0, 1, 2, 3)] == [1, 2 + 1 + 1, 2 + 1 + 2, 2 - 1 + 1 + 0]
    assert [core.stats(p)["joined"] for p in range(6)] == [0, 1, 1, 0, 0, 0]
    assert core.flags(0)["right"] and not core.flags(3)["right"]   # D7: only the forming leader's right goes


def test_coup_displaced_leader_stays_a_candidate_and_coup_leader_can_fail():
    """§7.2: the displaced drawn leader is refunded and not `tried` -- it may be drawn again this
    round; the COUP player becomes `tried`, and when its attempt fails it is `barred` and keeps its
    right (§6.2 step 6, D7 rev. 2); its fee is not refunded (D11)."""
    s = dealt(6, max_invitations=2, backroom=["block", "media", "media", "coup", "media", "media"])
    play(s, "leader 0")
    pass_windows(s, {3: "play coup"})
    pass_windows(s)                                           # the BLOCK window: seat 0 passes
    core = s.core
    assert core.leader == 3
    play(s, "invite 4", "decline", "invite 5", "decline")
    f0, f3 = core.flags(0), core.flags(3)
    assert not f0["tried"] and f0["right"] and coins(s, 0)["INF"] == 2
    assert f3["tried"] and f3["barred"] and f3["right"]
    assert coins(s, 3) == {"INF": 1, "LEG": 0, "UND": 1, "HON": 0, "BET": 0}
    assert s.legal_moves() == [f"leader {p}" for p in (0, 1, 2, 4, 5)]


def test_coup_window_skips_holders_without_influence_or_right():
    """§7.2: a COUP may be played only by a player who holds a right, is not `tried` and has
    INF >= 1; order clockwise from the drawn leader's left (D28).  Round 2: seat 0's right is used,
    seat 3 has INF 0 -- neither is asked; seats 5, 1, 2 are."""
    s = dealt(6, backroom=["coup", "coup", "coup", "coup", "media", "coup"])
    form(s, 0, 1, 2)
    pass_windows(s)
    propose_all(s, "propose H0 H1", "propose H0 C1", "propose H1 C2")
    opp_turn(s, "deal")                                       # seat 3: INF 0, two backroom cards
    first_chance(s)
    to_leader_draw(s)
    assert coins(s, 3)["INF"] == 0 and not s.core.flags(0)["right"]
    play(s, "leader 4")
    asked = []
    while s.decision().kind == "coup_window":
        asked.append(s.current_player())
        play(s, "pass")
    assert asked == [5, 1, 2]


# --- §6.3 / §6.4 / §8.2: who may be named in a contract --------------------------------------------
def test_contract_counterparties():
    """§8.2: HOLD / PROBE name an opposition player who has not yet acted in Phase 3 -- in Phase 2
    never a member; in Phase 3 not the creator and not one who already acted."""
    s = dealt(6, backroom=["block"] * 6)
    form(s, 0, 1, 2)
    pass_windows(s)
    seats = {m.split()[1] for m in s.legal_moves() if m != "no_contract"}
    assert seats == {"3", "4", "5"}
    play(s, "no_contract", "propose H0 H1", "no_contract", "propose H0 C1", "no_contract", "propose H1 C2")
    first_chance(s)
    assert s.current_player() == 3
    assert {m.split()[1] for m in s.legal_moves() if m != "no_contract"} == {"4", "5"}
    play(s, "no_contract", "pass")
    assert s.current_player() == 4
    assert s.legal_moves() == ["no_contract", "hold 5 1", "hold 5 2", "probe 5 1", "probe 5 2"]


# --- §6.4 / §7.3: MEDIA in Phase 3 changes the failure check and `caught` ---------------------------
def test_media_turns_an_inspected_h_into_the_second_c():
    """§7.3: the flipped card counts as the opposite type for the inspection reward, `caught` and the
    failure check; §6.4: a second C turned up fails the government at once (D15), f += 1; §7.1: the
    unblocked MEDIA gives its player UND 1."""
    s = dealt(6, backroom=["block", "block", "block", "block", "block", "media"])
    form(s, 0, 1, 2)
    pass_windows(s)
    propose_all(s, "propose H0 H1", "propose H0 C1", "propose H1 C2")
    opp_turn(s, "inspect")
    play(s, "reveal C1")
    pass_windows(s)
    assert coins(s, 3)["INF"] == 2 - 1 + 2 and s.core.stats(3)["caught"] == 1
    opp_turn(s, "inspect")
    play(s, "reveal H0")
    pass_windows(s, {5: "media H0"})
    pass_windows(s)                                           # BLOCK window: everyone passes
    core = s.core
    # seat 4: INF 2 - 1 + 2 = 3, caught 1, no LEG; the government failed; seat 5 never acts
    assert coins(s, 4)["INF"] == 3 and coins(s, 4)["LEG"] == 0 and core.stats(4)["caught"] == 1
    assert core.failed_gov and core.fails == 1 and not core.flags(5)["acted"]
    assert coins(s, 5)["UND"] == 1


def test_media_turns_an_inspected_c_into_h_and_no_failure():
    """§7.3: a C flipped to H gives the inspector LEG 1 instead of INF 2, no `caught`, and does not
    count toward the 2 C of §6.4; the remaining opposition players still act."""
    s = dealt(6, backroom=["block", "block", "block", "block", "block", "media"])
    form(s, 0, 1, 2)
    pass_windows(s)
    propose_all(s, "propose H0 H1", "propose H0 C1", "propose H1 C2")
    opp_turn(s, "inspect")
    play(s, "reveal C1")
    pass_windows(s)
    opp_turn(s, "inspect")
    play(s, "reveal C2")
    pass_windows(s, {5: "media C2"})
    pass_windows(s)
    core = s.core
    assert coins(s, 4)["INF"] == 1 and coins(s, 4)["LEG"] == 1 and core.stats(4)["caught"] == 0
    assert not core.failed_gov and core.fails == 0
    assert s.decision().kind == "opposition_action" and s.current_player() == 5


# --- §6.5: the bag bonus tiers (D20-D23) ------------------------------------------------------------
@pytest.mark.parametrize("hands,props,discard,h,c,bonus", [
    # B = 0+0+0+0+1+2 = 3 -> 0
    (["H0 H0 C3", "H0 H1 C3", "H0 C2 C3"], ("H0 H0", "H0 H1", "H0 C2"), None, 5, 1, 0),
    # B = 2+2+1+1+0+0 = 6 -> 2
    (["H2 H2 H0", "H1 H1 H0", "H0 H0 C1"], ("H2 H2", "H1 H1", "H0 H0"), None, 6, 0, 2),
    # the leader discards H1: B = 5 -> 1
    (["H2 H2 H0", "H1 H1 H0", "H0 H0 C1"], ("H2 H2", "H1 H1", "H0 H0"), "H1", 5, 0, 1),
    # B = 3+3+2+2+0+0 = 10 -> 4
    (["C3 C3 H0", "C2 C2 H0", "H0 H0 H1"], ("C3 C3", "C2 C2", "H0 H0"), None, 2, 4, 4),
    # discard C2: B = 8 -> 3
    (["C3 C3 H0", "C2 C2 H0", "H0 H0 H1"], ("C3 C3", "C2 C2", "H0 H0"), "C2", 2, 3, 3),
    # discard C3: B = 7 -> 2
    (["C3 C3 H0", "C2 C2 H0", "H0 H0 H1"], ("C3 C3", "C2 C2", "H0 H0"), "C3", 2, 3, 2),
    # B = 3+3+2+1+0+0 = 9 -> 3
    (["C3 C3 H0", "C2 C1 H0", "H0 H0 H1"], ("C3 C3", "C1 C2", "H0 H0"), None, 2, 4, 3),
])
def test_bag_bonus_tiers(hands, props, discard, h, c, bonus):
    """§6.5 step 4: each member gains LEG +h, UND +2c and INF +bonus(B), bonus 4/3/2/1 at B >= 10/8/6/4,
    else 0 (D23); a card the leader discards does not count (§6.5 step 2)."""
    s = dealt(6, "core", hands=hands + ["H0 H1 H2"] * 3)
    form(s, 0, 1, 2)
    propose_all(s, *(f"propose {p}" for p in props))
    for _ in range(3):
        opp_turn(s, "pass")
    play(s, f"discard {discard}" if discard else "no_discard")
    first_chance(s)                                           # the Phase 4 reveal
    for p, inf in ((0, 5), (1, 3), (2, 3)):
        assert coins(s, p) == {"INF": inf + bonus, "LEG": h, "UND": 2 * c, "HON": 0, "BET": 0}


# --- §6.6 step 1: the failed leader's draw needs INF >= 1 after the loss ----------------------------
@pytest.mark.parametrize("inf,offered", [(1, False), (2, True)])
def test_failed_leader_draw_needs_influence_after_the_loss(inf, offered):
    """§6.6 step 1: each member loses INF 1 and LEG 1 (not below 0); then the leader may pay INF 1 for
    a backroom card only with INF >= 1 after the loss.  (The leader's INF is set by hand just before
    the failure.)"""
    s = dealt(6, backroom=["block"] * 6)
    form(s, 0, 1, 2)
    pass_windows(s)
    propose_all(s, "propose H0 H1", "propose H0 C1", "propose H1 C2")
    s.core.set_counters(0, INF=inf)
    for card in ("C1", "C2"):
        opp_turn(s, "inspect")
        play(s, f"reveal {card}")
        pass_windows(s)
    assert s.core.failed_gov and coins(s, 0)["INF"] == inf - 1 and coins(s, 0)["LEG"] == 0
    if offered:
        assert s.decision().kind == "failed_leader_draw" and s.legal_moves() == ["pass", "buy"]
        play(s, "buy")
        assert coins(s, 0)["INF"] == 0 and s.decision().kind == "backroom_draw"
    else:
        assert s.decision().kind == "draw"                    # no contracts: straight to the refill


# --- §8.3 / §7.4: contracts in a failed government, PROBE that lapses, a blocked DEALBREAK ----------
def test_contracts_when_the_government_fails():
    """§8.3: "A Y who never acted because Phase 3 ended early did not INSPECT" -- a HOLD on that Y is
    met; a JOIN is met because the government formed with Y in it (§8.2), even though it then fails.
    Keep pays INF k and gives HON 1; break gives BET 1 (D33).  Slot A resolves before slot B.  The
    partner's `joined` counts a government that failed (§11.2 award 4)."""
    s = dealt(6, hands=FAIL_HANDS, backroom=["block"] * 6)
    play(s, "leader 0")
    pass_windows(s)
    play(s, "invite 1 join 1", "accept")
    pass_windows(s)
    play(s, "invite 2", "accept")
    play(s, "hold 5 2", "accept")
    pass_windows(s)
    play(s, "propose C1 C2", "propose C1 C3", "propose C2 C3")
    first_chance(s)
    for card in ("C1", "C2"):
        opp_turn(s, "inspect")
        play(s, f"reveal {card}")
        pass_windows(s)
    core = s.core
    assert core.failed_gov and not core.flags(5)["acted"]
    # INF after formation 0:5 1:3 2:3, then -1 each (failed government)
    assert [coins(s, p)["INF"] for p in range(3)] == [4, 2, 2]
    play(s, "pass")                                           # the failed leader's draw: declined
    assert s.current_player() == 0 and s.legal_moves() == ["keep", "break"]
    play(s, "keep")                                           # slot A: JOIN(1) to seat 1
    assert coins(s, 0)["INF"] == 3 and coins(s, 1)["INF"] == 3 and coins(s, 0)["HON"] == 1
    assert s.decision().kind == "resolve_contract" and s.current_player() == 0
    play(s, "break")                                          # slot B: HOLD(2) to seat 5
    assert coins(s, 0) == {"INF": 3, "LEG": 0, "UND": 0, "HON": 1, "BET": 1}
    assert coins(s, 5)["INF"] == 2
    assert [core.stats(p)["joined"] for p in range(6)] == [0, 1, 1, 0, 0, 0]
    assert [core.stats(p)["gov_failed"] for p in range(6)] == [1, 1, 1, 0, 0, 0]


def test_probe_on_a_player_who_never_acted_lapses():
    """§8.3 / D32: PROBE's condition (Y does INSPECT) is not met when Phase 3 ended before Y acted; a
    HOLD on a Y who inspected is not met either: both lapse -- no decision, no token, no payment."""
    s = dealt(6, hands=FAIL_HANDS, backroom=["block"] * 6)
    form(s, 0, 1, 2)
    pass_windows(s)
    play(s, "probe 5 1", "accept")
    pass_windows(s)
    play(s, "propose C1 C2", "hold 3 2", "accept")
    pass_windows(s)
    play(s, "propose C1 C3", "propose C2 C3")
    first_chance(s)
    for card in ("C1", "C2"):
        opp_turn(s, "inspect")
        play(s, f"reveal {card}")
        pass_windows(s)
    play(s, "pass")                                           # failed leader's draw
    assert s.decision().kind == "draw"
    assert [s.core.contracts[i]["status"] for i in (0, 1)] == ["done", "done"]
    for p in range(6):
        assert coins(s, p)["HON"] == coins(s, p)["BET"] == 0
    assert coins(s, 5)["INF"] == 2 and coins(s, 3)["INF"] == 2 - 1 + 2


def test_blocked_dealbreak_leaves_the_contract_standing():
    """§7.1 / §7.5: DEALBREAK opens a BLOCK window for everyone but its player, clockwise from that
    player's left (the contract's creator may block); BLOCK cancels the whole effect, its player gains
    UND 1, the blocked DEALBREAK's player gains nothing, both cards leave the game.  The HOLD then
    resolves normally (§8.3)."""
    s = dealt(6, backroom=["block", "block", "block", "block", "dealbreak", "block"])
    form(s, 0, 1, 2)
    pass_windows(s)
    play(s, "hold 3 1", "accept")
    play(s, "pass", "pass")                                   # seats 1, 2
    assert s.current_player() == 4
    play(s, "play dealbreak")
    assert s.decision().kind == "block_window" and s.current_player() == 5
    play(s, "pass")
    assert s.current_player() == 0
    play(s, "play block")
    core = s.core
    assert core.contracts[0]["status"] == "active"
    assert coins(s, 0)["UND"] == 1 and coins(s, 4)["UND"] == 0
    assert core.backroom_gone == [0, 0, 1, 1]
    play(s, "propose H0 H1", "no_contract", "propose H0 C1", "no_contract", "propose H1 C2")
    first_chance(s)
    opp_turn(s, "pass")                                       # seat 3 does not inspect: met
    _until(s, "resolve_contract")
    inf0, inf3 = coins(s, 0)["INF"], coins(s, 3)["INF"]
    play(s, "keep")
    assert coins(s, 0)["INF"] == inf0 - 1 and coins(s, 3)["INF"] == inf3 + 1 and coins(s, 0)["HON"] == 1


# --- §9 / §10 / §11: the lie-catch and the scoring ---------------------------------------------------
def _to_vote(seed, ruleset="standard", **options):
    """A seeded random half game up to its first vote (no crisis); chance is explicit from there."""
    s = game(6, ruleset, length="half", **options).new_state(seed)
    rng = Rng(seed)
    while s.decision().kind != "vote":
        legal = s.legal_actions()
        s.apply_action(legal[rng.below(len(legal))])
    assert not s.core.crisis
    return State(s.game, s.core.clone(), None, list(s.history))


ZERO = dict.fromkeys(("INF", "LEG", "UND", "HON", "BET", "gov_ok", "gov_failed", "joined", "caught"), 0)


def _set_all(s, values):
    for p in range(6):
        s.core.set_counters(p, **dict(ZERO, **values.get(p, {})))


def _vote_round(s, votes):
    """Every voter in seat order: votes[seat] ('abstain' or a seat); then the reveals."""
    while s.decision().kind == "vote":
        v = votes[s.current_player()]
        play(s, "abstain" if v is None else f"vote {v}")
    while s.decision().kind in ("vote_reveal", "role_reveal"):
        first_chance(s)


def test_scoring_order_s1_to_s6_all_awards_ties_and_floors():
    """§10 step 4, §11.1 S1-S6, §11.2 (D37, D38, D41, D42), by hand.

    Counters at the start of the lie-catch (h = honest seats, d = dark seats):
      h0 INF 1 LEG 3 UND 20 gov_ok 2 joined 2 | h1 INF 4 LEG 2 HON 1 gov_ok 2 caught 3
      h2 HON 1 BET 1                          | h3 INF 3 LEG 1 UND 1 joined 2
      d0 INF 2 LEG 3 UND 20 BET 1 gov_failed 2| d1 INF 5 LEG 8 UND 4 BET 1 gov_failed 2
    S1 vote 1: h0-h3 vote d0, d0 and d1 vote h1 -> d0 (4 votes) revealed DARK: INF 2 - 4 -> 0 (floor),
       h0-h3 LEG +2.  Vote 2 (normal end: d0 still votes, D34): h0, d0, d1 vote h2, h1 and h2 vote h3,
       h3 abstains -> h2 (3) revealed HONEST: h0, d0, d1 LEG -1.
       -> h0 1/4/20, h1 4/4/0, h2 0/2/0, h3 3/3/1, d0 0/2/20, d1 5/7/4 (INF/LEG/UND).
    S2 LEG +2 -> h0 6, h1 6, h2 4, h3 5, d0 4, d1 9.
    S3 most UND 20, tied h0 and d0 -> INF +2 each: h0 3, d0 2.
    S4 h0 UND 20 -> -4: INF 3 -> 0 (floor); h3 UND 1 -> 0; d0 LEG 4 -> 0; d1 LEG 9 -> -1: INF 4.
    S5 1 gov_ok h0 = h1 = 2: LEG +3 each (h0 9, h1 9); 2 caught h1: LEG +3 (h1 12); 3 gov_failed d0 = d1:
       UND +3 (d0 23, d1 7); 4 joined h0 = h3: INF +2 (h0 2, h3 5); 5 HON+BET h2 (2): INF +5 (h2 5);
       6 HON h1 = h2: LEG +3 (h1 15, h2 7); 7 BET h2 = d0 = d1: UND +4 (h2 4, d0 27, d1 11).
    S6 h0 2+9 = 11, h1 4+15 = 19, h2 5+7 = 12, h3 5+5 = 10, d0 2+27 = 29, d1 4+11 = 15.
    (Awards before the penalty would give h0 INF 1, not 2.)"""
    s = _to_vote(3)
    core = s.core
    d0, d1 = core.dark_seats()
    h0, h1, h2, h3 = [p for p in range(6) if p not in (d0, d1)]
    _set_all(s, {h0: {"INF": 1, "LEG": 3, "UND": 20, "gov_ok": 2, "joined": 2},
                 h1: {"INF": 4, "LEG": 2, "HON": 1, "gov_ok": 2, "caught": 3},
                 h2: {"HON": 1, "BET": 1},
                 h3: {"INF": 3, "LEG": 1, "UND": 1, "joined": 2},
                 d0: {"INF": 2, "LEG": 3, "UND": 20, "BET": 1, "gov_failed": 2},
                 d1: {"INF": 5, "LEG": 8, "UND": 4, "BET": 1, "gov_failed": 2}})
    _vote_round(s, {h0: d0, h1: d0, h2: d0, h3: d0, d0: h1, d1: h1})
    assert core.is_revealed(d0) and not core.is_revealed(h1)
    assert core.coins(d0)["INF"] == 0
    assert [core.coins(p)["LEG"] for p in (h0, h1, h2, h3, d0, d1)] == [5, 4, 2, 3, 3, 8]
    assert core.vote_no == 2 and s.current_player() == 0
    voters = []
    while s.decision().kind == "vote":
        voters.append(s.current_player())
        v = {h0: h2, d0: h2, d1: h2, h1: h3, h2: h3, h3: None}[s.current_player()]
        play(s, "abstain" if v is None else f"vote {v}")
    assert voters == list(range(6))                           # D34: no one silenced at a normal end
    while s.decision().kind in ("vote_reveal", "role_reveal"):
        first_chance(s)
    assert core.is_revealed(h2)
    assert [core.coins(p)["LEG"] for p in (h0, h1, h2, h3, d0, d1)] == [4, 4, 2, 3, 2, 7]
    assert s.decision().kind == "final_roles"
    first_chance(s)
    assert s.is_terminal()
    want = {h0: (2, 9, 20, 11), h1: (4, 15, 0, 19), h2: (5, 7, 4, 12), h3: (5, 5, 1, 10),
            d0: (2, 4, 27, 29), d1: (4, 9, 11, 15)}
    got = {p: (core.coins(p)["INF"], core.coins(p)["LEG"], core.coins(p)["UND"], core.score(p)) for p in range(6)}
    assert got == want
    res = s.result()
    assert res.winners == (d0,) and res.scores[d0] == 29


def test_zero_measures_win_nothing_and_awards_off():
    """D41: an award (and the most-UND bonus, D38) needs a measure >= 1 -- with every counter 0 only
    S2 applies: honest total = INF + LEG 2, dark total = INF.  §3: `awards` off skips S5 only."""
    s = _to_vote(3)
    _set_all(s, {p: {"INF": p} for p in range(6)})
    _vote_round(s, dict.fromkeys(range(6)))
    _vote_round(s, dict.fromkeys(range(6)))
    first_chance(s)
    core = s.core
    assert [core.score(p) for p in range(6)] == [p + (0 if core.is_dark(p) else 2) for p in range(6)]
    assert all(core.coins(p)["UND"] == 0 and core.coins(p)["LEG"] == 2 for p in range(6))

    s = _to_vote(5, awards=False)
    d0, d1 = s.core.dark_seats()
    h = [p for p in range(6) if p not in (d0, d1)]
    # awards off: h[0] with every award measure high gains nothing from them; S3 and S4 still apply
    _set_all(s, {h[0]: {"INF": 3, "LEG": 1, "UND": 6, "HON": 2, "BET": 2, "gov_ok": 3, "caught": 2,
                        "joined": 4, "gov_failed": 1}})
    _vote_round(s, dict.fromkeys(range(6)))
    _vote_round(s, dict.fromkeys(range(6)))
    first_chance(s)
    core = s.core
    # S2 LEG 3; S3 (most UND 6) INF 5; S4 UND 6 -> -1: INF 4; total 4 + 3 = 7
    assert core.coins(h[0]) == {"INF": 4, "LEG": 3, "UND": 6, "HON": 2, "BET": 2} and core.score(h[0]) == 7


def test_three_way_tie_on_total_two_share_on_influence():
    """D40: the highest Total wins; a tie goes to the higher INF; players still tied share.
    h0 INF 6 LEG 4 -> 6 + 6 = 12; h1 the same; d0 INF 3 UND 7 -> S3 INF 5, 5 + 7 = 12 (lower INF)."""
    s = _to_vote(3)
    d0, d1 = s.core.dark_seats()
    h = [p for p in range(6) if p not in (d0, d1)]
    _set_all(s, {h[0]: {"INF": 6, "LEG": 4}, h[1]: {"INF": 6, "LEG": 4}, d0: {"INF": 3, "UND": 7}})
    _vote_round(s, dict.fromkeys(range(6)))
    _vote_round(s, dict.fromkeys(range(6)))
    first_chance(s)
    core = s.core
    assert core.score(h[0]) == core.score(h[1]) == core.score(d0) == 12
    res = s.result()
    assert set(res.winners) == {h[0], h[1]} and res.draw
    assert res.rewards[h[0]] == res.rewards[h[1]] == 0.5 and res.rewards[d0] == 0.0
    assert res.placings[h[0]] == res.placings[h[1]] == 1 and res.placings[d0] == 3
    assert s.returns() == [0.0 if p in (d0, d1) else 1.0 for p in range(6)]


def test_lie_catch_floors():
    """§10 step 4: a revealed DARK loses INF = its votes, not below 0, each of its voters LEG +2;
    a revealed HONEST costs each of its voters LEG 1, not below 0; non-voters are unaffected."""
    s = _to_vote(3)
    core = s.core
    d0, d1 = core.dark_seats()
    h = [p for p in range(6) if p not in (d0, d1)]
    _set_all(s, {d0: {"INF": 1, "LEG": 4}, h[0]: {"LEG": 0}, h[1]: {"LEG": 3}, d1: {"LEG": 1}})
    # vote 1: h0, h1, h2 vote d0 (3); d0 votes h3; d1, h3 abstain -> d0 revealed
    _vote_round(s, {h[0]: d0, h[1]: d0, h[2]: d0, d0: h[3], d1: None, h[3]: None})
    assert core.is_revealed(d0)
    assert core.coins(d0)["INF"] == 0
    assert [core.coins(p)["LEG"] for p in (h[0], h[1], h[2], h[3], d0, d1)] == [2, 5, 2, 0, 4, 1]
    # vote 2: h0 (LEG 2), d1 (LEG 1), h3 (LEG 0) vote h1 -> h1 revealed honest
    _vote_round(s, {h[0]: h[1], d1: h[1], h[3]: h[1], h[1]: None, h[2]: None, d0: None})
    assert core.is_revealed(h[1])
    assert [core.coins(p)["LEG"] for p in (h[0], h[1], h[2], h[3], d0, d1)] == [1, 5, 2, 0, 4, 0]


def _crisis_state(roles=(1, 4)):
    """Five failed governments in five rounds (core ruleset): two C turned up each round."""
    s = dealt(6, "core", roles=roles, hands=["C1 C2 C3"] * 6)
    for r in range(5):
        play(s, f"leader {r}", f"invite {(r + 1) % 6}", "accept", f"invite {(r + 2) % 6}", "accept")
        for _ in range(3):
            play(s, s.legal_moves()[-1])
        first_chance(s)
        for _ in range(2):
            play(s, "inspect")
            play(s, [m for m in s.legal_moves() if m.split()[1][0] == "C"][0])
        if r < 4:
            while s.decision().kind != "leader_draw":
                moves = s.legal_moves()
                cs = [m for m in moves if m.split()[-1][0] == "C"]
                play(s, cs[0] if cs else moves[0])
    assert s.core.crisis
    return s


def test_crisis_only_the_exposed_dark_is_silenced_and_one_exposure_is_not_enough():
    """§10 step 1: with `silence_exposed` only a DARK player exposed in vote 1 loses the vote -- an
    exposed HONEST player still votes; §11.3 (D44): with one DARK revealed the DARK team wins."""
    s = _crisis_state()
    for p in range(6):
        play(s, "vote 0" if p == 2 else "vote 2")
    while s.decision().kind == "vote_reveal":
        first_chance(s)
    play(s, "exposed 2 honest")
    voters = []
    while s.decision().kind == "vote":
        voters.append(s.current_player())
        assert "vote 2" not in s.legal_moves()                # D35: a revealed role is no target
        play(s, "vote 0" if s.current_player() == 4 else "vote 4")
    assert voters == [0, 1, 2, 3, 4, 5]
    while s.decision().kind == "vote_reveal":
        first_chance(s)
    play(s, "exposed 4 dark", "roles 1 4")
    res = s.result()
    assert res.winners == (1, 4) and res.rewards == (0.0, 1.0, 0.0, 0.0, 1.0, 0.0)
    assert s.returns() == [0.0, 1.0, 0.0, 0.0, 1.0, 0.0]


# --- §12: what each seat may see ----------------------------------------------------------------------
def test_an_exposure_reveals_one_role_and_never_the_partner():
    """§10 step 3 / §12: an exposed role becomes public; the other DARK seat stays hidden from the
    HONEST seats (in their views, public information and display) until the game end; the DARK
    seats know each other throughout (§4 step 5)."""
    s = _to_vote(3)
    core = s.core
    d0, d1 = core.dark_seats()
    honest = [p for p in range(6) if p not in (d0, d1)]
    _vote_round(s, {p: (None if p == d0 else d0) for p in range(6)})
    assert core.is_revealed(d0) and not core.is_revealed(d1)
    for seat in honest:
        info = s.information_state(seat)
        roles = {p["seat"]: p["role"] for p in info.public_info()["players"]}
        assert roles == {p: ("dark" if p == d0 else None) for p in range(6)}
        assert "partner" not in info.private_info()
        text = s.render(seat=seat)
        assert text.count("[Dark power]") == 1
        view = [t for _, t in s.view(seat)]
        assert f"exposed {d0} dark" in view and not any(t.startswith("roles") for t in view)
        assert not any(t.startswith(f"role {d1}") for t in view)
    for seat in (d0, d1):
        assert s.information_state(seat).private_info()["partner"] == (d1 if seat == d0 else d0)
        assert s.render(seat=seat).count("[Dark power]") == 2
    _vote_round(s, dict.fromkeys(range(6)))
    first_chance(s)
    assert all(p["role"] is not None for p in s.information_state(honest[0]).public_info()["players"])


def test_face_down_cards_stay_hidden_from_other_seats():
    """§6.3 / §6.5 step 2 / §12: partners and the opposition never see the six faces or the leader's
    discard; after the round, none of that appears in their views or private information."""
    hands = ["H2 C3 C3", "C2 C3 H0", "C2 C3 H1", "H0 H1 H2", "H0 H1 H2", "H0 H1 H2"]
    s = dealt(6, "core", hands=hands)
    form(s, 0, 1, 2)
    propose_all(s, "propose C3 C3", "propose C2 C3", "propose C2 C3")
    for seat in (1, 2, 3):
        info = s.information_state(seat).private_info()
        assert info.get("table_known", []) == {1: ["C2", "C3"], 2: ["C2", "C3"], 3: []}[seat]
    for _ in range(3):
        opp_turn(s, "pass")
    play(s, "discard C3")
    assert s.information_state(0).private_info()["discarded"] == "C3"
    for seat in range(1, 6):
        assert "discarded" not in s.information_state(seat).private_info()
    play(s, "policies C2 C2 C3 C3 C3")
    for seat in range(1, 6):
        texts = [t for _, t in s.view(seat)]
        assert not any(t.startswith("table") for t in texts)
        assert "discard C3" not in texts and "discard" in texts
    to_leader_draw(s)
    for seat in range(1, 6):
        texts = [t for _, t in s.view(seat)]
        assert not any(t.startswith("table") or t == "discard C3" for t in texts)


# --- more windows and options ------------------------------------------------------------------------
def test_phase4_media_order_and_targets():
    """§7.3 (D29): after the Phase 4 reveal the MEDIA window runs clockwise from the leader's left,
    ending with the leader; it may target a revealed *passed* card only -- an inspected card of the
    same face is not flipped; the flip changes the type, not the bags (§6.5 step 4)."""
    hands = ["H0 H1 H2", "H0 H1 C1", "H1 H2 C2", "H0 C1 C3", "C1 C2 C3", "H0 C2 C3"]
    s = dealt(6, hands=hands, backroom=["media", "block", "block", "media", "media", "block"])
    form(s, 1, 2, 3)                                          # opposition: 4, 5, 0
    pass_windows(s)
    propose_all(s, "propose H0 C1", "propose H1 C2", "propose H0 C3")
    opp_turn(s, "inspect")                                    # seat 4 turns up one H0
    play(s, "reveal H0")
    pass_windows(s)
    opp_turn(s, "pass")
    opp_turn(s, "pass")
    play(s, "no_discard", "policies H0 H1 C1 C2 C3")
    asked = []
    while s.current_player() != 4:
        asked.append(s.current_player())
        play(s, "pass")
    assert asked == [2, 3]
    assert s.legal_moves() == ["pass", "media H0", "media H1", "media C1", "media C2", "media C3"]
    play(s, "pass")
    asked = [4]
    while s.decision().kind == "media_window":
        asked.append(s.current_player())
        if s.current_player() == 0:
            play(s, "media H0")
        else:
            play(s, "pass")
    assert asked == [4, 5, 0]
    pass_windows(s)                                           # BLOCK window: all pass
    # passed H0* H1 C1 C2 C3: h = 1, c = 4, B = 0+1+1+2+3 = 7 -> INF 2 (had the inspected H0 been
    # flipped: h = 2, c = 3); seat 4 kept its LEG 1
    for p, inf in ((1, 5), (2, 3), (3, 3)):
        assert coins(s, p) == {"INF": inf + 2, "LEG": 1, "UND": 8, "HON": 0, "BET": 0}
    assert coins(s, 4)["LEG"] == 1 and coins(s, 0)["UND"] == 1


def test_join_dealbreak_window_excludes_creator_and_invitee():
    """§7.4: after a JOIN is accepted the DEALBREAK window asks everyone except its creator (the
    leader) and counterparty (the invitee), clockwise from the creator's left."""
    s = dealt(6, backroom=["block", "block", "block", "block", "block", "block"])
    play(s, "leader 2")
    pass_windows(s)
    play(s, "invite 4 join 2", "accept")
    asked = []
    while s.decision().kind == "dealbreak_window":
        asked.append(s.current_player())
        play(s, "pass")
    assert asked == [3, 5, 0, 1]
    assert s.decision().kind == "invite" and s.core.contracts[0]["template"] == "join"


def test_coup_leader_who_forms_uses_its_right_and_the_displaced_keeps_its_own():
    """§7.2 + §6.2 step 7 (D7 rev. 2): the COUP player's right is used when its government forms; the
    displaced drawn leader keeps its right and was refunded."""
    s = dealt(6, backroom=["block", "media", "media", "coup", "media", "media"])
    play(s, "leader 0")
    pass_windows(s, {3: "play coup"})
    pass_windows(s)
    play(s, "invite 4", "accept", "invite 5", "accept")
    core = s.core
    assert core.members == [3, 4, 5]
    assert core.flags(0)["right"] and not core.flags(3)["right"]
    assert coins(s, 0)["INF"] == 2 and coins(s, 3)["INF"] == 2 - 1 + 1 + 3


def test_deal_needs_a_nonempty_backroom_pile():
    """§6.4 DEAL / D18 / §7.1 ("the backroom pile is never refilled"): DEAL is legal exactly when the
    player has INF >= 2, holds fewer than 2 backroom cards and the pile is not empty -- checked at
    every opposition turn of seeded 8-player games that favour DEAL until the pile runs out."""
    from intrigue.ext.politics_core import Action, Phase
    empty = 0
    for seed in range(6):
        core = game(8)._new_core()
        rng = Rng(seed)
        while not core.is_terminal():
            if core.is_chance_node():
                core.sample_chance(rng)
                continue
            legal = core.legal_actions()
            if core.phase == Phase.OPP:
                p = core.asked
                pile = sum(core.backroom_pile)
                want = core.coins(p)["INF"] >= 2 and core.backroom_count(p) < 2 and pile > 0
                assert (Action.DEAL in legal) == want
                empty += pile == 0 and core.coins(p)["INF"] >= 2 and core.backroom_count(p) < 2
            core.apply(Action.DEAL if Action.DEAL in legal else legal[rng.below(len(legal))])
    assert empty > 0


def test_half_game_ends_after_round_six():
    """§3 / §5 / §9.1: `half` plays 6 rounds; the lie-catch follows Phase 5 of round 6."""
    s = _to_vote(3)
    assert s.core.round == 6 and s.core.vote_no == 1


def test_one_coup_window_per_attempt():
    """§7.2 / D28: the COUP window opens once per formation attempt, after the drawn leader's fee --
    after a successful COUP the attempt continues from §6.2 step 4 with no second window, although
    seat 4 still holds a COUP, a right, INF 2 and is not tried."""
    s = dealt(6, backroom=["media", "media", "media", "coup", "coup", "media"])
    play(s, "leader 0")
    asked = []
    while s.decision().kind == "coup_window" and s.current_player() != 3:
        asked.append(s.current_player())
        play(s, "pass")
    assert asked == [1, 2]
    play(s, "play coup")
    pass_windows(s)                                           # BLOCK window: no one holds a BLOCK
    assert s.decision().kind == "invite" and s.core.leader == 3
    assert s.core.backroom(4)[1] == 1 and coins(s, 4)["INF"] == 2 and not s.core.flags(4)["tried"]
