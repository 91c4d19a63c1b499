"""Killing a worker while it plays a game, for the arena's tests of lost workers (local pool, Ray).

The arena's workers log every game they start and finish in a folder (``INTRIGUE_ARENA_TRACE``:
``start_<index>_<pid>_<ns>`` and ``end_...``).  :class:`GameKiller` is an arena progress callback that
SIGKILLs the process of a game that has started and not ended.  A game may still end between the
look and the signal (its result already sent); the killer then sees that game finish without a second
start and kills another, up to ``tries`` times, so the test does not depend on that race."""
import os
import signal
from pathlib import Path
from typing import List, Optional


def _entries(trace: Path, kind: str):
    for f in trace.iterdir():
        k, index, pid, ns = f.name.split("_")
        if k == kind:
            yield int(index), int(pid), int(ns)


class GameKiller:
    def __init__(self, trace: Path, tries: int = 3):
        self.trace, self.tries = Path(trace), tries
        self.killed: List[int] = []

    def starts(self, index: int) -> int:
        return sum(1 for i, _, _ in _entries(self.trace, "start") if i == index)

    def rerun(self) -> Optional[int]:
        """The first killed game that was started again, or None."""
        return next((i for i in self.killed if self.starts(i) >= 2), None)

    def __call__(self, match, outcome) -> None:
        if self.rerun() is not None or len(self.killed) >= self.tries:
            return
        finished = {o.index for o in match.outcomes}
        if self.killed and self.killed[-1] not in finished:
            return                                   # the last kill's game has not come back yet
        ended = {(i, pid) for i, pid, _ in _entries(self.trace, "end")}
        running = [(ns, i, pid) for i, pid, ns in _entries(self.trace, "start")
                   if i not in finished and (i, pid) not in ended and pid != os.getpid()]
        if running:
            _, index, pid = max(running)             # the newest start still running
            try:
                os.kill(pid, signal.SIGKILL)
            except ProcessLookupError:
                return
            self.killed.append(index)
