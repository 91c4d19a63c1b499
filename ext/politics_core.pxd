# cython: language_level=3
"""The Politics Game's compact state (``docs/politics.md``, section 3): one fixed-size struct of bytes
(348 bytes), cloned with one memcpy.

Policy cards are six types, in the canonical order of the spec's section 16: ``H0 H1 H2 C1 C2 C3``
(0..5; corrupt iff ``type >= 3``; bags = ``type`` for ``H``, ``type - 2`` for ``C``).  Every place a
policy card can be -- a hand, the draw pile, the discard pile, the face-down table -- is a multiset
(a count per type): no one ever observes the order of a pile or of the shuffled table, so drawing
from counts is the same game as drawing the top card of a shuffled pile, and turning up "a random
face-down card" is drawing from the table's counts.  Backroom cards are four types
(``media coup dealbreak block``), also held as counts.

Besides the cards the struct keeps what each seat privately *knows* about hidden cards (its own
proposed cards this round, which face-down discards it saw go by), because determinization and
canonicalization must respect it; see ``politics_hidden.pxi``.

The named enums below are ``cpdef``: Python sees each as an ``IntEnum`` of its C names
(``_Phase.PH_VOTE``), and ``politics_core`` offers them without the prefix (``Phase.VOTE``,
``Action.PASS``), so the numbers are written here only.
"""
from libc.stdint cimport uint8_t, uint16_t, uint64_t

from intrigue.ext.game_api cimport KernelState, GameVT

cpdef enum:
    NTYPES = 6            # policy card types H0 H1 H2 C1 C2 C3
    NBR = 4               # backroom card types
    MAXP = 8              # most players
    NONE = 255            # no seat / no card in a byte field
    CARDS_PER_TYPE = 8    # policy cards of each type (48 in all)
    BELIEF_PAIRS = 28     # possible dark pairs at 8 players (fewer are used at 6, 7)
    BELIEF_TABLE_SIZE = 64   # pair weights for the searching seat's chain, then for the public chain,
                             # then per seat the table's belief that it is dark (-> PolState.focal)
    NUM_PHASES = 28       # phases are 0 .. NUM_PHASES - 1
    NUM_DECISIONS = 172   # decision ids are 0 .. NUM_DECISIONS - 1, chance outcome ids follow
    NUM_ACTIONS = 698     # the size of the action id space

cpdef enum _Backroom:  # backroom card types (Python: Backroom.MEDIA ...)
    BR_MEDIA = 0
    BR_COUP = 1
    BR_DEALBREAK = 2
    BR_BLOCK = 3

cdef enum:
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

cpdef enum _Phase:  # decision points and chance nodes (the kernel's phase is the kind of decision)
    PH_ROLES = 0          # chance: the dark pair (seen by no one)
    PH_TELL = 1           # chance, one outcome: `asked` learns its role (and partner)
    PH_DEAL = 2           # chance: one policy card to `asked` (setup)
    PH_BRDEAL = 3         # chance: one backroom card to `asked`
    PH_LEADER = 4         # chance: the drawn leader
    PH_COUP = 5           # COUP window: `asked` plays or passes
    PH_INVITE = 6         # the leader invites a player (with an offer and a JOIN contract)
    PH_ANSWER_INVITE = 7  # the invitee accepts or declines
    PH_OFFER = 8          # offer a HOLD / PROBE contract or not
    PH_ANSWER_CONTRACT = 9   # the counterparty accepts or declines the contract
    PH_DEALBREAK = 10     # DEALBREAK window
    PH_BLOCK = 11         # BLOCK window
    PH_PROPOSE = 12       # a member places two of its three policy cards
    PH_LOOK = 13          # chance, one outcome: the leader sees the 6 table faces
    PH_OPP = 14           # opposition action
    PH_INSPECT = 15       # chance: the face-down card turned up
    PH_MEDIA = 16         # MEDIA window
    PH_DRAW = 17          # chance: one policy card to `asked` (WITHDRAW, refill)
    PH_WDISCARD = 18      # the withdrawing player discards two cards
    PH_LDISCARD = 19      # the leader may discard one passed card
    PH_REVEAL = 20        # chance, one outcome: the passed policies turned face up
    PH_FAILDRAW = 21      # the failed leader's backroom draw
    PH_RESOLVE = 22       # keep or break a contract
    PH_VOTE = 23          # hidden lie-catch vote
    PH_VOTE_REVEAL = 24   # chance, one outcome: `asked`'s vote is shown
    PH_ROLE_REVEAL = 25   # chance, one outcome: `asked`'s role is shown
    PH_FINAL_ROLES = 26   # chance, one outcome: every role is shown, then scoring
    PH_OVER = 27          # the game is over

