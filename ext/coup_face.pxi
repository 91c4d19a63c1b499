# The Python face of the Coup kernel (included by coup_core.pyx): the class CoupCore, the rules it
# is built from, and the enums Python sees.


# --- Python face ----------------------------------------------------------------------------------
cdef class CoupCore(KernelState):
    """One Coup state. Thin: the rules live in the C functions above.

    ``CoupCore(n, steal_amount=2, ...)`` is a new game before the deal; most code should go through
    :mod:`intrigue.engine` instead, which checks options and speaks the notation.
    """

    def __cinit__(self):
        self.vt = &COUP_VT
        self.ptr = &self.st

    def __init__(self, int n=4, int steal_amount=2, int forced_coup_at=10, exchange_mode=EXCHANGE_PUBLISHED,
                 bint refund=True, int start_coins_2p=1, int max_turns=300, **variant):
        cdef CoupRules r
        cdef const char* why
        if not 2 <= n <= MAX_PLAYERS:
            raise ValueError(f"Coup is for 2 to 6 players, not {n}")
        make_rules(&r, steal_amount, forced_coup_at, exchange_mode, refund, start_coins_2p, max_turns, variant)
        why = coup_check_rules(n, &r)
        if why != NULL:
            raise ValueError((<bytes>why).decode())
        coup_init(&self.st, n, &r)

    # read-only views of the struct, for the engine layer (display, notation, tests)
    @property
    def phase(self):
        return self.st.phase

    @property
    def actor(self):
        return self.st.actor

    @property
    def asked(self):
        return self.st.asked if self.st.asked != NO_SEAT else None

    @property
    def kind(self):
        return self.st.kind if self.st.kind != K_NONE else None

    @property
    def target(self):
        return self.st.target if self.st.target != NO_SEAT else None

    @property
    def blocker(self):
        return self.st.blocker if self.st.blocker != NO_SEAT else None

    @property
    def block_role(self):
        return self.st.block_role if self.st.block_role != NO_SEAT else None

    @property
    def challenger(self):
        return self.st.challenger if self.st.challenger != NO_SEAT else None

    @property
    def turn(self):
        return self.st.turn

    @property
    def treasury(self):
        return self.st.treasury

    @property
    def coins(self):
        return [self.st.coins[p] for p in range(self.st.n)]

    @property
    def deck(self):
        """Court deck contents, count per role (hidden information!)."""
        return [self.st.deck[r] for r in range(NROLES)]

    @property
    def drawn(self):
        return [self.st.drawn[i] for i in range(2) if self.st.drawn[i] != CARD_EMPTY]

    @property
    def places(self):
        """Placing per seat: 0 while in the game, then 1 (winner) ... n."""
        return [self.st.place[p] for p in range(self.st.n)]

    @property
    def rules(self):
        """The rules the state carries (the starting coins are used up by the time play starts)."""
        return dict(steal_amount=self.st.steal_amount, forced_coup_at=self.st.forced_coup_at,
                    exchange_mode=self.st.exchange_mode, refund=bool(self.st.refund),
                    start_coins_2p=self.st.start_coins_2p, max_turns=self.st.max_turns,
                    influence=self.st.influence, income=self.st.income, tax=self.st.tax,
                    coup_cost=self.st.coup_cost, assassinate_cost=self.st.assassinate_cost,
                    actions=self.st.actions, assassin_limit=self.st.assassin_limit,
                    copies=tuple(copies_of(&self.st, r) for r in range(NROLES)))

    @property
    def copies(self):
        """The ruleset's Court deck: copies per role (3 each in the published game)."""
        return [copies_of(&self.st, r) for r in range(NROLES)]

    def in_play(self, int kind):
        """Whether the ruleset has action ``kind`` (a K_* constant)."""
        return 0 <= kind < K_NONE and bool(in_play(&self.st, kind))

    def role_has_use(self, int role):
        """Whether ``role`` claims or blocks any action in play (False: a blank card)."""
        if not 0 <= role < NROLES:
            raise ValueError(f"no role {role}")
        return bool(role_has_use(&self.st, role))

    def assassinations(self, int p):
        """Assassinations seat p has declared (counted only in a ruleset with a limit)."""
        return (self.st.assassinations >> (COUNT_BITS * p)) & COUNT_MASK if 0 <= p < self.st.n else 0

    def hand(self, int p):
        """Seat p's cards as ``(role or None, face_up, shown)`` triples (hidden information!); a slot the
        ruleset never deals (one influence) is left out."""
        out = []
        for slot in range(2 * p, 2 * p + 2):
            c = self.st.cards[slot]
            if c == CARD_ABSENT:
                continue
            role = None if (c & CARD_ROLE) == CARD_EMPTY else c & CARD_ROLE
            out.append((role, bool(c & CARD_UP), bool(c & CARD_SHOWN)))
        return out

    def face_down(self, int p):
        """The roles seat p holds face down and is not showing, in slot order (hidden information!):
        its influence as the seat itself knows it, and what a re-deal of p may change."""
        out = []
        for slot in range(2 * p, 2 * p + 2):
            c = self.st.cards[slot]
            if (c & CARD_ROLE) != CARD_EMPTY and not (c & (CARD_UP | CARD_SHOWN)):
                out.append(c & CARD_ROLE)
        return out

    def influence(self, int p):
        return influence(&self.st, p)

    def alive(self, int p):
        """True while seat p has influence (the winner stays alive at the end)."""
        return 0 <= p < self.st.n and influence(&self.st, p) > 0

    # test and benchmark helpers ---------------------------------------------------------------
    def set_coins(self, int p, int amount):
        """Move coins between seat p and the treasury (for hand-made test scenarios)."""
        cdef int delta = amount - self.st.coins[p]
        if amount < 0 or delta > self.st.treasury:
            raise ValueError("the treasury cannot cover that")
        self.st.coins[p] = amount
        self.st.treasury -= delta


