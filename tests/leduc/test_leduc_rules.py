"""Leduc hold'em's rules: the kernel against a plain-Python reference (``leduc_reference.py``) in
thousands of seeded random hands, hand-worked hands, the notation, the payoff convention, the hidden
information hooks (determinize, canonicalize, make_consistent, validate) and the heuristic policy."""
from __future__ import annotations

from collections import Counter

import pytest

from intrigue.engine import GameRecord, IllegalActionError, NotationError, load_game
from intrigue.engine.errors import IntrigueError
from intrigue.engine.leduc.heuristic import LeducHeuristic
from intrigue.ext.game_api import Rng
from intrigue.ext.leduc_core import ANTE, Action, CARD, MAX_LOSS, MAX_RAISES, MAX_WIN, RAISE_ROUND1, RAISE_ROUND2, LeducCore

from support.leduc_reference import RefLeduc

J, Q, KING = 0, 1, 2
GAME = load_game("leduc")


def hand(*events):
    """The state after a hand written in notation (chance events as ``"deal 0 J"`` etc.)."""
    state = GAME.new_initial_state()
    for text in events:
        state.apply_action(text)
    return state


def rewards_of(chips):
    return tuple((c + 13) / 26 for c in chips)


# --------------------------------------------------------------------------------------------------
# the kernel against the reference
# --------------------------------------------------------------------------------------------------
def test_the_kernel_plays_as_the_plain_python_reference_in_seeded_random_hands():
    rng = Rng(2024)
    ends = Counter()
    for _ in range(4000):
        state, ref = GAME.new_initial_state(), RefLeduc()
        while not state.is_terminal():
            if state.is_chance_node():
                outs = state.chance_outcomes()
                if state.decision().kind == "show":           # the showdown shows the true card
                    seat = state.core.showing
                    assert outs == [(CARD + ref.hands[seat], 1.0)]
                    state.apply_action(outs[0][0])
                    continue
                assert ref.needs_card() == state.decision().kind
                assert {a - CARD: p for a, p in outs} == pytest.approx(ref.card_odds())
                a = outs[rng.below(len(outs))][0]
                state.apply_action(a)
                ref.give(a - CARD)
                continue
            assert ref.needs_card() is None and not ref.over()
            assert state.current_player() == ref.to_act()
            assert state.legal_actions() == ref.legal()
            legal = state.legal_actions()
            a = legal[rng.below(len(legal))]
            state.apply_action(a)
            ref.act(a)
        assert ref.over()
        chips = ref.chips()
        res = state.result()
        assert res.scores == tuple(float(c) for c in chips)
        assert res.rewards == pytest.approx(rewards_of(chips)) and state.returns() == pytest.approx(rewards_of(chips))
        ends["fold" if ref.folder is not None else ("split" if chips == [0, 0] else "showdown")] += 1
    assert min(ends.values()) > 100, ends              # every kind of ending was checked


def test_chance_outcomes_are_ranks_weighted_by_the_cards_left():
    s = GAME.new_initial_state()
    assert s.chance_outcomes() == [(3, pytest.approx(1 / 3)), (4, pytest.approx(1 / 3)), (5, pytest.approx(1 / 3))]
    s.apply_action("deal 0 K")
    assert [p for _, p in s.chance_outcomes()] == pytest.approx([2 / 5, 2 / 5, 1 / 5])
    s.apply_action("deal 1 K")
    assert s.chance_outcomes() == [] and s.current_player() == 0
    s.apply_action("check")
    s.apply_action("check")
    assert s.decision().kind == "public" and s.core.chance_is_public()
    assert s.chance_outcomes() == [(3, pytest.approx(0.5)), (4, pytest.approx(0.5))]    # no King is left
    with pytest.raises(IllegalActionError):
        s.apply_action("public K")


# --------------------------------------------------------------------------------------------------
# hands worked by hand
# --------------------------------------------------------------------------------------------------
def test_a_pair_with_the_public_card_beats_a_higher_card():
    s = hand("deal 0 J", "deal 1 K", "check", "check", "public J", "check", "check", "show 0 J", "show 1 K")
    res = s.result()
    assert s.is_terminal() and res.winners == (0,) and res.placings == (1, 2)
    assert res.scores == (1.0, -1.0) and res.rewards == pytest.approx((14 / 26, 12 / 26))
    assert "pair of Js" in res.reason


def test_the_higher_card_wins_without_a_pair():
    s = hand("deal 0 Q", "deal 1 K", "bet", "call", "public J", "check", "check", "show 0 Q", "show 1 K")
    assert s.result().winners == (1,) and s.result().scores == (-3.0, 3.0)


