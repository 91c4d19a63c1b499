"""Where every table's bots and hints think: a bounded number of searches at once, taken in turns.

A search polls its ``stop`` event between chunks of iterations (about 20 ms of work each).  The pool
hands each bot move a :class:`Gate` as that ``stop``: besides saying whether the move was cancelled
(the table closed), a gate is where the move's thread waits while other moves have the CPU.  At most
``slots`` moves search at once (sized to the machine's cores); when a move has searched for a
``quantum`` and another waits, it steps aside at its next poll and queues behind the others, round
robin.  So a slow bot at one table delays another table's bot by at most a quantum a round, not by
its whole turn; a bot with a time budget still answers on time (it searched less), and a bot with an
iteration budget is slowed in proportion to how many share the cores.  A move's wall time is capped
too: past ``max_seconds`` its gate reads as set, and the search answers with what it has.

The threads themselves are not the bound (a waiting move holds a sleeping thread); the open-table cap
bounds them, at one bot move and one hint a table.
"""
from __future__ import annotations

import asyncio
import collections
import threading
import time
from concurrent.futures import ThreadPoolExecutor
from typing import Any, Callable, Deque, List, Optional


class Gate:
    """The ``stop`` a bot move is given (the ``threading.Event`` methods searches use)."""

    def __init__(self, pool: "BotPool", max_seconds: Optional[float]) -> None:
        self._pool = pool
        self._cancelled = threading.Event()
        self.max_seconds = max_seconds
        self.started: Optional[float] = None     # when the move first got a slot (the pool's clock)
        self.since = 0.0                         # when it last got one
        self.waited = 0.0                        # seconds it spent waiting for slots
        self.slices = 0                          # how many times it got a slot

    def set(self) -> None:
        """Cancel the move: its search stops at its next poll (and stops waiting for a slot)."""
        self._cancelled.set()
        self._pool._wake()

    def clear(self) -> None:
        self._cancelled.clear()

    def cancelled(self) -> bool:
        return self._cancelled.is_set()

    def overdue(self) -> bool:
        return (self.max_seconds is not None and self.started is not None
                and self._pool.clock() - self.started >= self.max_seconds)

    def is_set(self) -> bool:
        """Whether the search should stop now; first, if its quantum is up and another move waits,
        wait here for the next turn."""
        self._pool._yield(self)
        return self._cancelled.is_set() or self.overdue()

    def wait(self, timeout: Optional[float] = None) -> bool:
        return self._cancelled.wait(timeout)


class BotPool:
    """``slots`` bot moves search at once, in turns of ``quantum`` seconds (see the module)."""

    def __init__(self, slots: int, *, quantum: float = 0.05, max_seconds: Optional[float] = None,
                 threads: int = 64, clock: Callable[[], float] = time.monotonic) -> None:
        self.slots = max(1, int(slots))
        self.quantum = quantum
        self.max_seconds = max_seconds
        self.clock = clock
        self._cv = threading.Condition()
        self._running: List[Gate] = []           # moves holding a slot
        self._queue: Deque[Gate] = collections.deque()   # moves waiting for one, first come first served
        self._executor = ThreadPoolExecutor(max_workers=max(1, threads), thread_name_prefix="intrigue-bot")

    # --- what a table calls ---------------------------------------------------------------------
    def gate(self) -> Gate:
        return Gate(self, self.max_seconds)

    def submit(self, fn: Callable[[Gate], Any], gate: Optional[Gate] = None) -> "asyncio.Future":
        """Run ``fn(gate)`` in the pool (from the event loop); an asyncio future of its result."""
        gate = gate or self.gate()
        return asyncio.get_running_loop().run_in_executor(self._executor, self._work, gate, fn)

    def busy(self) -> int:
        """Moves searching now."""
        with self._cv:
            return len(self._running)

    def waiting(self) -> int:
        """Moves waiting for a slot now."""
        with self._cv:
            return len(self._queue)

    def close(self) -> None:
        self._executor.shutdown(wait=False, cancel_futures=True)

    # --- inside the threads ---------------------------------------------------------------------
    def _work(self, gate: Gate, fn: Callable[[Gate], Any]) -> Any:
        self._acquire(gate)
        try:
            return fn(gate)
        finally:
            self._release(gate)

    def _acquire(self, gate: Gate) -> None:
        with self._cv:
            asked = self.clock()
            self._queue.append(gate)
            while not gate.cancelled() and not (len(self._running) < self.slots and self._queue[0] is gate):
                self._cv.wait(0.5)
            self._queue.remove(gate)
            now = self.clock()
            gate.waited += now - asked
            if gate.cancelled():                  # it runs without a slot: its first poll stops it
                self._cv.notify_all()
                return
            self._running.append(gate)
            gate.since = now
            gate.slices += 1
            if gate.started is None:
                gate.started = now

    def _release(self, gate: Gate) -> None:
        with self._cv:
            if gate in self._running:
                self._running.remove(gate)
            self._cv.notify_all()

    def _yield(self, gate: Gate) -> None:
        with self._cv:
            if gate not in self._running or not self._queue or self.clock() - gate.since < self.quantum:
                return
            self._running.remove(gate)
            self._cv.notify_all()
        self._acquire(gate)

    def _wake(self) -> None:
        with self._cv:
            self._cv.notify_all()


_DEFAULT: Optional[BotPool] = None
_DEFAULT_LOCK = threading.Lock()


def default_pool() -> BotPool:
    """The pool of tables made without a server's own (a table built directly, as some tests do):
    sized to the machine, with the default per-move cap."""
    global _DEFAULT
    with _DEFAULT_LOCK:
        if _DEFAULT is None:
            from intrigue.web.limits import ServerLimits
            limits = ServerLimits()
            _DEFAULT = BotPool(limits.bot_slots, quantum=limits.bot_quantum,
                               max_seconds=limits.max_bot_time_ms / 1000.0)
        return _DEFAULT
