"""Shared fixtures and helpers for the test suite."""
from __future__ import annotations

import os
import signal
import sys

import pytest

sys.path.insert(0, os.path.dirname(__file__))          # tests import their helpers (coup_reference, ...)


def pytest_configure(config):
    """Ctrl-C as at a terminal.  A shell without job control starts a background command (``pytest &``,
    ``nohup pytest``) with SIGINT ignored; the games the tests run under pexpect would inherit that
    and ignore their Ctrl-C, and ``_thread.interrupt_main`` does nothing while SIGINT is ignored.
    Python's own handler here is reset to the default in every child the tests start."""
    if signal.getsignal(signal.SIGINT) == signal.SIG_IGN:
        signal.signal(signal.SIGINT, signal.default_int_handler)


@pytest.fixture
def rng():
    import random
    return random.Random(12345)