def test_equal_ranks_split_the_pot():
    s = hand("deal 0 Q", "deal 1 Q", "bet", "call", "public K", "bet", "call", "show 0 Q", "show 1 Q")
    res = s.result()
    assert res.winners == (0, 1) and res.placings == (1, 1) and res.draw
    assert res.scores == (0.0, 0.0) and res.rewards == (0.5, 0.5)
    assert s.core.stake(0) == s.core.stake(1) == 7


def test_a_fold_after_a_raise_loses_what_the_folder_put_in_and_shows_nothing():
    s = hand("deal 0 K", "deal 1 J", "bet", "raise")
    assert (s.core.stake(0), s.core.stake(1)) == (3, 5)
    s.apply_action("fold")
    res = s.result()
    assert s.is_terminal() and res.winners == (1,) and res.scores == (-3.0, 3.0)
    assert res.reason == "seat 0 folded"
    assert [e.text for e in s.history if e.text.startswith("show")] == []
    assert GAME.revealed_at_end(s.core, 0) == {"seat": 0, "card": None}
    assert GAME.revealed_at_end(s.core, 1) == {"seat": 1, "card": None}


def test_at_most_two_raises_a_round():
    s = hand("deal 0 K", "deal 1 Q", "bet", "raise")
    assert s.legal_moves() == ["fold", "call"]                       # round 1: bet + raise
    with pytest.raises(IllegalActionError):
        s.apply_action("raise")
    s.apply_action("call")
    s.apply_action("public J")
    s.apply_action("check")
    s.apply_action("bet")
    s.apply_action("raise")
    assert s.current_player() == 1 and s.legal_moves() == ["fold", "call"]   # round 2: check, bet, raise


def test_raises_are_2_chips_in_round_one_and_4_in_round_two():
    s = hand("deal 0 K", "deal 1 Q", "check", "bet")
    assert (s.core.stake(0), s.core.stake(1)) == (1, 3)
    s.apply_action("raise")                                          # check-raise: 2 to call + 2 more
    assert (s.core.stake(0), s.core.stake(1), s.core.to_call) == (5, 3, 2)
    s.apply_action("call")
    s.apply_action("public J")
    assert s.core.raise_amount == 4 and s.core.pot == 10
    s.apply_action("bet")
    assert (s.core.stake(0), s.core.stake(1)) == (9, 5)
    s.apply_action("raise")
    assert (s.core.stake(0), s.core.stake(1)) == (9, 13)
    s.apply_action("call")
    assert s.decision().kind == "show"
    s.apply_action("show 0 K")
    s.apply_action("show 1 Q")
    assert s.result().scores == (13.0, -13.0) and s.returns() == [1.0, 0.0]   # the biggest pot there is


def test_a_round_ends_on_a_call_after_both_have_acted_and_not_on_a_first_check():
    s = hand("deal 0 J", "deal 1 Q", "check")
    assert s.current_player() == 1
    s.apply_action("check")
    assert s.is_chance_node() and s.decision().kind == "public"


def test_the_payoff_constants_are_named_in_the_kernel():
    assert (MAX_LOSS, MAX_WIN, ANTE, RAISE_ROUND1, RAISE_ROUND2, MAX_RAISES) == \
        (13, 13, 1, 2, 4, 2)
    assert MAX_LOSS == ANTE + MAX_RAISES * (RAISE_ROUND1 + RAISE_ROUND2)


# --------------------------------------------------------------------------------------------------
# notation
# --------------------------------------------------------------------------------------------------
def test_check_and_bet_are_call_and_raise_when_nothing_is_to_call():
    s = hand("deal 0 J", "deal 1 Q")
    assert s.legal_moves() == ["check", "bet"] and s.legal_actions() == [Action.CALL, Action.RAISE]
    assert s.string_to_action("call") == s.string_to_action("check") == Action.CALL
    assert s.string_to_action("raise") == s.string_to_action("BET") == Action.RAISE
    with pytest.raises(NotationError, match="no bet to fold"):
        s.string_to_action("fold")
    s.apply_action("bet")
    assert s.legal_moves() == ["fold", "call", "raise"]
    for word in ("check", "bet"):
        with pytest.raises(NotationError, match="a bet of 2 to call"):
            s.string_to_action(word)


@pytest.mark.parametrize("text, why", [("deal 1 J", "seat 0's card"), ("deal 0 A", "J, Q, K"),
                                       ("public J", "no public event"), ("show 0 J", "no show event"),
                                       ("deal 0", "deal SEAT RANK"), ("shove", "not Leduc")])
