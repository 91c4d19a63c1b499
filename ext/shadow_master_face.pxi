# The Python face: the ShadowMasterCore class, the board's Python helpers and the enums Python sees.
# Included by shadow_master_core.pyx.


# --- Python face ----------------------------------------------------------------------------------------------------
cdef class ShadowMasterCore(KernelState):
    """One Shadow Master state.  Thin: the rules live in the C functions above.

    ``ShadowMasterCore(n, ...)`` is a new game before the deal; most code goes through
    :mod:`intrigue.engine.shadow_master` instead, which checks options and speaks the notation.
    """

    def __cinit__(self):
        self.vt = &SM_VT
        self.ptr = &self.st

    def __init__(self, int n=4, bint territory_combo=True, bint power_combos=True, bint persons=True,
                 bint castles=True, int alliance_spaces=1, int max_rounds=30, int search_abstraction=0,
                 int search_rollout=0):
        if not 3 <= n <= 6:
            raise ValueError(f"Shadow Master is for 3 to 6 players, not {n}")
        if alliance_spaces not in (1, 2) or not 1 <= max_rounds <= 250:
            raise ValueError("alliance_spaces must be 1 or 2 and max_rounds 1..250")
        if not 0 <= search_abstraction <= ABS_ALL:
            raise ValueError(f"search_abstraction must be 0..{ABS_ALL} (bits: 1 money, 2 removal order, 4 cells)")
        if search_rollout not in (0, 1):
            raise ValueError("search_rollout must be 0 (rule of thumb) or 1 (heuristic bot)")
        sm_init(&self.st, n, territory_combo, power_combos, persons, castles, alliance_spaces, max_rounds)
        self.st.opt_abstraction = search_abstraction
        self.st.opt_rollout = search_rollout

    @property
    def rolled(self):
        """1 if the colour of this turn's use came from a roll."""
        return self.st.rolled

    def place_targets(self, int p, int c):
        """Cells where seat p could put one token of colour c now if it held their Territory card
        (the public half of the placement rules: the cell takes the token, supply and money suffice)."""
        out = []
        if self.st.supply[c] < 1 or total_money(&self.st, p) < place_cost(&self.st, p, c, 1):
            return out
        for h in range(NCELLS):
            if self.st.loc[h] != LOC_OFF and cell_takes(&self.st, h, c, 1):
                out.append(h)
        return out

    def hidden_count(self, int p):
        """Territory cards of p that the other seats cannot name (blind draws, X included)."""
        cdef int h, k = self.st.x_hand[p] - self.st.x_known[p]
        for h in range(NCELLS):
            if self.st.loc[h] == LOC_HAND + p and not self.st.known[h]:
                k += 1
        return k

    def set_search_world(self, bint on=True):
        """Switch this state's search abstractions on (as the search's belief hook does in its
        worlds: ``abs_on = opt_abs``) or off; for tests and analysis."""
        self.st.abstraction_on = self.st.opt_abstraction if on else 0

    def belief_sample(self, int seat, table, int samples=200, seed=0):
        """Run the belief chain from this state (after a uniform re-deal) and count, per seat and
        Territory card type, in how many of ``samples`` sweeps that seat holds the card hidden from
        ``seat``: ``counts[q][t]`` (a list of MAXP lists of NCARDT ints)."""
        cdef double tab[BELIEF_SIZE]
        cdef SMState w
        cdef uint64_t rng = <uint64_t>(int(seed) & 0xFFFFFFFFFFFFFFFF)
        cdef int i, h, q
        if len(table) != BELIEF_SIZE:
            raise ValueError(f"the belief table has {BELIEF_SIZE} weights")
        for i in range(BELIEF_SIZE):
            tab[i] = float(table[i])
        counts = [[0] * NCARDT for _ in range(MAXP)]
        w = self.st
        sm_determinize(&w, seat, &rng)
        for i in range(samples):
            sm_belief_step(&w, seat, tab, &rng)
            for h in range(NCELLS):
                if w.loc[h] >= LOC_HAND and not w.known[h] and w.loc[h] - LOC_HAND != seat:
                    counts[w.loc[h] - LOC_HAND][h] += 1
            for q in range(w.n):
                if q != seat:
                    counts[q][XCARD] += w.x_hand[q] - w.x_known[q]
        return counts

    # read-only views of the struct for the engine layer (notation, display, tests) ---------------------
    @property
    def phase(self):
        return self.st.phase

    @property
    def asked(self):
        return self.st.asked

    @property
    def active(self):
        return self.st.active

    @property
    def draw_for(self):
        return self.st.draw_for

    @property
    def cur_col(self):
        return self.st.use_colour

    @property
    def theron_src(self):
        return self.st.theron_src

    @property
    def tr_from(self):
        return self.st.transfer_from

    @property
    def tr_to(self):
        return self.st.transfer_to

    @property
    def round(self):
        return self.st.round

    @property
    def first_player(self):
        return self.st.first_player

    @property
    def board(self):
        return self.st.board

    @property
    def over(self):
        return bool(self.st.over)

    def candidates(self):
        """The listed attack targets: ``[(kind, cell, removals)]``, kind 0 capture, 1 battle, 2 siege."""
        return [(self.st.cand_type[i], self.st.cand_cell[i], self.st.cand_removals[i]) for i in range(self.st.n_cand)]

    def cells(self):
        """``[(colour code, tokens, castle piece or -1)]`` per cell id; colour 0-5, 6 black, 7 empty, 8 off."""
        return [(self.st.colour[h], self.st.tokens[h], self.st.castle[h] - 1) for h in range(NCELLS)]

    def received(self):
        return [bool(self.st.received[h]) for h in range(NCELLS)]

    def ranks(self):
        return [self.st.rank[c] for c in range(NCOL)]

    def supply(self):
        return [self.st.supply[c] for c in range(NCOL)]

    def alliance(self):
        return [self.st.alliance[c] for c in range(NCOL)]

    def row(self):
        return [(self.st.row[i], self.st.row_silver[i]) for i in range(self.st.row_len)]

    def hand_cards(self, int p):
        """Seat p's Territory cards, types ascending (X = 70 repeated) -- hidden information!"""
        out = [h for h in range(NCELLS) if self.st.loc[h] == LOC_HAND + p]
        return out + [XCARD] * self.st.x_hand[p]

    def known_cards(self, int p):
        """Seat p's cards that everyone knows about (taken from the open row)."""
        out = [h for h in range(NCELLS) if self.st.loc[h] == LOC_HAND + p and self.st.known[h]]
        return out + [XCARD] * self.st.x_known[p]

    def hand_size(self, int p):
        return self.st.hand_size[p]

    def draw_size(self):
        return self.st.draw_size

    def discard_pile(self):
        out = [h for h in range(NCELLS) if self.st.loc[h] == LOC_DISCARD]
        return out + [XCARD] * self.st.x_disc

    def power(self, int p):
        """``{(colour, type): count}`` of seat p's Power cards (public)."""
        return {(c, t): self.st.power[p][c][t] for c in range(NCOL) for t in range(NTYPES) if self.st.power[p][c][t]}

    def deck(self, int c):
        return [self.st.deck[c][t] for t in range(NTYPES)]

    def money(self, int p):
        """``(hand, [deposit per colour], pending receipts, debt)``."""
        return (self.st.hand_money[p], [self.st.deposit[p][c] for c in range(NCOL)], self.st.pending[p], self.st.debt[p])

    def total_money(self, int p):
        return total_money(&self.st, p)

    def power_limit(self, int p):
        return power_limit(&self.st, p)

    def territory_limit(self, int p):
        return territory_limit(&self.st, p)

    def income(self, int p):
        return sum(income_of(self.st.rank[c]) * cards_of_colour(&self.st, p, c) for c in range(NCOL))

    def score(self, int p):
        return score_of(&self.st, p)

    def persons(self):
        return [None if self.st.person[i] == NONE8 else self.st.person[i] for i in range(NPERSONS)]

    def castles(self):
        """``[(owner or None, cell or None)]`` per castle piece."""
        return [(None if self.st.castle_owner[i] == NONE8 else self.st.castle_owner[i],
                 None if self.st.castle_cell[i] == NONE8 else self.st.castle_cell[i]) for i in range(NCASTLES)]

    def alive(self, int p):
        return bool(self.st.alive[p])

    def elimination_order(self):
        return [self.st.elimination[p] for p in range(self.st.n)]

    def flags(self):
        return {"a6": bool(self.st.all_six), "b5": bool(self.st.five_blacks),
                "milestones": [None if self.st.milestone[i] == NONE8 else self.st.milestone[i]
                               for i in range(self.st.milestones)],
                "end_round": self.st.end_round or None, "black_supply": self.st.black_supply,
                "end_trigger": [None, "empty_cells", "rank_30", "two_supplies", "round_cap"][self.st.end_reason],
                "collapses": self.st.n_collapses,
                "transfer_used": [bool(self.st.transfer_used[p]) for p in range(self.st.n)],
                "exchanges_left": self.st.exchanges_left, "takes_left": self.st.takes_left,
                "reveals_left": self.st.reveals_left, "removals_left": self.st.removals_left,
                "dice": self.st.dice, "rolled": bool(self.st.rolled)}

    def bank_flow(self):
        """``(paid to the bank, paid by the bank)`` since the start (for the accounting check)."""
        return (self.st.bank_in, self.st.bank_out)

    def attack_cell(self):
        return self.st.attack_cell

    # scenario helpers for tests (they keep every conservation law) -------------------------------------
    def set_cell(self, int h, int colour, int count=1):
        """Put ``count`` tokens of ``colour`` (0-5; 6 black; 7 empty) on cell h, to or from supply."""
        if not (0 <= h < NCELLS) or self.st.colour[h] == OFF:
            raise ValueError(f"cell {h} is not on this board")
        old = self.st.colour[h]
        if old < NCOL:
            self.st.supply[old] += self.st.tokens[h]
        elif old == BLACK:
            self.st.black_supply += 1
        self.st.colour[h] = EMPTY
        self.st.tokens[h] = 0
        if colour < NCOL:
            if count < 1 or count > cell_cap(&self.st, h) or self.st.supply[colour] < count:
                raise ValueError("bad token count")
            self.st.colour[h] = colour
            self.st.tokens[h] = count
            self.st.supply[colour] -= count
        elif colour == BLACK:
            self.st.colour[h] = BLACK
            self.st.black_supply -= 1
        recompute_ranks(&self.st)
        for c in range(NCOL):
            self.st.was_on_board[c] = 1 if self.st.rank[c] > 0 else 0

    def set_castle(self, int h, int owner):
        """Stand a free castle piece, held by ``owner``, on cell h."""
        i = free_castle(&self.st)
        if i < 0:
            raise ValueError("no castle left")
        self.st.castle[h] = i + 1
        self.st.castle_cell[i] = h
        self.st.castle_owner[i] = owner

    def set_alliance(self, int c, int space):
        if self.st.alliance[c]:
            self.st.supply[c] += 1
        self.st.alliance[c] = space
        if space:
            self.st.supply[c] -= 1

    def give_card(self, int p, int t, bint known=False):
        """Move Territory card t (a cell id, or 70 for an X) from a pile or another hand to seat p."""
        if t == XCARD:
            if self.st.x_draw == 0 and self.st.x_disc == 0:
                raise ValueError("no X card in the piles")
            if self.st.x_draw == 0:
                self.st.x_disc -= 1
                self.st.x_draw += 1
                self.st.discard_size -= 1
                self.st.draw_size += 1
        elif not (0 <= t < NCELLS) or self.st.loc[t] == LOC_OFF:
            raise ValueError(f"card {t} is not in a pile or a hand")
        elif self.st.loc[t] >= LOC_HAND:
            self.st.hand_size[self.st.loc[t] - LOC_HAND] -= 1
            self.st.loc[t] = LOC_DRAW
            self.st.known[t] = 0
            self.st.draw_size += 1
        elif self.st.loc[t] == LOC_DISCARD:
            self.st.loc[t] = LOC_DRAW
            self.st.discard_size -= 1
            self.st.draw_size += 1
        take_from_draw(&self.st, t)
        card_to_hand(&self.st, p, t, known)

    def drop_card(self, int p, int t):
        """Seat p discards card t face up (no fee)."""
        if not has_card(&self.st, p, t):
            raise ValueError("not held")
        discard_card(&self.st, p, t)

    def give_power(self, int p, int c, int t):
        """Move a (colour, type) Power card from its deck to seat p."""
        if self.st.deck[c][t] == 0:
            raise ValueError("deck empty")
        self.st.deck[c][t] -= 1
        power_add(&self.st, p, c, t, 1)

    def set_money(self, int p, int hand, deposits=None):
        """Set p's hand and deposits; the difference comes from / goes to the bank (and is counted)."""
        before = total_money(&self.st, p)
        self.st.hand_money[p] = hand
        for c in range(NCOL):
            self.st.deposit[p][c] = 0 if deposits is None else int(deposits[c])
        delta = total_money(&self.st, p) - before
        if delta > 0:
            self.st.bank_out += delta
        else:
            self.st.bank_in -= delta

    def give_person(self, int i, int p):
        self.st.person[i] = p

    def set_flags(self, a6=None, round=None, end_round=None):
        if a6 is not None:
            self.st.all_six = 1 if a6 else 0
        if round is not None:
            self.st.round = round
        if end_round is not None:
            self.st.end_round = end_round


