# Ranks of multisets of policy types and of dark pairs: the action ids of LOOK / REVEAL outcomes,
# WITHDRAW discards and role deals.  Included by politics_core.pyx.

# --- multisets of policy types (LOOK / REVEAL outcomes, WITHDRAW discards) ---------------------------
# A multiset of m types is ranked by the combinatorial number system: sorted a_0 <= ... <= a_{m-1},
# b_i = a_i + i (strictly increasing), rank = sum C(b_i, i + 1).  Ranks run 0 .. C(m + 5, 5) - 1.
cdef int BINOM[16][8]
cdef int MULTISET_TOTAL[7]
cdef uint8_t MULTISET_COUNTS[7][462][6]       # unrank tables: MULTISET_COUNTS[m][rank] = counts per type


cdef int multiset_rank(const uint8_t* counts) noexcept nogil:
    cdef int t, k, i = 0, r = 0
    for t in range(NTYPES):
        for k in range(counts[t]):
            r += BINOM[t + i][i + 1]
            i += 1
    return r


cdef inline int multiset_size(const uint8_t* c) noexcept nogil:
    return c[0] + c[1] + c[2] + c[3] + c[4] + c[5]


cdef void _init_tables() noexcept:
    cdef int a, b, m, t, r
    cdef uint8_t c[6]
    for a in range(16):
        for b in range(8):
            if b == 0:
                BINOM[a][b] = 1
            elif a == 0:
                BINOM[a][b] = 0
            else:
                BINOM[a][b] = BINOM[a - 1][b - 1] + BINOM[a - 1][b]
    for m in range(7):
        MULTISET_TOTAL[m] = BINOM[m + 5][5]
    # enumerate every count vector with total <= 6
    for r in range(7 ** 6):
        a = r
        m = 0
        for t in range(NTYPES):
            c[t] = a % 7
            a //= 7
            m += c[t]
        if m > 6:
            continue
        b = multiset_rank(c)
        for t in range(NTYPES):
            MULTISET_COUNTS[m][b][t] = c[t]


_init_tables()


def multiset_index(counts):
    """Rank (0-based) of a multiset of policy types given as 6 counts, among multisets of its size."""
    cdef uint8_t c[6]
    if len(counts) != NTYPES or any(not 0 <= x <= 6 for x in counts) or sum(counts) > 6:
        raise ValueError("a multiset is 6 counts with a total of at most 6")
    for t in range(NTYPES):
        c[t] = counts[t]
    return multiset_rank(c)


def multiset_counts(int size, int index):
    """The 6 counts of the multiset of ``size`` cards with rank ``index``."""
    if not 0 <= size <= 6 or not 0 <= index < MULTISET_TOTAL[size]:
        raise ValueError("no such multiset")
    return [MULTISET_COUNTS[size][index][t] for t in range(NTYPES)]


def multiset_total(int size):
    return MULTISET_TOTAL[size]


cdef inline int pair_rank(int a, int b) noexcept nogil:
    """Index of the dark pair {a, b}, a < b."""
    if a > b:
        a, b = b, a
    return a + b * (b - 1) // 2


cdef inline void pair_unrank(int i, int* a, int* b) noexcept nogil:
    cdef int y = 1
    while (y + 1) * y // 2 <= i:
        y += 1
    b[0] = y
    a[0] = i - y * (y - 1) // 2


def pair_index(int a, int b):
    return pair_rank(a, b)


def pair_seats(int i):
    cdef int a, b
    pair_unrank(i, &a, &b)
    return a, b