def test_bad_chance_notation_is_refused_saying_why(text, why):
    with pytest.raises(NotationError, match=why):
        GAME.new_initial_state().string_to_action(text)


def test_a_record_of_a_hand_replays_to_the_same_end():
    s = hand("deal 0 Q", "deal 1 J", "bet", "call", "public J", "bet", "fold")
    again = GameRecord.from_bytes(s.record().to_bytes()).replay()
    assert again.encode() == s.encode() and again.result() == s.result()


# --------------------------------------------------------------------------------------------------
# hidden information: the kernel's hooks against their specification (ext/game_api.pxd)
# --------------------------------------------------------------------------------------------------
def _frequencies(state, seat, n=6000, seed=5):
    info = state.information_state(seat)
    got = Counter(info.determinize(Rng(seed + k)).core.card(1 - seat) for k in range(n))
    return {r: got[r] / n for r in sorted(got)}


@pytest.mark.parametrize("events, expected", [
    (("deal 0 J", "deal 1 K"), {J: 1 / 5, Q: 2 / 5, KING: 2 / 5}),                        # four left: J Q Q K K
    (("deal 0 J", "deal 1 K", "check", "check", "public K"), {J: 1 / 4, Q: 2 / 4, KING: 1 / 4}),
    (("deal 0 K", "deal 1 Q", "check", "check", "public K"), {J: 2 / 4, Q: 2 / 4}),      # no King left for seat 1
])
def test_determinize_deals_the_other_card_uniformly_from_the_cards_unseen(events, expected):
    got = _frequencies(hand(*events), 0)
    assert set(got) == set(expected)
    for r, p in expected.items():
        assert abs(got[r] - p) < 0.025, (got, expected)


def test_determinize_and_canonicalize_keep_a_card_once_it_is_shown():
    s = hand("deal 0 J", "deal 1 K", "check", "check", "public Q", "check", "check", "show 0 J")
    assert s.core.shown(0) and not s.core.shown(1)
    assert set(_frequencies(s, 1, n=300)) == {J}                     # seat 0's J is known to seat 1
    assert len(set(_frequencies(s, 0, n=300))) > 1                   # seat 1's card still hidden from seat 0
    s.apply_action("show 1 K")
    for seat in (0, 1):
        assert _frequencies(s, seat, n=200) == {s.core.card(1 - seat): 1.0}
        info = s.information_state(seat)
        assert info.core.card(1 - seat) == s.core.card(1 - seat)


def test_canonicalize_puts_the_hidden_card_in_one_place_whatever_it_is():
    cores = []
    for other in ("Q", "K"):
        s = hand("deal 0 J", f"deal 1 {other}", "bet")
        cores.append(s.information_state(0).core)
    assert cores[0] == cores[1] and cores[0].card(1) == J          # the lowest rank seat 0 has not seen twice
    s = hand("deal 0 J", "deal 1 Q", "check", "check", "public J")
    assert s.information_state(0).core.card(1) == Q                 # both Jacks seen: the lowest left is Q


def test_make_consistent_moves_the_hidden_card_for_what_the_seat_sees():
    # seat 0 holds J; in its information state seat 1's stand-in is the other J, so 'public J' needs it moved
    s = hand("deal 0 J", "deal 1 K", "check", "check")
    core = s.information_state(0).core
    assert core.card(1) == J and not core.is_legal(CARD + J)
    assert core.make_consistent(0, CARD + J)
    assert core.card(1) != J and core.is_legal(CARD + J)
    # the other seat shows its card: the stand-in becomes it; an impossible card is refused, nothing changed
    s = hand("deal 0 K", "deal 1 Q", "check", "check", "public K", "check", "check", "show 0 K")
    core = s.information_state(0).core
    assert core.make_consistent(0, CARD + Q) and core.card(1) == Q
    before = core.encode()
    assert not core.make_consistent(0, CARD + KING)           # both Kings are seen by seat 0
    assert core.encode() == before
    # a seat's own card cannot be made another
    s = hand("deal 0 K", "deal 1 Q", "check", "check", "public J", "check", "check")
    assert not s.information_state(0).core.make_consistent(0, CARD + Q)
    # a decision is consistent exactly when it is legal
    s = hand("deal 0 K", "deal 1 Q")
    core = s.core.clone()
    assert core.make_consistent(0, Action.RAISE) and not core.make_consistent(0, Action.FOLD)