cpdef enum _Action:  # decision ids (the meaning depends on the phase; docs/politics.md, section 2)
    A_PASS = 0            # window pass, opposition PASS
    A_PLAY = 1            # play the window's COUP / DEALBREAK / BLOCK
    A_MEDIA = 2           # + card type: MEDIA flips a revealed card of that type
    A_ACCEPT = 8          # accept an invitation or a contract
    A_DECLINE = 9         # decline it
    A_INVITE = 10         # + 12(o-1) + 3 offer + j   (o = seat offset 1..7, offer 0..3, j 0 / JOIN(1) / JOIN(2))
    A_NO_CONTRACT = 94    # offer no contract
    A_CONTRACT = 95       # + 14 t + 2(o-1) + (k-1)   (t 0 HOLD / 1 PROBE, o 1..7, k 1..2)
    A_PROPOSE = 123       # + the type kept (the other two are placed)
    A_INSPECT = 129       # opposition: turn up a face-down table card
    A_WITHDRAW = 130      # opposition: draw two, then discard two
    A_DEAL = 131          # opposition: buy a backroom card
    A_WDISCARD = 132      # + index of the discarded pair of types (21 pairs)
    A_NO_DISCARD = 153    # the leader keeps every passed card
    A_LDISCARD = 154      # + type of the passed card the leader discards
    A_NO_BUY = 160        # the failed leader draws no backroom card
    A_BUY = 161           # ... pays 1 INF for one
    A_KEEP = 162          # keep a met contract
    A_BREAK = 163         # break it
    A_ABSTAIN = 164       # lie-catch: no vote
    A_VOTE = 165          # + seat offset - 1 (1..7)

cpdef enum _Chance:  # chance outcome ids, after the decisions (the meaning depends on the phase)
    C_ROLES = 172         # + dark pair index (a < b: a + b(b-1)/2)
    C_HONEST = 200        # PH_TELL / PH_ROLE_REVEAL: honest
    C_DARK = 201          # PH_TELL: + partner seat;  PH_ROLE_REVEAL: C_DARK itself
    C_CARD = 209          # + policy type (deal, draw, inspection)
    C_BR = 215            # + backroom type
    C_LEADER = 219        # + seat
    C_MULTI = 227         # + multiset index (LOOK: 6 cards; REVEAL: the passed cards)
    C_VOTE = 689          # + target seat; C_VOTE + 8 = abstained

cdef enum:  # what follows a reaction window or a draw (PolState.window_then / draw_then)
    THEN_NOTHING = 0
    THEN_ATTEMPT = 1      # the COUP window closed: the formation attempt starts
    THEN_INVITE = 2       # the JOIN contract's DEALBREAK window closed: invitations go on
    THEN_PROPOSE = 3      # a Phase 2 contract's window closed: the member proposes
    THEN_OPPOSITION = 4   # a Phase 3 contract's window closed: the opposition player acts
    THEN_INSPECT = 5      # the inspection's MEDIA window closed: the inspection is scored
    THEN_GAINS = 6        # the Phase 4 MEDIA window closed: the government's gains
    DRAW_SETUP = 7        # the deal of the policy hands
    DRAW_BACKROOM_SETUP = 8   # the deal of the backroom hands
    DRAW_WITHDRAW = 9     # a WITHDRAW's two draws
    DRAW_REFILL = 10      # Phase 5 refill
    DRAW_DEAL = 11        # an opposition DEAL
    DRAW_BUY = 12         # the failed leader's bought backroom card

