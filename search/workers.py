"""Root parallelization: independent searches in worker processes, merged by root action.

A :class:`WorkerPool` keeps ``n`` processes (started with ``spawn``, so it is safe to create from any
thread, e.g. the protocol's search thread) for the lifetime of a bot.  Each job searches the same
root with its own seed and returns the root statistics; the caller sums visits and rewards per
action.  A shared event stops every worker between two of its chunks (the ``stop`` of the protocol).
"""
from __future__ import annotations

import multiprocessing
import time
from concurrent.futures import Future, ProcessPoolExecutor
from typing import Any, Dict, List, Optional, Sequence

_STOP: Any = None          # the shared stop event, in a worker process


def _init_worker(stop_event: Any) -> None:
    global _STOP
    _STOP = stop_event


def _warm() -> int:
    import intrigue.ext.ismcts  # noqa: F401  (import the kernels once, before the first search)
    return 0


def run_search(job: Dict[str, Any]) -> Dict[str, Any]:
    """Run one search from ``job`` (see :meth:`WorkerPool.submit`); the worker side."""
    from intrigue.ext.ismcts import Search

    search = Search(job["core"], job["seat"], job["seed"], max_nodes=job["max_nodes"],
                    initial_nodes=job["initial_nodes"], table=job["table"], **job["options"])
    iterations: Optional[int] = job["iterations"]
    deadline: Optional[float] = job["deadline"]      # time.time() based: comparable across processes
    stop = _STOP
    chunk = 256
    t0 = time.perf_counter()
    while True:
        n = chunk if iterations is None else min(chunk, iterations - search.iterations)
        if n <= 0:
            break
        search.run(n)
        if stop is not None and stop.is_set():
            break
        now = time.time()
        if deadline is not None and now >= deadline:
            break
        rate = search.iterations / max(time.perf_counter() - t0, 1e-6)
        chunk = max(64, min(200000, int(rate * 0.02)))
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
        self.executor = ProcessPoolExecutor(max_workers=n, mp_context=ctx, initializer=_init_worker,
                                            initargs=(self.event,))
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