@pytest.mark.parametrize("offset, value, why", [
    (1, 3, "private card out of range"), (4, 7, "phase out of range"), (9, 14, "stake out of range"),
    (4, 4, "hand ended without a fold"), (5, 1, "disagree"), (6, 1, "betting marks"),
])
def test_a_corrupt_state_is_refused_on_decode_saying_why(offset, value, why):
    s = hand("deal 0 K", "deal 1 Q")
    LeducCore.decode(s.encode())
    data = bytearray(s.encode())
    # byte 0 is the tag, then cards[2], public, phase, round, turn, raises, acted, stake[2], folded, shown
    data[offset] = value
    with pytest.raises(ValueError, match=why):
        LeducCore.decode(bytes(data))


def test_three_kings_are_refused():
    s = hand("deal 0 K", "deal 1 K", "check", "check", "public J")
    data = bytearray(s.encode())
    data[3] = KING
    with pytest.raises(ValueError, match="more than twice"):
        LeducCore.decode(bytes(data))


def test_which_chance_events_are_public():
    s = GAME.new_initial_state()
    assert not s.core.chance_is_public()                            # a private deal
    s = hand("deal 0 K", "deal 1 Q", "check", "check")
    assert s.core.chance_is_public()                                # the public card
    s = hand("deal 0 K", "deal 1 Q", "check", "check", "public J", "check", "check")
    assert s.core.chance_is_public() and s.chance_outcomes() == [(CARD + KING, 1.0)]


# --------------------------------------------------------------------------------------------------
# the heuristic policy
# --------------------------------------------------------------------------------------------------
def _walk(state, values, seat, policy, reach=1.0):
    """Add to ``values`` seat's expected chips: the heuristic at ``seat``, uniform random elsewhere."""
    if state.is_terminal():
        values.append(reach * state.result().scores[seat])
        return
    if state.is_chance_node():
        branches = state.chance_outcomes()
    else:
        legal = state.legal_actions()
        if state.current_player() == seat:
            probs = policy.action_probs(state.information_state(seat))
            assert sorted(probs) == legal and abs(sum(probs.values()) - 1.0) < 1e-12
            branches = [(a, probs[a]) for a in legal]
        else:
            branches = [(a, 1.0 / len(legal)) for a in legal]
    for a, p in branches:
        if p > 0.0:
            child = state.clone()
            child.apply_action(a)
            _walk(child, values, seat, policy, reach * p)


@pytest.mark.parametrize("seat", [0, 1])
def test_the_heuristic_wins_chips_from_uniform_random_play_exactly(seat):
    values = []
    _walk(GAME.new_initial_state(), values, seat, LeducHeuristic(Rng(1)))
    assert sum(values) > 0.5                  # chips a hand, over every deal and every random line


def test_the_heuristic_follows_its_probabilities():
    s = hand("deal 0 Q", "deal 1 J")
    info = s.information_state(0)
    pol = LeducHeuristic(Rng(3))
    probs = pol.action_probs(info)
    n = 20000
    got = Counter(pol.choose(info) for _ in range(n))
    for a, p in probs.items():
        assert abs(got[a] / n - p) < 0.015


def test_the_heuristic_bets_a_pair_and_never_folds_it():
    pol = LeducHeuristic(Rng(1))
    s = hand("deal 0 J", "deal 1 K", "check", "check", "public J")
    assert pol.action_probs(s.information_state(0))[Action.RAISE] >= 0.9
    s = hand("deal 0 K", "deal 1 J", "check", "check", "public J", "bet")
    assert pol.action_probs(s.information_state(1))[Action.FOLD] == 0.0


def test_the_heuristic_caps_its_raises():
    s = hand("deal 0 K", "deal 1 K", "bet", "raise")
    probs = LeducHeuristic(Rng(1)).action_probs(s.information_state(0))
    assert sorted(probs) == [Action.FOLD, Action.CALL] and sum(probs.values()) == pytest.approx(1.0)


def test_bots_refuse_nothing_and_every_bot_plays_a_whole_hand():
    from intrigue.search.bot import make_bot
    for spec in ("random", "heuristic", "ismcts:iterations=300"):
        s = GAME.new_state(7)
        bot = make_bot(spec, seed=1)
        try:
            while not s.is_terminal():
                ans = bot.choose(s.information_state(s.current_player()))
                s.apply_action(ans.action)
        finally:
            bot.close()
        assert s.result().scores[0] == -s.result().scores[1]


def test_illegal_and_unknown_moves_change_nothing():
    s = hand("deal 0 K", "deal 1 Q")
    before = s.encode(), len(s.history)
    for bad in ("fold", "shove", 9):
        with pytest.raises(IntrigueError):
            s.apply_action(bad)
    assert (s.encode(), len(s.history)) == before
