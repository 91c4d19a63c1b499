# cython: language_level=3
"""Leduc hold'em's compact state: the field's second standard poker benchmark (after Kuhn poker),
with the rules of OpenSpiel's ``leduc_poker``.

Two players and a deck of six cards, J Q K twice (two suits; suits never matter, so the kernel keeps
ranks only and the deck as what is left of each rank).  Each seat antes one chip and is dealt one
card face down.  Betting round 1 (raises of 2 chips), then one card is turned up for both (the public
card), then betting round 2 (raises of 4).  In each round seat 0 acts first, at most two raises are
made, and a seat may ``fold`` (only when facing a bet), ``call`` (a check when not facing one) or
``raise``.  A round ends on a call after each seat has acted.  If nobody folds the hands are shown
(two public chance events of one outcome each, seat 0 first): a private card that pairs the public
card wins, else the higher rank; equal ranks split the pot.

Action ids: 0 fold, 1 call, 2 raise (OpenSpiel's decision ids, so policies map one to one), and
``LEDUC_CARD + rank`` (3, 4, 5 for J, Q, K) for every chance outcome -- a private deal, the public
card, and a card shown at the showdown.

Rewards: ``returns`` are the chips a seat wins (+x) or loses (-x) scaled into [0, 1] by one affine
map for every seat, ``(chips + LEDUC_MAX_LOSS) / (LEDUC_MAX_LOSS + LEDUC_MAX_WIN)``: a split pot is
0.5 each, the biggest possible win (13 chips) is 1.
"""
from libc.stdint cimport int8_t

from intrigue.ext.game_api cimport KernelState, GameVT

cdef enum:
    LEDUC_PLAYERS = 2
    LEDUC_RANKS = 3             # J Q K
    LEDUC_COPIES = 2            # cards of each rank in the deck (the two suits)
    LEDUC_DECK = 6              # LEDUC_RANKS * LEDUC_COPIES
    LEDUC_NO_CARD = -1
    # decisions (OpenSpiel's ids)
    LEDUC_FOLD = 0              # give up the pot (only when facing a bet)
    LEDUC_CALL = 1              # match the other seat's chips; a check when they are level
    LEDUC_RAISE = 2             # put in what the other seat has plus the round's raise (a bet when level)
    # chance outcomes: LEDUC_CARD + rank (a deal, the public card or a card shown)
    LEDUC_CARD = 3
    LEDUC_NUM_ACTIONS = 6       # 3 decisions + 3 ranks
    LEDUC_MAX_LEGAL = 3         # at most 3 decisions or 3 ranks at one node
    # chips
    LEDUC_ANTE = 1
    LEDUC_RAISE_ROUND1 = 2
    LEDUC_RAISE_ROUND2 = 4
    LEDUC_MAX_RAISES = 2        # raises per betting round
    # the most a seat can lose (ante + two raises in each round) or win (what the other lost)
    LEDUC_MAX_LOSS = 13         # LEDUC_ANTE + LEDUC_MAX_RAISES * (LEDUC_RAISE_ROUND1 + LEDUC_RAISE_ROUND2)
    LEDUC_MAX_WIN = 13
    # phases
    LEDUC_PH_DEAL = 0           # private cards being dealt (chance, seen by the receiver only)
    LEDUC_PH_BET = 1            # a betting round
    LEDUC_PH_PUBLIC = 2         # the public card is due (chance, seen by both)
    LEDUC_PH_SHOW = 3           # showdown: the next seat shows its card (chance of one outcome, public)
    LEDUC_PH_OVER = 4           # the hand is decided

cdef struct LeducState:
    int8_t cards[2]             # each seat's private rank (0 J, 1 Q, 2 K), LEDUC_NO_CARD before its deal
    int8_t public               # the public card's rank, LEDUC_NO_CARD before it is turned up
    int8_t phase                # LEDUC_PH_*
    int8_t round                # the betting round: 0 (raises of 2) or 1 (raises of 4)
    int8_t turn                 # the seat to act while betting
    int8_t raises               # raises made in the current round
    int8_t acted                # decisions taken in the current round
    int8_t stake[2]             # chips each seat has put in the pot, its ante included
    int8_t folded               # the seat that folded, -1 if nobody did
    int8_t shown                # seats that have shown their card at the showdown (they show in seat order)

cdef GameVT LEDUC_VT

cdef class LeducCore(KernelState):
    cdef LeducState st