cdef struct PolState:
    # rules (part of the state, so a state is self-contained)
    uint8_t n                 # players
    uint8_t nrounds           # rounds in the game (11 full, 6 half)
    uint8_t backroom          # 1: the backroom module (cards, windows, DEAL)
    uint8_t contracts         # 1: power contracts (JOIN, HOLD, PROBE)
    uint8_t awards            # 1: the seven end-of-game awards
    uint8_t max_invitations   # invitations per formation attempt
    # progress
    uint8_t phase             # PH_*: the decision or chance event due
    uint8_t asked             # who decides now, or whom a chance event concerns
    uint8_t round             # rounds completed
    uint8_t fails             # failed governments f
    uint8_t crisis            # the game ended in a crisis of faith
    uint8_t roles_public      # every role shown (end of game)
    # the current formation attempt / government
    uint8_t drawn             # the drawn leader (COUP refund)
    uint8_t leader            # the leader of the attempt / government, NONE
    uint8_t partner1          # the first invitee who accepted, NONE
    uint8_t partner2          # the second, NONE
    uint8_t offer1            # INF the leader offered partner 1
    uint8_t offer2            # ... and partner 2
    uint8_t accepted          # invitations accepted in this attempt (0..2)
    uint8_t accepted_offers   # INF offered in the accepted invitations
    uint8_t invitations       # invitations made in this attempt
    uint8_t formed            # the government formed this round
    uint8_t failed_gov        # the government failed (inspections turned up 2 corrupt cards)
    uint8_t looked            # the leader has seen the table faces
    uint8_t cursor            # member index in Phase 2, seat in refill / votes / setup
    uint8_t actor             # the opposition player whose Phase 3 turn it is
    uint8_t draw_then         # DRAW_*: what the draw in progress is for
    uint8_t draws_left        # WITHDRAW draws still due
    uint8_t offer_phase       # 2 / 3: the phase of the contract offer in progress
    uint8_t contract_slot     # Phase 5: the next contract slot to resolve
    # pending invitation and contract offer
    uint8_t invitee           # the invited seat awaiting its answer, NONE
    uint8_t invite_offer      # INF offered with the invitation (0..3)
    uint8_t invite_join       # the JOIN contract offered with it: 0 none, k = JOIN(k)
    uint8_t offer_template    # T_HOLD / T_PROBE of the contract offered, 0 none
    uint8_t offer_creator     # who offers it, NONE
    uint8_t offer_counterparty    # to whom, NONE
    uint8_t offer_amount      # its INF amount k (1..2)
    # contract slots A, B
    uint8_t contract_template[2]      # T_JOIN / T_HOLD / T_PROBE, 0 = empty slot
    uint8_t contract_creator[2]       # the seat that offered it (pays when it keeps it)
    uint8_t contract_counterparty[2]  # the seat that accepted it
    uint8_t contract_amount[2]        # its INF amount k
    uint8_t contract_status[2]        # CS_*
    # reaction window (one at a time; BLOCK replaces the window it answers)
    uint8_t window            # PH_COUP / PH_MEDIA / PH_DEALBREAK / PH_BLOCK, 0 = none
    uint8_t window_from       # the order starts at window_from + 1
    uint8_t window_offset     # next offset to consider (1..n)
    uint8_t window_skip1      # a seat the window does not ask (the card's player, the contract's sides), NONE
    uint8_t window_skip2      # another, NONE
    uint8_t window_then       # THEN_*: what follows the window
    uint8_t media_phase       # MEDIA: 3 = Phase 3 (the last inspected card), 4 = Phase 4 (passed cards)
    uint8_t dealbreak_slot    # DEALBREAK: the contract slot
    uint8_t blocked_card      # the card whose BLOCK window is open (PH_COUP / PH_MEDIA / PH_DEALBREAK)
    uint8_t card_player       # who played that card, NONE
    uint8_t media_target      # MEDIA: the type flipped, NONE
    # lie-catch
    uint8_t vote_round        # 1, 2 while voting
    uint8_t silence           # exposed DARK players lose their vote 2 (crisis)
    uint8_t voted             # bit mask: who committed a vote in this vote
    uint8_t vote[8]           # committed target, NONE = abstained
    # players
    uint8_t flags[8]          # F_* per seat
    uint8_t inf[8]            # INF coins
    uint8_t leg[8]            # LEG coins (the honest side's)
    uint8_t und[8]            # UND coins (the dark side's)
    uint8_t hon[8]            # HON tokens (contracts kept)
    uint8_t bet[8]            # BET tokens (contracts broken)
    uint8_t gov_ok[8]         # governments served in that did not fail (award counter)
    uint8_t gov_failed[8]     # governments served in that failed (award counter)
    uint8_t joined[8]         # governments joined as a partner (award counter)
    uint8_t caught[8]         # corrupt cards turned up by own inspections (award counter)
    uint16_t score[8]         # section 11 totals, set at the end
    # cards
    uint8_t hand[8][6]            # policy hands (counts per type)
    uint8_t backroom_hand[8][4]   # backroom hands (counts per type)
    uint8_t pile[6]               # policy draw pile
    uint8_t discard[6]            # policy discard pile (all of it)
    uint8_t discard_public[6]     # ... the part that went there face up
    uint8_t discard_known[8][6]   # ... face-down cards each seat knows are there (until a reshuffle)
    uint8_t table_down[6]         # face-down table cards
    uint8_t leader_discard        # the leader's Phase 4 discard (a type), NONE
    uint8_t n_revealed            # table cards turned face up this round
    uint8_t revealed[6]           # ... in order (type | R_*)
    uint8_t proposed[3][2]        # the two cards each member placed this round (NONE: unknown here)
    uint8_t backroom_pile[4]      # backroom draw pile
    uint8_t backroom_played[4]    # played backroom cards (public)
    # not part of the game: what the rollout policy's players believe
    uint8_t focal[8]          # per seat: the table's belief that it is dark (255 = certain), set by
                              # belief_step from the belief table or by a caller; all 0 = no belief
                              # (the rollout policy then reads public traces)