cdef make_rules(CoupRules* r, int steal_amount, int forced_coup_at, int exchange_mode, int refund,
                int start_coins_2p, int max_turns, variant):
    """Fill ``r`` from CoupCore's arguments; ``variant`` holds the other CoupRules fields by name."""
    coup_default_rules(r)
    r.steal_amount = steal_amount
    r.forced_coup_at = forced_coup_at
    r.exchange_mode = exchange_mode
    r.refund = refund
    r.start_coins_2p = start_coins_2p
    r.max_turns = max_turns
    for key, value in variant.items():
        if key == "copies":
            value = list(value)
            if len(value) != NROLES:
                raise ValueError(f"copies: one count per role ({NROLES}), not {len(value)}")
            for k in range(NROLES):
                r.copies[k] = int(value[k])
        elif key == "influence":
            r.influence = int(value)
        elif key == "start_coins":
            r.start_coins = int(value)
        elif key == "income":
            r.income = int(value)
        elif key == "tax":
            r.tax = int(value)
        elif key == "coup_cost":
            r.coup_cost = int(value)
        elif key == "assassinate_cost":
            r.assassinate_cost = int(value)
        elif key == "actions":
            r.actions = int(value)
        elif key == "assassin_limit":
            r.assassin_limit = int(value)
        else:
            raise TypeError(f"CoupCore has no rule {key!r}")


# --- the enums Python sees ------------------------------------------------------------------------
# One source of truth: the C enums of coup_core.pxd.  They are ``cpdef``, so Python sees a named one
# as an IntEnum of the C names (``_Phase.PH_BLOCK``) and the members of an anonymous one as module
# constants (``A_TAX``); the public enums drop the prefix (``Phase.BLOCK``, ``Action.TAX``).
def _public_enum(name, c_enum, prefix, doc):
    """An IntEnum ``name`` with the members of the kernel's C enum ``c_enum``, ``prefix`` dropped."""
    out = IntEnum(name, [(m.name[len(prefix):], m.value) for m in c_enum], module=__name__)
    out.__doc__ = doc
    return out


def _constants_enum(name, members, doc):
    """An IntEnum ``name`` of ``members``, ``(name, C constant)`` pairs (of an anonymous ``cpdef enum``,
    whose module attributes Cython sets only after this code has run)."""
    out = IntEnum(name, list(members), module=__name__)
    out.__doc__ = doc
    return out


Role = _constants_enum("Role", (("DUKE", DUKE), ("ASSASSIN", ASSASSIN), ("CAPTAIN", CAPTAIN),
                                ("AMBASSADOR", AMBASSADOR), ("CONTESSA", CONTESSA)),
                       "The five roles, in the Court deck's order (a card's low 3 bits).")
Phase = _public_enum("Phase", _Phase, "PH_",
                     "What is due: a decision point, a chance event or the end (``CoupCore.phase``).")
Kind = _constants_enum("Kind", (("INCOME", K_INCOME), ("FOREIGN_AID", K_FOREIGN_AID), ("TAX", K_TAX),
                                ("EXCHANGE", K_EXCHANGE), ("COUP", K_COUP), ("ASSASSINATE", K_ASSASSINATE),
                                ("STEAL", K_STEAL), ("NONE", K_NONE)),
                       "The declared action's kind (``CoupCore.kind``; NONE: no action yet).")
Action = _constants_enum("Action", (("INCOME", A_INCOME), ("FOREIGN_AID", A_FOREIGN_AID), ("TAX", A_TAX),
                                    ("EXCHANGE", A_EXCHANGE), ("COUP", A_COUP), ("ASSASSINATE", A_ASSASSINATE),
                                    ("STEAL", A_STEAL), ("PASS", A_PASS), ("CHALLENGE", A_CHALLENGE),
                                    ("BLOCK", A_BLOCK), ("REVEAL", A_REVEAL), ("KEEP1", A_KEEP1),
                                    ("KEEP2", A_KEEP2)),
                         "Decision ids; where an id adds a seat, role or pair index the member is its base.")
Chance = _public_enum("Chance", _Chance, "C_",
                      "Chance outcome ids (after the decisions); each member is a base plus a role or pair index.")
Exchange = _public_enum("Exchange", _Exchange, "EXCHANGE_", "What an Exchange lets the actor keep (a rule).")
