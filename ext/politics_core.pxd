# cython: language_level=3
"""The Politics Game's compact state (``../shared/rules/politics.md``): one fixed-size struct of
bytes (about 330 bytes), cloned with one memcpy.

Policy cards are six types, in the canonical order of the spec's section 16: ``H0 H1 H2 C1 C2 C3``
(0..5; corrupt iff ``type >= 3``; bags = ``type`` for ``H``, ``type - 2`` for ``C``).  Every place a
policy card can be -- a hand, the draw pile, the discard pile, the face-down table -- is a multiset
(a count per type): no one ever observes the order of a pile or of the shuffled table, so drawing
from counts is the same game as drawing the top card of a shuffled pile, and turning up "a random
face-down card" is drawing from the table's counts.  Backroom cards are four types
(``media coup dealbreak block``), also held as counts.

Besides the cards the struct keeps what each seat privately *knows* about hidden cards (its own
proposed cards this round, which face-down discards it saw go by), because determinization and
canonicalization must respect it; see ``politics_core.pyx``.
"""
from libc.stdint cimport uint8_t, uint16_t, uint64_t

from intrigue.ext.game_api cimport KernelState, GameVT

cdef enum:
    NTYPES = 6            # policy card types H0 H1 H2 C1 C2 C3
    NBR = 4               # backroom card types
    MAXP = 8
    NONE = 255
    CARDS_PER_TYPE = 8
    BELIEF_PAIRS = 28     # possible dark pairs at 8 players (fewer are used at 6, 7)
    BELIEF_TABLE_SIZE = 64   # pair weights for the searching seat's chain, then for the public chain,
                             # then per seat the table's belief that it is dark (-> PolState.focal)

    BR_MEDIA = 0
    BR_COUP = 1
    BR_DEALBREAK = 2
    BR_BLOCK = 3

    # per-player flags
    F_RIGHT = 1           # holds a right to lead
    F_TRIED = 2           # led an attempt (or could not pay the fee) this round
    F_BARRED = 4          # failed to form a government this round
    F_ACTED = 8           # took a Phase 3 action this round
    F_INVITED = 16        # invited in the current formation attempt
    F_INSPECTED = 32      # inspected this round (HOLD / PROBE conditions)
    F_DARK = 64           # role (hidden information)
    F_REVEALED = 128      # role revealed by a lie-catch vote (public)

    # revealed table cards: type in the low 3 bits
    R_TYPE = 7
    R_INSPECTED = 8       # turned up by INSPECT (else: a passed policy revealed in Phase 4)
    R_FLIPPED = 16        # flipped by MEDIA: counts as the opposite type

    # contract templates and states
    T_JOIN = 1
    T_HOLD = 2
    T_PROBE = 3
    CS_ACTIVE = 0
    CS_CANCELLED = 1      # broken by DEALBREAK
    CS_LAPSED = 2         # JOIN of a failed attempt
    CS_DONE = 3           # resolved (kept, broken, or condition not met)

cdef enum:  # decision points and chance nodes (the kernel's phase is the kind of decision)
    PH_ROLES = 0          # chance: the dark pair (seen by no one)
    PH_TELL = 1           # chance, one outcome: `asked` learns its role (and partner)
    PH_DEAL = 2           # chance: one policy card to `asked` (setup)
    PH_BRDEAL = 3         # chance: one backroom card to `asked`
    PH_LEADER = 4         # chance: the drawn leader
    PH_COUP = 5           # COUP window: `asked` plays or passes
    PH_INVITE = 6
    PH_ANSWER_INVITE = 7
    PH_OFFER = 8          # offer a HOLD / PROBE contract or not
    PH_ANSWER_CONTRACT = 9
    PH_DEALBREAK = 10     # DEALBREAK window
    PH_BLOCK = 11         # BLOCK window
    PH_PROPOSE = 12
    PH_LOOK = 13          # chance, one outcome: the leader sees the 6 table faces
    PH_OPP = 14           # opposition action
    PH_INSPECT = 15       # chance: the face-down card turned up
    PH_MEDIA = 16         # MEDIA window
    PH_DRAW = 17          # chance: one policy card to `asked` (WITHDRAW, refill)
    PH_WDISCARD = 18
    PH_LDISCARD = 19
    PH_REVEAL = 20        # chance, one outcome: the passed policies turned face up
    PH_FAILDRAW = 21      # the failed leader's backroom draw
    PH_RESOLVE = 22       # keep or break a contract
    PH_VOTE = 23          # hidden lie-catch vote
    PH_VOTE_REVEAL = 24   # chance, one outcome: `asked`'s vote is shown
    PH_ROLE_REVEAL = 25   # chance, one outcome: `asked`'s role is shown
    PH_FINAL_ROLES = 26   # chance, one outcome: every role is shown, then scoring
    PH_OVER = 27
    NUM_PHASES = 28

