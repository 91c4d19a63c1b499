"""Root parallelization: independent searches in worker processes, merged by root action.

A :class:`WorkerPool` keeps ``n`` processes (started with ``spawn``, so it is safe to create from any
thread, e.g. the protocol's search thread) for the lifetime of a bot.  Each job searches the same
root with its own seed and returns the root statistics; the caller sums visits and rewards per
action.  A shared event stops every worker between two of its chunks (the ``stop`` of the protocol).
Workers never outlive the process that owns the pool (:func:`_exit_with_parent`).
"""
from __future__ import annotations

import multiprocessing
import os
import sys
import threading
import time
from concurrent.futures import Future, ProcessPoolExecutor
from typing import Any, Dict, List, Optional, Sequence

_STOP: Any = None          # the shared stop event, in a worker process
_PARENT: int = 0           # the pid of the process that owns the pool, in a worker process
PARENT_POLL_S = 0.25       # how often an idle worker checks that its parent is alive
STOP_CHECK_S = 0.005       # a searching worker looks at the stop event about this often (of its CPU time)


def _parent_gone() -> bool:
    return os.getppid() != _PARENT


def _exit_with_parent(parent: int) -> None:
    """End this worker when the process that started it ends, however it ends (quit, SIGTERM,
    SIGKILL): the pool's queues never tell an idle worker, so it would otherwise live on for ever.

    On Linux the kernel sends SIGKILL at once (``PR_SET_PDEATHSIG``) -- but only when the *thread*
    that forked us ends, and the pool forks from a search thread, so that alone would kill live
    workers after one search.  It is therefore set only when that thread is the main thread; a
    watcher thread polling the parent pid covers every case.
    """
    def watch() -> None:
        while True:
            time.sleep(PARENT_POLL_S)
            if _parent_gone():
                os._exit(0)

    threading.Thread(target=watch, name="intrigue-parent-watch", daemon=True).start()


def _init_worker(stop_event: Any, parent: int, pdeathsig: bool) -> None:
    global _STOP, _PARENT
    _STOP = stop_event
    _PARENT = parent
    if os.getppid() != parent:           # the parent died while this worker started
        os._exit(0)
    if pdeathsig and sys.platform.startswith("linux"):
        try:
            import ctypes
            import signal
            libc = ctypes.CDLL(None, use_errno=True)
            libc.prctl(1, int(signal.SIGKILL), 0, 0, 0)      # PR_SET_PDEATHSIG = 1
        except Exception:                # no libc / prctl: the watcher thread still ends us
            pass
    _exit_with_parent(parent)


def _warm() -> int:
    import intrigue.ext.ismcts  # noqa: F401  (import the kernels once, before the first search)
    return 0


def run_search(job: Dict[str, Any]) -> Dict[str, Any]:
    """Run one search from ``job`` (see :meth:`WorkerPool.submit`); the worker side.  ``job``: ``core``,
    ``seat``, ``seed``, ``options`` (a :class:`~intrigue.ext.ismcts.SearchOptions`), ``table`` (the
    belief table or None), ``iterations`` and ``deadline`` (None: no limit) and ``first_chunk``."""
    from intrigue.ext.ismcts import Search

    search = Search(job["core"], job["seat"], job["seed"], job["options"], table=job["table"])
    iterations: Optional[int] = job["iterations"]
    deadline: Optional[float] = job["deadline"]      # time.time() based: comparable across processes
    stop = _STOP
    chunk = 256 if deadline is None else job["first_chunk"]   # a small first step when timed
    t0 = time.perf_counter()
    while True:
        n = chunk if iterations is None else min(chunk, iterations - search.iterations)
        if n <= 0:
            break
        search.run(n)
        if stop is not None and stop.is_set():
            break
        if _PARENT and _parent_gone():      # the engine is gone: nobody wants this result
            os._exit(0)
        now = time.time()
        if deadline is not None and now >= deadline:
            break
        rate = search.iterations / max(time.perf_counter() - t0, 1e-6)
        chunk = max(64, min(200000, int(rate * STOP_CHECK_S)))
        if deadline is not None:
            chunk = max(16, min(chunk, int(rate * (deadline - now)) + 1))
    return {"stats": search.root_stats(), "iterations": search.iterations, "nodes": search.node_count,
            "depth": search.depth}


class WorkerPool:
    """``n`` search processes; :meth:`submit` one job per process, :meth:`stop` them all."""

    def __init__(self, n: int) -> None:
        ctx = multiprocessing.get_context("spawn")
        self.n = n
        self.event = ctx.Event()
        main = threading.current_thread() is threading.main_thread()
        self.executor = ProcessPoolExecutor(max_workers=n, mp_context=ctx, initializer=_init_worker,
                                            initargs=(self.event, os.getpid(), main))
        for _ in range(n):                       # start the processes now, not on the first move
            self.executor.submit(_warm)

    def submit(self, jobs: Sequence[Dict[str, Any]]) -> List[Future]:
        self.event.clear()
        return [self.executor.submit(run_search, job) for job in jobs]

    def stop(self) -> None:
        self.event.set()

    def close(self) -> None:
        self.event.set()
        self.executor.shutdown(wait=True, cancel_futures=True)