cdef inline bint is_chance_phase(int ph) noexcept nogil:
    """Whether the phase is a chance event (else a decision, or the end)."""
    return (ph == PH_ROLES or ph == PH_TELL or ph == PH_DEAL or ph == PH_BRDEAL or ph == PH_LEADER
            or ph == PH_LOOK or ph == PH_INSPECT or ph == PH_DRAW or ph == PH_REVEAL
            or ph == PH_VOTE_REVEAL or ph == PH_ROLE_REVEAL or ph == PH_FINAL_ROLES)


cdef GameVT POLITICS_VT

# the rules (politics_core.pyx)
cdef void pol_init(PolState* s, int n, int nrounds, int backroom, int contracts, int awards,
                   int max_invitations) noexcept nogil
cdef int pol_current_player(const PolState* s) noexcept nogil
cdef int pol_legal(const PolState* s, int* out) noexcept nogil
cdef void pol_apply(PolState* s, int a) noexcept nogil
cdef double pol_chance_probability(const PolState* s, int a) noexcept nogil
cdef int pol_sample_chance(PolState* s, uint64_t* rng) noexcept nogil
cdef long long pol_random_playout(PolState* s, uint64_t* rng) noexcept nogil
cdef void pol_playout(PolState* s, uint64_t* rng) noexcept nogil
# hidden information (politics_hidden.pxi)
cdef void pol_determinize(PolState* s, int seat, uint64_t* rng) noexcept nogil
cdef void pol_canonicalize(PolState* s, int seat) noexcept nogil
cdef const char* pol_validate(const PolState* s) noexcept nogil
# the policy (politics_policy.pxi)
cdef void pol_policy_probs(const PolState* s, const int* legal, int n, double* out) noexcept nogil
cdef int pol_policy_action(PolState* s, uint64_t* rng) noexcept nogil
cdef long long pol_policy_playout(PolState* s, uint64_t* rng) noexcept nogil
# the belief hooks (politics_belief.pxi)
cdef int pol_impose_pair(PolState* s, int seat, int k) noexcept nogil
cdef void pol_belief_step(PolState* s, int seat, const double* table, uint64_t* rng) noexcept nogil
cdef int pol_hyp_likelihood(const PolState* s, int a, double have, double eps, double* out) noexcept nogil

cdef class PoliticsCore(KernelState):
    cdef PolState st          # the game state (what encode() writes after the magic byte)
