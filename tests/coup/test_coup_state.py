"""The compact Coup state: size, clone, encode/decode, invariants over many random games, and
determinization against the information set."""
from __future__ import annotations

import random
from collections import Counter

import pytest

from intrigue.engine import InfoState, StateError, decode_state, load_game, new_game
from intrigue.ext.coup_check import check_random_games, violations
from intrigue.ext.coup_core import CoupCore
from intrigue.ext.game_api import Rng


def test_state_is_at_most_64_bytes_and_clone_is_independent():
    assert CoupCore.state_size() <= 64
    for ruleset, players in (("standard", 6), ("mini-a", 2)):
        s = new_game("coup", ruleset=ruleset, players=players, seed=1)
        c = s.core.clone()
        assert c == s.core and c is not s.core
        s.apply_action("income")
        assert c != s.core


# --- properties over >= 100,000 seeded random games ---------------------------------------------------
RULESETS = {"standard": dict(steal_amount=2, exchange_mode=0, start_coins_2p=1),
            "seed-th": dict(steal_amount=2, exchange_mode=1, start_coins_2p=2),
            "seed-he": dict(steal_amount=3, exchange_mode=1, start_coins_2p=2)}


@pytest.mark.parametrize("ruleset", list(RULESETS))
@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_invariants_hold_in_random_games(ruleset, players):
    # 15 configurations x 8,000 games = 120,000 games, every visited state checked
    res = check_random_games(players, 8000, seed=players * 101 + len(ruleset), **RULESETS[ruleset])
    assert res["first"] is None, res
    assert all(v == 0 for v in res["violations"].values())
    assert res["games"] == 8000 and res["steps"] > 8000 * 10


def _kernel_rules(ruleset, players, **options):
    """check_random_games' keywords for a ruleset of the engine (with option overrides)."""
    game = load_game("coup", ruleset, players, options)
    rules = game._new_core().rules
    rules["start_coins"] = game.options["start_coins"]
    return rules


@pytest.mark.parametrize("ruleset", ["mini-a", "mini"])
def test_invariants_hold_in_random_games_of_the_mini_rulesets(ruleset):
    res = check_random_games(2, 50000, seed=7, **_kernel_rules(ruleset, 2))
    assert res["first"] is None, res
    assert res["games"] == 50000 and res["steps"] > 50000 * 6


@pytest.mark.parametrize("players", [2, 4, 6])
def test_invariants_hold_with_one_influence_and_a_small_deck(players):
    rules = _kernel_rules("standard", players, influence=1, duke_copies=2, assassin_copies=2, captain_copies=2,
                          ambassador_copies=1, contessa_copies=1, coup_cost=3, forced_coup_at=5, income_amount=2,
                          assassinate_cost=1, assassin_limit=3, start_coins=0, max_turns=60)
    res = check_random_games(players, 5000, seed=players, **rules)
    assert res["first"] is None, res


def test_invariants_hold_with_a_short_turn_cap_and_odd_options():
    res = check_random_games(5, 5000, seed=9, steal_amount=7, forced_coup_at=7, refund=False, max_turns=6)
    assert res["first"] is None and res["turns"] <= 5000 * 6


def test_the_checker_detects_broken_states():
    s = new_game("coup", players=3, seed=2)
    assert violations(s.core) == []
    s.core.set_coins(0, 5)                       # set_coins keeps the books: still fine
    assert violations(s.core) == []
    raw = bytearray(s.core.encode())
    raw[1 + 14] += 1                             # the treasury byte + 1: coins no longer add up
    assert CoupCore._decode_unchecked(bytes(raw)).treasury == s.core.treasury + 1
    # (decode's validity check refuses it too, so the round trip is flagged as well)
    assert violations(CoupCore._decode_unchecked(bytes(raw))) == ["coins_not_conserved", "encode_decode_round_trip"]
    with pytest.raises(ValueError, match="coins do not add up"):
        CoupCore.decode(bytes(raw))
    raw = bytearray(s.core.encode())
    raw[1 + 21] += 1                             # the deck's duke count + 1: 16 cards
    assert violations(CoupCore._decode_unchecked(bytes(raw))) == ["cards_not_conserved", "encode_decode_round_trip"]