cdef enum:  # action ids: decisions, then chance outcomes (meaning depends on the phase)
    A_PASS = 0            # window pass, opposition PASS
    A_PLAY = 1            # play the window's COUP / DEALBREAK / BLOCK
    A_MEDIA = 2           # + card type: MEDIA flips a revealed card of that type
    A_ACCEPT = 8
    A_DECLINE = 9
    A_INVITE = 10         # + 12(o-1) + 3 offer + j   (o = seat offset 1..7, offer 0..3, j 0 / JOIN(1) / JOIN(2))
    A_NO_CONTRACT = 94
    A_CONTRACT = 95       # + 14 t + 2(o-1) + (k-1)   (t 0 HOLD / 1 PROBE, o 1..7, k 1..2)
    A_PROPOSE = 123       # + the type kept (the other two are placed)
    A_INSPECT = 129
    A_WITHDRAW = 130
    A_DEAL = 131
    A_WDISCARD = 132      # + index of the discarded pair of types (21 pairs)
    A_NO_DISCARD = 153
    A_LDISCARD = 154      # + type of the passed card the leader discards
    A_NO_BUY = 160
    A_BUY = 161
    A_KEEP = 162
    A_BREAK = 163
    A_ABSTAIN = 164
    A_VOTE = 165          # + seat offset - 1 (1..7)
    NUM_DECISIONS = 172

    C_ROLES = 172         # + dark pair index (a < b: a + b(b-1)/2)
    C_HONEST = 200        # PH_TELL / PH_ROLE_REVEAL: honest
    C_DARK = 201          # PH_TELL: + partner seat;  PH_ROLE_REVEAL: C_DARK itself
    C_CARD = 209          # + policy type (deal, draw, inspection)
    C_BR = 215            # + backroom type
    C_LEADER = 219        # + seat
    C_MULTI = 227         # + multiset index (LOOK: 6 cards; REVEAL: the passed cards)
    C_VOTE = 689          # + target seat; C_VOTE + 8 = abstained
    NUM_ACTIONS = 698

cdef enum:  # continuations after a window / a draw
    K_NONE = 0
    K_ATTEMPT = 1
    K_INVITE = 2
    K_PROPOSE = 3
    K_OPP = 4
    K_INSPECT = 5
    K_GAINS = 6
    D_SETUP = 7
    D_BRSETUP = 8
    D_WITHDRAW = 9
    D_REFILL = 10
    D_DEAL = 11
    D_BUY = 12

