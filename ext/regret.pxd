# cython: language_level=3
"""Header-only regret matching, shared by the tabular solvers and the online CFR search."""


cdef inline void regret_match(const double* regret, double* out, int n) noexcept nogil:
    """The strategy proportional to the positive regrets (uniform when none is positive)."""
    cdef double total = 0.0
    cdef int j
    for j in range(n):
        if regret[j] > 0.0:
            total += regret[j]
    for j in range(n):
        out[j] = (regret[j] / total if regret[j] > 0.0 else 0.0) if total > 0.0 else 1.0 / n
