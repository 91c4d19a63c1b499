# The Python face: the PoliticsCore class, the struct layout and the enums Python sees.  Included by
# politics_core.pyx.


TYPES = ("H0", "H1", "H2", "C1", "C2", "C3")
BACKROOM = ("media", "coup", "dealbreak", "block")
_TEMPLATES = {T_JOIN: "join", T_HOLD: "hold", T_PROBE: "probe"}
_STATUS = {CS_ACTIVE: "active", CS_CANCELLED: "cancelled", CS_LAPSED: "lapsed", CS_DONE: "done"}


cdef inline object _seat(int v):
    return None if v == NONE else v


cdef class PoliticsCore(KernelState):
    """One Politics Game state.  Thin: the rules live in the C functions above.

    ``PoliticsCore(n, nrounds=11, backroom=True, contracts=True, awards=True, max_inv=4)`` is a new
    game before any chance event; most code should go through :mod:`intrigue.engine` instead, which
    checks options and speaks the notation.  The read-only views below include hidden information
    (hands, roles): the engine layer decides who may see them.
    """

    def __cinit__(self):
        self.vt = &POLITICS_VT
        self.ptr = &self.st

    def __init__(self, int n=6, int nrounds=11, bint backroom=True, bint contracts=True, bint awards=True,
                 int max_inv=4):
        if not 6 <= n <= MAXP:
            raise ValueError(f"the Politics Game is for 6 to 8 players, not {n}")
        if not 2 <= max_inv <= n - 1:
            raise ValueError(f"max_inv must be 2..{n - 1}")
        if not 1 <= nrounds <= 50:
            raise ValueError("nrounds must be 1..50")
        pol_init(&self.st, n, nrounds, backroom, contracts, awards, max_inv)

    # --- flow ---------------------------------------------------------------------------------
    @property
    def phase(self):
        return self.st.phase

    @property
    def asked(self):
        return _seat(self.st.asked)

    @property
    def round(self):
        """Rounds completed."""
        return self.st.round

    @property
    def nrounds(self):
        return self.st.nrounds

    @property
    def fails(self):
        return self.st.fails

    @property
    def crisis(self):
        return bool(self.st.crisis)

    @property
    def roles_public(self):
        return bool(self.st.roles_public)

    @property
    def leader(self):
        return _seat(self.st.leader)

    @property
    def drawn(self):
        return _seat(self.st.drawn)

    @property
    def partners(self):
        return [_seat(self.st.partner1), _seat(self.st.partner2)]

    @property
    def offers(self):
        return [self.st.offer1, self.st.offer2]

    @property
    def formed(self):
        return bool(self.st.formed)

    @property
    def failed_gov(self):
        return bool(self.st.failed_gov)

    @property
    def looked(self):
        return bool(self.st.looked)

    @property
    def actor(self):
        return _seat(self.st.actor)

    @property
    def members(self):
        """The government (leader, partner 1, partner 2) once formed this round, else []."""
        if not self.st.formed:
            return []
        return [self.st.leader, self.st.partner1, self.st.partner2]

    @property
    def rules(self):
        return dict(n=self.st.n, nrounds=self.st.nrounds, backroom=bool(self.st.backroom),
                    contracts=bool(self.st.contracts), awards=bool(self.st.awards), max_inv=self.st.max_invitations)

    @property
    def invitation(self):
        """The invitation awaiting an answer: (invitee, offer, join k or 0), else None."""
        if self.st.phase != PH_ANSWER_INVITE:
            return None
        return (self.st.invitee, self.st.invite_offer, self.st.invite_join)

    @property
    def invitations_issued(self):
        return self.st.invitations

    @property
    def accepted(self):
        return self.st.accepted, self.st.accepted_offers

    @property
    def contract_offer(self):
        """The contract offer awaiting an answer: (template, creator, counterparty, k), else None."""
        if self.st.phase != PH_ANSWER_CONTRACT:
            return None
        return (_TEMPLATES[self.st.offer_template], self.st.offer_creator, self.st.offer_counterparty, self.st.offer_amount)

    @property
    def contracts(self):
        out = []
        for i in range(2):
            if self.st.contract_template[i]:
                out.append({"slot": "AB"[i], "template": _TEMPLATES[self.st.contract_template[i]], "creator": self.st.contract_creator[i],
                            "counterparty": self.st.contract_counterparty[i], "k": self.st.contract_amount[i],
                            "status": _STATUS[self.st.contract_status[i]]})
        return out

    @property
    def resolving(self):
        """The contract slot (0/1) being resolved in Phase 5, else None."""
        return self.st.contract_slot if self.st.phase == PH_RESOLVE else None

    @property
    def window(self):
        """The open reaction window: kind, whose left it starts at, and the card it answers."""
        if self.st.window == 0:
            return None
        return {"kind": self.st.window, "from": _seat(self.st.window_from), "media_phase": self.st.media_phase,
                "answers": self.st.blocked_card or None, "card_player": _seat(self.st.card_player),
                "target": _seat(self.st.media_target), "slot": _seat(self.st.dealbreak_slot)}

    @property
    def vote_no(self):
        return self.st.vote_round

    @property
    def silence(self):
        return bool(self.st.silence)

    def voted(self, int p):
        return bool(self.st.voted & (1 << p))

    def vote(self, int p):
        """Seat p's committed vote (hidden information until shown): a seat, or None (abstained)."""
        return _seat(self.st.vote[p])

    # --- players ------------------------------------------------------------------------------
    def coins(self, int p):
        return {"INF": self.st.inf[p], "LEG": self.st.leg[p], "UND": self.st.und[p],
                "HON": self.st.hon[p], "BET": self.st.bet[p]}

    def stats(self, int p):
        return {"gov_ok": self.st.gov_ok[p], "gov_failed": self.st.gov_failed[p],
                "joined": self.st.joined[p], "caught": self.st.caught[p]}

    def set_counters(self, int p, **values):
        """Set seat p's coins, tokens and award counters (``INF LEG UND HON BET`` and ``gov_ok
        gov_failed joined caught``, each 0..255): for scenario tests and puzzles that start from
        given totals, e.g. just before the final scoring.  Unknown names or values out of range are
        refused (ValueError) and nothing changes."""
        cdef dict fields = {"INF": 0, "LEG": 1, "UND": 2, "HON": 3, "BET": 4, "gov_ok": 5,
                            "gov_failed": 6, "joined": 7, "caught": 8}
        if not 0 <= p < self.st.n:
            raise ValueError("a seat of this game")
        for k, v in values.items():
            if k not in fields:
                raise ValueError(f"unknown counter {k!r}")
            if not (isinstance(v, int) and 0 <= v <= 255):
                raise ValueError(f"{k} must be an integer 0..255")
        for k, v in values.items():
            i = fields[k]
            if i == 0: self.st.inf[p] = v
            elif i == 1: self.st.leg[p] = v
            elif i == 2: self.st.und[p] = v
            elif i == 3: self.st.hon[p] = v
            elif i == 4: self.st.bet[p] = v
            elif i == 5: self.st.gov_ok[p] = v
            elif i == 6: self.st.gov_failed[p] = v
            elif i == 7: self.st.joined[p] = v
            else: self.st.caught[p] = v

    def flags(self, int p):
        f = self.st.flags[p]
        return {"right": bool(f & F_RIGHT), "tried": bool(f & F_TRIED), "barred": bool(f & F_BARRED),
                "acted": bool(f & F_ACTED), "invited": bool(f & F_INVITED), "inspected": bool(f & F_INSPECTED),
                "revealed": bool(f & F_REVEALED)}

    def is_dark(self, int p):
        """Seat p's role (hidden information!)."""
        return bool(self.st.flags[p] & F_DARK)

    def is_revealed(self, int p):
        return bool(self.st.flags[p] & F_REVEALED)

    def dark_seats(self):
        """The dark pair (hidden information!)."""
        return [p for p in range(self.st.n) if self.st.flags[p] & F_DARK]

    def score(self, int p):
        return self.st.score[p]

    # --- cards (hidden information!) ----------------------------------------------------------
    def hand(self, int p):
        """Seat p's policy hand as counts per type (H0 H1 H2 C1 C2 C3)."""
        return [self.st.hand[p][t] for t in range(NTYPES)]

    def hand_size(self, int p):
        return hand_size(&self.st, p)

    def backroom(self, int p):
        """Seat p's backroom hand as counts per type (media coup dealbreak block)."""
        return [self.st.backroom_hand[p][t] for t in range(NBR)]

    def backroom_count(self, int p):
        return backroom_count(&self.st, p)

    @property
    def pile(self):
        return [self.st.pile[t] for t in range(NTYPES)]

    @property
    def discard(self):
        return [self.st.discard[t] for t in range(NTYPES)]

    @property
    def discard_public(self):
        return [self.st.discard_public[t] for t in range(NTYPES)]

    def discard_known(self, int p):
        return [self.st.discard_known[p][t] for t in range(NTYPES)]

    @property
    def table_down(self):
        return [self.st.table_down[t] for t in range(NTYPES)]

    @property
    def leader_discard(self):
        return _seat(self.st.leader_discard)

    @property
    def revealed_cards(self):
        """Table cards turned up this round: (type, inspected, flipped) in order."""
        return [(self.st.revealed[i] & R_TYPE, bool(self.st.revealed[i] & R_INSPECTED), bool(self.st.revealed[i] & R_FLIPPED))
                for i in range(self.st.n_revealed)]

    def proposal(self, int i):
        """The two types member i (0 leader, 1, 2 partners) placed this round, if known here."""
        if self.st.proposed[i][0] == NONE:
            return None
        return [self.st.proposed[i][0], self.st.proposed[i][1]]

    def known_table(self, int seat):
        """Counts of the hidden table cards (face-down + leader's discard) that `seat` knows of."""
        cdef uint8_t known[6]
        known_hidden_table(&self.st, seat, known)
        return [known[t] for t in range(NTYPES)]

    def set_dark_pair(self, int a, int b, int seat=-1):
        """Make seats a and b the dark pair (for a search imposing a belief hypothesis on a
        determinization).  Refused (ValueError, nothing changed) if the pair contradicts a revealed
        role or, with ``seat``, what that seat knows (its own role; a DARK seat knows the pair)."""
        if not (0 <= a < self.st.n and 0 <= b < self.st.n) or a == b:
            raise ValueError("two different seats of this game")
        if seat >= 0:
            self._check_seat(seat)
            if not pol_impose_pair(&self.st, seat, pair_rank(a, b)):
                raise ValueError(f"seats {a} and {b} cannot be the dark pair for seat {seat}")
            return
        else:
            for p in range(self.st.n):
                if (self.st.flags[p] & F_REVEALED) and (((self.st.flags[p] & F_DARK) != 0) != (p == a or p == b)):
                    raise ValueError(f"seat {p}'s role is revealed")
        set_roles(&self.st, a, b)

    def belief_step(self, int seat, table, Rng rng):
        """One step of the search's belief chain for ``seat`` (-1: the public chain), in place: the
        hidden cards dealt afresh uniformly, the dark pair drawn by ``table`` (BELIEF_TABLE_SIZE
        weights, or None: uniform).  For tests and tools; the search calls the C function."""
        cdef double tab[BELIEF_TABLE_SIZE]
        cdef int i
        if not (-1 <= seat < self.st.n):
            raise ValueError(f"seat {seat} is not in this game")
        if table is None:
            pol_belief_step(&self.st, seat, NULL, &rng.state)
            return
        if len(table) != BELIEF_TABLE_SIZE:
            raise ValueError(f"a Politics belief table has {BELIEF_TABLE_SIZE} weights, not {len(table)}")
        for i in range(BELIEF_TABLE_SIZE):
            tab[i] = float(table[i])
            if not tab[i] >= 0.0:
                raise ValueError("belief weights must be >= 0")
        pol_belief_step(&self.st, seat, tab, &rng.state)

    def hyp_likelihood(self, int a, double have=1.0, double eps=0.0):
        """The rollout policy's probability of decision ``a`` by the seat deciding now under each
        role hypothesis: a list indexed by seat, ``[q]`` = q HONEST, ``[r]`` = q DARK with partner r
        (see ``pol_hyp_likelihood``; the belief model's per-event likelihood, in C)."""
        cdef double out[MAXP]
        if is_chance_phase(self.st.phase) or self.st.phase == PH_OVER:
            raise ValueError("not a decision")
        pol_hyp_likelihood(&self.st, a, have, eps, out)
        return [out[p] for p in range(self.st.n)]

    def policy_probs(self):
        """The policy's probability of each legal action here: ``{action: p}`` (the ``heuristic``
        bot, the rollouts and the opponent model all play it; see ``pol_policy_probs``)."""
        cdef int buf[MAX_LEGAL]
        cdef double pr[MAX_LEGAL]
        cdef int n, i
        if is_chance_phase(self.st.phase) or self.st.phase == PH_OVER:
            raise ValueError("not a decision")
        n = pol_legal(&self.st, buf)
        pol_policy_probs(&self.st, buf, n, pr)
        return {buf[i]: pr[i] for i in range(n)}

    def set_focal(self, values):
        """Set the rollout players' shared belief (per seat, P(dark) in [0, 1]; all 0: none)."""
        if len(values) != self.st.n:
            raise ValueError(f"one value per seat ({self.st.n})")
        for p in range(self.st.n):
            x = float(values[p])
            if not 0.0 <= x <= 1.0:
                raise ValueError("focal values are probabilities")
            self.st.focal[p] = <uint8_t>(255.0 * x + 0.5)

    @property
    def focal(self):
        return [self.st.focal[p] / 255.0 for p in range(self.st.n)]

    def policy_action(self, Rng rng):
        """The search's rollout policy's decision here (a legal action; for tests and tools)."""
        if is_chance_phase(self.st.phase) or self.st.phase == PH_OVER:
            raise ValueError("not a decision")
        return pol_policy_action(&self.st, &rng.state)

    @property
    def backroom_pile(self):
        return [self.st.backroom_pile[t] for t in range(NBR)]

    @property
    def backroom_gone(self):
        return [self.st.backroom_played[t] for t in range(NBR)]


