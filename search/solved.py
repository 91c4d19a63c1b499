"""The ``solved`` bot: plays a policy that ``intrigue solve --save FILE`` wrote (``solved:FILE``).

At each decision it looks up its seat's information set -- its seat and its view of the history --
in the file and draws a move from the probabilities there.  The file must be for the game being
played: the same game, ruleset, player count and options (it is refused otherwise, saying which
differs).  Files are read once per process (and again when they change on disk).
"""
from __future__ import annotations

import os
import threading
from typing import Any, Dict, Optional, Tuple

from intrigue.engine.errors import IntrigueError
from intrigue.engine.game import InfoState
from intrigue.search.bot import Analysis, Bot, BotSpecError, InfoCallback, Limits, StopEvent
from intrigue.search.policy import PolicyFileError, PolicyTable

_TABLES: Dict[str, Tuple[float, PolicyTable]] = {}
_LOCK = threading.Lock()
_UNIT = 1 << 53


def load_table(path: str) -> PolicyTable:
    """The policy file at ``path``, read once per process (and again when it changes on disk)."""
    full = os.path.abspath(path)
    try:
        stamp = os.path.getmtime(full)
    except OSError as err:
        raise PolicyFileError(f"cannot read the policy file {path}: {err.strerror or err}", field="policy") from None
    with _LOCK:
        cached = _TABLES.get(full)
        if cached is not None and cached[0] == stamp:
            return cached[1]
    table = PolicyTable.load(full)
    with _LOCK:
        _TABLES[full] = (stamp, table)
    return table


class SolvedBot(Bot):
    """Plays a solved policy from a file (``solved:FILE``)."""

    name = "solved"
    summary = "plays a policy solved by 'intrigue solve --save FILE' (spec solved:FILE)"
    options = {"file": (str, "", "the policy file written by 'intrigue solve --save'")}
    positional_option = "file"

    def __init__(self, seed: Optional[int] = None, **options: Any) -> None:
        super().__init__(seed, **options)
        path = self.config["file"]
        if not path:
            raise BotSpecError("solved: name the policy file, e.g. solved:kuhn.policy", field="bot")
        try:
            self.table = load_table(path)
        except PolicyFileError as err:
            raise BotSpecError(f"solved: {err.message}", field="bot") from None
        self._checked: Optional[Any] = None            # the game last checked against the file

    def action_probs(self, info: InfoState) -> Dict[int, float]:
        if self._checked != info.game:
            try:
                self.table.check_game(info.game, f"the policy file {self.config['file']}")
            except PolicyFileError as err:
                raise BotSpecError(f"solved: {err.message}", field="bot") from None
            self._checked = info.game
        probs = self.table.probs(info)
        if probs is None:
            raise IntrigueError(f"solved: the policy file {self.config['file']} has no entry for seat {info.seat}'s "
                                "position (it was not solved for this game's whole tree)", field="bot")
        return probs

    def choose(self, info: InfoState, *, limits: Optional[Limits] = None,
               on_info: Optional[InfoCallback] = None, stop: Optional[StopEvent] = None) -> Analysis:
        legal = info.legal_actions()
        if not legal:
            raise BotSpecError(f"seat {info.seat} has no decision to make now", field="seat")
        probs = self.action_probs(info)
        u = (self.rng.next() >> 11) / _UNIT
        pick = max(probs, key=probs.__getitem__)
        for a in sorted(probs):
            if probs[a] > 0.0:
                pick = a
                if u < probs[a]:
                    break
                u -= probs[a]
        return Analysis(info.seat, pick, info.action_to_string(pick), policy=dict(probs))