# --- encode / decode ------------------------------------------------------------------------------------
def test_encode_decode_round_trip_on_visited_states():
    rnd = random.Random(3)
    for seed in range(40):
        s = new_game("coup", players=2 + seed % 5, seed=seed)
        while True:
            data = s.encode()
            back = CoupCore.decode(data)
            assert back == s.core and back.encode() == data
            assert decode_state(s.game, data).legal_moves() == s.legal_moves()
            if s.is_terminal():
                break
            s.apply_action(rnd.choice(s.legal_actions()))


@pytest.mark.parametrize("data,message", [
    (b"", "bytes"), (b"\xc1" + bytes(10), "bytes"), (b"\x00" * (CoupCore.state_size() + 1), "tag byte"),
    (None, "must be bytes"), ("text", "must be bytes"),
])
def test_decode_refuses_garbage_and_wrong_length(data, message):
    with pytest.raises(ValueError) as err:
        CoupCore.decode(data)
    assert message in str(err.value)


def test_decode_refuses_inconsistent_states():
    good = bytearray(new_game("coup", players=4, seed=1).encode())
    size = len(good)
    rnd = random.Random(0)
    refused = 0
    for _ in range(2000):
        raw = bytearray(good)
        i = rnd.randrange(1, size)
        raw[i] = rnd.randrange(256)
        if bytes(raw) == bytes(good):
            continue
        try:
            CoupCore.decode(bytes(raw))
        except ValueError as err:
            assert str(err).startswith("corrupt coup state: ")
            refused += 1
    assert refused > 1000                          # most single-byte corruptions are caught
    game = load_game("coup", players=3)
    with pytest.raises(StateError):
        decode_state(game, bytes(good))           # a 4-player state is not a 3-player game's


# --- determinization -------------------------------------------------------------------------------------
def public_and_private(state, seat):
    return state.game.public_info(state.core), state.game.private_info(state.core, seat)


def test_determinization_keeps_own_cards_and_everything_public():
    rnd = random.Random(5)
    for seed in range(60):
        s = new_game("coup", ruleset=["standard", "seed-th", "seed-he"][seed % 3], players=2 + seed % 5, seed=seed)
        while not s.is_terminal():
            if rnd.random() < 0.25:
                for seat in range(s.num_players):
                    d = s.determinize(seat, Rng(rnd.getrandbits(64)))
                    assert public_and_private(d, seat) == public_and_private(s, seat)
                    CoupCore.decode(d.encode())            # counts respected: a valid state
                    a, b = d.core.clone(), s.core.clone()
                    a.canonicalize(seat)
                    b.canonicalize(seat)
                    assert a == b                         # only hidden cards moved
                    assert d.legal_moves() == s.legal_moves() or d.current_player() != seat
            s.apply_action(rnd.choice(s.legal_actions()))


def chi_square(observed: Counter, expected: dict, n: int) -> float:
    return sum((observed.get(k, 0) - n * p) ** 2 / (n * p) for k, p in expected.items())


def test_determinization_is_uniform_over_consistent_deals_at_the_start():
    s = load_game("coup", players=2).new_initial_state()
    s.apply_action("deal 0 duke duke")
    s.apply_action("deal 1 captain contessa")
    info = s.information_state(0)
    # unseen by seat 0: 1 duke and 3 of every other role (13 cards); seat 1 holds 2 of them
    unseen = ["duke"] + [r for r in ("assassin", "captain", "ambassador", "contessa") for _ in range(3)]
    expected = Counter()
    for i in range(13):
        for j in range(13):
            if i != j:
                expected[tuple(sorted((unseen[i], unseen[j])))] += 1
    total = sum(expected.values())
    expected = {k: v / total for k, v in expected.items()}
    rng = Rng(77)
    n = 20000
    observed = Counter()
    from intrigue.engine.coup import ROLES
    for _ in range(n):
        d = info.determinize(rng)
        observed[tuple(sorted(ROLES[r] for r, _, _ in d.core.hand(1)))] += 1
        assert [r for r, _, _ in d.core.hand(0)] == [0, 0]
    assert set(observed) <= set(expected)
    # 13 classes -> 12 degrees of freedom; 32.9 is the 0.1% critical value
    assert chi_square(observed, expected, n) < 32.9


