"""``intrigue`` run in a pseudo-terminal (pexpect), as a person at a terminal runs it."""
from __future__ import annotations

import io
import os
import re
import sys

import pexpect

#: A seat's prompt in every language (``seat 2> ``, ``ที่นั่ง 2> ``) or a named seat's (``#2> ``).
PROMPT = re.compile(r"((seat|ที่นั่ง) |#)(\d+)> ")
#: The line that ends a game, in English, Thai and Hebrew.
OVER = re.compile(r"(Game over\.|จบเกม|המשחק נגמר\.)")


def spawn(*args: str, term: str = "dumb", columns: int = 100, rows: int = 40, timeout: float = 60,
          keep_no_color: bool = True) -> pexpect.spawn:
    """Start ``intrigue ARGS...`` in a UTF-8 pseudo-terminal of ``rows`` x ``columns``.  Everything it
    writes is kept in ``child.logfile_read`` (a ``StringIO``)."""
    env = dict(os.environ, PYTHONIOENCODING="utf-8", LANG="C.UTF-8", LC_ALL="C.UTF-8", TERM=term)
    if not keep_no_color:
        env.pop("NO_COLOR", None)
    child = pexpect.spawn(sys.executable, ["-m", "intrigue.cli.main", *args], env=env, timeout=timeout,
                          encoding="utf-8", dimensions=(rows, columns))
    child.delaybeforesend = None
    child.logfile_read = io.StringIO()
    return child


def play_to_end(child: pexpect.spawn, answers=("1",), limit: int = 3000, prompt=PROMPT, over=OVER) -> int:
    """Answer the prompts with ``answers`` in turn until the game ends, leave without saving, and return
    the number of answers given."""
    for n in range(limit):
        if child.expect([prompt, over]) == 1:
            child.sendline("")         # the offer to save the game: leave without saving
            return n
        child.sendline(answers[n % len(answers)])
    raise AssertionError("the game did not end")