def struct_layout():
    """Byte offsets of the main fields of the state struct (as in ``encode()`` after the tag byte),
    with the total size: for documentation, debugging and corruption tests."""
    cdef PolState s
    cdef char* base = <char*>&s
    return {"n": <char*>&s.n - base, "phase": <char*>&s.phase - base, "flags": <char*>&s.flags[0] - base,
            "inf": <char*>&s.inf[0] - base, "score": <char*>&s.score[0] - base,
            "hand": <char*>&s.hand[0][0] - base, "br": <char*>&s.backroom_hand[0][0] - base,
            "pile": <char*>&s.pile[0] - base, "disc": <char*>&s.discard[0] - base,
            "disc_known": <char*>&s.discard_known[0][0] - base, "tdown": <char*>&s.table_down[0] - base,
            "rev": <char*>&s.revealed[0] - base, "prop": <char*>&s.proposed[0][0] - base,
            "br_pile": <char*>&s.backroom_pile[0] - base, "size": sizeof(PolState)}


# --- the enums Python sees ------------------------------------------------------------------------
# One source of truth: the C enums of politics_core.pxd.  They are ``cpdef``, so Python sees each as an
# IntEnum of the C names (``_Phase.PH_VOTE``); the public enums drop the prefix (``Phase.VOTE``).
def _public_enum(name, c_enum, prefix, doc):
    """An IntEnum ``name`` with the members of the kernel's C enum ``c_enum``, ``prefix`` dropped."""
    out = IntEnum(name, [(m.name[len(prefix):], m.value) for m in c_enum], module=__name__)
    out.__doc__ = doc
    return out


Phase = _public_enum("Phase", _Phase, "PH_",
                     "What is due: a decision point, a chance event or the end (``PoliticsCore.phase``).")
Action = _public_enum("Action", _Action, "A_",
                      "Decision ids; where an id adds a type, seat or index the member is its base.")
Chance = _public_enum("Chance", _Chance, "C_",
                      "Chance outcome ids; where an id adds a type, seat or index the member is its base.")
Backroom = _public_enum("Backroom", _Backroom, "BR_", "Backroom card types.")
