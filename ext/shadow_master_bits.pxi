# Word-wide helpers: scans of the per-cell byte arrays eight cells at a time, and sums and compares of
# per-seat or per-type bytes in one word.  Included first by shadow_master_core.pyx.


# --- byte scans over the per-cell arrays (SMState.colour, .loc: NCELLS bytes each) -------------------
# Eight cells at a time: a word's bytes equal to a value are found with the usual zero-byte test
# (exact per byte), so a scan for the few cells of a hand, of the draw pile or of one colour costs
# nine word tests instead of seventy byte compares.  The scanned array must be followed by at least
# two more bytes of the struct (every per-cell array of SMState is): the last word reads cells 64-71
# and drops 70 and 71.
cdef extern from *:
    """
    #include <stdint.h>
    #if defined(__BYTE_ORDER__) && defined(__ORDER_BIG_ENDIAN__) && __BYTE_ORDER__ == __ORDER_BIG_ENDIAN__
    #define SM_LITTLE_ENDIAN 0
    #define SM_FIRST6_BYTES 0xFFFFFFFFFFFF0000ULL
    #else
    #define SM_LITTLE_ENDIAN 1
    #define SM_FIRST6_BYTES 0x0000FFFFFFFFFFFFULL
    #endif
    #if defined(_MSC_VER) && !defined(__clang__)
    #include <intrin.h>
    static __inline int sm_ctz64(uint64_t x) { unsigned long i; _BitScanForward64(&i, x); return (int)i; }
    #elif defined(__GNUC__) || defined(__clang__)
    #define sm_ctz64(x) __builtin_ctzll(x)
    #else
    static int sm_ctz64(uint64_t x) { int n = 0; while (!(x & 1)) { x >>= 1; n++; } return n; }
    #endif
    """
    int SM_LITTLE_ENDIAN
    uint64_t SM_FIRST6_BYTES    # the bytes of a word loaded from memory that came from its first six bytes
    int sm_ctz64(uint64_t x) noexcept nogil     # index of the lowest set bit of x != 0

cdef enum:
    CELL_WORDS = 9       # words of 8 cells covering the NCELLS = 70 cells (the last holds 6)

cdef inline uint64_t byte_matches(const uint8_t* cells, int word, uint8_t value) noexcept nogil:
    """0x80 in byte i of the result iff cells[8 * word + i] == value (i < 8; past NCELLS: never)."""
    cdef uint64_t w = 0, x
    cdef int i
    if SM_LITTLE_ENDIAN:
        memcpy(&w, cells + 8 * word, 8)
    else:
        for i in range(8):
            w |= (<uint64_t>cells[8 * word + i]) << (8 * i)
    x = w ^ (0x0101010101010101ULL * value)
    x = ~(((x & 0x7F7F7F7F7F7F7F7FULL) + 0x7F7F7F7F7F7F7F7FULL) | x | 0x7F7F7F7F7F7F7F7FULL)
    if word == CELL_WORDS - 1:
        x &= (1ULL << (8 * (NCELLS - 8 * (CELL_WORDS - 1)))) - 1
    return x

cdef inline uint64_t compact(uint64_t m) noexcept nogil:
    """A byte_matches result as 8 bits: bit i set iff byte i matched."""
    return ((m >> 7) * 0x0102040810204080ULL) >> 56

cdef inline uint64_t cell_mask(const uint8_t* cells, uint8_t value, uint64_t* high) noexcept nogil:
    """Bit h of the result for the cells h < 64 with cells[h] == value; bit h - 64 of high[0] for the
    cells 64 <= h < NCELLS."""
    cdef uint64_t low = 0
    cdef int word
    for word in range(CELL_WORDS - 1):
        low |= compact(byte_matches(cells, word, value)) << (8 * word)
    high[0] = compact(byte_matches(cells, CELL_WORDS - 1, value))
    return low

cdef inline int cells_where(const uint8_t* cells, uint8_t value, int* out) noexcept nogil:
    """The cells h with cells[h] == value, ascending, into out; returns their number."""
    cdef uint64_t high, low = cell_mask(cells, value, &high)
    cdef int n = 0
    while low:
        out[n] = sm_ctz64(low)
        n += 1
        low &= low - 1
    while high:
        out[n] = 64 + sm_ctz64(high)
        n += 1
        high &= high - 1
    return n

cdef inline int matches_in(uint64_t m) noexcept nogil:
    """The number of matching bytes of a byte_matches result."""
    return <int>((((m >> 7) * 0x0101010101010101ULL) >> 56) & 0xFF)

cdef inline int count_where(const uint8_t* cells, uint8_t value) noexcept nogil:
    """How many cells h have cells[h] == value."""
    cdef int word, n = 0
    for word in range(CELL_WORDS):
        n += matches_in(byte_matches(cells, word, value))
    return n

cdef inline int nth_where(const uint8_t* cells, uint8_t value, int r) noexcept nogil:
    """The r-th (0-based, ascending) cell h with cells[h] == value; -1 if there are not that many."""
    cdef int word, k
    cdef uint64_t m, bits
    for word in range(CELL_WORDS):
        m = byte_matches(cells, word, value)
        k = matches_in(m)
        if r >= k:
            r -= k
            continue
        bits = compact(m)
        while r > 0:
            bits &= bits - 1
            r -= 1
        return 8 * word + sm_ctz64(bits)
    return -1


# --- six bytes in one word (per-seat arrays of MAXP, per-type counts of NTYPES) -----------------------
cdef inline uint64_t six_bytes(const uint8_t* first) noexcept nogil:
    """The six bytes first[0..5] in one word, the word's other two bytes zero.  Reads eight bytes: the
    array must be followed by two more bytes of the struct (every six-byte array of SMState is)."""
    cdef uint64_t w
    memcpy(&w, first, 8)
    return w & SM_FIRST6_BYTES

cdef inline int byte_sum(uint64_t w) noexcept nogil:
    """The sum of a word's bytes (each sum of its low bytes below 256: no byte carries)."""
    return <int>((w * 0x0101010101010101ULL) >> 56)