def test_determinization_is_uniform_mid_game_with_face_up_cards_and_a_hidden_exchange():
    s = load_game("coup", players=3).new_initial_state()
    for text in ("deal 0 duke captain", "deal 1 contessa assassin", "deal 2 ambassador captain"):
        s.apply_action(text)
    s.core.set_coins(0, 7)
    for text in ("coup 1", "reveal assassin", "exchange", "pass", "pass", "draw 1 duke contessa"):
        s.apply_action(text)
    assert s.decision().kind == "exchange" and s.current_player() == 1
    info = s.information_state(2)
    # seat 2 sees its own (ambassador, captain) and the face-up assassin: 12 unseen cards in
    # 3 places that matter (seat 0's two, seat 1's one face-down, seat 1's two drawn) + the deck.
    unseen = Counter({"duke": 3, "assassin": 2, "captain": 2, "ambassador": 2, "contessa": 3})
    cards = [r for r, k in unseen.items() for _ in range(k)]
    n_cards = len(cards)
    # exact distribution of seat 0's hand: two distinct physical cards out of 12
    expected = Counter()
    for i in range(n_cards):
        for j in range(n_cards):
            if i != j:
                expected[tuple(sorted((cards[i], cards[j])))] += 1
    total = sum(expected.values())
    expected = {k: v / total for k, v in expected.items()}
    from intrigue.engine.coup import ROLES
    rng = Rng(91)
    n = 20000
    observed = Counter()
    drawn_dukes = 0
    for _ in range(n):
        d = info.determinize(rng)
        observed[tuple(sorted(ROLES[r] for r, _, _ in d.core.hand(0)))] += 1
        drawn_dukes += d.core.drawn.count(0)
        assert [ROLES[r] for r, up, _ in d.core.hand(1) if up] == ["assassin"]
    assert chi_square(observed, expected, n) < 37.7          # 15 classes, 14 df, 0.1% critical value
    assert abs(drawn_dukes / (2 * n) - 3 / 12) < 0.01         # each drawn card is a duke 3 times in 12


def test_states_differing_only_in_opponent_cards_give_the_same_information_state():
    def dealt(h1):
        s = load_game("coup", players=3).new_initial_state()
        for text in ("deal 0 duke captain", f"deal 1 {h1}", "deal 2 ambassador ambassador"):
            s.apply_action(text)
        for text in ("income", "tax", "pass", "pass", "steal 1", "pass", "pass", "pass"):
            s.apply_action(text)
        return s
    a, b = dealt("contessa assassin"), dealt("duke captain")
    assert a.encode() != b.encode()
    for seat in (0, 2):
        assert a.information_state(seat) == b.information_state(seat)
        assert a.information_state(seat).key() == b.information_state(seat).key()
    assert a.information_state(1) != b.information_state(1)


def test_information_state_rebuilt_from_a_seats_view_matches_the_referees():
    rnd = random.Random(8)
    for seed in range(120):
        s = new_game("coup", ruleset=["standard", "seed-th", "seed-he"][seed % 3], players=2 + seed % 5, seed=seed)
        while not s.is_terminal():
            if rnd.random() < 0.2:
                for seat in range(s.num_players):
                    assert s.information_state(seat) == InfoState.from_view(s.game, seat, s.view(seat))
            s.apply_action(rnd.choice(s.legal_actions()))


def test_long_property_script_runs(capsys):
    from intrigue.engine.coup.check import main
    assert main(["--games", "1500", "--seed", "3"]) == 0
    out = capsys.readouterr().out
    assert "total: 1,500 games" in out and "0 violations" in out


def test_face_down_is_the_hand_less_lost_and_shown_cards():
    """``CoupCore.face_down`` (the roles a seat still holds hidden) against the full ``hand`` triples:
    a lost card (face up) and a card shown to prove a claim are not in it; a re-dealt hand is."""
    from intrigue.engine.coup import ROLES
    game = load_game("coup", "standard", 3)
    s = game.new_initial_state()
    for p, hand in enumerate(("duke captain", "contessa assassin", "ambassador duke")):
        s.apply_action(f"deal {p} {hand}")
    names = lambda p: sorted(ROLES[r] for r in s.core.face_down(p))
    assert [names(p) for p in range(3)] == [["captain", "duke"], ["assassin", "contessa"], ["ambassador", "duke"]]
    s.apply_action("tax")
    s.apply_action("challenge")                       # seat 1 challenges seat 0's Duke
    s.apply_action("reveal duke")                     # shown, waiting to go back to the deck
    assert names(0) == ["captain"]
    assert any(shown for _, _, shown in s.core.hand(0))
    s.apply_action("reveal assassin")                 # seat 1 loses the challenge: its assassin turns up
    assert names(1) == ["contessa"]
    for p in range(3):
        expect = [r for r, up, shown in s.core.hand(p) if r is not None and not up and not shown]
        assert s.core.face_down(p) == expect