def neighbours(int board, int h):
    """Active neighbours of cell h on a board mask (0: 3 players, 1: 4, 2: 5-6)."""
    return [NEIGHBOUR[board][h][k] for k in range(N_NEIGHBOURS[board][h])]


def is_active(int board, int h):
    return bool(ACTIVE[board][h])


def is_edge(int board, int h):
    return bool(EDGE[board][h])


def distance(int a, int b):
    return cell_dist(a, b)


def income(int r):
    return income_of(r)


def damage(int n):
    return damage_of(n)


def dice_probability(int colours, int dice):
    return dice_prob(colours, dice)


# --- the enums Python sees ------------------------------------------------------------------------
# One source of truth: the C enums of shadow_master_core.pxd.  They are ``cpdef``, so Python sees each
# as an IntEnum of the C names (``_Phase.PH_USE``); the public enums drop the prefix (``Phase.USE``).
def _public_enum(name, c_enum, prefix, doc):
    """An IntEnum ``name`` with the members of the kernel's C enum ``c_enum``, ``prefix`` dropped."""
    out = IntEnum(name, [(m.name[len(prefix):], m.value) for m in c_enum], module=__name__)
    out.__doc__ = doc
    return out


Phase = _public_enum("Phase", _Phase, "PH_",
                     "What is due: a decision point, a chance event or the end (``ShadowMasterCore.phase``).")
P1Action = _public_enum("P1Action", _P1Action, "A_", "Phase 1 decision ids (MIL + colour, BLACK + cell).")
UseAction = _public_enum("UseAction", _UseAction, "U_", "Decision ids of the use of a colour (PLACE, COMBO, TURN + cell).")
ShadowAction = _public_enum("ShadowAction", _ShadowAction, "SH_", "Option C decision ids (PERSON + person, CASTLE + cell).")
ExchangeAction = _public_enum("ExchangeAction", _ExchangeAction, "EX_", "Phase 3 decision ids (DISCARD + card type).")
Abstraction = _public_enum("Abstraction", _Abstraction, "ABS_", "The search abstractions' bits (option search_abstraction).")
Target = _public_enum("Target", _Target, "CAND_", "Kinds of attack target (``ShadowMasterCore.candidates``).")
Cell = _public_enum("Cell", _Cell, "", "Cell codes beyond the colours 0-5 (``ShadowMasterCore.cells``).")
