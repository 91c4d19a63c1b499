"""Leduc hold'em against OpenSpiel's ``leduc_poker``, the reference implementation of the game: seeded
random hands played in lockstep in both, with the same legal decisions everywhere, the same chance
odds, the same chips at the end, and the same information sets (two positions are one information
set of a seat in OpenSpiel exactly when they are one information state in intrigue).  OpenSpiel comes
with the ``test`` extra."""
from __future__ import annotations

from collections import defaultdict

import pytest

import pyspiel  # noqa: E402  (OpenSpiel comes with the test extra)

from intrigue.engine import load_game  # noqa: E402
from intrigue.ext.game_api import Rng  # noqa: E402
from intrigue.ext.leduc_core import Action, CARD, MAX_LOSS, MAX_WIN  # noqa: E402

SUITS = 2


def _rank(card: int) -> int:
    """OpenSpiel's card id -> its rank (0 J, 1 Q, 2 K)."""
    return card // SUITS


def _lockstep(rng: Rng, seen: dict, iso: bool) -> None:
    """One hand in both.  OpenSpiel's default game deals card ids (two suits per rank), its
    ``suit_isomorphism`` variant ranks, as intrigue does.  ``seen`` maps each OpenSpiel
    information-state string to intrigue's information state (one OpenSpiel set is never two intrigue
    states) and, for the variant dealing ranks, back (one to one)."""
    game = load_game("leduc")
    ours = game.new_initial_state()
    theirs = pyspiel.load_game("leduc_poker", {"suit_isomorphism": iso}).new_initial_state()
    while not theirs.is_terminal():
        if theirs.is_chance_node():
            if ours.decision().kind == "show":
                pytest.fail("intrigue shows cards before OpenSpiel's hand is over")
            by_rank = defaultdict(list)
            for card, p in theirs.chance_outcomes():
                by_rank[card if iso else _rank(card)].append((card, p))
            outs = ours.chance_outcomes()
            assert [a - CARD for a, _ in outs] == sorted(by_rank)
            for a, p in outs:
                assert p == pytest.approx(sum(q for _, q in by_rank[a - CARD]))
            a = outs[rng.below(len(outs))][0]
            ours.apply_action(a)
            cards = by_rank[a - CARD]
            theirs.apply_action(cards[rng.below(len(cards))][0])
            continue
        seat = theirs.current_player()
        assert ours.current_player() == seat
        assert ours.legal_actions() == theirs.legal_actions()
        key = ours.information_state(seat).key()
        text = theirs.information_state_string(seat)
        assert seen.setdefault(("os", iso, text), key) == key, "one OpenSpiel information set, two intrigue states"
        if iso:
            assert seen.setdefault(("ours", key), text) == text, "one intrigue information state, two OpenSpiel sets"
        legal = ours.legal_actions()
        a = legal[rng.below(len(legal))]
        ours.apply_action(a)
        theirs.apply_action(a)
    while ours.is_chance_node():                  # the showdown: both cards shown, nothing else happens
        assert ours.decision().kind == "show"
        ours.apply_action(ours.chance_outcomes()[0][0])
    assert ours.is_terminal()
    chips = theirs.returns()
    assert ours.result().scores == tuple(chips)
    assert ours.returns() == pytest.approx([(c + 13) / 26 for c in chips])


@pytest.mark.parametrize("iso", [False, True], ids=["card ids", "ranks"])
def test_random_hands_in_lockstep_with_openspiel(iso):
    rng = Rng(48)
    seen: dict = {}
    for _ in range(3000):
        _lockstep(rng, seen, iso)
    compared = sum(1 for k in seen if k[0] == "os")
    # most of the game's information sets were compared: 936 with card ids, 288 with ranks
    assert compared > (250 if iso else 750), compared


def test_the_game_bounds_match_openspiel():
    og = pyspiel.load_game("leduc_poker")
    assert (og.min_utility(), og.max_utility()) == (-MAX_LOSS, MAX_WIN)
    assert og.num_distinct_actions() == 3 and Action.FOLD == 0 and Action.CALL == 1 and Action.RAISE == 2
