# cython: language_level=3
"""Kuhn poker's compact state: the smallest hidden-card game, kept as the example of how a game
plugs into intrigue (one kernel here, one package in ``engine/kuhn/``, one registry line) and as the
fixture the conformance suite proves that claim with.

N players (2 or 3) and a deck of N + 1 cards ranked 0..N; each antes one chip and is dealt one card
face down; then one betting round: in seat order each may ``pass`` or ``bet`` one chip until someone
bets, after which every other seat in turn ``call``s (``bet``) or ``fold``s (``pass``) once.  The best
card among the seats still in wins the pot.

The payoff is chips (a seat wins the pot less what it put in); the reward the search maximises is the
same chips scaled into [0, 1] by one map for every seat (``kuhn_returns``).
"""
from libc.stdint cimport int8_t, uint8_t, uint64_t

from intrigue.ext.game_api cimport KernelState, GameVT

cdef enum:
    KUHN_MAX_PLAYERS = 3
    KUHN_NO_CARD = -1
    KUHN_PASS = 0           # check, or fold after a bet
    KUHN_BET = 1            # bet, or call after a bet
    KUHN_DEAL = 2           # chance outcome: + card rank, dealt to `to_deal`
    KUHN_NUM_ACTIONS = 6    # 2 decisions + up to 4 cards
    KUHN_ANTE = 1           # chips each seat puts in before the deal
    KUHN_BET_SIZE = 1       # chips a bet or a call adds

cdef struct KuhnState:
    int8_t n                # players (2 or 3)
    int8_t cards[3]         # each seat's card rank, KUHN_NO_CARD before its deal
    int8_t to_deal          # the seat the next card goes to; n once everyone has a card
    int8_t turn             # the seat to act (while betting)
    int8_t bettor           # the seat that bet, -1 while nobody has
    int8_t acted            # decisions taken so far in the current pass round
    uint8_t folded          # bit s: seat s folded
    uint8_t paid            # bit s: seat s put a second chip in (bet or call)
    int8_t over             # 1 once the hand is decided

cdef GameVT KUHN_VT

cdef class KuhnCore(KernelState):
    cdef KuhnState st
