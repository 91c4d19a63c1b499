# cython: language_level=3
"""Generic Python methods for every kernel state, written once against the :c:type:`GameVT` table."""
from libc.stdint cimport uint64_t
from libc.stdlib cimport malloc, free
from libc.string cimport memcpy, memcmp

from intrigue.ext.rng cimport rng_next, rng_below


cdef class Rng:
    """A seeded splitmix64 generator.

    >>> r = Rng(7); r.below(6) in range(6)
    True
    """

    def __init__(self, seed=0):
        self.state = <uint64_t>(int(seed) & 0xFFFFFFFFFFFFFFFF)

    def next(self):
        """The next 64-bit output."""
        return rng_next(&self.state)

    def below(self, int n):
        """A uniform integer in ``[0, n)``."""
        if n <= 0:
            raise ValueError("Rng.below needs n >= 1")
        return rng_below(&self.state, n)

    def spawn(self):
        """An independent generator seeded from this one (for workers, sub-searches)."""
        return Rng(rng_next(&self.state))

    def getstate(self):
        return self.state

    def setstate(self, value):
        self.state = <uint64_t>(int(value) & 0xFFFFFFFFFFFFFFFF)

    def __repr__(self):
        return f"Rng(state={self.state:#x})"


def derive_seed(*parts):
    """A 63-bit seed from integers (splitmix64 over them), for games and bots: the arena seeds game
    ``g``'s deal with ``derive_seed(seed, g, 0)``, so any backend replays the same games."""
    cdef uint64_t x = 0x1A2E7A
    for p in parts:
        x = Rng((x ^ (int(p) & 0xFFFFFFFFFFFFFFFF)) & 0xFFFFFFFFFFFFFFFF).next()
    return x >> 1