cdef struct PolState:
    # rules (part of the state, so a state is self-contained)
    uint8_t n
    uint8_t nrounds
    uint8_t backroom
    uint8_t contracts
    uint8_t awards
    uint8_t max_inv
    # progress
    uint8_t phase
    uint8_t asked         # who decides now, or whom a chance event concerns
    uint8_t round         # rounds completed
    uint8_t fails         # failed governments f
    uint8_t crisis        # the game ended in a crisis of faith
    uint8_t roles_public  # every role shown (end of game)
    # the current formation attempt / government
    uint8_t drawn         # the drawn leader (COUP refund)
    uint8_t leader
    uint8_t p1
    uint8_t p2
    uint8_t offer1
    uint8_t offer2
    uint8_t acc_n
    uint8_t acc_sum
    uint8_t inv_n
    uint8_t formed
    uint8_t failed_gov
    uint8_t looked        # the leader has seen the table faces
    uint8_t cursor        # member index in Phase 2, seat in refill / votes / setup
    uint8_t actor         # the opposition player whose Phase 3 turn it is
    uint8_t dcont         # continuation of the draw in progress (D_*)
    uint8_t dleft         # WITHDRAW draws still due
    uint8_t ctx           # 2 / 3: the phase of the contract offer in progress
    uint8_t cslot         # Phase 5: the next contract slot to resolve
    # pending invitation and contract offer
    uint8_t pi_who
    uint8_t pi_offer
    uint8_t pi_join
    uint8_t pc_tpl
    uint8_t pc_x
    uint8_t pc_y
    uint8_t pc_k
    # contract slots A, B
    uint8_t ct_tpl[2]
    uint8_t ct_x[2]
    uint8_t ct_y[2]
    uint8_t ct_k[2]
    uint8_t ct_st[2]
    # reaction window (one at a time; BLOCK replaces the window it answers)
    uint8_t w_kind        # PH_COUP / PH_MEDIA / PH_DEALBREAK / PH_BLOCK, 0 = none
    uint8_t w_from        # the order starts at w_from + 1
    uint8_t w_idx         # next offset to consider (1..n)
    uint8_t w_ex1
    uint8_t w_ex2
    uint8_t w_cont        # K_*: what follows the window
    uint8_t w_media       # MEDIA: 3 = Phase 3 (the last inspected card), 4 = Phase 4 (passed cards)
    uint8_t w_slot        # DEALBREAK: the contract slot
    uint8_t e_kind        # the card whose BLOCK window is open (PH_COUP / PH_MEDIA / PH_DEALBREAK)
    uint8_t e_player
    uint8_t e_target      # MEDIA: the type flipped
    # lie-catch
    uint8_t vote_no       # 1, 2 while voting
    uint8_t silence       # exposed DARK players lose their vote 2 (crisis)
    uint8_t voted         # bit mask: who committed a vote in this vote
    uint8_t vote[8]       # committed target, NONE = abstained
    # players
    uint8_t flags[8]
    uint8_t inf[8]
    uint8_t leg[8]
    uint8_t und[8]
    uint8_t hon[8]
    uint8_t bet[8]
    uint8_t gov_ok[8]
    uint8_t gov_failed[8]
    uint8_t joined[8]
    uint8_t caught[8]
    uint16_t score[8]     # section 11 totals, set at the end
    # cards
    uint8_t hand[8][6]        # policy hands (counts per type)
    uint8_t br[8][4]          # backroom hands (counts per type)
    uint8_t pile[6]           # policy draw pile
    uint8_t disc[6]           # policy discard pile (all of it)
    uint8_t disc_pub[6]       # ... the part that went there face up
    uint8_t disc_known[8][6]  # ... face-down cards each seat knows are there (until a reshuffle)
    uint8_t tdown[6]          # face-down table cards
    uint8_t ldisc             # the leader's Phase 4 discard (a type), NONE
    uint8_t nrev
    uint8_t rev[6]            # table cards turned face up this round, in order (type | R_*)
    uint8_t prop[3][2]        # the two cards each member placed this round (NONE: unknown here)
    uint8_t br_pile[4]
    uint8_t br_gone[4]        # played backroom cards (public)
    # not part of the game: what the rollout policy's players believe
    uint8_t focal[8]          # per seat: the table's belief that it is dark (255 = certain), set by
                              # belief_step from the belief table or by a caller; all 0 = no belief
                              # (the rollout policy then reads public traces)

cdef GameVT POLITICS_VT

cdef void pol_init(PolState* s, int n, int nrounds, int backroom, int contracts, int awards,
                   int max_inv) noexcept nogil
cdef int pol_current_player(const PolState* s) noexcept nogil
cdef int pol_legal(const PolState* s, int* out) noexcept nogil
cdef void pol_apply(PolState* s, int a) noexcept nogil
cdef int pol_sample_chance(PolState* s, uint64_t* rng) noexcept nogil
cdef void pol_playout(PolState* s, uint64_t* rng) noexcept nogil
cdef void pol_determinize(PolState* s, int seat, uint64_t* rng) noexcept nogil
cdef void pol_canonicalize(PolState* s, int seat) noexcept nogil
cdef const char* pol_validate(const PolState* s) noexcept nogil
cdef int pol_impose_pair(PolState* s, int seat, int k) noexcept nogil
cdef void pol_belief_step(PolState* s, int seat, const double* table, uint64_t* rng) noexcept nogil
cdef void pol_policy_probs(const PolState* s, const int* legal, int n, double* out) noexcept nogil
cdef int pol_hyp_likelihood(const PolState* s, int a, double have, double eps, double* out) noexcept nogil

cdef class PoliticsCore(KernelState):
    cdef PolState st
