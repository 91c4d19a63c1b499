"""The arena's Ray backend: every game one Ray task, on a local Ray or on a cluster.

Ray (``pip install 'intrigue[ray]'``) is optional; this module imports it only when an arena asks for
``backend="ray"``.  Each task runs :func:`intrigue.search.arena.play_task` -- the same function the
local pool runs -- on a task description that fixes the game's deal and bot seeds, so a seeded run
gives the same games on any backend and any number of workers.  Results come back to the driver as
they finish (the driver saves the records and keeps the tallies).

Faults: a task whose worker process (or node) dies is run again by Ray, up to ``max_retries``
times; a game is only counted when its task returns, and results are keyed by game index, so a
retried game is counted once.  A game that still fails stops the run with an error naming it.
"""
from __future__ import annotations

from typing import Any, Dict, Iterator, Optional

from intrigue.search.arena import ArenaError, GameOutcome, play_task


def _import_ray() -> Any:
    try:
        import ray
    except ImportError:
        raise ArenaError("the ray backend needs Ray: pip install 'intrigue[ray]' (or pip install ray)",
                         field="backend") from None
    return ray


def _check_reachable(address: str, timeout: float = 5.0) -> None:
    """Refuse an address whose head does not answer (Ray itself would retry for minutes).
    ``auto`` and addresses without a port are left to Ray."""
    import socket
    where = address.split("://", 1)[-1]
    host, sep, port = where.rpartition(":")
    if address == "auto" or not sep or not port.isdigit():
        return
    try:
        socket.create_connection((host.strip("[]") or "127.0.0.1", int(port)), timeout=timeout).close()
    except OSError as err:
        raise ArenaError(f"cannot reach the Ray head at {address!r}: {err.strerror or err} (is `ray start "
                         f"--head` running there, and is the port right?)", field="address") from None


class RayBackend:
    """Games as Ray tasks.  Joins the Ray already initialised in this process, else connects to
    ``address`` (a cluster's head, e.g. ``ray://head:10001`` or ``head:6379``), else starts a local
    Ray with ``workers`` CPUs; a Ray it started or connected to is shut down by :meth:`close`."""

    name = "ray"

    def __init__(self, address: Optional[str] = None, workers: int = 1, max_retries: int = 3,
                 task_cpus: int = 1) -> None:
        ray = _import_ray()
        self.ray = ray
        self.owned = False
        if not ray.is_initialized():
            kwargs: Dict[str, Any] = {"include_dashboard": False, "log_to_driver": False,
                                      "logging_level": "ERROR", "configure_logging": True}
            if address:
                _check_reachable(address)
            try:
                if address:
                    ray.init(address=address, **kwargs)
                else:
                    # "local": always a new Ray of our own, never a cluster found on the machine
                    ray.init(address="local", num_cpus=workers, **kwargs)
            except Exception as err:                        # connection refused, bad address, ...
                where = f"the Ray cluster at {address!r}" if address else "a local Ray"
                raise ArenaError(f"cannot start or reach {where}: {type(err).__name__}: {err}",
                                 field="address") from None
            self.owned = True
        cpus = int(ray.cluster_resources().get("CPU", 1))
        if task_cpus > cpus:
            self.close()
            raise ArenaError(f"a game needs {task_cpus} CPUs (a bot's workers=) but the Ray cluster has {cpus}",
                             field="workers")
        self.capacity = max(1, cpus // task_cpus)
        self.remote = ray.remote(num_cpus=task_cpus, max_retries=max_retries)(play_task)
        self.max_retries = max_retries

    def imap(self, tasks: Iterator[Dict[str, Any]], window: int = 0) -> Iterator[GameOutcome]:
        """Submit tasks (at most ``window`` in flight: twice the cluster's game slots by default) and
        yield each game's outcome as it finishes."""
        ray = self.ray
        window = window or 2 * self.capacity
        pending: Dict[Any, int] = {}
        source = iter(tasks)
        # Games still in flight when the caller stops (Ctrl-C, an SPRT that has decided) are abandoned,
        # not cancelled: ray.cancel() on a task whose submission is racing its completion aborts the
        # driver process in Ray 2.60 ("Check failed: Tried to complete task that was not pending", seen
        # in CI).  A Ray this backend started or connected to is shut down by close(), which ends the
        # run's job and its tasks with it; on a Ray the caller initialised, at most ``window`` games
        # finish in the background and their results are dropped.
        while True:
            while len(pending) < window:
                task = next(source, None)
                if task is None:
                    break
                pending[self.remote.remote(task)] = task["index"]
            if not pending:
                break
            done, _ = ray.wait(list(pending), num_returns=1)
            for ref in done:
                index = pending.pop(ref)
                yield self._result(ref, index)

    def _result(self, ref: Any, index: int) -> GameOutcome:
        from intrigue.engine.errors import IntrigueError
        ray = self.ray
        try:
            return ray.get(ref)
        except ray.exceptions.RayTaskError as err:
            cause = getattr(err, "cause", None)
            if isinstance(cause, IntrigueError):
                raise cause from None
            raise ArenaError(f"game {index} failed on its Ray worker: {type(cause or err).__name__}: "
                             f"{cause or err}") from None
        except (ray.exceptions.WorkerCrashedError, ray.exceptions.NodeDiedError,
                ray.exceptions.TaskCancelledError) as err:
            raise ArenaError(f"game {index} was lost: its worker died {self.max_retries + 1} times "
                             f"({type(err).__name__})") from None

    def close(self) -> None:
        if self.owned and self.ray.is_initialized():
            self.ray.shutdown()
        self.owned = False
