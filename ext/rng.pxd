# cython: language_level=3
"""Header-only random numbers for the kernels: splitmix64 with Lemire's bounded integers.

One 64-bit word of state, so a generator is cheap to copy and to seed; every randomised kernel takes
a pointer to one, which is what makes every search and playout reproducible from a seed.
"""
from libc.stdint cimport uint64_t, uint32_t


cdef inline uint64_t rng_next(uint64_t* s) noexcept nogil:
    s[0] += 0x9E3779B97F4A7C15ULL
    cdef uint64_t z = s[0]
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL
    return z ^ (z >> 31)


cdef inline uint32_t rng_below(uint64_t* s, uint32_t n) noexcept nogil:
    """A uniform integer in [0, n) (n >= 1); the bias is below n / 2**32."""
    return <uint32_t>(((rng_next(s) >> 32) * <uint64_t>n) >> 32)


cdef inline double rng_unit(uint64_t* s) noexcept nogil:
    """A uniform double in [0, 1)."""
    return (rng_next(s) >> 11) * (1.0 / 9007199254740992.0)