cdef class KernelState:
    """Base class of the kernels' Python-facing state objects (see ``game_api.pxd``)."""

    cdef KernelState _new_empty(self):
        return type(self).__new__(type(self))

    # --- identity ---------------------------------------------------------------------------
    @property
    def game_name(self):
        return self.vt.name.decode()

    @property
    def num_players(self):
        return self.vt.num_players(self.ptr)

    @property
    def num_actions(self):
        return self.vt.num_actions

    @classmethod
    def state_size(cls):
        cdef KernelState k = cls.__new__(cls)
        return k.vt.state_size

    # --- flow -------------------------------------------------------------------------------
    def current_player(self):
        """A seat, ``-1`` when a chance event is due, ``-2`` at the end."""
        return self.vt.current_player(self.ptr)

    def is_terminal(self):
        return self.vt.current_player(self.ptr) == TERMINAL

    def is_chance_node(self):
        return self.vt.current_player(self.ptr) == CHANCE

    cdef int _legal(self, int** out) except -1:
        """Legal actions into a new buffer of ``vt_max_legal`` ints (the caller frees ``*out``)."""
        cdef int* buf = <int*>malloc(vt_max_legal(self.vt) * sizeof(int))
        if buf == NULL:
            raise MemoryError()
        out[0] = buf
        return self.vt.legal_actions(self.ptr, buf)

    def legal_actions(self):
        """Legal actions (chance outcomes at a chance node), in increasing order."""
        cdef int* buf = NULL
        cdef int n = self._legal(&buf)
        try:
            return [buf[i] for i in range(n)]
        finally:
            free(buf)

    def is_legal(self, int action):
        cdef int* buf = NULL
        cdef int n = self._legal(&buf)
        cdef int i
        try:
            for i in range(n):
                if buf[i] == action:
                    return True
            return False
        finally:
            free(buf)

    def chance_outcomes(self):
        """``[(outcome, probability), ...]`` at a chance node; ``[]`` elsewhere."""
        if self.vt.current_player(self.ptr) != CHANCE:
            return []
        cdef int* buf = NULL
        cdef int n = self._legal(&buf)
        try:
            return [(buf[i], self.vt.chance_probability(self.ptr, buf[i])) for i in range(n)]
        finally:
            free(buf)

    def chance_is_public(self):
        """Whether every seat sees the outcome of the chance event due now (False if none is due,
        or the game does not say)."""
        if self.vt.current_player(self.ptr) != CHANCE or self.vt.chance_public == NULL:
            return False
        return bool(self.vt.chance_public(self.ptr))

    @property
    def max_legal(self):
        """The most legal actions (or chance outcomes) this game lists at one node."""
        return vt_max_legal(self.vt)

    def apply(self, int action):
        """Apply a legal action or chance outcome; an illegal one raises ValueError, changing nothing."""
        if self.vt.current_player(self.ptr) == TERMINAL:
            raise ValueError("the game is over")
        if not self.is_legal(action):
            raise ValueError(f"action {action} is not legal here")
        self.vt.apply_action(self.ptr, action)

    def sample_chance(self, Rng rng):
        """Sample the due chance event by its odds, apply it and return the outcome."""
        if self.vt.current_player(self.ptr) != CHANCE:
            raise ValueError("no chance event is due")
        return self.vt.sample_chance(self.ptr, &rng.state)

    def returns(self):
        """Per-seat rewards (zeros before the end)."""
        cdef double out[MAX_SEATS]
        self.vt.returns(self.ptr, out)
        return [out[i] for i in range(self.vt.num_players(self.ptr))]

    def playout(self, Rng rng):
        """Play uniformly random legal actions (chance by its odds) to the end, in place."""
        self.vt.playout(self.ptr, &rng.state)

    # --- hidden information -------------------------------------------------------------------
    def determinize(self, int seat, Rng rng):
        """Re-deal, in place, everything ``seat`` cannot see, uniformly over consistent deals."""
        self._check_seat(seat)
        self.vt.determinize(self.ptr, seat, &rng.state)

    def canonicalize(self, int seat):
        """Put everything ``seat`` cannot see into one fixed arrangement, in place.

        The result depends only on what ``seat`` can see, so it is that seat's information state
        (as far as the present is concerned).
        """
        self._check_seat(seat)
        self.vt.canonicalize(self.ptr, seat)

    def make_consistent(self, int seat, int action):
        """Re-deal hidden cards so that ``action`` can be observed by ``seat``; False if impossible."""
        self._check_seat(seat)
        return bool(self.vt.make_consistent(self.ptr, seat, action))

    def _check_seat(self, int seat):
        if not 0 <= seat < self.vt.num_players(self.ptr):
            raise ValueError(f"seat {seat} is not in this game (0..{self.vt.num_players(self.ptr) - 1})")

    # --- copies and bytes ---------------------------------------------------------------------
    def clone(self):
        cdef KernelState c = self._new_empty()
        memcpy(c.ptr, self.ptr, self.vt.state_size)
        return c

    def __copy__(self):
        return self.clone()

    def __deepcopy__(self, memo):
        return self.clone()

    def encode(self):
        """The state as bytes: one game tag byte, then the struct."""
        return bytes([self.vt.magic]) + (<char*>self.ptr)[:self.vt.state_size]

    @classmethod
    def decode(cls, data):
        """Rebuild a state from :meth:`encode` output; anything else raises ValueError saying why."""
        cdef KernelState k = cls.__new__(cls)
        if not isinstance(data, (bytes, bytearray, memoryview)):
            raise ValueError(f"a {k.vt.name.decode()} state must be bytes, not {type(data).__name__}")
        cdef bytes b = bytes(data)
        if len(b) != k.vt.state_size + 1:
            raise ValueError(f"a {k.vt.name.decode()} state is {k.vt.state_size + 1} bytes, got {len(b)}")
        if b[0] != k.vt.magic:
            raise ValueError(f"not a {k.vt.name.decode()} state (tag byte {b[0]:#04x}, expected {k.vt.magic:#04x})")
        memcpy(k.ptr, <const char*>b + 1, k.vt.state_size)
        cdef const char* err = k.vt.validate(k.ptr)
        if err != NULL:
            raise ValueError(f"corrupt {k.vt.name.decode()} state: {err.decode()}")
        return k

    @classmethod
    def _decode_unchecked(cls, data):
        """Like :meth:`decode` but without the validity check: only for tests of the checks."""
        cdef KernelState k = cls.__new__(cls)
        cdef bytes b = bytes(data)
        if len(b) != k.vt.state_size + 1:
            raise ValueError("wrong length")
        memcpy(k.ptr, <const char*>b + 1, k.vt.state_size)
        return k

    def __reduce__(self):
        return (type(self).decode, (self.encode(),))

    def __eq__(self, other):
        if not isinstance(other, KernelState):
            return NotImplemented
        cdef KernelState o = other
        return o.vt == self.vt and memcmp(o.ptr, self.ptr, self.vt.state_size) == 0

    def __hash__(self):
        return hash(self.encode())
