"""The limits a web server open to other people needs, with their defaults (``intrigue web`` flags
set them; docs/web.md lists both).

Every limit is here so that no client of the server -- a page, a script holding one seat's link, or
anyone who can reach the address -- can slow or stall the other tables: bots think within a per-move
budget, request bodies and uploads are capped, tables and replays are counted and expire, and each
socket's messages are rate-limited.  :func:`check_bot_budget` refuses a bot spec over the caps.
"""
from __future__ import annotations

import dataclasses
import math
import os
from typing import Any, Optional

from intrigue.search.bot import Bot


def machine_cores() -> int:
    """The cores this process may run on (its CPU affinity where the system tells it)."""
    try:
        return max(1, len(os.sched_getaffinity(0)))
    except (AttributeError, OSError):
        return max(1, os.cpu_count() or 1)


@dataclasses.dataclass
class ServerLimits:
    """What one server allows.  Times in seconds unless the name says ``_ms``; sizes in bytes."""

    # --- bots (per table, per move) ---------------------------------------------------------------
    max_bot_time_ms: float = 10_000.0   # the longest a bot may think a move: a time budget's time x stretch
    max_bot_iterations: int = 1_000_000  # search iterations a move
    max_bot_workers: int = 1            # processes one bot searches with (1: none beside the server)
    max_bot_memory: int = 256           # MB of search tree a bot may grow (its memory / max_nodes options)
    bot_slots: int = dataclasses.field(default_factory=machine_cores)   # bots searching at once
    bot_quantum: float = 0.05           # how long one bot searches before another waiting one takes its turn
    # --- requests and uploads --------------------------------------------------------------------
    max_body: int = 65_536              # bytes of a POST body other than an upload
    max_upload: int = 4_000_000         # bytes of an uploaded record
    max_replays: int = 32               # replays kept (the least recently used goes first)
    # --- tables ----------------------------------------------------------------------------------
    max_tables: int = 200               # open tables in all
    max_tables_per_client: int = 20     # open tables one address has started
    table_idle: float = 1800.0          # a table nobody has had open this long closes (saved first if people played)
    replay_idle: float = 1800.0         # a replay nobody has stepped through this long is dropped
    # --- sockets ---------------------------------------------------------------------------------
    max_message: int = 16_384           # bytes of one socket message from a page
    messages_per_s: float = 20.0        # a socket's sustained messages a second ...
    messages_burst: int = 60            # ... and how many it may send at once
    resyncs_per_s: float = 1.0          # full redraws (join, stale move) a socket gets a second ...
    resyncs_burst: int = 5              # ... and at once

    def __post_init__(self) -> None:
        for f in dataclasses.fields(self):
            value = getattr(self, f.name)
            if not (isinstance(value, (int, float)) and not isinstance(value, bool) and math.isfinite(value)
                    and value > 0):
                raise ValueError(f"the web limit {f.name} must be a positive number, not {value!r}")


class BudgetError(Exception):
    """A bot spec over one of the server's per-move caps: ``cap`` names it (``time``, ``iterations``,
    ``workers``, ``memory``), ``limit`` is the server's value, ``flag`` the ``intrigue web`` flag."""

    def __init__(self, message: str, cap: str, limit: Any, flag: str) -> None:
        super().__init__(message)
        self.message, self.cap, self.limit, self.flag = message, cap, limit, flag


def _option(bot: Bot, name: str) -> Optional[Any]:
    value = getattr(bot, "config", {}).get(name)
    return value if isinstance(value, (int, float)) and not isinstance(value, bool) else None


def check_bot_budget(bot: Bot, limits: ServerLimits) -> None:
    """Refuse ``bot`` when a move of it may think longer, search more iterations, use more worker
    processes or grow a larger tree than ``limits`` allow.  Bots without those options (a rule of
    thumb, random) pass; the server still stops any move at ``max_bot_time_ms`` (:class:`BotPool`)."""
    spec = bot.spec
    time_ms = _option(bot, "time") or 0.0
    longest = time_ms * max(1.0, _option(bot, "stretch") or 1.0)
    if longest > limits.max_bot_time_ms:
        raise BudgetError(f"bot {spec!r} may think up to {longest:g} ms a move (time x stretch); this server allows "
                          f"at most {limits.max_bot_time_ms:g} ms (--max-bot-time)", "time",
                          limits.max_bot_time_ms, "--max-bot-time")
    iterations = _option(bot, "iterations") or 0
    if iterations > limits.max_bot_iterations:
        raise BudgetError(f"bot {spec!r} searches {iterations} iterations a move; this server allows at most "
                          f"{limits.max_bot_iterations} (--max-bot-iterations)", "iterations",
                          limits.max_bot_iterations, "--max-bot-iterations")
    workers = _option(bot, "workers") or 1
    if workers > limits.max_bot_workers:
        raise BudgetError(f"bot {spec!r} searches with {workers} processes; this server allows at most "
                          f"{limits.max_bot_workers} (--max-bot-workers)", "workers",
                          limits.max_bot_workers, "--max-bot-workers")
    memory = _option(bot, "memory") or 0
    nodes = _option(bot, "max_nodes") or 0
    # a node of the tree takes at least 32 bytes (the search kernel's node_size)
    if memory > limits.max_bot_memory or nodes * 32 > limits.max_bot_memory * (1 << 20):
        raise BudgetError(f"bot {spec!r} may grow a search tree larger than this server allows: at most "
                          f"{limits.max_bot_memory} MB (--max-bot-memory)", "memory",
                          limits.max_bot_memory, "--max-bot-memory")


class Bucket:
    """A token bucket: ``take()`` is true at most ``burst`` times at once and ``rate`` times a second
    after that (one socket's messages, or its full redraws)."""

    def __init__(self, rate: float, burst: int, clock) -> None:
        self.rate, self.burst, self.clock = float(rate), float(burst), clock
        self.tokens = float(burst)
        self.at = clock()

    def _fill(self) -> None:
        now = self.clock()
        self.tokens = min(self.burst, self.tokens + (now - self.at) * self.rate)
        self.at = now

    def take(self) -> bool:
        self._fill()
        if self.tokens >= 1.0:
            self.tokens -= 1.0
            return True
        return False

    def wait(self) -> float:
        """Seconds until ``take()`` can be true again."""
        self._fill()
        return 0.0 if self.tokens >= 1.0 else (1.0 - self.tokens) / self.rate
